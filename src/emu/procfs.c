/*
 * procfs.c — the guest's own /proc/self files, as qemu-user shows them: /proc/self/maps (and
 * /proc/PID/maps for the guest's pid) lists the guest's mappings with guest addresses,
 * permissions and image paths, and opening /proc/self/exe opens the guest program, not robin.
 * /proc/self/cmdline, environ and auxv are the guest's own (read from its initial stack, as
 * Linux reads them from the process's memory); /proc/self/stat and status are the host
 * process's (times, ids, resident memory, which the guest shares with robin) with the guest's
 * facts put in: its name, its signal masks and pending signals, its address-space size and its
 * code, data, brk, stack, argument and environment addresses. The open path of syscall_fs.c
 * asks procfs_open first; other paths go to the host.
 */
#include "emu/emu_priv.h"
#include "emu/hermetic.h"
#include "emu/syscall_priv.h"
#include "util/regfile.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

/* Which /proc/self file `path` names ("maps", "exe", ...), or NULL if none of the guest's. */
static const char *procfs_self_file(const struct emu *e, const char *path)
{
	char pidpfx[32];
	if (!strncmp(path, "/proc/self/", 11))
		return path + 11;
	if (!strncmp(path, "/proc/thread-self/", 18))
		return path + 18;
	int n = snprintf(pidpfx, sizeof(pidpfx), "/proc/%d/", e->pid);
	if (!strncmp(path, pidpfx, (size_t)n))
		return path + n;
	return NULL;
}

/* The first mapped page at or after pg (GMEM_NPAGES if none), skipping 8 pages at a time. */
static uint64_t procfs_next_mapped(const uint8_t *perm, uint64_t pg)
{
	const uint8_t *p = perm + pg, *end = perm + GMEM_NPAGES;
	while (p + 8 <= end) {
		uint64_t w;
		memcpy(&w, p, 8);
		if (w & 0x0808080808080808ull)
			break;
		p += 8;
	}
	while (p < end && !(*p & GMEM_MAPPED))
		p++;
	return (uint64_t)(p - perm);
}

/* The file-backed part of one PT_LOAD segment of an image, as the guest sees it. */
struct procfs_seg {
	uint64_t lo, hi;        /* guest range, page-aligned */
	uint64_t offset;        /* file offset of lo */
	const char *path;
	uint64_t dev, ino;
};

#define PROCFS_MAX_SEGS 512

/* The segments of every image: from its program headers, or the whole image range at offset
 * 0 when the file cannot be read any more. */
static size_t procfs_segments(const struct emu *e, struct procfs_seg *v, size_t max)
{
	size_t n = 0;
	for (int i = 0; i < e->n_images && n < max; i++) {
		const struct emu_image *im = &e->images[i];
		struct procfs_seg whole = { im->start, im->end, 0, im->path, 0, 0 };
		int fd = regfile_open(im->path);
		struct stat st;
		Elf64_Ehdr eh;
		Elf64_Phdr ph[64];
		size_t before = n;
		if (fd >= 0 && fstat(fd, &st) == 0 &&
		    pread(fd, &eh, sizeof(eh), 0) == (ssize_t)sizeof(eh) &&
		    !memcmp(eh.e_ident, ELFMAG, SELFMAG) && eh.e_ident[EI_CLASS] == ELFCLASS64 &&
		    eh.e_phentsize == sizeof(Elf64_Phdr) && eh.e_phnum <= 64 &&
		    pread(fd, ph, eh.e_phnum * sizeof(Elf64_Phdr), (off_t)eh.e_phoff) ==
			    (ssize_t)(eh.e_phnum * sizeof(Elf64_Phdr))) {
			whole.dev = st.st_dev;
			whole.ino = st.st_ino;
			struct stat exe;
			if (stat(e->exe_path, &exe) == 0 && exe.st_dev == st.st_dev &&
			    exe.st_ino == st.st_ino)
				whole.path = e->exe_guest; /* absolute, as Linux shows it */
			for (int k = 0; k < eh.e_phnum && n < max; k++) {
				if (ph[k].p_type != PT_LOAD || !ph[k].p_filesz)
					continue;
				uint64_t lo = ph[k].p_vaddr & ~(uint64_t)GMEM_PAGE_MASK;
				uint64_t hi = (ph[k].p_vaddr + ph[k].p_filesz + GMEM_PAGE_MASK) &
					      ~(uint64_t)GMEM_PAGE_MASK;
				v[n++] = (struct procfs_seg){ im->bias + lo, im->bias + hi,
							      ph[k].p_offset & ~(uint64_t)GMEM_PAGE_MASK,
							      whole.path, st.st_dev, st.st_ino };
			}
		}
		if (fd >= 0)
			close(fd);
		if (n == before)
			v[n++] = whole;
	}
	return n;
}

