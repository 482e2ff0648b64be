/*
 * acc_dcpi.c — the DCPI experiment's runs (see acc_dcpi.h): one child `robin sim` per
 * workload (robin's own binary, an empty environment as the suite scripts use, the core
 * configuration passed as a --config file).
 */
#include "analysis/acc_dcpi.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Simulate one workload through `robin sim`; returns its exit status (or 128 + signal, 127
 * when exec failed). */
static int acc_dcpi_simulate(const struct acc_dcpi_opts *o, const char *cfg, const char *db,
			     const struct acc_suite_workload *w)
{
	char period[32], limit[32], argbuf[sizeof(w->args)];
	snprintf(period, sizeof(period), "%" PRIu64, o->period_cycles);
	snprintf(limit, sizeof(limit), "%" PRIu64, o->max_insns);
	const char *argv[18 + ACC_SUITE_ARGS_MAX + 3] = {
		"robin", "sim", "--quiet", "--no-progress", "--config", cfg, "--top", "0", "--profile",
		"dcpi",
		"--period", period, "--db", db
	};
	int k = 14;
	if (o->max_insns) {
		argv[k++] = "--max-insns";
		argv[k++] = limit;
	}
	argv[k++] = "--";
	acc_suite_argv(w, o->size, argbuf, sizeof(argbuf), (char **)argv + k);
	char *envp[] = { NULL };
	pid_t pid = fork();
	if (pid < 0)
		return 127;
	if (!pid) {
		int sink = acc_suite_sink();
		if (sink >= 0)
			dup2(sink, 1);
		execve("/proc/self/exe", (char *const *)argv, envp);
		_exit(127);
	}
	int st;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return 127;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

int acc_dcpi_run(const struct acc_dcpi_opts *o, const struct acc_suite_workload *w, size_t n,
		 struct acc_dcpi_files *f)
{
	const char *dir = getenv("TMPDIR");
	char cfg[sizeof(f->cfg)];
	memset(f, 0, sizeof(*f));
	snprintf(cfg, sizeof(cfg), "%s/robin-dcpi-XXXXXX", dir && *dir ? dir : "/tmp");
	int fd = mkstemp(cfg);
	FILE *cf = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!cf) {
		fprintf(stderr, "robin accuracy: cannot create a temporary file: %s\n", strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	memcpy(f->cfg, cfg, sizeof(cfg));
	config_dump(o->core, cf);
	fclose(cf);
	f->db = o->db_path;
	if (!f->db) {
		snprintf(f->tmpdb, sizeof(f->tmpdb), "%s.db", f->cfg);
		f->db = f->tmpdb;
	}
	for (size_t k = 0; k < n; k++) {
		if (!o->quiet)
			fprintf(stderr, "robin accuracy --dcpi: %s (%zu/%zu)\n", w[k].name, k + 1, n);
		int st = acc_dcpi_simulate(o, f->cfg, f->db, &w[k]);
		if (st && !(st == 124 && o->max_insns)) {
			fprintf(stderr, "robin accuracy: %s: robin sim exited %d\n", w[k].name, st);
			return -1;
		}
	}
	return 0;
}

void acc_dcpi_cleanup(struct acc_dcpi_files *f)
{
	if (f->cfg[0])
		unlink(f->cfg);
	if (f->tmpdb[0]) {
		unlink(f->tmpdb);
		for (int k = 0; k < 2; k++) {
			char side[sizeof(f->tmpdb) + 8];
			snprintf(side, sizeof(side), "%s%s", f->tmpdb, k ? "-shm" : "-wal");
			unlink(side);
		}
	}
	f->cfg[0] = f->tmpdb[0] = 0;
}
