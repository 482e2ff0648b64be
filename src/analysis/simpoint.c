/*
 * simpoint.c — SimPoint 3.2's algorithm (see simpoint.h): frequency-vector reader, projection,
 * the search over k with the BIC threshold, simulation points and their weights, the files.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/kmeans.h"
#include "analysis/simpoint.h"

void simpoint_opts_default(struct simpoint_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->max_k = 10;
	o->dim = 15;
	o->num_init_seeds = 5;
	o->iters = 100;
	o->bic_threshold = 0.9;
	o->coverage = 1.0;
	o->seed_km = 493575226;      /* SimPoint's default seeds, for the record */
	o->seed_proj = 2042712918;
	o->fixed_length = 1;
}

/* ---- frequency vectors ------------------------------------------------------------------ */

static int simpoint_push(void **arr, size_t *cap, size_t n, size_t size)
{
	if (n < *cap)
		return 0;
	size_t nc = *cap ? *cap * 2 : 1024;
	void *p = realloc(*arr, nc * size);
	if (!p)
		return -ENOMEM;
	*arr = p;
	*cap = nc;
	return 0;
}

/* One line of f into *buf (NUL-terminated, the newline kept) with its length in *len: 1, 0 at
 * the end of the file, -E2BIG past SIMPOINT_FV_MAX_LINE bytes, -EILSEQ at a NUL byte (a
 * binary file, /dev/zero), -ENOMEM, -EIO. Unlike getline it never grows without bound. */
static int simpoint_fv_getline(FILE *f, char **buf, size_t *cap, size_t *len)
{
	size_t n = 0;
	int c;
	while ((c = getc_unlocked(f)) != EOF) {
		if (!c)
			return -EILSEQ;
		if (n + 2 > *cap) {
			if (*cap >= SIMPOINT_FV_MAX_LINE + 2)
				return -E2BIG;
			size_t nc = *cap ? *cap * 2 : 4096;
			if (nc > SIMPOINT_FV_MAX_LINE + 2)
				nc = SIMPOINT_FV_MAX_LINE + 2;
			char *p = realloc(*buf, nc);
			if (!p)
				return -ENOMEM;
			*buf = p;
			*cap = nc;
		}
		(*buf)[n++] = (char)c;
		if (c == '\n')
			break;
	}
	if (ferror(f))
		return -EIO;
	if (!n)
		return 0;
	(*buf)[n] = 0;
	*len = n;
	return 1;
}

