/*
 * gmem.c — guest memory management: the host reservation, mapping and unmapping guest pages
 * (anonymous or file-backed), protection changes, free-range search for mmap, the slow paths
 * of the inline accessors and the checked copies the syscall layer uses.
 */
#include "emu/gmem.h"

#include <errno.h>
#include <sys/mman.h>
#include <sys/stat.h>

#define GMEM_HOST_ANON (MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE)

int gmem_init(struct gmem *m)
{
	memset(m, 0, sizeof(*m));
	/* the guest's space with GMEM_GUARD bytes of PROT_NONE on each side, never mapped */
	uint8_t *res = mmap(NULL, GMEM_GUEST_SIZE + 2 * GMEM_GUARD, PROT_NONE, GMEM_HOST_ANON, -1, 0);
	if (res == MAP_FAILED)
		return -errno;
	void *perm = mmap(NULL, GMEM_NPAGES, PROT_READ | PROT_WRITE, GMEM_HOST_ANON, -1, 0);
	if (perm == MAP_FAILED) {
		int err = -errno;
		munmap(res, GMEM_GUEST_SIZE + 2 * GMEM_GUARD);
		return err;
	}
	m->base = res + GMEM_GUARD;
	m->perm = perm;
	m->jit_limit = GMEM_JIT_LIMIT;
	return 0;
}

void gmem_fini(struct gmem *m)
{
	if (m->base)
		munmap(m->base - GMEM_GUARD, GMEM_GUEST_SIZE + 2 * GMEM_GUARD);
	if (m->perm)
		munmap(m->perm, GMEM_NPAGES);
	m->base = NULL;
	m->perm = NULL;
}

static int gmem_range_ok(uint64_t addr, uint64_t len)
{
	return len && !(addr & GMEM_PAGE_MASK) && !(len & GMEM_PAGE_MASK) && addr < GMEM_GUEST_SIZE &&
	       len <= GMEM_GUEST_SIZE - addr;
}

/* ---- host protection ------------------------------------------------------------------ */

/* Write or execute permission without read: the host cannot fault reads there alone. */
static int gmem_perm_odd(uint8_t p)
{
	return (p & GMEM_MAPPED) && !(p & GMEM_PASTEOF) && !(p & GMEM_R) && (p & (GMEM_W | GMEM_X));
}

int gmem_host_prot_of(const struct gmem *m, uint8_t p)
{
	(void)m;
	if (!(p & GMEM_MAPPED) || (p & GMEM_PASTEOF))
		return PROT_NONE;
	if (gmem_perm_odd(p))  /* accessible: the handlers check the permission byte */
		return (p & GMEM_W) ? PROT_READ | PROT_WRITE : PROT_READ;
	if (!(p & GMEM_R))
		return PROT_NONE;
	return (p & GMEM_W) && !(p & GMEM_CODE) ? PROT_READ | PROT_WRITE : PROT_READ;
}

/* A permission byte is being given to pages: one the host cannot express ends translated
 * code's direct accesses for good. */
static void gmem_note_perm(struct gmem *m, uint8_t p)
{
	if (gmem_perm_odd(p))
		m->jit_limit = 0;
}

void gmem_sync_host(struct gmem *m, uint64_t addr, uint64_t len)
{
	uint64_t pg = addr >> GMEM_PAGE_SHIFT, end = (addr + len) >> GMEM_PAGE_SHIFT;
	if (addr >= GMEM_GUEST_SIZE || end > GMEM_NPAGES)
		return;
	while (pg < end) {
		gmem_note_perm(m, m->perm[pg]);
		int hp = gmem_host_prot_of(m, m->perm[pg]);
		uint64_t run = pg + 1;
		while (run < end && gmem_host_prot_of(m, m->perm[run]) == hp) {
			gmem_note_perm(m, m->perm[run]);
			run++;
		}
		mprotect(m->base + (pg << GMEM_PAGE_SHIFT), (run - pg) << GMEM_PAGE_SHIFT, hp);
		pg = run;
	}
}

void gmem_code_mark(struct gmem *m, uint64_t pg)
{
	uint8_t p = m->perm[pg];
	if (p & GMEM_CODE)
		return;
	m->perm[pg] = (uint8_t)(p | GMEM_CODE);
	int hp = gmem_host_prot_of(m, m->perm[pg]);
	if (hp != gmem_host_prot_of(m, p))
		mprotect(m->base + (pg << GMEM_PAGE_SHIFT), GMEM_PAGE_SIZE, hp);
}

