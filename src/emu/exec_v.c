/*
 * exec_v.c — the vector configuration instructions vsetvli, vsetivli and vsetvl (V 1.0,
 * section "Configuration-Setting Instructions").
 *
 * vtype is legal when its reserved bits are zero, vlmul is not 4, SEW <= ELEN (64) and, for a
 * fractional LMUL, SEW <= LMUL * ELEN; otherwise vill is set, vl and the rest of vtype become 0
 * (and rd receives 0). AVL: rs1 when it is not x0; VLMAX when rs1 = x0 and rd != x0; the
 * current vl when both are x0. vl = min(AVL, VLMAX), as qemu-riscv64 sets it (the
 * specification also allows ceil(AVL / 2) <= vl <= VLMAX for VLMAX < AVL < 2 * VLMAX).
 */
#include "emu/exec.h"
#include "emu/exec_v.h"

static int vset(struct hart *h, const struct isa_insn *in, uint64_t avl, uint64_t vtype)
{
	if (!h->vlenb)
		return v_illegal(h, in);
	unsigned vlmul = (unsigned)(vtype & 7u), vsew = (unsigned)((vtype >> 3) & 7u);
	int ill = (vtype >> 8) != 0 || vlmul == 4 || vsew > 3;  /* vill, reserved, SEW > 64 */
	if (!ill && vlmul > 4 && (64u >> (8 - vlmul)) < (8u << vsew))
		ill = 1;  /* fractional LMUL with SEW > LMUL * ELEN */
	uint64_t vl = 0;
	if (ill) {
		h->vtype = HART_VTYPE_VILL;
	} else {
		h->vtype = vtype;
		uint64_t vlmax = v_vlmax(h, v_sew(h), v_lmul_log2(h));
		vl = avl < vlmax ? avl : vlmax;
	}
	h->vl = vl;
	h->vstart = 0;
	if (in->rd)
		h->x[in->rd] = vl;
	return 0;
}

/* AVL of vsetvli and vsetvl from rs1 and rd. */
static uint64_t vset_avl(const struct hart *h, const struct isa_insn *in)
{
	if (in->rs1)
		return h->x[in->rs1];
	return in->rd ? UINT64_MAX : h->vl;
}

int exec_vsetvli(struct hart *h, const struct isa_insn *in)
{
	return vset(h, in, vset_avl(h, in), (uint64_t)in->imm & 0x7ffu);
}

int exec_vsetivli(struct hart *h, const struct isa_insn *in)
{
	return vset(h, in, (uint64_t)in->imm >> 32, (uint64_t)in->imm & 0x3ffu);
}

int exec_vsetvl(struct hart *h, const struct isa_insn *in)
{
	return vset(h, in, vset_avl(h, in), h->x[in->rs2]);
}
