/* 243: the V loads and stores (exec_vmem.c) on decoded instructions at VLEN 128 over a real
 * guest memory: the direct copy and the masked, segment, strided and indexed element paths
 * with the byte ranges they record (hart.vmem, merged when contiguous, masked-off elements
 * absent); a fault part-way leaves vstart at the faulting element with the earlier ones done
 * and the next run resumes there; a store into decoded code returns 1 and tells the owner;
 * fault-only-first lowers vl past element 0 and traps on it; whole-register accesses ignore
 * vtype; vlm/vsm move ceil(vl / 8) bytes; reserved encodings raise SIGILL and write nothing;
 * vl = 0 does nothing (qemu 7.2 leaves even vstart). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "emu/exec.h"
#include "emu/exec_v.h"
#include "emu/gmem.h"

#define VLE32      0x0202e407u  /* vle32.v v8, (t0) */
#define VLE32_M    0x0002e407u  /* vle32.v v8, (t0), v0.t */
#define VLSEG2E16  0x2202d407u
#define VSE32      0x0202e427u
#define VLE8FF     0x03028407u
#define VLSEG2E16FF 0x2302d407u
#define VLSE32     0x0a62e407u  /* vlse32.v v8, (t0), t1 */
#define VSSE64     0x0a62f427u
#define VL2RE16    0x2282d407u
#define VL2RE16_V9 0x2282d487u
#define VS1R       0x02828427u
#define VLM        0x02b28407u
#define VSM        0x02b28427u
#define VLUXEI8    0x07028407u  /* vluxei8.v v8, (t0), v16 */
#define VLE32_V9   0x0202e487u
#define VLE8_V0_M  0x00028007u

#define BASE 0x10000ull
#define PAGE GMEM_PAGE_SIZE

static struct gmem m;
static struct hart h;
static int code_writes;

static void on_code(void *ctx, uint64_t pg)
{
	(void)ctx;
	(void)pg;
	code_writes++;
}

static int setup(void **state)
{
	(void)state;
	memset(&h, 0, sizeof(h));
	memset(&m, 0, sizeof(m));
	if (gmem_init(&m) || gmem_map_anon(&m, BASE, 2 * PAGE, GMEM_R | GMEM_W))
		return -1;
	m.code_written = on_code;
	for (uint64_t i = 0; i < 2 * PAGE; i++)
		m.base[BASE + i] = (uint8_t)(i * 7 + 1);
	h.mem = &m;
	h.vlenb = 16;
	code_writes = 0;
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	gmem_fini(&m);
	return 0;
}

static void setv(unsigned sew, int lmul, uint64_t vl)
{
	h.vtype = (uint64_t)(__builtin_ctz(sew) - 3) << 3 | (unsigned)(lmul & 7);
	h.vl = vl;
	h.vstart = 0;
}

static int run(uint32_t raw)
{
	struct isa_insn in;
	assert_int_equal(isa_decode(raw, &in), 4);
	h.pc = 0x1000;
	h.next_pc = 0x1004;
	h.trap.cause = 0;
	h.vmem_n = 0;
	return exec_table[in.op](&h, &in);
}

static uint32_t mem32(uint64_t a)
{
	uint32_t v;
	memcpy(&v, m.base + a, 4);
	return v;
}

static void test_unit_and_masked(void **state)
{
	(void)state;
	setv(32, 0, 4);
	h.x[5] = BASE + 8;
	assert_int_equal(run(VLE32), 0);
	for (unsigned i = 0; i < 4; i++)
		assert_int_equal(v_elem(&h, 8, i, 32), mem32(BASE + 8 + 4 * i));
	assert_int_equal(h.vmem_n, 1);
	assert_int_equal(h.vmem[0].addr, BASE + 8);
	assert_int_equal(h.vmem[0].len, 16);
	/* masked: elements 0 and 2 load, 1 and 3 keep 0x55..; two ranges */
	memset(v_reg(&h, 8), 0x55, 16);
	v_reg(&h, 0)[0] = 0x5;
	assert_int_equal(run(VLE32_M), 0);
	assert_int_equal(v_elem(&h, 8, 0, 32), mem32(BASE + 8));
	assert_int_equal(v_elem(&h, 8, 1, 32), 0x55555555u);
	assert_int_equal(v_elem(&h, 8, 2, 32), mem32(BASE + 16));
	assert_int_equal(h.vmem_n, 2);
	assert_int_equal(h.vmem[1].addr, BASE + 16);
	assert_int_equal(h.vmem[1].len, 4);
	/* segments: fields de-interleave into v8 and v9, one merged range */
	setv(16, 0, 3);
	assert_int_equal(run(VLSEG2E16), 0);
	for (unsigned i = 0; i < 3; i++) {
		assert_int_equal(v_elem(&h, 8, i, 16), mem32(BASE + 8 + 4 * i) & 0xffff);
		assert_int_equal(v_elem(&h, 9, i, 16), mem32(BASE + 8 + 4 * i) >> 16);
	}
	assert_int_equal(h.vmem_n, 1);
	assert_int_equal(h.vmem[0].len, 12);
}

