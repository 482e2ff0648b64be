/* vfp: the V 1.0 floating-point instructions on special values (±0, ±inf, quiet and signaling
 * NaNs, subnormals, the extreme normals, halfway cases of every rounding mode, the integer
 * conversion bounds), printing every destination register group (tail included) and fflags
 * after each instruction — to be compared with qemu-riscv64 -cpu rv64,v=true,vlen=N.
 *   1. a sweep: every instruction, SEW 32 and 64 (16 where robin defines it), the five
 *      rounding modes, unmasked at LMUL 1, over windows of vl elements of the value pools;
 *   2. LMUL 1/2, 1, 2, 4, unmasked and masked (v0 a fixed pattern), rounding to nearest;
 *   3. the reductions on finite values whose sum depends on the order of the additions, at
 *      LMUL 1 .. 8, masked and not, in every rounding mode;
 *      and every other instruction on such values, masked and not;
 *   4. encodings qemu 7.2 and the specification reserve (SIGILL): misaligned groups, widening
 *      at LMUL 8 or SEW 64, forbidden overlaps, a masked vd = v0, SEW 8, frm 5 and 7 (also with
 *      vl = 0), and the NaN-boxing of scalar operands.
 * With the argument "probe" it only checks its vle8.v/vse8.v round trip.
 * With the argument "zvfh" it prints instead what robin alone decides: binary16 arithmetic
 * (Zvfh, which robin does not implement and qemu 7.2 executes with F alone) raises SIGILL,
 * Zvfhmin's two conversions run.
 * Registers: vd = v8, vs2 = v16, vs1 = v24, the scalar fa0; data moves by vle8/vse8 only.
 * qemu 7.2 aborts (an assertion in decode_save_opc) on an rtz conversion unless an
 * instruction of the same translation block already set the dynamic rounding mode, so those
 * run after a scalar fadd.s (rm = dyn) on zeros. */
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* ---- value pools ---------------------------------------------------------------------- */

static const uint32_t pool_s[] = {
	0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0x7fc12345, 0x7f800001,
	0xff812345, 0x00000001, 0x007fffff, 0x80000010, 0x00800000, 0x80800000, 0x7f7fffff,
	0xff7fffff, 0x3f800000, 0xbf800000, 0x3fc00000, 0x40000000, 0x40400000, 0x3dcccccd,
	0x3eaaaaab, 0x3f800001, 0x4b800000, 0x4b800001, 0x4f000000, 0xcf000000, 0x40200000,
	0xc0200000, 0x3f000000, 0xbf000000, 0x00c00000, 0x7149f2ca, 0xf149f2ca, 0x477fe000,
	0x477ff000, 0x33800000, 0x33c00000, 0x4f800000, 0x5f000000, 0xdf000000, 0x5f800000,
	0x3fffffff, 0xc0490fdb, 0x4effffff, 0xcf000001, 0x38800000, 0x387fc000, 0x1e3ce508,
	0x5e3ce508, 0x3f7fffff, 0x00400000, 0x40490fdb, 0xbeaaaaab,
};

static const uint64_t pool_d[] = {
	0x0000000000000000, 0x8000000000000000, 0x7ff0000000000000, 0xfff0000000000000,
	0x7ff8000000000000, 0x7ff8000000012345, 0x7ff0000000000001, 0xfff4000000000000,
	0x0000000000000001, 0x000fffffffffffff, 0x8000000000000010, 0x0010000000000000,
	0x8010000000000000, 0x7fefffffffffffff, 0xffefffffffffffff, 0x3ff0000000000000,
	0xbff0000000000000, 0x3ff8000000000000, 0x4000000000000000, 0x3fb999999999999a,
	0x3fd5555555555555, 0x3ff0000000000001, 0x3ff0000010000000, 0x3ff0000010000001,
	0x3ff0000030000000, 0xbff0000010000000, 0x36a0000000000000, 0x3690000000000000,
	0x3698000000000000, 0x47efffffe0000000, 0x47efffffefffffff, 0x47effffff0000000,
	0xc7effffff0000000, 0x41e0000000000000, 0xc1e0000000000000, 0x41dfffffffe00000,
	0x41dfffffffffffff, 0xc1e0000000200000, 0x41efffffffe00000, 0x41f0000000000000,
	0x43e0000000000000, 0xc3e0000000000000, 0x43f0000000000000, 0x3fe0000000000000,
	0xbfe0000000000000, 0x4004000000000000, 0xc004000000000000, 0x4340000000000001,
	0x46293e5939a08cea, 0xc6293e5939a08cea, 0x3810000000000000, 0x380fffffffffffff,
	0x37a0000000000000, 0x400921fb54442d18, 0x7fe0000000000000, 0x0008000000000000,
};

static const uint16_t pool_h[] = {
	0x0000, 0x8000, 0x7c00, 0xfc00, 0x7e00, 0x7e15, 0x7c01, 0xfd23, 0x0001, 0x03ff, 0x8010,
	0x0400, 0x8400, 0x7bff, 0xfbff, 0x3c00, 0xbc00, 0x3e00, 0x4000, 0x3555, 0x3c01, 0x4248,
};

static const uint64_t pool_i[] = {
	0, 1, (uint64_t)-1, 2, 3, 0x7f, 0x80, 0x7fff, 0x8000, 0xffff, 0x1000001, 0x1000003,
	0x7fffffff, 0x80000000, 0xffffffff, 0x7fffffbf, 0x7fffffc0, 0x20000001, 0xfffffffe,
	0x20000000000001, 0x7fffffffffffffff, 0x8000000000000000, 0xffffffffffffffff,
	0x7ffffffffffffdff, 0x7ffffffffffffe00, 0x123456789abcdef, 0xfedcba9876543210,
	0x0000000100000001, 0xffffffff00000001, 12345, (uint64_t)-12345, 0x55555555,
};

#define NPOOL(p) (sizeof(p) / sizeof((p)[0]))
#define NDATA 96            /* elements a sweep walks through */
#define MAXB (1024 * 8 + 1024) /* bytes of any register group image and window */

enum kind { K_F, K_I, K_R };

/* A finite value of wide-ranging magnitude (|exponent| <= 40), every fourth one the negation
 * of its predecessor: sums whose result depends on the order of the additions. */
