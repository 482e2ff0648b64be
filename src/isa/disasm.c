/*
 * disasm.c — instruction text exactly as GNU objdump 2.40 (`riscv64-linux-gnu-objdump -d`)
 * prints it: its choice of pseudo-instruction, ABI register names, rounding-mode suffixes,
 * and the "# <address>" note it adds after an addi/load/store/jalr whose base register was
 * set by lui/auipc (isa_disasm_stream keeps that per-register state like objdump does).
 * Encodings objdump does not know are printed as its ".4byte 0x..." / ".2byte 0x...".
 * Extensions binutils 2.40 does not know (Zicond, Zfa, Zcb, Zimop, Zcmop) print as binutils
 * 2.46 prints them when the object's arch has them (fli.* constants as hexadecimal floats,
 * mop.r.N, c.mop.N, Zcb's compressed forms under their base mnemonic); the Zihintntl hints
 * keep 2.40's text (add zero,zero,sp; c.add zero,sp), as objdump 2.40 prints them.
 * V 1.0 prints as 2.40 does (dis_v); Zvbb, which 2.40 lacks, with the operand strings of later
 * binutils (the same "vd,vs2,vs1" / "vd,vs2" shapes, vror.vi's 6-bit amount in decimal).
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "isa/isa.h"
#include "isa/isa_ext.h"
#include "isa/isa_internal.h"

static const char *const xname[32] = {
	"zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2",
	"s0", "s1", "a0", "a1", "a2", "a3", "a4", "a5",
	"a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7",
	"s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6",
};

static const char *const fname[32] = {
	"ft0", "ft1", "ft2", "ft3", "ft4", "ft5", "ft6", "ft7",
	"fs0", "fs1", "fa0", "fa1", "fa2", "fa3", "fa4", "fa5",
	"fa6", "fa7", "fs2", "fs3", "fs4", "fs5", "fs6", "fs7",
	"fs8", "fs9", "fs10", "fs11", "ft8", "ft9", "ft10", "ft11",
};

static const char *const rm_name[8] = { "rne", "rtz", "rdn", "rup", "rmm", NULL, NULL, "dyn" };

static const char *const pred_succ[16] = {
	NULL, "w", "r", "rw", "o", "ow", "or", "orw",
	"i", "iw", "ir", "irw", "io", "iow", "ior", "iorw",
};

/* ---- bounded output ------------------------------------------------------------- */

struct out {
	char *buf;
	size_t n;    /* capacity including the NUL */
	size_t len;  /* characters stored */
};

static void out_str(struct out *o, const char *s)
{
	while (*s && o->len + 1 < o->n)
		o->buf[o->len++] = *s++;
	if (o->n)
		o->buf[o->len] = 0;
}

__attribute__((format(printf, 2, 3)))
static void out_fmt(struct out *o, const char *fmt, ...)
{
	char tmp[96];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	out_str(o, tmp);
}

/* ---- objdump's address notes ------------------------------------------------------ */

#define NO_ADDR UINT64_MAX

struct dis {
	struct out o;
	struct isa_disasm_ctx *ctx;  /* NULL: stateless */
	uint64_t pc;
	int to_print;
	uint64_t print_addr;
};

/* Does the stream's file declare extension ext (always, for a stateless call or no set)? */
static int dis_has(const struct dis *d, unsigned ext)
{
	return !d->ctx || !d->ctx->isa_ext || (d->ctx->isa_ext & ISA_X(ext));
}

static void print_address(struct dis *d, uint64_t addr)
{
	if (d->ctx && d->ctx->print_addr) {
		char tmp[512];
		d->ctx->print_addr(d->ctx->arg, addr, tmp, sizeof(tmp));
		out_str(&d->o, tmp);
	} else {
		out_fmt(&d->o, "0x%" PRIx64, addr);
	}
}

/* objdump's maybe_print_address: the address an access through `base` + offset reaches. */
static void maybe_addr(struct dis *d, unsigned base, int64_t offset, int wide)
{
	struct isa_disasm_ctx *c = d->ctx;
	if (!c)
		return;
	if (c->hi_addr[base] != NO_ADDR) {
		d->print_addr = (base != 0 ? c->hi_addr[base] : 0) + (uint64_t)offset;
		c->hi_addr[base] = NO_ADDR;
	} else if (base == 3 && c->has_gp) {
		d->print_addr = c->gp + (uint64_t)offset;
	} else if (base == 4 || base == 0) {
		d->print_addr = (uint64_t)offset;
	} else {
		return;
	}
	d->to_print = 1;
	if (wide)
		d->print_addr = (uint64_t)(int64_t)(int32_t)d->print_addr;
}

static void set_hi(struct dis *d, unsigned rd, uint64_t value)
{
	if (d->ctx)
		d->ctx->hi_addr[rd] = value;
}

/* ---- operand printers ------------------------------------------------------------ */

static const char *xr(uint8_t r)
{
	return xname[r & 31];
}

static const char *fr(uint8_t r)
{
	return fname[(r - 32) & 31];
}

static void mnem(struct dis *d, const char *m, int has_args)
{
	out_str(&d->o, m);
	if (has_args)
		out_str(&d->o, "\t");
}

static const char *csr_name(unsigned csr)
{
	switch (csr) {
#define CSR(num, name) case num: return #name;
#include "isa/isa_csr.def"
#undef CSR
	default:
		return NULL;
	}
}

static void print_csr(struct dis *d, unsigned csr)
{
	const char *n = csr_name(csr);
	if (n)
		out_str(&d->o, n);
	else
		out_fmt(&d->o, "0x%x", csr);
}

static void print_rm(struct dis *d, unsigned rm)
{
	out_str(&d->o, ",");
	out_str(&d->o, rm_name[rm & 7] ? rm_name[rm & 7] : "unknown");
}

