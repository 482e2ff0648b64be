/*
 * sim_smarts.c — `robin sim --smarts U:W:k`: SMARTS sampling of one run (see sim_smarts.h).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "sim/sim_smarts.h"
#include "util/json.h"
#include "util/text.h"

int sim_smarts(struct emu *e, struct core *c, struct source_emu *se, const struct smarts_opts *o,
               const char *prog, const char *json_path)
{
	struct smarts_result r;
	int rc = smarts_run(e, c, se, o, &r);
	if (rc) {
		fprintf(stderr, "robin sim: SMARTS sampling stopped: %s\n", strerror(-rc));
		return 1;
	}
	if (!r.n) {
		fprintf(stderr, "robin sim: SMARTS: the program (%" PRIu64 " instructions) ended before "
		        "the first unit; use a smaller k or U\n", r.instructions);
		return 1;
	}
	double rel = r.cpi > 0 ? r.ci997 / r.cpi : 0;
	fprintf(stderr, "robin sim: SMARTS %s: %" PRIu64 " units of %" PRIu64 " (W %" PRIu64
	        ", one in %" PRIu64 "), %" PRIu64 " of %" PRIu64 " instructions in detail\n",
	        prog, r.n, o->unit, o->warm, o->k, r.detailed, r.instructions);
	fprintf(stderr, "  CPI %.4f  +- %.4f (95%%)  +- %.4f (99.7%%, %.1f%%)  unit CPI sd %.4f\n",
	        r.cpi, r.ci95, r.ci997, 100 * rel, r.sd);
	if (rel > o->target)
		fprintf(stderr, "  the 99.7%% interval is wider than +-%.0f%%: about %" PRIu64 " units are "
		        "needed%s%" PRIu64 "\n", 100 * o->target, r.n_needed,
		        r.k_suggested ? ", e.g. k = " : ", more than the program has: use a smaller U; k = ",
		        r.k_suggested ? r.k_suggested : 1);
	else
		fprintf(stderr, "  within +-%.0f%% at 99.7%%; k = %" PRIu64 " would still be (%" PRIu64
		        " units needed)\n", 100 * o->target, r.k_suggested ? r.k_suggested : o->k,
		        r.n_needed);
	if (!json_path)
		return 0;
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
	return fclose(f) ? 1 : 0;
}
