/*
 * vperm.c — the V 1.0 mask, permutation and integer-reduction instructions over many vtypes,
 * vl values, masks and scalar operands, one line per case, for e2e 241 to compare robin with
 * qemu-riscv64 at several VLENs. Each case fills v0, v8..v15, v16..v23 and v24..v31 with
 * seeded data, runs one instruction (vd = v8, vs2 = v16, vs1 = v24 unless the case says
 * otherwise) after vsetvl and a write of vstart, and prints whether it raised SIGILL, vstart
 * afterwards, the scalar result and a hash of the destination group (-v: all its words).
 * The registers are filled and read with vslide1down.vx and vslidedown.vx + vmv.x.s only, so
 * the program needs no vector load or store. Built with -march=rv64gcv (the Makefile).
 */
#include <inttypes.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <ucontext.h>

static volatile int n_ill;
static int verbose;
static unsigned vlenb;

static void on_ill(int sig, siginfo_t *si, void *ctx)
{
	(void)sig;
	(void)si;
	ucontext_t *uc = ctx;
	uc->uc_mcontext.__gregs[REG_PC] += 4;  /* every vector instruction is 4 bytes */
	n_ill++;
}

/* ---- one function per instruction form ------------------------------------------------- */

typedef uint64_t (*op_fn)(uint64_t avl, uint64_t vt, uint64_t x, uint64_t vs, uint64_t *va);

/* vsetvl, vstart = vs, ft0 = x, the instruction, vstart read back into *va and cleared */
#define OPFN(fname, INSN)                                                                   \
	static uint64_t fname(uint64_t avl, uint64_t vt, uint64_t x, uint64_t vs, uint64_t *va) \
	{                                                                                   \
		uint64_t r = 0, a;                                                          \
		__asm__ volatile("vsetvl t0, %[avl], %[vt]\n\t"                             \
		                 "csrw vstart, %[vs]\n\t"                                    \
		                 "fmv.d.x ft0, %[x]\n\t"                                     \
		                 INSN "\n\t"                                                 \
		                 "csrr %[a], vstart\n\t"                                     \
		                 "csrw vstart, zero"                                         \
		                 : [r] "+&r"(r), [a] "=&r"(a)                                \
		                 : [avl] "r"(avl), [vt] "r"(vt), [x] "r"(x), [vs] "r"(vs)    \
		                 : "t0", "ft0", "memory");                                   \
		*va = a;                                                                    \
		return r;                                                                   \
	}

/* the form without and with v0.t */
#define OPFN2(fname, INSN) OPFN(fname, INSN) OPFN(fname##_m, INSN ", v0.t")