static void print_unknown(struct dis *d, uint32_t raw, unsigned len)
{
	if (len == 2)
		out_fmt(&d->o, ".2byte\t0x%x", raw & 0xffffu);
	else
		out_fmt(&d->o, ".4byte\t0x%x", raw);
}

/* ---- 32-bit encodings -------------------------------------------------------------- */

static unsigned f_rd(uint32_t raw) { return (raw >> 7) & 31; }
static unsigned f_rs1(uint32_t raw) { return (raw >> 15) & 31; }

/* "name rd,rs1,imm" for OP-IMM style rows (binutils' "d,s,j"). */
static void dis_itype(struct dis *d, const char *name, const struct isa_insn *in)
{
	mnem(d, name, 1);
	unsigned rs1 = in->rs1;
	if ((in->op == ISA_OP_addi && rs1 != 0) || in->op == ISA_OP_jalr)
		maybe_addr(d, rs1, in->imm, 0);
	if (in->op == ISA_OP_addiw && rs1 != 0)
		maybe_addr(d, rs1, in->imm, 1);
	out_fmt(&d->o, "%s,%s,%d", xr(in->rd), xr(in->rs1), (int)in->imm);
}

static void dis_shift(struct dis *d, const char *name, const struct isa_insn *in)
{
	mnem(d, name, 1);
	out_fmt(&d->o, "%s,%s,0x%x", xr(in->rd), xr(in->rs1), (unsigned)in->imm);
}

static void dis_rtype(struct dis *d, const char *name, const struct isa_insn *in)
{
	mnem(d, name, 1);
	out_fmt(&d->o, "%s,%s,%s", xr(in->rd), xr(in->rs1), xr(in->rs2));
}

/* "o(s)" of loads and jalr: objdump notes the address, then prints offset(base). */
static void dis_mem_o(struct dis *d, const struct isa_insn *in)
{
	maybe_addr(d, in->rs1, in->imm, 0);
	if (in->op == ISA_OP_jalr)  /* the 'j' path of binutils runs for jalr too */
		maybe_addr(d, in->rs1, in->imm, 0);
	out_fmt(&d->o, "%d(%s)", (int)in->imm, xr(in->rs1));
}

static void dis_branch(struct dis *d, const struct isa_insn *in)
{
	static const char *const names[] = {
		[ISA_OP_beq - ISA_OP_beq] = "beq", [ISA_OP_bne - ISA_OP_beq] = "bne",
		[ISA_OP_blt - ISA_OP_beq] = "blt", [ISA_OP_bge - ISA_OP_beq] = "bge",
		[ISA_OP_bltu - ISA_OP_beq] = "bltu", [ISA_OP_bgeu - ISA_OP_beq] = "bgeu",
	};
	uint64_t target = d->pc + (uint64_t)in->imm;
	unsigned rs1 = in->rs1, rs2 = in->rs2;
	const char *name = names[in->op - ISA_OP_beq];
	int one = -1;  /* single-register alias: 1 = prints rs1, 2 = prints rs2 */

	switch (in->op) {
	case ISA_OP_beq: if (rs2 == 0) name = "beqz", one = 1; break;
	case ISA_OP_bne: if (rs2 == 0) name = "bnez", one = 1; break;
	case ISA_OP_bge:
		if (rs1 == 0) name = "blez", one = 2;
		else if (rs2 == 0) name = "bgez", one = 1;
		break;
	case ISA_OP_blt:
		if (rs2 == 0) name = "bltz", one = 1;
		else if (rs1 == 0) name = "bgtz", one = 2;
		break;
	default: break;
	}
	mnem(d, name, 1);
	if (one == 1)
		out_fmt(&d->o, "%s,", xr(rs1));
	else if (one == 2)
		out_fmt(&d->o, "%s,", xr(rs2));
	else
		out_fmt(&d->o, "%s,%s,", xr(rs1), xr(rs2));
	print_address(d, target);
}

static void dis_jalr(struct dis *d, const struct isa_insn *in)
{
	unsigned rd = in->rd, rs1 = in->rs1;
	if (rd == 0 && rs1 == 1 && in->imm == 0) {
		mnem(d, "ret", 0);
		return;
	}
	if (rd == 0 || rd == 1) {
		mnem(d, rd == 0 ? "jr" : "jalr", 1);
		if (in->imm == 0) {
			maybe_addr(d, rs1, in->imm, 0);  /* binutils 's' operand of jalr */
			out_str(&d->o, xr(rs1));
		} else {
			dis_mem_o(d, in);
		}
		return;
	}
	mnem(d, "jalr", 1);
	if (in->imm == 0) {
		out_fmt(&d->o, "%s,", xr(rd));
		maybe_addr(d, rs1, in->imm, 0);
		out_str(&d->o, xr(rs1));
	} else {
		out_fmt(&d->o, "%s,", xr(rd));
		dis_mem_o(d, in);
	}
}

