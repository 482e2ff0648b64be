/* deadlock: two threads take two mutexes in opposite orders after meeting at a barrier, so
 * each waits for the other forever (robin reports the deadlock and names both threads). */
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m1 = PTHREAD_MUTEX_INITIALIZER, m2 = PTHREAD_MUTEX_INITIALIZER;
static pthread_barrier_t b;

static void *other(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&m2);
	pthread_barrier_wait(&b);
	pthread_mutex_lock(&m1);
	return NULL;
}

int main(void)
{
	pthread_t t;
	pthread_barrier_init(&b, NULL, 2);
	pthread_create(&t, NULL, other, NULL);
	pthread_mutex_lock(&m1);
	pthread_barrier_wait(&b);
	printf("both hold one lock\n");
	fflush(stdout);
	pthread_mutex_lock(&m2);
	pthread_join(t, NULL);
	return 0;
}
