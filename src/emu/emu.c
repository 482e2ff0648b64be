/*
 * emu.c — the emulator object and its run loop: create/load/destroy, the decoded-instruction
 * cache (one array of slots per guest code page, filled lazily, dropped when the page is
 * written, unmapped or loses execute permission), emu_run (blocks, block.c, after the traced
 * instructions), emu_run_slow (the exact per-instruction loop the block loop falls back to),
 * emu_step (one instruction with the dynamic record for the timing model), the asynchronous
 * request/service pair and the commit trace.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "emu/checkpoint.h"
#include "emu/emu_priv.h"
#include "isa/isa_ext.h"
#include "emu/hermetic.h"
#include "emu/jit.h"
#include "emu/syscall_priv.h"
#include "emu/thread.h"

#define EMU_DEFAULT_SYSROOT "/usr/riscv64-linux-gnu"

int emu_set_error(struct emu *e, int err, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(e->error, sizeof(e->error), fmt, ap);
	va_end(ap);
	return -err;
}

/* ---- decoded-instruction cache ----------------------------------------------------------- */

static void emu_drop_page(struct emu *e, uint64_t pg)
{
	if (pg < GMEM_NPAGES && e->code[pg]) {
		/* its blocks stay allocated (block.c frees them at emu_destroy) but no chain from
		 * another block may enter them again */
		for (struct emu_block *b = e->code[pg]->blocks; b; b = b->next_alloc) {
			b->dead = 1;
			if (b->jit_chain)  /* exits chained to its translation return instead */
				jit_retire(emu_arena_w(&e->jit_arena, (void *)(uintptr_t)b->jit_chain));
		}
		e->code[pg] = NULL;  /* the page stays allocated: records may point into it */
		e->code_changed = 1;
		block_flush(e);      /* no PC leads to its blocks any more */
	}
}

/* gmem.c calls this when a GMEM_CODE page is written, unmapped or made non-executable. */
static void emu_code_written(void *ctx, uint64_t pg)
{
	struct emu *e = ctx;
	emu_drop_page(e, pg);
	/* an instruction at the end of the previous page may straddle into this one */
	if (pg > 0 && e->code[pg - 1]) {
		const struct emu_slot *last = &e->code[pg - 1]->slot[EMU_SLOTS_PER_PAGE - 1];
		if (last->insn.len == 4) {
			gmem_code_unmark(&e->mem, pg - 1);
			emu_drop_page(e, pg - 1);
		}
	}
}

static int emu_fetch_fault(struct emu *e, uint64_t pc, uint64_t addr)
{
	gmem_check_exec(&e->mem, addr, 2);  /* records the fault kind */
	e->hart.trap.cause = HART_TRAP_FETCH_FAULT;
	e->hart.trap.pc = pc;
	e->hart.trap.tval = addr;
	return -1;
}

struct emu_slot *emu_code_slots(struct emu *e, uint64_t pc)
{
	uint64_t pg = pc >> GMEM_PAGE_SHIFT;
	if (pg >= GMEM_NPAGES) {
		emu_fetch_fault(e, pc, pc);
		return NULL;
	}
	struct emu_code_page *cp = e->code[pg];
	if (cp)
		return cp->slot;
	if (!(e->mem.perm[pg] & GMEM_X)) {
		emu_fetch_fault(e, pc, pc);
		return NULL;
	}
	/* fresh zero pages, touched only where instructions get decoded (a calloc'd 64 KiB page
	 * would be cleared, i.e. faulted in, whole) */
	cp = emu_arena_alloc(&e->blk_arena, sizeof(*cp));
	cp->slot = emu_arena_alloc(&e->code_arena, EMU_SLOTS_PER_PAGE * sizeof(*cp->slot));
	e->code[pg] = cp;
	gmem_code_mark(&e->mem, pg);
	return cp->slot;
}

int emu_decode_raw(struct emu *e, uint64_t pc, struct isa_insn *out)
{
	uint16_t lo, hi = 0;
	memcpy(&lo, e->mem.base + pc, 2);
	if ((lo & 3) == 3) {
		if ((pc & GMEM_PAGE_MASK) == GMEM_PAGE_SIZE - 2) {
			if (gmem_check_exec(&e->mem, pc + 2, 2))
				return emu_fetch_fault(e, pc, pc + 2);
			gmem_code_mark(&e->mem, (pc + 2) >> GMEM_PAGE_SHIFT);
		}
		memcpy(&hi, e->mem.base + pc + 2, 2);
	}
	uint32_t raw = lo | (uint32_t)hi << 16;
	if (isa_decode(raw, out) == 0 || out->op == ISA_OP_INVALID || out->op >= ISA_OP_COUNT ||
	    !isa_ext_allows(e->isa_reqs, out->req)) {
		/* illegal, or in an extension the guest's --isa lacks: hardware without it
		 * raises an illegal-instruction exception (decode once: the slot keeps this) */
		out->raw = (lo & 3) == 3 ? raw : lo;
		out->len = (lo & 3) == 3 ? 4 : 2;
		out->op = ISA_OP_INVALID;  /* exec_table's handler raises SIGILL */
		out->cls = ISA_CLASS_SYSTEM;
		out->fmt = ISA_FMT_NONE;
		out->rd = out->rs1 = out->rs2 = out->rs3 = ISA_REG_NONE;
		out->flags = 0;
		out->size = 0;
	}
	return 0;
}

