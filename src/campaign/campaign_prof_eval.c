/*
 * campaign_prof_eval.c — a campaign's weighted Oracle/TIP profiles: combined, stored as one
 * run, evaluated against the full detailed run (see campaign_prof_eval.h).
 */
#include "campaign/campaign_prof_eval.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "campaign/campaign_prof.h"
#include "sim/sim_profile.h"

/* The code map of the images the profiles recorded. 0 or -ENOMEM. */
static int campaign_prof_eval_map(const struct campaign_prof *p, struct code_map *m)
{
	for (int i = 0; i < p->nim; i++) {
		int rc = code_map_add(m, p->im[i].path, p->im[i].start, p->im[i].end, p->im[i].bias);
		if (rc == -ENOMEM)
			return rc;
		/* an overlapping range keeps the first registration, as sim_profile_code_map */
	}
	return 0;
}

/* A file's whole text (NULL when unreadable or out of memory; the caller frees). */
static char *campaign_prof_eval_slurp(const char *path)
{
	char *text = NULL, buf[4096];
	size_t len = 0, n;
	FILE *in = fopen(path, "r");
	if (!in)
		return NULL;
	FILE *out = open_memstream(&text, &len);
	if (out) {
		while ((n = fread(buf, 1, sizeof(buf), in)) > 0)
			fwrite(buf, 1, n, out);
		fclose(out);
	}
	fclose(in);
	return text;
}

/* The weighted profiles as a run of the database: "robin simpoint run -- PROG ARGS". */
static int campaign_prof_eval_store(const struct campaign *c, const char *cmd,
                                    const char *db_path, const struct campaign_prof *w,
                                    uint64_t period, struct code_map *m, FILE *info)
{
	struct pmu_unit units[CAMPAIGN_PROF_MAX];
	const struct pmu_unit *u[CAMPAIGN_PROF_MAX];
	size_t n = 0;
	double samples = 0;
	for (int i = 0; i < w->n; i++) {
		int k = pmu_model_index(w->m[i].name);
		if (k < 0)
			continue;
		memset(&units[n], 0, sizeof(units[n]));
		units[n].model = pmu_model_at((size_t)k);
		units[n].prof = w->m[i].prof;
		units[n].samples = (uint64_t)llround(w->m[i].samples);
		if (!units[n].model->every_cycle)
			samples = w->m[i].samples;
		u[n] = &units[n];
		n++;
	}
	char path[PATH_MAX + 16], *command = NULL, *config = NULL;
	size_t clen = 0;
	FILE *cf = open_memstream(&command, &clen);
	if (!cf)
		return -ENOMEM;
	fprintf(cf, "robin simpoint run (weighted profile of %s) --", c->dir);
	for (int i = 0; i < c->argc; i++)
		fprintf(cf, " %s", c->argv[i]);
	fclose(cf);
	snprintf(path, sizeof(path), "%s/core.cfg", c->dir);
	config = campaign_prof_eval_slurp(path);
	const struct campaign_prof_model *o = campaign_prof_find(w, "oracle");
	struct sim_profile_run run = {
		.command = command ? command : "robin simpoint run", .config = config ? config : "",
		.cycles = o ? (uint64_t)llround((double)o->prof.total / (double)o->prof.divisor) : 0,
		.instructions = c->total_insns,
	};
	char dbdef[PATH_MAX + 16];
	if (!db_path) {
		snprintf(dbdef, sizeof(dbdef), "%s/robin.db", c->dir);
		db_path = dbdef;
	}
	int rc = sim_profile_store_units(db_path, cmd, &run, u, n, period, samples, m, info);
	free(command);
	free(config);
	return rc;
}

static int campaign_prof_eval_error(struct code_map *m, const struct campaign_prof *p,
                                    const char *name, const struct campaign_prof *ref,
                                    struct profile_error *out)
{
	const struct campaign_prof_model *a = campaign_prof_find(p, name);
	const struct campaign_prof_model *r = campaign_prof_find(ref, "oracle");
	if (!a || !r)
		return -ENODATA;
	return pmu_eval_error(m, &a->prof, &r->prof, out);
}

