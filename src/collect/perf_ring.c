/*
 * perf_ring.c — reading a perf ring buffer and decoding its records.
 */
#include "collect/perf_ring.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define PERF_RING_SCRATCH 65536 /* header.size is 16 bits */

int perf_ring_map(struct perf_ring *r, int fd, int cpu, unsigned data_pages)
{
	long page = sysconf(_SC_PAGESIZE);
	memset(r, 0, sizeof *r);
	r->fd = fd;
	r->cpu = cpu;
	if (data_pages == 0 || (data_pages & (data_pages - 1)))
		return -EINVAL;
	r->data_size = (uint64_t)data_pages * (uint64_t)page;
	r->map_size = (size_t)r->data_size + (size_t)page;
	void *m = mmap(NULL, r->map_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (m == MAP_FAILED) {
		r->map_size = 0;
		return -errno;
	}
	r->meta = m;
	r->data = (unsigned char *)m + r->meta->data_offset;
	if (r->meta->data_size)
		r->data_size = r->meta->data_size;
	r->scratch = malloc(PERF_RING_SCRATCH);
	if (!r->scratch) {
		munmap(m, r->map_size);
		r->map_size = 0;
		return -ENOMEM;
	}
	r->tail = r->meta->data_tail;
	return 0;
}

void perf_ring_unmap(struct perf_ring *r)
{
	if (r->map_size)
		munmap(r->meta, r->map_size);
	free(r->scratch);
	if (r->fd > 0)
		close(r->fd);
	memset(r, 0, sizeof *r);
	r->fd = -1;
}

void perf_ring_begin(struct perf_ring *r)
{
	/* pairs with the kernel's smp_wmb() before it advances data_head */
	r->head = __atomic_load_n(&r->meta->data_head, __ATOMIC_ACQUIRE);
	r->cur_size = 0;
}

const struct perf_event_header *perf_ring_peek(struct perf_ring *r)
{
	if (r->tail >= r->head)
		return NULL;
	uint64_t mask = r->data_size - 1;
	uint64_t off = r->tail & mask;
	struct perf_event_header hdr;
	if (off + sizeof hdr <= r->data_size) {
		memcpy(&hdr, r->data + off, sizeof hdr);
	} else {
		size_t first = (size_t)(r->data_size - off);
		memcpy(&hdr, r->data + off, first);
		memcpy((unsigned char *)&hdr + first, r->data, sizeof hdr - first);
	}
	if (hdr.size < sizeof hdr || r->tail + hdr.size > r->head) {
		/* corrupt: skip what the kernel wrote so far rather than spin on it */
		r->tail = r->head;
		return NULL;
	}
	r->cur_size = hdr.size;
	if (off + hdr.size <= r->data_size)
		return (const struct perf_event_header *)(r->data + off);
	size_t first = (size_t)(r->data_size - off);
	memcpy(r->scratch, r->data + off, first);
	memcpy(r->scratch + first, r->data, hdr.size - first);
	return (const struct perf_event_header *)r->scratch;
}

void perf_ring_consume(struct perf_ring *r)
{
	r->tail += r->cur_size;
	r->cur_size = 0;
}

void perf_ring_end(struct perf_ring *r)
{
	/* our reads of the records must complete before the kernel may overwrite them */
	__atomic_store_n(&r->meta->data_tail, r->tail, __ATOMIC_RELEASE);
}

uint64_t perf_ring_pending(const struct perf_ring *r)
{
	uint64_t head = __atomic_load_n(&r->meta->data_head, __ATOMIC_ACQUIRE);
	return head - r->tail;
}

/* ---- record decoding ------------------------------------------------------------------ */

struct cursor {
	const unsigned char *p, *end;
	int bad;
};

static uint64_t cur_u64(struct cursor *c)
{
	uint64_t v = 0;
	if (c->p + 8 > c->end) {
		c->bad = 1;
		return 0;
	}
	memcpy(&v, c->p, 8);
	c->p += 8;
	return v;
}

static void cur_u32x2(struct cursor *c, uint32_t *a, uint32_t *b)
{
	uint64_t v = cur_u64(c);
	*a = (uint32_t)v;
	*b = (uint32_t)(v >> 32);
}

/* The sample_id trailer of a non-sample record: its fields in perf_event.h order. */
static int parse_sample_id(const struct perf_event_header *h, uint64_t st, struct perf_rec *o)
{
	size_t n = 0;
	n += !!(st & PERF_SAMPLE_TID) + !!(st & PERF_SAMPLE_TIME) + !!(st & PERF_SAMPLE_ID) +
	     !!(st & PERF_SAMPLE_STREAM_ID) + !!(st & PERF_SAMPLE_CPU) +
	     !!(st & PERF_SAMPLE_IDENTIFIER);
	if (h->size < sizeof *h + n * 8)
		return -EINVAL;
	struct cursor c = { (const unsigned char *)h + h->size - n * 8,
			    (const unsigned char *)h + h->size, 0 };
	uint32_t dummy;
	if (st & PERF_SAMPLE_TID)
		cur_u32x2(&c, &o->pid, &o->tid);
	if (st & PERF_SAMPLE_TIME)
		o->time_ns = cur_u64(&c);
	if (st & PERF_SAMPLE_ID)
		o->id = cur_u64(&c);
	if (st & PERF_SAMPLE_STREAM_ID)
		(void)cur_u64(&c);
	if (st & PERF_SAMPLE_CPU)
		cur_u32x2(&c, &o->cpu, &dummy);
	if (st & PERF_SAMPLE_IDENTIFIER)
		o->id = cur_u64(&c);
	return (int)(n * 8);
}

/* A NUL-terminated string inside [p, end), or NULL. */
static const char *record_string(const unsigned char *p, const unsigned char *end)
{
	if (p >= end || !memchr(p, 0, (size_t)(end - p)))
		return NULL;
	return (const char *)p;
}

int perf_rec_parse(const struct perf_event_header *h, uint64_t st, struct perf_rec *o)
{
	return perf_rec_parse_user(h, st, 0, o);
}

int perf_rec_parse_user(const struct perf_event_header *h, uint64_t st, uint64_t regs_mask,
			struct perf_rec *o)
{
	memset(o, 0, sizeof *o);
	o->type = h->type;
	o->misc = h->misc;
	const unsigned char *body = (const unsigned char *)(h + 1);
	const unsigned char *end = (const unsigned char *)h + h->size;
	struct cursor c = { body, end, 0 };
	uint32_t dummy;

	if (h->type == PERF_RECORD_SAMPLE) {
		if (st & PERF_SAMPLE_IDENTIFIER)
			o->id = cur_u64(&c);
		if (st & PERF_SAMPLE_IP)
			o->ip = cur_u64(&c);
		if (st & PERF_SAMPLE_TID)
			cur_u32x2(&c, &o->pid, &o->tid);
		if (st & PERF_SAMPLE_TIME)
			o->time_ns = cur_u64(&c);
		if (st & PERF_SAMPLE_ADDR)
			(void)cur_u64(&c);
		if (st & PERF_SAMPLE_ID)
			o->id = cur_u64(&c);
		if (st & PERF_SAMPLE_STREAM_ID)
			(void)cur_u64(&c);
		if (st & PERF_SAMPLE_CPU)
			cur_u32x2(&c, &o->cpu, &dummy);
		if (st & PERF_SAMPLE_PERIOD)
			o->period = cur_u64(&c);
		/* READ (its layout depends on read_format) would come first: no chain then */
		if ((st & PERF_SAMPLE_CALLCHAIN) && !(st & PERF_SAMPLE_READ)) {
			o->callchain_nr = cur_u64(&c);
			if (c.bad || o->callchain_nr > (uint64_t)(c.end - c.p) / 8)
				return -EINVAL;
			o->callchain = c.p;
			c.p += o->callchain_nr * 8;
		}
		if (st & PERF_SAMPLE_RAW) {
			if (c.p + 4 > c.end)
				return -EINVAL;
			uint32_t sz;
			memcpy(&sz, c.p, 4);
			if (c.p + 4 + sz > c.end)
				return -EINVAL;
			o->raw = c.p + 4;
			o->raw_size = sz;
			c.p += 4 + sz;
		}
		if (st & PERF_SAMPLE_BRANCH_STACK)
			return c.bad ? -EINVAL : 0; /* not asked for: nothing after it is read */
		if (st & PERF_SAMPLE_REGS_USER) {
			o->regs_abi = cur_u64(&c);
			if (o->regs_abi) {
				o->regs_n = (uint32_t)__builtin_popcountll(regs_mask);
				if (c.bad || o->regs_n > (uint64_t)(c.end - c.p) / 8)
					return -EINVAL;
				o->regs_user = c.p;
				c.p += o->regs_n * 8;
			}
		}
		if (st & PERF_SAMPLE_STACK_USER) {
			uint64_t size = cur_u64(&c);
			if (size) {
				if (c.bad || size > (uint64_t)(c.end - c.p) || (uint64_t)(c.end - c.p) - size < 8)
					return -EINVAL;
				o->stack_user = c.p;
				c.p += size;
				o->stack_user_size = cur_u64(&c);
				if (o->stack_user_size > size)
					return -EINVAL;
			}
		}
		return c.bad ? -EINVAL : 0;
	}

	int trailer = parse_sample_id(h, st, o);
	if (trailer < 0)
		return trailer;
	end -= trailer;
	c.end = end;
	switch (h->type) {
	case PERF_RECORD_MMAP:
	case PERF_RECORD_MMAP2:
		cur_u32x2(&c, &o->pid, &o->tid);
		o->addr = cur_u64(&c);
		o->len = cur_u64(&c);
		o->pgoff = cur_u64(&c);
		if (h->type == PERF_RECORD_MMAP2) {
			if (c.p + 24 + 8 > c.end)
				return -EINVAL;
			if (h->misc & PERF_RECORD_MISC_MMAP_BUILD_ID) {
				o->build_id_size = c.p[0] > 20 ? 20 : c.p[0];
				memcpy(o->build_id, c.p + 4, o->build_id_size);
			} else {
				memcpy(&o->maj, c.p, 4);
				memcpy(&o->min, c.p + 4, 4);
				memcpy(&o->ino, c.p + 8, 8);
				memcpy(&o->ino_generation, c.p + 16, 8);
			}
			c.p += 24;
			cur_u32x2(&c, &o->prot, &o->flags);
		}
		o->filename = record_string(c.p, end);
		if (!o->filename)
			return -EINVAL;
		break;
	case PERF_RECORD_COMM:
		cur_u32x2(&c, &o->pid, &o->tid);
		o->comm = record_string(c.p, end);
		if (!o->comm)
			return -EINVAL;
		break;
	case PERF_RECORD_FORK:
	case PERF_RECORD_EXIT:
		cur_u32x2(&c, &o->pid, &o->ppid);
		cur_u32x2(&c, &o->tid, &o->ptid);
		o->time_ns = cur_u64(&c);
		break;
	case PERF_RECORD_LOST:
		o->id = cur_u64(&c);
		o->lost = cur_u64(&c);
		break;
	case PERF_RECORD_LOST_SAMPLES:
		o->lost = cur_u64(&c);
		break;
	case PERF_RECORD_THROTTLE:
	case PERF_RECORD_UNTHROTTLE:
		o->time_ns = cur_u64(&c);
		o->id = cur_u64(&c);
		break;
	default:
		break;
	}
	return c.bad ? -EINVAL : 0;
}

size_t perf_rec_callchain(const struct perf_rec *r, uint64_t *pc, size_t max)
{
	size_t n = 0;
	uint64_t ip;
	int leaf = 1;
	if (!r->callchain || !max)
		return 0;
	for (uint64_t k = 0; k < r->callchain_nr && n < max; k++) {
		memcpy(&ip, (const unsigned char *)r->callchain + k * 8, 8);
		if (ip >= (uint64_t)PERF_CONTEXT_MAX)
			continue; /* PERF_CONTEXT_KERNEL / USER / ... */
		if (leaf && ip != r->ip)
			pc[n++] = r->ip; /* a chain that starts elsewhere (should not happen) */
		if (n < max)
			pc[n++] = leaf ? ip : ip - 1;
		leaf = 0;
	}
	for (size_t a = 0, b = n ? n - 1 : 0; a < b; a++, b--) {
		uint64_t t = pc[a];
		pc[a] = pc[b];
		pc[b] = t;
	}
	return n;
}
