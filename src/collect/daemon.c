/*
 * daemon.c — the continuous-profiling daemon: start-up (events, database, detaching, pid file,
 * privilege drop), the main loop (drain, periodic merge, control requests, signals) and the
 * client side of the control socket.
 */
#include "collect/daemon.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <linux/capability.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "collect/collect_store.h"
#include "collect/collector.h"
#include "profile/profile_db.h"

#define DAEMON_MAX_FDS (COLLECTOR_MAX_CPUS + 4)

struct daemon {
	const struct daemon_config *cfg;
	struct collector *c;
	struct collect_store store;
	const char *mode;
	char source[256];
	char why_user[512];        /* why system-wide sampling was not used, or "" */
	char privileges[160];
	int listen_fd, sig_fd;
	int64_t start_ns, last_flush_ns, next_flush_ns, next_scan_ns;
	char mode_buf[160];
	int64_t epoch_id;
	uint64_t flushes;
	uint64_t last_flush_samples;       /* collector samples at the last flush */
	uint64_t last_flush_cpu[64];
	uint64_t window_cpu[64];           /* samples per CPU in the last complete window */
	int64_t window_ns;
	char last_error[1400];
	int journaled;                     /* what is held is also in the journal file */
	uint64_t replayed;                 /* samples replayed from a journal at start */
	char replay_note[700];             /* what start-up did with a journal, or "" */
	int stop;
};

static int64_t mono_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static void dlog(const char *fmt, ...)
{
	char when[32];
	time_t t = time(NULL);
	struct tm tm;
	localtime_r(&t, &tm);
	strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S", &tm);
	fprintf(stderr, "%s robin daemon[%d]: ", when, (int)getpid());
	va_list ap;
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	fflush(stderr);
}

const char *daemon_state_dir(char *buf, size_t size)
{
	const char *xdg = getenv("XDG_RUNTIME_DIR");
	if (geteuid() == 0)
		snprintf(buf, size, "/run/robin");
	else if (xdg && *xdg)
		snprintf(buf, size, "%s/robin", xdg);
	else
		snprintf(buf, size, "/tmp/robin-%u", (unsigned)geteuid());
	return buf;
}

const char *daemon_default_db(char *buf, size_t size)
{
	const char *env = getenv(PROFILE_DB_ENV), *home = getenv("HOME");
	if (env && *env)
		snprintf(buf, size, "%s", env);
	else if (geteuid() == 0)
		snprintf(buf, size, "/var/lib/robin/profile.db");
	else
		snprintf(buf, size, "%s/.local/share/robin/profile.db", home ? home : "/tmp");
	return buf;
}

pid_t daemon_read_pid(const char *dir)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", dir, DAEMON_PID_FILE);
	FILE *f = fopen(path, "r");
	long pid = 0;
	if (!f)
		return 0;
	if (fscanf(f, "%ld", &pid) != 1)
		pid = 0;
	fclose(f);
	if (pid <= 0 || (kill((pid_t)pid, 0) && errno == ESRCH))
		return 0;
	/* a killed daemon whose parent never reaps it stays a zombie: that is not alive */
	char stat_path[64], buf[256];
	snprintf(stat_path, sizeof stat_path, "/proc/%ld/stat", pid);
	FILE *s = fopen(stat_path, "r");
	if (s) {
		size_t n = fread(buf, 1, sizeof buf - 1, s);
		fclose(s);
		buf[n] = 0;
		char *rp = strrchr(buf, ')');
		if (rp && rp[1] == ' ' && (rp[2] == 'Z' || rp[2] == 'X'))
			return 0;
	}
	return (pid_t)pid;
}

int daemon_wait_gone(const char *dir, pid_t pid)
{
	for (int t = 0; t < 200 && daemon_read_pid(dir) == pid; t++) {
		struct timespec ts = { 0, 50000000 };
		nanosleep(&ts, NULL);
	}
	return daemon_read_pid(dir) == pid ? -ETIMEDOUT : 0;
}

