/*
 * profile_db.c — opening the profile database (file classification, schema creation, version
 * check and migrations, WAL), errors, epochs, images, runs and detail kinds. The integrity
 * check is in profile_db_check.c, the writer's batches in profile_db_batch.c, the readers in
 * profile_db_read.c.
 */
#include "profile/profile_db_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <time.h>
#include <unistd.h>

#include "profile/symbols_source.h"
#include "util/regfile.h"

/* ---- schema ------------------------------------------------------------------------------ */

/* Version 1, as first landed. Never edit: later versions are migrations below. */
static const char schema_v1[] =
	"CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);"
	"CREATE TABLE epoch (id INTEGER PRIMARY KEY, start_ns INTEGER NOT NULL, end_ns INTEGER,"
	"  note TEXT NOT NULL DEFAULT '');"
	"CREATE TABLE image (id INTEGER PRIMARY KEY, path TEXT NOT NULL,"
	"  build_id TEXT NOT NULL DEFAULT '', size_bytes INTEGER NOT NULL DEFAULT 0,"
	"  arch TEXT NOT NULL DEFAULT '', UNIQUE (path, build_id));"
	"CREATE TABLE run (id INTEGER PRIMARY KEY, epoch_id INTEGER NOT NULL REFERENCES epoch(id),"
	"  command TEXT NOT NULL, config TEXT NOT NULL DEFAULT '', host TEXT NOT NULL DEFAULT '',"
	"  simulated INTEGER NOT NULL, start_ns INTEGER NOT NULL, end_ns INTEGER);"
	"CREATE TABLE run_total (run_id INTEGER NOT NULL REFERENCES run(id), key TEXT NOT NULL,"
	"  value REAL NOT NULL, PRIMARY KEY (run_id, key)) WITHOUT ROWID;"
	"CREATE TABLE profile (id INTEGER PRIMARY KEY,"
	"  epoch_id INTEGER NOT NULL REFERENCES epoch(id), run_id INTEGER REFERENCES run(id),"
	"  image_id INTEGER NOT NULL REFERENCES image(id), event TEXT NOT NULL,"
	"  period INTEGER NOT NULL DEFAULT 0, count_divisor INTEGER NOT NULL DEFAULT 1,"
	"  total_count INTEGER NOT NULL DEFAULT 0, n_offsets INTEGER NOT NULL DEFAULT 0);"
	"CREATE UNIQUE INDEX profile_key ON profile (epoch_id, IFNULL(run_id, 0), image_id, event);"
	"CREATE TABLE sample_chunk (profile_id INTEGER NOT NULL REFERENCES profile(id),"
	"  base INTEGER NOT NULL, n_offsets INTEGER NOT NULL, total_count INTEGER NOT NULL,"
	"  data BLOB NOT NULL, UNIQUE (profile_id, base));"
	"CREATE TABLE detail_kind (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE,"
	"  key_desc TEXT NOT NULL, value_desc TEXT NOT NULL);"
	"CREATE TABLE detail_key (kind_id INTEGER NOT NULL REFERENCES detail_kind(id),"
	"  key INTEGER NOT NULL, name TEXT NOT NULL, PRIMARY KEY (kind_id, key)) WITHOUT ROWID;"
	"CREATE TABLE detail (profile_id INTEGER NOT NULL REFERENCES profile(id),"
	"  offset INTEGER NOT NULL, kind_id INTEGER NOT NULL REFERENCES detail_kind(id),"
	"  key INTEGER NOT NULL, count INTEGER NOT NULL, value REAL NOT NULL DEFAULT 0,"
	"  PRIMARY KEY (profile_id, offset, kind_id, key)) WITHOUT ROWID;"
	"CREATE TABLE batch (id INTEGER PRIMARY KEY, epoch_id INTEGER NOT NULL REFERENCES epoch(id),"
	"  run_id INTEGER REFERENCES run(id), commit_ns INTEGER NOT NULL,"
	"  samples INTEGER NOT NULL, unknown INTEGER NOT NULL);"
	"INSERT INTO image (id, path) VALUES (1, '" PROFILE_DB_UNKNOWN_IMAGE_PATH "');"
	"INSERT INTO detail_kind VALUES (1, 'commit_state',"
	"  '0 computing, 1 stalled, 2 flushed, 3 drained', '');"
	"INSERT INTO detail_kind VALUES (2, 'psv', 'bitmask of performance events (TEA signature)',"
	"  '');"
	"INSERT INTO detail_kind VALUES (3, 'event_bits', 'bitmask of events of a tagged sample',"
	"  '');"
	"INSERT INTO detail_kind VALUES (4, 'latency',"
	"  'bucket lower bound in cycles (0, 1, 2, 4, ...)', 'sum of latencies in cycles');"
	"INSERT INTO detail_key VALUES (1, 0, 'computing'), (1, 1, 'stalled'), (1, 2, 'flushed'),"
	"  (1, 3, 'drained');";

/* Migration K -> K+1 is migrations[K - 1]. Append only. */
static const char *const migrations[] = {
	/* 1 -> 2: the host pid and the exit status of a run. */
	"ALTER TABLE run ADD COLUMN pid INTEGER NOT NULL DEFAULT 0;"
	"ALTER TABLE run ADD COLUMN exit_status INTEGER;",
	/* 2 -> 3: call stacks: deduplicated call-site frames, calling contexts as a prefix
	 * tree (root = outermost call site), and per (profile, context) the sampled leaf
	 * offsets packed as sample_chunk blobs (docs/profile-db.md). */
	"CREATE TABLE frame (id INTEGER PRIMARY KEY,"
	"  image_id INTEGER NOT NULL REFERENCES image(id), offset INTEGER NOT NULL,"
	"  UNIQUE (image_id, offset));"
	"CREATE TABLE stack (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES stack(id),"
	"  frame_id INTEGER NOT NULL REFERENCES frame(id));"
	"CREATE UNIQUE INDEX stack_node ON stack (IFNULL(parent_id, 0), frame_id);"
	"CREATE TABLE stack_sample (profile_id INTEGER NOT NULL REFERENCES profile(id),"
	"  stack_id INTEGER NOT NULL, base INTEGER NOT NULL, n_offsets INTEGER NOT NULL,"
	"  total_count INTEGER NOT NULL, data BLOB NOT NULL,"
	"  PRIMARY KEY (profile_id, stack_id, base));",
	/* 3 -> 4: function symbols kept in the database for images that have no file to read
	 * them from (the entries of a JIT compiler's perf map, docs/collect.md); in write order,
	 * a later row overriding an earlier one where they overlap. */
	"CREATE TABLE image_symbol (image_id INTEGER NOT NULL REFERENCES image(id),"
	"  start INTEGER NOT NULL, size INTEGER NOT NULL, name TEXT NOT NULL);"
	"CREATE INDEX image_symbol_image ON image_symbol (image_id);",
};