int simpoint_fv_read(const char *path, struct simpoint_fv *fv, char *err, size_t errlen)
{
	memset(fv, 0, sizeof(*fv));
	FILE *f = fopen(path, "r");
	if (!f) {
		int e = errno;
		snprintf(err, errlen, "cannot read %s: %s", path, strerror(e));
		return -e;
	}
	size_t cap_rows = 0, cap_pairs = 0, cap_ids = 0, cap_sums = 0, n_pairs = 0;
	char *line = NULL;
	size_t linecap = 0;
	size_t len;
	long lineno = 0;
	int rc = 0, got;
	while ((got = simpoint_fv_getline(f, &line, &linecap, &len)) > 0) {
		lineno++;
		if (line[0] != 'T') {
			/* SimPoint reads only the T lines; comments and blank lines pass, not text */
			size_t sp = strspn(line, " \t\r\n");
			if (line[0] == '#' || sp == len)
				continue;
			snprintf(err, errlen, "%s:%ld: not a frequency vector (T:id:count ...), a comment "
			         "(#) or a blank line", path, lineno);
			rc = -EINVAL;
			goto fail;
		}
		if (simpoint_push((void **)&fv->row_start, &cap_rows, fv->n_rows + 1, sizeof(size_t)) ||
		    simpoint_push((void **)&fv->row_sum, &cap_sums, fv->n_rows, sizeof(double))) {
			rc = -ENOMEM;
			goto fail;
		}
		fv->row_start[fv->n_rows] = n_pairs;
		double sum = 0;
		char *p = line + 1;
		for (;;) {
			while (*p == ' ' || *p == '\t')
				p++;
			if (*p == '\n' || *p == '\r' || !*p)
				break;
			char *e1, *e2;
			unsigned long long id = 0;
			double cnt = 0;
			int ok = *p == ':';
			if (ok) {
				errno = 0;
				id = strtoull(p + 1, &e1, 10);
				ok = e1 != p + 1 && *e1 == ':' && !errno && id >= 1 && id <= UINT32_MAX;
			}
			if (ok) {
				cnt = strtod(e1 + 1, &e2);
				ok = e2 != e1 + 1 && cnt >= 0 && isfinite(cnt);
			}
			if (!ok) {
				snprintf(err, errlen, "%s:%ld:%ld: expected ':id:count' (id >= 1, count >= 0)",
				         path, lineno, (long)(p - line) + 1);
				rc = -EINVAL;
				goto fail;
			}
			if (simpoint_push((void **)&fv->id, &cap_ids, n_pairs, sizeof(uint32_t)) ||
			    simpoint_push((void **)&fv->count, &cap_pairs, n_pairs, sizeof(double))) {
				rc = -ENOMEM;
				goto fail;
			}
			fv->id[n_pairs] = (uint32_t)id;
			fv->count[n_pairs] = cnt;
			n_pairs++;
			sum += cnt;
			if (id > fv->max_id)
				fv->max_id = (uint32_t)id;
			p = e2;
		}
		if (sum <= 0) {
			snprintf(err, errlen, "%s:%ld: an interval with no instructions", path, lineno);
			rc = -EINVAL;
			goto fail;
		}
		fv->row_sum[fv->n_rows++] = sum;
	}
	if (got < 0) {
		rc = got;
		if (got == -EILSEQ)
			snprintf(err, errlen, "%s:%ld: a NUL byte: not a text file of frequency vectors",
			         path, lineno + 1);
		else if (got == -E2BIG)
			snprintf(err, errlen, "%s:%ld: a line longer than %d MiB", path, lineno + 1,
			         SIMPOINT_FV_MAX_LINE >> 20);
		else if (got == -EIO)
			snprintf(err, errlen, "cannot read %s: %s", path, strerror(EIO));
		goto fail;
	}
	if (!fv->n_rows) {
		snprintf(err, errlen, "%s: no frequency vectors (T: lines)", path);
		rc = -EINVAL;
		goto fail;
	}
	if (simpoint_push((void **)&fv->row_start, &cap_rows, fv->n_rows + 1, sizeof(size_t))) {
		rc = -ENOMEM;
		goto fail;
	}
	fv->row_start[fv->n_rows] = n_pairs;
	free(line);
	fclose(f);
	return 0;
fail:
	if (rc == -ENOMEM)
		snprintf(err, errlen, "%s: out of memory", path);
	free(line);
	fclose(f);
	simpoint_fv_free(fv);
	return rc;
}

void simpoint_fv_free(struct simpoint_fv *fv)
{
	free(fv->row_start);
	free(fv->id);
	free(fv->count);
	free(fv->row_sum);
	memset(fv, 0, sizeof(*fv));
}

/* ---- projection --------------------------------------------------------------------------- */

/* Entry (id, col) of the random projection matrix, uniform in [-1, 1): a hash of the seed and
 * the position, so the matrix needs no storage and does not depend on the order rows come. */
static double simpoint_proj_entry(uint64_t seed, uint32_t id, int col)
{
	uint64_t st = seed ^ ((uint64_t)id << 20) ^ (uint64_t)col * 0xd1b54a32d192ed03ull;
	uint64_t r = kmeans_rand_next(&st);
	return (double)(r >> 11) * (2.0 / 9007199254740992.0) - 1.0;
}

/* The rows normalised to sum 1 and projected (or dense when dim == 0): x[n * d]. */
static double *simpoint_project(const struct simpoint_fv *fv, int dim, uint64_t seed, size_t *d_out)
{
	size_t d = dim > 0 ? (size_t)dim : fv->max_id;
	double *x = calloc(fv->n_rows * d, sizeof(*x));
	if (!x)
		return NULL;
	for (size_t i = 0; i < fv->n_rows; i++) {
		double *row = x + i * d;
		for (size_t p = fv->row_start[i]; p < fv->row_start[i + 1]; p++) {
			double v = fv->count[p] / fv->row_sum[i];
			if (dim <= 0) {
				row[fv->id[p] - 1] += v;
				continue;
			}
			for (int c = 0; c < dim; c++)
				row[c] += v * simpoint_proj_entry(seed, fv->id[p], c);
		}
	}
	*d_out = d;
	return x;
}

