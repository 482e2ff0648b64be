/*
 * psv.c — signature names (psv.h) and what the PSV profilers share (pmu_model.h): blaming
 * time with a PSV, and holding time blamed on an instruction until its PSV is final.
 */
#include "pmu/psv.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "pmu/pmu_model.h"

static const char *const psv_names[PSV_BITS] = {
	"DR-L1", "DR-TLB", "DR-SQ", "FL-MB", "FL-EX", "FL-MO", "ST-L1", "ST-TLB", "ST-LLC",
	"ST-VU",
};

const char *psv_event_name(int bit)
{
	return bit >= 0 && bit < PSV_BITS ? psv_names[bit] : NULL;
}

void psv_name(uint32_t sig, char *buf, size_t n)
{
	size_t k = 0;
	if (!n)
		return;
	buf[0] = 0;
	sig &= PSV_ALL;
	if (!sig) {
		snprintf(buf, n, "base");
		return;
	}
	for (int b = 0; b < PSV_BITS; b++) {
		if (!(sig & (1u << b)))
			continue;
		int w = snprintf(buf + k, n - k, "%s%s", k ? "+" : "", psv_names[b]);
		if (w < 0 || (size_t)w >= n - k)
			return;
		k += (size_t)w;
	}
}

int psv_parse(const char *name, uint32_t *sig)
{
	*sig = 0;
	if (!strcmp(name, "base"))
		return 0;
	const char *p = name;
	while (*p) {
		size_t len = strcspn(p, "+");
		int b = 0;
		while (b < PSV_BITS && (strlen(psv_names[b]) != len || strncmp(psv_names[b], p, len)))
			b++;
		if (b == PSV_BITS || (*sig & (1u << b)))
			return -EINVAL;
		*sig |= 1u << b;
		p += len;
		if (*p == '+' && !*++p)
			return -EINVAL;
	}
	return *sig ? 0 : -EINVAL;
}

void psv_blame(struct pmu_unit *u, uint64_t pc, uint32_t ctx, const struct isa_insn *in,
	       enum pmu_cat c, uint32_t events, uint64_t units)
{
	if (!u->model->every_cycle)  /* the golden reference builds prof at the end (golden.c) */
		pmu_add(u, pc, ctx, in, c, units);
	else if (u->stacks.slot)
		pmu_stacks_add(&u->stacks, ctx, pc, units);
	if (pc < PSV_KEY_PC_MAX)
		pmu_profile_add(&u->pics, psv_key(pc, psv_of(events) & u->model->psv_events), in, c,
		                units);
	else
		u->pics.oom = 1;  /* cannot be keyed: reported like lost counts */
}

static void psv_wait_resolve(struct pmu_unit *u, const struct psv_wait_entry *e,
			     uint32_t events)
{
	psv_blame(u, e->pc, e->ctx, e->insn, (enum pmu_cat)e->cat, events, e->units);
	u->samples += e->samples;
}

/* Drop entry k (resolved). */
static void psv_wait_drop(struct psv_wait *w, uint32_t k)
{
	memmove(&w->q[k], &w->q[k + 1], (w->n - k - 1) * sizeof(w->q[0]));
	w->n--;
}

void psv_wait_add(struct pmu_unit *u, struct psv_wait *w, const struct probe_insn *r,
		  enum pmu_cat c, uint64_t units, uint64_t samples)
{
	if (w->n) {
		struct psv_wait_entry *t = &w->q[w->n - 1];
		if (t->seq == r->seq && t->cat == (uint8_t)c) {
			t->units += units;
			t->samples += samples;
			t->events = r->events;
			return;
		}
	}
	if (w->n == PSV_WAIT_MAX) {
		/* never seen: resolve the oldest with the events it had */
		psv_wait_resolve(u, &w->q[0], w->q[0].events);
		psv_wait_drop(w, 0);
	}
	w->q[w->n++] = (struct psv_wait_entry){
		.seq = r->seq, .pc = r->pc, .ctx = r->ctx, .units = units, .samples = samples, .insn = r->insn,
		.events = r->events, .cat = (uint8_t)c,
	};
}

void psv_wait_cycle(struct pmu_unit *u, struct psv_wait *w, const struct probe_cycle *v)
{
	if (!w->drained_units || !v->n_valid)
		return;
	const struct probe_insn *first = v->head[0];
	if (v->n_commit) {
		/* it committed in this view: its record came already, its PSV is final */
		psv_blame(u, first->pc, first->ctx, first->insn, PMU_CAT_FRONTEND, first->events,
		          w->drained_units);
		u->samples += w->drained_samples;
	} else {
		psv_wait_add(u, w, first, PMU_CAT_FRONTEND, w->drained_units, w->drained_samples);
	}
	w->drained_units = 0;
	w->drained_samples = 0;
}

void psv_wait_insn(struct pmu_unit *u, struct psv_wait *w, const struct probe_insn *r)
{
	for (uint32_t k = 0; k < w->n;) {
		const struct psv_wait_entry *e = &w->q[k];
		if (e->seq == r->seq) {
			psv_wait_resolve(u, e, r->events);
			psv_wait_drop(w, k);
		} else if (r->committed && e->seq < r->seq) {
			/* a younger instruction committed first: cannot happen for the ROB head,
			 * resolve with what was seen rather than hold it forever */
			psv_wait_resolve(u, e, e->events);
			psv_wait_drop(w, k);
		} else {
			k++;
		}
	}
}

void psv_wait_finish(struct pmu_unit *u, struct psv_wait *w, const struct psv_wait_entry *last)
{
	for (uint32_t k = 0; k < w->n; k++)
		psv_wait_resolve(u, &w->q[k], w->q[k].events);
	w->n = 0;
	if (w->drained_units && last) {
		psv_blame(u, last->pc, last->ctx, last->insn, PMU_CAT_FRONTEND, last->events, w->drained_units);
		u->samples += w->drained_samples;
	} else if (w->drained_units) {
		u->unresolved += u->model->every_cycle ? w->drained_units / u->prof.divisor
		                                       : w->drained_samples;
	}
	w->drained_units = 0;
	w->drained_samples = 0;
}
