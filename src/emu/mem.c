/*
 * mem.c — guest memory management: the host reservation, mapping and unmapping guest pages
 * (anonymous or file-backed), protection changes, free-range search for mmap, the slow paths
 * of the inline accessors and the checked copies the syscall layer uses.
 */
#include "emu/mem.h"

#include <errno.h>
#include <sys/mman.h>
#include <sys/stat.h>

#define MEM_HOST_ANON (MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE)

int mem_init(struct mem *m)
{
	memset(m, 0, sizeof(*m));
	void *base = mmap(NULL, MEM_GUEST_SIZE, PROT_NONE, MEM_HOST_ANON, -1, 0);
	if (base == MAP_FAILED)
		return -errno;
	void *perm = mmap(NULL, MEM_NPAGES, PROT_READ | PROT_WRITE, MEM_HOST_ANON, -1, 0);
	if (perm == MAP_FAILED) {
		int err = -errno;
		munmap(base, MEM_GUEST_SIZE);
		return err;
	}
	m->base = base;
	m->perm = perm;
	return 0;
}

void mem_fini(struct mem *m)
{
	if (m->base)
		munmap(m->base, MEM_GUEST_SIZE);
	if (m->perm)
		munmap(m->perm, MEM_NPAGES);
	m->base = NULL;
	m->perm = NULL;
}

static int mem_range_ok(uint64_t addr, uint64_t len)
{
	return len && !(addr & MEM_PAGE_MASK) && !(len & MEM_PAGE_MASK) && addr < MEM_GUEST_SIZE &&
	       len <= MEM_GUEST_SIZE - addr;
}

/* Drop decoded instructions of every code page in the range (pages are about to change). */
static void mem_drop_code(struct mem *m, uint64_t pg0, uint64_t pg1)
{
	for (uint64_t pg = pg0; pg < pg1; pg++)
		if (m->perm[pg] & MEM_CODE) {
			m->perm[pg] &= (uint8_t)~MEM_CODE;
			if (m->code_written)
				m->code_written(m->code_ctx, pg);
		}
}

static void mem_set_perm(struct mem *m, uint64_t addr, uint64_t len, uint8_t value)
{
	memset(m->perm + (addr >> MEM_PAGE_SHIFT), value, len >> MEM_PAGE_SHIFT);
}

int mem_map_anon(struct mem *m, uint64_t addr, uint64_t len, unsigned prot)
{
	if (!mem_range_ok(addr, len))
		return -EINVAL;
	mem_drop_code(m, addr >> MEM_PAGE_SHIFT, (addr + len) >> MEM_PAGE_SHIFT);
	void *p = mmap(m->base + addr, len, PROT_READ | PROT_WRITE, MEM_HOST_ANON | MAP_FIXED, -1, 0);
	if (p == MAP_FAILED)
		return -errno;
	mem_set_perm(m, addr, len, (uint8_t)(MEM_MAPPED | (prot & MEM_PROT_MASK)));
	return 0;
}

static int mem_host_prot(unsigned prot)
{
	int hp = PROT_READ;
	if (prot & MEM_W)
		hp |= PROT_WRITE;
	return hp;
}

int mem_map_file(struct mem *m, uint64_t addr, uint64_t len, unsigned prot, int shared, int fd,
		 uint64_t offset)
{
	struct stat st;
	if (!mem_range_ok(addr, len) || (offset & MEM_PAGE_MASK))
		return -EINVAL;
	if (fstat(fd, &st) < 0)
		return -errno;
	mem_drop_code(m, addr >> MEM_PAGE_SHIFT, (addr + len) >> MEM_PAGE_SHIFT);
	int hp = shared ? mem_host_prot(prot) : PROT_READ | PROT_WRITE;
	int flags = (shared ? MAP_SHARED : MAP_PRIVATE) | MAP_FIXED;
	uint64_t file_bytes = len;  /* bytes of the mapping backed by the file */
	if (S_ISREG(st.st_mode)) {
		uint64_t size = (uint64_t)st.st_size;
		uint64_t avail = size > offset ? size - offset : 0;
		avail = (avail + MEM_PAGE_MASK) & ~MEM_PAGE_MASK;
		if (avail < file_bytes)
			file_bytes = avail;
	}
	if (file_bytes) {
		void *p = mmap(m->base + addr, file_bytes, hp, flags, fd, (off_t)offset);
		if (p == MAP_FAILED) {
			int err = -errno;
			mem_unmap(m, addr, len);
			return err;
		}
		mem_set_perm(m, addr, file_bytes,
			     (uint8_t)(MEM_MAPPED | (prot & MEM_PROT_MASK) | (shared ? MEM_SHARED : 0)));
	}
	if (file_bytes < len) {
		/* Past the end of the file: mapped, but any access is SIGBUS as on Linux. */
		void *p = mmap(m->base + addr + file_bytes, len - file_bytes, PROT_NONE,
			       MEM_HOST_ANON | MAP_FIXED, -1, 0);
		if (p == MAP_FAILED) {
			int err = -errno;
			mem_unmap(m, addr, len);
			return err;
		}
		mem_set_perm(m, addr + file_bytes, len - file_bytes, MEM_MAPPED | MEM_PASTEOF);
	}
	return 0;
}

