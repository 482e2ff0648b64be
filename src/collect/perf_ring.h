/*
 * perf_ring.h — one mmap'd perf ring buffer (the meta page plus 2^n data pages) and the
 * records in it. The kernel writes at data_head, robin reads from data_tail: data_head is
 * loaded with acquire ordering before reading records, data_tail stored with release ordering
 * after they are consumed, as perf_event_open(2) requires. A record that wraps around the end
 * of the buffer is copied into a scratch area so callers always see it contiguous.
 * Entry points: perf_ring_map, perf_ring_begin / peek / consume / end, perf_rec_parse.
 */
#ifndef ROBIN_COLLECT_PERF_RING_H
#define ROBIN_COLLECT_PERF_RING_H

#include <linux/perf_event.h>
#include <stddef.h>
#include <stdint.h>

struct perf_ring {
	int fd;
	int cpu;
	struct perf_event_mmap_page *meta;
	unsigned char *data;
	uint64_t data_size;        /* bytes, a power of two */
	size_t map_size;           /* bytes mapped, meta page included */
	uint64_t head;             /* snapshot of data_head for this drain */
	uint64_t tail;             /* our read position */
	uint32_t cur_size;         /* size of the record last returned by peek */
	unsigned char *scratch;    /* holds a wrapped record (64 KiB: the largest record) */
};

/* Map the ring of perf event `fd` with `data_pages` (a power of two) data pages. */
int perf_ring_map(struct perf_ring *r, int fd, int cpu, unsigned data_pages)
	__attribute__((warn_unused_result));

/* Unmap and close the fd (a zeroed ring is fine). */
void perf_ring_unmap(struct perf_ring *r);

/* Snapshot data_head (acquire). */
void perf_ring_begin(struct perf_ring *r);

/* The next record before the snapshot, contiguous, or NULL when drained (or when a record
 * header is corrupt, which also drops the rest of the snapshot). */
const struct perf_event_header *perf_ring_peek(struct perf_ring *r);

/* Consume the record last returned by peek. */
void perf_ring_consume(struct perf_ring *r);

/* Publish data_tail (release) so the kernel can reuse the space. */
void perf_ring_end(struct perf_ring *r);

/* Bytes written by the kernel and not yet consumed. */
uint64_t perf_ring_pending(const struct perf_ring *r);

/* ---- records ------------------------------------------------------------------------- */

/* One decoded record, for sample_type PERF_SYS_SAMPLE_TYPE (+ PERF_SAMPLE_RAW) with
 * sample_id_all: every record carries pid, tid, time, cpu and the id of its event. */
struct perf_rec {
	uint32_t type;            /* PERF_RECORD_* */
	uint16_t misc;
	uint32_t pid, tid;
	uint64_t time_ns;         /* the events' clock (CLOCK_MONOTONIC: attr.use_clockid) */
	uint32_t cpu;
	uint64_t id;              /* PERF_EVENT_IOC_ID of the event that wrote it */
	/* PERF_RECORD_SAMPLE */
	uint64_t ip, period;
	const void *callchain;    /* PERF_SAMPLE_CALLCHAIN: callchain_nr u64s (leaf first, with
	                             PERF_CONTEXT_* markers), unaligned: read with memcpy;
	                             NULL when PERF_SAMPLE_READ precedes it */
	uint64_t callchain_nr;
	const void *raw;          /* PERF_SAMPLE_RAW payload (IBS registers), or NULL */
	uint32_t raw_size;
	/* PERF_SAMPLE_REGS_USER / STACK_USER (--call-graph dwarf; perf_rec_parse_user) */
	uint64_t regs_abi;        /* PERF_SAMPLE_REGS_ABI_*: NONE = no user registers (kernel
	                             thread) */
	const void *regs_user;    /* regs_n u64s in the order of the mask's bits, unaligned */
	uint32_t regs_n;
	const void *stack_user;   /* stack_user_size bytes copied from the user stack pointer */
	uint64_t stack_user_size; /* the bytes the kernel could copy (dyn_size) */
	/* PERF_RECORD_MMAP / MMAP2 */
	uint64_t addr, len, pgoff;
	uint32_t maj, min, prot, flags;
	uint64_t ino, ino_generation;
	uint8_t build_id[20];
	uint8_t build_id_size;    /* 0: none in the record */
	const char *filename;
	/* PERF_RECORD_COMM */
	const char *comm;
	/* PERF_RECORD_FORK / EXIT */
	uint32_t ppid, ptid;
	/* PERF_RECORD_LOST / LOST_SAMPLES */
	uint64_t lost;
};

/* Decode `h` (sample_type: the events' sample_type). -EINVAL when the record is shorter than
 * its fields. Strings and raw point into the record. */
int perf_rec_parse(const struct perf_event_header *h, uint64_t sample_type, struct perf_rec *out)
	__attribute__((warn_unused_result));

/* As perf_rec_parse for samples that also carry PERF_SAMPLE_REGS_USER (with the attr's
 * sample_regs_user mask) and PERF_SAMPLE_STACK_USER. */
int perf_rec_parse_user(const struct perf_event_header *h, uint64_t sample_type,
			uint64_t regs_user_mask, struct perf_rec *out)
	__attribute__((warn_unused_result));

/* The sample's callchain as addresses to symbolise, outermost first and r->ip last:
 * PERF_CONTEXT_* markers dropped (kernel addresses have bit 63 set), return addresses moved
 * back one byte into their call instruction, as perf does. Returns the count (<= max; 0 when
 * the sample has no chain); deeper chains keep their innermost max frames. */
size_t perf_rec_callchain(const struct perf_rec *r, uint64_t *pc, size_t max);

#endif
