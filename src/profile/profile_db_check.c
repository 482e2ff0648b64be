/*
 * profile_db_check.c — `robin db check`: SQLite's own integrity and foreign-key checks, then
 * every invariant docs/profile-db.md states (column types and ranges, one open epoch, chunk
 * encoding and totals, batch sums, finished runs). A problem is corruption; a failure to read
 * (I/O, permissions, locks) is not, and is returned as an error instead.
 */
#include "profile/profile_db_internal.h"

#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "profile/sample_chunk.h"

struct check_ctx {
	struct profile_db *db;
	void (*report)(void *arg, const char *problem);
	void *arg;
	int ok;
	int rc;                       /* first error that stopped a check (not corruption) */
	char line[PROFILE_DB_ERR_MAX];
};

static void check_problem(struct check_ctx *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void check_problem(struct check_ctx *c, const char *fmt, ...)
{
	va_list ap;
	c->ok = 0;
	if (!c->report)
		return;
	va_start(ap, fmt);
	vsnprintf(c->line, sizeof(c->line), fmt, ap);
	va_end(ap);
	c->report(c->arg, c->line);
}

/* SQLite failed while checking: a corrupt file is a problem found, anything else (I/O error,
 * permission, lock, memory) means the check could not be done. */
static void check_sql_failed(struct check_ctx *c, const char *what)
{
	int code = sqlite3_extended_errcode(c->db->sql) & 0xff;
	if (code == SQLITE_CORRUPT || code == SQLITE_NOTADB) {
		check_problem(c, "%s: %s", what, sqlite3_errmsg(c->db->sql));
		return;
	}
	if (!c->rc)
		c->rc = profile_db_sql_fail(c->db, what);
}

/* Run a PRAGMA whose healthy answer is one row "ok" (integrity_check) or no rows
 * (foreign_key_check); report every other row. */
static void check_pragma(struct check_ctx *c, const char *sql, int want_ok)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(c->db->sql, sql, -1, &st, NULL) != SQLITE_OK) {
		check_sql_failed(c, sql);
		return;
	}
	int step;
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		if (want_ok && !strcmp((const char *)sqlite3_column_text(st, 0), "ok"))
			continue;
		if (want_ok)
			check_problem(c, "%s", (const char *)sqlite3_column_text(st, 0));
		else
			check_problem(c, "foreign key: table %s row %lld refers to missing %s",
				      sqlite3_column_text(st, 0),
				      (long long)sqlite3_column_int64(st, 1),
				      sqlite3_column_text(st, 2));
	}
	if (step != SQLITE_DONE)
		check_sql_failed(c, sql);
	sqlite3_finalize(st);
}

/* The invariants of docs/profile-db.md that one query can find: each returns one text column
 * per violating row, the problem in words. Keep this table and the document's list in step. */
