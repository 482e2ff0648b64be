/*
 * isa.h — the decoded-instruction contract of robin (RV64GC, the scalar extensions of the
 * RVA22U64 and RVA23U64 profiles: isa_ext.h says which a guest sees).
 *
 * Every static instruction is decoded once (isa_decode) into a struct isa_insn that the
 * emulator, the timing model and every profiler read; nobody re-decodes. The operations come
 * from one X-macro table, isa_table.def, whose rows are
 *     INSN(name, match, mask, format, class, flags)
 * and which the decoder, the disassembler, the emulator's handler table and the tests include.
 * Compressed instructions are expanded to the base operation they stand for; the raw 16-bit
 * encoding and ISA_F_COMPRESSED stay on the record so the disassembler prints what objdump does.
 */
#ifndef ROBIN_ISA_H
#define ROBIN_ISA_H

#include <stddef.h>
#include <stdint.h>

/* Operations: ISA_OP_<name> for every row of isa_table.def, names are the mnemonic in lower
 * case with '.' replaced by '_' (fadd_s, fcvt_l_d, amoadd_w, lr_d, fence_i, csrrw ...). */
enum isa_op {
	ISA_OP_INVALID = 0,
#define INSN(name, match, mask, fmt, cls, flags, req) ISA_OP_##name,
#include "isa/isa_table.def"
#undef INSN
	ISA_OP_COUNT
};

/* Timing classes: what kind of functional unit / pipeline behaviour the core models. */
enum isa_class {
	ISA_CLASS_ALU,
	ISA_CLASS_MUL,
	ISA_CLASS_DIV,
	ISA_CLASS_LOAD,       /* integer and FP loads, lr */
	ISA_CLASS_STORE,      /* integer and FP stores */
	ISA_CLASS_BRANCH,     /* conditional branches */
	ISA_CLASS_JUMP,       /* jal, jalr */
	ISA_CLASS_FP_ADD,     /* fadd/fsub, fmin/fmax, fsgnj*, compares */
	ISA_CLASS_FP_MUL,     /* fmul and the fused multiply-adds */
	ISA_CLASS_FP_DIVSQRT, /* fdiv, fsqrt (unpipelined) */
	ISA_CLASS_FP_CVT,     /* fcvt.*, fmv.*, fclass */
	ISA_CLASS_CSR,
	ISA_CLASS_FENCE,      /* fence, fence.i */
	ISA_CLASS_AMO,        /* amo*, sc */
	ISA_CLASS_SYSTEM,     /* ecall, ebreak */
	/* V: one ROB entry each, executed by the vector unit over vl elements */
	ISA_CLASS_VSET,       /* vsetvli, vsetivli, vsetvl */
	ISA_CLASS_VALU,       /* integer add/logic/shift/compare/merge/move, fixed point, masks */
	ISA_CLASS_VMUL,       /* integer multiply, multiply-add, vsmul */
	ISA_CLASS_VDIV,       /* integer divide, remainder */
	ISA_CLASS_VFP,        /* FP add/mul/fma/min/max/compare/sign/convert/class/estimates */
	ISA_CLASS_VFDIV,      /* FP divide, square root */
	ISA_CLASS_VPERM,      /* gathers, slides, compress, moves to and from scalars */
	ISA_CLASS_VRED,       /* reductions (integer, widening, FP ordered and unordered) */
	ISA_CLASS_VLOAD,      /* vector loads of every kind */
	ISA_CLASS_VSTORE,     /* vector stores of every kind */
	ISA_CLASS_COUNT
};

/* The vector classes are the last ones. */
#define ISA_CLASS_IS_V(c) ((c) >= ISA_CLASS_VSET && (c) < ISA_CLASS_COUNT)

