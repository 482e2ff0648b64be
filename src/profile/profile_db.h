/*
 * profile_db.h — robin's profile database (SQLite, WAL): epochs, images, runs, profiles,
 * per-offset sample counts and per-offset detail rows. One API for every writer (simulated
 * profilers, the perf_event collection daemon, `robin ingest`) and every reader (`robin prof`,
 * `annotate`, `stats`, `diff`, `export`, `report`). The schema is docs/profile-db.md.
 *
 * Entry points: profile_db_open / profile_db_close; profile_db_epoch_*; profile_db_image_*;
 * profile_db_run_*; profile_db_batch_* (writer side); profile_db_profiles / profile_db_counts /
 * profile_db_details (reader side). Aggregation per procedure or image is in profile_agg.h.
 *
 * An "offset" is the link-time virtual address inside the image: the address the image's
 * own symbol table and DWARF line table use (runtime pc - load bias; for a non-PIE ET_EXEC
 * it equals the runtime pc, for PIE executables and shared objects linked at 0 it is the
 * address relative to the lowest PT_LOAD). For the "unknown" image it is the raw sampled pc.
 *
 * Errors: functions return 0 or -errno (-EINVAL bad argument, -ENOENT not found, -EUCLEAN the
 * file is corrupt, -EIO another SQLite failure, -EBUSY locked, -ENOMEM); profile_db_error()
 * then holds one line naming the file.
 */
#ifndef ROBIN_PROFILE_DB_H
#define ROBIN_PROFILE_DB_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define PROFILE_DB_SCHEMA_READABLE 2       /* oldest version readers open without migration
                                              (version 2 simply has no stacks) */
#define PROFILE_DB_SCHEMA_VERSION 4        /* PRAGMA user_version of a current database */
#define PROFILE_DB_APPLICATION_ID 0x524f424e /* PRAGMA application_id: "ROBN" */
#define PROFILE_DB_ERR_MAX 512             /* size of an error-message buffer */
#define PROFILE_DB_DEFAULT_PATH "robin.db"
#define PROFILE_DB_ENV "ROBIN_DB"

#define PROFILE_DB_WARN __attribute__((warn_unused_result))

struct profile_db;        /* an open database (one SQLite connection); not thread-safe */
struct profile_db_batch;  /* an in-memory batch of counts, committed in one transaction */

/* ---- opening ---------------------------------------------------------------------------- */

#define PROFILE_DB_READONLY 0x1u /* readers: never write, never create, never migrate */
#define PROFILE_DB_CREATE   0x2u /* writers: create the file (and the schema) if missing */

/* The path a command uses: `flag` (its --db value) if non-NULL, else $ROBIN_DB if set and
 * non-empty, else "robin.db" in the current directory. Never NULL. */
const char *profile_db_default_path(const char *flag);

/* Open `path`. Without PROFILE_DB_CREATE a missing file is an error. A new or empty file gets
 * the current schema; an older schema version is migrated in one transaction (unless
 * READONLY, which then fails); a newer version, a file that is not SQLite, an SQLite file that
 * is not a robin database, or a corrupt file is refused. On failure *out is NULL and `err`
 * (PROFILE_DB_ERR_MAX bytes, may be NULL) holds one line "PATH: reason". Journal mode is WAL,
 * synchronous=NORMAL, busy timeout 10 s. A missing file is created atomically: the schema is
 * built in a private file beside it and linked into place only if `path` still does not
 * exist, so concurrent creators never see a half-made file and all land in the same one. */
int profile_db_open(const char *path, unsigned flags, struct profile_db **out, char *err)
	PROFILE_DB_WARN;

/* profile_db_open, creating a missing file with permissions `mode` (umask not applied). */
int profile_db_open_mode(const char *path, unsigned flags, mode_t mode, struct profile_db **out,
			 char *err) PROFILE_DB_WARN;

/* One write transaction around several calls (runs, totals, batch commits): everything in it
 * lands together or not at all. Inner commits become savepoints. Returns 0 or -errno;
 * rollback after any failure (or to abandon). */
int profile_db_transaction_begin(struct profile_db *db) PROFILE_DB_WARN;
int profile_db_transaction_commit(struct profile_db *db) PROFILE_DB_WARN;
void profile_db_transaction_rollback(struct profile_db *db);