static void dis_csr(struct dis *d, const struct isa_insn *in)
{
	unsigned rd = in->rd, rs1 = in->fmt == ISA_FMT_CSR ? in->rs1 : 0;
	unsigned csr = in->csr, uimm = (unsigned)in->imm;
	const char *alias = NULL;

	switch (in->op) {
	case ISA_OP_csrrw:
		if (csr == 0xc00 && rd == 0 && rs1 == 0) {
			mnem(d, "unimp", 0);
			return;
		}
		if (csr == 3) alias = "fscsr";
		else if (csr == 2) alias = "fsrm";
		else if (csr == 1) alias = "fsflags";
		if (alias) {
			mnem(d, alias, 1);
			if (rd == 0)
				out_str(&d->o, xr(rs1));
			else
				out_fmt(&d->o, "%s,%s", xr(rd), xr(rs1));
			return;
		}
		if (rd == 0) {
			mnem(d, "csrw", 1);
			print_csr(d, csr);
			out_fmt(&d->o, ",%s", xr(rs1));
			return;
		}
		break;
	case ISA_OP_csrrs:
		if (rs1 == 0) {
			switch (csr) {
			case 0xc00: alias = "rdcycle"; break;
			case 0xc02: alias = "rdinstret"; break;
			case 0xc01: alias = "rdtime"; break;
			case 3: alias = "frcsr"; break;
			case 2: alias = "frrm"; break;
			case 1: alias = "frflags"; break;
			}
			if (alias) {
				mnem(d, alias, 1);
				out_str(&d->o, xr(rd));
				return;
			}
			mnem(d, "csrr", 1);
			out_fmt(&d->o, "%s,", xr(rd));
			print_csr(d, csr);
			return;
		}
		if (rd == 0) {
			mnem(d, "csrs", 1);
			print_csr(d, csr);
			out_fmt(&d->o, ",%s", xr(rs1));
			return;
		}
		break;
	case ISA_OP_csrrc:
		if (rd == 0) {
			mnem(d, "csrc", 1);
			print_csr(d, csr);
			out_fmt(&d->o, ",%s", xr(rs1));
			return;
		}
		break;
	case ISA_OP_csrrwi:
	case ISA_OP_csrrsi:
	case ISA_OP_csrrci:
		if (in->op == ISA_OP_csrrwi && (csr == 2 || csr == 1)) {
			mnem(d, csr == 2 ? "fsrmi" : "fsflagsi", 1);
			out_fmt(&d->o, "%s,%u", xr(rd), uimm);
			return;
		}
		/* binutils 2.40 lists csrw/csrs/csrc and csrrw/csrrs/csrrc with an immediate
		 * operand before the csr*i names, so those are what it prints */
		if (rd == 0) {
			mnem(d, in->op == ISA_OP_csrrwi ? "csrw" : in->op == ISA_OP_csrrsi ? "csrs" : "csrc", 1);
			print_csr(d, csr);
			out_fmt(&d->o, ",%u", uimm);
			return;
		}
		mnem(d, in->op == ISA_OP_csrrwi ? "csrrw" : in->op == ISA_OP_csrrsi ? "csrrs" : "csrrc", 1);
		out_fmt(&d->o, "%s,", xr(rd));
		print_csr(d, csr);
		out_fmt(&d->o, ",%u", uimm);
		return;
	default:
		break;
	}
	mnem(d, isa_op_name(in->op), 1);
	out_fmt(&d->o, "%s,", xr(rd));
	print_csr(d, csr);
	if (in->fmt == ISA_FMT_CSR)
		out_fmt(&d->o, ",%s", xr(rs1));
	else
		out_fmt(&d->o, ",%u", uimm);
}

static void dis_amo(struct dis *d, const struct isa_insn *in)
{
	char name[24];
	const char *sfx = "";
	unsigned aqrl = ((in->flags & ISA_F_AQ) ? 2u : 0u) | ((in->flags & ISA_F_RL) ? 1u : 0u);
	if (aqrl == 2) sfx = ".aq";
	else if (aqrl == 1) sfx = ".rl";
	else if (aqrl == 3) sfx = ".aqrl";
	snprintf(name, sizeof(name), "%s%s", isa_op_name(in->op), sfx);
	mnem(d, name, 1);
	if (in->op == ISA_OP_lr_w || in->op == ISA_OP_lr_d)
		out_fmt(&d->o, "%s,(%s)", xr(in->rd), xr(in->rs1));
	else
		out_fmt(&d->o, "%s,%s,(%s)", xr(in->rd), xr(in->rs2), xr(in->rs1));
}

/* Operand kind for printing: x or f register according to the numbering. */
static const char *reg(uint8_t r)
{
	return ISA_REG_IS_FP(r) ? fr(r) : xr(r);
}

/* Zfa's fli constants by index (the rs1 field), as binutils 2.46 prints them: "min" for the
 * smallest normal number of the format, C99 hexadecimal floats for the others. */
static const char *const fli_text[32] = {
	"-0x1p+0", "min", "0x1p-16", "0x1p-15", "0x1p-8", "0x1p-7", "0x1p-4", "0x1p-3",
	"0x1p-2", "0x1.4p-2", "0x1.8p-2", "0x1.cp-2", "0x1p-1", "0x1.4p-1", "0x1.8p-1", "0x1.cp-1",
	"0x1p+0", "0x1.4p+0", "0x1.8p+0", "0x1.cp+0", "0x1p+1", "0x1.4p+1", "0x1.8p+1", "0x1p+2",
	"0x1p+3", "0x1p+4", "0x1p+7", "0x1p+8", "0x1p+15", "0x1p+16", "inf", "nan",
};

