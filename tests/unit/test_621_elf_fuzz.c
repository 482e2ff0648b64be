/* 621: src/elf/ on truncated and corrupted images — every reader of the ELF room (the
 * loader's strict header check, the libelf image with its symbols, bytes and build-id, the
 * DWARF lines, the collector's summary, the emulator's fault symbols, objdump's symbol
 * model) on a riscv64 program with DWARF and on this host's own robin binary, cut at many
 * lengths and with bytes flipped at random: no crash or leak (ASan), a strict-check error is
 * one line naming the file, and the untouched file reads exactly as before. */
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
#include <unistd.h>
#include <cmocka.h>

#include "elf/elf_check.h"
#include "elf/elf_image.h"
#include "elf/elf_lines.h"
#include "elf/elf_objsyms.h"
#include "emu/symtab.h"

#define RISCV_PROG "build/guest/workloads/crc32.static"

static char tmp_path[64];

/* The file's bytes, as the ELF room maps them (NULL if it cannot be opened). */
static unsigned char *file_bytes(const char *path, size_t *len)
{
	struct elf_image im;
	if (elf_image_open(&im, path))
		return NULL;
	unsigned char *p = malloc(im.raw_size);
	if (p)
		memcpy(p, im.raw, im.raw_size);
	*len = im.raw_size;
	elf_image_close(&im);
	return p;
}

static void write_file(const unsigned char *p, size_t n)
{
	int fd = open(tmp_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, p, n), (ssize_t)n);
	close(fd);
}

static int count_sym(void *arg, const struct elf_image_sym *s)
{
	(void)s;
	(*(size_t *)arg)++;
	return 0;
}

static int objsyms_image(void *arg, struct elf_objsyms *im, const char *member)
{
	(void)member;
	*(size_t *)arg += im->nsyms;
	return 0;
}

/* What one file reads as, through every reader; strict-check errors are checked here. */
struct reading {
	int check_rc, image_rc, info_rc, objsyms_rc;
	size_t n_syms, n_objsyms, n_loads, n_lines;
	char build_id[ELF_IMAGE_BUILD_ID_MAX];
	uint8_t bytes[64];
	int has_symtab;
};

static void read_all(struct reading *r, unsigned machine)
{
	memset(r, 0, sizeof(*r));
	static struct elf_check c;
	char err[ELF_CHECK_ERR_MAX];
	const struct elf_check_want want = { machine, "the machine", 0, "none" };
	int fd = open(tmp_path, O_RDONLY);
	assert_true(fd >= 0);
	r->check_rc = elf_check_headers(fd, tmp_path, &want, &c, err, sizeof(err));
	if (r->check_rc) {
		assert_non_null(strstr(err, tmp_path));
		assert_null(strchr(err, '\n'));
	} else {
		for (unsigned i = 0; i < c.eh.e_phnum; i++) {
			char interp[256];
			if (c.ph[i].p_type == PT_INTERP &&
			    elf_check_interp(fd, tmp_path, &c, i, interp, sizeof(interp), err,
					     sizeof(err))) {
				assert_non_null(strstr(err, tmp_path));
				assert_null(strchr(err, '\n'));
			}
		}
	}
	struct elf_image_info info;
	r->info_rc = elf_image_info_fd(fd, &info);
	close(fd);

	struct elf_image im;
	r->image_rc = elf_image_open(&im, tmp_path);
	if (!r->image_rc) {
		elf_image_symbols(&im, SHT_SYMTAB, count_sym, &r->n_syms);
		elf_image_symbols(&im, SHT_DYNSYM, count_sym, &r->n_syms);
		r->has_symtab = elf_image_has_section(&im, ".symtab", 0);
		r->n_loads = im.n_loads;
		snprintf(r->build_id, sizeof(r->build_id), "%s", im.ident.build_id);
		for (size_t i = 0; i < im.n_loads; i++) {
			elf_image_read(&im, im.loads[i].vaddr, r->bytes, sizeof(r->bytes));
			elf_image_read(&im, im.loads[i].vaddr + im.loads[i].memsz - 8, r->bytes, 64);
		}
		Dwarf *dw = elf_lines_open(&im);
		if (dw) {
			for (size_t i = 0; i < im.n_loads; i++) {
				struct elf_line l;
				for (uint64_t a = 0; a < 4096; a += 64) {
					elf_lines_at(dw, im.loads[i].vaddr + a, &l);
					r->n_lines += l.n > 0;
				}
			}
			dwarf_end(dw);
		}
		elf_image_close(&im);
	}
	struct symtab *t = symtab_load(tmp_path);
	uint64_t off;
	if (t && t->n)
		symtab_lookup(t, t->syms[t->n / 2].addr + 1, &off);
	symtab_free(t);
	if (machine == EM_RISCV) {
		const struct elf_objsyms_visit v = { NULL, objsyms_image, &r->n_objsyms };
		char oerr[512];
		r->objsyms_rc = elf_objsyms_file(tmp_path, &v, oerr, sizeof(oerr));
		if (r->objsyms_rc) {
			assert_non_null(strstr(oerr, tmp_path));
			assert_null(strchr(oerr, '\n'));
		}
	}
}

