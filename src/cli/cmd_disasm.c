/*
 * cmd_disasm.c — `robin disasm [--start ADDR] [--count N] FILE...`: lists the executable
 * sections of riscv64 ELF files and ar archives of them in the layout of
 * `riscv64-linux-gnu-objdump -d` (GNU binutils 2.40): file and section headers, a
 * "<symbol>:" header wherever objdump starts one, address, raw bytes, instruction text
 * (robin's isa_disasm_stream), "<symbol+off>" after branch targets and address notes, and
 * "..." for runs of zero bytes. Symbol choice follows objdump's rules (sort order, preferring
 * the current section in relocatable files, @plt entries, dynamic relocations).
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <inttypes.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli_args.h"
#include "cli/cli.h"
#include "isa/isa.h"
#include "util/regfile.h"

#ifndef EM_RISCV
#define EM_RISCV 243
#endif

/* ---- symbols as objdump sees them ---------------------------------------------------- */

#define SYM_LOCAL     (1u << 0)
#define SYM_GLOBAL    (1u << 1)
#define SYM_FUNCTION  (1u << 2)
#define SYM_OBJECT    (1u << 3)
#define SYM_SYNTHETIC (1u << 4)
#define SYM_UNDEF     (1u << 5)
#define SYM_SECTION   (1u << 6)  /* section symbol (kept only for .plt* and .got*) */

#define SEC_ABS 0xfff1u

struct dsym {
	uint64_t value;
	uint64_t secval;     /* value relative to its section (bfd's sym->value) */
	uint64_t size;
	const char *name;    /* points into ELF data or into names_pool */
	unsigned shndx;      /* section index, SEC_ABS */
	const char *secname; /* name of that section ("*ABS*") */
	unsigned flags;      /* SYM_* */
	const char *version; /* for symbols of dynamic relocations: "GLIBC_2.27", or NULL */
	int hidden;          /* print "@" (not "@@") before the version */
};

struct dynrel {
	uint64_t address;
	struct dsym sym;     /* symbol of the relocation (never absolute) */
	int has_sym;
};

struct image {
	const char *path;     /* file name as printed */
	Elf *elf;
	int relocatable;      /* ET_REL: prefer symbols of the current section */
	struct dsym *syms;    /* sorted as objdump sorts them */
	size_t nsyms;
	struct dynrel *rels;  /* dynamic relocations sorted by address */
	size_t nrels;
	char *names_pool;     /* synthetic names ("printf@plt") */
	uint64_t gp;
	int has_gp;
	/* current section while printing */
	unsigned sec_index;
	uint64_t sec_vma, sec_size;
	const char *sec_name;
};

struct options {
	uint64_t start;
	int has_start;
	long long count;      /* instructions left to print, -1 = all */
};

static int sym_is_valid(const struct dsym *s)
{
	const char *n = s->name;
	if (!strcmp(n, ".L0 "))  /* the assembler's fake label */
		return 0;
	if (!strcmp(n, "$x") || !strcmp(n, "$d") || !strncmp(n, "$xrv", 4))
		return 0;
	return 1;
}

static int file_symbol(const char *n)
{
	size_t l = strlen(n);
	return l > 2 && n[l - 2] == '.' && (n[l - 1] == 'o' || n[l - 1] == 'a');
}

/* objdump's compare_symbols (objdump.c): value; symbols of the section being listed first;
 * then a preference order (functions, objects, globals, larger sizes, names without '.'). */
