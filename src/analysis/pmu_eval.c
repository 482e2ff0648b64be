/*
 * pmu_eval.c — profiler error against the Oracle, workload class, top instructions
 * (pmu_eval.h).
 */
#include "analysis/pmu_eval.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/cycle_stack.h"

/* pmu_profile's categories are the profile tools' cycle-stack categories. */
_Static_assert((int)PMU_CAT_EXECUTE == (int)CYCLE_STACK_EXECUTE &&
               (int)PMU_CAT_STALL_ALU == (int)CYCLE_STACK_STALL_ALU &&
               (int)PMU_CAT_STALL_LOAD == (int)CYCLE_STACK_STALL_LOAD &&
               (int)PMU_CAT_STALL_STORE == (int)CYCLE_STACK_STALL_STORE &&
               (int)PMU_CAT_FLUSH_MISPREDICT == (int)CYCLE_STACK_FLUSH_MISPREDICT &&
               (int)PMU_CAT_FLUSH_MISC == (int)CYCLE_STACK_FLUSH_MISC &&
               (int)PMU_CAT_FRONTEND == (int)CYCLE_STACK_FRONTEND,
               "pmu_cat and cycle_stack_cat must agree");

const char *pmu_eval_gran_name(enum pmu_eval_gran g)
{
	static const char *const names[PMU_EVAL_GRAN_N] = { "instruction", "basic_block",
	                                                     "function" };
	return (unsigned)g < PMU_EVAL_GRAN_N ? names[g] : "?";
}

const char *pmu_eval_class_name(enum pmu_eval_class c)
{
	static const char *const names[PMU_EVAL_CLASS_N] = { "compute", "flush", "stall" };
	return (unsigned)c < PMU_EVAL_CLASS_N ? names[c] : "?";
}

/* The units of one profile at every granularity. */
static int pmu_eval_units(struct code_map *m, const struct pmu_profile *p,
			  struct profile_error_unit *u[PMU_EVAL_GRAN_N])
{
	for (int g = 0; g < PMU_EVAL_GRAN_N; g++)
		if (!(u[g] = malloc((p->n ? p->n : 1) * sizeof(*u[g]))))
			return -ENOMEM;
	for (size_t i = 0; i < p->n; i++) {
		const struct pmu_entry *e = &p->e[i];
		struct code_loc l;
		int rc = code_map_locate(m, e->pc, &l);
		if (rc)
			return rc;
		double v = (double)e->total;
		u[PMU_EVAL_INSN][i] = (struct profile_error_unit){ code_map_key_insn(&l, e->pc), v };
		u[PMU_EVAL_BLOCK][i] = (struct profile_error_unit){ code_map_key_block(&l, e->pc), v };
		u[PMU_EVAL_FUNC][i] = (struct profile_error_unit){ code_map_key_func(m, &l), v };
	}
	return 0;
}

int pmu_eval_error(struct code_map *m, const struct pmu_profile *prof,
		   const struct pmu_profile *oracle, struct profile_error err[PMU_EVAL_GRAN_N])
{
	struct profile_error_unit *a[PMU_EVAL_GRAN_N] = { 0 }, *b[PMU_EVAL_GRAN_N] = { 0 };
	memset(err, 0, PMU_EVAL_GRAN_N * sizeof(*err));
	int rc = -ENODATA;
	if (!prof->total || !oracle->total)
		goto out;
	if ((rc = pmu_eval_units(m, prof, a)) || (rc = pmu_eval_units(m, oracle, b)))
		goto out;
	for (int g = 0; g < PMU_EVAL_GRAN_N && !rc; g++)
		rc = profile_error_compute(a[g], prof->n, b[g], oracle->n, &err[g]);
out:
	for (int g = 0; g < PMU_EVAL_GRAN_N; g++) {
		free(a[g]);
		free(b[g]);
	}
	return rc;
}

enum pmu_eval_class pmu_eval_classify(const struct pmu_profile *oracle, double *shares)
{
	double t = oracle->total ? (double)oracle->total : 1.0;
	double s[PMU_CAT_N];
	for (int c = 0; c < PMU_CAT_N; c++)
		s[c] = (double)oracle->cat_total[c] / t;
	if (shares)
		memcpy(shares, s, sizeof(s));
	if (s[PMU_CAT_EXECUTE] > PMU_EVAL_COMPUTE_SHARE)
		return PMU_EVAL_COMPUTE;
	if (s[PMU_CAT_FLUSH_MISPREDICT] + s[PMU_CAT_FLUSH_MISC] > PMU_EVAL_FLUSH_SHARE)
		return PMU_EVAL_FLUSH;
	return PMU_EVAL_STALL;
}

