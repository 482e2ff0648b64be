/* 249: the vector unit (core/vu.c) on synthetic vector loops: a strip-mined
 * vle32/vle32/vadd/vse32 loop commits every instruction once, counts its element operations
 * and line accesses, and reports vl and memory events in the lifecycle records; doubling vl at
 * a fixed DLEN doubles a sequencer's occupancy (and roughly the loop's cycles), doubling DLEN
 * halves it; idle-cycle skipping and wrong-path vector instructions (the loop exit is
 * mispredicted) change nothing; an iterative divide behind another waits for its sequencer
 * (ST-VU); a strided load makes one line access per element. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core_synth.h"
#include "core/pipe.h"
#include "emu/hart.h"

#define X(n) ((uint8_t)(n))
#define VM (1u << 25)   /* unmasked */

static size_t synth_raw(struct synth *s, uint32_t raw)
{
	struct isa_insn *in = &s->code[s->ncode];
	assert_int_not_equal(isa_decode(raw, in), 0);
	return s->ncode++;
}

static uint32_t enc_vsetvli(unsigned rd, unsigned rs1, unsigned vtypei)
{
	return 0x00007057u | rd << 7 | rs1 << 15 | vtypei << 20;
}
static uint32_t enc_vle32(unsigned vd, unsigned rs1)
{
	return 0x00006007u | VM | vd << 7 | rs1 << 15;
}
static uint32_t enc_vse32(unsigned vs3, unsigned rs1)
{
	return 0x00006027u | VM | vs3 << 7 | rs1 << 15;
}
static uint32_t enc_vadd(unsigned vd, unsigned vs2, unsigned vs1)
{
	return 0x00000057u | VM | vd << 7 | vs1 << 15 | vs2 << 20;
}
static uint32_t enc_vdivu(unsigned vd, unsigned vs2, unsigned vs1)
{
	return 0x80002057u | VM | vd << 7 | vs1 << 15 | vs2 << 20;
}

/* The byte ranges of the loads and stores (one contiguous range each), kept for the run. */
static struct hart_vmem ranges[1 << 16];
static size_t n_ranges;

/* Record one execution of vector instruction i with vl elements of 32 bits; a load/store
 * accesses [addr, addr + 4 vl). */
static void vexec(struct synth *s, size_t i, uint32_t vl, uint64_t addr)
{
	synth_exec(s, i, synth_pc(i + 1), addr, 0);
	struct emu_dyn *d = &s->recs[s->n - 1];
	d->vl = vl;
	d->vsew = 32;
	d->mem_size = 0;
	uint8_t cls = s->code[i].cls;
	if (cls == ISA_CLASS_VLOAD || cls == ISA_CLASS_VSTORE) {
		assert_true(n_ranges < sizeof(ranges) / sizeof(ranges[0]));
		ranges[n_ranges].addr = addr;
		ranges[n_ranges].len = 4 * vl;
		d->vmem = &ranges[n_ranges++];
		d->vmem_n = 1;
	}
}

/* The probe consumer: what the vector records said. */
struct vrec {
	uint64_t vloads, vl_sum, accesses, misses, vu_stalls, served_l1_or_beyond;
};
static void vrec_on_insn(void *ctx, const struct probe_insn *r)
{
	struct vrec *v = ctx;
	if (!r->committed || !ISA_CLASS_IS_V(r->insn->cls))
		return;
	if (r->insn->cls != ISA_CLASS_VSET)
		v->vl_sum += r->vl;
	if (r->insn->cls == ISA_CLASS_VLOAD) {
		v->vloads++;
		v->accesses += r->vmem_accesses;
		v->misses += r->vmem_misses;
		v->served_l1_or_beyond += r->serve_level >= PROBE_LEVEL_L1;
	}
	if (r->events & PROBE_EV_VU_STALL)
		v->vu_stalls++;
}

struct vrun {
	uint64_t cycles, insns;
	struct core_vu_stats st;
	struct vrec rec;
};

