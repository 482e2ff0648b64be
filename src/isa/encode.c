/*
 * encode.c — isa_encode: the canonical 32-bit encoding of a decoded instruction.
 *
 * The inverse of isa_decode for 32-bit encodings (fields a row leaves free are zero), and the
 * 32-bit equivalent of a compressed instruction. Tests use it to check the RVC expansion and
 * the decode/disassemble round trip; tools can use it to re-materialise instructions.
 */
#include "isa/isa.h"
#include "isa/isa_internal.h"

static uint32_t r5(uint8_t reg)
{
	return reg == ISA_REG_NONE ? 0 : (uint32_t)(reg & 31u);
}

/* See isa.h. */
uint32_t isa_encode(const struct isa_insn *in)
{
	if (in->op == ISA_OP_INVALID || in->op >= ISA_OP_COUNT)
		return 0;
	const struct isa_row *r = &isa_rows[in->op];
	uint32_t w = r->match;
	uint32_t imm = (uint32_t)in->imm;
	uint32_t rd = r5(in->rd) << 7, rs1 = r5(in->rs1) << 15, rs2 = r5(in->rs2) << 20;

	switch (r->fmt) {
	case ISA_FMT_R:
	case ISA_FMT_AMO:
		w |= rd | rs1;
		if (!(r->flags & ISA_T_NO_RS2))
			w |= rs2;
		if (r->fmt == ISA_FMT_AMO)
			w |= ((in->flags & ISA_F_AQ) ? 1u << 26 : 0) | ((in->flags & ISA_F_RL) ? 1u << 25 : 0);
		break;
	case ISA_FMT_R4:
		w |= rd | rs1 | rs2 | (r5(in->rs3) << 27);
		break;
	case ISA_FMT_I:
		w |= rd | rs1 | (imm << 20);
		break;
	case ISA_FMT_SHIFT:
		w |= rd | rs1 | ((imm & 0x3fu) << 20);
		break;
	case ISA_FMT_S:
		w |= rs1 | rs2 | ((imm >> 5) << 25) | ((imm & 0x1fu) << 7);
		break;
	case ISA_FMT_B:
		w |= rs1 | rs2 | (((imm >> 12) & 1u) << 31) | (((imm >> 5) & 0x3fu) << 25) |
		     (((imm >> 1) & 0xfu) << 8) | (((imm >> 11) & 1u) << 7);
		break;
	case ISA_FMT_U:
		w |= rd | (imm & 0xfffff000u);
		break;
	case ISA_FMT_J:
		w |= rd | (((imm >> 20) & 1u) << 31) | (((imm >> 1) & 0x3ffu) << 21) |
		     (((imm >> 11) & 1u) << 20) | (((imm >> 12) & 0xffu) << 12);
		break;
	case ISA_FMT_CSR:
		w |= rd | rs1 | ((uint32_t)in->csr << 20);
		break;
	case ISA_FMT_CSRI:
		w |= rd | ((imm & 31u) << 15) | ((uint32_t)in->csr << 20);
		break;
	case ISA_FMT_FENCE:
		w |= (imm & 0xfffu) << 20;
		break;
	case ISA_FMT_MOP:
		w |= rd | rs1;
		if (r->flags & ISA_T_NO_RS2)  /* mop.r.n */
			w |= (((imm >> 4) & 1u) << 30) | (((imm >> 2) & 3u) << 26) | ((imm & 3u) << 20);
		else                          /* mop.rr.n */
			w |= rs2 | (((imm >> 2) & 1u) << 30) | ((imm & 3u) << 26);
		break;
	case ISA_FMT_FLI:
		w |= rd | ((imm & 31u) << 15);
		break;
	case ISA_FMT_VSETVLI:
		w |= rd | rs1 | ((imm & 0x7ffu) << 20);
		break;
	case ISA_FMT_VSETIVLI:
		w |= rd | ((uint32_t)((uint64_t)in->imm >> 32) & 31u) << 15 | ((imm & 0x3ffu) << 20);
		break;
	case ISA_FMT_VMEM:
	case ISA_FMT_VMEM_S:
	case ISA_FMT_VMEM_X:
		w |= (r->cls == ISA_CLASS_VSTORE ? r5(in->rs3) << 7 : rd) | rs1;
		if (r->fmt != ISA_FMT_VMEM)
			w |= rs2;
		if (!(r->mask & (1u << 25)))
			w |= (in->masked ? 0 : 1u << 25);
		if (!(r->mask & (7u << 29)))
			w |= (uint32_t)(in->nf & 7u) << 29;
		break;
	case ISA_FMT_VOP:
		w |= rd | rs2;
		if (r->flags & ISA_T_VD_SRC)
			w |= r5(in->rs3) << 7;
		if (!(r->flags & ISA_T_NO_RS1)) {
			if (((r->match >> 12) & 7u) == 3u)
				w |= ((imm & 31u) << 15) |
				     (r->mask & (1u << 26) ? 0 : ((imm >> 5) & 1u) << 26);
			else
				w |= rs1;
		}
		if (!(r->mask & (1u << 25)))
			w |= (in->masked ? 0 : 1u << 25);
		break;
	default:
		break;
	}
	if (r->flags & ISA_T_RM)
		w |= (uint32_t)(in->rm & 7u) << 12;
	return w;
}
