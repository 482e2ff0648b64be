/* illegal: executing an all-zero (illegal) instruction kills the program with SIGILL. */
#include <stdio.h>

int main(void)
{
	printf("before\n");
	fflush(stdout);
	__asm__ volatile(".4byte 0x00000000");
	printf("after\n");
	return 0;
}
