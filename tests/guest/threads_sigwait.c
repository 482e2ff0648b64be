/* threads_sigwait: a thread waits in sigwait for SIGUSR1 while the main thread works, then
 * the main thread sends it with pthread_kill (the signal-handling thread of pbzip2 and many
 * servers); sigtimedwait with a zero timeout polls. Compared with qemu-riscv64. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static sigset_t set;
static int got, rc;

static void *waiter(void *arg)
{
	(void)arg;
	rc = sigwait(&set, &got);
	return NULL;
}

int main(void)
{
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	struct timespec zero = { 0, 0 };
	int r = sigtimedwait(&set, NULL, &zero);
	printf("poll: %d (%s)\n", r, r < 0 ? strerror(errno) : "-");
	pthread_t t;
	pthread_create(&t, NULL, waiter, NULL);
	volatile unsigned long x = 1;
	for (int i = 0; i < 300000; i++)
		x = x * 2862933555777941757ul + 3037000493ul;
	pthread_kill(t, SIGUSR1);
	pthread_join(t, NULL);
	printf("sigwait returned %d, signal %d\n", rc, got);
	return 0;
}
