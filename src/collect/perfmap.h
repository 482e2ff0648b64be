/*
 * perfmap.h — perf map files, the symbol tables JIT compilers write for profilers
 * (/tmp/perf-PID.map, described in the Linux kernel's tools/perf/Documentation/
 * jit-interface.txt): one entry a line, "START SIZE NAME", START and SIZE in hex without 0x
 * (a 0x prefix is accepted), NAME the rest of the line (it may hold spaces). The file only
 * grows while the process runs, so it is read incrementally: each read parses the complete
 * lines added since the last one. Malformed lines are skipped and counted, never fatal.
 */
#ifndef ROBIN_COLLECT_PERFMAP_H
#define ROBIN_COLLECT_PERFMAP_H

#include <stddef.h>
#include <stdint.h>

#define PERFMAP_LINE_MAX 4096 /* longer lines are skipped as malformed */

struct perfmap_sym {
	uint64_t start, size;  /* runtime address range [start, start + size) */
	const char *name;      /* not NUL-terminated: name_len bytes */
	size_t name_len;
};

/* Called for each entry in file order; a non-zero return stops the read and is returned. */
typedef int (*perfmap_fn)(void *arg, const struct perfmap_sym *s);

struct perfmap_reader {
	uint64_t pos;          /* file offset of the first line not yet read */
	uint64_t entries;      /* entries passed to the callback so far */
	uint64_t malformed;    /* lines skipped so far */
};

/* Parse one line (without its '\n'; a trailing '\r' is ignored): 0 and *out filled (name
 * points into line), or -EINVAL for a malformed line (bad hex, size 0, range past 2^64, no
 * name, control characters in the name). */
int perfmap_parse_line(const char *line, size_t len, struct perfmap_sym *out);

/* Parse the lines of buf[0, len): complete lines only (ended by '\n'), or everything when
 * `final`. Counts into r (not r->pos) and returns the bytes consumed in *used. Returns 0 or
 * the callback's non-zero value. */
int perfmap_parse_buf(const char *buf, size_t len, int final, struct perfmap_reader *r,
		      perfmap_fn fn, void *arg, size_t *used);

/* Read the complete lines `path` gained since r->pos (0 at first) and advance r->pos past
 * them. A file shorter than r->pos (rewritten) is read again from its start. Returns 0, the
 * callback's non-zero value, or -errno when the file cannot be opened or read. */
int perfmap_read(const char *path, struct perfmap_reader *r, perfmap_fn fn, void *arg);

/* Opens a JIT's symbol file (perf map or jitdump) for reading: a regular file, non-blocking
 * (a FIFO planted at the path cannot hang the collector). Returns the descriptor with *size
 * set, or -errno (-EINVAL: not a regular file). */
int perfmap_open(const char *path, uint64_t *size);

#endif
