/*
 * profileme.c — the ProfileMe unit (see profileme.h): the fetched-instruction counter and
 * the pair selection keyed by the core's fetch sequence numbers, the profile registers built
 * from the lifecycle records, per-PC aggregation, the raw sample lines, and the exact truth
 * (executions, retirements, misses, latencies, wasted issue slots, windowed IPC).
 *
 * Records arrive when instructions commit or are squashed, not in fetch order; a tag is a
 * fetch number, so the unit keeps the few tags whose instruction has not left yet.
 */
#include "pmu/profileme.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define PM_PEND_MAX 64               /* tags in flight (a pair holds one entry) */
#define PM_XRING 256                 /* committed control transfers remembered (true path) */
#define PM_USEFUL_RING (1u << 16)    /* cycles of useful-issue counts (exact wasted slots) */

struct pm_pend {
	uint64_t want[2];                /* fetch numbers of the tagged instructions */
	struct pm_sample s;
	uint32_t have;                   /* bit i: rec[i] recorded */
};

struct pm_wait {                     /* a retirement whose exact wasted slots are pending */
	uint64_t pc, t_fetch, t_last;    /* in progress over [t_fetch, t_last] */
};

/* The exact truth of one PC, apart from the sample aggregates so that the per-instruction
 * path touches one cache line (copied into struct pm_pc by pm_finish). */
struct pm_hot {
	uint64_t pc;
	uint64_t fetched, retired, dmiss, ready_lat, useful;
	int64_t wasted;
	uint64_t pad;
};

struct pm {
	struct pm_config cfg;
	struct pm_stats st;
	uint64_t rng;
	uint64_t next_major;             /* fetch number of the next first-of-pair tag */
	/* fetch-opportunity counting (cfg.fetch_slots) */
	uint64_t next_slot;              /* slot number (cycle x width + position) of the next tag */
	uint64_t slot_pos;               /* slots before this one have been accounted for */
	uint64_t slot_fetched;           /* instructions the front end reported */
	uint64_t end_cycles;             /* pm_end_cycles, 0 if not given */
	/* per-PC table: dense entries, open-addressing index (slot = entry + 1) */
	struct pm_pc *pcs;
	struct pm_hot *hot;              /* parallel to pcs */
	size_t npc, cap_pc;
	uint32_t *slot;
	size_t nslot;
	/* tags in flight */
	struct pm_pend pend[PM_PEND_MAX];
	struct pm_xfer *pend_path[PM_PEND_MAX];
	uint32_t pend_path_n[PM_PEND_MAX];
	size_t npend;
	/* the last committed control transfers (true path), newest at xring[(xn - 1) % R] */
	struct pm_xfer xring[PM_XRING];
	uint64_t xn;
	/* kept samples */
	struct pm_kept *kept;
	size_t nkept;
	uint64_t keep_seen, keep_rng;    /* reservoir sampling of the kept samples */
	struct pm_xfer *pool;            /* keep_samples * keep_path_max transfers */
	/* exact wasted issue slots */
	uint32_t *useful;                /* PM_USEFUL_RING counts, indexed by cycle */
	uint64_t *pre;                   /* running sums of useful[] over the final cycles */
	uint64_t fin;                    /* pre[] holds cycles [useful_base - 1, fin) */
	uint64_t useful_base;            /* no pending window starts before this cycle */
	struct pm_wait *wait;
	size_t wait_head, wait_n, wait_cap;  /* ring, capacity a power of two */
	/* windowed IPC */
	int ipc_started;
	uint64_t ipc_w, ipc_n;
	double ipc_s1, ipc_s2, ipc_s3;
	int oom, finished;
};

static const char *const pm_event_names[PM_EV_N] = {
	"icache_miss", "itlb_miss", "dcache_miss", "dtlb_miss", "taken", "mispredict",
	"sq_full", "mem_order", "exception", "retired", "aborted",
};
static const char *const pm_abort_names[PM_ABORT_N] = { "retired", "wrong_path", "trap" };
static const char *const pm_lat_names[PM_LAT_N] = {
	"fetch_map", "map_ready", "ready_issue", "issue_retready", "retready_retire", "load",
};

