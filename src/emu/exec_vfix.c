/*
 * exec_vfix.c — the V 1.0 fixed-point instructions (chapter "Vector Fixed-Point Arithmetic
 * Instructions"): saturating add and subtract, averaging add and subtract, vsmul, scaling
 * shifts and the narrowing clips. Rounding follows vxrm (v_round in exec_vint.h: rnu, rne,
 * rdn, rod); a result that saturates sets vxsat (it stays set until software clears it).
 * The averaging operations and vsmul keep the bits their sums and products need (2 * SEW wide
 * types, 128 bits for SEW 64), so they do not lose the carry qemu handles case by case.
 */
#include "emu/exec_vint.h"

/* ---- saturating add and subtract ---------------------------------------------------------- */

#define E_SADDU(T, S, DT, DS, W, x, y, r)                                                   \
	do {                                                                                \
		r = (T)((uint64_t)(x) + (y));                                               \
		if (r < (x)) {                                                              \
			r = (T)~(T)0;                                                       \
			sat = 1;                                                            \
		}                                                                           \
	} while (0)
#define E_SADD(T, S, DT, DS, W, x, y, r)                                                    \
	do {                                                                                \
		r = (T)((uint64_t)(x) + (y));                                               \
		if ((T)((r ^ (x)) & (r ^ (y))) >> ((W) - 1)) {                              \
			r = (S)(x) < 0 ? V_TMIN(T, W) : V_TMAX(T, W);                       \
			sat = 1;                                                            \
		}                                                                           \
	} while (0)
#define E_SSUBU(T, S, DT, DS, W, x, y, r)                                                   \
	do {                                                                                \
		if ((x) < (y)) {                                                            \
			r = 0;                                                              \
			sat = 1;                                                            \
		} else {                                                                    \
			r = (T)((x) - (y));                                                 \
		}                                                                           \
	} while (0)
#define E_SSUB(T, S, DT, DS, W, x, y, r)                                                    \
	do {                                                                                \
		r = (T)((uint64_t)(x) - (y));                                               \
		if ((T)(((x) ^ (y)) & (r ^ (x))) >> ((W) - 1)) {                            \
			r = (S)(x) < 0 ? V_TMIN(T, W) : V_TMAX(T, W);                       \
			sat = 1;                                                            \
		}                                                                           \
	} while (0)

V_DEF_LOOP(l_saddu, V_SEW_SWITCH, V_BODY_BIN, E_SADDU)
V_DEF_LOOP(l_sadd, V_SEW_SWITCH, V_BODY_BIN, E_SADD)
V_DEF_LOOP(l_ssubu, V_SEW_SWITCH, V_BODY_BIN, E_SSUBU)
V_DEF_LOOP(l_ssub, V_SEW_SWITCH, V_BODY_BIN, E_SSUB)

/* vsaddu.vi: the immediate is sign-extended, then taken as unsigned (V 1.0). */
V_EXEC(vsaddu_vv, vck_sss(h, in), l_saddu)
V_EXEC(vsaddu_vx, vck_sss(h, in), l_saddu)
V_EXEC(vsaddu_vi, vck_sss(h, in), l_saddu)
V_EXEC(vsadd_vv, vck_sss(h, in), l_sadd)
V_EXEC(vsadd_vx, vck_sss(h, in), l_sadd)
V_EXEC(vsadd_vi, vck_sss(h, in), l_sadd)
V_EXEC(vssubu_vv, vck_sss(h, in), l_ssubu)
V_EXEC(vssubu_vx, vck_sss(h, in), l_ssubu)
V_EXEC(vssub_vv, vck_sss(h, in), l_ssub)
V_EXEC(vssub_vx, vck_sss(h, in), l_ssub)

/* ---- averaging add and subtract: (x +- y) >> 1 rounded, computed in 2 * SEW bits ---------- */

#define E_AADDU(T, S, DT, DS, W, x, y, r)                                                   \
	do {                                                                                \
		DT s_ = (DT)((DT)(x) + (DT)(y));                                            \
		r = (T)((s_ >> 1) + v_round((uint64_t)s_, 1, rm));                          \
	} while (0)
#define E_AADD(T, S, DT, DS, W, x, y, r)                                                    \
	do {                                                                                \
		DS s_ = (DS)((DS)(S)(x) + (DS)(S)(y));                                      \
		r = (T)((s_ >> 1) + (DS)v_round((uint64_t)s_, 1, rm));                      \
	} while (0)
#define E_ASUBU(T, S, DT, DS, W, x, y, r)                                                   \
	do {                                                                                \
		DT s_ = (DT)((DT)(x) - (DT)(y));                                            \
		r = (T)((s_ >> 1) + v_round((uint64_t)s_, 1, rm));                          \
	} while (0)
#define E_ASUB(T, S, DT, DS, W, x, y, r)                                                    \
	do {                                                                                \
		DS s_ = (DS)((DS)(S)(x) - (DS)(S)(y));                                      \
		r = (T)((s_ >> 1) + (DS)v_round((uint64_t)s_, 1, rm));                      \
	} while (0)

V_DEF_LOOP(l_aaddu, V_SEW_SWITCH, V_BODY_BIN, E_AADDU)
V_DEF_LOOP(l_aadd, V_SEW_SWITCH, V_BODY_BIN, E_AADD)
V_DEF_LOOP(l_asubu, V_SEW_SWITCH, V_BODY_BIN, E_ASUBU)
V_DEF_LOOP(l_asub, V_SEW_SWITCH, V_BODY_BIN, E_ASUB)