int campaign_prof_eval(const struct campaign *c, const char *cmd, const char *db_path,
                       struct campaign_prof_eval *out, FILE *info)
{
	char err[1024], path[PATH_MAX + 16];
	uint64_t period = 0;
	memset(out, 0, sizeof(*out));
	int rc = campaign_prof_wanted(c->dir, &period, err, sizeof(err));
	if (rc <= 0) {
		if (rc)
			fprintf(stderr, "robin %s: %s\n", cmd, err);
		return rc;
	}
	struct campaign_prof w, t;
	struct code_map m;
	memset(&t, 0, sizeof(t));
	code_map_init(&m);
	if ((rc = campaign_prof_weighted(c, &w, err, sizeof(err)))) {
		fprintf(stderr, "robin %s: %s\n", cmd, err);
		code_map_free(&m);
		return rc;
	}
	out->have = 1;
	const struct campaign_prof_model *tip = campaign_prof_find(&w, "tip");
	const struct campaign_prof_model *orc = campaign_prof_find(&w, "oracle");
	out->tip_samples = tip ? tip->raw_samples : 0;
	out->weighted_cycles = orc ? (double)orc->prof.total / (double)orc->prof.divisor : 0;
	snprintf(path, sizeof(path), "%s/truth.prof", c->dir);
	if (access(path, R_OK) == 0) {
		if ((rc = campaign_prof_load(path, &t, err, sizeof(err)))) {
			fprintf(stderr, "robin %s: %s\n", cmd, err);
			goto out;
		}
		out->have_truth = 1;
		const struct campaign_prof_model *ft = campaign_prof_find(&t, "tip");
		out->full_tip_samples = ft ? ft->raw_samples : 0;
	}
	if ((rc = campaign_prof_eval_map(&w, &m)) || (rc = campaign_prof_eval_map(&t, &m)))
		goto oom;
	rc = campaign_prof_eval_error(&m, &w, "tip", &w, out->w_tip_w_oracle);
	if (!rc && out->have_truth &&
	    !(rc = campaign_prof_eval_error(&m, &w, "oracle", &t, out->w_oracle)) &&
	    !(rc = campaign_prof_eval_error(&m, &w, "tip", &t, out->w_tip)))
		rc = campaign_prof_eval_error(&m, &t, "tip", &t, out->full_tip);
	if (rc == -ENOMEM)
		goto oom;
	if (rc) {
		fprintf(stderr, "robin %s: a profile is empty (no samples)\n", cmd);
		goto out;
	}
	rc = campaign_prof_eval_store(c, cmd, db_path, &w, period, &m, info);
	goto out;
oom:
	fprintf(stderr, "robin %s: out of memory while evaluating the profiles\n", cmd);
out:
	campaign_prof_free(&w);
	campaign_prof_free(&t);
	code_map_free(&m);
	return rc;
}

static void campaign_prof_eval_json_errors(struct json *j, const char *key,
                                           const struct profile_error *e)
{
	json_key(j, key);
	json_object_begin(j);
	for (int g = 0; g < PMU_EVAL_GRAN_N; g++)
		json_kv_double(j, pmu_eval_gran_name((enum pmu_eval_gran)g), e[g].error);
	json_object_end(j);
}

void campaign_prof_eval_json(struct json *j, const struct campaign_prof_eval *pe)
{
	if (!pe->have)
		return;
	json_key(j, "profile");
	json_object_begin(j);
	json_kv_uint(j, "tip_samples", pe->tip_samples);
	json_kv_double(j, "weighted_cycles", pe->weighted_cycles);
	campaign_prof_eval_json_errors(j, "weighted_tip_vs_weighted_oracle", pe->w_tip_w_oracle);
	if (pe->have_truth) {
		json_kv_uint(j, "full_tip_samples", pe->full_tip_samples);
		campaign_prof_eval_json_errors(j, "weighted_oracle_vs_full_oracle", pe->w_oracle);
		campaign_prof_eval_json_errors(j, "weighted_tip_vs_full_oracle", pe->w_tip);
		campaign_prof_eval_json_errors(j, "full_tip_vs_full_oracle", pe->full_tip);
	}
	json_object_end(j);
}
