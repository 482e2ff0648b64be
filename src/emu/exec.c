/*
 * exec.c — the handler table: exec_table[op] = exec_<name> for every row of isa_table.def.
 * A row without a handler is an undefined symbol, so the build fails.
 */
#include "emu/exec.h"

/* An encoding that is illegal or not in RV64GC (ISA_OP_INVALID): SIGILL. */
static int exec_illegal(struct hart *h, const struct isa_insn *in)
{
	return hart_raise(h, HART_TRAP_ILLEGAL, in->raw);
}

const exec_fn exec_table[ISA_OP_COUNT] = {
	[ISA_OP_INVALID] = exec_illegal,
#define INSN(name, match, mask, fmt, cls, flags, req) [ISA_OP_##name] = exec_##name,
#include "isa/isa_table.def"
#undef INSN
};