/* x (n rows of *d) with o->extra as one more column; frees x and returns NULL without memory. */
static double *simpoint_append_extra(double *x, size_t n, size_t *d, const double *extra)
{
	size_t d1 = *d + 1;
	double *y = malloc(n * d1 * sizeof(*y));
	if (y)
		for (size_t i = 0; i < n; i++) {
			memcpy(y + i * d1, x + i * *d, *d * sizeof(*y));
			y[i * d1 + *d] = extra[i];
		}
	free(x);
	*d = d1;
	return y;
}

int simpoint_extra_read(const char *path, size_t n_rows, double **out, char *err, size_t errlen)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
		return -errno;
	}
	double *v = malloc((n_rows ? n_rows : 1) * sizeof(*v));
	char line[128];
	size_t n = 0, lineno = 0;
	int rc = v ? 0 : -ENOMEM;
	if (!v)
		snprintf(err, errlen, "out of memory");
	while (!rc && fgets(line, sizeof(line), f)) {
		char *end;
		lineno++;
		double x = strtod(line, &end);
		while (*end == ' ' || *end == '\t' || *end == '\n' || *end == '\r')
			end++;
		if (end == line || *end || !isfinite(x)) {
			snprintf(err, errlen, "%s:%zu: expected one number", path, lineno);
			rc = -EINVAL;
		} else if (fabs(x) > SIMPOINT_EXTRA_MAX) {
			/* the distances square it and sum the squares: keep them finite */
			snprintf(err, errlen, "%s:%zu: %g is out of range (|value| <= %g)", path, lineno,
			         x, SIMPOINT_EXTRA_MAX);
			rc = -ERANGE;
		} else if (n == n_rows) {
			snprintf(err, errlen, "%s:%zu: more lines than the %zu intervals", path, lineno,
			         n_rows);
			rc = -EINVAL;
		} else
			v[n++] = x;
	}
	fclose(f);
	if (!rc && n != n_rows) {
		snprintf(err, errlen, "%s: %zu lines for %zu intervals", path, n, n_rows);
		rc = -EINVAL;
	}
	if (rc) {
		free(v);
		return rc;
	}
	*out = v;
	return 0;
}

/* ---- clustering ------------------------------------------------------------------------- */

/* The best of num_init_seeds k-means runs by BIC into *best (allocated here). */
static int simpoint_best_for_k(const struct kmeans_data *data, const struct simpoint_opts *o,
                               int k, struct kmeans_model *best, struct simpoint_try *t)
{
	struct kmeans_model m = { 0 };
	int err = kmeans_model_init(best, k, data->d);
	if (err)
		return err;
	t->k = k;
	t->bic = -INFINITY;
	for (int s = 0; s < o->num_init_seeds; s++) {
		err = kmeans_model_init(&m, k, data->d);
		if (err)
			return err;
		kmeans_init_sample(data, &m, o->seed_km + (uint64_t)k * 1000003u + (uint64_t)s);
		int it = kmeans_run(data, &m, o->iters);
		if (it < 0) {
			kmeans_model_free(&m);
			return it;
		}
		double bic = kmeans_bic(data, &m);
		if (s == 0 || bic > t->bic) {
			t->bic = bic;
			t->iterations = it;
			memcpy(best->c, m.c, (size_t)k * data->d * sizeof(double));
			memcpy(best->cw, m.cw, (size_t)k * sizeof(double));
		}
		kmeans_model_free(&m);
	}
	return 0;
}

static int simpoint_cmp_weight_desc(const void *a, const void *b, void *ctx)
{
	const double *w = ctx;
	int x = *(const int *)a, y = *(const int *)b;
	if (w[x] != w[y])
		return w[x] > w[y] ? -1 : 1;
	return x - y;
}

