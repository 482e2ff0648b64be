/* busfault: touching a file mapping beyond the end of the file is SIGBUS (exit 135). */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

int main(void)
{
	char path[] = "/tmp/robin_busfault_XXXXXX";
	int fd = mkstemp(path);
	if (fd < 0 || write(fd, "abc", 3) != 3) { perror("file"); return 1; }
	unlink(path);
	long pg = sysconf(_SC_PAGESIZE);
	volatile char *p = mmap(NULL, 4 * pg, PROT_READ, MAP_PRIVATE, fd, 0);
	if (p == MAP_FAILED) { perror("mmap"); return 1; }
	printf("in the file %c, rest of the page %d\n", p[1], p[100]);
	fflush(stdout);
	printf("beyond %d\n", p[2 * pg]);
	return 0;
}
