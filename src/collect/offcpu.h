/*
 * offcpu.h — off-CPU time (`--off-cpu`): pairing each thread's switch-out (a context-switch
 * sample with the stack where it blocked) with its next switch-in, so that the time between
 * them is charged to that stack. A switch-out the kernel flags as preemption (the task was
 * still runnable) is dropped: off-CPU time is blocked time (sleep, I/O, locks, waits), not
 * time spent waiting for a CPU. Times are in ns; charged time goes out in whole units of
 * `unit_ns` with each thread's remainder carried into its next wait, so a thread's total is
 * exact to within one unit. Pure bookkeeping (no perf calls): unit test 661.
 * Entry points: offcpu_init, offcpu_out, offcpu_preempted, offcpu_in, offcpu_forget,
 * offcpu_free.
 */
#ifndef ROBIN_COLLECT_OFFCPU_H
#define ROBIN_COLLECT_OFFCPU_H

#include <stddef.h>
#include <stdint.h>

/* One thread's state; frames are opaque (image, offset) pairs, outermost first, leaf last. */
struct offcpu_thread {
	uint32_t tid;              /* 0: free slot */
	int pending;               /* a switch-out is waiting for its switch-in */
	unsigned event;
	uint64_t out_ns;
	uint64_t carry_ns;         /* time charged but below one unit */
	void **image;
	uint64_t *offset;
	size_t n, cap;
};

struct offcpu_stats {
	uint64_t waits;            /* switch-out/switch-in pairs charged */
	uint64_t preempted;        /* switch-outs dropped as preemption (counted by the caller) */
	uint64_t unpaired;         /* switch-ins without a switch-out (started before us) */
	uint64_t ns;               /* time charged, ns */
};

struct offcpu {
	uint64_t unit_ns;
	struct offcpu_thread *t;   /* open addressing on tid, linear probing, power-of-two size */
	size_t size, used;
	struct offcpu_stats st;
};

/* Charge: n frames (outermost first), count units. Returns non-zero to report an error. */
typedef int (*offcpu_charge_fn)(void *arg, unsigned event, void *const *image,
				const uint64_t *offset, size_t n, uint64_t units);

void offcpu_init(struct offcpu *o, uint64_t unit_ns);

/* Thread tid switched out at time_ns with this stack (copied). -ENOMEM if it cannot be held. */
int offcpu_out(struct offcpu *o, uint32_t tid, unsigned event, uint64_t time_ns,
	       void *const *image, const uint64_t *offset, size_t n)
	__attribute__((warn_unused_result));

/* The kernel said tid's last switch-out was a preemption: nothing is charged for it (a wait
 * still pending is dropped). */
void offcpu_preempted(struct offcpu *o, uint32_t tid);

/* Thread tid switched in at time_ns: its pending wait (if any) is charged through fn.
 * Returns fn's error, else 0. */
int offcpu_in(struct offcpu *o, uint32_t tid, uint64_t time_ns, offcpu_charge_fn fn, void *arg);

/* Thread tid exited: forget it (a wait that never ended is not charged). */
void offcpu_forget(struct offcpu *o, uint32_t tid);

/* Bytes held. */
size_t offcpu_memory(const struct offcpu *o);

void offcpu_free(struct offcpu *o);

#endif
