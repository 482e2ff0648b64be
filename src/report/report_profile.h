/*
 * report_profile.h — the in-memory profile every report tool works on: the per-instruction
 * counts of one selection of the profile database, for every event in it, with symbols
 * (function, source line, inline chain) and the optional cycle-stack details. Built by
 * report_load.c from the database, or directly with the builder calls below (tests).
 * Entry points: report_profile_init / _add_event / _add_image / _func / _add_insn / _finish,
 * report_profile_by_func, report_profile_free.
 */
#ifndef ROBIN_REPORT_PROFILE_H
#define ROBIN_REPORT_PROFILE_H

#include <stddef.h>
#include <stdint.h>

#define REPORT_NO_FUNC UINT32_MAX

struct report_event {
	char *name;          /* "cycles", "tip", "oracle" ... */
	uint64_t period;     /* events per sample (0 unknown) */
	double total;        /* sum of this event's counts over all instructions */
};

struct report_image {
	char *path;
	char *build_id;      /* "" if unknown */
	int64_t db_id;       /* the database's image id, 0 if not from a database */
	char arch[16];       /* "riscv64", "x86-64", "aarch64", "" if unknown */
};

struct report_func {
	char *name;          /* "[unknown]" style names for unsymbolised code */
	char *file;          /* source file ("" if unknown) */
	uint32_t image;      /* index into images */
	uint64_t start;      /* offset of its entry in the image (0 if unknown) */
	uint32_t start_line; /* 0 if unknown */
};

/* One frame of an instruction's symbolisation: the innermost inlined function first, the
 * function that contains the address (the symbol) last. */
struct report_frame {
	uint32_t func;       /* index into funcs */
	uint32_t line;       /* source line in func->file, 0 if unknown */
};

struct report_insn {
	uint32_t image;      /* index into images */
	uint64_t offset;     /* link-time address inside the image (profile_db.h) */
	uint32_t frame0;     /* first of nframes entries in frames[] */
	uint32_t nframes;    /* 0: no symbol */
};

/* One call stack of one event: frames stack_frames[frame0 .. frame0 + n). */
struct report_stack {
	uint32_t frame0, n;
	uint32_t event;      /* index into events */
	double count;        /* samples (stored units / count_divisor) */
};

/* A frame of a stack: an instruction (a call site, or the sampled one last). */
struct report_stack_frame {
	uint32_t image;      /* index into images */
	uint32_t insn;       /* index into insns (valid once finished) */
	uint64_t offset;
};

/* Detail categories, e.g. the commit states or TIP's cycle-stack categories, per
 * (instruction, event): detail[(insn * nevents + event) * ndetail_names + k]. */
struct report_profile {
	struct report_event *events;  size_t nevents;
	struct report_image *images;  size_t nimages;
	struct report_func *funcs;    size_t nfuncs, cap_funcs;
	struct report_frame *frames;  size_t nframes, cap_frames;
	struct report_insn *insns;    size_t ninsns, cap_insns;
	double *counts;               /* ninsns * nevents, counts[insn * nevents + event] */
	char **detail_names;          size_t ndetail_names;
	double *detail;               /* NULL if no details */
	int finished;                 /* report_profile_finish was called */
	/* call stacks (report_stacks.h), when loaded: stacks[i] has stack_frames[frame0 ..
	   frame0 + n) outermost first, the sampled instruction last */
	struct report_stack *stacks;  size_t nstacks, cap_stacks;
	struct report_stack_frame *stack_frames; size_t nstack_frames, cap_stack_frames;
	/* private: hash tables (slots hold index + 1) used while building */
	uint32_t *insn_slots;         size_t insn_slots_cap;
	uint32_t *func_slots;         size_t func_slots_cap;
};

void report_profile_init(struct report_profile *p);
void report_profile_free(struct report_profile *p);

/* Builders. Each returns the new index (>= 0) or -ENOMEM. Events must all be added before
 * the first instruction. */
int report_profile_add_event(struct report_profile *p, const char *name, uint64_t period)
	__attribute__((warn_unused_result));
int report_profile_add_image(struct report_profile *p, const char *path, const char *build_id,
			     int64_t db_id) __attribute__((warn_unused_result));
/* Find or add the function (image, name, start); file may be NULL. */
int report_profile_func(struct report_profile *p, uint32_t image, const char *name,
			const char *file, uint64_t start, uint32_t start_line)
	__attribute__((warn_unused_result));
/* Find or add instruction (image, offset) with the given frames (innermost first; copied;
 * ignored when the instruction exists already). Returns its index. Uses a hash on
 * (image, offset). */
int report_profile_insn(struct report_profile *p, uint32_t image, uint64_t offset,
			const struct report_frame *frames, uint32_t nframes)
	__attribute__((warn_unused_result));
/* counts[insn][event] += count. */
void report_profile_add_count(struct report_profile *p, uint32_t insn, uint32_t event,
			      double count);
/* Declare the detail categories (copied); allocates the zeroed detail array. Call after all
 * instructions were added or before any: the array grows with them. */
int report_profile_set_detail_names(struct report_profile *p, const char *const *names,
				    size_t n) __attribute__((warn_unused_result));
void report_profile_add_detail(struct report_profile *p, uint32_t insn, uint32_t event,
			       uint32_t k, double count);
/* Sort instructions by (image, offset), compute event totals. Returns 0 or -ENOMEM. */
int report_profile_finish(struct report_profile *p) __attribute__((warn_unused_result));

/* The function an instruction belongs to (its outermost frame), or REPORT_NO_FUNC. */
uint32_t report_insn_func(const struct report_profile *p, const struct report_insn *in);
/* The innermost frame of an instruction (its source line), or NULL. */
const struct report_frame *report_insn_leaf(const struct report_profile *p,
					    const struct report_insn *in);

/* Per-function sums of all events: out[f * nevents + e]; unsymbolised instructions are summed
 * into one "[unknown]" row per image whose index is nfuncs + image. Returns a malloc'd array
 * of (nfuncs + nimages) * nevents doubles, or NULL. */
double *report_profile_by_func(const struct report_profile *p);
/* The display name of row `row` of report_profile_by_func ("[unknown]" rows included). */
const char *report_profile_row_name(const struct report_profile *p, size_t row);
/* The image index of a row of report_profile_by_func. */
uint32_t report_profile_row_image(const struct report_profile *p, size_t row);

/* Index of the event named `name`, or -1. */
int report_profile_event(const struct report_profile *p, const char *name);

/* The event that orders a report's tables: `first` (the first event asked for; may be NULL)
 * when p has it, else oracle, else cycles, else the first (0). */
int report_profile_primary_event(const struct report_profile *p, const char *first);

/* 100 * v / total, 0 when total is not positive (a share in the report tables). */
double report_pct(double v, double total);

/* The basename of an image path (for compact tables). */
const char *report_basename(const char *path);

#endif