_Static_assert(sizeof(migrations) / sizeof(migrations[0]) == PROFILE_DB_SCHEMA_VERSION - 1,
	       "one migration per schema version");

static int apply_migrations(sqlite3 *sql, int from, int to, char **errmsg)
{
	for (int v = from; v < to; v++) {
		int rc = sqlite3_exec(sql, migrations[v - 1], NULL, NULL, errmsg);
		if (rc)
			return rc;
	}
	char buf[64];
	snprintf(buf, sizeof(buf), "PRAGMA user_version = %d;", to);
	return sqlite3_exec(sql, buf, NULL, NULL, errmsg);
}

int profile_db_schema_create(sqlite3 *sql, int version, char **errmsg)
{
	char buf[256];
	int rc = sqlite3_exec(sql, schema_v1, NULL, NULL, errmsg);
	if (rc)
		return rc;
	snprintf(buf, sizeof(buf),
		 "PRAGMA application_id = %d;"
		 "INSERT INTO meta VALUES ('created_ns', '%lld'), ('created_by', 'robin schema %d');",
		 PROFILE_DB_APPLICATION_ID, (long long)profile_db_now_ns(), version);
	rc = sqlite3_exec(sql, buf, NULL, NULL, errmsg);
	if (rc)
		return rc;
	return apply_migrations(sql, 1, version, errmsg);
}

/* ---- small helpers ----------------------------------------------------------------------- */

int64_t profile_db_now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

char *profile_db_strdup(const char *s)
{
	return strdup(s ? s : "");
}

static void vfail(char *err, const char *path, const char *fmt, va_list ap)
{
	if (!err)
		return;
	int n = snprintf(err, PROFILE_DB_ERR_MAX, "%s: ", path);
	if (n < 0 || n >= PROFILE_DB_ERR_MAX)
		return;
	vsnprintf(err + n, PROFILE_DB_ERR_MAX - (size_t)n, fmt, ap);
	for (char *p = err; *p; p++)  /* one line */
		if (*p == '\n')
			*p = ' ';
}

int profile_db_fail(struct profile_db *db, int rc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfail(db->err, db->path, fmt, ap);
	va_end(ap);
	return rc;
}

static int is_corrupt_code(int code)
{
	code &= 0xff;
	return code == SQLITE_CORRUPT || code == SQLITE_NOTADB;
}

int profile_db_sql_fail(struct profile_db *db, const char *what)
{
	int code = sqlite3_extended_errcode(db->sql);
	if (is_corrupt_code(code))
		return profile_db_fail(db, -EUCLEAN, "database is corrupt (%s: %s); see `robin db check`",
				       what, sqlite3_errmsg(db->sql));
	if ((code & 0xff) == SQLITE_BUSY || (code & 0xff) == SQLITE_LOCKED)
		return profile_db_fail(db, -EBUSY, "database is locked (%s)", what);
	/* SQLite says "disk I/O error" when the WAL or its index cannot grow: name the cause */
	struct statvfs vfs;
	if (((code & 0xff) == SQLITE_FULL || (code & 0xff) == SQLITE_IOERR) &&
	    statvfs(db->path, &vfs) == 0 &&
	    (uint64_t)vfs.f_bavail * vfs.f_frsize < PROFILE_DB_MIN_FREE_BYTES)
		return profile_db_fail(db, -ENOSPC, "disk full (%llu bytes free; %s: %s)",
				       (unsigned long long)vfs.f_bavail * vfs.f_frsize, what,
				       sqlite3_errmsg(db->sql));
	return profile_db_fail(db, -EIO, "%s: %s", what, sqlite3_errmsg(db->sql));
}

int profile_db_prepare(struct profile_db *db, sqlite3_stmt **st, const char *sql)
{
	if (sqlite3_prepare_v2(db->sql, sql, -1, st, NULL) != SQLITE_OK) {
		*st = NULL;
		return profile_db_sql_fail(db, "prepare");
	}
	return 0;
}

int profile_db_exec(struct profile_db *db, const char *sql)
{
	if (sqlite3_exec(db->sql, sql, NULL, NULL, NULL) != SQLITE_OK)
		return profile_db_sql_fail(db, "exec");
	return 0;
}

int profile_db_begin_write(struct profile_db *db)
{
	if (db->flags & PROFILE_DB_READONLY)
		return profile_db_fail(db, -EROFS, "opened read-only");
	int rc = profile_db_exec(db, db->tx_depth ? "SAVEPOINT robin_nested" : "BEGIN IMMEDIATE");
	if (!rc)
		db->tx_depth++;
	return rc;
}

int profile_db_begin_read(struct profile_db *db)
{
	return profile_db_exec(db, "BEGIN");
}

int profile_db_commit(struct profile_db *db)
{
	int rc = profile_db_exec(db, db->tx_depth > 1 ? "RELEASE robin_nested" : "COMMIT");
	if (!rc && db->tx_depth)
		db->tx_depth--;
	return rc;
}

void profile_db_rollback(struct profile_db *db)
{
	if (db->tx_depth > 1) {  /* undo the inner part only; the outer transaction decides */
		sqlite3_exec(db->sql, "ROLLBACK TO robin_nested; RELEASE robin_nested", NULL, NULL,
			     NULL);
		db->tx_depth--;
		return;
	}
	db->tx_depth = 0;
	if (!sqlite3_get_autocommit(db->sql))
		sqlite3_exec(db->sql, "ROLLBACK", NULL, NULL, NULL);
}

int profile_db_transaction_begin(struct profile_db *db)
{
	return profile_db_begin_write(db);
}

int profile_db_transaction_commit(struct profile_db *db)
{
	return profile_db_commit(db);
}

void profile_db_transaction_rollback(struct profile_db *db)
{
	profile_db_rollback(db);
}