void gmem_code_unmark(struct gmem *m, uint64_t pg)
{
	uint8_t p = m->perm[pg];
	if (!(p & GMEM_CODE))
		return;
	m->perm[pg] = (uint8_t)(p & ~GMEM_CODE);
	int hp = gmem_host_prot_of(m, m->perm[pg]);
	if (hp != gmem_host_prot_of(m, p))
		mprotect(m->base + (pg << GMEM_PAGE_SHIFT), GMEM_PAGE_SIZE, hp);
}

/* Drop decoded instructions of every code page in the range (pages are about to change). */
static void gmem_drop_code(struct gmem *m, uint64_t pg0, uint64_t pg1)
{
	for (uint64_t pg = pg0; pg < pg1; pg++)
		if (m->perm[pg] & GMEM_CODE) {
			gmem_code_unmark(m, pg);
			if (m->code_written)
				m->code_written(m->code_ctx, pg);
		}
}

static void gmem_set_perm(struct gmem *m, uint64_t addr, uint64_t len, uint8_t value)
{
	gmem_note_perm(m, value);
	memset(m->perm + (addr >> GMEM_PAGE_SHIFT), value, len >> GMEM_PAGE_SHIFT);
}

int gmem_map_anon(struct gmem *m, uint64_t addr, uint64_t len, unsigned prot)
{
	if (!gmem_range_ok(addr, len))
		return -EINVAL;
	gmem_drop_code(m, addr >> GMEM_PAGE_SHIFT, (addr + len) >> GMEM_PAGE_SHIFT);
	uint8_t p = (uint8_t)(GMEM_MAPPED | (prot & GMEM_PROT_MASK));
	void *hp = mmap(m->base + addr, len, gmem_host_prot_of(m, p), GMEM_HOST_ANON | MAP_FIXED,
			-1, 0);
	if (hp == MAP_FAILED)
		return -errno;
	gmem_set_perm(m, addr, len, p);
	return 0;
}

int gmem_map_file(struct gmem *m, uint64_t addr, uint64_t len, unsigned prot, int shared, int fd,
		 uint64_t offset)
{
	struct stat st;
	if (!gmem_range_ok(addr, len) || (offset & GMEM_PAGE_MASK))
		return -EINVAL;
	if (fstat(fd, &st) < 0)
		return -errno;
	gmem_drop_code(m, addr >> GMEM_PAGE_SHIFT, (addr + len) >> GMEM_PAGE_SHIFT);
	uint8_t perm = (uint8_t)(GMEM_MAPPED | (prot & GMEM_PROT_MASK) | (shared ? GMEM_SHARED : 0));
	m->shared_files |= shared != 0;
	int hp = gmem_host_prot_of(m, perm);
	int flags = (shared ? MAP_SHARED : MAP_PRIVATE) | MAP_FIXED;
	uint64_t file_bytes = len;  /* bytes of the mapping backed by the file */
	if (S_ISREG(st.st_mode)) {
		uint64_t size = (uint64_t)st.st_size;
		uint64_t avail = size > offset ? size - offset : 0;
		avail = (avail + GMEM_PAGE_MASK) & ~GMEM_PAGE_MASK;
		if (avail < file_bytes)
			file_bytes = avail;
	}
	if (file_bytes) {
		void *p = mmap(m->base + addr, file_bytes, hp, flags, fd, (off_t)offset);
		if (p == MAP_FAILED) {
			int err = -errno;
			gmem_unmap(m, addr, len);
			return err;
		}
		gmem_set_perm(m, addr, file_bytes, perm);
	}
	if (file_bytes < len) {
		/* Past the end of the file: mapped, but any access is SIGBUS as on Linux. */
		void *p = mmap(m->base + addr + file_bytes, len - file_bytes, PROT_NONE,
			       GMEM_HOST_ANON | MAP_FIXED, -1, 0);
		if (p == MAP_FAILED) {
			int err = -errno;
			gmem_unmap(m, addr, len);
			return err;
		}
		gmem_set_perm(m, addr + file_bytes, len - file_bytes, GMEM_MAPPED | GMEM_PASTEOF);
	}
	return 0;
}

void gmem_unmap(struct gmem *m, uint64_t addr, uint64_t len)
{
	if (!gmem_range_ok(addr, len))
		return;
	gmem_drop_code(m, addr >> GMEM_PAGE_SHIFT, (addr + len) >> GMEM_PAGE_SHIFT);
	mmap(m->base + addr, len, PROT_NONE, GMEM_HOST_ANON | MAP_FIXED, -1, 0);
	gmem_set_perm(m, addr, len, 0);
}

