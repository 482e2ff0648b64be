/*
 * coproc_truth.c — the exact profiles and the simple sampler (coproc_truth.h). Every
 * committed load draws a geometric level (the number of trailing zero bits of a random
 * word): sampling "at 1/2^k" takes exactly the loads of level >= k, so one pass records the
 * simple sampler at twenty rates, nested, and level >= 0 is the exact profile. A random draw
 * rather than every N-th load keeps the sampler from locking onto one load of a loop.
 */
#include "coproc/coproc_truth.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "coproc/coproc_map.h"

struct truth_pair {
	uint64_t pc;
	uint32_t value;
	uint32_t cnt[COPROC_TRUTH_LEVELS];   /* loads whose level is k (the last: >= k) */
};

struct truth_load {
	uint64_t pc;
	uint32_t cnt[COPROC_TRUTH_LEVELS];
};

struct truth_branch {
	uint64_t pc;
	uint64_t taken, not_taken;
};

struct truth_dep {
	uint32_t load, store;
	uint64_t n;
};

struct truth_addr {
	uint64_t store_pc;
	uint64_t store_seq;
};

/* A growable array of fixed-size elements behind a pair-keyed map. */
struct truth_table {
	void *v;
	size_t n, cap, size;
	struct coproc_map map;
};

struct coproc_truth {
	struct truth_table pairs, loads, branches, deps, addrs;
	int edges;
	uint64_t memdep_window;      /* stores back a dependence may reach (0: off) */
	uint64_t stores;
	uint64_t rng;
	uint64_t nloads;
	int oom;
};

/* The element for (a, b), created zeroed; NULL when out of memory. */
static void *table_get(struct truth_table *t, uint64_t a, uint64_t b, int *created)
{
	int64_t k = coproc_map_get(&t->map, a, b);
	if (k >= 0) {
		*created = 0;
		return (char *)t->v + (size_t)k * t->size;
	}
	if (t->n == t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 1024;
		void *v = realloc(t->v, cap * t->size);
		if (!v)
			return NULL;
		t->v = v;
		t->cap = cap;
	}
	if (coproc_map_put(&t->map, a, b, (uint32_t)t->n))
		return NULL;
	void *e = (char *)t->v + t->n * t->size;
	memset(e, 0, t->size);
	t->n++;
	*created = 1;
	return e;
}

static void table_free(struct truth_table *t)
{
	free(t->v);
	coproc_map_free(&t->map);
}

int coproc_truth_create(int edges, int memdep, uint64_t seed, struct coproc_truth **out)
{
	struct coproc_truth *t = calloc(1, sizeof(*t));
	if (!t)
		return -ENOMEM;
	t->pairs.size = sizeof(struct truth_pair);
	t->loads.size = sizeof(struct truth_load);
	t->branches.size = sizeof(struct truth_branch);
	t->deps.size = sizeof(struct truth_dep);
	t->addrs.size = sizeof(struct truth_addr);
	t->edges = edges;
	t->memdep_window = memdep > 0 ? (uint64_t)memdep : 0;
	t->rng = seed * 0x9e3779b97f4a7c15ull + 0x2545f4914f6cdd1dull;
	*out = t;
	return 0;
}

static void truth_load(struct coproc_truth *t, const struct probe_insn *r)
{
	uint64_t x = t->rng;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	t->rng = x;
	unsigned level = (unsigned)__builtin_ctzll(x | (1ull << (COPROC_TRUTH_LEVELS - 1)));
	uint32_t v = (uint32_t)r->mem_value;
	int created;
	struct truth_pair *p = table_get(&t->pairs, r->pc, v, &created);
	struct truth_load *l = table_get(&t->loads, r->pc, 0, &created);
	if (!p || !l) {
		t->oom = 1;
		return;
	}
	if (!p->pc) {
		p->pc = r->pc;
		p->value = v;
	}
	l->pc = r->pc;
	p->cnt[level]++;
	l->cnt[level]++;
	t->nloads++;
	if (t->memdep_window) {
		int c;
		struct truth_addr *a = table_get(&t->addrs, r->mem_addr, 0, &c);
		if (!a) {
			t->oom = 1;
			return;
		}
		if (!c && t->stores - a->store_seq <= t->memdep_window) {
			struct truth_dep *d = table_get(&t->deps, (uint32_t)r->pc,
			                                (uint32_t)a->store_pc, &c);
			if (!d) {
				t->oom = 1;
				return;
			}
			d->load = (uint32_t)r->pc;
			d->store = (uint32_t)a->store_pc;
			d->n++;
		} else if (c) {
			a->store_seq = UINT64_MAX / 2;   /* never written: no dependence */
		}
	}
}

