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
 * text_n bytes with the NUL). Returns its length in bytes (>= 1), or 0 when the bytes do not
 * decode (text then holds ".byte 0x.." / ".2byte"/".4byte" of what was seen and the caller
 * should advance by the minimum instruction size, disasm_min_len). */
size_t disasm_one(struct disasm *d, const uint8_t *code, size_t n, uint64_t pc, char *text,
		  size_t text_n);

/* Smallest instruction length of the architecture (riscv64 2, aarch64 4, x86-64 1). */
size_t disasm_min_len(const struct disasm *d);

#endif
