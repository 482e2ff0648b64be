/* threads_signals: per-thread signal masks and pthread_kill (tgkill) reaching the chosen
 * thread, timed waits that time out (pthread_cond_timedwait, pthread_mutex_timedlock,
 * sem_timedwait), a robust mutex whose owner exits (EOWNERDEAD), a lock-free stack updated by
 * compare-and-swap (LR/SC) from several threads, and pthread_exit of the main thread's
 * helpers; the output does not depend on the interleaving. */
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t got_usr1[4];
static __thread int my_index = -1;
static pthread_barrier_t bar;

static void on_usr1(int sig)
{
	(void)sig;
	if (my_index >= 0)
		got_usr1[my_index]++;
}

static void *sig_thread(void *arg)
{
	my_index = (int)(long)arg;
	sigset_t s;
	sigemptyset(&s);
	sigaddset(&s, SIGUSR1);
	/* threads 0 and 2 block SIGUSR1 */
	pthread_sigmask(my_index % 2 == 0 ? SIG_BLOCK : SIG_UNBLOCK, &s, NULL);
	pthread_barrier_wait(&bar);  /* masks set */
	pthread_barrier_wait(&bar);  /* signals sent */
	if (my_index % 2 == 0) {
		sigset_t pend;
		sigpending(&pend);
		got_usr1[my_index] = 10 + sigismember(&pend, SIGUSR1);
		int sig;
		sigwait(&s, &sig);  /* consume it */
	}
	return NULL;
}

static struct timespec in_ms(long ms)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_nsec += (ms % 1000) * 1000000;
	ts.tv_sec += ms / 1000 + ts.tv_nsec / 1000000000;
	ts.tv_nsec %= 1000000000;
	return ts;
}

static pthread_mutex_t held = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t robust;

static void *robust_owner(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&robust);
	return NULL;  /* exits holding it */
}

static void *holder(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&held);
	pthread_barrier_wait(&bar);
	pthread_barrier_wait(&bar);
	pthread_mutex_unlock(&held);
	return NULL;
}

struct node { struct node *next; int v; };
static _Atomic(struct node *) top;
static struct node nodes[4][500];

static void *pusher(void *arg)
{
	long id = (long)arg;
	for (int i = 0; i < 500; i++) {
		struct node *n = &nodes[id][i];
		n->v = (int)(id * 1000 + i);
		struct node *old = atomic_load(&top);
		do
			n->next = old;
		while (!atomic_compare_exchange_weak(&top, &old, n));
	}
	return NULL;
}

int main(void)
{
	signal(SIGUSR1, on_usr1);
	pthread_t t[4];
	pthread_barrier_init(&bar, NULL, 5);
	for (long i = 0; i < 4; i++)
		pthread_create(&t[i], NULL, sig_thread, (void *)i);
	pthread_barrier_wait(&bar);
	for (int i = 0; i < 4; i++)
		pthread_kill(t[i], SIGUSR1);
	pthread_barrier_wait(&bar);
	for (int i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	for (int i = 0; i < 4; i++)
		printf("thread %d: %s\n", i, got_usr1[i] == 1 ? "handled SIGUSR1" :
		       got_usr1[i] == 11 ? "blocked it, pending, taken by sigwait" : "WRONG");

	/* timed waits that expire */
	pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
	pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
	pthread_mutex_lock(&m);
	struct timespec ts = in_ms(20);
	int r = pthread_cond_timedwait(&cv, &m, &ts);
	pthread_mutex_unlock(&m);
	printf("cond_timedwait: %s\n", r == ETIMEDOUT ? "ETIMEDOUT" : strerror(r));
	sem_t sem;
	sem_init(&sem, 0, 0);
	ts = in_ms(20);
	r = sem_timedwait(&sem, &ts);
	printf("sem_timedwait: %s\n", r == -1 && errno == ETIMEDOUT ? "ETIMEDOUT" : "returned");
	pthread_barrier_destroy(&bar);
	pthread_barrier_init(&bar, NULL, 2);
	pthread_t h;
	pthread_create(&h, NULL, holder, NULL);
	pthread_barrier_wait(&bar);
	ts = in_ms(20);
	r = pthread_mutex_timedlock(&held, &ts);
	printf("mutex_timedlock on a held mutex: %s\n", r == ETIMEDOUT ? "ETIMEDOUT" : strerror(r));
	pthread_barrier_wait(&bar);
	pthread_join(h, NULL);

	/* robust mutex: the owner exits holding it */
	pthread_mutexattr_t ma;
	pthread_mutexattr_init(&ma);
	pthread_mutexattr_setrobust(&ma, PTHREAD_MUTEX_ROBUST);
	pthread_mutex_init(&robust, &ma);
	pthread_create(&h, NULL, robust_owner, NULL);
	pthread_join(h, NULL);
	r = pthread_mutex_lock(&robust);
	printf("robust mutex after its owner exited: %s\n", r == EOWNERDEAD ? "EOWNERDEAD" : strerror(r));
	if (r == EOWNERDEAD)
		pthread_mutex_consistent(&robust);
	pthread_mutex_unlock(&robust);

	/* lock-free stack */
	for (long i = 0; i < 4; i++)
		pthread_create(&t[i], NULL, pusher, (void *)i);
	for (int i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	long n = 0, sum = 0;
	for (struct node *p = atomic_load(&top); p; p = p->next) {
		n++;
		sum += p->v;
	}
	printf("lock-free stack: %ld nodes, sum %ld\n", n, sum);
	return 0;
}
