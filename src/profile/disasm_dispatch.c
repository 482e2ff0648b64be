/*
 * disasm_dispatch.c — the implementation of disasm.h: disassembly dispatch for listings,
 * riscv64 through robin's decoder and disassembler (src/isa), x86-64 (AT&T syntax, as
 * objdump) and aarch64 through capstone.
 */
#include "profile/disasm.h"

#include <capstone/capstone.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa/isa.h"

enum disasm_arch { DISASM_RISCV64, DISASM_X86_64, DISASM_AARCH64 };

struct disasm {
	enum disasm_arch arch;
	csh cs;          /* capstone handle (x86-64, aarch64) */
	cs_insn *insn;   /* capstone's reusable instruction buffer */
};

int disasm_open(const char *arch, struct disasm **out)
{
	struct disasm *d;
	cs_arch cs_a;
	cs_mode cs_m;
	*out = NULL;
	if (!arch)
		return -ENOTSUP;
	if (!(d = calloc(1, sizeof(*d))))
		return -ENOMEM;
	if (!strcmp(arch, "riscv64")) {
		d->arch = DISASM_RISCV64;
		*out = d;
		return 0;
	}
	if (!strcmp(arch, "x86-64")) {
		d->arch = DISASM_X86_64;
		cs_a = CS_ARCH_X86;
		cs_m = CS_MODE_64;
	} else if (!strcmp(arch, "aarch64")) {
		d->arch = DISASM_AARCH64;
		cs_a = CS_ARCH_ARM64;
		cs_m = CS_MODE_LITTLE_ENDIAN;
	} else {
		free(d);
		return -ENOTSUP;
	}
	if (cs_open(cs_a, cs_m, &d->cs) != CS_ERR_OK) {
		free(d);
		return -EIO;
	}
	if (d->arch == DISASM_X86_64)
		cs_option(d->cs, CS_OPT_SYNTAX, CS_OPT_SYNTAX_ATT);
	if (!(d->insn = cs_malloc(d->cs))) {
		cs_close(&d->cs);
		free(d);
		return -ENOMEM;
	}
	*out = d;
	return 0;
}

void disasm_close(struct disasm *d)
{
	if (!d)
		return;
	if (d->insn)
		cs_free(d->insn, 1);
	if (d->arch != DISASM_RISCV64)
		cs_close(&d->cs);
	free(d);
}

size_t disasm_min_len(const struct disasm *d)
{
	return d->arch == DISASM_RISCV64 ? 2 : d->arch == DISASM_AARCH64 ? 4 : 1;
}

static size_t riscv_one(const uint8_t *code, size_t n, uint64_t pc, char *text, size_t text_n)
{
	struct isa_insn in;
	uint32_t raw = code[0];
	if (n >= 2)
		raw |= (uint32_t)code[1] << 8;
	if (n < 2) {
		snprintf(text, text_n, ".byte\t0x%02x", code[0]);
		return 1;
	}
	int is32 = (raw & 3) == 3;
	if (is32 && n < 4) {
		snprintf(text, text_n, ".2byte\t0x%04x", raw);
		return 2;
	}
	if (is32)
		raw |= (uint32_t)code[2] << 16 | (uint32_t)code[3] << 24;
	isa_decode(raw, &in);
	isa_disasm(&in, pc, text, text_n);
	return is32 ? 4 : 2;
}

size_t disasm_one(struct disasm *d, const uint8_t *code, size_t n, uint64_t pc, char *text,
		  size_t text_n)
{
	if (n == 0 || text_n == 0)
		return 0;
	if (d->arch == DISASM_RISCV64)
		return riscv_one(code, n, pc, text, text_n);
	const uint8_t *p = code;
	size_t left = n;
	uint64_t addr = pc;
	if (cs_disasm_iter(d->cs, &p, &left, &addr, d->insn)) {
		if (d->insn->op_str[0])
			snprintf(text, text_n, "%s\t%s", d->insn->mnemonic, d->insn->op_str);
		else
			snprintf(text, text_n, "%s", d->insn->mnemonic);
		return d->insn->size;
	}
	if (d->arch == DISASM_AARCH64 && n >= 4) {
		snprintf(text, text_n, ".inst\t0x%08x", (unsigned)(code[0] | code[1] << 8 |
			 code[2] << 16 | (uint32_t)code[3] << 24));
		return 4;
	}
	snprintf(text, text_n, ".byte\t0x%02x", code[0]);
	return 1;
}