int profile_db_check_writable(struct profile_db *db)
{
	struct statvfs vfs;
	int rc = profile_db_begin_write(db);  /* the write lock: read-only files and locks fail */
	if (rc) {
		int code = sqlite3_extended_errcode(db->sql) & 0xff;
		if (code == SQLITE_READONLY)
			return profile_db_fail(db, -EROFS, "not writable (read-only file, directory or "
					       "file system)");
		return rc;
	}
	profile_db_rollback(db);
	if (access(db->path, W_OK) != 0)
		return profile_db_fail(db, -errno, "not writable: %s", strerror(errno));
	if (statvfs(db->path, &vfs) == 0 &&
	    (uint64_t)vfs.f_bavail * vfs.f_frsize < PROFILE_DB_MIN_FREE_BYTES)
		return profile_db_fail(db, -ENOSPC, "disk full (%llu bytes free, %u needed)",
				       (unsigned long long)vfs.f_bavail * vfs.f_frsize,
				       PROFILE_DB_MIN_FREE_BYTES);
	return 0;
}

/* Run a query returning one integer (e.g. a PRAGMA). */
static int query_int(struct profile_db *db, const char *sql, int64_t *v)
{
	sqlite3_stmt *st;
	int rc = profile_db_prepare(db, &st, sql);
	if (rc)
		return rc;
	int step = sqlite3_step(st);
	if (step == SQLITE_ROW)
		*v = sqlite3_column_int64(st, 0);
	else if (step == SQLITE_DONE)
		*v = 0;
	else
		rc = profile_db_sql_fail(db, sql);
	sqlite3_finalize(st);
	return rc;
}

const char *profile_db_default_path(const char *flag)
{
	if (flag && *flag)
		return flag;
	const char *env = getenv(PROFILE_DB_ENV);
	if (env && *env)
		return env;
	return PROFILE_DB_DEFAULT_PATH;
}

const char *profile_db_error(const struct profile_db *db)
{
	return db ? db->err : "";
}

const char *profile_db_path(const struct profile_db *db)
{
	return db->path;
}

int profile_db_schema_version_found(const struct profile_db *db)
{
	return db->version_found;
}

int64_t profile_db_image_unknown_id(const struct profile_db *db)
{
	return db->unknown_image_id;
}

/* ---- open / close ------------------------------------------------------------------------ */

/* Classify the bytes of an existing file before SQLite sees it: 0 = empty or SQLite,
 * -EINVAL = something else. */
static int check_header(const char *path, off_t size)
{
	static const char magic[16] = "SQLite format 3";
	char buf[16];
	if (size == 0)
		return 0;
	if (size < 100)
		return -EINVAL;
	int fd = regfile_open(path);
	if (fd < 0)
		return fd;
	ssize_t n = pread(fd, buf, sizeof(buf), 0);
	close(fd);
	if (n != (ssize_t)sizeof(buf) || memcmp(buf, magic, sizeof(buf)))
		return -EINVAL;
	return 0;
}

/* Create the schema (new file) or migrate it, in one immediate transaction that re-reads the
 * state so that two writers opening the same new file do not both create it. */
static int create_or_migrate(struct profile_db *db)
{
	int64_t app_id, version, n_tables;
	char *msg = NULL;
	int rc = profile_db_begin_write(db);
	if (rc)
		return rc;
	if ((rc = query_int(db, "PRAGMA application_id", &app_id)) ||
	    (rc = query_int(db, "PRAGMA user_version", &version)) ||
	    (rc = query_int(db, "SELECT count(*) FROM sqlite_master", &n_tables)))
		goto out;
	if (n_tables == 0 && app_id == 0) {
		if (profile_db_schema_create(db->sql, PROFILE_DB_SCHEMA_VERSION, &msg)) {
			rc = profile_db_fail(db, -EIO, "cannot create the schema: %s",
					     msg ? msg : sqlite3_errmsg(db->sql));
			goto out;
		}
	} else if (version < PROFILE_DB_SCHEMA_VERSION) {
		char buf[128];
		if (apply_migrations(db->sql, (int)version, PROFILE_DB_SCHEMA_VERSION, &msg)) {
			rc = profile_db_fail(db, -EIO, "migration from schema version %d failed: %s",
					     (int)version, msg ? msg : sqlite3_errmsg(db->sql));
			goto out;
		}
		snprintf(buf, sizeof(buf), "INSERT OR REPLACE INTO meta VALUES ('migrated_ns', '%lld')",
			 (long long)profile_db_now_ns());
		if ((rc = profile_db_exec(db, buf)))
			goto out;
	}
	rc = profile_db_commit(db);
out:
	sqlite3_free(msg);
	if (rc)
		profile_db_rollback(db);
	return rc;
}

static int open_classified(struct profile_db *db)
{
	int64_t app_id, version, n_tables, v;
	int readonly = db->flags & PROFILE_DB_READONLY;
	int rc;

	if ((rc = query_int(db, "PRAGMA application_id", &app_id)) ||
	    (rc = query_int(db, "PRAGMA user_version", &version)) ||
	    (rc = query_int(db, "SELECT count(*) FROM sqlite_master", &n_tables)))
		return rc;
	db->version_found = (int)version;
	if (app_id == 0 && n_tables == 0) {
		if (readonly)
			return profile_db_fail(db, -ENOENT, "empty database (nothing recorded yet)");
		db->version_found = 0;
	} else if (app_id != PROFILE_DB_APPLICATION_ID) {
		return profile_db_fail(db, -EINVAL, "not a robin database (application_id 0x%llx)",
				       (unsigned long long)app_id);
	} else if (version > PROFILE_DB_SCHEMA_VERSION) {
		return profile_db_fail(db, -EPROTONOSUPPORT,
				       "schema version %d is newer than this robin (supports up to "
				       "%d); upgrade robin", (int)version, PROFILE_DB_SCHEMA_VERSION);
	} else if (version < 1) {
		return profile_db_fail(db, -EINVAL, "robin database with invalid schema version %d",
				       (int)version);
	} else if (version < PROFILE_DB_SCHEMA_READABLE && readonly) {
		return profile_db_fail(db, -EROFS, "schema version %d needs migration to %d; open it "
				       "once with a writer (robin db migrate)", (int)version,
				       PROFILE_DB_SCHEMA_VERSION);
	}
	if (!readonly) {
		if ((rc = profile_db_exec(db, "PRAGMA journal_mode = WAL")) ||
		    (rc = profile_db_exec(db, "PRAGMA synchronous = NORMAL")))
			return rc;
		if (db->version_found < PROFILE_DB_SCHEMA_VERSION && (rc = create_or_migrate(db)))
			return rc;
	}
	if ((rc = profile_db_exec(db, "PRAGMA foreign_keys = ON")))
		return rc;
	/* Touch the tables every command needs: a damaged schema or root page fails here. */
	if ((rc = query_int(db, "SELECT count(*) FROM epoch", &v)) ||
	    (rc = query_int(db, "SELECT count(*) FROM meta", &v)) ||
	    (rc = query_int(db, "SELECT id FROM image WHERE path = '" PROFILE_DB_UNKNOWN_IMAGE_PATH
			    "' AND build_id = ''", &db->unknown_image_id)))
		return rc;
	if (db->unknown_image_id == 0)
		return profile_db_fail(db, -EUCLEAN, "database is corrupt (no [unknown] image row)");
	return 0;
}