/* Is the database writable now, with room to store (at least PROFILE_DB_MIN_FREE_BYTES free
 * on its file system)? Checked by writers before long work (a simulation) so that a failure
 * comes before it, not after. Returns 0, -ENOSPC ("disk full"), -EROFS/-EACCES or -EBUSY. */
#define PROFILE_DB_MIN_FREE_BYTES (1u << 20)
int profile_db_check_writable(struct profile_db *db) PROFILE_DB_WARN;

/* Close (NULL is fine). Uncommitted batches must be freed first. */
void profile_db_close(struct profile_db *db);

/* The last error of `db` as one line naming the file ("" if none). */
const char *profile_db_error(const struct profile_db *db);

/* The path the database was opened with. */
const char *profile_db_path(const struct profile_db *db);

/* Schema version found on open (before any migration) and now. */
int profile_db_schema_version_found(const struct profile_db *db);

/* Full integrity check: PRAGMA integrity_check, foreign_key_check, and every invariant of
 * docs/profile-db.md (profile_db_check.c). Sets *ok (1 = healthy); each problem found goes as
 * one line to `report` (may be NULL). Returns 0, or -errno when the check could not be done
 * (I/O error, lock, memory: not corruption), with *ok saying what was found until then. */
int profile_db_check(struct profile_db *db, int *ok,
		     void (*report)(void *arg, const char *problem), void *arg) PROFILE_DB_WARN;

/* ---- epochs ----------------------------------------------------------------------------- */

struct profile_db_epoch {
	int64_t id;
	int64_t start_ns;  /* CLOCK_REALTIME ns when it was opened */
	int64_t end_ns;    /* when it was closed, 0 while current */
	char *note;        /* free text, "" if none */
};

/* The current epoch (the newest, still open); creates epoch 1 if there is none (not in
 * READONLY, where it returns -ENOENT for an empty database). */
int profile_db_epoch_current(struct profile_db *db, int64_t *epoch_id) PROFILE_DB_WARN;

/* Close the current epoch and open a new one; samples committed afterwards go there. */
int profile_db_epoch_new(struct profile_db *db, const char *note, int64_t *epoch_id)
	PROFILE_DB_WARN;

/* All epochs, oldest first. Free with profile_db_epochs_free. */
int profile_db_epochs(struct profile_db *db, struct profile_db_epoch **out, size_t *n)
	PROFILE_DB_WARN;
void profile_db_epochs_free(struct profile_db_epoch *e, size_t n);

/* ---- images ----------------------------------------------------------------------------- */

#define PROFILE_DB_UNKNOWN_IMAGE_PATH "[unknown]" /* image of samples that mapped to none */

struct profile_db_image {
	int64_t id;
	char *path;          /* as recorded when sampled (absolute when known) */
	char *build_id;      /* lower-case hex of NT_GNU_BUILD_ID, "" if none */
	uint64_t size_bytes; /* file size when recorded, 0 if unknown */
	char *arch;          /* "x86-64", "aarch64", "riscv64", or "" if unknown */
};

/* Find or add the image (path, build_id): the pair identifies it, so a rebuilt binary at the
 * same path is a new image. build_id may be NULL or "" (unknown), arch NULL or "". */
int profile_db_image_add(struct profile_db *db, const char *path, const char *build_id,
			 uint64_t size_bytes, const char *arch, int64_t *image_id) PROFILE_DB_WARN;

/* A function symbol of an image with no file to read symbols from (a JIT compiler's perf
 * map entry): runtime addresses [start, start + size), name of name_len bytes. */
struct profile_db_symbol {
	uint64_t start, size;
	const char *name;
	size_t name_len;
};

/* Append symbols of image `image_id` in one transaction (nested in the caller's if any);
 * they are read back in this order by symbols_open (profile/symbols_source.h), a later one
 * overriding an earlier one where they overlap. Addresses must be below 2^63. */
int profile_db_image_symbols_add(struct profile_db *db, int64_t image_id,
				 const struct profile_db_symbol *v, size_t n) PROFILE_DB_WARN;

/* The id of the "[unknown]" image (created with the schema). */
int64_t profile_db_image_unknown_id(const struct profile_db *db);

