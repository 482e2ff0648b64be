/* ebreak: a breakpoint instruction without a debugger kills the program with SIGTRAP. */
#include <stdio.h>

int main(void)
{
	printf("before\n");
	fflush(stdout);
	__asm__ volatile("ebreak");
	printf("after\n");
	return 0;
}