/* Instruction formats (for decoding operand fields and for the disassembler). */
enum isa_format {
	ISA_FMT_R, ISA_FMT_R4, ISA_FMT_I, ISA_FMT_S, ISA_FMT_B, ISA_FMT_U, ISA_FMT_J,
	ISA_FMT_SHIFT,   /* I with 6-bit shamt */
	ISA_FMT_CSR,     /* csrrw/s/c */
	ISA_FMT_CSRI,    /* csrrwi/si/ci */
	ISA_FMT_AMO,     /* R with aq/rl */
	ISA_FMT_FENCE,
	ISA_FMT_NONE,    /* ecall, ebreak, fence.i */
	ISA_FMT_MOP,     /* Zimop mop.r.n rd, rs1 / mop.rr.n rd, rs1, rs2: n in imm */
	ISA_FMT_FLI,     /* Zfa fli.*: rd, the constant's index (rs1 field) in imm */
	ISA_FMT_VSETVLI, /* vsetvli rd, rs1, vtypei: imm = the 11-bit vtype immediate */
	ISA_FMT_VSETIVLI,/* vsetivli rd, uimm, vtypei: imm = vtypei | (uimm << 32) */
	ISA_FMT_VMEM,    /* unit-stride, fault-only-first, whole-register and mask loads/stores */
	ISA_FMT_VMEM_S,  /* strided: rs2 is the x register of the byte stride */
	ISA_FMT_VMEM_X,  /* indexed: rs2 is the vector of byte offsets (EEW = size) */
	ISA_FMT_VOP,     /* OP-V arithmetic: vd, vs2, and vs1 / rs1 / fs1 / imm by funct3 */
	ISA_FMT_COUNT
};

/* Flags on a decoded instruction. */
#define ISA_F_COMPRESSED   (1u << 0)  /* came from a 16-bit RVC encoding */
#define ISA_F_SERIALIZE    (1u << 1)  /* flushes the pipeline after commit: writes to
                                         fflags/frm/fcsr (not renamed, as in BOOM), fence.i */
#define ISA_F_ECALL        (1u << 2)
#define ISA_F_EBREAK       (1u << 3)
#define ISA_F_CALL         (1u << 4)  /* jal/jalr writing ra or t0 (RAS push) */
#define ISA_F_RET          (1u << 5)  /* jalr x0, 0(ra|t0) (RAS pop) */
#define ISA_F_INDIRECT     (1u << 6)  /* jalr */
#define ISA_F_COND         (1u << 7)  /* conditional branch */
#define ISA_F_AQ           (1u << 8)
#define ISA_F_RL           (1u << 9)
#define ISA_F_UNSIGNED     (1u << 10) /* zero-extending load (lbu, lhu, lwu) */
#define ISA_F_READS_FFLAGS (1u << 11) /* CSR read of fflags/fcsr: must wait for older FP ops */
#define ISA_F_WRITES_FFLAGS (1u << 12)/* FP op that may raise fflags (accrued, not renamed) */
#define ISA_F_DYN_RM       (1u << 13) /* FP op with rm = 7 (dynamic, reads frm) */
#define ISA_F_FP_SINGLE    (1u << 14) /* operates on binary32 */
#define ISA_F_PREFETCH     (1u << 15) /* Zicbop prefetch.r / prefetch.w: ori x0, rs1, imm with
                                         imm[4:0] = 1 (read) or 3 (write); architecturally a
                                         no-op, a hint to fetch the line of rs1 + (imm & ~31)
                                         (emu_dyn.mem_addr carries it) */

/* Row attributes: used only in the flags column of isa_table.def (bits 16..31). isa_decode
 * turns them into operand fields and size; they never appear in isa_insn.flags. */
#define ISA_T_RD_F    (1u << 16) /* rd names an f register */
#define ISA_T_RS1_F   (1u << 17) /* rs1 names an f register */
#define ISA_T_RS2_F   (1u << 18) /* rs2 names an f register */
#define ISA_T_NO_RS2  (1u << 19) /* R/AMO format whose rs2 field is part of the opcode */
#define ISA_T_RM      (1u << 20) /* bits 14:12 are a rounding mode (7 = dynamic) */
#define ISA_T_RD_X    (1u << 21) /* V: rd names an x register (vmv.x.s, vcpop.m, vfirst.m) */
#define ISA_T_NO_RS1  (1u << 22) /* V: the vs1/rs1 field is part of the opcode (unary ops) */
#define ISA_T_VD_SRC  (1u << 23) /* V: vd is also a source (multiply-adds): rs3 = vd */
#define ISA_T_UIMM    (1u << 28) /* V: the OPIVI immediate is unsigned (shifts, slides ...) */
#define ISA_T_SIZE(n) ((uint32_t)(n) << 24) /* memory access size in bytes (1..8) */
#define ISA_T_SIZE_OF(f) (((f) >> 24) & 0xfu)
#define ISA_T_MASK    0xffff0000u
#define ISA_T_FFF (ISA_T_RD_F | ISA_T_RS1_F | ISA_T_RS2_F)  /* f = f op f (R4: rs3 is f too) */
#define ISA_T_FF  (ISA_T_RD_F | ISA_T_RS1_F | ISA_T_NO_RS2) /* f = op f */
#define ISA_T_XFF (ISA_T_RS1_F | ISA_T_RS2_F)               /* x = f op f */
#define ISA_T_XF  (ISA_T_RS1_F | ISA_T_NO_RS2)              /* x = op f */
#define ISA_T_FX  (ISA_T_RD_F | ISA_T_NO_RS2)               /* f = op x */

