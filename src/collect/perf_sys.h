/*
 * perf_sys.h — the host's sampling sources: the perf_event_open system call, the events robin
 * knows by name (cpu-clock, cycles, instructions, ..., ibs-op, ibs-fetch) and the automatic
 * choice of the most precise source the host offers (IBS op, then precise cycles, then
 * generic cycles, then the software cpu-clock). Entry points: perf_sys_open,
 * perf_sys_select, perf_sys_parse, perf_sys_random_period.
 */
#ifndef ROBIN_COLLECT_PERF_SYS_H
#define ROBIN_COLLECT_PERF_SYS_H

#include <linux/perf_event.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define PERF_SYS_MAX_EVENTS 8      /* sampling events per CPU */
#define PERF_SYS_NAME_MAX 32

/* What robin asks the kernel for in every sample; the record parser depends on this order. */
#define PERF_SYS_SAMPLE_TYPE (PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID | \
			      PERF_SAMPLE_TIME | PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD)

enum perf_sys_kind {
	PERF_SYS_CLOCK,   /* software timer: period in nanoseconds */
	PERF_SYS_COUNTER, /* hardware counter: period in events */
	PERF_SYS_IBS_OP,  /* AMD IBS op sampling: period in ops (or cycles), raw data decoded */
	PERF_SYS_IBS_FETCH,
	PERF_SYS_OFFCPU,  /* off-CPU time (--off-cpu): a sample at every context switch, paired
	                     with the switch records; period = ns per stored unit (1000: µs) */
};

/* One sampling event: the profile database's event name, the perf attr template and the mean
 * sampling period (ns for clocks, events otherwise). */
struct perf_sys_event {
	char name[PERF_SYS_NAME_MAX];   /* "cpu-clock", "cycles", "ibs-op", ... */
	enum perf_sys_kind kind;
	struct perf_event_attr attr;    /* type, config, precise_ip, exclude_*, sample_type */
	uint64_t period;                /* mean period; randomised around it */
	int precise;                    /* precise_ip used (0-3) */
};

/* The raw system call; returns the fd or -errno. */
int perf_sys_open(struct perf_event_attr *attr, pid_t pid, int cpu, int group_fd,
		  unsigned long flags);

/* Parse a comma-separated event list ("cpu-clock", "cycles:pp,instructions", "ibs-op") into
 * `ev` (max PERF_SYS_MAX_EVENTS) with mean periods derived from freq_hz. Unknown names or
 * sources the host lacks give -EINVAL/-ENOENT with one line in `err`. */
int perf_sys_parse(const char *list, unsigned freq_hz, struct perf_sys_event *ev, size_t *n,
		   char *err, size_t err_size);

/* Choose the most precise source the host offers (IBS op; precise cycles; cycles; cpu-clock),
 * probing with a real perf_event_open on this process. Fills ev[0], *n = 1, and a one-line
 * reason (e.g. "cpu-clock: no hardware PMU (no /sys/bus/event_source/devices/cpu)"). */
int perf_sys_select(unsigned freq_hz, struct perf_sys_event *ev, size_t *n, char *why,
		    size_t why_size);

/* The next sampling period: uniform in [mean - mean/32, mean + mean/32] (a window of 1/16 of
 * the mean, like DCPI's 60K-64K cycles), from the xorshift state *seed. IBS periods are kept
 * multiples of 16 as the hardware requires. */
uint64_t perf_sys_random_period(const struct perf_sys_event *ev, uint64_t *seed);

#define PERF_SYS_OFFCPU_UNIT_NS 1000u /* off-cpu counts are microseconds blocked */

/* The off-CPU event (`--off-cpu`): the software context-switch event sampled at every switch
 * (period 1; the sample is taken as the task switches out, with its stack) with
 * attr.context_switch, so that the kernel also writes PERF_RECORD_SWITCH(_CPU_WIDE) records
 * (switch-out flagged as preemption or not, and switch-in). Named "off-cpu", period
 * PERF_SYS_OFFCPU_UNIT_NS (the collector stores blocked time in microseconds). */
void perf_sys_offcpu(struct perf_sys_event *ev);

/* Apply exclude_kernel / exclude_hv to all events (per-user mode under perf_event_paranoid). */
void perf_sys_user_only(struct perf_sys_event *ev, size_t n);

/* /proc/sys/kernel/perf_event_paranoid, or 99 if unreadable. */
int perf_sys_paranoid(void);

/* Number of possible CPUs (cpu ids are 0..n-1). */
int perf_sys_ncpus(void);

#endif
