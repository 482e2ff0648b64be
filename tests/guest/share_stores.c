/* share_stores: lines shared between cores through plain loads and stores (robin sim --cores).
 *   share_stores false T [N]     T threads (1..8), each N times `counter += i & 3` on its own
 *                                volatile counter, the counters packed in one cache line
 *   share_stores padded T [N]    the same, each counter on its own 128-byte block
 *   share_stores pingpong 2 [N]  two threads hand a flag back and forth N times: thread k
 *                                waits until the flag is 2i + k, then stores 2i + k + 1 (each
 *                                hand-off is one core-to-core transfer of the flag's line)
 * N defaults to 200000. The output does not depend on the interleaving or on the layout, so
 * robin run and robin sim on any number of cores print the same. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_T 8

static volatile long packed[MAX_T] __attribute__((aligned(128)));   /* one line */
static struct { volatile long v; char pad[120]; } padded[MAX_T] __attribute__((aligned(128)));
static volatile long flag __attribute__((aligned(128)));
static int mode;            /* 0 false, 1 padded, 2 pingpong */
static long n_updates;

static void *worker(void *arg)
{
	long id = (long)arg;
	if (mode == 2) {
		for (long i = 0; i < n_updates; i++) {
			while (flag != 2 * i + id)
				;
			flag = 2 * i + id + 1;
		}
		return NULL;
	}
	volatile long *c = mode ? &padded[id].v : &packed[id];
	for (long i = 0; i < n_updates; i++)
		*c += i & 3;
	return NULL;
}

int main(int argc, char **argv)
{
	if (argc < 3)
		return 2;
	mode = !strcmp(argv[1], "padded") ? 1 : !strcmp(argv[1], "pingpong") ? 2 : 0;
	int n_threads = atoi(argv[2]);
	n_updates = argc > 3 ? atol(argv[3]) : 200000;
	if (n_threads < 1 || n_threads > MAX_T || (mode == 2 && n_threads != 2) || n_updates < 1)
		return 2;
	pthread_t t[MAX_T];
	for (long i = 0; i < n_threads; i++)
		if (pthread_create(&t[i], NULL, worker, (void *)i))
			return 1;
	long counts = 0;
	for (long i = 0; i < n_threads; i++) {
		pthread_join(t[i], NULL);
		counts += mode == 1 ? padded[i].v : packed[i];
	}
	if (mode == 2)
		printf("pingpong %ld hand-offs flag %ld\n", 2 * n_updates, flag);
	else
		printf("threads %d counters %ld\n", n_threads, counts);
	return 0;
}
