/*
 * html.h — the self-contained HTML report (`robin report --html`): one page with inline CSS,
 * SVG and a little JavaScript (sortable tables, an error hook), nothing fetched from the
 * network. Sections: the selection and database, run metadata, events, top procedures with
 * bars, a procedures x events chart, the hottest instructions with disassembly and source
 * line, and cycle stacks when the profile has commit-state (or cycle_stack) details: the
 * categories as stored and, for commit states on riscv64 code, the categories of
 * 004_b28092482852db08.txt Paper A §3.1 (analysis/cycle_stack.h).
 */
#ifndef ROBIN_REPORT_HTML_H
#define ROBIN_REPORT_HTML_H

#include <stddef.h>
#include <stdio.h>

#include "profile/profile_db.h"
#include "report/ibs_fig2.h"
#include "report/pics_html.h"
#include "report/report_load.h"
#include "report/report_profile.h"
#include "report/pm_fig3.h"

struct html_page {
	const char *title;                 /* <title> and heading; NULL = "robin report" */
	const char *db_path;
	const char *selection;             /* the filter in selector syntax */
	const struct profile_db_run *runs; /* the runs the selection covers (may be 0) */
	size_t nruns;
	const struct report_profile *p;    /* finished; details optional */
	const struct report_images *im;    /* for disassembly; may be NULL */
	size_t primary;                    /* event index that orders the tables */
	size_t top_procs;                  /* rows of the procedure table (0 = 25) */
	size_t top_insns;                  /* rows of the hot-instruction table (0 = 30) */
	long long generated_ns;            /* shown in the header; 0 = omit */
	const struct pics_html *pics;      /* per-instruction cycle stacks (pics_html.h), or NULL */
	const struct pm_fig3 *pm_fig3;     /* ProfileMe's Figure 3 section, or NULL */
	const struct ibs_fig2 *ibs_fig2;   /* IBS latency by data source (003 Figure 2), or NULL */
};

/* Write the page. Returns 0, or -ENOMEM / -EIO (a write error on out). */
int html_report_write(const struct html_page *pg, FILE *out) __attribute__((warn_unused_result));

#endif
