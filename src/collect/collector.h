/*
 * collector.h — one collection session on perf_event_open: the sampling events on every CPU
 * (for one command and its children, for the whole system, or for one user's processes), a
 * low-rate tracking stream of MMAP2/COMM/FORK/EXIT records per CPU, the DCPI aggregation of
 * (process, pc, event) -> count per CPU — in the kernel with a BPF program where the host
 * allows it, else in user space over the perf ring buffers — and the image maps that turn
 * every aggregated entry into (image, offset) for a sink (the profile database writer).
 * Entry points: collector_open, collector_enable, collector_poll, collector_flush,
 * collector_stats, collector_close.
 */
#ifndef ROBIN_COLLECT_COLLECTOR_H
#define ROBIN_COLLECT_COLLECTOR_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "collect/perf_sys.h"
#include "collect/procmap.h"

#define COLLECTOR_MAX_CPUS 1024

enum collector_mode {
	COLLECTOR_TASK,    /* one process and its descendants (robin record) */
	COLLECTOR_SYSTEM,  /* every process on every CPU (pid = -1) */
	COLLECTOR_USER,    /* the processes of one user, followed through fork */
};

enum collector_path_kind {
	COLLECTOR_PATH_AUTO = -1,
	COLLECTOR_PATH_RING = 0,  /* read every sample from the perf rings, aggregate here */
	COLLECTOR_PATH_BPF = 1,   /* aggregate in the kernel (bpf/agg.bpf.c) */
};

/* Where resolved counts go. image NULL = the pc mapped to no image (offset = raw pc). */
struct collector_sink {
	void *arg;
	int (*add)(void *arg, unsigned event, struct cimage *image, uint64_t offset,
		   uint64_t count);
	/* detail rows (IBS fields); kind is a detail-kind name ("event_bits", "latency", ...) */
	int (*add_detail)(void *arg, unsigned event, struct cimage *image, uint64_t offset,
			  const char *kind, int64_t key, uint64_t count, double value);
	/* one sample's call stack (-g; NULL: stacks are dropped): n frames, outermost first, the
	 * sampled instruction last (the same image and offset as its add); a NULL image = an
	 * unknown address (offset = raw address); valid during the call */
	int (*add_stack)(void *arg, unsigned event, struct cimage *const *image,
			 const uint64_t *offset, size_t n, uint64_t count);
};

struct collector_config {
	enum collector_mode mode;
	pid_t pid;                 /* COLLECTOR_TASK: the process to follow */
	uid_t uid;                 /* COLLECTOR_USER */
	pid_t skip_pid;            /* COLLECTOR_USER: a process of the user not to follow (the
	                              command that started the collector waits for it) */
	struct perf_sys_event events[PERF_SYS_MAX_EVENTS];
	size_t n_events;
	unsigned mmap_pages;       /* data pages per CPU ring, a power of two (default 64) */
	unsigned agg_entries;      /* entries of each CPU's table (default 16384) */
	unsigned overflow_entries; /* entries of each overflow buffer (default 8192) */
	int path;                  /* enum collector_path_kind */
	int enable_on_exec;        /* COLLECTOR_TASK: counting starts at the target's exec */
	unsigned rearm_ms;         /* re-randomise sampling periods this often (0: never) */
	unsigned drain_ms;         /* 0: wake up when a ring is a quarter full; else read the rings
	                              only every drain_ms (tests force ring overflow with it) */
	uint64_t seed;
	struct collector_sink sink;
};

struct collector_stats {
	const char *path;              /* "bpf" or "ring" */
	char path_why[256];            /* why this path (e.g. why BPF was not used) */
	int ncpus;
	uint64_t samples;              /* samples taken (aggregated + lost are separate) */
	uint64_t samples_cpu[COLLECTOR_MAX_CPUS > 64 ? 64 : COLLECTOR_MAX_CPUS];
	uint64_t lost;                 /* samples the kernel could not deliver (ring full) */
	uint64_t lost_overflow;        /* BPF overflow entries lost (ring buffer full), in samples */
	uint64_t throttled;            /* PERF_RECORD_THROTTLE records */
	uint64_t unknown;              /* samples resolved to no image */
	uint64_t kernel;               /* samples in the kernel */
	uint64_t agg_hits;             /* samples that found their table entry */
	uint64_t agg_evictions;
	uint64_t entries_out;          /* aggregated entries handed to the daemon */
	uint64_t records;              /* ring records read */
	uint64_t tracking;             /* MMAP/COMM/FORK/EXIT records */
	uint64_t parse_errors;
	uint64_t user_attached;        /* user mode: processes given their own events */
	uint64_t user_detached;        /* user mode: event sets closed (all their tasks gone) */
	size_t user_tasks;             /* user mode: tasks followed now */
	uint64_t stacks;               /* call stacks handed to the sink (-g) */
	uint64_t stacks_lost;          /* -g on the BPF path: samples whose stack the kernel's
	                                  maps could not keep */
	uint64_t unwound;              /* --call-graph dwarf: samples unwound from stack copies */
	uint64_t unwound_leaf_only;    /* ... of which gave the sampled pc alone */
	uint64_t unwound_frames;       /* user frames they gave */
	uint64_t offcpu_switches;      /* --off-cpu: context-switch samples read */
	uint64_t offcpu_waits;         /* ... waits charged (switch-out paired with switch-in) */
	uint64_t offcpu_preempted;     /* ... switch-outs dropped as preemption (runnable) */
	uint64_t offcpu_ns;            /* ... blocked time charged, ns */
	size_t memory_bytes;           /* tables, rings excluded */
	struct procmap_stats maps;
};

struct collector;

/* Open and map everything (events start disabled unless enable_on_exec). `err` gets one line
 * on failure: for -EACCES it explains perf_event_paranoid and CAP_PERFMON. */
int collector_open(const struct collector_config *cfg, struct collector **out, char *err,
		   size_t err_size) __attribute__((warn_unused_result));

/* Scan /proc for the processes the session covers (system / user modes). */
int collector_scan(struct collector *c) __attribute__((warn_unused_result));

/* User mode: scan /proc for the user's processes started since the last scan and not followed
 * through inheritance, open their events (counting at once if the session is enabled), and
 * close the events of processes that are gone. Other modes: nothing. */
int collector_rescan(struct collector *c, char *err, size_t err_size)
	__attribute__((warn_unused_result));

/* Start counting (PERF_EVENT_IOC_ENABLE on every event). */
int collector_enable(struct collector *c) __attribute__((warn_unused_result));
int collector_disable(struct collector *c);

/* Wait up to timeout_ms for data, then read every ring (and the BPF overflow buffer),
 * re-randomising sampling periods when due. Returns 0, or -EINTR if a signal arrived. */
int collector_poll(struct collector *c, int timeout_ms);

/* Read everything pending, then hand every aggregated count to the sink and empty the tables;
 * processes that exited before this point are forgotten. */
int collector_flush(struct collector *c) __attribute__((warn_unused_result));

void collector_stats(const struct collector *c, struct collector_stats *st);

/* Index of the event a profile is about (0..n_events-1): the configured events. */
const struct perf_sys_event *collector_event(const struct collector *c, unsigned i);

/* The fds to wait on for data (for a caller's own poll loop); returns the count. */
size_t collector_pollfds(const struct collector *c, int *fds, size_t max);

void collector_close(struct collector *c);

#endif
