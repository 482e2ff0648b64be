/*
 * ctr.c — control transfer records, Smctr/Ssctr (see ctr.h, docs/ctr.md). The ring holds the
 * last `depth` qualified transfers as they commit (spec "Behavior": a new record goes to
 * logical entry 0, the oldest falls off); each sample of the shared sampler reads the whole
 * ring (the LCOFI handler with LCOFIFRZ set: the ring is frozen at the sample). The snapshot
 * is decoded at once, as perf + AutoFDO would: every record is an edge, every pair of
 * consecutive records a fall-through range (target of the older to source of the newer) that
 * covers the blocks between them and whose cycles are the newer record's CC. The exact counts
 * of every committed transfer and block are kept beside, for the judgement (ctr_report).
 */
#include "pmu/ctr.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pmu/pmu_model.h"
#include "pmu/sampler.h"

/* ---- types, filter, depth, CC encoding --------------------------------------------------- */

static const char *const ctr_type_names[CTR_T_N] = {
	"?", "exc", "intr", "tret", "nt", "br", "?", "?", "icall", "dcall", "ijmp", "djmp",
	"swap", "ret", "iojmp", "dojmp"
};

const char *ctr_type_name(unsigned t)
{
	return t < CTR_T_N ? ctr_type_names[t] : "?";
}

struct ctr_word {
	const char *name;
	uint32_t mask;
};

static const struct ctr_word ctr_words[] = {
	{ "any", CTR_FILTER_DEFAULT },
	{ "all", CTR_FILTER_DEFAULT | 1u << CTR_T_NTBR },
	{ "nt", 1u << CTR_T_NTBR },
	{ "br", 1u << CTR_T_TKBR },
	{ "call", 1u << CTR_T_INDCALL | 1u << CTR_T_DIRCALL },
	{ "icall", 1u << CTR_T_INDCALL },
	{ "dcall", 1u << CTR_T_DIRCALL },
	{ "jmp", 1u << CTR_T_INDJMP | 1u << CTR_T_DIRJMP },
	{ "ijmp", 1u << CTR_T_INDJMP },
	{ "djmp", 1u << CTR_T_DIRJMP },
	{ "ojmp", 1u << CTR_T_INDOJMP | 1u << CTR_T_DIROJMP },
	{ "iojmp", 1u << CTR_T_INDOJMP },
	{ "dojmp", 1u << CTR_T_DIROJMP },
	{ "swap", 1u << CTR_T_CORSWAP },
	{ "ret", 1u << CTR_T_RET },
};
#define CTR_NWORDS (sizeof(ctr_words) / sizeof(ctr_words[0]))

int ctr_filter_parse(const char *s, uint32_t *mask, char *err, size_t errn)
{
	uint32_t m = *s == '-' ? CTR_FILTER_DEFAULT : 0;
	const char *p = s;
	for (;;) {
		const char *comma = strchr(p, ',');
		size_t len = comma ? (size_t)(comma - p) : strlen(p);
		int neg = len && *p == '-';
		const char *w = p + neg;
		size_t wl = len - (size_t)neg;
		size_t k = 0;
		while (k < CTR_NWORDS && !(strlen(ctr_words[k].name) == wl &&
		                           !strncmp(ctr_words[k].name, w, wl)))
			k++;
		if (k == CTR_NWORDS) {
			snprintf(err, errn, "unknown transfer type '%.*s' in '%s' (known: any, all, nt, "
			         "br, call, icall, dcall, jmp, ijmp, djmp, ojmp, iojmp, dojmp, swap, ret; "
			         "-TYPE inhibits)", (int)len, p, s);
			return -EINVAL;
		}
		m = neg ? m & ~ctr_words[k].mask : m | ctr_words[k].mask;
		if (!comma)
			break;
		p = comma + 1;
	}
	if (!m) {
		snprintf(err, errn, "'%s' records no transfer type", s);
		return -EINVAL;
	}
	*mask = m;
	return 0;
}