static int sym_cmp(const void *pa, const void *pb, void *arg)
{
	const struct dsym *a = pa, *b = pb;
	const char *cur = arg;
	if (a->value != b->value)
		return a->value > b->value ? 1 : -1;
	int as = !strcmp(cur, a->secname), bs = !strcmp(cur, b->secname);
	if (as != bs)
		return as ? -1 : 1;
	int af = strstr(a->name, "gnu_compiled") || strstr(a->name, "gcc2_compiled");
	int bf = strstr(b->name, "gnu_compiled") || strstr(b->name, "gcc2_compiled");
	if (af != bf)
		return af ? 1 : -1;
	af = file_symbol(a->name);
	bf = file_symbol(b->name);
	if (af != bf)
		return af ? 1 : -1;
	if ((a->flags & SYM_SECTION) != (b->flags & SYM_SECTION))  /* debugging, section */
		return (a->flags & SYM_SECTION) ? 1 : -1;
	if ((a->flags & SYM_FUNCTION) != (b->flags & SYM_FUNCTION))
		return (a->flags & SYM_FUNCTION) ? -1 : 1;
	if ((a->flags & SYM_OBJECT) != (b->flags & SYM_OBJECT))
		return (a->flags & SYM_OBJECT) ? -1 : 1;
	if ((a->flags & SYM_LOCAL) != (b->flags & SYM_LOCAL))
		return (a->flags & SYM_LOCAL) ? 1 : -1;
	if ((a->flags & SYM_GLOBAL) != (b->flags & SYM_GLOBAL))
		return (a->flags & SYM_GLOBAL) ? -1 : 1;
	uint64_t asz = (a->flags & (SYM_SYNTHETIC | SYM_SECTION)) ? 0 : a->size;
	uint64_t bsz = (b->flags & (SYM_SYNTHETIC | SYM_SECTION)) ? 0 : b->size;
	if (asz != bsz)
		return asz > bsz ? -1 : 1;
	if ((a->name[0] == '.') != (b->name[0] == '.'))
		return a->name[0] == '.' ? 1 : -1;
	return strcmp(a->name, b->name);
}

static unsigned sym_flags(const GElf_Sym *s)
{
	unsigned f = 0;
	unsigned bind = GELF_ST_BIND(s->st_info), type = GELF_ST_TYPE(s->st_info);
	if (s->st_shndx == SHN_UNDEF)
		f |= SYM_UNDEF;
	else if (bind == STB_LOCAL)
		f |= SYM_LOCAL;
	else if (bind == STB_GLOBAL || bind == STB_GNU_UNIQUE)
		f |= SYM_GLOBAL;
	if (type == STT_FUNC || type == STT_GNU_IFUNC)
		f |= SYM_FUNCTION;
	else if (type == STT_OBJECT || type == STT_COMMON || type == STT_TLS)
		f |= SYM_OBJECT;
	return f;
}

/* ---- symbol versions of dynamic symbols ---------------------------------------------- */

struct versions {
	Elf_Data *versym;      /* .gnu.version */
	Elf_Scn *verneed, *verdef;
	size_t verneed_str, verdef_str;
};

static const char *version_name(Elf *elf, const struct versions *v, size_t symidx,
				int undef, int *hidden)
{
	GElf_Versym vs;
	*hidden = 0;
	if (!v->versym || !gelf_getversym(v->versym, (int)symidx, &vs))
		return NULL;
	*hidden = (vs & 0x8000) != 0;
	vs &= 0x7fff;
	if (vs == 0)
		return NULL;
	if (vs == 1)
		return "Base";
	if (v->verdef && !undef) {
		Elf_Data *d = elf_getdata(v->verdef, NULL);
		size_t off = 0;
		GElf_Verdef vd;
		while (d && gelf_getverdef(d, (int)off, &vd)) {
			if (vd.vd_ndx == vs) {
				GElf_Verdaux aux;
				if (gelf_getverdaux(d, (int)(off + vd.vd_aux), &aux))
					return elf_strptr(elf, v->verdef_str, aux.vda_name);
				return NULL;
			}
			if (!vd.vd_next)
				break;
			off += vd.vd_next;
		}
	}
	if (v->verneed) {
		Elf_Data *d = elf_getdata(v->verneed, NULL);
		size_t off = 0;
		GElf_Verneed vn;
		while (d && gelf_getverneed(d, (int)off, &vn)) {
			size_t aoff = off + vn.vn_aux;
			GElf_Vernaux aux;
			for (unsigned i = 0; i < vn.vn_cnt && gelf_getvernaux(d, (int)aoff, &aux); i++) {
				if (aux.vna_other == vs) {
					*hidden = 1;
					return elf_strptr(elf, v->verneed_str, aux.vna_name);
				}
				if (!aux.vna_next)
					break;
				aoff += aux.vna_next;
			}
			if (!vn.vn_next)
				break;
			off += vn.vn_next;
		}
	}
	return NULL;
}

