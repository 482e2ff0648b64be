/*
 * elf_objsyms.c — symbols, dynamic relocations and sections of riscv64 ELF files as objdump
 * sees them (see elf_objsyms.h).
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

#include "elf/elf_objsyms.h"
#include "util/regfile.h"

#ifndef EM_RISCV
#define EM_RISCV 243
#endif

int elf_objsym_valid(const struct elf_objsym *s)
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
	const struct elf_objsym *a = pa, *b = pb;
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
	if ((a->flags & ELF_OBJSYM_SECTION) != (b->flags & ELF_OBJSYM_SECTION))  /* debugging, section */
		return (a->flags & ELF_OBJSYM_SECTION) ? 1 : -1;
	if ((a->flags & ELF_OBJSYM_FUNCTION) != (b->flags & ELF_OBJSYM_FUNCTION))
		return (a->flags & ELF_OBJSYM_FUNCTION) ? -1 : 1;
	if ((a->flags & ELF_OBJSYM_OBJECT) != (b->flags & ELF_OBJSYM_OBJECT))
		return (a->flags & ELF_OBJSYM_OBJECT) ? -1 : 1;
	if ((a->flags & ELF_OBJSYM_LOCAL) != (b->flags & ELF_OBJSYM_LOCAL))
		return (a->flags & ELF_OBJSYM_LOCAL) ? 1 : -1;
	if ((a->flags & ELF_OBJSYM_GLOBAL) != (b->flags & ELF_OBJSYM_GLOBAL))
		return (a->flags & ELF_OBJSYM_GLOBAL) ? -1 : 1;
	uint64_t asz = (a->flags & (ELF_OBJSYM_SYNTHETIC | ELF_OBJSYM_SECTION)) ? 0 : a->size;
	uint64_t bsz = (b->flags & (ELF_OBJSYM_SYNTHETIC | ELF_OBJSYM_SECTION)) ? 0 : b->size;
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
		f |= ELF_OBJSYM_UNDEF;
	else if (bind == STB_LOCAL)
		f |= ELF_OBJSYM_LOCAL;
	else if (bind == STB_GLOBAL || bind == STB_GNU_UNIQUE)
		f |= ELF_OBJSYM_GLOBAL;
	if (type == STT_FUNC || type == STT_GNU_IFUNC)
		f |= ELF_OBJSYM_FUNCTION;
	else if (type == STT_OBJECT || type == STT_COMMON || type == STT_TLS)
		f |= ELF_OBJSYM_OBJECT;
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
	const struct elf_objrel *a = pa, *b = pb;
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

