/* devrandom: reads the kernel's random devices every way a program does — read, readv, pread
 * and a dup of /dev/urandom, read of /dev/random, an fopen'ed stream — and prints the bytes in
 * hex, with getrandom's after them, then does work whose length follows the first bytes (as a
 * program seeding a hash table from /dev/urandom does), for robin's --hermetic test: under
 * --hermetic the same --seed gives the same bytes and instruction count (not compared with
 * qemu). It reads /dev/null before it opens a random device (robin looks at the descriptors
 * it holds at its first read, and at each one it opens after). "devrandom stdin" reads 16
 * bytes of its standard input instead (a device it was started with). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <sys/random.h>
#include <sys/uio.h>
#include <unistd.h>

static void hex(const char *what, const unsigned char *b, int n)
{
	printf("%s ", what);
	for (int i = 0; i < n; i++)
		printf("%02x", b[i]);
	printf("\n");
}

int main(int argc, char **argv)
{
	(void)argv;
	unsigned char a[16], b[8], c[8], d[16];
	if (argc > 1) {
		if (read(0, a, sizeof(a)) != (ssize_t)sizeof(a))
			return 1;
		hex("stdin", a, sizeof(a));
		return 0;
	}
	int z = open("/dev/null", O_RDONLY);
	if (z < 0 || read(z, d, 1) != 0)
		return 1;
	close(z);
	int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
	if (fd < 0 || read(fd, a, sizeof(a)) != (ssize_t)sizeof(a))
		return 1;
	hex("read", a, sizeof(a));
	struct iovec iov[2] = { { b, sizeof(b) }, { c, sizeof(c) } };
	if (readv(fd, iov, 2) != 16)
		return 1;
	hex("readv", b, sizeof(b));
	hex("readv", c, sizeof(c));
	if (pread(fd, d, sizeof(d), 0) != (ssize_t)sizeof(d))
		return 1;
	hex("pread", d, sizeof(d));
	int fd2 = dup(fd);
	close(fd);
	if (fd2 < 0 || read(fd2, d, 5) != 5)
		return 1;
	hex("dup", d, 5);
	close(fd2);
	int r = open("/dev/random", O_RDONLY);
	if (r < 0 || read(r, d, sizeof(d)) != (ssize_t)sizeof(d))
		return 1;
	close(r);
	hex("random", d, sizeof(d));
	FILE *f = fopen("/dev/urandom", "rb");
	if (!f || fread(d, 1, 12, f) != 12)
		return 1;
	fclose(f);
	hex("fread", d, 12);
	if (getrandom(d, 8, 0) != 8)
		return 1;
	hex("getrandom", d, 8);
	/* work that follows the bytes read */
	volatile unsigned long x = a[0];
	for (unsigned i = 0; i < 1000u * (1u + a[0] % 16u); i++)
		x = x * 6364136223846793005ul + a[1];
	printf("work %u\n", 1u + a[0] % 16u);
	return 0;
}
