/* threads_sync: pthread mutexes, condition variables, barriers, thread-local storage, C11
 * atomics, LR/SC-based lock-free updates and the join of many threads; every result is
 * independent of the interleaving, so robin and qemu-riscv64 print the same. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#define N_WORKERS 8
#define N_ITERS 20000
#define N_MANY 100
#define QUEUE 16
#define N_ITEMS 5000

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static long counter;
static atomic_long acounter;
static __thread long tls_sum;
static long tls_report[N_WORKERS];

static void *worker(void *arg)
{
	long id = (long)arg;
	for (int i = 0; i < N_ITERS; i++) {
		pthread_mutex_lock(&lock);
		counter++;
		pthread_mutex_unlock(&lock);
		atomic_fetch_add(&acounter, 1);
		tls_sum += id;
	}
	tls_report[id] = tls_sum;
	return (void *)(id * 10);
}

/* bounded queue with two condition variables */
static int q[QUEUE], q_head, q_tail, q_len;
static pthread_mutex_t q_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t q_not_empty = PTHREAD_COND_INITIALIZER, q_not_full = PTHREAD_COND_INITIALIZER;

static void *producer(void *arg)
{
	(void)arg;
	for (int i = 1; i <= N_ITEMS; i++) {
		pthread_mutex_lock(&q_lock);
		while (q_len == QUEUE)
			pthread_cond_wait(&q_not_full, &q_lock);
		q[q_tail] = i;
		q_tail = (q_tail + 1) % QUEUE;
		q_len++;
		pthread_cond_signal(&q_not_empty);
		pthread_mutex_unlock(&q_lock);
	}
	return NULL;
}

static void *consumer(void *arg)
{
	long sum = 0;
	(void)arg;
	for (int i = 0; i < N_ITEMS; i++) {
		pthread_mutex_lock(&q_lock);
		while (q_len == 0)
			pthread_cond_wait(&q_not_empty, &q_lock);
		sum += q[q_head];
		q_head = (q_head + 1) % QUEUE;
		q_len--;
		pthread_cond_signal(&q_not_full);
		pthread_mutex_unlock(&q_lock);
	}
	return (void *)sum;
}

static pthread_barrier_t barrier;
static int phase_seen[4][4];
static int phase;
static pthread_mutex_t phase_lock = PTHREAD_MUTEX_INITIALIZER;

static void *stepper(void *arg)
{
	long id = (long)arg;
	for (int p = 0; p < 4; p++) {
		pthread_mutex_lock(&phase_lock);
		phase_seen[p][id] = phase;
		pthread_mutex_unlock(&phase_lock);
		if (pthread_barrier_wait(&barrier) == PTHREAD_BARRIER_SERIAL_THREAD) {
			pthread_mutex_lock(&phase_lock);
			phase++;
			pthread_mutex_unlock(&phase_lock);
		}
		pthread_barrier_wait(&barrier);
	}
	return NULL;
}

static void *tiny(void *arg)
{
	return (void *)((long)arg * (long)arg);
}

int main(void)
{
	pthread_t t[N_MANY];
	for (long i = 0; i < N_WORKERS; i++)
		pthread_create(&t[i], NULL, worker, (void *)i);
	long rets = 0;
	for (int i = 0; i < N_WORKERS; i++) {
		void *r;
		pthread_join(t[i], &r);
		rets += (long)r;
	}
	printf("mutex counter %ld (expect %d)\n", counter, N_WORKERS * N_ITERS);
	printf("atomic counter %ld\n", (long)atomic_load(&acounter));
	printf("join values %ld\n", rets);
	for (int i = 0; i < N_WORKERS; i++)
		printf("tls[%d] %ld\n", i, tls_report[i]);
	printf("main tls %ld\n", tls_sum);

	pthread_t p, c;
	void *sum;
	pthread_create(&c, NULL, consumer, NULL);
	pthread_create(&p, NULL, producer, NULL);
	pthread_join(p, NULL);
	pthread_join(c, &sum);
	printf("queue sum %ld (expect %ld)\n", (long)sum, (long)N_ITEMS * (N_ITEMS + 1) / 2);

	pthread_barrier_init(&barrier, NULL, 4);
	for (long i = 0; i < 4; i++)
		pthread_create(&t[i], NULL, stepper, (void *)i);
	for (int i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	int ok = 1;
	for (int ph = 0; ph < 4; ph++)
		for (int i = 0; i < 4; i++)
			ok &= phase_seen[ph][i] == ph;
	printf("barrier phases %s\n", ok ? "in order" : "MIXED");

	long total = 0;
	for (long i = 0; i < N_MANY; i++)
		if (pthread_create(&t[i], NULL, tiny, (void *)i)) {
			printf("pthread_create %ld failed\n", i);
			return 1;
		}
	for (int i = 0; i < N_MANY; i++) {
		void *r;
		pthread_join(t[i], &r);
		total += (long)r;
	}
	printf("joined %d threads, sum of squares %ld\n", N_MANY, total);
	return counter == N_WORKERS * N_ITERS ? 3 : 1;
}