/* mkdir -p with mode for the created components. */
static int make_dirs(const char *path, mode_t mode)
{
	char tmp[4096];
	snprintf(tmp, sizeof tmp, "%s", path);
	for (char *p = tmp + 1; *p; p++)
		if (*p == '/') {
			*p = 0;
			if (mkdir(tmp, mode) && errno != EEXIST)
				return -errno;
			*p = '/';
		}
	if (mkdir(tmp, mode) && errno != EEXIST)
		return -errno;
	return 0;
}

/* ---- privileges ------------------------------------------------------------------------------ */

/* Keep only what reading other processes' maps needs; everything that opened events, loaded
 * BPF or could change the system goes. The open fds keep working. */
static void drop_privileges(struct daemon *d)
{
	if (d->cfg->keep_privileges) {
		snprintf(d->privileges, sizeof d->privileges, "kept (--keep-privileges)");
		return;
	}
	struct __user_cap_header_struct h = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct data[2];
	if (syscall(SYS_capget, &h, data)) {
		snprintf(d->privileges, sizeof d->privileges, "capget failed: %s", strerror(errno));
		return;
	}
	if (!data[0].effective && !data[1].effective) {
		snprintf(d->privileges, sizeof d->privileges, "none held");
		return;
	}
	uint64_t keep = (1ull << CAP_SYS_PTRACE) | (1ull << CAP_DAC_READ_SEARCH);
	for (int cap = 0; cap < 64; cap++)
		if (!(keep & (1ull << cap)))
			prctl(PR_CAPBSET_DROP, cap, 0, 0, 0);
	for (int i = 0; i < 2; i++) {
		uint32_t k = (uint32_t)(keep >> (32 * i));
		data[i].effective &= k;
		data[i].permitted &= k;
		data[i].inheritable = 0;
	}
	if (syscall(SYS_capset, &h, data)) {
		snprintf(d->privileges, sizeof d->privileges, "capset failed: %s", strerror(errno));
		return;
	}
	prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
	snprintf(d->privileges, sizeof d->privileges,
		 "dropped (kept CAP_SYS_PTRACE and CAP_DAC_READ_SEARCH to read /proc maps)");
}

/* ---- flushing and status --------------------------------------------------------------------- */

/* After a failed store: save what is held to the journal, and say where it is. */
static void daemon_journal(struct daemon *d, char *note, size_t n)
{
	uint64_t held = collect_store_pending_samples(&d->store);
	uint64_t stacks = collect_store_pending_stacks(&d->store);
	d->journaled = 0;
	if (!held && !stacks) {
		note[0] = 0;
		return;
	}
	if (collect_store_journal_save(&d->store) == 0) {
		d->journaled = 1;
		snprintf(note, n, "; %" PRIu64 " samples (%" PRIu64 " call stacks) kept in memory and "
			 "in the journal %.400s, which the next start replays", held, stacks,
			 d->store.journal);
	} else {
		snprintf(note, n, "; %" PRIu64 " samples kept in memory only (journal: %.300s)", held,
			 d->store.err);
	}
}

static int daemon_flush(struct daemon *d, char *msg, size_t n)
{
	int64_t t0 = mono_ns();
	uint64_t before = d->store.committed_samples;
	int rc = collector_flush(d->c);
	int rc_store = collect_store_commit(&d->store); /* even so: what is held goes in */
	if (!rc)
		rc = rc_store;
	if (rc) {
		char err[512], note[800];
		snprintf(err, sizeof err, "%s", rc == rc_store && d->store.err[0] ? d->store.err :
			 rc == -ENOMEM ? "out of memory" : strerror(-rc));
		daemon_journal(d, note, sizeof note);
		snprintf(d->last_error, sizeof d->last_error, "flush failed: %s%.400s%s%s",
			 rc == -ENOSPC && !strstr(err, "disk full") ? "disk full (" : "", err,
			 rc == -ENOSPC && !strstr(err, "disk full") ? ")" : "", note);
		snprintf(msg, n, "%s\n", d->last_error);
		dlog("%s", d->last_error);
		return rc;
	}
	d->journaled = 0;
	struct collector_stats st;
	collector_stats(d->c, &st);
	int64_t now = mono_ns();
	int64_t span = now - (d->last_flush_ns ? d->last_flush_ns : d->start_ns);
	for (int i = 0; i < st.ncpus && i < 64; i++) {
		d->window_cpu[i] = st.samples_cpu[i] - d->last_flush_cpu[i];
		d->last_flush_cpu[i] = st.samples_cpu[i];
	}
	d->window_ns = span;
	d->last_flush_ns = now;
	d->last_flush_samples = st.samples;
	d->flushes++;
	d->next_flush_ns = now + (int64_t)d->cfg->interval_ms * 1000000;
	snprintf(msg, n, "flushed %" PRIu64 " samples into %s in %.1f ms\n",
		 d->store.committed_samples - before, d->cfg->db_path, (double)(now - t0) / 1e6);
	return 0;
}

