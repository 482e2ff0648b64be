/*
 * symbols.c — symbolisation of one ELF image: identity (machine, build-id, size), function
 * symbols from .symtab and .dynsym, source lines and inline chains through libdw, the loaded
 * bytes at an offset, and the search of a debug file by build-id. Offsets are link-time
 * virtual addresses, so symbol values and DWARF addresses are used as they are.
 */
#include "profile/symbols.h"
#include "util/regfile.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

struct elf_file {
	int fd;
	Elf *elf;
	char *path;
};

struct symbols {
	struct elf_file image;    /* the image itself (fd -1 when only a debug file exists) */
	struct elf_file debug;    /* separate debug file, or fd -1 */
	Dwarf *dwarf;             /* from whichever file has .debug_info, or NULL */
	struct symbols_ident ident;
	struct symbols_func *funcs;
	size_t n_funcs;
	char *names;              /* all function names, NUL-separated */
	const uint8_t *raw;       /* the image file's bytes */
	size_t raw_size;
};

static void set_err(char *err, const char *path, const char *what)
{
	if (err)
		snprintf(err, SYMBOLS_ERR_MAX, "%s: %s", path, what);
}

static int elf_file_open(struct elf_file *f, const char *path)
{
	f->fd = regfile_open(path);
	f->elf = NULL;
	f->path = NULL;
	if (f->fd < 0) {
		int rc = f->fd;
		f->fd = -1;
		return rc;
	}
	f->elf = elf_begin(f->fd, ELF_C_READ_MMAP, NULL);
	if (!f->elf || elf_kind(f->elf) != ELF_K_ELF || gelf_getclass(f->elf) == ELFCLASSNONE) {
		if (f->elf)
			elf_end(f->elf);
		close(f->fd);
		f->fd = -1;
		f->elf = NULL;
		return -EINVAL;
	}
	if (!(f->path = strdup(path))) {
		elf_end(f->elf);
		close(f->fd);
		f->fd = -1;
		return -ENOMEM;
	}
	return 0;
}

static void elf_file_close(struct elf_file *f)
{
	if (f->elf)
		elf_end(f->elf);
	if (f->fd >= 0)
		close(f->fd);
	free(f->path);
	f->elf = NULL;
	f->fd = -1;
	f->path = NULL;
}

/* ---- identity ---------------------------------------------------------------------------- */

static void hex(char *out, size_t out_n, const uint8_t *p, size_t n)
{
	size_t k = 0;
	for (size_t i = 0; i < n && k + 2 < out_n; i++, k += 2)
		snprintf(out + k, 3, "%02x", p[i]);
	out[k] = 0;
}

/* Find NT_GNU_BUILD_ID in the notes of data d. */
static int note_build_id(Elf_Data *d, char *out, size_t out_n)
{
	size_t off = 0, name_off, desc_off;
	GElf_Nhdr nh;
	while (d && off < d->d_size && (off = gelf_getnote(d, off, &nh, &name_off, &desc_off)) > 0) {
		if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == 4 &&
		    !memcmp((const char *)d->d_buf + name_off, "GNU", 4) && nh.n_descsz > 0) {
			hex(out, out_n, (const uint8_t *)d->d_buf + desc_off,
			    nh.n_descsz > 64 ? 64 : nh.n_descsz);
			return 1;
		}
	}
	return 0;
}

static void read_build_id(Elf *elf, char *out, size_t out_n)
{
	size_t nph;
	out[0] = 0;
	/* Program headers first (what a loaded image has), then sections (debug files). */
	if (elf_getphdrnum(elf, &nph) == 0) {
		for (size_t i = 0; i < nph; i++) {
			GElf_Phdr ph;
			if (!gelf_getphdr(elf, (int)i, &ph) || ph.p_type != PT_NOTE)
				continue;
			Elf_Data *d = elf_getdata_rawchunk(elf, (int64_t)ph.p_offset, ph.p_filesz,
							   ph.p_align == 8 ? ELF_T_NHDR8 : ELF_T_NHDR);
			if (note_build_id(d, out, out_n))
				return;
		}
	}
	Elf_Scn *scn = NULL;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		if (gelf_getshdr(scn, &sh) && sh.sh_type == SHT_NOTE &&
		    note_build_id(elf_getdata(scn, NULL), out, out_n))
			return;
	}
}

