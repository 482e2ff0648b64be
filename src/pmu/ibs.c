/*
 * ibs.c — AMD IBS op sampling. One unit, two outputs:
 * - PICS, as 004_b28092482852db08.txt Paper B §5 evaluates IBS: the sample tags the
 *   instruction dispatched in the sample cycle (tag.c, dispatch stage; the next one to
 *   dispatch if none does), follows it to the end of its life, committed or squashed, and
 *   reports its address with the events of Table B.1's IBS column.
 * - The raw registers of 003_b4067ee07181a84e.txt and AMD's Family 10h / Zen 4 references:
 *   when the tagged op retires the unit fills IbsOpRip, IbsOpData (CompToRetCtr,
 *   TagToRetCtr, branch flags), IbsOpData2 (data source), IbsOpData3 (load/store, D-TLB
 *   misses, D-cache miss, misalignment, DcMissLat, TlbRefillLat), IbsDcLinAd and IbsBrTarget
 *   in perf_ibs_data order (ibs_unit.h); a tagged op that is squashed yields no sample and
 *   is counted as lost. The counter counts cycles (the shared sampler, as the PICS side) or,
 *   with pmu_config.ibs_ops_period, dispatched ops with the period's low 4 bits randomised.
 */
#include "pmu/ibs_unit.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "pmu/pmu_model.h"
#include "pmu/psv.h"

/* The samples a unit wrote: raw payloads of rec_bytes each (caps word + registers). */
struct ibs_log {
	unsigned char *raw;
	size_t n, cap, rec_bytes;
	uint32_t caps;                  /* the capability word of every payload */
	uint64_t tagged, lost, dropped;
};

struct ibs_slot {
	uint64_t regs[IBS_OP_NREGS];  /* the candidate's registers as they would be at retire */
	uint8_t committed;
};

struct ibs_state {
	struct pmu_tags tags;           /* cycle-tagged ops (PICS, and raw samples in cycle mode) */
	struct ibs_slot slot[PMU_TAG_MAX];
	struct ibs_log log;
	uint64_t dispatched;
	uint64_t countdown;             /* ops mode: dispatched ops until the next tag */
	uint64_t rng;                   /* xorshift64* state of the randomised low bits */
};

#define IBS_CAPS_OP (1u << 0 | 1u << 2 | IBS_CAPS_BRNTRGT)  /* AVAIL, OPSAM, BRNTRGT */
#define IBS_CAPS_FETCH (1u << 0 | 1u << 1)                   /* AVAIL, FETCHSAM */

static uint16_t ibs_clamp16(uint64_t v)
{
	return v > 0xffff ? 0xffff : (uint16_t)v;
}

static uint64_t ibs_span(uint64_t from, uint64_t to)
{
	return from == PROBE_NEVER || to == PROBE_NEVER || to < from ? 0 : to - from;
}