void ctr_filter_name(uint32_t mask, char *buf, size_t n)
{
	size_t k = 0;
	buf[0] = 0;
	/* from "any" when it keeps most of it, else type by type */
	uint32_t base = 2 * __builtin_popcount(mask & CTR_FILTER_DEFAULT) >
	                __builtin_popcount(CTR_FILTER_DEFAULT) ? CTR_FILTER_DEFAULT : 0;
	if (base)
		k += (size_t)snprintf(buf, n, "any");
	for (unsigned t = 0; t < CTR_T_N && k < n; t++) {
		uint32_t b = 1u << t;
		if ((mask & b) && !(base & b))
			k += (size_t)snprintf(buf + k, n - k, "%s%s", k ? "," : "", ctr_type_name(t));
		else if (!(mask & b) && (base & b))
			k += (size_t)snprintf(buf + k, n - k, ",-%s", ctr_type_name(t));
	}
}

int ctr_depth_ok(uint64_t n)
{
	return n == 16 || n == 32 || n == 64 || n == 128 || n == 256;
}

#define CTR_CC_MAX 134201344ull  /* (2^12 + 4095) << 14: CCE = 15, CCM = 4095 */

uint16_t ctr_cc_encode(uint64_t c)
{
	if (c < 4096)
		return (uint16_t)c;
	if (c >= CTR_CC_MAX)
		return 0xffff;
	unsigned msb = 63 - (unsigned)__builtin_clzll(c);
	unsigned cce = msb - 11;                       /* 4096..8191 -> 1 */
	uint64_t ccm = (c >> (cce - 1)) - 4096;        /* the 12 bits below the leading one */
	return (uint16_t)(cce << 12 | ccm);
}

double ctr_cc_decode(uint16_t cc)
{
	unsigned cce = cc >> 12, ccm = cc & 0xfff;
	if (!cce)
		return ccm;
	double v = (double)((4096ull + ccm) << (cce - 1));
	if (cce > 1)
		v += ((double)(1ull << (cce - 1)) - 1) / 2;
	return v;
}

/* ---- a map keyed by (a, b) --------------------------------------------------------------- */

struct ctr_ent {
	uint64_t a, b;          /* key; a == 0 && b == 0 is free (no transfer or block at pc 0) */
	uint64_t n;             /* exact executions */
	double cyc;             /* exact cycles (blocks: commit to commit) */
	double raw;             /* occurrences in snapshots (edges: as records, blocks: in ranges) */
	double est;             /* estimated executions: occurrences weighted (ctr_snapshot) */
	double est_cyc, est_ins;/* blocks: estimated cycles and instructions */
	uint32_t info;          /* code: length | kind << 8; blocks: instructions */
};

struct ctr_map {
	struct ctr_ent *e;
	size_t cap, n;          /* cap a power of two, n used */
	int oom;
};

static size_t ctr_hash(uint64_t a, uint64_t b)
{
	uint64_t h = a * 0x9e3779b97f4a7c15ull ^ (b + 0x632be59bd9b4e019ull) * 0xc2b2ae3d27d4eb4full;
	return (size_t)(h ^ h >> 29);
}

static int ctr_map_grow(struct ctr_map *m)
{
	size_t cap = m->cap ? m->cap * 2 : 1024;
	struct ctr_ent *e = calloc(cap, sizeof(*e));
	if (!e)
		return -ENOMEM;
	for (size_t i = 0; i < m->cap; i++) {
		struct ctr_ent *o = &m->e[i];
		if (!o->a && !o->b)
			continue;
		size_t j = ctr_hash(o->a, o->b) & (cap - 1);
		while (e[j].a || e[j].b)
			j = (j + 1) & (cap - 1);
		e[j] = *o;
	}
	free(m->e);
	m->e = e;
	m->cap = cap;
	return 0;
}

