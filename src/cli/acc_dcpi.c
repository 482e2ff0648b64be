/*
 * acc_dcpi.c — the DCPI experiment of `robin accuracy --dcpi` (see acc_dcpi.h): one child
 * `robin sim` per workload (robin's own binary, an empty environment as the suite scripts
 * use, the core configuration passed as a --config file) recording the issue-head samples,
 * the exact counts and the event counts the estimate uses (as bench/dcpi.sh), then the
 * evaluation.
 */
#include "cli/acc_dcpi.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "profile/profile_db.h"
#include "report/dcpi_report.h"

/* Run one workload; returns its exit status (or 128 + signal, 127 when exec failed). */
static int acc_dcpi_sim(const struct acc_dcpi_opts *o, const char *cfg, const char *db,
			const char *path)
{
	char period[32];
	snprintf(period, sizeof(period), "%" PRIu64, o->period_cycles);
	const char *argv[20] = { "robin", "sim", "--quiet", "--no-progress", "--config", cfg,
	                         "--top", "0", "--profile",
	                         "issue-head,dcpix,dcpix-taken,dcpix-imiss,dcpix-dmiss,dcpix-dtlb,"
	                         "dcpix-mispredict",
	                         "--period", period, "--db", db, "--", path, NULL, NULL };
	if (o->size)
		argv[16] = o->size;
	char *envp[] = { NULL };
	pid_t pid = fork();
	if (pid < 0)
		return 127;
	if (!pid) {
		int null = open("/dev/null", O_WRONLY);
		if (null >= 0)
			dup2(null, 1);
		execve("/proc/self/exe", (char *const *)argv, envp);
		_exit(127);
	}
	int st;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return 127;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

int acc_dcpi_run(const struct acc_dcpi_opts *o, const char *const *names,
		 const char *const *paths, size_t n)
{
	const char *dir = getenv("TMPDIR");
	char cfg[2048], tmpdb[2100] = "";
	int rc = 1;
	snprintf(cfg, sizeof(cfg), "%s/robin-dcpi-XXXXXX", dir && *dir ? dir : "/tmp");
	int fd = mkstemp(cfg);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!f) {
		fprintf(stderr, "robin accuracy: cannot create a temporary file: %s\n", strerror(errno));
		if (fd >= 0)
			close(fd);
		return 1;
	}
	config_dump(o->core, f);
	fclose(f);
	const char *db = o->db_path;
	if (!db) {
		snprintf(tmpdb, sizeof(tmpdb), "%s.db", cfg);
		db = tmpdb;
	}
	for (size_t k = 0; k < n; k++) {
		if (!o->quiet)
			fprintf(stderr, "robin accuracy --dcpi: %s (%zu/%zu)\n", names[k], k + 1, n);
		int st = acc_dcpi_sim(o, cfg, db, paths[k]);
		if (st) {
			fprintf(stderr, "robin accuracy: %s: robin sim exited %d\n", names[k], st);
			goto out;
		}
	}
	struct profile_db *pdb = NULL;
	char err[PROFILE_DB_ERR_MAX];
	if (profile_db_open(db, PROFILE_DB_READONLY, &pdb, err)) {
		fprintf(stderr, "robin accuracy: %s\n", err);
		goto out;
	}
	struct profile_db_filter all = { 0 };
	rc = dcpi_report_evaluate(pdb, &all, NULL, o->json, "accuracy") ? 1 : 0;
	profile_db_close(pdb);
out:
	unlink(cfg);
	if (tmpdb[0]) {
		unlink(tmpdb);
		for (int k = 0; k < 2; k++) {
			char side[4200];
			snprintf(side, sizeof(side), "%s%s", tmpdb, k ? "-shm" : "-wal");
			unlink(side);
		}
	}
	return rc;
}