OPFN(f_vmand, "vmand.mm v8, v16, v24")
OPFN(f_vmnand, "vmnand.mm v8, v16, v24")
OPFN(f_vmandn, "vmandn.mm v8, v16, v24")
OPFN(f_vmxor, "vmxor.mm v8, v16, v24")
OPFN(f_vmor, "vmor.mm v8, v16, v24")
OPFN(f_vmnor, "vmnor.mm v8, v16, v24")
OPFN(f_vmorn, "vmorn.mm v8, v16, v24")
OPFN(f_vmxnor, "vmxnor.mm v8, v16, v24")
OPFN2(f_vcpop, "vcpop.m %[r], v16")
OPFN2(f_vfirst, "vfirst.m %[r], v16")
OPFN2(f_vmsbf, "vmsbf.m v8, v16")
OPFN2(f_vmsif, "vmsif.m v8, v16")
OPFN2(f_vmsof, "vmsof.m v8, v16")
OPFN2(f_viota, "viota.m v8, v16")
OPFN2(f_vid, "vid.v v8")
OPFN(f_vmv_x_s, "vmv.x.s %[r], v16")
OPFN(f_vmv_s_x, "vmv.s.x v8, %[x]")
OPFN(f_vfmv_f_s, "vfmv.f.s ft0, v16\n\tfmv.x.d %[r], ft0")
OPFN(f_vfmv_s_f, "vfmv.s.f v8, ft0")
OPFN2(f_vslideup_vx, "vslideup.vx v8, v16, %[x]")
OPFN2(f_vslidedown_vx, "vslidedown.vx v8, v16, %[x]")
OPFN2(f_vslideup_vi0, "vslideup.vi v8, v16, 0")
OPFN2(f_vslideup_vi3, "vslideup.vi v8, v16, 3")
OPFN2(f_vslideup_vi31, "vslideup.vi v8, v16, 31")
OPFN2(f_vslidedown_vi0, "vslidedown.vi v8, v16, 0")
OPFN2(f_vslidedown_vi5, "vslidedown.vi v8, v16, 5")
OPFN2(f_vslidedown_vi31, "vslidedown.vi v8, v16, 31")
OPFN2(f_vslide1up, "vslide1up.vx v8, v16, %[x]")
OPFN2(f_vslide1down, "vslide1down.vx v8, v16, %[x]")
OPFN2(f_vfslide1up, "vfslide1up.vf v8, v16, ft0")
OPFN2(f_vfslide1down, "vfslide1down.vf v8, v16, ft0")
OPFN2(f_vrgather_vv, "vrgather.vv v8, v16, v24")
OPFN2(f_vrgather_vx, "vrgather.vx v8, v16, %[x]")
OPFN2(f_vrgather_vi0, "vrgather.vi v8, v16, 0")
OPFN2(f_vrgather_vi2, "vrgather.vi v8, v16, 2")
OPFN2(f_vrgather_vi31, "vrgather.vi v8, v16, 31")
OPFN2(f_vrgatherei16, "vrgatherei16.vv v8, v16, v24")
OPFN(f_vcompress, "vcompress.vm v8, v16, v24")
OPFN2(f_vredsum, "vredsum.vs v8, v16, v24")
OPFN2(f_vredand, "vredand.vs v8, v16, v24")
OPFN2(f_vredor, "vredor.vs v8, v16, v24")
OPFN2(f_vredxor, "vredxor.vs v8, v16, v24")
OPFN2(f_vredminu, "vredminu.vs v8, v16, v24")
OPFN2(f_vredmin, "vredmin.vs v8, v16, v24")
OPFN2(f_vredmaxu, "vredmaxu.vs v8, v16, v24")
OPFN2(f_vredmax, "vredmax.vs v8, v16, v24")
OPFN2(f_vwredsumu, "vwredsumu.vs v8, v16, v24")
OPFN2(f_vwredsum, "vwredsum.vs v8, v16, v24")
/* in place, overlapping and other register choices the legality checks look at */
OPFN(f_slidedown_inplace, "vslidedown.vx v16, v16, %[x]")
OPFN(f_slide1down_inplace, "vslide1down.vx v16, v16, %[x]")
OPFN(f_slideup_same, "vslideup.vx v16, v16, %[x]")
OPFN(f_slide1up_same, "vslide1up.vx v16, v16, %[x]")
OPFN(f_slideup_v0m, "vslideup.vx v0, v16, %[x], v0.t")
OPFN(f_slidedown_v0m, "vslidedown.vx v0, v16, %[x], v0.t")
OPFN(f_slidedown_odd, "vslidedown.vx v8, v17, %[x]")
OPFN(f_slideup_odd, "vslideup.vx v9, v16, %[x]")
OPFN(f_gather_vv_d2, "vrgather.vv v16, v16, v24")
OPFN(f_gather_vv_d1, "vrgather.vv v24, v16, v24")
OPFN(f_gather_vv_odd, "vrgather.vv v8, v16, v25")
OPFN(f_gather_vx_same, "vrgather.vx v16, v16, %[x]")
OPFN(f_gather_v0m, "vrgather.vv v0, v16, v24, v0.t")
OPFN(f_ei16_v10, "vrgatherei16.vv v8, v16, v10")
OPFN(f_ei16_v9, "vrgatherei16.vv v8, v16, v9")
OPFN(f_ei16_v12, "vrgatherei16.vv v8, v16, v12")
OPFN(f_ei16_over1, "vrgatherei16.vv v24, v16, v24")
OPFN(f_ei16_v28, "vrgatherei16.vv v16, v8, v28")
OPFN(f_compress_same, "vcompress.vm v16, v16, v24")
OPFN(f_compress_v9, "vcompress.vm v8, v16, v9")
OPFN(f_compress_v8, "vcompress.vm v8, v16, v8")
OPFN(f_compress_v0, "vcompress.vm v8, v16, v0")
OPFN(f_compress_odd, "vcompress.vm v9, v16, v24")
OPFN(f_iota_same, "viota.m v16, v16")
OPFN(f_iota_v9, "viota.m v8, v9")
OPFN(f_iota_v15, "viota.m v8, v15")
OPFN(f_iota_v0m, "viota.m v0, v16, v0.t")
OPFN(f_iota_odd, "viota.m v9, v16")
OPFN(f_msbf_same, "vmsbf.m v16, v16")
OPFN(f_msif_v0m, "vmsif.m v0, v16, v0.t")
OPFN(f_msof_v0, "vmsof.m v0, v16")
OPFN(f_msbf_v17, "vmsbf.m v8, v17")
OPFN(f_id_v0m, "vid.v v0, v0.t")
OPFN(f_id_odd, "vid.v v9")
OPFN(f_mand_same, "vmand.mm v16, v16, v16")
OPFN(f_mxor_v0, "vmxor.mm v0, v0, v16")
OPFN(f_red_odd2, "vredsum.vs v9, v17, v24")
OPFN(f_red_v0m, "vredmax.vs v0, v16, v0, v0.t")
OPFN(f_red_vd9, "vredor.vs v9, v16, v25")
OPFN(f_wred_v16, "vwredsum.vs v16, v16, v16")
OPFN(f_cpop_v0m, "vcpop.m %[r], v0, v0.t")
OPFN(f_first_v0m, "vfirst.m %[r], v0, v0.t")
OPFN(f_mv_x_s_v17, "vmv.x.s %[r], v17")
OPFN(f_mv_s_x_v9, "vmv.s.x v9, %[x]")
OPFN(f_fmv_s_f_v9, "vfmv.s.f v9, ft0")