static const char *const check_invariants[] = {
	/* epochs */
	"SELECT 'epoch ' || id || ': start_ns ' || quote(start_ns) || ' is not an integer' "
	"FROM epoch WHERE typeof(start_ns) <> 'integer'",
	"SELECT 'epoch ' || id || ': ends (' || end_ns || ') before it starts (' || start_ns || ')' "
	"FROM epoch WHERE end_ns IS NOT NULL AND end_ns < start_ns",
	"SELECT 'epoch ' || id || ': open (end_ns NULL) but not the newest epoch' FROM epoch "
	"WHERE end_ns IS NULL AND id <> (SELECT max(id) FROM epoch)",
	"SELECT 'epoch ' || id || ': the newest epoch is closed' FROM epoch "
	"WHERE end_ns IS NOT NULL AND id = (SELECT max(id) FROM epoch)",
	/* images */
	"SELECT 'image 1: is ' || quote(path) || ', not [unknown]' FROM image "
	"WHERE id = 1 AND (path <> '[unknown]' OR build_id <> '')",
	"SELECT 'image ' || id || ': size_bytes ' || quote(size_bytes) || ' is not a non-negative "
	"integer' FROM image WHERE typeof(size_bytes) <> 'integer' OR size_bytes < 0",
	"SELECT 'image ' || id || ': arch ' || quote(arch) || ' is not one of x86-64, aarch64, "
	"riscv64, other, ''''' FROM image WHERE arch NOT IN ('x86-64', 'aarch64', 'riscv64', "
	"'other', '')",
	"SELECT 'image ' || id || ': build_id ' || quote(build_id) || ' is not lower-case hex' "
	"FROM image WHERE typeof(build_id) <> 'text' OR build_id GLOB '*[^0-9a-f]*'",
	/* runs */
	"SELECT 'run ' || id || ': simulated is ' || quote(simulated) || ', not 0 or 1' FROM run "
	"WHERE simulated NOT IN (0, 1) OR typeof(simulated) <> 'integer'",
	"SELECT 'run ' || id || ': start_ns ' || quote(start_ns) || ' is not an integer' FROM run "
	"WHERE typeof(start_ns) <> 'integer'",
	"SELECT 'run ' || id || ': ends (' || end_ns || ') before it starts (' || start_ns || ')' "
	"FROM run WHERE end_ns IS NOT NULL AND end_ns < start_ns",
	"SELECT 'run ' || id || ': pid ' || quote(pid) || ' is negative or not an integer' FROM run "
	"WHERE typeof(pid) <> 'integer' OR pid < 0",
	"SELECT 'run ' || run_id || ': total ' || quote(key) || ' is ' || quote(value) || ', not a "
	"number' FROM run_total WHERE typeof(value) NOT IN ('integer', 'real')",
	/* profiles */
	"SELECT 'profile ' || id || ': period ' || quote(period) || ' is negative or not an "
	"integer' FROM profile WHERE typeof(period) <> 'integer' OR period < 0",
	"SELECT 'profile ' || id || ': count_divisor ' || quote(count_divisor) || ' is not a "
	"positive integer' FROM profile WHERE typeof(count_divisor) <> 'integer' OR "
	"count_divisor < 1",
	"SELECT 'profile ' || id || ': total_count ' || quote(total_count) || ' / n_offsets ' || "
	"quote(n_offsets) || ' are not non-negative integers' FROM profile WHERE "
	"typeof(total_count) <> 'integer' OR total_count < 0 OR typeof(n_offsets) <> 'integer' "
	"OR n_offsets < 0",
	"SELECT 'profile ' || id || ': empty event name' FROM profile WHERE event = ''",
	/* chunks (their contents are decoded by check_chunks) */
	"SELECT 'profile ' || profile_id || ' chunk ' || quote(base) || ': data is ' || "
	"CASE WHEN data IS NULL THEN 'NULL' WHEN typeof(data) <> 'blob' THEN typeof(data) "
	"ELSE 'empty' END || ' (a chunk is a non-empty blob)' FROM sample_chunk "
	"WHERE typeof(data) <> 'blob' OR length(data) = 0",
	"SELECT 'profile ' || profile_id || ' chunk ' || quote(base) || ': base is not a multiple "
	"of 16384' FROM sample_chunk WHERE typeof(base) <> 'integer' OR (base & 16383) <> 0",
	/* details */
	"SELECT 'profile ' || profile_id || ' detail at ' || quote(offset) || ': count ' || "
	"quote(count) || ' is negative or not an integer' FROM detail "
	"WHERE typeof(count) <> 'integer' OR count < 0",
	/* batches: every stored unit came in one, so their sums equal the profiles' */
	"SELECT 'batch ' || id || ': samples ' || quote(samples) || ', unknown ' || quote(unknown) "
	"|| ' (need 0 <= unknown <= samples)' FROM batch WHERE typeof(samples) <> 'integer' OR "
	"typeof(unknown) <> 'integer' OR unknown < 0 OR unknown > samples",
	"SELECT 'batches hold ' || b || ' stored units, the profiles ' || p FROM "
	"(SELECT (SELECT ifnull(sum(samples), 0) FROM batch) AS b, "
	"(SELECT ifnull(sum(total_count), 0) FROM profile) AS p) WHERE b <> p",
	"SELECT 'batches hold ' || b || ' unknown units, the [unknown] profiles ' || p FROM "
	"(SELECT (SELECT ifnull(sum(unknown), 0) FROM batch) AS b, "
	"(SELECT ifnull(sum(total_count), 0) FROM profile WHERE image_id = 1) AS p) WHERE b <> p",
};

static void check_queries(struct check_ctx *c)
{
	for (size_t i = 0; i < sizeof(check_invariants) / sizeof(check_invariants[0]); i++) {
		sqlite3_stmt *st;
		if (sqlite3_prepare_v2(c->db->sql, check_invariants[i], -1, &st, NULL) != SQLITE_OK) {
			check_sql_failed(c, "invariant query");
			return;
		}
		int step;
		while ((step = sqlite3_step(st)) == SQLITE_ROW)
			check_problem(c, "%s", (const char *)sqlite3_column_text(st, 0));
		if (step != SQLITE_DONE)
			check_sql_failed(c, "invariant query");
		sqlite3_finalize(st);
	}
}

/* A run that never ended and holds no profile and no batch did not land: its writer failed
 * or died between creating it and storing anything. A real-machine run whose process still
 * lives on this host may be recording right now and is left alone. */