/* All images, by id. Free with profile_db_images_free. */
int profile_db_images(struct profile_db *db, struct profile_db_image **out, size_t *n)
	PROFILE_DB_WARN;
void profile_db_images_free(struct profile_db_image *im, size_t n);

/* ---- runs ------------------------------------------------------------------------------- */

struct profile_db_run_info {
	const char *command;  /* what ran: the command line as one string */
	const char *config;   /* the configuration dump (text) that reproduces it, or NULL */
	const char *host;     /* machine name, or NULL */
	int simulated;        /* 1 = robin's simulator, 0 = a real machine */
	int64_t start_ns;     /* CLOCK_REALTIME ns; 0 = now */
	int64_t pid;          /* process id on the host (real runs), 0 if none */
};

struct profile_db_run {
	int64_t id, epoch_id;
	char *command, *config, *host;
	int simulated;
	int64_t start_ns, end_ns; /* end_ns 0 while running */
	int64_t pid;              /* 0 if none */
	int has_exit_status;      /* the run ended with a recorded exit status */
	int exit_status;          /* the program's exit status (128 + signal if killed) */
	size_t n_totals;
	char **total_keys;        /* run totals: e.g. "cycles", "instructions", "samples_lost" */
	double *total_values;
};

/* Start a run in the current epoch. */
int profile_db_run_begin(struct profile_db *db, const struct profile_db_run_info *info,
			 int64_t *run_id) PROFILE_DB_WARN;

/* Record the end time (0 = now). */
int profile_db_run_end(struct profile_db *db, int64_t run_id, int64_t end_ns) PROFILE_DB_WARN;

/* Record the exit status of the run's program. */
int profile_db_run_set_exit(struct profile_db *db, int64_t run_id, int exit_status)
	PROFILE_DB_WARN;

/* Set (replace) one total of a run, e.g. ("cycles", 1.2e9). */
int profile_db_run_set_total(struct profile_db *db, int64_t run_id, const char *key,
			     double value) PROFILE_DB_WARN;

/* Runs with their totals, by id; epoch_id 0 = all epochs. Free with profile_db_runs_free. */
int profile_db_runs(struct profile_db *db, int64_t epoch_id, struct profile_db_run **out,
		    size_t *n) PROFILE_DB_WARN;
void profile_db_runs_free(struct profile_db_run *r, size_t n);

/* ---- writer side: batched ingestion --------------------------------------------------- */

/* A batch accumulates (event, image, offset) += count in memory and writes everything in one
 * transaction on commit. It is bound to one epoch and optionally one run (run_id 0 = none,
 * continuous collection). epoch_id 0 = the current epoch at commit time. */
int profile_db_batch_new(struct profile_db *db, int64_t epoch_id, int64_t run_id,
			 struct profile_db_batch **out) PROFILE_DB_WARN;

/* Declare an event of this batch: name ("cycles", "cpu-clock", "ibs-op", "imiss", "oracle",
 * "tip", "nci", ...), sampling period (events per sample; 1 = every event/cycle counted;
 * 0 = unknown), and count divisor (stored counts are value * divisor, for profilers that
 * attribute fractions: an oracle with commit width 4 uses 12 = lcm(1..4); else 1). Returns a
 * small handle for profile_db_batch_add. Declaring the same (name, period, divisor) again
 * returns the same handle. */
int profile_db_batch_event(struct profile_db_batch *b, const char *name, uint64_t period,
			   uint32_t count_divisor, int *event) PROFILE_DB_WARN;

/* The handle of an event declared in this batch, or -1. */
int profile_db_batch_event_find(const struct profile_db_batch *b, const char *name);

/* Rebind the batch to another run (0 = none) for its next commits, e.g. once the run row
 * exists. */
void profile_db_batch_set_run(struct profile_db_batch *b, int64_t run_id);

/* (event, image, offset) += count. image_id 0 means "mapped to no image": the sample goes to
 * the [unknown] image's profile with offset = the raw address, and is counted as unknown. */
int profile_db_batch_add(struct profile_db_batch *b, int event, int64_t image_id,
			 uint64_t offset, uint64_t count) PROFILE_DB_WARN;

/* Detail row: (event, image, offset, kind, key) count += count, value += value. kind is a
 * detail-kind id from profile_db_detail_kind (PROFILE_DB_KIND_* are predefined). */