const char *pm_event_name(enum pm_event e)
{
	return (unsigned)e < PM_EV_N ? pm_event_names[e] : "?";
}

const char *pm_abort_name(enum pm_abort a)
{
	return (unsigned)a < PM_ABORT_N ? pm_abort_names[a] : "?";
}

const char *pm_lat_name(enum pm_lat l)
{
	return (unsigned)l < PM_LAT_N ? pm_lat_names[l] : "?";
}

uint32_t pm_hist_floor(unsigned b)
{
	return b == 0 ? 0 : 1u << (b - 1);
}

static unsigned pm_hist_bucket(uint32_t v)
{
	unsigned b = 0;
	while (v && b + 1 < PM_HIST_N) {
		v >>= 1;
		b++;
	}
	return b;
}

/* xorshift64*: the software's pseudo-random counter values. */
static uint64_t pm_rand(struct pm *p)
{
	p->rng ^= p->rng >> 12;
	p->rng ^= p->rng << 25;
	p->rng ^= p->rng >> 27;
	return p->rng * 0x2545F4914F6CDD1DULL;
}

/* A counter value with mean `interval`: geometric, so that every fetched instruction is
 * tagged independently with probability 1/interval and a PC's sample count is binomial (the
 * √(1/k) coefficient of variation of §5.1 then holds; uniform gaps would be more regular). */
static uint64_t pm_gap(struct pm *p)
{
	uint64_t s = p->cfg.interval;
	if (s <= 1)
		return 1;
	double u = ((double)(pm_rand(p) >> 11) + 0.5) * (1.0 / 9007199254740992.0);
	double g = floor(log(u) / log1p(-1.0 / (double)s));
	return 1 + (g < 1e15 ? (uint64_t)g : (uint64_t)1e15);
}

/* ---- the per-PC table --------------------------------------------------------------------- */

static uint64_t pm_hash(uint64_t pc)
{
	pc ^= pc >> 29;
	pc *= 0xbf58476d1ce4e5b9ULL;
	return pc ^ (pc >> 32);
}

static int pm_grow_index(struct pm *p)
{
	size_t n = p->nslot ? p->nslot * 2 : 1024;
	uint32_t *s = calloc(n, sizeof(*s));
	if (!s)
		return -ENOMEM;
	for (size_t i = 0; i < p->npc; i++) {
		size_t h = pm_hash(p->hot[i].pc) & (n - 1);
		while (s[h])
			h = (h + 1) & (n - 1);
		s[h] = (uint32_t)i + 1;
	}
	free(p->slot);
	p->slot = s;
	p->nslot = n;
	return 0;
}

/* The index of pc's entries (created on first sight), or -1 when out of memory. */
static long pm_index(struct pm *p, uint64_t pc, const struct isa_insn *in)
{
	if (p->nslot) {
		size_t h = pm_hash(pc) & (p->nslot - 1);
		for (; p->slot[h]; h = (h + 1) & (p->nslot - 1))
			if (p->hot[p->slot[h] - 1].pc == pc)
				return (long)p->slot[h] - 1;
	}
	if (p->oom)
		return -1;
	if ((p->npc + 1) * 2 > p->nslot && pm_grow_index(p))
		goto oom;
	if (p->npc == p->cap_pc) {
		size_t cap = p->cap_pc ? p->cap_pc * 2 : 512;
		struct pm_pc *e = realloc(p->pcs, cap * sizeof(*e));
		if (!e)
			goto oom;
		p->pcs = e;
		struct pm_hot *x = realloc(p->hot, cap * sizeof(*x));
		if (!x)
			goto oom;
		p->hot = x;
		p->cap_pc = cap;
	}
	struct pm_pc *e = &p->pcs[p->npc];
	memset(e, 0, sizeof(*e));
	e->pc = pc;
	e->insn = in;
	memset(&p->hot[p->npc], 0, sizeof(p->hot[0]));
	p->hot[p->npc].pc = pc;
	size_t h = pm_hash(pc) & (p->nslot - 1);
	while (p->slot[h])
		h = (h + 1) & (p->nslot - 1);
	p->slot[h] = (uint32_t)++p->npc;
	return (long)p->npc - 1;
oom:
	p->oom = 1;
	return -1;
}

