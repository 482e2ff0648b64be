/*
 * campaign_prof_eval.c — a campaign's weighted Oracle/TIP profiles: combined, stored as one
 * run, evaluated against the full detailed run (see campaign_prof_eval.h).
 */
#include "campaign/campaign_prof_eval.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis/simpoint.h"
#include "analysis/strat_ci.h"
#include "campaign/campaign_priv.h"
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

/* Each of the n functions keys[]'s share of every interval's instructions, from the campaign's
 * basic-block vectors (bbv.bb, and bbv.map's blocks by their first PC): x[i * n + k]. Known
 * for every interval, not only the points' (NAN for an interval without a vector, as the
 * program's partial tail may be). NULL when they do not read or out of memory. */
static double *campaign_prof_insn_shares(const struct campaign *c, struct code_map *m,
                                         const uint64_t *keys, int n)
{
	char path[PATH_MAX], line[256], err[256];
	int *fn = NULL;
	size_t cap = 0;
	double *x = NULL;
	if (campaign_path(path, sizeof(path), c->dir, "bbv.map"))
		return NULL;
	FILE *f = fopen(path, "r");
	if (!f)
		return NULL;
	int ok = 1;
	while (ok && fgets(line, sizeof(line), f)) {
		size_t id;
		uint64_t pc;
		struct code_loc l;
		if (sscanf(line, "B %zu %" SCNx64, &id, &pc) != 2 || !id || id > (1u << 28))
			continue;
		if (id >= cap) {
			size_t nc = cap ? cap : 1024;
			while (nc <= id)
				nc *= 2;
			int *g = realloc(fn, nc * sizeof(*g));
			if (!g) {
				ok = 0;
				break;
			}
			for (size_t i = cap; i < nc; i++)
				g[i] = -1;
			fn = g;
			cap = nc;
		}
		if (code_map_locate(m, pc, &l)) {
			ok = 0;
			break;
		}
		uint64_t key = code_map_key_func(m, &l);
		for (int k = 0; k < n; k++)
			if (keys[k] == key)
				fn[id] = k;
	}
	fclose(f);
	struct simpoint_fv fv;
	if (!ok || campaign_path(path, sizeof(path), c->dir, "bbv.bb") ||
	    simpoint_fv_read(path, &fv, err, sizeof(err))) {
		free(fn);
		return NULL;
	}
	if ((x = calloc(c->n_intervals * (size_t)n, sizeof(*x))))
		for (size_t i = 0; i < c->n_intervals; i++) {
			if (i >= fv.n_rows) {  /* a tail the vectors do not have a row for */
				for (int k = 0; k < n; k++)
					x[i * (size_t)n + (size_t)k] = NAN;
				continue;
			}
			for (size_t j = fv.row_start[i]; j < fv.row_start[i + 1]; j++)
				if (fv.id[j] < cap && fn[fv.id[j]] >= 0)
					x[i * (size_t)n + (size_t)fn[fv.id[j]]] += fv.count[j];
			for (int k = 0; k < n && fv.row_sum[i] > 0; k++)
				x[i * (size_t)n + (size_t)k] /= fv.row_sum[i];
		}
	simpoint_fv_free(&fv);
	free(fn);
	return x;
}

/* The weighted Oracle's heaviest functions with their shares' 95% intervals: per point its
 * Oracle cycles per instruction in each function, y_f, and in all, y; the share
 * S = sum w y_f / sum w y; its variance that of the stratified mean of y_f - S y (the
 * clusters as strata, pooled in units of each cluster's mean CPI) over the CPI squared.
 * Two points can agree by chance where their cluster's intervals differ (a start-up interval
 * among a loop's, its library code in neither point): each function's share of every
 * interval's instructions, from the basic-block vectors, spread over the cluster's intervals
 * and in cycles by the cycles per instruction in and outside the function in the points, is a
 * floor under the cluster's variance (with the cluster's intervals less one degrees of
 * freedom), as the memory signature is under the CPI's. 0, or -ENOMEM, or -errno with a
 * message in err when a point's profile does not read. */
