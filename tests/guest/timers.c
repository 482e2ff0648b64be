/*
 * timers.c — guest program for tests/e2e/906: interval timers and the waits they end.
 * usage: timers MODE
 *   alarm     alarm(1); pause(): killed by SIGALRM (exit status 142 under a shell)
 *   handler   setitimer(ITIMER_REAL, 20 ms periodic) with a handler; pause() 3 times,
 *             nanosleep interrupted, sigsuspend; prints "ticks N"
 *   spin      a 50 ms one-shot ITIMER_REAL with a handler, then a busy loop without system
 *             calls until it runs
 *   virtual   ITIMER_VIRTUAL 1 ms: a busy loop until SIGVTALRM's handler runs
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t ticks;

static void on_tick(int sig) { (void)sig; ticks++; }

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "alarm";
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_tick;
	if (!strcmp(mode, "alarm")) {
		alarm(1);
		pause();
		puts("not reached");
		return 0;
	}
	if (!strcmp(mode, "handler")) {
		sigaction(SIGALRM, &sa, NULL);
		struct itimerval it = { { 0, 20000 }, { 0, 20000 } };
		setitimer(ITIMER_REAL, &it, NULL);
		for (int i = 0; i < 3; i++)
			pause();
		struct timespec ts = { 10, 0 };
		int r = nanosleep(&ts, NULL);
		printf("nanosleep %d\n", r);
		sigset_t none;
		sigemptyset(&none);
		sigsuspend(&none);
		struct itimerval cur;
		getitimer(ITIMER_REAL, &cur);
		printf("interval %ld us\n", (long)cur.it_interval.tv_usec);
		it.it_value.tv_usec = 0;
		it.it_interval.tv_usec = 0;
		setitimer(ITIMER_REAL, &it, NULL);
		printf("ticks %d\n", (int)ticks);
		return 0;
	}
	if (!strcmp(mode, "spin")) {
		sigaction(SIGALRM, &sa, NULL);
		struct itimerval it = { { 0, 0 }, { 0, 50000 } };
		setitimer(ITIMER_REAL, &it, NULL);
		while (!ticks)
			;
		puts("spin ok");
		return 0;
	}
	if (!strcmp(mode, "virtual")) {
		sigaction(SIGVTALRM, &sa, NULL);
		struct itimerval it = { { 0, 0 }, { 0, 1000 } };
		setitimer(ITIMER_VIRTUAL, &it, NULL);
		while (!ticks)
			;
		puts("virtual ok");
		return 0;
	}
	return 2;
}