static struct pm_pc *pm_pc_get(struct pm *p, uint64_t pc, const struct isa_insn *in)
{
	long i = pm_index(p, pc, in);
	return i < 0 ? NULL : &p->pcs[i];
}

const struct pm_pc *pm_pc_find(const struct pm *p, uint64_t pc)
{
	if (!p->nslot)
		return NULL;
	size_t h = pm_hash(pc) & (p->nslot - 1);
	for (; p->slot[h]; h = (h + 1) & (p->nslot - 1))
		if (p->hot[p->slot[h] - 1].pc == pc)
			return &p->pcs[p->slot[h] - 1];
	return NULL;
}

/* ---- the profile registers ---------------------------------------------------------------- */

static uint32_t pm_lat(uint64_t from, uint64_t to)
{
	if (from == PROBE_NEVER || to == PROBE_NEVER)
		return PM_LAT_NONE;
	return to > from ? (uint32_t)(to - from < PM_LAT_NONE ? to - from : PM_LAT_NONE - 1) : 0;
}

static void pm_fill(const struct pm *p, const struct probe_insn *r, struct pm_record *o)
{
	const struct isa_insn *in = r->insn;
	memset(o, 0, sizeof(*o));
	o->seq = r->seq;
	o->path_seq = r->path_seq;
	o->pc = r->pc;
	o->insn = in;
	if (in->cls == ISA_CLASS_LOAD || in->cls == ISA_CLASS_STORE || in->cls == ISA_CLASS_AMO)
		o->addr = r->mem_addr;
	else if (in->flags & ISA_F_INDIRECT)
		o->addr = r->target;
	o->ghist = p->cfg.history_bits >= 64 ? r->ghist
	                                     : r->ghist & ((1ULL << p->cfg.history_bits) - 1);
	o->t_fetch = r->t_fetch;
	o->t_issue = r->t_issue;
	o->t_retready = r->t_complete == PROBE_NEVER ? PROBE_NEVER : r->t_complete + 1;
	o->t_end = r->t_end;
	uint32_t ev = 0, e = r->events;
	if (e & PROBE_EV_ICACHE_MISS) ev |= 1u << PM_EV_ICACHE_MISS;
	if (e & PROBE_EV_ITLB_MISS)   ev |= 1u << PM_EV_ITLB_MISS;
	if (e & PROBE_EV_DCACHE_MISS) ev |= 1u << PM_EV_DCACHE_MISS;
	if (e & PROBE_EV_DTLB_MISS)   ev |= 1u << PM_EV_DTLB_MISS;
	if (e & PROBE_EV_MISPREDICT)  ev |= 1u << PM_EV_MISPREDICT;
	if (e & PROBE_EV_SQ_FULL)     ev |= 1u << PM_EV_SQ_FULL;
	if (e & PROBE_EV_MEM_ORDER)   ev |= 1u << PM_EV_MEM_ORDER;
	if (e & PROBE_EV_EXCEPTION)   ev |= 1u << PM_EV_EXCEPTION;
	if ((in->cls == ISA_CLASS_BRANCH || in->cls == ISA_CLASS_JUMP) && r->taken)
		ev |= 1u << PM_EV_TAKEN;
	if (r->committed) {
		ev |= 1u << PM_EV_RETIRED;
		o->abort = PM_ABORT_NONE;
	} else {
		ev |= 1u << PM_EV_ABORTED;
		o->abort = r->wrong_path ? PM_ABORT_WRONG_PATH : PM_ABORT_TRAP;
	}
	o->events = ev;
	o->lat[PM_LAT_FETCH_MAP] = pm_lat(r->t_fetch, r->t_rename);
	o->lat[PM_LAT_MAP_READY] = pm_lat(r->t_rename, r->t_ready);
	o->lat[PM_LAT_READY_ISSUE] = pm_lat(r->t_ready, r->t_issue);
	o->lat[PM_LAT_ISSUE_RETREADY] = pm_lat(r->t_issue, o->t_retready);
	o->lat[PM_LAT_RETREADY_RETIRE] = r->committed ? pm_lat(o->t_retready, r->t_end)
	                                              : PM_LAT_NONE;
	o->lat[PM_LAT_LOAD] = in->cls == ISA_CLASS_LOAD || in->cls == ISA_CLASS_AMO
	                      ? pm_lat(r->t_issue, r->t_complete) : PM_LAT_NONE;
}