static void fill_ident(struct elf_file *f, struct symbols_ident *id)
{
	GElf_Ehdr eh;
	struct stat st;
	memset(id, 0, sizeof(*id));
	if (gelf_getehdr(f->elf, &eh)) {
		int is64 = gelf_getclass(f->elf) == ELFCLASS64;
		const char *arch = "other";
		if (eh.e_machine == EM_X86_64 && is64)
			arch = "x86-64";
		else if (eh.e_machine == EM_AARCH64 && is64)
			arch = "aarch64";
		else if (eh.e_machine == EM_RISCV && is64)
			arch = "riscv64";
		snprintf(id->arch, sizeof(id->arch), "%s", arch);
		id->is_pie = eh.e_type == ET_DYN;
	}
	if (fstat(f->fd, &st) == 0)
		id->size_bytes = (uint64_t)st.st_size;
	read_build_id(f->elf, id->build_id, sizeof(id->build_id));
}

int symbols_identify(const char *path, struct symbols_ident *out, char *err)
{
	struct elf_file f;
	elf_version(EV_CURRENT);
	int rc = elf_file_open(&f, path);
	if (rc) {
		set_err(err, path, rc == -EINVAL ? "not an ELF file" : regfile_strerror(rc));
		return rc;
	}
	fill_ident(&f, out);
	elf_file_close(&f);
	return 0;
}

/* ---- function symbols -------------------------------------------------------------------- */

struct raw_sym {
	uint64_t start, size;
	const char *name;   /* points into an Elf string table while loading */
	int rank;           /* 0 global, 1 weak, 2 local */
};

struct sym_vec {
	struct raw_sym *v;
	size_t n, cap;
};

static int load_symtab(Elf *elf, Elf64_Word type, struct sym_vec *out)
{
	Elf_Scn *scn = NULL;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		if (!gelf_getshdr(scn, &sh) || sh.sh_type != type || !sh.sh_entsize)
			continue;
		Elf_Data *d = elf_getdata(scn, NULL);
		size_t n = d ? sh.sh_size / sh.sh_entsize : 0;
		for (size_t i = 0; i < n; i++) {
			GElf_Sym s;
			if (!gelf_getsym(d, (int)i, &s))
				continue;
			int t = GELF_ST_TYPE(s.st_info);
			if ((t != STT_FUNC && t != STT_GNU_IFUNC) || s.st_shndx == SHN_UNDEF ||
			    s.st_value == 0)
				continue;
			const char *name = elf_strptr(elf, sh.sh_link, s.st_name);
			if (!name || !*name || name[0] == '$')
				continue;
			if (out->n == out->cap) {
				size_t cap = out->cap ? out->cap * 2 : 1024;
				struct raw_sym *nv = realloc(out->v, cap * sizeof(*nv));
				if (!nv)
					return -ENOMEM;
				out->v = nv;
				out->cap = cap;
			}
			int b = GELF_ST_BIND(s.st_info);
			out->v[out->n++] = (struct raw_sym){ s.st_value, s.st_size, name,
				b == STB_GLOBAL ? 0 : b == STB_WEAK ? 1 : 2 };
		}
	}
	return 0;
}

static int raw_sym_cmp(const void *pa, const void *pb)
{
	const struct raw_sym *a = pa, *b = pb;
	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	if (a->rank != b->rank)
		return a->rank - b->rank;
	if ((a->size != 0) != (b->size != 0))
		return a->size ? -1 : 1;
	return strcmp(a->name, b->name);
}

/* End of the executable PT_LOAD containing start (for the last size-less symbol). */
static uint64_t segment_end(Elf *elf, uint64_t start)
{
	size_t nph;
	if (elf_getphdrnum(elf, &nph))
		return start + 1;
	for (size_t i = 0; i < nph; i++) {
		GElf_Phdr ph;
		if (gelf_getphdr(elf, (int)i, &ph) && ph.p_type == PT_LOAD && start >= ph.p_vaddr &&
		    start < ph.p_vaddr + ph.p_memsz)
			return ph.p_vaddr + ph.p_memsz;
	}
	return start + 1;
}

/* Load functions from `primary` (.symtab, else .dynsym) plus .dynsym of `secondary`. */
/* Sort, deduplicate and size the collected symbols into s->funcs (names copied); `seg_elf`
 * (may be NULL) bounds the last size-less symbol by its segment. Frees nothing of v. */
