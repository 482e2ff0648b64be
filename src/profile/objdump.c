/*
 * objdump.c — lists the executable sections of riscv64 ELF files and ar archives of them in
 * the layout of `riscv64-linux-gnu-objdump -d` (GNU binutils 2.40): file and section
 * headers, a "<symbol>:" header wherever objdump starts one, address, raw bytes, instruction
 * text (isa_disasm_stream), "<symbol+off>" after branch targets and address notes, and "..."
 * for runs of zero bytes. The symbols objdump would choose come from elf/elf_objsyms.c.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "elf/elf_objsyms.h"
#include "isa/isa.h"
#include "isa/isa_ext.h"
#include "profile/objdump.h"

/* objdump_print_addr_with_sym: "<name+0x..>" (or the section name when no symbol). */
static void print_sym_ref(const struct elf_objsyms *im, const struct elf_objsym *sym, uint64_t vma,
			  char *buf, size_t n)
{
	if (!sym) {
		if (vma < im->sec_vma)
			snprintf(buf, n, "<%s-0x%" PRIx64 ">", im->sec_name, im->sec_vma - vma);
		else if (vma > im->sec_vma)
			snprintf(buf, n, "<%s+0x%" PRIx64 ">", im->sec_name, vma - im->sec_vma);
		else
			snprintf(buf, n, "<%s>", im->sec_name);
		return;
	}
	char name[512];
	size_t k = 0;
	/* objdump's sanitize_string: control characters as ^X */
	for (const char *p = sym->name; *p && k + 3 < sizeof(name); p++) {
		unsigned char c = (unsigned char)*p;
		if (c < 0x20 || c == 0x7f) {
			name[k++] = '^';
			name[k++] = (char)(c + 0x40);
		} else {
			name[k++] = (char)c;
		}
	}
	name[k] = 0;
	if (sym->version)
		snprintf(name + k, sizeof(name) - k, "%s%s", sym->hidden ? "@" : "@@", sym->version);
	if (sym->value == vma || (sym->flags & ELF_OBJSYM_UNDEF))
		snprintf(buf, n, "<%s>", name);
	else if (sym->value > vma)
		snprintf(buf, n, "<%s-0x%" PRIx64 ">", name, sym->value - vma);
	else
		snprintf(buf, n, "<%s+0x%" PRIx64 ">", name, vma - sym->value);
}

/* objdump_print_addr: "1e <.L4>", or "0x1e" for a file without symbols. */
static void print_addr_cb(void *arg, uint64_t addr, char *buf, size_t n)
{
	const struct elf_objsyms *im = arg;
	if (im->nsyms < 1) {
		snprintf(buf, n, "0x%" PRIx64, addr);
		return;
	}
	char ref[600];
	print_sym_ref(im, elf_objsyms_find(im, addr, 0, NULL), addr, ref, sizeof(ref));
	snprintf(buf, n, "%" PRIx64 " %s", addr, ref);
}

/* ---- listing ------------------------------------------------------------------------- */

/* Prints the lines for bytes [start, stop) of the section (offsets). Returns 1 when the
 * instruction budget is exhausted. */
/* The mapping symbols of the section being listed, in address order: "$d" starts data (gas
 * writes it for .word and friends in code), "$x" instructions, and "$xrv64i2p1_..._v1p0"
 * instructions of that ISA (gas writes it where `.option arch` changes the ISA). objdump 2.40
 * (riscv_update_map_state) decodes by the ISA of the last "$xrv" symbol until the next one (a
 * plain "$x" keeps it; the file's arch attribute holds before the first) and lists data as
 * .word/.short/.byte chunks of up to 4 bytes, cut at the next mapping symbol. */
struct isa_marks {
	const struct elf_objsym **v;
	size_t n, next;
	int data;   /* in a "$d" region */
};

static int isa_mark_name(const char *n)
{
	return !strcmp(n, "$x") || !strcmp(n, "$d") || !strncmp(n, "$xrv", 4);
}

/* Applies every mapping symbol at or below pc not applied yet. */
static void isa_marks_at(struct isa_marks *m, struct isa_disasm_ctx *ctx, uint64_t pc)
{
	while (m->next < m->n && m->v[m->next]->value <= pc) {
		const char *n = m->v[m->next++]->name;
		m->data = n[1] == 'd';
		if (n[2])
			isa_disasm_ctx_isa(ctx, isa_ext_from_arch(n + 2));
	}
}

