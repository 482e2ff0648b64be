/*
 * pm_paths.c — backward path reconstruction from ProfileMe samples and its success rate
 * against the true path (see pm_paths.h). Functions are decoded once into instruction
 * arrays next to code_map's CFG; direct call sites are indexed per image on first need.
 */
#include "analysis/pm_paths.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "isa/isa.h"

#define PMP_MAX_PATH 96        /* transfers in one path */
#define PMP_MAX_CAND 16        /* candidates kept; more make the answer ambiguous anyway */
#define PMP_MAX_STEPS 4000     /* walk steps per reconstruction */
#define PMP_MAX_STACK 16       /* callees entered backward */

struct pmp_fn {
	int image;
	uint64_t lo, hi;           /* runtime [lo, hi) */
	uint64_t bias;
	const struct cfg *g;       /* link-time addresses: &own, NULL when it did not decode */
	struct cfg own;            /* a copy of code_map's (whose array moves as it grows) */
	uint64_t *pc;              /* runtime address of each instruction */
	struct isa_insn *in;
	size_t n;
};

struct pmp_site {
	uint64_t callee, site;     /* runtime */
};

struct pmp {
	struct code_map *m;
	struct pm *pm;
	struct pmp_fn **fns;       /* one allocation each: walks hold pointers across lookups */
	size_t nfn, capfn;
	struct pmp_site *sites;    /* sorted by callee (all images scanned once) */
	size_t nsite;
	int sites_built;
	int oom;
};

/* One walk. */
struct pmp_walk {
	struct pmp *c;
	uint64_t ghist;
	unsigned n;                /* conditional branches wanted */
	int use_hist, inter;
	size_t want;               /* stop after this many complete paths */
	struct pm_xfer path[PMP_MAX_PATH];
	struct pm_xfer cand[PMP_MAX_CAND][PMP_MAX_PATH];
	uint32_t cand_n[PMP_MAX_CAND];
	size_t ncand, overflow;
	unsigned steps;
	uint64_t stack[PMP_MAX_STACK];
};

const char *pm_path_scheme_name(enum pm_path_scheme s)
{
	static const char *const n[PM_PATH_SCHEMES] = { "counts", "history", "paired" };
	return (unsigned)s < PM_PATH_SCHEMES ? n[s] : "?";
}

const char *pm_path_mode_name(enum pm_path_mode m)
{
	return m == PM_PATH_INTRA ? "intra" : m == PM_PATH_INTER ? "inter" : "?";
}

/* ---- decoded functions -------------------------------------------------------------------- */

static int pmp_decode(const uint8_t *code, size_t len, uint64_t base, struct pmp_fn *f)
{
	f->pc = malloc((len / 2 + 1) * sizeof(*f->pc));
	f->in = malloc((len / 2 + 1) * sizeof(*f->in));
	if (!f->pc || !f->in)
		return -ENOMEM;
	for (size_t off = 0; off + 2 <= len;) {
		uint32_t raw = code[off] | (uint32_t)code[off + 1] << 8;
		if (off + 4 <= len)
			raw |= (uint32_t)code[off + 2] << 16 | (uint32_t)code[off + 3] << 24;
		struct isa_insn in;
		int l = isa_decode(raw, &in);
		if (!l) {
			off += 2;
			continue;
		}
		f->pc[f->n] = base + off;
		f->in[f->n++] = in;
		off += (size_t)l;
	}
	return 0;
}

