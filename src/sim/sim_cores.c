/*
 * sim_cores.c — `robin sim --cores N` (sim_cores.h).
 */
#include "sim/sim_cores.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "analysis/pmu_eval.h"
#include "core/cores.h"
#include "core/memsys.h"
#include "core/source_cores.h"
#include "util/json.h"
#include "util/text.h"
#include "emu/thread.h"

static double sim_cores_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* One core's counters for the summary and the JSON. */
struct sim_cores_row {
	uint64_t cycles, insns, l1d_misses, l1i_misses, invalidations, invalidated, interventions;
	uint64_t llc_accesses, llc_misses;
};

static void sim_cores_row(const struct core *c, struct sim_cores_row *r)
{
	const struct core_stats *s = core_stats(c);
	const struct memsys *m = core_memsys(c);
	memset(r, 0, sizeof(*r));
	r->cycles = s->cycles;
	r->insns = s->instructions;
	r->l1d_misses = m->l1d.st.misses;
	r->l1i_misses = m->l1i.st.misses;
	r->invalidations = m->st.coh_invalidations;
	r->invalidated = m->st.coh_invalidated;
	r->interventions = m->st.coh_interventions;
	r->llc_accesses = m->st.llc_accesses;
	r->llc_misses = m->st.llc_misses;
}

/* "1001,1002" */
static void sim_cores_tids(const struct source_cores *sc, unsigned k, char *buf, size_t n)
{
	const uint32_t *t;
	unsigned nt = source_cores_tids(sc, k, &t);
	size_t used = 0;
	buf[0] = 0;
	for (unsigned i = 0; i < nt && used < n; i++)
		used += (size_t)snprintf(buf + used, n - used, "%s%u", i ? "," : "", t[i]);
	if (!nt)
		snprintf(buf, n, "-");
}

/* The error of TIP (and the others) against the same thread's Oracle, one line each. */
static int sim_cores_print_errors(FILE *out, const char *label, struct pmu *p,
                                  struct code_map *cm)
{
	const struct pmu_unit *o = pmu_unit_find(p, "oracle");
	for (size_t i = 0; o && i < pmu_unit_count(p); i++) {
		const struct pmu_unit *u = pmu_unit_at(p, i);
		if (u->model->every_cycle)
			continue;
		struct profile_error e[PMU_EVAL_GRAN_N];
		int rc = pmu_eval_error(cm, &u->prof, &o->prof, e);
		if (rc && rc != -ENODATA)
			return rc;
		fprintf(out, "%s%s %-10s %8" PRIu64 " samples", out == stderr ? "robin sim: " : "",
		        label, u->model->name, u->samples);
		if (rc)
			fprintf(out, "  (no samples)\n");
		else
			fprintf(out, "  error vs its oracle: instruction %.2f%%, block %.2f%%, "
			        "function %.2f%%\n", 100 * e[PMU_EVAL_INSN].error,
			        100 * e[PMU_EVAL_BLOCK].error, 100 * e[PMU_EVAL_FUNC].error);
	}
	return 0;
}

static void sim_cores_json_row(struct json *j, const struct sim_cores_row *r)
{
	json_kv_uint(j, "cycles", r->cycles);
	json_kv_uint(j, "instructions", r->insns);
	json_kv_double(j, "ipc", r->cycles ? (double)r->insns / (double)r->cycles : 0.0);
	json_kv_uint(j, "l1i_misses", r->l1i_misses);
	json_kv_uint(j, "l1d_misses", r->l1d_misses);
	json_kv_uint(j, "llc_accesses", r->llc_accesses);
	json_kv_uint(j, "llc_misses", r->llc_misses);
	json_kv_uint(j, "coherence_invalidations", r->invalidations);
	json_kv_uint(j, "coherence_invalidated", r->invalidated);
	json_kv_uint(j, "coherence_interventions", r->interventions);
}

/* ---- per-thread profiles ----------------------------------------------------------------
 * Each core's probes go to the PMU of the thread the core runs (one PMU per thread, created
 * when the thread first runs), as an operating system saves and restores a per-core TIP
 * unit's state on a context switch: each thread's profilers see the cycles of the cores while
 * they ran it, numbered on the thread's own clock (so its sampling period counts its cycles
 * only). Cycles of a core that runs no thread (all waiting) belong to no profile. */

struct sim_cores_thread {
	struct pmu *pmu;
	struct probe_consumer pc;
	uint64_t cycles;             /* cycles the thread ran so far (its clock) */
	int tid;
	uint32_t cores;              /* bit k: it ran on core k (k < 32) */
};

struct sim_cores_prof {
	const struct sim_cores_args *a;
	const struct source_cores *sc;
	struct sim_cores_thread *th[SOURCE_CORES_THREADS];
	int n_th;                    /* highest thread index + 1 */
	int err;                     /* first error creating a PMU */
};