static uint64_t finite_elem(unsigned eew, int role, unsigned i)
{
	uint64_t x = (uint64_t)(i & ~1u) * 0x9e3779b97f4a7c15ull;
	x += (uint64_t)role * 0xbf58476d1ce4e5b9ull + eew;
	x ^= x >> 31, x *= 0x94d049bb133111ebull, x ^= x >> 29;
	int neg = (i & 3) == 3 ? !(x >> 63) : (int)(x >> 63);
	int e = (int)((x >> 40) % 81) - 40;
	if ((i & 3) == 1)
		x ^= 0x5555; /* the odd one of a pair that does not cancel */
	if (eew == 32)
		return ((uint64_t)neg << 31) | ((uint64_t)(127 + e) << 23) | (x & 0x7fffff);
	return ((uint64_t)neg << 63) | ((uint64_t)(1023 + e) << 52) | (x & 0xfffffffffffffull);
}

/* Element i of the pool of `kind` at `eew` bits for operand `role` (0 vs2, 1 vs1, 2 vd):
 * the roles walk the pool with different strides, so every window pairs different values. */
static uint64_t pool_elem(enum kind kind, unsigned eew, int role, unsigned i)
{
	static const unsigned mul[3] = {1, 5, 3}, add[3] = {0, 3, 7};
	unsigned k = i * mul[role] + add[role] + (role ? i / 11 : 0);
	if (kind == K_R)
		return finite_elem(eew, role, i);
	if (kind == K_I) {
		uint64_t v = pool_i[k % NPOOL(pool_i)];
		return eew == 64 ? v : v & ((1ull << eew) - 1);
	}
	switch (eew) {
	case 16: return pool_h[k % NPOOL(pool_h)];
	case 32: return pool_s[k % NPOOL(pool_s)];
	default: return pool_d[k % NPOOL(pool_d)];
	}
}

static void fill(uint8_t *buf, unsigned nbytes, enum kind kind, unsigned eew, int role,
                 unsigned first)
{
	for (unsigned i = 0; i * (eew / 8) < nbytes; i++) {
		uint64_t v = pool_elem(kind, eew, role, first + i);
		memcpy(buf + i * (eew / 8), &v, eew / 8);
	}
}

/* ---- register access ------------------------------------------------------------------ */

static unsigned vlenb;

/* vtype: SEW code (0 e8 .. 3 e64), LMUL log2 (-3 .. 3), tail and mask undisturbed. */
static uint64_t vtype_of(unsigned eew, int lmul)
{
	unsigned s = eew == 8 ? 0 : eew == 16 ? 1 : eew == 32 ? 2 : 3;
	return (uint64_t)(s << 3) | (unsigned)(lmul & 7);
}

/* The registers a group of EMUL 2^lmul spans (at least one). */
static unsigned regs_of(int lmul)
{
	return lmul > 0 ? 1u << lmul : 1u;
}

#define VMOVE(reg)                                                                        \
	static void load_v##reg(const uint8_t *p, int lmul)                              \
	{                                                                              \
		uint64_t n = (uint64_t)vlenb * regs_of(lmul);                            \
		asm volatile("vsetvl zero, %0, %1\n\tvle8.v v" #reg ", (%2)"              \
		             :: "r"(n), "r"(vtype_of(8, lmul > 0 ? lmul : 0)), "r"(p) : "memory"); \
	}                                                                              \
	static __attribute__((unused)) void store_v##reg(uint8_t *p, int lmul)          \
	{                                                                              \
		uint64_t n = (uint64_t)vlenb * regs_of(lmul);                            \
		asm volatile("vsetvl zero, %0, %1\n\tvse8.v v" #reg ", (%2)"              \
		             :: "r"(n), "r"(vtype_of(8, lmul > 0 ? lmul : 0)), "r"(p) : "memory"); \
	}
VMOVE(0)
VMOVE(8)
VMOVE(16)
VMOVE(24)

/* ---- the instructions --------------------------------------------------------------- */

/* Operand shapes: destination and sources as multiples of SEW. */
enum shape {
	SH_VV, SH_VF, SH_V,      /* SEW = SEW op SEW / f / unary */
	SH_WVV, SH_WVF, SH_WWV, SH_WWF, SH_WV, /* widening: 2SEW = ... */
	SH_NW,                   /* narrowing: SEW = 2SEW */
	SH_MVV, SH_MVF,          /* mask = SEW cmp SEW / f */
	SH_RED, SH_WRED,         /* vd[0] = vs1[0] op vs2[*] (SEW / 2SEW accumulators) */
	SH_MERGE, SH_MV,         /* vfmerge.vfm (always masked) and vfmv.v.f */
};

typedef void (*op_fn)(int masked, uint64_t frm, uint64_t avl, uint64_t vtype, uint64_t f,
                      uint64_t *flags);

struct op {
	const char *name;
	op_fn fn;
	enum shape sh;
	enum kind k2;  /* vs2's values */
	unsigned sews; /* bit 0: SEW 16, 1: SEW 32, 2: SEW 64 */
};

#define RTZ_PRE "fmv.w.x ft11, zero\n\tfadd.s ft11, ft11, ft11\n\t"
#define ASM_RUN(pre, insn)                                                                \
	asm volatile("csrw frm, %[frm]\n\tcsrwi fflags, 0\n\tvsetvl zero, %[avl], %[vt]\n\t" \
	             "fmv.d.x fa0, %[f]\n\t" pre insn "\n\tfrflags %[fl]"                     \
	             : [fl] "=r"(*flags)                                                      \
	             : [frm] "r"(frm), [avl] "r"(avl), [vt] "r"(vtype), [f] "r"(f)           \
	             : "fa0", "ft11", "memory")

#define DEF_OP(id, pre, insn, insn_masked)                                                \
	static void op_##id(int masked, uint64_t frm, uint64_t avl, uint64_t vtype, uint64_t f, \
	                    uint64_t *flags)                                                \
	{                                                                                   \
		if (masked)                                                                 \
			ASM_RUN(pre, insn_masked);                                          \
		else                                                                        \
			ASM_RUN(pre, insn);                                                 \
	}