static void check_runs(struct check_ctx *c)
{
	sqlite3_stmt *st;
	char host[256] = "";
	gethostname(host, sizeof(host) - 1);
	const char *sql =
		"SELECT r.id, r.simulated, r.pid, r.host, r.command FROM run r WHERE r.end_ns IS NULL "
		"AND NOT EXISTS (SELECT 1 FROM profile p WHERE p.run_id = r.id) "
		"AND NOT EXISTS (SELECT 1 FROM batch b WHERE b.run_id = r.id) ORDER BY r.id";
	if (sqlite3_prepare_v2(c->db->sql, sql, -1, &st, NULL) != SQLITE_OK) {
		check_sql_failed(c, "reading runs");
		return;
	}
	int step;
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		int64_t pid = sqlite3_column_int64(st, 2);
		const char *rhost = (const char *)sqlite3_column_text(st, 3);
		if (!sqlite3_column_int(st, 1) && pid > 0 && pid <= INT32_MAX && rhost &&
		    !strcmp(rhost, host) && (kill((pid_t)pid, 0) == 0 || errno == EPERM))
			continue;
		check_problem(c, "run %lld (%.80s): never ended and holds no profiles (its writer "
			      "failed or was killed before storing it)",
			      (long long)sqlite3_column_int64(st, 0), sqlite3_column_text(st, 4));
	}
	if (step != SQLITE_DONE)
		check_sql_failed(c, "reading runs");
	sqlite3_finalize(st);
}

/* Every chunk decodes and matches its row; chunk sums match the profile's totals. */
static void check_chunks(struct check_ctx *c)
{
	sqlite3_stmt *st;
	int64_t cur = -1, want_total = 0, want_n = 0;
	uint64_t got_total = 0, got_n = 0;
	const char *sql =
		"SELECT p.id, p.total_count, p.n_offsets, c.base, c.n_offsets, c.total_count, c.data "
		"FROM profile p LEFT JOIN sample_chunk c ON c.profile_id = p.id ORDER BY p.id, c.base";
	if (sqlite3_prepare_v2(c->db->sql, sql, -1, &st, NULL) != SQLITE_OK) {
		check_sql_failed(c, "reading chunks");
		return;
	}
	int step;
	for (;;) {
		step = sqlite3_step(st);
		int64_t pid = step == SQLITE_ROW ? sqlite3_column_int64(st, 0) : -2;
		if (pid != cur && cur >= 0 &&
		    (got_total != (uint64_t)want_total || got_n != (uint64_t)want_n))
			check_problem(c, "profile %lld: total %lld over %lld offsets recorded, chunks hold "
				      "%llu over %llu", (long long)cur, (long long)want_total,
				      (long long)want_n, (unsigned long long)got_total,
				      (unsigned long long)got_n);
		if (step != SQLITE_ROW)
			break;
		if (pid != cur) {
			cur = pid;
			want_total = sqlite3_column_int64(st, 1);
			want_n = sqlite3_column_int64(st, 2);
			got_total = got_n = 0;
		}
		if (sqlite3_column_type(st, 3) == SQLITE_NULL)
			continue;
		int64_t base = sqlite3_column_int64(st, 3);
		if (sqlite3_column_type(st, 6) != SQLITE_BLOB)
			continue;  /* reported by the invariant queries */
		const void *blob = sqlite3_column_blob(st, 6);
		size_t len = (size_t)sqlite3_column_bytes(st, 6);
		uint64_t n = 0, total = 0;
		if (len && sample_chunk_decode(blob, len, (uint64_t)base, NULL, NULL, &n, &total)) {
			check_problem(c, "profile %lld chunk 0x%llx: malformed data", (long long)pid,
				      (long long)base);
			continue;
		}
		if (n != (uint64_t)sqlite3_column_int64(st, 4) ||
		    total != (uint64_t)sqlite3_column_int64(st, 5))
			check_problem(c, "profile %lld chunk 0x%llx: row says %lld offsets / %lld, "
				      "data holds %llu / %llu", (long long)pid, (long long)base,
				      (long long)sqlite3_column_int64(st, 4),
				      (long long)sqlite3_column_int64(st, 5),
				      (unsigned long long)n, (unsigned long long)total);
		got_n += n;
		got_total += total;
	}
	if (step != SQLITE_DONE)
		check_sql_failed(c, "reading chunks");
	sqlite3_finalize(st);
}

int profile_db_check(struct profile_db *db, int *ok,
		     void (*report)(void *arg, const char *problem), void *arg)
{
	struct check_ctx c = { db, report, arg, 1, 0, "" };
	int rc = profile_db_begin_read(db);
	if (rc)
		return rc;
	check_pragma(&c, "PRAGMA integrity_check", 1);
	check_pragma(&c, "PRAGMA foreign_key_check", 0);
	if (c.ok && !c.rc) {  /* reading a damaged B-tree would only repeat its errors */
		check_queries(&c);
		check_runs(&c);
		check_chunks(&c);
	}
	profile_db_rollback(db);
	*ok = c.ok;
	return c.rc;
}
