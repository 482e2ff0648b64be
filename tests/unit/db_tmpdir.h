/*
 * db_tmpdir.h — for unit tests on a profile database of their own: setup() makes a fresh
 * directory /tmp/robin-TAG-XXXXXX and names the database `path` (DIR/p.db) in it, teardown()
 * removes the directory. Header-only; define DB_TMPDIR_TAG ("601", ...) before including.
 */
#ifndef ROBIN_TEST_DB_TMPDIR_H
#define ROBIN_TEST_DB_TMPDIR_H

#include <stdio.h>
#include <stdlib.h>

static char dir[64];
static char path[128];

static int setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/robin-%s-XXXXXX", DB_TMPDIR_TAG);
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/p.db", dir);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	char cmd[160];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
	return 0;
}

#endif
