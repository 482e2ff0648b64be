/*
 * exec.c — the handler table: exec_table[op] = exec_<name> for every row of isa_table.def.
 * A row without a handler is an undefined symbol, so the build fails.
 */
#include "emu/exec.h"

const exec_fn exec_table[ISA_OP_COUNT] = {
#define INSN(name, match, mask, fmt, cls, flags) [ISA_OP_##name] = exec_##name,
#include "isa/isa_table.def"
#undef INSN
};
