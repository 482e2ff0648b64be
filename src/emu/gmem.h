/*
 * gmem.h — guest memory: one host reservation holding the whole guest address space at a fixed
 * offset, plus one permission byte per 4 KiB guest page checked on every access.
 *
 * Loads and stores are inline: a bounds check, one permission byte, one memcpy. Misaligned
 * accesses work (as Linux makes them work for user code); an access that crosses into a page
 * without permission faults. Stores to pages holding decoded instructions take the slow path,
 * which tells the owner (the code_written callback) so it can drop the stale decode.
 *
 * The host pages carry the guest's permissions too (gmem_host_prot_of), so that translated
 * code can access guest memory without reading the permission byte and let the host MMU
 * fault instead (jit_fault.c sends such a fault to the exact handler): a page is host-
 * readable when the guest may read it, host-writable when the guest may also write it and no
 * decoded instruction lives there. Permissions the host cannot express (write or execute
 * without read) turn that off for the rest of the process (jit_limit 0: every translated
 * access takes the handler, which checks the bytes), and such pages stay host-accessible.
 */
#ifndef ROBIN_EMU_GMEM_H
#define ROBIN_EMU_GMEM_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define GMEM_PAGE_SHIFT 12
#define GMEM_PAGE_SIZE  (1ull << GMEM_PAGE_SHIFT)
#define GMEM_PAGE_MASK  (GMEM_PAGE_SIZE - 1)
#ifndef GMEM_GUEST_BITS  /* the valgrind build sets 34: valgrind refuses larger reservations */
#define GMEM_GUEST_BITS 38                       /* Sv39 user half: 256 GiB */
#endif
#define GMEM_GUEST_SIZE (1ull << GMEM_GUEST_BITS)
#define GMEM_NPAGES     (GMEM_GUEST_SIZE >> GMEM_PAGE_SHIFT)

/* Permission byte bits. */
#define GMEM_R        0x01u
#define GMEM_W        0x02u
#define GMEM_X        0x04u
#define GMEM_MAPPED   0x08u  /* the page is mapped (possibly with no access) */
#define GMEM_CODE     0x10u  /* decoded instructions of this page are cached */
#define GMEM_SHARED   0x20u  /* MAP_SHARED file mapping: host protection follows the guest's */
#define GMEM_PASTEOF  0x40u  /* file mapping beyond the end of the file: access is SIGBUS */
#define GMEM_PROT_MASK (GMEM_R | GMEM_W | GMEM_X)

/* Why an access failed (gmem_fault_kind). */
enum gmem_fault {
	GMEM_FAULT_NONE = 0,
	GMEM_FAULT_UNMAPPED,   /* SIGSEGV, SEGV_MAPERR */
	GMEM_FAULT_PROT,       /* SIGSEGV, SEGV_ACCERR */
	GMEM_FAULT_BUS,        /* SIGBUS: file mapping past the end of the file */
	GMEM_FAULT_ALIGN,      /* SIGBUS: misaligned atomic access */
};

struct gmem {
	uint8_t *base;       /* host address of guest address 0 */
	uint8_t *perm;       /* GMEM_NPAGES permission bytes */
	/* called after a store hit a GMEM_CODE page (the page number is passed) */
	void (*code_written)(void *ctx, uint64_t page);
	void *code_ctx;
	uint64_t fault_addr; /* last failed access: first faulting byte */
	int fault_kind;      /* enum gmem_fault of the last failed access */
	/* translated accesses at addresses up to jit_limit - 1 go straight to host memory (the
	 * host MMU checks them); GMEM_JIT_LIMIT, or 0 once a page had permissions the host
	 * cannot express */
	uint64_t jit_limit;
	int shared_files;    /* a MAP_SHARED file mapping was made (a fork shares its pages) */
};

#define GMEM_JIT_LIMIT (GMEM_GUEST_SIZE - 7)  /* an 8-byte access at most stays inside */
/* Host address space reserved PROT_NONE below base and above base + GMEM_GUEST_SIZE, never
 * mapped: a translated access within GMEM_GUARD bytes of an address below jit_limit faults
 * there when it is outside the guest's space (jit.c leaves the check out for such accesses:
 * a base register the block already checked, at another offset) */
#define GMEM_GUARD (64 * 1024)

/* The host protection (PROT_*) that mirrors a page's permission byte. */
int gmem_host_prot_of(const struct gmem *m, uint8_t perm);
/* Mark / unmark page pg as holding decoded instructions (GMEM_CODE): a writable page loses
 * host write access while it holds them, so that translated stores to it fault. */
void gmem_code_mark(struct gmem *m, uint64_t pg);
void gmem_code_unmark(struct gmem *m, uint64_t pg);
/* Give the pages of [addr, addr+len) (page aligned) the host protection their permission
 * bytes call for (after the bytes were set by hand: a moved mapping, a restored checkpoint). */
void gmem_sync_host(struct gmem *m, uint64_t addr, uint64_t len);
/* Read len bytes of mapped guest pages whatever their host protection (a checkpoint of a
 * page the guest cannot read). Returns 0 or -EFAULT. */
int gmem_peek(struct gmem *m, uint64_t addr, void *dst, uint64_t len) __attribute__((warn_unused_result));

/* Reserve the guest address space (nothing mapped). Returns 0 or -errno. */
int gmem_init(struct gmem *m) __attribute__((warn_unused_result));
/* Release everything. */
void gmem_fini(struct gmem *m);

/* Map [addr, addr+len) (page aligned) with fresh zero pages and guest protection `prot`
 * (GMEM_R|GMEM_W|GMEM_X), replacing whatever was there. Returns 0 or -errno. */