static int dis_fp(struct dis *d, const struct isa_insn *in)
{
	const struct isa_row *row = &isa_rows[in->op];
	const char *name = isa_op_name(in->op);
	int has_rm = (row->flags & ISA_T_RM) != 0;

	switch (in->op) {
	case ISA_OP_fsgnj_s: case ISA_OP_fsgnjn_s: case ISA_OP_fsgnjx_s:
	case ISA_OP_fsgnj_d: case ISA_OP_fsgnjn_d: case ISA_OP_fsgnjx_d:
	case ISA_OP_fsgnj_h: case ISA_OP_fsgnjn_h: case ISA_OP_fsgnjx_h:
		if (in->rs1 == in->rs2) {
			static const char *const alias[] = { "fmv", "fneg", "fabs" };
			char buf[16];
			int k = (in->op == ISA_OP_fsgnj_s || in->op == ISA_OP_fsgnj_d ||
				 in->op == ISA_OP_fsgnj_h) ? 0 :
				(in->op == ISA_OP_fsgnjn_s || in->op == ISA_OP_fsgnjn_d ||
				 in->op == ISA_OP_fsgnjn_h) ? 1 : 2;
			/* the precision is the last letter of the row's name: fsgnj.s -> fmv.s */
			snprintf(buf, sizeof(buf), "%s.%c", alias[k], name[strlen(name) - 1]);
			mnem(d, buf, 1);
			out_fmt(&d->o, "%s,%s", fr(in->rd), fr(in->rs1));
			return 0;
		}
		break;
	case ISA_OP_fli_s: case ISA_OP_fli_d: case ISA_OP_fli_h:
		mnem(d, name, 1);
		out_fmt(&d->o, "%s,%s", fr(in->rd), fli_text[in->imm & 31]);
		return 0;
	case ISA_OP_fcvtmod_w_d:  /* the rounding mode is part of the opcode: always rtz */
		mnem(d, name, 1);
		out_fmt(&d->o, "%s,%s,rtz", xr(in->rd), fr(in->rs1));
		return 0;
	case ISA_OP_fcvt_d_w: case ISA_OP_fcvt_d_wu: case ISA_OP_fcvt_d_s:
	case ISA_OP_fcvt_s_h: case ISA_OP_fcvt_d_h:
		/* objdump 2.40 knows these exact conversions only with rm = rne */
		if (in->rm != 0)
			return -1;
		has_rm = 0;
		break;
	default:
		break;
	}
	mnem(d, name, 1);
	if (in->fmt == ISA_FMT_I) {  /* flw, fld */
		out_fmt(&d->o, "%s,", fr(in->rd));
		dis_mem_o(d, in);
		return 0;
	}
	if (in->fmt == ISA_FMT_S) {  /* fsw, fsd */
		maybe_addr(d, in->rs1, in->imm, 0);
		out_fmt(&d->o, "%s,%d(%s)", fr(in->rs2), (int)in->imm, xr(in->rs1));
		return 0;
	}
	out_str(&d->o, reg(in->rd));
	out_fmt(&d->o, ",%s", reg(in->rs1));
	if (in->rs2 != ISA_REG_NONE)
		out_fmt(&d->o, ",%s", reg(in->rs2));
	if (in->rs3 != ISA_REG_NONE)
		out_fmt(&d->o, ",%s", reg(in->rs3));
	if (has_rm && in->rm != 7)
		print_rm(d, in->rm);
	return 0;
}

/* The text of a valid 32-bit encoding (also used for the register/immediate forms that a
 * compressed encoding shares with it). Returns -1 if objdump would not know it. */