int simpoint_cluster(const struct simpoint_fv *fv, const struct simpoint_opts *o,
                     struct simpoint_result *r, char *err, size_t errlen)
{
	memset(r, 0, sizeof(*r));
	if (o->n_k == 0 && o->max_k < 1) {
		snprintf(err, errlen, "-maxK must be at least 1");
		return -EINVAL;
	}
	if (o->num_init_seeds < 1 || o->bic_threshold < 0 || o->bic_threshold > 1 ||
	    !(o->coverage > 0 && o->coverage <= 1)) {
		snprintf(err, errlen, "-numInitSeeds >= 1, 0 <= -bicThreshold <= 1 and 0 < "
		         "-coveragePct <= 1 are needed");
		return -EINVAL;
	}
	size_t n = fv->n_rows, d;
	double *x = simpoint_project(fv, o->dim, o->seed_proj, &d);
	if (x && o->extra)
		x = simpoint_append_extra(x, n, &d, o->extra);
	double *w = malloc(n * sizeof(*w));
	struct kmeans_model models[SIMPOINT_MAX_TRIES];
	int n_models = 0, rc = -ENOMEM;
	memset(models, 0, sizeof(models));
	if (!x || !w)
		goto out;
	double total = 0;
	for (size_t i = 0; i < n; i++)
		total += fv->row_sum[i];
	for (size_t i = 0; i < n; i++)
		w[i] = o->fixed_length ? 1.0 / (double)n : fv->row_sum[i] / total;
	struct kmeans_data data = { n, d, x, w };

	/* the k to try: given, or SimPoint's binary search: 1, max, the middle, then halving
	 * toward the side where the BIC first reaches the threshold */
	int kq[SIMPOINT_MAX_TRIES], nq = 0;
	int kmax = o->max_k < (int)n ? o->max_k : (int)n, kmin = 1;
	if (o->n_k) {
		for (int i = 0; i < o->n_k; i++) {
			if (o->k_values[i] < 1 || (size_t)o->k_values[i] > n) {
				snprintf(err, errlen, "k = %d is not in [1, %zu intervals]", o->k_values[i], n);
				rc = -EINVAL;
				goto out;
			}
			kq[nq++] = o->k_values[i];
		}
	} else {
		kq[nq++] = 1;
		if (kmax > 1)
			kq[nq++] = kmax;
		if ((kmax + 1) / 2 > 1 && (kmax + 1) / 2 < kmax)
			kq[nq++] = (kmax + 1) / 2;
	}
	int imin = 0, imax = 0;
	for (int q = 0; q < nq; q++) {
		struct simpoint_try *t = &r->tries[r->n_tries];
		rc = simpoint_best_for_k(&data, o, kq[q], &models[n_models], t);
		n_models++;
		r->n_tries++;
		if (rc)
			goto out;
		if (!isfinite(t->bic)) {
			snprintf(err, errlen, "k = %d: the BIC is not finite (values too large for the "
			         "distances)", kq[q]);
			rc = -ERANGE;
			goto out;
		}
		if (t->bic > r->tries[imax].bic)
			imax = q;
		if (t->bic < r->tries[imin].bic)
			imin = q;
		if (o->n_k || q < 2)
			continue;
		double thr = r->tries[imin].bic + (r->tries[imax].bic - r->tries[imin].bic) *
		             o->bic_threshold;
		int upper = imax > imin && t->bic < thr;
		int last = t->k, next;
		if (upper) {
			next = (last + kmax) / 2;
			kmin = last;
		} else {
			next = (last + kmin) / 2;
			kmax = last;
		}
		if (kmax - kmin > 1 && nq < SIMPOINT_MAX_TRIES)
			kq[nq++] = next;
	}

	/* the smallest k whose BIC reaches min + t * (max - min) */
	double lo = r->tries[0].bic, hi = r->tries[0].bic;
	for (int q = 1; q < r->n_tries; q++) {
		lo = fmin(lo, r->tries[q].bic);
		hi = fmax(hi, r->tries[q].bic);
	}
	double thr = lo + (hi - lo) * o->bic_threshold;
	int best = -1;
	for (int q = 0; q < r->n_tries; q++)
		if (r->tries[q].bic >= thr && (best < 0 || r->tries[q].k < r->tries[best].k))
			best = q;
	if (best < 0)
		best = 0;
	const struct kmeans_model *m = &models[best];
	int k = m->k;
	r->k = k;
	r->n_rows = n;
	r->labels = malloc(n * sizeof(*r->labels));
	r->dists = malloc(n * sizeof(*r->dists));
	r->cluster_weight = calloc((size_t)k, sizeof(*r->cluster_weight));
	r->point = malloc((size_t)k * sizeof(*r->point));
	r->selected = calloc((size_t)k, sizeof(*r->selected));
	int *order = malloc((size_t)k * sizeof(*order));
	if (!r->labels || !r->dists || !r->cluster_weight || !r->point || !r->selected || !order) {
		free(order);
		rc = -ENOMEM;
		goto out;
	}
	kmeans_labels(&data, m, r->labels, r->dists);
	for (int j = 0; j < k; j++)
		r->point[j] = -1;
	for (size_t i = 0; i < n; i++) {
		int j = r->labels[i];
		r->cluster_weight[j] += w[i];
		if (r->point[j] < 0 || r->dists[i] < r->dists[r->point[j]])
			r->point[j] = (long)i;
	}
	/* coverage: the largest non-empty clusters until their share reaches it */
	for (int j = 0; j < k; j++)
		order[j] = j;
	qsort_r(order, (size_t)k, sizeof(*order), simpoint_cmp_weight_desc, r->cluster_weight);
	double covered = 0;
	for (int q = 0; q < k && covered < o->coverage - 1e-12; q++) {
		if (r->cluster_weight[order[q]] <= 0)
			break;
		r->selected[order[q]] = 1;
		covered += r->cluster_weight[order[q]];
	}
	free(order);
	rc = 0;
out:
	if (rc == -ENOMEM)
		snprintf(err, errlen, "out of memory");
	for (int q = 0; q < n_models; q++)
		kmeans_model_free(&models[q]);
	free(x);
	free(w);
	if (rc)
		simpoint_result_free(r);
	return rc;
}

