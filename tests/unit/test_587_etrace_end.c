/* 587: the E-Trace decoder (src/analysis/etrace.c) at the end of a flow right after a full
 * branch map. A format 1 packet with branches = 0 (31 branches, no address) used to make the
 * decoder walk on past its last branch to the next branch; when the flow ended in between (a
 * direct jump, a call, an ecall: the next packet's address), the decoder was already past it
 * and failed with "the packet's branch map (0 of 0 used) does not fit the path" having decoded
 * more instructions than were traced (seen once on printf.dyn under make check). Cases: the
 * end of the trace, and a resync, right after the map fills. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "analysis/etrace.h"

#define BASE 0x1000u

static struct isa_insn code[8];

static const struct isa_insn *fetch(void *ctx, uint64_t pc)
{
	(void)ctx;
	uint64_t i = (pc - BASE) / 4;
	return pc >= BASE && !(pc & 3) && i < 8 && code[i].len ? &code[i] : NULL;
}

/* 0: a branch to itself; 1: j 2 (or jal ra 2, or ecall); 2: alu; 3: a branch back to 0 */
static void program(enum isa_class at1, unsigned rd)
{
	memset(code, 0, sizeof(code));
	code[0] = (struct isa_insn){ .cls = ISA_CLASS_BRANCH, .len = 4, .imm = 0 };
	code[1] = (struct isa_insn){ .cls = at1, .len = 4, .imm = at1 == ISA_CLASS_JUMP ? 4 : 0,
				     .rd = (uint8_t)rd };
	code[2] = (struct isa_insn){ .cls = ISA_CLASS_ALU, .len = 4 };
	code[3] = (struct isa_insn){ .cls = ISA_CLASS_BRANCH, .len = 4, .imm = -12 };
}

/* taken branches at 0 (taken - 1 of them before the map's last), then the block at 1; with
 * resync, the path goes on to 2..3 and 0 after a resync. Decodes exactly. */
static void check(unsigned taken, unsigned rs, int resync)
{
	struct etrace_enc *t = etrace_enc_new(fetch, NULL, resync ? taken + 1 : 0, rs);
	assert_non_null(t);
	for (unsigned i = 0; i < taken; i++)
		etrace_enc_block(t, BASE, BASE, 1);
	etrace_enc_block(t, BASE + 4, BASE + 4, 1);     /* not taken: the map's last branch */
	if (resync) {
		etrace_enc_block(t, BASE + 8, BASE + 12, 2);
		etrace_enc_block(t, BASE, BASE, 1);
	}
	size_t len;
	const uint8_t *b = etrace_enc_finish(t, &len);
	assert_non_null(b);
	struct etrace_dec_result r;
	memset(&r, 0, sizeof(r));
	char err[256] = "";
	int rc = etrace_decode(b, len, fetch, NULL, rs, &r, err, sizeof(err));
	if (rc)
		print_error("taken %u rs %u resync %d: %s\n", taken, rs, resync, err);
	assert_int_equal(rc, 0);
	assert_int_equal(r.insns, etrace_enc_insns(t));
	assert_true(etrace_counts_equal(&r.blocks, etrace_enc_exact(t)));
	etrace_counts_free(&r.blocks);
	etrace_enc_free(t);
}

static void sweep(enum isa_class at1, unsigned rd)
{
	program(at1, rd);
	for (unsigned taken = 1; taken < 70; taken++)
		for (unsigned rs = 0; rs <= 32; rs += 32)
			for (int resync = 0; resync < 2; resync++)
				check(taken, rs, resync);
}

static void test_end_at_jump(void **state)
{
	(void)state;
	sweep(ISA_CLASS_JUMP, 0);
}

static void test_end_at_call(void **state)
{
	(void)state;
	sweep(ISA_CLASS_JUMP, 1);
}

static void test_end_at_ecall(void **state)
{
	(void)state;
	sweep(ISA_CLASS_SYSTEM, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_end_at_jump),
		cmocka_unit_test(test_end_at_call),
		cmocka_unit_test(test_end_at_ecall),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