/* ---- loading ------------------------------------------------------------------------- */

static int rel_cmp(const void *pa, const void *pb)
{
	const struct dynrel *a = pa, *b = pb;
	return a->address < b->address ? -1 : a->address > b->address;
}

static const char *sec_name(Elf *elf, size_t shstrndx, size_t index)
{
	if (index == SHN_UNDEF)
		return "*UND*";
	if (index == SHN_ABS)
		return "*ABS*";
	if (index == SHN_COMMON)
		return "*COM*";
	Elf_Scn *scn = elf_getscn(elf, index);
	GElf_Shdr sh;
	const char *n = scn && gelf_getshdr(scn, &sh) ? elf_strptr(elf, shstrndx, sh.sh_name) : NULL;
	return n ? n : "";
}

static uint64_t sec_addr(Elf *elf, size_t index)
{
	GElf_Shdr sh;
	Elf_Scn *scn;
	if (index == SHN_UNDEF || index >= SHN_LORESERVE || !(scn = elf_getscn(elf, index)) ||
	    !gelf_getshdr(scn, &sh))
		return 0;
	return sh.sh_addr;
}

static int image_load(struct image *im, char *err, size_t errn)
{
	GElf_Ehdr eh;
	Elf_Scn *scn = NULL, *symtab = NULL, *dynsym = NULL, *plt = NULL, *relplt = NULL;
	struct versions ver = { 0 };
	size_t shstrndx;
	size_t cap = 0, n = 0, pool_len = 0;

	if (!gelf_getehdr(im->elf, &eh) || gelf_getclass(im->elf) != ELFCLASS64 ||
	    eh.e_ident[EI_DATA] != ELFDATA2LSB || eh.e_machine != EM_RISCV) {
		snprintf(err, errn, "not a riscv64 ELF file");
		return -EINVAL;
	}
	size_t file_size = 0, shnum = 0;
	elf_rawfile(im->elf, &file_size);
	if (elf_getshdrnum(im->elf, &shnum) || elf_getshdrstrndx(im->elf, &shstrndx) ||
	    (eh.e_shoff && (eh.e_shoff > file_size ||
			    (uint64_t)eh.e_shnum * eh.e_shentsize > file_size - eh.e_shoff)) ||
	    (eh.e_shnum && !shnum)) {
		snprintf(err, errn, "truncated or corrupt ELF file (section headers beyond its %zu bytes)",
			 file_size);
		return -EINVAL;
	}
	while ((scn = elf_nextscn(im->elf, scn))) {
		GElf_Shdr sh;
		if (!gelf_getshdr(scn, &sh)) {
			snprintf(err, errn, "corrupt section header %zu", elf_ndxscn(scn));
			return -EINVAL;
		}
		if (sh.sh_type != SHT_NOBITS && sh.sh_size &&
		    (sh.sh_offset > file_size || sh.sh_size > file_size - sh.sh_offset)) {
			snprintf(err, errn, "truncated ELF file: section %zu at offset 0x%" PRIx64
				 " (%" PRIu64 " bytes) ends beyond its %zu bytes", elf_ndxscn(scn),
				 (uint64_t)sh.sh_offset, (uint64_t)sh.sh_size, file_size);
			return -EINVAL;
		}
	}
	scn = NULL;
	im->relocatable = eh.e_type == ET_REL;
	while ((scn = elf_nextscn(im->elf, scn))) {
		GElf_Shdr sh;
		if (!gelf_getshdr(scn, &sh))
			continue;
		const char *name = elf_strptr(im->elf, shstrndx, sh.sh_name);
		if (sh.sh_type == SHT_SYMTAB)
			symtab = scn;
		else if (sh.sh_type == SHT_DYNSYM)
			dynsym = scn;
		else if (sh.sh_type == SHT_GNU_versym)
			ver.versym = elf_getdata(scn, NULL);
		else if (sh.sh_type == SHT_GNU_verneed)
			ver.verneed = scn, ver.verneed_str = sh.sh_link;
		else if (sh.sh_type == SHT_GNU_verdef)
			ver.verdef = scn, ver.verdef_str = sh.sh_link;
		if (name && !strcmp(name, ".plt"))
			plt = scn;
		if (name && !strcmp(name, ".rela.plt"))
			relplt = scn;
	}

	/* the symbols objdump keeps: named, not files or sections, defined */
	Elf_Scn *use = symtab ? symtab : dynsym;
	GElf_Shdr ush;
	Elf_Data *usd = use ? elf_getdata(use, NULL) : NULL;
	if (use && usd && gelf_getshdr(use, &ush) && ush.sh_entsize) {
		size_t count = ush.sh_size / ush.sh_entsize;
		for (size_t i = 1; i < count; i++) {
			GElf_Sym s;
			if (!gelf_getsym(usd, (int)i, &s))
				continue;
			const char *name = elf_strptr(im->elf, ush.sh_link, s.st_name);
			unsigned type = GELF_ST_TYPE(s.st_info);
			unsigned extra = 0;
			if (type == STT_SECTION) {
				/* objdump names section symbols after their section and keeps
				 * only the ones of .plt* and .got* sections */
				name = sec_name(im->elf, shstrndx, s.st_shndx);
				if (strncmp(name, ".plt", 4) && strncmp(name, ".got", 4))
					continue;
				extra = SYM_SECTION;
			}
			if (!name || !*name || type == STT_FILE)
				continue;
			if (!strcmp(name, "__global_pointer$")) {
				im->gp = s.st_value;
				im->has_gp = 1;
			}
			if (s.st_shndx == SHN_UNDEF || s.st_shndx == SHN_COMMON)
				continue;
			if (n == cap) {
				cap = cap ? cap * 2 : 256;
				struct dsym *ns = realloc(im->syms, cap * sizeof(*ns));
				if (!ns)
					return -ENOMEM;
				im->syms = ns;
			}
			im->syms[n] = (struct dsym){
				.value = s.st_value, .size = s.st_size, .name = name,
				.shndx = s.st_shndx >= SHN_LORESERVE ? SEC_ABS : s.st_shndx,
				.secname = sec_name(im->elf, shstrndx, s.st_shndx),
				.flags = sym_flags(&s) | extra,
			};
			im->syms[n].secval = s.st_value - sec_addr(im->elf, s.st_shndx);
			/* symbols read from .dynsym (stripped files) print with their version */
			if (use == dynsym && !extra)
				im->syms[n].version = version_name(im->elf, &ver, i, 0,
								   &im->syms[n].hidden);
			n++;
		}
	}

	/* dynamic relocations and the synthetic "name@plt" symbols of executables */
	if (dynsym && eh.e_type != ET_REL) {
		GElf_Shdr dsh;
		Elf_Data *dsd = elf_getdata(dynsym, NULL);
		size_t dyn_index = elf_ndxscn(dynsym);
		size_t rcap = 0;
		gelf_getshdr(dynsym, &dsh);
		scn = NULL;
		while ((scn = elf_nextscn(im->elf, scn))) {
			GElf_Shdr sh;
			if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_RELA || sh.sh_link != dyn_index ||
			    !sh.sh_entsize)
				continue;
			Elf_Data *rd = elf_getdata(scn, NULL);
			size_t count = sh.sh_size / sh.sh_entsize;
			GElf_Shdr psh;
			int is_plt = scn == relplt && plt && gelf_getshdr(plt, &psh);
			for (size_t i = 0; rd && i < count; i++) {
				GElf_Rela r;
				GElf_Sym s;
				if (!gelf_getrela(rd, (int)i, &r))
					continue;
				size_t si = GELF_R_SYM(r.r_info);
				const char *name = NULL;
				if (si && gelf_getsym(dsd, (int)si, &s))
					name = elf_strptr(im->elf, dsh.sh_link, s.st_name);
				if (im->nrels == rcap) {
					rcap = rcap ? rcap * 2 : 64;
					struct dynrel *nr = realloc(im->rels, rcap * sizeof(*nr));
					if (!nr)
						return -ENOMEM;
					im->rels = nr;
				}
				struct dynrel *dr = &im->rels[im->nrels++];
				memset(dr, 0, sizeof(*dr));
				dr->address = r.r_offset;
				if (name && s.st_shndx != SHN_ABS) {
					dr->has_sym = 1;
					dr->sym = (struct dsym){ .value = s.st_value, .name = name,
						.shndx = s.st_shndx, .flags = sym_flags(&s),
						.secname = sec_name(im->elf, shstrndx, s.st_shndx) };
					dr->sym.version = version_name(im->elf, &ver, si,
								       s.st_shndx == SHN_UNDEF,
								       &dr->sym.hidden);
					if (s.st_shndx == SHN_UNDEF)
						dr->sym.hidden = 1;
				}
				if (is_plt && name) {
					size_t len = strlen(name) + 5;
					char *np = realloc(im->names_pool, pool_len + len);
					if (!np)
						return -ENOMEM;
					/* rebase names already handed out */
					for (size_t k = 0; k < n; k++)
						if (im->syms[k].flags & SYM_SYNTHETIC)
							im->syms[k].name = np + (im->syms[k].name - im->names_pool);
					im->names_pool = np;
					snprintf(np + pool_len, len, "%s@plt", name);
					if (n == cap) {
						cap = cap ? cap * 2 : 256;
						struct dsym *ns = realloc(im->syms, cap * sizeof(*ns));
						if (!ns)
							return -ENOMEM;
						im->syms = ns;
					}
					unsigned f = sym_flags(&s) & ~SYM_UNDEF;
					if (!(f & SYM_LOCAL))
						f |= SYM_GLOBAL;
					im->syms[n++] = (struct dsym){
						.value = psh.sh_addr + 32 + 16 * i, .name = np + pool_len,
						.secval = 32 + 16 * i,
						.shndx = (unsigned)elf_ndxscn(plt), .flags = f | SYM_SYNTHETIC,
						.secname = ".plt",
					};
					pool_len += len;
				}
			}
		}
		qsort(im->rels, im->nrels, sizeof(*im->rels), rel_cmp);
	}
	im->nsyms = n;
	return 0;
}

