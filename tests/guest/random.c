/* random: getrandom fills buffers (not all zero, differs between calls), AT_RANDOM exists,
 * and the stack protector canary works; prints properties, never the bytes. */
#include <stdio.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/random.h>

int main(void)
{
	unsigned char a[64], b[64], z[64] = { 0 };
	printf("getrandom %zd\n", getrandom(a, sizeof(a), 0));
	printf("getrandom %zd\n", getrandom(b, sizeof(b), GRND_NONBLOCK));
	printf("nonzero %d differ %d\n", memcmp(a, z, 64) != 0, memcmp(a, b, 64) != 0);
	unsigned char *r = (unsigned char *)getauxval(AT_RANDOM);
	printf("AT_RANDOM present %d nonzero %d\n", r != NULL, r && memcmp(r, z, 16) != 0);
	printf("odd sizes %zd %zd\n", getrandom(a, 1, 0), getrandom(a, 13, 0));
	return 0;
}
