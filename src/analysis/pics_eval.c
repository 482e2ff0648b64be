/*
 * pics_eval.c — PICS error, components and event-count correlation (see pics_eval.h).
 */
#include "analysis/pics_eval.h"
#include "analysis/correlation.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int pics_eval_key_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* One side's units: the granularity's unit key (dense index filled later) and signature. */
static int pics_eval_units(struct code_map *m, const struct pmu_profile *p, uint32_t set,
			   struct profile_error_unit *u[PMU_EVAL_GRAN_N], uint32_t *sig)
{
	for (int g = 0; g < PMU_EVAL_GRAN_N; g++)
		if (!(u[g] = malloc((p->n ? p->n : 1) * sizeof(*u[g]))))
			return -ENOMEM;
	for (size_t i = 0; i < p->n; i++) {
		const struct pmu_entry *e = &p->e[i];
		uint64_t pc = psv_key_pc(e->pc);
		struct code_loc l;
		int rc = code_map_locate(m, pc, &l);
		if (rc)
			return rc;
		double v = (double)e->total;
		sig[i] = psv_key_sig(e->pc) & set;
		u[PMU_EVAL_INSN][i] = (struct profile_error_unit){ code_map_key_insn(&l, pc), v };
		u[PMU_EVAL_BLOCK][i] = (struct profile_error_unit){ code_map_key_block(&l, pc), v };
		u[PMU_EVAL_FUNC][i] = (struct profile_error_unit){ code_map_key_func(m, &l), v };
	}
	return 0;
}

/* Replace unit keys by (dense index of the unit) << PSV_BITS | signature, so that a
 * component of a unit is one key of profile_error_compute. */
static int pics_eval_densify(struct profile_error_unit *a, const uint32_t *sa, size_t na,
			     struct profile_error_unit *b, const uint32_t *sb, size_t nb)
{
	uint64_t *k = malloc((na + nb + 1) * sizeof(*k));
	if (!k)
		return -ENOMEM;
	for (size_t i = 0; i < na; i++)
		k[i] = a[i].key;
	for (size_t i = 0; i < nb; i++)
		k[na + i] = b[i].key;
	qsort(k, na + nb, sizeof(*k), pics_eval_key_cmp);
	size_t nk = 0;
	for (size_t i = 0; i < na + nb; i++)
		if (!nk || k[nk - 1] != k[i])
			k[nk++] = k[i];
	for (size_t i = 0; i < na + nb; i++) {
		struct profile_error_unit *u = i < na ? &a[i] : &b[i - na];
		uint32_t s = i < na ? sa[i] : sb[i - na];
		const uint64_t *at = bsearch(&u->key, k, nk, sizeof(*k), pics_eval_key_cmp);
		u->key = (uint64_t)(at - k) << PSV_BITS | s;
	}
	free(k);
	return 0;
}

int pics_eval_error(struct code_map *m, const struct pmu_profile *pics,
		    const struct pmu_profile *golden, uint32_t set,
		    struct profile_error err[PMU_EVAL_GRAN_N])
{
	struct profile_error_unit *a[PMU_EVAL_GRAN_N] = { 0 }, *b[PMU_EVAL_GRAN_N] = { 0 };
	uint32_t *sa = NULL, *sb = NULL;
	memset(err, 0, PMU_EVAL_GRAN_N * sizeof(*err));
	int rc = -ENODATA;
	if (!pics->total || !golden->total)
		goto out;
	rc = -ENOMEM;
	if (!(sa = malloc((pics->n + 1) * sizeof(*sa))) ||
	    !(sb = malloc((golden->n + 1) * sizeof(*sb))))
		goto out;
	if ((rc = pics_eval_units(m, pics, set, a, sa)) ||
	    (rc = pics_eval_units(m, golden, set, b, sb)))
		goto out;
	for (int g = 0; g < PMU_EVAL_GRAN_N && !rc; g++)
		if (!(rc = pics_eval_densify(a[g], sa, pics->n, b[g], sb, golden->n)))
			rc = profile_error_compute(a[g], pics->n, b[g], golden->n, &err[g]);
out:
	for (int g = 0; g < PMU_EVAL_GRAN_N; g++) {
		free(a[g]);
		free(b[g]);
	}
	free(sa);
	free(sb);
	return rc;
}