/* ---- objdump's find_symbol_for_address ------------------------------------------------- */

static const struct dsym *find_symbol(const struct image *im, uint64_t vma, int require_sec,
				      size_t *place)
{
	const struct dsym *ss = im->syms;
	long count = (long)im->nsyms, min = 0, max = count, this;
	unsigned sec = im->sec_index;

	if (count < 1)
		return NULL;
	while (min + 1 < max) {
		this = (max + min) / 2;
		if (ss[this].value > vma)
			max = this;
		else if (ss[this].value < vma)
			min = this;
		else {
			min = this;
			break;
		}
	}
	this = min;
	while (this > 0 && ss[this].value == ss[this - 1].value)
		--this;
	min = this;
	while (min < max && ss[min].value == ss[this].value) {
		if (ss[min].shndx == sec && sym_is_valid(&ss[min])) {
			if (place)
				*place = (size_t)min;
			return &ss[min];
		}
		++min;
	}
	int want_section = require_sec ||
		(im->relocatable && vma >= im->sec_vma && vma < im->sec_vma + im->sec_size);
#define SYM_OK(i) ((!want_section || ss[i].shndx == sec) && sym_is_valid(&ss[i]))
	if (!SYM_OK(this)) {
		long newplace = count;
		for (long i = min - 1; i >= 0; i--) {
			if (SYM_OK(i)) {
				if (newplace == count)
					newplace = i;
				if (ss[i].value != ss[newplace].value)
					break;
				newplace = i;
			}
		}
		if (newplace != count) {
			this = newplace;
		} else {  /* none below: look for one above */
			for (long i = this + 1; i < count; i++)
				if (SYM_OK(i)) {
					this = i;
					break;
				}
		}
		if (!SYM_OK(this))
			return NULL;
	}
#undef SYM_OK
	/* (objdump compares the section-relative value here) */
	if (!want_section && ss[this].secval != vma && im->nrels > 0 &&
	    im->rels[0].address <= vma && im->rels[im->nrels - 1].address >= vma &&
	    !(ss[this].flags & SYM_SYNTHETIC)) {
		size_t lo = 0, hi = im->nrels - 1;
		while (lo <= hi) {
			size_t mid = lo + (hi - lo) / 2;
			const struct dynrel *r = &im->rels[mid];
			if (r->address == vma) {
				size_t first = mid;
				while (first > lo && im->rels[first - 1].address == vma)
					first--;
				for (size_t k = first; k <= hi && im->rels[k].address == vma; k++)
					if (im->rels[k].has_sym) {
						if (place)
							*place = (size_t)this;
						return &im->rels[k].sym;
					}
				break;
			}
			if (vma < r->address) {
				if (mid == 0 || hi == mid)
					break;
				hi = mid;
			} else if (mid + 1 < im->nrels && vma >= im->rels[mid + 1].address) {
				lo = mid + 1;
			} else {
				break;
			}
		}
	}
	if (place)
		*place = (size_t)this;
	return &ss[this];
}

