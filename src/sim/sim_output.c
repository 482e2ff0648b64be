/*
 * sim_output.c — what a finished simulation writes (sim_priv.h): per guest thread (the whole
 * program with one core) its profiles (listing or error lines, database), ProfileMe's summary
 * and stored profiles, the co-processor's evaluation against the same simulation run again
 * without it; and one core's --stats-json object. Entry points: sim_outputs, sim_out_json.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "sim/sim_priv.h"
#include "util/json.h"
#include "util/outfile.h"

/* ---- the co-processor's baseline: the same simulation without it --------------------------- */

struct sim_base {
	uint64_t cycles;
	uint64_t thread_cycles[SOURCE_CORES_THREADS];  /* by thread slot (several cores) */
	int ok;
};

static int sim_base_done(void *ctx, const struct sim_result *r)
{
	struct sim_base *b = ctx;
	b->cycles = r->cycles;
	for (unsigned i = 0; i < r->nthreads; i++)
		if (r->thread[i].tid >= 0 && i < SOURCE_CORES_THREADS)
			b->thread_cycles[i] = r->thread[i].cycles;
	b->ok = 1;
	return 0;
}

/* Simulate the description's program again with no consumer and its output discarded; the
 * co-processor's overhead is measured against it (001 §5.1). */
static int sim_baseline(const struct sim_spec *s, struct sim_base *b)
{
	struct sim_spec *t = malloc(sizeof(*t));
	struct emu_opts eo = *s->eo;
	if (!t)
		return -ENOMEM;
	sim_spec_init(t, s->cmd);
	eo.cfg.trace = NULL;
	eo.cfg.trace_insns = 0;
	eo.trace_n = 0;
	eo.trace = NULL;
	t->argc = s->argc;
	t->argv = s->argv;
	t->restore = s->restore;
	t->eo = &eo;
	t->cfg = s->cfg;
	t->preset = s->preset;
	t->ncores = s->ncores;
	t->host_time = s->host_time;
	t->warmup = s->warmup;
	t->insns = s->insns;
	t->quiet = 1;
	t->progress = 0;
	t->discard_output = 1;
	t->count_threads = s->ncores > 0;
	t->done = sim_base_done;
	t->done_ctx = b;
	b->ok = 0;
	int rc = sim_run(t);
	free(t);
	return b->ok && rc != 1 ? 0 : -EIO;
}

/* ---- outputs ----------------------------------------------------------------------------- */

/* A run record for the database: the thread's cycles, tagged with its tid with several cores. */
static int sim_run_record(struct sim *sim, struct sim_thread *t, int rc, int err,
			  char **cmd, char **cfgtext, struct sim_profile_run *run)
{
	const struct sim_spec *s = sim->s;
	*cmd = NULL;
	*cfgtext = NULL;
	if (sim->m) {
		char cores[96];
		sim_cores_mask(t->cores, cores, sizeof(cores));
		if (asprintf(cmd, "%s #tid %d cores %s", s->command, t->r.tid, cores) < 0)
			return -ENOMEM;
	}
	*run = (struct sim_profile_run){
		.command = *cmd ? *cmd : s->command, .config = "",
		.cycles = sim->m ? t->r.cycles : core_stats(sim->c)->cycles,
		.instructions = sim->m ? 0 : core_stats(sim->c)->instructions,
		.exit_status = rc, .has_exit = !err, .calls = t->r.calls,
	};
	return 0;
}

/* The profiles of thread t: the listing (one core) or the error lines (several), the
 * database. Returns the exit status so far. */
static int sim_out_profiles(struct sim *sim, struct sim_thread *t, const char *label, int rc,
			    int err)
{
	const struct sim_spec *s = sim->s;
	struct pmu *pmu = t->r.pmu[0];
	FILE *out = s->table ? s->table : s->quiet ? NULL : stderr;
	if (sim->m) {
		if (out && sim_cores_print_errors(out, label, pmu, &sim->cmap))
			return rc ? rc : 1;
	} else if (!s->quiet &&
	           sim_profile_print(stderr, pmu, &sim->cmap, sim->po[0].top, s->cfg.freq_mhz)) {
		fprintf(stderr, "robin %s: out of memory while evaluating the profiles\n", s->cmd);
		rc = rc ? rc : 1;
	}
	if (!s->po[0].db_path)
		return rc;
	char *cmd, *cfgtext = NULL;
	struct sim_profile_run run;
	if (sim_run_record(sim, t, rc, err, &cmd, &cfgtext, &run))
		return rc ? rc : 1;
	if (!sim->m) {
		size_t cfglen = 0;
		FILE *cf = open_memstream(&cfgtext, &cfglen);
		if (cf) {
			config_dump(&s->cfg, cf);
			fclose(cf);
		}
		run.config = cfgtext ? cfgtext : "";
	}
	if (t->r.calls && !s->quiet && !sim->m) {
		struct callstack_stats cst;
		callstack_stats(t->r.calls, &cst);
		fprintf(stderr, "robin %s: shadow stack: %" PRIu64 " calls, %" PRIu64 " returns, %"
		        PRIu64 " unwinds, %" PRIu64 " signals (%" PRIu64 " returned), max depth %u, "
		        "%u calling contexts\n", s->cmd, cst.calls, cst.returns, cst.unwinds,
		        cst.signals, cst.sigreturns, cst.max_depth, cst.contexts);
	}
	if (sim_profile_store(s->po[0].db_path, s->cmd, &run, pmu, &sim->cmap,
	                      s->quiet ? NULL : stderr))
		rc = rc ? rc : 1;
	free(cmd);
	free(cfgtext);
	return rc;
}

