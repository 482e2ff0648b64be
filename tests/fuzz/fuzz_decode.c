/*
 * fuzz_decode.c — libFuzzer target over the decoder and the disassembler: the input is a
 * byte stream decoded instruction by instruction as a program would be. Checks that decoding
 * never crashes, reports a length of 0/2/4 consistent with the record, that a legal
 * instruction re-encodes (isa_encode) to one that decodes to the same operation and
 * operands, and that disassembly into buffers of every size stays within the buffer.
 *
 * FUZZ_SOURCES: src/isa/decode.c src/isa/decode_rvc.c src/isa/disasm.c src/isa/encode.c src/isa/names.c src/isa/isa_ext.c
 * FUZZ_LIBS:
 * FUZZ_ARGS: -max_len=512
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "isa/isa.h"
#include "isa/isa_ext.h"

#define CHECK(c) do { if (!(c)) { fprintf(stderr, "check failed: %s (line %d)\n", #c, __LINE__); \
	__builtin_trap(); } } while (0)

static void print_addr(void *arg, uint64_t addr, char *buf, size_t n)
{
	(void)arg;
	snprintf(buf, n, "%llx <sym+0x%llx>", (unsigned long long)addr,
		 (unsigned long long)(addr & 0xfff));
}

static int reg_ok(uint8_t r)
{
	return r == ISA_REG_NONE || r < 96;  /* x0..x31, f0..f31, v0..v31 */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct isa_disasm_ctx ctx;
	isa_disasm_ctx_init(&ctx);
	ctx.print_addr = print_addr;
	if (size && (data[0] & 1)) {
		ctx.has_gp = 1;
		ctx.gp = 0x800;
	}
	/* the first byte's other bits choose a declared ISA (as robin disasm takes one from the
	 * file): 0 = every extension, else RV64GC plus some */
	if (size && (data[0] & 0xfe))
		isa_disasm_ctx_isa(&ctx, ISA_X(ISA_X_G) | ((uint64_t)(data[0] >> 1) << 1) |
		                         ((uint64_t)(data[0] & 0xe0) << 12) |
		                         ((uint64_t)(data[0] >> 3 & 1) << ISA_X_V) |
		                         ((uint64_t)(data[0] >> 4 & 1) << ISA_X_ZVBB));
	uint64_t pc = 0x10000;
	size_t off = 0;
	while (off + 2 <= size) {
		uint32_t raw = (uint32_t)data[off] | (uint32_t)data[off + 1] << 8;
		if (off + 4 <= size)
			raw |= (uint32_t)data[off + 2] << 16 | (uint32_t)data[off + 3] << 24;
		struct isa_insn in;
		int len = isa_decode(raw, &in);
		CHECK(len == 0 || len == 2 || len == 4);
		CHECK(in.len == 2 || in.len == 4);
		CHECK(in.len == ((raw & 3) == 3 ? 4 : 2));
		if (len == 0) {
			CHECK(in.op == ISA_OP_INVALID);
		} else {
			CHECK(in.op != ISA_OP_INVALID && in.op < ISA_OP_COUNT && in.len == len);
			CHECK(in.cls < ISA_CLASS_COUNT && in.fmt < ISA_FMT_COUNT);
			CHECK(reg_ok(in.rd) && reg_ok(in.rs1) && reg_ok(in.rs2) && reg_ok(in.rs3));
			CHECK(!!(in.flags & ISA_F_COMPRESSED) == (len == 2));
			struct isa_insn w;
			uint32_t enc = isa_encode(&in);
			CHECK(isa_decode(enc, &w) == 4);
			CHECK(w.op == in.op && w.rd == in.rd && w.rs1 == in.rs1 && w.rs2 == in.rs2 &&
			      w.rs3 == in.rs3 && w.imm == in.imm && w.csr == in.csr && w.rm == in.rm &&
			      w.size == in.size && w.flags == (in.flags & ~ISA_F_COMPRESSED) &&
			      w.masked == in.masked && w.nf == in.nf);
			if (len == 4)
				CHECK(isa_encode(&w) == enc);
		}
		/* the full text, then the same instruction into a buffer of a derived size */
		char full[1024], buf[160];
		struct isa_disasm_ctx saved = ctx;
		int n = isa_disasm_stream(&ctx, &in, pc, full, sizeof(full));
		CHECK(n >= 0 && (size_t)n < sizeof(full) && strlen(full) == (size_t)n && n > 0);
		size_t cap = data[off] % 128;
		memset(buf, 0x5a, sizeof(buf));
		int m = isa_disasm_stream(&saved, &in, pc, buf, cap);
		CHECK(m >= 0 && (cap == 0 ? m == 0 : (size_t)m < cap && buf[m] == 0));
		CHECK(cap == 0 || memcmp(buf, full, (size_t)m) == 0);
		for (size_t k = cap; k < sizeof(buf); k++)
			CHECK(buf[k] == 0x5a);
		m = isa_disasm(&in, pc, buf, sizeof(buf));
		CHECK(m > 0 && (size_t)m < sizeof(buf) && strlen(buf) == (size_t)m);
		pc += in.len;
		off += in.len;
	}
	return 0;
}