/* ---- the case table ---------------------------------------------------------------------- */

enum {
	K_X = 1,        /* loops over the x (scalar) values */
	K_F = 2,        /* loops over the f values (bit patterns in ft0) */
	K_IDX = 4,      /* v24 holds gather indices of SEW bits */
	K_IDX16 = 8,    /* v24 holds gather indices of 16 bits */
	K_DATA = 16,    /* loops over dense and sparse v16/v24 bit data */
	K_FEW = 32,     /* a register-choice check: fewer vtypes and vl values */
	K_D16 = 64,     /* dumps v16..v23 rather than v8..v15 */
	K_D0 = 128,     /* dumps v0..v7 */
	K_D24 = 256,    /* dumps v24..v31 */
	K_MASKED = 512, /* the v0.t form: loops over the masks */
};

struct op {
	const char *name;
	op_fn fn;
	unsigned kind;
};

#define BOTH(name, f, k) {name, f, k}, {name ".m", f##_m, (k) | K_MASKED}

static const struct op ops[] = {
	{"vmand.mm", f_vmand, K_DATA},
	{"vmnand.mm", f_vmnand, K_DATA},
	{"vmandn.mm", f_vmandn, K_DATA},
	{"vmxor.mm", f_vmxor, K_DATA},
	{"vmor.mm", f_vmor, K_DATA},
	{"vmnor.mm", f_vmnor, K_DATA},
	{"vmorn.mm", f_vmorn, K_DATA},
	{"vmxnor.mm", f_vmxnor, K_DATA},
	BOTH("vcpop.m", f_vcpop, K_DATA),
	BOTH("vfirst.m", f_vfirst, K_DATA),
	BOTH("vmsbf.m", f_vmsbf, K_DATA),
	BOTH("vmsif.m", f_vmsif, K_DATA),
	BOTH("vmsof.m", f_vmsof, K_DATA),
	BOTH("viota.m", f_viota, K_DATA),
	BOTH("vid.v", f_vid, 0),
	{"vmv.x.s", f_vmv_x_s, 0},
	{"vmv.s.x", f_vmv_s_x, K_X},
	{"vfmv.f.s", f_vfmv_f_s, 0},
	{"vfmv.s.f", f_vfmv_s_f, K_F},
	BOTH("vslideup.vx", f_vslideup_vx, K_X),
	BOTH("vslidedown.vx", f_vslidedown_vx, K_X),
	BOTH("vslideup.vi0", f_vslideup_vi0, 0),
	BOTH("vslideup.vi3", f_vslideup_vi3, 0),
	BOTH("vslideup.vi31", f_vslideup_vi31, 0),
	BOTH("vslidedown.vi0", f_vslidedown_vi0, 0),
	BOTH("vslidedown.vi5", f_vslidedown_vi5, 0),
	BOTH("vslidedown.vi31", f_vslidedown_vi31, 0),
	BOTH("vslide1up.vx", f_vslide1up, K_X),
	BOTH("vslide1down.vx", f_vslide1down, K_X),
	BOTH("vfslide1up.vf", f_vfslide1up, K_F),
	BOTH("vfslide1down.vf", f_vfslide1down, K_F),
	BOTH("vrgather.vv", f_vrgather_vv, K_IDX),
	BOTH("vrgather.vx", f_vrgather_vx, K_X),
	BOTH("vrgather.vi0", f_vrgather_vi0, 0),
	BOTH("vrgather.vi2", f_vrgather_vi2, 0),
	BOTH("vrgather.vi31", f_vrgather_vi31, 0),
	BOTH("vrgatherei16.vv", f_vrgatherei16, K_IDX16),
	{"vcompress.vm", f_vcompress, K_DATA},
	BOTH("vredsum.vs", f_vredsum, 0),
	BOTH("vredand.vs", f_vredand, K_DATA),
	BOTH("vredor.vs", f_vredor, K_DATA),
	BOTH("vredxor.vs", f_vredxor, 0),
	BOTH("vredminu.vs", f_vredminu, 0),
	BOTH("vredmin.vs", f_vredmin, 0),
	BOTH("vredmaxu.vs", f_vredmaxu, 0),
	BOTH("vredmax.vs", f_vredmax, 0),
	BOTH("vwredsumu.vs", f_vwredsumu, 0),
	BOTH("vwredsum.vs", f_vwredsum, 0),
	{"slidedown-inplace", f_slidedown_inplace, K_FEW | K_X | K_D16},
	{"slide1down-inplace", f_slide1down_inplace, K_FEW | K_X | K_D16},
	{"slideup-vd=vs2", f_slideup_same, K_FEW | K_X | K_D16},
	{"slide1up-vd=vs2", f_slide1up_same, K_FEW | K_X | K_D16},
	{"slideup-v0.t-vd=v0", f_slideup_v0m, K_FEW | K_X | K_D0},
	{"slidedown-v0.t-vd=v0", f_slidedown_v0m, K_FEW | K_X | K_D0},
	{"slidedown-vs2=v17", f_slidedown_odd, K_FEW | K_X},
	{"slideup-vd=v9", f_slideup_odd, K_FEW | K_X},
	{"vrgather.vv-vd=vs2", f_gather_vv_d2, K_FEW | K_IDX | K_D16},
	{"vrgather.vv-vd=vs1", f_gather_vv_d1, K_FEW | K_IDX | K_D24},
	{"vrgather.vv-vs1=v25", f_gather_vv_odd, K_FEW | K_IDX},
	{"vrgather.vx-vd=vs2", f_gather_vx_same, K_FEW | K_X | K_D16},
	{"vrgather.vv-v0.t-vd=v0", f_gather_v0m, K_FEW | K_IDX | K_D0},
	{"vrgatherei16-vs1=v10", f_ei16_v10, K_FEW | K_IDX16},
	{"vrgatherei16-vs1=v9", f_ei16_v9, K_FEW | K_IDX16},
	{"vrgatherei16-vs1=v12", f_ei16_v12, K_FEW | K_IDX16},
	{"vrgatherei16-vd=vs1", f_ei16_over1, K_FEW | K_IDX16 | K_D24},
	{"vrgatherei16-vd=v16,vs1=v28", f_ei16_v28, K_FEW | K_IDX16 | K_D16},
	{"vcompress-vd=vs2", f_compress_same, K_FEW | K_DATA | K_D16},
	{"vcompress-vs1=v9", f_compress_v9, K_FEW | K_DATA},
	{"vcompress-vs1=vd", f_compress_v8, K_FEW | K_DATA},
	{"vcompress-vs1=v0", f_compress_v0, K_FEW | K_DATA},
	{"vcompress-vd=v9", f_compress_odd, K_FEW | K_DATA},
	{"viota-vd=vs2", f_iota_same, K_FEW | K_DATA | K_D16},
	{"viota-vs2=v9", f_iota_v9, K_FEW | K_DATA},
	{"viota-vs2=v15", f_iota_v15, K_FEW | K_DATA},
	{"viota-v0.t-vd=v0", f_iota_v0m, K_FEW | K_DATA | K_D0},
	{"viota-vd=v9", f_iota_odd, K_FEW | K_DATA},
	{"vmsbf-vd=vs2", f_msbf_same, K_FEW | K_DATA | K_D16},
	{"vmsif-v0.t-vd=v0", f_msif_v0m, K_FEW | K_DATA | K_D0},
	{"vmsof-vd=v0", f_msof_v0, K_FEW | K_DATA | K_D0},
	{"vmsbf-vs2=v17", f_msbf_v17, K_FEW | K_DATA},
	{"vid-v0.t-vd=v0", f_id_v0m, K_FEW | K_D0},
	{"vid-vd=v9", f_id_odd, K_FEW},
	{"vmand-all-v16", f_mand_same, K_FEW | K_DATA | K_D16},
	{"vmxor-vd=v0", f_mxor_v0, K_FEW | K_DATA | K_D0},
	{"vredsum-v9,v17", f_red_odd2, K_FEW},
	{"vredmax-v0.t-vd=v0", f_red_v0m, K_FEW | K_D0},
	{"vredor-vd=v9,vs1=v25", f_red_vd9, K_FEW},
	{"vwredsum-all-v16", f_wred_v16, K_FEW | K_D16},
	{"vcpop-v0.t-v0", f_cpop_v0m, K_FEW | K_DATA},
	{"vfirst-v0.t-v0", f_first_v0m, K_FEW | K_DATA},
	{"vmv.x.s-v17", f_mv_x_s_v17, K_FEW},
	{"vmv.s.x-v9", f_mv_s_x_v9, K_FEW | K_X},
	{"vfmv.s.f-v9", f_fmv_s_f_v9, K_FEW | K_F},
};

