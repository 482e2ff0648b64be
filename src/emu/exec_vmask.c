/*
 * exec_vmask.c — the V 1.0 mask instructions (specification section "Vector Mask
 * Instructions"): the mask-register logical operations vm<op>.mm, vcpop.m and vfirst.m (to an
 * x register), vmsbf.m, vmsif.m and vmsof.m, viota.m and vid.v.
 *
 * A mask register holds one bit per element, element i at bit i % 8 of byte i / 8. Legality
 * and the handling of vstart follow qemu-riscv64 7.2, the reference (see each handler): the
 * instructions that write vd do nothing at all when vstart >= vl, vstart then left as it was
 * (vmsbf.m, vmsif.m, vmsof.m and viota.m: only when vl = 0); vcpop.m and vfirst.m start
 * counting at vstart, and vfirst.m leaves vstart unchanged when it finds a set bit. vcpop.m,
 * vfirst.m, vmsbf/vmsif/vmsof.m and viota.m raise SIGILL when vstart is not 0 (as qemu 7.2 and
 * the specification have it; e2e 246 found it).
 */
#include <string.h>

#include "emu/exec.h"
#include "emu/exec_v.h"

/* Runs the statements with T the unsigned element type of `sew` bits (switch once, typed loop). */
#define VMASK_FOR_SEW(sew, ...)                                                  \
	do {                                                                     \
		switch (sew) {                                                   \
		case 8: { typedef uint8_t T; __VA_ARGS__ } break;               \
		case 16: { typedef uint16_t T; __VA_ARGS__ } break;             \
		case 32: { typedef uint32_t T; __VA_ARGS__ } break;             \
		default: { typedef uint64_t T; __VA_ARGS__ } break;             \
		}                                                                \
	} while (0)

/* 64 mask bits of register n from bit 64 * w (a register is a multiple of 8 bytes). */
static uint64_t mask_word(const struct hart *h, unsigned n, uint64_t w)
{
	uint64_t v;
	memcpy(&v, h->vreg + (size_t)n * h->vlenb + w * 8u, 8);
	return v;
}

static void set_mask_word(struct hart *h, unsigned n, uint64_t w, uint64_t v)
{
	memcpy(h->vreg + (size_t)n * h->vlenb + w * 8u, &v, 8);
}

/* The bits of word w that lie in [lo, hi) (lo < hi). */
static uint64_t word_range(uint64_t w, uint64_t lo, uint64_t hi)
{
	uint64_t m = ~0ull;
	if (lo > w * 64u)
		m &= ~0ull << (lo - w * 64u);
	if (hi < w * 64u + 64u)
		m &= ~0ull >> (w * 64u + 64u - hi);
	return m;
}

/* ---- mask-register logical instructions -------------------------------------------------- */

enum vmlogic_op { VM_AND, VM_NAND, VM_ANDN, VM_XOR, VM_OR, VM_NOR, VM_ORN, VM_XNOR };

/* vd.mask[i] = vs2.mask[i] op vs1.mask[i] for i in [vstart, vl); the other bits (the tail
 * included) stay. Any
 * registers (only vill is checked, as qemu). */
static int vmlogic(struct hart *h, const struct isa_insn *in, enum vmlogic_op op)
{
	if (v_vill(h))
		return v_illegal(h, in);
	uint64_t lo = h->vstart, hi = h->vl;
	if (lo >= hi)
		return 0;
	unsigned vd = V_N(in->rd), vs2 = V_N(in->rs2), vs1 = V_N(in->rs1);
	for (uint64_t w = lo / 64u; lo < hi && w * 64u < hi; w++) {
		uint64_t a = mask_word(h, vs2, w), b = mask_word(h, vs1, w), r;
		switch (op) {
		case VM_AND: r = a & b; break;
		case VM_NAND: r = ~(a & b); break;
		case VM_ANDN: r = a & ~b; break;
		case VM_XOR: r = a ^ b; break;
		case VM_OR: r = a | b; break;
		case VM_NOR: r = ~(a | b); break;
		case VM_ORN: r = a | ~b; break;
		default: r = ~(a ^ b); break;
		}
		uint64_t m = word_range(w, lo, hi);
		set_mask_word(h, vd, w, (mask_word(h, vd, w) & ~m) | (r & m));
	}
	h->vstart = 0;
	return 0;
}

int exec_vmand_mm(struct hart *h, const struct isa_insn *in) { return vmlogic(h, in, VM_AND); }
int exec_vmnand_mm(struct hart *h, const struct isa_insn *in) { return vmlogic(h, in, VM_NAND); }
int exec_vmandn_mm(struct hart *h, const struct isa_insn *in) { return vmlogic(h, in, VM_ANDN); }
int exec_vmxor_mm(struct hart *h, const struct isa_insn *in) { return vmlogic(h, in, VM_XOR); }
int exec_vmor_mm(struct hart *h, const struct isa_insn *in) { return vmlogic(h, in, VM_OR); }
int exec_vmnor_mm(struct hart *h, const struct isa_insn *in) { return vmlogic(h, in, VM_NOR); }
int exec_vmorn_mm(struct hart *h, const struct isa_insn *in) { return vmlogic(h, in, VM_ORN); }
int exec_vmxnor_mm(struct hart *h, const struct isa_insn *in) { return vmlogic(h, in, VM_XNOR); }

/* ---- vcpop.m, vfirst.m --------------------------------------------------------------------- */

/* Word w of the bits vcpop.m and vfirst.m look at: vs2's, and v0's too when masked, in
 * [vstart, vl). */
