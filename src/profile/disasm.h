/*
 * disasm.h — disassembly of image bytes for listings, dispatched by architecture: riscv64
 * through robin's own decoder and disassembler (isa_decode / isa_disasm, objdump syntax),
 * x86-64 and aarch64 through capstone.
 */
#ifndef ROBIN_PROFILE_DISASM_H
#define ROBIN_PROFILE_DISASM_H

#include <stddef.h>
#include <stdint.h>

struct disasm;

/* Open a disassembler for arch "riscv64", "x86-64" or "aarch64" (symbols_ident.arch).
 * Returns 0, -ENOTSUP for another arch, -EIO if capstone fails. */
int disasm_open(const char *arch, struct disasm **out) __attribute__((warn_unused_result));
void disasm_close(struct disasm *d);

/* Disassemble the instruction at code[0..n) whose address (offset) is pc into text (at most
 * text_n bytes with the NUL): "mnemonic<TAB>operands" (x86-64 in AT&T syntax, as objdump).
 * Returns the number of bytes to advance: the instruction's length, or for bytes that do not
 * decode the unit that text shows as data (".byte 0x..", ".inst 0x..", ".2byte"/".4byte").
 * Returns 0 only when n is 0. */
size_t disasm_one(struct disasm *d, const uint8_t *code, size_t n, uint64_t pc, char *text,
		  size_t text_n);

/* Smallest instruction length of the architecture (riscv64 2, aarch64 4, x86-64 1). */
size_t disasm_min_len(const struct disasm *d);

#endif