/* ---- register fill and dump -------------------------------------------------------------- */

static uint64_t rng;

static uint64_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* group g (0, 8, 16, 24) <- w[0 .. vlenb): eight registers of 64-bit elements */
static void fill(unsigned g, const uint64_t *w)
{
	__asm__ volatile("vsetvli t0, x0, e64, m8, tu, mu" ::: "t0");
	for (unsigned i = 0; i < vlenb; i++) {
		switch (g) {
		case 0: __asm__ volatile("vslide1down.vx v0, v0, %0" ::"r"(w[i])); break;
		case 8: __asm__ volatile("vslide1down.vx v8, v8, %0" ::"r"(w[i])); break;
		case 16: __asm__ volatile("vslide1down.vx v16, v16, %0" ::"r"(w[i])); break;
		default: __asm__ volatile("vslide1down.vx v24, v24, %0" ::"r"(w[i])); break;
		}
	}
}

static void dump(unsigned g, uint64_t *w)
{
	__asm__ volatile("vsetvli t0, x0, e64, m8, tu, mu" ::: "t0");
	for (unsigned i = 0; i < vlenb; i++) {
		uint64_t r;
		switch (g) {
		case 0: __asm__ volatile("vslidedown.vx v24, v0, %1\n\tvmv.x.s %0, v24" : "=r"(r) : "r"((uint64_t)i)); break;
		case 8: __asm__ volatile("vslidedown.vx v24, v8, %1\n\tvmv.x.s %0, v24" : "=r"(r) : "r"((uint64_t)i)); break;
		case 16: __asm__ volatile("vslidedown.vx v24, v16, %1\n\tvmv.x.s %0, v24" : "=r"(r) : "r"((uint64_t)i)); break;
		default: __asm__ volatile("vslidedown.vx v8, v24, %1\n\tvmv.x.s %0, v8" : "=r"(r) : "r"((uint64_t)i)); break;
		}
		w[i] = r;
	}
}

