/*
 * cmd_record.c — `robin record [options] -- CMD [ARGS]`: profile one command and its children
 * on this machine with perf_event_open (like `perf record`), store the samples in the profile
 * database as a run (collect/collect_record.c), and print a one-line summary (samples, lost,
 * unknown-image share, path).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli_args.h"
#include "cli/cli.h"
#include "collect/collect_opts.h"
#include "collect/collect_record.h"

static void record_usage(FILE *out)
{
	fprintf(out, "usage: robin record [options] -- CMD [ARGS...]\n"
		     "Profile CMD and every process it starts (inherited events, enabled at exec)\n"
		     "and store the samples in the profile database as one run.\n\noptions:\n"
		     COLLECT_OPTS_HELP
		     "  --flush-s N          commit to the database every N seconds (default 10)\n"
		     "  -q, --quiet          no start and summary lines\n");
}

int cmd_record(int argc, char **argv)
{
	struct collect_opts o;
	char err[512] = "";
	int quiet = 0, i = 1, rc;
	unsigned flush_s = 10;
	collect_opts_init(&o);
	while (i < argc && strcmp(argv[i], "--")) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			record_usage(stdout);
			return 0;
		}
		if (!strcmp(argv[i], "-q") || !strcmp(argv[i], "--quiet")) {
			quiet = 1;
			i++;
			continue;
		}
		if (!strcmp(argv[i], "--flush-s") && i + 1 < argc) {
			flush_s = (unsigned)atoi(argv[i + 1]);
			i += 2;
			continue;
		}
		rc = collect_opts_parse(&o, argc, argv, &i, err, sizeof err);
		if (rc < 0) {
			fprintf(stderr, "robin record: %s\n", err);
			return 2;
		}
		if (rc == 0) {
			if (argv[i][0] != '-')
				break; /* the command without "--" */
			if (cli_args_reject("record", argv[i]))
				return 2;
			fprintf(stderr, "robin record: unknown option '%s' (see robin record --help)\n",
				argv[i]);
			return 2;
		}
	}
	if (i < argc && !strcmp(argv[i], "--"))
		i++;
	else if (cli_args_tail("record", &argc, argv, i))
		return 2;
	if (i >= argc) {
		fprintf(stderr, "robin record: no command given (robin record -- CMD [ARGS])\n");
		return 2;
	}
	char **cmd = argv + i;
	struct collect_record r;
	if (collect_record_start(&r, &o, cmd)) {
		fprintf(stderr, "robin record: %s\n", r.err);
		return 1;
	}
	if (!quiet)
		fprintf(stderr, "robin record: source %s; path %s (%s); %u Hz per CPU; per-task, "
			"%s\n", r.why, r.st.path, r.st.path_why, o.freq_hz, r.mode);
	collect_record_run(&r, &o, argc - i, cmd, flush_s);
	if (r.run_err[0])
		fprintf(stderr, "robin record: %s\n", r.run_err);
	if (r.exec_errno)
		fprintf(stderr, "robin record: cannot run '%s': %s\n", cmd[0], strerror(r.exec_errno));
	if (r.store_rc)
		fprintf(stderr, "robin record: writing %s failed: %s\n", r.db_path, r.store_err);
	const struct collector_stats *st = &r.st;
	if (!quiet) {
		double unk = st->samples ? 100.0 * (double)st->unknown / (double)st->samples : 0;
		fprintf(stderr, "robin record: %" PRIu64 " samples, %" PRIu64 " lost, %" PRIu64
			" throttled, unknown image %.2f%%, %" PRIu64 " images, path %s, run %" PRId64
			" in %s\n", st->samples, st->lost + st->lost_overflow, st->throttled, unk,
			st->maps.images, st->path, r.run_id, r.db_path);
		if (st->unwound)
			fprintf(stderr, "robin record: dwarf: %" PRIu64 " user stacks unwound, %.1f "
				"frames each, %" PRIu64 " to the sampled pc only\n", st->unwound,
				(double)st->unwound_frames / (double)st->unwound, st->unwound_leaf_only);
		if (st->offcpu_switches)
			fprintf(stderr, "robin record: off-cpu: %.1f ms blocked in %" PRIu64 " waits "
				"(%" PRIu64 " context switches, %" PRIu64 " preemptions not counted)\n",
				(double)st->offcpu_ns / 1e6, st->offcpu_waits, st->offcpu_switches,
				st->offcpu_preempted);
		if (st->stacks_lost)
			fprintf(stderr, "robin record: %" PRIu64 " samples' call stacks did not fit the "
				"kernel's stack maps\n", st->stacks_lost);
	}
	if (collect_record_overhead(o.freq_hz, st, err, sizeof err))
		fprintf(stderr, "robin record: %s\n", err);
	collect_record_close(&r);
	if (r.store_rc)
		return 1;
	return r.exec_errno ? 127 : r.exit_status;
}