void mem_unmap(struct mem *m, uint64_t addr, uint64_t len)
{
	if (!mem_range_ok(addr, len))
		return;
	mem_drop_code(m, addr >> MEM_PAGE_SHIFT, (addr + len) >> MEM_PAGE_SHIFT);
	mmap(m->base + addr, len, PROT_NONE, MEM_HOST_ANON | MAP_FIXED, -1, 0);
	mem_set_perm(m, addr, len, 0);
}

int mem_protect(struct mem *m, uint64_t addr, uint64_t len, unsigned prot)
{
	if (!mem_range_ok(addr, len))
		return -EINVAL;
	if (!mem_is_mapped(m, addr, len))
		return -ENOMEM;
	uint64_t pg0 = addr >> MEM_PAGE_SHIFT, pg1 = (addr + len) >> MEM_PAGE_SHIFT;
	for (uint64_t pg = pg0; pg < pg1; pg++) {
		uint8_t p = m->perm[pg];
		if ((p & MEM_CODE) && !(prot & MEM_X))
			mem_drop_code(m, pg, pg + 1);
		p = m->perm[pg];
		if (p & MEM_PASTEOF)
			continue;
		if ((p & MEM_SHARED) && (p & MEM_PROT_MASK) != (prot & MEM_PROT_MASK))
			mprotect(m->base + (pg << MEM_PAGE_SHIFT), MEM_PAGE_SIZE, mem_host_prot(prot));
		m->perm[pg] = (uint8_t)((p & ~MEM_PROT_MASK) | (prot & MEM_PROT_MASK));
	}
	return 0;
}

int mem_is_mapped(const struct mem *m, uint64_t addr, uint64_t len)
{
	if (!mem_range_ok(addr, len))
		return 0;
	for (uint64_t pg = addr >> MEM_PAGE_SHIFT; pg < (addr + len) >> MEM_PAGE_SHIFT; pg++)
		if (!(m->perm[pg] & MEM_MAPPED))
			return 0;
	return 1;
}

int mem_is_free(const struct mem *m, uint64_t addr, uint64_t len)
{
	if (!mem_range_ok(addr, len))
		return 0;
	for (uint64_t pg = addr >> MEM_PAGE_SHIFT; pg < (addr + len) >> MEM_PAGE_SHIFT; pg++)
		if (m->perm[pg] & MEM_MAPPED)
			return 0;
	return 1;
}

uint64_t mem_find_free(const struct mem *m, uint64_t len, uint64_t bottom, uint64_t top)
{
	if (!len || (len & MEM_PAGE_MASK) || top > MEM_GUEST_SIZE || bottom >= top ||
	    len > top - bottom)
		return 0;
	uint64_t need = len >> MEM_PAGE_SHIFT, run = 0;
	uint64_t lo = (bottom + MEM_PAGE_MASK) >> MEM_PAGE_SHIFT;
	for (uint64_t pg = top >> MEM_PAGE_SHIFT; pg > lo;) {
		/* skip eight free pages at a time while the run grows */
		if (pg >= lo + 8 && !(pg & 7)) {
			uint64_t w;
			memcpy(&w, m->perm + pg - 8, 8);
			if (!w) {
				pg -= 8;
				run += 8;
				if (run >= need)
					return (pg + run - need) << MEM_PAGE_SHIFT;
				continue;
			}
		}
		pg--;
		if (m->perm[pg] & MEM_MAPPED) {
			run = 0;
			continue;
		}
		if (++run == need)
			return pg << MEM_PAGE_SHIFT;
	}
	return 0;
}

/* ---- slow paths and checked copies ------------------------------------------------------ */

