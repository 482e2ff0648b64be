/* simclock: a guest that times itself, for e2e 320 (the guest's clocks under robin sim).
 *   simclock loop N    times N iterations of a fixed loop with clock_gettime (monotonic and
 *                      process CPU time) and gettimeofday; prints the elapsed times
 *   simclock timer US  arms ITIMER_REAL for US microseconds, spins without system calls
 *                      until SIGALRM's handler runs, prints the monotonic time it took */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>

static long long ts_ns(struct timespec t) { return t.tv_sec * 1000000000LL + t.tv_nsec; }
static long long tv_us(struct timeval t) { return t.tv_sec * 1000000LL + t.tv_usec; }

static volatile sig_atomic_t fired;
static void on_alarm(int sig) { (void)sig; fired = 1; }

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "loop";
	long n = argc > 2 ? atol(argv[2]) : 100000;
	struct timespec a, b, ca, cb;
	if (!strcmp(mode, "loop")) {
		struct timeval ta, tb;
		volatile unsigned long x = 0;
		gettimeofday(&ta, NULL);
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ca);
		clock_gettime(CLOCK_MONOTONIC, &a);
		for (long i = 0; i < n; i++)
			x += (unsigned long)i ^ (x >> 3);
		clock_gettime(CLOCK_MONOTONIC, &b);
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cb);
		gettimeofday(&tb, NULL);
		printf("loop_ns %lld\n", ts_ns(b) - ts_ns(a));
		printf("cpu_ns %lld\n", ts_ns(cb) - ts_ns(ca));
		printf("gettimeofday_us %lld\n", tv_us(tb) - tv_us(ta));
		printf("time_after_2020 %d\n", time(NULL) > 1577836800);
		return 0;
	}
	if (!strcmp(mode, "timer")) {
		struct itimerval it = { { 0, 0 }, { n / 1000000, n % 1000000 } };
		signal(SIGALRM, on_alarm);
		clock_gettime(CLOCK_MONOTONIC, &a);
		setitimer(ITIMER_REAL, &it, NULL);
		unsigned long spins = 0;
		while (!fired)
			spins++;
		clock_gettime(CLOCK_MONOTONIC, &b);
		printf("timer_ns %lld\n", ts_ns(b) - ts_ns(a));
		printf("spun %d\n", spins > 0);
		return 0;
	}
	fprintf(stderr, "usage: simclock loop N | timer US\n");
	return 2;
}
