/*
 * tlb.c — TLB lookup and fill (see tlb.h).
 */
#include "core/tlb.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int tlb_init(struct tlb *t, uint32_t entries, int direct)
{
	memset(t, 0, sizeof(*t));
	t->entries = entries;
	t->direct = direct;
	if (!entries)
		return 0;
	t->vpn = calloc(entries, sizeof(*t->vpn));
	t->lru = calloc(entries, sizeof(*t->lru));
	if (!t->vpn || !t->lru) {
		tlb_fini(t);
		return -ENOMEM;
	}
	return 0;
}

void tlb_fini(struct tlb *t)
{
	free(t->vpn);
	free(t->lru);
	t->vpn = t->lru = NULL;
}

int tlb_lookup(struct tlb *t, uint64_t vpn)
{
	uint64_t key = vpn + 1;
	t->accesses++;
	if (key == t->last_vpn) {
		t->lru[t->last_idx] = ++t->stamp;
		return 1;
	}
	if (t->direct) {
		if (t->vpn[vpn & (t->entries - 1)] == key)
			return 1;
		t->misses++;
		return 0;
	}
	for (uint32_t i = 0; i < t->entries; i++) {
		if (t->vpn[i] == key) {
			t->lru[i] = ++t->stamp;
			t->last_vpn = key;
			t->last_idx = i;
			return 1;
		}
	}
	t->misses++;
	return 0;
}

int tlb_holds(const struct tlb *t, uint64_t vpn)
{
	uint64_t key = vpn + 1;
	if (t->direct)
		return t->vpn[vpn & (t->entries - 1)] == key;
	for (uint32_t i = 0; i < t->entries; i++)
		if (t->vpn[i] == key)
			return 1;
	return 0;
}

void tlb_fill(struct tlb *t, uint64_t vpn)
{
	if (t->direct) {
		t->vpn[vpn & (t->entries - 1)] = vpn + 1;
		return;
	}
	uint32_t victim = 0;
	for (uint32_t i = 0; i < t->entries; i++) {
		if (!t->vpn[i]) {
			victim = i;
			break;
		}
		if (t->lru[i] < t->lru[victim])
			victim = i;
	}
	t->vpn[victim] = vpn + 1;
	t->lru[victim] = ++t->stamp;
	t->last_vpn = vpn + 1;
	t->last_idx = victim;
}
