/* 201: the ELF loader on real and corrupt programs — a real static and dynamic program load;
 * truncations at many offsets and flipped header bytes always give a clean one-line error
 * naming the file (or a successful load), never a crash or a leak. */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "emu/emu.h"

#define STATIC_PROG "build/guest/tests/hello.static"
#define DYN_PROG "build/guest/tests/hello.dyn"

static unsigned char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	unsigned char *p = malloc((size_t)n);
	if (fread(p, 1, (size_t)n, f) != (size_t)n) {
		free(p);
		p = NULL;
	}
	fclose(f);
	*len = (size_t)n;
	return p;
}

static char tmp_path[64];

static void write_prog(const unsigned char *p, size_t n)
{
	int fd = open(tmp_path, O_WRONLY | O_CREAT | O_TRUNC, 0755);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, p, n), (ssize_t)n);
	close(fd);
}

/* Load tmp_path; returns emu_load's result and checks the error names the file. */
static int try_load(const char *sysroot)
{
	struct emu_config cfg = { .sysroot = sysroot };
	struct emu *e;
	char *argv[] = { tmp_path, NULL };
	char *envp[] = { "A=1", NULL };
	assert_int_equal(emu_create(&cfg, &e), 0);
	int err = emu_load(e, tmp_path, 1, argv, envp);
	if (err) {
		const char *msg = emu_error(e);
		assert_non_null(strstr(msg, tmp_path));
		assert_null(strchr(msg, '\n'));
	}
	emu_destroy(e);
	return err;
}

static void test_real_programs(void **state)
{
	(void)state;
	size_t n;
	const char *progs[] = { STATIC_PROG, DYN_PROG };
	for (int i = 0; i < 2; i++) {
		unsigned char *p = slurp(progs[i], &n);
		if (!p)
			skip();
		write_prog(p, n);
		assert_int_equal(try_load(NULL), 0);
		free(p);
	}
}

static uint64_t segments_end(const unsigned char *p)
{
	const Elf64_Ehdr *eh = (const void *)p;
	uint64_t end = eh->e_phoff + (uint64_t)eh->e_phnum * sizeof(Elf64_Phdr);
	for (unsigned i = 0; i < eh->e_phnum; i++) {
		const Elf64_Phdr *ph = (const void *)(p + eh->e_phoff + i * sizeof(Elf64_Phdr));
		if ((ph->p_type == PT_LOAD || ph->p_type == PT_INTERP) && ph->p_offset + ph->p_filesz > end)
			end = ph->p_offset + ph->p_filesz;
	}
	return end;
}

static void test_truncated(void **state)
{
	(void)state;
	const char *progs[] = { STATIC_PROG, DYN_PROG };
	for (int k = 0; k < 2; k++) {
		size_t n;
		unsigned char *p = slurp(progs[k], &n);
		if (!p)
			skip();
		uint64_t need = segments_end(p);
		for (size_t cut = 0; cut < n; cut += cut < 1024 ? 1 + cut / 64 : n / 97) {
			write_prog(p, cut);
			int err = try_load(NULL);
			if (cut < need)
				assert_int_equal(err, -ENOEXEC);
		}
		free(p);
	}
}

static void test_flipped_headers(void **state)
{
	(void)state;
	size_t n;
	unsigned char *p = slurp(DYN_PROG, &n);
	if (!p)
		skip();
	unsigned char *q = malloc(n);
	const Elf64_Ehdr *eh = (const void *)p;
	size_t hdr_end = eh->e_phoff + (size_t)eh->e_phnum * sizeof(Elf64_Phdr);
	static const unsigned char vals[] = { 0x00, 0xff, 0x41 };
	int errors = 0;
	for (size_t off = 0; off < hdr_end; off++) {
		for (size_t v = 0; v < sizeof(vals); v++) {
			if (p[off] == vals[v])
				continue;
			memcpy(q, p, n);
			q[off] = vals[v];
			write_prog(q, n);
			if (try_load(NULL))
				errors++;
		}
	}
	assert_true(errors > 100);  /* most corruptions are caught by name */
	/* specific fields and their messages */
	struct { size_t off; unsigned char v; int err; } cases[] = {
		{ EI_CLASS, ELFCLASS32, -ENOEXEC },
		{ EI_DATA, ELFDATA2MSB, -ENOEXEC },
		{ 0, 0x7e, -ENOEXEC },
		{ offsetof(Elf64_Ehdr, e_machine), 62, -ENOEXEC },
		{ offsetof(Elf64_Ehdr, e_type), ET_REL, -ENOEXEC },
		{ offsetof(Elf64_Ehdr, e_phentsize), 55, -ENOEXEC },
		{ offsetof(Elf64_Ehdr, e_phoff) + 5, 0x10, -ENOEXEC },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		memcpy(q, p, n);
		q[cases[i].off] = cases[i].v;
		write_prog(q, n);
		assert_int_equal(try_load(NULL), cases[i].err);
	}
	free(q);
	free(p);
}

static void test_bad_interpreter(void **state)
{
	(void)state;
	size_t n;
	unsigned char *p = slurp(DYN_PROG, &n);
	if (!p)
		skip();
	write_prog(p, n);
	/* a sysroot without the interpreter: the host path does not have it either */
	if (access("/lib/ld-linux-riscv64-lp64d.so.1", F_OK) != 0)
		assert_int_equal(try_load("/nonexistent-sysroot"), -ENOEXEC);
	/* an interpreter that is not an ELF file */
	char dir[] = "/tmp/robin_t201_XXXXXX";
	assert_non_null(mkdtemp(dir));
	char lib[128], ld[160];
	snprintf(lib, sizeof(lib), "%s/lib", dir);
	mkdir(lib, 0755);
	snprintf(ld, sizeof(ld), "%s/ld-linux-riscv64-lp64d.so.1", lib);
	FILE *f = fopen(ld, "w");
	fputs("not an elf", f);
	fclose(f);
	assert_int_equal(try_load(dir), -ENOEXEC);
	unlink(ld);
	rmdir(lib);
	rmdir(dir);
	free(p);
}

static void test_missing(void **state)
{
	(void)state;
	struct emu *e;
	char *argv[] = { "x", NULL };
	assert_int_equal(emu_create(NULL, &e), 0);
	assert_int_equal(emu_load(e, "/nonexistent/prog", 1, argv, argv + 1), -ENOENT);
	assert_non_null(strstr(emu_error(e), "/nonexistent/prog"));
	emu_destroy(e);
}

int main(void)
{
	snprintf(tmp_path, sizeof(tmp_path), "/tmp/robin_t201_%d", (int)getpid());
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_real_programs),
		cmocka_unit_test(test_truncated),
		cmocka_unit_test(test_flipped_headers),
		cmocka_unit_test(test_bad_interpreter),
		cmocka_unit_test(test_missing),
	};
	int r = cmocka_run_group_tests(tests, NULL, NULL);
	unlink(tmp_path);
	return r;
}
