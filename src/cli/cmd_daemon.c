/*
 * cmd_daemon.c — `robin daemon start|stop|status|flush|epoch`: continuous, system-wide
 * profiling in the background (DCPI's daemon), writing into the profile database every
 * interval. The work is in collect/daemon.c; this file parses options and talks to it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli_args.h"
#include "cli/cli.h"
#include "collect/daemon.h"

static void daemon_usage(FILE *out)
{
	fprintf(out,
		"usage: robin daemon start [options]\n"
		"       robin daemon stop|status|flush [--dir DIR]\n"
		"       robin daemon epoch [--dir DIR] [--note TEXT]\n\n"
		"start      sample every CPU and process (or, without the privilege, your own\n"
		"           processes) and merge the samples into the database every interval\n"
		"stop       flush and stop; SIGTERM and SIGINT do the same\n"
		"status     samples/s per CPU, aggregation hit rate, lost and throttled samples,\n"
		"           unknown-image samples, memory, last flush\n"
		"flush      merge everything collected so far into the database now\n"
		"epoch      flush and start a new epoch in the database\n\n"
		"options:\n"
		"  --dir DIR            state directory: pid file, log, control socket\n"
		"                       (default /run/robin for root, else $XDG_RUNTIME_DIR/robin)\n"
		"  --interval S         merge into the database every S seconds (default 60)\n"
		"  --user               follow only your own processes (no privilege needed)\n"
		"  --scan S             (user mode) look for your new processes every S seconds\n"
		"                       (default 1)\n"
		"  --foreground         do not detach; log to stderr\n"
		"  --keep-privileges    do not drop capabilities after opening the events\n"
		"  --note TEXT          (epoch) a note stored with the new epoch\n"
		COLLECT_OPTS_HELP
		"The database defaults to /var/lib/robin/profile.db for root, else\n"
		"~/.local/share/robin/profile.db ($ROBIN_DB overrides; --db wins).\n");
}

static int abs_path(const char *p, char *out, size_t n)
{
	if (p[0] == '/') {
		snprintf(out, n, "%s", p);
		return 0;
	}
	char cwd[4096];
	if (!getcwd(cwd, sizeof cwd))
		return -errno;
	if ((size_t)snprintf(out, n, "%s/%s", cwd, p) >= n)
		return -ENAMETOOLONG;
	return 0;
}

int cmd_daemon(int argc, char **argv)
{
	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		daemon_usage(argc < 2 ? stderr : stdout);
		return argc < 2 ? 2 : 0;
	}
	const char *verb = argv[1];
	struct daemon_config cfg;
	memset(&cfg, 0, sizeof cfg);
	collect_opts_init(&cfg.opts);
	cfg.interval_ms = 60000;
	cfg.scan_ms = 1000;
	char dirbuf[4096], dbbuf[4096], err[512];
	const char *dir = NULL, *note = "";
	for (int i = 2; i < argc;) {
		int rc = collect_opts_parse(&cfg.opts, argc, argv, &i, err, sizeof err);
		if (rc < 0) {
			fprintf(stderr, "robin daemon: %s\n", err);
			return 2;
		}
		if (rc > 0)
			continue;
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "--dir") && v) {
			dir = v;
			i += 2;
		} else if (!strcmp(a, "--note") && v) {
			note = v;
			i += 2;
		} else if (!strcmp(a, "--interval") && v) {
			char *end;
			double s = strtod(v, &end);
			if (*end || s < 0.05 || s > 86400) {
				fprintf(stderr, "robin daemon: --interval: expected seconds in [0.05, "
					"86400], got '%s'\n", v);
				return 2;
			}
			cfg.interval_ms = (unsigned)(s * 1000);
			i += 2;
		} else if (!strcmp(a, "--scan") && v) {
			char *end;
			double s = strtod(v, &end);
			if (*end || s < 0.01 || s > 3600) {
				fprintf(stderr, "robin daemon: --scan: expected seconds in [0.01, 3600], "
					"got '%s'\n", v);
				return 2;
			}
			cfg.scan_ms = (unsigned)(s * 1000);
			i += 2;
		} else if (!strcmp(a, "--user")) {
			cfg.user_mode = 1;
			i++;
		} else if (!strcmp(a, "--foreground")) {
			cfg.foreground = 1;
			i++;
		} else if (!strcmp(a, "--keep-privileges")) {
			cfg.keep_privileges = 1;
			i++;
		} else if (cli_args_reject("daemon", a)) {
			return 2;
		} else {
			fprintf(stderr, "robin daemon: unknown option '%s' (see robin daemon --help)\n", a);
			return 2;
		}
	}
	if (dir) {
		if (abs_path(dir, dirbuf, sizeof dirbuf)) {
			fprintf(stderr, "robin daemon: --dir: path too long\n");
			return 2;
		}
	} else {
		daemon_state_dir(dirbuf, sizeof dirbuf);
	}
	cfg.dir = dirbuf;

	if (!strcmp(verb, "start")) {
		char tmp[4096];
		const char *db = cfg.opts.db ? cfg.opts.db : daemon_default_db(tmp, sizeof tmp);
		if (abs_path(db, dbbuf, sizeof dbbuf)) {
			fprintf(stderr, "robin daemon: --db: path too long\n");
			return 2;
		}
		cfg.db_path = dbbuf;
		return daemon_start(&cfg, stdout) ? 1 : 0;
	}
	if (!strcmp(verb, "stop") || !strcmp(verb, "status") || !strcmp(verb, "flush") ||
	    !strcmp(verb, "epoch")) {
		pid_t pid = daemon_read_pid(cfg.dir);
		if (!pid) {
			fprintf(stderr, "robin daemon: no daemon is running (no live pid in %s/%s)\n",
				cfg.dir, DAEMON_PID_FILE);
			return !strcmp(verb, "status") ? 3 : 1;
		}
		char req[600];
		if (!strcmp(verb, "epoch"))
			snprintf(req, sizeof req, "epoch %s", note);
		else
			snprintf(req, sizeof req, "%s", verb);
		int rc = daemon_request(cfg.dir, req, stdout);
		if (rc == -EREMOTEIO)
			return 1;  /* the daemon answered with an error, printed above */
		if (rc) {
			fprintf(stderr, "robin daemon: cannot reach the daemon (pid %d) at %s/%s: %s\n",
				(int)pid, cfg.dir, DAEMON_SOCKET, strerror(-rc));
			return 1;
		}
		if (!strcmp(verb, "stop") && daemon_wait_gone(cfg.dir, pid)) {
			fprintf(stderr, "robin daemon: pid %d did not stop within 10 s\n", (int)pid);
			return 1;
		}
		return 0;
	}
	fprintf(stderr, "robin daemon: unknown action '%s' (start, stop, status, flush, epoch)\n",
		verb);
	return 2;
}