/* Could a reader's failure come from being unable to write beside the file (the WAL index
 * PATH-shm on a read-only file system, in a directory it may not write, or on a full disk)? */
static int is_cannot_write_code(int code)
{
	code &= 0xff;
	return code == SQLITE_CANTOPEN || code == SQLITE_READONLY || code == SQLITE_IOERR ||
	       code == SQLITE_PERM || code == SQLITE_FULL;
}

/* A reader that cannot create PATH-shm: when no write-ahead log holds commits, the file alone
 * is the whole database, opened immutable (no locks, no -shm, nothing written). A log with
 * commits not yet in the file cannot be read without the index: say so. */
static int open_readonly_fallback(struct profile_db *db)
{
	char wal[PATH_MAX + 8], *uri;
	struct stat st;
	snprintf(wal, sizeof(wal), "%s-wal", db->path);
	if (stat(wal, &st) == 0 && st.st_size > 0)
		return profile_db_fail(db, -EACCES, "cannot read: %s holds commits not yet in the "
				       "file and its index %s-shm cannot be created here (read-only "
				       "file system, directory or full disk); open it once with write "
				       "access", wal, db->path);
	/* file: URI with every byte but unreserved ones and '/' percent-encoded */
	size_t n = strlen(db->path);
	if (!(uri = malloc(5 + 3 * n + sizeof("?immutable=1"))))
		return profile_db_fail(db, -ENOMEM, "out of memory");
	char *o = uri + sprintf(uri, "file:");
	for (const unsigned char *p = (const unsigned char *)db->path; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
		    strchr("/-._~", *p))
			*o++ = (char)*p;
		else
			o += sprintf(o, "%%%02X", *p);
	}
	strcpy(o, "?immutable=1");
	sqlite3_close(db->sql);
	db->sql = NULL;
	int orc = sqlite3_open_v2(uri, &db->sql, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL);
	free(uri);
	if (orc != SQLITE_OK)
		return profile_db_fail(db, -EIO, "cannot open: %s",
				       db->sql ? sqlite3_errmsg(db->sql) : "out of memory");
	sqlite3_extended_result_codes(db->sql, 1);
	return open_classified(db);
}

/* Remove a private file and what SQLite may have left beside it. */
static void unlink_db_files(const char *path)
{
	static const char *const sfx[] = { "", "-wal", "-shm", "-journal" };
	char p[PATH_MAX + 16];
	for (size_t i = 0; i < sizeof(sfx) / sizeof(sfx[0]); i++) {
		snprintf(p, sizeof(p), "%s%s", path, sfx[i]);
		unlink(p);
	}
}

/* Create the missing db->path atomically: build the schema in a private file in the same
 * directory (WAL mode recorded in its header, checkpointed on close), then link it to the
 * path, which fails if another creator was first; either way the private name goes. Returns
 * 2 when the path is now our new file, 0 when another creator's, 1 when this file system
 * cannot link or rename without replacing (the caller then creates in place), or -errno. */
static int create_atomically(struct profile_db *db, mode_t mode)
{
	char tmp[PATH_MAX];
	const char *slash = strrchr(db->path, '/');
	int dirlen = slash ? (int)(slash - db->path + 1) : 0;
	static unsigned counter;
	if ((size_t)snprintf(tmp, sizeof(tmp), "%.*s.%s.tmp-%d-%u", dirlen, db->path,
			     db->path + dirlen, (int)getpid(), counter++) >= sizeof(tmp))
		return profile_db_fail(db, -ENAMETOOLONG, "path too long");
	int rc;
	unlink_db_files(tmp);  /* a leftover of a killed creator with the same pid */
	/* Create the (empty) file first: SQLite, refused O_CREAT in a directory it cannot
	 * write, retries read-only and reports that retry's ENOENT instead of EACCES. */
	int fd = open(tmp, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (fd < 0) {
		rc = profile_db_fail(db, -errno, "cannot create: %s", strerror(errno));
		goto out;
	}
	close(fd);
	if (sqlite3_open_v2(tmp, &db->sql, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) !=
	    SQLITE_OK) {
		int e = sqlite3_system_errno(db->sql);
		rc = profile_db_fail(db, e ? -e : -EIO, "cannot create: %s",
				     e ? strerror(e) : db->sql ? sqlite3_errmsg(db->sql) : "out of memory");
		goto out;
	}
	sqlite3_extended_result_codes(db->sql, 1);
	if ((rc = profile_db_exec(db, "PRAGMA journal_mode = WAL")) ||
	    (rc = create_or_migrate(db)))
		goto out;
	if (sqlite3_close(db->sql) != SQLITE_OK) {
		rc = profile_db_sql_fail(db, "close");
		goto out;
	}
	db->sql = NULL;
	if (mode && chmod(tmp, mode) != 0) {
		rc = profile_db_fail(db, -errno, "cannot set permissions: %s", strerror(errno));
		goto out;
	}
	if (link(tmp, db->path) == 0)
		rc = 2;
	else if (errno == EEXIST)
		rc = 0;
	else if (renameat2(AT_FDCWD, tmp, AT_FDCWD, db->path, RENAME_NOREPLACE) == 0)
		rc = 2;
	else if (errno == EEXIST)
		rc = 0;
	else if (errno == EINVAL || errno == ENOSYS || errno == EPERM || errno == ENOTSUP)
		rc = 1;
	else
		rc = profile_db_fail(db, -errno, "cannot create: %s", strerror(errno));
out:
	if (db->sql) {
		sqlite3_close(db->sql);
		db->sql = NULL;
	}
	db->tx_depth = 0;
	unlink_db_files(tmp);
	return rc;
}

int profile_db_open(const char *path, unsigned flags, struct profile_db **out, char *err)
{
	return profile_db_open_mode(path, flags, 0, out, err);
}

/* The symbols_source of an open database: the image_symbol rows of (path, build_id); none in
 * a database older than schema version 4. */
static int64_t db_symbol_source(void *src, const char *path, const char *build_id,
				symbols_source_row_fn row, void *arg)
{
	struct profile_db *db = src;
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(db->sql, "SELECT s.start, s.size, s.name FROM image_symbol s JOIN "
			       "image i ON i.id = s.image_id WHERE i.path = ?1 AND i.build_id = ?2 "
			       "ORDER BY s.rowid", -1, &st, NULL) != SQLITE_OK)
		return 0;
	sqlite3_bind_text(st, 1, path, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, build_id ? build_id : "", -1, SQLITE_STATIC);
	int64_t n = 0;
	int rc = 0, step;
	while (!rc && (step = sqlite3_step(st)) == SQLITE_ROW) {
		const char *name = (const char *)sqlite3_column_text(st, 2);
		rc = row(arg, (uint64_t)sqlite3_column_int64(st, 0),
			 (uint64_t)sqlite3_column_int64(st, 1), name ? name : "");
		n++;
	}
	if (!rc && step != SQLITE_DONE)
		rc = -EIO;
	sqlite3_finalize(st);
	return rc ? rc : n;
}

