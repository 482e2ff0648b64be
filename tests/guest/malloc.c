/* malloc: many small allocations (brk heap), big ones (mmap), realloc growth (mremap),
 * calloc zeroing, free and reuse; checks every byte it wrote. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(void)
{
	void *brk0 = sbrk(0);
	enum { N = 20000 };
	static unsigned char *small[N];
	unsigned long sum = 0;
	for (int i = 0; i < N; i++) {
		size_t n = 1 + (size_t)(i * 37 % 200);
		small[i] = malloc(n);
		memset(small[i], i & 0xff, n);
	}
	for (int i = 0; i < N; i += 2) { free(small[i]); small[i] = NULL; }
	for (int i = 1; i < N; i += 2) {
		size_t n = 1 + (size_t)(i * 37 % 200);
		for (size_t k = 0; k < n; k++) sum += small[i][k] == (i & 0xff);
	}
	printf("small ok %lu\n", sum);
	printf("heap grew %d\n", (char *)sbrk(0) > (char *)brk0);
	size_t big = 64u << 20;
	unsigned char *b = malloc(big);
	memset(b, 0x5a, big);
	int ok = 1;
	for (size_t i = 0; i < big; i += 4093) ok &= b[i] == 0x5a;
	printf("big ok %d\n", ok);
	unsigned char *r = realloc(b, 2 * big);
	ok = 1;
	for (size_t i = 0; i < big; i += 4093) ok &= r[i] == 0x5a;
	memset(r + big, 1, big);
	printf("realloc ok %d\n", ok);
	free(r);
	unsigned char *c = calloc(1000, 1000);
	ok = 1;
	for (int i = 0; i < 1000000; i++) ok &= c[i] == 0;
	printf("calloc zero %d\n", ok);
	free(c);
	char *s = NULL;
	size_t len = 0;
	for (int i = 0; i < 5000; i++) {
		s = realloc(s, len + 8);
		memcpy(s + len, "abcdefg", 8);
		len += 7;
	}
	printf("realloc string len %zu ends %s\n", strlen(s), s + len - 7);
	free(s);
	for (int i = 1; i < N; i += 2) free(small[i]);
	return 0;
}