int gmem_protect(struct gmem *m, uint64_t addr, uint64_t len, unsigned prot)
{
	if (!gmem_range_ok(addr, len))
		return -EINVAL;
	if (!gmem_is_mapped(m, addr, len))
		return -ENOMEM;
	uint64_t pg0 = addr >> GMEM_PAGE_SHIFT, pg1 = (addr + len) >> GMEM_PAGE_SHIFT;
	for (uint64_t pg = pg0; pg < pg1; pg++) {
		uint8_t p = m->perm[pg];
		if ((p & GMEM_CODE) && !(prot & GMEM_X))
			gmem_drop_code(m, pg, pg + 1);
		p = m->perm[pg];
		if (p & GMEM_PASTEOF)
			continue;
		m->perm[pg] = (uint8_t)((p & ~GMEM_PROT_MASK) | (prot & GMEM_PROT_MASK));
	}
	gmem_sync_host(m, addr, len);
	return 0;
}

int gmem_is_mapped(const struct gmem *m, uint64_t addr, uint64_t len)
{
	if (!gmem_range_ok(addr, len))
		return 0;
	for (uint64_t pg = addr >> GMEM_PAGE_SHIFT; pg < (addr + len) >> GMEM_PAGE_SHIFT; pg++)
		if (!(m->perm[pg] & GMEM_MAPPED))
			return 0;
	return 1;
}

int gmem_is_free(const struct gmem *m, uint64_t addr, uint64_t len)
{
	if (!gmem_range_ok(addr, len))
		return 0;
	for (uint64_t pg = addr >> GMEM_PAGE_SHIFT; pg < (addr + len) >> GMEM_PAGE_SHIFT; pg++)
		if (m->perm[pg] & GMEM_MAPPED)
			return 0;
	return 1;
}

uint64_t gmem_find_free(const struct gmem *m, uint64_t len, uint64_t bottom, uint64_t top)
{
	if (!len || (len & GMEM_PAGE_MASK) || top > GMEM_GUEST_SIZE || bottom >= top ||
	    len > top - bottom)
		return 0;
	uint64_t need = len >> GMEM_PAGE_SHIFT, run = 0;
	uint64_t lo = (bottom + GMEM_PAGE_MASK) >> GMEM_PAGE_SHIFT;
	for (uint64_t pg = top >> GMEM_PAGE_SHIFT; pg > lo;) {
		/* skip eight free pages at a time while the run grows */
		if (pg >= lo + 8 && !(pg & 7)) {
			uint64_t w;
			memcpy(&w, m->perm + pg - 8, 8);
			if (!w) {
				pg -= 8;
				run += 8;
				if (run >= need)
					return (pg + run - need) << GMEM_PAGE_SHIFT;
				continue;
			}
		}
		pg--;
		if (m->perm[pg] & GMEM_MAPPED) {
			run = 0;
			continue;
		}
		if (++run == need)
			return pg << GMEM_PAGE_SHIFT;
	}
	return 0;
}

/* ---- slow paths and checked copies ------------------------------------------------------ */

static int gmem_fault_at(struct gmem *m, uint64_t addr)
{
	m->fault_addr = addr;
	if (addr >= GMEM_GUEST_SIZE || !(m->perm[addr >> GMEM_PAGE_SHIFT] & GMEM_MAPPED))
		m->fault_kind = GMEM_FAULT_UNMAPPED;
	else if (m->perm[addr >> GMEM_PAGE_SHIFT] & GMEM_PASTEOF)
		m->fault_kind = GMEM_FAULT_BUS;
	else
		m->fault_kind = GMEM_FAULT_PROT;
	return -1;
}

/* Check that every page of [addr, addr+size) has all of `need`; 0 or -1 (fault recorded). */
static int gmem_check(struct gmem *m, uint64_t addr, uint64_t size, unsigned need)
{
	if (addr >= GMEM_GUEST_SIZE)
		return gmem_fault_at(m, addr);
	if (!size)
		return 0;
	uint64_t last = addr + size - 1;
	if (last < addr || last >= GMEM_GUEST_SIZE)
		last = GMEM_GUEST_SIZE - 1 + GMEM_PAGE_SIZE;  /* forces a fault past the end */
	for (uint64_t pg = addr >> GMEM_PAGE_SHIFT; pg <= last >> GMEM_PAGE_SHIFT; pg++) {
		if (pg >= GMEM_NPAGES || (m->perm[pg] & need) != need)
			return gmem_fault_at(m, pg == addr >> GMEM_PAGE_SHIFT ? addr : pg << GMEM_PAGE_SHIFT);
	}
	return 0;
}

