/*
 * exec_mem.h — what the memory handlers (exec_i.c, exec_a.c, exec_fmem.c) do when an access
 * fails or stores into decoded code: record the trap with the faulting address mem.c found.
 */
#ifndef ROBIN_EMU_EXEC_MEM_H
#define ROBIN_EMU_EXEC_MEM_H

#include "emu/hart.h"
#include "emu/gmem.h"

/* A load failed: trap with the first faulting byte. Returns -1. */
static inline int exec_load_fault(struct hart *h)
{
	return hart_raise(h, HART_TRAP_LOAD_FAULT, h->mem->fault_addr);
}

/* Result of a store whose accessor returned r != 0: -1 after a store fault, or 1 (the store
 * wrote decoded code: the run loop must look the page up again). */
static inline int exec_store_result(struct hart *h, int r)
{
	if (r < 0)
		return hart_raise(h, HART_TRAP_STORE_FAULT, h->mem->fault_addr);
	return 1;
}

#endif
