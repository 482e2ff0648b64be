/*
 * cmd_record.c — `robin record [options] -- CMD [ARGS]`: profile one command and its children
 * on this machine with perf_event_open (like `perf record`), store the samples in the profile
 * database as a run, and print a one-line summary (samples, lost, unknown-image share, path).
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli_args.h"
#include "cli/cli.h"
#include "collect/collect_opts.h"
#include "collect/collect_store.h"
#include "collect/collector.h"
#include "profile/profile_db.h"

static volatile sig_atomic_t record_child_done;

static void record_on_sigchld(int sig)
{
	(void)sig;
	record_child_done = 1;
}

/* Remove a database this command created and could not use (and its WAL files). */
static void record_unlink_db(const char *path)
{
	char side[4200];
	unlink(path);
	snprintf(side, sizeof side, "%s-wal", path);
	unlink(side);
	snprintf(side, sizeof side, "%s-shm", path);
	unlink(side);
}

static void record_usage(FILE *out)
{
	fprintf(out, "usage: robin record [options] -- CMD [ARGS...]\n"
		     "Profile CMD and every process it starts (inherited events, enabled at exec)\n"
		     "and store the samples in the profile database as one run.\n\noptions:\n"
		     COLLECT_OPTS_HELP
		     "  --flush-s N          commit to the database every N seconds (default 10)\n"
		     "  -q, --quiet          no start and summary lines\n");
}

static int64_t realtime_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static char *join_args(int argc, char **argv)
{
	size_t len = 1;
	for (int i = 0; i < argc; i++)
		len += strlen(argv[i]) + 3;
	char *s = malloc(len), *p = s;
	if (!s)
		return NULL;
	*p = 0;
	for (int i = 0; i < argc; i++)
		p += sprintf(p, i ? " %s" : "%s", argv[i]);
	return s;
}

/* Above this rate the sampling interrupt's own kernel work can rival the program's (on a
 * virtual machine without a PMU, cpu-clock at 100 kHz put 77% of 7.8 M samples of a pure
 * user-space loop in the kernel and slowed it 200-fold; at 10 kHz 1.2% of 14 280). */
#define RECORD_FREQ_HIGH_HZ 10000u
#define RECORD_KERNEL_SHARE_HIGH 0.5

/* Warn (always, even with -q) when the sampling itself probably dominates the profile: the
 * kernel throttled the events, or at a rate above RECORD_FREQ_HIGH_HZ more than half of the
 * samples fell in the kernel. */
static void record_warn_overhead(unsigned freq_hz, const struct collector_stats *st)
{
	double kshare = st->samples ? (double)st->kernel / (double)st->samples : 0;
	if (st->throttled)
		fprintf(stderr, "robin record: warning: the kernel throttled sampling %" PRIu64
			" time(s): the sampling interrupts take too much CPU; use a lower --freq "
			"(now %u Hz)\n", st->throttled, freq_hz);
	else if (freq_hz > RECORD_FREQ_HIGH_HZ && kshare > RECORD_KERNEL_SHARE_HIGH)
		fprintf(stderr, "robin record: warning: %.0f%% of the samples are in the kernel at "
			"%u Hz: the sampling itself (timer and sample handling) likely dominates; "
			"use --freq %u or lower\n", 100 * kshare, freq_hz, RECORD_FREQ_HIGH_HZ);
}

