/* hermetic: what a guest can learn of the world it runs in, for robin's --hermetic test (not
 * compared with qemu): its pid and parent, four threads' tids, a forked child's pid as the
 * parent and the child see it (and kill/waitpid by it), /proc/self/stat's pid, its program
 * path (argv[0], readlink /proc/self/exe), uname, the environment, and work seeded from the pid
 * so that the instruction count follows the pid. */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;
static int tids[4];

static void *worker(void *arg)
{
	int k = (int)(long)arg;
	tids[k] = (int)syscall(SYS_gettid);
	volatile unsigned long x = (unsigned long)tids[k];
	for (int i = 0; i < 20000 * (k + 1); i++)
		x = x * 6364136223846793005ul + 1442695040888963407ul;
	return NULL;
}

int main(int argc, char **argv)
{
	(void)argc;
	printf("pid %d ppid %d tid %ld\n", getpid(), getppid(), syscall(SYS_gettid));
	pthread_t t[4];
	for (long k = 0; k < 4; k++)
		pthread_create(&t[k], NULL, worker, (void *)k);
	for (int k = 0; k < 4; k++)
		pthread_join(t[k], NULL);
	printf("tids %d %d %d %d\n", tids[0], tids[1], tids[2], tids[3]);
	fflush(stdout);
	int p[2];
	if (pipe(p))
		return 1;
	pid_t c = fork();
	if (c == 0) {
		char b[64];
		int n = snprintf(b, sizeof(b), "%d %d", getpid(), getppid());
		if (write(p[1], b, (size_t)n) != n)
			_exit(2);
		pause();
		_exit(3);
	}
	char b[64] = { 0 };
	if (read(p[0], b, sizeof(b) - 1) <= 0)
		return 1;
	int st = 0;
	int killed = kill(c, SIGTERM);
	pid_t w = waitpid(c, &st, 0);
	printf("child %d sees \"%s\" kill %d waitpid %s signal %d\n", (int)c, b, killed,
	       w == c ? "same" : "other", WIFSIGNALED(st) ? WTERMSIG(st) : -1);
	FILE *f = fopen("/proc/self/stat", "r");
	int spid = -1, sppid = -1;
	if (f) {
		if (fscanf(f, "%d %*s %*c %d", &spid, &sppid) != 2)
			spid = -2;
		fclose(f);
	}
	char exe[4096] = { 0 };
	if (readlink("/proc/self/exe", exe, sizeof(exe) - 1) < 0)
		strcpy(exe, "?");
	struct utsname u;
	uname(&u);
	int nenv = 0;
	for (char **e = environ; *e; e++)
		nenv++;
	printf("stat %d %d argv0 %s exe %s uname %s %s %s\n", spid, sppid, argv[0], exe, u.sysname,
	       u.nodename, u.machine);
	printf("env %d PATH=%s HOME=%s ROBIN_T=%s\n", nenv, getenv("PATH") ? getenv("PATH") : "-",
	       getenv("HOME") ? getenv("HOME") : "-", getenv("ROBIN_T") ? getenv("ROBIN_T") : "-");
	srand((unsigned)getpid());
	volatile long s = 0;
	for (int i = 0, n = 1000 + rand() % 1000; i < n; i++)
		s += rand() % 7;
	printf("seeded %ld\n", (long)s);
	return 0;
}
