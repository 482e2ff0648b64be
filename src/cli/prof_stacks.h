/*
 * prof_stacks.h — the call-graph views of `robin prof` over stored call stacks: --children
 * (inclusive and self samples per procedure, as `perf report --children`), --callers FUNC
 * and --callees FUNC (who calls FUNC, what FUNC calls, with the samples of those stacks).
 */
#ifndef ROBIN_CLI_PROF_STACKS_H
#define ROBIN_CLI_PROF_STACKS_H

#include <stddef.h>

#include "cli/db_args.h"

enum prof_stacks_view { PROF_STACKS_CHILDREN, PROF_STACKS_CALLERS, PROF_STACKS_CALLEES };

/* Load the selection of a (with its stacks; one event: the only one or --event) and print
 * the view (func: the procedure of --callers / --callees), at most limit rows (0 = all).
 * Returns the command's exit status (0, or 1 after one line on stderr). */
int prof_stacks_show(struct db_args *a, enum prof_stacks_view view, const char *func,
		     size_t limit);

#endif