/* The entry of (a, b); added when `add` (NULL when absent, or out of memory). */
static struct ctr_ent *ctr_map_get(struct ctr_map *m, uint64_t a, uint64_t b, int add)
{
	if (m->cap) {
		size_t j = ctr_hash(a, b) & (m->cap - 1);
		for (;;) {
			struct ctr_ent *e = &m->e[j];
			if (e->a == a && e->b == b)
				return e;
			if (!e->a && !e->b)
				break;
			j = (j + 1) & (m->cap - 1);
		}
	}
	if (!add || (!a && !b))
		return NULL;
	if ((m->n + 1) * 2 > m->cap && ctr_map_grow(m)) {
		m->oom = 1;
		return NULL;
	}
	size_t j = ctr_hash(a, b) & (m->cap - 1);
	while (m->e[j].a || m->e[j].b)
		j = (j + 1) & (m->cap - 1);
	m->e[j].a = a;
	m->e[j].b = b;
	m->n++;
	return &m->e[j];
}

/* ---- the model ------------------------------------------------------------------------------ */

enum { CTR_K_OTHER, CTR_K_BRANCH, CTR_K_JUMP };

struct ctr_rec {
	uint64_t src, tgt;      /* ctrsource.PC, ctrtarget.PC */
	uint16_t cc;            /* ctrdata.CC */
	uint8_t type, ccv;      /* ctrdata.TYPE, CCV */
};

#define CTR_RANGE_MAX 4096   /* bytes: longer fall-through ranges are discarded (perf's
                                sanity bound on LBR ranges) */
#define CTR_RANGE_BLOCKS 256 /* blocks one range may cover */

struct ctr_state {
	uint32_t depth, filter;
	struct ctr_rec ring[256];
	uint32_t wr, nvalid;     /* sctrstatus.WRPTR; valid entries */
	uint64_t last_rec_t;     /* commit cycle of the last record (CtrCycleCounter's zero) */
	int have_rec;
	/* exact */
	struct ctr_map code;     /* pc -> length, kind; n: executions of the pc */
	struct ctr_map edges;    /* (source, target) of qualified transfers */
	struct ctr_map blocks;   /* (start, 0): blocks from a start to the next transfer */
	uint64_t blk_start, blk_prev_t;
	uint32_t blk_insns;
	int blk_open, blk_have_prev;
	uint64_t records;
	struct sampler ev;       /* ctr_period: the transfer that takes the next snapshot */
	uint64_t pending;        /* cycle samples since the last record: their snapshot waits
	                            for the next record's CC (the whole gap they fell in) */
	/* from the snapshots */
	uint64_t snap_records, snap_ranges, ranges, ranges_bad, by_type[CTR_T_N];
};

static void ctr_snapshot(struct pmu_unit *u, double w, int gaps);

static int ctr_init(struct pmu_unit *u)
{
	struct ctr_state *s = u->state;
	s->depth = u->cfg->ctr_depth ? u->cfg->ctr_depth : CTR_DEPTH_DEFAULT;
	s->filter = u->cfg->ctr_filter ? u->cfg->ctr_filter : CTR_FILTER_DEFAULT;
	if (u->cfg->ctr_period)
		sampler_init(&s->ev, u->cfg->ctr_period, 1, u->seed);
	return ctr_depth_ok(s->depth) ? 0 : -EINVAL;
}

/* The transfer type of a control-transfer instruction (the spec's table of jal/jalr with
 * link registers x1 and x5). */
static unsigned ctr_classify(const struct isa_insn *in, int taken)
{
	if (in->cls == ISA_CLASS_BRANCH)
		return taken ? CTR_T_TKBR : CTR_T_NTBR;
	int rd_link = in->rd == 1 || in->rd == 5;
	if (in->op == ISA_OP_jal)
		return rd_link ? CTR_T_DIRCALL : in->rd == 0 || in->rd == ISA_REG_NONE
		       ? CTR_T_DIRJMP : CTR_T_DIROJMP;
	int rs_link = in->rs1 == 1 || in->rs1 == 5;
	if (rd_link)
		return rs_link && in->rs1 != in->rd ? CTR_T_CORSWAP : CTR_T_INDCALL;
	if (in->rd == 0 || in->rd == ISA_REG_NONE)
		return rs_link ? CTR_T_RET : CTR_T_INDJMP;
	return CTR_T_INDOJMP;
}