static void rss_kb(long *rss, long *hwm)
{
	char line[256];
	*rss = *hwm = 0;
	FILE *f = fopen("/proc/self/status", "r");
	while (f && fgets(line, sizeof line, f)) {
		if (!strncmp(line, "VmRSS:", 6))
			*rss = atol(line + 6);
		else if (!strncmp(line, "VmHWM:", 6))
			*hwm = atol(line + 6);
	}
	if (f)
		fclose(f);
}

static void daemon_status(struct daemon *d, FILE *o)
{
	struct collector_stats st;
	collector_stats(d->c, &st);
	int64_t now = mono_ns();
	double up = (double)(now - d->start_ns) / 1e9;
	fprintf(o, "robin daemon: pid %d, up %.0f s, mode %s, path %s (%s)\n", (int)getpid(), up,
		d->mode, st.path, st.path_why);
	fprintf(o, "source: %s\n", d->source);
	if (d->why_user[0])
		fprintf(o, "note: %s\n", d->why_user);
	fprintf(o, "privileges: %s\n", d->privileges);
	fprintf(o, "database: %s, epoch %" PRId64 ", merge every %.1f s\n", d->cfg->db_path,
		d->epoch_id, d->cfg->interval_ms / 1000.0);
	if (d->flushes)
		fprintf(o, "last flush: %.1f s ago (%" PRIu64 " flushes, %" PRIu64
			" samples committed)\n", (double)(now - d->last_flush_ns) / 1e9, d->flushes,
			d->store.committed_samples);
	else
		fprintf(o, "last flush: never (%" PRIu64 " samples committed)\n",
			d->store.committed_samples);
	/* samples per second per CPU over the last flush window, or since start */
	fprintf(o, "samples/s per cpu:");
	for (int i = 0; i < st.ncpus && i < 64; i++) {
		double rate = d->window_ns > 0 ? (double)d->window_cpu[i] * 1e9 / (double)d->window_ns :
			      up > 0 ? (double)st.samples_cpu[i] / up : 0;
		fprintf(o, " cpu%d %.1f", i, rate);
	}
	fprintf(o, "\n");
	double hit = st.samples ? 100.0 * (double)st.agg_hits / (double)st.samples : 0;
	fprintf(o, "aggregation: %" PRIu64 " samples, hit rate %.1f%%, %" PRIu64 " evictions, %"
		PRIu64 " entries to the daemon (%.1f samples per entry)\n", st.samples, hit,
		st.agg_evictions, st.entries_out,
		st.entries_out ? (double)st.samples / (double)st.entries_out : 0.0);
	uint64_t resolved = d->store.committed_samples ? d->store.committed_samples : 1;
	fprintf(o, "lost: %" PRIu64 " (ring) + %" PRIu64 " (overflow), throttled: %" PRIu64
		", unknown image: %" PRIu64 " (%.3f%%), kernel: %" PRIu64 "\n", st.lost,
		st.lost_overflow, st.throttled, st.unknown,
		100.0 * (double)st.unknown / (double)resolved, st.kernel);
	if (st.offcpu_switches)
		fprintf(o, "off-cpu: %.3f s blocked in %" PRIu64 " waits (%" PRIu64 " context "
			"switches, %" PRIu64 " preemptions not counted)\n", (double)st.offcpu_ns / 1e9,
			st.offcpu_waits, st.offcpu_switches, st.offcpu_preempted);
	fprintf(o, "processes: %" PRIu64 " seen, %" PRIu64 " forks, %" PRIu64 " execs, %" PRIu64
		" exits, %" PRIu64 " images\n", st.maps.procs, st.maps.forks, st.maps.execs,
		st.maps.exits, st.maps.images);
	if (d->c && !strncmp(d->mode, "user", 4))
		fprintf(o, "user mode: %zu task(s) followed, %" PRIu64 " process(es) attached, %"
			PRIu64 " detached\n", st.user_tasks, st.user_attached, st.user_detached);
	long rss, hwm;
	rss_kb(&rss, &hwm);
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	double cpu_s = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
		       (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
	fprintf(o, "memory: rss %.1f MB (peak %.1f MB), tables and rings %.1f MB\n", rss / 1024.0,
		hwm / 1024.0, (double)st.memory_bytes / 1048576.0);
	fprintf(o, "daemon cpu: %.3f s (%.2f us per sample)\n", cpu_s,
		st.samples ? cpu_s * 1e6 / (double)st.samples : 0.0);
	uint64_t held = collect_store_pending_samples(&d->store);
	if (held)
		fprintf(o, "held: %" PRIu64 " samples not yet in the database%s%s\n", held,
			d->journaled ? ", saved in the journal " : "",
			d->journaled ? d->store.journal : "");
	if (d->replay_note[0])
		fprintf(o, "at start: %s\n", d->replay_note);
	if (d->last_error[0])
		fprintf(o, "last error: %s\n", d->last_error);
}

/* ---- control socket -------------------------------------------------------------------------- */

static int socket_path(const char *dir, struct sockaddr_un *a)
{
	memset(a, 0, sizeof *a);
	a->sun_family = AF_UNIX;
	if ((size_t)snprintf(a->sun_path, sizeof a->sun_path, "%s/%s", dir, DAEMON_SOCKET) >=
	    sizeof a->sun_path)
		return -ENAMETOOLONG;
	return 0;
}

static void handle_client(struct daemon *d, int fd)
{
	char req[512];
	ssize_t n = 0;
	struct pollfd p = { fd, POLLIN, 0 };
	if (poll(&p, 1, 5000) > 0) /* the client writes right after connecting */
		n = read(fd, req, sizeof req - 1);
	if (n <= 0) {
		close(fd);
		return;
	}
	req[n] = 0;
	req[strcspn(req, "\n")] = 0;
	char *buf = NULL;
	size_t len = 0;
	FILE *o = open_memstream(&buf, &len);
	if (!o) {
		close(fd);
		return;
	}
	char msg[2048];
	if (!strcmp(req, "status")) {
		daemon_status(d, o);
	} else if (!strcmp(req, "flush")) {
		int rc = daemon_flush(d, msg, sizeof msg);
		fprintf(o, "%s%s", rc ? "error: " : "", msg);
	} else if (!strncmp(req, "epoch", 5)) {
		const char *note = req[5] == ' ' ? req + 6 : "";
		int rc = daemon_flush(d, msg, sizeof msg);
		int64_t id = 0;
		if (!rc)
			rc = collect_store_new_epoch(&d->store, note, &id);
		if (rc)
			fprintf(o, "error: %s\n", d->store.err[0] ? d->store.err : msg);
		else {
			d->epoch_id = id;
			fprintf(o, "%sepoch %" PRId64 " started\n", msg, id);
			dlog("epoch %" PRId64 " started%s%s", id, note[0] ? ": " : "", note);
		}
	} else if (!strcmp(req, "stop")) {
		/* the unflushed samples live only in memory: a daemon that cannot store them keeps
		 * running (and keeps them) until a later flush or stop succeeds */
		if (daemon_flush(d, msg, sizeof msg) && !d->journaled)
			fprintf(o, "error: %snot stopping: the unflushed samples are kept in memory; "
				"free space, then stop again\n", msg);
		else if (d->journaled) {
			/* every sample is in the journal: stopping loses nothing */
			fprintf(o, "error: %sstopping\n", msg);
			d->stop = 1;
		} else {
			fprintf(o, "%sstopping\n", msg);
			d->stop = 1;
		}
	} else {
		fprintf(o, "error: unknown request '%s' (status, flush, epoch [NOTE], stop)\n", req);
	}
	fclose(o);
	for (size_t off = 0; off < len;) {
		ssize_t w = write(fd, buf + off, len - off);
		if (w <= 0)
			break;
		off += (size_t)w;
	}
	free(buf);
	close(fd);
}

int daemon_request(const char *dir, const char *request, FILE *out)
{
	struct sockaddr_un a;
	int rc = socket_path(dir, &a);
	if (rc)
		return rc;
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	if (connect(fd, (struct sockaddr *)&a, sizeof a)) {
		rc = -errno;
		close(fd);
		return rc;
	}
	char line[600];
	int len = snprintf(line, sizeof line, "%s\n", request);
	if (len < 0 || (size_t)len >= sizeof line) {
		close(fd);
		return -EINVAL;
	}
	/* MSG_NOSIGNAL: a daemon that went away must give an error, not a silent SIGPIPE */
	if (send(fd, line, (size_t)len, MSG_NOSIGNAL) != len) {
		rc = -errno;
		close(fd);
		return rc;
	}
	shutdown(fd, SHUT_WR);
	char buf[4096];
	ssize_t n;
	size_t got = 0;
	int replied_error = 0;
	while ((n = read(fd, buf, sizeof buf)) > 0) {
		if (!got && n >= 7 && !memcmp(buf, "error: ", 7))
			replied_error = 1;
		fwrite(buf, 1, (size_t)n, out);
		got += (size_t)n;
	}
	close(fd);
	return !got ? -EPIPE : replied_error ? -EREMOTEIO : 0;
}

/* ---- start-up and main loop ------------------------------------------------------------------ */

/* Take in the journal a previous daemon left (it is removed once stored); a malformed one
 * is set aside (renamed, never deleted) and named in the start-up line. */
static void daemon_replay(struct daemon *d)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", d->cfg->dir, DAEMON_JOURNAL_FILE);
	collect_store_journal(&d->store, path);
	uint64_t n = 0, stacks0 = collect_store_pending_stacks(&d->store);
	int rc = collect_store_journal_replay(&d->store, &n);
	if (!rc) {
		d->replayed = n;
		snprintf(d->replay_note, sizeof d->replay_note, "replaying %" PRIu64 " samples from "
			 "the journal %.400s (%" PRIu64 " call stacks)", n, path,
			 collect_store_pending_stacks(&d->store) - stacks0);
	} else if (rc != -ENOENT) {
		char aside[4200];
		snprintf(aside, sizeof aside, "%s.bad-%lld", path, (long long)time(NULL));
		int moved = rename(path, aside) == 0;
		snprintf(d->replay_note, sizeof d->replay_note, "journal not replayed: %.300s%s%.300s",
			 d->store.err, moved ? "; set aside as " : "", moved ? aside : "");
	}
}

