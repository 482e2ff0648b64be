/*
 * accuracy_report.h — the tables of `robin accuracy` printed: Paper A's (analysis/
 * acc_paper_a.h) as text, JSON or CSV, TEA's (acc_tea.h) and ProfileMe's (acc_profileme.h) as
 * text or JSON, DCPI's evaluation of the suite's database (acc_dcpi.h, report/dcpi_report.h).
 * Entry points: accuracy_report_text, _json, _csv, _tea_text, _pm_text, _pm_json, _dcpi.
 */
#ifndef ROBIN_REPORT_ACCURACY_REPORT_H
#define ROBIN_REPORT_ACCURACY_REPORT_H

#include <stdio.h>

#include "analysis/acc_paper_a.h"
#include "analysis/acc_profileme.h"

/* Paper A's figures as text: the sampling, the three error tables, the distribution, and as
 * the options ask the frequency sweep and random against periodic sampling. */
void accuracy_report_text(FILE *out, const struct acc_paper_a_table *t);

/* Paper A's table as one JSON document (with opts.tea its member "tea", Paper B's). */
void accuracy_report_json(FILE *out, const struct acc_paper_a_table *t);

/* One CSV row per workload, configuration and profiler. */
void accuracy_report_csv(FILE *out, const struct acc_paper_a_table *t);

/* Paper B's figures as text (a table run with opts.tea). */
void accuracy_report_tea_text(FILE *out, const struct acc_paper_a_table *t);

/* ProfileMe's table as text (size: the workloads' size argument) or as one JSON document. */
void accuracy_report_pm_text(FILE *out, const struct acc_profileme_table *t, const char *size);
void accuracy_report_pm_json(FILE *out, const struct acc_profileme_table *t);

/* DCPI's evaluation of every run of the database at db_path on stdout, text or JSON.
 * Returns 0, or -1 after a line "robin accuracy: ..." on stderr. */
int accuracy_report_dcpi(const char *db_path, int json) __attribute__((warn_unused_result));

#endif
