/*
 * isa_internal.h — what the files of src/isa/ share and the isa unit tests inspect:
 * the row table built from isa_table.def, the compressed-instruction table and the
 * common last step of decoding.
 */
#ifndef ROBIN_ISA_INTERNAL_H
#define ROBIN_ISA_INTERNAL_H

#include <stdint.h>

#include "isa/isa.h"

struct isa_row {
	uint32_t match;
	uint32_t mask;
	uint8_t fmt;         /* enum isa_format */
	uint8_t cls;         /* enum isa_class */
	uint32_t flags;      /* ISA_F_* and ISA_T_* of the row */
	const char *name;    /* row name, "fadd_s" */
	uint8_t req;         /* enum isa_req */
};

/* One row per operation, indexed by enum isa_op; row 0 (INVALID) matches nothing useful. */
extern const struct isa_row isa_rows[ISA_OP_COUNT];

/* How a compressed row's operands sit in its 16 bits (see decode_rvc.c). */
enum isa_rvc_kind {
	RVC_K_NONE, RVC_K_ADDI4SPN, RVC_K_LD, RVC_K_LW, RVC_K_SD, RVC_K_SW, RVC_K_ADDI,
	RVC_K_LI, RVC_K_ADDI16SP, RVC_K_LUI, RVC_K_SHIFTP, RVC_K_ANDI, RVC_K_ARITH, RVC_K_J,
	RVC_K_BRANCH, RVC_K_SLLI, RVC_K_LDSP, RVC_K_LWSP, RVC_K_SDSP, RVC_K_SWSP, RVC_K_JR,
	RVC_K_JALR, RVC_K_MV, RVC_K_ADD,
	/* Zcb, Zcmop */
	RVC_K_LBU, RVC_K_LH, RVC_K_SB, RVC_K_SH, RVC_K_UNARY, RVC_K_ZEXT_B, RVC_K_ZEXT_W,
	RVC_K_NOT, RVC_K_MOP,
};

/* Constraints of a compressed row. */
#define RVC_NZ_IMM    (1u << 0)  /* the immediate is nonzero */
#define RVC_NZ_RD     (1u << 1)  /* bits 11:7 (rd or rs1) are nonzero */
#define RVC_NZ_RS2    (1u << 2)  /* bits 6:2 are nonzero */
#define RVC_RD_NOT_SP (1u << 3)  /* bits 11:7 are not 2 */

/* Compressed rows, in the order of isa_rvc_table.def. */
enum isa_rvc_row {
#define RVC(name, match, mask, base, kind, cons, req) ISA_RVC_##name,
#include "isa/isa_rvc_table.def"
#undef RVC
	ISA_RVC_COUNT
};

struct isa_rvc_desc {
	uint16_t match, mask;
	uint16_t base;       /* enum isa_op it expands to */
	uint8_t kind;        /* enum isa_rvc_kind */
	uint8_t cons;        /* RVC_* constraints */
	uint8_t req;         /* enum isa_req */
	const char *name;    /* "c_addi4spn" */
};

extern const struct isa_rvc_desc isa_rvc_rows[ISA_RVC_COUNT];

/* Whether compressed row `row` accepts raw16 (match, mask and constraints). */
int isa_rvc_accepts(unsigned row, uint32_t raw16);

/* The compressed row that accepts raw16, or -1 if it is reserved/illegal. */
int isa_rvc_lookup(uint32_t raw16);

/* Decode a 16-bit RVC encoding (decode_rvc.c). Same contract as isa_decode. */
int isa_decode_rvc(uint32_t raw16, struct isa_insn *out);

/* Completes a decoded record whose op, raw, len, registers, imm, csr, rm and AQ/RL/COMPRESSED
 * flags are set: class, format, size and the derived flags (CALL/RET, SERIALIZE, DYN_RM ...).
 * Returns 0, or -1 if the fields make the encoding illegal (reserved rounding mode). */
int isa_decode_finish(struct isa_insn *in);

#endif