static void fuzz_one(const char *path, unsigned machine)
{
	size_t n = 0;
	unsigned char *orig = file_bytes(path, &n);
	if (!orig) {
		print_message("skip: %s not built\n", path);
		skip();
	}
	unsigned char *buf = malloc(n);
	assert_non_null(buf);
	struct reading whole, again;
	write_file(orig, n);
	read_all(&whole, machine);
	assert_int_equal(whole.check_rc, 0);
	assert_int_equal(whole.image_rc, 0);
	assert_int_equal(whole.info_rc, 0);
	assert_true(whole.n_syms > 10 && whole.n_loads >= 2 && whole.build_id[0]);
	if (machine == EM_RISCV) {
		assert_true(whole.n_lines > 0);
		assert_int_equal(whole.objsyms_rc, 0);
		assert_true(whole.n_objsyms > 10);
	}
	/* truncations: 0..4 KiB byte by byte around the headers, then every 1/97th of the file */
	unsigned long refused = 0, cases = 0;
	for (size_t len = 0; len < n; len += len < 4096 ? 7 : n / 97) {
		write_file(orig, len);
		struct reading r;
		read_all(&r, machine);
		refused += r.check_rc != 0;
		cases++;
		/* a cut file never reads the section-header table at the file's end */
		if (len < n / 2)
			assert_int_equal(r.has_symtab, 0);
	}
	assert_true(refused > 0);
	/* corruption: 1 to 8 random bytes of the first 4 KiB and the last 4 KiB (headers,
	 * section table, symbol and string tables) */
	srand(621);
	for (int k = 0; k < 600; k++) {
		memcpy(buf, orig, n);
		int flips = 1 + rand() % 8;
		for (int f = 0; f < flips; f++) {
			size_t at = (size_t)rand() % 4096;
			if (k & 1)
				at = n - 1 - (size_t)rand() % (n < 4096 ? n : 4096);
			buf[at % n] ^= (unsigned char)(1 + rand() % 255);
		}
		write_file(buf, n);
		struct reading r;
		read_all(&r, machine);
		cases++;
	}
	/* and the original still reads the same */
	write_file(orig, n);
	read_all(&again, machine);
	assert_memory_equal(&whole, &again, sizeof(whole));
	print_message("%s: %lu cases, %lu truncations refused by the strict check\n", path, cases,
		      refused);
	free(buf);
	free(orig);
}

static void test_riscv(void **state)
{
	(void)state;
	fuzz_one(RISCV_PROG, EM_RISCV);
}

static void test_host(void **state)
{
	(void)state;
	fuzz_one("/proc/self/exe", EM_X86_64);
}

int main(void)
{
	snprintf(tmp_path, sizeof(tmp_path), "/tmp/robin_test_621_%d", (int)getpid());
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_riscv),
		cmocka_unit_test(test_host),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	unlink(tmp_path);
	return rc;
}
