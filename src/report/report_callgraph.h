/*
 * report_callgraph.h — the call-graph views over stored call stacks that `robin prof`
 * prints: children (inclusive and self samples per procedure, as `perf report --children`),
 * callers of FUNC and callees of FUNC (who calls FUNC, what FUNC calls, with the samples of
 * those stacks). Entry point: report_callgraph_print.
 */
#ifndef ROBIN_REPORT_CALLGRAPH_H
#define ROBIN_REPORT_CALLGRAPH_H

#include <stddef.h>
#include <stdio.h>

#include "report/report_profile.h"
#include "report/table.h"

enum report_callgraph_view {
	REPORT_CALLGRAPH_CHILDREN,
	REPORT_CALLGRAPH_CALLERS,
	REPORT_CALLGRAPH_CALLEES,
};

/* Print the view of p's stacks (p loaded with its stacks and one event; func: the procedure
 * of CALLERS / CALLEES) on out, at most limit rows (0 = all): as text with a heading, or
 * the table alone as CSV or JSON. db_path names the database in messages. Returns 0, or
 * -errno after one line "robin CMD: ..." on stderr (p has not one event, no stacks, no
 * procedure func, out of memory). */
int report_callgraph_print(const struct report_profile *p, enum report_callgraph_view view,
			   const char *func, size_t limit, enum table_format fmt, FILE *out,
			   const char *db_path, const char *cmd) __attribute__((warn_unused_result));

#endif