int gmem_map_anon(struct gmem *m, uint64_t addr, uint64_t len, unsigned prot)
	__attribute__((warn_unused_result));
/* Map a host file at [addr, addr+len) (page aligned, offset page aligned). shared: MAP_SHARED.
 * Pages past the end of the file are marked so that access is SIGBUS. Returns 0 or -errno. */
int gmem_map_file(struct gmem *m, uint64_t addr, uint64_t len, unsigned prot, int shared, int fd,
		 uint64_t offset) __attribute__((warn_unused_result));
/* Unmap [addr, addr+len) (page aligned); the host pages are released. */
void gmem_unmap(struct gmem *m, uint64_t addr, uint64_t len);
/* Change protection of mapped pages. Returns 0, or -ENOMEM if part is unmapped (the mapped
 * pages are still changed, as Linux does up to the hole). */
int gmem_protect(struct gmem *m, uint64_t addr, uint64_t len, unsigned prot);
/* 1 if every page of the range is mapped, else 0. */
int gmem_is_mapped(const struct gmem *m, uint64_t addr, uint64_t len);
/* 1 if no page of the range is mapped. */
int gmem_is_free(const struct gmem *m, uint64_t addr, uint64_t len);
/* Highest free, page-aligned range of `len` bytes ending at or below `top` and starting at or
 * above `bottom`; 0 if none. */
uint64_t gmem_find_free(const struct gmem *m, uint64_t len, uint64_t bottom, uint64_t top);

/* Slow paths of the inline accessors (page crossing, faults, code pages). Return 0 or -1
 * (fault recorded in m->fault_addr / m->fault_kind); stores return 1 when code was written. */
int gmem_load_slow(struct gmem *m, uint64_t addr, void *dst, unsigned size);
int gmem_store_slow(struct gmem *m, uint64_t addr, const void *src, unsigned size);
/* Fetch check: 0 if [addr, addr+size) is executable, else -1 with the fault recorded. */
int gmem_check_exec(struct gmem *m, uint64_t addr, unsigned size);

/* Copies on behalf of the syscall layer (need R, resp. W on the guest side). They bypass
 * nothing: a protected page gives -EFAULT. copy_to invalidates code pages it writes. */
int gmem_copy_from(struct gmem *m, void *dst, uint64_t src, uint64_t len) __attribute__((warn_unused_result));
int gmem_copy_to(struct gmem *m, uint64_t dst, const void *src, uint64_t len) __attribute__((warn_unused_result));
/* Copy a NUL-terminated guest string of at most max bytes (incl. NUL). Returns its length,
 * -EFAULT, or -ENAMETOOLONG. */
long gmem_strncpy_from(struct gmem *m, char *dst, uint64_t src, size_t max);
/* Host pointer to [addr, addr+len) if all of it has `need` permissions (GMEM_R / GMEM_W), else
 * NULL. For syscalls that hand a guest buffer straight to the host (read, write). A writable
 * range that holds decoded code is invalidated first. */
void *gmem_host_ptr(struct gmem *m, uint64_t addr, uint64_t len, unsigned need);
/* Write without checking guest R/W/X (the loader filling read-only segments); the pages must
 * be mapped and host-writable. Returns 0 or -EFAULT. */
int gmem_poke(struct gmem *m, uint64_t addr, const void *src, uint64_t len) __attribute__((warn_unused_result));

#define GMEM_LIKELY(x)   __builtin_expect(!!(x), 1)

/* Typed accessors: return 0 on success, -1 on fault. */
#define GMEM_DEFINE_LOAD(name, type)                                                    \
	static inline int gmem_load_##name(struct gmem *m, uint64_t a, type *v)          \
	{                                                                              \
		uint64_t pg = a >> GMEM_PAGE_SHIFT;                                     \
		if (GMEM_LIKELY(pg < GMEM_NPAGES &&                                      \
			       (a & GMEM_PAGE_MASK) <= GMEM_PAGE_SIZE - sizeof(type) &&  \
			       (m->perm[pg] & GMEM_R))) {                               \
			memcpy(v, m->base + a, sizeof(type));                          \
			return 0;                                                      \
		}                                                                      \
		return gmem_load_slow(m, a, v, sizeof(type));                           \
	}
#define GMEM_DEFINE_STORE(name, type)                                                   \
	static inline int gmem_store_##name(struct gmem *m, uint64_t a, type v)          \
	{                                                                              \
		uint64_t pg = a >> GMEM_PAGE_SHIFT;                                     \
		if (GMEM_LIKELY(pg < GMEM_NPAGES &&                                      \
			       (a & GMEM_PAGE_MASK) <= GMEM_PAGE_SIZE - sizeof(type) &&  \
			       (m->perm[pg] & (GMEM_W | GMEM_CODE)) == GMEM_W)) {         \
			memcpy(m->base + a, &v, sizeof(type));                         \
			return 0;                                                      \
		}                                                                      \
		return gmem_store_slow(m, a, &v, sizeof(type));                         \
	}

GMEM_DEFINE_LOAD(u8, uint8_t)
GMEM_DEFINE_LOAD(u16, uint16_t)
GMEM_DEFINE_LOAD(u32, uint32_t)
GMEM_DEFINE_LOAD(u64, uint64_t)
GMEM_DEFINE_STORE(u8, uint8_t)
GMEM_DEFINE_STORE(u16, uint16_t)
GMEM_DEFINE_STORE(u32, uint32_t)
GMEM_DEFINE_STORE(u64, uint64_t)

#endif
