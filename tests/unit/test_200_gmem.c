/* 200: guest memory (gmem) — permissions per page, unmapped and protected accesses fault with the
 * right kind and address, misaligned and page-crossing accesses, code-page invalidation on
 * store, file mappings past EOF are SIGBUS, free-range search, checked copies. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "emu/gmem.h"

static int setup(void **state)
{
	struct gmem *m = calloc(1, sizeof(*m));
	assert_int_equal(gmem_init(m), 0);
	*state = m;
	return 0;
}

static int teardown(void **state)
{
	gmem_fini(*state);
	free(*state);
	return 0;
}

static void test_unmapped_faults(void **state)
{
	struct gmem *m = *state;
	uint64_t v;
	assert_int_equal(gmem_load_u64(m, 0, &v), -1);
	assert_int_equal(m->fault_kind, GMEM_FAULT_UNMAPPED);
	assert_int_equal(m->fault_addr, 0);
	assert_int_equal(gmem_store_u32(m, 0x10000, 1), -1);
	assert_int_equal(gmem_load_u8(m, GMEM_GUEST_SIZE, (uint8_t *)&v), -1);
	assert_int_equal(gmem_load_u64(m, UINT64_MAX - 3, &v), -1);
	assert_int_equal(gmem_store_u64(m, GMEM_GUEST_SIZE - 4, 0), -1);
}

static void test_permissions(void **state)
{
	struct gmem *m = *state;
	uint64_t base = 0x100000, v = 0;
	assert_int_equal(gmem_map_anon(m, base, 3 * GMEM_PAGE_SIZE, GMEM_R | GMEM_W), 0);
	assert_int_equal(gmem_load_u64(m, base + 8, &v), 0);
	assert_int_equal(v, 0);
	assert_int_equal(gmem_store_u64(m, base + 8, 0x1122334455667788ull), 0);
	assert_int_equal(gmem_load_u64(m, base + 8, &v), 0);
	assert_int_equal(v, 0x1122334455667788ull);
	/* read-only page: loads work, stores fault with PROT */
	assert_int_equal(gmem_protect(m, base + GMEM_PAGE_SIZE, GMEM_PAGE_SIZE, GMEM_R), 0);
	assert_int_equal(gmem_store_u8(m, base + GMEM_PAGE_SIZE + 5, 1), -1);
	assert_int_equal(m->fault_kind, GMEM_FAULT_PROT);
	assert_int_equal(m->fault_addr, base + GMEM_PAGE_SIZE + 5);
	uint8_t b;
	assert_int_equal(gmem_load_u8(m, base + GMEM_PAGE_SIZE + 5, &b), 0);
	/* no access at all */
	assert_int_equal(gmem_protect(m, base + 2 * GMEM_PAGE_SIZE, GMEM_PAGE_SIZE, 0), 0);
	assert_int_equal(gmem_load_u8(m, base + 2 * GMEM_PAGE_SIZE, &b), -1);
	assert_int_equal(m->fault_kind, GMEM_FAULT_PROT);
	assert_true(gmem_is_mapped(m, base, 3 * GMEM_PAGE_SIZE));
	/* protect over a hole: ENOMEM */
	assert_int_equal(gmem_protect(m, base, 4 * GMEM_PAGE_SIZE, GMEM_R), -ENOMEM);
	gmem_unmap(m, base, 3 * GMEM_PAGE_SIZE);
	assert_int_equal(gmem_load_u64(m, base + 8, &v), -1);
	assert_int_equal(m->fault_kind, GMEM_FAULT_UNMAPPED);
	assert_true(gmem_is_free(m, base, 3 * GMEM_PAGE_SIZE));
}

