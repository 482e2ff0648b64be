/* threads_share: a parallel sum over T threads (argv[2], default 2) followed by per-thread
 * counters updated N times by atomic adds, either packed in one cache line (argv[1] = "false": false
 * sharing, every update invalidates the other cores' copy) or each on its own line
 * ("padded"). The output does not depend on the interleaving or on the layout, so robin run,
 * robin sim on any number of cores and qemu-riscv64 print the same. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N_ELEMS (1 << 16)
#define N_UPDATES 200000
#define MAX_T 8

static long data[N_ELEMS];
static long partial[MAX_T];
static volatile long packed[MAX_T];                       /* one line: false sharing */
static struct { volatile long v; char pad[56]; } padded[MAX_T] __attribute__((aligned(64)));
static int use_padded, n_threads;

static void *worker(void *arg)
{
	long id = (long)arg, s = 0;
	long lo = id * (N_ELEMS / n_threads), hi = lo + N_ELEMS / n_threads;
	for (long i = lo; i < hi; i++)
		s += data[i] * (i & 7);
	partial[id] = s;
	volatile long *c = use_padded ? &padded[id].v : &packed[id];
	for (long i = 0; i < N_UPDATES; i++)
		__atomic_fetch_add(c, i & 3, __ATOMIC_RELAXED);
	return NULL;
}

int main(int argc, char **argv)
{
	use_padded = argc > 1 && !strcmp(argv[1], "padded");
	n_threads = argc > 2 ? atoi(argv[2]) : 2;
	if (n_threads < 1 || n_threads > MAX_T)
		return 2;
	for (long i = 0; i < N_ELEMS; i++)
		data[i] = (i * 2654435761u) % 1000;
	pthread_t t[MAX_T];
	for (long i = 0; i < n_threads; i++)
		if (pthread_create(&t[i], NULL, worker, (void *)i))
			return 1;
	long sum = 0, counts = 0;
	for (long i = 0; i < n_threads; i++) {
		pthread_join(t[i], NULL);
		sum += partial[i];
		counts += use_padded ? padded[i].v : packed[i];
	}
	printf("threads %d sum %ld counters %ld\n", n_threads, sum, counts);
	return 0;
}