static int dis_base(struct dis *d, const struct isa_insn *in)
{
	unsigned rd = in->rd, rs1 = in->rs1, rs2 = in->rs2;
	uint32_t raw = in->raw;

	switch (in->op) {
	case ISA_OP_lui:
	case ISA_OP_auipc:
		set_hi(d, rd, in->op == ISA_OP_lui ? (uint64_t)in->imm : d->pc + (uint64_t)in->imm);
		mnem(d, isa_op_name(in->op), 1);
		out_fmt(&d->o, "%s,0x%x", xr(rd), (unsigned)((uint64_t)in->imm >> 12) & 0xfffffu);
		return 0;
	case ISA_OP_jal:
		if (rd == 0) {
			mnem(d, "j", 1);
		} else if (rd == 1) {
			mnem(d, "jal", 1);
		} else {
			mnem(d, "jal", 1);
			out_fmt(&d->o, "%s,", xr(rd));
		}
		print_address(d, d->pc + (uint64_t)in->imm);
		return 0;
	case ISA_OP_jalr:
		dis_jalr(d, in);
		return 0;
	case ISA_OP_beq: case ISA_OP_bne: case ISA_OP_blt:
	case ISA_OP_bge: case ISA_OP_bltu: case ISA_OP_bgeu:
		dis_branch(d, in);
		return 0;
	case ISA_OP_lb: case ISA_OP_lh: case ISA_OP_lw: case ISA_OP_ld:
	case ISA_OP_lbu: case ISA_OP_lhu: case ISA_OP_lwu:
		mnem(d, isa_op_name(in->op), 1);
		out_fmt(&d->o, "%s,", xr(rd));
		dis_mem_o(d, in);
		return 0;
	case ISA_OP_sb: case ISA_OP_sh: case ISA_OP_sw: case ISA_OP_sd:
		mnem(d, isa_op_name(in->op), 1);
		maybe_addr(d, rs1, in->imm, 0);
		out_fmt(&d->o, "%s,%d(%s)", xr(rs2), (int)in->imm, xr(rs1));
		return 0;
	case ISA_OP_addi:
		if (rd == 0 && rs1 == 0 && in->imm == 0) {
			mnem(d, "nop", 0);
		} else if (rs1 == 0) {
			mnem(d, "li", 1);
			out_fmt(&d->o, "%s,%d", xr(rd), (int)in->imm);
		} else if (in->imm == 0) {
			mnem(d, "mv", 1);
			out_fmt(&d->o, "%s,%s", xr(rd), xr(rs1));
		} else {
			dis_itype(d, "add", in);
		}
		return 0;
	case ISA_OP_andi:
		if (in->imm == 255) {
			mnem(d, "zext.b", 1);
			out_fmt(&d->o, "%s,%s", xr(rd), xr(rs1));
		} else {
			dis_itype(d, "and", in);
		}
		return 0;
	case ISA_OP_ori:
		/* Zicbop: ori zero,rs1,imm with imm[4:0] = 0, 1, 3 */
		if (rd == 0 && ((in->imm & 31) == 0 || (in->imm & 31) == 1 || (in->imm & 31) == 3) &&
		    dis_has(d, ISA_X_ZICBOP)) {
			mnem(d, (in->imm & 31) == 0 ? "prefetch.i" : (in->imm & 31) == 1 ?
			     "prefetch.r" : "prefetch.w", 1);
			out_fmt(&d->o, "%d(%s)", (int)(in->imm & ~(int64_t)31), xr(rs1));
		} else {
			dis_itype(d, "or", in);
		}
		return 0;
	case ISA_OP_xori:
		if (in->imm == -1) {
			mnem(d, "not", 1);
			out_fmt(&d->o, "%s,%s", xr(rd), xr(rs1));
		} else {
			dis_itype(d, "xor", in);
		}
		return 0;
	case ISA_OP_slti:  dis_itype(d, "slti", in); return 0;
	case ISA_OP_sltiu:
		if (in->imm == 1) {
			mnem(d, "seqz", 1);
			out_fmt(&d->o, "%s,%s", xr(rd), xr(rs1));
		} else {
			dis_itype(d, "sltiu", in);
		}
		return 0;
	case ISA_OP_slli:  dis_shift(d, "sll", in); return 0;
	case ISA_OP_srli:  dis_shift(d, "srl", in); return 0;
	case ISA_OP_srai:  dis_shift(d, "sra", in); return 0;
	case ISA_OP_addiw:
		if (in->imm == 0) {
			mnem(d, "sext.w", 1);
			out_fmt(&d->o, "%s,%s", xr(rd), xr(rs1));
		} else {
			dis_itype(d, "addw", in);
		}
		return 0;
	case ISA_OP_slliw: dis_shift(d, "sllw", in); return 0;
	case ISA_OP_srliw: dis_shift(d, "srlw", in); return 0;
	case ISA_OP_sraiw: dis_shift(d, "sraw", in); return 0;
	case ISA_OP_sub:
	case ISA_OP_subw:
		if (rs1 == 0) {
			mnem(d, in->op == ISA_OP_sub ? "neg" : "negw", 1);
			out_fmt(&d->o, "%s,%s", xr(rd), xr(rs2));
			return 0;
		}
		break;
	case ISA_OP_slt:
		if (rs2 == 0) {
			mnem(d, "sltz", 1);
			out_fmt(&d->o, "%s,%s", xr(rd), xr(rs1));
			return 0;
		}
		if (rs1 == 0) {
			mnem(d, "sgtz", 1);
			out_fmt(&d->o, "%s,%s", xr(rd), xr(rs2));
			return 0;
		}
		break;
	case ISA_OP_sltu:
		if (rs1 == 0) {
			mnem(d, "snez", 1);
			out_fmt(&d->o, "%s,%s", xr(rd), xr(rs2));
			return 0;
		}
		break;
	case ISA_OP_fence: {
		unsigned pred = (raw >> 24) & 15, succ = (raw >> 20) & 15, fm = raw >> 28;
		if (f_rd(raw) || f_rs1(raw))
			return -1;
		if (raw == 0x0100000fu && dis_has(d, ISA_X_ZIHINTPAUSE)) {  /* pause: fence w,0 */
			mnem(d, "pause", 0);
			return 0;
		}
		if (fm == 8 && pred == 3 && succ == 3) {
			mnem(d, "fence.tso", 0);
			return 0;
		}
		if (fm)
			return -1;
		if (pred == 15 && succ == 15) {
			mnem(d, "fence", 0);
			return 0;
		}
		mnem(d, "fence", 1);
		out_fmt(&d->o, "%s,%s", pred_succ[pred] ? pred_succ[pred] : "unknown",
			pred_succ[succ] ? pred_succ[succ] : "unknown");
		return 0;
	}
	case ISA_OP_fence_i:
		if (raw != 0x0000100fu)
			return -1;
		mnem(d, "fence.i", 0);
		return 0;
	case ISA_OP_ecall:
		mnem(d, "ecall", 0);
		return 0;
	case ISA_OP_ebreak:
		mnem(d, "ebreak", 0);
		return 0;
	case ISA_OP_csrrw: case ISA_OP_csrrs: case ISA_OP_csrrc:
	case ISA_OP_csrrwi: case ISA_OP_csrrsi: case ISA_OP_csrrci:
		dis_csr(d, in);
		return 0;
	case ISA_OP_add_uw:
		if (rs2 == 0) {
			mnem(d, "zext.w", 1);
			out_fmt(&d->o, "%s,%s", xr(rd), xr(rs1));
			return 0;
		}
		break;
	/* binutils 2.40 lists the register forms of these with an immediate operand before
	 * the *i names, so an immediate prints under the register form's name */
	case ISA_OP_rori:  dis_shift(d, "ror", in); return 0;
	case ISA_OP_roriw: dis_shift(d, "rorw", in); return 0;
	case ISA_OP_bclri: dis_shift(d, "bclr", in); return 0;
	case ISA_OP_bexti: dis_shift(d, "bext", in); return 0;
	case ISA_OP_binvi: dis_shift(d, "binv", in); return 0;
	case ISA_OP_bseti: dis_shift(d, "bset", in); return 0;
	case ISA_OP_slli_uw: dis_shift(d, "slli.uw", in); return 0;
	case ISA_OP_cbo_inval: case ISA_OP_cbo_clean: case ISA_OP_cbo_flush: case ISA_OP_cbo_zero:
		mnem(d, isa_op_name(in->op), 1);
		out_fmt(&d->o, "(%s)", xr(rs1));
		return 0;
	case ISA_OP_wrs_nto: case ISA_OP_wrs_sto:
		mnem(d, isa_op_name(in->op), 0);
		return 0;
	case ISA_OP_mop_r: case ISA_OP_mop_rr: {
		char name[16];
		snprintf(name, sizeof(name), "%s.%u", isa_op_name(in->op), (unsigned)in->imm & 31u);
		mnem(d, name, 1);
		if (in->op == ISA_OP_mop_r)
			out_fmt(&d->o, "%s,%s", xr(rd), xr(rs1));
		else
			out_fmt(&d->o, "%s,%s,%s", xr(rd), xr(rs1), xr(rs2));
		return 0;
	}
	default:
		break;
	}
	if (in->fmt == ISA_FMT_AMO) {
		dis_amo(d, in);
		return 0;
	}
	if (ISA_REG_IS_FP(in->rd) || ISA_REG_IS_FP(in->rs1) || ISA_REG_IS_FP(in->rs2))
		return dis_fp(d, in);
	if (in->fmt == ISA_FMT_R) {
		if (isa_rows[in->op].flags & ISA_T_NO_RS2) {  /* clz, sext.b, rev8 ... */
			mnem(d, isa_op_name(in->op), 1);
			out_fmt(&d->o, "%s,%s", xr(rd), xr(rs1));
		} else {
			dis_rtype(d, isa_op_name(in->op), in);
		}
		return 0;
	}
	return -1;
}