static const struct procfs_seg *procfs_seg_at(const struct procfs_seg *v, size_t n, uint64_t a)
{
	for (size_t i = 0; i < n; i++)
		if (a >= v[i].lo && a < v[i].hi)
			return &v[i];
	return NULL;
}

/* Write the guest's mappings in /proc/PID/maps format: one line per run of pages with the
 * same permissions and the same file segment (offset, device and inode as Linux prints them;
 * a segment's zero-filled tail is anonymous memory, as on Linux), or none. */
static void procfs_maps(const struct emu *e, FILE *f)
{
	const uint8_t *perm = e->mem.perm;
	uint64_t pg = 0;
	const uint64_t stack_lo = (EMU_STACK_TOP - EMU_STACK_BYTES) >> GMEM_PAGE_SHIFT;
	struct procfs_seg *segs = malloc(PROCFS_MAX_SEGS * sizeof(*segs));
	size_t nseg = segs ? procfs_segments(e, segs, PROCFS_MAX_SEGS) : 0;
	while (pg < GMEM_NPAGES) {
		if (!(perm[pg] & GMEM_MAPPED)) {  /* skip unmapped pages quickly */
			pg = procfs_next_mapped(perm, pg);
			continue;
		}
		uint8_t prot = perm[pg] & (GMEM_PROT_MASK | GMEM_SHARED);
		uint64_t a = pg << GMEM_PAGE_SHIFT;
		const struct procfs_seg *seg = procfs_seg_at(segs, nseg, a);
		uint64_t q = pg + 1;
		while (q < GMEM_NPAGES && (perm[q] & GMEM_MAPPED) &&
		       (perm[q] & (GMEM_PROT_MASK | GMEM_SHARED)) == prot &&
		       procfs_seg_at(segs, nseg, q << GMEM_PAGE_SHIFT) == seg &&
		       !(q == stack_lo) && !(q << GMEM_PAGE_SHIFT == e->brk_start))
			q++;
		const char *name = seg ? seg->path : NULL;
		if (!name && pg >= stack_lo)
			name = "[stack]";
		else if (!name && a >= e->brk_start && a < ((e->brk_cur + GMEM_PAGE_SIZE - 1) &
							     ~(uint64_t)GMEM_PAGE_MASK) &&
			 e->brk_cur > e->brk_start)
			name = "[heap]";
		int len = fprintf(f, "%08" PRIx64 "-%08" PRIx64 " %c%c%c%c %08" PRIx64 " %02x:%02x %"
				  PRIu64, a, q << GMEM_PAGE_SHIFT, prot & GMEM_R ? 'r' : '-',
				  prot & GMEM_W ? 'w' : '-', prot & GMEM_X ? 'x' : '-',
				  prot & GMEM_SHARED ? 's' : 'p', seg ? seg->offset + (a - seg->lo) : 0,
				  seg ? major(seg->dev) : 0, seg ? minor(seg->dev) : 0,
				  seg ? seg->ino : 0);
		/* Linux pads the path to column 74 */
		if (name)
			fprintf(f, "%*s%s", len < 73 ? 73 - len : 1, "", name);
		fputc('\n', f);
		pg = q;
	}
	free(segs);
}

/* Facts about the guest's address space for stat and status. */
struct procfs_space {
	uint64_t mapped_bytes, stack_bytes;
	uint64_t code_lo, code_hi;   /* the program's executable pages */
	uint64_t data_lo, data_hi;   /* the program's writable pages */
};