static void run(struct synth *s, const struct core_config *cfg, struct vrun *out)
{
	struct core *c;
	memset(out, 0, sizeof(*out));
	struct probe_consumer pc = { .ctx = &out->rec, .on_insn = vrec_on_insn };
	for (int skip = 1; skip >= 0; skip--) {
		struct core_config g = *cfg;
		g.idle_skip = (uint32_t)skip;
		synth_source(s);
		assert_int_equal(core_create(&g, &s->src, &c), 0);
		if (skip)
			assert_int_equal(core_attach(c, &pc), 0);
		assert_int_equal(core_run(c, stderr), 0);
		const struct core_stats *st = core_stats(c);
		assert_int_equal(st->instructions, s->n);
		uint64_t sum = 0;
		for (unsigned i = 0; i < CORE_STACK_N; i++)
			sum += st->stack[i];
		assert_int_equal(sum, st->cycles);
		if (skip) {
			out->cycles = st->cycles;
			out->insns = st->instructions;
			out->st = c->vu.st;
		} else {
			/* idle-cycle skipping changes nothing but speed */
			assert_int_equal(st->cycles, out->cycles);
			assert_memory_equal(&c->vu.st, &out->st, sizeof(out->st));
		}
		core_destroy(c);
	}
}

/* c[i] = a[i] + b[i], strip-mined: vsetvli; vle32 v1; vle32 v2; vadd v3; vse32 v3; three
 * pointer bumps; a backward branch. `iters` iterations of vl elements, the arrays' addresses
 * going round every `wrap` iterations (a footprint the L1D holds, or not). */
static void stream_loop(struct synth *s, uint32_t vl, size_t iters, size_t wrap)
{
	memset(s, 0, sizeof(*s));
	size_t first = synth_raw(s, enc_vsetvli(5, 12, 0x10));  /* t0 = vl, e32, m1 */
	synth_raw(s, enc_vle32(1, 10));
	synth_raw(s, enc_vle32(2, 11));
	synth_raw(s, enc_vadd(3, 1, 2));
	synth_raw(s, enc_vse32(3, 13));
	synth_alu(s, X(10), X(10), X(5));
	synth_alu(s, X(11), X(11), X(5));
	synth_alu(s, X(13), X(13), X(5));
	size_t last = synth_branch(s, X(12), X(0), -8 * 4);
	for (size_t it = 0; it < iters; it++) {
		uint64_t off = (it % wrap) * 4ull * vl;
		synth_exec(s, first, synth_pc(first + 1), 0, 0);
		s->recs[s->n - 1].vl = vl;
		s->recs[s->n - 1].vsew = 32;
		vexec(s, first + 1, vl, 0x100000 + off);
		vexec(s, first + 2, vl, 0x142000 + off);  /* other DRAM banks */
		vexec(s, first + 3, vl, 0);
		vexec(s, first + 4, vl, 0x184000 + off);
		for (size_t i = first + 5; i < last; i++)
			synth_exec(s, i, synth_pc(i + 1), 0, 0);
		int taken = it + 1 < iters;
		synth_exec(s, last, taken ? synth_pc(first) : synth_pc(last + 1), 0, taken);
	}
}

static void test_stream_counts(void **state)
{
	(void)state;
	struct core_config cfg;
	config_defaults(&cfg);
	cfg.vlen = 256;
	struct synth s;
	n_ranges = 0;
	stream_loop(&s, 8, 200, 200);  /* vl 8 of e32 = one VLEN-256 register */
	struct vrun r;
	run(&s, &cfg, &r);
	assert_int_equal(r.st.insns[ISA_CLASS_VSET], 200);
	assert_int_equal(r.st.insns[ISA_CLASS_VLOAD], 400);
	assert_int_equal(r.st.insns[ISA_CLASS_VALU], 200);
	assert_int_equal(r.st.insns[ISA_CLASS_VSTORE], 200);
	assert_int_equal(r.st.elements, 200 * 4 * 8);
	/* 32 bytes per access at DLEN 128: two element groups each */
	assert_int_equal(r.st.groups, 200 * 4 * 2);
	assert_int_equal(r.rec.vl_sum, 200 * 4 * 8);
	assert_int_equal(r.rec.vloads, 400);
	/* 32 bytes a load, two loads in a 64-byte line: every load one line access */
	assert_int_equal(r.rec.accesses, 400);
	assert_int_equal(r.st.vmem_accesses, 600);
	assert_true(r.rec.misses > 0 && r.rec.misses <= 400);
	assert_int_equal(r.rec.served_l1_or_beyond, 400);
	synth_free(&s);
}

