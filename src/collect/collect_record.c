/*
 * collect_record.c — profile one command and its children into the profile database (see
 * collect_record.h): the child waits on a pipe until its events exist, then execs; a second
 * pipe, closed on exec, brings back exec's errno when it fails.
 */
#include "collect/collect_record.h"

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

/* Above this rate the sampling interrupt's own kernel work can rival the program's (on a
 * virtual machine without a PMU, cpu-clock at 100 kHz put 77% of 7.8 M samples of a pure
 * user-space loop in the kernel and slowed it 200-fold; at 10 kHz 1.2% of 14 280). */
#define COLLECT_RECORD_FREQ_HIGH_HZ 10000u
#define COLLECT_RECORD_KERNEL_SHARE_HIGH 0.5

static volatile sig_atomic_t collect_record_child_done;

/* SIGCHLD interrupts the poll, so the loop sees the child's end at once. */
static void collect_record_on_sigchld(int sig)
{
	(void)sig;
	collect_record_child_done = 1;
}

/* Remove a database this command created and could not use (and its WAL files). */
static void collect_record_unlink_db(const char *path)
{
	char side[4200];
	unlink(path);
	snprintf(side, sizeof side, "%s-wal", path);
	unlink(side);
	snprintf(side, sizeof side, "%s-shm", path);
	unlink(side);
}

static int64_t collect_record_now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static char *collect_record_join(int argc, char **argv)
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

/* The child: wait for "go", then exec cmd; on failure send errno back on fail_fd. */
static void collect_record_child(int go_fd, int fail_fd, char **cmd)
{
	char c;
	if (read(go_fd, &c, 1) != 1)
		_exit(127);
	execvp(cmd[0], cmd);
	int e = errno;
	if (write(fail_fd, &e, sizeof e) < 0)
		_exit(127);
	_exit(127);
}

int collect_record_start(struct collect_record *r, const struct collect_opts *o, char **cmd)
{
	memset(r, 0, sizeof(*r));
	r->cfg.mode = COLLECTOR_TASK;
	r->cfg.enable_on_exec = 1;
	if (collect_opts_events(o, &r->cfg, r->why, sizeof r->why)) {
		snprintf(r->err, sizeof r->err, "%s", r->why);
		return -1;
	}
	r->db_path = profile_db_default_path(o->db);
	struct stat db_st;
	int db_new = stat(r->db_path, &db_st) != 0; /* a failure before the run removes it again */
	if (collect_store_open(&r->store, r->db_path, o->db_mode, r->cfg.events, r->cfg.n_events)) {
		snprintf(r->err, sizeof r->err, "%s", r->store.err);
		return -1;
	}
	int go[2], fail[2];
	if (pipe2(go, O_CLOEXEC) || pipe2(fail, O_CLOEXEC)) {
		snprintf(r->err, sizeof r->err, "pipe: %s", strerror(errno));
		collect_store_close(&r->store);
		return -1;
	}
	struct sigaction sa = { 0 };
	sa.sa_handler = collect_record_on_sigchld;
	sigaction(SIGCHLD, &sa, NULL);
	r->child = fork();
	if (r->child < 0) {
		snprintf(r->err, sizeof r->err, "fork: %s", strerror(errno));
		collect_store_close(&r->store);
		return -1;
	}
	if (r->child == 0) {
		close(go[1]);
		close(fail[0]);
		collect_record_child(go[0], fail[1], cmd);
	}
	close(go[0]);
	close(fail[1]);
	r->go_fd = go[1];
	r->fail_fd = fail[0];
	/* ^C reaches the command (same process group); robin keeps recording until it exits */
	signal(SIGINT, SIG_IGN);
	signal(SIGQUIT, SIG_IGN);

	r->cfg.pid = r->child;
	r->cfg.sink = collect_store_sink(&r->store);
	int rc = collector_open(&r->cfg, &r->c, r->err, sizeof r->err);
	r->mode = "user and kernel space";
	if (rc == -EACCES || rc == -EPERM) {
		/* as perf does for an unprivileged user: the command's own tasks, user space only
		 * (perf_event_paranoid 2 forbids kernel samples, not per-task user-space ones) */
		perf_sys_user_only(r->cfg.events, r->cfg.n_events);
		r->mode = "user space only (kernel samples not permitted)";
		rc = collector_open(&r->cfg, &r->c, r->err, sizeof r->err);
	}
	if (rc) {
		kill(r->child, SIGKILL);
		waitpid(r->child, NULL, 0);
		collect_store_close(&r->store);
		if (db_new)
			collect_record_unlink_db(r->db_path);
		return -1;
	}
	collector_stats(r->c, &r->st);
	return 0;
}

