/*
 * mem.h — guest memory: one host reservation holding the whole guest address space at a fixed
 * offset, plus one permission byte per 4 KiB guest page checked on every access.
 *
 * Loads and stores are inline: a bounds check, one permission byte, one memcpy. Misaligned
 * accesses work (as Linux makes them work for user code); an access that crosses into a page
 * without permission faults. Stores to pages holding decoded instructions take the slow path,
 * which tells the owner (mem_code_written callback) so it can drop the stale decode.
 */
#ifndef ROBIN_EMU_MEM_H
#define ROBIN_EMU_MEM_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define MEM_PAGE_SHIFT 12
#define MEM_PAGE_SIZE  (1ull << MEM_PAGE_SHIFT)
#define MEM_PAGE_MASK  (MEM_PAGE_SIZE - 1)
#define MEM_GUEST_BITS 38                       /* Sv39 user half: 256 GiB */
#define MEM_GUEST_SIZE (1ull << MEM_GUEST_BITS)
#define MEM_NPAGES     (MEM_GUEST_SIZE >> MEM_PAGE_SHIFT)

/* Permission byte bits. */
#define MEM_R        0x01u
#define MEM_W        0x02u
#define MEM_X        0x04u
#define MEM_MAPPED   0x08u  /* the page is mapped (possibly with no access) */
#define MEM_CODE     0x10u  /* decoded instructions of this page are cached */
#define MEM_SHARED   0x20u  /* MAP_SHARED file mapping: host protection follows the guest's */
#define MEM_PASTEOF  0x40u  /* file mapping beyond the end of the file: access is SIGBUS */
#define MEM_PROT_MASK (MEM_R | MEM_W | MEM_X)

/* Why an access failed (mem_fault_kind). */
enum mem_fault {
	MEM_FAULT_NONE = 0,
	MEM_FAULT_UNMAPPED,   /* SIGSEGV, SEGV_MAPERR */
	MEM_FAULT_PROT,       /* SIGSEGV, SEGV_ACCERR */
	MEM_FAULT_BUS,        /* SIGBUS: file mapping past the end of the file */
	MEM_FAULT_ALIGN,      /* SIGBUS: misaligned atomic access */
};

struct mem {
	uint8_t *base;       /* host address of guest address 0 */
	uint8_t *perm;       /* MEM_NPAGES permission bytes */
	/* called after a store hit a MEM_CODE page (the page number is passed) */
	void (*code_written)(void *ctx, uint64_t page);
	void *code_ctx;
	uint64_t fault_addr; /* last failed access: first faulting byte */
	int fault_kind;      /* enum mem_fault of the last failed access */
};

/* Reserve the guest address space (nothing mapped). Returns 0 or -errno. */
int mem_init(struct mem *m) __attribute__((warn_unused_result));
/* Release everything. */
void mem_fini(struct mem *m);

/* Map [addr, addr+len) (page aligned) with fresh zero pages and guest protection `prot`
 * (MEM_R|MEM_W|MEM_X), replacing whatever was there. Returns 0 or -errno. */
int mem_map_anon(struct mem *m, uint64_t addr, uint64_t len, unsigned prot)
	__attribute__((warn_unused_result));
/* Map a host file at [addr, addr+len) (page aligned, offset page aligned). shared: MAP_SHARED.
 * Pages past the end of the file are marked so that access is SIGBUS. Returns 0 or -errno. */
int mem_map_file(struct mem *m, uint64_t addr, uint64_t len, unsigned prot, int shared, int fd,
		 uint64_t offset) __attribute__((warn_unused_result));
/* Unmap [addr, addr+len) (page aligned); the host pages are released. */
void mem_unmap(struct mem *m, uint64_t addr, uint64_t len);
/* Change protection of mapped pages. Returns 0, or -ENOMEM if part is unmapped (the mapped
 * pages are still changed, as Linux does up to the hole). */
int mem_protect(struct mem *m, uint64_t addr, uint64_t len, unsigned prot);
/* 1 if every page of the range is mapped, else 0. */
int mem_is_mapped(const struct mem *m, uint64_t addr, uint64_t len);
/* 1 if no page of the range is mapped. */
int mem_is_free(const struct mem *m, uint64_t addr, uint64_t len);
/* Highest free, page-aligned range of `len` bytes ending at or below `top` and starting at or
 * above `bottom`; 0 if none. */
