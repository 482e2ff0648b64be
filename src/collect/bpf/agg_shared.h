/*
 * agg_shared.h — the layout shared by the BPF aggregation program (agg.bpf.c) and its loader
 * (bpf_agg.c): one table entry, one 4-way bucket, the control word and the per-CPU counters.
 * Plain linux/types.h types so both the BPF target and the host compiler read it alike.
 */
#ifndef ROBIN_COLLECT_BPF_AGG_SHARED_H
#define ROBIN_COLLECT_BPF_AGG_SHARED_H

#include <linux/types.h>

#define AGG_BPF_WAYS 4
#define AGG_BPF_EVENT_SHIFT 24           /* seq_event = event << 24 | exec_seq (24 bits) */
#define AGG_BPF_SEQ_MASK 0xffffffu

/* (process, pc, event) -> count. A process is (tgid, start time of its leader); exec_seq is
 * the number of execs since its fork, so one process's programs never share an entry. */
struct agg_bpf_entry {
	__u64 pc;
	__u64 start_ns;      /* group leader's task start time, CLOCK_MONOTONIC */
	__u32 tgid;
	__u32 seq_event;
	__u32 count;         /* 0 = empty */
	__u32 pad;
};

struct agg_bpf_bucket {
	struct agg_bpf_entry e[AGG_BPF_WAYS];
};

/* Array map "agg_ctl", one element. */
struct agg_bpf_ctl {
	__u32 gen;           /* which half of the table the program fills (0 or 1) */
	__u32 mask;          /* buckets per half - 1 */
};

#define AGG_BPF_STACK_DEPTH 127          /* frames a stack map entry holds (the kernel's max) */
#define AGG_BPF_STACK_IDS 8192           /* stack map entries per half (-g) */
#define AGG_BPF_STACK_COUNTS 16384       /* (process, stacks) entries, both halves (-g) */

/* Hash map "agg_stack_counts": (process, event, user stack, kernel stack, half) -> samples. The
 * stack ids index the half's stack map (agg_stack_ids0 / agg_stack_ids1); < 0: none (no user
 * stack, or a sample in user mode for kstack). The process is kept for kernel samples too. */
struct agg_bpf_stack_key {
	__u64 start_ns;
	__u32 tgid;
	__u32 seq_event;
	__s32 ustack;
	__s32 kstack;
	__u32 gen;
	__u32 pad;
};

/* Per-CPU array map "agg_stats", one element. */
struct agg_bpf_stats {
	__u64 seq;           /* odd while the program runs on this CPU */
	__u64 samples;
	__u64 hits;
	__u64 evictions;
	__u64 lost;          /* samples in entries the overflow ring buffer could not take */
	__u64 evict_ctr;     /* DCPI's mod-4 replacement counter */
	__u64 stacks_lost;   /* -g: samples whose stack could not be kept (maps full) */
};

#endif