int profile_db_open_mode(const char *path, unsigned flags, mode_t mode, struct profile_db **out,
			 char *err)
{
	struct profile_db *db;
	struct stat st;
	int rc, created = 0;

	*out = NULL;
	if (err)
		err[0] = 0;
	db = calloc(1, sizeof(*db));
	if (!db || !(db->path = strdup(path))) {
		free(db);
		if (err)
			snprintf(err, PROFILE_DB_ERR_MAX, "%s: out of memory", path);
		return -ENOMEM;
	}
	db->flags = flags;
	if (stat(path, &st) != 0 && errno == ENOENT && (flags & PROFILE_DB_CREATE) &&
	    !(flags & PROFILE_DB_READONLY)) {
		if ((rc = create_atomically(db, mode)) < 0)
			goto fail;
		created = rc == 2;
		if (rc == 1 && mode) {  /* no atomic link here: create the file with its mode */
			int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
			if (fd >= 0) {
				fchmod(fd, mode);
				close(fd);
			}
		}
	}
	if (stat(path, &st) != 0) {
		if (errno != ENOENT || !(flags & PROFILE_DB_CREATE) || (flags & PROFILE_DB_READONLY)) {
			rc = profile_db_fail(db, -errno, "%s", errno == ENOENT
					     ? "no such profile database (record or ingest first, or "
					       "pass --db FILE)" : strerror(errno));
			goto fail;
		}
	} else if (S_ISDIR(st.st_mode)) {
		rc = profile_db_fail(db, -EISDIR, "is a directory, not a profile database");
		goto fail;
	} else if (!S_ISREG(st.st_mode)) {
		rc = profile_db_fail(db, -REGFILE_ENOTREG, "%s", regfile_strerror(-REGFILE_ENOTREG));
		goto fail;
	} else if ((rc = check_header(path, st.st_size))) {
		rc = rc == -EINVAL ? profile_db_fail(db, rc, "not a robin database (not an SQLite file)")
				   : profile_db_fail(db, rc, "%s", regfile_strerror(rc));
		goto fail;
	}
	int oflags = (flags & PROFILE_DB_READONLY) ? SQLITE_OPEN_READONLY
						   : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
	if (sqlite3_open_v2(path, &db->sql, oflags, NULL) != SQLITE_OK) {
		rc = profile_db_fail(db, -EIO, "cannot open: %s",
				     db->sql ? sqlite3_errmsg(db->sql) : "out of memory");
		goto fail;
	}
	sqlite3_extended_result_codes(db->sql, 1);
	sqlite3_busy_timeout(db->sql, 10000);
	rc = open_classified(db);
	if (!rc && created)
		db->version_found = 0;  /* new: there was no schema before this open */
	if (rc && rc != -EUCLEAN && (flags & PROFILE_DB_READONLY) &&
	    is_cannot_write_code(sqlite3_extended_errcode(db->sql)))
		rc = open_readonly_fallback(db);
	if (rc)
		goto fail;
	symbols_source_add(db_symbol_source, db); /* beyond 16 open databases: not named */
	*out = db;
	return 0;
fail:
	if (err)
		snprintf(err, PROFILE_DB_ERR_MAX, "%s", db->err);
	profile_db_close(db);
	return rc;
}

void profile_db_close(struct profile_db *db)
{
	if (!db)
		return;
	symbols_source_remove(db);
	sqlite3_close(db->sql);
	for (size_t i = 0; i < db->n_names; i++)
		free(db->names[i].name);
	free(db->names);
	free(db->path);
	free(db);
}

/* ---- epochs ------------------------------------------------------------------------------ */

static int epoch_insert(struct profile_db *db, const char *note, int64_t *id)
{
	sqlite3_stmt *st;
	int rc = profile_db_prepare(db, &st, "INSERT INTO epoch (start_ns, note) VALUES (?, ?)");
	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, profile_db_now_ns());
	sqlite3_bind_text(st, 2, note ? note : "", -1, SQLITE_TRANSIENT);
	if (sqlite3_step(st) != SQLITE_DONE)
		rc = profile_db_sql_fail(db, "insert epoch");
	else
		*id = sqlite3_last_insert_rowid(db->sql);
	sqlite3_finalize(st);
	return rc;
}

int profile_db_epoch_current(struct profile_db *db, int64_t *epoch_id)
{
	int rc = query_int(db, "SELECT max(id) FROM epoch", epoch_id);
	if (rc || *epoch_id)
		return rc;
	if (db->flags & PROFILE_DB_READONLY)
		return profile_db_fail(db, -ENOENT, "no epoch yet (nothing recorded)");
	if ((rc = profile_db_begin_write(db)))
		return rc;
	if ((rc = query_int(db, "SELECT max(id) FROM epoch", epoch_id)) ||
	    (!*epoch_id && (rc = epoch_insert(db, "", epoch_id))) ||
	    (rc = profile_db_commit(db)))
		profile_db_rollback(db);
	return rc;
}

