/*
 * fuzz_attr.c — libFuzzer target for the reader of a RISC-V ELF's .riscv.attributes section
 * (elf_riscv_attr_arch, used by robin disasm to decode as objdump does) and for the parser of
 * the arch string it yields (isa_ext_from_arch): the input is the section's bytes. Either no
 * arch string, or a NUL-terminated one within the buffer whose extension set holds RV64GC;
 * never a read outside the input, a crash or a hang.
 *
 * FUZZ_SOURCES: src/elf/elf_objsyms.c src/isa/isa_ext.c src/util/regfile.c
 * FUZZ_LIBS: -lelf
 * FUZZ_ARGS: -max_len=1024
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "elf/elf_objsyms.h"
#include "isa/isa_ext.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* a copy of exactly size bytes, so ASan sees any read past the end */
	uint8_t *sec = malloc(size ? size : 1);
	if (!sec)
		return 0;
	memcpy(sec, data, size);
	char arch[64];
	if (elf_riscv_attr_arch(sec, size, arch, sizeof(arch)) == 0) {
		if (!memchr(arch, 0, sizeof(arch)))
			__builtin_trap();
		if (!(isa_ext_from_arch(arch) & ISA_X(ISA_X_G)))
			__builtin_trap();
	}
	free(sec);
	return 0;
}