/* Eight independent vadds per iteration: the integer sequencer is the bottleneck. */
static void vadd_loop(struct synth *s, uint32_t vl, size_t iters)
{
	memset(s, 0, sizeof(*s));
	size_t first = synth_raw(s, enc_vsetvli(5, 12, 0x10 | 3));  /* e32, m8 */
	for (unsigned k = 0; k < 8; k++)
		synth_raw(s, enc_vadd(8 + 8 * (k % 3), 0, 0));
	size_t last = synth_branch(s, X(12), X(0), -9 * 4);
	for (size_t it = 0; it < iters; it++) {
		synth_exec(s, first, synth_pc(first + 1), 0, 0);
		s->recs[s->n - 1].vl = vl;
		s->recs[s->n - 1].vsew = 32;
		for (size_t i = first + 1; i < last; i++)
			vexec(s, i, vl, 0);
		int taken = it + 1 < iters;
		synth_exec(s, last, taken ? synth_pc(first) : synth_pc(last + 1), 0, taken);
	}
}

static void test_occupancy_scales(void **state)
{
	(void)state;
	struct core_config cfg;
	config_defaults(&cfg);
	cfg.vlen = 256;
	struct vrun r1, r2, r3;
	struct synth s;
	vadd_loop(&s, 32, 100);   /* 128 bytes: 8 groups at DLEN 128 */
	run(&s, &cfg, &r1);
	synth_free(&s);
	vadd_loop(&s, 64, 100);   /* 16 groups */
	run(&s, &cfg, &r2);
	synth_free(&s);
	assert_int_equal(r1.st.busy[CORE_VSEQ_INT], 100 * 8 * 8);
	assert_int_equal(r2.st.busy[CORE_VSEQ_INT], 2 * r1.st.busy[CORE_VSEQ_INT]);
	double ratio = (double)r2.cycles / (double)r1.cycles;
	print_message("vadd loop: vl 32 %llu cycles, vl 64 %llu cycles (x%.2f)\n",
	              (unsigned long long)r1.cycles, (unsigned long long)r2.cycles, ratio);
	assert_true(ratio > 1.7 && ratio < 2.1);
	/* twice the datapath: half the groups */
	cfg.dlen = 256;
	vadd_loop(&s, 64, 100);
	run(&s, &cfg, &r3);
	synth_free(&s);
	assert_int_equal(r3.st.busy[CORE_VSEQ_INT], r1.st.busy[CORE_VSEQ_INT]);
	assert_true(r3.cycles < r2.cycles * 6 / 10);
	/* one sequencer for all: each vadd but the first waits for it */
	assert_true(r1.rec.vu_stalls >= 100 * 6);
}

/* A divide behind a divide on the same (iterative) sequencer waits: ST-VU; the loop takes at
 * least groups * vdiv_cycles per divide. */
static void test_divide_stall(void **state)
{
	(void)state;
	struct core_config cfg;
	config_defaults(&cfg);
	struct synth s;
	memset(&s, 0, sizeof(s));
	size_t first = synth_raw(&s, enc_vsetvli(5, 12, 0x10));
	synth_raw(&s, enc_vdivu(1, 2, 3));
	synth_raw(&s, enc_vdivu(4, 5, 6));
	size_t last = synth_branch(&s, X(12), X(0), -3 * 4);
	for (size_t it = 0; it < 50; it++) {
		synth_exec(&s, first, synth_pc(first + 1), 0, 0);
		s.recs[s.n - 1].vl = 4;
		s.recs[s.n - 1].vsew = 32;
		vexec(&s, first + 1, 4, 0);
		vexec(&s, first + 2, 4, 0);
		int taken = it + 1 < 50;
		synth_exec(&s, last, taken ? synth_pc(first) : synth_pc(last + 1), 0, taken);
	}
	struct vrun r;
	run(&s, &cfg, &r);
	synth_free(&s);
	/* vl 4 of e32 at DLEN 128: one group, vdiv_cycles each */
	assert_int_equal(r.st.busy[CORE_VSEQ_INT], 100ull * cfg.vdiv_cycles);
	assert_true(r.cycles >= 100ull * cfg.vdiv_cycles);
	assert_true(r.rec.vu_stalls >= 90);
	assert_true(r.st.wait_seq > 0);
}