static int funcs_finish(struct symbols *s, struct sym_vec *v0, Elf *seg_elf)
{
	struct sym_vec v = *v0;
	int rc = 0;
	if (v.n)  /* a stripped image has none, and qsort's base must not be NULL */
		qsort(v.v, v.n, sizeof(*v.v), raw_sym_cmp);
	/* Keep the first (best-ranked) symbol per start address. */
	size_t w = 0, names_len = 0;
	for (size_t i = 0; i < v.n; i++) {
		if (w && v.v[w - 1].start == v.v[i].start) {
			if (!v.v[w - 1].size)
				v.v[w - 1].size = v.v[i].size;
			continue;
		}
		v.v[w++] = v.v[i];
	}
	for (size_t i = 0; i < w; i++) {
		if (!v.v[i].size)
			v.v[i].size = i + 1 < w ? v.v[i + 1].start - v.v[i].start
						: seg_elf ? segment_end(seg_elf, v.v[i].start) - v.v[i].start
						: 1;
		names_len += strlen(v.v[i].name) + 1;
	}
	s->funcs = calloc(w ? w : 1, sizeof(*s->funcs));
	s->names = malloc(names_len ? names_len : 1);
	if (!s->funcs || !s->names)
		return -ENOMEM;
	char *p = s->names;
	for (size_t i = 0; i < w; i++) {
		size_t len = strlen(v.v[i].name) + 1;
		memcpy(p, v.v[i].name, len);
		s->funcs[i] = (struct symbols_func){ v.v[i].start, v.v[i].size, p };
		p += len;
	}
	s->n_funcs = w;
	return rc;
}

/* Load functions from `primary` (.symtab, else .dynsym) plus .dynsym of `secondary`. */
static int load_funcs(struct symbols *s, Elf *primary, Elf *secondary)
{
	struct sym_vec v = { 0 };
	int rc = 0;
	if (primary && (rc = load_symtab(primary, SHT_SYMTAB, &v)))
		goto out;
	if (primary && (rc = load_symtab(primary, SHT_DYNSYM, &v)))
		goto out;
	if (secondary && secondary != primary && (rc = load_symtab(secondary, SHT_DYNSYM, &v)))
		goto out;
	if (secondary && secondary != primary && v.n == 0 &&
	    (rc = load_symtab(secondary, SHT_SYMTAB, &v)))
		goto out;
	rc = funcs_finish(s, &v, primary ? primary : secondary);
out:
	free(v.v);
	return rc;
}

/* ---- the running kernel ------------------------------------------------------------------ */