/* Fetch → retire-ready cycles (0 if it never became ready). */
static uint64_t pm_ready_lat(const struct pm_record *r)
{
	return r->t_retready == PROBE_NEVER ? 0 : r->t_retready - r->t_fetch;
}

/* Useful overlap (§5.2.3): while `i` was in progress, `o` issued and later retired. */
static int pm_useful(const struct pm_record *i, const struct pm_record *o)
{
	return (o->events & (1u << PM_EV_RETIRED)) && o->t_issue != PROBE_NEVER &&
	       i->t_retready != PROBE_NEVER && o->t_issue >= i->t_fetch &&
	       o->t_issue < i->t_retready;
}

/* ---- a sample is complete ----------------------------------------------------------------- */

static void pm_raw_line(FILE *f, const struct pm_sample *s, unsigned k)
{
	const struct pm_record *r = &s->rec[k];
	fprintf(f, "%c %" PRIu64 " 0x%" PRIx64 " %" PRIu64 " 0x%" PRIx64 " 0x%" PRIx64 " 0x%x %s",
	        s->n == 1 ? 'S' : (k ? 'B' : 'A'), r->seq, r->pc, r->ctx, r->addr, r->ghist,
	        r->events, pm_abort_name((enum pm_abort)r->abort));
	for (int l = 0; l < PM_LAT_N; l++) {
		if (r->lat[l] == PM_LAT_NONE)
			fputs(" -", f);
		else
			fprintf(f, " %u", r->lat[l]);
	}
	if (s->n == 2)
		fprintf(f, " %u %" PRId64, s->dist, s->fetch_gap);
	fputc('\n', f);
}

static void pm_aggregate(struct pm *p, const struct pm_record *r)
{
	struct pm_pc *e = pm_pc_get(p, r->pc, r->insn);
	p->st.samples++;
	if (r->abort)
		p->st.aborted[r->abort]++;
	else
		p->st.retired++;
	if (!e)
		return;
	e->samples++;
	if (r->abort)
		e->aborted[r->abort]++;
	else
		e->retired++;
	for (int b = 0; b < PM_EV_N; b++)
		if (r->events & (1u << b))
			e->ev[b]++;
	for (int l = 0; l < PM_LAT_N; l++) {
		if (r->lat[l] == PM_LAT_NONE)
			continue;
		e->lat_sum[l] += r->lat[l];
		e->lat_n[l]++;
		e->lat_hist[l][pm_hist_bucket(r->lat[l])]++;
	}
	if (!r->abort)
		e->ready_lat_sum += pm_ready_lat(r);
}

/* Keep a uniform subset of the samples (reservoir sampling over the whole run). */
static void pm_keep(struct pm *p, const struct pm_sample *s, const struct pm_xfer *path,
		    uint32_t path_n)
{
	size_t max = p->cfg.keep_samples, slot;
	if (!max)
		return;
	p->keep_seen++;
	if (p->nkept < max) {
		slot = p->nkept++;
	} else {
		p->keep_rng ^= p->keep_rng << 13;
		p->keep_rng ^= p->keep_rng >> 7;
		p->keep_rng ^= p->keep_rng << 17;
		uint64_t j = p->keep_rng % p->keep_seen;
		if (j >= max)
			return;
		slot = (size_t)j;
	}
	struct pm_kept *k = &p->kept[slot];
	k->s = *s;
	k->path = p->pool + slot * p->cfg.keep_path_max;
	k->path_n = path_n;
	memcpy(k->path, path, path_n * sizeof(*path));
}