void ibs_unit_encode(const struct probe_insn *r, uint64_t max_cnt, int ops_mode,
		     unsigned char *raw)
{
	uint64_t reg[IBS_OP_NREGS] = { 0 };
	const struct isa_insn *in = r->insn;
	int cls = in ? in->cls : ISA_CLASS_ALU;
	uint32_t flags = in ? in->flags : 0;
	int load = cls == ISA_CLASS_LOAD || cls == ISA_CLASS_AMO;
	int store = cls == ISA_CLASS_STORE || cls == ISA_CLASS_AMO;
	int branch = cls == ISA_CLASS_BRANCH || cls == ISA_CLASS_JUMP;
	/* IbsOpCtl: IbsOpMaxCnt[15:0] (period >> 4), IbsOpEn 17, IbsOpVal 18, IbsOpCntCtl 19 */
	reg[0] = (max_cnt >> 4 & 0xffff) | 1ull << 17 | 1ull << 18 | (uint64_t)!!ops_mode << 19;
	reg[1] = r->pc;
	/* IbsOpData: CompToRetCtr 15:0, TagToRetCtr 31:16 (tagged at dispatch), IbsOpReturn 34,
	 * IbsOpBrnTaken 35, IbsOpBrnMisp 36, IbsOpBrnRet 37 */
	reg[2] = ibs_clamp16(ibs_span(r->t_complete, r->t_end)) |
		 (uint64_t)ibs_clamp16(ibs_span(r->t_dispatch, r->t_end)) << 16;
	if (branch) {
		reg[2] |= 1ull << 37;
		if (r->taken)
			reg[2] |= 1ull << 35;
		if (r->events & PROBE_EV_MISPREDICT)
			reg[2] |= 1ull << 36;
		if (flags & ISA_F_RET)
			reg[2] |= 1ull << 34;
	}
	int dc_miss = (load || store) && (r->events & PROBE_EV_DCACHE_MISS);
	/* IbsOpData2 DataSrc[2:0] of a load that missed the D-cache: 0 served below the
	 * northbridge (the L2), 1 the L3, 3 DRAM */
	if (load && dc_miss) {
		if (r->serve_level == PROBE_LEVEL_LLC)
			reg[3] = 1;
		else if (r->serve_level == PROBE_LEVEL_DRAM)
			reg[3] = 3;
	}
	/* IbsOpData3 */
	uint64_t d3 = 0;
	if (load)
		d3 |= 1ull << 0;
	if (store)
		d3 |= 1ull << 1;
	if ((load || store) && (r->events & PROBE_EV_DTLB_MISS)) {
		d3 |= 1ull << 2;                                   /* DcL1TlbMiss */
		if (r->events & PROBE_EV_DTLB_WALK)
			d3 |= 1ull << 3;                           /* DcL2TlbMiss */
		d3 |= (uint64_t)ibs_clamp16(r->tlb_refill_cycles) << 48; /* TlbRefillLat */
	}
	if (dc_miss) {
		d3 |= 1ull << 7;                                   /* DcMiss */
		if (load)
			d3 |= (uint64_t)ibs_clamp16(r->load_cycles) << 32; /* DcMissLat */
		if (load && r->serve_level >= PROBE_LEVEL_LLC)
			d3 |= 1ull << 20;                          /* L2Miss */
	}
	if (load || store) {
		if (r->mem_size && r->mem_addr % r->mem_size)
			d3 |= 1ull << 8;                           /* DcMisAcc */
		d3 |= 1ull << 17;                                  /* DcLinAddrValid */
		unsigned w = 0;                                    /* OpMemWidth: 1 << (w - 1) */
		while (w < 5 && (1u << w) < r->mem_size)
			w++;
		if (r->mem_size)
			d3 |= (uint64_t)(w + 1) << 22;
		reg[5] = r->mem_addr;
	}
	reg[4] = d3;
	reg[6] = 0;  /* IbsDcPhysAd: user-mode simulation, DcPhyAddrValid clear */
	if (branch)
		reg[7] = r->target;
	uint32_t caps = IBS_CAPS_OP;
	memcpy(raw, &caps, 4);
	memcpy(raw + 4, reg, sizeof(reg));
}

/* A tagged op retired (valid) or was squashed (counted lost): append its payload. */
static void ibs_log_take(struct ibs_log *l, const uint64_t *regs, int valid)
{
	l->tagged++;
	if (!valid) {
		l->lost++;
		return;
	}
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 1024;
		unsigned char *p = realloc(l->raw, cap * l->rec_bytes);
		if (!p) {
			l->dropped++;
			return;
		}
		l->raw = p;
		l->cap = cap;
	}
	unsigned char *dst = l->raw + l->n++ * l->rec_bytes;
	memcpy(dst, &l->caps, 4);
	memcpy(dst + 4, regs, l->rec_bytes - 4);
}

static void ibs_log_out(const struct ibs_log *l, struct ibs_unit_log *out)
{
	out->raw = l->raw;
	out->n = l->n;
	out->tagged = l->tagged;
	out->lost = l->lost;
	out->dropped = l->dropped;
}

static void ibs_on_best(struct pmu_unit *u, uint32_t slot, const struct probe_insn *r)
{
	struct ibs_state *s = u->state;
	unsigned char raw[IBS_OP_RAW_BYTES];
	ibs_unit_encode(r, u->period_cycles, 0, raw);
	memcpy(s->slot[slot].regs, raw + 4, sizeof(s->slot[slot].regs));
	s->slot[slot].committed = r->committed;
}

