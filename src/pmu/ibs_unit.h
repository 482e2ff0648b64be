/*
 * ibs_unit.h — what the simulated AMD IBS op unit (ibs.c) hands out besides its PICS: the
 * raw samples it wrote, each the perf_ibs_data payload the Linux ibs_op PMU delivers (a
 * 32-bit capability word, then IbsOpCtl, IbsOpRip, IbsOpData, IbsOpData2, IbsOpData3,
 * IbsDcLinAd, IbsDcPhysAd, IbsBrTarget), for the one decoder of collect/ibs.h; the tagged ops
 * lost to a squash; and the ops it saw dispatched (the weight of a sample).
 * The fetch unit (`ibs-fetch`) logs IbsFetchCtl / IbsFetchLinAd / IbsFetchPhysAd likewise.
 * Entry points: ibs_unit_raw, ibs_unit_encode, ibs_unit_raw_fetch, ibs_unit_encode_fetch.
 */
#ifndef ROBIN_PMU_IBS_UNIT_H
#define ROBIN_PMU_IBS_UNIT_H

#include <stddef.h>
#include <stdint.h>

#include "collect/ibs.h"
#include "core/probe.h"
#include "pmu/pmu.h"

struct ibs_unit_log {
	const unsigned char *raw;  /* n payloads of IBS_OP_RAW_BYTES, in retirement order */
	size_t n;
	uint64_t tagged;           /* ops tagged (= n + lost + dropped) */
	uint64_t lost;             /* tagged ops squashed before retiring: no sample */
	uint64_t dropped;          /* samples not kept for lack of memory */
	uint64_t dispatched;       /* ops dispatched over the run (committed or squashed) */
	int ops_mode;              /* 1: IbsOpCntCtl counted dispatched ops, 0: cycles */
};

/* The log of an attached `ibs` unit; -ENOENT when u is not the IBS model. */
int ibs_unit_raw(const struct pmu_unit *u, struct ibs_unit_log *out)
	__attribute__((warn_unused_result));

/* The log of an attached `ibs-fetch` unit (payloads of IBS_FETCH_RAW_BYTES: IbsFetchCtl,
 * IbsFetchLinAd, IbsFetchPhysAd; lost and dispatched stay 0); -ENOENT when u is not it. */
int ibs_unit_raw_fetch(const struct pmu_unit *u, struct ibs_unit_log *out)
	__attribute__((warn_unused_result));

/* The fetch payload (IBS_FETCH_RAW_BYTES) for the tagged fetch of r's instruction: completed
 * when it reached decode, aborted when squashed before. Exposed for tests. */
void ibs_unit_encode_fetch(const struct probe_insn *r, uint64_t max_cnt, unsigned char *raw);

/* Fill the raw payload (IBS_OP_RAW_BYTES) the unit writes when the tagged op r retires;
 * max_cnt is IbsOpMaxCnt's period, ops_mode IbsOpCntCtl. Exposed for tests. */
void ibs_unit_encode(const struct probe_insn *r, uint64_t max_cnt, int ops_mode,
		     unsigned char *raw);

#endif