/* ---- vector encodings (V 1.0, Zvbb) ------------------------------------------------- */

static const char *vr(uint8_t r)
{
	static const char *const vname[32] = {
		"v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7",
		"v8", "v9", "v10", "v11", "v12", "v13", "v14", "v15",
		"v16", "v17", "v18", "v19", "v20", "v21", "v22", "v23",
		"v24", "v25", "v26", "v27", "v28", "v29", "v30", "v31",
	};
	return vname[(r - 64) & 31];
}

/* Any operand: x, f or v register by the numbering of isa.h. */
static const char *anyr(uint8_t r)
{
	return ISA_REG_IS_V(r) ? vr(r) : reg(r);
}

/* The vtype immediate as binutils prints it: "e32,m2,ta,ma", or the number when it sets a
 * reserved bit (above bit 7), a SEW above 64 or the reserved LMUL 4. */
static void print_vtype(struct dis *d, unsigned vtype)
{
	static const char *const sew[8] = { "e8", "e16", "e32", "e64", NULL, NULL, NULL, NULL };
	static const char *const lmul[8] = { "m1", "m2", "m4", "m8", NULL, "mf8", "mf4", "mf2" };
	const char *s = sew[(vtype >> 3) & 7], *l = lmul[vtype & 7];
	if ((vtype >> 8) || !s || !l)
		out_fmt(&d->o, "%u", vtype);
	else
		out_fmt(&d->o, "%s,%s,%s,%s", s, l, (vtype >> 6) & 1 ? "ta" : "tu",
			(vtype >> 7) & 1 ? "ma" : "mu");
}

/* The mnemonic of a load/store with nf > 0: the segment form, "seg<nf+1>" before the
 * element width ("vle32.v" -> "vlseg3e32.v", "vsuxei8.v" -> "vsuxseg2ei8.v"). */
static void vmem_name(char *buf, size_t n, const char *name, unsigned nf)
{
	const char *e = name;
	while (*e && !(e[0] == 'e' && (e[1] >= '0' && e[1] <= '9')) &&
	       !(e[0] == 'e' && e[1] == 'i' && e[2] >= '0' && e[2] <= '9'))
		e++;
	snprintf(buf, n, "%.*sseg%u%s", (int)(e - name), name, nf + 1, e);
}

/* The pseudo-instruction objdump 2.40 prints for some V encodings (its alias rows come first
 * in binutils' opcode table): NULL if none. *form: 1 = "vd,vs2", 2 = "vd" (vmclr/vmset). */
static const char *v_alias(const struct isa_insn *in, int *form)
{
	unsigned vd = in->rd, vs2 = in->rs2, rs1 = in->rs1;
	*form = 1;
	switch (in->op) {
	case ISA_OP_vrsub_vx:   return rs1 == 0 ? "vneg.v" : NULL;
	case ISA_OP_vxor_vi:    return in->imm == -1 ? "vnot.v" : NULL;
	case ISA_OP_vwadd_vx:   return rs1 == 0 ? "vwcvt.x.x.v" : NULL;
	case ISA_OP_vwaddu_vx:  return rs1 == 0 ? "vwcvtu.x.x.v" : NULL;
	case ISA_OP_vnsrl_wx:   return rs1 == 0 ? "vncvt.x.x.w" : NULL;
	case ISA_OP_vfsgnjn_vv: return rs1 == vs2 ? "vfneg.v" : NULL;
	case ISA_OP_vfsgnjx_vv: return rs1 == vs2 ? "vfabs.v" : NULL;
	case ISA_OP_vmand_mm:   return rs1 == vs2 ? "vmmv.m" : NULL;
	case ISA_OP_vmnand_mm:  return rs1 == vs2 ? "vmnot.m" : NULL;
	case ISA_OP_vmxor_mm:
	case ISA_OP_vmxnor_mm:
		*form = 2;
		if (rs1 != vs2 || vd != vs2)
			return NULL;
		return in->op == ISA_OP_vmxor_mm ? "vmclr.m" : "vmset.m";
	default:
		return NULL;
	}
}

/* vsetvli, vsetivli, vsetvl, the vector loads and stores and OP-V arithmetic, with
 * binutils' operand order: vd, vs2, vs1/rs1/fs1/imm (vd, vs1/rs1/fs1, vs2 for the
 * multiply-adds), ",v0.t" when masked, ",v0" for the carry/merge rows whose vm bit is 0. */
