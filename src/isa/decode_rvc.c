/*
 * decode_rvc.c — expansion of 16-bit RV64C encodings into the base operations.
 *
 * isa_rvc_table.def lists the compressed rows; a row is found by quadrant and funct3
 * (32 short buckets built at load time), its operands are pulled out of the 16 bits by the
 * row's kind, and isa_decode_finish() completes the record exactly as for a 32-bit encoding.
 */
#include <string.h>

#include "isa/isa.h"
#include "isa/isa_internal.h"

const struct isa_rvc_desc isa_rvc_rows[ISA_RVC_COUNT] = {
#define RVC(name, match, mask, base, kind, cons, req) \
	[ISA_RVC_##name] = { match, mask, ISA_OP_##base, kind, cons, ISA_REQ_##req, #name },
#include "isa/isa_rvc_table.def"
#undef RVC
};

/* ---- bucket index: quadrant (bits 1:0) and funct3 (bits 15:13) ------------------- */

#define BUCKETS 32
#define BUCKET_MAX 16

static uint8_t bucket_rows[BUCKETS][BUCKET_MAX];
static uint8_t bucket_len[BUCKETS];

static inline unsigned bucket_of(uint32_t raw16)
{
	return (raw16 & 3u) | ((raw16 >> 13) << 2);
}

__attribute__((constructor)) static void rvc_index_build(void)
{
	for (unsigned i = 0; i < ISA_RVC_COUNT; i++) {
		unsigned b = bucket_of(isa_rvc_rows[i].match);
		if (bucket_len[b] < BUCKET_MAX)
			bucket_rows[b][bucket_len[b]++] = (uint8_t)i;
	}
}

/* ---- operand fields -------------------------------------------------------------- */

#define BIT(x, n) (((x) >> (n)) & 1u)
#define BITS(x, hi, lo) (((x) >> (lo)) & ((1u << ((hi) - (lo) + 1)) - 1u))

static inline int64_t sext(uint64_t v, unsigned bits)
{
	uint64_t m = 1ull << (bits - 1);
	v &= (1ull << bits) - 1;
	return (int64_t)((v ^ m) - m);
}

struct rvc_fields {
	uint8_t rd, rs1, rs2;
	int64_t imm;
};

/* Pulls the operands of `kind` out of x. Registers are plain x/f numbers 0..31. */
static void rvc_fields(unsigned kind, uint32_t x, struct rvc_fields *f)
{
	uint8_t r_hi = (uint8_t)BITS(x, 11, 7);      /* rd/rs1 of CR, CI, CSS */
	uint8_t r_lo = (uint8_t)BITS(x, 6, 2);       /* rs2 of CR, CSS */
	uint8_t rp_hi = (uint8_t)(8 + BITS(x, 9, 7)); /* rs1'/rd' of CL, CS, CA, CB */
	uint8_t rp_lo = (uint8_t)(8 + BITS(x, 4, 2)); /* rd'/rs2' of CIW, CL, CS, CA */
	int64_t imm6 = sext((BIT(x, 12) << 5) | BITS(x, 6, 2), 6);
	uint32_t uimm6 = (BIT(x, 12) << 5) | BITS(x, 6, 2);

	f->rd = f->rs1 = f->rs2 = ISA_REG_NONE;
	f->imm = 0;
	switch (kind) {
	case RVC_K_ADDI4SPN:
		f->rd = rp_lo, f->rs1 = 2;
		f->imm = (BITS(x, 12, 11) << 4) | (BITS(x, 10, 7) << 6) | (BIT(x, 6) << 2) |
			 (BIT(x, 5) << 3);
		break;
	case RVC_K_LD:
		f->rd = rp_lo, f->rs1 = rp_hi;
		f->imm = (BITS(x, 12, 10) << 3) | (BITS(x, 6, 5) << 6);
		break;
	case RVC_K_LW:
		f->rd = rp_lo, f->rs1 = rp_hi;
		f->imm = (BITS(x, 12, 10) << 3) | (BIT(x, 6) << 2) | (BIT(x, 5) << 6);
		break;
	case RVC_K_SD:
		f->rs2 = rp_lo, f->rs1 = rp_hi;
		f->imm = (BITS(x, 12, 10) << 3) | (BITS(x, 6, 5) << 6);
		break;
	case RVC_K_SW:
		f->rs2 = rp_lo, f->rs1 = rp_hi;
		f->imm = (BITS(x, 12, 10) << 3) | (BIT(x, 6) << 2) | (BIT(x, 5) << 6);
		break;
	case RVC_K_ADDI:
		f->rd = f->rs1 = r_hi, f->imm = imm6;
		break;
	case RVC_K_LI:
		f->rd = r_hi, f->rs1 = 0, f->imm = imm6;
		break;
	case RVC_K_ADDI16SP:
		f->rd = f->rs1 = 2;
		f->imm = sext((BIT(x, 12) << 9) | (BIT(x, 6) << 4) | (BIT(x, 5) << 6) |
			      (BITS(x, 4, 3) << 7) | (BIT(x, 2) << 5), 10);
		break;
	case RVC_K_LUI:
		f->rd = r_hi;
		f->imm = sext((uint64_t)uimm6 << 12, 18);
		break;
	case RVC_K_SHIFTP:
		f->rd = f->rs1 = rp_hi, f->imm = uimm6;
		break;
	case RVC_K_ANDI:
		f->rd = f->rs1 = rp_hi, f->imm = imm6;
		break;
	case RVC_K_ARITH:
		f->rd = f->rs1 = rp_hi, f->rs2 = rp_lo;
		break;
	case RVC_K_J:
		f->rd = 0;
		f->imm = sext((BIT(x, 12) << 11) | (BIT(x, 11) << 4) | (BITS(x, 10, 9) << 8) |
			      (BIT(x, 8) << 10) | (BIT(x, 7) << 6) | (BIT(x, 6) << 7) |
			      (BITS(x, 5, 3) << 1) | (BIT(x, 2) << 5), 12);
		break;
	case RVC_K_BRANCH:
		f->rs1 = rp_hi, f->rs2 = 0;
		f->imm = sext((BIT(x, 12) << 8) | (BITS(x, 11, 10) << 3) | (BITS(x, 6, 5) << 6) |
			      (BITS(x, 4, 3) << 1) | (BIT(x, 2) << 5), 9);
		break;
	case RVC_K_SLLI:
		f->rd = f->rs1 = r_hi, f->imm = uimm6;
		break;
	case RVC_K_LDSP:
		f->rd = r_hi, f->rs1 = 2;
		f->imm = (BIT(x, 12) << 5) | (BITS(x, 6, 5) << 3) | (BITS(x, 4, 2) << 6);
		break;
	case RVC_K_LWSP:
		f->rd = r_hi, f->rs1 = 2;
		f->imm = (BIT(x, 12) << 5) | (BITS(x, 6, 4) << 2) | (BITS(x, 3, 2) << 6);
		break;
	case RVC_K_SDSP:
		f->rs2 = r_lo, f->rs1 = 2;
		f->imm = (BITS(x, 12, 10) << 3) | (BITS(x, 9, 7) << 6);
		break;
	case RVC_K_SWSP:
		f->rs2 = r_lo, f->rs1 = 2;
		f->imm = (BITS(x, 12, 9) << 2) | (BITS(x, 8, 7) << 6);
		break;
	case RVC_K_JR:
		f->rd = 0, f->rs1 = r_hi;
		break;
	case RVC_K_JALR:
		f->rd = 1, f->rs1 = r_hi;
		break;
	case RVC_K_MV:
		f->rd = r_hi, f->rs1 = 0, f->rs2 = r_lo;
		break;
	case RVC_K_ADD:
		f->rd = f->rs1 = r_hi, f->rs2 = r_lo;
		break;
	case RVC_K_LBU:  /* uimm[0] at bit 6, uimm[1] at bit 5 */
		f->rd = rp_lo, f->rs1 = rp_hi;
		f->imm = BIT(x, 6) | (BIT(x, 5) << 1);
		break;
	case RVC_K_LH:   /* uimm[1] at bit 5 */
		f->rd = rp_lo, f->rs1 = rp_hi;
		f->imm = BIT(x, 5) << 1;
		break;
	case RVC_K_SB:
		f->rs2 = rp_lo, f->rs1 = rp_hi;
		f->imm = BIT(x, 6) | (BIT(x, 5) << 1);
		break;
	case RVC_K_SH:
		f->rs2 = rp_lo, f->rs1 = rp_hi;
		f->imm = BIT(x, 5) << 1;
		break;
	case RVC_K_UNARY:
		f->rd = f->rs1 = rp_hi;
		break;
	case RVC_K_ZEXT_B:  /* andi rd', rd', 255 */
		f->rd = f->rs1 = rp_hi, f->imm = 255;
		break;
	case RVC_K_ZEXT_W:  /* add.uw rd', rd', x0 */
		f->rd = f->rs1 = rp_hi, f->rs2 = 0;
		break;
	case RVC_K_NOT:     /* xori rd', rd', -1 */
		f->rd = f->rs1 = rp_hi, f->imm = -1;
		break;
	case RVC_K_MOP:     /* no register written; n (odd, 1..15) in imm */
		f->rd = 0, f->rs1 = r_hi, f->imm = BITS(x, 11, 7);
		break;
	default:  /* RVC_K_NONE */
		break;
	}
}

static int rvc_accepts(const struct isa_rvc_desc *d, uint32_t x, const struct rvc_fields *f)
{
	if ((x & d->mask) != d->match)
		return 0;
	if ((d->cons & RVC_NZ_IMM) && f->imm == 0)
		return 0;
	if ((d->cons & RVC_NZ_RD) && BITS(x, 11, 7) == 0)
		return 0;
	if ((d->cons & RVC_NZ_RS2) && BITS(x, 6, 2) == 0)
		return 0;
	if ((d->cons & RVC_RD_NOT_SP) && BITS(x, 11, 7) == 2)
		return 0;
	return 1;
}

static int rvc_find(uint32_t x, struct rvc_fields *f)
{
	unsigned b = bucket_of(x);
	for (unsigned i = 0; i < bucket_len[b]; i++) {
		const struct isa_rvc_desc *d = &isa_rvc_rows[bucket_rows[b][i]];
		if ((x & d->mask) != d->match)
			continue;
		rvc_fields(d->kind, x, f);
		if (rvc_accepts(d, x, f))
			return bucket_rows[b][i];
	}
	return -1;
}

/* See isa_internal.h. */
int isa_rvc_accepts(unsigned row, uint32_t raw16)
{
	struct rvc_fields f;
	if (row >= ISA_RVC_COUNT)
		return 0;
	rvc_fields(isa_rvc_rows[row].kind, raw16 & 0xffffu, &f);
	return rvc_accepts(&isa_rvc_rows[row], raw16 & 0xffffu, &f);
}

/* See isa_internal.h. */
int isa_rvc_lookup(uint32_t raw16)
{
	struct rvc_fields f;
	return rvc_find(raw16 & 0xffffu, &f);
}

/* See isa_internal.h. */
int isa_decode_rvc(uint32_t raw16, struct isa_insn *out)
{
	struct rvc_fields f;
	int row = rvc_find(raw16, &f);
	if (row < 0)
		goto invalid;

	const struct isa_rvc_desc *d = &isa_rvc_rows[row];
	uint32_t t = isa_rows[d->base].flags;
	struct isa_insn in = {
		.raw = raw16, .op = d->base, .len = 2, .flags = ISA_F_COMPRESSED, .req = d->req,
		.rd = f.rd, .rs1 = f.rs1, .rs2 = f.rs2, .rs3 = ISA_REG_NONE, .imm = f.imm,
	};
	if ((t & ISA_T_RD_F) && in.rd != ISA_REG_NONE)
		in.rd = ISA_REG_F(in.rd);
	if ((t & ISA_T_RS2_F) && in.rs2 != ISA_REG_NONE)
		in.rs2 = ISA_REG_F(in.rs2);
	if (isa_decode_finish(&in))
		goto invalid;
	*out = in;
	return 2;

invalid:
	memset(out, 0, sizeof(*out));
	out->raw = raw16;
	out->len = 2;
	out->op = ISA_OP_INVALID;
	out->cls = ISA_CLASS_SYSTEM;
	out->fmt = ISA_FMT_NONE;
	out->rd = out->rs1 = out->rs2 = out->rs3 = ISA_REG_NONE;
	return 0;
}