static void procfs_space(const struct emu *e, struct procfs_space *sp)
{
	memset(sp, 0, sizeof(*sp));
	const uint8_t *perm = e->mem.perm;
	const uint64_t stack_lo = (EMU_STACK_TOP - EMU_STACK_BYTES) >> GMEM_PAGE_SHIFT;
	/* the program's image (its path may be spelt relative to where robin started) */
	const struct emu_image *prog = NULL;
	struct stat exe, im;
	int have_exe = stat(e->exe_path, &exe) == 0;
	for (int i = 0; i < e->n_images && !prog; i++)
		if (!strcmp(e->images[i].path, e->exe_path) ||
		    (have_exe && stat(e->images[i].path, &im) == 0 && im.st_dev == exe.st_dev &&
		     im.st_ino == exe.st_ino))
			prog = &e->images[i];
	for (uint64_t pg = procfs_next_mapped(perm, 0); pg < GMEM_NPAGES;
	     pg = procfs_next_mapped(perm, pg + 1)) {
		uint64_t a = pg << GMEM_PAGE_SHIFT;
		sp->mapped_bytes += GMEM_PAGE_SIZE;
		if (pg >= stack_lo)
			sp->stack_bytes += GMEM_PAGE_SIZE;
		if (!prog || a < prog->start || a >= prog->end)
			continue;
		uint64_t *lo = perm[pg] & GMEM_X ? &sp->code_lo : perm[pg] & GMEM_W ? &sp->data_lo
										     : NULL;
		if (!lo)
			continue;
		if (!*lo)
			*lo = a;
		lo[1] = a + GMEM_PAGE_SIZE;
	}
}

/* The guest's command name: its program's file name, at most 15 bytes (as comm). */
static void procfs_comm(const struct emu *e, char comm[16])
{
	const char *b = strrchr(e->exe_path, '/');
	snprintf(comm, 16, "%.15s", b ? b + 1 : e->exe_path);
}

/* Signal sets of the guest: ignored and caught (by handler). */
static void procfs_sigsets(const struct emu *e, uint64_t *ign, uint64_t *cgt)
{
	*ign = *cgt = 0;
	for (int s = 1; s <= EMU_NSIG; s++) {
		if (e->sigact[s].handler == 1)
			*ign |= 1ull << (s - 1);
		else if (e->sigact[s].handler > 1)
			*cgt |= 1ull << (s - 1);
	}
}

/* Copy guest memory [lo, hi) to f (nothing if the range is empty or unreadable). */
static void procfs_guest_bytes(struct emu *e, FILE *f, uint64_t lo, uint64_t hi)
{
	char buf[4096];
	while (lo < hi) {
		uint64_t n = hi - lo < sizeof(buf) ? hi - lo : sizeof(buf);
		if (gmem_copy_from(&e->mem, buf, lo, n))
			return;
		fwrite(buf, 1, (size_t)n, f);
		lo += n;
	}
}

static void procfs_cmdline(struct emu *e, FILE *f)
{
	procfs_guest_bytes(e, f, e->arg_start, e->arg_end);
}

static void procfs_environ(struct emu *e, FILE *f)
{
	procfs_guest_bytes(e, f, e->env_start, e->env_end);
}

static void procfs_auxv(struct emu *e, FILE *f)
{
	procfs_guest_bytes(e, f, e->auxv_at, e->auxv_at + e->auxv_bytes);
}

/* The host's /proc/self/stat with the guest's fields (proc(5) numbering) put in. */
static void procfs_stat(struct emu *e, FILE *f)
{
	char host[2048];
	FILE *h = fopen("/proc/self/stat", "r");
	size_t n = h ? fread(host, 1, sizeof(host) - 1, h) : 0;
	if (h)
		fclose(h);
	host[n] = 0;
	char *rp = strrchr(host, ')');
	if (!rp || rp[1] != ' ')
		return;
	char comm[16];
	procfs_comm(e, comm);
	struct procfs_space sp;
	procfs_space(e, &sp);
	uint64_t ign, cgt;
	procfs_sigsets(e, &ign, &cgt);
	struct { int field; uint64_t v; } put[] = {
		{ 23, sp.mapped_bytes }, { 26, sp.code_lo }, { 27, sp.code_hi },
		{ 28, e->stack_start }, { 29, 0 }, { 30, 0 }, { 31, e->sigpending & 0x7fffffffull },
		{ 32, e->sigmask & 0x7fffffffull }, { 33, ign & 0x7fffffffull },
		{ 34, cgt & 0x7fffffffull }, { 45, sp.data_lo }, { 46, sp.data_hi },
		{ 47, e->brk_start }, { 48, e->arg_start }, { 49, e->arg_end }, { 50, e->env_start },
		{ 51, e->env_end }, { 0, 0 },
	};
	if (e->ppid >= 0) {  /* hermetic: the parent's virtual pid (field 4) */
		put[sizeof(put) / sizeof(put[0]) - 1].field = 4;
		put[sizeof(put) / sizeof(put[0]) - 1].v = (uint64_t)e->ppid;
	}
	fprintf(f, "%d (%s)", e->pid, comm);
	int field = 3;
	for (char *tok = strtok(rp + 2, " \n"); tok; tok = strtok(NULL, " \n"), field++) {
		size_t k = 0;
		while (k < sizeof(put) / sizeof(put[0]) && put[k].field != field)
			k++;
		if (k < sizeof(put) / sizeof(put[0]))
			fprintf(f, " %" PRIu64, put[k].v);
		else
			fprintf(f, " %s", tok);
	}
	fputc('\n', f);
}