struct sim_cores_route {
	struct sim_cores_prof *pr;
	unsigned core;
	uint32_t demand;             /* the core's insn_demand: its thread's PMU's */
};

/* After a call into t's PMU: want lifecycle records when t's PMU does. */
static void sim_cores_route_demand(struct sim_cores_route *r, const struct sim_cores_thread *t)
{
	r->demand = !t || !t->pc.insn_demand || *t->pc.insn_demand;
}

/* The profile of the thread core r->core runs now, created on first use; NULL if none. */
static struct sim_cores_thread *sim_cores_target(struct sim_cores_route *r)
{
	struct sim_cores_prof *pr = r->pr;
	int i = source_cores_running(pr->sc, r->core);
	if (i < 0 || i >= SOURCE_CORES_THREADS)
		return NULL;
	struct sim_cores_thread *t = pr->th[i];
	if (!t) {
		if (pr->err)
			return NULL;
		t = calloc(1, sizeof(*t));
		if (!t || (pr->err = sim_profile_pmu(pr->a->po, "sim", pr->a->cfg, &t->pmu))) {
			free(t);
			pr->err = pr->err ? pr->err : -ENOMEM;
			return NULL;
		}
		pmu_consumer(t->pmu, &t->pc);
		t->tid = thread_slot_tid(pr->sc->emu, i);
		pr->th[i] = t;
		if (i >= pr->n_th)
			pr->n_th = i + 1;
	}
	if (r->core < 32)
		t->cores |= 1u << r->core;
	return t;
}

static void sim_cores_route_cycle(void *ctx, const struct probe_cycle *v)
{
	struct sim_cores_thread *t = sim_cores_target(ctx);
	if (!t || !t->pc.on_cycle)
		return;
	struct probe_cycle w = *v;
	w.cycle = t->cycles;
	t->cycles += v->ncycles;
	t->pc.on_cycle(t->pc.ctx, &w);
	sim_cores_route_demand(ctx, t);
}

static void sim_cores_route_insn(void *ctx, const struct probe_insn *rec)
{
	struct sim_cores_thread *t = sim_cores_target(ctx);
	if (t && t->pc.on_insn && (!t->pc.insn_demand || *t->pc.insn_demand))
		t->pc.on_insn(t->pc.ctx, rec);
	sim_cores_route_demand(ctx, t);
}

static void sim_cores_route_fetch(void *ctx, uint64_t cycle, uint64_t first_seq, uint32_t n)
{
	(void)cycle;
	struct sim_cores_thread *t = sim_cores_target(ctx);
	if (t && t->pc.on_fetch)
		t->pc.on_fetch(t->pc.ctx, t->cycles, first_seq, n);
}

static void sim_cores_prof_free(struct sim_cores_prof *pr)
{
	for (int i = 0; i < pr->n_th; i++) {
		if (pr->th[i])
			pmu_destroy(pr->th[i]->pmu);
		free(pr->th[i]);
	}
	free(pr);
}

/* "0,1": the cores thread t ran on. */
static void sim_cores_mask(uint32_t m, char *buf, size_t n)
{
	size_t used = 0;
	buf[0] = 0;
	for (unsigned k = 0; k < 32 && used < n; k++)
		if (m & (1u << k))
			used += (size_t)snprintf(buf + used, n - used, "%s%u", used ? "," : "", k);
}