static int open_collector(struct daemon *d, char *err, size_t n)
{
	const struct daemon_config *cfg = d->cfg;
	struct collector_config cc = { 0 };
	int rc = collect_opts_events(&cfg->opts, &cc, d->source, sizeof d->source);
	if (rc) {
		snprintf(err, n, "%s", d->source);
		return rc;
	}
	if (collect_store_open(&d->store, cfg->db_path, cfg->opts.db_mode, cc.events, cc.n_events)) {
		snprintf(err, n, "%s", d->store.err);
		return -EIO;
	}
	cc.sink = collect_store_sink(&d->store);
	daemon_replay(d);
	cc.mode = cfg->user_mode ? COLLECTOR_USER : COLLECTOR_SYSTEM;
	cc.uid = getuid();
	cc.skip_pid = cfg->foreground ? 0 : getppid();
	d->mode = cfg->user_mode ? "user" : "system-wide";
	rc = collector_open(&cc, &d->c, err, n);
	if ((rc == -EACCES || rc == -EPERM) && !cfg->user_mode) {
		/* not permitted: follow this user's own processes instead, and say why */
		snprintf(d->why_user, sizeof d->why_user, "%.440s; following uid %u's processes only",
			 err, (unsigned)getuid());
		cc.mode = COLLECTOR_USER;
		perf_sys_user_only(cc.events, cc.n_events);
		d->mode = "user";
		rc = collector_open(&cc, &d->c, err, n);
	}
	if (rc)
		return rc;
	if (cc.mode == COLLECTOR_USER) {
		struct collector_stats st;
		collector_stats(d->c, &st);
		snprintf(d->mode_buf, sizeof d->mode_buf, "user (per-task, uid %u: %zu task(s) at "
			 "start, new processes found by a /proc scan every %.2f s)", (unsigned)cc.uid,
			 st.user_tasks, d->cfg->scan_ms / 1000.0);
		d->mode = d->mode_buf;
	}
	if (cc.mode == COLLECTOR_SYSTEM && (rc = collector_scan(d->c))) {
		snprintf(err, n, "scanning /proc: %s", strerror(-rc));
		return rc;
	}
	if ((rc = profile_db_epoch_current(d->store.db, &d->epoch_id))) {
		snprintf(err, n, "%s", profile_db_error(d->store.db));
		return rc;
	}
	if ((rc = collector_enable(d->c))) {
		snprintf(err, n, "enabling the events: %s", strerror(-rc));
		return rc;
	}
	return 0;
}

