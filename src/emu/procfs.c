/*
 * procfs.c — the guest's own /proc/self files, as qemu-user shows them: /proc/self/maps (and
 * /proc/PID/maps for the guest's pid) lists the guest's mappings with guest addresses,
 * permissions and image paths, and opening /proc/self/exe opens the guest program, not robin.
 * The open path of syscall_fs.c asks procfs_open first; other paths go to the host.
 */
#include "emu/emu_priv.h"
#include "emu/syscall_priv.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
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

/* The image holding guest address a, or NULL. */
static const char *procfs_image_at(const struct emu *e, uint64_t a)
{
	for (int i = 0; i < e->n_images; i++)
		if (a >= e->images[i].start && a < e->images[i].end)
			return e->images[i].path;
	return NULL;
}

/* Write the guest's mappings in /proc/PID/maps format: one line per run of pages with the
 * same permissions and name. */
static void procfs_maps(const struct emu *e, FILE *f)
{
	const uint8_t *perm = e->mem.perm;
	uint64_t pg = 0;
	const uint64_t stack_lo = (EMU_STACK_TOP - EMU_STACK_BYTES) >> GMEM_PAGE_SHIFT;
	while (pg < GMEM_NPAGES) {
		if (!(perm[pg] & GMEM_MAPPED)) {  /* skip unmapped pages quickly */
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
			pg = (uint64_t)(p - perm);
			continue;
		}
		uint8_t prot = perm[pg] & (GMEM_PROT_MASK | GMEM_SHARED);
		uint64_t a = pg << GMEM_PAGE_SHIFT;
		const char *name = procfs_image_at(e, a);
		uint64_t q = pg + 1;
		while (q < GMEM_NPAGES && (perm[q] & GMEM_MAPPED) &&
		       (perm[q] & (GMEM_PROT_MASK | GMEM_SHARED)) == prot &&
		       procfs_image_at(e, q << GMEM_PAGE_SHIFT) == name &&
		       !(q == stack_lo) && !(q << GMEM_PAGE_SHIFT == e->brk_start))
			q++;
		if (!name && pg >= stack_lo)
			name = "[stack]";
		else if (!name && a >= e->brk_start && a < ((e->brk_cur + GMEM_PAGE_SIZE - 1) &
							     ~(uint64_t)GMEM_PAGE_MASK) &&
			 e->brk_cur > e->brk_start)
			name = "[heap]";
		fprintf(f, "%08" PRIx64 "-%08" PRIx64 " %c%c%c%c %08x 00:00 %d%*s%s\n", a,
			q << GMEM_PAGE_SHIFT, prot & GMEM_R ? 'r' : '-', prot & GMEM_W ? 'w' : '-',
			prot & GMEM_X ? 'x' : '-', prot & GMEM_SHARED ? 's' : 'p', 0, 0,
			name ? 10 : 0, "", name ? name : "");
		pg = q;
	}
}

int procfs_open(struct emu *e, const char *path, int flags)
{
	const char *file = procfs_self_file(e, path);
	if (!file)
		return PROCFS_HOST;
	if (!strcmp(file, "exe")) {
		int fd = open(e->exe_path, flags & ~(O_CREAT | O_TRUNC | O_ACCMODE));
		return fd < 0 ? -errno : fd;
	}
	if (strcmp(file, "maps"))
		return PROCFS_HOST;
	if ((flags & O_ACCMODE) != O_RDONLY)
		return -EACCES;
	int fd = memfd_create("robin-proc-maps", MFD_CLOEXEC);
	if (fd < 0)
		return -errno;
	FILE *f = fdopen(dup(fd), "w");
	if (!f) {
		close(fd);
		return -ENOMEM;
	}
	procfs_maps(e, f);
	fclose(f);
	lseek(fd, 0, SEEK_SET);
	if (!(flags & O_CLOEXEC))
		fcntl(fd, F_SETFD, 0);
	return fd;
}
