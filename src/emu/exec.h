/*
 * exec.h — one semantic handler per operation of isa_table.def.
 *
 * exec_<name>(h, in) executes the decoded instruction `in` on hart `h`: it reads and writes
 * registers, memory and FP state, may overwrite h->next_pc (already pc + len), and returns 0,
 * or -1 after hart_raise() recorded a trap. Memory handlers may also return 1: the instruction
 * completed but wrote a page holding decoded instructions (or an ecall changed the memory
 * map), so the run loop looks its code page up again. Handlers are grouped by extension:
 * exec_i.c (RV64I, Zicsr, Zifencei, system), exec_m.c, exec_a.c, exec_fmem.c (FP loads and
 * stores), exec_fd.c (the other F and D operations). exec_table[] maps enum isa_op to its
 * handler; the build fails if a row of the table has no handler.
 */
#ifndef ROBIN_EMU_EXEC_H
#define ROBIN_EMU_EXEC_H

#include "emu/hart.h"
#include "isa/isa.h"

typedef int (*exec_fn)(struct hart *h, const struct isa_insn *in);

#define INSN(name, match, mask, fmt, cls, flags, req) \
	int exec_##name(struct hart *h, const struct isa_insn *in);
#include "isa/isa_table.def"
#undef INSN

extern const exec_fn exec_table[ISA_OP_COUNT];

#endif