/* Bytes of the data chunk at pc: up to 4, cut at the next mapping symbol and at end; 3 -> 2. */
static unsigned isa_marks_data_len(const struct isa_marks *m, uint64_t pc, uint64_t end)
{
	uint64_t len = 4;
	for (size_t i = m->next; i < m->n; i++)
		if (m->v[i]->value > pc) {
			if (m->v[i]->value - pc < len)
				len = m->v[i]->value - pc;
			end = UINT64_MAX;
			break;
		}
	if (end != UINT64_MAX && end - pc < len)
		len = end - pc;
	return len == 3 ? 2 : (unsigned)len;
}

static int list_bytes(struct elf_objsyms *im, struct isa_disasm_ctx *ctx, const uint8_t *data,
		      uint64_t start, uint64_t stop, int addr_width, struct objdump_opts *opt,
		      struct isa_marks *marks)
{
	uint64_t off = start;
	while (off < stop) {
		uint64_t z = off;
		while (z < stop && data[z] == 0)
			z++;
		if (z - off >= 8 || (z == stop && z - off < 3)) {
			if (z != stop)
				z = off + ((z - off) & ~(uint64_t)3);
			if (!opt->has_start || im->sec_vma + off >= opt->start)
				printf("\t...\n");
			off = z;
			continue;
		}
		uint64_t pc = im->sec_vma + off;
		isa_marks_at(marks, ctx, pc);
		if (marks->data) {
			unsigned n = isa_marks_data_len(marks, pc, im->sec_vma + im->sec_size);
			uint32_t v = 0;
			for (unsigned k = 0; k < n && off + k < stop; k++)
				v |= (uint32_t)data[off + k] << (8 * k);
			if (!opt->has_start || pc >= opt->start) {
				if (opt->count == 0)
					return 1;
				if (n == 4)
					printf("%*" PRIx64 ":\t%08x          \t.word\t0x%08x\n", addr_width, pc, v, v);
				else if (n == 2)
					printf("%*" PRIx64 ":\t%04x                \t.short\t0x%04x\n", addr_width, pc, v, v);
				else
					printf("%*" PRIx64 ":\t%02x                  \t.byte\t0x%02x\n", addr_width, pc, v, v);
				if (opt->count > 0)
					opt->count--;
			}
			off += n;
			continue;
		}
		uint32_t raw = data[off];
		if (off + 1 < stop)
			raw |= (uint32_t)data[off + 1] << 8;
		unsigned len = (raw & 3) == 3 ? 4 : 2;
		if (len == 4 && off + 4 > stop)
			len = 2;  /* truncated: printed as a 2-byte unit */
		if (len == 4)
			raw |= (uint32_t)data[off + 2] << 16 | (uint32_t)data[off + 3] << 24;
		else
			raw &= 0xffffu;

		int print = !opt->has_start || pc >= opt->start;
		if (print && opt->count == 0)
			return 1;
		struct isa_insn in;
		char text[1024];
		isa_decode(raw, &in);
		if (in.op == ISA_OP_INVALID)
			in.len = (uint8_t)len;
		isa_disasm_stream(ctx, &in, pc, text, sizeof(text));
		if (print) {
			printf("%*" PRIx64 ":\t", addr_width, pc);
			if (len == 4)
				printf("%08x          \t%s\n", raw, text);
			else
				printf("%04x                \t%s\n", raw, text);
			if (opt->count > 0)
				opt->count--;
		}
		off += len;
	}
	return 0;
}

static int list_section_blocks(struct elf_objsyms *im, struct isa_disasm_ctx *ctx,
			       const uint8_t *data, uint64_t size, int addr_width,
			       struct objdump_opts *opt, struct isa_marks *marks);

static int isa_mark_cmp(const void *a, const void *b)
{
	const struct elf_objsym *x = *(const struct elf_objsym *const *)a;
	const struct elf_objsym *y = *(const struct elf_objsym *const *)b;
	return x->value < y->value ? -1 : x->value > y->value;
}

/* What the listing of one image carries from section to section. */
struct objdump_state {
	struct isa_disasm_ctx ctx;
	struct objdump_opts *opt;
};

/* Lists the current section of im (elf_objsyms_sections' callback): 1 when the instruction
 * budget is exhausted. */
