/* illegal: reading a machine-mode CSR (mstatus) from user mode is an illegal instruction:
 * the program dies of SIGILL. */
#include <stdio.h>

int main(void)
{
	unsigned long v;
	printf("before\n");
	fflush(stdout);
	__asm__ volatile("csrr %0, mstatus" : "=r"(v));
	printf("after %lu\n", v);
	return 0;
}
