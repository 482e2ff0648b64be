/*
 * isa_decode.c — bench/isa.sh's microbenchmark: decodes (and disassembles) the raw .text
 * bytes given as a file, instruction after instruction, and prints the median CPU time per
 * instruction over several passes for: isa_decode alone, isa_decode + isa_disasm.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "isa/isa.h"

static double cpu_s(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: isa_decode TEXT.bin\n");
		return 2;
	}
	FILE *f = fopen(argv[1], "rb");
	if (!f) {
		perror(argv[1]);
		return 1;
	}
	static uint8_t buf[1 << 24];
	size_t n = fread(buf, 1, sizeof(buf) - 4, f);
	fclose(f);
	enum { PASSES = 7 };
	double dec[PASSES], dis[PASSES];
	size_t count = 0;
	unsigned sink = 0;
	char text[256];
	for (int p = 0; p < PASSES; p++) {
		struct isa_insn in;
		double t = cpu_s();
		count = 0;
		for (size_t o = 0; o + 2 <= n; o += in.len, count++) {
			uint32_t raw;
			memcpy(&raw, buf + o, 4);
			isa_decode(raw, &in);
			sink += in.op;
		}
		dec[p] = (cpu_s() - t) / (double)count * 1e9;
		t = cpu_s();
		for (size_t o = 0; o + 2 <= n; o += in.len) {
			uint32_t raw;
			memcpy(&raw, buf + o, 4);
			isa_decode(raw, &in);
			sink += (unsigned)isa_disasm(&in, o, text, sizeof(text));
		}
		dis[p] = (cpu_s() - t) / (double)count * 1e9;
	}
	qsort(dec, PASSES, sizeof(double), cmp_d);
	qsort(dis, PASSES, sizeof(double), cmp_d);
	printf("isa: %zu instructions: isa_decode %.1f ns/insn, isa_decode+isa_disasm %.1f ns/insn "
	       "(median CPU time of %d passes)%s\n", count, dec[PASSES / 2], dis[PASSES / 2], PASSES,
	       sink == 0xffffffffu ? " " : "");
	return 0;
}
