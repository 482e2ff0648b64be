/* threads_pipe: two threads of one process talk over pipes (a ping-pong of 200 messages and a
 * bulk transfer larger than the pipe's buffer): a blocking read or write of one thread must
 * let the other run. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int to_child[2], to_parent[2], bulk[2];

static void *echo(void *arg)
{
	(void)arg;
	int v;
	while (read(to_child[0], &v, sizeof(v)) == (ssize_t)sizeof(v) && v >= 0) {
		v *= 2;
		if (write(to_parent[1], &v, sizeof(v)) != (ssize_t)sizeof(v))
			return NULL;
	}
	static char buf[1 << 20];
	memset(buf, 'x', sizeof(buf));
	size_t off = 0;
	while (off < sizeof(buf)) {  /* 1 MiB into a 64 KiB pipe: blocks until the reader reads */
		ssize_t w = write(bulk[1], buf + off, sizeof(buf) - off);
		if (w <= 0)
			return NULL;
		off += (size_t)w;
	}
	close(bulk[1]);
	return NULL;
}

int main(void)
{
	if (pipe(to_child) || pipe(to_parent) || pipe(bulk))
		return 1;
	pthread_t t;
	pthread_create(&t, NULL, echo, NULL);
	long sum = 0;
	for (int i = 0; i < 200; i++) {
		int v;
		if (write(to_child[1], &i, sizeof(i)) != (ssize_t)sizeof(i) ||
		    read(to_parent[0], &v, sizeof(v)) != (ssize_t)sizeof(v))
			return 1;
		sum += v;
	}
	int stop = -1;
	if (write(to_child[1], &stop, sizeof(stop)) != (ssize_t)sizeof(stop))
		return 1;
	char buf[4096];
	long total = 0, xs = 0;
	ssize_t r;
	while ((r = read(bulk[0], buf, sizeof(buf))) > 0) {
		total += r;
		for (ssize_t k = 0; k < r; k++)
			xs += buf[k] == 'x';
	}
	pthread_join(t, NULL);
	printf("ping-pong sum %ld\n", sum);
	printf("bulk %ld bytes, %ld x\n", total, xs);
	return 0;
}