#define OPVV(id, mn) DEF_OP(id, "", mn " v8, v16, v24", mn " v8, v16, v24, v0.t")
#define OPVF(id, mn) DEF_OP(id, "", mn " v8, v16, fa0", mn " v8, v16, fa0, v0.t")
#define OPFMAV(id, mn) DEF_OP(id, "", mn " v8, v24, v16", mn " v8, v24, v16, v0.t")
#define OPFMAF(id, mn) DEF_OP(id, "", mn " v8, fa0, v16", mn " v8, fa0, v16, v0.t")
#define OPV(id, mn) DEF_OP(id, "", mn " v8, v16", mn " v8, v16, v0.t")
#define OPVRTZ(id, mn) DEF_OP(id, RTZ_PRE, mn " v8, v16", mn " v8, v16, v0.t")

OPVV(vfadd_vv, "vfadd.vv") OPVF(vfadd_vf, "vfadd.vf")
OPVV(vfsub_vv, "vfsub.vv") OPVF(vfsub_vf, "vfsub.vf") OPVF(vfrsub_vf, "vfrsub.vf")
OPVV(vfmul_vv, "vfmul.vv") OPVF(vfmul_vf, "vfmul.vf")
OPVV(vfdiv_vv, "vfdiv.vv") OPVF(vfdiv_vf, "vfdiv.vf") OPVF(vfrdiv_vf, "vfrdiv.vf")
OPVV(vfmin_vv, "vfmin.vv") OPVF(vfmin_vf, "vfmin.vf")
OPVV(vfmax_vv, "vfmax.vv") OPVF(vfmax_vf, "vfmax.vf")
OPVV(vfsgnj_vv, "vfsgnj.vv") OPVF(vfsgnj_vf, "vfsgnj.vf")
OPVV(vfsgnjn_vv, "vfsgnjn.vv") OPVF(vfsgnjn_vf, "vfsgnjn.vf")
OPVV(vfsgnjx_vv, "vfsgnjx.vv") OPVF(vfsgnjx_vf, "vfsgnjx.vf")
OPFMAV(vfmacc_vv, "vfmacc.vv") OPFMAF(vfmacc_vf, "vfmacc.vf")
OPFMAV(vfnmacc_vv, "vfnmacc.vv") OPFMAF(vfnmacc_vf, "vfnmacc.vf")
OPFMAV(vfmsac_vv, "vfmsac.vv") OPFMAF(vfmsac_vf, "vfmsac.vf")
OPFMAV(vfnmsac_vv, "vfnmsac.vv") OPFMAF(vfnmsac_vf, "vfnmsac.vf")
OPFMAV(vfmadd_vv, "vfmadd.vv") OPFMAF(vfmadd_vf, "vfmadd.vf")
OPFMAV(vfnmadd_vv, "vfnmadd.vv") OPFMAF(vfnmadd_vf, "vfnmadd.vf")
OPFMAV(vfmsub_vv, "vfmsub.vv") OPFMAF(vfmsub_vf, "vfmsub.vf")
OPFMAV(vfnmsub_vv, "vfnmsub.vv") OPFMAF(vfnmsub_vf, "vfnmsub.vf")
OPVV(vfwadd_vv, "vfwadd.vv") OPVF(vfwadd_vf, "vfwadd.vf")
OPVV(vfwadd_wv, "vfwadd.wv") OPVF(vfwadd_wf, "vfwadd.wf")
OPVV(vfwsub_vv, "vfwsub.vv") OPVF(vfwsub_vf, "vfwsub.vf")
OPVV(vfwsub_wv, "vfwsub.wv") OPVF(vfwsub_wf, "vfwsub.wf")
OPVV(vfwmul_vv, "vfwmul.vv") OPVF(vfwmul_vf, "vfwmul.vf")
OPFMAV(vfwmacc_vv, "vfwmacc.vv") OPFMAF(vfwmacc_vf, "vfwmacc.vf")
OPFMAV(vfwnmacc_vv, "vfwnmacc.vv") OPFMAF(vfwnmacc_vf, "vfwnmacc.vf")
OPFMAV(vfwmsac_vv, "vfwmsac.vv") OPFMAF(vfwmsac_vf, "vfwmsac.vf")
OPFMAV(vfwnmsac_vv, "vfwnmsac.vv") OPFMAF(vfwnmsac_vf, "vfwnmsac.vf")
OPV(vfsqrt_v, "vfsqrt.v") OPV(vfrsqrt7_v, "vfrsqrt7.v") OPV(vfrec7_v, "vfrec7.v")
OPV(vfclass_v, "vfclass.v")
DEF_OP(vfmerge_vfm, "", "vfmerge.vfm v8, v16, fa0, v0", "vfmerge.vfm v8, v16, fa0, v0")
DEF_OP(vfmv_v_f, "", "vfmv.v.f v8, fa0", "vfmv.v.f v8, fa0")
OPVV(vmfeq_vv, "vmfeq.vv") OPVF(vmfeq_vf, "vmfeq.vf")
OPVV(vmfne_vv, "vmfne.vv") OPVF(vmfne_vf, "vmfne.vf")
OPVV(vmflt_vv, "vmflt.vv") OPVF(vmflt_vf, "vmflt.vf")
OPVV(vmfle_vv, "vmfle.vv") OPVF(vmfle_vf, "vmfle.vf")
OPVF(vmfgt_vf, "vmfgt.vf") OPVF(vmfge_vf, "vmfge.vf")
OPV(vfcvt_xu_f_v, "vfcvt.xu.f.v") OPV(vfcvt_x_f_v, "vfcvt.x.f.v")
OPV(vfcvt_f_xu_v, "vfcvt.f.xu.v") OPV(vfcvt_f_x_v, "vfcvt.f.x.v")
OPVRTZ(vfcvt_rtz_xu_f_v, "vfcvt.rtz.xu.f.v") OPVRTZ(vfcvt_rtz_x_f_v, "vfcvt.rtz.x.f.v")
OPV(vfwcvt_xu_f_v, "vfwcvt.xu.f.v") OPV(vfwcvt_x_f_v, "vfwcvt.x.f.v")
OPV(vfwcvt_f_xu_v, "vfwcvt.f.xu.v") OPV(vfwcvt_f_x_v, "vfwcvt.f.x.v")
OPV(vfwcvt_f_f_v, "vfwcvt.f.f.v")
OPVRTZ(vfwcvt_rtz_xu_f_v, "vfwcvt.rtz.xu.f.v") OPVRTZ(vfwcvt_rtz_x_f_v, "vfwcvt.rtz.x.f.v")
OPV(vfncvt_xu_f_w, "vfncvt.xu.f.w") OPV(vfncvt_x_f_w, "vfncvt.x.f.w")
OPV(vfncvt_f_xu_w, "vfncvt.f.xu.w") OPV(vfncvt_f_x_w, "vfncvt.f.x.w")
OPV(vfncvt_f_f_w, "vfncvt.f.f.w") OPV(vfncvt_rod_f_f_w, "vfncvt.rod.f.f.w")
OPVRTZ(vfncvt_rtz_xu_f_w, "vfncvt.rtz.xu.f.w") OPVRTZ(vfncvt_rtz_x_f_w, "vfncvt.rtz.x.f.w")
OPVV(vfredusum_vs, "vfredusum.vs") OPVV(vfredosum_vs, "vfredosum.vs")
OPVV(vfredmin_vs, "vfredmin.vs") OPVV(vfredmax_vs, "vfredmax.vs")
OPVV(vfwredusum_vs, "vfwredusum.vs") OPVV(vfwredosum_vs, "vfwredosum.vs")

