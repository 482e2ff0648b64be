/*
 * collect_opts.h — the options `robin record` and `robin daemon` share (--db, --freq, --event,
 * --path, --mmap-pages, --agg-entries, --overflow-entries, --db-mode) and the event choice
 * they imply. Entry points: collect_opts_init, collect_opts_parse, collect_opts_events.
 */
#ifndef ROBIN_COLLECT_COLLECT_OPTS_H
#define ROBIN_COLLECT_COLLECT_OPTS_H

#include <stddef.h>
#include <sys/types.h>

#include "collect/collector.h"
#include "collect/perf_sys.h"

struct collect_opts {
	const char *db;            /* --db (NULL: profile_db_default_path) */
	unsigned freq_hz;          /* --freq, samples per second per CPU (default 1000) */
	const char *event;         /* --event list, NULL = automatic */
	int path;                  /* --path auto|bpf|ring */
	unsigned mmap_pages;       /* --mmap-pages */
	unsigned agg_entries;      /* --agg-entries */
	unsigned overflow_entries; /* --overflow-entries */
	mode_t db_mode;            /* --db-mode (octal), default 0600 */
	unsigned rearm_ms;         /* --rearm-ms, period re-randomisation interval */
	unsigned drain_ms;         /* --drain-ms: read rings only this often (no wakeups) */
	int call_graph;            /* enum collect_call_graph: -g / --call-graph fp|dwarf */
	unsigned stack_user_bytes; /* --call-graph dwarf,SIZE: user stack copied per sample */
	int mmap_pages_given;      /* --mmap-pages was given (dwarf otherwise uses more) */
	int off_cpu;               /* --off-cpu: also record blocked time (event off-cpu) */
};

enum collect_call_graph {
	COLLECT_CALL_GRAPH_NONE = 0,
	COLLECT_CALL_GRAPH_FP = 1,     /* frame pointers: PERF_SAMPLE_CALLCHAIN */
	COLLECT_CALL_GRAPH_DWARF = 2,  /* user stack copies unwound with DWARF CFI (elf_unwind.h) */
};

#define COLLECT_DWARF_STACK_DEFAULT 8192u  /* bytes of user stack per sample, as perf */
#define COLLECT_DWARF_STACK_MAX 65528u     /* a sample record's size is 16 bits */
#define COLLECT_DWARF_MMAP_PAGES 256u      /* ring pages per CPU with dwarf stacks (1 MiB) */

#define COLLECT_OPTS_HELP \
	"  --db FILE            profile database (default $ROBIN_DB or ./robin.db), created 0600\n" \
	"  --db-mode MODE       permissions of a newly created database (octal, default 0600)\n" \
	"  --freq HZ            samples per second per CPU (default 1000)\n" \
	"  --event LIST         events, e.g. cpu-clock, cycles:pp,instructions, ibs-op\n" \
	"                       (default: the most precise source the host offers)\n" \
	"  --path auto|bpf|ring aggregate in the kernel with BPF, or read every sample (default auto)\n" \
	"  --mmap-pages N       ring buffer data pages per CPU, a power of two (default 64)\n" \
	"  --agg-entries N      aggregation table entries per CPU (default 16384)\n" \
	"  --overflow-entries N overflow buffer entries per CPU (default 8192)\n" \
	"  --rearm-ms N         re-randomise sampling periods every N ms (default 10, 0 = never)\n" \
	"  --drain-ms N         read the rings only every N ms instead of on wakeups (testing)\n" \
	"  -g, --call-graph fp  keep every sample's call stack (frame pointers; on the BPF path\n" \
	"                       counted by id in a kernel stack map, else PERF_SAMPLE_CALLCHAIN)\n" \
	"  --call-graph dwarf[,SIZE]  call stacks of programs without frame pointers: SIZE bytes\n" \
	"                       of user stack (default 8192) and the registers copied per sample,\n" \
	"                       unwound with the files' DWARF CFI after reading (x86-64; ring\n" \
	"                       path; 256 ring pages per CPU unless --mmap-pages)\n" \
	"  --off-cpu            also record the time threads spend blocked (sleep, I/O, locks;\n" \
	"                       not preemption) as event off-cpu, in microseconds, from every\n" \
	"                       context switch; with -g the stack where each thread blocked\n" \
	"                       (kernel frames; user frames by frame pointers, the first ones\n" \
	"                       unwound with DWARF CFI); needs kernel sampling (root, CAP_PERFMON\n" \
	"                       or perf_event_paranoid <= 1). See where threads wait with\n" \
	"                       robin prof --event off-cpu --children (docs/offcpu.md)\n"

void collect_opts_init(struct collect_opts *o);

/* If argv[*i] is one of the shared options, consume it (and its value), advance *i and return
 * 1; return 0 if it is not; -EINVAL with one line in err for a bad value. */
int collect_opts_parse(struct collect_opts *o, int argc, char **argv, int *i, char *err,
		       size_t err_size);

/* Fill the collector config's events from --event or the automatic choice; `why` gets the
 * line to report ("cpu-clock: no hardware PMU ..."). */
int collect_opts_events(const struct collect_opts *o, struct collector_config *cfg, char *why,
			size_t why_size) __attribute__((warn_unused_result));

#endif
