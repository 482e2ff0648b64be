/*
 * cycle_stack.h — the cycle-stack categories of 004_b28092482852db08.txt Paper A §3.1 (and
 * its Figure A.7) derived from a commit state and the instruction's type: cycles where the
 * core commits are "execute", a drained ROB is "front-end", a stall is split by the type of
 * the instruction at the ROB head (load, store, ALU = every other type), a flush by its cause
 * (a branch or jump: mispredict; anything else: misc flush).
 */
#ifndef ROBIN_ANALYSIS_CYCLE_STACK_H
#define ROBIN_ANALYSIS_CYCLE_STACK_H

#include "isa/isa.h"

enum cycle_stack_cat {
	CYCLE_STACK_EXECUTE,
	CYCLE_STACK_STALL_ALU,
	CYCLE_STACK_STALL_LOAD,
	CYCLE_STACK_STALL_STORE,
	CYCLE_STACK_FLUSH_MISPREDICT,
	CYCLE_STACK_FLUSH_MISC,
	CYCLE_STACK_FRONTEND,
	CYCLE_STACK_STALL_UNKNOWN,   /* a stall on code that could not be decoded */
	CYCLE_STACK_COUNT
};

/* Commit states as profile_db.h numbers them (computing, stalled, flushed, drained). */
#define CYCLE_STACK_STATE_COMPUTING 0
#define CYCLE_STACK_STATE_STALLED 1
#define CYCLE_STACK_STATE_FLUSHED 2
#define CYCLE_STACK_STATE_DRAINED 3

/* The category of cycles spent in commit state `state` on instruction `in` (NULL when the
 * instruction is unknown). AMOs and lr count as loads (the core waits on their read). */
enum cycle_stack_cat cycle_stack_classify(int state, const struct isa_insn *in);

/* "execute", "ALU stall", "load stall", "store stall", "mispredict", "misc flush",
 * "front-end", "stall (undecoded)". */
const char *cycle_stack_name(enum cycle_stack_cat c);

#endif
