/*
 * bpf_agg.h — the kernel side of DCPI aggregation on this host: loads the embedded BPF program
 * (bpf/agg.bpf.c) with libbpf, attaches it to sampling events (the event index travels as the
 * BPF cookie), consumes the overflow ring buffer and drains the per-CPU tables by flipping
 * between their two halves. Entry points: bpf_agg_open, bpf_agg_attach, bpf_agg_consume,
 * bpf_agg_drain, bpf_agg_stats, bpf_agg_close.
 */
#ifndef ROBIN_COLLECT_BPF_AGG_H
#define ROBIN_COLLECT_BPF_AGG_H

#include <stddef.h>
#include <stdint.h>

#include "collect/bpf/agg_shared.h"

extern const unsigned char collect_bpf_obj[];
extern const unsigned char collect_bpf_obj_end[];

struct bpf_agg;

struct bpf_agg_totals {
	uint64_t samples, hits, evictions, lost;
	uint64_t stacks_lost;      /* -g: samples whose stack the maps could not keep */
	uint64_t samples_cpu[64];
};

typedef void (*bpf_agg_fn)(void *arg, const struct agg_bpf_entry *e);

/* One counted stack: the kernel's frames (leaf first; nk = 0 for a sample in user mode) and
 * the user frames (leaf first: the interrupted user pc, then return addresses). */
typedef void (*bpf_agg_stack_fn)(void *arg, const struct agg_bpf_stack_key *k, uint64_t count,
				 const uint64_t *kip, size_t nk, const uint64_t *uip, size_t nu);

/* Load the program with `entries` table entries per CPU per half and an overflow ring of
 * `ring_bytes` (a power of two >= 4096); the stack maps get their size only when `stacks`
 * (-g: bpf_agg_stacks follows), else one entry each. On failure `why` says what the host
 * refused. */
int bpf_agg_open(unsigned entries, unsigned ring_bytes, int stacks, struct bpf_agg **out,
		 char *why, size_t why_size) __attribute__((warn_unused_result));

/* Attach to a sampling event fd; samples of it carry `event` in their entries. */
int bpf_agg_attach(struct bpf_agg *b, int perf_fd, unsigned event)
	__attribute__((warn_unused_result));

/* -g: count every sample's call stacks in the kernel too (frame pointers, bpf_get_stackid:
 * the program robin_agg_stacks); each drain then hands them to fn. Call before any attach.
 * 0 or -ENOENT. */
int bpf_agg_stacks(struct bpf_agg *b, bpf_agg_stack_fn fn, void *arg)
	__attribute__((warn_unused_result));

/* An fd that becomes readable when overflow entries are waiting (for poll). */
int bpf_agg_poll_fd(const struct bpf_agg *b);

/* Hand every waiting overflow entry to fn. */
int bpf_agg_consume(struct bpf_agg *b, bpf_agg_fn fn, void *arg);

/* Flip the table halves, wait until no CPU still writes the old half, and hand every entry
 * of it to fn, zeroing it (and, with bpf_agg_stacks, every stack of that half to its fn). */
int bpf_agg_drain(struct bpf_agg *b, bpf_agg_fn fn, void *arg) __attribute__((warn_unused_result));

/* Counters summed over CPUs (and per CPU for the first 64). */
int bpf_agg_stats(struct bpf_agg *b, struct bpf_agg_totals *t);

/* Kernel memory held by the maps, in bytes. */
size_t bpf_agg_memory_bytes(const struct bpf_agg *b);

void bpf_agg_close(struct bpf_agg *b);

#endif