static uint64_t active_bits(const struct hart *h, const struct isa_insn *in, uint64_t w)
{
	uint64_t b = mask_word(h, V_N(in->rs2), w) & word_range(w, h->vstart, h->vl);
	return in->masked ? b & mask_word(h, 0, w) : b;
}

/* x[rd] = the number of active set bits; vstart = 0 (qemu counts from vstart and runs when
 * vl = 0 too). */
int exec_vcpop_m(struct hart *h, const struct isa_insn *in)
{
	if (v_vill(h) || v_vstart_nonzero(h))
		return v_illegal(h, in);
	uint64_t n = 0;
	for (uint64_t w = h->vstart / 64u; h->vstart < h->vl && w * 64u < h->vl; w++)
		n += (uint64_t)__builtin_popcountll(active_bits(h, in, w));
	if (in->rd)
		h->x[in->rd] = n;
	h->vstart = 0;
	return 0;
}

/* x[rd] = the index of the first active set bit, or -1 (then vstart = 0; qemu 7.2 leaves
 * vstart as it was when it finds a bit). */
int exec_vfirst_m(struct hart *h, const struct isa_insn *in)
{
	if (v_vill(h) || v_vstart_nonzero(h))
		return v_illegal(h, in);
	uint64_t r = ~0ull;
	for (uint64_t w = h->vstart / 64u; h->vstart < h->vl && w * 64u < h->vl; w++) {
		uint64_t b = active_bits(h, in, w);
		if (b) {
			r = w * 64u + (uint64_t)__builtin_ctzll(b);
			break;
		}
	}
	if (in->rd)
		h->x[in->rd] = r;
	if (r == ~0ull)
		h->vstart = 0;
	return 0;
}

/* ---- vmsbf.m, vmsif.m, vmsof.m ------------------------------------------------------------ */

enum vmset_kind { VMS_BEFORE, VMS_INCLUDING, VMS_ONLY };

/* Over the active elements from vstart to vl: before the first set bit of vs2, 1 (vmsbf,
 * vmsif) or 0 (vmsof); at it, 0 / 1 / 1; after it, 0. Masked-off bits stay. vd must differ
 * from vs2 and, masked, from v0. */
static int vmset(struct hart *h, const struct isa_insn *in, enum vmset_kind kind)
{
	unsigned vd = V_N(in->rd), vs2 = V_N(in->rs2);
	if (v_vill(h) || v_vstart_nonzero(h) || v_mask_clobbers_v0(in, vd) || vd == vs2)
		return v_illegal(h, in);
	if (h->vl == 0)  /* qemu 7.2 tests vl here, not vstart >= vl */
		return 0;
	int found = 0;
	for (uint64_t i = h->vstart; i < h->vl; i++) {
		if (!v_active(h, in, i))
			continue;
		int b;
		if (found) {
			b = 0;
		} else if (v_mask_bit(h, vs2, i)) {
			found = 1;
			b = kind != VMS_BEFORE;
		} else {
			b = kind != VMS_ONLY;
		}
		v_set_mask_bit(h, vd, i, b);
	}
	h->vstart = 0;
	return 0;
}

int exec_vmsbf_m(struct hart *h, const struct isa_insn *in) { return vmset(h, in, VMS_BEFORE); }
int exec_vmsif_m(struct hart *h, const struct isa_insn *in) { return vmset(h, in, VMS_INCLUDING); }
int exec_vmsof_m(struct hart *h, const struct isa_insn *in) { return vmset(h, in, VMS_ONLY); }

/* ---- viota.m, vid.v ------------------------------------------------------------------------ */

/* vd[i] = the number of set bits of vs2 at the active elements before i, for the active
 * elements from vstart (the count starts there, as qemu). vd must not contain vs2 (not even
 * in its top register, which qemu 7.2 refuses as the specification says). */
int exec_viota_m(struct hart *h, const struct isa_insn *in)
{
	unsigned vd = V_N(in->rd), vs2 = V_N(in->rs2);
	int lmul = v_lmul_log2(h);
	if (v_vill(h) || v_vstart_nonzero(h) || v_overlap(vd, v_regs(lmul), vs2, 1) ||
	    v_mask_clobbers_v0(in, vd) || !v_aligned(vd, lmul))
		return v_illegal(h, in);
	if (h->vl == 0)  /* qemu 7.2 tests vl here, not vstart >= vl */
		return 0;
	uint64_t sum = 0;
	VMASK_FOR_SEW(v_sew(h),
		T *d = (T *)(void *)v_reg(h, vd);
		for (uint64_t i = h->vstart; i < h->vl; i++) {
			if (!v_active(h, in, i))
				continue;
			d[i] = (T)sum;
			sum += (uint64_t)v_mask_bit(h, vs2, i);
		}
	);
	h->vstart = 0;
	return 0;
}

/* vd[i] = i for the active elements. */
int exec_vid_v(struct hart *h, const struct isa_insn *in)
{
	unsigned vd = V_N(in->rd);
	if (v_vill(h) || !v_aligned(vd, v_lmul_log2(h)) || v_mask_clobbers_v0(in, vd))
		return v_illegal(h, in);
	if (h->vstart >= h->vl)
		return 0;
	VMASK_FOR_SEW(v_sew(h),
		T *d = (T *)(void *)v_reg(h, vd);
		for (uint64_t i = h->vstart; i < h->vl; i++)
			if (v_active(h, in, i))
				d[i] = (T)i;
	);
	h->vstart = 0;
	return 0;
}
