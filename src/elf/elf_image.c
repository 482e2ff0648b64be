/*
 * elf_image.c — ELF images through libelf (see elf_image.h): open, identity, build-id notes,
 * PT_LOAD segments, sections, symbols, loaded bytes, debug files by build-id.
 */
#include "elf/elf_image.h"
#include "util/regfile.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- build-ids ------------------------------------------------------------------------- */

void elf_hex(const uint8_t *p, size_t n, char *out, size_t out_n)
{
	static const char digits[] = "0123456789abcdef";
	size_t k = 0;
	for (size_t i = 0; i < n && k + 2 < out_n; i++, k += 2) {
		out[k] = digits[p[i] >> 4];
		out[k + 1] = digits[p[i] & 15];
	}
	if (out_n)
		out[k] = 0;
}

int elf_notes_build_id(const void *notes, size_t n, char *out, size_t out_n)
{
	const uint8_t *p = notes;
	out[0] = 0;
	for (size_t at = 0; at + 12 <= n;) {
		uint32_t namesz, descsz, type;
		memcpy(&namesz, p + at, 4);
		memcpy(&descsz, p + at + 4, 4);
		memcpy(&type, p + at + 8, 4);
		size_t name_at = at + 12;
		size_t desc_at = name_at + (((size_t)namesz + 3u) & ~(size_t)3);
		size_t next = desc_at + (((size_t)descsz + 3u) & ~(size_t)3);
		if (desc_at > n || next > n || next <= at)
			return 0;
		if (type == NT_GNU_BUILD_ID && namesz == 4 && !memcmp(p + name_at, "GNU", 4) &&
		    descsz > 0) {
			elf_hex(p + desc_at, descsz > 64 ? 64 : descsz, out, out_n);
			return 1;
		}
		at = next;
	}
	return 0;
}

void elf_kernel_build_id(char *out, size_t out_n)
{
	uint8_t buf[4096];
	out[0] = 0;
	int fd = open("/sys/kernel/notes", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	ssize_t n = read(fd, buf, sizeof(buf));
	close(fd);
	if (n > 0)
		elf_notes_build_id(buf, (size_t)n, out, out_n);
}

/* NT_GNU_BUILD_ID in the (libelf-translated) notes of data d. */
static int elf_image_note_build_id(Elf_Data *d, char *out, size_t out_n)
{
	size_t off = 0, name_off, desc_off;
	GElf_Nhdr nh;
	while (d && off < d->d_size && (off = gelf_getnote(d, off, &nh, &name_off, &desc_off)) > 0) {
		if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == 4 &&
		    !memcmp((const char *)d->d_buf + name_off, "GNU", 4) && nh.n_descsz > 0) {
			elf_hex((const uint8_t *)d->d_buf + desc_off, nh.n_descsz > 64 ? 64 : nh.n_descsz,
				out, out_n);
			return 1;
		}
	}
	return 0;
}

/* Program headers first (what a loaded image has), then sections (debug files). */
static void elf_image_read_build_id(Elf *elf, char *out, size_t out_n)
{
	size_t nph;
	out[0] = 0;
	if (elf_getphdrnum(elf, &nph) == 0) {
		for (size_t i = 0; i < nph; i++) {
			GElf_Phdr ph;
			if (!gelf_getphdr(elf, (int)i, &ph) || ph.p_type != PT_NOTE)
				continue;
			Elf_Data *d = elf_getdata_rawchunk(elf, (int64_t)ph.p_offset, ph.p_filesz,
							   ph.p_align == 8 ? ELF_T_NHDR8 : ELF_T_NHDR);
			if (elf_image_note_build_id(d, out, out_n))
				return;
		}
	}
	Elf_Scn *scn = NULL;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		if (gelf_getshdr(scn, &sh) && sh.sh_type == SHT_NOTE &&
		    elf_image_note_build_id(elf_getdata(scn, NULL), out, out_n))
			return;
	}
}

/* ---- open and close -------------------------------------------------------------------- */

const char *elf_arch_name(unsigned machine, int is64)
{
	if (!is64)
		return "other";
	return machine == EM_X86_64 ? "x86-64" : machine == EM_AARCH64 ? "aarch64" :
	       machine == EM_RISCV ? "riscv64" : "other";
}