static int list_section(void *arg, struct elf_objsyms *im, const uint8_t *data)
{
	struct objdump_state *st = arg;
	struct isa_disasm_ctx *ctx = &st->ctx;
	struct objdump_opts *opt = st->opt;
	const char *name = im->sec_name;
	uint64_t size = im->sec_size;

	/* address column: objdump drops leading zeros of the section's end in groups of 4 */
	char buf[32];
	snprintf(buf, sizeof(buf), "%016" PRIx64, im->sec_vma + size);
	int skip = 0;
	while (buf[skip] == '0')
		skip++;
	if (buf[skip] == 0 && im->sec_vma != 0)
		skip = 0;
	if (skip)
		skip = (skip - 1) & -4;
	int addr_width = 16 - skip;

	if (opt->has_start && im->sec_vma + size <= opt->start)
		return 0;  /* entirely below --start: objdump prints nothing for it */
	printf("\nDisassembly of section %s:\n", name);
	elf_objsyms_sort(im, name);
	struct isa_marks marks = { 0 };
	size_t nmarks = 0;
	for (size_t i = 0; i < im->nsyms; i++)
		nmarks += im->syms[i].shndx == im->sec_index && isa_mark_name(im->syms[i].name);
	if (nmarks && !(marks.v = malloc(nmarks * sizeof(*marks.v)))) {
		fprintf(stderr, "robin disasm: out of memory\n");
		return -1;
	}
	for (size_t i = 0; i < im->nsyms; i++)
		if (im->syms[i].shndx == im->sec_index && isa_mark_name(im->syms[i].name))
			marks.v[marks.n++] = &im->syms[i];
	qsort(marks.v, marks.n, sizeof(*marks.v), isa_mark_cmp);
	int rc = list_section_blocks(im, ctx, data, size, addr_width, opt, &marks);
	free(marks.v);
	return rc;
}

/* objdump's blocks of the section: one header per symbol block, then its bytes. */
static int list_section_blocks(struct elf_objsyms *im, struct isa_disasm_ctx *ctx,
			       const uint8_t *data, uint64_t size, int addr_width,
			       struct objdump_opts *opt, struct isa_marks *marks)
{

	size_t place = 0;
	const struct elf_objsym *sym = elf_objsyms_find(im, im->sec_vma, 1, &place);
	uint64_t off = 0;
	while (off < size) {
		uint64_t addr = im->sec_vma + off;
		char ref[600];
		print_sym_ref(im, sym, addr, ref, sizeof(ref));
		const struct elf_objsym *next;
		if (sym && sym->value > addr) {
			next = sym;
		} else if (!sym) {
			next = NULL;
		} else {
			while (place < im->nsyms &&
			       !(im->syms[place].shndx == im->sec_index &&
				 im->syms[place].value > sym->value && elf_objsym_valid(&im->syms[place])))
				place++;
			next = place < im->nsyms ? &im->syms[place] : NULL;
		}
		uint64_t stop;
		if (sym && sym->value > addr)
			stop = sym->value - im->sec_vma;
		else if (!next)
			stop = size;
		else
			stop = next->value - im->sec_vma;
		if (stop > size || stop <= off)
			stop = size;
		/* with --start, headers of blocks that end before it are not printed */
		if (!opt->has_start || im->sec_vma + stop > opt->start)
			printf("\n%016" PRIx64 " %s:\n", addr, ref);
		if (list_bytes(im, ctx, data, off, stop, addr_width, opt, marks))
			return 1;
		off = stop;
		sym = next;
	}
	return 0;
}

static int list_image(void *arg, struct elf_objsyms *im, const char *member)
{
	struct objdump_state st = { .opt = arg };
	printf("\n%s:     file format elf64-littleriscv\n\n", member ? member : im->path);
	isa_disasm_ctx_init(&st.ctx);
	st.ctx.print_addr = print_addr_cb;
	st.ctx.arg = im;
	st.ctx.gp = im->gp;
	st.ctx.has_gp = im->has_gp;
	/* objdump decodes by the file's arch attribute; without one, as RV64GC */
	char arch[512];
	isa_disasm_ctx_isa(&st.ctx, elf_objsyms_arch(im, arch, sizeof(arch)) ? ISA_X(ISA_X_G) :
	                   isa_ext_from_arch(arch));
	const char *bad = NULL;
	int rc = elf_objsyms_sections(im, list_section, &st, &bad);
	if (rc < 0) {
		fprintf(stderr, "robin disasm: %s: cannot read section %s\n", im->path, bad);
		return rc;
	}
	return 0;
}

static void list_archive(void *arg, const char *path)
{
	(void)arg;
	printf("In archive %s:\n", path);
}

int objdump_file(const char *path, struct objdump_opts *opt)
{
	const struct elf_objsyms_visit v = { list_archive, list_image, opt };
	char err[1024];
	int rc = elf_objsyms_file(path, &v, err, sizeof(err));
	if (rc && err[0])
		fprintf(stderr, "robin disasm: %s\n", err);
	return rc;
}