static void pm_complete(struct pm *p, size_t i)
{
	struct pm_pend *q = &p->pend[i];
	struct pm_sample *s = &q->s;
	if (s->n == 2)
		s->fetch_gap = (int64_t)(s->rec[1].t_fetch - s->rec[0].t_fetch);
	if (p->cfg.raw)
		for (unsigned k = 0; k < s->n; k++)
			pm_raw_line(p->cfg.raw, s, k);
	for (unsigned k = 0; k < s->n; k++)
		pm_aggregate(p, &s->rec[k]);
	if (s->n == 2) {
		p->st.pairs++;
		long ia = pm_index(p, s->rec[0].pc, s->rec[0].insn);
		long ib = pm_index(p, s->rec[1].pc, s->rec[1].insn);
		if (ia >= 0 && ib >= 0) {
			struct pm_pc *a = &p->pcs[ia], *b = &p->pcs[ib];
			a->pair_first++;
			b->pair_second++;
			a->gap_sum += (uint64_t)(s->fetch_gap > 0 ? s->fetch_gap : 0);
			if (!s->rec[0].abort) {
				a->l_i += pm_ready_lat(&s->rec[0]);
				a->u_f += (uint64_t)pm_useful(&s->rec[0], &s->rec[1]);
			}
			if (!s->rec[1].abort) {
				b->l_i += pm_ready_lat(&s->rec[1]);
				b->u_b += (uint64_t)pm_useful(&s->rec[1], &s->rec[0]);
			}
		}
	}
	pm_keep(p, s, p->pend_path[i], p->pend_path_n[i]);
	/* swap-remove */
	size_t last = --p->npend;
	if (i != last) {
		p->pend[i] = p->pend[last];
		struct pm_xfer *t = p->pend_path[i];
		p->pend_path[i] = p->pend_path[last];
		p->pend_path[last] = t;
		p->pend_path_n[i] = p->pend_path_n[last];
	}
}

/* A new tag on fetch number `first` (and, paired, on one 1..W fetched after it). */
static void pm_tag_new(struct pm *p, uint64_t first)
{
	if (p->npend == PM_PEND_MAX) {
		p->st.dropped += p->cfg.paired ? 2 : 1;
		return;
	}
	struct pm_pend *q = &p->pend[p->npend];
	memset(&q->s, 0, sizeof(q->s));
	q->want[0] = first;
	q->have = 0;
	q->s.n = 1;
	if (p->cfg.paired) {
		q->s.n = 2;
		q->s.dist = 1 + (uint32_t)(pm_rand(p) % p->cfg.window);
		q->want[1] = first + q->s.dist;
	} else {
		q->want[1] = 0;
	}
	p->pend_path_n[p->npend] = 0;
	p->npend++;
}

/* New tags for every fetch number up to `seq` (all of those have been fetched). */
static void pm_tag_upto(struct pm *p, uint64_t seq)
{
	while (p->next_major <= seq) {
		uint64_t first = p->next_major;
		p->next_major += pm_gap(p);
		pm_tag_new(p, first);
	}
}

/* Fetch-opportunity counting: every tagged slot before slot `upto` held no instruction. */
static void pm_slots_empty(struct pm *p, uint64_t upto)
{
	while (p->next_slot < upto) {
		p->st.slot_samples++;
		p->st.empty_samples++;
		p->next_slot += pm_gap(p);
	}
	if (upto > p->slot_pos)
		p->slot_pos = upto;
}

/* The front end fetched n instructions in `cycle` (§4.1.1): they fill the cycle's first
 * slots; a tagged slot among them tags its instruction, the others are empty. */
static void pm_on_fetch(void *ctx, uint64_t cycle, uint64_t first_seq, uint32_t n)
{
	struct pm *p = ctx;
	uint64_t w = p->cfg.fetch_slots, start = cycle * w;
	if (start < p->slot_pos)  /* a second group in one cycle (or a restarted count) */
		start = p->slot_pos;
	pm_slots_empty(p, start);
	p->slot_fetched += n;
	while (p->next_slot < start + n) {
		p->st.slot_samples++;
		pm_tag_new(p, first_seq + (p->next_slot - start));
		p->next_slot += pm_gap(p);
	}
	p->slot_pos = start + n;  /* the cycle's remaining slots: at the next call or the end */
}

/* The true path before a correct-path record that has just committed: the committed
 * transfers, newest first. */
static uint32_t pm_true_path(const struct pm *p, struct pm_xfer *out)
{
	uint32_t n = 0, max = p->cfg.keep_path_max;
	for (uint64_t k = p->xn; k-- > 0 && n < max && p->xn - k <= PM_XRING;)
		out[n++] = p->xring[k % PM_XRING];
	return n;
}