int profile_db_batch_add_detail(struct profile_db_batch *b, int event, int64_t image_id,
				uint64_t offset, int kind, int64_t key, uint64_t count,
				double value) PROFILE_DB_WARN;

/* Write the batch in one transaction, then empty it (it can be reused). *batch_id (may be
 * NULL) receives the id of the `batch` row recording this commit; an empty batch still
 * commits a row. On failure nothing of the batch is in the database and it keeps its
 * contents. */
int profile_db_batch_commit(struct profile_db_batch *b, int64_t *batch_id) PROFILE_DB_WARN;

/* Samples added since the last commit (all events), and those of them that were unknown. */
uint64_t profile_db_batch_samples(const struct profile_db_batch *b);
uint64_t profile_db_batch_unknown(const struct profile_db_batch *b);

/* Free without committing (NULL is fine). */
void profile_db_batch_free(struct profile_db_batch *b);

/* ---- call stacks (schema 3, profile_db_stack.c) ---------------------------------------- */

/* One frame of a stack: an image (0 = [unknown], offset then the raw address) and offset. */
struct profile_db_frame {
	int64_t image_id;
	uint64_t offset;
};

struct profile_db_stacks;  /* in-memory stacks of one epoch/run, written in one call */

/* An empty set of stacks for `db` (a writer). Returns 0 or -errno. */
int profile_db_stacks_new(struct profile_db *db, struct profile_db_stacks **out) PROFILE_DB_WARN;

/* (event, stack) += count. f[0] is the outermost frame (e.g. _start's call site), f[n-1] the
 * sampled instruction, whose (event, image) profile the count belongs to; 1 <= n. Counts are
 * in the profile's stored units, as profile_db_batch_add. Identical stacks are merged. */
int profile_db_stacks_add(struct profile_db_stacks *s, const char *event,
			  const struct profile_db_frame *f, size_t n, uint64_t count) PROFILE_DB_WARN;

/* Write the stacks in one transaction (a savepoint inside the caller's): frames and stack
 * nodes found or added, stack_count rows of the leaf's profile in epoch_id (0 = current) and
 * run_id (0 = none) incremented. The leaf's profile must exist (commit the batch with the
 * flat counts first): -ENOENT otherwise. Then the set is emptied. Returns 0 or -errno. */
int profile_db_stacks_commit(struct profile_db_stacks *s, int64_t epoch_id, int64_t run_id)
	PROFILE_DB_WARN;

/* Stacks added and not yet committed. */
size_t profile_db_stacks_count(const struct profile_db_stacks *s);

void profile_db_stacks_free(struct profile_db_stacks *s);

/* Call fn once per stack of profile profile_id with its frames (outermost first, the leaf
 * last; valid during the call) and stored count; a non-zero return of fn stops the walk and
 * is returned. A database older than schema 3 (opened read-only) has none: returns 0. */
int profile_db_stack_counts(struct profile_db *db, int64_t profile_id,
			    int (*fn)(void *arg, const struct profile_db_frame *f, size_t n,
				      uint64_t count),
			    void *arg) PROFILE_DB_WARN;

/* ---- detail kinds ----------------------------------------------------------------------- */

/* Predefined kinds (rows of detail_kind created with the schema). */
#define PROFILE_DB_KIND_COMMIT_STATE 1 /* key: PROFILE_DB_COMMIT_*; count: profile units */
#define PROFILE_DB_KIND_PSV          2 /* key: event bitmask (TEA performance signature);
                                          count: profile units */
#define PROFILE_DB_KIND_EVENT_BITS   3 /* key: event bitmask of a tagged sample (IBS, ProfileMe);
                                          count: samples */
#define PROFILE_DB_KIND_LATENCY      4 /* key: histogram bucket lower bound in cycles (0, then
                                          powers of two); count: samples; value: sum of the
                                          latencies in cycles */

enum profile_db_commit_state {
	PROFILE_DB_COMMIT_COMPUTING = 0,
	PROFILE_DB_COMMIT_STALLED   = 1,
	PROFILE_DB_COMMIT_FLUSHED   = 2,
	PROFILE_DB_COMMIT_DRAINED   = 3,
	PROFILE_DB_COMMIT_COUNT
};
const char *profile_db_commit_state_name(int state); /* "computing", ... */

