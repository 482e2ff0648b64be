/*
 * ibs.h — decoding AMD Instruction-Based Sampling raw samples (003_b4067ee07181a84e.txt): the
 * PERF_SAMPLE_RAW payload of the ibs_op / ibs_fetch PMUs is a 32-bit capability word followed
 * by the IBS MSRs in order (op: IbsOpCtl, IbsOpRip, IbsOpData, IbsOpData2, IbsOpData3,
 * IbsDcLinAd, IbsDcPhysAd [, IbsBrTarget] [, IbsOpData4]; fetch: IbsFetchCtl, IbsFetchLinAd,
 * IbsFetchPhysAd [, IbsFetchExtCtl]). Field positions follow AMD's processor programming
 * reference. Entry points: ibs_op_decode, ibs_fetch_decode, ibs_*_bit_name, ibs_op_source,
 * ibs_op_derive / ibs_fetch_derive (the derived events of simulated and recorded samples).
 */
#ifndef ROBIN_COLLECT_IBS_H
#define ROBIN_COLLECT_IBS_H

#include <stddef.h>
#include <stdint.h>

#define IBS_CAPS_BRNTRGT (1u << 5)    /* IbsBrTarget follows IbsDcPhysAd */
#define IBS_OP_NREGS 8                /* IbsOpCtl .. IbsBrTarget */
#define IBS_OP_RAW_BYTES (4 + 8 * IBS_OP_NREGS)  /* caps word + the registers */
#define IBS_FETCH_NREGS 3             /* IbsFetchCtl, IbsFetchLinAd, IbsFetchPhysAd */
#define IBS_FETCH_RAW_BYTES (4 + 8 * IBS_FETCH_NREGS)

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
	uint32_t mem_width_bytes;   /* Zen 4 OpMemWidth (1 << (field - 1)); 0 unknown */
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
	uint32_t page_size_bytes;   /* IbsL1TlbPgSz: 4 KiB, 2 MiB, 1 GiB (0 on an I-TLB miss) */
	uint64_t phys_addr;
	int phys_addr_valid;
};

/* Where a sampled load's data came from, read from IbsOpData3's DcMiss / L2Miss and
 * IbsOpData2's DataSrc the same way for Family 10h (NbIbsReqSrc: 0 no northbridge request,
 * 1 L3, 2 another core's cache, 3 DRAM, 7 other) and Zen 4 (DataSrc hi:lo, 1 local CCX
 * L3, 2 and 5 other caches, 3 and 8 DRAM/extension memory, 12 I/O). */
enum ibs_src {
	IBS_SRC_NONE = 0,  /* not a load */
	IBS_SRC_L1,        /* no D-cache miss */
	IBS_SRC_L2,        /* D-cache miss, no northbridge / data-fabric request */
	IBS_SRC_LLC,       /* the local last-level cache */
	IBS_SRC_PEER,      /* another core's or CCX's cache */
	IBS_SRC_DRAM,      /* memory */
	IBS_SRC_OTHER,     /* I/O, uncached, or a source this decoder does not know */
	IBS_SRC_N
};

/* The derived events of 003's CodeAnalyst (and AMD uProf), one counter each; the *_CYCLES
 * rows sum cycles over the samples that have them (average = sum / the count row named
 * beside each). */
enum ibs_op_derived {
	IBS_OPD_OPS,            /* every op sample */
	IBS_OPD_BRANCH, IBS_OPD_BR_MISP, IBS_OPD_BR_TAKEN, IBS_OPD_RETURN,
	IBS_OPD_LOAD, IBS_OPD_STORE,
	IBS_OPD_DTLB_L1M_L2H,   /* L1 D-TLB miss, L2 TLB hit */
	IBS_OPD_DTLB_L1M_L2M,   /* missed both: a page walk */
	IBS_OPD_DC_MISS,
	IBS_OPD_MISALIGNED,
	IBS_OPD_SRC_L2, IBS_OPD_SRC_LLC, IBS_OPD_SRC_PEER, IBS_OPD_SRC_DRAM, IBS_OPD_SRC_OTHER,
	IBS_OPD_DC_MISS_LAT_CYCLES,   /* over IBS_OPD_DC_MISS loads */
	IBS_OPD_TLB_REFILL_CYCLES,    /* over D-TLB misses (Zen 4 TlbRefillLat) */
	IBS_OPD_TAG_TO_RET_CYCLES,    /* over IBS_OPD_OPS */
	IBS_OPD_COMP_TO_RET_CYCLES,   /* over IBS_OPD_OPS */
	IBS_OPD_N
};