int profile_db_epoch_new(struct profile_db *db, const char *note, int64_t *epoch_id)
{
	sqlite3_stmt *st = NULL;
	int rc = profile_db_begin_write(db);
	if (rc)
		return rc;
	if ((rc = profile_db_prepare(db, &st, "UPDATE epoch SET end_ns = ? WHERE end_ns IS NULL")))
		goto out;
	sqlite3_bind_int64(st, 1, profile_db_now_ns());
	if (sqlite3_step(st) != SQLITE_DONE) {
		rc = profile_db_sql_fail(db, "close epoch");
		goto out;
	}
	if ((rc = epoch_insert(db, note, epoch_id)))
		goto out;
	rc = profile_db_commit(db);
out:
	sqlite3_finalize(st);
	if (rc)
		profile_db_rollback(db);
	return rc;
}

int profile_db_epochs(struct profile_db *db, struct profile_db_epoch **out, size_t *n)
{
	sqlite3_stmt *st;
	struct profile_db_epoch *v = NULL;
	size_t cnt = 0, cap = 0;
	int rc = profile_db_prepare(db, &st, "SELECT id, start_ns, IFNULL(end_ns, 0), note "
					      "FROM epoch ORDER BY id");
	*out = NULL;
	*n = 0;
	if (rc)
		return rc;
	int step;
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		if (cnt == cap) {
			cap = cap ? cap * 2 : 8;
			struct profile_db_epoch *nv = realloc(v, cap * sizeof(*v));
			if (!nv) {
				rc = -ENOMEM;
				goto out;
			}
			v = nv;
		}
		struct profile_db_epoch *e = &v[cnt];
		e->id = sqlite3_column_int64(st, 0);
		e->start_ns = sqlite3_column_int64(st, 1);
		e->end_ns = sqlite3_column_int64(st, 2);
		e->note = profile_db_strdup((const char *)sqlite3_column_text(st, 3));
		if (!e->note) {
			rc = -ENOMEM;
			goto out;
		}
		cnt++;
	}
	if (step != SQLITE_DONE)
		rc = profile_db_sql_fail(db, "list epochs");
out:
	sqlite3_finalize(st);
	if (rc) {
		profile_db_epochs_free(v, cnt);
		return rc == -ENOMEM ? profile_db_fail(db, rc, "out of memory") : rc;
	}
	*out = v;
	*n = cnt;
	return 0;
}

void profile_db_epochs_free(struct profile_db_epoch *e, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(e[i].note);
	free(e);
}

/* ---- images ------------------------------------------------------------------------------ */

int profile_db_image_add(struct profile_db *db, const char *path, const char *build_id,
			 uint64_t size_bytes, const char *arch, int64_t *image_id)
{
	sqlite3_stmt *st = NULL;
	int rc;
	if (!path || !*path)
		return profile_db_fail(db, -EINVAL, "image path is empty");
	if (size_bytes > (uint64_t)INT64_MAX)
		return profile_db_fail(db, -EINVAL, "image %s: size out of range", path);
	if (!build_id)
		build_id = "";
	/* Upsert: a later writer that knows the size or arch fills them in. */
	rc = profile_db_prepare(db, &st,
		"INSERT INTO image (path, build_id, size_bytes, arch) VALUES (?1, ?2, ?3, ?4) "
		"ON CONFLICT (path, build_id) DO UPDATE SET "
		"size_bytes = CASE WHEN size_bytes = 0 THEN excluded.size_bytes ELSE size_bytes END, "
		"arch = CASE WHEN arch = '' THEN excluded.arch ELSE arch END "
		"RETURNING id");
	if (rc)
		return rc;
	sqlite3_bind_text(st, 1, path, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, build_id, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 3, (int64_t)size_bytes);
	sqlite3_bind_text(st, 4, arch ? arch : "", -1, SQLITE_STATIC);
	/* the id is returned before the statement (and, outside a transaction, its commit)
	 * finishes: hand it out only once that succeeded, or a caller caching it would name a
	 * row that was rolled back (a full disk) */
	int64_t id = 0;
	if (sqlite3_step(st) != SQLITE_ROW)
		rc = profile_db_sql_fail(db, "add image");
	else
		id = sqlite3_column_int64(st, 0);
	if (!rc && sqlite3_step(st) != SQLITE_DONE)
		rc = profile_db_sql_fail(db, "add image");
	sqlite3_finalize(st);
	if (!rc)
		*image_id = id;
	return rc;
}

int profile_db_image_symbols_add(struct profile_db *db, int64_t image_id,
				 const struct profile_db_symbol *v, size_t n)
{
	sqlite3_stmt *st = NULL;
	if (!n)
		return 0;
	int rc = profile_db_begin_write(db);
	if (rc)
		return rc;
	rc = profile_db_prepare(db, &st, "INSERT INTO image_symbol (image_id, start, size, name) "
				"VALUES (?1, ?2, ?3, ?4)");
	for (size_t i = 0; !rc && i < n; i++) {
		if (v[i].start > (uint64_t)INT64_MAX || v[i].size > (uint64_t)INT64_MAX) {
			rc = profile_db_fail(db, -EINVAL, "image %lld: symbol address out of range",
					     (long long)image_id);
			break;
		}
		sqlite3_reset(st);
		sqlite3_bind_int64(st, 1, image_id);
		sqlite3_bind_int64(st, 2, (int64_t)v[i].start);
		sqlite3_bind_int64(st, 3, (int64_t)v[i].size);
		sqlite3_bind_text(st, 4, v[i].name, (int)v[i].name_len, SQLITE_STATIC);
		if (sqlite3_step(st) != SQLITE_DONE)
			rc = profile_db_sql_fail(db, "add image symbol");
	}
	sqlite3_finalize(st);
	if (!rc)
		rc = profile_db_commit(db);
	if (rc)
		profile_db_rollback(db);
	return rc;
}

