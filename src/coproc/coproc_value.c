/*
 * coproc_value.c — the value profiler's host side (coproc_value.h). What the paper's handler
 * does in software on the main processor, robin does here and charges as cycles: the
 * interrupt (interrupt_cycles) plus sample_cycles per slot record copied (§3.5: 10-30 cycles
 * per sample). The register and array conventions are those of coproc/value_profile.s:
 * b0 values (4 bytes), b1 hits, b2 misses (1 byte), b3 totals (2 bytes), v2 replacements,
 * c2 the thrash threshold.
 */
#include "coproc/coproc_value.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "coproc/coproc_map.h"

#define VALUE_MASK_TIMES 4       /* §5.1.4: profiled 4 times, then masked */
#define VALUE_HIGH_INV 0.9       /* confident: invariance above this ... */
#define VALUE_LOW_INV 0.2        /* ... or below this (the re-selection threshold) */
#define VALUE_CONFIDENT_N 16     /* hits + misses needed to trust a high invariance */
#define VALUE_VARIANT_TOTAL 32   /* samples needed to call a load variant */
#define VALUE_MAX_PART_BITS 8    /* at most 256 regions */

struct value_rec {
	uint32_t value;
	uint64_t hits, misses;
};

struct value_load {
	uint32_t pc32;
	uint32_t times;              /* records copied since the last re-sampling */
	uint64_t total;              /* samples seen (sum of the records' totals) */
	struct value_rec *v;
	uint32_t nv, capv;
	uint8_t masked;
};

struct value_host {
	struct value_load *loads;
	size_t n, cap;
	struct coproc_map map;       /* pc32 -> loads[] */
	uint64_t processed_at_arm;
	struct coproc_value_info info;
	int oom;
};

static int value_init(struct coproc *cp, void **state)
{
	(void)cp;
	*state = calloc(1, sizeof(struct value_host));
	return *state ? 0 : -ENOMEM;
}

static void value_destroy(void *state)
{
	struct value_host *h = state;
	if (!h)
		return;
	for (size_t i = 0; i < h->n; i++)
		free(h->loads[i].v);
	free(h->loads);
	coproc_map_free(&h->map);
	free(h);
}

static struct value_load *value_load_get(struct value_host *h, uint32_t pc32)
{
	int64_t k = coproc_map_get(&h->map, pc32, 0);
	if (k >= 0)
		return &h->loads[k];
	if (h->n == h->cap) {
		size_t cap = h->cap ? 2 * h->cap : 256;
		struct value_load *l = realloc(h->loads, cap * sizeof(*l));
		if (!l)
			return NULL;
		h->loads = l;
		h->cap = cap;
	}
	if (coproc_map_put(&h->map, pc32, 0, (uint32_t)h->n))
		return NULL;
	struct value_load *l = &h->loads[h->n++];
	memset(l, 0, sizeof(*l));
	l->pc32 = pc32;
	return l;
}

static int value_add(struct value_load *l, uint32_t value, uint64_t hits, uint64_t misses)
{
	for (uint32_t i = 0; i < l->nv; i++)
		if (l->v[i].value == value) {
			l->v[i].hits += hits;
			l->v[i].misses += misses;
			return 0;
		}
	if (l->nv == l->capv) {
		uint32_t cap = l->capv ? 2 * l->capv : 4;
		struct value_rec *v = realloc(l->v, cap * sizeof(*v));
		if (!v)
			return -ENOMEM;
		l->v = v;
		l->capv = cap;
	}
	l->v[l->nv++] = (struct value_rec){ value, hits, misses };
	return 0;
}

/* Copy every slot that saw samples; with `mask`, decide which loads are characterised.
 * Returns the records copied. */
static uint64_t value_copy(struct coproc *cp, struct value_host *h, int mask)
{
	const struct coproc_engine *e = &cp->eng;
	uint64_t n = 0;
	for (uint32_t k = 0; k < e->cam_entries; k++) {
		uint64_t total = coproc_data_get(e, e->b[3], k, 2);
		if (!total)
			continue;
		uint32_t value = (uint32_t)coproc_data_get(e, e->b[0], k, 4);
		uint64_t hits = coproc_data_get(e, e->b[1], k, 1);
		uint64_t misses = coproc_data_get(e, e->b[2], k, 1);
		struct value_load *l = value_load_get(h, e->cam_key[k]);
		if (!l || (hits && value_add(l, value, hits, misses))) {
			h->oom = 1;
			continue;
		}
		n++;
		l->total += total;
		l->times++;
		if (!mask || l->masked)
			continue;
		double inv = hits + misses ? (double)hits / (double)(hits + misses) : 0.0;
		if (l->times >= VALUE_MASK_TIMES ||
		    (hits + misses >= VALUE_CONFIDENT_N && inv >= VALUE_HIGH_INV) ||
		    (total >= VALUE_VARIANT_TOTAL && inv < VALUE_LOW_INV)) {
			/* the slot keeps only the low 32 bits of the PC: mask that PC */
			coproc_filter_mask_pc(&cp->filt, e->cam_key[k]);
			l->masked = 1;
			h->info.masked++;
		}
	}
	h->info.records += n;
	return n;
}