enum ibs_fetch_derived {
	IBS_FD_ATTEMPTED, IBS_FD_COMPLETED, IBS_FD_ABORTED, IBS_FD_IC_MISS,
	IBS_FD_ITLB_L1M_L2H, IBS_FD_ITLB_L1M_L2M,
	IBS_FD_LAT_CYCLES,            /* FetchLat over IBS_FD_COMPLETED fetches */
	IBS_FD_N
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

/* The data source of a decoded op (IBS_SRC_NONE for a non-load). */
enum ibs_src ibs_op_source(const struct ibs_op *op);
/* "L1 hit", "L2 hit", "L3 hit", "Peer cache hit", "RAM hit", "Uncached/IO" as perf mem
 * names them ("N/A" for none); short: "l1", "l2", "llc", "peer", "dram", "other", "-". */
const char *ibs_src_perf_name(enum ibs_src s);
const char *ibs_src_name(enum ibs_src s);

/* The one derivation of IBS derived events, for simulated and recorded samples alike: add
 * one decoded sample to the counters acc[] (IBS_OPD_N / IBS_FD_N of them). */
void ibs_op_derive(const struct ibs_op *op, uint64_t *acc);
void ibs_fetch_derive(const struct ibs_fetch *f, uint64_t *acc);
/* "ibs_ops", "ibs_dc_miss", ... (NULL past the last). */
const char *ibs_op_derived_name(unsigned i);
const char *ibs_fetch_derived_name(unsigned i);

/* The detail rows one decoded op sample adds to its instruction's profile, the same for a
 * recorded and a simulated sample (count 1 each): "event_bits" (key: enum ibs_op_bit mask),
 * "ibs_dc_miss_lat" for a D-cache miss (key: latency bucket, value: cycles) and, for a load,
 * "ibs_data_src" (key: IBS_DATA_SRC_KEY(source, bucket of DcMissLat, 0 for an L1 hit),
 * value: cycles). Returns the number of rows (at most IBS_OP_DETAIL_MAX). */
struct ibs_detail_row {
	const char *kind;
	int64_t key;
	double value;
};
#define IBS_OP_DETAIL_MAX 3
#define IBS_DATA_SRC_KIND_KEY_DESC "data source (1 L1, 2 L2, 3 LLC, 4 peer cache, 5 DRAM, " \
	"6 other) << 24 | DcMissLat bucket lower bound in cycles (0, then powers of two)"
#define IBS_DATA_SRC_KEY(src, bucket) ((int64_t)(src) << 24 | (int64_t)(bucket))
#define IBS_DATA_SRC_KEY_SRC(key) ((enum ibs_src)((key) >> 24))
#define IBS_DATA_SRC_KEY_BUCKET(key) ((uint32_t)((key) & 0xffffff))
size_t ibs_op_detail_rows(const struct ibs_op *op, struct ibs_detail_row *rows);
/* The same for a fetch sample: "event_bits" (enum ibs_fetch_bit mask) and, for a completed
 * fetch, "ibs_fetch_lat" (key: latency bucket, value: cycles). */
#define IBS_FETCH_DETAIL_MAX 2
size_t ibs_fetch_detail_rows(const struct ibs_fetch *f, struct ibs_detail_row *rows);

/* Histogram bucket of a latency: 0, then the power of two below it (1, 2, 4, ...). */
uint64_t ibs_latency_bucket(uint32_t cycles);

#endif