int profile_db_images(struct profile_db *db, struct profile_db_image **out, size_t *n)
{
	sqlite3_stmt *st;
	struct profile_db_image *v = NULL;
	size_t cnt = 0, cap = 0;
	int rc = profile_db_prepare(db, &st, "SELECT id, path, build_id, size_bytes, arch FROM image "
					      "ORDER BY id");
	*out = NULL;
	*n = 0;
	if (rc)
		return rc;
	int step;
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		if (cnt == cap) {
			cap = cap ? cap * 2 : 16;
			struct profile_db_image *nv = realloc(v, cap * sizeof(*v));
			if (!nv) {
				rc = -ENOMEM;
				goto out;
			}
			v = nv;
		}
		struct profile_db_image *im = &v[cnt++];
		im->id = sqlite3_column_int64(st, 0);
		im->path = profile_db_strdup((const char *)sqlite3_column_text(st, 1));
		im->build_id = profile_db_strdup((const char *)sqlite3_column_text(st, 2));
		im->size_bytes = (uint64_t)sqlite3_column_int64(st, 3);
		im->arch = profile_db_strdup((const char *)sqlite3_column_text(st, 4));
		if (!im->path || !im->build_id || !im->arch) {
			rc = -ENOMEM;
			goto out;
		}
	}
	if (step != SQLITE_DONE)
		rc = profile_db_sql_fail(db, "list images");
out:
	sqlite3_finalize(st);
	if (rc) {
		profile_db_images_free(v, cnt);
		return rc == -ENOMEM ? profile_db_fail(db, rc, "out of memory") : rc;
	}
	*out = v;
	*n = cnt;
	return 0;
}

void profile_db_images_free(struct profile_db_image *im, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(im[i].path);
		free(im[i].build_id);
		free(im[i].arch);
	}
	free(im);
}

/* ---- runs -------------------------------------------------------------------------------- */

int profile_db_run_begin(struct profile_db *db, const struct profile_db_run_info *info,
			 int64_t *run_id)
{
	sqlite3_stmt *st = NULL;
	int64_t epoch;
	int rc;
	if (!info || !info->command)
		return profile_db_fail(db, -EINVAL, "run without a command");
	if ((rc = profile_db_epoch_current(db, &epoch)))
		return rc;
	rc = profile_db_prepare(db, &st, "INSERT INTO run (epoch_id, command, config, host, "
				"simulated, start_ns, pid) VALUES (?, ?, ?, ?, ?, ?, ?)");
	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, epoch);
	sqlite3_bind_text(st, 2, info->command, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, info->config ? info->config : "", -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, info->host ? info->host : "", -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 5, info->simulated ? 1 : 0);
	sqlite3_bind_int64(st, 6, info->start_ns ? info->start_ns : profile_db_now_ns());
	sqlite3_bind_int64(st, 7, info->pid);
	if (sqlite3_step(st) != SQLITE_DONE)
		rc = profile_db_sql_fail(db, "add run");
	else
		*run_id = sqlite3_last_insert_rowid(db->sql);
	sqlite3_finalize(st);
	return rc;
}

/* UPDATE run SET <column> = value WHERE id = run_id; -ENOENT when there is no such run. */
static int run_update(struct profile_db *db, const char *sql, int64_t run_id, int64_t value)
{
	sqlite3_stmt *st;
	int rc = profile_db_prepare(db, &st, sql);
	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, value);
	sqlite3_bind_int64(st, 2, run_id);
	if (sqlite3_step(st) != SQLITE_DONE)
		rc = profile_db_sql_fail(db, "update run");
	else if (sqlite3_changes(db->sql) == 0)
		rc = profile_db_fail(db, -ENOENT, "no run %lld", (long long)run_id);
	sqlite3_finalize(st);
	return rc;
}

int profile_db_run_end(struct profile_db *db, int64_t run_id, int64_t end_ns)
{
	return run_update(db, "UPDATE run SET end_ns = ? WHERE id = ?", run_id,
			  end_ns ? end_ns : profile_db_now_ns());
}

int profile_db_run_set_exit(struct profile_db *db, int64_t run_id, int exit_status)
{
	return run_update(db, "UPDATE run SET exit_status = ? WHERE id = ?", run_id, exit_status);
}

int profile_db_run_set_total(struct profile_db *db, int64_t run_id, const char *key,
			     double value)
{
	sqlite3_stmt *st;
	if (!key || !*key)
		return profile_db_fail(db, -EINVAL, "run total without a key");
	int rc = profile_db_prepare(db, &st, "INSERT OR REPLACE INTO run_total VALUES (?, ?, ?)");
	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, run_id);
	sqlite3_bind_text(st, 2, key, -1, SQLITE_STATIC);
	sqlite3_bind_double(st, 3, value);
	if (sqlite3_step(st) != SQLITE_DONE)
		rc = profile_db_sql_fail(db, "set run total");
	sqlite3_finalize(st);
	return rc;
}

static int run_load_totals(struct profile_db *db, struct profile_db_run *r)
{
	sqlite3_stmt *st;
	size_t cap = 0;
	int rc = profile_db_prepare(db, &st, "SELECT key, value FROM run_total WHERE run_id = ? "
					      "ORDER BY key");
	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, r->id);
	int step;
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		if (r->n_totals == cap) {
			cap = cap ? cap * 2 : 8;
			char **k = realloc(r->total_keys, cap * sizeof(*k));
			if (k)
				r->total_keys = k;
			double *v = realloc(r->total_values, cap * sizeof(*v));
			if (v)
				r->total_values = v;
			if (!k || !v) {
				rc = -ENOMEM;
				break;
			}
		}
		r->total_keys[r->n_totals] = profile_db_strdup((const char *)sqlite3_column_text(st, 0));
		if (!r->total_keys[r->n_totals]) {
			rc = -ENOMEM;
			break;
		}
		r->total_values[r->n_totals++] = sqlite3_column_double(st, 1);
	}
	if (!rc && step != SQLITE_DONE)
		rc = profile_db_sql_fail(db, "list run totals");
	sqlite3_finalize(st);
	return rc;
}