void simpoint_result_free(struct simpoint_result *r)
{
	free(r->labels);
	free(r->dists);
	free(r->cluster_weight);
	free(r->point);
	free(r->selected);
	r->labels = NULL;
	r->dists = r->cluster_weight = NULL;
	r->point = NULL;
	r->selected = NULL;
}

/* ---- splitting clusters by a signature ------------------------------------------------- */

struct simpoint_member {
	int label;
	double v;                  /* ln of the signature */
	size_t i;                  /* the interval */
};

static int simpoint_cmp_member(const void *a, const void *b)
{
	const struct simpoint_member *x = a, *y = b;
	if (x->label != y->label)
		return x->label < y->label ? -1 : 1;
	if (x->v != y->v)
		return x->v < y->v ? -1 : 1;
	return x->i < y->i ? -1 : x->i > y->i;
}

/* Sum of squared deviations of m[a..b) from their mean, from the prefix sums p1, p2. */
static double simpoint_sse(const double *p1, const double *p2, size_t a, size_t b)
{
	double s = p1[b] - p1[a], cnt = (double)(b - a);
	double v = p2[b] - p2[a] - s * s / cnt;
	return v > 0 ? v : 0;
}

/* Grow r's per-cluster arrays to k clusters (the new ones empty). 0 or -ENOMEM. */
static int simpoint_grow(struct simpoint_result *r, int k)
{
	double *cw = realloc(r->cluster_weight, (size_t)k * sizeof(*cw));
	if (cw)
		r->cluster_weight = cw;
	long *pt = cw ? realloc(r->point, (size_t)k * sizeof(*pt)) : NULL;
	if (pt)
		r->point = pt;
	int *sel = pt ? realloc(r->selected, (size_t)k * sizeof(*sel)) : NULL;
	if (!sel)
		return -ENOMEM;
	r->selected = sel;
	for (int j = r->k; j < k; j++) {
		r->cluster_weight[j] = 0;
		r->point[j] = -1;
		r->selected[j] = 0;
	}
	return 0;
}