/* Find or add a detail kind by name; key_desc / value_desc say what key and value mean
 * (used when the kind is created). */
int profile_db_detail_kind(struct profile_db *db, const char *name, const char *key_desc,
			   const char *value_desc, int *kind) PROFILE_DB_WARN;

/* Name one key of a kind (e.g. kind PSV, key 1<<3 -> "ST-L1"; kind event_bits -> "dc_miss"). */
int profile_db_detail_key_name(struct profile_db *db, int kind, int64_t key, const char *name)
	PROFILE_DB_WARN;

/* The name of (kind, key), or NULL. The string lives until the db is closed. */
const char *profile_db_detail_key_lookup(struct profile_db *db, int kind, int64_t key);

/* Name of a kind, or NULL. The string lives until the db is closed. */
const char *profile_db_detail_kind_name(struct profile_db *db, int kind);

/* ---- reader side ------------------------------------------------------------------------ */

/* Which profiles a reader wants. Zero / NULL fields mean "any". */
struct profile_db_filter {
	int64_t epoch_id;         /* 0 = any epoch */
	int64_t run_id;           /* 0 = any run (including none) */
	const char *image;        /* image path, or a suffix of it after a '/' ("libc.so.6") */
	const char *const *events; /* event names */
	size_t n_events;
};

struct profile_db_profile {
	int64_t id, epoch_id, run_id;  /* run_id 0 = not tied to a run */
	int64_t image_id;
	char *event;
	uint64_t period;               /* events per sample (0 unknown) */
	uint32_t count_divisor;        /* stored counts = value * count_divisor */
	uint64_t total_count;          /* sum of the stored counts */
	uint64_t n_offsets;            /* distinct offsets with a count */
	char *image_path, *build_id, *arch; /* copies of the image row */
};

/* Profiles matching `f` (NULL = all), ordered by (epoch, run, image, event). */
int profile_db_profiles(struct profile_db *db, const struct profile_db_filter *f,
			struct profile_db_profile **out, size_t *n) PROFILE_DB_WARN;
void profile_db_profiles_free(struct profile_db_profile *p, size_t n);
/* The profiles matching `f` (NULL = all) whose event is `event` (f's own event list is
 * replaced). */
int profile_db_event_profiles(struct profile_db *db, const struct profile_db_filter *f,
			      const char *event, struct profile_db_profile **out, size_t *n)
	PROFILE_DB_WARN;

struct profile_db_count {
	uint64_t offset;
	uint64_t count;  /* stored units: divide by the profile's count_divisor */
};

/* The counts of one profile with lo <= offset < hi, ascending by offset (lo 0, hi UINT64_MAX
 * for all). *out is malloc'd (NULL when n is 0). */
int profile_db_counts(struct profile_db *db, int64_t profile_id, uint64_t lo, uint64_t hi,
		      struct profile_db_count **out, size_t *n) PROFILE_DB_WARN;

/* Callback form for big profiles: calls fn for each (offset, count) in ascending order;
 * a non-zero return from fn stops the walk and is returned. */
int profile_db_counts_each(struct profile_db *db, int64_t profile_id, uint64_t lo, uint64_t hi,
			   int (*fn)(void *arg, uint64_t offset, uint64_t count), void *arg)
	PROFILE_DB_WARN;

struct profile_db_detail {
	uint64_t offset;
	int kind;
	int64_t key;
	uint64_t count;
	double value;
};

/* Detail rows of one profile with lo <= offset < hi, kind 0 = all kinds, ordered by
 * (offset, kind, key). */
int profile_db_details(struct profile_db *db, int64_t profile_id, uint64_t lo, uint64_t hi,
		       int kind, struct profile_db_detail **out, size_t *n) PROFILE_DB_WARN;

/* Batches committed, for crash checks and `robin db info`: rows (id, epoch, run, time, samples). */
struct profile_db_batch_row {
	int64_t id, epoch_id, run_id;
	int64_t commit_ns;
	uint64_t samples, unknown;
};
int profile_db_batches(struct profile_db *db, struct profile_db_batch_row **out, size_t *n)
	PROFILE_DB_WARN;

#endif
