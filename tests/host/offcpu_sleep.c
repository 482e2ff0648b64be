/*
 * offcpu_sleep.c — host workload of e2e 660 (robin record --off-cpu): computes in compute()
 * for about 0.5 s of CPU, sleeps in sleeper() (nanosleep in steps, about 1.5 s in all), and, in
 * "pipe" mode, also has a second thread that waits on a pipe in reader() while main writes to
 * it after sleeping. Prints "slept_ns N" (the time it measured inside sleeper's nanosleeps) and,
 * in pipe mode, "pipe_wait_ns N" (the time reader spent in read). Build with -O0 -g
 * -fno-omit-frame-pointer so every function keeps its frame.
 * Usage: offcpu_sleep [sleep|pipe]
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static uint64_t cpu_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

volatile uint64_t sink;

__attribute__((noinline)) static void compute(uint64_t ns)
{
	uint64_t t0 = cpu_ns(), x = 1;
	while (cpu_ns() - t0 < ns)
		for (int i = 0; i < 10000; i++)
			x = x * 6364136223846793005ull + 1442695040888963407ull;
	sink = x;
}

/* 30 sleeps of 50 ms; returns the time spent inside them */
__attribute__((noinline)) static uint64_t sleeper(void)
{
	uint64_t total = 0;
	for (int i = 0; i < 30; i++) {
		struct timespec ts = { 0, 50 * 1000000 };
		uint64_t t0 = now_ns();
		nanosleep(&ts, NULL);
		total += now_ns() - t0;
	}
	return total;
}

static int pfd[2];
static uint64_t pipe_wait;

__attribute__((noinline)) static void *reader(void *arg)
{
	(void)arg;
	char b;
	uint64_t t0 = now_ns();
	if (read(pfd[0], &b, 1) != 1)
		b = 0;
	pipe_wait = now_ns() - t0;
	return NULL;
}

int main(int argc, char **argv)
{
	int pipe_mode = argc > 1 && !strcmp(argv[1], "pipe");
	pthread_t th;
	if (pipe_mode) {
		if (pipe(pfd) || pthread_create(&th, NULL, reader, NULL))
			return 1;
	}
	compute(250 * 1000000ull);
	uint64_t slept = sleeper();
	compute(250 * 1000000ull);
	if (pipe_mode) {
		if (write(pfd[1], "x", 1) != 1 || pthread_join(th, NULL))
			return 1;
		printf("pipe_wait_ns %llu\n", (unsigned long long)pipe_wait);
	}
	printf("slept_ns %llu\n", (unsigned long long)slept);
	return 0;
}