/* ProfileMe's summary and stored profiles of thread t. Returns the exit status so far. */
static int sim_out_profileme(struct sim *sim, struct sim_thread *t, int rc, int err)
{
	const struct sim_spec *s = sim->s;
	const struct sim_profile_opts *po = &sim->po[0];
	if (!s->quiet && sim_pm_print(stderr, t->r.pm[0], &sim->cmap,
	                              po->top_set ? po->top : SIM_PROFILE_TOP_DEFAULT)) {
		fprintf(stderr, "robin %s: out of memory while evaluating ProfileMe\n", s->cmd);
		rc = rc ? rc : 1;
	}
	int werr = t->pm_raw ? outfile_flush(t->pm_raw) : 0;
	if (werr) {
		fprintf(stderr, "robin %s: cannot write %s: %s\n", s->cmd, s->pmo[0].raw_path,
		        strerror(-werr));
		rc = rc ? rc : 1;
	}
	if (po->db_path) {
		char *cmd, *cfgtext;
		struct sim_profile_run run;
		if (sim_run_record(sim, t, rc, err, &cmd, &cfgtext, &run))
			return rc ? rc : 1;
		run.calls = NULL;
		if (sim_pm_store(po->db_path, s->cmd, &run, t->r.pm[0], &sim->cmap,
		                 s->quiet ? NULL : stderr))
			rc = rc ? rc : 1;
		free(cmd);
	}
	return rc;
}

/* The co-processor's evaluation of thread t against the baseline b (NULL: none). */
static int sim_out_coproc(struct sim *sim, struct sim_thread *t, const struct sim_base *b,
			  int rc)
{
	const struct sim_spec *s = sim->s;
	const struct core_stats *st = core_stats(sim->c);
	uint64_t cycles = sim->m ? t->r.cycles : st->cycles;
	uint64_t insns = sim->m ? 0 : st->instructions;
	const uint64_t *base = NULL;
	if (b && b->ok)
		base = sim->m ? &b->thread_cycles[t->index] : &b->cycles;
	char *cmd = NULL, svg[4096];
	if (sim->m && asprintf(&cmd, "%s #tid %d", s->command, t->r.tid) < 0)
		return rc ? rc : 1;
	if (s->cpo.svg_path) {
		if (sim->m)
			snprintf(svg, sizeof(svg), "%s.%d", s->cpo.svg_path, t->index);
		else
			snprintf(svg, sizeof(svg), "%s", s->cpo.svg_path);
	}
	if (sim_coproc_finish(t->cp, cycles, insns, base, &sim->cmap, cmd ? cmd : s->command,
	                      s->cpo.svg_path ? svg : NULL, s->quiet ? NULL : stderr))
		rc = rc ? rc : 1;
	free(cmd);
	return rc;
}

int sim_out_json(struct sim *sim, int rc, const char *status, int sig)
{
	const struct sim_spec *s = sim->s;
	FILE *f = fopen(s->stats_json, "w");
	if (!f) {
		fprintf(stderr, "robin %s: cannot write %s: %s\n", s->cmd, s->stats_json,
		        strerror(errno));
		return rc ? rc : 1;
	}
	struct json j;
	json_init(&j, f, 1);
	json_object_begin(&j);
	json_kv_string(&j, "program", s->restore ? s->restore : s->argv[0]);
	json_kv_string(&j, "preset", s->preset ? s->preset : "boom-large");
	json_kv_int(&j, "exit_code", rc);
	json_kv_string(&j, "status", status);
	json_kv_int(&j, "signal", sig);
	core_write_stats_json(sim->c, &j, sim->secs);
	if (sim->nth && sim_thread_json(sim, sim->th[0], &j)) {
		fprintf(stderr, "robin %s: out of memory while writing %s\n", s->cmd, s->stats_json);
		rc = rc ? rc : 1;
	}
	json_object_end(&j);
	json_end(&j);
	int err = outfile_close(f);
	if (err) {
		fprintf(stderr, "robin %s: %s: %s\n", s->cmd, s->stats_json, strerror(-err));
		rc = rc ? rc : 1;
	}
	return rc;
}

int sim_outputs(struct sim *sim, int rc, int err)
{
	const struct sim_spec *s = sim->s;
	struct sim_base *b = NULL;
	int have_cp = 0;
	for (int i = 0; i < sim->nth; i++)
		have_cp |= sim->th[i] && sim->th[i]->cp;
	if (have_cp && !s->cpo.no_baseline) {
		b = malloc(sizeof(*b));
		if (!b || sim_baseline(s, b))
			fprintf(stderr, "robin %s: the run without the co-processor failed; the overhead "
			        "is the charged cycles only\n", s->cmd);
	}
	for (int i = 0; i < sim->nth; i++) {
		struct sim_thread *t = sim->th[i];
		char label[128], cores[96];
		if (!t)
			continue;
		sim_cores_mask(t->cores, cores, sizeof(cores));
		snprintf(label, sizeof(label), "tid %d (core %s, %" PRIu64 " cycles)", t->r.tid,
		         cores, t->r.cycles);
		if (sim->m && !s->quiet && (t->cp || t->r.pm[0]))
			fprintf(stderr, "robin %s: %s\n", s->cmd, label);
		if (t->cp)
			rc = sim_out_coproc(sim, t, b, rc);
		if (t->r.pmu[0])
			rc = sim_out_profiles(sim, t, label, rc, err);
		if (t->r.pm[0])
			rc = sim_out_profileme(sim, t, rc, err);
	}
	free(b);
	return rc;
}
