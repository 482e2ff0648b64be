/* recursion: deep recursion (about 6 MiB of stack in 100000 frames) works within the 8 MiB
 * stack limit. */
#include <stdio.h>

__attribute__((noinline)) static long depth(long n, volatile char *prev)
{
	volatile char pad[40];
	pad[0] = (char)n;
	pad[39] = prev ? prev[0] : 0;
	if (n == 0)
		return pad[0];
	return depth(n - 1, pad) + 1 + (pad[39] & 0);
}

int main(void)
{
	printf("depth %ld\n", depth(100000, NULL));
	return 0;
}
