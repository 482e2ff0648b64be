/* timeclock: clock_gettime (realtime, monotonic, process CPU time), gettimeofday, time(),
 * nanosleep; prints properties (monotonic, plausible), never values. */
#include <stdio.h>
#include <sys/time.h>
#include <time.h>

static long long ns(struct timespec t) { return t.tv_sec * 1000000000LL + t.tv_nsec; }

int main(void)
{
	struct timespec a, b, r, c;
	clock_gettime(CLOCK_MONOTONIC, &a);
	volatile unsigned long x = 0;
	for (int i = 0; i < 100000; i++) x += (unsigned long)i;
	clock_gettime(CLOCK_MONOTONIC, &b);
	printf("monotonic advances %d\n", ns(b) > ns(a));
	clock_gettime(CLOCK_REALTIME, &r);
	printf("realtime after 2020 %d\n", r.tv_sec > 1577836800);
	struct timeval tv;
	gettimeofday(&tv, NULL);
	printf("gettimeofday agrees %d\n", tv.tv_sec - r.tv_sec < 5 && r.tv_sec - tv.tv_sec < 5);
	printf("time agrees %d\n", time(NULL) - r.tv_sec < 5);
	printf("cputime ok %d\n", clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c) == 0 && ns(c) >= 0);
	struct timespec s = { 0, 20 * 1000 * 1000 };
	clock_gettime(CLOCK_MONOTONIC, &a);
	nanosleep(&s, NULL);
	clock_gettime(CLOCK_MONOTONIC, &b);
	printf("slept at least 20 ms %d\n", ns(b) - ns(a) >= 20000000);
	printf("clock() ok %d\n", clock() >= 0);
	printf("bad clock %d\n", clock_gettime(12345, &a));
	return 0;
}