/* The decoded function holding runtime pc, or NULL. */
static struct pmp_fn *pmp_fn_of(struct pmp *c, uint64_t pc)
{
	for (size_t i = 0; i < c->nfn; i++)
		if (pc >= c->fns[i]->lo && pc < c->fns[i]->hi)
			return c->fns[i]->g ? c->fns[i] : NULL;
	if (c->oom)
		return NULL;
	struct code_loc l;
	if (code_map_locate(c->m, pc, &l)) {
		c->oom = 1;
		return NULL;
	}
	if (l.image < 0 || !l.func || !l.func->size || l.func->size > (1u << 22))
		return NULL;
	if (c->nfn == c->capfn) {
		size_t cap = c->capfn ? 2 * c->capfn : 64;
		struct pmp_fn **w = realloc(c->fns, cap * sizeof(*w));
		if (!w) {
			c->oom = 1;
			return NULL;
		}
		c->fns = w;
		c->capfn = cap;
	}
	struct pmp_fn *f = calloc(1, sizeof(*f));
	if (!f) {
		c->oom = 1;
		return NULL;
	}
	c->fns[c->nfn++] = f;
	struct code_map_image *im = &c->m->im[l.image];
	f->image = l.image;
	f->bias = im->bias;
	f->lo = l.func->start + im->bias;
	f->hi = f->lo + l.func->size;
	int rc;
	const struct cfg *g = code_map_func_cfg(c->m, l.image, l.func, &rc);
	uint8_t *code = malloc(l.func->size);
	if (!g || !code) {
		free(code);
		c->oom = 1;
		return NULL;
	}
	size_t got = im->syms ? symbols_read(im->syms, l.func->start, code, l.func->size) : 0;
	if (got && g->nblocks && pmp_decode(code, got, f->lo, f)) {
		free(code);
		c->oom = 1;
		return NULL;
	}
	free(code);
	if (got && g->nblocks && f->n) {
		f->own = *g;
		f->own.blocks = malloc(g->nblocks * sizeof(*g->blocks));
		if (!f->own.blocks) {
			c->oom = 1;
			return NULL;
		}
		memcpy(f->own.blocks, g->blocks, g->nblocks * sizeof(*g->blocks));
		f->g = &f->own;
	}
	return f->g ? f : NULL;
}

