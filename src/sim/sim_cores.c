/*
 * sim_cores.c — the outputs of a simulation on several cores (sim_priv.h): the summary per
 * core and of the shared LLC and DRAM on stderr, each thread's profile errors against its own
 * Oracle, and the --stats-json object with its per-core, total and per-thread members.
 */
#include "sim/sim_priv.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/pmu_eval.h"
#include "core/cores.h"
#include "core/memsys.h"
#include "core/source_cores.h"
#include "util/json.h"
#include "util/outfile.h"
#include "util/text.h"
#include "emu/thread.h"

/* One core's counters for the summary and the JSON. */
struct sim_cores_row {
	uint64_t cycles, insns, l1d_misses, l1i_misses, invalidations, invalidated, interventions;
	uint64_t llc_accesses, llc_misses;
	uint64_t remote_store_waits, remote_fetch_waits;
	uint64_t l1d_prefetches, l1d_useful_prefetches;
	uint64_t llc_cause_accesses[CACHE_CAUSE_N], llc_cause_misses[CACHE_CAUSE_N];
	uint64_t dram_reads[CACHE_CAUSE_N];     /* the DRAM reads its requests made, by cause */
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
	r->remote_store_waits = s->remote_store_waits;
	r->l1d_prefetches = m->l1d.st.prefetches;
	r->l1d_useful_prefetches = m->l1d.st.useful_prefetches;
	r->remote_fetch_waits = s->remote_fetch_waits;
	for (unsigned k = 0; k < CACHE_CAUSE_N; k++) {
		r->llc_cause_accesses[k] = m->st.llc_cause_accesses[k];
		r->llc_cause_misses[k] = m->st.llc_cause_misses[k];
		r->dram_reads[k] = m->st.dram_reads[k];
	}
}