static int elf_image_fill(struct elf_image *im)
{
	GElf_Ehdr eh;
	struct stat st;
	memset(&im->ident, 0, sizeof(im->ident));
	if (gelf_getehdr(im->elf, &eh)) {
		snprintf(im->ident.arch, sizeof(im->ident.arch), "%s",
			 elf_arch_name(eh.e_machine, gelf_getclass(im->elf) == ELFCLASS64));
		im->ident.is_pie = eh.e_type == ET_DYN;
		im->ident.is64 = gelf_getclass(im->elf) == ELFCLASS64;
	} else {
		snprintf(im->ident.arch, sizeof(im->ident.arch), "other");
	}
	if (fstat(im->fd, &st) == 0)
		im->ident.size_bytes = (uint64_t)st.st_size;
	elf_image_read_build_id(im->elf, im->ident.build_id, sizeof(im->ident.build_id));
	im->raw = (const uint8_t *)elf_rawfile(im->elf, &im->raw_size);
	size_t nph;
	if (elf_getphdrnum(im->elf, &nph) || !nph)
		return 0;
	if (!(im->loads = calloc(nph, sizeof(*im->loads))))
		return -ENOMEM;
	for (size_t i = 0; i < nph; i++) {
		GElf_Phdr ph;
		if (gelf_getphdr(im->elf, (int)i, &ph) && ph.p_type == PT_LOAD)
			im->loads[im->n_loads++] = (struct elf_image_load){
				ph.p_offset, ph.p_vaddr, ph.p_filesz, ph.p_memsz, ph.p_flags };
	}
	return 0;
}

/* Take ownership of fd (closed on failure). */
static int elf_image_begin(struct elf_image *im, int fd, const char *name)
{
	memset(im, 0, sizeof(*im));
	im->fd = fd;
	elf_version(EV_CURRENT);
	im->elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!im->elf || elf_kind(im->elf) != ELF_K_ELF || gelf_getclass(im->elf) == ELFCLASSNONE) {
		elf_image_close(im);
		return -EINVAL;
	}
	if (!(im->path = strdup(name)) || elf_image_fill(im)) {
		elf_image_close(im);
		return -ENOMEM;
	}
	return 0;
}

int elf_image_open(struct elf_image *im, const char *path)
{
	int fd = regfile_open(path);
	if (fd < 0) {
		memset(im, 0, sizeof(*im));
		im->fd = -1;
		return fd;
	}
	return elf_image_begin(im, fd, path);
}

int elf_image_open_fd(struct elf_image *im, int fd, const char *name)
{
	int dfd = fcntl(fd, F_DUPFD_CLOEXEC, 0);
	if (dfd < 0) {
		memset(im, 0, sizeof(*im));
		im->fd = -1;
		return -errno;
	}
	return elf_image_begin(im, dfd, name);
}

int elf_image_open_debug(struct elf_image *im, const char *build_id)
{
	const char *roots[2] = { getenv("ROBIN_DEBUG_ROOT"), "/usr/lib/debug" };
	char p[4096];
	memset(im, 0, sizeof(*im));
	im->fd = -1;
	if (strlen(build_id) < 4)
		return -ENOENT;
	for (int i = 0; i < 2; i++) {
		if (!roots[i] || !*roots[i])
			continue;
		snprintf(p, sizeof(p), "%s/.build-id/%.2s/%s.debug", roots[i], build_id, build_id + 2);
		if (elf_image_open(im, p) == 0) {
			if (!strcmp(im->ident.build_id, build_id))
				return 0;
			elf_image_close(im);
		}
	}
	return -ENOENT;
}

void elf_image_close(struct elf_image *im)
{
	if (im->elf)
		elf_end(im->elf);
	if (im->fd >= 0)
		close(im->fd);
	free(im->path);
	free(im->loads);
	memset(im, 0, sizeof(*im));
	im->fd = -1;
}

/* ---- sections and symbols -------------------------------------------------------------- */

int elf_image_has_section(const struct elf_image *im, const char *name, int need_bits)
{
	size_t shstrndx;
	Elf_Scn *scn = NULL;
	if (!im->elf || elf_getshdrstrndx(im->elf, &shstrndx))
		return 0;
	while ((scn = elf_nextscn(im->elf, scn))) {
		GElf_Shdr sh;
		const char *n;
		if (gelf_getshdr(scn, &sh) && (n = elf_strptr(im->elf, shstrndx, sh.sh_name)) &&
		    !strcmp(n, name) && (!need_bits || sh.sh_type != SHT_NOBITS))
			return 1;
	}
	return 0;
}

