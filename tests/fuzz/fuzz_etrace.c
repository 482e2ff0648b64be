/*
 * fuzz_etrace.c — libFuzzer target over the E-Trace packet parser and decoder
 * (src/analysis/etrace.c) and its encoder. The code is a synthetic program of 64 instructions
 * (mixed 2- and 4-byte, branches, forward direct jumps, indirect jumps, system instructions)
 * fixed by the harness. An input whose first byte is even is a trace: decoding it must end
 * (0 or one error line) without a crash. An odd first byte makes the rest of the input a
 * path through the program (branch outcomes, indirect targets, traps): the encoder's trace of
 * that path must decode to exactly the block counts the path had, and the same trace with one
 * bit flipped (where the input says) must decode or fail, never crash. Its first byte also
 * chooses the return stack (bit 1) and the resync interval, or (bit 7) no resync and a stop
 * after the number of instructions its last byte gives.
 *
 * FUZZ_SOURCES: src/analysis/etrace.c
 * FUZZ_LIBS:
 * FUZZ_ARGS: -max_len=4096
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/etrace.h"

#define CHECK(c) do { if (!(c)) { fprintf(stderr, "check failed: %s (line %d)\n", #c, __LINE__); \
	__builtin_trap(); } } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define NI 64
#define BASE 0x10000ull

static struct isa_insn code[NI];
static uint64_t addr[NI + 1];
static int target[NI];   /* slot a branch or direct jump goes to */

static int slot_of(uint64_t pc)
{
	int lo = 0, hi = NI - 1;
	while (lo <= hi) {
		int m = (lo + hi) / 2;
		if (addr[m] == pc)
			return m;
		if (addr[m] < pc)
			lo = m + 1;
		else
			hi = m - 1;
	}
	return -1;
}

static const struct isa_insn *fetch(void *ctx, uint64_t pc)
{
	(void)ctx;
	int i = slot_of(pc);
	return i < 0 ? NULL : &code[i];
}

static void build(void)
{
	if (addr[NI])
		return;
	uint32_t s = 12345;
	addr[0] = BASE;
	for (int i = 0; i < NI; i++) {
		s = s * 1103515245u + 12345u;
		unsigned r = (s >> 16) % 100;
		struct isa_insn *in = &code[i];
		in->len = (s >> 8) & 1 ? 2 : 4;
		in->cls = r < 55 || i == NI - 1 ? ISA_CLASS_ALU : r < 75 ? ISA_CLASS_BRANCH :
			  r < 85 ? ISA_CLASS_JUMP : r < 93 ? ISA_CLASS_JUMP : ISA_CLASS_SYSTEM;
		if (r >= 85 && r < 93) {
			in->flags = ISA_F_INDIRECT;
			in->rs1 = r % 3 == 0 ? 1 : 10;   /* returns, indirect calls, indirect jumps */
			in->rd = r % 3 == 1 ? 1 : 0;
		} else if (r >= 75 && r < 85) {
			in->rd = r & 1;                  /* calls and jumps */
		}
		addr[i + 1] = addr[i] + in->len;
		target[i] = in->cls == ISA_CLASS_BRANCH ? (int)((s >> 4) % NI) :
			    i + 1 + (int)((s >> 4) % (unsigned)(NI - i - 1 ? NI - i - 1 : 1));
	}
	code[NI - 1].cls = ISA_CLASS_JUMP;   /* the last instruction returns */
	code[NI - 1].flags = ISA_F_INDIRECT;
	code[NI - 1].rs1 = 1;
	for (int i = 0; i < NI; i++)
		if (!(code[i].flags & ISA_F_INDIRECT) && (code[i].cls == ISA_CLASS_BRANCH ||
							   code[i].cls == ISA_CLASS_JUMP))
			code[i].imm = (int64_t)(addr[target[i] < NI ? target[i] : 0] - addr[i]);
}