#define S16 1u
#define S32 2u
#define S64 4u
#define O(id, sh, k2, sews) {#id, op_##id, sh, k2, sews}
static const struct op ops[] = {
	O(vfadd_vv, SH_VV, K_F, S32 | S64), O(vfadd_vf, SH_VF, K_F, S32 | S64),
	O(vfsub_vv, SH_VV, K_F, S32 | S64), O(vfsub_vf, SH_VF, K_F, S32 | S64),
	O(vfrsub_vf, SH_VF, K_F, S32 | S64),
	O(vfmul_vv, SH_VV, K_F, S32 | S64), O(vfmul_vf, SH_VF, K_F, S32 | S64),
	O(vfdiv_vv, SH_VV, K_F, S32 | S64), O(vfdiv_vf, SH_VF, K_F, S32 | S64),
	O(vfrdiv_vf, SH_VF, K_F, S32 | S64),
	O(vfmin_vv, SH_VV, K_F, S32 | S64), O(vfmin_vf, SH_VF, K_F, S32 | S64),
	O(vfmax_vv, SH_VV, K_F, S32 | S64), O(vfmax_vf, SH_VF, K_F, S32 | S64),
	O(vfsgnj_vv, SH_VV, K_F, S32 | S64), O(vfsgnj_vf, SH_VF, K_F, S32 | S64),
	O(vfsgnjn_vv, SH_VV, K_F, S32 | S64), O(vfsgnjn_vf, SH_VF, K_F, S32 | S64),
	O(vfsgnjx_vv, SH_VV, K_F, S32 | S64), O(vfsgnjx_vf, SH_VF, K_F, S32 | S64),
	O(vfmacc_vv, SH_VV, K_F, S32 | S64), O(vfmacc_vf, SH_VF, K_F, S32 | S64),
	O(vfnmacc_vv, SH_VV, K_F, S32 | S64), O(vfnmacc_vf, SH_VF, K_F, S32 | S64),
	O(vfmsac_vv, SH_VV, K_F, S32 | S64), O(vfmsac_vf, SH_VF, K_F, S32 | S64),
	O(vfnmsac_vv, SH_VV, K_F, S32 | S64), O(vfnmsac_vf, SH_VF, K_F, S32 | S64),
	O(vfmadd_vv, SH_VV, K_F, S32 | S64), O(vfmadd_vf, SH_VF, K_F, S32 | S64),
	O(vfnmadd_vv, SH_VV, K_F, S32 | S64), O(vfnmadd_vf, SH_VF, K_F, S32 | S64),
	O(vfmsub_vv, SH_VV, K_F, S32 | S64), O(vfmsub_vf, SH_VF, K_F, S32 | S64),
	O(vfnmsub_vv, SH_VV, K_F, S32 | S64), O(vfnmsub_vf, SH_VF, K_F, S32 | S64),
	O(vfwadd_vv, SH_WVV, K_F, S32), O(vfwadd_vf, SH_WVF, K_F, S32),
	O(vfwadd_wv, SH_WWV, K_F, S32), O(vfwadd_wf, SH_WWF, K_F, S32),
	O(vfwsub_vv, SH_WVV, K_F, S32), O(vfwsub_vf, SH_WVF, K_F, S32),
	O(vfwsub_wv, SH_WWV, K_F, S32), O(vfwsub_wf, SH_WWF, K_F, S32),
	O(vfwmul_vv, SH_WVV, K_F, S32), O(vfwmul_vf, SH_WVF, K_F, S32),
	O(vfwmacc_vv, SH_WVV, K_F, S32), O(vfwmacc_vf, SH_WVF, K_F, S32),
	O(vfwnmacc_vv, SH_WVV, K_F, S32), O(vfwnmacc_vf, SH_WVF, K_F, S32),
	O(vfwmsac_vv, SH_WVV, K_F, S32), O(vfwmsac_vf, SH_WVF, K_F, S32),
	O(vfwnmsac_vv, SH_WVV, K_F, S32), O(vfwnmsac_vf, SH_WVF, K_F, S32),
	O(vfsqrt_v, SH_V, K_F, S32 | S64), O(vfrsqrt7_v, SH_V, K_F, S32 | S64),
	O(vfrec7_v, SH_V, K_F, S32 | S64), O(vfclass_v, SH_V, K_F, S32 | S64),
	O(vfmerge_vfm, SH_MERGE, K_F, S32 | S64), O(vfmv_v_f, SH_MV, K_F, S32 | S64),
	O(vmfeq_vv, SH_MVV, K_F, S32 | S64), O(vmfeq_vf, SH_MVF, K_F, S32 | S64),
	O(vmfne_vv, SH_MVV, K_F, S32 | S64), O(vmfne_vf, SH_MVF, K_F, S32 | S64),
	O(vmflt_vv, SH_MVV, K_F, S32 | S64), O(vmflt_vf, SH_MVF, K_F, S32 | S64),
	O(vmfle_vv, SH_MVV, K_F, S32 | S64), O(vmfle_vf, SH_MVF, K_F, S32 | S64),
	O(vmfgt_vf, SH_MVF, K_F, S32 | S64), O(vmfge_vf, SH_MVF, K_F, S32 | S64),
	O(vfcvt_xu_f_v, SH_V, K_F, S32 | S64), O(vfcvt_x_f_v, SH_V, K_F, S32 | S64),
	O(vfcvt_f_xu_v, SH_V, K_I, S32 | S64), O(vfcvt_f_x_v, SH_V, K_I, S32 | S64),
	O(vfcvt_rtz_xu_f_v, SH_V, K_F, S32 | S64), O(vfcvt_rtz_x_f_v, SH_V, K_F, S32 | S64),
	O(vfwcvt_xu_f_v, SH_WV, K_F, S32), O(vfwcvt_x_f_v, SH_WV, K_F, S32),
	O(vfwcvt_f_xu_v, SH_WV, K_I, S16 | S32), O(vfwcvt_f_x_v, SH_WV, K_I, S16 | S32),
	O(vfwcvt_f_f_v, SH_WV, K_F, S16 | S32),
	O(vfwcvt_rtz_xu_f_v, SH_WV, K_F, S32), O(vfwcvt_rtz_x_f_v, SH_WV, K_F, S32),
	O(vfncvt_xu_f_w, SH_NW, K_F, S16 | S32), O(vfncvt_x_f_w, SH_NW, K_F, S16 | S32),
	O(vfncvt_f_xu_w, SH_NW, K_I, S32), O(vfncvt_f_x_w, SH_NW, K_I, S32),
	O(vfncvt_f_f_w, SH_NW, K_F, S16 | S32), O(vfncvt_rod_f_f_w, SH_NW, K_F, S32),
	O(vfncvt_rtz_xu_f_w, SH_NW, K_F, S16 | S32), O(vfncvt_rtz_x_f_w, SH_NW, K_F, S16 | S32),
	O(vfredusum_vs, SH_RED, K_F, S32 | S64), O(vfredosum_vs, SH_RED, K_F, S32 | S64),
	O(vfredmin_vs, SH_RED, K_F, S32 | S64), O(vfredmax_vs, SH_RED, K_F, S32 | S64),
	O(vfwredusum_vs, SH_WRED, K_F, S32), O(vfwredosum_vs, SH_WRED, K_F, S32),
};
#define NOPS (sizeof(ops) / sizeof(ops[0]))