/* Drop code in pages of a range that is about to be written; returns 1 if any was. */
static int gmem_written(struct gmem *m, uint64_t addr, uint64_t size)
{
	int hit = 0;
	if (!size)
		return 0;
	for (uint64_t pg = addr >> GMEM_PAGE_SHIFT; pg <= (addr + size - 1) >> GMEM_PAGE_SHIFT; pg++)
		if (m->perm[pg] & GMEM_CODE) {
			gmem_drop_code(m, pg, pg + 1);
			hit = 1;
		}
	return hit;
}

int gmem_load_slow(struct gmem *m, uint64_t addr, void *dst, unsigned size)
{
	if (gmem_check(m, addr, size, GMEM_R))
		return -1;
	memcpy(dst, m->base + addr, size);
	return 0;
}

int gmem_store_slow(struct gmem *m, uint64_t addr, const void *src, unsigned size)
{
	if (gmem_check(m, addr, size, GMEM_W))
		return -1;
	int hit = gmem_written(m, addr, size);  /* gives the host page its write access back */
	memcpy(m->base + addr, src, size);
	return hit;
}

int gmem_check_exec(struct gmem *m, uint64_t addr, unsigned size)
{
	return gmem_check(m, addr, size, GMEM_X);
}

int gmem_copy_from(struct gmem *m, void *dst, uint64_t src, uint64_t len)
{
	if (gmem_check(m, src, len, GMEM_R))
		return -EFAULT;
	if (len)
		memcpy(dst, m->base + src, len);
	return 0;
}

int gmem_copy_to(struct gmem *m, uint64_t dst, const void *src, uint64_t len)
{
	if (gmem_check(m, dst, len, GMEM_W))
		return -EFAULT;
	gmem_written(m, dst, len);
	if (len)
		memcpy(m->base + dst, src, len);
	return 0;
}

long gmem_strncpy_from(struct gmem *m, char *dst, uint64_t src, size_t max)
{
	for (size_t i = 0; i < max; i++) {
		uint64_t a = src + i;
		if (a < src || a >= GMEM_GUEST_SIZE || !(m->perm[a >> GMEM_PAGE_SHIFT] & GMEM_R))
			return -EFAULT;
		dst[i] = (char)m->base[a];
		if (!dst[i])
			return (long)i;
	}
	return -ENAMETOOLONG;
}

void *gmem_host_ptr(struct gmem *m, uint64_t addr, uint64_t len, unsigned need)
{
	if (!len)
		return addr < GMEM_GUEST_SIZE ? m->base + addr : m->base;
	if (gmem_check(m, addr, len, need))
		return NULL;
	if (need & GMEM_W)
		gmem_written(m, addr, len);
	return m->base + addr;
}

/* A copy by robin itself into (write) or out of guest pages whatever the guest may do there:
 * mapped pages, not past the end of their file (and for a write, not a shared mapping the
 * guest may not write). Pages whose host protection lacks the access are opened for the copy
 * alone. 0 or -EFAULT. */
static int gmem_copy_forced(struct gmem *m, uint64_t addr, void *host, uint64_t len, int write)
{
	if (!len)
		return 0;
	if (addr >= GMEM_GUEST_SIZE || len > GMEM_GUEST_SIZE - addr)
		return -EFAULT;
	uint64_t pg0 = addr >> GMEM_PAGE_SHIFT, pg1 = ((addr + len - 1) >> GMEM_PAGE_SHIFT) + 1;
	for (uint64_t pg = pg0; pg < pg1; pg++) {
		uint8_t p = m->perm[pg];
		if (!(p & GMEM_MAPPED) || (p & GMEM_PASTEOF) ||
		    (write && (p & GMEM_SHARED) && !(p & GMEM_W)))
			return -EFAULT;
	}
	if (write)
		gmem_written(m, addr, len);
	int need = write ? PROT_WRITE : PROT_READ, open = 1;
	for (uint64_t pg = pg0; pg < pg1; pg++)
		open &= (gmem_host_prot_of(m, m->perm[pg]) & need) != 0;
	uint64_t a0 = pg0 << GMEM_PAGE_SHIFT, n = (pg1 - pg0) << GMEM_PAGE_SHIFT;
	if (!open)
		mprotect(m->base + a0, n, PROT_READ | (write ? PROT_WRITE : 0));
	if (write)
		memcpy(m->base + addr, host, len);
	else
		memcpy(host, m->base + addr, len);
	if (!open)
		gmem_sync_host(m, a0, n);
	return 0;
}

int gmem_poke(struct gmem *m, uint64_t addr, const void *src, uint64_t len)
{
	return gmem_copy_forced(m, addr, (void *)(uintptr_t)src, len, 1);
}

int gmem_peek(struct gmem *m, uint64_t addr, void *dst, uint64_t len)
{
	return gmem_copy_forced(m, addr, dst, len, 0);
}