/* ---- the cases --------------------------------------------------------------------------- */

static const unsigned sews[] = {8, 16, 32, 64};
static const int lmuls[] = {-3, -2, -1, 0, 1, 2, 3};  /* log2 LMUL */
static unsigned long n_cases;

static uint64_t vtype_of(unsigned sew, int lmul)
{
	unsigned vsew = sew == 8 ? 0 : sew == 16 ? 1 : sew == 32 ? 2 : 3;
	return (uint64_t)vsew << 3 | (unsigned)(lmul & 7);
}

static uint64_t vlmax_of(unsigned sew, int lmul)
{
	uint64_t bits = (uint64_t)vlenb * 8;
	bits = lmul >= 0 ? bits << lmul : bits >> -lmul;
	return bits / sew;
}

/* data: 0 random, 1 sparse bits, 2 all ones, 3 one bit near the end */
static uint64_t word(int data)
{
	switch (data) {
	case 1: return rnd() & rnd() & rnd() & rnd();
	case 2: return ~0ull;
	default: return rnd();
	}
}

static void run_case(const struct op *o, unsigned sew, int lmul, uint64_t avl, int mask,
                     int data, uint64_t x, uint64_t vs)
{
	static uint64_t w[4][128], out[128];
	uint64_t vlmax = vlmax_of(sew, lmul);
	n_cases++;
	rng = 0x9e3779b97f4a7c15ull ^ (n_cases * 0x100000001b3ull);
	for (unsigned i = 0; i < vlenb; i++) {
		w[1][i] = rnd();
		w[2][i] = (o->kind & K_DATA) ? word(data) : rnd();
		w[3][i] = (o->kind & K_DATA) ? word(data == 2 ? 0 : data) : rnd();
		w[0][i] = mask == 2 ? rnd() & rnd() & rnd() : mask == 3 ? ~0ull : rnd();
	}
	if (data == 3) {  /* one bit in v16, near the end of vl */
		memset(w[2], 0, sizeof(w[2]));
		uint64_t b = avl < vlmax ? avl : vlmax;
		b = b > 2 ? b - 2 : 0;
		w[2][b / 64] = 1ull << (b % 64);
	}
	if (o->kind & (K_IDX | K_IDX16)) {  /* indices: mostly below 1.5 VLMAX, some huge */
		unsigned esz = (o->kind & K_IDX16) ? 16 : sew;
		uint64_t range = vlmax + vlmax / 2 + 2;
		uint64_t n = (uint64_t)vlenb * 64 / esz;
		uint8_t *p = (uint8_t *)w[3];
		for (uint64_t i = 0; i < n; i++) {
			uint64_t v = (rnd() & 7) == 0 ? rnd() : rnd() % range;
			memcpy(p + i * (esz / 8), &v, esz / 8);
		}
		if (o->kind & K_FEW)  /* the cases with vs1 = v25, v9, v10, v12, v28 read these too */
			memcpy(w[1], w[3], sizeof(w[1]));
	}
	fill(0, w[0]);
	fill(8, w[1]);
	fill(16, w[2]);
	fill(24, w[3]);
	int ill0 = n_ill;
	uint64_t va = 0;
	uint64_t r = o->fn(avl, vtype_of(sew, lmul), x, vs, &va);
	int ill = n_ill - ill0;
	unsigned g = (o->kind & K_D16) ? 16 : (o->kind & K_D0) ? 0 : (o->kind & K_D24) ? 24 : 8;
	dump(g, out);
	uint64_t hsh = 0xcbf29ce484222325ull;
	for (unsigned i = 0; i < vlenb; i++)
		for (unsigned b = 0; b < 64; b += 8)
			hsh = (hsh ^ ((out[i] >> b) & 0xff)) * 0x100000001b3ull;
	printf("%s e%u lmul%d avl=%" PRIu64 " m=%d d=%d x=%" PRIx64 " vs=%" PRIu64
	       ": ill=%d vstart=%" PRIu64 " r=%" PRIx64 " h=%016" PRIx64 "\n",
	       o->name, sew, lmul, avl, mask, data, x, vs, ill, va, r, hsh);
	if (verbose) {
		for (unsigned i = 0; i < vlenb; i++)
			printf("%016" PRIx64 "%c", out[i], i % 8 == 7 ? '\n' : ' ');
	}
}

