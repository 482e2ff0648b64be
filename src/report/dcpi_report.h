/*
 * dcpi_report.h — the evaluation of DCPI's analysis against the truth (analysis/dcpi_eval.h)
 * as text (Figures 8 and 9 side by side, the within-5/10/15% shares, confidence, culprits,
 * Figure 10's correlation) and as JSON members (within_5pct, within_10pct, within_15pct as
 * fractions of samples, ...). `robin calc --evaluate` and `robin accuracy --dcpi` print it.
 */
#ifndef ROBIN_REPORT_DCPI_REPORT_H
#define ROBIN_REPORT_DCPI_REPORT_H

#include <stdio.h>

#include "analysis/dcpi_eval.h"
#include "profile/profile_db.h"
#include "util/json.h"

/* The text report; `what` names the runs evaluated, nprocs the procedures analysed. */
void dcpi_report_eval_text(FILE *out, const char *what, double period, size_t nprocs,
			   const struct dcpi_eval *e);

/* The members of the evaluation inside an open JSON object. */
void dcpi_report_eval_json(struct json *j, const struct dcpi_eval *e);

/* Evaluate every run and image matching flt that has samples of the sample event (`func`
 * narrows to one procedure) and print one row per run and image and the evaluation of all on
 * stdout, text or JSON; with `set` (not NULL) one row per image, its runs of the set merged
 * (dcpi_run_load_set). The estimates use the event counts `events` names (the exact counts
 * always judge them). Errors go to stderr as "robin CMD: ...". Returns 0, or -1 when nothing
 * could be evaluated. */
int dcpi_report_evaluate(struct profile_db *db, const struct profile_db_filter *flt,
			 const struct dcpi_run_set *set, const char *func, enum dcpi_run_events events, int json, const char *cmd);

/* The members naming a loaded run (run, image, period_cycles, image_samples) inside an open
 * JSON object. */
void dcpi_report_run_json(struct json *j, const struct dcpi_run *r);

/* 100 * v / total, 0 when total is 0. */
double dcpi_report_pct(double v, double total);

#endif