int elf_image_symbols(const struct elf_image *im, unsigned sh_type,
		      int (*fn)(void *arg, const struct elf_image_sym *s), void *arg)
{
	Elf_Scn *scn = NULL;
	while (im->elf && (scn = elf_nextscn(im->elf, scn))) {
		GElf_Shdr sh;
		if (!gelf_getshdr(scn, &sh) || sh.sh_type != sh_type || !sh.sh_entsize)
			continue;
		Elf_Data *d = elf_getdata(scn, NULL);
		size_t n = d ? sh.sh_size / sh.sh_entsize : 0;
		for (size_t i = 0; i < n; i++) {
			GElf_Sym s;
			if (!gelf_getsym(d, (int)i, &s))
				continue;
			const char *name = s.st_name ? elf_strptr(im->elf, sh.sh_link, s.st_name) : "";
			struct elf_image_sym e = { s.st_value, s.st_size, name ? name : "",
						   GELF_ST_TYPE(s.st_info), GELF_ST_BIND(s.st_info),
						   s.st_shndx, i };
			int rc = fn(arg, &e);
			if (rc)
				return rc;
		}
	}
	return 0;
}

/* ---- bytes and segments ---------------------------------------------------------------- */

size_t elf_image_read(const struct elf_image *im, uint64_t vaddr, uint8_t *buf, size_t n)
{
	if (!im->raw)
		return 0;
	for (size_t i = 0; i < im->n_loads; i++) {
		const struct elf_image_load *l = &im->loads[i];
		if (vaddr < l->vaddr || vaddr - l->vaddr >= l->memsz)
			continue;
		uint64_t in = vaddr - l->vaddr;
		size_t len = (size_t)(l->memsz - in < n ? l->memsz - in : n);
		for (size_t k = 0; k < len; k++) {
			uint64_t at = in + k;
			buf[k] = at < l->filesz && l->offset + at < im->raw_size
				 ? im->raw[l->offset + at] : 0;
		}
		return len;
	}
	return 0;
}

/* ---- code addresses stored as data ------------------------------------------------------- */

struct elf_range {
	uint64_t lo, hi, off;  /* [lo, hi) link-time; off: file offset of lo (data ranges) */
};

static int elf_range_push(struct elf_range **v, size_t *n, size_t *cap, struct elf_range r)
{
	if (*n == *cap) {
		size_t nc = *cap ? 2 * *cap : 16;
		struct elf_range *x = realloc(*v, nc * sizeof(*x));
		if (!x)
			return -ENOMEM;
		*v = x;
		*cap = nc;
	}
	(*v)[(*n)++] = r;
	return 0;
}

static int elf_u64_push(uint64_t **v, size_t *n, size_t *cap, uint64_t x)
{
	if (*n == *cap) {
		size_t nc = *cap ? 2 * *cap : 256;
		uint64_t *y = realloc(*v, nc * sizeof(*y));
		if (!y)
			return -ENOMEM;
		*v = y;
		*cap = nc;
	}
	(*v)[(*n)++] = x;
	return 0;
}

static int elf_u64_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