static void ctr_on_insn(struct pmu_unit *u, const struct probe_insn *r)
{
	struct ctr_state *s = u->state;
	if (!r->committed || r->wrong_path || !r->insn)
		return;
	const struct isa_insn *in = r->insn;
	int kind = in->cls == ISA_CLASS_BRANCH ? CTR_K_BRANCH
	           : in->cls == ISA_CLASS_JUMP ? CTR_K_JUMP : CTR_K_OTHER;
	struct ctr_ent *c = ctr_map_get(&s->code, r->pc, 1, 1);
	if (c) {
		c->info = (uint32_t)in->len | (uint32_t)kind << 8;
		c->n++;
	}
	if (!s->blk_open) {
		s->blk_open = 1;
		s->blk_start = r->pc;
		s->blk_insns = 0;
	}
	s->blk_insns++;
	if (kind == CTR_K_OTHER)
		return;
	/* the block ends with this transfer */
	struct ctr_ent *b = ctr_map_get(&s->blocks, s->blk_start, 0, 1);
	if (b) {
		b->n++;
		b->info = s->blk_insns;
		if (s->blk_have_prev)
			b->cyc += (double)(r->t_end - s->blk_prev_t);
	}
	s->blk_open = 0;
	s->blk_prev_t = r->t_end;
	s->blk_have_prev = 1;
	/* recorded when qualified */
	unsigned t = ctr_classify(in, r->taken);
	if (!(s->filter & (1u << t)))
		return;
	uint64_t tgt = r->taken ? r->target : r->pc + in->len;
	struct ctr_ent *e = ctr_map_get(&s->edges, r->pc, tgt, 1);
	if (e) {
		e->n++;
		e->info = t;
	}
	uint16_t cc = s->have_rec ? ctr_cc_encode(r->t_end - s->last_rec_t) : 0;
	if (s->pending) {
		/* cycle samples fell in the gap this record closes: a sample lands there with
		   probability gap / period, so its snapshot stands for period / gap windows (the
		   gap is this record's CC, qualified cycles only: CTR was frozen meanwhile) */
		double gap = ctr_cc_decode(cc);
		if (gap < 1)
			gap = 1;
		ctr_snapshot(u, (double)s->pending * (double)u->period_cycles / gap, 1);
		s->pending = 0;
	}
	struct ctr_rec *x = &s->ring[s->wr];
	x->src = r->pc;
	x->tgt = tgt;
	x->type = (uint8_t)t;
	x->ccv = (uint8_t)s->have_rec;
	x->cc = cc;
	s->last_rec_t = r->t_end;
	s->have_rec = 1;
	s->wr = (s->wr + 1) % s->depth;
	if (s->nvalid < s->depth)
		s->nvalid++;
	s->records++;
	if (u->cfg->ctr_period && s->records - 1 == s->ev.next) {
		pmu_blame(u, r->pc, r->ctx, in, PMU_CAT_EXECUTE);
		ctr_snapshot(u, (double)u->cfg->ctr_period, 0);
		sampler_advance(&s->ev);
	}
}

/* The blocks of the fall-through range tgt..src (both included): their starts and sizes in
 * st[], nb[]. Returns how many, or 0 when the range cannot be a fall-through path (reversed,
 * too long, through code never seen or an unrecorded jump, or a branch mid-way that the
 * filter would have recorded when not taken, or could have hidden when taken). */
static int ctr_range_blocks(struct ctr_state *s, uint64_t tgt, uint64_t src, uint64_t *st,
			    uint32_t *nb)
{
	if (tgt > src || src - tgt > CTR_RANGE_MAX)
		return 0;
	int mid_branch_ok = (s->filter & (1u << CTR_T_TKBR)) && !(s->filter & (1u << CTR_T_NTBR));
	int n = 0;
	uint64_t pc = tgt;
	st[0] = tgt;
	nb[0] = 0;
	for (;;) {
		struct ctr_ent *c = ctr_map_get(&s->code, pc, 1, 0);
		if (!c)
			return 0;
		nb[n]++;
		if (pc == src)
			return n + 1;
		int kind = (int)(c->info >> 8);
		pc += c->info & 0xff;
		if (kind == CTR_K_JUMP || (kind == CTR_K_BRANCH && !mid_branch_ok) || pc > src)
			return 0;
		if (kind == CTR_K_BRANCH) {
			if (++n == CTR_RANGE_BLOCKS)
				return 0;
			st[n] = pc;
			nb[n] = 0;
		}
	}
}