static void truth_on_insn(void *ctx, const struct probe_insn *r)
{
	struct coproc_truth *t = ctx;
	if (!r->committed)
		return;
	int c;
	switch (r->insn->cls) {
	case ISA_CLASS_LOAD:
		truth_load(t, r);
		break;
	case ISA_CLASS_BRANCH:
		if (t->edges) {
			struct truth_branch *b = table_get(&t->branches, (uint32_t)r->pc, 0, &c);
			if (!b) {
				t->oom = 1;
				break;
			}
			b->pc = r->pc;
			if (r->taken)
				b->taken++;
			else
				b->not_taken++;
		}
		break;
	case ISA_CLASS_STORE:
		if (t->memdep_window) {
			struct truth_addr *a = table_get(&t->addrs, r->mem_addr, 0, &c);
			if (!a) {
				t->oom = 1;
				break;
			}
			t->stores++;
			a->store_pc = r->pc;
			a->store_seq = t->stores;
		}
		break;
	default:
		break;
	}
}

void coproc_truth_consumer(struct coproc_truth *t, struct probe_consumer *out)
{
	memset(out, 0, sizeof(*out));
	out->ctx = t;
	out->on_insn = truth_on_insn;
}

uint64_t coproc_truth_loads(const struct coproc_truth *t)
{
	return t->nloads;
}

int coproc_truth_oom(const struct coproc_truth *t)
{
	return t->oom;
}

void coproc_truth_destroy(struct coproc_truth *t)
{
	if (!t)
		return;
	table_free(&t->pairs);
	table_free(&t->loads);
	table_free(&t->branches);
	table_free(&t->deps);
	table_free(&t->addrs);
	free(t);
}

/* ---- evaluations ------------------------------------------------------------------------- */

static uint64_t truth_at_least(const uint32_t *cnt, unsigned k)
{
	uint64_t s = 0;
	for (unsigned j = k; j < COPROC_TRUTH_LEVELS; j++)
		s += cnt[j];
	return s;
}

static int fig5_by_count(const void *a, const void *b)
{
	const struct coproc_fig5_point *x = a, *y = b;
	if (x->count != y->count)
		return x->count < y->count ? 1 : -1;
	return x->pc < y->pc ? -1 : x->pc > y->pc;
}

int coproc_truth_eval_value(const struct coproc_truth *t, const struct coproc_value_est *est,
			    size_t n, uint64_t budget_cycles, uint64_t cost_per_sample,
			    struct coproc_value_eval *out, struct coproc_fig5_point **pts,
			    size_t *npts)
{
	memset(out, 0, sizeof(*out));
	*pts = NULL;
	*npts = 0;
	struct coproc_map em = { 0 };
	for (size_t i = 0; i < n; i++)
		if (coproc_map_get(&em, est[i].pc32, est[i].value) < 0 &&
		    coproc_map_put(&em, est[i].pc32, est[i].value, (uint32_t)i)) {
			coproc_map_free(&em);
			return -ENOMEM;
		}
	/* simple sampling: the largest rate within the budget */
	const struct truth_load *loads = t->loads.v;
	uint64_t at_level[COPROC_TRUTH_LEVELS + 1] = { 0 };
	for (size_t i = 0; i < t->loads.n; i++)
		for (unsigned k = 0; k < COPROC_TRUTH_LEVELS; k++)
			at_level[k] += truth_at_least(loads[i].cnt, k);
	unsigned k = 0;
	while (k < COPROC_TRUTH_LEVELS && at_level[k] * cost_per_sample > budget_cycles)
		k++;
	out->simple_period = k < COPROC_TRUTH_LEVELS ? 1ull << k : 0;
	out->simple_samples = at_level[k];
	out->simple_cycles = at_level[k] * cost_per_sample;
	out->loads = t->nloads;
	out->static_loads = t->loads.n;
	out->pairs = t->pairs.n;
	const struct truth_pair *pairs = t->pairs.v;
	struct coproc_fig5_point *p = NULL;
	size_t np = 0, capp = 0;
	double w = 0, se = 0, sse = 0;
	for (size_t i = 0; i < t->pairs.n; i++) {
		const struct truth_pair *q = &pairs[i];
		uint64_t count = truth_at_least(q->cnt, 0);
		if (count < COPROC_QUAL_MIN_COUNT)
			continue;
		int created;
		const struct truth_load *l = table_get((struct truth_table *)&t->loads, q->pc, 0,
		                                       &created);
		if (!l)
			continue;
		uint64_t lc = truth_at_least(l->cnt, 0);
		double inv = (double)count / (double)lc;
		if (inv < COPROC_QUAL_MIN_INV)
			continue;
		int64_t e = coproc_map_get(&em, (uint32_t)q->pc, q->value);
		double ei = e >= 0 ? est[e].inv : 0.0;
		double si = 0.0;
		if (k < COPROC_TRUTH_LEVELS) {
			uint64_t ls = truth_at_least(l->cnt, k);
			si = ls ? (double)truth_at_least(q->cnt, k) / (double)ls : 0.0;
		}
		if (np == capp) {
			capp = capp ? 2 * capp : 256;
			struct coproc_fig5_point *g = realloc(p, capp * sizeof(*p));
			if (!g) {
				free(p);
				coproc_map_free(&em);
				return -ENOMEM;
			}
			p = g;
		}
		p[np++] = (struct coproc_fig5_point){ q->pc, q->value, count, inv, ei, si };
		out->qualifying++;
		out->estimated += e >= 0;
		out->within5 += fabs(ei - inv) <= 0.05 + 1e-12;
		out->simple_within5 += fabs(si - inv) <= 0.05 + 1e-12;
		w += (double)count;
		se += (double)count * (ei - inv) * (ei - inv);
		sse += (double)count * (si - inv) * (si - inv);
	}
	coproc_map_free(&em);
	out->wrms = w > 0 ? 100.0 * sqrt(se / w) : 0.0;
	out->simple_wrms = w > 0 ? 100.0 * sqrt(sse / w) : 0.0;
	if (np)
		qsort(p, np, sizeof(*p), fig5_by_count);
	*pts = p;
	*npts = np;
	return 0;
}

