/*
 * ckpt_pipe.c — a program that keeps a self-pipe across a checkpoint: it writes bytes
 * (a NUL among them) into a pipe whose both ends it holds, computes for a few million
 * instructions (where e2e 252 checkpoints it), then reads the bytes back and uses the pipe
 * again. With the argument "lone" it closes the write end first: a lone read end, which a
 * checkpoint cannot recreate (e2e 253 expects the refusal).
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	int p[2];
	if (pipe(p))
		return 2;
	if (write(p[1], "abc\0def", 7) != 7)
		return 3;
	if (argc > 1 && !strcmp(argv[1], "lone"))
		close(p[1]);
	volatile unsigned long x = 0;
	for (unsigned long i = 0; i < 2000000; i++)
		x += i * i ^ (x >> 3);
	char buf[16] = { 0 };
	ssize_t n = read(p[0], buf, 7);
	printf("read %zd: %s %s, sum %lu\n", n, buf, buf + 4, x);
	if (argc > 1)
		return 0;
	if (write(p[1], "xyz", 3) != 3 || read(p[0], buf, 3) != 3)
		return 4;
	printf("again: %.3s; flags %d\n", buf, fcntl(p[0], F_GETFD) & FD_CLOEXEC);
	return 0;
}
