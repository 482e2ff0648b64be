/*
 * report_stacks.h — call stacks in the report tools: loading a selection's stacks from the
 * profile database into a report_profile (report_profile.stacks, every frame an instruction
 * of the profile, so it is symbolised with the rest), the function path of a stack (outermost
 * first, inline chains expanded) and the per-function self/inclusive sums that
 * `robin prof --children`, `--callers` and `--callees` print.
 * Entry points: report_stacks_load, report_stacks_names, report_stacks_by_func.
 */
#ifndef ROBIN_REPORT_STACKS_H
#define ROBIN_REPORT_STACKS_H

#include <stddef.h>
#include <stdint.h>

#include "profile/profile_db.h"
#include "report/report_profile.h"

/* Add the stacks of profiles pr[0..npr) (their image and event indices in p: pimage,
 * pevent) to p before it is finished: every frame becomes an instruction of p (count 0 when
 * it was not sampled itself), images that only frames use are added. Returns 0, or -errno
 * with one line in err (REPORT_ERR_MAX bytes). */
int report_stacks_load(struct profile_db *db, struct report_profile *p,
		       const struct profile_db_profile *pr, size_t npr, const int *pimage,
		       const int *pevent, char *err) __attribute__((warn_unused_result));

/* Builder: stack f[0..n) (outermost first, the sampled instruction last; .insn an index
 * into p->insns, before report_profile_finish) of event ev += count samples. Returns 0 or
 * -ENOMEM. */
int report_stacks_add(struct report_profile *p, uint32_t ev, const struct report_stack_frame *f,
		      size_t n, double count) __attribute__((warn_unused_result));

/* Does the (finished) profile hold stacks of event ev? */
int report_stacks_has(const struct report_profile *p, size_t ev);

/* The function path of stack s: function indices (REPORT_NO_FUNC for an unsymbolised frame)
 * outermost first, each frame's inline chain expanded (the symbol, then what is inlined into
 * it); unknown frames' images in img (may be NULL). Returns how many there are (only the
 * first max written). */
size_t report_stacks_names(const struct report_profile *p, const struct report_stack *s,
			   uint32_t *func, uint32_t *img, size_t max);

/* The function path of stack s as rows of report_profile_by_func (an unsymbolised frame is
 * its image's "[unknown]" row, nfuncs + image), outermost first, into rows[0..max): returns
 * how many there are (only the first max written). */
size_t report_stacks_rows(const struct report_profile *p, const struct report_stack *s,
			  uint32_t *rows, size_t max);

/* The by_func row of stack s's leaf instruction (its symbol, as the flat profile). */
uint32_t report_stacks_leaf_row(const struct report_profile *p, const struct report_stack *s);

/* Per function f (rows as report_profile_by_func: nfuncs + one "[unknown]" per image) of
 * event ev: self = samples whose leaf frame is in f, total = samples with f anywhere on the
 * stack (counted once per stack, recursion included). Returns 0 or -ENOMEM; the arrays are
 * malloc'd (nfuncs + nimages entries). */
int report_stacks_by_func(const struct report_profile *p, size_t ev, double **self,
			  double **total) __attribute__((warn_unused_result));

#endif
