/*
 * listing.h — the per-instruction listing of one function (dcpicalc-style annotation): the
 * function's instructions disassembled, their source positions and inline chains, the
 * samples of every event attributed to each instruction, and for simulated profiles the
 * commit-state split. `robin annotate` prints it; HTML reports render it.
 */
#ifndef ROBIN_PROFILE_LISTING_H
#define ROBIN_PROFILE_LISTING_H

#include <stddef.h>
#include <stdint.h>

#include "profile/profile_db.h"
#include "profile/symbols.h"

#define LISTING_ERR_MAX 1024
#define LISTING_TEXT_MAX 128

struct listing_insn {
	uint64_t offset;
	unsigned len;                 /* bytes (0 when the image's code is not readable) */
	char text[LISTING_TEXT_MAX];  /* disassembly, "" when the code is not readable */
	struct elf_line src;      /* source position, innermost first; src.n 0 = none */
	int src_changed;              /* innermost file:line differs from the previous insn */
	double *values;               /* n_events: samples attributed to this instruction */
	double commit[PROFILE_DB_COMMIT_COUNT]; /* samples of commit_event per commit state */
};

struct listing_source;            /* cache of source files read for their text */

struct listing {
	int64_t image_id;
	char *image_path;
	char arch[16];
	char *func;
	uint64_t start, size;         /* the function's offsets [start, start + size) */
	size_t n_events;
	char **events;                /* columns: filter order, else sorted by name */
	double *func_totals;          /* per event: samples inside the function */
	double *image_totals;         /* per event: samples in the whole image */
	double *all_totals;           /* per event: samples in every matching profile */
	int commit_event;             /* column whose commit-state details are shown, or -1 */
	int no_code;                  /* code unreadable: one row per sampled offset */
	size_t n_insns;
	struct listing_insn *insns;
	struct symbols *sym;          /* keeps source strings alive */
	struct listing_source *sources;
};

/* Build the listing of the function `func` — a symbol name, or a hex offset "0x..." meaning
 * the function containing it — among the images of the profiles matching `f` (the filter's
 * image narrows the search). Fails with a one-line message in err (LISTING_ERR_MAX bytes)
 * when no image or several images have such a function. Returns 0 or -errno: -ESRCH when no
 * profile matches `f` at all (err then says "DB: no profile matches"; the caller names `f`). */
int listing_build(struct profile_db *db, const struct profile_db_filter *f, const char *func,
		  struct listing *out, char *err) __attribute__((warn_unused_result));

void listing_free(struct listing *l);

/* The index in l->insns of the instruction at offset `off`, or -1. */
long listing_index(const struct listing *l, uint64_t off);

/* Walk the profiles matching f with event `event` on l's image, within l's function: count
 * (may be NULL) gets every stored count, detail every detail row with its kind's name, both
 * with the instruction's index in l->insns. *present = 1 when such a profile exists. Returns
 * 0 or -errno. */
struct listing_walk {
	void *arg;
	void (*count)(void *arg, size_t insn, const struct profile_db_count *c);
	void (*detail)(void *arg, size_t insn, const char *kind, const struct profile_db_detail *d);
};
int listing_walk_event(struct profile_db *db, const struct profile_db_filter *f,
		       const struct listing *l, const char *event, const struct listing_walk *w,
		       int *present) __attribute__((warn_unused_result));

/* The text of line `line` of `file` without its newline (cached; NULL if unreadable). The
 * string lives until listing_free. */
const char *listing_source_text(struct listing *l, const char *file, int line);

#endif