uint64_t pics_eval_components(const struct pmu_profile *pics, uint64_t pc, uint32_t set,
			      uint64_t *units)
{
	uint64_t total = 0;
	memset(units, 0, PICS_EVAL_SIGS * sizeof(*units));
	if (pc >= PSV_KEY_PC_MAX)
		return 0;
	for (uint32_t s = 0; s < PICS_EVAL_SIGS; s++) {
		const struct pmu_entry *e = pmu_profile_find(pics, psv_key(pc, s));
		if (e) {
			units[s & set] += e->total;
			total += e->total;
		}
	}
	return total;
}

void pics_eval_stack_text(const double *units, double total, int parts, char *buf, size_t n)
{
	uint8_t used[PICS_EVAL_SIGS] = { 0 };
	size_t k = 0;
	double shown = 0;
	if (!n)
		return;
	buf[0] = 0;
	if (!(total > 0))
		return;
	for (int p = 0; p < parts; p++) {
		uint32_t best = 0;
		double bu = 0;
		for (uint32_t s = 0; s < PICS_EVAL_SIGS; s++)
			if (!used[s] && units[s] > bu) {
				bu = units[s];
				best = s;
			}
		if (!(bu > 0) || bu / total < 0.01)
			break;
		used[best] = 1;
		shown += bu;
		char name[PSV_NAME_MAX];
		psv_name(best, name, sizeof(name));
		int w = snprintf(buf + k, n - k, "%s%s %.0f%%", k ? ", " : "", name,
		                 100.0 * bu / total);
		if (w < 0 || (size_t)w >= n - k)
			return;
		k += (size_t)w;
	}
	if ((total - shown) / total >= 0.005)
		snprintf(buf + k, n - k, "%sother %.0f%%", k ? ", " : "", 100.0 * (total - shown) / total);
}

int pics_eval_correlation(const struct pmu_profile *prof, const struct pmu_profile *pics,
			  const struct pmu_profile *evcount, double r[PSV_BITS], size_t n[PSV_BITS])
{
	size_t np = prof->n;
	double *cyc = calloc((np ? np : 1) * PSV_BITS, sizeof(*cyc));
	double *x = malloc((np ? np : 1) * sizeof(*x)), *y = malloc((np ? np : 1) * sizeof(*y));
	if (!cyc || !x || !y) {
		free(cyc);
		free(x);
		free(y);
		return -ENOMEM;
	}
	/* cycles per (instruction, event) from the golden PICS */
	for (size_t i = 0; i < pics->n; i++) {
		const struct pmu_entry *e = &pics->e[i];
		uint32_t sig = psv_key_sig(e->pc);
		const struct pmu_entry *pe = sig ? pmu_profile_find(prof, psv_key_pc(e->pc)) : NULL;
		if (!pe)
			continue;
		size_t k = (size_t)(pe - prof->e);
		for (int b = 0; b < PSV_BITS; b++)
			if (sig & (1u << b))
				cyc[k * PSV_BITS + b] += (double)e->total / (double)pics->divisor;
	}
	for (int b = 0; b < PSV_BITS; b++) {
		size_t m = 0;
		for (size_t k = 0; k < np; k++) {
			const struct pmu_entry *c = pmu_profile_find(evcount, psv_key(prof->e[k].pc, 1u << b));
			double cnt = c ? (double)c->total : 0;
			double cy = cyc[k * PSV_BITS + b];
			if (cnt > 0 || cy > 0) {
				x[m] = cnt;
				y[m] = cy;
				m++;
			}
		}
		n[b] = m;
		r[b] = correlation_pearson(x, y, m);
	}
	free(cyc);
	free(x);
	free(y);
	return 0;
}