/* The number of instructions of f before runtime address pc. */
static size_t pmp_lower(const struct pmp_fn *f, uint64_t pc)
{
	size_t lo = 0, hi = f->n;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (f->pc[mid] < pc)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Index of the instruction at pc in f, or -1. */
static long pmp_index(const struct pmp_fn *f, uint64_t pc)
{
	size_t i = pmp_lower(f, pc);
	return i < f->n && f->pc[i] == pc ? (long)i : -1;
}

/* The last instruction before runtime address end (a block's last), or -1. */
static long pmp_last_before(const struct pmp_fn *f, uint64_t end)
{
	return (long)pmp_lower(f, end) - 1;
}

/* ---- direct call sites ---------------------------------------------------------------------- */

static int pmp_site_cmp(const void *a, const void *b)
{
	const struct pmp_site *x = a, *y = b;
	return x->callee < y->callee ? -1 : x->callee > y->callee;
}

static void pmp_build_sites(struct pmp *c)
{
	c->sites_built = 1;
	size_t cap = 0;
	for (size_t k = 0; k < c->m->nim; k++) {
		struct code_map_image *im = &c->m->im[k];
		if (!im->syms || strcmp(im->ident.arch, "riscv64"))
			continue;
		for (size_t i = 0; i < symbols_count(im->syms); i++) {
			const struct symbols_func *fn = symbols_at(im->syms, i);
			if (!fn->size || fn->size > (1u << 22))
				continue;
			uint8_t *code = malloc(fn->size);
			struct pmp_fn f = { 0 };
			size_t got = code ? symbols_read(im->syms, fn->start, code, fn->size) : 0;
			if (!code || (got && pmp_decode(code, got, fn->start + im->bias, &f))) {
				free(code);
				free(f.pc);
				free(f.in);
				c->oom = 1;
				return;
			}
			free(code);
			for (size_t j = 0; j < f.n; j++) {
				const struct isa_insn *in = &f.in[j];
				if (!(in->flags & ISA_F_CALL) || (in->flags & ISA_F_INDIRECT))
					continue;
				if (c->nsite == cap) {
					cap = cap ? 2 * cap : 1024;
					struct pmp_site *w = realloc(c->sites, cap * sizeof(*w));
					if (!w) {
						free(f.pc);
						free(f.in);
						c->oom = 1;
						return;
					}
					c->sites = w;
				}
				c->sites[c->nsite++] = (struct pmp_site){ f.pc[j] + (uint64_t)in->imm, f.pc[j] };
			}
			free(f.pc);
			free(f.in);
		}
	}
	qsort(c->sites, c->nsite, sizeof(*c->sites), pmp_site_cmp);
}

/* ---- the backward walk ---------------------------------------------------------------------- */

static uint64_t pmp_count(const struct pmp_walk *w, uint64_t pc)
{
	const struct pm_pc *e = pm_pc_find(w->c->pm, pc);
	return e ? e->x_retired : 0;
}

static void pmp_emit(struct pmp_walk *w, unsigned len)
{
	if (w->ncand == PMP_MAX_CAND) {
		w->overflow++;
		return;
	}
	memcpy(w->cand[w->ncand], w->path, len * sizeof(w->path[0]));
	w->cand_n[w->ncand++] = len;
}

static void pmp_walk(struct pmp_walk *w, uint64_t at, unsigned len, unsigned bits,
		     unsigned depth);

/* Extend the path by transfer (pc → next) and continue from pc. */
static void pmp_step(struct pmp_walk *w, uint64_t pc, uint64_t next, int cond, int taken,
		     unsigned len, unsigned bits, unsigned depth)
{
	if (len >= PMP_MAX_PATH || w->ncand >= w->want || w->steps++ > PMP_MAX_STEPS) {
		w->overflow++;
		return;
	}
	if (cond && w->use_hist && (unsigned)((w->ghist >> bits) & 1) != (unsigned)taken)
		return;
	w->path[len] = (struct pm_xfer){ .pc = pc, .next = next, .cond = (uint8_t)cond,
	                                 .taken = (uint8_t)taken };
	len++;
	if (cond && ++bits == w->n) {
		pmp_emit(w, len);
		return;
	}
	pmp_walk(w, pc, len, bits, depth);
}

/* A choice among predecessors: the greedy scheme keeps only the most executed one. */
struct pmp_pred {
	uint64_t pc, next, count;
	int cond, taken, kind;     /* kind 0: transfer, 1: fall through (no transfer), 2: call
	                              site popped or found */
};

static void pmp_take(struct pmp_walk *w, struct pmp_pred *p, size_t np, unsigned len,
		     unsigned bits, unsigned depth)
{
	/* most executed first: the first complete path found is the most likely one */
	for (size_t i = 1; i < np; i++)
		for (size_t k = i; k > 0 && p[k].count > p[k - 1].count; k--) {
			struct pmp_pred t = p[k];
			p[k] = p[k - 1];
			p[k - 1] = t;
		}
	for (size_t i = 0; i < np && w->ncand < w->want; i++) {
		if (p[i].kind == 1) {
			if (w->steps++ > PMP_MAX_STEPS) {
				w->overflow++;
				return;
			}
			pmp_walk(w, p[i].pc, len, bits, depth);
		} else {
			pmp_step(w, p[i].pc, p[i].next, p[i].cond, p[i].taken, len, bits, depth);
		}
	}
}

#define PMP_MAX_PRED 64

static void pmp_walk(struct pmp_walk *w, uint64_t at, unsigned len, unsigned bits,
		     unsigned depth)
{
	struct pmp_fn *f = pmp_fn_of(w->c, at);
	if (!f)
		return;
	long i = pmp_index(f, at);
	if (i < 0)
		return;
	uint32_t b = cfg_block_of(f->g, at - f->bias);
	if (b == CFG_NONE)
		return;
	const struct cfg_block *B = &f->g->blocks[b];
	uint64_t start = B->start + f->bias;
	struct pmp_pred pred[PMP_MAX_PRED];
	size_t np = 0;
	/* a call inside the block before `at`: execution came back from the callee's returns */
	for (long k = i - 1; k >= 0 && f->pc[k] >= start; k--) {
		const struct isa_insn *in = &f->in[k];
		if (!(in->flags & ISA_F_CALL))
			continue;
		if ((in->flags & ISA_F_INDIRECT) || depth >= PMP_MAX_STACK)
			return;
		uint64_t callee = f->pc[k] + (uint64_t)in->imm, ret_to = f->pc[k] + in->len;
		struct pmp_fn *g = pmp_fn_of(w->c, callee);
		if (!g)
			return;
		for (size_t j = 0; j < g->g->nblocks && np < PMP_MAX_PRED; j++) {
			const struct cfg_block *R = &g->g->blocks[j];
			if (R->end_kind != CFG_END_RETURN)
				continue;
			long r = pmp_last_before(g, R->end + g->bias);
			if (r >= 0)
				pred[np++] = (struct pmp_pred){ g->pc[r], ret_to, pmp_count(w, g->pc[r]), 0, 0,
				                                0 };
		}
		w->stack[depth] = f->pc[k];
		pmp_take(w, pred, np, len, bits, depth + 1);
		return;
	}
	if (start == f->lo) {
		/* the routine's entry: back to the call site we came through, or the callers */
		if (depth) {
			struct pmp_pred p = { w->stack[depth - 1], start, 0, 0, 0, 0 };
			pmp_take(w, &p, 1, len, bits, depth - 1);
			return;
		}
		if (!w->inter) {
			/* the path ends at the routine's start (a loop back to it is another path) */
			pmp_emit(w, len);
		}
		if (!w->inter)
			goto in_function;
		if (!w->c->sites_built)
			pmp_build_sites(w->c);
		struct pmp_site key = { start, 0 };
		size_t lo = 0, hi = w->c->nsite;
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;
			if (pmp_site_cmp(&w->c->sites[mid], &key) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (; lo < w->c->nsite && w->c->sites[lo].callee == start && np < PMP_MAX_PRED; lo++)
			pred[np++] = (struct pmp_pred){ w->c->sites[lo].site, start,
			                                pmp_count(w, w->c->sites[lo].site), 0, 0, 0 };
	}
in_function:
	for (size_t j = 0; j < f->g->nblocks && np < PMP_MAX_PRED; j++) {
		const struct cfg_block *P = &f->g->blocks[j];
		int t = P->succ[0] == b, nt = P->succ[1] == b;
		int fall = P->end_kind == CFG_END_FALLTHROUGH && P->end == B->start;
		if (!t && !nt && !fall)
			continue;
		long r = pmp_last_before(f, P->end + f->bias);
		if (r < 0)
			continue;
		uint64_t pc = f->pc[r], cnt = pmp_count(w, pc);
		if (P->end_kind == CFG_END_BRANCH) {
			if (t)
				pred[np++] = (struct pmp_pred){ pc, start, cnt, 1, 1, 0 };
			if (nt && np < PMP_MAX_PRED)
				pred[np++] = (struct pmp_pred){ pc, start, cnt, 1, 0, 0 };
		} else if (P->end_kind == CFG_END_JUMP && t) {
			pred[np++] = (struct pmp_pred){ pc, start, cnt, 0, 0, 0 };
		} else if (fall) {
			pred[np++] = (struct pmp_pred){ pc, start, cnt, 0, 0, 1 };
		}
	}
	pmp_take(w, pred, np, len, bits, depth);
}

/* ---- evaluation ---------------------------------------------------------------------------- */

static int pmp_same(const struct pm_xfer *a, const struct pm_xfer *truth, uint32_t n,
		    uint32_t truth_n)
{
	if (n > truth_n)
		return 0;
	for (uint32_t i = 0; i < n; i++)
		if (a[i].pc != truth[i].pc || a[i].next != truth[i].next)
			return 0;
	return 1;
}

/* Is pc x the instruction d places before the sample along candidate c (newest transfer
 * first)? 1 yes, 0 no, -1 when the candidate does not reach that far back. */
static int pmp_at_distance(struct pmp *p, const struct pm_xfer *c, uint32_t n, uint64_t sample,
			   uint64_t d, uint64_t x)
{
	uint64_t cur = sample;
	for (uint32_t i = 0; i <= n; i++) {
		if (!d)
			return cur == x;
		if (i == n)
			return -1;
		struct pmp_fn *f = pmp_fn_of(p, cur);
		long a = f ? pmp_index(f, cur) : -1, lo = f ? pmp_index(f, c[i].next) : -1;
		if (a < 0 || lo < 0 || lo > a)
			return -1;
		if (d <= (uint64_t)(a - lo))
			return f->pc[a - (long)d] == x;
		d -= (uint64_t)(a - lo) + 1;
		cur = c[i].pc;
	}
	return -1;
}

/* Conditional branches among the first transfers of the truth: the length of the true path
 * with n of them (0 when the kept path is too short). */
static uint32_t pmp_truth_len(const struct pm_xfer *t, uint32_t tn, unsigned n)
{
	unsigned k = 0;
	for (uint32_t i = 0; i < tn; i++)
		if (t[i].cond && ++k == n)
			return i + 1;
	return 0;
}

static int pmp_eval_one(struct pmp *c, struct pmp_walk *w, const struct pm_kept *s,
			uint32_t pair_window, unsigned max_hist, struct pm_paths_result *out)
{
	const struct pm_record *r = &s->s.rec[s->s.n - 1];
	const struct pm_record *partner = s->s.n == 2 ? &s->s.rec[0] : NULL;
	int paired_ok = partner && !partner->abort && s->s.dist <= pair_window &&
	                r->path_seq > partner->path_seq;
	/* with pairs, all three schemes see the same samples: those the paired one can use */
	if (r->abort || !s->path_n || (s->s.n == 2 && !paired_ok))
		return 0;
	out->samples++;
	for (int mode = 0; mode < PM_PATH_MODES; mode++) {
		for (unsigned n = 1; n <= max_hist; n++) {
			uint32_t tl = pmp_truth_len(s->path, s->path_n, n);
			if (!tl)
				continue;
			for (int sch = 0; sch < PM_PATH_SCHEMES; sch++) {
				if (sch == PM_PATH_PAIRED && !paired_ok)
					continue;
				w->c = c;
				w->ghist = r->ghist;
				w->n = n;
				w->use_hist = sch != PM_PATH_COUNTS;
				w->want = sch == PM_PATH_PAIRED ? PMP_MAX_CAND : 1;
				w->inter = mode == PM_PATH_INTER;
				w->ncand = w->overflow = w->steps = 0;
				pmp_walk(w, r->pc, 0, 0, 0);
				if (c->oom)
					return -ENOMEM;
				/* the most likely path (the first found), for the paired scheme the most
				 * likely one through the partner's PC when any passes through it */
				size_t pick = 0;
				if (sch == PM_PATH_PAIRED) {
					uint64_t d = r->path_seq - partner->path_seq;
					for (size_t k = 0; k < w->ncand; k++)
						if (pmp_at_distance(c, w->cand[k], w->cand_n[k], r->pc, d,
						                    partner->pc)) {
							pick = k;  /* through the partner, or too short to tell */
							break;
						}
				}
				out->tried[sch][mode][n - 1]++;
				if (w->ncand && pmp_same(w->cand[pick], s->path, w->cand_n[pick], s->path_n) &&
				    (w->cand_n[pick] == tl || mode == PM_PATH_INTRA))
					out->success[sch][mode][n - 1]++;
			}
		}
	}
	return 0;
}

int pm_paths_eval(struct pm *p, struct code_map *m, size_t max_samples, uint32_t pair_window,
		  struct pm_paths_result *out)
{
	memset(out, 0, sizeof(*out));
	unsigned max_hist = pm_config(p)->history_bits < PM_PATHS_MAX_HIST
	                    ? pm_config(p)->history_bits : PM_PATHS_MAX_HIST;
	out->max_hist = max_hist;
	out->pair_window = pair_window;
	struct pmp c = { .m = m, .pm = p };
	struct pmp_walk *w = malloc(sizeof(*w));
	if (!w)
		return -ENOMEM;
	size_t n;
	const struct pm_kept *k = pm_kept(p, &n);
	int rc = 0;
	for (size_t i = 0; i < n && out->samples < max_samples && !rc; i++)
		rc = pmp_eval_one(&c, w, &k[i], pair_window, max_hist, out);
	free(w);
	for (size_t i = 0; i < c.nfn; i++) {
		free(c.fns[i]->pc);
		free(c.fns[i]->in);
		free(c.fns[i]->own.blocks);
		free(c.fns[i]);
	}
	free(c.fns);
	free(c.sites);
	return rc ? rc : c.oom ? -ENOMEM : 0;
}

double pm_paths_rate(const struct pm_paths_result *r, enum pm_path_scheme s,
		     enum pm_path_mode m, unsigned hist_len)
{
	if (!hist_len || hist_len > PM_PATHS_MAX_HIST || !r->tried[s][m][hist_len - 1])
		return -1;
	return (double)r->success[s][m][hist_len - 1] / (double)r->tried[s][m][hist_len - 1];
}
