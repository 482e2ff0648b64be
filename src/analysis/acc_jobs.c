/*
 * acc_jobs.c — one child process per workload (see acc_jobs.h): fork, a pipe per child, the
 * guest's standard input and output on /dev/null in the child.
 */
#include "analysis/acc_jobs.h"
#include "analysis/acc_suite.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

struct acc_jobs_child {
	pid_t pid;
	int fd;
	size_t idx;
	double t0;
};

double acc_jobs_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Write or read all of buf; returns the bytes left when the pipe ended early. */
static size_t acc_jobs_xfer(int fd, void *buf, size_t size, int writing)
{
	char *b = buf;
	size_t left = size;
	while (left) {
		ssize_t k = writing ? write(fd, b, left) : read(fd, b, left);
		if (k <= 0)
			break;
		b += k;
		left -= (size_t)k;
	}
	return left;
}

/* Start the simulation of workload idx in a child process that writes its result to the
 * pipe returned in *fd_out. Returns the child's pid, or -1 with errno set. */
static pid_t acc_jobs_spawn(const struct acc_jobs_ops *ops, void *ctx, size_t idx,
			    size_t result_size, int *fd_out)
{
	int fds[2];
	if (pipe(fds))
		return -1;
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (pid == 0) {
		close(fds[0]);
		/* the guest's output is not ours to print: a temporary file takes it */
		int null = open("/dev/null", O_RDONLY), sink = acc_suite_sink();
		if (null >= 0) {
			dup2(null, STDIN_FILENO);
			close(null);
		}
		if (sink >= 0) {
			dup2(sink, STDOUT_FILENO);
			close(sink);
		}
		void *r = calloc(1, result_size);
		int code = 3;
		if (r) {
			ops->simulate(ctx, idx, r);
			code = acc_jobs_xfer(fds[1], r, result_size, 1) ? 3 : 0;
		}
		free(r);
		if (ops->release)
			ops->release(ctx);
		_exit(code);
	}
	close(fds[1]);
	*fd_out = fds[0];
	return pid;
}

/* Read the result of child j into r (its exit status already in *status when reaped, else
 * wait for it); a short result becomes a failure naming how the child ended. Returns 0, or
 * -1 after naming the failure on stderr. */
static int acc_jobs_collect(const struct acc_jobs_ops *ops, void *ctx,
			    const struct acc_jobs_child *j, int reaped, int status, void *r,
			    size_t result_size)
{
	struct acc_jobs_status *st = r;
	size_t left = acc_jobs_xfer(j->fd, r, result_size, 0);
	close(j->fd);
	if (!reaped) {
		status = 0;
		waitpid(j->pid, &status, 0);
	}
	if (left) {
		memset(r, 0, result_size);
		if (WIFSIGNALED(status))
			snprintf(st->msg, sizeof(st->msg), "the simulation died of signal %d",
			         WTERMSIG(status));
		else
			snprintf(st->msg, sizeof(st->msg), "the simulation exited with status %d",
			         WEXITSTATUS(status));
	}
	if (!st->ok) {
		fprintf(stderr, "robin accuracy: %s: %s\n", ops->name(ctx, j->idx), st->msg);
		return -1;
	}
	return 0;
}

int acc_jobs_run(const struct acc_jobs_ops *ops, void *ctx, size_t n, unsigned jobs,
		 void *results, size_t result_size)
{
	struct acc_jobs_child child[ACC_JOBS_MAX];
	size_t next = 0, running = 0, done = 0;
	int failed = 0;
	unsigned maxj = jobs < ACC_JOBS_MAX ? jobs : ACC_JOBS_MAX;
	char *res = results;
	while (done < n) {
		while (running < maxj && next < n) {
			struct acc_jobs_child *j = &child[running];
			j->idx = next;
			j->t0 = acc_jobs_now();
			j->pid = acc_jobs_spawn(ops, ctx, next, result_size, &j->fd);
			if (j->pid < 0) {
				int err = errno;
				fprintf(stderr, "robin accuracy: cannot start a simulation: %s\n",
				        strerror(err));
				return err ? -err : -EAGAIN;
			}
			running++;
			next++;
		}
		/* a child that has ended is collected first; else block on the oldest one's pipe */
		int status;
		pid_t pid = waitpid(-1, &status, WNOHANG);
		size_t k = running;
		if (pid > 0) {
			for (k = 0; k < running && child[k].pid != pid; k++)
				;
		} else {
			k = 0;
		}
		if (k == running)
			continue;
		struct acc_jobs_child j = child[k];
		void *r = res + j.idx * result_size;
		if (acc_jobs_collect(ops, ctx, &j, pid > 0, status, r, result_size))
			failed = 1;
		child[k] = child[--running];
		done++;
		if (ops->progress && ((struct acc_jobs_status *)r)->ok)
			ops->progress(ctx, j.idx, done, n, acc_jobs_now() - j.t0);
	}
	return failed ? -ECHILD : 0;
}