static int sim_cores_json(const struct sim_cores_args *a, struct cores *m,
                          const struct source_cores *sc, struct sim_cores_prof *pr,
                          struct code_map *cm, int rc, const char *status, int sig, double secs)
{
	FILE *f = fopen(a->stats_json, "w");
	if (!f) {
		fprintf(stderr, "robin sim: cannot write %s: %s\n", a->stats_json, strerror(errno));
		return -errno;
	}
	struct json j;
	json_init(&j, f, 1);
	json_object_begin(&j);
	json_kv_string(&j, "program", a->prog);
	json_kv_string(&j, "preset", a->preset ? a->preset : "boom-large");
	json_kv_int(&j, "exit_code", rc);
	json_kv_string(&j, "status", status);
	json_kv_int(&j, "signal", sig);
	json_kv_uint(&j, "ncores", m->n);
	struct sim_cores_row tot = { 0 };
	json_key(&j, "cores");
	json_array_begin(&j);
	for (unsigned k = 0; k < m->n; k++) {
		struct sim_cores_row r;
		sim_cores_row(m->core[k], &r);
		tot.insns += r.insns;
		tot.l1d_misses += r.l1d_misses;
		tot.l1i_misses += r.l1i_misses;
		tot.invalidations += r.invalidations;
		tot.invalidated += r.invalidated;
		tot.interventions += r.interventions;
		tot.llc_accesses += r.llc_accesses;
		tot.llc_misses += r.llc_misses;
		json_object_begin(&j);
		json_kv_uint(&j, "core", k);
		json_key(&j, "tids");
		json_array_begin(&j);
		const uint32_t *t;
		unsigned nt = source_cores_tids(sc, k, &t);
		for (unsigned i = 0; i < nt; i++)
			json_uint(&j, t[i]);
		json_array_end(&j);
		json_kv_uint(&j, "thread_switches", sc->port[k].switches);
		sim_cores_json_row(&j, &r);
		json_object_end(&j);
	}
	json_array_end(&j);
	tot.cycles = cores_cycles(m);
	json_key(&j, "total");
	json_object_begin(&j);
	sim_cores_json_row(&j, &tot);
	json_kv_double(&j, "host_seconds", secs);
	const struct memsys *m0 = core_memsys(m->core[0]);
	json_kv_uint(&j, "shared_llc_accesses", m0->llc.st.accesses);
	json_kv_uint(&j, "shared_llc_misses", m0->llc.st.misses);
	json_kv_uint(&j, "dram_reads", m0->dram.st.reads);
	json_kv_uint(&j, "dram_writes", m0->dram.st.writes);
	json_kv_uint(&j, "dram_queue_cycles", m0->dram.st.queue_cycles);
	json_object_end(&j);
	int err = 0;
	if (pr) {
		json_key(&j, "threads");
		json_array_begin(&j);
		for (int i = 0; i < pr->n_th; i++) {
			struct sim_cores_thread *t = pr->th[i];
			if (!t)
				continue;
			json_object_begin(&j);
			json_kv_int(&j, "tid", t->tid);
			json_key(&j, "cores");
			json_array_begin(&j);
			for (unsigned k = 0; k < 32; k++)
				if (t->cores & (1u << k))
					json_uint(&j, k);
			json_array_end(&j);
			json_kv_uint(&j, "cycles", t->cycles);
			if (!err)
				err = sim_profile_json(&j, t->pmu, cm, SIM_PROFILE_TOP_DEFAULT);
			json_object_end(&j);
		}
		json_array_end(&j);
	}
	json_object_end(&j);
	json_end(&j);
	if (fclose(f) || err) {
		fprintf(stderr, "robin sim: cannot write %s\n", a->stats_json);
		return -EIO;
	}
	return 0;
}

/* Store thread t's profiles as one run, its command line tagged "#tid T cores K". */
static int sim_cores_store(const struct sim_cores_args *a, const struct sim_cores_thread *t,
                           struct code_map *cm, int rc, int err)
{
	char *cmd = NULL, cores[96];
	sim_cores_mask(t->cores, cores, sizeof(cores));
	if (asprintf(&cmd, "%s #tid %d cores %s", a->command, t->tid, cores) < 0)
		return -ENOMEM;
	struct sim_profile_run run = {
		.command = cmd, .config = "", .cycles = t->cycles, .instructions = 0,
		.exit_status = rc, .has_exit = !err,
	};
	int r = sim_profile_store(a->po->db_path, "sim", &run, t->pmu, cm, a->quiet ? NULL : stderr);
	free(cmd);
	return r;
}