/* ---- running one instruction ---------------------------------------------------------- */

static sigjmp_buf on_ill;
static volatile int in_test;

static void sigill(int sig)
{
	if (in_test)
		siglongjmp(on_ill, 1);
	signal(sig, SIG_DFL); /* outside a test: the instruction faults again, fatally */
}

static uint8_t img2[MAXB], img1[MAXB], imgd[MAXB], out[MAXB];
static const uint8_t mask_pat[16] = {0x5a, 0xc3, 0x0f, 0xf0, 0x99, 0x66, 0x01, 0x80,
                                      0xff, 0x00, 0x3c, 0xa5, 0x12, 0xed, 0x7e, 0x81};

/* Widths (bits) of vd, vs2, vs1 and the EMULs of vd and vs2 for an instruction at sew/lmul;
 * vd_mask: vd is a mask register. */
struct geom {
	unsigned ed, e2, e1;
	int ld, l2, vd_mask;
	enum kind k1, kd;
};

static struct geom geom_of(const struct op *op, unsigned sew, int lmul)
{
	struct geom g = {sew, sew, sew, lmul, lmul, 0, K_F, K_F};
	switch (op->sh) {
	case SH_WVV: case SH_WVF: case SH_WV:
		g.ed = 2 * sew, g.ld = lmul + 1;
		break;
	case SH_WWV: case SH_WWF:
		g.ed = g.e2 = 2 * sew, g.ld = g.l2 = lmul + 1;
		break;
	case SH_NW:
		g.e2 = 2 * sew, g.l2 = lmul + 1;
		break;
	case SH_MVV: case SH_MVF:
		g.vd_mask = 1, g.ld = 0;
		break;
	case SH_RED:
		g.ld = 0;
		break;
	case SH_WRED:
		g.ed = g.e1 = 2 * sew, g.ld = 0;
		break;
	default:
		break;
	}
	/* the integer side of a conversion */
	if (op->k2 == K_I)
		g.kd = K_F;
	else if (strstr(op->name, "cvt_x") || strstr(op->name, "cvt_rtz"))
		g.kd = K_I;
	return g;
}

static void print_group(const uint8_t *p, unsigned nbytes, unsigned eew)
{
	for (unsigned i = 0; i < nbytes; i += eew / 8) {
		uint64_t v = 0;
		memcpy(&v, p + i, eew / 8);
		printf(" %0*llx", (int)(eew / 4), (unsigned long long)v);
	}
}

/* Runs op at sew/lmul over elements [first, first + avl) of the pools and prints the
 * destination group and fflags (or SIGILL). Returns vl (0 after SIGILL). */
static uint64_t run(const struct op *op, unsigned sew, int lmul, int masked, unsigned frm,
                    unsigned first, uint64_t avl)
{
	struct geom g = geom_of(op, sew, lmul);
	uint64_t vt = vtype_of(sew, lmul), flags = 0, vl = 0;
	unsigned nd = vlenb * regs_of(g.ld), n2 = vlenb * regs_of(g.l2), n1 = vlenb * regs_of(lmul);
	if (op->sh == SH_WRED)
		n1 = vlenb;
	fill(img2, n2, op->k2, g.e2, 0, first);
	fill(img1, n1, op->k2 == K_R ? K_R : K_F, g.e1, 1, first);
	fill(imgd, nd, g.kd, g.ed, 2, first);
	volatile uint64_t f = pool_elem(K_F, sew, 1, first * 7 + 1);
	if (sew == 32)
		f |= 0xffffffff00000000ull;
	else if (sew == 16)
		f |= 0xffffffffffff0000ull;
	printf("%s e%u l%d m%d rm%u @%u:", op->name, sew, lmul, masked, frm, first);
	in_test = 1;
	if (sigsetjmp(on_ill, 1)) {
		in_test = 0;
		printf(" SIGILL\n");
		return 0;
	}
	load_v0(mask_pat, 0);
	load_v16(img2, g.l2 > 0 ? g.l2 : 0);
	load_v24(img1, lmul > 0 && op->sh != SH_WRED ? lmul : 0);
	load_v8(imgd, g.ld > 0 ? g.ld : 0);
	op->fn(masked, frm, avl, vt, f, &flags);
	asm volatile("csrr %0, vl" : "=r"(vl));
	store_v8(out, g.ld > 0 ? g.ld : 0);
	in_test = 0;
	print_group(out, nd, g.vd_mask ? 8 : g.ed);
	printf(" vl=%llu fflags=%02llx\n", (unsigned long long)vl, (unsigned long long)flags);
	return vl;
}