static int campaign_prof_shares(const struct campaign *c, struct code_map *m,
                                const struct campaign_prof *w, const struct campaign_prof *t,
                                struct campaign_prof_eval *out, char *err, size_t errlen)
{
	const struct campaign_prof_model *o = campaign_prof_find(w, "oracle");
	if (!o || !o->prof.total || c->n_points < 1 || c->k < 1)
		return 0;
	struct pmu_eval_top_func tf[CAMPAIGN_PROF_TOP];
	uint64_t keys[CAMPAIGN_PROF_TOP];
	int n = pmu_eval_top_funcs(m, &o->prof, CAMPAIGN_PROF_TOP_MIN, tf, CAMPAIGN_PROF_TOP);
	if (n <= 0)
		return n;
	for (int k = 0; k < n; k++) {
		keys[k] = tf[k].key;
		memset(&out->top[k], 0, sizeof(out->top[k]));
		memcpy(out->top[k].func, tf[k].func, sizeof(out->top[k].func));
		out->top[k].full = -1;
	}
	double (*y)[CAMPAIGN_PROF_TOP] = calloc((size_t)c->n_points, sizeof(*y));
	double *cp = calloc((size_t)c->n_points, sizeof(*cp));
	struct strat_ci_stratum *h = calloc((size_t)c->k, sizeof(*h));
	double *cpi_sum = calloc((size_t)c->k, sizeof(*cpi_sum));
	double *units = calloc((size_t)c->k, sizeof(*units));
	double (*xs)[3] = calloc((size_t)c->k, sizeof(*xs));  /* per cluster: n, sum, sum of squares */
	int rc = !y || !cp || !h || !cpi_sum || !units || !xs ? -ENOMEM : 0;
	for (size_t i = 0; !rc && i < c->n_intervals; i++)  /* each cluster's intervals */
		if (c->label[i] >= 0 && c->label[i] < c->k)
			units[c->label[i]]++;
	for (int i = 0; i < c->n_points && !rc; i++) {
		const struct campaign_point *p = &c->pts[i];
		char path[PATH_MAX];
		struct campaign_prof pp;
		if (campaign_path(path, sizeof(path), c->dir, "point-%d.prof", i)) {
			rc = campaign_fail(err, errlen, -ENAMETOOLONG, "path too long");
			break;
		}
		if ((rc = campaign_prof_load(path, &pp, err, errlen)))
			break;
		const struct campaign_prof_model *po = campaign_prof_find(&pp, "oracle");
		if (po && po->prof.divisor && p->insns) {
			/* per instruction of the interval, as the weighted profile counts it */
			double f = campaign_point_prof_per_insn(p) / (double)po->prof.divisor;
			rc = pmu_eval_func_units(m, &po->prof, keys, (size_t)n, y[i]);
			for (int k = 0; k < n; k++)
				y[i][k] *= f;
			cp[i] = (double)po->prof.total * f;
		}
		campaign_prof_free(&pp);
	}
	double cpi = 0;
	for (int i = 0; i < c->n_points && !rc; i++)
		cpi += c->pts[i].weight * cp[i];
	double *x = rc ? NULL : campaign_prof_insn_shares(c, m, keys, n);
	for (int k = 0; k < n && !rc && cpi > 0; k++) {
		double sf = 0;
		for (int i = 0; i < c->n_points; i++)
			sf += c->pts[i].weight * y[i][k];
		sf /= cpi;
		memset(h, 0, (size_t)c->k * sizeof(*h));
		memset(cpi_sum, 0, (size_t)c->k * sizeof(*cpi_sum));
		for (int i = 0; i < c->n_points; i++) {
			const struct campaign_point *p = &c->pts[i];
			if (p->cluster < 0 || p->cluster >= c->k)
				continue;
			struct strat_ci_stratum *st = &h[p->cluster];
			double z = y[i][k] - sf * cp[i];
			st->w += p->weight;
			st->n++;
			st->sum += z;
			st->sum2 += z * z;
			cpi_sum[p->cluster] += cp[i];
		}
		/* cycles per instruction in the function (ck) and outside it (cr), over the points:
		 * an interval of instruction share x has z = y - S cp near x (ck (1 - S) + S cr) -
		 * S cr, so the spread of x times that factor is a floor under z's */
		double yw = 0, xw = 0, cw = 0, rw = 0;
		for (int i = 0; x && i < c->n_points; i++) {
			const struct campaign_point *p = &c->pts[i];
			double v = x[(size_t)p->interval * (size_t)n + (size_t)k];
			if (!isnan(v)) {
				yw += p->weight * y[i][k];
				xw += p->weight * v;
				cw += p->weight * cp[i];
				rw += p->weight * (1 - v);
			}
		}
		double ck = xw > 0 ? yw / xw : 0, cr = rw > 0 ? (cw - yw) / rw : 0;
		double fk = ck * (1 - sf) + sf * (cr > 0 ? cr : 0);
		memset(xs, 0, (size_t)c->k * sizeof(*xs));
		for (size_t i = 0; fk > 0 && i < c->n_intervals; i++) {
			double v = x[i * (size_t)n + (size_t)k];
			if (c->label[i] >= 0 && c->label[i] < c->k && !isnan(v)) {
				xs[c->label[i]][0]++;
				xs[c->label[i]][1] += v;
				xs[c->label[i]][2] += v * v;
			}
		}
		int ns = 0;
		for (int j = 0; j < c->k; j++) {
			if (!h[j].n)
				continue;
			h[j].n_units = units[j] > h[j].n ? units[j] : h[j].n;
			h[j].scale = cpi_sum[j] / h[j].n;
			double nx = xs[j][0];
			if (nx >= 2) {
				double mx = xs[j][1] / nx, vx = (xs[j][2] - nx * mx * mx) / (nx - 1);
				h[j].floor_s2 = vx > 0 ? fk * fk * vx : 0;
				h[j].floor_df = nx - 1;
			}
			h[ns++] = h[j];
		}
		struct strat_ci ci;
		struct campaign_prof_share *s = &out->top[k];
		s->share = sf;
		if (!strat_ci_compute_pooled(h, (size_t)ns, &ci) && ci.ok) {
			double half = ci.half95 / cpi;
			s->ci_ok = 1;
			s->lo = sf - half > 0 ? sf - half : 0;
			s->hi = sf + half < 1 ? sf + half : 1;
		}
	}
	const struct campaign_prof_model *to = t ? campaign_prof_find(t, "oracle") : NULL;
	if (!rc && to && to->prof.total) {
		double u[CAMPAIGN_PROF_TOP];
		if (!(rc = pmu_eval_func_units(m, &to->prof, keys, (size_t)n, u)))
			for (int k = 0; k < n; k++)
				out->top[k].full = u[k] / (double)to->prof.total;
	}
	if (!rc)
		out->n_top = n;
	free(x);
	free(y);
	free(cp);
	free(h);
	free(cpi_sum);
	free(units);
	free(xs);
	return rc;
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
	rc = campaign_prof_shares(c, &m, &w, out->have_truth ? &t : NULL, out, err, sizeof(err));
	if (rc == -ENOMEM)
		goto oom;
	if (rc) {
		fprintf(stderr, "robin %s: %s\n", cmd, err);
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
	json_key(j, "top_functions");  /* the weighted Oracle's heaviest, with 95% intervals */
	json_array_begin(j);
	for (int k = 0; k < pe->n_top; k++) {
		const struct campaign_prof_share *s = &pe->top[k];
		json_object_begin(j);
		json_kv_string(j, "function", s->func);
		json_kv_double(j, "share", s->share);
		json_key(j, "ci95");
		if (s->ci_ok) {
			json_array_begin(j);
			json_double(j, s->lo);
			json_double(j, s->hi);
			json_array_end(j);
		} else {
			json_null(j);
		}
		if (s->full >= 0) {
			json_kv_double(j, "full_share", s->full);
			if (s->ci_ok)
				json_kv_int(j, "ci95_holds", s->full >= s->lo && s->full <= s->hi);
		}
		json_object_end(j);
	}
	json_array_end(j);
	json_object_end(j);
}