static void test_precise_fault(void **state)
{
	(void)state;
	gmem_protect(&m, BASE + PAGE, PAGE, 0);
	setv(32, 0, 4);
	memset(v_reg(&h, 8), 0xee, 16);
	h.x[5] = BASE + PAGE - 8;
	assert_int_equal(run(VLE32), -1);
	assert_int_equal(h.trap.cause, HART_TRAP_LOAD_FAULT);
	assert_int_equal(h.trap.tval, BASE + PAGE);
	assert_int_equal(h.vstart, 2);
	assert_int_equal(v_elem(&h, 8, 1, 32), mem32(BASE + PAGE - 4));
	assert_int_equal(v_elem(&h, 8, 2, 32), 0xeeeeeeeeu);
	/* the page becomes readable: the load resumes at element 2 (element 0 is not reloaded) */
	gmem_protect(&m, BASE + PAGE, PAGE, GMEM_R | GMEM_W);
	v_set_elem(&h, 8, 0, 32, 0x1234);
	assert_int_equal(run(VLE32), 0);
	assert_int_equal(h.vstart, 0);
	assert_int_equal(v_elem(&h, 8, 0, 32), 0x1234);
	assert_int_equal(v_elem(&h, 8, 3, 32), mem32(BASE + PAGE + 4));
	assert_int_equal(h.vmem_n, 1);
	assert_int_equal(h.vmem[0].addr, BASE + PAGE);
	/* a store into a read-only page: STORE_FAULT, the elements before it written */
	gmem_protect(&m, BASE + PAGE, PAGE, GMEM_R);
	h.vstart = 0;
	for (unsigned i = 0; i < 4; i++)
		v_set_elem(&h, 8, i, 32, 0xa0 + i);
	h.x[5] = BASE + PAGE - 12;
	assert_int_equal(run(VSE32), -1);
	assert_int_equal(h.trap.cause, HART_TRAP_STORE_FAULT);
	assert_int_equal(h.trap.tval, BASE + PAGE);
	assert_int_equal(h.vstart, 3);
	assert_int_equal(mem32(BASE + PAGE - 4), 0xa2);
}

static void test_code_store(void **state)
{
	(void)state;
	m.perm[(BASE + PAGE) >> GMEM_PAGE_SHIFT] |= GMEM_CODE;
	setv(32, 0, 4);
	for (unsigned i = 0; i < 4; i++)
		v_set_elem(&h, 8, i, 32, 0x100 + i);
	h.x[5] = BASE + PAGE - 8;
	assert_int_equal(run(VSE32), 1);
	assert_true(code_writes >= 1);
	assert_int_equal(mem32(BASE + PAGE + 4), 0x103);
	assert_int_equal(h.vmem_n, 1);
	assert_int_equal(h.vmem[0].len, 16);
}

static void test_fault_only_first(void **state)
{
	(void)state;
	gmem_protect(&m, BASE + PAGE, PAGE, 0);
	setv(8, 0, 16);
	h.x[5] = BASE + PAGE - 5;
	assert_int_equal(run(VLE8FF), 0);
	assert_int_equal(h.vl, 5);
	assert_int_equal(v_elem(&h, 8, 4, 8), m.base[BASE + PAGE - 1]);
	assert_int_equal(h.vmem_n, 1);
	assert_int_equal(h.vmem[0].len, 5);
	/* a segment straddling the end: vl = its index */
	setv(16, 0, 8);
	h.x[5] = BASE + PAGE - 6;
	assert_int_equal(run(VLSEG2E16FF), 0);
	assert_int_equal(h.vl, 1);
	/* element 0 faults: the trap, vl kept */
	setv(8, 0, 16);
	h.x[5] = BASE + PAGE;
	assert_int_equal(run(VLE8FF), -1);
	assert_int_equal(h.trap.cause, HART_TRAP_LOAD_FAULT);
	assert_int_equal(h.trap.tval, BASE + PAGE);
	assert_int_equal(h.vl, 16);
}