/* The host's /proc/self/status with the guest's name, signals and address-space size. */
static void procfs_status(struct emu *e, FILE *f)
{
	FILE *h = fopen("/proc/self/status", "r");
	if (!h)
		return;
	char comm[16], line[512];
	procfs_comm(e, comm);
	struct procfs_space sp;
	procfs_space(e, &sp);
	uint64_t ign, cgt;
	procfs_sigsets(e, &ign, &cgt);
	struct { const char *key; uint64_t v; int kb; } put[] = {
		{ "SigPnd:", e->sigpending, 0 }, { "ShdPnd:", e->sigpending, 0 },
		{ "SigBlk:", e->sigmask, 0 }, { "SigIgn:", ign, 0 }, { "SigCgt:", cgt, 0 },
		{ "VmPeak:", sp.mapped_bytes, 1 }, { "VmSize:", sp.mapped_bytes, 1 },
		{ "VmStk:", sp.stack_bytes, 1 },
	};
	while (fgets(line, sizeof(line), h)) {
		size_t k = 0;
		while (k < sizeof(put) / sizeof(put[0]) && strncmp(line, put[k].key, strlen(put[k].key)))
			k++;
		if (!strncmp(line, "Name:", 5))
			fprintf(f, "Name:\t%s\n", comm);
		else if (!strncmp(line, "Pid:", 4) || !strncmp(line, "Tgid:", 5) ||
			 !strncmp(line, "NSpid:", 6) || !strncmp(line, "NStgid:", 7))
			fprintf(f, "%.*s\t%d\n", (int)strcspn(line, ":") + 1, line, e->pid);
		else if (!strncmp(line, "PPid:", 5) && e->ppid >= 0)
			fprintf(f, "PPid:\t%d\n", e->ppid);
		else if (k == sizeof(put) / sizeof(put[0]))
			fputs(line, f);
		else if (put[k].kb)
			fprintf(f, "%s\t%8" PRIu64 " kB\n", put[k].key, put[k].v / 1024);
		else
			fprintf(f, "%s\t%016" PRIx64 "\n", put[k].key, put[k].v);
	}
	fclose(h);
}

static void procfs_maps_file(struct emu *e, FILE *f)
{
	procfs_maps(e, f);
}

static const struct {
	const char *name;
	void (*write)(struct emu *e, FILE *f);
} procfs_files[] = {
	{ "maps", procfs_maps_file }, { "cmdline", procfs_cmdline }, { "environ", procfs_environ },
	{ "auxv", procfs_auxv }, { "stat", procfs_stat }, { "status", procfs_status },
};

int procfs_open(struct emu *e, const char *path, int flags)
{
	const char *file = procfs_self_file(e, path);
	if (!file)
		return PROCFS_HOST;
	if (!strcmp(file, "exe")) {
		int fd = open(e->exe_path, flags & ~(O_CREAT | O_TRUNC | O_ACCMODE));
		return fd < 0 ? -errno : fd;
	}
	size_t k = 0;
	while (k < sizeof(procfs_files) / sizeof(procfs_files[0]) && strcmp(file, procfs_files[k].name))
		k++;
	if (k == sizeof(procfs_files) / sizeof(procfs_files[0]))
		return PROCFS_HOST;
	if ((flags & O_ACCMODE) != O_RDONLY)
		return -EACCES;
	int fd = memfd_create("robin-proc", MFD_CLOEXEC);
	if (fd < 0)
		return -errno;
	FILE *f = fdopen(dup(fd), "w");
	if (!f) {
		close(fd);
		return -ENOMEM;
	}
	procfs_files[k].write(e, f);
	fclose(f);
	lseek(fd, 0, SEEK_SET);
	if (!(flags & O_CLOEXEC))
		fcntl(fd, F_SETFD, 0);
	return fd;
}