V_EXEC(vaaddu_vv, vck_sss(h, in), l_aaddu)
V_EXEC(vaaddu_vx, vck_sss(h, in), l_aaddu)
V_EXEC(vaadd_vv, vck_sss(h, in), l_aadd)
V_EXEC(vaadd_vx, vck_sss(h, in), l_aadd)
V_EXEC(vasubu_vv, vck_sss(h, in), l_asubu)
V_EXEC(vasubu_vx, vck_sss(h, in), l_asubu)
V_EXEC(vasub_vv, vck_sss(h, in), l_asub)
V_EXEC(vasub_vx, vck_sss(h, in), l_asub)

/* ---- vsmul: (x * y) >> (SEW - 1) rounded, saturated (only INT_MIN * INT_MIN overflows) ---- */

#define E_SMUL(T, S, DT, DS, W, x, y, r)                                                    \
	do {                                                                                \
		DS p_ = (DS)((DS)(S)(x) * (DS)(S)(y));                                      \
		DS q_ = (DS)((p_ >> ((W) - 1)) + (DS)v_round((uint64_t)p_, (W) - 1, rm));   \
		if (q_ > (DS)(S)V_TMAX(T, W)) {                                             \
			r = V_TMAX(T, W);                                                   \
			sat = 1;                                                            \
		} else {                                                                    \
			r = (T)q_;                                                          \
		}                                                                           \
	} while (0)

V_DEF_LOOP(l_smul, V_SEW_SWITCH, V_BODY_BIN, E_SMUL)

V_EXEC(vsmul_vv, vck_sss(h, in), l_smul)
V_EXEC(vsmul_vx, vck_sss(h, in), l_smul)

/* ---- scaling shifts: x >> (y mod SEW) rounded ---------------------------------------------- */

#define E_SSRL(T, S, DT, DS, W, x, y, r)                                                    \
	do {                                                                                \
		unsigned n_ = (unsigned)((y) & ((W) - 1));                                  \
		r = (T)(((x) >> n_) + v_round((uint64_t)(x), n_, rm));                      \
	} while (0)
#define E_SSRA(T, S, DT, DS, W, x, y, r)                                                    \
	do {                                                                                \
		unsigned n_ = (unsigned)((y) & ((W) - 1));                                  \
		r = (T)(((S)(x) >> n_) + (S)v_round((uint64_t)(x), n_, rm));                \
	} while (0)

V_DEF_LOOP(l_ssrl, V_SEW_SWITCH, V_BODY_BIN, E_SSRL)
V_DEF_LOOP(l_ssra, V_SEW_SWITCH, V_BODY_BIN, E_SSRA)

V_EXEC(vssrl_vv, vck_sss(h, in), l_ssrl)
V_EXEC(vssrl_vx, vck_sss(h, in), l_ssrl)
V_EXEC(vssrl_vi, vck_sss(h, in), l_ssrl)
V_EXEC(vssra_vv, vck_sss(h, in), l_ssra)
V_EXEC(vssra_vx, vck_sss(h, in), l_ssra)
V_EXEC(vssra_vi, vck_sss(h, in), l_ssra)

/* ---- narrowing clips: vd (SEW) = clip(vs2 (2 * SEW) >> (y mod 2 * SEW), rounded) --------- */

#define E_NCLIPU(T, S, DT, DS, W, x, y, r)                                                  \
	do {                                                                                \
		unsigned n_ = (unsigned)((y) & (2 * (W) - 1));                              \
		DT v_ = (DT)(((x) >> n_) + v_round((uint64_t)(x), n_, rm));                 \
		if (v_ > (DT)(T)~(T)0) {                                                    \
			r = (T)~(T)0;                                                       \
			sat = 1;                                                            \
		} else {                                                                    \
			r = (T)v_;                                                          \
		}                                                                           \
	} while (0)
#define E_NCLIP(T, S, DT, DS, W, x, y, r)                                                   \
	do {                                                                                \
		unsigned n_ = (unsigned)((y) & (2 * (W) - 1));                              \
		DS v_ = (DS)(((DS)(x) >> n_) + (DS)v_round((uint64_t)(x), n_, rm));         \
		if (v_ > (DS)(S)V_TMAX(T, W)) {                                             \
			r = V_TMAX(T, W);                                                   \
			sat = 1;                                                            \
		} else if (v_ < (DS)(S)V_TMIN(T, W)) {                                      \
			r = V_TMIN(T, W);                                                   \
			sat = 1;                                                            \
		} else {                                                                    \
			r = (T)v_;                                                          \
		}                                                                           \
	} while (0)

V_DEF_LOOP(l_nclipu, V_SEW_SWITCH3, V_BODY_NARROW, E_NCLIPU)
V_DEF_LOOP(l_nclip, V_SEW_SWITCH3, V_BODY_NARROW, E_NCLIP)

V_EXEC(vnclipu_wv, vck_sds(h, in), l_nclipu)
V_EXEC(vnclipu_wx, vck_sds(h, in), l_nclipu)
V_EXEC(vnclipu_wi, vck_sds(h, in), l_nclipu)
V_EXEC(vnclip_wv, vck_sds(h, in), l_nclip)
V_EXEC(vnclip_wx, vck_sds(h, in), l_nclip)
V_EXEC(vnclip_wi, vck_sds(h, in), l_nclip)