/* Build-id of the running kernel from the raw notes in /sys/kernel/notes. */
static void kernel_build_id(char *out, size_t out_n)
{
	uint8_t buf[4096];
	out[0] = 0;
	int fd = open("/sys/kernel/notes", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	ssize_t n = read(fd, buf, sizeof(buf));
	close(fd);
	for (size_t at = 0; n > 0 && at + 12 <= (size_t)n;) {
		uint32_t namesz, descsz, type;
		memcpy(&namesz, buf + at, 4);
		memcpy(&descsz, buf + at + 4, 4);
		memcpy(&type, buf + at + 8, 4);
		size_t name_at = at + 12, desc_at = name_at + ((namesz + 3u) & ~3u);
		size_t next = desc_at + ((descsz + 3u) & ~3u);
		if (next > (size_t)n || next <= at)
			return;
		if (type == NT_GNU_BUILD_ID && namesz == 4 && !memcmp(buf + name_at, "GNU", 4)) {
			hex(out, out_n, buf + desc_at, descsz > 64 ? 64 : descsz);
			return;
		}
		at = next;
	}
}

/* Function symbols of the running kernel from /proc/kallsyms, whose addresses are the
 * runtime addresses the collector records as [kernel.kallsyms] offsets. */
static int open_kernel(struct symbols *s, const char *build_id, char *err)
{
	struct sym_vec v = { 0 };
	char *text = NULL, *save;
	size_t len = 0, cap = 0;
	int rc = 0;
	kernel_build_id(s->ident.build_id, sizeof(s->ident.build_id));
	if (build_id && *build_id && strcmp(build_id, s->ident.build_id)) {
		set_err(err, SYMBOLS_KERNEL_PATH, "samples are from another kernel (build-id differs)");
		return -ESTALE;
	}
	FILE *f = fopen("/proc/kallsyms", "r");
	if (!f) {
		set_err(err, SYMBOLS_KERNEL_PATH, "cannot read /proc/kallsyms");
		return -errno;
	}
	for (;;) {
		if (len + 65536 + 1 > cap) {
			char *nt = realloc(text, cap = (len + 65536 + 1) * 2);
			if (!nt) {
				rc = -ENOMEM;
				goto out;
			}
			text = nt;
		}
		size_t got = fread(text + len, 1, 65536, f);
		len += got;
		if (got == 0)
			break;
	}
	text[len] = 0;
	for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *end, *name;
		uint64_t addr = strtoull(line, &end, 16);
		if (end == line || end[0] != ' ' || !end[1] || end[2] != ' ')
			continue;
		char type = end[1];
		name = end + 3;
		name[strcspn(name, " \t")] = 0;
		if (addr == 0 || !strchr("TtWw", type) || !*name)
			continue;
		if (v.n == v.cap) {
			size_t nc = v.cap ? v.cap * 2 : 4096;
			struct raw_sym *nv = realloc(v.v, nc * sizeof(*nv));
			if (!nv) {
				rc = -ENOMEM;
				goto out;
			}
			v.v = nv;
			v.cap = nc;
		}
		v.v[v.n++] = (struct raw_sym){ addr, 0, name, type == 'T' ? 0 : type == 'W' ||
					       type == 'w' ? 1 : 2 };
	}
	if (v.n == 0) {
		set_err(err, SYMBOLS_KERNEL_PATH, "/proc/kallsyms shows no addresses "
			"(kernel.kptr_restrict)");
		rc = -EACCES;
		goto out;
	}
	rc = funcs_finish(s, &v, NULL);
	if (rc)
		set_err(err, SYMBOLS_KERNEL_PATH, "out of memory");
out:
	if (f)
		fclose(f);
	free(v.v);
	free(text);
	return rc;
}

/* ---- open -------------------------------------------------------------------------------- */

static int has_section(Elf *elf, const char *name, int need_bits)
{
	size_t shstrndx;
	Elf_Scn *scn = NULL;
	if (elf_getshdrstrndx(elf, &shstrndx))
		return 0;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		const char *n;
		if (gelf_getshdr(scn, &sh) && (n = elf_strptr(elf, shstrndx, sh.sh_name)) &&
		    !strcmp(n, name) && (!need_bits || sh.sh_type != SHT_NOBITS))
			return 1;
	}
	return 0;
}

/* Open the debug file of build_id under ROOT/.build-id/xx/rest.debug, trying
 * $ROBIN_DEBUG_ROOT then /usr/lib/debug. */
static int open_debug_by_build_id(struct elf_file *f, const char *build_id)
{
	const char *roots[2] = { getenv("ROBIN_DEBUG_ROOT"), "/usr/lib/debug" };
	char p[4096];
	if (strlen(build_id) < 4)
		return -ENOENT;
	for (int i = 0; i < 2; i++) {
		if (!roots[i] || !*roots[i])
			continue;
		snprintf(p, sizeof(p), "%s/.build-id/%.2s/%s.debug", roots[i], build_id, build_id + 2);
		if (elf_file_open(f, p) == 0) {
			char got[129];
			read_build_id(f->elf, got, sizeof(got));
			if (!strcmp(got, build_id))
				return 0;
			elf_file_close(f);
		}
	}
	return -ENOENT;
}

