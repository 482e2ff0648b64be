/*
 * perf_data.h — reads the perf.data files `perf record` writes (the file format of Linux's
 * tools/perf/Documentation/perf.data-file-format.txt): the header, the event attributes with
 * their ids, the data section's records one by one, and the features robin uses (build-ids,
 * event names, command line, host name). Every offset and size is checked against the file;
 * a record that is cut or malformed ends the walk with one line naming its offset. Only
 * little-endian files in file mode ("PERFILE2", header 104 bytes) are read.
 * Entry points: perf_data_open, perf_data_records, perf_data_attr_of, perf_data_close.
 */
#ifndef ROBIN_COLLECT_PERF_DATA_H
#define ROBIN_COLLECT_PERF_DATA_H

#include <linux/perf_event.h>
#include <stddef.h>
#include <stdint.h>

#define PERF_DATA_MAX_ATTRS 256
#define PERF_DATA_ERR_MAX 512

/* Feature bits of the header (perf's HEADER_*) robin reads or names. */
enum {
	PERF_DATA_FEAT_BUILD_ID = 2,
	PERF_DATA_FEAT_HOSTNAME = 3,
	PERF_DATA_FEAT_CMDLINE = 11,
	PERF_DATA_FEAT_EVENT_DESC = 12,
	PERF_DATA_FEAT_BRANCH_STACK = 15,
	PERF_DATA_FEAT_AUXTRACE = 18,
	PERF_DATA_FEAT_COMPRESSED = 27,
};

struct perf_data_attr {
	struct perf_event_attr attr;  /* zero past the file's attr size */
	const uint64_t *ids;          /* into the file mapping (8-byte aligned copy) */
	size_t n_ids;
	char name[64];                /* EVENT_DESC's name, else derived from type and config */
};

struct perf_data_build_id {
	const char *filename;         /* into the file mapping */
	char build_id[41];            /* lower-case hex */
};

struct perf_data {
	const char *path;
	const uint8_t *map;           /* the whole file, read-only */
	uint64_t size_bytes;          /* file size */
	uint64_t data_offset, data_size;
	int data_size_guessed;        /* the header said 0 (perf did not finish): to end of file */
	struct perf_data_attr *attrs;
	size_t n_attrs;
	uint64_t *ids;                /* all attrs' ids, aligned */
	uint64_t features[4];         /* the header's feature bitmap */
	struct perf_data_build_id *build_ids;
	size_t n_build_ids;
	char cmdline[1024];           /* "" if absent */
	char hostname[256];
	char features_note[256];      /* why features could not be read, "" if fine */
	uint64_t features_cut_at;     /* the feature section is cut: the file ends before this
	                               * offset (its table or a section there), 0 if whole */
};

/* Map and check the file: header, attrs, ids, features. Returns 0, or -errno with err set to
 * one line "PATH: what (offset 0x..)". */
int perf_data_open(struct perf_data *pd, const char *path, char *err, size_t err_n)
	__attribute__((warn_unused_result));

void perf_data_close(struct perf_data *pd);

/* Call fn(arg, record, file offset) for every record of the data section in file order; the
 * record is a copy, 8-byte aligned, valid during the call. Returns 0 at the end of the
 * section, fn's first non-zero result, or -EINVAL with *stop_offset and err ("PATH: record at
 * offset 0x..: what") when a record is cut or malformed. A file shorter than its header says
 * is refused the same way once the records it holds have been handed to fn: the data section
 * runs past the end (err names the section's size and the file's), or the feature section
 * after it is cut (features_cut_at), even when the cut falls on a record boundary. */
int perf_data_records(const struct perf_data *pd,
		      int (*fn)(void *arg, const struct perf_event_header *h, uint64_t offset),
		      void *arg, uint64_t *stop_offset, char *err, size_t err_n);

/* The attr a SAMPLE or other record belongs to (by PERF_SAMPLE_IDENTIFIER when several),
 * or NULL when no attr has the record's id. */
const struct perf_data_attr *perf_data_attr_of(const struct perf_data *pd,
					       const struct perf_event_header *h);

/* The build-id the BUILD_ID feature gives for filename, or NULL. */
const char *perf_data_build_id(const struct perf_data *pd, const char *filename);

/* Whether feature bit `feat` is set. */
int perf_data_has_feature(const struct perf_data *pd, unsigned feat);

#endif