/* Read the ring (a sample) standing for w windows of `depth` records: its records are edges,
 * its consecutive pairs ranges. Every transfer is in `depth` windows (and its range in
 * depth - 1), so each occurrence counts w / depth executions (w / (depth - 1)). With cycle
 * samples (gaps) only windows whose newest record is followed by a later cycle can be seen
 * (a sample never falls between two records of one cycle): an occurrence then counts w / m,
 * m the windows holding it that can be seen — known from the CC fields for the windows
 * inside the snapshot, estimated from their share for those ending after it. */
static void ctr_snapshot(struct pmu_unit *u, double w, int gaps)
{
	struct ctr_state *s = u->state;
	uint32_t n = s->nvalid;
	if (n < 2)
		return;
	const struct ctr_rec *rec[256];
	double cum[256];         /* windows ending at positions 0..k that can be seen */
	for (uint32_t k = 0; k < n; k++)
		rec[k] = &s->ring[(s->wr + s->depth - 1 - k) % s->depth];   /* newest first */
	for (uint32_t k = 0; k < n; k++)
		cum[k] = (k ? cum[k - 1] : 0) + (!gaps || !k || !rec[k - 1]->ccv || rec[k - 1]->cc);
	double f = (cum[n - 1] - 1) / (n - 1);
	for (uint32_t k = 0; k < n; k++) {
		struct ctr_ent *e = ctr_map_get(&s->edges, rec[k]->src, rec[k]->tgt, 1);
		if (e) {
			e->raw += 1;
			e->est += w / (cum[k] + (n - 1 - k) * f);
		}
		s->by_type[rec[k]->type]++;
		s->snap_records++;
	}
	uint64_t st[CTR_RANGE_BLOCKS];
	uint32_t nb[CTR_RANGE_BLOCKS];
	s->snap_ranges += n - 1;
	for (uint32_t k = 0; k + 1 < n; k++) {
		int m = ctr_range_blocks(s, rec[k + 1]->tgt, rec[k]->src, st, nb);
		if (!m) {
			s->ranges_bad++;
			continue;
		}
		s->ranges++;
		uint32_t tot = 0;
		for (int i = 0; i < m; i++)
			tot += nb[i];
		double cyc = rec[k]->ccv ? ctr_cc_decode(rec[k]->cc) : 0;
		for (int i = 0; i < m; i++) {
			struct ctr_ent *b = ctr_map_get(&s->blocks, st[i], 0, 1);
			if (!b)
				continue;
			b->raw += 1;
			b->est += w / (cum[k] + (n - 2 - k) * f);
			b->est_cyc += cyc * nb[i] / tot;
			b->est_ins += nb[i];
		}
	}
}

/* A cycle sample: its snapshot waits for the next record (ctr_on_insn). The sample itself
 * goes, as the interrupt's epc would, to the instruction at the ROB head (else the last
 * committed one), so that the unit's profile holds one sample per snapshot. */
static void ctr_on_sample(struct pmu_unit *u, const struct probe_cycle *v, uint64_t cycle)
{
	(void)cycle;
	struct ctr_state *s = u->state;
	if (u->cfg->ctr_period)
		return;
	const struct probe_insn *h = v->n_valid ? v->head[0] : v->last_committed;
	if (!h) {
		u->unresolved++;
		return;
	}
	pmu_blame(u, h->pc, h->ctx, h->insn, pmu_view_cat(v, h->insn));
	s->pending++;
}

static void ctr_destroy(struct pmu_unit *u)
{
	struct ctr_state *s = u->state;
	free(s->code.e);
	free(s->edges.e);
	free(s->blocks.e);
}

