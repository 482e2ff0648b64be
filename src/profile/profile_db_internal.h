/*
 * profile_db_internal.h — what profile_db.c, profile_db_batch.c and profile_db_read.c share:
 * the connection struct, error helpers, transactions, and the schema DDL per version (also
 * used by the unit tests to build databases stamped with an older version).
 */
#ifndef ROBIN_PROFILE_DB_INTERNAL_H
#define ROBIN_PROFILE_DB_INTERNAL_H

#include <sqlite3.h>
#include <stdint.h>

#include "profile/profile_db.h"

struct profile_db_name {  /* cached detail_kind / detail_key names */
	int kind;
	int64_t key;              /* unused for kind names */
	char *name;
};

struct profile_db {
	sqlite3 *sql;
	char *path;
	unsigned flags;
	int tx_depth;              /* write transactions open: 1 = BEGIN, more = savepoints */
	int version_found;         /* user_version on open, before migration */
	int64_t unknown_image_id;
	char err[PROFILE_DB_ERR_MAX];
	struct profile_db_name *names; /* detail key names (kind, key) and kind names (key -1) */
	size_t n_names, cap_names;
};

/* Set db->err to "PATH: <formatted>" and return rc. */
int profile_db_fail(struct profile_db *db, int rc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Like profile_db_fail with SQLite's message appended; returns -EIO (or -EBUSY when the
 * database stayed locked past the busy timeout). */
int profile_db_sql_fail(struct profile_db *db, const char *what);

/* Prepare `sql` or fail with the statement named. */
int profile_db_prepare(struct profile_db *db, sqlite3_stmt **st, const char *sql);

/* Run statements that return no rows. */
int profile_db_exec(struct profile_db *db, const char *sql);

/* BEGIN IMMEDIATE (writers) / BEGIN (readers, a consistent snapshot) / COMMIT / ROLLBACK. */
int profile_db_begin_write(struct profile_db *db);
int profile_db_begin_read(struct profile_db *db);
int profile_db_commit(struct profile_db *db);
void profile_db_rollback(struct profile_db *db);

/* CLOCK_REALTIME in nanoseconds. */
int64_t profile_db_now_ns(void);

/* strdup that maps NULL to "". Returns NULL only when out of memory. */
char *profile_db_strdup(const char *s);

/* Create the schema of `version` (1..PROFILE_DB_SCHEMA_VERSION) in an empty database inside
 * the caller's transaction: version 1's tables, then the migrations up to `version`, the
 * predefined rows, application_id and user_version. Returns 0 or an SQLite error code with
 * the message in *errmsg (sqlite3_free it). For tests: builds an older-version file. */
int profile_db_schema_create(sqlite3 *sql, int version, char **errmsg);

#endif
