/* procs: fork, a producer/consumer over a pipe between processes, wait4 and waitid statuses,
 * vfork + _exit, and clone without CLONE_VM; output in a fixed order. */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int global = 5;
static volatile sig_atomic_t sigchld_count;

static void on_sigchld(int sig)
{
	(void)sig;
	sigchld_count++;
}

int main(void)
{
	int fd[2];
	signal(SIGCHLD, on_sigchld);
	if (pipe(fd)) {
		perror("pipe");
		return 1;
	}
	fflush(stdout);
	pid_t pid = fork();
	if (pid < 0) {
		perror("fork");
		return 1;
	}
	if (pid == 0) {  /* producer */
		close(fd[0]);
		global = 99;
		for (int i = 1; i <= 1000; i++) {
			char line[32];
			int n = snprintf(line, sizeof(line), "%d\n", i);
			if (write(fd[1], line, (size_t)n) != n)
				_exit(2);
		}
		close(fd[1]);
		_exit(7);
	}
	close(fd[1]);
	FILE *in = fdopen(fd[0], "r");
	long sum = 0, lines = 0, v;
	while (fscanf(in, "%ld", &v) == 1) {
		sum += v;
		lines++;
	}
	fclose(in);
	int st;
	if (waitpid(pid, &st, 0) != pid)
		return 1;
	printf("consumer: %ld lines, sum %ld\n", lines, sum);
	printf("child exit: %s %d; parent's global still %d\n", WIFEXITED(st) ? "exited" : "other",
	       WEXITSTATUS(st), global);

	fflush(stdout);
	pid = vfork();
	if (pid == 0)
		_exit(3);
	siginfo_t si;
	memset(&si, 0, sizeof(si));
	if (waitid(P_PID, (id_t)pid, &si, WEXITED))
		return 1;
	printf("vfork child: code %s status %d\n", si.si_code == CLD_EXITED ? "CLD_EXITED" : "?",
	       si.si_status);

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		printf("second child writes its own line\n");
		return 0;
	}
	waitpid(pid, &st, 0);
	printf("second child status %d\n", WEXITSTATUS(st));
	if (wait(NULL) != -1)
		return 1;
	printf("no more children\n");
	printf("SIGCHLD handled: %s\n", sigchld_count > 0 ? "yes" : "no");
	return 0;
}