/* What an encoding needs of the guest's ISA: the req column of isa_table.def, one of these
 * per row (and per compressed row beyond RV64C). isa_ext.h turns a set of extensions into
 * the set of reqs it allows. */
enum isa_req {
	ISA_REQ_G,         /* RV64GC */
	ISA_REQ_ZBA, ISA_REQ_ZBB, ISA_REQ_ZBS, ISA_REQ_ZBC, ISA_REQ_ZBKB,
	ISA_REQ_ZBB_ZBKB,  /* Zbb or Zbkb */
	ISA_REQ_ZICOND, ISA_REQ_ZICBOM, ISA_REQ_ZICBOZ, ISA_REQ_ZAWRS, ISA_REQ_ZIMOP,
	ISA_REQ_ZFHMIN,    /* Zfhmin or Zfh */
	ISA_REQ_ZFH, ISA_REQ_ZFA,
	ISA_REQ_ZFA_ZFH,   /* Zfa and Zfh */
	ISA_REQ_ZCB,       /* Zcb (c.lbu, c.lhu, c.lh, c.sb, c.sh, c.zext.b, c.not, c.mul) */
	ISA_REQ_ZCB_ZBB,   /* Zcb and Zbb (c.sext.b, c.sext.h, c.zext.h) */
	ISA_REQ_ZCB_ZBA,   /* Zcb and Zba (c.zext.w) */
	ISA_REQ_ZCMOP,     /* c.mop.n */
	ISA_REQ_V,         /* the vector extension V 1.0 */
	ISA_REQ_ZVBB,      /* vector basic bit-manipulation */
	ISA_REQ_COUNT
};

/* Register operands use one numbering: 0..31 = x0..x31, 32..63 = f0..f31, 64..95 = v0..v31.
 * ISA_REG_NONE marks an absent operand. A destination of x0 is encoded as rd = 0: it is
 * architecturally discarded, and consumers must treat it as "no destination". */
#define ISA_REG_NONE 0xff
#define ISA_REG_F(n) ((uint8_t)(32 + (n)))
#define ISA_REG_IS_FP(r) ((r) >= 32 && (r) < 64)
#define ISA_REG_V(n) ((uint8_t)(64 + (n)))
#define ISA_REG_IS_V(r) ((r) >= 64 && (r) < 96)

struct isa_insn {
	uint32_t raw;     /* encoding as fetched: 16-bit for RVC (in the low half), else 32-bit */
	uint16_t op;      /* enum isa_op */
	uint8_t  cls;     /* enum isa_class */
	uint8_t  fmt;     /* enum isa_format */
	uint8_t  len;     /* bytes: 2 or 4 */
	uint8_t  rd;      /* destination (see numbering above) or ISA_REG_NONE */
	uint8_t  rs1, rs2, rs3; /* sources or ISA_REG_NONE */
	uint8_t  size;    /* memory access size in bytes (loads, stores, AMOs), else 0 */
	uint8_t  rm;      /* FP rounding-mode field (7 = dynamic), else 0 */
	uint8_t  req;     /* enum isa_req: what the encoding needs of the guest's ISA */
	uint16_t csr;     /* CSR number for Zicsr instructions */
	uint8_t  masked;  /* V: the instruction is masked by v0 (its vm bit is 0) */
	uint8_t  nf;      /* V loads/stores: the nf field (fields per segment - 1; whole-register
	                     rows: registers - 1) */
	uint32_t flags;   /* ISA_F_* */
	int64_t  imm;     /* sign-extended immediate (branch/jump offsets in bytes; U-type
	                     already shifted left by 12; CSRI: the 5-bit uimm; shifts: shamt;
	                     fence: pred/succ bits as (pred << 4) | succ; V: OPIVI's simm5 or
	                     uimm5, vset*: see ISA_FMT_VSETVLI) */
};
_Static_assert(sizeof(struct isa_insn) == 32, "isa_insn stays half a cache line");

