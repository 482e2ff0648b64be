/*
 * symbols.c — symbolisation of one image for the profile tools: the image and its debug file
 * by build-id opened through src/elf/, function symbols ranked, deduplicated and sized, the
 * running kernel's from /proc/kallsyms, lines through elf_lines. Offsets are link-time
 * virtual addresses, so symbol values and DWARF addresses are used as they are.
 */
#include "profile/symbols.h"
#include "elf/elf_fetch.h"
#include "profile/symbols_source.h"
#include "util/regfile.h"

#include <elf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

struct symbols {
	struct elf_image image;   /* the image itself (fd -1 when only a debug file exists) */
	struct elf_image debug;   /* separate debug file, or fd -1 */
	Dwarf *dwarf;             /* from whichever file has .debug_info, or NULL */
	struct elf_image_ident ident;
	struct symbols_func *funcs;
	size_t n_funcs;
	char *names;              /* all function names, NUL-separated */
	uint64_t *code_ptrs;      /* elf_image_code_pointers, read on first use */
	size_t n_code_ptrs;
	int code_ptrs_read;
};

static void set_err(char *err, const char *path, const char *what)
{
	if (err)
		snprintf(err, SYMBOLS_ERR_MAX, "%s: %s", path, what);
}

int symbols_identify(const char *path, struct elf_image_ident *out, char *err)
{
	struct elf_image im;
	int rc = elf_image_open(&im, path);
	if (rc) {
		set_err(err, path, rc == -EINVAL ? "not an ELF file" : regfile_strerror(rc));
		return rc;
	}
	*out = im.ident;
	elf_image_close(&im);
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

static int sym_vec_push(struct sym_vec *out, struct raw_sym r)
{
	if (out->n == out->cap) {
		size_t cap = out->cap ? out->cap * 2 : 1024;
		struct raw_sym *nv = realloc(out->v, cap * sizeof(*nv));
		if (!nv)
			return -ENOMEM;
		out->v = nv;
		out->cap = cap;
	}
	out->v[out->n++] = r;
	return 0;
}

/* Function symbols (and GNU indirect functions) with a name and an address. */
static int add_func_sym(void *arg, const struct elf_image_sym *s)
{
	if ((s->type != STT_FUNC && s->type != STT_GNU_IFUNC) || s->shndx == SHN_UNDEF ||
	    s->value == 0 || !*s->name || s->name[0] == '$')
		return 0;
	return sym_vec_push(arg, (struct raw_sym){ s->value, s->size, s->name,
		s->bind == STB_GLOBAL ? 0 : s->bind == STB_WEAK ? 1 : 2 });
}

static int load_symtab(const struct elf_image *im, unsigned type, struct sym_vec *out)
{
	return elf_image_symbols(im, type, add_func_sym, out);
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

/* Sort, deduplicate and size the collected symbols into s->funcs (names copied); `seg_elf`
 * (may be NULL) bounds the last size-less symbol by its segment. Frees nothing of v. */
static int funcs_finish(struct symbols *s, struct sym_vec *v0, const struct elf_image *seg_elf)
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
						: seg_elf ? elf_image_segment_end(seg_elf, v.v[i].start) - v.v[i].start
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
static int load_funcs(struct symbols *s, const struct elf_image *primary,
		      const struct elf_image *secondary)
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

/* Function symbols of the running kernel from /proc/kallsyms, whose addresses are the
 * runtime addresses the collector records as [kernel.kallsyms] offsets. */
static int open_kernel(struct symbols *s, const char *build_id, char *err)
{
	struct sym_vec v = { 0 };
	char *text = NULL, *save;
	size_t len = 0, cap = 0;
	int rc = 0;
	elf_kernel_build_id(s->ident.build_id, sizeof(s->ident.build_id));
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

/* ---- JIT code: symbols kept in the profile database ----------------------------------------- */

struct jit_rows {
	struct raw_sym *v;   /* in write order (the index is the precedence); names strdup'ed */
	size_t n, cap;
};

static int jit_row(void *arg, uint64_t start, uint64_t size, const char *name)
{
	struct jit_rows *r = arg;
	if (!size || start + size < start)
		return 0;
	if (r->n == r->cap) {
		size_t cap = r->cap ? r->cap * 2 : 1024;
		struct raw_sym *nv = realloc(r->v, cap * sizeof(*nv));
		if (!nv)
			return -ENOMEM;
		r->v = nv;
		r->cap = cap;
	}
	char *copy = strdup(name);
	if (!copy)
		return -ENOMEM;
	r->v[r->n++] = (struct raw_sym){ start, size, copy, 0 };
	return 0;
}

static int u64_cmp(const void *pa, const void *pb)
{
	uint64_t a = *(const uint64_t *)pa, b = *(const uint64_t *)pb;
	return a < b ? -1 : a > b;
}

static const struct raw_sym *jit_sort_base;

static int jit_start_cmp(const void *pa, const void *pb)
{
	const struct raw_sym *a = &jit_sort_base[*(const size_t *)pa];
	const struct raw_sym *b = &jit_sort_base[*(const size_t *)pb];
	return a->start < b->start ? -1 : a->start > b->start;
}

/* Max-heap of row indices (a later row wins). */
static void heap_push(size_t *h, size_t *n, size_t x)
{
	size_t i = (*n)++;
	for (; i && h[(i - 1) / 2] < x; i = (i - 1) / 2)
		h[i] = h[(i - 1) / 2];
	h[i] = x;
}

static void heap_pop(size_t *h, size_t *n)
{
	size_t x = h[--*n], i = 0;
	for (;;) {
		size_t c = 2 * i + 1;
		if (c >= *n)
			break;
		if (c + 1 < *n && h[c + 1] > h[c])
			c++;
		if (h[c] <= x)
			break;
		h[i] = h[c];
		i = c;
	}
	if (*n)
		h[i] = x;
}

/* The rows painted in write order onto the address line (a later row overrides an earlier
 * one where they overlap, as perf does), as sorted, non-overlapping functions in s->funcs.
 * A row split by a later one yields one function per visible piece, each with its name. */
static int jit_finish(struct symbols *s, const struct jit_rows *r)
{
	size_t n = r->n, np = 0, nh = 0, nf = 0, names_len;
	uint64_t *pt = malloc((2 * n + 1) * sizeof(*pt));
	size_t *order = malloc((n + 1) * sizeof(*order)), *heap = malloc((n + 1) * sizeof(*heap));
	s->funcs = calloc(2 * n + 1, sizeof(*s->funcs));
	int rc = pt && order && heap && s->funcs ? 0 : -ENOMEM;
	for (size_t i = 0; !rc && i < n; i++) {
		pt[np++] = r->v[i].start;
		pt[np++] = r->v[i].start + r->v[i].size;
		order[i] = i;
	}
	if (!rc && n) {
		qsort(pt, np, sizeof(*pt), u64_cmp);
		jit_sort_base = r->v;
		qsort(order, n, sizeof(*order), jit_start_cmp);
	}
	/* the winner of [pt[k], pt[k + 1]) is the latest row that started and has not ended */
	size_t next = 0;
	for (size_t k = 0; !rc && k + 1 < np; k++) {
		uint64_t x = pt[k];
		if (x == pt[k + 1])
			continue;
		while (next < n && r->v[order[next]].start <= x)
			heap_push(heap, &nh, order[next++]);
		while (nh && r->v[heap[0]].start + r->v[heap[0]].size <= x)
			heap_pop(heap, &nh);
		if (!nh)
			continue;
		const char *name = r->v[heap[0]].name;
		struct symbols_func *last = nf ? &s->funcs[nf - 1] : NULL;
		if (last && last->name == name && last->start + last->size == x)
			last->size += pt[k + 1] - x;
		else
			s->funcs[nf++] = (struct symbols_func){ x, pt[k + 1] - x, name };
	}
	/* the names into one block (the painted functions point at the rows' copies) */
	names_len = 0;
	for (size_t i = 0; !rc && i < nf; i++)
		names_len += strlen(s->funcs[i].name) + 1;
	s->names = rc ? NULL : malloc(names_len ? names_len : 1);
	if (!rc && !s->names)
		rc = -ENOMEM;
	if (!rc) {
		char *p = s->names;
		for (size_t i = 0; i < nf; i++) {
			size_t len = strlen(s->funcs[i].name) + 1;
			memcpy(p, s->funcs[i].name, len);
			s->funcs[i].name = p;
			p += len;
		}
		s->n_funcs = nf;
	}
	free(pt);
	free(order);
	free(heap);
	return rc;
}

/* An image of JIT code: its functions from the open profile databases, no bytes, no lines. */
static int open_jit(struct symbols *s, const char *path, const char *build_id, char *err)
{
	struct jit_rows r = { 0 };
	int64_t got = symbols_source_query(path, build_id, jit_row, &r);
	int rc = got < 0 ? (int)got : jit_finish(s, &r);
	for (size_t i = 0; i < r.n; i++)
		free((char *)r.v[i].name);
	free(r.v);
	if (rc)
		set_err(err, path, rc == -ENOMEM ? "out of memory" : "cannot read its symbols");
	snprintf(s->ident.build_id, sizeof(s->ident.build_id), "%s", build_id ? build_id : "");
	struct utsname u;
	snprintf(s->ident.arch, sizeof(s->ident.arch), "%s",
		 uname(&u) == 0 && !strcmp(u.machine, "x86_64") ? "x86-64"
		 : uname(&u) == 0 && !strcmp(u.machine, "aarch64") ? "aarch64"
		 : uname(&u) == 0 && !strcmp(u.machine, "riscv64") ? "riscv64" : "other");
	return rc;
}

/* ---- open -------------------------------------------------------------------------------- */

int symbols_open(const char *path, const char *build_id, struct symbols **out, char *err)
{
	struct symbols *s;
	int rc;
	*out = NULL;
	if (!(s = calloc(1, sizeof(*s)))) {
		set_err(err, path, "out of memory");
		return -ENOMEM;
	}
	s->image.fd = s->debug.fd = -1;
	if (!strncmp(path, SYMBOLS_JIT_PREFIX, strlen(SYMBOLS_JIT_PREFIX))) {
		if ((rc = open_jit(s, path, build_id, err))) {
			symbols_close(s);
			return rc;
		}
		*out = s;
		return 0;
	}
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
	rc = elf_image_open(&s->image, path);
	if (rc == 0) {
		s->ident = s->image.ident;
		if (build_id && *build_id && *s->ident.build_id && strcmp(build_id, s->ident.build_id)) {
			/* The file at the path was rebuilt since the samples were taken. */
			elf_image_close(&s->image);
			rc = -ESTALE;
		}
	}
	const char *want_id = build_id && *build_id ? build_id : s->ident.build_id;
	if (!s->image.elf && *want_id && elf_fetch_cache_open(&s->image, want_id) == 0) {
		/* a copy taken at record time (an image of another mount namespace) */
		s->ident = s->image.ident;
		rc = 0;
	}
	int need_debug = s->image.elf == NULL || !elf_image_has_section(&s->image, ".debug_info", 1) ||
			 !elf_image_has_section(&s->image, ".symtab", 0);
	if (need_debug && *want_id && (elf_image_open_debug(&s->debug, want_id) == 0 ||
				       elf_fetch_debuginfod(&s->debug, want_id) == 0) &&
	    !s->image.elf) {
		s->ident = s->debug.ident;
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
	s->dwarf = s->debug.elf ? elf_lines_open(&s->debug) : NULL;
	if (!s->dwarf)
		s->dwarf = elf_lines_open(&s->image);
	const struct elf_image *sym_elf =
		s->debug.elf && elf_image_has_section(&s->debug, ".symtab", 0) ? &s->debug
		: s->image.elf ? &s->image : &s->debug;
	if ((rc = load_funcs(s, sym_elf, s->image.elf ? &s->image : NULL))) {
		set_err(err, path, "out of memory");
		symbols_close(s);
		return rc;
	}
	*out = s;
	return 0;
}

void symbols_close(struct symbols *s)
{
	if (!s)
		return;
	if (s->dwarf)
		dwarf_end(s->dwarf);
	elf_image_close(&s->image);
	elf_image_close(&s->debug);
	free(s->funcs);
	free(s->names);
	free(s->code_ptrs);
	free(s);
}

const char *symbols_path(const struct symbols *s)
{
	return s->image.path ? s->image.path : s->debug.path;
}

const struct elf_image_ident *symbols_ident(const struct symbols *s)
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

/* ---- lines and bytes ------------------------------------------------------------------- */

int symbols_line(struct symbols *s, uint64_t offset, struct elf_line *out)
{
	elf_lines_at(s->dwarf, offset, out);
	return 0;
}

int symbols_code_pointers(struct symbols *s, const uint64_t **out, size_t *n)
{
	if (!s->code_ptrs_read && s->image.elf) {
		int rc = elf_image_code_pointers(&s->image, &s->code_ptrs, &s->n_code_ptrs);
		if (rc)
			return rc;
	}
	s->code_ptrs_read = 1;
	*out = s->code_ptrs;
	*n = s->n_code_ptrs;
	return 0;
}

size_t symbols_read(const struct symbols *s, uint64_t offset, uint8_t *buf, size_t n)
{
	return s->image.elf ? elf_image_read(&s->image, offset, buf, n) : 0;
}
