/*
 * cycle_stack.c — commit state + instruction type → cycle-stack category (see cycle_stack.h).
 */
#include "analysis/cycle_stack.h"

enum cycle_stack_cat cycle_stack_classify(int state, const struct isa_insn *in)
{
	switch (state) {
	case CYCLE_STACK_STATE_COMPUTING:
		return CYCLE_STACK_EXECUTE;
	case CYCLE_STACK_STATE_DRAINED:
		return CYCLE_STACK_FRONTEND;
	case CYCLE_STACK_STATE_FLUSHED:
		if (in && (in->cls == ISA_CLASS_BRANCH || in->cls == ISA_CLASS_JUMP))
			return CYCLE_STACK_FLUSH_MISPREDICT;
		return CYCLE_STACK_FLUSH_MISC;
	default:
		if (!in || in->op == ISA_OP_INVALID)
			return CYCLE_STACK_STALL_UNKNOWN;
		switch (in->cls) {
		case ISA_CLASS_LOAD:
		case ISA_CLASS_AMO:
			return CYCLE_STACK_STALL_LOAD;
		case ISA_CLASS_STORE:
			return CYCLE_STACK_STALL_STORE;
		default:
			return CYCLE_STACK_STALL_ALU;
		}
	}
}

const char *cycle_stack_name(enum cycle_stack_cat c)
{
	static const char *const names[CYCLE_STACK_COUNT] = {
		[CYCLE_STACK_EXECUTE] = "execute",
		[CYCLE_STACK_STALL_ALU] = "ALU stall",
		[CYCLE_STACK_STALL_LOAD] = "load stall",
		[CYCLE_STACK_STALL_STORE] = "store stall",
		[CYCLE_STACK_FLUSH_MISPREDICT] = "mispredict",
		[CYCLE_STACK_FLUSH_MISC] = "misc flush",
		[CYCLE_STACK_FRONTEND] = "front-end",
		[CYCLE_STACK_STALL_UNKNOWN] = "stall (undecoded)",
	};
	return c < CYCLE_STACK_COUNT ? names[c] : "?";
}
