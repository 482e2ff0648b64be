/*
 * exec_vbb.c — Zvbb, the vector basic bit-manipulation extension (RISC-V vector crypto
 * specification v1.0): vandn, vbrev8, vrev8, vbrev, vclz, vctz, vcpop.v, vrol, vror (.vi with a
 * 6-bit amount) and the widening vwsll. Every handler raises SIGILL when the guest's ISA lacks
 * Zvbb (the decoder refuses the encodings already; the check keeps a handler honest when
 * called otherwise), then makes the checks of the V instruction of the same shape.
 */
#include "emu/exec_vint.h"

static inline int vbb_on(const struct hart *h)
{
	return (h->vext & HART_VEXT_ZVBB) != 0;
}

/* The bits of each byte of v in reverse order. */
static inline uint64_t vbb_brev8(uint64_t v)
{
	v = ((v >> 1) & 0x5555555555555555ull) | ((v & 0x5555555555555555ull) << 1);
	v = ((v >> 2) & 0x3333333333333333ull) | ((v & 0x3333333333333333ull) << 2);
	return ((v >> 4) & 0x0f0f0f0f0f0f0f0full) | ((v & 0x0f0f0f0f0f0f0f0full) << 4);
}

/* The bytes of the low w bits of v in reverse order. */
static inline uint64_t vbb_rev8(uint64_t v, unsigned w)
{
	return __builtin_bswap64(v) >> (64 - w);
}

#define E_ANDN(T, S, DT, DS, W, x, y, r) r = (T)((x) & ~(y))
#define E_ROL(T, S, DT, DS, W, x, y, r)                                                     \
	do {                                                                                \
		unsigned n_ = (unsigned)((y) & ((W) - 1));                                  \
		r = (T)(((uint64_t)(x) << n_) | ((uint64_t)(x) >> ((W - n_) & ((W) - 1)))); \
	} while (0)
#define E_ROR(T, S, DT, DS, W, x, y, r)                                                     \
	do {                                                                                \
		unsigned n_ = (unsigned)((y) & ((W) - 1));                                  \
		r = (T)(((uint64_t)(x) >> n_) | ((uint64_t)(x) << ((W - n_) & ((W) - 1)))); \
	} while (0)
/* unary: y is unused */
#define E_BREV8(T, S, DT, DS, W, x, y, r) r = (T)vbb_brev8(x)
#define E_REV8(T, S, DT, DS, W, x, y, r) r = (T)vbb_rev8(x, W)
#define E_BREV(T, S, DT, DS, W, x, y, r) r = (T)vbb_brev8(vbb_rev8(x, W))
#define E_CLZ(T, S, DT, DS, W, x, y, r) r = (x) ? (T)(__builtin_clzll(x) - (64 - (W))) : (T)(W)
#define E_CTZ(T, S, DT, DS, W, x, y, r) r = (x) ? (T)__builtin_ctzll(x) : (T)(W)
#define E_CPOP(T, S, DT, DS, W, x, y, r) r = (T)__builtin_popcountll(x)
/* vwsll: 2 * SEW = zero-extended vs2 << (y mod 2 * SEW) */
#define E_WSLL(T, S, DT, DS, W, x, y, r) r = (DT)((DT)(x) << ((y) & (2 * (W) - 1)))

V_DEF_LOOP(l_andn, V_SEW_SWITCH, V_BODY_BIN, E_ANDN)
V_DEF_LOOP(l_rol, V_SEW_SWITCH, V_BODY_BIN, E_ROL)
V_DEF_LOOP(l_ror, V_SEW_SWITCH, V_BODY_BIN, E_ROR)
V_DEF_LOOP(l_brev8, V_SEW_SWITCH, V_BODY_BIN, E_BREV8)
V_DEF_LOOP(l_rev8, V_SEW_SWITCH, V_BODY_BIN, E_REV8)
V_DEF_LOOP(l_brev, V_SEW_SWITCH, V_BODY_BIN, E_BREV)
V_DEF_LOOP(l_clz, V_SEW_SWITCH, V_BODY_BIN, E_CLZ)
V_DEF_LOOP(l_ctz, V_SEW_SWITCH, V_BODY_BIN, E_CTZ)
V_DEF_LOOP(l_cpop, V_SEW_SWITCH, V_BODY_BIN, E_CPOP)
V_DEF_LOOP(l_wsll, V_SEW_SWITCH3, V_BODY_WIDE, E_WSLL)

V_EXEC(vandn_vv, vbb_on(h) && vck_sss(h, in), l_andn)
V_EXEC(vandn_vx, vbb_on(h) && vck_sss(h, in), l_andn)
V_EXEC(vrol_vv, vbb_on(h) && vck_sss(h, in), l_rol)
V_EXEC(vrol_vx, vbb_on(h) && vck_sss(h, in), l_rol)
V_EXEC(vror_vv, vbb_on(h) && vck_sss(h, in), l_ror)
V_EXEC(vror_vx, vbb_on(h) && vck_sss(h, in), l_ror)
V_EXEC(vror_vi, vbb_on(h) && vck_sss(h, in), l_ror)
V_EXEC(vbrev8_v, vbb_on(h) && vck_sss(h, in), l_brev8)
V_EXEC(vrev8_v, vbb_on(h) && vck_sss(h, in), l_rev8)
V_EXEC(vbrev_v, vbb_on(h) && vck_sss(h, in), l_brev)
V_EXEC(vclz_v, vbb_on(h) && vck_sss(h, in), l_clz)
V_EXEC(vctz_v, vbb_on(h) && vck_sss(h, in), l_ctz)
V_EXEC(vcpop_v, vbb_on(h) && vck_sss(h, in), l_cpop)
V_EXEC(vwsll_vv, vbb_on(h) && vck_dss(h, in), l_wsll)
V_EXEC(vwsll_vx, vbb_on(h) && vck_dss(h, in), l_wsll)
V_EXEC(vwsll_vi, vbb_on(h) && vck_dss(h, in), l_wsll)