static int elf_objsyms_load(struct elf_objsyms *im, char *err, size_t errn)
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
				extra = ELF_OBJSYM_SECTION;
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
				struct elf_objsym *ns = realloc(im->syms, cap * sizeof(*ns));
				if (!ns)
					return -ENOMEM;
				im->syms = ns;
			}
			im->syms[n] = (struct elf_objsym){
				.value = s.st_value, .size = s.st_size, .name = name,
				.shndx = s.st_shndx >= SHN_LORESERVE ? ELF_OBJSYM_SEC_ABS : s.st_shndx,
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
					struct elf_objrel *nr = realloc(im->rels, rcap * sizeof(*nr));
					if (!nr)
						return -ENOMEM;
					im->rels = nr;
				}
				struct elf_objrel *dr = &im->rels[im->nrels++];
				memset(dr, 0, sizeof(*dr));
				dr->address = r.r_offset;
				if (name && s.st_shndx != SHN_ABS) {
					dr->has_sym = 1;
					dr->sym = (struct elf_objsym){ .value = s.st_value, .name = name,
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
						if (im->syms[k].flags & ELF_OBJSYM_SYNTHETIC)
							im->syms[k].name = np + (im->syms[k].name - im->names_pool);
					im->names_pool = np;
					snprintf(np + pool_len, len, "%s@plt", name);
					if (n == cap) {
						cap = cap ? cap * 2 : 256;
						struct elf_objsym *ns = realloc(im->syms, cap * sizeof(*ns));
						if (!ns)
							return -ENOMEM;
						im->syms = ns;
					}
					unsigned f = sym_flags(&s) & ~ELF_OBJSYM_UNDEF;
					if (!(f & ELF_OBJSYM_LOCAL))
						f |= ELF_OBJSYM_GLOBAL;
					im->syms[n++] = (struct elf_objsym){
						.value = psh.sh_addr + 32 + 16 * i, .name = np + pool_len,
						.secval = 32 + 16 * i,
						.shndx = (unsigned)elf_ndxscn(plt), .flags = f | ELF_OBJSYM_SYNTHETIC,
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

const struct elf_objsym *elf_objsyms_find(const struct elf_objsyms *im, uint64_t vma,
					   int require_sec, size_t *place)
{
	const struct elf_objsym *ss = im->syms;
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
		if (ss[min].shndx == sec && elf_objsym_valid(&ss[min])) {
			if (place)
				*place = (size_t)min;
			return &ss[min];
		}
		++min;
	}
	int want_section = require_sec ||
		(im->relocatable && vma >= im->sec_vma && vma < im->sec_vma + im->sec_size);
#define ELF_OBJSYM_OK(i) ((!want_section || ss[i].shndx == sec) && elf_objsym_valid(&ss[i]))
	if (!ELF_OBJSYM_OK(this)) {
		long newplace = count;
		for (long i = min - 1; i >= 0; i--) {
			if (ELF_OBJSYM_OK(i)) {
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
				if (ELF_OBJSYM_OK(i)) {
					this = i;
					break;
				}
		}
		if (!ELF_OBJSYM_OK(this))
			return NULL;
	}
#undef ELF_OBJSYM_OK
	/* (objdump compares the section-relative value here) */
	if (!want_section && ss[this].secval != vma && im->nrels > 0 &&
	    im->rels[0].address <= vma && im->rels[im->nrels - 1].address >= vma &&
	    !(ss[this].flags & ELF_OBJSYM_SYNTHETIC)) {
		size_t lo = 0, hi = im->nrels - 1;
		while (lo <= hi) {
			size_t mid = lo + (hi - lo) / 2;
			const struct elf_objrel *r = &im->rels[mid];
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

static void elf_objsyms_free(struct elf_objsyms *im)
{
	free(im->syms);
	free(im->rels);
	free(im->names_pool);
	im->syms = NULL;
	im->rels = NULL;
	im->names_pool = NULL;
}

void elf_objsyms_sort(struct elf_objsyms *im, const char *secname)
{
	if (im->nsyms) /* qsort needs a non-NULL base even for 0 items */
		qsort_r(im->syms, im->nsyms, sizeof(*im->syms), sym_cmp, (void *)secname);
}

int elf_objsyms_sections(struct elf_objsyms *im,
			 int (*fn)(void *arg, struct elf_objsyms *im, const uint8_t *data),
			 void *arg, const char **bad_section)
{
	size_t shstrndx;
	elf_getshdrstrndx(im->elf, &shstrndx);
	Elf_Scn *scn = NULL;
	while ((scn = elf_nextscn(im->elf, scn))) {
		GElf_Shdr sh;
		if (!gelf_getshdr(scn, &sh))
			continue;
		if (!(sh.sh_flags & SHF_EXECINSTR) || sh.sh_type == SHT_NOBITS || sh.sh_size == 0)
			continue;
		const char *name = elf_strptr(im->elf, shstrndx, sh.sh_name);
		Elf_Data *d = elf_getdata(scn, NULL);
		if (!d || d->d_size < sh.sh_size) {
			*bad_section = name ? name : "?";
			return -EINVAL;
		}
		im->sec_index = (unsigned)elf_ndxscn(scn);
		im->sec_vma = sh.sh_addr;
		im->sec_size = sh.sh_size;
		im->sec_name = name ? name : "?";
		int rc = fn(arg, im, d->d_buf);
		if (rc)
			return rc;
	}
	return 0;
}

/* Load one image's symbols and hand it to v->image. */
static int elf_objsyms_visit_one(const char *path, Elf *elf, const char *member,
				 const struct elf_objsyms_visit *v, char *err, size_t err_n)
{
	struct elf_objsyms im = { .path = path, .elf = elf };
	char why[256] = "";
	int rc = elf_objsyms_load(&im, why, sizeof(why));
	if (rc)
		snprintf(err, err_n, "%s%s%s%s: %s", path, member ? "(" : "", member ? member : "",
			 member ? ")" : "", why);
	else
		rc = v->image(v->arg, &im, member);
	elf_objsyms_free(&im);
	return rc;
}

int elf_objsyms_file(const char *path, const struct elf_objsyms_visit *v, char *err,
		     size_t err_n)
{
	int rc = 0;
	err[0] = 0;
	elf_version(EV_CURRENT);
	int fd = regfile_open(path);
	if (fd < 0) {
		snprintf(err, err_n, "%s: %s", path, regfile_strerror(fd));
		return fd;
	}
	Elf *elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!elf) {
		snprintf(err, err_n, "%s: not an ELF file (%s)", path, elf_errmsg(-1));
		close(fd);
		return -EINVAL;
	}
	if (elf_kind(elf) == ELF_K_AR) {
		if (v->archive)
			v->archive(v->arg, path);
		Elf *m;
		Elf_Cmd cmd = ELF_C_READ_MMAP;
		while ((m = elf_begin(fd, cmd, elf))) {
			Elf_Arhdr *ah = elf_getarhdr(m);
			const char *mname = ah ? ah->ar_name : "?";
			if (elf_kind(m) == ELF_K_ELF) {
				rc = elf_objsyms_visit_one(path, m, mname, v, err, err_n);
			} else if (mname[0] != '/') {
				snprintf(err, err_n, "%s(%s): not an ELF file", path, mname);
				rc = -EINVAL;
			}
			cmd = elf_next(m);
			elf_end(m);
			if (rc)
				break;
		}
	} else if (elf_kind(elf) == ELF_K_ELF) {
		rc = elf_objsyms_visit_one(path, elf, NULL, v, err, err_n);
	} else {
		snprintf(err, err_n, "%s: not an ELF file or archive", path);
		rc = -EINVAL;
	}
	elf_end(elf);
	close(fd);
	return rc;
}

/* ULEB128 at *p (below end); advances *p. Returns 0, or -1 when it runs off the end. */
static int objsyms_uleb(const unsigned char **p, const unsigned char *end, uint64_t *v)
{
	uint64_t r = 0;
	for (unsigned shift = 0; *p < end && shift < 64; shift += 7) {
		unsigned char b = *(*p)++;
		r |= (uint64_t)(b & 0x7f) << shift;
		if (!(b & 0x80)) {
			*v = r;
			return 0;
		}
	}
	return -1;
}

/* See elf_objsyms.h. The section (RISC-V psABI, "Attributes"): 'A', then subsections of
 * uint32 length, vendor "riscv\0", and sub-subsections of a tag (1: the whole file), uint32
 * length and attributes: ULEB128 tag, then a ULEB128 value (even tags) or a NUL-terminated
 * string (odd tags); Tag_RISCV_arch is 5. */
int elf_riscv_attr_arch(const void *sec, size_t size, char *buf, size_t n)
{
	const unsigned char *p = sec, *end = p + size;
	if (!size || *p++ != 'A')
		return -1;
	while (end - p >= 4) {
		uint32_t len;
		memcpy(&len, p, 4);
		if (len < 4 || len > (size_t)(end - p))
			return -1;
		const unsigned char *sub_end = p + len, *q = p + 4;
		p = sub_end;
		const unsigned char *vend = memchr(q, 0, (size_t)(sub_end - q));
		if (!vend || strcmp((const char *)q, "riscv"))
			continue;
		q = vend + 1;
		while (sub_end - q >= 5) {
			unsigned char tag = *q;
			uint32_t slen;
			memcpy(&slen, q + 1, 4);
			if (slen < 5 || slen > (size_t)(sub_end - q))
				return -1;
			const unsigned char *a = q + 5, *aend = q + slen;
			q = aend;
			if (tag != 1)
				continue;
			while (a < aend) {
				uint64_t t, v;
				if (objsyms_uleb(&a, aend, &t))
					return -1;
				if (t & 1) {
					const unsigned char *z = memchr(a, 0, (size_t)(aend - a));
					if (!z)
						return -1;
					if (t == 5) {
						snprintf(buf, n, "%s", (const char *)a);
						return 0;
					}
					a = z + 1;
				} else if (objsyms_uleb(&a, aend, &v)) {
					return -1;
				}
			}
		}
	}
	return -1;
}

/* See elf_objsyms.h. */
int elf_objsyms_arch(const struct elf_objsyms *im, char *buf, size_t n)
{
	if (!im->elf)
		return -1;
	for (Elf_Scn *scn = elf_nextscn(im->elf, NULL); scn; scn = elf_nextscn(im->elf, scn)) {
		GElf_Shdr sh;
		if (!gelf_getshdr(scn, &sh) || sh.sh_type != 0x70000003u)  /* SHT_RISCV_ATTRIBUTES */
			continue;
		Elf_Data *data = elf_getdata(scn, NULL);
		if (!data || !data->d_buf)
			return -1;
		return elf_riscv_attr_arch(data->d_buf, data->d_size, buf, n);
	}
	return -1;
}