static void pm_tags_insn(struct pm *p, const struct probe_insn *r)
{
	if (!p->cfg.fetch_slots)
		pm_tag_upto(p, r->seq);
	/* one instruction may be the first of one pair and the second of another */
	for (size_t i = 0; i < p->npend;) {
		struct pm_pend *q = &p->pend[i];
		int done = 0;
		for (unsigned k = 0; k < q->s.n; k++) {
			if (q->want[k] != r->seq)
				continue;
			pm_fill(p, r, &q->s.rec[k]);
			q->have |= 1u << k;
			/* the true path before the last record of the sample (the pair's second) */
			if (k + 1 == q->s.n && r->committed && p->cfg.keep_samples)
				p->pend_path_n[i] = pm_true_path(p, p->pend_path[i]);
			if (q->have == (1u << q->s.n) - 1) {
				pm_complete(p, i);
				done = 1;
			}
			break;
		}
		if (!done)
			i++;
	}
}

/* ---- exact truth: wasted issue slots and windowed IPC ------------------------------------ */

/* Every retirement that issued before `upto` has been seen: extend the running sums. */
static void pm_finalize(struct pm *p, uint64_t upto)
{
	const uint64_t m = PM_USEFUL_RING - 1;
	if (p->fin < p->useful_base) {
		p->fin = p->useful_base;
		p->pre[(p->fin - 1) & m] = 0;  /* only differences inside the ring are read */
	}
	if (upto > p->useful_base + PM_USEFUL_RING - 1)
		upto = p->useful_base + PM_USEFUL_RING - 1;
	for (uint64_t c = p->fin; c < upto; c++)
		p->pre[c & m] = p->pre[(c - 1) & m] + p->useful[c & m];
	if (upto > p->fin)
		p->fin = upto;
}

static void pm_useful_advance(struct pm *p, uint64_t to)
{
	if (to <= p->useful_base)
		return;
	uint64_t n = to - p->useful_base;
	if (n >= PM_USEFUL_RING)
		memset(p->useful, 0, PM_USEFUL_RING * sizeof(*p->useful));
	else
		for (uint64_t c = p->useful_base; c < to; c++)
			p->useful[c & (PM_USEFUL_RING - 1)] = 0;
	p->useful_base = to;
}

/* Resolve the oldest pending retirement with the issues counted so far. */
static void pm_wait_resolve(struct pm *p)
{
	struct pm_wait *w = &p->wait[p->wait_head];
	uint64_t useful = 0, lo = w->t_fetch;
	uint64_t hi = w->t_last;
	if (lo < p->useful_base)
		lo = p->useful_base;
	if (hi + 2 > p->useful_base + PM_USEFUL_RING)
		hi = p->useful_base + PM_USEFUL_RING - 2;
	if (hi + 1 > p->fin)
		pm_finalize(p, hi + 1);  /* the end of the run, or a window beyond the ring */
	if (lo <= hi && hi < p->fin)
		useful = p->pre[hi & (PM_USEFUL_RING - 1)] - p->pre[(lo - 1) & (PM_USEFUL_RING - 1)];
	long i = pm_index(p, w->pc, NULL);
	if (i >= 0) {
		struct pm_hot *e = &p->hot[i];
		uint64_t slots = (uint64_t)p->cfg.issue_width * (w->t_last - w->t_fetch + 1);
		useful = useful ? useful - 1 : 0;  /* not itself */
		e->useful += useful;
		e->wasted += (int64_t)slots - (int64_t)useful;
	}
	p->wait_head = (p->wait_head + 1) & (p->wait_cap - 1);
	p->wait_n--;
	pm_useful_advance(p, p->wait_n ? p->wait[p->wait_head].t_fetch : w->t_last + 1);
}