static int open_control(struct daemon *d, char *err, size_t n)
{
	struct sockaddr_un a;
	int rc = socket_path(d->cfg->dir, &a);
	if (rc) {
		snprintf(err, n, "%s/%s: path too long for a socket", d->cfg->dir, DAEMON_SOCKET);
		return rc;
	}
	unlink(a.sun_path);
	d->listen_fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (d->listen_fd < 0 || bind(d->listen_fd, (struct sockaddr *)&a, sizeof a) ||
	    listen(d->listen_fd, 8)) {
		rc = -errno;
		snprintf(err, n, "%s: %s", a.sun_path, strerror(-rc));
		return rc;
	}
	chmod(a.sun_path, 0600);
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGHUP);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	d->sig_fd = signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
	if (d->sig_fd < 0) {
		rc = -errno;
		snprintf(err, n, "signalfd: %s", strerror(-rc));
		return rc;
	}
	return 0;
}

static int write_pid_file(const char *dir)
{
	char path[4096], tmp[4200];
	snprintf(path, sizeof path, "%s/%s", dir, DAEMON_PID_FILE);
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	FILE *f = fopen(tmp, "w");
	if (!f)
		return -errno;
	fprintf(f, "%d\n", (int)getpid());
	if (fclose(f) || rename(tmp, path))
		return -errno;
	return 0;
}