static void test_strided_indexed(void **state)
{
	(void)state;
	setv(32, 0, 3);
	h.x[5] = BASE + 64;
	h.x[6] = (uint64_t)-8;
	assert_int_equal(run(VLSE32), 0);
	assert_int_equal(v_elem(&h, 8, 2, 32), mem32(BASE + 48));
	assert_int_equal(h.vmem_n, 3);
	assert_int_equal(h.vmem[2].addr, BASE + 48);
	h.x[6] = 0;  /* zero stride: the same word three times, three ranges */
	assert_int_equal(run(VLSE32), 0);
	assert_int_equal(v_elem(&h, 8, 2, 32), mem32(BASE + 64));
	assert_int_equal(h.vmem_n, 3);
	h.x[6] = 4;  /* contiguous: one range */
	assert_int_equal(run(VLSE32), 0);
	assert_int_equal(h.vmem_n, 1);
	assert_int_equal(h.vmem[0].len, 12);
	/* negative 64-bit stride store */
	setv(64, 0, 2);
	v_set_elem(&h, 8, 0, 64, 0x1111);
	v_set_elem(&h, 8, 1, 64, 0x2222);
	h.x[5] = BASE + 256;
	h.x[6] = (uint64_t)-64;
	assert_int_equal(run(VSSE64), 0);
	assert_int_equal(mem32(BASE + 192), 0x2222);
	/* indexed: 8-bit offsets 12, 0, 200, 4 with SEW 32 */
	setv(32, 0, 4);
	const uint8_t off[4] = { 12, 0, 200, 4 };
	memcpy(v_reg(&h, 16), off, 4);
	h.x[5] = BASE;
	assert_int_equal(run(VLUXEI8), 0);
	for (unsigned i = 0; i < 4; i++)
		assert_int_equal(v_elem(&h, 8, i, 32), mem32(BASE + off[i]));
	assert_int_equal(h.vmem_n, 4);
	assert_int_equal(h.vmem[2].addr, BASE + 200);
}

static void test_whole_and_mask(void **state)
{
	(void)state;
	h.vtype = HART_VTYPE_VILL;  /* whole-register accesses ignore vtype and vl */
	h.vl = 0;
	h.vstart = 0;
	h.x[5] = BASE + 3;
	assert_int_equal(run(VL2RE16), 0);
	assert_memory_equal(v_reg(&h, 8), m.base + BASE + 3, 32);
	assert_int_equal(h.vmem_n, 1);
	assert_int_equal(h.vmem[0].len, 32);
	assert_int_equal(run(VL2RE16_V9), -1);  /* not aligned to 2 */
	assert_int_equal(h.trap.cause, HART_TRAP_ILLEGAL);
	h.x[5] = BASE + 512;
	assert_int_equal(run(VS1R), 0);
	assert_memory_equal(m.base + BASE + 512, v_reg(&h, 8), 16);
	/* vlm/vsm: ceil(vl / 8) bytes; vill refuses them */
	assert_int_equal(run(VLM), -1);
	setv(8, 0, 9);
	memset(v_reg(&h, 8), 0, 16);
	h.x[5] = BASE + 40;
	assert_int_equal(run(VLM), 0);
	assert_memory_equal(v_reg(&h, 8), m.base + BASE + 40, 2);
	assert_int_equal(v_reg(&h, 8)[2], 0);
	assert_int_equal(h.vmem[0].len, 2);
	h.x[5] = BASE + 700;
	assert_int_equal(run(VSM), 0);
	assert_memory_equal(m.base + BASE + 700, v_reg(&h, 8), 2);
}

static void test_reserved(void **state)
{
	(void)state;
	setv(32, 1, 8);  /* LMUL 2: v9 is not a group */
	memset(v_reg(&h, 9), 0x77, 16);
	h.x[5] = BASE;
	assert_int_equal(run(VLE32_V9), -1);
	assert_int_equal(h.trap.cause, HART_TRAP_ILLEGAL);
	assert_int_equal(v_reg(&h, 9)[0], 0x77);
	setv(8, 0, 4);
	assert_int_equal(run(VLE8_V0_M), -1);  /* masked, writing v0 */
	setv(8, 3, 4);  /* vlseg2e16 at SEW 8, LMUL 8: EMUL 16 */
	assert_int_equal(run(VLSEG2E16), -1);
	h.vtype = HART_VTYPE_VILL;
	assert_int_equal(run(VLE32), -1);
	/* vl = 0: nothing accessed, vstart left as it was */
	setv(32, 0, 0);
	h.vstart = 3;
	h.x[5] = 0;  /* would fault */
	assert_int_equal(run(VLE32), 0);
	assert_int_equal(h.vstart, 3);
	assert_int_equal(h.vmem_n, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_unit_and_masked, setup, teardown),
		cmocka_unit_test_setup_teardown(test_precise_fault, setup, teardown),
		cmocka_unit_test_setup_teardown(test_code_store, setup, teardown),
		cmocka_unit_test_setup_teardown(test_fault_only_first, setup, teardown),
		cmocka_unit_test_setup_teardown(test_strided_indexed, setup, teardown),
		cmocka_unit_test_setup_teardown(test_whole_and_mask, setup, teardown),
		cmocka_unit_test_setup_teardown(test_reserved, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