static void ibs_on_resolve(struct pmu_unit *u, uint32_t slot, const struct pmu_tag *g)
{
	struct ibs_state *s = u->state;
	if (g->best_t != UINT64_MAX)
		ibs_log_take(&s->log, s->slot[slot].regs, s->slot[slot].committed);
}

static uint64_t ibs_next_count(struct ibs_state *s, uint64_t period)
{
	s->rng ^= s->rng >> 12;
	s->rng ^= s->rng << 25;
	s->rng ^= s->rng >> 27;
	uint64_t r = s->rng * 2685821657736338717ull >> 60;  /* 0..15 */
	return period < 32 ? period : (period & ~15ull) + r;
}

static int ibs_init(struct pmu_unit *u)
{
	struct ibs_state *s = u->state;
	s->tags.stage = PMU_TAG_DISPATCH;
	s->log.rec_bytes = IBS_OP_RAW_BYTES;
	s->log.caps = IBS_CAPS_OP;
	s->rng = u->seed * 0x9e3779b97f4a7c15ull | 1;
	if (u->cfg->ibs_ops_period)
		s->countdown = ibs_next_count(s, u->cfg->ibs_ops_period);
	else {
		s->tags.on_best = ibs_on_best;
		s->tags.on_resolve = ibs_on_resolve;
	}
	return 0;
}

static void ibs_on_sample(struct pmu_unit *u, const struct probe_cycle *v, uint64_t cycle)
{
	struct ibs_state *s = u->state;
	pmu_tags_sample(u, &s->tags, v, cycle);
}

static void ibs_on_insn(struct pmu_unit *u, const struct probe_insn *r)
{
	struct ibs_state *s = u->state;
	uint64_t period = u->cfg->ibs_ops_period;
	if (r->t_dispatch != PROBE_NEVER) {
		s->dispatched++;
		/* ops mode: records of dispatched ops arrive once each, so counting them counts
		 * dispatches; the op that empties the counter is the tagged one */
		if (period && !--s->countdown) {
			unsigned char raw[IBS_OP_RAW_BYTES];
			ibs_unit_encode(r, period, 1, raw);
			uint64_t regs[IBS_OP_NREGS];
			memcpy(regs, raw + 4, sizeof(regs));
			ibs_log_take(&s->log, regs, r->committed);
			s->countdown = ibs_next_count(s, period);
		}
	}
	pmu_tags_insn(u, &s->tags, r);
}

static void ibs_finish(struct pmu_unit *u)
{
	struct ibs_state *s = u->state;
	pmu_tags_finish(u, &s->tags);
}

int ibs_unit_raw(const struct pmu_unit *u, struct ibs_unit_log *out)
{
	memset(out, 0, sizeof(*out));
	if (u->model != &pmu_model_ibs)
		return -ENOENT;
	const struct ibs_state *s = u->state;
	ibs_log_out(&s->log, out);
	out->dispatched = s->dispatched;
	out->ops_mode = u->cfg->ibs_ops_period != 0;
	return 0;
}

static void ibs_free(struct pmu_unit *u)
{
	struct ibs_state *s = u->state;
	free(s->log.raw);
	s->log.raw = NULL;
}

const struct pmu_model pmu_model_ibs = {
	.name = "ibs",
	.summary = "AMD IBS op: tag at dispatch, the tagged op's IBS registers (003) and "
	           "events (Paper B Table B.1)",
	.psv_events = PSV_SET_IBS,
	.state_size = sizeof(struct ibs_state),
	.init = ibs_init,
	.on_sample = ibs_on_sample,
	.on_insn = ibs_on_insn,
	.finish = ibs_finish,
	.destroy = ibs_free,
};

/* ---- IBS fetch sampling ------------------------------------------------------------------ */

struct ibs_fetch_state {
	struct pmu_tags tags;           /* the first instruction fetched at or after the sample */
	uint64_t slot[PMU_TAG_MAX][IBS_FETCH_NREGS];
	struct ibs_log log;
};