/* ---- reserved encodings and NaN-boxing ------------------------------------------------ */

#define ILL(label, setup, insn)                                                          \
	do {                                                                             \
		in_test = 1;                                                             \
		if (!sigsetjmp(on_ill, 1)) {                                             \
			asm volatile(setup "\n\t" insn ::: "memory", "t0", "t1");       \
			in_test = 0;                                                     \
			printf("%-44s ok\n", label);                                     \
		} else {                                                                 \
			in_test = 0;                                                     \
			printf("%-44s SIGILL\n", label);                                 \
		}                                                                        \
	} while (0)

#define E(sew, lmul) "csrwi frm, 0\n\tli t0, 4\n\tvsetvli t1, t0, e" #sew ", " #lmul ", tu, mu"

static void reserved(void)
{
	printf("-- reserved encodings\n");
	ILL("e8 vfadd.vv", E(8, m1), "vfadd.vv v8, v16, v24");
	ILL("e32 m2 vfadd.vv v9 (vd misaligned)", E(32, m2), "vfadd.vv v9, v16, v24");
	ILL("e32 m2 vfadd.vv vs2=v17", E(32, m2), "vfadd.vv v8, v17, v24");
	ILL("e32 m2 vfadd.vv vs1=v25", E(32, m2), "vfadd.vv v8, v16, v25");
	ILL("e32 m1 vfadd.vv v0 masked", E(32, m1), "vfadd.vv v0, v16, v24, v0.t");
	ILL("e32 m1 vfadd.vv v0 unmasked", E(32, m1), "vfadd.vv v0, v16, v24");
	ILL("e32 m4 vfmacc.vf v10 (vd misaligned)", E(32, m4), "vfmacc.vf v10, fa0, v16");
	ILL("e32 m4 vfsqrt.v vs2=v18", E(32, m4), "vfsqrt.v v8, v18");
	ILL("e32 m8 vfwadd.vv", E(32, m8), "vfwadd.vv v8, v16, v24");
	ILL("e64 m1 vfwadd.vv", E(64, m1), "vfwadd.vv v8, v16, v24");
	ILL("e32 m1 vfwadd.vv vs2 = vd+1 (ok)", E(32, m1), "vfwadd.vv v8, v9, v24");
	ILL("e32 m1 vfwadd.vv vs2 = vd", E(32, m1), "vfwadd.vv v8, v8, v24");
	ILL("e32 m1 vfwadd.vv vs1 = vd+1 (ok)", E(32, m1), "vfwadd.vv v8, v16, v9");
	ILL("e32 m1 vfwadd.vv vs1 = vd", E(32, m1), "vfwadd.vv v8, v16, v8");
	ILL("e32 mf2 vfwadd.vv vs2 = vd", E(32, mf2), "vfwadd.vv v8, v8, v24");
	ILL("e32 m2 vfwadd.vv vd=v10 (misaligned)", E(32, m2), "vfwadd.vv v10, v16, v24");
	ILL("e32 m2 vfwadd.vv vs2 = v10 (top, ok)", E(32, m2), "vfwadd.vv v8, v10, v24");
	ILL("e32 m2 vfwadd.vv vs2 = v9", E(32, m2), "vfwadd.vv v8, v9, v24");
	ILL("e32 m1 vfwadd.wv vs2 = vd (ok)", E(32, m1), "vfwadd.wv v8, v8, v24");
	ILL("e32 m1 vfwadd.wv vs2 = v9", E(32, m1), "vfwadd.wv v8, v9, v24");
	ILL("e32 m1 vfwadd.wv vs1 = vd", E(32, m1), "vfwadd.wv v8, v16, v8");
	ILL("e32 m1 vfwadd.wf vs2 = v17", E(32, m1), "vfwadd.wf v8, v17, fa0");
	ILL("e32 m1 vfwmacc.vv v0 masked", E(32, m1), "vfwmacc.vv v0, v24, v16, v0.t");
	ILL("e32 m4 vfwmacc.vv (ok)", E(32, m4), "vfwmacc.vv v8, v24, v16");
	ILL("e32 m1 vfwcvt.f.f.v vs2 = vd", E(32, m1), "vfwcvt.f.f.v v8, v8");
	ILL("e32 m1 vfwcvt.xu.f.v vs2 = vd+1 (ok)", E(32, m1), "vfwcvt.xu.f.v v8, v9");
	ILL("e32 m1 vfncvt.f.f.w vd = vs2 (ok)", E(32, m1), "vfncvt.f.f.w v8, v8");
	ILL("e32 m1 vfncvt.f.f.w vd = vs2+1", E(32, m1), "vfncvt.f.f.w v9, v8");
	ILL("e32 m1 vfncvt.f.f.w vs2 = v9", E(32, m1), "vfncvt.f.f.w v8, v9");
	ILL("e64 m1 vfncvt.f.f.w", E(64, m1), "vfncvt.f.f.w v8, v16");
	ILL("e32 m8 vfncvt.f.f.w", E(32, m8), "vfncvt.f.f.w v8, v16");
	ILL("e32 m1 vfncvt.x.f.w v0 masked", E(32, m1), "vfncvt.x.f.w v0, v16, v0.t");
	ILL("e32 m2 vmfeq.vv vd = vs2 (ok)", E(32, m2), "vmfeq.vv v16, v16, v24");
	ILL("e32 m2 vmfeq.vv vd = vs2+1", E(32, m2), "vmfeq.vv v17, v16, v24");
	ILL("e32 m2 vmfeq.vv vd = vs1 (ok)", E(32, m2), "vmfeq.vv v24, v16, v24");
	ILL("e32 m2 vmfeq.vv vd = vs1+1", E(32, m2), "vmfeq.vv v25, v16, v24");
	ILL("e32 m2 vmflt.vf vd = vs2+1", E(32, m2), "vmflt.vf v17, v16, fa0");
	ILL("e32 m1 vmfeq.vv v0 masked (ok)", E(32, m1), "vmfeq.vv v0, v16, v24, v0.t");
	ILL("e32 mf2 vmfeq.vv vd = vs2 (ok)", E(32, mf2), "vmfeq.vv v16, v16, v24");
	ILL("e32 m2 vfredusum.vs vs2 = v17", E(32, m2), "vfredusum.vs v8, v17, v24");
	ILL("e32 m2 vfredmax.vs vd, vs1 odd (ok)", E(32, m2), "vfredmax.vs v9, v16, v25");
	ILL("e32 m1 vfredosum.vs v0 masked (ok)", E(32, m1), "vfredosum.vs v0, v16, v24, v0.t");
	ILL("e64 m1 vfwredusum.vs", E(64, m1), "vfwredusum.vs v8, v16, v24");
	ILL("e32 m8 vfwredosum.vs (ok)", E(32, m8), "vfwredosum.vs v8, v16, v24");
	ILL("e32 m1 vfmerge.vfm v0", E(32, m1), "vfmerge.vfm v0, v16, fa0, v0");
	ILL("e32 m2 vfmerge.vfm vs2 = v17", E(32, m2), "vfmerge.vfm v8, v17, fa0, v0");
	ILL("e32 m2 vfmv.v.f v9", E(32, m2), "vfmv.v.f v9, fa0");
	ILL("e16 vfwcvt.f.f.v (Zvfhmin)", E(16, m1), "vfwcvt.f.f.v v8, v16");
	ILL("e16 vfncvt.f.f.w (Zvfhmin)", E(16, m1), "vfncvt.f.f.w v8, v16");
	ILL("e16 vfwcvt.f.x.v", E(16, m1), "vfwcvt.f.x.v v8, v16");
	ILL("e16 vfncvt.x.f.w", E(16, m1), "vfncvt.x.f.w v8, v16");
	ILL("e8 vfwcvt.f.f.v", E(8, m1), "vfwcvt.f.f.v v8, v16");
	ILL("e8 vfncvt.f.f.w", E(8, mf2), "vfncvt.f.f.w v8, v16");
	ILL("vill vfadd.vv", "li t0, -1\n\tvsetvl t1, zero, t0", "vfadd.vv v8, v16, v24");

	/* an invalid frm: every instruction, rounding or not, also with vl = 0 */
	static const unsigned bad[] = {5, 6, 7};
	for (volatile unsigned k = 0; k < 3; k++) {
		uint64_t frm = bad[k];
		printf("-- frm %u\n", bad[k]);
#define F(label, vlreg, insn)                                                                \
	do {                                                                                 \
		in_test = 1;                                                                 \
		if (!sigsetjmp(on_ill, 1)) {                                                 \
			asm volatile("li t0, " #vlreg "\n\tvsetvli t1, t0, e32, m1, tu, mu\n\t"  \
			             "csrw frm, %0\n\t" insn :: "r"(frm) : "memory", "t0", "t1"); \
			in_test = 0;                                                         \
			printf("%-44s ok\n", label);                                         \
		} else {                                                                     \
			in_test = 0;                                                         \
			printf("%-44s SIGILL\n", label);                                     \
		}                                                                            \
	} while (0)
		F("vfadd.vv", 4, "vfadd.vv v8, v16, v24");
		F("vfadd.vv vl=0", 0, "vfadd.vv v8, v16, v24");
		F("vfsub.vf", 4, "vfsub.vf v8, v16, fa0");
		F("vfmin.vv", 4, "vfmin.vv v8, v16, v24");
		F("vfsgnjx.vf", 4, "vfsgnjx.vf v8, v16, fa0");
		F("vfsgnj.vv vl=0", 0, "vfsgnj.vv v8, v16, v24");
		F("vfmacc.vv", 4, "vfmacc.vv v8, v24, v16");
		F("vfwmacc.vf", 4, "vfwmacc.vf v8, fa0, v16");
		F("vfwadd.wv", 4, "vfwadd.wv v8, v16, v24");
		F("vfsqrt.v", 4, "vfsqrt.v v8, v16");
		F("vfrsqrt7.v", 4, "vfrsqrt7.v v8, v16");
		F("vfrec7.v", 4, "vfrec7.v v8, v16");
		F("vfclass.v", 4, "vfclass.v v8, v16");
		F("vfclass.v vl=0", 0, "vfclass.v v8, v16");
		F("vfmerge.vfm", 4, "vfmerge.vfm v8, v16, fa0, v0");
		F("vfmv.v.f", 4, "vfmv.v.f v8, fa0");
		F("vmfeq.vv", 4, "vmfeq.vv v8, v16, v24");
		F("vmfge.vf", 4, "vmfge.vf v8, v16, fa0");
		F("vfcvt.x.f.v", 4, "vfcvt.x.f.v v8, v16");
		F("vfcvt.f.xu.v", 4, "vfcvt.f.xu.v v8, v16");
		F("vfwcvt.f.f.v", 4, "vfwcvt.f.f.v v8, v16");
		F("vfncvt.f.f.w", 4, "vfncvt.f.f.w v8, v16");
		F("vfncvt.rod.f.f.w", 4, "vfncvt.rod.f.f.w v8, v16");
		F("vfredusum.vs", 4, "vfredusum.vs v8, v16, v24");
		F("vfredmin.vs vl=0", 0, "vfredmin.vs v8, v16, v24");
		F("vfwredosum.vs", 4, "vfwredosum.vs v8, v16, v24");
	}

	/* scalar operands that are not NaN-boxed read as the canonical NaN */
	printf("-- NaN-boxing\n");
	static const uint64_t fvals[] = {0x123456783f800000ull, 0xffffffff3f800000ull,
	                                 0x00000000ffffffffull, 0xffffffff7f800001ull};
	for (unsigned k = 0; k < 4; k++) {
		uint32_t o32[4];
		uint64_t o64[2], fl;
		uint64_t fv = fvals[k];
		asm volatile("csrwi frm, 0\n\tcsrwi fflags, 0\n\tfmv.d.x fa1, %3\n\t"
		             "vsetivli zero, 4, e32, m1, tu, mu\n\tvfmv.v.f v8, fa1\n\t"
		             "vse32.v v8, (%1)\n\tfmv.w.x fa2, zero\n\tvfmv.v.f v9, fa2\n\t"
		             "vfadd.vf v9, v9, fa1\n\t"
		             "vse32.v v9, (%1)\n\tvsetivli zero, 2, e32, mf2, tu, mu\n\t"
		             "vfwadd.vf v10, v9, fa1\n\tvsetivli zero, 2, e64, m1, tu, mu\n\t"
		             "vse64.v v10, (%2)\n\tfrflags %0"
		             : "=r"(fl) : "r"(o32), "r"(o64), "r"(fv) : "memory", "fa1", "fa2");
		printf("f=%016llx: vfadd.vf %08x vfwadd.vf %016llx fflags=%02llx\n",
		       (unsigned long long)fv, o32[0], (unsigned long long)o64[0],
		       (unsigned long long)fl);
		asm volatile("fmv.d.x fa1, %1\n\tvsetivli zero, 4, e32, m1, tu, mu\n\t"
		             "vfmv.v.f v8, fa1\n\tvse32.v v8, (%0)"
		             :: "r"(o32), "r"(fv) : "memory", "fa1");
		printf("f=%016llx: vfmv.v.f %08x\n", (unsigned long long)fv, o32[0]);
	}
}

