/*
 * dcpi_run.h — DCPI's analysis over a stored run: the issue-head samples of one image in the
 * profile database, each sampled procedure (or one named procedure) analysed with the core
 * configuration the run recorded, next to the exact truth when the run has it (dcpix counts,
 * dcpix-taken and dcpix-imiss counts, and the true stall cause of each sample). `robin calc` and
 * `robin topstalls` print it; dcpi_eval.h measures it against the truth.
 * Entry points: dcpi_run_load, dcpi_run_free.
 */
#ifndef ROBIN_ANALYSIS_DCPI_RUN_H
#define ROBIN_ANALYSIS_DCPI_RUN_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/dcpi.h"
#include "pmu/pmu_profile.h"
#include "profile/profile_db.h"

#define DCPI_RUN_ERR_MAX 512
#define DCPI_RUN_EVENT "issue-head"  /* the default sample event */

/* The sample event a filter selects: its one event when it names exactly one (tip, say: DCPI's
 * analysis of commit-stage samples on an out-of-order core), else issue-head. */
const char *dcpi_run_event(const struct profile_db_filter *flt);

/* The profiles holding the exact event counts of enum dcpi_event: dcpix-imiss, dcpix-dmiss,
 * dcpix-dtlb, dcpix-mispredict (the truth; what event samples of period 1 would give). */
extern const char *const dcpi_run_event_names[DCPI_EV_COUNT];
/* The profiles holding DCPI's event samples (pmu/dcpi_events.c): dcpi-imiss, dcpi-dmiss,
 * dcpi-dtlb, dcpi-mispredict, every N events with the interrupt's skid. */
extern const char *const dcpi_run_sampled_names[DCPI_EV_COUNT];

/* Which event counts the estimates use. */
enum dcpi_run_events {
	DCPI_RUN_EVENTS_SAMPLED,       /* DCPI's event samples, as a DCPI machine has them */
	DCPI_RUN_EVENTS_ORACLE,        /* the exact counts: an upper bound no machine reaches */
	DCPI_RUN_EVENTS_NONE,          /* the cycle samples alone */
};

struct dcpi_func {
	char *name;
	uint64_t start, size;          /* link-time [start, start + size) */
	struct dcpi_proc proc;
	/* truth, per instruction of proc (NULL when the run has none) */
	double *count;                 /* dcpix: executions */
	double *taken;                 /* dcpix-taken: taken executions */
	double *ev[DCPI_EV_COUNT];     /* event counts (dcpi_run_event_names), NULL if none */
	double (*cause)[PMU_CAT_N];    /* issue-head samples by true cause (issue-head runs) */
	/* the event counts the estimates used (dcpi_run.events), per instruction: sampled events
	 * moved back over the skid to the instruction that caused them, times their period
	 * (dcpi_proc_unskid), or the exact ones; NULL if none */
	double *est_ev[DCPI_EV_COUNT];
};

struct dcpi_run {
	const char *event;             /* the sample event (dcpi_run_event) */
	int64_t run_id, image_id;      /* the newest run merged */
	size_t runs;                   /* how many runs were merged (dcpi_run_load_set) */
	char *image_path;
	double period;                 /* mean sampling period (cycles) */
	double samples;                /* issue-head samples in the image */
	int has_count, has_taken, has_cause;
	int has_ev[DCPI_EV_COUNT];     /* the run has the event's exact counts */
	enum dcpi_run_events events;   /* the counts the estimates used */
	int has_sampled[DCPI_EV_COUNT];/* the run has the event's samples */
	double ev_period[DCPI_EV_COUNT];/* their period (events per sample) */
	struct core_config core;       /* from the run's stored configuration */
	int core_from_run;             /* 0: the run had none, defaults used */
	struct dcpi_func *f;
	size_t n;
};

/* Load the newest run matching `flt` that has issue-head samples (an image filter narrows to
 * one image; otherwise the most sampled image, or with `func` the most sampled one that has
 * it) and analyse `func` (a symbol name or 0xOFFSET), or every procedure with samples when
 * func is NULL. `core_override`, when not
 * NULL, replaces the run's configuration. `events` picks the event counts the estimates and
 * culprits use (the exact counts are loaded for evaluation whatever it is). Returns 0 or -errno with one line in err. */
int dcpi_run_load(struct profile_db *db, const struct profile_db_filter *flt, const char *func,
		  const struct core_config *core_override, enum dcpi_run_events events,
		  struct dcpi_run *out, char *err)
	__attribute__((warn_unused_result));

/* Several runs of one image analysed as one (DCPI's profile database sums the samples of an
 * image over every run): `ids` (n of them), or every run when `all`. */
struct dcpi_run_set {
	const int64_t *ids;
	size_t n;
	int all;
};

/* Whether run `id` is one of the set's (every run when set->all). */
int dcpi_run_set_has(const struct dcpi_run_set *set, int64_t id);

/* dcpi_run_load over the runs of `set` (NULL: dcpi_run_load): the image is chosen as
 * dcpi_run_load does among the set's runs (the newest), then the samples, exact counts and
 * event samples of that image (its path) are summed per offset over every run of the set that
 * has it; an exact count or event kind is kept only when every run has it. Refused with one
 * line in err (-EINVAL) when a run's image at that path is another binary (its build-id
 * differs), or its sampling period or stored core configuration differs; -ENOENT when a
 * listed run has no samples of the image. */
int dcpi_run_load_set(struct profile_db *db, const struct profile_db_filter *flt,
		      const struct dcpi_run_set *set, const char *func,
		      const struct core_config *core_override, enum dcpi_run_events events,
		      struct dcpi_run *out, char *err) __attribute__((warn_unused_result));

void dcpi_run_free(struct dcpi_run *r);

/* A run and one image of it with samples. */
struct dcpi_run_ref {
	int64_t run_id;
	char *image;                   /* its path */
};

/* Every (run, image) matching `flt` with samples of the sample event, by run then image
 * (malloc'd; free with dcpi_run_list_free). Returns 0 or -errno. */
int dcpi_run_list(struct profile_db *db, const struct profile_db_filter *flt,
		  struct dcpi_run_ref **out, size_t *n) __attribute__((warn_unused_result));
void dcpi_run_list_free(struct dcpi_run_ref *r, size_t n);

#endif
