/* 645: the option parser of the profile database commands (src/cli/db_args.c): shared options
 * in both spellings, repeated --event, operands and "--", the command's own options, and the
 * usage errors (missing value, --json with --csv, options that do not apply, extra operands). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "cli/db_args.h"

/* Parse argv like a command with the own options --flag and --opt V; returns db_args_next's
 * final result (0 or -1). */
static int parse(struct db_args *a, unsigned takes, int max_args, char **argv, int *flag,
		 const char **opt)
{
	int argc = 0, i = 1, k;
	while (argv[argc])
		argc++;
	db_args_init(a, "t", "usage: robin t\n", takes, max_args);
	while ((k = db_args_next(a, argc, argv, &i)) > 0) {
		if (!strcmp(argv[i], "--flag")) {
			*flag = 1;
			i++;
		} else if (!(k = db_args_opt(a, "--opt", argc, argv, &i, opt))) {
			k = db_args_unknown(a, argv[i]);
		}
		if (k < 0)
			break;
	}
	return k;
}

static void test_shared(void **state)
{
	(void)state;
	char *argv[] = { "t", "--db=x.db", "--run", "3", "A", "--event", "cycles,tip", "--flag",
			 "--event=oracle", "--image", "libc.so.6", "--opt", "v", "--epoch=2", "--csv",
			 "--", "--json", NULL };
	struct db_args a;
	int flag = 0;
	const char *opt = NULL;
	assert_int_equal(parse(&a, DB_ARGS_ALL, 4, argv, &flag, &opt), 0);
	assert_string_equal(a.db_path, "x.db");
	assert_int_equal(a.sel.run_id, 3);
	assert_int_equal(a.sel.epoch_id, 2);
	assert_string_equal(a.sel.image, "libc.so.6");
	assert_int_equal(a.sel.n_events, 3);
	assert_string_equal(a.sel.events[0], "cycles");
	assert_string_equal(a.sel.events[2], "oracle");
	assert_int_equal(a.filter.run_id, 3);
	assert_int_equal(a.filter.n_events, 3);
	assert_int_equal(a.fmt, TABLE_CSV);
	assert_true(flag);
	assert_string_equal(opt, "v");
	assert_int_equal(a.nargs, 2);  /* "--json" after "--" is an operand */
	assert_string_equal(a.args[0], "A");
	assert_string_equal(a.args[1], "--json");
	db_args_free(&a);
}

static void test_errors(void **state)
{
	(void)state;
	static char *bad[][5] = {
		{ "t", "--run", NULL },              /* needs a value */
		{ "t", "--run", "x", NULL },         /* not a positive integer */
		{ "t", "--json", "--csv", NULL },    /* exclude each other */
		{ "t", "--bogus", NULL },            /* unknown */
		{ "t", "--opt", NULL },              /* own option without its value */
		{ "t", "A", "B", NULL },             /* one operand at most */
		{ "t", "--json=1", NULL },           /* a flag takes no value */
	};
	for (size_t n = 0; n < sizeof(bad) / sizeof(bad[0]); n++) {
		struct db_args a;
		int flag = 0;
		const char *opt = NULL;
		assert_int_equal(parse(&a, DB_ARGS_ALL, 1, bad[n], &flag, &opt), -1);
		assert_int_equal(a.status, 2);
		db_args_free(&a);
	}
	/* a shared option the command does not take is left to it (then "does not apply") */
	char *argv[] = { "t", "--epoch", "4", NULL };
	struct db_args a;
	int flag = 0;
	const char *opt = NULL;
	assert_int_equal(parse(&a, DB_ARGS_DB, 0, argv, &flag, &opt), -1);
	assert_int_equal(a.sel.epoch_id, 0);
	/* --help stops with status 0 */
	char *help[] = { "t", "--run", "2", "-h", "--bogus", NULL };
	assert_int_equal(parse(&a, DB_ARGS_ALL, 0, help, &flag, &opt), -1);
	assert_int_equal(a.status, 0);
	db_args_free(&a);
	uint64_t v;
	assert_int_equal(db_args_count(&a, "--top", "0x10", 0, &v), 0);
	assert_int_equal(v, 16);
	assert_int_equal(db_args_count(&a, "--top", "0", 1, &v), -1);
	assert_int_equal(db_args_count(&a, "--top", "-1", 0, &v), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shared),
		cmocka_unit_test(test_errors),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