int profile_db_runs(struct profile_db *db, int64_t epoch_id, struct profile_db_run **out,
		    size_t *n)
{
	sqlite3_stmt *st;
	struct profile_db_run *v = NULL;
	size_t cnt = 0, cap = 0;
	int rc = profile_db_prepare(db, &st,
		"SELECT id, epoch_id, command, config, host, simulated, start_ns, IFNULL(end_ns, 0), "
		"pid, exit_status FROM run WHERE ?1 = 0 OR epoch_id = ?1 ORDER BY id");
	*out = NULL;
	*n = 0;
	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, epoch_id);
	int step;
	while ((step = sqlite3_step(st)) == SQLITE_ROW) {
		if (cnt == cap) {
			cap = cap ? cap * 2 : 8;
			struct profile_db_run *nv = realloc(v, cap * sizeof(*v));
			if (!nv) {
				rc = -ENOMEM;
				goto out;
			}
			v = nv;
		}
		struct profile_db_run *r = &v[cnt++];
		memset(r, 0, sizeof(*r));
		r->id = sqlite3_column_int64(st, 0);
		r->epoch_id = sqlite3_column_int64(st, 1);
		r->command = profile_db_strdup((const char *)sqlite3_column_text(st, 2));
		r->config = profile_db_strdup((const char *)sqlite3_column_text(st, 3));
		r->host = profile_db_strdup((const char *)sqlite3_column_text(st, 4));
		r->simulated = sqlite3_column_int(st, 5);
		r->start_ns = sqlite3_column_int64(st, 6);
		r->end_ns = sqlite3_column_int64(st, 7);
		r->pid = sqlite3_column_int64(st, 8);
		r->has_exit_status = sqlite3_column_type(st, 9) != SQLITE_NULL;
		r->exit_status = sqlite3_column_int(st, 9);
		if (!r->command || !r->config || !r->host) {
			rc = -ENOMEM;
			goto out;
		}
	}
	if (step != SQLITE_DONE) {
		rc = profile_db_sql_fail(db, "list runs");
		goto out;
	}
	for (size_t i = 0; i < cnt && !rc; i++)
		rc = run_load_totals(db, &v[i]);
out:
	sqlite3_finalize(st);
	if (rc) {
		profile_db_runs_free(v, cnt);
		return rc == -ENOMEM ? profile_db_fail(db, rc, "out of memory") : rc;
	}
	*out = v;
	*n = cnt;
	return 0;
}

void profile_db_runs_free(struct profile_db_run *r, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(r[i].command);
		free(r[i].config);
		free(r[i].host);
		for (size_t k = 0; k < r[i].n_totals; k++)
			free(r[i].total_keys[k]);
		free(r[i].total_keys);
		free(r[i].total_values);
	}
	free(r);
}

/* ---- detail kinds and key names ---------------------------------------------------------- */

static const char *const commit_state_names[PROFILE_DB_COMMIT_COUNT] = {
	"computing", "stalled", "flushed", "drained",
};

const char *profile_db_commit_state_name(int state)
{
	return state >= 0 && state < PROFILE_DB_COMMIT_COUNT ? commit_state_names[state] : "?";
}

int profile_db_detail_kind(struct profile_db *db, const char *name, const char *key_desc,
			   const char *value_desc, int *kind)
{
	sqlite3_stmt *st;
	if (!name || !*name)
		return profile_db_fail(db, -EINVAL, "detail kind without a name");
	int rc = profile_db_prepare(db, &st,
		"INSERT INTO detail_kind (name, key_desc, value_desc) VALUES (?, ?, ?) "
		"ON CONFLICT (name) DO UPDATE SET name = name RETURNING id");
	if (rc)
		return rc;
	sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, key_desc ? key_desc : "", -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, value_desc ? value_desc : "", -1, SQLITE_STATIC);
	if (sqlite3_step(st) != SQLITE_ROW)
		rc = profile_db_sql_fail(db, "add detail kind");
	else
		*kind = sqlite3_column_int(st, 0);
	if (!rc && sqlite3_step(st) != SQLITE_DONE)
		rc = profile_db_sql_fail(db, "add detail kind");
	sqlite3_finalize(st);
	return rc;
}

int profile_db_detail_key_name(struct profile_db *db, int kind, int64_t key, const char *name)
{
	sqlite3_stmt *st;
	if (!name || !*name)
		return profile_db_fail(db, -EINVAL, "detail key name is empty");
	int rc = profile_db_prepare(db, &st, "INSERT OR REPLACE INTO detail_key VALUES (?, ?, ?)");
	if (rc)
		return rc;
	sqlite3_bind_int(st, 1, kind);
	sqlite3_bind_int64(st, 2, key);
	sqlite3_bind_text(st, 3, name, -1, SQLITE_STATIC);
	if (sqlite3_step(st) != SQLITE_DONE)
		rc = profile_db_sql_fail(db, "name detail key");
	sqlite3_finalize(st);
	/* Forget a cached old name of this key (its string stays allocated until close). */
	for (size_t i = 0; i < db->n_names; i++)
		if (db->names[i].kind == kind && db->names[i].key == key)
			db->names[i].kind = -1;
	return rc;
}

/* Cached lookup; kind names use key == INT64_MIN. */
static const char *name_lookup(struct profile_db *db, int kind, int64_t key, const char *sql)
{
	for (size_t i = 0; i < db->n_names; i++)
		if (db->names[i].kind == kind && db->names[i].key == key)
			return db->names[i].name;
	sqlite3_stmt *st;
	const char *res = NULL;
	if (db->n_names == db->cap_names) {
		size_t cap = db->cap_names ? db->cap_names * 2 : 16;
		struct profile_db_name *nv = realloc(db->names, cap * sizeof(*nv));
		if (!nv)
			return NULL;
		db->names = nv;
		db->cap_names = cap;
	}
	if (sqlite3_prepare_v2(db->sql, sql, -1, &st, NULL) != SQLITE_OK)
		return NULL;
	sqlite3_bind_int(st, 1, kind);
	sqlite3_bind_int64(st, 2, key);
	if (sqlite3_step(st) == SQLITE_ROW) {
		char *s = profile_db_strdup((const char *)sqlite3_column_text(st, 0));
		if (s) {
			db->names[db->n_names++] = (struct profile_db_name){ kind, key, s };
			res = s;
		}
	}
	sqlite3_finalize(st);
	return res;
}

const char *profile_db_detail_key_lookup(struct profile_db *db, int kind, int64_t key)
{
	if (key == INT64_MIN)
		return NULL;
	return name_lookup(db, kind, key,
			   "SELECT name FROM detail_key WHERE kind_id = ?1 AND key = ?2");
}

const char *profile_db_detail_kind_name(struct profile_db *db, int kind)
{
	return name_lookup(db, kind, INT64_MIN,
			   "SELECT name FROM detail_kind WHERE id = ?1 AND ?2 IS NOT NULL");
}