/* objdump_print_addr_with_sym: "<name+0x..>" (or the section name when no symbol). */
static void print_sym_ref(const struct image *im, const struct dsym *sym, uint64_t vma,
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
	if (sym->value == vma || (sym->flags & SYM_UNDEF))
		snprintf(buf, n, "<%s>", name);
	else if (sym->value > vma)
		snprintf(buf, n, "<%s-0x%" PRIx64 ">", name, sym->value - vma);
	else
		snprintf(buf, n, "<%s+0x%" PRIx64 ">", name, vma - sym->value);
}

/* objdump_print_addr: "1e <.L4>", or "0x1e" for a file without symbols. */
static void print_addr_cb(void *arg, uint64_t addr, char *buf, size_t n)
{
	const struct image *im = arg;
	if (im->nsyms < 1) {
		snprintf(buf, n, "0x%" PRIx64, addr);
		return;
	}
	char ref[600];
	print_sym_ref(im, find_symbol(im, addr, 0, NULL), addr, ref, sizeof(ref));
	snprintf(buf, n, "%" PRIx64 " %s", addr, ref);
}

/* ---- listing ------------------------------------------------------------------------- */

/* Prints the lines for bytes [start, stop) of the section (offsets). Returns 1 when the
 * instruction budget is exhausted. */
