/*
 * sim_smarts.c — `robin sim --smarts U:W:k`: SMARTS sampling of one simulation (see
 * sim_smarts.h), on one core or on several: then each core's stream warms that core between
 * the windows, and a window is W + U instructions of all the cores together, measured in the
 * cycles of the lock-stepped cores.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "sim/sim_priv.h"
#include "sim/sim_smarts.h"
#include "util/json.h"
#include "util/text.h"

/* ---- several cores --------------------------------------------------------------------- */

static enum emu_status sim_smarts_cores_warm(void *ctx, uint64_t n)
{
	struct sim *sim = ctx;
	sim->sc->max_insns = 0;
	sim->sc->status = EMU_RUNNING;
	return sim_warm_cores(sim, n);
}

static uint64_t sim_smarts_cores_begin(void *ctx, uint64_t n, int first)
{
	struct sim *sim = ctx;
	sim->sc->max_insns = sim->sc->produced + n;
	sim->sc->status = EMU_RUNNING;
	for (unsigned k = 0; k < sim->m->n; k++) {
		if (first)
			core_warm_done(sim->m->core[k]);
		else
			core_resume(sim->m->core[k]);
	}
	return core_cycle(sim->m->core[0]);
}

static int sim_smarts_cores_run(void *ctx, enum emu_status *st)
{
	struct sim *sim = ctx;
	int rc = cores_run(sim->m, NULL);
	*st = sim->sc->status == EMU_LIMIT ? EMU_RUNNING : sim->sc->status;
	return rc;
}

static uint64_t sim_smarts_cores_instret(void *ctx)
{
	struct sim *sim = ctx;
	return emu_instret(sim->e);
}

static int sim_smarts_cores_attach(void *ctx, struct probe_consumer *pc)
{
	struct sim *sim = ctx;
	for (unsigned k = 0; k < sim->m->n; k++) {
		int rc = core_attach(sim->m->core[k], pc);
		if (rc)
			return rc;
	}
	return 0;
}

int sim_smarts_go(struct sim *sim, enum emu_status *end)
{
	struct smarts_opts opts = sim->s->smarts;
	const struct smarts_opts *o = &opts;
	/* --max-insns bounds the sampled run too; a library caller's own bound (a campaign's
	 * point: its interval) is where the run is meant to end */
	int own_end = opts.max_insns != 0;
	if (!own_end)
		opts.max_insns = sim->s->eo->max_insns;
	const char *prog = sim->s->restore ? sim->s->restore : sim->s->argv[0];
	const char *json_path = sim->s->stats_json;
	struct smarts_result r;
	int rc;
	if (sim->m) {
		struct smarts_target t = {
			.ctx = sim, .warm = sim_smarts_cores_warm, .begin = sim_smarts_cores_begin,
			.run = sim_smarts_cores_run, .instret = sim_smarts_cores_instret,
			.attach = sim_smarts_cores_attach,
		};
		rc = smarts_sample(&t, o, &r);
	} else {
		rc = smarts_run(sim->e, sim->c, &sim->se, o, &r);
	}
	*end = r.status;
	sim->smarts = r;
	sim->smarts_ok = !rc && r.n;

	if (rc) {
		fprintf(stderr, "robin sim: SMARTS sampling stopped: %s\n", strerror(-rc));
		return 1;
	}
	if (!r.n) {
		fprintf(stderr, "robin sim: SMARTS: the program (%" PRIu64 " instructions) ended before "
		        "the first unit; use a smaller k or U\n", r.instructions);
		return 1;
	}
	if (!sim->s->quiet) {
		double rel = r.cpi > 0 ? r.ci997 / r.cpi : 0;
		fprintf(stderr, "robin sim: SMARTS %s: %" PRIu64 " units of %" PRIu64 " (W %" PRIu64
		        ", one in %" PRIu64 "), %" PRIu64 " of %" PRIu64 " instructions in detail\n",
		        prog, r.n, o->unit, o->warm, o->k, r.detailed, r.instructions);
		fprintf(stderr, "  CPI %.4f  +- %.4f (95%%)  +- %.4f (99.7%%, %.1f%%)  unit CPI sd %.4f\n",
		        r.cpi, r.ci95, r.ci997, 100 * rel, r.sd);
		fprintf(stderr, "  95%% confidence interval [%.4f, %.4f]\n", r.cpi - r.ci95, r.cpi + r.ci95);
		if (rel > o->target)
			fprintf(stderr, "  the 99.7%% interval is wider than +-%.0f%%: about %" PRIu64 " units are "
			        "needed%s%" PRIu64 "\n", 100 * o->target, r.n_needed,
			        r.k_suggested ? ", e.g. k = " : ", more than the program has: use a smaller U; k = ",
			        r.k_suggested ? r.k_suggested : 1);
		else
			fprintf(stderr, "  within +-%.0f%% at 99.7%%; k = %" PRIu64 " would still be (%" PRIu64
			        " units needed)\n", 100 * o->target, r.k_suggested ? r.k_suggested : o->k,
			        r.n_needed);
	}
	int limit = r.status == EMU_LIMIT && !own_end;
	if (limit)
		fprintf(stderr, "robin: stopped after %" PRIu64 " instructions (--max-insns)\n",
		        r.instructions);
	if (!json_path)
		return limit ? SIM_GUEST_EXIT_LIMIT : 0;
	FILE *f = fopen(json_path, "w");
	if (!f) {
		fprintf(stderr, "robin sim: cannot write %s: %s\n", json_path, strerror(errno));
		return 1;
	}
	struct json j;
	json_init(&j, f, 1);
	json_object_begin(&j);
	json_kv_string(&j, "program", prog);
	json_kv_uint(&j, "instructions", r.instructions);
	json_kv_double(&j, "cpi", r.cpi);
	json_key(&j, "cpi_ci95");
	json_array_begin(&j);
	json_double(&j, r.cpi - r.ci95);
	json_double(&j, r.cpi + r.ci95);
	json_array_end(&j);
	json_key(&j, "smarts");
	json_object_begin(&j);
	json_kv_uint(&j, "unit", o->unit);
	json_kv_uint(&j, "warmup", o->warm);
	json_kv_uint(&j, "k", o->k);
	json_kv_uint(&j, "units", r.n);
	json_kv_double(&j, "cpi", r.cpi);
	json_kv_double(&j, "cpi_sd", r.sd);
	json_kv_double(&j, "ci95", r.ci95);
	json_kv_double(&j, "ci997", r.ci997);
	json_kv_uint(&j, "detailed_instructions", r.detailed);
	json_kv_uint(&j, "units_needed", r.n_needed);
	json_kv_uint(&j, "k_suggested", r.k_suggested);
	json_object_end(&j);
	json_object_end(&j);
	json_end(&j);
	if (fclose(f)) {
		fprintf(stderr, "robin sim: cannot write %s: %s\n", json_path, strerror(errno));
		return 1;
	}
	return limit ? SIM_GUEST_EXIT_LIMIT : 0;
}
