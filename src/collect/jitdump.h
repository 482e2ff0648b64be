/*
 * jitdump.h — jitdump files, the binary symbol files JIT compilers write for perf
 * (jit-PID.dump, described in the Linux kernel's tools/perf/Documentation/
 * jitdump-specification.txt). The JIT mmaps the file with PROT_EXEC so that a profiler finds
 * it in the process's maps; it may live in any directory. Layout, in the writer's byte order
 * (only files in this machine's order are read): a file header (magic "JiTD" = 0x4A695444,
 * version, total_size, elf_mach, pad, pid, timestamp, flags: 40 bytes, or total_size), then
 * records, each a 16-byte header (id, total_size, timestamp) and total_size - 16 bytes of body.
 * robin uses JIT_CODE_LOAD (pid, tid, vma, code_addr, code_size, code_index, a NUL-terminated
 * name, the code bytes) and JIT_CODE_MOVE (pid, tid, vma, old_code_addr, new_code_addr,
 * code_size, code_index: the code loaded as code_index now lives at new_code_addr) and skips
 * every other record by its size. The file grows while the process runs, so it is read
 * incrementally: each read parses the complete records added since the last one and stops
 * at a partial one. A malformed record of known size is skipped and counted; a header that is
 * not a jitdump header, or a record size that cannot be (< 16), ends the file's reading
 * (`bad`), since nothing after it can be trusted.
 */
#ifndef ROBIN_COLLECT_JITDUMP_H
#define ROBIN_COLLECT_JITDUMP_H

#include <stddef.h>
#include <stdint.h>

#include "collect/perfmap.h"

#define JITDUMP_MAGIC 0x4A695444u
#define JITDUMP_HEADER_MAX 4096  /* larger file headers are taken as bad */
#define JITDUMP_NAME_MAX 4096    /* longer names make their record malformed */
#define JITDUMP_LOAD_FIXED 56    /* record header + JIT_CODE_LOAD's fields before the name */
#define JITDUMP_MOVE_FIXED 64    /* record header + JIT_CODE_MOVE's fields */

enum { JITDUMP_CODE_LOAD = 0, JITDUMP_CODE_MOVE = 1, JITDUMP_CODE_DEBUG_INFO = 2,
       JITDUMP_CODE_CLOSE = 3, JITDUMP_CODE_UNWINDING_INFO = 4 };

struct jitdump_index; /* code_index -> name of the loads seen, for JIT_CODE_MOVE */

struct jitdump_reader {
	uint64_t pos;          /* file offset of the first byte not yet read (0: the header) */
	int header_done;       /* the file header was read and is valid */
	int bad;               /* bad header or impossible record size: the file is not read on */
	uint64_t records;      /* records consumed (all kinds) */
	uint64_t entries;      /* entries passed to the callback so far */
	uint64_t malformed;    /* records skipped as malformed (and the record that set `bad`) */
	struct jitdump_index *idx; /* owned; copies of the reader share it (see jitdump_reader_free) */
};

/* Free the reader's index (the reader may be copied, e.g. to retry a read: the copies share
 * one index, which re-reading the same records leaves unchanged; free it once). */
void jitdump_reader_free(struct jitdump_reader *r);

/* Parse buf[0, len), the file's bytes from offset r->pos, where the file holds avail >= len
 * bytes from there: the file header first (until header_done), then every complete record
 * (one whose total_size fits in avail; a record reaching past len is parsed from its first
 * bytes, which must hold its fixed fields and name, else it waits for a read that starts
 * at it — unless it starts at buf[0], then it is malformed). Calls fn for each JIT_CODE_LOAD
 * and JIT_CODE_MOVE entry (name points into buf or into the index, valid during the call).
 * Sets *used to the bytes consumed (it may exceed len by skipped code bytes). Returns 0, the
 * callback's non-zero value, or -ENOMEM. */
int jitdump_parse_buf(const unsigned char *buf, size_t len, uint64_t avail,
		      struct jitdump_reader *r, perfmap_fn fn, void *arg, uint64_t *used);

/* Read the complete records `path` gained since r->pos and advance r->pos past them (nothing
 * once r->bad). A file shorter than r->pos (rewritten) is read again from its start. Returns 0,
 * the callback's non-zero value, -ENOMEM, or -errno when the file cannot be opened or read. */
int jitdump_read(const char *path, struct jitdump_reader *r, perfmap_fn fn, void *arg);

#endif