int cmd_record(int argc, char **argv)
{
	struct collect_opts o;
	char err[512] = "", why[256] = "";
	int quiet = 0, i = 1, rc, status = 0;
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
	int ncmd = argc - i;

	struct collector_config cfg = { 0 };
	cfg.mode = COLLECTOR_TASK;
	cfg.enable_on_exec = 1;
	if ((rc = collect_opts_events(&o, &cfg, why, sizeof why))) {
		fprintf(stderr, "robin record: %s\n", why);
		return 1;
	}

	const char *db_path = profile_db_default_path(o.db);
	struct collect_store store;
	struct stat db_st;
	int db_new = stat(db_path, &db_st) != 0; /* a failure before the run removes it again */
	if (collect_store_open(&store, db_path, o.db_mode, cfg.events, cfg.n_events)) {
		fprintf(stderr, "robin record: %s\n", store.err);
		return 1;
	}

	/* the child waits for the events to exist, then execs the command */
	int go[2], fail[2];
	if (pipe2(go, O_CLOEXEC) || pipe2(fail, O_CLOEXEC)) {
		fprintf(stderr, "robin record: pipe: %s\n", strerror(errno));
		collect_store_close(&store);
		return 1;
	}
	struct sigaction sa = { 0 };
	sa.sa_handler = record_on_sigchld;
	sigaction(SIGCHLD, &sa, NULL);
	pid_t child = fork();
	if (child < 0) {
		fprintf(stderr, "robin record: fork: %s\n", strerror(errno));
		collect_store_close(&store);
		return 1;
	}
	if (child == 0) {
		char c;
		close(go[1]);
		close(fail[0]);
		if (read(go[0], &c, 1) != 1)
			_exit(127);
		execvp(cmd[0], cmd);
		int e = errno;
		if (write(fail[1], &e, sizeof e) < 0)
			_exit(127);
		_exit(127);
	}
	close(go[0]);
	close(fail[1]);
	/* ^C reaches the command (same process group); robin keeps recording until it exits */
	signal(SIGINT, SIG_IGN);
	signal(SIGQUIT, SIG_IGN);

	cfg.pid = child;
	struct collector *c = NULL;
	cfg.sink = collect_store_sink(&store);
	rc = collector_open(&cfg, &c, err, sizeof err);
	const char *mode = "user and kernel space";
	if (rc == -EACCES || rc == -EPERM) {
		/* as perf does for an unprivileged user: the command's own tasks, user space only
		 * (perf_event_paranoid 2 forbids kernel samples, not per-task user-space ones) */
		perf_sys_user_only(cfg.events, cfg.n_events);
		mode = "user space only (kernel samples not permitted)";
		rc = collector_open(&cfg, &c, err, sizeof err);
	}
	if (rc) {
		fprintf(stderr, "robin record: %s\n", err);
		kill(child, SIGKILL);
		waitpid(child, NULL, 0);
		collect_store_close(&store);
		if (db_new)
			record_unlink_db(db_path);
		return 1;
	}
	struct collector_stats st;
	collector_stats(c, &st);
	if (!quiet)
		fprintf(stderr, "robin record: source %s; path %s (%s); %u Hz per CPU; per-task, "
			"%s\n", why, st.path, st.path_why, o.freq_hz, mode);

	char *cmdline = join_args(ncmd, cmd);
	char host[256] = "";
	gethostname(host, sizeof host - 1);
	char config[512];
	snprintf(config, sizeof config, "event=%s freq_hz=%u period=%" PRIu64 " path=%s "
		 "mmap_pages=%u agg_entries=%u", cfg.events[0].name, o.freq_hz, cfg.events[0].period,
		 st.path, o.mmap_pages, o.agg_entries);
	struct profile_db_run_info ri = { .command = cmdline ? cmdline : cmd[0], .config = config,
					  .host = host, .simulated = 0, .start_ns = realtime_ns() };
	int64_t run_id = 0;
	if (profile_db_run_begin(store.db, &ri, &run_id)) {
		fprintf(stderr, "robin record: %s\n", profile_db_error(store.db));
		kill(child, SIGKILL);
	}
	collect_store_set_run(&store, run_id);
	int64_t t0 = realtime_ns(), last_flush = t0;

	if (write(go[1], "g", 1) != 1)
		kill(child, SIGKILL);
	close(go[1]);
	int exec_errno = 0;
	if (read(fail[0], &exec_errno, sizeof exec_errno) == (ssize_t)sizeof exec_errno)
		fprintf(stderr, "robin record: cannot run '%s': %s\n", cmd[0], strerror(exec_errno));
	close(fail[0]);

	int store_rc = 0;
	for (;;) {
		pid_t w = waitpid(child, &status, WNOHANG);
		if (w == child)
			break;
		collector_poll(c, 100);
		if (flush_s && realtime_ns() - last_flush >= (int64_t)flush_s * 1000000000) {
			if (!store_rc && (store_rc = collector_flush(c)) == 0)
				store_rc = collect_store_commit(&store);
			last_flush = realtime_ns();
		}
	}
	int64_t t1 = realtime_ns();
	if (!store_rc)
		store_rc = collector_flush(c);
	collector_stats(c, &st);
	int exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	if (!store_rc)
		store_rc = collect_store_commit(&store);
	uint64_t total = st.samples;
	if (run_id && !store_rc) {
		struct { const char *k; double v; } tot[] = {
			{ "samples", (double)total }, { "samples_lost", (double)(st.lost + st.lost_overflow) },
			{ "samples_unknown", (double)st.unknown }, { "samples_kernel", (double)st.kernel },
			{ "throttled", (double)st.throttled }, { "wall_ns", (double)(t1 - t0) },
			{ "exit_status", (double)exit_status },
		};
		for (size_t k = 0; k < sizeof tot / sizeof tot[0] && !store_rc; k++)
			store_rc = profile_db_run_set_total(store.db, run_id, tot[k].k, tot[k].v);
		if (!store_rc)
			store_rc = profile_db_run_end(store.db, run_id, 0);
	}
	if (store_rc)
		fprintf(stderr, "robin record: writing %s failed: %s\n", db_path,
			store.err[0] ? store.err : profile_db_error(store.db));
	if (!quiet) {
		double unk = total ? 100.0 * (double)st.unknown / (double)total : 0;
		fprintf(stderr, "robin record: %" PRIu64 " samples, %" PRIu64 " lost, %" PRIu64
			" throttled, unknown image %.2f%%, %" PRIu64 " images, path %s, run %" PRId64
			" in %s\n", total, st.lost + st.lost_overflow, st.throttled, unk,
			st.maps.images, st.path, run_id, db_path);
		if (st.unwound)
			fprintf(stderr, "robin record: dwarf: %" PRIu64 " user stacks unwound, %.1f "
				"frames each, %" PRIu64 " to the sampled pc only\n", st.unwound,
				(double)st.unwound_frames / (double)st.unwound, st.unwound_leaf_only);
		if (st.stacks_lost)
			fprintf(stderr, "robin record: %" PRIu64 " samples' call stacks did not fit the "
				"kernel's stack maps\n", st.stacks_lost);
	}
	record_warn_overhead(o.freq_hz, &st);
	collector_close(c);
	collect_store_close(&store);
	free(cmdline);
	if (store_rc)
		return 1;
	return exec_errno ? 127 : exit_status;
}
