/*
 * etrace.h — an instruction-trace encoder and decoder in the packet format of the RISC-V
 * Efficient Trace specification (E-Trace, te_inst packets in delta address mode), driven by
 * the emulator's retired basic blocks (`robin run --etrace FILE`, docs/etrace.md).
 *
 * The subset: formats 1 (branch map, optional differential address), 2 (differential address
 * only) and 3 (subformat 0 start/resync, subformat 1 trap); no format 0, no time, no context,
 * no return stack. Parameters: iaddress_width_p 64, iaddress_lsb_p 1 (addresses carried as
 * 63 bits of address >> 1), ecause_width_p 6, privilege 2 bits, branch maps of up to 31
 * branches (0 = taken, 1 = not taken). Each packet's payload drops its leading bits that
 * repeat its last significant bit (the spec's sign-bit compression), is rounded to bytes and
 * wrapped in the one-byte header of the RISC-V trace encapsulation (length 5 bits, flow 2
 * bits, extend 1 bit; no source id, no timestamp).
 */
#ifndef ROBIN_ANALYSIS_ETRACE_H
#define ROBIN_ANALYSIS_ETRACE_H

#include <stddef.h>
#include <stdint.h>

#include "isa/isa.h"

/* The decoded instruction at a guest PC, or NULL if there is none. */
typedef const struct isa_insn *(*etrace_fetch_fn)(void *ctx, uint64_t pc);

/* Per-basic-block execution counts keyed by (first PC, last PC). */
struct etrace_counts {
	struct etrace_block { uint64_t start, end, count; } *slot;
	size_t nslot, used;   /* nslot a power of two (0 before the first add) */
};

/* Adds n executions of block start..end. Returns 0, or -1 when out of memory. */
int etrace_counts_add(struct etrace_counts *c, uint64_t start, uint64_t end, uint64_t n);
/* Whether a and b hold the same blocks with the same counts. */
int etrace_counts_equal(const struct etrace_counts *a, const struct etrace_counts *b);
void etrace_counts_free(struct etrace_counts *c);

/* What a trace holds: packets by format (format 3 split by subformat), bytes. */
struct etrace_stats {
	uint64_t packets[4];      /* by format */
	uint64_t f3_sub[4];       /* format 3 by subformat */
	uint64_t bytes;           /* headers and payloads */
	uint64_t payload_bits;    /* the packets' uncompressed field bits (before byte rounding) */
};

/* ---- encoder ---------------------------------------------------------------------------- */

struct etrace_enc;

#define ETRACE_MAX_RETURN_STACK 1024

/* A new encoder writing its byte stream into memory, resyncing (a format 3 start packet)
 * once resync_insns instructions have retired since the last sync (0 = never). fetch decodes
 * the instruction that ends each block. return_stack: 0, or the entries (a power of two up to
 * ETRACE_MAX_RETURN_STACK) of the implicit-return stack: returns to the address it predicts
 * send nothing. NULL when out of memory or return_stack is not allowed. */
struct etrace_enc *etrace_enc_new(etrace_fetch_fn fetch, void *ctx, uint64_t resync_insns,
				  unsigned return_stack);

/* One retired basic block: n instructions from start to end, the last one a control transfer,
 * a system instruction or a trap. Also counted into the encoder's exact block counts. */
void etrace_enc_block(struct etrace_enc *t, uint64_t start, uint64_t end, uint64_t n);

/* Ends the trace (the address of the last retired instruction). Returns the bytes (owned by
 * t) and their length in *len, or NULL if the encoder ran out of memory. */
const uint8_t *etrace_enc_finish(struct etrace_enc *t, size_t *len);

/* The encoder's statistics, its exact block counts and the instructions it saw. */
const struct etrace_stats *etrace_enc_stats(const struct etrace_enc *t);
const struct etrace_counts *etrace_enc_exact(const struct etrace_enc *t);
uint64_t etrace_enc_insns(const struct etrace_enc *t);

void etrace_enc_free(struct etrace_enc *t);

/* ---- decoder ---------------------------------------------------------------------------- */

struct etrace_dec_result {
	struct etrace_stats stats;
	uint64_t insns;            /* instructions reconstructed */
	struct etrace_counts blocks;
};

/* Reconstructs the executed path of the trace buf[0..len) over the code fetch gives, with the
 * encoder's return_stack (a different size misreads the packets): walks
 * from each sync address, sequentially to a branch (the next branch-map bit), following
 * direct jumps, taking the next address at an uninferable jump, and counts each basic
 * block's executions into r (zeroed by the caller, freed with etrace_counts_free). Returns 0,
 * or -1 with a one-line reason in err (a malformed packet, a path the code contradicts). */
int etrace_decode(const uint8_t *buf, size_t len, etrace_fetch_fn fetch, void *ctx,
		  unsigned return_stack, struct etrace_dec_result *r, char *err, size_t errlen);

#endif