/* Create the run; on failure kill the command (it never starts). */
static void collect_record_begin_run(struct collect_record *r, const struct collect_opts *o,
				     const char *cmdline)
{
	char host[256] = "";
	gethostname(host, sizeof host - 1);
	char config[512];
	snprintf(config, sizeof config, "event=%s freq_hz=%u period=%" PRIu64 " path=%s "
		 "mmap_pages=%u agg_entries=%u", r->cfg.events[0].name, o->freq_hz,
		 r->cfg.events[0].period, r->st.path, o->mmap_pages, o->agg_entries);
	struct profile_db_run_info ri = { .command = cmdline, .config = config, .host = host,
					  .simulated = 0, .start_ns = collect_record_now_ns() };
	if (profile_db_run_begin(r->store.db, &ri, &r->run_id)) {
		snprintf(r->run_err, sizeof r->run_err, "%s", profile_db_error(r->store.db));
		kill(r->child, SIGKILL);
	}
	collect_store_set_run(&r->store, r->run_id);
}

/* Store the run's totals and end it. */
static int collect_record_totals(struct collect_record *r, int64_t wall_ns)
{
	const struct collector_stats *st = &r->st;
	struct { const char *k; double v; } tot[] = {
		{ "samples", (double)st->samples },
		{ "samples_lost", (double)(st->lost + st->lost_overflow) },
		{ "samples_unknown", (double)st->unknown }, { "samples_kernel", (double)st->kernel },
		{ "throttled", (double)st->throttled }, { "wall_ns", (double)wall_ns },
		{ "exit_status", (double)r->exit_status },
		{ "jit_symbols", (double)r->store.jit_symbols },
		{ "jit_map_malformed", (double)r->store.jit_malformed },
		{ "jit_dump_malformed", (double)r->store.jit_dump_malformed },
		{ "jit_dump_bad", (double)r->store.jit_dump_bad },
		{ "jit_map_read_ns", (double)r->store.jit_read_ns },
		{ "jit_map_reads", (double)r->store.jit_reads },
		{ "offcpu_ns", (double)st->offcpu_ns },
	};
	int rc = 0;
	for (size_t k = 0; k < sizeof tot / sizeof tot[0] && !rc; k++)
		rc = profile_db_run_set_total(r->store.db, r->run_id, tot[k].k, tot[k].v);
	return rc ? rc : profile_db_run_end(r->store.db, r->run_id, 0);
}

void collect_record_run(struct collect_record *r, const struct collect_opts *o, int ncmd,
			char **cmd, unsigned flush_s)
{
	char *cmdline = collect_record_join(ncmd, cmd);
	int status = 0;
	collect_record_begin_run(r, o, cmdline ? cmdline : cmd[0]);
	free(cmdline);
	int64_t t0 = collect_record_now_ns(), last_flush = t0;

	if (write(r->go_fd, "g", 1) != 1)
		kill(r->child, SIGKILL);
	close(r->go_fd);
	if (read(r->fail_fd, &r->exec_errno, sizeof r->exec_errno) != (ssize_t)sizeof r->exec_errno)
		r->exec_errno = 0;
	close(r->fail_fd);

	int store_rc = 0;
	for (;;) {
		pid_t w = waitpid(r->child, &status, WNOHANG);
		if (w == r->child)
			break;
		collector_poll(r->c, 100);
		if (flush_s && collect_record_now_ns() - last_flush >= (int64_t)flush_s * 1000000000) {
			if (!store_rc && (store_rc = collector_flush(r->c)) == 0)
				store_rc = collect_store_commit(&r->store);
			last_flush = collect_record_now_ns();
		}
	}
	int64_t t1 = collect_record_now_ns();
	if (!store_rc)
		store_rc = collector_flush(r->c);
	collector_stats(r->c, &r->st);
	r->exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	if (!store_rc)
		store_rc = collect_store_commit(&r->store);
	if (r->run_id && !store_rc)
		store_rc = collect_record_totals(r, t1 - t0);
	r->store_rc = store_rc;
	r->store_err = r->store.err[0] ? r->store.err : profile_db_error(r->store.db);
}

int collect_record_overhead(unsigned freq_hz, const struct collector_stats *st, char *buf,
			    size_t n)
{
	double kshare = st->samples ? (double)st->kernel / (double)st->samples : 0;
	if (st->throttled)
		snprintf(buf, n, "warning: the kernel throttled sampling %" PRIu64 " time(s): the "
			 "sampling interrupts take too much CPU; use a lower --freq (now %u Hz)",
			 st->throttled, freq_hz);
	else if (freq_hz > COLLECT_RECORD_FREQ_HIGH_HZ && kshare > COLLECT_RECORD_KERNEL_SHARE_HIGH)
		snprintf(buf, n, "warning: %.0f%% of the samples are in the kernel at %u Hz: the "
			 "sampling itself (timer and sample handling) likely dominates; use --freq "
			 "%u or lower", 100 * kshare, freq_hz, COLLECT_RECORD_FREQ_HIGH_HZ);
	else
		return 0;
	return 1;
}

void collect_record_close(struct collect_record *r)
{
	collector_close(r->c);
	collect_store_close(&r->store);
}
