/*
 * syscall_mm.c — memory system calls: brk, mmap (anonymous and file-backed, MAP_FIXED,
 * MAP_FIXED_NOREPLACE, hints), munmap, mprotect, mremap, madvise and friends, on top of the
 * page map of gmem.c. New mappings are placed top-down below the stack as Linux does.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "elf/elf_check.h"
#include "emu/syscall_priv.h"

#define SYS_PAGE_UP(x) (((x) + GMEM_PAGE_MASK) & ~GMEM_PAGE_MASK)

static int sys_range_ok(uint64_t addr, uint64_t len)
{
	return addr < GMEM_GUEST_SIZE && len <= GMEM_GUEST_SIZE - addr;
}

SYS(brk)
{
	uint64_t want = a[0];
	uint64_t cur_end = SYS_PAGE_UP(e->brk_cur);
	if (want < e->brk_start || want >= EMU_MMAP_TOP)
		return (int64_t)e->brk_cur;
	uint64_t new_end = SYS_PAGE_UP(want);
	if (new_end > cur_end) {
		if (!gmem_is_free(&e->mem, cur_end, new_end - cur_end))
			return (int64_t)e->brk_cur;
		if (gmem_map_anon(&e->mem, cur_end, new_end - cur_end, GMEM_R | GMEM_W))
			return (int64_t)e->brk_cur;
	} else if (new_end < cur_end) {
		gmem_unmap(&e->mem, new_end, cur_end - new_end);
	}
	e->brk_cur = want;
	return (int64_t)want;
}

/* Remember executable file mappings so faults inside shared libraries name their symbols. */
static void sys_note_image(struct emu *e, int fd, uint64_t addr, uint64_t len, uint64_t off)
{
	char link[64], path[PATH_MAX];
	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	ssize_t n = readlink(link, path, sizeof(path) - 1);
	if (n <= 0)
		return;
	path[n] = 0;
	/* the ELF address of file offset `off`: from the PT_LOAD that holds it */
	uint64_t bias = elf_check_map_bias(fd, addr, off, GMEM_PAGE_MASK);
	emu_image_add(e, addr, addr + len, bias, path);
}

SYS(mmap)
{
	uint64_t addr = a[0], len = a[1], off = a[5];
	int prot = (int)a[2], flags = (int)a[3], fd = (int)(int64_t)a[4];
	if (!len || (off & GMEM_PAGE_MASK) || len > GMEM_GUEST_SIZE)
		return -EINVAL;
	len = SYS_PAGE_UP(len);
	int type = flags & MAP_TYPE;
	if (type != MAP_PRIVATE && type != MAP_SHARED && type != MAP_SHARED_VALIDATE)
		return -EINVAL;
	int anon = !!(flags & MAP_ANONYMOUS);
	if (!anon && syscall_private_fd(e, fd))
		return -EBADF;
	if (flags & (MAP_FIXED | MAP_FIXED_NOREPLACE)) {
		if ((addr & GMEM_PAGE_MASK) || !sys_range_ok(addr, len) || addr < EMU_MMAP_BOTTOM)
			return (flags & MAP_FIXED) ? -EINVAL : -ENOMEM;
		if ((flags & MAP_FIXED_NOREPLACE) && !(flags & MAP_FIXED) &&
		    !gmem_is_free(&e->mem, addr, len))
			return -EEXIST;
	} else {
		addr &= ~GMEM_PAGE_MASK;
		if (!addr || addr < EMU_MMAP_BOTTOM || !sys_range_ok(addr, len) ||
		    !gmem_is_free(&e->mem, addr, len)) {
			addr = gmem_find_free(&e->mem, len, EMU_MMAP_BOTTOM, EMU_MMAP_TOP);
			if (!addr)
				return -ENOMEM;
		}
	}
	unsigned gprot = (unsigned)prot & GMEM_PROT_MASK;
	int err;
	if (anon) {
		err = gmem_map_anon(&e->mem, addr, len, gprot);
	} else {
		err = gmem_map_file(&e->mem, addr, len, gprot, type != MAP_PRIVATE, fd, off);
		if (!err && (prot & PROT_EXEC))
			sys_note_image(e, fd, addr, len, off);
	}
	if (err)
		return err;
	if (anon || !(prot & PROT_EXEC))
		emu_image_remove(e, addr, addr + len);
	return (int64_t)addr;
}

SYS(munmap)
{
	uint64_t addr = a[0], len = SYS_PAGE_UP(a[1]);
	if ((addr & GMEM_PAGE_MASK) || !len || !sys_range_ok(addr, len))
		return -EINVAL;
	gmem_unmap(&e->mem, addr, len);
	emu_image_remove(e, addr, addr + len);
	return 0;
}

SYS(mprotect)
{
	uint64_t addr = a[0], len = SYS_PAGE_UP(a[1]);
	if (addr & GMEM_PAGE_MASK)
		return -EINVAL;
	if (!len)
		return 0;
	if (!sys_range_ok(addr, len))
		return -ENOMEM;
	return gmem_protect(&e->mem, addr, len, (unsigned)a[2] & GMEM_PROT_MASK);
}

