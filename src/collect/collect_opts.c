/*
 * collect_opts.c — parsing the collection options shared by record and daemon.
 */
#include "collect/collect_opts.h"

#include "collect/collect_unwind.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void collect_opts_init(struct collect_opts *o)
{
	memset(o, 0, sizeof *o);
	o->freq_hz = 1000;
	o->path = COLLECTOR_PATH_AUTO;
	o->mmap_pages = 64;
	o->agg_entries = 16384;
	o->overflow_entries = 8192;
	o->db_mode = 0600;
	o->rearm_ms = 10;
}

static int parse_uint(const char *opt, const char *s, unsigned lo, unsigned hi, unsigned *v,
		      char *err, size_t n)
{
	char *end;
	errno = 0;
	unsigned long x = strtoul(s ? s : "", &end, 0);
	if (!s || !*s || *end || errno || x < lo || x > hi) {
		snprintf(err, n, "%s: expected a number in [%u, %u], got '%s'", opt, lo, hi,
			 s ? s : "");
		return -EINVAL;
	}
	*v = (unsigned)x;
	return 0;
}

int collect_opts_parse(struct collect_opts *o, int argc, char **argv, int *i, char *err,
		       size_t n)
{
	const char *a = argv[*i];
	const char *v = *i + 1 < argc ? argv[*i + 1] : NULL;
	int rc = 0;
	if (!strcmp(a, "--db")) {
		if (!v) {
			snprintf(err, n, "--db: missing file name");
			return -EINVAL;
		}
		o->db = v;
	} else if (!strcmp(a, "-g")) {
		o->call_graph = COLLECT_CALL_GRAPH_FP;
		*i += 1;
		return 1;
	} else if (!strcmp(a, "--off-cpu")) {
		o->off_cpu = 1;
		*i += 1;
		return 1;
	} else if (!strcmp(a, "--call-graph")) {
		if (v && !strcmp(v, "fp")) {
			o->call_graph = COLLECT_CALL_GRAPH_FP;
		} else if (v && (!strcmp(v, "dwarf") || !strncmp(v, "dwarf,", 6))) {
#if !defined(__x86_64__)
			snprintf(err, n, "--call-graph dwarf: robin unwinds x86-64 stacks only; use "
				 "--call-graph fp (-g) with programs built with -fno-omit-frame-pointer");
			return -ENOTSUP;
#endif
			o->call_graph = COLLECT_CALL_GRAPH_DWARF;
			o->stack_user_bytes = COLLECT_DWARF_STACK_DEFAULT;
			if (v[5] == ',') {
				char *end;
				errno = 0;
				unsigned long sz = strtoul(v + 6, &end, 0);
				if (!v[6] || *end || errno || sz < 8 || sz > COLLECT_DWARF_STACK_MAX) {
					snprintf(err, n, "--call-graph dwarf,SIZE: expected a stack size in "
						 "bytes in [8, %u], got '%s'", COLLECT_DWARF_STACK_MAX, v + 6);
					return -EINVAL;
				}
				o->stack_user_bytes = (unsigned)((sz + 7) & ~7ul); /* as perf: u64s */
			}
		} else {
			snprintf(err, n, "--call-graph: expected fp, dwarf or dwarf,SIZE, got '%s'",
				 v ? v : "");
			return -EINVAL;
		}
	} else if (!strcmp(a, "--freq")) {
		rc = parse_uint(a, v, 1, 100000, &o->freq_hz, err, n);
	} else if (!strcmp(a, "--event")) {
		if (!v) {
			snprintf(err, n, "--event: missing event list");
			return -EINVAL;
		}
		o->event = v;
	} else if (!strcmp(a, "--path")) {
		if (v && !strcmp(v, "auto"))
			o->path = COLLECTOR_PATH_AUTO;
		else if (v && !strcmp(v, "bpf"))
			o->path = COLLECTOR_PATH_BPF;
		else if (v && !strcmp(v, "ring"))
			o->path = COLLECTOR_PATH_RING;
		else {
			snprintf(err, n, "--path: expected auto, bpf or ring, got '%s'", v ? v : "");
			return -EINVAL;
		}
	} else if (!strcmp(a, "--mmap-pages")) {
		rc = parse_uint(a, v, 1, 1u << 20, &o->mmap_pages, err, n);
		o->mmap_pages_given = 1;
		if (!rc && (o->mmap_pages & (o->mmap_pages - 1))) {
			snprintf(err, n, "--mmap-pages: %u is not a power of two", o->mmap_pages);
			rc = -EINVAL;
		}
	} else if (!strcmp(a, "--agg-entries")) {
		rc = parse_uint(a, v, 4, 1u << 24, &o->agg_entries, err, n);
	} else if (!strcmp(a, "--overflow-entries")) {
		rc = parse_uint(a, v, 1, 1u << 24, &o->overflow_entries, err, n);
	} else if (!strcmp(a, "--rearm-ms")) {
		rc = parse_uint(a, v, 0, 3600000, &o->rearm_ms, err, n);
	} else if (!strcmp(a, "--drain-ms")) {
		rc = parse_uint(a, v, 0, 3600000, &o->drain_ms, err, n);
	} else if (!strcmp(a, "--db-mode")) {
		char *end;
		unsigned long m = strtoul(v ? v : "", &end, 8);
		if (!v || !*v || *end || m > 0777) {
			snprintf(err, n, "--db-mode: expected octal permissions like 0600, got '%s'",
				 v ? v : "");
			return -EINVAL;
		}
		o->db_mode = (mode_t)m;
	} else {
		return 0;
	}
	if (rc)
		return rc;
	*i += 2;
	return 1;
}

