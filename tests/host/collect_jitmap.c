/*
 * collect_jitmap.c — a tiny "JIT" for tests/e2e/663_perf_map_synthetic.sh (x86-64): copies a
 * counting loop into anonymous executable memory, names it in /tmp/perf-PID.map as a JIT
 * compiler does, and runs it for about `secs` seconds. The map also holds what a reader must
 * survive: malformed lines, and an earlier entry "stale_name" over the same code that the
 * later "jit_spin" entry overrides. Half-way it appends "jit_spin2" for a second copy and runs
 * that too (a map that grows while the process runs).
 * With N, N more entries (elsewhere in the address space) come first, to measure the cost of
 * reading a large map.
 * With --jitdump (tests/e2e/664_jitdump.sh) it writes no perf map but a jitdump file,
 * ./jit-PID.dump, mmapped PROT_EXEC as perf expects: a header, then JIT_CODE_LOAD records
 * (the code bytes included) among records a reader must skip (debug info, unwinding info,
 * two malformed loads) — "stale_name", then "jit_spin" over the same code; half-way a load
 * of "jit_spin2 with spaces" elsewhere, then (written in two parts a second apart, so a
 * reader sees a partial record) a JIT_CODE_MOVE of it onto the second copy, and a close.
 * usage: collect_jitmap [--jitdump] SECS [N]
 */
#include <stdint.h>
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

/* ---- jitdump writing (the layout of perf's jitdump-specification.txt, native byte order) */

static void put(FILE *f, const void *p, size_t n)
{
	fwrite(p, 1, n, f);
}

static void rec_head(FILE *f, uint32_t id, uint32_t total)
{
	uint64_t ts = (uint64_t)(now() * 1e9);
	put(f, &id, 4);
	put(f, &total, 4);
	put(f, &ts, 8);
}

/* JIT_CODE_LOAD; code_size is what the record claims, code_len the bytes that follow */
static void rec_load(FILE *f, uint64_t addr, uint64_t code_size, uint64_t index, const char *name,
		     const void *code, size_t code_len)
{
	uint32_t pid = (uint32_t)getpid();
	size_t nl = strlen(name) + 1;
	rec_head(f, 0, (uint32_t)(56 + nl + code_len));
	put(f, &pid, 4);
	put(f, &pid, 4);
	put(f, &addr, 8);
	put(f, &addr, 8);
	put(f, &code_size, 8);
	put(f, &index, 8);
	put(f, name, nl);
	put(f, code, code_len);
}

static int jitdump_main(double secs, long pad)
{
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
	snprintf(path, sizeof path, "jit-%d.dump", (int)getpid());
	FILE *f = fopen(path, "w+");
	if (!f) {
		perror(path);
		return 1;
	}
	uint32_t hdr32[6] = { 0x4A695444, 1, 40, 62 /* EM_X86_64 */, 0, (uint32_t)getpid() };
	uint64_t hdr64[2] = { (uint64_t)(now() * 1e9), 0 };
	put(f, hdr32, sizeof hdr32);
	put(f, hdr64, sizeof hdr64);
	fflush(f);
	/* perf finds the file through this mapping in the process's maps */
	void *marker = mmap(NULL, 4096, PROT_READ | PROT_EXEC, MAP_PRIVATE, fileno(f), 0);
	if (marker == MAP_FAILED) {
		perror("mmap jitdump");
		return 1;
	}
	unsigned long a = (unsigned long)(code + 0x100), b = (unsigned long)(code + 0x1100);
	unsigned long x = (unsigned long)(code + 0x1800);
	for (long i = 0; i < pad; i++) {
		char name[96];
		snprintf(name, sizeof name, "LazyCompile:*padding_%ld /app/lib/module_%ld.js:%ld:1",
			 i, i % 97, i);
		rec_load(f, 0x100000000ul + (unsigned long)i * 0x100, 0x10, 1000 + i, name,
			 code + 0x100, 0x10);
	}
	/* a debug info record (code_addr, nr_entry = 1, one entry: addr, line, discrim, "a.js") */
	rec_head(f, 2, 16 + 16 + 16 + 5);
	uint64_t di[2] = { a, 1 }, de = a;
	uint32_t line[2] = { 2, 0 };
	put(f, di, sizeof di);
	put(f, &de, 8);
	put(f, line, sizeof line);
	put(f, "a.js", 5);
	rec_load(f, a - 0x10, 0x40, 1, "stale_name", code + 0xf0, 0x40);
	/* malformed: claims more code than it carries; then a name without its NUL */
	rec_load(f, a, 0x1000, 2, "too_big", loop_code, sizeof loop_code);
	rec_head(f, 0, 56 + 8);
	uint32_t pid = (uint32_t)getpid();
	uint64_t f3[4] = { a, a, 1, 3 };
	put(f, &pid, 4);
	put(f, &pid, 4);
	put(f, f3, sizeof f3);
	put(f, "no_nul!!", 8);
	/* unwinding info: unwinding_size, eh_frame_hdr_size, mapped_size, 8 bytes of data */
	rec_head(f, 4, 16 + 24 + 8);
	uint64_t ui[4] = { 8, 0, 0, 0 };
	put(f, ui, sizeof ui);
	rec_load(f, a, sizeof loop_code, 4, "jit_spin", loop_code, sizeof loop_code);
	fflush(f);
	run((long (*)(long))(void *)(code + 0x100), secs / 2);
	rec_load(f, x, sizeof loop_code, 5, "jit_spin2 with spaces", loop_code, sizeof loop_code);
	/* JIT_CODE_MOVE of index 5 to b: pid, tid, vma, old, new, size, index — in two parts */
	rec_head(f, 1, 64);
	put(f, &pid, 4);
	fflush(f);
	usleep(1200 * 1000); /* a commit reads the partial record and waits for the rest */
	uint64_t mv[5] = { b, x, b, sizeof loop_code, 5 };
	put(f, &pid, 4);
	put(f, mv, sizeof mv);
	fflush(f);
	run((long (*)(long))(void *)(code + 0x1100), secs / 2);
	rec_head(f, 3, 16);
	fclose(f);
	munmap(marker, 4096);
	unlink(path);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "--jitdump"))
		return jitdump_main(argc > 2 ? atof(argv[2]) : 1.0, argc > 3 ? atol(argv[3]) : 0);
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