const struct pmu_model pmu_model_ctr = {
	.name = "ctr",
	.summary = "control transfer records (Smctr/Ssctr): the last 16..256 committed transfers "
	           "at each sample; edge, block and block-CPI estimates (docs/ctr.md)",
	.state_size = sizeof(struct ctr_state),
	.init = ctr_init,
	.on_sample = ctr_on_sample,
	.on_insn = ctr_on_insn,
	.destroy = ctr_destroy,
};

/* ---- the judgement ------------------------------------------------------------------------ */

static int ctr_within(double est, double n)
{
	return fabs(est - n) <= 0.1 * n;
}

int ctr_report(const struct pmu_unit *u, const struct pmu_profile *oracle,
	       struct ctr_result *out)
{
	const struct ctr_state *s = u->state;
	memset(out, 0, sizeof(*out));
	out->depth = s->depth;
	out->filter = s->filter;
	out->samples = u->samples;
	out->records = s->records;
	out->snap_records = s->snap_records;
	out->ranges = s->ranges;
	out->ranges_bad = s->ranges_bad;
	memcpy(out->by_type, s->by_type, sizeof(out->by_type));
	if (s->code.oom || s->edges.oom || s->blocks.oom)
		return -ENOMEM;
	if (!u->samples || !s->snap_records)
		return -ENODATA;
	/* beside: AutoFDO's normalisation, occurrences unweighted and scaled so that they add up
	   to the transfers recorded (what a counter of qualified transfers beside CTR gives) */
	double scale = (double)s->records / (double)s->snap_records;
	double tot = 0, in = 0, in_u = 0, seen = 0;
	for (size_t i = 0; i < s->edges.cap; i++) {
		const struct ctr_ent *e = &s->edges.e[i];
		if (!e->n)
			continue;
		out->edges++;
		tot += (double)e->n;
		if (ctr_within(e->est, (double)e->n))
			in += (double)e->n;
		if (ctr_within(e->raw * scale, (double)e->n))
			in_u += (double)e->n;
		if (e->raw > 0)
			seen += (double)e->n;
	}
	out->edge_within_10pct = tot > 0 ? in / tot : 0;
	out->edge_coverage = tot > 0 ? seen / tot : 0;
	out->edge_within_10pct_unweighted = tot > 0 ? in_u / tot : 0;
	double btot = 0, bin = 0, cw = 0, cerr = 0, ow = 0, oerr = 0;
	for (size_t i = 0; i < s->blocks.cap; i++) {
		const struct ctr_ent *b = &s->blocks.e[i];
		if (!b->n)
			continue;
		out->blocks++;
		btot += (double)b->n;
		if (ctr_within(b->est, (double)b->n))
			bin += (double)b->n;
		double ins = (double)b->n * b->info;
		double cpi_est = b->est_ins > 0 ? b->est_cyc / b->est_ins : -1;
		if (b->cyc > 0) {
			double cpi = b->cyc / ins;
			cw += b->cyc;
			cerr += b->cyc * (cpi_est < 0 ? 1 : fabs(cpi_est - cpi) / cpi);
		}
		if (!oracle)
			continue;
		/* the Oracle's cycles of the block: each pc's time shared among the blocks that
		   hold it by their executions */
		double oc = 0;
		uint64_t pc = b->a;
		for (uint32_t k = 0; k < b->info; k++) {
			const struct ctr_ent *c = ctr_map_get((struct ctr_map *)&s->code, pc, 1, 0);
			if (!c)
				break;
			const struct pmu_entry *pe = pmu_profile_find(oracle, pc);
			if (pe && c->n)
				oc += (double)pe->total / (double)oracle->divisor * (double)b->n /
				      (double)c->n;
			pc += c->info & 0xff;
		}
		if (oc > 0) {
			double cpi = oc / ins;
			ow += oc;
			oerr += oc * (cpi_est < 0 ? 1 : fabs(cpi_est - cpi) / cpi);
		}
	}
	out->block_within_10pct = btot > 0 ? bin / btot : 0;
	out->block_cpi_error = cw > 0 ? cerr / cw : 0;
	out->block_cpi_error_oracle = ow > 0 ? oerr / ow : 0;
	return 0;
}