static int list_bytes(struct image *im, struct isa_disasm_ctx *ctx, const uint8_t *data,
		      uint64_t start, uint64_t stop, int addr_width, struct options *opt)
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

static int list_section(struct image *im, Elf_Scn *scn, const GElf_Shdr *sh, const char *name,
			struct isa_disasm_ctx *ctx, struct options *opt)
{
	Elf_Data *d = elf_getdata(scn, NULL);
	if (!d || d->d_size < sh->sh_size)
		return -EINVAL;
	const uint8_t *data = d->d_buf;
	uint64_t size = sh->sh_size;

	im->sec_index = (unsigned)elf_ndxscn(scn);
	im->sec_vma = sh->sh_addr;
	im->sec_size = size;
	im->sec_name = name;

	/* address column: objdump drops leading zeros of the section's end in groups of 4 */
	char buf[32];
	snprintf(buf, sizeof(buf), "%016" PRIx64, sh->sh_addr + size);
	int skip = 0;
	while (buf[skip] == '0')
		skip++;
	if (buf[skip] == 0 && sh->sh_addr != 0)
		skip = 0;
	if (skip)
		skip = (skip - 1) & -4;
	int addr_width = 16 - skip;

	if (opt->has_start && sh->sh_addr + size <= opt->start)
		return 0;  /* entirely below --start: objdump prints nothing for it */
	printf("\nDisassembly of section %s:\n", name);
	if (im->nsyms) /* qsort needs a non-NULL base even for 0 items */
		qsort_r(im->syms, im->nsyms, sizeof(*im->syms), sym_cmp, (void *)name);