/* robin alone: binary16 arithmetic needs Zvfh (not implemented), Zvfhmin's conversions run. */
static void zvfh(void)
{
	ILL("e16 vfadd.vv", E(16, m1), "vfadd.vv v8, v16, v24");
	ILL("e16 vfmacc.vf", E(16, m1), "vfmacc.vf v8, fa0, v16");
	ILL("e16 vfmv.v.f", E(16, m1), "vfmv.v.f v8, fa0");
	ILL("e16 vfsqrt.v", E(16, m1), "vfsqrt.v v8, v16");
	ILL("e16 vmfeq.vf", E(16, m1), "vmfeq.vf v8, v16, fa0");
	ILL("e16 vfredusum.vs", E(16, m1), "vfredusum.vs v8, v16, v24");
	ILL("e16 vfwadd.vv", E(16, m1), "vfwadd.vv v8, v16, v24");
	ILL("e16 vfwredusum.vs", E(16, m1), "vfwredusum.vs v8, v16, v24");
	ILL("e16 vfcvt.x.f.v", E(16, m1), "vfcvt.x.f.v v8, v16");
	ILL("e16 vfwcvt.x.f.v", E(16, m1), "vfwcvt.x.f.v v8, v16");
	ILL("e8 vfwcvt.f.x.v", E(8, m1), "vfwcvt.f.x.v v8, v16");
	ILL("e8 vfncvt.x.f.w", E(8, m1), "vfncvt.x.f.w v8, v16");
	ILL("e16 vfncvt.f.x.w", E(16, m1), "vfncvt.f.x.w v8, v16");
	ILL("e16 vfncvt.rod.f.f.w", E(16, m1), "vfncvt.rod.f.f.w v8, v16");
	ILL("e16 vfwcvt.f.f.v (Zvfhmin)", E(16, m1), "vfwcvt.f.f.v v8, v16");
	ILL("e16 vfncvt.f.f.w (Zvfhmin)", E(16, m1), "vfncvt.f.f.w v8, v16");
}

