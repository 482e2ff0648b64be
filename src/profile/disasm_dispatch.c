/*
 * disasm_dispatch.c — the implementation of disasm.h: disassembly dispatch for listings,
 * riscv64 through robin's decoder and disassembler (src/isa), x86-64 (AT&T syntax, as
 * objdump) and aarch64 through capstone.
 *
 * capstone is opened with dlopen on the first x86-64/aarch64 disassembler, not linked: its
 * ~77,000 relocations cost every robin process (robin run included) about 8 ms of start-up
 * when linked, though only the host-profile listings use it.
 */
#include "profile/disasm.h"

#include <capstone/capstone.h>
#include <dlfcn.h>
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

/* capstone's entry points, resolved once (NULL until then, or when it is missing). */
static struct {
	int tried, ok;
	cs_err (*open)(cs_arch, cs_mode, csh *);
	cs_err (*option)(csh, cs_opt_type, size_t);
	cs_insn *(*malloc)(csh);
	void (*free)(cs_insn *, size_t);
	cs_err (*close)(csh *);
	bool (*disasm_iter)(csh, const uint8_t **, size_t *, uint64_t *, cs_insn *);
} disasm_cs;

#define DISASM_STR_(x) #x
#define DISASM_STR(x) DISASM_STR_(x)

/* Load capstone (the soname of the headers' major version). 0, or -ENOTSUP. */
static int disasm_cs_load(void)
{
	if (disasm_cs.tried)
		return disasm_cs.ok ? 0 : -ENOTSUP;
	disasm_cs.tried = 1;
	void *h = dlopen("libcapstone.so." DISASM_STR(CS_API_MAJOR), RTLD_NOW | RTLD_LOCAL);
	if (!h)
		h = dlopen("libcapstone.so", RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		fprintf(stderr, "robin: cannot load capstone for host disassembly: %s\n", dlerror());
		return -ENOTSUP;
	}
	/* dlsym returns void *; POSIX guarantees it converts to the function pointer */
	void *sym;
#define DISASM_SYM(field, name) (sym = dlsym(h, name), memcpy(&disasm_cs.field, &sym, sizeof(sym)))
	DISASM_SYM(open, "cs_open");
	DISASM_SYM(option, "cs_option");
	DISASM_SYM(malloc, "cs_malloc");
	DISASM_SYM(free, "cs_free");
	DISASM_SYM(close, "cs_close");
	DISASM_SYM(disasm_iter, "cs_disasm_iter");
#undef DISASM_SYM
	disasm_cs.ok = disasm_cs.open && disasm_cs.option && disasm_cs.malloc && disasm_cs.free &&
		       disasm_cs.close && disasm_cs.disasm_iter;
	if (!disasm_cs.ok) {
		fprintf(stderr, "robin: capstone lacks an entry point robin needs\n");
		return -ENOTSUP;
	}
	return 0;
}

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
	int err = disasm_cs_load();
	if (err) {
		free(d);
		return err;
	}
	if (disasm_cs.open(cs_a, cs_m, &d->cs) != CS_ERR_OK) {
		free(d);
		return -EIO;
	}
	if (d->arch == DISASM_X86_64)
		disasm_cs.option(d->cs, CS_OPT_SYNTAX, CS_OPT_SYNTAX_ATT);
	if (!(d->insn = disasm_cs.malloc(d->cs))) {
		disasm_cs.close(&d->cs);
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
		disasm_cs.free(d->insn, 1);
	if (d->arch != DISASM_RISCV64)
		disasm_cs.close(&d->cs);
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
	if (disasm_cs.disasm_iter(d->cs, &p, &left, &addr, d->insn)) {
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