static int dis_v(struct dis *d, const struct isa_insn *in)
{
	const struct isa_row *row = &isa_rows[in->op];
	const char *name = isa_op_name(in->op);
	char buf[32];
	int form;

	switch (in->fmt) {
	case ISA_FMT_VSETVLI:
		mnem(d, name, 1);
		out_fmt(&d->o, "%s,%s,", xr(in->rd), xr(in->rs1));
		print_vtype(d, (unsigned)in->imm & 0x7ffu);
		return 0;
	case ISA_FMT_VSETIVLI:
		mnem(d, name, 1);
		out_fmt(&d->o, "%s,%u,", xr(in->rd), (unsigned)((uint64_t)in->imm >> 32));
		print_vtype(d, (unsigned)in->imm & 0x3ffu);
		return 0;
	case ISA_FMT_R:  /* vsetvl */
		dis_rtype(d, name, in);
		return 0;
	case ISA_FMT_VMEM:
	case ISA_FMT_VMEM_S:
	case ISA_FMT_VMEM_X: {
		uint8_t data = row->cls == ISA_CLASS_VSTORE ? in->rs3 : in->rd;
		if (!(row->mask & (7u << 29)) && in->nf) {
			vmem_name(buf, sizeof(buf), name, in->nf);
			name = buf;
		} else if (in->op == ISA_OP_vl1re8_v || in->op == ISA_OP_vl2re8_v ||
			   in->op == ISA_OP_vl4re8_v || in->op == ISA_OP_vl8re8_v) {
			/* binutils' alias rows vl<n>r.v come first */
			snprintf(buf, sizeof(buf), "vl%ur.v", in->nf + 1u);
			name = buf;
		}
		mnem(d, name, 1);
		out_fmt(&d->o, "%s,(%s)", vr(data), xr(in->rs1));
		if (in->rs2 != ISA_REG_NONE)
			out_fmt(&d->o, ",%s", anyr(in->rs2));
		break;
	}
	case ISA_FMT_VOP: {
		const char *alias = v_alias(in, &form);
		unsigned f3 = (row->match >> 12) & 7u;
		if (alias) {
			mnem(d, alias, 1);
			out_str(&d->o, vr(in->rd));
			if (form == 1)
				out_fmt(&d->o, ",%s", vr(in->rs2));
			break;
		}
		mnem(d, name, 1);
		out_str(&d->o, anyr(in->rd));
		if (row->flags & ISA_T_VD_SRC) {  /* vd, vs1/rs1/fs1, vs2 */
			out_fmt(&d->o, ",%s,%s", anyr(in->rs1), vr(in->rs2));
			break;
		}
		if (in->rs2 != ISA_REG_NONE)
			out_fmt(&d->o, ",%s", vr(in->rs2));
		if (row->flags & ISA_T_NO_RS1)
			;
		else if (f3 == 3)  /* OPIVI */
			out_fmt(&d->o, ",%d", (int)in->imm);
		else
			out_fmt(&d->o, ",%s", anyr(in->rs1));
		break;
	}
	default:
		return -1;
	}
	if (!(row->mask & (1u << 25))) {
		if (in->masked)
			out_str(&d->o, ",v0.t");
	} else if (!(row->match & (1u << 25))) {
		out_str(&d->o, ",v0");  /* vadc, vmadc, vsbc, vmsbc, vmerge, vfmerge: the carry/mask */
	}
	return 0;
}

/* ---- compressed encodings ---------------------------------------------------------- */

static int dis_rvc(struct dis *d, const struct isa_insn *in)
{
	int row = isa_rvc_lookup(in->raw);
	uint32_t x = in->raw;
	unsigned rd = in->rd;

	if (row < 0)
		return -1;
	switch (row) {
	case ISA_RVC_c_addi:
		if (x == 0x0001) {
			mnem(d, "nop", 0);
			return 0;
		}
		if (rd == 0) {  /* HINT */
			mnem(d, "c.nop", 1);
			out_fmt(&d->o, "%d", (int)in->imm);
			return 0;
		}
		mnem(d, "add", 1);
		maybe_addr(d, rd, in->imm, 0);
		out_fmt(&d->o, "%s,%s,%d", xr(rd), xr(rd), (int)in->imm);
		return 0;
	case ISA_RVC_c_addiw:
		if (in->imm == 0) {
			mnem(d, "sext.w", 1);
			out_fmt(&d->o, "%s,%s", xr(rd), xr(rd));
			return 0;
		}
		mnem(d, "addw", 1);
		maybe_addr(d, rd, in->imm, 1);
		out_fmt(&d->o, "%s,%s,%d", xr(rd), xr(rd), (int)in->imm);
		return 0;
	case ISA_RVC_c_li:
		mnem(d, rd == 0 ? "c.li" : "li", 1);
		out_fmt(&d->o, "%s,%d", xr(rd), (int)in->imm);
		return 0;
	case ISA_RVC_c_lui:
		set_hi(d, rd, (uint64_t)in->imm);
		mnem(d, rd == 0 ? "c.lui" : "lui", 1);
		out_fmt(&d->o, "%s,0x%x", xr(rd), (unsigned)((uint64_t)in->imm >> 12) & 0xfffffu);
		return 0;
	case ISA_RVC_c_addi16sp:
	case ISA_RVC_c_addi4spn:
		mnem(d, "add", 1);
		out_fmt(&d->o, "%s,sp,%d", xr(rd), (int)in->imm);
		return 0;
	case ISA_RVC_c_slli:
	case ISA_RVC_c_srli:
	case ISA_RVC_c_srai:
		if (in->imm == 0) {  /* HINTs in RV64C */
			mnem(d, row == ISA_RVC_c_slli ? "c.slli64" : row == ISA_RVC_c_srli ? "c.srli64" :
			     "c.srai64", 1);
			out_str(&d->o, xr(rd));
		} else if (rd == 0) {
			mnem(d, "c.slli", 1);
			out_fmt(&d->o, "zero,0x%x", (unsigned)in->imm);
		} else {
			dis_shift(d, row == ISA_RVC_c_slli ? "sll" : row == ISA_RVC_c_srli ? "srl" : "sra", in);
		}
		return 0;
	case ISA_RVC_c_andi:
		mnem(d, "and", 1);
		out_fmt(&d->o, "%s,%s,%d", xr(rd), xr(rd), (int)in->imm);
		return 0;
	case ISA_RVC_c_mv:
	case ISA_RVC_c_add:
		if (rd == 0) {  /* HINTs */
			mnem(d, row == ISA_RVC_c_mv ? "c.mv" : "c.add", 1);
			out_fmt(&d->o, "zero,%s", xr(in->rs2));
			return 0;
		}
		if (row == ISA_RVC_c_mv) {
			mnem(d, "mv", 1);
			out_fmt(&d->o, "%s,%s", xr(rd), xr(in->rs2));
		} else {
			dis_rtype(d, "add", in);
		}
		return 0;
	case ISA_RVC_c_jr:
		if (in->rs1 == 1) {
			mnem(d, "ret", 0);
		} else {
			mnem(d, "jr", 1);
			out_str(&d->o, xr(in->rs1));
		}
		return 0;
	case ISA_RVC_c_jalr:
		mnem(d, "jalr", 1);
		out_str(&d->o, xr(in->rs1));
		return 0;
	case ISA_RVC_c_j:
		mnem(d, "j", 1);
		print_address(d, d->pc + (uint64_t)in->imm);
		return 0;
	case ISA_RVC_c_beqz:
	case ISA_RVC_c_bnez:
		mnem(d, row == ISA_RVC_c_beqz ? "beqz" : "bnez", 1);
		out_fmt(&d->o, "%s,", xr(in->rs1));
		print_address(d, d->pc + (uint64_t)in->imm);
		return 0;
	case ISA_RVC_c_ebreak:
		mnem(d, "ebreak", 0);
		return 0;
	case ISA_RVC_c_zext_b: case ISA_RVC_c_sext_b: case ISA_RVC_c_zext_h:
	case ISA_RVC_c_sext_h: case ISA_RVC_c_zext_w: case ISA_RVC_c_not: case ISA_RVC_c_mul:
		/* Zcb: binutils prints the 32-bit form (zext.b a0,a0; not a0,a0; mul a0,a0,a1) */
		return dis_base(d, in);
	case ISA_RVC_c_mop:
		out_fmt(&d->o, "c.mop.%u", (unsigned)in->imm & 15u);
		return 0;
	default:
		break;
	}
	/* loads, stores and register-register forms print like their 32-bit expansion, but
	 * objdump notes no address for them */
	mnem(d, isa_op_name(in->op), 1);
	switch (in->fmt) {
	case ISA_FMT_I:
		out_fmt(&d->o, "%s,%d(%s)", reg(in->rd), (int)in->imm, xr(in->rs1));
		break;
	case ISA_FMT_S:
		out_fmt(&d->o, "%s,%d(%s)", reg(in->rs2), (int)in->imm, xr(in->rs1));
		break;
	default:
		out_fmt(&d->o, "%s,%s,%s", xr(in->rd), xr(in->rs1), xr(in->rs2));
		break;
	}
	return 0;
}