int main(int argc, char **argv)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = sigill;
	sigaction(SIGILL, &sa, NULL);
	asm volatile("csrr %0, vlenb" : "=r"(vlenb));
	setvbuf(stdout, NULL, _IOFBF, 1 << 16);
	if (argc > 1 && !strcmp(argv[1], "probe")) {
		/* the data moves this program depends on (vle8.v, vse8.v), outside any handler */
		uint8_t pat[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}, back[16];
		load_v8(pat, 0);
		store_v8(back, 0);
		puts(!memcmp(pat, back, 16) ? "vmem ok" : "vmem wrong");
		return 0;
	}
	if (argc > 1 && !strcmp(argv[1], "zvfh")) {
		zvfh();
		return 0;
	}
	printf("vlenb %u\n", vlenb);

	/* 1. the sweep: all rounding modes, LMUL 1, unmasked, windows of vl elements */
	for (unsigned o = 0; o < NOPS; o++)
		for (unsigned s = 16; s <= 64; s *= 2) {
			if (!(ops[o].sews & s / 16))
				continue;
			for (unsigned frm = 0; frm <= 4; frm++)
				for (unsigned first = 0; first < NDATA;) {
					uint64_t vl = run(&ops[o], s, 0, 0, frm, first, NDATA - first);
					if (!vl)
						break;
					first += (unsigned)vl;
				}
		}

	/* 2. LMUL 1/2 .. 4, unmasked and masked, two windows each */
	for (unsigned o = 0; o < NOPS; o++)
		for (unsigned s = 16; s <= 64; s *= 2) {
			if (!(ops[o].sews & s / 16))
				continue;
			for (int lmul = -1; lmul <= 2; lmul++)
				for (int m = 0; m <= 1; m++) {
					unsigned first = 5;
					for (int w = 0; w < 2; w++) {
						uint64_t vl = run(&ops[o], s, lmul, m, 0, first, 1000);
						if (!vl)
							break;
						first += (unsigned)vl;
					}
				}
		}

	/* 3. reductions over finite values whose sum depends on the order of the additions:
	 * LMUL 1 .. 8, unmasked and masked, every rounding mode */
	for (unsigned o = 0; o < NOPS; o++) {
		if (ops[o].sh != SH_RED && ops[o].sh != SH_WRED)
			continue;
		struct op r = ops[o];
		r.k2 = K_R;
		for (unsigned s = 32; s <= 64; s *= 2) {
			if (!(r.sews & s / 16))
				continue;
			for (int lmul = 0; lmul <= 3; lmul++)
				for (int m = 0; m <= 1; m++)
					for (unsigned frm = 0; frm <= 4; frm++)
						for (unsigned first = 0; first < 64; first += 21)
							run(&r, s, lmul, m, frm, first, 1000);
		}
	}

	/* 3b. the other instructions on finite values of wide-ranging magnitude (inexact results
	 * that round differently in each mode), SEW 32 and 64, two windows */
	for (unsigned o = 0; o < NOPS; o++) {
		if (ops[o].sh == SH_RED || ops[o].sh == SH_WRED || ops[o].k2 != K_F)
			continue;
		struct op r = ops[o];
		r.k2 = K_R;
		for (unsigned s = 32; s <= 64; s *= 2) {
			if (!(r.sews & s / 16))
				continue;
			for (unsigned frm = 0; frm <= 4; frm++)
				for (unsigned first = 0, w = 0; w < 2; w++) {
					uint64_t vl = run(&r, s, 0, w, frm, first, 1000);
					if (!vl)
						break;
					first += (unsigned)vl;
				}
		}
	}

	/* 4. reserved encodings, frm, NaN-boxing */
	reserved();
	return 0;
}
