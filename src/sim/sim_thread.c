/*
 * sim_thread.c — the consumers of one guest thread (sim_priv.h): its profiler sets, ProfileMe
 * unit, co-processor and shadow stack, and with several cores the routing of each core's
 * probes to the thread it runs. As an operating system saves and restores a per-core
 * profiling unit's state on a context switch, each thread's consumers see the cycles of the
 * cores while they ran it, numbered on the thread's own clock (so a sampling period counts
 * its cycles only); cycles of a core that runs no thread (all waiting) belong to no one.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "emu/thread.h"
#include "sim/sim_priv.h"

/* The co-processor's interrupt stalls the core that runs its thread. */
static void sim_thread_charge(void *ctx, uint64_t n)
{
	struct sim_thread *t = ctx;
	if (t->on)
		core_charge_cycles(t->on, n);
}

int sim_thread_create(struct sim *sim, int index, struct sim_thread **out)
{
	const struct sim_spec *s = sim->s;
	struct sim_thread *t = calloc(1, sizeof(*t));
	int rc = -ENOMEM;
	*out = NULL;
	if (!t)
		return -ENOMEM;
	t->index = index;
	t->on = sim->m ? NULL : sim->c;
	t->fetch_core = -1;
	if (sim->m) {
		t->r.tid = thread_slot_tid(sim->e, index);
		if (sim->sc->calls)
			t->r.calls = sim->sc->calls[index];  /* created by the source on its first step */
	} else {
		t->r.calls = sim->calls;
	}
	for (unsigned k = 0; k < s->npo; k++) {
		if (!sim->po[k].list)
			continue;
		if ((rc = sim_profile_pmu(&sim->po[k], s->cmd, &s->cfg, &t->r.pmu[k])))
			goto fail;
		pmu_consumer(t->r.pmu[k], &t->pc[t->npc++]);
	}
	for (unsigned k = 0; k < SIM_PMS_MAX; k++) {
		if (!s->pmo[k].on)
			continue;
		if (!k && s->pmo[0].raw_path) {
			char path[4096];
			if (sim->m)
				snprintf(path, sizeof(path), "%s.%d", s->pmo[0].raw_path, index);
			else
				snprintf(path, sizeof(path), "%s", s->pmo[0].raw_path);
			if (!(t->pm_raw = fopen(path, "w"))) {
				rc = -errno;
				fprintf(stderr, "robin %s: cannot write %s: %s\n", s->cmd, path, strerror(errno));
				goto fail;
			}
		}
		if ((rc = sim_pm_create(&s->pmo[k], s->cmd, &s->cfg, k ? NULL : t->pm_raw,
		                        &t->r.pm[k])))
			goto fail;
		t->renumber[t->npc] = 1;
		pm_consumer(t->r.pm[k], &t->pc[t->npc++]);
	}
	if (s->cpo.path) {
		if ((rc = sim_coproc_create(&s->cpo, sim_thread_charge, t, &t->cp))) {
			rc = rc == 2 ? 2 : -ENOMEM;
			goto fail;
		}
		sim_coproc_consumers(t->cp, &t->pc[t->npc], &t->pc[t->npc + 1]);
		t->npc += 2;
	}
	if (index >= sim->nth)
		sim->nth = index + 1;
	sim->th[index] = t;
	*out = t;
	return 0;
fail:
	sim_thread_destroy(t);
	return rc;
}

void sim_thread_finish(struct sim_thread *t)
{
	for (unsigned k = 0; k < SIM_PMUS_MAX; k++)
		if (t->r.pmu[k])
			pmu_finish(t->r.pmu[k]);
	for (unsigned k = 0; k < SIM_PMS_MAX; k++)
		if (t->r.pm[k]) {
			pm_end_cycles(t->r.pm[k], t->r.cycles);
			pm_finish(t->r.pm[k]);
		}
}

void sim_thread_destroy(struct sim_thread *t)
{
	if (!t)
		return;
	for (unsigned k = 0; k < SIM_PMUS_MAX; k++)
		pmu_destroy(t->r.pmu[k]);
	for (unsigned k = 0; k < SIM_PMS_MAX; k++)
		pm_destroy(t->r.pm[k]);
	sim_coproc_destroy(t->cp);
	if (t->pm_raw)
		fclose(t->pm_raw);
	free(t);
}

/* ---- several cores: each core's probes go to the thread it runs ---------------------------- */

/* After a call into t's consumers: want lifecycle records when one of them does. */
static void sim_thread_demand(struct sim_route *r, const struct sim_thread *t)
{
	uint32_t d = 0;
	for (unsigned i = 0; t && i < t->npc && !d; i++)
		d = t->pc[i].on_insn && (!t->pc[i].insn_demand || *t->pc[i].insn_demand);
	r->demand = !t || d;
}

