/*
 * ctr.h — control transfer records (the RISC-V Smctr/Ssctr extension) as `robin sim --profile
 * ctr` models them (docs/ctr.md): a ring of the most recent qualified control transfers as they
 * commit (ctrsource, ctrtarget, ctrdata.TYPE and the CC cycle count in its mantissa/exponent
 * encoding), a configurable depth (mctrcontrol.DEPTH: 16..256) and transfer-type filter (the
 * inhibit bits and NTBREN), snapshotted at every sample of the shared sampler. From the
 * snapshots the model estimates, as AutoFDO and perf's branch stacks do, edge counts, basic
 * block counts (from the fall-through ranges between records) and block CPI (from CC), and
 * judges them against the exact counts of every committed transfer and block it keeps.
 * Entry points: ctr_filter_parse, ctr_depth_ok, ctr_cc_encode/decode, ctr_report.
 */
#ifndef ROBIN_PMU_CTR_H
#define ROBIN_PMU_CTR_H

#include <stddef.h>
#include <stdint.h>

#include "pmu/pmu.h"

/* ctrdata.TYPE encodings (the E-Trace itype values the spec reuses). */
enum ctr_type {
	CTR_T_NONE = 0, CTR_T_EXC = 1, CTR_T_INTR = 2, CTR_T_TRET = 3, CTR_T_NTBR = 4,
	CTR_T_TKBR = 5, CTR_T_INDCALL = 8, CTR_T_DIRCALL = 9, CTR_T_INDJMP = 10,
	CTR_T_DIRJMP = 11, CTR_T_CORSWAP = 12, CTR_T_RET = 13, CTR_T_INDOJMP = 14,
	CTR_T_DIROJMP = 15, CTR_T_N = 16
};

#define CTR_DEPTH_DEFAULT 32
/* The spec's default filter (all transfer-type bits 0): every transfer but not-taken
 * branches — perf's branch-stack "any". Bit t = record type t. */
#define CTR_FILTER_DEFAULT 0xff20u

/* The type's short name ("ret", "tkbr", ...; "?" for reserved encodings). */
const char *ctr_type_name(unsigned t);

/* Parse a --ctr-filter list into a mask of recorded types: comma-separated words, each a
 * type to record or, after '-', to inhibit: any (the default set), all (any and nt), nt, br,
 * call (icall, dcall), icall, dcall, jmp (ijmp, djmp), ijmp, djmp, ojmp (iojmp, dojmp), swap,
 * ret. A list starting with '-' starts from any. Returns 0, or -EINVAL with one line in err. */
int ctr_filter_parse(const char *s, uint32_t *mask, char *err, size_t errn);
/* Render a mask as such a list ("any", "any,-ret", "br,call"...) into buf. */
void ctr_filter_name(uint32_t mask, char *buf, size_t n);
/* 1 when n is a depth mctrcontrol.DEPTH can select (16, 32, 64, 128, 256). */
int ctr_depth_ok(uint64_t n);

/* The 16-bit CC field (CCE in bits 15:12, CCM in 11:0) of an elapsed cycle count, saturating
 * at 134201344 cycles (all four CCE bits implemented). */
uint16_t ctr_cc_encode(uint64_t cycles);
/* The cycles a CC field stands for: the spec's formula plus its mean-undercount correction
 * ((2^(CCE-1) - 1) / 2 when CCE > 1). */
double ctr_cc_decode(uint16_t cc);

/* The estimates of a run next to the exact counts. */
struct ctr_result {
	uint32_t depth, filter;          /* configuration */
	uint64_t samples;                /* snapshots taken */
	uint64_t records;                /* qualified transfers recorded (exact) */
	uint64_t snap_records;           /* records read from snapshots */
	uint64_t ranges, ranges_bad;     /* fall-through ranges used, and discarded */
	uint64_t edges, blocks;          /* distinct qualified edges and blocks executed */
	double edge_within_10pct;        /* executions of edges estimated within 10% */
	double block_within_10pct;       /* executions of blocks estimated within 10% */
	double edge_coverage;            /* executions of edges seen in some snapshot */
	double edge_within_10pct_unweighted; /* edge_within_10pct of occurrences unweighted,
	                                    scaled to the exact transfer count (AutoFDO's way) */
	double block_cpi_error;          /* cycle-weighted mean relative error of block CPI
	                                    against the exact commit-to-commit cycles */
	double block_cpi_error_oracle;   /* same against the Oracle's time per block */
	uint64_t by_type[CTR_T_N];       /* records of each type read from snapshots */
};

/* Compute the estimates of the ctr unit u; oracle (may be NULL) is the Oracle's profile.
 * Returns 0, -ENODATA without samples, or -ENOMEM. */
int ctr_report(const struct pmu_unit *u, const struct pmu_profile *oracle,
	       struct ctr_result *out);

#endif