/* tot += r */
static void sim_cores_row_add(struct sim_cores_row *tot, const struct sim_cores_row *r)
{
	tot->insns += r->insns;
	tot->l1d_misses += r->l1d_misses;
	tot->l1i_misses += r->l1i_misses;
	tot->invalidations += r->invalidations;
	tot->invalidated += r->invalidated;
	tot->interventions += r->interventions;
	tot->llc_accesses += r->llc_accesses;
	tot->llc_misses += r->llc_misses;
	tot->remote_store_waits += r->remote_store_waits;
	tot->l1d_prefetches += r->l1d_prefetches;
	tot->l1d_useful_prefetches += r->l1d_useful_prefetches;
	tot->remote_fetch_waits += r->remote_fetch_waits;
	for (unsigned k = 0; k < CACHE_CAUSE_N; k++) {
		tot->llc_cause_accesses[k] += r->llc_cause_accesses[k];
		tot->llc_cause_misses[k] += r->llc_cause_misses[k];
		tot->dram_reads[k] += r->dram_reads[k];
	}
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

int sim_cores_print_errors(FILE *out, const char *label, struct pmu *p, struct code_map *cm)
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

/* dram_reads: a core's own (the sum of its causes), or the shared DRAM's for the total */
static void sim_cores_json_row(struct json *j, const struct sim_cores_row *r, uint64_t dram_reads)
{
	json_kv_uint(j, "cycles", r->cycles);
	json_kv_uint(j, "instructions", r->insns);
	json_kv_double(j, "ipc", r->cycles ? (double)r->insns / (double)r->cycles : 0.0);
	json_kv_uint(j, "l1i_misses", r->l1i_misses);
	json_kv_uint(j, "l1d_misses", r->l1d_misses);
	json_kv_uint(j, "l1d_prefetches", r->l1d_prefetches);
	json_kv_uint(j, "l1d_useful_prefetches", r->l1d_useful_prefetches);
	json_kv_uint(j, "llc_accesses", r->llc_accesses);
	json_kv_uint(j, "llc_misses", r->llc_misses);
	/* the LLC's requests by who made them: demand (llc_accesses), the L1D's prefetcher, the
	 * page walker; each miss there is one DRAM read */
	json_key(j, "llc_by_cause");
	json_object_begin(j);
	for (unsigned k = 0; k < CACHE_CAUSE_N; k++) {
		json_key(j, memsys_cause_name((enum cache_cause)k));
		json_object_begin(j);
		json_kv_uint(j, "accesses", r->llc_cause_accesses[k]);
		json_kv_uint(j, "misses", r->llc_cause_misses[k]);
		json_object_end(j);
	}
	json_object_end(j);
	json_kv_uint(j, "dram_reads", dram_reads);
	json_key(j, "dram_reads_by_cause");
	json_object_begin(j);
	for (unsigned k = 0; k < CACHE_CAUSE_N; k++)
		json_kv_uint(j, memsys_cause_name((enum cache_cause)k), r->dram_reads[k]);
	json_object_end(j);
	json_kv_uint(j, "coherence_invalidations", r->invalidations);
	json_kv_uint(j, "coherence_invalidated", r->invalidated);
	json_kv_uint(j, "coherence_interventions", r->interventions);
	json_kv_uint(j, "remote_store_waits", r->remote_store_waits);
	json_kv_uint(j, "remote_fetch_waits", r->remote_fetch_waits);
}

void sim_cores_mask(uint32_t m, char *buf, size_t n)
{
	size_t used = 0;
	buf[0] = 0;
	for (unsigned k = 0; k < 32 && used < n; k++)
		if (m & (1u << k))
			used += (size_t)snprintf(buf + used, n - used, "%s%u", used ? "," : "", k);
}

void sim_cores_print(const struct sim *sim, uint64_t cycles, uint64_t insns)
{
	const struct cores *m = sim->m;
	fprintf(stderr, "robin %s: %s on %u cores, %.3f s host time, %.2f MIPS\n", sim->s->cmd,
	        sim->s->restore ? sim->s->restore : sim->s->argv[0], m->n, sim->secs,
	        sim->secs > 0 ? (double)insns / sim->secs / 1e6 : 0.0);
	fprintf(stderr, "robin %s: %" PRIu64 " cycles, %" PRIu64 " instructions (all cores)\n",
	        sim->s->cmd, cycles, insns);
	for (unsigned k = 0; k < m->n; k++) {
		struct sim_cores_row r;
		char tids[96];
		sim_cores_row(m->core[k], &r);
		sim_cores_tids(sim->sc, k, tids, sizeof(tids));
		fprintf(stderr, "  core %u (tid %s): %" PRIu64 " instructions, IPC %.3f, L1D misses "
		        "%" PRIu64 ", LLC misses %" PRIu64 ", coherence invalidations sent %" PRIu64
		        " received %" PRIu64 ", interventions %" PRIu64 "\n", k, tids, r.insns,
		        r.cycles ? (double)r.insns / (double)r.cycles : 0.0, r.l1d_misses,
		        r.llc_misses, r.invalidations, r.invalidated, r.interventions);
	}
	const struct memsys *m0 = core_memsys(m->core[0]);
	uint64_t by[CACHE_CAUSE_N] = { 0 };
	for (unsigned k = 0; k < m->n; k++)
		for (unsigned c = 0; c < CACHE_CAUSE_N; c++)
			by[c] += core_memsys(m->core[k])->st.dram_reads[c];
	fprintf(stderr, "  shared LLC: %" PRIu64 " accesses, %" PRIu64 " misses (demand); DRAM: %"
	        PRIu64 " reads (demand %" PRIu64 ", prefetch %" PRIu64 ", page walk %" PRIu64 "), %"
	        PRIu64 " writes, %" PRIu64 " queue cycles\n", m0->llc.st.accesses,
	        m0->llc.st.misses, m0->dram.st.reads, by[CACHE_CAUSE_DEMAND],
	        by[CACHE_CAUSE_PREFETCH], by[CACHE_CAUSE_WALK], m0->dram.st.writes,
	        m0->dram.st.queue_cycles);
}

int sim_cores_json(struct sim *sim, const char *path, int rc, const char *status, int sig)
{
	const struct sim_spec *a = sim->s;
	struct cores *m = sim->m;
	const struct source_cores *sc = sim->sc;
	double secs = sim->secs;
	FILE *f = fopen(path, "w");
	if (!f) {
		fprintf(stderr, "robin %s: cannot write %s: %s\n", a->cmd, path, strerror(errno));
		return -errno;
	}
	struct json j;
	json_init(&j, f, 1);
	json_object_begin(&j);
	json_kv_string(&j, "program", a->restore ? a->restore : a->argv[0]);
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
		sim_cores_row_add(&tot, &r);
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
		uint64_t reads = 0;
		for (unsigned c = 0; c < CACHE_CAUSE_N; c++)
			reads += r.dram_reads[c];
		sim_cores_json_row(&j, &r, reads);
		json_object_end(&j);
	}
	json_array_end(&j);
	tot.cycles = cores_cycles(m);
	json_key(&j, "total");
	json_object_begin(&j);
	sim_cores_json_row(&j, &tot, core_memsys(m->core[0])->dram.st.reads);
	json_kv_double(&j, "host_seconds", secs);
	const struct memsys *m0 = core_memsys(m->core[0]);
	json_kv_uint(&j, "shared_llc_accesses", m0->llc.st.accesses);
	json_kv_uint(&j, "shared_llc_misses", m0->llc.st.misses);
	json_kv_uint(&j, "dram_writes", m0->dram.st.writes);
	json_kv_uint(&j, "dram_queue_cycles", m0->dram.st.queue_cycles);
	json_object_end(&j);
	int err = 0;
	if (sim->per_thread) {
		json_key(&j, "threads");
		json_array_begin(&j);
		for (int i = 0; i < sim->nth; i++) {
			struct sim_thread *t = sim->th[i];
			if (!t)
				continue;
			json_object_begin(&j);
			json_kv_int(&j, "tid", t->r.tid);
			json_key(&j, "cores");
			json_array_begin(&j);
			for (unsigned k = 0; k < 32; k++)
				if (t->cores & (1u << k))
					json_uint(&j, k);
			json_array_end(&j);
			json_kv_uint(&j, "cycles", t->r.cycles);
			if (!err)
				err = sim_thread_json(sim, t, &j);
			json_object_end(&j);
		}
		json_array_end(&j);
	}
	json_object_end(&j);
	json_end(&j);
	int cerr = outfile_close(f);
	if (cerr || err) {
		fprintf(stderr, "robin %s: %s: %s\n", a->cmd, path, strerror(cerr ? -cerr : -err));
		return cerr ? cerr : err;
	}
	return 0;
}

