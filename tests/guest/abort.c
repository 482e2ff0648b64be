/* abort: abort() raises SIGABRT (exit 134); an atexit handler must not run. */
#include <stdio.h>
#include <stdlib.h>

static void never(void) { printf("atexit ran\n"); }

int main(void)
{
	atexit(never);
	printf("before\n");
	fflush(stdout);
	abort();
}