struct emu_slot *emu_slot_at(struct emu *e, uint64_t pc)
{
	struct emu_slot *slots = emu_code_slots(e, pc);
	if (!slots)
		return NULL;
	struct emu_slot *s = &slots[(pc & GMEM_PAGE_MASK) >> 1];
	if (!s->insn.len && emu_decode_raw(e, pc, &s->insn))
		return NULL;
	return s;
}

/* The slot at pc if it holds a decoded instruction already, else NULL (then emu_slot_at
 * decodes it, or records the fetch fault): the stepping loop's common case without calls. */
static inline struct emu_slot *emu_slot_decoded(const struct emu *e, uint64_t pc)
{
	uint64_t pg = pc >> GMEM_PAGE_SHIFT;
	struct emu_code_page *cp = pg < GMEM_NPAGES ? e->code[pg] : NULL;
	struct emu_slot *s = cp ? &cp->slot[(pc & GMEM_PAGE_MASK) >> 1] : NULL;
	return s && s->insn.len ? s : NULL;
}

/* ---- arenas ------------------------------------------------------------------------------ */

/* A memfd for translated code where shared anonymous memory cannot be mapped twice (under
 * valgrind), at a descriptor >= 900 where robin keeps its own files (the guest's open() must
 * get the numbers it gets without robin; checkpoints skip these). */
static int emu_jit_memfd(void)
{
	int fd = memfd_create("robin-jit", MFD_CLOEXEC);
	if (fd < 0)
		return -1;
	int high = fcntl(fd, F_DUPFD_CLOEXEC, 900);
	close(fd);
	return high;
}

/* The two views of the code at x (executable) and w (writable), n bytes: shared anonymous
 * memory at w (new zero pages, or the shared mapping src moved there) mapped again at x, or,
 * with fd >= 0, fd's bytes [off, off + n) at both. Anonymous shared memory, which the kernel
 * names "/dev/zero (deleted)", rather than a memfd where the host allows: perf reads
 * /tmp/perf-PID.map for anonymous executable memory only, so a profile of robin names its
 * translated blocks (--perf-map). 0, or -1 with errno. */
