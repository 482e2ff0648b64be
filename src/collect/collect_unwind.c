/*
 * collect_unwind.c — holding dwarf samples and unwinding them in batches (see
 * collect_unwind.h).
 */
#include "collect/collect_unwind.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "elf/elf_unwind.h"

/* One unwinding address space: an era and libdw's view of it. */
struct collect_unwind_space {
	struct cera *era;
	struct procmap *pm;
	struct elf_unwind_space *sp;   /* NULL: cannot unwind here */
};

/* A held sample in the buffer, followed by n_kernel u64 pcs and the stack bytes (padded). */
struct held {
	uint32_t size;                 /* bytes of the whole entry, a multiple of 8 */
	uint32_t event;
	struct cera *era;
	uint32_t tid;
	uint32_t n_kernel;             /* kernel frames, leaf first */
	uint32_t has_regs;
	uint32_t pad;
	uint64_t regs[ELF_UNWIND_NREGS];
	uint64_t stack_size;
};

/* perf's x86-64 register order in a sample (the mask's bits ascending) -> DWARF numbers */
static const uint8_t unwind_dwarf_of_perf[ELF_UNWIND_NREGS] = {
	0 /* ax */, 3 /* bx */, 2 /* cx */, 1 /* dx */, 4 /* si */, 5 /* di */, 6 /* bp */,
	7 /* sp */, 16 /* ip */, 8, 9, 10, 11, 12, 13, 14, 15 /* r8-r15 */
};

int collect_unwind_hold(struct collect_unwind *u, unsigned event, struct cera *era,
			const struct perf_rec *r)
{
	uint64_t chain[COLLECT_UNWIND_MAX_FRAMES], kern[COLLECT_UNWIND_MAX_FRAMES];
	size_t nc = perf_rec_callchain(r, chain, COLLECT_UNWIND_MAX_FRAMES), nk = 0;
	for (size_t i = nc; i-- > 0;) /* leaf first, the kernel's frames only */
		if (chain[i] >> 63)
			kern[nk++] = chain[i];
	int regs = r->regs_abi && r->regs_n == ELF_UNWIND_NREGS && r->regs_user;
	size_t stack = regs && r->stack_user ? (size_t)r->stack_user_size : 0;
	size_t need = sizeof(struct held) + nk * 8 + ((stack + 7) & ~(size_t)7);
	if (u->done && u->done * 2 >= u->len) { /* drop what was unwound already */
		memmove(u->buf, u->buf + u->done, u->len - u->done);
		u->len -= u->done;
		u->done = 0;
	}
	if (u->len + need > u->cap) {
		size_t cap = u->cap ? u->cap : 1u << 20;
		while (cap < u->len + need)
			cap *= 2;
		uint8_t *b = realloc(u->buf, cap);
		if (!b)
			return -ENOMEM;
		u->buf = b;
		u->cap = cap;
	}
	struct held *h = (struct held *)(u->buf + u->len);
	memset(h, 0, sizeof *h);
	h->size = (uint32_t)need;
	h->event = event;
	h->era = era;
	h->tid = r->tid;
	h->n_kernel = (uint32_t)nk;
	h->has_regs = (uint32_t)regs;
	for (int i = 0; regs && i < ELF_UNWIND_NREGS; i++)
		memcpy(&h->regs[unwind_dwarf_of_perf[i]], (const uint8_t *)r->regs_user + 8 * i, 8);
	h->stack_size = stack;
	memcpy(h + 1, kern, nk * 8);
	if (stack)
		memcpy((uint8_t *)(h + 1) + nk * 8, r->stack_user, stack);
	u->len += need;
	if (!regs && !nk) /* not even a kernel chain: the sampled pc alone */
		h->regs[ELF_UNWIND_REG_PC] = r->ip;
	return 0;
}

/* Which file is mapped at addr in the space's era. */
static int unwind_lookup(void *arg, uint64_t addr, struct elf_unwind_map *out)
{
	struct collect_unwind_space *s = arg;
	uint64_t off;
	struct cimage *im = procmap_resolve(s->pm, s->era, addr, &off);
	if (!im || im->kind != CIMAGE_FILE || im->deleted || im->path[0] != '/')
		return -ENOENT;
	out->path = im->path;
	out->bias = (int64_t)(off - addr);
	return 0;
}