int coproc_truth_eval_edges(const struct coproc_truth *t, const struct coproc_pair_count *r,
			    size_t n, struct coproc_pair_eval *out)
{
	memset(out, 0, sizeof(*out));
	struct coproc_map m = { 0 };
	for (size_t i = 0; i < n; i++)
		if (coproc_map_put(&m, r[i].a, 0, (uint32_t)i)) {
			coproc_map_free(&m);
			return -ENOMEM;
		}
	const struct truth_branch *b = t->branches.v;
	double w = 0, se = 0;
	for (size_t i = 0; i < t->branches.n; i++) {
		uint64_t all = b[i].taken + b[i].not_taken;
		if (all < COPROC_QUAL_MIN_COUNT)
			continue;
		out->items++;
		double tf = (double)b[i].taken / (double)all, ef = 0;
		int64_t k = coproc_map_get(&m, (uint32_t)b[i].pc, 0);
		if (k >= 0 && r[k].n1 + r[k].n2) {
			out->covered++;
			ef = (double)r[k].n1 / (double)(r[k].n1 + r[k].n2);
		}
		out->within5 += k >= 0 && fabs(ef - tf) <= 0.05 + 1e-12;
		w += (double)all;
		se += (double)all * (ef - tf) * (ef - tf);
	}
	coproc_map_free(&m);
	out->wrms = w > 0 ? 100.0 * sqrt(se / w) : 0.0;
	return 0;
}

int coproc_truth_eval_memdep(const struct coproc_truth *t, const struct coproc_pair_count *r,
			     size_t n, struct coproc_pair_eval *out)
{
	memset(out, 0, sizeof(*out));
	/* the truth as pair counts */
	size_t nt = t->deps.n;
	struct coproc_pair_count *tr = calloc(nt ? nt : 1, sizeof(*tr));
	if (!tr)
		return -ENOMEM;
	const struct truth_dep *d = t->deps.v;
	for (size_t i = 0; i < nt; i++)
		tr[i] = (struct coproc_pair_count){ d[i].load, d[i].store, d[i].n, 0 };
	/* per load: total dependences, the dominant store (truth) and the co-processor's */
	struct coproc_map lm = { 0 };
	struct dom { uint32_t load; uint64_t total, best_n, est_n; uint32_t best, est; } *dv = NULL;
	size_t nd = 0;
	int rc = 0;
	dv = calloc((nt + n) ? nt + n : 1, sizeof(*dv));
	if (!dv) {
		rc = -ENOMEM;
		goto out;
	}
	for (size_t pass = 0; pass < 2; pass++) {
		const struct coproc_pair_count *src = pass ? r : tr;
		size_t cnt = pass ? n : nt;
		for (size_t i = 0; i < cnt; i++) {
			int64_t k = coproc_map_get(&lm, src[i].a, 0);
			if (k < 0) {
				if (pass || coproc_map_put(&lm, src[i].a, 0, (uint32_t)nd)) {
					if (!pass) {
						rc = -ENOMEM;
						goto out;
					}
					continue;   /* a load the truth never saw depend */
				}
				k = (int64_t)nd++;
				dv[k].load = src[i].a;
			}
			if (!pass) {
				dv[k].total += src[i].n1;
				if (src[i].n1 > dv[k].best_n) {
					dv[k].best_n = src[i].n1;
					dv[k].best = src[i].b;
				}
			} else if (src[i].n1 > dv[k].est_n) {
				dv[k].est_n = src[i].n1;
				dv[k].est = src[i].b;
			}
		}
	}
	for (size_t i = 0; i < nd; i++) {
		if (dv[i].total < COPROC_QUAL_MIN_COUNT)
			continue;
		out->items++;
		out->covered += dv[i].est_n > 0;
		out->within5 += dv[i].est_n > 0 && dv[i].est == dv[i].best;
	}
out:
	coproc_map_free(&lm);
	free(dv);
	free(tr);
	return rc;
}