static void test_dlen_sweep(void **state)
{
	(void)state;
	struct core_config cfg;
	config_defaults(&cfg);
	cfg.vlen = 256;
	uint64_t cyc[3];
	for (int k = 0; k < 3; k++) {
		cfg.dlen = 64u << k;
		struct synth s;
		n_ranges = 0;
		stream_loop(&s, 64, 200, 16);  /* e32 m8: 256 bytes an operand, 12 KiB in all */
		struct vrun r;
		run(&s, &cfg, &r);
		synth_free(&s);
		cyc[k] = r.cycles;
		print_message("stream loop vl 64 at DLEN %u: %llu cycles\n", cfg.dlen,
		              (unsigned long long)r.cycles);
	}
	assert_true(cyc[0] > cyc[1] && cyc[1] > cyc[2]);
}

/* A strided load (vlse32.v v8, (a0), a1): vl elements 256 bytes apart, one range and one line
 * access each, at least a cycle each; 64 ranges an instruction over 2,000 iterations go round
 * the core's range pool (64 Ki ranges) and the ranges stay right. */
static void test_strided(void **state)
{
	(void)state;
	struct core_config cfg;
	config_defaults(&cfg);
	cfg.vlen = 512;
	static struct hart_vmem many[64 * 2000];
	struct synth s;
	memset(&s, 0, sizeof(s));
	size_t first = synth_raw(&s, enc_vsetvli(5, 12, 0x10 | 3));
	/* vlse32.v v8, (a0), a1: 0x0a006007 with vm */
	synth_raw(&s, 0x08006007u | VM | 8u << 7 | 10u << 15 | 11u << 20);
	synth_raw(&s, enc_vadd(16, 8, 8));
	size_t last = synth_branch(&s, X(12), X(0), -3 * 4);
	for (size_t it = 0; it < 2000; it++) {
		synth_exec(&s, first, synth_pc(first + 1), 0, 0);
		s.recs[s.n - 1].vl = 64;
		s.recs[s.n - 1].vsew = 32;
		uint64_t base = 0x400000 + (it % 4) * 4;
		synth_exec(&s, first + 1, synth_pc(first + 2), base, 0);
		struct emu_dyn *d = &s.recs[s.n - 1];
		d->vl = 64;
		d->vsew = 32;
		d->vmem = &many[64 * it];
		d->vmem_n = 64;
		for (unsigned k = 0; k < 64; k++)
			many[64 * it + k] = (struct hart_vmem){ base + 256u * k, 4 };
		vexec(&s, first + 2, 64, 0);
		int taken = it + 1 < 2000;
		synth_exec(&s, last, taken ? synth_pc(first) : synth_pc(last + 1), 0, taken);
	}
	struct vrun r;
	run(&s, &cfg, &r);
	synth_free(&s);
	assert_int_equal(r.st.vmem_accesses, 2000 * 64);
	assert_int_equal(r.rec.accesses, 2000 * 64);
	assert_true(r.st.busy[CORE_VSEQ_LOAD] >= 2000 * 64);
	assert_true(r.cycles >= 2000 * 64);
	/* the 16 KiB the loads touch stay in the L1D: few misses */
	assert_true(r.st.vmem_misses < 2000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stream_counts),
		cmocka_unit_test(test_occupancy_scales),
		cmocka_unit_test(test_divide_stall),
		cmocka_unit_test(test_dlen_sweep),
		cmocka_unit_test(test_strided),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
