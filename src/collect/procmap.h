/*
 * procmap.h — the collector's image maps (002_767b26a0b68559db.txt §4.3.2): which image is
 * loaded where in every process, kept from perf's MMAP2/COMM/FORK/EXIT records and a
 * /proc/PID/maps scan, so a sample (pid, pc) becomes (image, offset).
 *
 * An "era" is one address space of one process: a new one starts at fork (a copy of the
 * parent's maps), at exec, and when a new mapping replaces part of a range samples already
 * used. Eras are never reused, so pid reuse and exec can never merge two programs' samples;
 * dead eras are freed only by procmap_reap, after every table that may name them has been
 * drained. Images are identified by (path, build-id) — or (path, device, inode, generation)
 * when no build-id is known — so a deleted or replaced binary stays a distinct image.
 * Anonymous executable ranges (JIT code) become the named anonymous image "[anon:COMM]"
 * (or the range's own name, e.g. "[anon:v8]"), with the raw address as offset — unless the
 * process writes a perf map (/tmp/perf-PID.map, collect/perfmap.h) or maps a jitdump file
 * (a file named jit-PID.dump in its maps, collect/jitdump.h): then its samples in anonymous
 * code go to the process's own image "[jit] perf-PID.map" (or "[jit] jit-PID.dump" when the
 * dump was found first; CIMAGE_JIT, raw address as offset), whose functions the store reads
 * from those files.
 */
#ifndef ROBIN_COLLECT_PROCMAP_H
#define ROBIN_COLLECT_PROCMAP_H

#define PROCMAP_PERF_MAP_DIR "/tmp" /* where JIT compilers write perf-PID.map */

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "elf/elf_image.h"
#include "collect/perf_ring.h"
#include "collect/perfmap.h"
#include "collect/jitdump.h"

enum cimage_kind { CIMAGE_FILE, CIMAGE_ANON, CIMAGE_KERNEL, CIMAGE_VDSO, CIMAGE_JIT };

struct cimage {
	uint32_t index;            /* position in procmap.images */
	enum cimage_kind kind;
	char *path;                /* as sampled, without " (deleted)" */
	char build_id[ELF_IMAGE_BUILD_ID_MAX]; /* hex, "" if unknown */
	uint64_t size_bytes;
	const char *arch;
	int deleted;               /* the file was deleted or replaced when mapped */
	int elf_ok;                /* segments below are valid */
	struct elf_image_info elf;
	int64_t db_id;             /* profile database id once added (0 = not yet) */
	uint64_t samples;          /* samples resolved to it (for stats) */
	char *jit_map;             /* CIMAGE_JIT: the perf map file naming its code */
	struct perfmap_reader jit_rd; /* how far the store has read jit_map */
	char *jit_dump;            /* CIMAGE_JIT: the jitdump file naming its code, if any */
	struct jitdump_reader jit_drd; /* how far the store has read jit_dump */
	struct cimage *hnext;
	char *key;
};

struct cmap {
	uint64_t start, end;       /* runtime range [start, end) */
	int64_t bias;              /* offset = pc + bias */
	struct cimage *image;
};

struct cproc;

struct cera {
	uint64_t id;               /* unique, never reused */
	struct cproc *proc;
	uint32_t exec_seq;         /* execs since the process was forked (for the BPF path) */
	int exec_seq_known;
	int sampled;               /* a sample named this era: replace maps by copying */
	char comm[16];
	struct cimage *jit;        /* its JIT image once a perf map or jitdump was seen */
	uint32_t jit_probe;        /* anonymous-code samples since the last look for one */
	struct cmap *maps;         /* sorted by start, non-overlapping */
	uint32_t n, cap;
	struct cera *next_all;     /* every era, for reaping */
	struct cera *prev_in_proc; /* older eras of the same process */
};

struct cproc {
	uint32_t pid;
	uint64_t fork_ns;          /* perf clock time of its FORK record; 0 if it predates us */
	int exited;
	uint64_t exit_ns;
	struct cera *cur;          /* the newest era */
	struct cproc *older;       /* the previous process with the same pid */
	struct cproc *hnext;
};

struct procmap_stats {
	uint64_t procs, eras, images, maps_records, forks, exits, execs, scans, reaped;
};

struct procmap {
	struct cproc **ptab;        /* pid hash */
	uint32_t ptab_size;
	struct cimage **itab;       /* image-key hash */
	uint32_t itab_size;
	struct cimage **images;     /* by index */
	uint32_t n_images, cap_images;
	struct cera *all_eras;
	uint64_t next_era_id;
	struct cimage *kernel;
	uint32_t self_pid;          /* the collector itself (its samples are still attributed) */
	uint64_t self_mnt_ino;      /* the collector's mount namespace (inode), 0 if unknown */
	struct procmap_stats stats;
};

int procmap_init(struct procmap *pm) __attribute__((warn_unused_result));
void procmap_free(struct procmap *pm);

/* Apply one tracking record (MMAP/MMAP2, COMM, FORK, EXIT); other types are ignored. */
int procmap_apply(struct procmap *pm, const struct perf_rec *r)
	__attribute__((warn_unused_result));

/* Read /proc/PID/comm and /proc/PID/maps into a new process (replacing a live one with the same
 * pid only if `replace`). -ENOENT if the process is gone. */
int procmap_scan_pid(struct procmap *pm, uint32_t pid, int replace);

/* Scan every process in /proc (uid == (uid_t)-1: all; else only that user's). */
int procmap_scan_all(struct procmap *pm, uid_t uid);

/* The live (newest) process of `pid`, or NULL. */
struct cproc *procmap_find(struct procmap *pm, uint32_t pid);

/* The process with `pid` that existed at `start_ns` (task start time, perf clock): the newest
 * one forked no later than shortly after it. NULL if none. */
struct cproc *procmap_find_at(struct procmap *pm, uint32_t pid, uint64_t start_ns);

/* The era of `p` with exec sequence `seq` (the newest such); the current era if unknown. */
struct cera *procmap_era_seq(struct cproc *p, uint32_t seq);

/* Resolve pc in era `e` (NULL: no process known): the image and offset, or NULL image for an
 * unknown pc. Kernel addresses resolve to the kernel image whatever the era. A pc in
 * anonymous code of a process that writes a perf map resolves to its CIMAGE_JIT image (the
 * file is looked for at the first such sample and every 64th after, until found). */
struct cimage *procmap_resolve(struct procmap *pm, struct cera *e, uint64_t pc, uint64_t *offset);

/* Free processes that exited before `before_ns` and their eras (call after every table that
 * may name their eras has been drained). */
void procmap_reap(struct procmap *pm, uint64_t before_ns);

/* Approximate heap bytes held. */
size_t procmap_memory_bytes(const struct procmap *pm);

#endif