int symbols_open(const char *path, const char *build_id, struct symbols **out, char *err)
{
	struct symbols *s;
	int rc;
	*out = NULL;
	elf_version(EV_CURRENT);
	if (!(s = calloc(1, sizeof(*s)))) {
		set_err(err, path, "out of memory");
		return -ENOMEM;
	}
	s->image.fd = s->debug.fd = -1;
	if (!strcmp(path, SYMBOLS_KERNEL_PATH)) {
		struct utsname u;
		snprintf(s->ident.arch, sizeof(s->ident.arch), "%s",
			 uname(&u) == 0 && !strcmp(u.machine, "x86_64") ? "x86-64"
			 : uname(&u) == 0 && !strcmp(u.machine, "aarch64") ? "aarch64"
			 : uname(&u) == 0 && !strcmp(u.machine, "riscv64") ? "riscv64" : "other");
		if ((rc = open_kernel(s, build_id, err))) {
			symbols_close(s);
			return rc;
		}
		*out = s;
		return 0;
	}
	rc = elf_file_open(&s->image, path);
	if (rc == 0) {
		fill_ident(&s->image, &s->ident);
		if (build_id && *build_id && *s->ident.build_id && strcmp(build_id, s->ident.build_id)) {
			/* The file at the path was rebuilt since the samples were taken. */
			elf_file_close(&s->image);
			rc = -ESTALE;
		}
	}
	const char *want_id = build_id && *build_id ? build_id : s->ident.build_id;
	int need_debug = s->image.elf == NULL || !has_section(s->image.elf, ".debug_info", 1) ||
			 !has_section(s->image.elf, ".symtab", 0);
	if (need_debug && *want_id && open_debug_by_build_id(&s->debug, want_id) == 0 &&
	    !s->image.elf) {
		fill_ident(&s->debug, &s->ident);
		s->ident.size_bytes = 0;  /* unknown: only the debug file was found */
	}
	if (!s->image.elf && !s->debug.elf) {
		set_err(err, path, rc == -ESTALE ? "build-id differs from the profiled image and no "
			"debug file by build-id was found" : rc == -EINVAL ? "not an ELF file" :
			rc == -REGFILE_ENOTREG || rc == -EISDIR ? regfile_strerror(rc) :
			"not found (neither at this path nor by build-id)");
		free(s);
		return rc == -ESTALE || rc == -EINVAL || rc == -REGFILE_ENOTREG || rc == -EISDIR
			? rc : -ENOENT;
	}
	Elf *dwarf_elf = s->debug.elf && has_section(s->debug.elf, ".debug_info", 1) ? s->debug.elf
			: s->image.elf && has_section(s->image.elf, ".debug_info", 1) ? s->image.elf
			: NULL;
	if (dwarf_elf)
		s->dwarf = dwarf_begin_elf(dwarf_elf, DWARF_C_READ, NULL);
	Elf *sym_elf = s->debug.elf && has_section(s->debug.elf, ".symtab", 0) ? s->debug.elf
		       : s->image.elf ? s->image.elf : s->debug.elf;
	if ((rc = load_funcs(s, sym_elf, s->image.elf))) {
		set_err(err, path, "out of memory");
		symbols_close(s);
		return rc;
	}
	if (s->image.elf)
		s->raw = (const uint8_t *)elf_rawfile(s->image.elf, &s->raw_size);
	*out = s;
	return 0;
}

void symbols_close(struct symbols *s)
{
	if (!s)
		return;
	if (s->dwarf)
		dwarf_end(s->dwarf);
	elf_file_close(&s->image);
	elf_file_close(&s->debug);
	free(s->funcs);
	free(s->names);
	free(s);
}

const char *symbols_path(const struct symbols *s)
{
	return s->image.path ? s->image.path : s->debug.path;
}

const struct symbols_ident *symbols_ident(const struct symbols *s)
{
	return &s->ident;
}

size_t symbols_count(const struct symbols *s)
{
	return s->n_funcs;
}

const struct symbols_func *symbols_at(const struct symbols *s, size_t i)
{
	return i < s->n_funcs ? &s->funcs[i] : NULL;
}