static void test_misaligned_and_crossing(void **state)
{
	struct gmem *m = *state;
	uint64_t base = 0x200000, v;
	assert_int_equal(gmem_map_anon(m, base, 2 * GMEM_PAGE_SIZE, GMEM_R | GMEM_W), 0);
	for (unsigned off = 0; off < 16; off++) {
		uint64_t a = base + GMEM_PAGE_SIZE - 8 + off;
		assert_int_equal(gmem_store_u64(m, a, 0x0102030405060708ull + off), 0);
		assert_int_equal(gmem_load_u64(m, a, &v), 0);
		assert_int_equal(v, 0x0102030405060708ull + off);
		uint32_t w;
		assert_int_equal(gmem_store_u32(m, a + 1, 0xdeadbeef), 0);
		assert_int_equal(gmem_load_u32(m, a + 1, &w), 0);
		assert_int_equal(w, 0xdeadbeef);
	}
	/* crossing into an unmapped page faults at the first byte of that page */
	assert_int_equal(gmem_load_u64(m, base + 2 * GMEM_PAGE_SIZE - 4, &v), -1);
	assert_int_equal(m->fault_addr, base + 2 * GMEM_PAGE_SIZE);
	/* crossing into a read-only page: the store faults and writes nothing */
	assert_int_equal(gmem_protect(m, base + GMEM_PAGE_SIZE, GMEM_PAGE_SIZE, GMEM_R), 0);
	assert_int_equal(gmem_store_u64(m, base + GMEM_PAGE_SIZE - 4, 0), 0 - 1);
	assert_int_equal(m->fault_addr, base + GMEM_PAGE_SIZE);
	assert_int_equal(gmem_load_u64(m, base + GMEM_PAGE_SIZE - 4, &v), 0);
	assert_int_not_equal(v, 0);
	gmem_unmap(m, base, 2 * GMEM_PAGE_SIZE);
}

static uint64_t dropped[8];
static int ndropped;
static void on_code(void *ctx, uint64_t page)
{
	(void)ctx;
	if (ndropped < 8)
		dropped[ndropped++] = page;
}

static void test_code_pages(void **state)
{
	struct gmem *m = *state;
	uint64_t base = 0x300000;
	m->code_written = on_code;
	ndropped = 0;
	assert_int_equal(gmem_map_anon(m, base, 2 * GMEM_PAGE_SIZE, GMEM_R | GMEM_W | GMEM_X), 0);
	m->perm[base >> GMEM_PAGE_SHIFT] |= GMEM_CODE;
	/* a store to a code page takes the slow path, tells the owner, returns 1 */
	assert_int_equal(gmem_store_u32(m, base + 16, 0x13), 1);
	assert_int_equal(ndropped, 1);
	assert_int_equal(dropped[0], base >> GMEM_PAGE_SHIFT);
	assert_false(m->perm[base >> GMEM_PAGE_SHIFT] & GMEM_CODE);
	/* the next store is fast again */
	assert_int_equal(gmem_store_u32(m, base + 16, 0x13), 0);
	/* removing execute permission drops the decoded code too */
	m->perm[base >> GMEM_PAGE_SHIFT] |= GMEM_CODE;
	assert_int_equal(gmem_protect(m, base, GMEM_PAGE_SIZE, GMEM_R), 0);
	assert_int_equal(ndropped, 2);
	/* and so do unmapping and copies from the syscall layer */
	m->perm[(base >> GMEM_PAGE_SHIFT) + 1] |= GMEM_CODE;
	assert_int_equal(gmem_copy_to(m, base + GMEM_PAGE_SIZE, "x", 1), 0);
	assert_int_equal(ndropped, 3);
	m->perm[(base >> GMEM_PAGE_SHIFT) + 1] |= GMEM_CODE;
	gmem_unmap(m, base, 2 * GMEM_PAGE_SIZE);
	assert_int_equal(ndropped, 4);
	m->code_written = NULL;
}

static void test_file_past_eof(void **state)
{
	struct gmem *m = *state;
	char path[] = "/tmp/robin_test200_XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "abcdef", 6), 6);
	uint64_t base = 0x400000;
	assert_int_equal(gmem_map_file(m, base, 3 * GMEM_PAGE_SIZE, GMEM_R, 0, fd, 0), 0);
	uint8_t b;
	assert_int_equal(gmem_load_u8(m, base + 2, &b), 0);
	assert_int_equal(b, 'c');
	assert_int_equal(gmem_load_u8(m, base + 100, &b), 0);  /* rest of the last file page */
	assert_int_equal(b, 0);
	assert_int_equal(gmem_load_u8(m, base + GMEM_PAGE_SIZE, &b), -1);
	assert_int_equal(m->fault_kind, GMEM_FAULT_BUS);
	assert_int_equal(gmem_store_u8(m, base, 'z'), -1);  /* read-only private mapping */
	assert_int_equal(m->fault_kind, GMEM_FAULT_PROT);
	gmem_unmap(m, base, 3 * GMEM_PAGE_SIZE);
	close(fd);
	unlink(path);
}