static void pm_exact_commit(struct pm *p, const struct probe_insn *r)
{
	/* every retirement issued at or before a pending window's end has been seen once a
	 * retirement fetched after that end arrives (commit is in fetch order) */
	pm_finalize(p, r->t_fetch);
	while (p->wait_n && p->wait[p->wait_head].t_last < r->t_fetch)
		pm_wait_resolve(p);
	if (!p->wait_n)
		pm_useful_advance(p, r->t_fetch);
	if (r->t_issue != PROBE_NEVER && r->t_issue >= p->useful_base) {
		while (p->wait_n && r->t_issue - p->useful_base >= PM_USEFUL_RING) {
			p->st.wasted_truncated++;
			pm_wait_resolve(p);
		}
		if (r->t_issue - p->useful_base < PM_USEFUL_RING && r->t_issue >= p->fin)
			p->useful[r->t_issue & (PM_USEFUL_RING - 1)]++;
	}
	if (r->t_complete == PROBE_NEVER)
		return;
	if (p->wait_n == p->wait_cap) {
		size_t cap = p->wait_cap * 2;
		struct pm_wait *w = malloc(cap * sizeof(*w));
		if (!w) {
			p->oom = 1;
			return;
		}
		for (size_t k = 0; k < p->wait_n; k++)
			w[k] = p->wait[(p->wait_head + k) & (p->wait_cap - 1)];
		free(p->wait);
		p->wait = w;
		p->wait_head = 0;
		p->wait_cap = cap;
	}
	struct pm_wait *w = &p->wait[(p->wait_head + p->wait_n) & (p->wait_cap - 1)];
	w->pc = r->pc;
	w->t_fetch = r->t_fetch;
	w->t_last = r->t_complete;
	p->wait_n++;
}

static void pm_ipc_close(struct pm *p)
{
	double n = (double)p->ipc_n;
	p->st.ipc_windows++;
	p->ipc_s1 += n;
	p->ipc_s2 += n * n;
	p->ipc_s3 += n * n * n;
	double ipc = n / p->cfg.ipc_window_cycles;
	if (ipc > p->st.ipc_max)
		p->st.ipc_max = ipc;
	if (n > 0 && (p->st.ipc_min_nonzero == 0 || ipc < p->st.ipc_min_nonzero))
		p->st.ipc_min_nonzero = ipc;
}

static void pm_ipc_commit(struct pm *p, uint64_t t_end)
{
	uint64_t w = t_end / p->cfg.ipc_window_cycles;
	if (!p->ipc_started) {
		p->ipc_started = 1;
		p->ipc_w = w;
	}
	if (w != p->ipc_w) {
		pm_ipc_close(p);
		p->st.ipc_zero_windows += w - p->ipc_w - 1;
		p->st.ipc_windows += w - p->ipc_w - 1;
		p->ipc_w = w;
		p->ipc_n = 0;
	}
	p->ipc_n++;
}

static void pm_on_insn(void *ctx, const struct probe_insn *r)
{
	struct pm *p = ctx;
	p->st.fetched++;
	long i = pm_index(p, r->pc, r->insn);
	struct pm_hot *e = i >= 0 ? &p->hot[i] : NULL;
	if (e) {
		e->fetched++;
		if (r->events & PROBE_EV_DCACHE_MISS)
			e->dmiss++;
	}
	if (r->committed) {
		p->st.x_retired++;
		if (e) {
			e->retired++;
			if (r->t_complete != PROBE_NEVER)
				e->ready_lat += r->t_complete + 1 - r->t_fetch;
		}
		pm_exact_commit(p, r);
		pm_ipc_commit(p, r->t_end);
	}
	pm_tags_insn(p, r);
	if (r->committed && (r->insn->cls == ISA_CLASS_BRANCH || r->insn->cls == ISA_CLASS_JUMP)) {
		struct pm_xfer *x = &p->xring[p->xn++ % PM_XRING];
		x->pc = r->pc;
		x->next = r->target;
		x->cond = r->insn->cls == ISA_CLASS_BRANCH;
		x->taken = r->taken;
		x->call = !!(r->insn->flags & ISA_F_CALL);
		x->ret = !!(r->insn->flags & ISA_F_RET);
	}
}

/* ---- life cycle ---------------------------------------------------------------------------- */