static int emu_arena_views(uint8_t *x, uint8_t *w, size_t n, void *src, int fd, off_t off)
{
	if (fd >= 0)
		return mmap(x, n, PROT_READ | PROT_EXEC, MAP_SHARED | MAP_FIXED, fd, off) == MAP_FAILED ||
		       mmap(w, n, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd, off) == MAP_FAILED
		       ? -1 : 0;
	void *m = src ? mremap(src, n, n, MREMAP_MAYMOVE | MREMAP_FIXED, w)
	              : mmap(w, n, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
	if (m == MAP_FAILED)
		return -1;
	/* an old size of 0 maps the same shared pages again */
	if (mremap(w, 0, n, MREMAP_MAYMOVE | MREMAP_FIXED, x) == MAP_FAILED ||
	    mprotect(x, n, PROT_READ | PROT_EXEC))
		return -1;
	return 0;
}

/* Maps the next chunk of an exec arena: both views of its pages, setting the arena up on the
 * first call (shared anonymous memory, else a memfd). 0, or -1 when it cannot (neither can be
 * mapped twice, the reserve is used up): the caller then translates nothing more. */
static int emu_arena_exec_chunk(struct emu_arena *a)
{
	size_t reserve = EMU_JIT_CHUNKS * a->chunk_bytes;
	int mapped = 0;  /* the chunk is mapped already (the first, to try anonymous memory) */
	if (!a->rx) {
		uint8_t *rx = mmap(NULL, reserve, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
				   -1, 0);
		uint8_t *rw = mmap(NULL, reserve, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
				   -1, 0);
		if (rx == MAP_FAILED || rw == MAP_FAILED) {
			if (rx != MAP_FAILED)
				munmap(rx, reserve);
			if (rw != MAP_FAILED)
				munmap(rw, reserve);
			return -1;
		}
		a->rx = rx;
		a->rw = rw;
		a->memfd = -1;
		a->nchunks = 0;
		mapped = !emu_arena_views(rx, rw, a->chunk_bytes, NULL, -1, 0);
		if (!mapped) {
			/* no second view of anonymous memory here: a memfd's, over the reserve anew */
			a->memfd = emu_jit_memfd();
			if (a->memfd < 0 ||
			    mmap(rx, reserve, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE |
				 MAP_FIXED, -1, 0) == MAP_FAILED ||
			    mmap(rw, reserve, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE |
				 MAP_FIXED, -1, 0) == MAP_FAILED) {
				if (a->memfd >= 0)
					close(a->memfd);
				a->memfd = -1;
				a->nchunks = EMU_JIT_CHUNKS;  /* nothing more to map */
				return -1;
			}
		}
	}
	if (a->nchunks == EMU_JIT_CHUNKS)
		return -1;
	size_t at = a->nchunks * a->chunk_bytes;
	uint8_t *x = a->rx + at;
	if (!mapped && ((a->memfd >= 0 && ftruncate(a->memfd, (off_t)(at + a->chunk_bytes))) ||
			emu_arena_views(x, a->rw + at, a->chunk_bytes, NULL, a->memfd, (off_t)at)))
		return -1;
	a->nchunks++;
	a->cur = x;
	a->end = x + a->chunk_bytes;
	a->mapped = a->end;
	return 0;
}

void *emu_arena_alloc(struct emu_arena *a, size_t bytes)
{
	bytes = (bytes + 31) & ~(size_t)31;
	if (a->exec) {
		if ((size_t)(a->end - a->cur) < bytes &&
		    (bytes > a->chunk_bytes || emu_arena_exec_chunk(a)))
			return NULL;
		void *p = a->cur;
		a->cur += bytes;
		return p;
	}
	if ((size_t)(a->end - a->cur) < bytes) {
		uint8_t *c = bytes <= a->chunk_bytes - 32 ?
			mmap(NULL, a->chunk_bytes, PROT_READ | PROT_WRITE | (a->exec ? PROT_EXEC : 0),
			     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0) : MAP_FAILED;
		if (c == MAP_FAILED && a->exec)
			return NULL;
		if (c == MAP_FAILED) {
			fprintf(stderr, "robin: out of memory for decoded instructions\n");
			abort();
		}
		memcpy(c, &a->chunks, sizeof(void *));
		a->chunks = c;
		a->cur = c + 32;
		a->end = c + a->chunk_bytes;
		a->mapped = c;
	}
	void *p = a->cur;
	a->cur += bytes;
	/* MADV_POPULATE_WRITE (Linux 5.14): where it fails, the pages fault in as usual */
	while (a->ahead_bytes && a->cur > a->mapped) {
		size_t n = (size_t)(a->end - a->mapped);
		n = n < a->ahead_bytes ? n : a->ahead_bytes;
		madvise(a->mapped, n, MADV_POPULATE_WRITE);
		a->mapped += n;
	}
	return p;
}

struct emu_code_copy emu_arena_fork_copy(const struct emu_arena *a)
{
	struct emu_code_copy c = { NULL, -1 };
	if (!a->rx || !a->nchunks)
		return c;
	size_t used = a->nchunks * a->chunk_bytes;
	/* the code lies below cur (bump allocation): the copy's pages above it stay the fresh
	 * zero pages the child's own translations will fill, not copies of unused ones */
	size_t page = (size_t)sysconf(_SC_PAGESIZE), written = used;
	if (a->cur >= a->rx && a->cur <= a->rx + used)
		written = ((size_t)(a->cur - a->rx) + page - 1) / page * page;
	if (written > used)
		written = used;
	if (a->memfd < 0) {
		void *m = mmap(NULL, used, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
		if (m != MAP_FAILED) {
			/* the pages the copy fills, mapped in by one call rather than a fault each
			 * (MADV_POPULATE_WRITE, Linux 5.14; where it fails they fault in as usual) */
			madvise(m, written, MADV_POPULATE_WRITE);
			memcpy(m, a->rw, written);
			c.mem = m;
		}
		return c;
	}
	int fd = emu_jit_memfd();
	if (fd < 0)
		return c;
	const uint8_t *p = a->rw;
	size_t done = 0;
	if (ftruncate(fd, (off_t)used) == 0) {
		while (done < written) {
			ssize_t n = pwrite(fd, p + done, written - done, (off_t)done);
			if (n <= 0)
				break;
			done += (size_t)n;
		}
	}
	if (done < written)
		close(fd);
	else
		c.fd = fd;
	return c;
}

void emu_arena_fork_child(struct emu_arena *a, struct emu_code_copy c)
{
	if (!c.mem && c.fd < 0) {
		if (a->rx) {  /* no copy: this process stops translating, its old code stays */
			a->cur = a->end;
			a->nchunks = EMU_JIT_CHUNKS;
		}
		return;
	}
	if (emu_arena_views(a->rx, a->rw, a->nchunks * a->chunk_bytes, c.mem, c.fd, 0)) {
		/* the views may still show the parent's pages: never write to them again */
		fprintf(stderr, "robin: fork: cannot map the translated code's copy (%s)\n",
			strerror(errno));
		abort();
	}
	if (c.fd >= 0) {
		close(a->memfd);
		a->memfd = c.fd;
	}
}

void emu_arena_fork_parent(const struct emu_arena *a, struct emu_code_copy c)
{
	if (c.mem)
		munmap(c.mem, a->nchunks * a->chunk_bytes);
	if (c.fd >= 0)
		close(c.fd);
}

pid_t emu_fork_state(struct emu *e, char *err, size_t errlen)
{
	if (e->mem.shared_files) {
		snprintf(err, errlen, "the guest mapped a file MAP_SHARED: a fork would share its "
		         "pages");
		errno = ENOTSUP;
		return -1;
	}
	fflush(NULL);
	struct emu_code_copy jit_copy = emu_arena_fork_copy(&e->jit_arena);
	pid_t pid = fork();
	if (pid != 0) {
		emu_arena_fork_parent(&e->jit_arena, jit_copy);
		if (pid < 0)
			snprintf(err, errlen, "fork: %s", strerror(errno));
		return pid;
	}
	emu_arena_fork_child(&e->jit_arena, jit_copy);
	int rc = hermetic_detach(e);
	if (!rc)
		rc = checkpoint_detach_fds(e, err, errlen);
	else
		snprintf(err, errlen, "cannot copy the table of process ids: %s", strerror(-rc));
	return rc ? -2 : 0;
}

static void emu_arena_free(struct emu_arena *a)
{
	if (a->exec) {
		if (a->rx) {
			munmap(a->rx, EMU_JIT_CHUNKS * a->chunk_bytes);
			munmap(a->rw, EMU_JIT_CHUNKS * a->chunk_bytes);
			if (a->memfd >= 0)
				close(a->memfd);
		}
		jit_fault_free(a->faults);
		a->faults = NULL;
		a->rx = a->rw = NULL;
		a->cur = a->end = a->mapped = NULL;
		return;
	}
	while (a->chunks) {
		void *c = a->chunks;
		memcpy(&a->chunks, c, sizeof(void *));
		munmap(c, a->chunk_bytes);
	}
	a->cur = a->end = a->mapped = NULL;
}

/* ---- lifecycle --------------------------------------------------------------------------- */

int emu_create(const struct emu_config *cfg, struct emu **out)
{
	/* fresh zero pages from the kernel rather than calloc, mapped in by one call: set-up
	 * writes 6 of its 21 pages, a run of a few million instructions touches the jump cache's
	 * 16 as well, and one fault each cost more than populating all of them */
	struct emu *e = mmap(NULL, sizeof(*e), PROT_READ | PROT_WRITE,
			     MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
	int err;
	*out = NULL;
	jit_fault_recheck();  /* the host's fault handlers: asked again at the first run */
	if (e == MAP_FAILED)
		return -ENOMEM;
	if (cfg)
		e->cfg = *cfg;
	snprintf(e->sysroot, sizeof(e->sysroot), "%s", e->cfg.sysroot ? e->cfg.sysroot : EMU_DEFAULT_SYSROOT);
	e->cfg.sysroot = e->sysroot;
	err = gmem_init(&e->mem);
	if (err)
		goto fail;
	e->mem.code_written = emu_code_written;
	e->mem.code_ctx = e;
	void *code = mmap(NULL, GMEM_NPAGES * sizeof(*e->code), PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (code == MAP_FAILED) {
		err = -errno;
		goto fail;
	}
	e->code = code;
	e->code_arena.chunk_bytes = 16u << 20;  /* 255 pages of slots; address space until used */
	e->blk_arena.chunk_bytes = 4u << 20;
	e->blk_arena.ahead_bytes = 32u << 10;  /* blocks fill it densely, in order */
	e->jit_arena.chunk_bytes = 4u << 20;
	e->jit_arena.exec = 1;
	e->jit_on = !e->cfg.no_jit && jit_host_supported();
	e->jit_hot = e->cfg.jit_hot ? e->cfg.jit_hot : EMU_JIT_HOT;
	e->isa_ext = e->cfg.isa_ext;
	if (!e->isa_ext) {
		char why[160];  /* the default always parses: nothing to report */
		if (isa_ext_parse(ISA_EXT_DEFAULT, &e->isa_ext, why, sizeof(why)))
			e->isa_ext = ISA_X(ISA_X_G);
	}
	e->isa_reqs = isa_ext_reqs(e->isa_ext);
	if (e->isa_ext & ISA_X(ISA_X_V)) {
		uint32_t vlen = e->cfg.vlen ? e->cfg.vlen : HART_VLEN_MIN;
		if (vlen < HART_VLEN_MIN || vlen > HART_VLEN_MAX || (vlen & (vlen - 1)))
			vlen = HART_VLEN_MIN;  /* emu_opts refused it already */
		e->hart.vlenb = (uint16_t)(vlen / 8);
		e->hart.vext = ((e->isa_ext & ISA_X(ISA_X_ZVFHMIN)) ? HART_VEXT_ZVFHMIN : 0) |
		               ((e->isa_ext & ISA_X(ISA_X_ZVBB)) ? HART_VEXT_ZVBB : 0);
	}
	e->hart.vtype = HART_VTYPE_VILL;  /* until the first vset*: vill, vl 0 */
	e->hart.emu = e;
	e->hart.mem = &e->mem;
	e->hart.reservation = ~0ull;
	e->async_at = UINT64_MAX;
	e->block_hook_stop = UINT64_MAX;
	e->quantum_at = UINT64_MAX;
	e->quantum = e->cfg.quantum ? e->cfg.quantum : THREAD_QUANTUM_DEFAULT;
	e->trace_left = e->cfg.trace ? e->cfg.trace_insns : 0;
	if (e->cfg.trace && fileno(e->cfg.trace) > 2)
		e->private_fds[e->n_private_fds++] = fileno(e->cfg.trace);
	if (fileno(stderr) > 2 && (!e->cfg.trace || fileno(e->cfg.trace) != fileno(stderr)))
		e->private_fds[e->n_private_fds++] = fileno(stderr);  /* robin's own (sim_guest.c) */
	e->rng_state = e->cfg.seed ^ 0x726f62696e524e47ull;  /* "robinRNG" */
	err = hermetic_init(e);
	if (err)
		goto fail;
	checkpoint_note_inherited(e);
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	e->start_ns = (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
	*out = e;
	return 0;
fail:
	emu_destroy(e);
	return err;
}

int emu_load(struct emu *e, const char *path, int argc, char *const argv[], char *const envp[])
{
	e->error[0] = 0;
	return loader_load(e, path, argc, argv, envp);
}

/* What the emulator holds on the heap (the rest is mappings). */
static void emu_free_heap(struct emu *e)
{
	for (int i = 0; i < e->n_images; i++) {
		free(e->images[i].path);
		symtab_free(e->images[i].syms);
	}
	e->n_images = 0;
	thread_free_all(e);
	checkpoint_cache_free(e);
	free(e->jit_runlog);
	e->jit_runlog = NULL;
	free(e->mt_ev);
	e->mt_ev = NULL;
	free(e->ctr_blocks);
	e->ctr_blocks = NULL;
	e->n_ctr_blocks = e->cap_ctr_blocks = 0;
	free(e->cont_pcs);
	e->cont_pcs = NULL;
	e->cont_bits = e->cont_used = 0;
}

void emu_destroy(struct emu *e)
{
	if (!e)
		return;
	emu_arena_free(&e->code_arena);
	emu_arena_free(&e->blk_arena);
	emu_arena_free(&e->jit_arena);
	jit_map_close(e);
	block_map_free(e);
	if (e->code)
		munmap(e->code, GMEM_NPAGES * sizeof(*e->code));
	emu_free_heap(e);
	gmem_fini(&e->mem);
	hermetic_fini(e);
	munmap(e, sizeof(*e));
}

void emu_destroy_at_exit(struct emu *e)
{
	if (e)
		emu_free_heap(e);
}

/* ---- paths and time ---------------------------------------------------------------------- */

const char *emu_path(struct emu *e, const char *guest, char *buf, size_t n)
{
	struct stat st;
	if (e->cfg.hermetic && !strcmp(guest, e->exe_guest))
		return e->exe_path;  /* the program, as the guest sees it (/robin/NAME) */
	if (guest[0] != '/' || !e->sysroot[0])
		return guest;
	if ((size_t)snprintf(buf, n, "%s%s", e->sysroot, guest) >= n)
		return guest;
	if (lstat(buf, &st) == 0)
		return buf;
	return guest;
}

void emu_set_clock(struct emu *e, uint64_t (*now_ns)(void *ctx), void *ctx)
{
	uint64_t was = emu_time_virtual(e) ? emu_time_ns(e, 0) : 0;
	e->clock_ns = now_ns;
	e->clock_ctx = ctx;
	e->clock_base_ns = now_ns ? was - now_ns(ctx) : 0;  /* modulo 2^64: no jump */
}

uint64_t emu_time_ns(struct emu *e, int realtime)
{
	if (emu_time_virtual(e)) {
		/* simulated time, or 1 instruction = 1 ns; the wall clock starts at 2024-01-01
		 * 00:00:00 UTC */
		uint64_t t = e->clock_ns ? e->clock_base_ns + e->clock_ns(e->clock_ctx) : e->hart.instret;
		return realtime ? 1704067200ull * 1000000000ull + t : t;
	}
	struct timespec ts;
	clock_gettime(realtime ? CLOCK_REALTIME : CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* ---- trace ------------------------------------------------------------------------------- */

static const char *const emu_xreg_names[32] = {
	"zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0", "a1", "a2", "a3", "a4",
	"a5", "a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4",
	"t5", "t6",
};
static const char *const emu_freg_names[32] = {
	"ft0", "ft1", "ft2", "ft3", "ft4", "ft5", "ft6", "ft7", "fs0", "fs1", "fa0", "fa1", "fa2",
	"fa3", "fa4", "fa5", "fa6", "fa7", "fs2", "fs3", "fs4", "fs5", "fs6", "fs7", "fs8", "fs9",
	"fs10", "fs11", "ft8", "ft9", "ft10", "ft11",
};

/* Name of register r in the 0..63 numbering of isa.h. */
const char *emu_reg_name(unsigned r)
{
	if (r < 32)
		return emu_xreg_names[r];
	if (r < 64)
		return emu_freg_names[r - 32];
	return "?";
}

static void emu_trace_line(struct emu *e, const struct emu_dyn *d)
{
	char dis[96];
	const struct isa_insn *in = d->insn;
	if (in->op == ISA_OP_INVALID)
		snprintf(dis, sizeof(dis), "(illegal)");
	else
		isa_disasm(in, d->pc, dis, sizeof(dis));
	for (char *c = dis; *c; c++)
		if (*c == '\t')
			*c = ' ';
	FILE *f = e->cfg.trace;
	if (in->len == 2)
		fprintf(f, "%8" PRIu64 " %10" PRIx64 ":     %04x  %-34s", d->seq, d->pc, in->raw & 0xffff, dis);
	else
		fprintf(f, "%8" PRIu64 " %10" PRIx64 ": %08x  %-34s", d->seq, d->pc, in->raw, dis);
	if (d->trapped)
		fprintf(f, " trap");
	else if (in->rd != ISA_REG_NONE && in->rd != 0 && in->rd < 64)
		fprintf(f, " %s=0x%016" PRIx64, emu_reg_name(in->rd), emu_reg(e, in->rd));
	if (d->mem_size)
		fprintf(f, " mem[0x%" PRIx64 "]", d->mem_addr);
	fputc('\n', f);
}

/* ---- execution --------------------------------------------------------------------------- */

/* ---- basic-block hook ------------------------------------------------------------------ */

/* The classes that end a basic block (control transfers and system calls). */
#define EMU_BLOCK_ENDS(cls) ((1u << (cls)) & ((1u << ISA_CLASS_BRANCH) | (1u << ISA_CLASS_JUMP) | \
					      (1u << ISA_CLASS_SYSTEM)))

/* End the current block at end_pc and start the next one at next_pc. */
static void emu_block_end(struct emu *e, uint64_t end_pc, uint64_t next_pc)
{
	uint64_t n = e->hart.instret - e->block_start_instret;
	if (n)
		e->block_fn(e->block_ctx, e->block_start_pc, end_pc, n);
	e->block_start_pc = next_pc;
	e->block_start_instret = e->hart.instret;
}

void emu_set_block_hook(struct emu *e, emu_block_fn fn, void *ctx)
{
	e->block_fn = fn;
	e->block_ctx = ctx;
	e->block_start_pc = e->hart.pc;
	e->block_start_instret = e->hart.instret;
}

/* Finish a trap recorded in hart.trap; returns the status the run ends with, or EMU_RUNNING
 * when the trap was absorbed (a signal handler took over). */
enum emu_status emu_trap(struct emu *e)
{
	struct hart *h = &e->hart;
	switch (h->trap.cause) {
	case HART_TRAP_EXIT:
		return EMU_EXITED;
	case HART_TRAP_KILLED:
		return EMU_FAULT;
	default:
		if (syscall_signal_fault(e)) {
			h->trap.cause = HART_TRAP_NONE;
			return EMU_RUNNING;  /* the guest's handler runs next (h->next_pc) */
		}
		fault_describe(e);
		return EMU_FAULT;
	}
}

enum emu_status emu_step(struct emu *e, struct emu_dyn *d)
{
	static const struct isa_insn none = { .op = ISA_OP_INVALID, .len = 2, .rd = ISA_REG_NONE,
					      .rs1 = ISA_REG_NONE, .rs2 = ISA_REG_NONE,
					      .rs3 = ISA_REG_NONE };
	struct hart *h = &e->hart;
	uint64_t pc = h->pc;
	memset(d, 0, sizeof(*d));
	d->seq = h->instret;
	d->pc = pc;
	struct emu_slot *s;
	if (__builtin_expect(h->instret >= e->timer_check_instret, 0)) {
		/* a timer's signal interrupts before the instruction at pc, which did not
		 * complete (trapped): the handler runs and sigreturn resumes at pc */
		h->next_pc = pc;
		int r = timers_poll(e);
		if (r < 0 || h->next_pc != pc) {
			s = emu_slot_at(e, pc);
			d->insn = s ? &s->insn : &none;
			d->trapped = 1;
			d->next_pc = h->next_pc;
			if (r < 0)
				return emu_trap(e);
			h->pc = h->next_pc;
			return EMU_RUNNING;
		}
	}
	if (__builtin_expect(h->instret >= e->quantum_at, 0)) {
		/* the thread's turn ends before the instruction at pc (it did not complete, as
		 * for a timer's signal): the next thread goes on at next_pc */
		thread_quantum(e);
		s = emu_slot_at(e, pc);
		d->insn = s ? &s->insn : &none;
		d->trapped = 1;
		d->next_pc = h->pc;
		return EMU_RUNNING;
	}
	int killed = __builtin_expect(h->instret >= e->async_at, 0) && emu_async_service(e);
	pc = h->pc;
	d->pc = pc;
	if (killed) {
		d->insn = &none;
		d->next_pc = pc;
		d->trapped = 1;
		return EMU_FAULT;
	}
	s = emu_slot_decoded(e, pc);
	if (!s)
		s = emu_slot_at(e, pc);
	if (!s) {
		d->insn = &none;
		d->next_pc = pc;
		d->trapped = 1;
		enum emu_status st = emu_trap(e);
		if (st == EMU_RUNNING)
			h->pc = h->next_pc;
		return st;
	}
	const struct isa_insn *in = &s->insn;
	d->insn = in;
	int vec = ISA_CLASS_IS_V(in->cls);
	if (__builtin_expect(vec, 0)) {
		if (in->cls == ISA_CLASS_VLOAD || in->cls == ISA_CLASS_VSTORE) {
			h->vmem_n = 0;
			d->mem_addr = h->x[in->rs1 & 31];
		}
	} else if (in->size) {
		d->mem_size = in->size;
		d->mem_addr = isa_mem_addr(in, h->x[in->rs1 & 31]);
		if (in->cls == ISA_CLASS_AMO || in->op == ISA_OP_INVALID)
			d->mem_addr = h->x[in->rs1 & 31];
	} else if (in->flags & ISA_F_PREFETCH) {
		d->mem_addr = h->x[in->rs1 & 31] + ((uint64_t)in->imm & ~(uint64_t)31);
	}
	h->pc = pc;
	h->next_pc = pc + in->len;
	int r = exec_table[in->op](h, in);
	h->x[0] = 0;
	enum emu_status st = EMU_RUNNING;
	if (r < 0) {
		int exited = h->trap.cause == HART_TRAP_EXIT;
		st = emu_trap(e);
		if (exited) {
			h->instret++;
		} else {
			d->trapped = 1;
			d->next_pc = h->next_pc;  /* a signal handler, or unchanged after a fatal fault */
			if (st == EMU_RUNNING)
				h->pc = h->next_pc;
		}
	} else {
		h->instret++;
	}
	if (e->block_fn && (d->trapped || EMU_BLOCK_ENDS(in->cls)))
		emu_block_end(e, pc, d->trapped ? d->next_pc : h->next_pc);
	if (e->block_hook && !d->trapped)   /* the run hook sees the stepped instruction too */
		e->block_hook(e->block_hook_ctx, pc, 1);
	if (!d->trapped) {
		if (d->mem_size) {
			/* the access succeeded, so the bytes are mapped; little-endian guest */
			const uint8_t *at = e->mem.base + d->mem_addr;
			uint64_t v = 0;
			switch (d->mem_size) {  /* the usual sizes as single loads */
			case 1: v = *at; break;
			case 2: { uint16_t x; memcpy(&x, at, 2); v = x; break; }
			case 4: { uint32_t x; memcpy(&x, at, 4); v = x; break; }
			case 8: memcpy(&v, at, 8); break;
			default: memcpy(&v, at, d->mem_size > 8 ? 8 : d->mem_size); break;
			}
			d->mem_value = v;
		}
		if (__builtin_expect(vec, 0)) {
			d->vl = (uint32_t)h->vl;
			d->vsew = (uint8_t)(8u << ((h->vtype >> 3) & 7u));
			if (in->cls == ISA_CLASS_VLOAD || in->cls == ISA_CLASS_VSTORE) {
				d->vmem_n = h->vmem_n;
				d->vmem = h->vmem;
			}
		}
		d->next_pc = h->next_pc;
		d->taken = in->cls == ISA_CLASS_JUMP ||
			   (in->cls == ISA_CLASS_BRANCH && h->next_pc != pc + in->len);
		h->pc = h->next_pc;
	}
	if (e->trace_left) {
		e->trace_left--;
		emu_trace_line(e, d);
	}
	return st;
}

void emu_async_request(struct emu *e, uint64_t at_instret)
{
	if (at_instret < e->async_at)
		e->async_at = at_instret;
}

int emu_async_service(struct emu *e)
{
	struct hart *h = &e->hart;
	e->async_at = UINT64_MAX;
	/* interval timers (timers.c) ask for service at timer_check_instret */
	if (h->instret >= e->timer_check_instret)
		timers_fire(e);
	else if (e->timer_check_instret != UINT64_MAX)
		emu_async_request(e, e->timer_check_instret);
	/* the running guest thread's turn (thread.c) */
	if (h->instret >= e->quantum_at)
		thread_quantum(e);
	else if (e->quantum_at != UINT64_MAX)
		emu_async_request(e, e->quantum_at);
	if (!(e->sigpending & ~e->sigmask))
		return 0;
	h->next_pc = h->pc;  /* the interrupted instruction is where the handler returns */
	if (syscall_signal_check(e) < 0)
		return -1;  /* the trap (HART_TRAP_KILLED) and the message are recorded */
	h->pc = h->next_pc;
	return 0;
}

enum emu_status emu_run_slow(struct emu *e, uint64_t limit)
{
	struct hart *h = &e->hart;
	uint64_t pc = h->pc;
	uint64_t cur_pg = UINT64_MAX;
	struct emu_slot *slots = NULL;
	for (;;) {
		if (__builtin_expect(h->instret >= e->async_at, 0)) {
			h->pc = pc;
			if (emu_async_service(e))
				return EMU_FAULT;
			pc = h->pc;
			cur_pg = UINT64_MAX;
		}
		if (__builtin_expect(h->instret >= limit, 0)) {
			h->pc = pc;
			return EMU_LIMIT;
		}
		uint64_t pg = pc >> GMEM_PAGE_SHIFT;
		if (__builtin_expect(pg != cur_pg || e->code_changed, 0)) {
			e->code_changed = 0;
			slots = emu_code_slots(e, pc);
			if (!slots)
				goto trap;
			cur_pg = pg;
		}
		struct emu_slot *s = &slots[(pc & GMEM_PAGE_MASK) >> 1];
		if (__builtin_expect(!s->insn.len, 0)) {
			if (emu_decode_raw(e, pc, &s->insn))
				goto trap;
		}
		if (e->block_hook)
			e->block_hook(e->block_hook_ctx, pc, 1);
		if (__builtin_expect(e->access_hook != NULL, 0) && s->insn.size &&
		    (s->insn.cls == ISA_CLASS_LOAD || s->insn.cls == ISA_CLASS_STORE))
			block_access(e, isa_mem_addr(&s->insn, h->x[s->insn.rs1 & 31]));
		h->pc = pc;
		h->next_pc = pc + s->insn.len;
		int r = exec_table[s->insn.op](h, &s->insn);
		h->x[0] = 0;
		if (__builtin_expect(r != 0, 0)) {
			if (r < 0) {
				if (h->trap.cause == HART_TRAP_EXIT) {
					h->instret++;
					h->pc = h->next_pc;
					if (e->block_fn)
						emu_block_end(e, pc, h->next_pc);
					return EMU_EXITED;
				}
				goto trap;
			}
			/* memory maps or code changed: look the page up again */
			cur_pg = UINT64_MAX;
		}
		h->instret++;
		if (__builtin_expect(e->block_fn != NULL, 0) && EMU_BLOCK_ENDS(s->insn.cls))
			emu_block_end(e, pc, h->next_pc);
		pc = h->next_pc;
		continue;
	trap:;
		/* the instruction did not complete: a fatal fault, or a guest signal handler
		 * takes over at h->next_pc */
		enum emu_status st = emu_trap(e);
		if (st != EMU_RUNNING)
			return st;
		if (e->block_fn)
			emu_block_end(e, pc, h->next_pc);
		pc = h->next_pc;
		cur_pg = UINT64_MAX;
	}
}

enum emu_status emu_run(struct emu *e, uint64_t max_insns)
{
	struct hart *h = &e->hart;
	uint64_t limit = max_insns ? h->instret + max_insns : UINT64_MAX;
	if (limit < h->instret)
		limit = UINT64_MAX;
	while (e->trace_left) {
		struct emu_dyn d;
		if (h->instret >= limit)
			return EMU_LIMIT;
		enum emu_status st = emu_step(e, &d);
		if (st != EMU_RUNNING)
			return st;
	}
	/* basic-block vectors need every block end (taken or not); the block loop's runs span
	 * untaken branches, so with a block hook the exact loop runs */
	if (e->block_fn)
		return emu_run_slow(e, limit);
	if (e->jit_arena.faults && jit_fault_ready())
		e->mem.jit_limit = 0;  /* no handler: every translated access takes its handler */
	return block_run(e, limit);
}

const struct isa_insn *emu_decode_at(struct emu *e, uint64_t pc)
{
	uint64_t pg = pc >> GMEM_PAGE_SHIFT;
	if ((pc & 1) || pg >= GMEM_NPAGES || !(e->mem.perm[pg] & GMEM_X))
		return NULL;
	/* an instruction decoded before (the wrong path mostly fetches code the program ran) */
	const struct emu_slot *d = emu_slot_decoded(e, pc);
	if (d)
		return d->insn.op == ISA_OP_INVALID ? NULL : &d->insn;
	struct hart_trap saved = e->hart.trap;
	struct emu_slot *s = emu_slot_at(e, pc);
	e->hart.trap = saved;  /* a wrong-path fetch fault is not the program's */
	if (!s || s->insn.op == ISA_OP_INVALID)
		return NULL;
	return &s->insn;
}

uint64_t emu_reg(const struct emu *e, unsigned reg)
{
	if (reg < 32)
		return e->hart.x[reg];
	if (reg < 64)
		return e->hart.f[reg - 32];
	return 0;
}

uint64_t emu_instret(const struct emu *e) { return e->hart.instret; }
uint64_t emu_pc(const struct emu *e) { return e->hart.pc; }

void emu_jit_stats(const struct emu *e, uint64_t *blocks, uint64_t *bytes)
{
	*blocks = e->jit_blocks;
	*bytes = e->jit_bytes;
}
int emu_exit_code(const struct emu *e) { return e->exit_code; }
const char *emu_fault_message(const struct emu *e) { return e->fault_msg; }
int emu_fault_signal(const struct emu *e) { return e->fault_signal; }
const char *emu_error(const struct emu *e) { return e->error; }
