/* seeded: prints getrandom bytes, AT_RANDOM bytes, clock values and the heap address, for
 * robin's determinism test (--seed, --virtual-time): not compared with qemu. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/auxv.h>
#include <sys/random.h>
#include <sys/time.h>
#include <time.h>

int main(void)
{
	unsigned char r[16];
	getrandom(r, sizeof(r), 0);
	printf("getrandom ");
	for (int i = 0; i < 16; i++) printf("%02x", r[i]);
	unsigned char *a = (unsigned char *)getauxval(AT_RANDOM);
	printf("\nAT_RANDOM ");
	for (int i = 0; i < 16; i++) printf("%02x", a[i]);
	struct timespec m, w;
	clock_gettime(CLOCK_MONOTONIC, &m);
	clock_gettime(CLOCK_REALTIME, &w);
	struct timeval tv;
	gettimeofday(&tv, NULL);
	printf("\nmonotonic %lld.%09ld realtime %lld.%09ld tod %lld.%06ld\n", (long long)m.tv_sec,
	       m.tv_nsec, (long long)w.tv_sec, w.tv_nsec, (long long)tv.tv_sec, (long)tv.tv_usec);
	printf("heap %p rand %d\n", malloc(100), rand());
	return 0;
}