int simpoint_split_by_signature(struct simpoint_result *r, const double *sig, const double *w,
                                double max_ratio, int max_clusters,
                                struct simpoint_split **splits, int *n_splits)
{
	*splits = NULL;
	*n_splits = 0;
	if (!(max_ratio > 1) || r->k >= max_clusters || !r->n_rows)
		return 0;
	size_t n = r->n_rows;
	int k0 = r->k, rc = -ENOMEM;
	double lr = log(max_ratio);
	struct simpoint_member *m = malloc(n * sizeof(*m));
	double *p1 = malloc((n + 1) * sizeof(*p1)), *p2 = malloc((n + 1) * sizeof(*p2));
	size_t *cs = calloc((size_t)k0 + 1, sizeof(*cs));       /* cluster j: m[cs[j]..cs[j+1]) */
	size_t *cut = malloc((n + 1) * sizeof(*cut));           /* a cluster's part boundaries */
	int *order = malloc((size_t)k0 * sizeof(*order));
	double *spread = malloc((size_t)k0 * sizeof(*spread));
	struct simpoint_split *sp = NULL;
	int nsp = 0;
	if (!m || !p1 || !p2 || !cs || !cut || !order || !spread)
		goto out;
	for (size_t i = 0; i < n; i++) {
		m[i].label = r->labels[i];
		m[i].v = log(sig[i] > 0 ? sig[i] : 1e-300);
		m[i].i = i;
		cs[r->labels[i] + 1]++;
	}
	for (int j = 0; j < k0; j++)
		cs[j + 1] += cs[j];
	qsort(m, n, sizeof(*m), simpoint_cmp_member);
	p1[0] = p2[0] = 0;
	for (size_t i = 0; i < n; i++) {
		p1[i + 1] = p1[i] + m[i].v;
		p2[i + 1] = p2[i] + m[i].v * m[i].v;
	}
	/* the clusters whose intervals spread the most, by weight, first */
	for (int j = 0; j < k0; j++) {
		order[j] = j;
		spread[j] = cs[j + 1] > cs[j] ? r->cluster_weight[j] * (m[cs[j + 1] - 1].v - m[cs[j]].v) : 0;
	}
	qsort_r(order, (size_t)k0, sizeof(*order), simpoint_cmp_weight_desc, spread);
	for (int q = 0; q < k0 && r->k < max_clusters; q++) {
		int j = order[q];
		size_t a0 = cs[j], b0 = cs[j + 1];
		if (b0 - a0 < 2 || m[b0 - 1].v - m[a0].v <= lr)
			continue;
		/* parts [cut[p], cut[p+1]); split the widest while it is too wide */
		int np = 1;
		cut[0] = a0;
		cut[1] = b0;
		while (r->k + np - 1 < max_clusters) {
			int wp = -1;
			double wr = lr;
			for (int p = 0; p < np; p++) {
				double range = m[cut[p + 1] - 1].v - m[cut[p]].v;
				if (cut[p + 1] - cut[p] >= 2 && range > wr) {
					wr = range;
					wp = p;
				}
			}
			if (wp < 0)
				break;
			size_t a = cut[wp], b = cut[wp + 1], best = a + 1;
			double bsse = INFINITY;
			for (size_t t = a + 1; t < b; t++) {
				double e = simpoint_sse(p1, p2, a, t) + simpoint_sse(p1, p2, t, b);
				if (e < bsse) {
					bsse = e;
					best = t;
				}
			}
			memmove(cut + wp + 2, cut + wp + 1, (size_t)(np - wp) * sizeof(*cut));
			cut[wp + 1] = best;
			np++;
		}
		if (np < 2)
			continue;
		struct simpoint_split *ns = realloc(sp, (size_t)(nsp + 1) * sizeof(*ns));
		if (!ns || simpoint_grow(r, r->k + np - 1)) {
			free(ns ? ns : sp);
			sp = NULL;
			goto out;
		}
		sp = ns;
		sp[nsp++] = (struct simpoint_split){ .cluster = j, .parts = np, .first_new = r->k,
		                                     .n = (int)(b0 - a0), .lo = exp(m[a0].v),
		                                     .hi = exp(m[b0 - 1].v) };
		double wpart = 0;
		for (int p = 0; p < np; p++) {
			int id = p ? r->k + p - 1 : j;
			long best_i = -1;
			wpart = 0;
			for (size_t x = cut[p]; x < cut[p + 1]; x++) {
				size_t i = m[x].i;
				r->labels[i] = id;
				wpart += w ? w[i] : 1.0 / (double)n;
				if (best_i < 0 || r->dists[i] < r->dists[best_i])
					best_i = (long)i;
			}
			r->cluster_weight[id] = wpart;
			r->point[id] = best_i;
			r->selected[id] = r->selected[j] || !p;
		}
		r->k += np - 1;
	}
	*splits = sp;
	*n_splits = nsp;
	rc = 0;
out:
	free(m);
	free(p1);
	free(p2);
	free(cs);
	free(cut);
	free(order);
	free(spread);
	return rc;
}

/* ---- files -------------------------------------------------------------------------------- */

static int simpoint_flush(FILE *out)
{
	return fflush(out) || ferror(out) ? -EIO : 0;
}

/* Cluster j goes into the files: non-empty, and under the coverage rule if asked. */
static int simpoint_in(const struct simpoint_result *r, int j, int covered)
{
	return covered ? r->selected[j] : r->cluster_weight[j] > 0;
}