static struct collect_unwind_space *unwind_space(struct collect_unwind *u, struct cera *era)
{
	for (size_t i = 0; i < u->n_spaces; i++)
		if (u->spaces[i].era == era)
			return &u->spaces[i];
	if (!u->cap_spaces)
		return NULL;
	if (u->n_spaces == u->cap_spaces)
		collect_unwind_forget(u); /* spaces are lookup arguments: never moved, so start over */
	struct collect_unwind_space *s = &u->spaces[u->n_spaces++];
	s->era = era;
	s->pm = u->pm;
	s->sp = NULL;
	if (elf_unwind_space_new(unwind_lookup, s, &s->sp))
		s->sp = NULL;
	return s;
}

static uint64_t unwind_cpu_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void unwind_spaces_init(struct collect_unwind *u)
{
	if (!u->spaces) {
		u->cap_spaces = 1024;
		u->spaces = calloc(u->cap_spaces, sizeof *u->spaces);
		if (!u->spaces)
			u->cap_spaces = 0;
	}
}

void collect_unwind_user(struct collect_unwind *u, struct cera *era, uint32_t tid,
			 const void *regs_perf, const void *stack, size_t stack_size, uint64_t *pc,
			 size_t max, size_t *n)
{
	uint64_t regs[ELF_UNWIND_NREGS] = { 0 };
	*n = 0;
	if (!regs_perf || !max)
		return;
	for (int i = 0; i < ELF_UNWIND_NREGS; i++)
		memcpy(&regs[unwind_dwarf_of_perf[i]], (const uint8_t *)regs_perf + 8 * i, 8);
	pc[0] = regs[ELF_UNWIND_REG_PC];
	*n = 1;
	unwind_spaces_init(u);
	struct collect_unwind_space *s = era ? unwind_space(u, era) : NULL;
	if (s && s->sp && elf_unwind_stack(s->sp, tid, regs, stack, stack_size, pc, max, n))
		*n = 1;
}

int collect_unwind_run(struct collect_unwind *u, collect_unwind_fn fn, void *arg,
		       uint64_t budget_ns)
{
	uint64_t pc[COLLECT_UNWIND_MAX_FRAMES];
	uint64_t t0 = budget_ns ? unwind_cpu_ns() : 0;
	unsigned k = 0;
	unwind_spaces_init(u);
	while (u->done < u->len) {
		if (budget_ns && (++k & 7) == 0 && unwind_cpu_ns() - t0 >= budget_ns)
			return 1;
		size_t at = u->done;
		const struct held *h = (const struct held *)(u->buf + at);
		const uint8_t *stack = (const uint8_t *)(h + 1) + h->n_kernel * 8;
		size_t n = h->n_kernel;
		memcpy(pc, h + 1, n * 8);
		u->done = at + h->size;
		if (!h->has_regs) {
			if (!n)
				pc[n++] = h->regs[ELF_UNWIND_REG_PC];
			u->st.no_regs++;
			fn(arg, h->event, h->era, pc, n);
			continue;
		}
		struct collect_unwind_space *s = h->era ? unwind_space(u, h->era) : NULL;
		size_t nu = 1;
		pc[n] = h->regs[ELF_UNWIND_REG_PC];
		if (s && s->sp && elf_unwind_stack(s->sp, h->tid, h->regs, stack, h->stack_size,
						  pc + n, COLLECT_UNWIND_MAX_FRAMES - n, &nu))
			nu = 1;
		u->st.samples++;
		u->st.frames += nu;
		u->st.leaf_only += nu == 1;
		fn(arg, h->event, h->era, pc, n + nu);
	}
	u->len = u->done = 0;
	return 0;
}

void collect_unwind_forget(struct collect_unwind *u)
{
	for (size_t i = 0; i < u->n_spaces; i++)
		elf_unwind_space_free(u->spaces[i].sp);
	u->n_spaces = 0;
}

void collect_unwind_free(struct collect_unwind *u)
{
	collect_unwind_forget(u);
	free(u->spaces);
	free(u->buf);
	memset(u, 0, sizeof *u);
}