int collect_opts_events(const struct collect_opts *o, struct collector_config *cfg, char *why,
			size_t why_size)
{
	int rc;
	if (o->event) {
		rc = perf_sys_parse(o->event, o->freq_hz, cfg->events, &cfg->n_events, why, why_size);
		if (rc == -ENOENT && strstr(why, "has no ibs_")) {
			/* no IBS here: record with what this host has, and say so in the source line */
			char used[160];
			int fetch = strstr(why, "has no ibs_fetch") != NULL;
			rc = perf_sys_select(o->freq_hz, cfg->events, &cfg->n_events, used, sizeof(used));
			if (!rc)
				snprintf(why, why_size, "%s: this host has no IBS (no %s PMU), so robin "
				         "recorded with %s", fetch ? "ibs-fetch" : "ibs-op",
				         fetch ? "ibs_fetch" : "ibs_op", used);
		} else if (!rc) {
			size_t len = 0;
			why[0] = 0;
			for (size_t i = 0; i < cfg->n_events && len < why_size; i++)
				len += (size_t)snprintf(why + len, why_size - len, "%s%s", i ? "," : "",
							cfg->events[i].name);
			if (len < why_size)
				snprintf(why + len, why_size - len, " (--event)");
		}
	} else {
		rc = perf_sys_select(o->freq_hz, cfg->events, &cfg->n_events, why, why_size);
	}
	cfg->path = o->path;
	if (!rc && o->call_graph) {
		/* frame-pointer stacks are counted by id in the kernel on the BPF path; dwarf stack
		 * copies are unwound here, from every sample */
		if (o->call_graph == COLLECT_CALL_GRAPH_DWARF) {
			if (o->path == COLLECTOR_PATH_BPF) {
				snprintf(why, why_size, "--call-graph dwarf: the stack copies are "
					 "unwound on the ring path only; use --path ring or auto");
				return -ENOTSUP;
			}
			cfg->path = COLLECTOR_PATH_RING;
		}
		for (size_t i = 0; i < cfg->n_events; i++) {
			struct perf_event_attr *a = &cfg->events[i].attr;
			a->sample_type |= PERF_SAMPLE_CALLCHAIN;
			if (o->call_graph != COLLECT_CALL_GRAPH_DWARF)
				continue;
			/* as perf: the kernel part of the chain from the kernel, the user part
			 * unwound here from the registers and the stack bytes */
			a->sample_type |= PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER;
			a->exclude_callchain_user = 1;
			a->sample_regs_user = COLLECTOR_DWARF_REGS_MASK;
			a->sample_stack_user = o->stack_user_bytes;
		}
	}
	if (!rc && o->off_cpu) {
		if (cfg->n_events >= PERF_SYS_MAX_EVENTS) {
			snprintf(why, why_size, "--off-cpu: at most %d events with it",
				 PERF_SYS_MAX_EVENTS - 1);
			return -EINVAL;
		}
		struct perf_sys_event *e = &cfg->events[cfg->n_events++];
		perf_sys_offcpu(e);
		/* the stack where the thread blocked: kernel and frame-pointer user frames (with
		 * dwarf too: a copy of the user stack at every switch would cost too much) */
		if (o->call_graph)
			e->attr.sample_type |= PERF_SAMPLE_CALLCHAIN;
		if (o->call_graph && COLLECTOR_DWARF_REGS_MASK) {
			/* a thread blocks inside libc, built without frame pointers: its caller is
			 * missing from the frame-pointer chain; the registers and the top of the
			 * stack let the collector unwind those first frames with DWARF CFI */
			e->attr.sample_type |= PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER;
			e->attr.sample_regs_user = COLLECTOR_DWARF_REGS_MASK;
			e->attr.sample_stack_user = COLLECT_OFFCPU_STACK_BYTES;
		}
	}
	cfg->mmap_pages = o->mmap_pages;
	if (o->call_graph == COLLECT_CALL_GRAPH_DWARF && !o->mmap_pages_given)
		cfg->mmap_pages = COLLECT_DWARF_MMAP_PAGES; /* 8 KiB samples fill 64 pages fast */
	if (o->off_cpu && o->call_graph && !o->mmap_pages_given)
		cfg->mmap_pages = COLLECT_DWARF_MMAP_PAGES; /* a 1 KiB stack copy at every switch */
	cfg->agg_entries = o->agg_entries;
	cfg->overflow_entries = o->overflow_entries;
	cfg->rearm_ms = o->rearm_ms;
	cfg->drain_ms = o->drain_ms;
	return rc;
}