/* The function of a located instruction: its symbol, else its image's base name ("" in no
 * image); buf of CODE_MAP_TEXT_MAX bytes. */
static void pmu_eval_func_name(const struct code_map *m, const struct code_loc *l, char *buf)
{
	if (l->func) {
		snprintf(buf, CODE_MAP_TEXT_MAX, "%s", l->func->name);
	} else {
		const char *base = l->image >= 0 ? strrchr(m->im[l->image].path, '/') : NULL;
		snprintf(buf, CODE_MAP_TEXT_MAX, "%s",
		         l->image < 0 ? "" : base ? base + 1 : m->im[l->image].path);
	}
}

int pmu_eval_top(struct code_map *m, const struct pmu_profile *prof, struct pmu_eval_top *out,
		 size_t n)
{
	size_t ns;
	const struct pmu_entry **v = pmu_profile_sorted(prof, &ns);
	if (!v)
		return prof->n ? -ENOMEM : 0;
	if (n > ns)
		n = ns;
	int rc = 0;
	for (size_t i = 0; i < n; i++) {
		const struct pmu_entry *e = v[i];
		struct pmu_eval_top *t = &out[i];
		struct code_loc l;
		if ((rc = code_map_locate(m, e->pc, &l)))
			break;
		t->pc = e->pc;
		t->share = prof->total ? (double)e->total / (double)prof->total : 0;
		for (int c = 0; c < PMU_CAT_N; c++)
			t->cat_share[c] = e->total ? (double)e->cat[c] / (double)e->total : 0;
		code_map_describe(m, &l, e->pc, e->insn, t->where, t->source, t->disasm);
		pmu_eval_func_name(m, &l, t->func);
	}
	free(v);
	return rc ? rc : (int)n;
}

/* A function's units while pmu_eval_top_funcs sums them: its key and one pc of it. */
struct pmu_eval_fn {
	uint64_t key, pc;
	double units;
};

static int pmu_eval_fn_by_key(const void *a, const void *b)
{
	const struct pmu_eval_fn *x = a, *y = b;
	return x->key < y->key ? -1 : x->key > y->key;
}

static int pmu_eval_fn_by_units(const void *a, const void *b)
{
	const struct pmu_eval_fn *x = a, *y = b;
	return x->units > y->units ? -1 : x->units < y->units ? 1 : pmu_eval_fn_by_key(a, b);
}

int pmu_eval_top_funcs(struct code_map *m, const struct pmu_profile *prof, double min_share,
		       struct pmu_eval_top_func *out, size_t n)
{
	struct pmu_eval_fn *v = malloc((prof->n ? prof->n : 1) * sizeof(*v));
	if (!v)
		return -ENOMEM;
	int rc = 0;
	for (size_t i = 0; i < prof->n && !rc; i++) {
		struct code_loc l;
		if (!(rc = code_map_locate(m, prof->e[i].pc, &l)))
			v[i] = (struct pmu_eval_fn){ code_map_key_func(m, &l), prof->e[i].pc,
			                             (double)prof->e[i].total };
	}
	size_t w = 0;
	if (!rc && prof->n) {
		qsort(v, prof->n, sizeof(*v), pmu_eval_fn_by_key);
		for (size_t i = 0; i < prof->n; i++) {
			if (w && v[w - 1].key == v[i].key)
				v[w - 1].units += v[i].units;
			else
				v[w++] = v[i];
		}
		qsort(v, w, sizeof(*v), pmu_eval_fn_by_units);
	}
	size_t k = 0;
	for (; !rc && k < n && k < w && v[k].units > 0 &&
	       v[k].units >= min_share * (double)prof->total; k++) {
		struct code_loc l;
		if ((rc = code_map_locate(m, v[k].pc, &l)))
			break;
		out[k].key = v[k].key;
		out[k].share = v[k].units / (double)prof->total;
		pmu_eval_func_name(m, &l, out[k].func);
	}
	free(v);
	return rc ? rc : (int)k;
}

int pmu_eval_func_units(struct code_map *m, const struct pmu_profile *prof,
			const uint64_t *keys, size_t n, double *out)
{
	for (size_t k = 0; k < n; k++)
		out[k] = 0;
	for (size_t i = 0; i < prof->n; i++) {
		struct code_loc l;
		int rc = code_map_locate(m, prof->e[i].pc, &l);
		if (rc)
			return rc;
		uint64_t key = code_map_key_func(m, &l);
		for (size_t k = 0; k < n; k++)
			if (keys[k] == key) {
				out[k] += (double)prof->e[i].total;
				break;
			}
	}
	return 0;
}
