/* segv: a store through a null pointer kills the program with SIGSEGV (exit 139). */
#include <stdio.h>

int main(int argc, char **argv)
{
	(void)argv;
	volatile long *p = (long *)(long)(argc - 1);
	printf("before\n");
	fflush(stdout);
	*p = 42;
	printf("after\n");
	return 0;
}
