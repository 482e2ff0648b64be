/*
 * coproc_isa.h — the microcode of the profiling co-processor (001_df4aea695fbcd9aa.txt §3.3-3.4,
 * Table 1; documented in docs/coproc.md): one 48-bit word per cycle holding an ALU operation,
 * a memory operation (associative array or data array), an index-register increment and one
 * branch slot. Shared by the assembler (coproc_asm.c) and the engine (coproc_engine.c).
 */
#ifndef ROBIN_COPROC_COPROC_ISA_H
#define ROBIN_COPROC_COPROC_ISA_H

#include <stdint.h>

/* Table 1's sizes (the defaults; memory sizes are configurable). */
#define COPROC_UCODE_WORDS   64     /* microcode array: 64 x 48-bit words */
#define COPROC_NVAL          4      /* value registers v0-v3, 64-bit */
#define COPROC_NIDX          8      /* index registers i0-i7, index_width bits */
#define COPROC_NCONST        4      /* constant registers c0-c3, 64-bit, read-only */
#define COPROC_NBASE         8      /* base-address registers b0-b7, 16-bit, read-only */
#define COPROC_NTARGET       4      /* branch-target registers t0-t3, 6-bit, read-only */
#define COPROC_CAM_BYTES     1024   /* associative array: 32-bit keys, so 256 entries */
#define COPROC_DATA_BYTES    2048   /* data array */
#define COPROC_CAM_MAX_BYTES 8192   /* largest configurable sizes (--coproc-mem-scale) */
#define COPROC_DATA_MAX_BYTES 16384

/* Operands (5 bits): registers, the decoder/field extractor's fields, zero. */
enum coproc_operand {
	COPROC_OP_V0 = 0,                 /* v0..v3 = 0..3 */
	COPROC_OP_I0 = 4,                 /* i0..i7 = 4..11 */
	COPROC_OP_C0 = 12,                /* c0..c3 = 12..15 (read-only) */
	COPROC_OP_F0 = 16,                /* fields of the sample at the head (read-only) */
	COPROC_OP_ZERO = 31,
};

/* Fields of the decoder/field extractor (operand COPROC_OP_F0 + field). */
enum coproc_field {
	COPROC_F_PC = 0,     /* f.pc: the instruction's address */
	COPROC_F_VALUE,      /* f.value: loaded or stored value (probe_insn.mem_value) */
	COPROC_F_ADDR,       /* f.addr: effective address */
	COPROC_F_INSN,       /* f.insn: the encoding */
	COPROC_F_CLASS,      /* f.class: enum isa_class */
	COPROC_F_RD,         /* f.rd, f.rs1, f.rs2: register numbers (0xff none) */
	COPROC_F_RS1,
	COPROC_F_RS2,
	COPROC_F_IMM,        /* f.imm: sign-extended immediate */
	COPROC_F_TARGET,     /* f.target: next PC of a control transfer */
	COPROC_F_TAKEN,      /* f.taken: 1 if taken */
	COPROC_F_EVENTS,     /* f.events: PROBE_EV_* */
	COPROC_F_SIZE,       /* f.size: access size in bytes */
	COPROC_F_LATENCY,    /* f.latency: load-to-use cycles */
	COPROC_F_VLO,        /* f.vlo: the low 32 bits of f.value (what a slot stores);
	                        extracted from value, so `.fields value` carries it */
	COPROC_F_COUNT
};

/* ALU operations (4 bits). Flags: z (result 0), sat (saturated), lt (a < b unsigned),
 * eq (a == b). Results saturate at the destination's width (64 bits for v, index_width for
 * i) instead of wrapping, except addw. */
enum coproc_alu {
	COPROC_ALU_NOP = 0,
	COPROC_ALU_MOV,      /* d = a */
	COPROC_ALU_ADD,      /* d = a + b, saturating */
	COPROC_ALU_SUB,      /* d = a - b, saturating at 0 */
	COPROC_ALU_ADDW,     /* d = a + b, wrapping at the destination's width */
	COPROC_ALU_AND,
	COPROC_ALU_OR,
	COPROC_ALU_XOR,
	COPROC_ALU_SHL,      /* d = a << n (n: the b field as a 5-bit immediate), saturating */
	COPROC_ALU_SHR,      /* d = a >> n */
	COPROC_ALU_INC,      /* d = min(a + 1, b): a counter saturating at b (sat when it hits b) */
	COPROC_ALU_DEC,      /* d = a - 1, saturating at 0 (sat when a was 0) */
	COPROC_ALU_RAND,     /* d = LFSR & b, and the 16-bit LFSR steps */
	COPROC_ALU_CMP,      /* flags of a against b only */
	COPROC_ALU_COUNT
};

/* Memory operations (4 bits): one per word, on the associative array (CAM) or data array.
 * The CAM entry or data element is chosen by an index register (and for the data array a
 * base register: byte address base + index * element size). */
