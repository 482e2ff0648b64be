/* misaligned: loads and stores of 2, 4 and 8 bytes at every misalignment, also across a page
 * boundary, through memcpy-free pointer casts (the compiler emits plain lh/lw/ld/sh/sw/sd). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint16_t u16u __attribute__((aligned(1)));
typedef uint32_t u32u __attribute__((aligned(1)));
typedef uint64_t u64u __attribute__((aligned(1)));
typedef double f64u __attribute__((aligned(1)));

__attribute__((noinline)) static uint64_t ld64(const void *p) { return *(const volatile u64u *)p; }
__attribute__((noinline)) static uint32_t ld32(const void *p) { return *(const volatile u32u *)p; }
__attribute__((noinline)) static uint16_t ld16(const void *p) { return *(const volatile u16u *)p; }
__attribute__((noinline)) static void st64(void *p, uint64_t v) { *(volatile u64u *)p = v; }
__attribute__((noinline)) static void st32(void *p, uint32_t v) { *(volatile u32u *)p = v; }
__attribute__((noinline)) static void st16(void *p, uint16_t v) { *(volatile u16u *)p = v; }
__attribute__((noinline)) static double ldd(const void *p) { return *(const volatile f64u *)p; }

int main(void)
{
	unsigned char *buf = aligned_alloc(4096, 3 * 4096);
	for (int i = 0; i < 3 * 4096; i++) buf[i] = (unsigned char)(i * 7 + 3);
	uint64_t h = 0;
	for (int off = 0; off < 16; off++) {
		unsigned char *p = buf + 4096 - 8 + off;  /* straddles a page boundary */
		h = h * 31 + ld64(p);
		h = h * 31 + ld32(p + 1);
		h = h * 31 + ld16(p + 3);
	}
	printf("loads %016llx\n", (unsigned long long)h);
	for (int off = 0; off < 16; off++) {
		unsigned char *p = buf + 2 * 4096 - 8 + off;
		st64(p, 0x0102030405060708ull * (uint64_t)(off + 1));
		st32(p + 9, 0xa1b2c3d4u + (uint32_t)off);
		st16(p + 14, (uint16_t)(0xbeef + off));
	}
	h = 0;
	for (int i = 0; i < 3 * 4096; i++) h = h * 131 + buf[i];
	printf("stores %016llx\n", (unsigned long long)h);
	double d = 3.25;
	memcpy(buf + 4093, &d, 8);
	printf("double %g\n", ldd(buf + 4093));
	free(buf);
	return 0;
}