static void daemon_loop(struct daemon *d)
{
	struct pollfd pfd[DAEMON_MAX_FDS];
	int fds[DAEMON_MAX_FDS];
	size_t n = collector_pollfds(d->c, fds, DAEMON_MAX_FDS - 2);
	for (size_t i = 0; i < n; i++)
		pfd[i] = (struct pollfd){ fds[i], POLLIN, 0 };
	pfd[n] = (struct pollfd){ d->listen_fd, POLLIN, 0 };
	pfd[n + 1] = (struct pollfd){ d->sig_fd, POLLIN, 0 };
	char msg[2048];
	if (collect_store_pending_samples(&d->store) || collect_store_pending_stacks(&d->store))
		daemon_flush(d, msg, sizeof msg); /* a replayed journal goes in first */
	d->next_flush_ns = mono_ns() + (int64_t)d->cfg->interval_ms * 1000000;
	d->next_scan_ns = mono_ns() + (int64_t)d->cfg->scan_ms * 1000000;
	while (!d->stop) {
		int64_t wait_ms = (d->next_flush_ns - mono_ns()) / 1000000;
		if (wait_ms > 100)
			wait_ms = 100; /* keep draining and re-randomising periods */
		if (wait_ms < 0)
			wait_ms = 0;
		poll(pfd, n + 2, (int)wait_ms);
		collector_poll(d->c, 0);
		if (pfd[n + 1].revents & POLLIN) {
			struct signalfd_siginfo si;
			while (read(d->sig_fd, &si, sizeof si) == (ssize_t)sizeof si) {
				if (si.ssi_signo == SIGUSR1) {
					daemon_flush(d, msg, sizeof msg);
				} else if (si.ssi_signo != SIGHUP) {
					dlog("signal %u: flushing and stopping", si.ssi_signo);
					d->stop = 1;
				}
			}
		}
		if (pfd[n].revents & POLLIN) {
			int cfd;
			while ((cfd = accept4(d->listen_fd, NULL, NULL, SOCK_CLOEXEC)) >= 0)
				handle_client(d, cfd);
		}
		if (d->cfg->scan_ms && mono_ns() >= d->next_scan_ns) {
			char err[512];
			if (collector_rescan(d->c, err, sizeof err)) {
				snprintf(d->last_error, sizeof d->last_error, "scanning for processes: %s",
					 err);
				dlog("%s", d->last_error);
			}
			d->next_scan_ns = mono_ns() + (int64_t)d->cfg->scan_ms * 1000000;
		}
		if (!d->stop && mono_ns() >= d->next_flush_ns)
			daemon_flush(d, msg, sizeof msg);
	}
	if (daemon_flush(d, msg, sizeof msg) == 0)
		dlog("%s", msg[0] ? strtok(msg, "\n") : "flushed");
	else if (!d->journaled && collect_store_pending_samples(&d->store))
		dlog("stopping with %" PRIu64 " samples that could be stored neither in the "
		     "database nor in the journal: they are lost",
		     collect_store_pending_samples(&d->store));
}