int sim_cores_run(struct emu *e, const struct sim_cores_args *a)
{
	struct source_cores *sc = calloc(1, sizeof(*sc));
	struct core_source src[SOURCE_CORES_MAX];
	struct sim_cores_route route[SOURCE_CORES_MAX];
	struct sim_cores_prof *pr = NULL;
	struct cores *m = NULL;
	struct code_map cm;
	code_map_init(&cm);
	int rc = 1;
	if (!sc) {
		fprintf(stderr, "robin sim: out of memory\n");
		return 1;
	}
	source_cores_init(sc, e, a->n, a->eo->cfg.quantum, a->eo->max_insns, src);
	int err = cores_create(a->cfg, a->n, src, &m);
	if (err) {
		fprintf(stderr, "robin sim: cannot create %u cores: %s\n", a->n, strerror(-err));
		goto out;
	}
	cores_set_wakeup(m, source_cores_events, sc);
	if (a->guest_clock)
		core_guest_clock(m->core[0], e);
	if (a->po->list) {
		struct pmu *probe = NULL;
		if (a->po->db_path && sim_profile_db_ready(a->po->db_path, "sim"))
			goto out;
		if (sim_profile_pmu(a->po, "sim", a->cfg, &probe))
			goto out;  /* bad profiler options fail now, not at the first thread */
		pmu_destroy(probe);
		if (!(pr = calloc(1, sizeof(*pr)))) {
			fprintf(stderr, "robin sim: out of memory\n");
			goto out;
		}
		pr->a = a;
		pr->sc = sc;
		for (unsigned k = 0; k < a->n; k++) {
			route[k] = (struct sim_cores_route){ pr, k, 1 };
			struct probe_consumer pc = {
				.ctx = &route[k], .on_cycle = sim_cores_route_cycle,
				.on_insn = sim_cores_route_insn, .on_fetch = sim_cores_route_fetch,
				.insn_demand = &route[k].demand,
			};
			if (core_attach(m->core[k], &pc)) {
				fprintf(stderr, "robin sim: cannot attach the profilers of core %u\n", k);
				goto out;
			}
		}
	}
	double t0 = sim_cores_now();
	err = cores_run(m, stderr);
	double secs = sim_cores_now() - t0;
	uint64_t cycles = cores_cycles(m), insns = 0;
	for (unsigned k = 0; k < m->n; k++) {
		const struct core_stats *st = core_stats(m->core[k]);
		uint64_t sum = 0;
		for (unsigned i = 0; i < CORE_STACK_N; i++)
			sum += st->stack[i];
		if (sum != st->cycles) {
			fprintf(stderr, "robin sim: internal error: core %u's cycle stack sums to %" PRIu64
			        " of %" PRIu64 " cycles\n", k, sum, st->cycles);
			err = err ? err : -EFAULT;
		}
		insns += st->instructions;
	}
	const char *status = "error";
	int sig = 0;
	if (err) {
		fprintf(stderr, "robin sim: the cores stopped after %" PRIu64 " cycles and %" PRIu64
		        " instructions (%s)\n", cycles, insns,
		        err == -ETIMEDOUT ? "deadlock watchdog" : strerror(-err));
		rc = 1;
	} else {
		rc = sim_guest_finish(e, sc->status == EMU_RUNNING ? EMU_EXITED : sc->status, &status,
		                     &sig);
	}
	if (pr && pr->err) {
		fprintf(stderr, "robin sim: cannot create a thread's profilers: %s\n",
		        strerror(-pr->err));
		rc = rc ? rc : 1;
	}
	if (!a->quiet) {
		fprintf(stderr, "robin sim: %s on %u cores, %.3f s host time, %.2f MIPS\n", a->prog,
		        m->n, secs, secs > 0 ? (double)insns / secs / 1e6 : 0.0);
		fprintf(stderr, "robin sim: %" PRIu64 " cycles, %" PRIu64 " instructions (all cores)\n",
		        cycles, insns);
		for (unsigned k = 0; k < m->n; k++) {
			struct sim_cores_row r;
			char tids[96];
			sim_cores_row(m->core[k], &r);
			sim_cores_tids(sc, k, tids, sizeof(tids));
			fprintf(stderr, "  core %u (tid %s): %" PRIu64 " instructions, IPC %.3f, L1D misses "
			        "%" PRIu64 ", LLC misses %" PRIu64 ", coherence invalidations sent %" PRIu64
			        " received %" PRIu64 ", interventions %" PRIu64 "\n", k, tids, r.insns,
			        r.cycles ? (double)r.insns / (double)r.cycles : 0.0, r.l1d_misses,
			        r.llc_misses, r.invalidations, r.invalidated, r.interventions);
		}
		const struct memsys *m0 = core_memsys(m->core[0]);
		fprintf(stderr, "  shared LLC: %" PRIu64 " accesses, %" PRIu64 " misses; DRAM: %" PRIu64
		        " reads, %" PRIu64 " writes, %" PRIu64 " queue cycles\n", m0->llc.st.accesses,
		        m0->llc.st.misses, m0->dram.st.reads, m0->dram.st.writes,
		        m0->dram.st.queue_cycles);
	}
	if (pr) {
		if (sim_profile_code_map(e, &cm)) {
			fprintf(stderr, "robin sim: out of memory while evaluating the profiles\n");
			rc = rc ? rc : 1;
			goto out;
		}
		for (int i = 0; i < pr->n_th; i++) {
			struct sim_cores_thread *t = pr->th[i];
			if (!t)
				continue;
			char label[128], cores[96];
			sim_cores_mask(t->cores, cores, sizeof(cores));
			snprintf(label, sizeof(label), "tid %d (core %s, %" PRIu64 " cycles)", t->tid,
			         cores, t->cycles);
			pmu_finish(t->pmu);
			FILE *out = a->table ? a->table : a->quiet ? NULL : stderr;
			if (out && sim_cores_print_errors(out, label, t->pmu, &cm)) {
				rc = rc ? rc : 1;
				goto out;
			}
			if (a->po->db_path && sim_cores_store(a, t, &cm, rc, err))
				rc = rc ? rc : 1;
		}
	}
	if (a->stats_json && sim_cores_json(a, m, sc, pr, &cm, rc, status, sig, secs))
		rc = rc ? rc : 1;
out:
	if (pr)
		sim_cores_prof_free(pr);
	code_map_free(&cm);
	cores_destroy(m);
	free(sc);
	return rc;
}
