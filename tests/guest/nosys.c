/* nosys: system calls robin does not implement return ENOSYS (the program goes on), and
 * robin warns once per number. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(void)
{
	for (int i = 0; i < 3; i++) {
		long r = syscall(999, 1, 2, 3);
		printf("syscall 999: %ld %s\n", r, strerror(errno));
	}
	long r = syscall(SYS_io_setup, 1, 0);
	printf("io_setup: %ld %s\n", r, strerror(errno));
	return 0;
}