void ibs_unit_encode_fetch(const struct probe_insn *r, uint64_t max_cnt, unsigned char *raw)
{
	uint64_t reg[IBS_FETCH_NREGS] = { 0 };
	int comp = r->t_decode != PROBE_NEVER;
	/* IbsFetchCtl: MaxCnt[15:0], FetchLat 47:32, En 48, Val 49, Comp 50, IcMiss 51,
	 * L1TlbPgSz 54:53 (0: 4 KiB), L1TlbMiss 55, L2TlbMiss 56, RandEn 57 */
	reg[0] = (max_cnt >> 4 & 0xffff) | 1ull << 48 | 1ull << 49 | 1ull << 57;
	if (comp)
		reg[0] |= 1ull << 50 | (uint64_t)ibs_clamp16(r->fetch_lat_cycles) << 32;
	if (r->events & PROBE_EV_ICACHE_MISS)
		reg[0] |= 1ull << 51;
	if (r->events & PROBE_EV_ITLB_MISS)
		reg[0] |= 1ull << 55 | (uint64_t)!!(r->events & PROBE_EV_ITLB_WALK) << 56;
	reg[1] = r->pc;  /* IbsFetchLinAd */
	uint32_t caps = IBS_CAPS_FETCH;
	memcpy(raw, &caps, 4);
	memcpy(raw + 4, reg, sizeof(reg));
}

static void ibs_fetch_on_best(struct pmu_unit *u, uint32_t slot, const struct probe_insn *r)
{
	struct ibs_fetch_state *s = u->state;
	unsigned char raw[IBS_FETCH_RAW_BYTES];
	ibs_unit_encode_fetch(r, u->period_cycles, raw);
	memcpy(s->slot[slot], raw + 4, sizeof(s->slot[slot]));
}

static void ibs_fetch_on_resolve(struct pmu_unit *u, uint32_t slot, const struct pmu_tag *g)
{
	struct ibs_fetch_state *s = u->state;
	if (g->best_t != UINT64_MAX)
		ibs_log_take(&s->log, s->slot[slot], 1);  /* aborted fetches are samples too */
}

static int ibs_fetch_init(struct pmu_unit *u)
{
	struct ibs_fetch_state *s = u->state;
	s->tags.stage = PMU_TAG_FETCH;
	s->tags.on_best = ibs_fetch_on_best;
	s->tags.on_resolve = ibs_fetch_on_resolve;
	s->log.rec_bytes = IBS_FETCH_RAW_BYTES;
	s->log.caps = IBS_CAPS_FETCH;
	u->insn_demand = &s->tags.n;  /* records matter only while a tag waits */
	return 0;
}

static void ibs_fetch_on_sample(struct pmu_unit *u, const struct probe_cycle *v, uint64_t cycle)
{
	struct ibs_fetch_state *s = u->state;
	pmu_tags_sample(u, &s->tags, v, cycle);
}

static void ibs_fetch_on_insn(struct pmu_unit *u, const struct probe_insn *r)
{
	struct ibs_fetch_state *s = u->state;
	pmu_tags_insn(u, &s->tags, r);
}

static void ibs_fetch_finish(struct pmu_unit *u)
{
	struct ibs_fetch_state *s = u->state;
	pmu_tags_finish(u, &s->tags);
}

static void ibs_fetch_free(struct pmu_unit *u)
{
	struct ibs_fetch_state *s = u->state;
	free(s->log.raw);
	s->log.raw = NULL;
}

int ibs_unit_raw_fetch(const struct pmu_unit *u, struct ibs_unit_log *out)
{
	memset(out, 0, sizeof(*out));
	if (u->model != &pmu_model_ibs_fetch)
		return -ENOENT;
	const struct ibs_fetch_state *s = u->state;
	ibs_log_out(&s->log, out);
	return 0;
}

const struct pmu_model pmu_model_ibs_fetch = {
	.name = "ibs-fetch",
	.summary = "AMD IBS fetch: tag the fetch at the sample cycle, IbsFetchCtl (completed or "
	           "aborted, I-cache / I-TLB misses, FetchLat) and IbsFetchLinAd (003)",
	.state_size = sizeof(struct ibs_fetch_state),
	.init = ibs_fetch_init,
	.on_sample = ibs_fetch_on_sample,
	.on_insn = ibs_fetch_on_insn,
	.finish = ibs_fetch_finish,
	.destroy = ibs_fetch_free,
};