	size_t place = 0;
	const struct dsym *sym = find_symbol(im, im->sec_vma, 1, &place);
	uint64_t off = 0;
	while (off < size) {
		uint64_t addr = im->sec_vma + off;
		char ref[600];
		print_sym_ref(im, sym, addr, ref, sizeof(ref));
		const struct dsym *next;
		if (sym && sym->value > addr) {
			next = sym;
		} else if (!sym) {
			next = NULL;
		} else {
			while (place < im->nsyms &&
			       !(im->syms[place].shndx == im->sec_index &&
				 im->syms[place].value > sym->value && sym_is_valid(&im->syms[place])))
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
		if (list_bytes(im, ctx, data, off, stop, addr_width, opt))
			return 1;
		off = stop;
		sym = next;
	}
	return 0;
}

static int list_image(struct image *im, struct options *opt, int in_archive, const char *member)
{
	char err[256] = "";
	size_t shstrndx;
	int rc = image_load(im, err, sizeof(err));
	if (rc) {
		fprintf(stderr, "robin disasm: %s%s%s%s: %s\n", im->path, member ? "(" : "",
			member ? member : "", member ? ")" : "", err);
		return rc;
	}
	printf("\n%s:     file format elf64-littleriscv\n\n", member ? member : im->path);
	(void)in_archive;

	struct isa_disasm_ctx ctx;
	isa_disasm_ctx_init(&ctx);
	ctx.print_addr = print_addr_cb;
	ctx.arg = im;
	ctx.gp = im->gp;
	ctx.has_gp = im->has_gp;

	elf_getshdrstrndx(im->elf, &shstrndx);
	Elf_Scn *scn = NULL;
	while ((scn = elf_nextscn(im->elf, scn))) {
		GElf_Shdr sh;
		if (!gelf_getshdr(scn, &sh))
			continue;
		if (!(sh.sh_flags & SHF_EXECINSTR) || sh.sh_type == SHT_NOBITS || sh.sh_size == 0)
			continue;
		const char *name = elf_strptr(im->elf, shstrndx, sh.sh_name);
		rc = list_section(im, scn, &sh, name ? name : "?", &ctx, opt);
		if (rc < 0) {
			fprintf(stderr, "robin disasm: %s: cannot read section %s\n", im->path,
				name ? name : "?");
			return rc;
		}
		if (rc == 1)
			break;
	}
	return 0;
}

static void image_free(struct image *im)
{
	free(im->syms);
	free(im->rels);
	free(im->names_pool);
	im->syms = NULL;
	im->rels = NULL;
	im->names_pool = NULL;
}

static int disasm_file(const char *path, struct options *opt)
{
	int rc = 0;
	int fd = regfile_open(path);
	if (fd < 0) {
		fprintf(stderr, "robin disasm: %s: %s\n", path, regfile_strerror(fd));
		return fd;
	}
	Elf *elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!elf) {
		fprintf(stderr, "robin disasm: %s: not an ELF file (%s)\n", path, elf_errmsg(-1));
		close(fd);
		return -EINVAL;
	}
	if (elf_kind(elf) == ELF_K_AR) {
		printf("In archive %s:\n", path);
		Elf *m;
		Elf_Cmd cmd = ELF_C_READ_MMAP;
		while ((m = elf_begin(fd, cmd, elf))) {
			Elf_Arhdr *ah = elf_getarhdr(m);
			const char *mname = ah ? ah->ar_name : "?";
			if (elf_kind(m) == ELF_K_ELF) {
				struct image im = { .path = path, .elf = m };
				rc = list_image(&im, opt, 1, mname);
				image_free(&im);
			} else if (mname[0] != '/') {
				fprintf(stderr, "robin disasm: %s(%s): not an ELF file\n", path, mname);
				rc = -EINVAL;
			}
			cmd = elf_next(m);
			elf_end(m);
			if (rc)
				break;
		}
	} else if (elf_kind(elf) == ELF_K_ELF) {
		struct image im = { .path = path, .elf = elf };
		rc = list_image(&im, opt, 0, NULL);
		image_free(&im);
	} else {
		fprintf(stderr, "robin disasm: %s: not an ELF file or archive\n", path);
		rc = -EINVAL;
	}
	elf_end(elf);
	close(fd);
	return rc;
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: robin disasm [--start ADDR] [--count N] FILE...\n"
		"\n"
		"Disassembles the executable sections of riscv64 ELF files (executables, shared\n"
		"objects, relocatable objects, and ar archives of them) in the layout of\n"
		"`riscv64-linux-gnu-objdump -d`.\n"
		"\n"
		"  --start ADDR   begin at this address (hex with 0x, or decimal)\n"
		"  --count N      print at most N instructions\n");
}