static void test_find_free(void **state)
{
	struct gmem *m = *state;
	uint64_t top = 0x10000000, len = 16 * GMEM_PAGE_SIZE;
	uint64_t a = gmem_find_free(m, len, 0x10000, top);
	assert_int_equal(a, top - len);
	assert_int_equal(gmem_map_anon(m, a, len, GMEM_R), 0);
	uint64_t b = gmem_find_free(m, len, 0x10000, top);
	assert_int_equal(b, a - len);
	assert_int_equal(gmem_map_anon(m, b, len, GMEM_R), 0);
	/* a hole of 3 pages is skipped for a 4-page request, used for a 3-page one */
	assert_int_equal(gmem_map_anon(m, b - 7 * GMEM_PAGE_SIZE, 4 * GMEM_PAGE_SIZE, GMEM_R), 0);
	assert_int_equal(gmem_find_free(m, 3 * GMEM_PAGE_SIZE, 0x10000, top), b - 3 * GMEM_PAGE_SIZE);
	assert_int_equal(gmem_find_free(m, 4 * GMEM_PAGE_SIZE, 0x10000, top), b - 11 * GMEM_PAGE_SIZE);
	assert_int_equal(gmem_find_free(m, GMEM_GUEST_SIZE, 0x10000, top), 0);
	gmem_unmap(m, 0x10000, top - 0x10000);
}

static void test_copies(void **state)
{
	struct gmem *m = *state;
	uint64_t base = 0x500000;
	char buf[32];
	assert_int_equal(gmem_map_anon(m, base, GMEM_PAGE_SIZE, GMEM_R | GMEM_W), 0);
	assert_int_equal(gmem_copy_to(m, base + GMEM_PAGE_SIZE - 6, "hello", 6), 0);
	assert_int_equal(gmem_strncpy_from(m, buf, base + GMEM_PAGE_SIZE - 6, sizeof(buf)), 5);
	assert_string_equal(buf, "hello");
	assert_int_equal(gmem_copy_to(m, base + GMEM_PAGE_SIZE - 2, "hello", 6), -EFAULT);
	assert_int_equal(gmem_copy_from(m, buf, base + GMEM_PAGE_SIZE - 2, 6), -EFAULT);
	/* unterminated string running into an unmapped page */
	memset(m->base + base + GMEM_PAGE_SIZE - 4, 'x', 4);
	assert_int_equal(gmem_strncpy_from(m, buf, base + GMEM_PAGE_SIZE - 4, sizeof(buf)), -EFAULT);
	assert_int_equal(gmem_strncpy_from(m, buf, base, 0), -ENAMETOOLONG);
	assert_null(gmem_host_ptr(m, base, 2 * GMEM_PAGE_SIZE, GMEM_R));
	assert_non_null(gmem_host_ptr(m, base, GMEM_PAGE_SIZE, GMEM_W));
	assert_int_equal(gmem_protect(m, base, GMEM_PAGE_SIZE, GMEM_R), 0);
	assert_null(gmem_host_ptr(m, base, 8, GMEM_W));
	assert_int_equal(gmem_poke(m, base, "ro", 2), 0);  /* the loader may write read-only pages */
	gmem_unmap(m, base, GMEM_PAGE_SIZE);
	assert_int_equal(gmem_poke(m, base, "ro", 2), -EFAULT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_unmapped_faults, setup, teardown),
		cmocka_unit_test_setup_teardown(test_permissions, setup, teardown),
		cmocka_unit_test_setup_teardown(test_misaligned_and_crossing, setup, teardown),
		cmocka_unit_test_setup_teardown(test_code_pages, setup, teardown),
		cmocka_unit_test_setup_teardown(test_file_past_eof, setup, teardown),
		cmocka_unit_test_setup_teardown(test_find_free, setup, teardown),
		cmocka_unit_test_setup_teardown(test_copies, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