int pm_create(const struct pm_config *cfg, struct pm **out)
{
	*out = NULL;
	if (!cfg->interval || (cfg->paired && !cfg->window) || !cfg->history_bits ||
	    cfg->history_bits > 64 || !cfg->issue_width || !cfg->ipc_window_cycles)
		return -EINVAL;
	struct pm *p = calloc(1, sizeof(*p));
	if (!p)
		return -ENOMEM;
	p->cfg = *cfg;
	p->rng = cfg->seed ? cfg->seed : 0x9E3779B97F4A7C15ULL;
	p->keep_rng = p->rng ^ 0x5851F42D4C957F2DULL;
	p->wait_cap = 4096;
	p->useful = calloc(PM_USEFUL_RING, sizeof(*p->useful));
	p->pre = calloc(PM_USEFUL_RING, sizeof(*p->pre));
	p->wait = malloc(p->wait_cap * sizeof(*p->wait));
	if (cfg->keep_samples) {
		p->kept = calloc(cfg->keep_samples, sizeof(*p->kept));
		p->pool = calloc(cfg->keep_samples * (cfg->keep_path_max ? cfg->keep_path_max : 1),
		                 sizeof(*p->pool));
	}
	int bad = !p->useful || !p->pre || !p->wait || (cfg->keep_samples && (!p->kept || !p->pool));
	for (size_t i = 0; i < PM_PEND_MAX && !bad; i++)
		bad = !(p->pend_path[i] = calloc(cfg->keep_path_max ? cfg->keep_path_max : 1,
		                                 sizeof(struct pm_xfer)));
	if (bad || pm_grow_index(p)) {
		pm_destroy(p);
		return -ENOMEM;
	}
	p->next_major = pm_gap(p);
	p->next_slot = p->next_major - 1;  /* slots are numbered from 0 */
	*out = p;
	return 0;
}

void pm_consumer(struct pm *p, struct probe_consumer *out)
{
	memset(out, 0, sizeof(*out));
	out->ctx = p;
	out->on_insn = pm_on_insn;
	if (p->cfg.fetch_slots)
		out->on_fetch = pm_on_fetch;
}

void pm_end_cycles(struct pm *p, uint64_t cycles)
{
	p->end_cycles = cycles;
}

void pm_finish(struct pm *p)
{
	if (p->finished)
		return;
	p->finished = 1;
	if (p->cfg.fetch_slots) {
		uint64_t end = p->end_cycles * p->cfg.fetch_slots;
		if (end < p->slot_pos)
			end = p->slot_pos;
		pm_slots_empty(p, end);
		p->st.slots = end;
		p->st.x_empty_slots = end - p->slot_fetched;
	}
	while (p->wait_n)
		pm_wait_resolve(p);
	for (size_t i = 0; i < p->npend; i++)
		p->st.dropped += p->pend[i].s.n;
	p->npend = 0;
	if (p->ipc_started)
		pm_ipc_close(p);
	for (size_t i = 0; i < p->npc; i++) {
		const struct pm_hot *h = &p->hot[i];
		struct pm_pc *e = &p->pcs[i];
		e->x_fetched = h->fetched;
		e->x_retired = h->retired;
		e->x_dcache_miss = h->dmiss;
		e->x_ready_lat = h->ready_lat;
		e->x_useful = h->useful;
		e->x_wasted = h->wasted;
	}
	if (p->ipc_s1 > 0 && p->st.ipc_windows) {
		double w = p->cfg.ipc_window_cycles;
		p->st.ipc_mean = p->ipc_s1 / (double)p->st.ipc_windows / w;
		double m = p->ipc_s2 / p->ipc_s1;
		double var = p->ipc_s3 / p->ipc_s1 - m * m;
		p->st.ipc_wmean = m / w;
		p->st.ipc_wstd = (var > 0 ? sqrt(var) : 0) / w;
	}
}

const struct pm_config *pm_config(const struct pm *p)
{
	return &p->cfg;
}

const struct pm_stats *pm_stats(const struct pm *p)
{
	return &p->st;
}

const struct pm_pc *pm_pcs(const struct pm *p, size_t *n)
{
	*n = p->npc;
	return p->pcs;
}

const struct pm_kept *pm_kept(const struct pm *p, size_t *n)
{
	*n = p->nkept;
	return p->kept;
}

int pm_oom(const struct pm *p)
{
	return p->oom;
}

void pm_destroy(struct pm *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < PM_PEND_MAX; i++)
		free(p->pend_path[i]);
	free(p->pcs);
	free(p->hot);
	free(p->slot);
	free(p->kept);
	free(p->pool);
	free(p->useful);
	free(p->pre);
	free(p->wait);
	free(p);
}