int simpoint_write_points(const struct simpoint_result *r, int covered, FILE *out)
{
	for (int j = 0; j < r->k; j++)
		if (simpoint_in(r, j, covered))
			fprintf(out, "%ld %d\n", r->point[j], j);
	return simpoint_flush(out);
}

int simpoint_write_weights(const struct simpoint_result *r, int covered, FILE *out)
{
	double sum = 0;
	for (int j = 0; j < r->k; j++)
		if (simpoint_in(r, j, covered))
			sum += r->cluster_weight[j];
	for (int j = 0; j < r->k; j++)
		if (simpoint_in(r, j, covered))
			fprintf(out, "%.6g %d\n", r->cluster_weight[j] / sum, j);
	return simpoint_flush(out);
}

int simpoint_write_labels(const struct simpoint_result *r, int covered, FILE *out)
{
	(void)covered;
	for (size_t i = 0; i < r->n_rows; i++)
		fprintf(out, "%d %.6g\n", r->labels[i], r->dists[i]);
	return simpoint_flush(out);
}

/* "A B" lines of a points or weights file: A as double, B as cluster. */
static int simpoint_read_pairs(const char *path, double **a, int **b, size_t *n, char *err,
                               size_t errlen)
{
	FILE *f = fopen(path, "r");
	*a = NULL;
	*b = NULL;
	*n = 0;
	if (!f) {
		int e = errno;
		snprintf(err, errlen, "cannot read %s: %s", path, strerror(e));
		return -e;
	}
	size_t cap_a = 0, cap_b = 0;
	char line[256];
	long lineno = 0;
	int rc = 0;
	while (fgets(line, sizeof(line), f)) {
		lineno++;
		double x;
		int c, used = 0;
		if (line[0] == '\n' || line[0] == '#')
			continue;
		if (sscanf(line, "%lf %d %n", &x, &c, &used) != 2 || line[used] || c < 0 || !isfinite(x)) {
			snprintf(err, errlen, "%s:%ld: expected '<number> <cluster>'", path, lineno);
			rc = -EINVAL;
			break;
		}
		if (simpoint_push((void **)a, &cap_a, *n, sizeof(double)) ||
		    simpoint_push((void **)b, &cap_b, *n, sizeof(int))) {
			snprintf(err, errlen, "%s: out of memory", path);
			rc = -ENOMEM;
			break;
		}
		(*a)[*n] = x;
		(*b)[*n] = c;
		(*n)++;
	}
	fclose(f);
	if (!rc && !*n) {
		snprintf(err, errlen, "%s: no entries", path);
		rc = -EINVAL;
	}
	if (rc) {
		free(*a);
		free(*b);
		*a = NULL;
		*b = NULL;
	}
	return rc;
}

int simpoint_read_points(const char *points_path, const char *weights_path,
                         struct simpoint_point **out, size_t *n, char *err, size_t errlen)
{
	double *pa = NULL, *wa = NULL;
	int *pc = NULL, *wc = NULL;
	size_t np = 0, nw = 0;
	*out = NULL;
	*n = 0;
	int rc = simpoint_read_pairs(points_path, &pa, &pc, &np, err, errlen);
	if (!rc)
		rc = simpoint_read_pairs(weights_path, &wa, &wc, &nw, err, errlen);
	if (rc)
		goto out;
	struct simpoint_point *p = calloc(np, sizeof(*p));
	if (!p) {
		rc = -ENOMEM;
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	for (size_t i = 0; i < np; i++) {
		if (pa[i] < 0 || pa[i] != floor(pa[i])) {
			snprintf(err, errlen, "%s:%zu: interval %g is not a whole number", points_path,
			         i + 1, pa[i]);
			rc = -EINVAL;
			break;
		}
		size_t j;
		for (j = 0; j < nw && wc[j] != pc[i]; j++)
			;
		if (j == nw) {
			snprintf(err, errlen, "%s: no weight for cluster %d of %s", weights_path, pc[i],
			         points_path);
			rc = -EINVAL;
			break;
		}
		p[i] = (struct simpoint_point){ (long)pa[i], pc[i], wa[j] };
	}
	if (rc) {
		free(p);
	} else {
		*out = p;
		*n = np;
	}
out:
	free(pa);
	free(pc);
	free(wa);
	free(wc);
	return rc;
}