/* The address a load, store or AMO with size != 0 accesses, given the value of rs1: rs1 + imm,
 * or for cbo.zero the 64-byte block holding rs1. */
static inline uint64_t isa_mem_addr(const struct isa_insn *in, uint64_t rs1)
{
	return in->op == ISA_OP_cbo_zero ? rs1 & ~(uint64_t)63 : rs1 + (uint64_t)in->imm;
}

/* Decode the instruction whose first (little-endian) 16 bits are in the low half of `raw`
 * (pass 32 bits; only the low 16 are read when they are an RVC encoding). Fills *out.
 * Returns the length in bytes (2 or 4), or 0 if the encoding is illegal or in no extension
 * robin knows; out->op is then ISA_OP_INVALID and out->raw/len describe what was seen.
 * Every extension robin knows decodes; out->req says which the encoding needs (the emulator
 * refuses those its guest's ISA lacks, isa_ext.h). */
int isa_decode(uint32_t raw, struct isa_insn *out);

/* The canonical 32-bit encoding of a decoded instruction (compressed ones included: their
 * 32-bit equivalent); fields the row does not use are zero. 0 for ISA_OP_INVALID. */
uint32_t isa_encode(const struct isa_insn *in);

/* Disassemble as `riscv64-linux-gnu-objdump -d` (GNU binutils 2.40) prints the instruction
 * text (mnemonic, a tab when there are operands, operands; pseudo-instructions as objdump
 * prints them; branch and jump targets as absolute hex addresses "0x1e" computed from pc, as
 * objdump prints them for a file without symbols; encodings objdump does not know as
 * ".4byte 0x..."/".2byte 0x..."). V 1.0 prints as 2.40 prints it; extensions 2.40 does not
 * know (Zicond, Zfa, Zcb, Zimop, Zcmop, Zvbb) print as binutils 2.46 prints them. Every extension robin knows prints whatever
 * the ELF's arch attribute (objdump decodes by it; robin has no such input). Stateless: no "# <address>" notes (see
 * isa_disasm_stream).
 * Writes at most n bytes including the NUL (truncating). Returns the number of characters
 * written (excluding the NUL). */
int isa_disasm(const struct isa_insn *in, uint64_t pc, char *buf, size_t n);

/* State of a disassembly stream, the way objdump keeps it for one file: the value each
 * register received from lui/auipc (so a later addi/load/store/jalr through it gets a
 * "# <address>" note), the global pointer, and how to print a code address. */
struct isa_disasm_ctx {
	uint64_t hi_addr[32];  /* lui/auipc result per x register, UINT64_MAX if none */
	uint64_t gp;           /* value of __global_pointer$ when has_gp */
	int has_gp;
	/* Writes the text for an address (objdump: "1e <.L4>") into buf (n bytes incl. NUL);
	 * NULL prints "0x1e". */
	void (*print_addr)(void *arg, uint64_t addr, char *buf, size_t n);
	void *arg;
	/* The extensions the file declares (isa/isa_ext.h ISA_X bits), as objdump decodes by the
	 * file's arch attribute: an instruction outside them prints as ".4byte"/".2byte", and
	 * the hints pause (Zihintpause) and prefetch.* (Zicbop) as the base instruction. 0 (the
	 * default): every extension robin knows. Set with isa_disasm_ctx_isa. */
	uint64_t isa_ext;
	uint32_t isa_reqs;
};

/* Resets ctx: no register values known, no gp, addresses printed as "0x..". */
void isa_disasm_ctx_init(struct isa_disasm_ctx *ctx);

/* Restricts ctx to the extensions exts (isa_ext.h; 0: all). */
void isa_disasm_ctx_isa(struct isa_disasm_ctx *ctx, uint64_t exts);

/* Like isa_disasm, for the next instruction of a stream in address order: updates ctx and
 * appends objdump's " # <address>" note where objdump prints one. */
int isa_disasm_stream(struct isa_disasm_ctx *ctx, const struct isa_insn *in, uint64_t pc,
		      char *buf, size_t n);

/* Names for tables and reports. */
const char *isa_op_name(enum isa_op op);       /* "fadd.s" */
const char *isa_class_name(enum isa_class cls); /* "fp-add" */

#endif
