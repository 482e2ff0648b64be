/*
 * exec_v.h — what the vector handlers (exec_v*.c) share: the fields of vtype, element and mask
 * access, and the checks every V 1.0 instruction makes before it runs.
 *
 * The state is struct hart's (hart.h): vl, vtype, vstart, vxrm, vxsat and the register file,
 * register n at vreg + n * vlenb, so that a group of LMUL registers is one little-endian array
 * of SEW-bit elements (the host is little-endian, as RISC-V).
 *
 * Policies, as qemu-riscv64 (the reference of the differential tests) applies them by default
 * (its rvv_ta_all_1s and rvv_ma_all_1s are off): tail-agnostic and mask-agnostic elements are
 * left undisturbed, which the specification allows; a handler writes elements vstart..vl-1
 * that are active and nothing else, then sets vstart to 0. A vector instruction with vill set
 * raises SIGILL, as does every encoding the specification reserves (register groups not aligned
 * to their EMUL, forbidden overlaps, a masked instruction writing v0, EEW beyond 64).
 */
#ifndef ROBIN_EMU_EXEC_V_H
#define ROBIN_EMU_EXEC_V_H

#include <stdint.h>

#include "emu/hart.h"
#include "isa/isa.h"

/* Register number of a decoded vector operand (ISA_REG_V(n) -> n). */
#define V_N(r) ((unsigned)(r) - 64u)

/* SEW in bits (8, 16, 32, 64) and log2(LMUL) (-3 .. 3) of the current vtype. */
static inline unsigned v_sew(const struct hart *h)
{
	return 8u << ((h->vtype >> 3) & 7u);
}

static inline int v_lmul_log2(const struct hart *h)
{
	int l = (int)(h->vtype & 7u);
	return l >= 4 ? l - 8 : l;
}

/* Elements of `sew` bits a group of 2^lmul_log2 registers holds (VLMAX for that EMUL). */
static inline uint64_t v_vlmax(const struct hart *h, unsigned sew, int lmul_log2)
{
	uint64_t bits = (uint64_t)h->vlenb * 8u;
	bits = lmul_log2 >= 0 ? bits << lmul_log2 : bits >> -lmul_log2;
	return bits / sew;
}

/* The first byte of register n. */
static inline uint8_t *v_reg(struct hart *h, unsigned n)
{
	return h->vreg + (size_t)n * h->vlenb;
}

/* Bit i of mask register n (v0 for masking). */
static inline int v_mask_bit(const struct hart *h, unsigned n, uint64_t i)
{
	return (h->vreg[(size_t)n * h->vlenb + (i >> 3)] >> (i & 7u)) & 1u;
}

static inline void v_set_mask_bit(struct hart *h, unsigned n, uint64_t i, int b)
{
	uint8_t *p = &h->vreg[(size_t)n * h->vlenb + (i >> 3)];
	*p = (uint8_t)((*p & ~(1u << (i & 7u))) | ((unsigned)(b & 1) << (i & 7u)));
}

/* Whether element i takes part: unmasked, or its v0 bit is set. */
static inline int v_active(const struct hart *h, const struct isa_insn *in, uint64_t i)
{
	return !in->masked || v_mask_bit(h, 0, i);
}

/* Element i of width sew (bits) of the group starting at register n, zero-extended. */
static inline uint64_t v_elem(const struct hart *h, unsigned n, uint64_t i, unsigned sew)
{
	const uint8_t *p = h->vreg + (size_t)n * h->vlenb;
	switch (sew) {
	case 8: return p[i];
	case 16: return ((const uint16_t *)(const void *)p)[i];
	case 32: return ((const uint32_t *)(const void *)p)[i];
	default: return ((const uint64_t *)(const void *)p)[i];
	}
}

static inline void v_set_elem(struct hart *h, unsigned n, uint64_t i, unsigned sew, uint64_t v)
{
	uint8_t *p = h->vreg + (size_t)n * h->vlenb;
	switch (sew) {
	case 8: p[i] = (uint8_t)v; break;
	case 16: ((uint16_t *)(void *)p)[i] = (uint16_t)v; break;
	case 32: ((uint32_t *)(void *)p)[i] = (uint32_t)v; break;
	default: ((uint64_t *)(void *)p)[i] = v; break;
	}
}

/* Sign-extends the low `bits` bits of v. */
static inline int64_t v_sext(uint64_t v, unsigned bits)
{
	return bits >= 64 ? (int64_t)v : (int64_t)(v << (64 - bits)) >> (64 - bits);
}

/* The scalar f register r (isa numbering, 32..63) as an element of sew bits: a binary32 or
 * binary16 value that is not NaN-boxed reads as the canonical NaN, as F/D and qemu have it. */
static inline uint64_t v_fscalar(const struct hart *h, uint8_t r, unsigned sew)
{
	uint64_t f = h->f[(r - 32u) & 31u];
	if (sew == 32)
		return (f >> 32) == 0xffffffffu ? (f & 0xffffffffu) : 0x7fc00000u;
	if (sew == 16)
		return (f >> 16) == 0xffffffffffffu ? (f & 0xffffu) : 0x7e00u;
	return f;
}

/* Writes an element of sew bits to f register r NaN-boxed (vfmv.f.s). */
static inline void v_set_fscalar(struct hart *h, uint8_t r, unsigned sew, uint64_t v)
{
	h->f[(r - 32u) & 31u] = sew >= 64 ? v : v | (~0ull << sew);
}

/* A register group of 2^emul_log2 registers must start at a multiple of its size. */
static inline int v_aligned(unsigned n, int emul_log2)
{
	return emul_log2 <= 0 || (n & ((1u << emul_log2) - 1u)) == 0;
}

/* Registers a group of EMUL 2^emul_log2 occupies (fractional groups occupy one). */
static inline unsigned v_regs(int emul_log2)
{
	return emul_log2 <= 0 ? 1u : 1u << emul_log2;
}

/* Whether register groups [a, a + na) and [b, b + nb) share a register. */
static inline int v_overlap(unsigned a, unsigned na, unsigned b, unsigned nb)
{
	return a < b + nb && b < a + na;
}

/* SIGILL for the instruction being executed. */
static inline int v_illegal(struct hart *h, const struct isa_insn *in)
{
	return hart_raise(h, HART_TRAP_ILLEGAL, in->raw);
}

/* The checks every instruction but vset* makes first: V is on and vtype is legal. */
static inline int v_vill(const struct hart *h)
{
	return !h->vlenb || (h->vtype & HART_VTYPE_VILL) != 0;
}

/* The instructions the specification lets refuse a nonzero vstart (reductions, vcpop.m,
 * vfirst.m, vmsbf/vmsif/vmsof.m, viota.m, vcompress.vm) raise SIGILL then, as qemu does. */
static inline int v_vstart_nonzero(const struct hart *h)
{
	return h->vstart != 0;
}

/* The FP moves and slides need a valid frm (0..4) as the FP arithmetic does (qemu). */
static inline int v_frm_invalid(const struct hart *h)
{
	return h->frm > 4;
}

/* A masked instruction (not one writing a mask) cannot write v0: vd must not be 0. */
static inline int v_mask_clobbers_v0(const struct isa_insn *in, unsigned vd)
{
	return in->masked && vd == 0;
}

#endif