enum coproc_mem {
	COPROC_MEM_NONE = 0,
	COPROC_MEM_CMATCH,   /* idx = entry whose valid key equals the low 32 bits of r; flags
	                        hit/miss (idx unchanged on a miss) */
	COPROC_MEM_CWRITE,   /* key[idx] = r (low 32 bits), valid */
	COPROC_MEM_CINVAL,   /* valid[idx] = 0 (the key stays readable by the host) */
	COPROC_MEM_CCLEAR,   /* every entry invalid */
	COPROC_MEM_LDB,      /* r = data[b + idx] (1, 2, 4, 8 bytes, zero-extended) */
	COPROC_MEM_LDH,
	COPROC_MEM_LDW,
	COPROC_MEM_LDD,
	COPROC_MEM_STB,      /* data[b + idx*size] = r */
	COPROC_MEM_STH,
	COPROC_MEM_STW,
	COPROC_MEM_STD,
	COPROC_MEM_INCB,     /* read-modify-write: data += 1 saturating (flag msat), r = new */
	COPROC_MEM_INCH,
	COPROC_MEM_DCLEAR,   /* the whole data array = 0 */
	COPROC_MEM_COUNT
};

/* Branch conditions (4 bits), on this word's flags. */
enum coproc_cond {
	COPROC_BR_NEVER = 0, COPROC_BR_ALWAYS,
	COPROC_BR_Z, COPROC_BR_NZ,           /* ALU result zero */
	COPROC_BR_SAT, COPROC_BR_NSAT,       /* ALU saturated */
	COPROC_BR_LT, COPROC_BR_GE,          /* ALU a < b (unsigned) */
	COPROC_BR_EQ, COPROC_BR_NE,          /* ALU a == b */
	COPROC_BR_HIT, COPROC_BR_MISS,       /* CAM match */
	COPROC_BR_MSAT, COPROC_BR_NMSAT,     /* data-array read-modify-write saturated */
	COPROC_BR_COUNT
};

/* Branch target (6 bits): mode in the top 2 bits. */
#define COPROC_TGT_REL      0x00   /* low 4 bits: signed word offset -8..+7 from this word */
#define COPROC_TGT_REG      0x10   /* low 2 bits: branch-target register t0..t3 */
#define COPROC_TGT_DONE     0x20   /* the next sample's start PC (the sample is consumed) */
#define COPROC_TGT_INTR     0x30   /* halt and interrupt the main processor */
#define COPROC_REL_MIN      (-8)
#define COPROC_REL_MAX      7

/* The 48-bit word. */
#define COPROC_W_ALU(w)     ((unsigned)((w) & 0xf))
#define COPROC_W_ALU_D(w)   ((unsigned)(((w) >> 4) & 0x1f))
#define COPROC_W_ALU_A(w)   ((unsigned)(((w) >> 9) & 0x1f))
#define COPROC_W_ALU_B(w)   ((unsigned)(((w) >> 14) & 0x1f))
#define COPROC_W_MEM(w)     ((unsigned)(((w) >> 19) & 0xf))
#define COPROC_W_MEM_BASE(w) ((unsigned)(((w) >> 23) & 0x7))
#define COPROC_W_MEM_IDX(w) ((unsigned)(((w) >> 26) & 0x7))
#define COPROC_W_MEM_R(w)   ((unsigned)(((w) >> 29) & 0x1f))
#define COPROC_W_COND(w)    ((unsigned)(((w) >> 34) & 0xf))
#define COPROC_W_TGT(w)     ((unsigned)(((w) >> 38) & 0x3f))
#define COPROC_W_NEXT_EN(w) ((unsigned)(((w) >> 44) & 0x1))   /* index incrementer */
#define COPROC_W_NEXT_I(w)  ((unsigned)(((w) >> 45) & 0x7))

static inline uint64_t coproc_word(unsigned alu, unsigned d, unsigned a, unsigned b, unsigned mem,
				   unsigned base, unsigned idx, unsigned r, unsigned cond,
				   unsigned tgt, unsigned next_en, unsigned next_i)
{
	return (uint64_t)alu | (uint64_t)d << 4 | (uint64_t)a << 9 | (uint64_t)b << 14 |
	       (uint64_t)mem << 19 | (uint64_t)base << 23 | (uint64_t)idx << 26 |
	       (uint64_t)r << 29 | (uint64_t)cond << 34 | (uint64_t)tgt << 38 |
	       (uint64_t)next_en << 44 | (uint64_t)next_i << 45;
}

/* Names (assembler, disassembly in docs and errors). */
extern const char *const coproc_alu_names[COPROC_ALU_COUNT];
extern const char *const coproc_mem_names[COPROC_MEM_COUNT];
extern const char *const coproc_cond_names[COPROC_BR_COUNT];
extern const char *const coproc_field_names[COPROC_F_COUNT];   /* "pc", "value", ... */

#endif
