/*
 * hart.h — architectural state of one RISC-V hart (RV64GC, user mode).
 *
 * The emulator's execution handlers (exec_*.c) read and write this struct only. The register
 * file, the FP state and the trap record below are a contract shared by the integer and the FP
 * handlers; the emulator may add fields after them.
 */
#ifndef ROBIN_EMU_HART_H
#define ROBIN_EMU_HART_H

#include <stdint.h>

/* Why execution stopped at an instruction (hart.trap.cause). */
enum hart_trap_cause {
	HART_TRAP_NONE = 0,
	HART_TRAP_ILLEGAL,      /* illegal/unsupported instruction or bad rounding mode */
	HART_TRAP_FETCH_FAULT,  /* instruction fetch from unmapped/non-executable memory */
	HART_TRAP_LOAD_FAULT,   /* load from unmapped/unreadable memory */
	HART_TRAP_STORE_FAULT,  /* store/AMO to unmapped/read-only memory */
	HART_TRAP_EBREAK,
	HART_TRAP_ECALL,        /* handled by the syscall layer, never fatal by itself */
	HART_TRAP_EXIT,         /* the guest called exit/exit_group */
	HART_TRAP_KILLED,       /* a signal ended the guest (abort, kill of itself); tval = signal */
};

struct hart_trap {
	uint32_t cause;  /* enum hart_trap_cause */
	uint64_t pc;     /* PC of the instruction that trapped */
	uint64_t tval;   /* faulting address, or the instruction bits for ILLEGAL */
};

#define HART_VLEN_MIN 128                  /* VLEN robin implements: 128 .. 1024 bits */
#define HART_VLEN_MAX 1024
#define HART_VLENB_MAX (HART_VLEN_MAX / 8)
#define HART_VTYPE_VILL (1ull << 63)
#define HART_VEXT_ZVFHMIN 1u                /* binary16 conversions of vfwcvt.f.f / vfncvt.f.f */
#define HART_VEXT_ZVBB    2u

/* One byte range a vector load or store accessed (exec_v*.c record them in element order,
 * merging a range that continues the previous one). At most one per element: vl <= 1024. */
struct hart_vmem {
	uint64_t addr;
	uint32_t len;
};
#define HART_VMEM_MAX 1024

struct hart {
	uint64_t x[32];      /* integer registers; x[0] reads as 0 (the loop restores it) */
	uint64_t f[32];      /* FP registers, 64-bit; binary32 values are NaN-boxed */
	uint64_t pc;         /* address of the executing instruction */
	uint64_t next_pc;    /* set to pc + len before each handler; jumps/branches overwrite */
	uint32_t fflags;     /* accrued exception flags: NV=16 DZ=8 OF=4 UF=2 NX=1 */
	uint32_t frm;        /* dynamic rounding mode, 0..4 valid */
	/* V 1.0 state (exec_v.h): the CSRs here, the register file at the end of the struct */
	uint64_t vl;         /* vector length */
	uint64_t vtype;      /* as the last vset* set it; HART_VTYPE_VILL alone when illegal */
	uint64_t vstart;     /* first element to execute (nonzero after a trap inside a vector op) */
	uint8_t vxrm;        /* fixed-point rounding mode, 0..3 */
	uint8_t vxsat;       /* fixed-point saturation flag */
	uint16_t vlenb;      /* VLEN / 8 (16..128); 0: the guest has no V */
	uint32_t vext;       /* HART_VEXT_* bits: the V extensions beyond V the guest has */
	struct hart_trap trap;
	/* emulator-private fields follow (memory, reservation, counters ...) */
	struct emu *emu;
	struct gmem *mem;      /* guest memory (gmem.h), &emu->mem */
	uint64_t reservation;  /* LR/SC reserved address, ~0 when none */
	uint64_t instret;      /* instructions retired */
	/* the ranges the last vector load/store accessed (emu_dyn.vmem): the handler sets them;
	 * the run loop zeroes vmem_n before a vector memory instruction */
	uint32_t vmem_n;
	struct hart_vmem vmem[HART_VMEM_MAX];
	/* v0..v31, register n at vreg + n * vlenb, so a group of LMUL registers is one
	 * little-endian array of elements */
	_Alignas(64) uint8_t vreg[32 * HART_VLENB_MAX];
};

/* Record a trap; handlers return the result: `return hart_raise(h, HART_TRAP_ILLEGAL, bits);` */
static inline int hart_raise(struct hart *h, uint32_t cause, uint64_t tval)
{
	h->trap.cause = cause;
	h->trap.pc = h->pc;
	h->trap.tval = tval;
	return -1;
}

#endif
