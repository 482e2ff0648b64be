/* vcore_loop MODE VL ITERS: a strip of VL 32-bit elements ITERS times over the same arrays
 * (they stay in the L1D), for the core's vector unit (e2e 249, 590):
 *   add  c = a + b: vsetvli e32 m8, vle32, vle32, vadd.vv, vse32 (VL <= VLEN/4)
 *   div  c = a/b + b/a: vsetvli e32 m4, vle32, vle32, two independent vdivu.vv on the one
 *        iterative integer sequencer, vadd.vv, vse32 (VL <= VLEN/8)
 * Prints a checksum of c. Built for rv64gc; the vector code enables V in its own asm. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned a[256], b[256], c[256];

int main(int argc, char **argv)
{
	int div = argc > 1 && !strcmp(argv[1], "div");
	long vl = argc > 2 ? atol(argv[2]) : 32, iters = argc > 3 ? atol(argv[3]) : 1000;
	for (int i = 0; i < 256; i++) {
		a[i] = 7u * (unsigned)i + 5u;
		b[i] = 3u * (unsigned)i + 1u;
	}
	for (long it = 0; it < iters; it++) {
		long got;
		if (div)
			__asm__ volatile(".option push\n\t.option arch, +v\n\t"
			                 "vsetvli %0, %1, e32, m4, ta, ma\n\t"
			                 "vle32.v v4, (%2)\n\t"
			                 "vle32.v v8, (%3)\n\t"
			                 "vdivu.vv v12, v4, v8\n\t"
			                 "vdivu.vv v16, v8, v4\n\t"
			                 "vadd.vv v20, v12, v16\n\t"
			                 "vse32.v v20, (%4)\n\t"
			                 ".option pop"
			                 : "=&r"(got) : "r"(vl), "r"(a), "r"(b), "r"(c) : "memory");
		else
			__asm__ volatile(".option push\n\t.option arch, +v\n\t"
			                 "vsetvli %0, %1, e32, m8, ta, ma\n\t"
			                 "vle32.v v8, (%2)\n\t"
			                 "vle32.v v16, (%3)\n\t"
			                 "vadd.vv v24, v8, v16\n\t"
			                 "vse32.v v24, (%4)\n\t"
			                 ".option pop"
			                 : "=&r"(got) : "r"(vl), "r"(a), "r"(b), "r"(c) : "memory");
		a[it & 15] += (unsigned)got;
	}
	unsigned long sum = 0;
	for (int i = 0; i < 256; i++)
		sum += c[i];
	printf("vcore_loop %s vl %ld iters %ld sum %lu\n", div ? "div" : "add", vl, iters, sum);
	return 0;
}