static void decode_any(const uint8_t *t, size_t n, unsigned rs)
{
	struct etrace_dec_result r = { 0 };
	char err[256];
	err[0] = 0;
	if (etrace_decode(t, n, fetch, NULL, rs, &r, err, sizeof(err)))
		CHECK(err[0] && !memchr(err, '\n', strlen(err)));
	etrace_counts_free(&r.blocks);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	build();
	if (!size || !(data[0] & 1)) {
		decode_any(size ? data + 1 : data, size ? size - 1 : 0, size && data[0] & 2 ? 4 : 0);
		return 0;
	}
	unsigned rs = data[0] & 2 ? 4 : 0;      /* a small implicit-return stack, or none */
	/* resync every 1..32 instructions, or (bit 7) never: long flows fill branch maps, and
	 * the run stops after as many instructions as the last byte says (like --max-insns:
	 * mid-block, the partial block unreported) */
	uint64_t resync = data[0] & 0x80 ? 0 : 1 + (data[0] & 0x7f) / 4;
	int max_steps = data[0] & 0x80 ? 1 + data[size - 1] * 4 : 20000;
	struct etrace_enc *t = etrace_enc_new(fetch, NULL, resync, rs);
	CHECK(t);
	int stack[64], depth = 0;
	size_t in = 1;
	unsigned bits = 0, nbits = 0;
	int pc = 0, start = 0;
	uint64_t n = 0;
	for (int steps = 0; steps < max_steps && in < size; steps++) {
		const struct isa_insn *c = &code[pc];
		n++;
		int next = pc + 1;
		if (c->cls == ISA_CLASS_BRANCH) {
			if (!nbits) {
				bits = data[in++];
				nbits = 8;
			}
			if (bits & 1)
				next = target[pc];
			bits >>= 1;
			nbits--;
		} else if (c->cls == ISA_CLASS_JUMP) {
			if (!(c->flags & ISA_F_INDIRECT))
				next = target[pc];
			else if (c->rs1 == 1 && depth && !(data[in] & 1) && ++in)
				next = stack[--depth];   /* a return where the call said */
			else
				next = data[in++] % NI;
			if (c->rd == 1 && depth < 64)
				stack[depth++] = pc + 1 < NI ? pc + 1 : 0;
		} else if (c->cls == ISA_CLASS_SYSTEM && (data[in++] & 7) == 0 && in < size) {
			next = data[in++] % NI;   /* a signal handler or sigreturn */
		}
		if (c->cls == ISA_CLASS_BRANCH || c->cls == ISA_CLASS_JUMP ||
		    c->cls == ISA_CLASS_SYSTEM) {
			etrace_enc_block(t, addr[start], addr[pc], n);
			n = 0;
			start = next;
		}
		pc = next;
	}
	size_t len;
	const uint8_t *tr = etrace_enc_finish(t, &len);
	CHECK(tr);
	struct etrace_dec_result r = { 0 };
	char err[256] = "";
	int rc = etrace_decode(tr, len, fetch, NULL, rs, &r, err, sizeof(err));
	if (etrace_enc_insns(t)) {
		if (rc)
			fprintf(stderr, "decode: %s\n", err);
		CHECK(rc == 0);
		CHECK(etrace_counts_equal(&r.blocks, etrace_enc_exact(t)));
		CHECK(r.insns == etrace_enc_insns(t));
		CHECK(r.stats.packets[1] == etrace_enc_stats(t)->packets[1]);
	}
	etrace_counts_free(&r.blocks);
	if (len) {
		uint8_t *bad = malloc(len);
		CHECK(bad);
		memcpy(bad, tr, len);
		size_t bit = (data[size - 1] * 131u + size) % (len * 8);
		bad[bit / 8] ^= (uint8_t)(1u << (bit % 8));
		decode_any(bad, len, rs);
		decode_any(bad, len - 1 - (data[size - 1] % len), rs);   /* truncated */
		free(bad);
	}
	etrace_enc_free(t);
	return 0;
}