/* See cli.h. */
int cmd_disasm(int argc, char **argv)
{
	struct options opt = { .count = -1 };
	int i, rc = 0, nfiles = 0;

	for (i = 1; i < argc; i++) {
		char *end;
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			usage(stdout);
			return 0;
		} else if (!strcmp(argv[i], "--start") && i + 1 < argc) {
			errno = 0;
			opt.start = strtoull(argv[++i], &end, 0);
			if (errno || *end || end == argv[i]) {
				fprintf(stderr, "robin disasm: bad --start address '%s'\n", argv[i]);
				return 2;
			}
			opt.has_start = 1;
		} else if (!strcmp(argv[i], "--count") && i + 1 < argc) {
			errno = 0;
			opt.count = strtoll(argv[++i], &end, 0);
			if (errno || *end || end == argv[i] || opt.count < 0) {
				fprintf(stderr, "robin disasm: bad --count '%s'\n", argv[i]);
				return 2;
			}
		} else if (argv[i][0] == '-' && argv[i][1]) {
			fprintf(stderr, "robin disasm: unknown option '%s'\n", argv[i]);
			usage(stderr);
			return 2;
		} else if (cli_args_reject("disasm", argv[i])) {
			return 2;
		} else {
			nfiles++;
		}
	}
	if (!nfiles) {
		usage(stderr);
		return 2;
	}
	if (elf_version(EV_CURRENT) == EV_NONE) {
		fprintf(stderr, "robin disasm: libelf initialisation failed\n");
		return 1;
	}
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--start") || !strcmp(argv[i], "--count")) {
			i++;
			continue;
		}
		if (disasm_file(argv[i], &opt))
			rc = 1;
		if (opt.count == 0)
			break;
	}
	fflush(stdout);
	return rc;
}
