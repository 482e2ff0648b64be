/*
 * daemon.h — the continuous-profiling daemon behind `robin daemon` (002_767b26a0b68559db.txt
 * §4.3): a collector over every CPU (or one user's processes where system-wide sampling is
 * not permitted), merged into the profile database every interval, on `flush`, on `epoch`
 * and on SIGTERM/SIGINT, controlled through a Unix socket in its state directory next to its
 * pid file and log. Entry points: daemon_start (server side), daemon_request (client side),
 * daemon_state_dir, daemon_read_pid.
 */
#ifndef ROBIN_COLLECT_DAEMON_H
#define ROBIN_COLLECT_DAEMON_H

#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

#include "collect/collect_opts.h"

#define DAEMON_PID_FILE "daemon.pid"
#define DAEMON_LOG_FILE "daemon.log"
#define DAEMON_LOCK_FILE "daemon.lock" /* flock()ed by the daemon for its whole life */
#define DAEMON_SOCKET "control.sock"
#define DAEMON_JOURNAL_FILE "journal" /* samples a failed store kept (collect_pending.h) */

struct daemon_config {
	struct collect_opts opts;
	const char *dir;          /* state directory (pid file, log, socket) */
	const char *db_path;      /* absolute */
	unsigned interval_ms;     /* merge into the database this often */
	unsigned scan_ms;         /* user mode: look for new processes of the user this often */
	int user_mode;            /* 1: only this user's processes; 0: system-wide, falling back */
	int foreground;           /* do not detach (for debugging and tests) */
	int keep_privileges;      /* do not drop capabilities after opening the events */
};

/* The default state directory: /run/robin for root, else $XDG_RUNTIME_DIR/robin, else
 * /tmp/robin-UID. Written into buf. */
const char *daemon_state_dir(char *buf, size_t size);

/* The default database: /var/lib/robin/profile.db for root, else
 * ~/.local/share/robin/profile.db ($ROBIN_DB wins when set). Written into buf. */
const char *daemon_default_db(char *buf, size_t size);

/* The pid in DIR/daemon.pid if that process is alive, else 0. */
pid_t daemon_read_pid(const char *dir);

/* Wait up to 10 s until the daemon pid in dir is gone. Returns 0, or -ETIMEDOUT. */
int daemon_wait_gone(const char *dir, pid_t pid) __attribute__((warn_unused_result));

/* Start the daemon: open everything, detach (unless foreground) and report on `out` one line
 * ("started pid N ...") or the reason it cannot start. Returns 0 on success in the starting
 * process (the daemon itself never returns unless foreground, when it returns at exit). */
int daemon_start(const struct daemon_config *cfg, FILE *out);

/* Send one request ("status", "flush", "epoch NOTE", "stop") to the daemon in `dir` and copy
 * its reply to `out`. -ENOENT/-ECONNREFUSED when no daemon runs there, -EREMOTEIO when the
 * reply is an error ("error: ..."; e.g. a flush or stop that could not store: disk full). */
int daemon_request(const char *dir, const char *request, FILE *out);

#endif