static unsigned value_popcount(uint32_t x)
{
	return (unsigned)__builtin_popcount(x);
}

static uint64_t value_interrupt(struct coproc *cp, void *state)
{
	struct value_host *h = state;
	struct coproc_engine *e = &cp->eng;
	uint64_t cost = cp->cfg.interrupt_cycles;
	uint64_t processed = cp->st.processed - h->processed_at_arm;
	struct coproc_filter *f = &cp->filt;
	if (e->v[2] >= e->c[2]) {
		/* A.5: thrashing; the samples have little information: split the current region
		 * 2 ways, or 4 when the thrash was detected fast */
		h->info.thrash_interrupts++;
		unsigned bits = processed < 2 * e->c[2] ? 2 : 1;
		unsigned have = value_popcount(f->pf1_mask);
		if (have + bits > VALUE_MAX_PART_BITS)
			bits = have < VALUE_MAX_PART_BITS ? VALUE_MAX_PART_BITS - have : 0;
		for (unsigned k = 0; k < bits; k++) {
			uint32_t next = (f->pf1_mask << 1) | 1;
			f->pf1_match &= f->pf1_mask;
			f->pf1_mask = next;
		}
		if (value_popcount(f->pf1_mask) > h->info.max_partition_bits)
			h->info.max_partition_bits = value_popcount(f->pf1_mask);
	} else {
		h->info.copy_interrupts++;
		uint64_t n = value_copy(cp, h, 1);
		cost += n * cp->cfg.sample_cycles;
		cp->st.records_copied += n;
		/* §5.1.3: the regions are profiled in turn; after the last, fewer regions */
		if (f->pf1_mask) {
			f->pf1_match = (f->pf1_match + 1) & f->pf1_mask;
			if (!f->pf1_match)
				f->pf1_mask >>= 1;
		}
	}
	coproc_rearm(cp);
	h->processed_at_arm = cp->st.processed;
	return cost;
}

/* §5.1.4: time-based re-sampling: unmask everything (64 stores clear the 4-Kbit table). */
static uint64_t value_timer(struct coproc *cp, void *state)
{
	struct value_host *h = state;
	coproc_filter_clear(&cp->filt);
	for (size_t i = 0; i < h->n; i++) {
		h->loads[i].masked = 0;
		h->loads[i].times = 0;
	}
	h->info.masked = 0;
	return cp->cfg.interrupt_cycles + COPROC_PF2_BITS / 64;
}

static uint64_t value_finish(struct coproc *cp, void *state)
{
	uint64_t n = value_copy(cp, state, 0);
	cp->st.records_copied += n;
	return cp->cfg.interrupt_cycles + n * cp->cfg.sample_cycles;
}

const struct coproc_host coproc_host_value = {
	.name = "value", .init = value_init, .on_interrupt = value_interrupt,
	.on_timer = value_timer, .finish = value_finish, .destroy = value_destroy,
};

/* ---- A.6: estimation ------------------------------------------------------------------------ */

int coproc_value_estimates(const struct coproc *cp, struct coproc_value_est **out, size_t *n)
{
	*out = NULL;
	*n = 0;
	if (cp->host != &coproc_host_value)
		return -EINVAL;
	const struct value_host *h = cp->host_state;
	size_t total_vals = 0;
	for (size_t i = 0; i < h->n; i++)
		total_vals += h->loads[i].nv;
	struct coproc_value_est *est = calloc(total_vals ? total_vals : 1, sizeof(*est));
	if (!est)
		return -ENOMEM;
	size_t m = 0;
	for (size_t i = 0; i < h->n; i++) {
		const struct value_load *l = &h->loads[i];
		if (!l->nv || !l->total)
			continue;
		double hsum = 0, accounted = 0;
		for (uint32_t a = 0; a < l->nv; a++) {
			hsum += (double)l->v[a].hits;
			accounted += (double)(l->v[a].hits + l->v[a].misses);
		}
		double T = (double)l->total;
		double U = T > accounted ? T - accounted : 0;
		double share = U / l->nv;
		if (share > 0.2 * U)
			share = 0.2 * U;
		for (uint32_t a = 0; a < l->nv; a++) {
			double hv = (double)l->v[a].hits;
			double e = hv + share;
			/* (2) the misses of every other value u, split over the values other than u
			 * in proportion to their hits */
			for (uint32_t u = 0; u < l->nv; u++) {
				if (u == a || !l->v[u].misses)
					continue;
				double others = hsum - (double)l->v[u].hits;
				if (others > 0)
					e += (double)l->v[u].misses * hv / others;
			}
			double inv = e / T;
			est[m++] = (struct coproc_value_est){
				.pc32 = l->pc32, .value = l->v[a].value, .inv = inv > 1 ? 1 : inv,
				.samples = l->total,
			};
		}
	}
	*out = est;
	*n = m;
	return 0;
}

int coproc_value_info(const struct coproc *cp, struct coproc_value_info *out)
{
	if (cp->host != &coproc_host_value)
		return -EINVAL;
	const struct value_host *h = cp->host_state;
	*out = h->info;
	out->loads = h->n;
	return 0;
}
