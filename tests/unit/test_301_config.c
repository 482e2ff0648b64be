/* 301: the core configuration table: presets match the papers' tables, --set and files
 * parse and reject bad input naming the key, and the dump reads back to the same config. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "core/config.h"

static void test_boom_large(void **state)
{
	(void)state;
	struct core_config c;
	char err[CONFIG_ERR_LEN];
	assert_int_equal(config_preset(&c, "boom-large", err), 0);
	assert_int_equal(c.fetch_width, 8);
	assert_int_equal(c.fetch_buffer, 48);
	assert_int_equal(c.decode_width, 4);
	assert_int_equal(c.rob_entries, 192);
	assert_int_equal(c.int_pregs, 192);
	assert_int_equal(c.fp_pregs, 192);
	assert_int_equal(c.mem_iq_entries, 48);
	assert_int_equal(c.mem_issue_width, 2);
	assert_int_equal(c.int_iq_entries, 80);
	assert_int_equal(c.int_issue_width, 4);
	assert_int_equal(c.fp_iq_entries, 48);
	assert_int_equal(c.fp_issue_width, 2);
	assert_int_equal(c.ldq_entries + c.stq_entries, 64);
	assert_int_equal(c.l1i_kb, 32);
	assert_int_equal(c.l1d_ways, 8);
	assert_int_equal(c.l1d_mshrs, 16);
	assert_int_equal(c.llc_kb, 2048);
	assert_int_equal(c.llc_ways, 16);
	assert_int_equal(c.llc_mshrs, 12);
	assert_int_equal(c.dtlb_entries, 32);
	assert_int_equal(c.l2tlb_entries, 1024);
	assert_true(c.dram_gbps == 16.0);
	assert_true(c.freq_mhz == 3200.0);
	assert_int_equal(config_validate(&c, err), 0);
	/* about 28 KB of direction predictor */
	uint64_t bytes = config_bp_storage_bytes(&c);
	assert_true(bytes > 26 * 1024 && bytes < 30 * 1024);
}

static void test_other_presets(void **state)
{
	(void)state;
	struct core_config c;
	char err[CONFIG_ERR_LEN];
	assert_int_equal(config_preset(&c, "boom-medium", err), 0);
	assert_int_equal(c.rob_entries, 128);
	assert_int_equal(c.fetch_buffer, 32);
	assert_int_equal(c.int_iq_entries, 40);
	assert_int_equal(c.mem_iq_entries, 24);
	assert_int_equal(c.ldq_entries + c.stq_entries, 32);
	assert_int_equal(c.l2_kb, 512);
	assert_int_equal(c.llc_kb, 4096);
	assert_int_equal(c.l1d_mshrs, 8);
	assert_true(c.dram_gbps == 25.6);
	assert_int_equal(config_validate(&c, err), 0);
	assert_int_equal(config_preset(&c, "inorder-dual", err), 0);
	assert_int_equal(c.inorder, 1);
	assert_int_equal(c.decode_width, 2);
	assert_int_equal(config_validate(&c, err), 0);
	assert_int_equal(config_preset(&c, "nope", err), -22);
	assert_non_null(strstr(err, "nope"));
}

static void test_set(void **state)
{
	(void)state;
	struct core_config c;
	char err[CONFIG_ERR_LEN];
	config_defaults(&c);
	assert_int_equal(config_set_kv(&c, "rob_entries=64", err), 0);
	assert_int_equal(c.rob_entries, 64);
	assert_int_equal(config_set_kv(&c, " dram_gbps = 12.5 ", err), 0);
	assert_true(c.dram_gbps == 12.5);
	assert_int_equal(config_set_kv(&c, "bp=bimodal", err), 0);
	assert_int_equal(c.bp, CONFIG_BP_BIMODAL);
	assert_int_equal(config_set_kv(&c, "inorder=true", err), 0);
	assert_int_equal(c.inorder, 1);
	assert_int_equal(config_set_kv(&c, "rob_entriez=64", err), -22);
	assert_non_null(strstr(err, "rob_entriez"));
	assert_int_equal(config_set_kv(&c, "rob_entries=lots", err), -22);
	assert_non_null(strstr(err, "rob_entries"));
	assert_int_equal(config_set_kv(&c, "rob_entries=-3", err), -22);
	assert_int_equal(config_set_kv(&c, "rob_entries=100000", err), -22);
	assert_int_equal(config_set_kv(&c, "rob_entries=", err), -22);
	assert_int_equal(config_set_kv(&c, "bp=perceptron", err), -22);
	assert_non_null(strstr(err, "bp"));
	assert_int_equal(config_set_kv(&c, "rob_entries", err), -22);
	assert_int_equal(c.rob_entries, 64);
	config_defaults(&c);
	assert_int_equal(config_set_kv(&c, "l1d_kb=24", err), 0);
	assert_int_equal(config_validate(&c, err), -22);
	assert_non_null(strstr(err, "l1d_kb"));
}

static void test_file_and_dump(void **state)
{
	(void)state;
	struct core_config a, b;
	char err[CONFIG_ERR_LEN];
	char path[] = "/tmp/robin-test-301-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	FILE *f = fdopen(fd, "w");
	fprintf(f, "# a comment\npreset = boom-medium\n\nrob_entries = 96   # trailing\nbp=static\n");
	fclose(f);
	config_defaults(&a);
	assert_int_equal(config_load_file(&a, path, err), 0);
	assert_int_equal(a.rob_entries, 96);
	assert_int_equal(a.l2_kb, 512);
	assert_int_equal(a.bp, CONFIG_BP_STATIC);
	/* the dump is a config file that reproduces the configuration */
	f = fopen(path, "w");
	config_dump(&a, f);
	fclose(f);
	config_defaults(&b);
	assert_int_equal(config_load_file(&b, path, err), 0);
	assert_memory_equal(&a, &b, sizeof(a));
	/* errors name the file and the line */
	f = fopen(path, "w");
	fprintf(f, "rob_entries = 64\nfetch_widht = 4\n");
	fclose(f);
	assert_int_equal(config_load_file(&b, path, err), -22);
	assert_non_null(strstr(err, ":2:"));
	assert_non_null(strstr(err, "fetch_widht"));
	f = fopen(path, "w");
	fprintf(f, "rob_entries 64\n");
	fclose(f);
	assert_int_equal(config_load_file(&b, path, err), -22);
	assert_non_null(strstr(err, ":1:"));
	unlink(path);
	assert_true(config_load_file(&b, "/nonexistent/robin.cfg", err) < 0);
	assert_non_null(strstr(err, "/nonexistent/robin.cfg"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_boom_large),
		cmocka_unit_test(test_other_presets),
		cmocka_unit_test(test_set),
		cmocka_unit_test(test_file_and_dump),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