int elf_image_code_pointers(const struct elf_image *im, uint64_t **out, size_t *n)
{
	struct elf_range *code = NULL, *data = NULL;
	size_t ncode = 0, ndata = 0, ccode = 0, cdata = 0, cap = 0;
	uint64_t *v = NULL;
	int rc = 0;
	*out = NULL;
	*n = 0;
	if (!im->raw)
		return 0;
	Elf_Scn *scn = NULL;
	while (im->elf && !rc && (scn = elf_nextscn(im->elf, scn))) {
		GElf_Shdr sh;
		if (!gelf_getshdr(scn, &sh) || !(sh.sh_flags & SHF_ALLOC) || !sh.sh_size)
			continue;
		struct elf_range r = { sh.sh_addr, sh.sh_addr + sh.sh_size, sh.sh_offset };
		if (sh.sh_flags & SHF_EXECINSTR)
			rc = elf_range_push(&code, &ncode, &ccode, r);
		else if (sh.sh_type == SHT_PROGBITS || sh.sh_type == SHT_INIT_ARRAY ||
		         sh.sh_type == SHT_FINI_ARRAY || sh.sh_type == SHT_PREINIT_ARRAY)
			rc = elf_range_push(&data, &ndata, &cdata, r);
	}
	/* no section headers: the segments */
	for (size_t i = 0; !rc && !ncode && i < im->n_loads; i++) {
		const struct elf_image_load *l = &im->loads[i];
		if (l->flags & PF_X)
			rc = elf_range_push(&code, &ncode, &ccode,
			                    (struct elf_range){ l->vaddr, l->vaddr + l->memsz, 0 });
		else
			rc = elf_range_push(&data, &ndata, &cdata, (struct elf_range){
				l->vaddr, l->vaddr + l->filesz, l->offset });
	}
	/* a position-independent image stores its code addresses as relative relocations: the
	 * words in the file are 0, the addends the link-time addresses */
	GElf_Ehdr eh;
	unsigned relative = 0;
	if (im->elf && gelf_getehdr(im->elf, &eh))
		relative = eh.e_machine == EM_RISCV ? 3 : eh.e_machine == EM_X86_64 ? 8
		         : eh.e_machine == EM_AARCH64 ? 1027 : 0;
	scn = NULL;
	while (relative && im->elf && !rc && (scn = elf_nextscn(im->elf, scn))) {
		GElf_Shdr sh;
		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_RELA || !sh.sh_entsize)
			continue;
		Elf_Data *d = elf_getdata(scn, NULL);
		size_t nr = d ? sh.sh_size / sh.sh_entsize : 0;
		for (size_t i = 0; i < nr && !rc; i++) {
			GElf_Rela ra;
			if (!gelf_getrela(d, (int)i, &ra) || GELF_R_TYPE(ra.r_info) != relative)
				continue;
			uint64_t w = (uint64_t)ra.r_addend;
			int in_code = 0;
			for (size_t c = 0; c < ncode && !in_code; c++)
				in_code = w >= code[c].lo && w < code[c].hi;
			if (in_code && !(w & 1))
				rc = elf_u64_push(&v, n, &cap, w);
		}
	}
	for (size_t d = 0; d < ndata && !rc; d++) {
		const struct elf_range *r = &data[d];
		for (uint64_t a = (r->lo + 7) & ~(uint64_t)7; a + 8 <= r->hi; a += 8) {
			uint64_t off = r->off + (a - r->lo);
			if (off + 8 > im->raw_size)
				break;
			uint64_t w = 0;
			for (int k = 7; k >= 0; k--)
				w = w << 8 | im->raw[off + (uint64_t)k];
			if (w & 1)
				continue;
			int in_code = 0;
			for (size_t c = 0; c < ncode && !in_code; c++)
				in_code = w >= code[c].lo && w < code[c].hi;
			if (in_code && (rc = elf_u64_push(&v, n, &cap, w)))
				break;
		}
	}
	free(code);
	free(data);
	if (rc) {
		free(v);
		*n = 0;
		return rc;
	}
	if (*n) {
		qsort(v, *n, sizeof(*v), elf_u64_cmp);
		size_t k = 1;
		for (size_t i = 1; i < *n; i++)
			if (v[i] != v[k - 1])
				v[k++] = v[i];
		*n = k;
	}
	*out = v;
	return 0;
}

uint64_t elf_image_segment_end(const struct elf_image *im, uint64_t vaddr)
{
	for (size_t i = 0; i < im->n_loads; i++) {
		const struct elf_image_load *l = &im->loads[i];
		if (vaddr >= l->vaddr && vaddr < l->vaddr + l->memsz)
			return l->vaddr + l->memsz;
	}
	return vaddr + 1;
}

/* ---- summaries ------------------------------------------------------------------------- */

static int elf_image_info_from(struct elf_image *im, int rc, struct elf_image_info *out)
{
	memset(out, 0, sizeof(*out));
	out->arch = "other";
	if (rc)
		return rc == -EINVAL ? -ENOEXEC : rc;
	snprintf(out->build_id, sizeof(out->build_id), "%s", im->ident.build_id);
	out->arch = elf_arch_name(0, 0);
	GElf_Ehdr eh;
	if (gelf_getehdr(im->elf, &eh))
		out->arch = elf_arch_name(eh.e_machine, gelf_getclass(im->elf) == ELFCLASS64);
	out->size_bytes = im->ident.size_bytes;
	for (size_t i = 0; i < im->n_loads && out->n_loads < ELF_IMAGE_MAX_LOADS; i++)
		out->load[out->n_loads++] = im->loads[i];
	elf_image_close(im);
	return 0;
}

int elf_image_info_path(const char *path, struct elf_image_info *out)
{
	struct elf_image im;
	return elf_image_info_from(&im, elf_image_open(&im, path), out);
}

int elf_image_info_fd(int fd, struct elf_image_info *out)
{
	struct elf_image im;
	return elf_image_info_from(&im, elf_image_open_fd(&im, fd, "<fd>"), out);
}

int64_t elf_image_info_bias(const struct elf_image_info *e, uint64_t start, uint64_t pgoff)
{
	/* the loader maps each segment from the page holding its first byte: prefer the segment
	 * starting in exactly that page, else one whose file range contains pgoff */
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < e->n_loads; i++) {
			const struct elf_image_load *l = &e->load[i];
			uint64_t seg_page = l->offset & ~0xfffull;
			int hit = pass == 0 ? seg_page == pgoff :
				  pgoff >= seg_page && pgoff < l->offset + l->filesz;
			if (hit)
				return (int64_t)(pgoff - l->offset + l->vaddr) - (int64_t)start;
		}
	return (int64_t)pgoff - (int64_t)start;
}
