/*
 * sim_cores.c — `robin sim --cores N` (sim_cores.h).
 */
#include "cli/sim_cores.h"

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

int sim_cores_parse(const char *v, unsigned *n)
{
	uint64_t k;
	if (text_parse_u64(v, &k) || k < 1 || k > SOURCE_CORES_MAX) {
		fprintf(stderr, "robin sim: --cores needs a count from 1 to %d, got '%s'\n",
		        SOURCE_CORES_MAX, v);
		return -1;
	}
	*n = (unsigned)k;
	return 0;
}

static double sim_cores_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* One core's counters for the summary and the JSON. */
struct sim_cores_row {
	uint64_t cycles, insns, l1d_misses, l1i_misses, invalidations, invalidated, interventions;
	uint64_t llc_misses_total;  /* the shared LLC (core 0 holds it) */
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

/* The error of TIP (and the others) against core k's Oracle, one line per profiler. */
static int sim_cores_print_errors(FILE *out, unsigned k, const char *tids, struct pmu *p,
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
		fprintf(out, "robin sim: core %u (tid %s) %-10s %8" PRIu64 " samples", k, tids,
		        u->model->name, u->samples);
		if (rc)
			fprintf(out, "  (no samples)\n");
		else
			fprintf(out, "  error vs the core's oracle: instruction %.2f%%, block %.2f%%, "
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
	json_kv_uint(j, "coherence_invalidations", r->invalidations);
	json_kv_uint(j, "coherence_invalidated", r->invalidated);
	json_kv_uint(j, "coherence_interventions", r->interventions);
}

static int sim_cores_json(const struct sim_cores_args *a, struct cores *m,
                          const struct source_cores *sc, struct pmu **pmu, struct code_map *cm,
                          int rc, const char *status, int sig, double secs)
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
	int err = 0;
	for (unsigned k = 0; k < m->n; k++) {
		struct sim_cores_row r;
		sim_cores_row(m->core[k], &r);
		tot.insns += r.insns;
		tot.l1d_misses += r.l1d_misses;
		tot.l1i_misses += r.l1i_misses;
		tot.invalidations += r.invalidations;
		tot.invalidated += r.invalidated;
		tot.interventions += r.interventions;
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
		if (pmu && pmu[k] && !err)
			err = sim_profile_json(&j, pmu[k], cm, SIM_PROFILE_TOP_DEFAULT);
		json_object_end(&j);
	}
	json_array_end(&j);
	tot.cycles = cores_cycles(m);
	json_key(&j, "total");
	json_object_begin(&j);
	sim_cores_json_row(&j, &tot);
	json_kv_double(&j, "host_seconds", secs);
	const struct memsys *m0 = core_memsys(m->core[0]);
	json_kv_uint(&j, "llc_accesses", m0->llc.st.accesses);
	json_kv_uint(&j, "llc_misses", m0->llc.st.misses);
	json_kv_uint(&j, "dram_reads", m0->dram.st.reads);
	json_kv_uint(&j, "dram_writes", m0->dram.st.writes);
	json_kv_uint(&j, "dram_queue_cycles", m0->dram.st.queue_cycles);
	json_object_end(&j);
	json_object_end(&j);
	json_end(&j);
	if (fclose(f) || err) {
		fprintf(stderr, "robin sim: cannot write %s\n", a->stats_json);
		return -EIO;
	}
	return 0;
}

/* Store core k's profiles as one run tagged with the core and its threads. */
static int sim_cores_store(const struct sim_cores_args *a, struct cores *m, unsigned k,
                           const char *tids, struct pmu *p, struct code_map *cm, int rc, int err)
{
	char *cmd = NULL;
	if (asprintf(&cmd, "%s #core %u tid %s", a->command, k, tids) < 0)
		return -ENOMEM;
	const struct core_stats *s = core_stats(m->core[k]);
	struct sim_profile_run run = {
		.command = cmd, .config = "", .cycles = s->cycles, .instructions = s->instructions,
		.exit_status = rc, .has_exit = !err,
	};
	int r = sim_profile_store(a->po->db_path, "sim", &run, p, cm, a->quiet ? NULL : stderr);
	free(cmd);
	return r;
}

int sim_cores_run(struct emu *e, const struct sim_cores_args *a)
{
	struct source_cores *sc = calloc(1, sizeof(*sc));
	struct core_source src[SOURCE_CORES_MAX];
	struct pmu *pmu[SOURCE_CORES_MAX] = { 0 };
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
	if (a->guest_clock)
		core_guest_clock(m->core[0], e);
	if (a->po->list) {
		if (a->po->db_path && sim_profile_db_ready(a->po->db_path, "sim"))
			goto out;
		for (unsigned k = 0; k < a->n; k++) {
			struct probe_consumer pc;
			if (sim_profile_pmu(a->po, "sim", a->cfg, &pmu[k]))
				goto out;
			pmu_consumer(pmu[k], &pc);
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
	for (unsigned k = 0; k < m->n; k++)
		insns += core_stats(m->core[k])->instructions;
	const char *status = "error";
	int sig = 0;
	if (err) {
		fprintf(stderr, "robin sim: the cores stopped after %" PRIu64 " cycles and %" PRIu64
		        " instructions (%s)\n", cycles, insns,
		        err == -ETIMEDOUT ? "deadlock watchdog" : strerror(-err));
		rc = 1;
	} else {
		rc = emu_opts_finish(e, sc->status == EMU_RUNNING ? EMU_EXITED : sc->status, &status,
		                     &sig);
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
			        "%" PRIu64 ", coherence invalidations sent %" PRIu64 " received %" PRIu64
			        ", interventions %" PRIu64 "\n", k, tids, r.insns,
			        r.cycles ? (double)r.insns / (double)r.cycles : 0.0, r.l1d_misses,
			        r.invalidations, r.invalidated, r.interventions);
		}
		const struct memsys *m0 = core_memsys(m->core[0]);
		fprintf(stderr, "  shared LLC: %" PRIu64 " accesses, %" PRIu64 " misses; DRAM: %" PRIu64
		        " reads, %" PRIu64 " writes, %" PRIu64 " queue cycles\n", m0->llc.st.accesses,
		        m0->llc.st.misses, m0->dram.st.reads, m0->dram.st.writes,
		        m0->dram.st.queue_cycles);
	}
	if (a->po->list) {
		if (sim_profile_code_map(e, &cm)) {
			fprintf(stderr, "robin sim: out of memory while evaluating the profiles\n");
			rc = rc ? rc : 1;
			goto out;
		}
		for (unsigned k = 0; k < m->n; k++) {
			char tids[96];
			sim_cores_tids(sc, k, tids, sizeof(tids));
			pmu_finish(pmu[k]);
			if (!a->quiet && sim_cores_print_errors(stderr, k, tids, pmu[k], &cm)) {
				rc = rc ? rc : 1;
				goto out;
			}
			if (a->po->db_path && sim_cores_store(a, m, k, tids, pmu[k], &cm, rc, err))
				rc = rc ? rc : 1;
		}
	}
	if (a->stats_json && sim_cores_json(a, m, sc, a->po->list ? pmu : NULL, &cm, rc, status, sig,
	                                    secs))
		rc = rc ? rc : 1;
out:
	for (unsigned k = 0; k < SOURCE_CORES_MAX; k++)
		pmu_destroy(pmu[k]);
	code_map_free(&cm);
	cores_destroy(m);
	free(sc);
	return rc;
}
