/*
 * agg.bpf.c — DCPI's per-CPU aggregating sample table (002_767b26a0b68559db.txt §4.2) as a BPF
 * program attached to every CPU's sampling event. Each sample is counted into a 4-way bucket
 * of (process, pc, event) entries in a per-CPU array; a miss evicts one entry (mod-4 counter)
 * into the "agg_overflow" ring buffer. The table has two halves: the daemon flips agg_ctl.gen
 * and drains the idle half, which replaces DCPI's IPI-protected flush flag. Returning 0 keeps
 * the sample out of the perf ring buffer: only aggregated entries reach user space. With -g
 * (robin_agg_stacks) each sample's user and kernel stacks are also kept by id in a stack map and
 * counted per (process, event, stacks) in a hash, in halves flipped with the table's.
 * Built with clang -target bpf at build time and embedded in robin (bpf_obj.c).
 */
#include <linux/bpf.h>
#include <linux/bpf_perf_event.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>

#include "agg_shared.h"

/* The task fields robin reads; libbpf relocates their offsets against the running kernel's
 * BTF (CO-RE), so one object works on every kernel with BTF. */
struct task_struct {
	struct task_struct *group_leader;
	__u64 start_time;
	__u64 self_exec_id;
	__u64 parent_exec_id;
} __attribute__((preserve_access_index));

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__type(key, __u32);
	__type(value, struct agg_bpf_bucket);
	__uint(max_entries, 2);              /* set by the loader: 2 halves x buckets */
} agg_table SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__type(key, __u32);
	__type(value, struct agg_bpf_ctl);
	__uint(max_entries, 1);
} agg_ctl SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__type(key, __u32);
	__type(value, struct agg_bpf_stats);
	__uint(max_entries, 1);
} agg_stats SEC(".maps");

/* -g: call stacks, in two halves flipped with the table's (agg_ctl.gen) */
struct {
	__uint(type, BPF_MAP_TYPE_STACK_TRACE);
	__uint(key_size, sizeof(__u32));
	__uint(value_size, AGG_BPF_STACK_DEPTH * sizeof(__u64));
	__uint(max_entries, AGG_BPF_STACK_IDS);
} agg_stack_ids0 SEC(".maps"), agg_stack_ids1 SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__type(key, struct agg_bpf_stack_key);
	__type(value, __u64);
	__uint(max_entries, AGG_BPF_STACK_COUNTS);
} agg_stack_counts SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 1 << 20);        /* set by the loader */
} agg_overflow SEC(".maps");

static __always_inline __u64 sample_pc(struct bpf_perf_event_data *ctx)
{
#if defined(__TARGET_ARCH_x86)
	return ctx->regs.rip;
#elif defined(__TARGET_ARCH_arm64)
	return ctx->regs.pc;
#else
	return 0;
#endif
}