/* ---- encodings the decoder rejects but objdump prints ------------------------------ */

static int dis_invalid(struct dis *d, const struct isa_insn *in)
{
	uint32_t raw = in->raw;
	if (in->len == 2) {
		if (raw == 0) {
			mnem(d, "unimp", 0);
			return 0;
		}
		if ((raw & 0xef83u) == 0x6101u) {  /* c.addi16sp with the reserved immediate 0 */
			mnem(d, "add", 1);
			out_str(&d->o, "sp,sp,0");
			return 0;
		}
		return -1;
	}
	/* FP rows with a reserved rounding mode: objdump prints "unknown" for it */
	for (unsigned op = 1; op < ISA_OP_COUNT; op++) {
		const struct isa_row *r = &isa_rows[op];
		if (!(r->flags & ISA_T_RM) || (raw & r->mask) != r->match)
			continue;
		struct isa_insn fix;
		if (isa_decode(raw | (7u << 12), &fix) != 4)
			return -1;
		if (d->ctx && d->ctx->isa_ext && !isa_ext_allows(d->ctx->isa_reqs, fix.req))
			return -1;  /* outside the file's declared ISA: objdump prints the word */
		fix.raw = raw;
		fix.rm = (uint8_t)((raw >> 12) & 7);
		return dis_fp(d, &fix);
	}
	return -1;
}

static int disasm_common(struct isa_disasm_ctx *ctx, const struct isa_insn *in, uint64_t pc,
			 char *buf, size_t n)
{
	struct dis d = { .o = { buf, n, 0 }, .ctx = ctx, .pc = pc };
	int rc;

	if (n)
		buf[0] = 0;
	if (in->op == ISA_OP_INVALID || in->op >= ISA_OP_COUNT)
		rc = dis_invalid(&d, in);
	else if (ctx && ctx->isa_ext && !isa_ext_allows(ctx->isa_reqs, in->req))
		rc = -1;  /* outside the file's declared ISA: objdump prints the word */
	else if (in->flags & ISA_F_COMPRESSED)
		rc = dis_rvc(&d, in);
	else if (in->req == ISA_REQ_V || in->req == ISA_REQ_ZVBB)
		rc = dis_v(&d, in);
	else
		rc = dis_base(&d, in);
	if (rc) {
		d.o.len = 0;
		d.to_print = 0;
		if (n)
			buf[0] = 0;
		print_unknown(&d, in->raw, in->len == 2 ? 2 : 4);
	}
	if (d.to_print) {
		out_str(&d.o, " # ");
		print_address(&d, d.print_addr);
	}
	return (int)d.o.len;
}

/* See isa.h. */
void isa_disasm_ctx_init(struct isa_disasm_ctx *ctx)
{
	memset(ctx, 0, sizeof(*ctx));
	for (unsigned i = 0; i < 32; i++)
		ctx->hi_addr[i] = NO_ADDR;
}

/* See isa.h. */
void isa_disasm_ctx_isa(struct isa_disasm_ctx *ctx, uint64_t exts)
{
	ctx->isa_ext = exts;
	ctx->isa_reqs = exts ? isa_ext_reqs(exts) : 0;
}

/* See isa.h. */
int isa_disasm_stream(struct isa_disasm_ctx *ctx, const struct isa_insn *in, uint64_t pc,
		      char *buf, size_t n)
{
	return disasm_common(ctx, in, pc, buf, n);
}

/* See isa.h. */
int isa_disasm(const struct isa_insn *in, uint64_t pc, char *buf, size_t n)
{
	return disasm_common(NULL, in, pc, buf, n);
}
