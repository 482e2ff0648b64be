/*
 * collect_pending.h — the collector's samples that are not yet in the profile database, held
 * in memory independently of database ids (images by path and build-id, events by name and
 * period), so a store that fails (disk full) keeps every sample and a later one retries; and
 * the journal: the same content in a file beside the daemon's state directory, written when
 * a store fails and replayed by the next start, so a daemon stopped or killed while the
 * database cannot be written loses nothing that it had tried to store.
 *
 * Journal format (text, one record a line, fields separated by one space; docs/collect.md):
 *   robin-journal 1
 *   event IX PERIOD NAME
 *   image IX SIZE ARCH BUILD_ID PATH      ("-" for an empty arch or build-id; PATH percent-
 *                                          encodes '%', newline and carriage return)
 *   c EVENT IMAGE OFFSET COUNT            (IMAGE 0 = no image: OFFSET is the raw address)
 *   d EVENT IMAGE OFFSET KIND KEY COUNT VALUE
 *   s EVENT COUNT N IMAGE OFFSET ...      (a call stack, -g: N frames outermost first)
 *   end SAMPLES                           (sum of the c counts: a truncated file is refused)
 * Entry points: collect_pending_event, collect_pending_image, collect_pending_add,
 * collect_pending_clear, collect_pending_free, collect_pending_journal_write,
 * collect_pending_journal_read.
 */
#ifndef ROBIN_COLLECT_COLLECT_PENDING_H
#define ROBIN_COLLECT_COLLECT_PENDING_H

#include <stddef.h>
#include <stdint.h>

#define COLLECT_PENDING_NAME_MAX 64

/* What a held slot counts: plain samples, or one of the detail kinds the collector writes. */
enum collect_pending_kind {
	COLLECT_PENDING_COUNT = 0,
	COLLECT_PENDING_EVENT_BITS,      /* "event_bits" */
	COLLECT_PENDING_LATENCY,         /* "latency" */
	COLLECT_PENDING_IBS_DC_MISS_LAT, /* "ibs_dc_miss_lat" */
	COLLECT_PENDING_IBS_FETCH_LAT,   /* "ibs_fetch_lat" */
	COLLECT_PENDING_IBS_DATA_SRC,    /* "ibs_data_src" */
	COLLECT_PENDING_NKINDS
};

struct collect_pending_image {
	char *path;
	char build_id[41];
	char arch[16];
	uint64_t size_bytes;
	int64_t db_id;          /* the database's id once added (0 = not yet) */
};

struct collect_pending_event {
	char name[COLLECT_PENDING_NAME_MAX];
	uint64_t period;
};

struct collect_pending_slot {
	uint64_t offset;
	int64_t key;
	uint64_t count;
	double value;
	uint32_t event;         /* index into events */
	uint32_t image;         /* 0 = no image, else index + 1 into images */
	uint8_t kind;           /* enum collect_pending_kind */
	uint8_t used;
};

struct collect_pending {
	struct collect_pending_image *images;
	uint32_t n_images, cap_images;
	struct collect_pending_event *events;
	uint32_t n_events, cap_events;
	struct collect_pending_slot *slots;    /* open addressing, power-of-two capacity */
	size_t cap_slots, n_slots;
	uint64_t samples;                      /* sum of the COUNT slots */
	uint64_t *stk;                         /* held call stacks (-g): EVENT COUNT N, then N
	                                          (image, offset) pairs each */
	size_t n_stk, cap_stk;                 /* u64s used, allocated */
	uint64_t stacks;                       /* stacks held */
};

/* The detail-kind name of a kind ("event_bits", ...), NULL for COLLECT_PENDING_COUNT. */
const char *collect_pending_kind_name(int kind);

/* Find or add an event (name, period); *ix receives its index. -EINVAL for a name too long. */
int collect_pending_event(struct collect_pending *p, const char *name, uint64_t period,
			  uint32_t *ix) __attribute__((warn_unused_result));

/* Find or add an image by (path, build_id); *ix receives index + 1 (never 0). */
int collect_pending_image(struct collect_pending *p, const char *path, const char *build_id,
			  uint64_t size_bytes, const char *arch, uint32_t *ix)
	__attribute__((warn_unused_result));

/* (event, image, offset, kind, key) count += count, value += value. */
int collect_pending_add(struct collect_pending *p, uint32_t event, uint32_t image,
			uint64_t offset, int kind, int64_t key, uint64_t count, double value)
	__attribute__((warn_unused_result));

/* Hold one call stack: n frames outermost first, image[i] as collect_pending_image gives
 * (0 = no image: offset[i] is the raw address); count samples of event. -EINVAL, -ENOMEM. */
int collect_pending_stack(struct collect_pending *p, uint32_t event, const uint32_t *image,
			  const uint64_t *offset, size_t n, uint64_t count)
	__attribute__((warn_unused_result));

/* Forget the held stacks (after they were stored). */
void collect_pending_clear_stacks(struct collect_pending *p);

/* Forget the held slots (after they were stored); images and events (and their database
 * ids) stay. */
void collect_pending_clear(struct collect_pending *p);

void collect_pending_free(struct collect_pending *p);

/* Write every held slot and stack to `path` (through PATH.tmp, fsync'ed, then renamed over it, so the
 * file is always either the old journal or the new one). `err` gets one line on failure. */
int collect_pending_journal_write(const struct collect_pending *p, const char *path, char *err,
				  size_t err_size) __attribute__((warn_unused_result));

/* Add the journal at `path` to what is held; *samples receives its sample count. -ENOENT if
 * there is none; -EBADMSG (nothing added) for a malformed or truncated file, with `err`
 * naming the file and line. */
int collect_pending_journal_read(struct collect_pending *p, const char *path, uint64_t *samples,
				 char *err, size_t err_size) __attribute__((warn_unused_result));

#endif