/* One sample into the table (and, for robin_agg_stacks, its stacks into the stack maps). */
static __always_inline int agg_sample(struct bpf_perf_event_data *ctx, const int stacks)
{
	__u32 zero = 0;
	struct agg_bpf_stats *st = bpf_map_lookup_elem(&agg_stats, &zero);
	struct agg_bpf_ctl *ctl = bpf_map_lookup_elem(&agg_ctl, &zero);
	if (!st || !ctl)
		return 1; /* cannot aggregate: let perf deliver the sample */
	__sync_fetch_and_add(&st->seq, 1);
	/* one half for the sample's stack count and its flat entry: read twice, a flip between
	 * the reads put the stack in the half the daemon drained first and the flat entry in the
	 * next, and a stack whose leaf's image had no flat count yet failed the database's
	 * write (e2e 658, rarely) */
	const __u32 gen = ctl->gen & 1;

	__u64 pc = sample_pc(ctx);
	__u32 tgid = (__u32)(bpf_get_current_pid_tgid() >> 32);
	__u64 start_ns = 0;
	__u32 exec_seq = 0;
	if (tgid) {
		struct task_struct *task = (struct task_struct *)bpf_get_current_task();
		struct task_struct *leader = BPF_CORE_READ(task, group_leader);
		start_ns = BPF_CORE_READ(leader, start_time);
		exec_seq = (__u32)(BPF_CORE_READ(leader, self_exec_id) -
				   BPF_CORE_READ(leader, parent_exec_id));
	}
	if (stacks) {
		/* the stacks of the sample (kernel part only when it is in the kernel) by id,
		 * counted per process: Parca's agent keeps its stacks the same way */
		struct agg_bpf_stack_key k = { 0 };
		k.start_ns = start_ns;
		k.tgid = tgid;
		k.seq_event = (__u32)bpf_get_attach_cookie(ctx) << AGG_BPF_EVENT_SHIFT |
			      (exec_seq & AGG_BPF_SEQ_MASK);
		k.gen = gen;
		k.kstack = -1;
		if (gen) {
			k.ustack = (__s32)bpf_get_stackid(ctx, &agg_stack_ids1, BPF_F_USER_STACK);
			if (pc >> 63)
				k.kstack = (__s32)bpf_get_stackid(ctx, &agg_stack_ids1, 0);
		} else {
			k.ustack = (__s32)bpf_get_stackid(ctx, &agg_stack_ids0, BPF_F_USER_STACK);
			if (pc >> 63)
				k.kstack = (__s32)bpf_get_stackid(ctx, &agg_stack_ids0, 0);
		}
		__u64 *n = bpf_map_lookup_elem(&agg_stack_counts, &k);
		if (n) {
			__sync_fetch_and_add(n, 1);
		} else {
			__u64 one = 1;
			if (bpf_map_update_elem(&agg_stack_counts, &k, &one, BPF_NOEXIST)) {
				n = bpf_map_lookup_elem(&agg_stack_counts, &k); /* another CPU's */
				if (n)
					__sync_fetch_and_add(n, 1);
				else
					st->stacks_lost++;
			}
		}
		if ((k.ustack < 0 && k.kstack < 0) || (k.kstack < 0 && (pc >> 63)))
			st->stacks_lost++;
	}
	if (pc >> 63) { /* kernel: one context for every process, as the daemon resolves it */
		tgid = 0;
		start_ns = 0;
		exec_seq = 0;
	}
	__u32 event = (__u32)bpf_get_attach_cookie(ctx);
	__u32 seq_event = event << AGG_BPF_EVENT_SHIFT | (exec_seq & AGG_BPF_SEQ_MASK);

	__u64 h = pc * 0x9e3779b97f4a7c15ull ^ (start_ns + tgid + seq_event) * 0xc2b2ae3d27d4eb4full;
	h ^= h >> 29;
	__u32 idx = (__u32)(h & ctl->mask) + gen * (ctl->mask + 1);
	struct agg_bpf_bucket *b = bpf_map_lookup_elem(&agg_table, &idx);
	st->samples++;
	if (!b)
		goto out;

	int empty = -1;
#pragma unroll
	for (int i = 0; i < AGG_BPF_WAYS; i++) {
		struct agg_bpf_entry *e = &b->e[i];
		if (e->count && e->pc == pc && e->tgid == tgid && e->start_ns == start_ns &&
		    e->seq_event == seq_event && e->count != 0xffffffffu) {
			e->count++;
			st->hits++;
			goto out;
		}
		if (!e->count && empty < 0)
			empty = i;
	}
	if (empty < 0) {
		empty = (int)(st->evict_ctr++ & (AGG_BPF_WAYS - 1));
		st->evictions++;
		struct agg_bpf_entry *victim = &b->e[empty & 3];
		if (bpf_ringbuf_output(&agg_overflow, victim, sizeof *victim, 0))
			st->lost += victim->count;
	}
	struct agg_bpf_entry *e = &b->e[empty & 3];
	e->pc = pc;
	e->start_ns = start_ns;
	e->tgid = tgid;
	e->seq_event = seq_event;
	e->count = 1;
out:
	__sync_fetch_and_add(&st->seq, 1);
	return 0;
}

/* Two programs: a program that calls bpf_get_stackid may not be attached to a precise event
 * without PERF_SAMPLE_CALLCHAIN, so the flat one never calls it. */
SEC("perf_event")
int robin_agg(struct bpf_perf_event_data *ctx)
{
	return agg_sample(ctx, 0);
}

SEC("perf_event")
int robin_agg_stacks(struct bpf_perf_event_data *ctx)
{
	return agg_sample(ctx, 1);
}

char LICENSE[] SEC("license") = "GPL";