SYS(mremap)
{
	uint64_t old = a[0], old_len = SYS_PAGE_UP(a[1]), new_len = SYS_PAGE_UP(a[2]);
	int flags = (int)a[3];
	uint64_t want = a[4];
	if ((old & GMEM_PAGE_MASK) || !new_len || !sys_range_ok(old, old_len) ||
	    (flags & ~(MREMAP_MAYMOVE | MREMAP_FIXED)) ||
	    ((flags & MREMAP_FIXED) && !(flags & MREMAP_MAYMOVE)))
		return -EINVAL;
	if (!old_len || !gmem_is_mapped(&e->mem, old, old_len))
		return -EFAULT;
	uint8_t perm = e->mem.perm[old >> GMEM_PAGE_SHIFT];
	unsigned prot = perm & GMEM_PROT_MASK;
	if (!(flags & MREMAP_FIXED)) {
		if (new_len <= old_len) {
			if (new_len < old_len)
				gmem_unmap(&e->mem, old + new_len, old_len - new_len);
			return (int64_t)old;
		}
		if (sys_range_ok(old + old_len, new_len - old_len) &&
		    gmem_is_free(&e->mem, old + old_len, new_len - old_len)) {
			int err = gmem_map_anon(&e->mem, old + old_len, new_len - old_len, prot);
			return err ? err : (int64_t)old;
		}
		if (!(flags & MREMAP_MAYMOVE))
			return -ENOMEM;
		want = gmem_find_free(&e->mem, new_len, EMU_MMAP_BOTTOM, EMU_MMAP_TOP);
		if (!want)
			return -ENOMEM;
	} else {
		if ((want & GMEM_PAGE_MASK) || !sys_range_ok(want, new_len) || want < EMU_MMAP_BOTTOM ||
		    (want < old + old_len && old < want + new_len))
			return -EINVAL;
	}
	if (perm & GMEM_SHARED)
		return -EINVAL;  /* moving shared file mappings is not supported */
	/* move the host pages (no copy), then describe the new range */
	uint64_t keep = old_len < new_len ? old_len : new_len;
	int err = gmem_map_anon(&e->mem, want, new_len, prot);
	if (err)
		return err;
	for (uint64_t i = 0; i < keep; i += GMEM_PAGE_SIZE)
		e->mem.perm[(want + i) >> GMEM_PAGE_SHIFT] =
			(uint8_t)(e->mem.perm[(old + i) >> GMEM_PAGE_SHIFT] & ~GMEM_CODE);
	void *p = mremap(e->mem.base + old, keep, keep, MREMAP_MAYMOVE | MREMAP_FIXED, e->mem.base + want);
	if (p == MAP_FAILED) {
		err = -errno;
		gmem_unmap(&e->mem, want, new_len);
		return err;
	}
	gmem_sync_host(&e->mem, want, keep);  /* the moved pages hold no decoded code now */
	gmem_unmap(&e->mem, old, old_len);  /* re-reserves the hole the move left */
	emu_image_remove(e, old, old + old_len);
	return (int64_t)want;
}

SYS(madvise)
{
	uint64_t addr = a[0], len = SYS_PAGE_UP(a[1]);
	int advice = (int)a[2];
	if ((addr & GMEM_PAGE_MASK) || !sys_range_ok(addr, len))
		return -EINVAL;
	if (!len)
		return 0;
	if (!gmem_is_mapped(&e->mem, addr, len))
		return -ENOMEM;
	switch (advice) {
	case MADV_DONTNEED:
		/* private anonymous pages read back as zero, file pages from the file: as Linux */
		for (uint64_t pg = addr >> GMEM_PAGE_SHIFT; pg < (addr + len) >> GMEM_PAGE_SHIFT; pg++)
			if (e->mem.perm[pg] & GMEM_PASTEOF)
				return -EINVAL;
		return syscall_host(madvise(e->mem.base + addr, len, MADV_DONTNEED));
	default:
		return 0;
	}
}

SYS(msync)
{
	uint64_t addr = a[0], len = SYS_PAGE_UP(a[1]);
	if ((addr & GMEM_PAGE_MASK) || !sys_range_ok(addr, len))
		return -EINVAL;
	if (!gmem_is_mapped(&e->mem, addr, len))
		return -ENOMEM;
	return syscall_host(msync(e->mem.base + addr, len, (int)a[2]));
}

SYS(mlock)
{
	(void)e;
	(void)a;
	return 0;
}

SYS(mincore)
{
	uint64_t addr = a[0], len = SYS_PAGE_UP(a[1]);
	if ((addr & GMEM_PAGE_MASK) || !sys_range_ok(addr, len))
		return -EINVAL;
	if (!gmem_is_mapped(&e->mem, addr, len))
		return -ENOMEM;
	uint64_t n = len >> GMEM_PAGE_SHIFT;
	for (uint64_t i = 0; i < n; i++) {
		uint8_t one = 1;
		if (gmem_copy_to(&e->mem, a[2] + i, &one, 1))
			return -EFAULT;
	}
	return 0;
}