uint64_t mem_find_free(const struct mem *m, uint64_t len, uint64_t bottom, uint64_t top);

/* Slow paths of the inline accessors (page crossing, faults, code pages). Return 0 or -1
 * (fault recorded in m->fault_addr / m->fault_kind); stores return 1 when code was written. */
int mem_load_slow(struct mem *m, uint64_t addr, void *dst, unsigned size);
int mem_store_slow(struct mem *m, uint64_t addr, const void *src, unsigned size);
/* Fetch check: 0 if [addr, addr+size) is executable, else -1 with the fault recorded. */
int mem_check_exec(struct mem *m, uint64_t addr, unsigned size);

/* Copies on behalf of the syscall layer (need R, resp. W on the guest side). They bypass
 * nothing: a protected page gives -EFAULT. copy_to invalidates code pages it writes. */
int mem_copy_from(struct mem *m, void *dst, uint64_t src, uint64_t len) __attribute__((warn_unused_result));
int mem_copy_to(struct mem *m, uint64_t dst, const void *src, uint64_t len) __attribute__((warn_unused_result));
/* Copy a NUL-terminated guest string of at most max bytes (incl. NUL). Returns its length,
 * -EFAULT, or -ENAMETOOLONG. */
long mem_strncpy_from(struct mem *m, char *dst, uint64_t src, size_t max);
/* Host pointer to [addr, addr+len) if all of it has `need` permissions (MEM_R / MEM_W), else
 * NULL. For syscalls that hand a guest buffer straight to the host (read, write). A writable
 * range that holds decoded code is invalidated first. */
void *mem_host_ptr(struct mem *m, uint64_t addr, uint64_t len, unsigned need);
/* Write without checking guest R/W/X (the loader filling read-only segments); the pages must
 * be mapped and host-writable. Returns 0 or -EFAULT. */
int mem_poke(struct mem *m, uint64_t addr, const void *src, uint64_t len) __attribute__((warn_unused_result));

#define MEM_LIKELY(x)   __builtin_expect(!!(x), 1)

/* Typed accessors: return 0 on success, -1 on fault. */
#define MEM_DEFINE_LOAD(name, type)                                                    \
	static inline int mem_load_##name(struct mem *m, uint64_t a, type *v)          \
	{                                                                              \
		uint64_t pg = a >> MEM_PAGE_SHIFT;                                     \
		if (MEM_LIKELY(pg < MEM_NPAGES &&                                      \
			       (a & MEM_PAGE_MASK) <= MEM_PAGE_SIZE - sizeof(type) &&  \
			       (m->perm[pg] & MEM_R))) {                               \
			memcpy(v, m->base + a, sizeof(type));                          \
			return 0;                                                      \
		}                                                                      \
		return mem_load_slow(m, a, v, sizeof(type));                           \
	}
#define MEM_DEFINE_STORE(name, type)                                                   \
	static inline int mem_store_##name(struct mem *m, uint64_t a, type v)          \
	{                                                                              \
		uint64_t pg = a >> MEM_PAGE_SHIFT;                                     \
		if (MEM_LIKELY(pg < MEM_NPAGES &&                                      \
			       (a & MEM_PAGE_MASK) <= MEM_PAGE_SIZE - sizeof(type) &&  \
			       (m->perm[pg] & (MEM_W | MEM_CODE)) == MEM_W)) {         \
			memcpy(m->base + a, &v, sizeof(type));                         \
			return 0;                                                      \
		}                                                                      \
		return mem_store_slow(m, a, &v, sizeof(type));                         \
	}

MEM_DEFINE_LOAD(u8, uint8_t)
MEM_DEFINE_LOAD(u16, uint16_t)
MEM_DEFINE_LOAD(u32, uint32_t)
MEM_DEFINE_LOAD(u64, uint64_t)
MEM_DEFINE_STORE(u8, uint8_t)
MEM_DEFINE_STORE(u16, uint16_t)
MEM_DEFINE_STORE(u32, uint32_t)
MEM_DEFINE_STORE(u64, uint64_t)

#endif
