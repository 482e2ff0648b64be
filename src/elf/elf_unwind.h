/*
 * elf_unwind.h — DWARF call-frame unwinding of a copy of a thread's user stack (libdw's
 * dwfl frame API over .eh_frame / .debug_frame), as `perf record --call-graph dwarf` does:
 * an address space whose images are reported to libdw on demand (the caller says which file is
 * mapped where), and per sample the registers and the bytes of the stack the kernel copied;
 * memory outside the copy is read from the mapped files. Offline: nothing here touches the
 * sampled process. x86-64 only (DWARF register numbers 0-16, 16 = the pc).
 * Entry points: elf_unwind_space_new, elf_unwind_stack, elf_unwind_space_free.
 */
#ifndef ROBIN_ELF_UNWIND_H
#define ROBIN_ELF_UNWIND_H

#include <stddef.h>
#include <stdint.h>

#define ELF_UNWIND_NREGS 17    /* x86-64 DWARF registers rax..r15 and the return address */
#define ELF_UNWIND_REG_SP 7
#define ELF_UNWIND_REG_PC 16

/* The file mapped at an address: link-time address = runtime address + bias. */
struct elf_unwind_map {
	const char *path;
	int64_t bias;
};

/* Which file is mapped at addr: 0 and *out filled, or -ENOENT (anonymous memory, unknown). */
typedef int (*elf_unwind_lookup_fn)(void *arg, uint64_t addr, struct elf_unwind_map *out);

struct elf_unwind_space;

/* An address space (one process image) whose mappings `lookup(arg, ...)` describes.
 * 0, -ENOMEM, or -ENOTSUP when this build cannot unwind (not x86-64). */
int elf_unwind_space_new(elf_unwind_lookup_fn lookup, void *arg, struct elf_unwind_space **out)
	__attribute__((warn_unused_result));

/* Unwind one sample of thread tid: regs in DWARF numbering (regs[16] = the sampled pc), and
 * stack_size bytes copied from address regs[7] (the stack pointer) upwards. Writes up to max
 * pcs, the sampled pc first, then each caller's return address minus one (inside its call
 * instruction, as perf_rec_callchain moves them); *n receives the count (at least 1). Returns 0
 * (also when unwinding stopped early: missing CFI, a frame outside every file), -ENOMEM. */
int elf_unwind_stack(struct elf_unwind_space *s, uint32_t tid, const uint64_t *regs,
		     const void *stack, size_t stack_size, uint64_t *pc, size_t max, size_t *n)
	__attribute__((warn_unused_result));

void elf_unwind_space_free(struct elf_unwind_space *s);

#endif