const struct symbols_func *symbols_lookup(const struct symbols *s, uint64_t offset)
{
	size_t lo = 0, hi = s->n_funcs;
	while (lo < hi) {  /* first function with start > offset */
		size_t mid = lo + (hi - lo) / 2;
		if (s->funcs[mid].start <= offset)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return NULL;
	const struct symbols_func *f = &s->funcs[lo - 1];
	return offset - f->start < f->size ? f : NULL;
}

const struct symbols_func *symbols_find_func(const struct symbols *s, const char *name)
{
	for (size_t i = 0; i < s->n_funcs; i++)
		if (!strcmp(s->funcs[i].name, name))
			return &s->funcs[i];
	return NULL;
}

/* ---- lines ------------------------------------------------------------------------------- */

static const char *die_name(Dwarf_Die *die)
{
	Dwarf_Attribute a;
	if (dwarf_attr_integrate(die, DW_AT_name, &a))
		return dwarf_formstring(&a);
	return NULL;
}

/* Descend the concrete DIE tree from `parent` to the DIEs containing pc, recording the
 * subprogram and inlined_subroutine DIEs outermost first. (dwarf_getscopes follows an
 * inlined instance to its abstract definition's scopes, losing the caller.) */
static void find_chain(Dwarf_Die *parent, Dwarf_Addr pc, Dwarf_Die *chain, int *n)
{
	Dwarf_Die child;
	if (dwarf_child(parent, &child) != 0)
		return;
	do {
		int tag = dwarf_tag(&child);
		int func = tag == DW_TAG_subprogram || tag == DW_TAG_inlined_subroutine;
		if (func || tag == DW_TAG_lexical_block) {
			if (dwarf_haspc(&child, pc) != 1)
				continue;
			if (func && *n < SYMBOLS_INLINE_MAX)
				chain[(*n)++] = child;
			find_chain(&child, pc, chain, n);
			return;
		}
		if (tag == DW_TAG_namespace || tag == DW_TAG_class_type ||
		    tag == DW_TAG_structure_type) {
			int before = *n;
			find_chain(&child, pc, chain, n);
			if (*n > before)
				return;
		}
	} while (dwarf_siblingof(&child, &child) == 0);
}

int symbols_line(struct symbols *s, uint64_t offset, struct symbols_line *out)
{
	Dwarf_Die cudie, chain[SYMBOLS_INLINE_MAX];
	int n = 0;
	out->n = 0;
	if (!s->dwarf || !dwarf_addrdie(s->dwarf, offset, &cudie))
		return 0;
	Dwarf_Line *l = dwarf_getsrc_die(&cudie, offset);
	if (!l)
		return 0;
	int line = 0;
	dwarf_lineno(l, &line);
	out->at[0].file = dwarf_linesrc(l, NULL, NULL);
	out->at[0].line = line;
	out->at[0].func = NULL;
	out->n = 1;

	find_chain(&cudie, offset, chain, &n);
	Dwarf_Files *files = NULL;
	size_t nfiles = 0;
	if (dwarf_getsrcfiles(&cudie, &files, &nfiles))
		files = NULL;
	/* chain[n-1] is innermost: its name goes with the line-table position; each inlined
	 * instance's call site is the position in the next outer function. */
	for (int i = n - 1, k = 0; i >= 0 && k < SYMBOLS_INLINE_MAX; i--) {
		out->at[k].func = die_name(&chain[i]);
		if (dwarf_tag(&chain[i]) != DW_TAG_inlined_subroutine || k + 1 >= SYMBOLS_INLINE_MAX)
			break;
		Dwarf_Attribute a;
		Dwarf_Word cf = 0, cl = 0;
		if (dwarf_attr(&chain[i], DW_AT_call_file, &a))
			dwarf_formudata(&a, &cf);
		if (dwarf_attr(&chain[i], DW_AT_call_line, &a))
			dwarf_formudata(&a, &cl);
		k++;
		out->at[k].file = files && cf < nfiles ? dwarf_filesrc(files, cf, NULL, NULL) : NULL;
		out->at[k].line = (int)cl;
		out->at[k].func = NULL;
		out->n = k + 1;
	}
	return 0;
}

/* ---- bytes ------------------------------------------------------------------------------- */

size_t symbols_read(const struct symbols *s, uint64_t offset, uint8_t *buf, size_t n)
{
	size_t nph;
	if (!s->image.elf || !s->raw || elf_getphdrnum(s->image.elf, &nph))
		return 0;
	for (size_t i = 0; i < nph; i++) {
		GElf_Phdr ph;
		if (!gelf_getphdr(s->image.elf, (int)i, &ph) || ph.p_type != PT_LOAD ||
		    offset < ph.p_vaddr || offset - ph.p_vaddr >= ph.p_memsz)
			continue;
		uint64_t in = offset - ph.p_vaddr;
		size_t len = (size_t)(ph.p_memsz - in < n ? ph.p_memsz - in : n);
		for (size_t k = 0; k < len; k++) {
			uint64_t at = in + k;
			buf[k] = at < ph.p_filesz && ph.p_offset + at < s->raw_size
				 ? s->raw[ph.p_offset + at] : 0;
		}
		return len;
	}
	return 0;
}
