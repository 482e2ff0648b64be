/*
 * collect_jitmap.c — a tiny "JIT" for tests/e2e/661_perf_map_synthetic.sh (x86-64): copies a
 * counting loop into anonymous executable memory, names it in /tmp/perf-PID.map as a JIT
 * compiler does, and runs it for about `secs` seconds. The map also holds what a reader must
 * survive: malformed lines, and an earlier entry "stale_name" over the same code that the
 * later "jit_spin" entry overrides. Half-way it appends "jit_spin2" for a second copy and runs
 * that too (a map that grows while the process runs).
 * With N, N more entries (elsewhere in the address space) come first, to measure the cost of
 * reading a large map.
 * usage: collect_jitmap SECS [N]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

/* long f(long n) { do n--; while (n); return n; } */
static const unsigned char loop_code[] = {
	0x48, 0x89, 0xf8,       /* mov %rdi,%rax */
	0x48, 0xff, 0xc8,       /* 1: dec %rax */
	0x75, 0xfb,             /* jne 1b */
	0xc3,                   /* ret */
};

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void run(long (*f)(long), double secs)
{
	double end = now() + secs;
	volatile long sink = 0;
	while (now() < end)
		sink += f(1000000);
}

int main(int argc, char **argv)
{
	double secs = argc > 1 ? atof(argv[1]) : 1.0;
	unsigned char *code = mmap(NULL, 8192, PROT_READ | PROT_WRITE | PROT_EXEC,
				   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (code == MAP_FAILED) {
		perror("mmap");
		return 1;
	}
	memcpy(code + 0x100, loop_code, sizeof loop_code);
	memcpy(code + 0x1100, loop_code, sizeof loop_code);
	__builtin___clear_cache((char *)code, (char *)code + 8192);
	char path[64];
	snprintf(path, sizeof path, "/tmp/perf-%d.map", (int)getpid());
	FILE *f = fopen(path, "w");
	if (!f) {
		perror(path);
		return 1;
	}
	unsigned long a = (unsigned long)(code + 0x100), b = (unsigned long)(code + 0x1100);
	long pad = argc > 2 ? atol(argv[2]) : 0;
	for (long i = 0; i < pad; i++)
		fprintf(f, "%lx %x LazyCompile:*padding_%ld /app/lib/module_%ld.js:%ld:1\n",
			0x100000000ul + (unsigned long)i * 0x100, 0x80, i, i % 97, i);
	fprintf(f, "%lx 40 stale_name\n", a - 0x10);
	fprintf(f, "not a map line\n");
	fprintf(f, "%lx 0 zero_size\n", a);
	fprintf(f, "%lx zz bad_size\n", a);
	fprintf(f, "%lx %zx jit_spin\n", a, sizeof loop_code);
	fflush(f);
	run((long (*)(long))(void *)(code + 0x100), secs / 2);
	fprintf(f, "%lx %zx jit_spin2 with spaces\n", b, sizeof loop_code);
	fflush(f);
	run((long (*)(long))(void *)(code + 0x1100), secs / 2);
	fclose(f);
	unlink(path);
	return 0;
}
