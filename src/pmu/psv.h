/*
 * psv.h — Performance Signature Vectors of 004_b28092482852db08.txt Paper B §3 (TEA): nine
 * event bits per in-flight instruction, in Table B.1 order (DR-L1, DR-TLB, DR-SQ, FL-MB,
 * FL-EX, FL-MO, ST-L1, ST-TLB, ST-LLC), and robin's tenth for vector code, ST-VU (a vector
 * instruction that waited for a busy vector sequencer; docs/vector.md). The nine are the
 * core's PROBE_EV_* bits 0..8 (core/probe.h), ST-VU is PROBE_EV_VU_STALL moved to bit 9, so
 * an instruction's PSV is psv_of(its lifecycle record's events). A
 * signature is a set of bits, named by its events joined with '+' in table order
 * ("ST-L1+ST-TLB"), "base" for none. Event sets of the profilers (Table B.1): TEA all nine,
 * IBS, SPE and RIS fewer; a profiler is compared with a golden reference whose signatures
 * are masked by the same set.
 * PICS (per-instruction cycle stacks) live in a struct pmu_profile keyed by psv_key(pc, sig).
 * Entry points: psv_name, psv_parse, psv_event_name, psv_key, psv_key_pc, psv_key_sig.
 */
#ifndef ROBIN_PMU_PSV_H
#define ROBIN_PMU_PSV_H

#include <stddef.h>
#include <stdint.h>

#include "core/probe.h"

#define PSV_DR_L1  PROBE_EV_ICACHE_MISS
#define PSV_DR_TLB PROBE_EV_ITLB_MISS
#define PSV_DR_SQ  PROBE_EV_SQ_FULL
#define PSV_FL_MB  PROBE_EV_MISPREDICT
#define PSV_FL_EX  PROBE_EV_EXCEPTION
#define PSV_FL_MO  PROBE_EV_MEM_ORDER
#define PSV_ST_L1  PROBE_EV_DCACHE_MISS
#define PSV_ST_TLB PROBE_EV_DTLB_MISS
#define PSV_ST_LLC PROBE_EV_LLC_MISS
#define PSV_ST_VU  (1u << 9)        /* from PROBE_EV_VU_STALL (psv_of) */
#define PSV_BITS 10
#define PSV_ALL  ((1u << PSV_BITS) - 1)
_Static_assert(PSV_DR_L1 == 1u && PSV_DR_TLB == 2u && PSV_DR_SQ == 4u && PSV_FL_MB == 8u &&
               PSV_FL_EX == 16u && PSV_FL_MO == 32u && PSV_ST_L1 == 64u && PSV_ST_TLB == 128u &&
               PSV_ST_LLC == 256u, "PSV bits are PROBE_EV bits 0..8 in Table B.1 order");

/* The PSV of an instruction whose lifecycle record has `events` (PROBE_EV_* bits). */
static inline uint32_t psv_of(uint32_t events)
{
	return (events & (PSV_ST_VU - 1)) | (events & PROBE_EV_VU_STALL ? PSV_ST_VU : 0);
}

/* Table B.1's event sets (TEA's and NCI-TEA's with ST-VU). */
#define PSV_SET_TEA PSV_ALL
#define PSV_SET_IBS (PSV_DR_L1 | PSV_DR_TLB | PSV_FL_MB | PSV_ST_L1 | PSV_ST_TLB | PSV_ST_LLC)
#define PSV_SET_SPE (PSV_FL_MB | PSV_FL_EX | PSV_ST_L1 | PSV_ST_TLB | PSV_ST_LLC)
#define PSV_SET_RIS (PSV_DR_L1 | PSV_DR_TLB | PSV_DR_SQ | PSV_FL_MB | PSV_ST_L1 | PSV_ST_TLB | \
                     PSV_ST_LLC)

#define PSV_NAME_MAX 72   /* longest signature name (all ten) fits */

/* "DR-L1", ... "ST-VU" for bit 0..9, NULL otherwise. */
const char *psv_event_name(int bit);

/* Name of signature sig (bits above PSV_ALL ignored) into buf: "ST-L1+ST-TLB", "base". */
void psv_name(uint32_t sig, char *buf, size_t n);

/* Parse a signature name (as psv_name writes it). Returns 0 or -EINVAL. */
int psv_parse(const char *name, uint32_t *sig);

/* PICS keys: the pc in the low 54 bits (user code lies far below), the signature above. */
#define PSV_KEY_SHIFT 54
#define PSV_KEY_PC_MAX (1ull << PSV_KEY_SHIFT)
static inline uint64_t psv_key(uint64_t pc, uint32_t sig)
{
	return pc | (uint64_t)(sig & PSV_ALL) << PSV_KEY_SHIFT;
}
static inline uint64_t psv_key_pc(uint64_t key)
{
	return key & (PSV_KEY_PC_MAX - 1);
}
static inline uint32_t psv_key_sig(uint64_t key)
{
	return (uint32_t)(key >> PSV_KEY_SHIFT);
}

#endif
