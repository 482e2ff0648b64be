/* fork_jit: forks while robin's translator is busy. Each round runs hot loops (translated
 * and chained on their 16th entry), forks, and parent and child then translate and chain new
 * code of their own and run the old code again: their translated code must stay separate
 * (robin maps a copy of the code into the child) and every result equal qemu's. */
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

__attribute__((noinline)) static unsigned long mix(unsigned long h, int n, int k)
{
	for (int i = 0; i < n; i++) {
		if ((h >> k) & 1)
			h = h * 6364136223846793005ul + 1442695040888963407ul;
		else
			h ^= h >> (7 + k);
	}
	return h;
}

__attribute__((noinline)) static unsigned long child_work(unsigned long h, int r)
{
	for (int j = 0; j < 200; j++)
		h = mix(h, 50 + r, j % 5) + (unsigned long)j;
	return h;
}

__attribute__((noinline)) static unsigned long parent_work(unsigned long h, int r)
{
	for (int j = 0; j < 200; j++)
		h = mix(h ^ (unsigned long)r, 40, 1 + j % 3) - (unsigned long)j;
	return h;
}

int main(void)
{
	unsigned long h = 1;
	for (int r = 0; r < 12; r++) {
		h = mix(h, 5000, r % 7);
		fflush(stdout);
		pid_t p = fork();
		if (p < 0)
			return 1;
		if (p == 0) {
			unsigned long c = child_work(h, r);
			c = mix(c, 3000, (r + 3) % 7);
			printf("round %d child %016lx\n", r, c);
			return 0;
		}
		int st;
		waitpid(p, &st, 0);
		h = parent_work(h, r);
		h = mix(h, 3000, (r + 5) % 7);
		printf("round %d parent %016lx status %d\n", r, h, st);
	}
	return 0;
}
