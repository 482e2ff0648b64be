/*
 * decode.c — isa_decode: one 32-bit or 16-bit encoding into a struct isa_insn.
 *
 * The rows of isa_table.def are indexed once, at load time, by a key made of the opcode bits
 * 6:2, funct3 (14:12) and those funct7 bits (31:25) that rows of that opcode and funct3 fix;
 * every key lists the few rows that can match it, so a decode is two table lookups and
 * usually one mask compare. Compressed
 * encodings go to decode_rvc.c, which fills the same fields through isa_decode_finish().
 */
#include <assert.h>
#include <string.h>

#include "isa/isa.h"
#include "isa/isa_internal.h"

const struct isa_row isa_rows[ISA_OP_COUNT] = {
	[ISA_OP_INVALID] = { 0, 0xffffffffu, ISA_FMT_NONE, ISA_CLASS_SYSTEM, 0, "unknown", 0 },
#define INSN(name, match, mask, fmt, cls, flags, req) \
	[ISA_OP_##name] = { match, mask, fmt, cls, flags, #name, ISA_REQ_##req },
#include "isa/isa_table.def"
#undef INSN
};

/* ---- key index ---------------------------------------------------------------- */

/* An encoding's group is its opcode bits 6:2 and funct3 (14:12). Within a group, only the
 * funct7 bits (31:25) that some row of the group fixes take part in the key: they are cut
 * out as one field (group_f7mask, shifted down by group_f7shift) and added to the group's
 * first key. Groups whose rows ignore funct7 (loads, stores, branches, immediates) have one
 * key; OP and OP-FP groups have 128; the fused multiply-adds (fmt in bits 26:25) have 4.
 * That is ~3,700 keys and ~430 candidates, 3 pages to fault in at start-up, where one key per
 * combination of opcode, funct3 and funct7 (32,768 keys, rows repeated over the funct7 values
 * they ignore) took 19. */

#define GROUP_COUNT 256u
#define KEY_MAX 8192u             /* more than the keys of all groups */
#define CAND_MAX 4096u            /* more than the sum over rows of the keys each matches */

static uint16_t group_base[GROUP_COUNT];   /* the group's first key */
static uint8_t group_f7mask[GROUP_COUNT];  /* funct7 bits fixed by some row of the group */
static uint8_t group_f7shift[GROUP_COUNT]; /* the lowest of them */
static uint16_t key_start[KEY_MAX + 1];    /* key k's candidates: key_cand[start[k]..start[k+1]) */
static uint16_t key_cand[CAND_MAX];        /* op numbers, ascending within a key */

static inline uint32_t group_of(uint32_t raw)
{
	return ((raw >> 2) & 0x1fu) | (((raw >> 12) & 0x7u) << 5);
}

static inline uint32_t key_of(uint32_t raw)
{
	uint32_t g = group_of(raw);
	return group_base[g] + (((raw >> 25) & group_f7mask[g]) >> group_f7shift[g]);
}

#define GROUP_RAW_MASK 0x0000707cu  /* raw bits of the group number */

/* The subset of `set` after `sub` in counting order (0 after the last): enumerates them all. */
static inline uint32_t subset_next(uint32_t sub, uint32_t set)
{
	return (sub - set) & set;
}

/* The funct7 bits each group keys on: those any of its rows fixes. */
static void groups_mark(void)
{
	for (unsigned op = 1; op < ISA_OP_COUNT; op++) {
		const struct isa_row *r = &isa_rows[op];
		uint32_t free_g = ~r->mask & GROUP_RAW_MASK, sub_g = 0;
		do
			group_f7mask[group_of(r->match | sub_g)] |= (uint8_t)(r->mask >> 25);
		while ((sub_g = subset_next(sub_g, free_g)));
	}
}

/* Calls fn(key, op) for every key row r can match: in each group its fixed opcode and funct3
 * bits allow, every key whose funct7 field agrees with the row's fixed funct7 bits. */
static void row_keys(const struct isa_row *r, void (*fn)(uint32_t key, unsigned op), unsigned op)
{
	uint32_t free_g = ~r->mask & GROUP_RAW_MASK, sub_g = 0;
	do {
		uint32_t g = group_of(r->match | sub_g);
		uint32_t m = group_f7mask[g];
		uint32_t fixed = (r->mask >> 25) & m;
		uint32_t free_f7 = m & ~fixed, sub_f7 = 0;
		do {
			uint32_t f7 = ((r->match >> 25) & fixed) | sub_f7;
			fn(group_base[g] + (f7 >> group_f7shift[g]), op);
		} while ((sub_f7 = subset_next(sub_f7, free_f7)));
	} while ((sub_g = subset_next(sub_g, free_g)));
}

static void count_key(uint32_t key, unsigned op)
{
	(void)op;
	key_start[key]++;
}

static void fill_key(uint32_t key, unsigned op)
{
	key_cand[--key_start[key]] = (uint16_t)op;
}

/* Groups first (which funct7 bits each keys on, where its keys start), then a counting sort
 * in place: key_start[k] first counts key k's rows, then becomes the end of its run, and
 * filling each run from its end, highest op first, leaves it at the run's start with the ops
 * in ascending order. */
__attribute__((constructor)) static void decode_index_build(void)
{
	_Static_assert(ISA_OP_COUNT <= 65536, "key_cand holds op numbers in 16 bits");
	groups_mark();
	uint32_t keys = 0;
	for (uint32_t g = 0; g < GROUP_COUNT; g++) {
		uint32_t m = group_f7mask[g];
		group_f7shift[g] = (uint8_t)(m ? __builtin_ctz(m) : 0);
		group_base[g] = (uint16_t)keys;
		keys += (m >> group_f7shift[g]) + 1;
	}
	assert(keys <= KEY_MAX);
	for (unsigned op = 1; op < ISA_OP_COUNT; op++)
		row_keys(&isa_rows[op], count_key, op);
	for (uint32_t k = 1; k < keys; k++)
		key_start[k] += key_start[k - 1];
	for (uint32_t k = keys; k <= KEY_MAX; k++)
		key_start[k] = key_start[keys - 1];
	assert(key_start[KEY_MAX] <= CAND_MAX);
	for (unsigned op = ISA_OP_COUNT - 1; op >= 1; op--)
		row_keys(&isa_rows[op], fill_key, op);
}

/* ---- fields ------------------------------------------------------------------- */

static inline int64_t sext(uint64_t v, unsigned bits)
{
	uint64_t m = 1ull << (bits - 1);
	v &= (1ull << bits) - 1;
	return (int64_t)((v ^ m) - m);
}

#define RD(raw)  (((raw) >> 7) & 0x1fu)
#define RS1(raw) (((raw) >> 15) & 0x1fu)
#define RS2(raw) (((raw) >> 20) & 0x1fu)
#define RS3(raw) ((raw) >> 27)

static inline uint8_t reg(uint32_t n, uint32_t tflags, uint32_t fp_bit)
{
	return (uint8_t)((tflags & fp_bit) ? 32 + n : n);
}

static int decode_invalid(uint32_t raw, unsigned len, struct isa_insn *out)
{
	memset(out, 0, sizeof(*out));
	out->raw = raw;
	out->len = (uint8_t)len;
	out->op = ISA_OP_INVALID;
	out->cls = ISA_CLASS_SYSTEM;
	out->fmt = ISA_FMT_NONE;
	out->rd = out->rs1 = out->rs2 = out->rs3 = ISA_REG_NONE;
	return 0;
}

static int is_link(uint8_t r)
{
	return r == 1 || r == 5;
}

/* See isa_internal.h. */
int isa_decode_finish(struct isa_insn *in)
{
	const struct isa_row *r = &isa_rows[in->op];
	uint32_t f = r->flags & ~ISA_T_MASK;

	in->cls = r->cls;
	in->fmt = r->fmt;
	in->size = (uint8_t)ISA_T_SIZE_OF(r->flags);
	if (!(in->flags & ISA_F_COMPRESSED) || in->req == ISA_REQ_G)
		in->req = r->req;  /* a compressed row beyond RV64C set its own (decode_rvc.c) */
	if (r->flags & ISA_T_RM) {
		if (in->rm == 5 || in->rm == 6)
			return -1;  /* reserved rounding modes */
		if (in->rm == 7)
			f |= ISA_F_DYN_RM;
	}
	switch (in->op) {
	case ISA_OP_cbo_zero:
		in->size = 64;  /* the cache block: Linux reports 64 (hwprobe ZICBOZ_BLOCK_SIZE) */
		break;
	case ISA_OP_ori:
		if (in->rd == 0 && ((in->imm & 31) == 1 || (in->imm & 31) == 3))
			f |= ISA_F_PREFETCH;
		break;
	case ISA_OP_jal:
		if (is_link(in->rd))
			f |= ISA_F_CALL;
		break;
	case ISA_OP_jalr:
		/* RAS hints of the unprivileged spec (table "Return-address stack prediction
		 * hints"): push when rd is a link register, pop when rs1 is one and differs from
		 * rd (or rd is not a link register). */
		if (is_link(in->rd))
			f |= ISA_F_CALL;
		if (is_link(in->rs1) && (!is_link(in->rd) || in->rd != in->rs1))
			f |= ISA_F_RET;
		break;
	case ISA_OP_csrrw: case ISA_OP_csrrs: case ISA_OP_csrrc:
	case ISA_OP_csrrwi: case ISA_OP_csrrsi: case ISA_OP_csrrci: {
		int always_writes = in->op == ISA_OP_csrrw || in->op == ISA_OP_csrrwi;
		int writes = always_writes ||
			(in->fmt == ISA_FMT_CSR ? in->rs1 != 0 : in->imm != 0);
		int reads = !always_writes || in->rd != 0;
		if (in->csr >= 0x001 && in->csr <= 0x003 && writes)
			f |= ISA_F_SERIALIZE;
		if ((in->csr == 0x001 || in->csr == 0x003) && reads)
			f |= ISA_F_READS_FFLAGS;
		break;
	}
	default:
		break;
	}
	in->flags |= f;
	return 0;
}

/* See isa.h. */
int isa_decode(uint32_t raw, struct isa_insn *out)
{
	if ((raw & 3u) != 3u)
		return isa_decode_rvc(raw & 0xffffu, out);

	uint32_t key = key_of(raw);
	unsigned op = 0;
	for (unsigned i = key_start[key]; i < key_start[key + 1]; i++) {
		const struct isa_row *r = &isa_rows[key_cand[i]];
		if ((raw & r->mask) == r->match) {
			op = key_cand[i];
			break;
		}
	}
	if (!op)
		return decode_invalid(raw, 4, out);

	const struct isa_row *r = &isa_rows[op];
	uint32_t t = r->flags;
	struct isa_insn in = {
		.raw = raw, .op = (uint16_t)op, .len = 4,
		.rd = ISA_REG_NONE, .rs1 = ISA_REG_NONE, .rs2 = ISA_REG_NONE, .rs3 = ISA_REG_NONE,
	};
	switch (r->fmt) {
	case ISA_FMT_R:
	case ISA_FMT_AMO:
		in.rd = reg(RD(raw), t, ISA_T_RD_F);
		in.rs1 = reg(RS1(raw), t, ISA_T_RS1_F);
		if (!(t & ISA_T_NO_RS2))
			in.rs2 = reg(RS2(raw), t, ISA_T_RS2_F);
		if (r->fmt == ISA_FMT_AMO)
			in.flags |= ((raw >> 26) & 1 ? ISA_F_AQ : 0) | ((raw >> 25) & 1 ? ISA_F_RL : 0);
		break;
	case ISA_FMT_R4:
		in.rd = ISA_REG_F(RD(raw));
		in.rs1 = ISA_REG_F(RS1(raw));
		in.rs2 = ISA_REG_F(RS2(raw));
		in.rs3 = ISA_REG_F(RS3(raw));
		break;
	case ISA_FMT_I:
		in.rd = reg(RD(raw), t, ISA_T_RD_F);
		in.rs1 = (uint8_t)RS1(raw);
		in.imm = sext(raw >> 20, 12);
		break;
	case ISA_FMT_SHIFT:
		in.rd = (uint8_t)RD(raw);
		in.rs1 = (uint8_t)RS1(raw);
		in.imm = (raw >> 20) & 0x3fu & ~(r->mask >> 20);
		break;
	case ISA_FMT_S:
		in.rs1 = (uint8_t)RS1(raw);
		in.rs2 = reg(RS2(raw), t, ISA_T_RS2_F);
		in.imm = sext(((raw >> 25) << 5) | ((raw >> 7) & 0x1fu), 12);
		break;
	case ISA_FMT_B:
		in.rs1 = (uint8_t)RS1(raw);
		in.rs2 = (uint8_t)RS2(raw);
		in.imm = sext((((raw >> 31) & 1u) << 12) | (((raw >> 7) & 1u) << 11) |
			      (((raw >> 25) & 0x3fu) << 5) | (((raw >> 8) & 0xfu) << 1), 13);
		break;
	case ISA_FMT_U:
		in.rd = (uint8_t)RD(raw);
		in.imm = sext(raw & 0xfffff000u, 32);
		break;
	case ISA_FMT_J:
		in.rd = (uint8_t)RD(raw);
		in.imm = sext((((raw >> 31) & 1u) << 20) | (((raw >> 12) & 0xffu) << 12) |
			      (((raw >> 20) & 1u) << 11) | (((raw >> 21) & 0x3ffu) << 1), 21);
		break;
	case ISA_FMT_CSR:
		in.rd = (uint8_t)RD(raw);
		in.rs1 = (uint8_t)RS1(raw);
		in.csr = (uint16_t)(raw >> 20);
		break;
	case ISA_FMT_CSRI:
		in.rd = (uint8_t)RD(raw);
		in.imm = RS1(raw);
		in.csr = (uint16_t)(raw >> 20);
		break;
	case ISA_FMT_FENCE:
		in.imm = raw >> 20;  /* (fm << 8) | (pred << 4) | succ */
		break;
	case ISA_FMT_MOP:
		/* mop.r.n: n[4] at 30, n[3:2] at 27:26, n[1:0] at 21:20; mop.rr.n: n[2] at 30,
		 * n[1:0] at 27:26 */
		in.rd = (uint8_t)RD(raw);
		in.rs1 = (uint8_t)RS1(raw);
		if (t & ISA_T_NO_RS2) {
			in.imm = (((raw >> 30) & 1u) << 4) | (((raw >> 26) & 3u) << 2) | ((raw >> 20) & 3u);
		} else {
			in.rs2 = (uint8_t)RS2(raw);
			in.imm = (((raw >> 30) & 1u) << 2) | ((raw >> 26) & 3u);
		}
		break;
	case ISA_FMT_FLI:
		in.rd = ISA_REG_F(RD(raw));
		in.imm = RS1(raw);
		break;
	case ISA_FMT_VSETVLI:
		in.rd = (uint8_t)RD(raw);
		in.rs1 = (uint8_t)RS1(raw);
		in.imm = (raw >> 20) & 0x7ffu;
		break;
	case ISA_FMT_VSETIVLI:
		in.rd = (uint8_t)RD(raw);
		in.imm = (int64_t)(((raw >> 20) & 0x3ffu) | ((uint64_t)RS1(raw) << 32));
		break;
	case ISA_FMT_VMEM:
	case ISA_FMT_VMEM_S:
	case ISA_FMT_VMEM_X:
		/* a store's data register (vs3, the rd field) is a source: rs3 */
		if (r->cls == ISA_CLASS_VSTORE)
			in.rs3 = ISA_REG_V(RD(raw));
		else
			in.rd = ISA_REG_V(RD(raw));
		in.rs1 = (uint8_t)RS1(raw);
		if (r->fmt == ISA_FMT_VMEM_S)
			in.rs2 = (uint8_t)RS2(raw);
		else if (r->fmt == ISA_FMT_VMEM_X)
			in.rs2 = ISA_REG_V(RS2(raw));
		in.masked = !((raw >> 25) & 1u);
		in.nf = (uint8_t)(raw >> 29);
		break;
	case ISA_FMT_VOP: {
		uint32_t f3 = (raw >> 12) & 7u;
		in.rd = (t & ISA_T_RD_X) ? (uint8_t)RD(raw)
		      : (t & ISA_T_RD_F) ? ISA_REG_F(RD(raw)) : ISA_REG_V(RD(raw));
		if (!(t & ISA_T_NO_RS2))
			in.rs2 = ISA_REG_V(RS2(raw));
		if (!(t & ISA_T_NO_RS1)) {
			if (f3 <= 2)        /* OPIVV, OPFVV, OPMVV */
				in.rs1 = ISA_REG_V(RS1(raw));
			else if (f3 == 5)   /* OPFVF */
				in.rs1 = ISA_REG_F(RS1(raw));
			else if (f3 != 3)   /* OPIVX, OPMVX */
				in.rs1 = (uint8_t)RS1(raw);
			else if (t & ISA_T_UIMM)  /* vror.vi: bit 26 is the amount's bit 5 */
				in.imm = RS1(raw) | (r->mask & (1u << 26) ? 0 : ((raw >> 26) & 1u) << 5);
			else
				in.imm = sext(RS1(raw), 5);
		} else if (f3 == 3) {  /* vmv<nr>r.v: the field is nr - 1 */
			in.imm = RS1(raw);
		}
		if (t & ISA_T_VD_SRC)
			in.rs3 = ISA_REG_V(RD(raw));
		in.masked = !((raw >> 25) & 1u);
		break;
	}
	default:
		break;
	}
	if (t & ISA_T_RM)
		in.rm = (uint8_t)((raw >> 12) & 7u);
	if (isa_decode_finish(&in))
		return decode_invalid(raw, 4, out);
	*out = in;
	return 4;
}