static const uint64_t fvals[] = {
	0xffffffff3f800000ull,  /* 1.0f NaN-boxed */
	0x400921fb54442d18ull,  /* pi as a double: not a boxed float */
	0xffffffffffffbc00ull,  /* -1.0 half, boxed */
	0xffff0000ffff3c00ull,  /* 1.0 half, badly boxed */
};

static void run_op(const struct op *o)
{
	int few = (o->kind & K_FEW) != 0;
	for (unsigned si = 0; si < 4; si++) {
		for (unsigned li = 0; li < 7; li++) {
			unsigned sew = sews[si];
			int lmul = lmuls[li];
			if (few && lmul != 0 && lmul != 1 && lmul != -1 && lmul != 3)
				continue;
			uint64_t vlmax = vlmax_of(sew, lmul);
			uint64_t avls[] = {~0ull, 0, 1, 5, vlmax > 1 ? vlmax - 1 : 3, 17};
			unsigned n_avl = few ? 2 : 6;
			for (unsigned ai = 0; ai < n_avl; ai++) {
				uint64_t avl = avls[ai];
				int masks = (o->kind & K_MASKED) ? 3 : 1;
				for (int m = 0; m < masks; m++) {
					int mask = (o->kind & K_MASKED) ? m + 1 : 0;
					int n_data = (o->kind & K_DATA) && !few ? 4 : 1;
					for (int d = 0; d < n_data; d++) {
						if (o->kind & K_X) {
							uint64_t xs[] = {0, 1, 2, vlmax - 1, vlmax, vlmax + 1, 1ull << 40, ~0ull,
							                 0x123456789abcdef0ull};
							unsigned n_x = few ? 3 : 9;
							for (unsigned xi = 0; xi < n_x; xi++)
								run_case(o, sew, lmul, avl, mask, d, xs[xi], 0);
						} else if (o->kind & K_F) {
							for (unsigned fi = 0; fi < 4; fi++)
								run_case(o, sew, lmul, avl, mask, d, fvals[fi], 0);
						} else {
							run_case(o, sew, lmul, avl, mask, d, 3, 0);
						}
					}
				}
			}
		}
	}
	/* vstart > 0, and vstart >= vl; not for the instructions that require vstart = 0
	 * (reductions, vcpop, vfirst, vmsbf/vmsif/vmsof, viota, vcompress): robin raises SIGILL
	 * for them as the specification allows, qemu 7.2 only when the write of vstart ended its
	 * translation block (its check uses the block's vstart-is-zero flag), so qemu is no
	 * reference there; e2e 246's sequences and unit 241 check robin's SIGILL */
	static const char *const need0[] = { "vcpop", "vfirst", "vmsbf", "vmsif", "vmsof",
	                                     "viota", "vcompress", "vred", "vwred" };
	for (size_t k = 0; k < sizeof(need0) / sizeof(need0[0]); k++)
		if (!strncmp(o->name, need0[k], strlen(need0[k])))
			return;
	uint64_t vsv[] = {1, 3, 9};
	for (unsigned i = 0; i < 3; i++) {
		run_case(o, 32, 0, ~0ull, (o->kind & K_MASKED) ? 1 : 0, 0, 2, vsv[i]);
		run_case(o, 8, 1, 5, (o->kind & K_MASKED) ? 1 : 0, 0, 2, vsv[i]);
		run_case(o, 16, 0, 0, 0, 0, 2, vsv[i]);
	}
}

int main(int argc, char **argv)
{
	verbose = argc > 1 && strcmp(argv[1], "-v") == 0;
	const char *only = argc > 2 ? argv[2] : NULL;
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_ill;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGILL, &sa, NULL);
	__asm__ volatile("csrr %0, vlenb" : "=r"(vlenb));
	printf("vlenb %u\n", vlenb);
	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (!only || strcmp(only, ops[i].name) == 0)
			run_op(&ops[i]);
	printf("cases %lu sigill %d\n", n_cases, n_ill);
	return 0;
}
