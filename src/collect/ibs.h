/*
 * ibs.h — decoding AMD Instruction-Based Sampling raw samples (003_b4067ee07181a84e.txt): the
 * PERF_SAMPLE_RAW payload of the ibs_op / ibs_fetch PMUs is a 32-bit capability word followed
 * by the IBS MSRs in order (op: IbsOpCtl, IbsOpRip, IbsOpData, IbsOpData2, IbsOpData3,
 * IbsDcLinAd, IbsDcPhysAd [, IbsBrTarget] [, IbsOpData4]; fetch: IbsFetchCtl, IbsFetchLinAd,
 * IbsFetchPhysAd [, IbsFetchExtCtl]). Field positions follow AMD's processor programming
 * reference. Entry points: ibs_op_decode, ibs_fetch_decode, ibs_*_bit_name.
 */
#ifndef ROBIN_COLLECT_IBS_H
#define ROBIN_COLLECT_IBS_H

#include <stddef.h>
#include <stdint.h>

/* Event bits of a decoded op sample (detail kind "event_bits" keys). */
enum ibs_op_bit {
	IBS_OP_LOAD = 1u << 0,
	IBS_OP_STORE = 1u << 1,
	IBS_OP_DC_MISS = 1u << 2,
	IBS_OP_L2_MISS = 1u << 3,
	IBS_OP_DTLB_L1_MISS = 1u << 4,
	IBS_OP_DTLB_L2_MISS = 1u << 5,
	IBS_OP_BRANCH = 1u << 6,       /* a retired branch op */
	IBS_OP_BR_TAKEN = 1u << 7,
	IBS_OP_BR_MISPREDICT = 1u << 8,
	IBS_OP_RETURN = 1u << 9,
	IBS_OP_LOCKED = 1u << 10,
	IBS_OP_MISALIGNED = 1u << 11,
	IBS_OP_UNCACHEABLE = 1u << 12,
	IBS_OP_MICROCODE = 1u << 13,
	IBS_OP_NBITS = 14
};

enum ibs_fetch_bit {
	IBS_FETCH_COMPLETED = 1u << 0,
	IBS_FETCH_IC_MISS = 1u << 1,
	IBS_FETCH_ITLB_L1_MISS = 1u << 2,
	IBS_FETCH_ITLB_L2_MISS = 1u << 3,
	IBS_FETCH_L2_MISS = 1u << 4,
	IBS_FETCH_L3_MISS = 1u << 5,
	IBS_FETCH_OC_MISS = 1u << 6,
	IBS_FETCH_NBITS = 7
};

struct ibs_op {
	uint64_t rip;               /* precise address of the tagged op's instruction */
	int rip_valid;
	uint32_t bits;              /* enum ibs_op_bit */
	uint32_t tag_to_ret_cycles; /* tagging to retirement */
	uint32_t comp_to_ret_cycles;/* completion to retirement */
	uint32_t dc_miss_lat_cycles;/* data cache miss latency (valid with IBS_OP_DC_MISS) */
	uint32_t tlb_refill_lat_cycles;
	uint32_t data_src;          /* IbsOpData2 data source (hi:lo), 0 if none */
	uint32_t mem_width_bytes;
	uint64_t data_addr;         /* IbsDcLinAd, valid when data_addr_valid */
	int data_addr_valid;
	uint64_t phys_addr;
	int phys_addr_valid;
	uint64_t br_target;         /* IbsBrTarget when the host reports it, else 0 */
};

struct ibs_fetch {
	uint64_t addr;              /* IbsFetchLinAd */
	uint32_t bits;              /* enum ibs_fetch_bit */
	uint32_t fetch_lat_cycles;
	uint64_t phys_addr;
	int phys_addr_valid;
};

/* Decode an ibs_op raw payload. -EINVAL if it is too short or the valid bit is clear. */
int ibs_op_decode(const void *raw, size_t size, struct ibs_op *out)
	__attribute__((warn_unused_result));

/* Decode an ibs_fetch raw payload. -EINVAL if too short or not valid. */
int ibs_fetch_decode(const void *raw, size_t size, struct ibs_fetch *out)
	__attribute__((warn_unused_result));

/* Name of one bit ("dc_miss", ...), NULL past the last. */
const char *ibs_op_bit_name(unsigned bit_index);
const char *ibs_fetch_bit_name(unsigned bit_index);

/* Histogram bucket of a latency: 0, then the power of two below it (1, 2, 4, ...). */
uint64_t ibs_latency_bucket(uint32_t cycles);

#endif