/* Take the state directory's lock (DAEMON_LOCK_FILE, flock, exclusive) into *fd: one daemon
 * per directory, even when two start at the same moment. The lock goes with the daemon's
 * process (the open file survives fork and is closed by its exit). A lock held by a daemon
 * that has just removed its pid file (stopping) is waited for, up to 2 s. Returns 0, -EEXIST
 * if another daemon holds it, or -errno of the lock file. */
static int daemon_lock(const char *dir, int *fd)
{
	char path[4200];
	snprintf(path, sizeof path, "%s/%s", dir, DAEMON_LOCK_FILE);
	*fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (*fd < 0)
		return -errno;
	for (int t = 0; flock(*fd, LOCK_EX | LOCK_NB); t++) {
		int rc = errno == EWOULDBLOCK ? -EEXIST : -errno;
		if (rc != -EEXIST || t == 100 || daemon_read_pid(dir)) {
			close(*fd);
			*fd = -1;
			return rc;
		}
		struct timespec ts = { 0, 20 * 1000000 };
		nanosleep(&ts, NULL);
	}
	return 0;
}

int daemon_start(const struct daemon_config *cfg, FILE *out)
{
	char err[1024] = "";
	int rc = make_dirs(cfg->dir, 0700);
	if (rc) {
		fprintf(out, "robin daemon: cannot create %s: %s\n", cfg->dir, strerror(-rc));
		return rc;
	}
	int lock_fd = -1;
	rc = daemon_lock(cfg->dir, &lock_fd);
	pid_t running = daemon_read_pid(cfg->dir);
	if (running) {
		fprintf(out, "robin daemon: already running (pid %d, state in %s)\n", (int)running,
			cfg->dir);
		if (lock_fd >= 0)
			close(lock_fd);
		return -EEXIST;
	}
	if (rc == -EEXIST) {
		fprintf(out, "robin daemon: %s/%s: another daemon is starting or stopping with this "
			"state directory\n", cfg->dir, DAEMON_LOCK_FILE);
		return rc;
	}
	if (rc) {
		fprintf(out, "robin daemon: %s/%s: %s\n", cfg->dir, DAEMON_LOCK_FILE, strerror(-rc));
		return rc;
	}
	char dbdir[4096];
	snprintf(dbdir, sizeof dbdir, "%s", cfg->db_path);
	char *slash = strrchr(dbdir, '/');
	if (slash && slash != dbdir) {
		*slash = 0;
		make_dirs(dbdir, 0700);
	}

	int ready[2] = { -1, -1 };
	if (!cfg->foreground && pipe2(ready, O_CLOEXEC)) {
		rc = -errno;
		fprintf(out, "robin daemon: pipe: %s\n", strerror(-rc));
		close(lock_fd);
		return rc;
	}
	if (!cfg->foreground) {
		fflush(out);
		pid_t pid = fork();
		if (pid < 0) {
			rc = -errno;
			fprintf(out, "robin daemon: fork: %s\n", strerror(-rc));
			close(lock_fd);
			return rc;
		}
		if (pid > 0) { /* the starter: wait for the daemon's verdict */
			close(lock_fd); /* the daemon holds the lock now */
			close(ready[1]);
			char line[2400];
			ssize_t got = 0, r;
			while ((r = read(ready[0], line + got, sizeof line - 1 - (size_t)got)) > 0)
				got += r;
			close(ready[0]);
			line[got > 0 ? got : 0] = 0;
			if (got <= 0) {
				fprintf(out, "robin daemon: the daemon died while starting (see %s/%s)\n",
					cfg->dir, DAEMON_LOG_FILE);
				return -EIO;
			}
			fputs(line, out);
			return line[0] == 'E' ? -EIO : 0;
		}
		close(ready[0]);
		setsid();
	}

	struct daemon d;
	memset(&d, 0, sizeof d);
	d.cfg = cfg;
	d.listen_fd = d.sig_fd = -1;
	d.start_ns = mono_ns();
	rc = open_collector(&d, err, sizeof err);
	if (!rc)
		rc = open_control(&d, err, sizeof err);
	if (!rc && (rc = write_pid_file(cfg->dir)))
		snprintf(err, sizeof err, "%s/%s: %s", cfg->dir, DAEMON_PID_FILE, strerror(-rc));
	char line[2400];
	if (rc) {
		snprintf(line, sizeof line, "Error: robin daemon: %s\n", err);
	} else {
		drop_privileges(&d);
		struct collector_stats st;
		collector_stats(d.c, &st);
		snprintf(line, sizeof line, "robin daemon: started pid %d, %s, source %s, path %s, "
			 "database %s, state in %s%s%.500s%s%.600s\n", (int)getpid(), d.mode, d.source,
			 st.path, cfg->db_path, cfg->dir, d.why_user[0] ? "\nrobin daemon: " : "",
			 d.why_user, d.replay_note[0] ? "\nrobin daemon: " : "", d.replay_note);
	}
	if (!cfg->foreground) {
		char logp[4096];
		snprintf(logp, sizeof logp, "%s/%s", cfg->dir, DAEMON_LOG_FILE);
		int lfd = open(logp, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
		int nfd = open("/dev/null", O_RDWR | O_CLOEXEC);
		if (nfd >= 0) {
			dup2(nfd, 0);
			dup2(lfd >= 0 ? lfd : nfd, 1);
			dup2(lfd >= 0 ? lfd : nfd, 2);
		}
		if (lfd > 2)
			close(lfd);
		if (nfd > 2)
			close(nfd);
		if (chdir("/")) {
			/* keep going: only relative paths would suffer, and ours are absolute */
		}
	}
	if (rc) {
		dlog("%s", err);
		if (!cfg->foreground) {
			if (write(ready[1], line, strlen(line)) < 0)
				_exit(1);
			_exit(1);
		}
		fputs(line, out);
		collector_close(d.c);
		collect_store_close(&d.store);
		close(lock_fd);
		return rc;
	}
	dlog("%.*s", (int)strcspn(line, "\n"), line);
	if (!cfg->foreground) {
		if (write(ready[1], line, strlen(line)) < 0)
			dlog("starter went away");
		close(ready[1]);
	} else {
		fputs(line, out);
		fflush(out);
	}
	daemon_loop(&d);
	/* close the database (checkpointing its WAL) before the pid file goes: `robin daemon
	 * stop` returns when the pid file does */
	collector_close(d.c);
	collect_store_close(&d.store);
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", cfg->dir, DAEMON_SOCKET);
	unlink(path);
	close(d.listen_fd);
	close(d.sig_fd);
	dlog("stopped");
	snprintf(path, sizeof path, "%s/%s", cfg->dir, DAEMON_PID_FILE);
	unlink(path);
	if (!cfg->foreground)
		_exit(0); /* and the lock goes with the process */
	close(lock_fd);
	return 0;
}