/* The consumers of the thread core r->core runs now, created on first use; NULL if none. */
static struct sim_thread *sim_thread_target(struct sim_route *r)
{
	struct sim *sim = r->sim;
	int i = source_cores_running(sim->sc, r->core);
	if (i < 0 || i >= SOURCE_CORES_THREADS)
		return NULL;
	struct sim_thread *t = sim->th[i];
	if (!t) {
		if (sim->err)
			return NULL;
		int rc = sim_thread_create(sim, i, &t);
		if (rc) {
			sim->err = rc;
			return NULL;
		}
	}
	if (!t->r.calls && sim->sc->calls)
		t->r.calls = sim->sc->calls[i];
	if (r->last != i) {  /* the thread (re)enters the core: a new stint at its next fetch */
		r->last = i;
		t->fetch_core = -1;
	}
	if (r->core < 32)
		t->cores |= 1u << r->core;
	t->on = sim->m->core[r->core];
	return t;
}

static void sim_thread_on_cycle(void *ctx, const struct probe_cycle *v)
{
	struct sim_thread *t = sim_thread_target(ctx);
	if (!t)
		return;
	struct probe_cycle w = *v;
	w.cycle = t->r.cycles;
	t->r.cycles += v->ncycles;
	for (unsigned i = 0; i < t->npc; i++)
		if (t->pc[i].on_cycle)
			t->pc[i].on_cycle(t->pc[i].ctx, &w);
	sim_thread_demand(ctx, t);
}

static void sim_thread_on_insn(void *ctx, const struct probe_insn *rec)
{
	struct sim_route *r = ctx;
	struct sim_thread *t = sim_thread_target(r);
	struct probe_insn own;
	int have_own = 0;
	for (unsigned i = 0; t && i < t->npc; i++) {
		if (!t->pc[i].on_insn || (t->pc[i].insn_demand && !*t->pc[i].insn_demand))
			continue;
		if (t->renumber[i]) {
			if (t->fetch_core != (int)r->core || rec->seq < t->stint_first)
				continue;  /* not fetched in this stint */
			if (!have_own) {
				own = *rec;
				own.seq = rec->seq + t->seq_off;
				have_own = 1;
			}
		}
		t->pc[i].on_insn(t->pc[i].ctx, t->renumber[i] ? &own : rec);
	}
	sim_thread_demand(r, t);
}

static void sim_thread_on_fetch(void *ctx, uint64_t cycle, uint64_t first_seq, uint32_t n)
{
	(void)cycle;
	struct sim_route *r = ctx;
	struct sim_thread *t = sim_thread_target(r);
	if (!t)
		return;
	if (t->fetch_core != (int)r->core) {  /* a new stint */
		t->seq_off = t->seq_next - first_seq;  /* unsigned: wraps as it should */
		t->stint_first = first_seq;
		t->fetch_core = (int)r->core;
	}
	uint64_t own = first_seq + t->seq_off;
	if (own + n > t->seq_next)
		t->seq_next = own + n;
	for (unsigned i = 0; i < t->npc; i++)
		if (t->pc[i].on_fetch)
			t->pc[i].on_fetch(t->pc[i].ctx, t->r.cycles, t->renumber[i] ? own : first_seq, n);
	sim_thread_demand(ctx, t);  /* a fetch may tag an instruction whose record is wanted */
}

void sim_thread_route(struct sim *sim, unsigned k, struct probe_consumer *out)
{
	sim->route[k] = (struct sim_route){ sim, k, 1, -1 };
	*out = (struct probe_consumer){
		.ctx = &sim->route[k], .on_cycle = sim_thread_on_cycle,
		.on_insn = sim_thread_on_insn, .on_fetch = sim_thread_on_fetch,
		.insn_demand = &sim->route[k].demand,
	};
}

int sim_thread_json(struct sim *sim, struct sim_thread *t, struct json *j)
{
	unsigned top = sim->po[0].top_set && sim->po[0].top ? sim->po[0].top
	                                                    : SIM_PROFILE_TOP_DEFAULT;
	int rc = 0;
	if (t->cp)
		sim_coproc_json(t->cp, j);
	if (t->r.pmu[0] && (rc = sim_profile_json(j, t->r.pmu[0], &sim->cmap, top)))
		return rc;
	if (t->r.pm[0] && (rc = sim_pm_json(j, t->r.pm[0], &sim->cmap)))
		return rc;
	return 0;
}