static int mem_fault_at(struct mem *m, uint64_t addr)
{
	m->fault_addr = addr;
	if (addr >= MEM_GUEST_SIZE || !(m->perm[addr >> MEM_PAGE_SHIFT] & MEM_MAPPED))
		m->fault_kind = MEM_FAULT_UNMAPPED;
	else if (m->perm[addr >> MEM_PAGE_SHIFT] & MEM_PASTEOF)
		m->fault_kind = MEM_FAULT_BUS;
	else
		m->fault_kind = MEM_FAULT_PROT;
	return -1;
}

/* Check that every page of [addr, addr+size) has all of `need`; 0 or -1 (fault recorded). */
static int mem_check(struct mem *m, uint64_t addr, uint64_t size, unsigned need)
{
	if (addr >= MEM_GUEST_SIZE)
		return mem_fault_at(m, addr);
	if (!size)
		return 0;
	uint64_t last = addr + size - 1;
	if (last < addr || last >= MEM_GUEST_SIZE)
		last = MEM_GUEST_SIZE - 1 + MEM_PAGE_SIZE;  /* forces a fault past the end */
	for (uint64_t pg = addr >> MEM_PAGE_SHIFT; pg <= last >> MEM_PAGE_SHIFT; pg++) {
		if (pg >= MEM_NPAGES || (m->perm[pg] & need) != need)
			return mem_fault_at(m, pg == addr >> MEM_PAGE_SHIFT ? addr : pg << MEM_PAGE_SHIFT);
	}
	return 0;
}

/* Drop code in pages of a range that is about to be written; returns 1 if any was. */
static int mem_written(struct mem *m, uint64_t addr, uint64_t size)
{
	int hit = 0;
	if (!size)
		return 0;
	for (uint64_t pg = addr >> MEM_PAGE_SHIFT; pg <= (addr + size - 1) >> MEM_PAGE_SHIFT; pg++)
		if (m->perm[pg] & MEM_CODE) {
			mem_drop_code(m, pg, pg + 1);
			hit = 1;
		}
	return hit;
}

int mem_load_slow(struct mem *m, uint64_t addr, void *dst, unsigned size)
{
	if (mem_check(m, addr, size, MEM_R))
		return -1;
	memcpy(dst, m->base + addr, size);
	return 0;
}

int mem_store_slow(struct mem *m, uint64_t addr, const void *src, unsigned size)
{
	if (mem_check(m, addr, size, MEM_W))
		return -1;
	memcpy(m->base + addr, src, size);
	return mem_written(m, addr, size);
}

int mem_check_exec(struct mem *m, uint64_t addr, unsigned size)
{
	return mem_check(m, addr, size, MEM_X);
}

int mem_copy_from(struct mem *m, void *dst, uint64_t src, uint64_t len)
{
	if (mem_check(m, src, len, MEM_R))
		return -EFAULT;
	if (len)
		memcpy(dst, m->base + src, len);
	return 0;
}

int mem_copy_to(struct mem *m, uint64_t dst, const void *src, uint64_t len)
{
	if (mem_check(m, dst, len, MEM_W))
		return -EFAULT;
	mem_written(m, dst, len);
	if (len)
		memcpy(m->base + dst, src, len);
	return 0;
}

long mem_strncpy_from(struct mem *m, char *dst, uint64_t src, size_t max)
{
	for (size_t i = 0; i < max; i++) {
		uint64_t a = src + i;
		if (a < src || a >= MEM_GUEST_SIZE || !(m->perm[a >> MEM_PAGE_SHIFT] & MEM_R))
			return -EFAULT;
		dst[i] = (char)m->base[a];
		if (!dst[i])
			return (long)i;
	}
	return -ENAMETOOLONG;
}

void *mem_host_ptr(struct mem *m, uint64_t addr, uint64_t len, unsigned need)
{
	if (!len)
		return addr < MEM_GUEST_SIZE ? m->base + addr : m->base;
	if (mem_check(m, addr, len, need))
		return NULL;
	if (need & MEM_W)
		mem_written(m, addr, len);
	return m->base + addr;
}

int mem_poke(struct mem *m, uint64_t addr, const void *src, uint64_t len)
{
	if (!len)
		return 0;
	if (addr >= MEM_GUEST_SIZE || len > MEM_GUEST_SIZE - addr)
		return -EFAULT;
	for (uint64_t pg = addr >> MEM_PAGE_SHIFT; pg <= (addr + len - 1) >> MEM_PAGE_SHIFT; pg++) {
		uint8_t p = m->perm[pg];
		if (!(p & MEM_MAPPED) || (p & MEM_PASTEOF) || ((p & MEM_SHARED) && !(p & MEM_W)))
			return -EFAULT;
	}
	mem_written(m, addr, len);
	memcpy(m->base + addr, src, len);
	return 0;
}
