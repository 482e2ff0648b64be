/*
 * simpoint.h — SimPoint 3.2's phase analysis re-implemented (004_b28092482852db08.txt, Paper
 * C; docs/robin-simpoint.md): read frequency vectors (T:id:count lines), normalise each row
 * to sum 1, project to `dim` dimensions with a seeded random matrix of values in [-1, 1],
 * cluster with weighted k-means (num_init_seeds random-sample starts, the best BIC kept) for
 * k from SimPoint's binary search over [1, max_k] (or given k values), keep the smallest k
 * whose BIC reaches min + threshold * (max - min), and pick the row nearest each centre as
 * the cluster's simulation point, weighted by the cluster's share. Writes SimPoint's files.
 */
#ifndef ROBIN_ANALYSIS_SIMPOINT_H
#define ROBIN_ANALYSIS_SIMPOINT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define SIMPOINT_MAX_TRIES 64
/* The longest line of a frequency-vector file (bytes): a vector of a million blocks fits. */
#define SIMPOINT_FV_MAX_LINE (64 << 20)
/* The largest |value| of an extra dimension: its square summed over many rows stays finite. */
#define SIMPOINT_EXTRA_MAX 1e150

struct simpoint_opts {
	int max_k;                 /* binary search over k in [1, max_k] (when n_k == 0) */
	int k_values[SIMPOINT_MAX_TRIES]; /* or exactly these k */
	int n_k;
	int dim;                   /* projected dimensions; 0 = no projection */
	int num_init_seeds;        /* k-means starts per k */
	int iters;                 /* k-means iteration limit; <= 0 none */
	double bic_threshold;      /* t in min + t * (max - min) */
	double coverage;           /* (0, 1]: the largest clusters covering this share */
	uint64_t seed_km, seed_proj;
	int fixed_length;          /* 1: every interval weighs the same; 0: by instructions */
	const double *extra;       /* robin's extension, NULL in SimPoint 3.2: one coordinate per
	                              interval appended unprojected to its (projected) vector */
};

/* SimPoint 3.2's defaults: -maxK 10, -dim 15, -numInitSeeds 5,
 * -iters 100, -bicThreshold 0.9, -coveragePct 1, -fixedLength on. */
void simpoint_opts_default(struct simpoint_opts *o);

/* Read `-loadExtraFile`: one number per line, a coordinate for each of n_rows intervals.
 * *out is malloc'ed. Returns 0 or -errno with "FILE:LINE: ..." in err. */
int simpoint_extra_read(const char *path, size_t n_rows, double **out, char *err, size_t errlen)
	__attribute__((warn_unused_result));

/* Frequency vectors, sparse: row i holds pairs [row_start[i], row_start[i+1]). */
struct simpoint_fv {
	size_t n_rows;
	uint32_t max_id;           /* the largest block id seen (ids are 1-based) */
	size_t *row_start;         /* n_rows + 1 */
	uint32_t *id;
	double *count;
	double *row_sum;           /* instructions in each row */
};

/* Read a frequency-vector file. Returns 0, or -errno with a one-line message naming the file,
 * line and column in err (e.g. "v.bb:3:17: expected ':id:count'"). */
int simpoint_fv_read(const char *path, struct simpoint_fv *fv, char *err, size_t errlen)
	__attribute__((warn_unused_result));
void simpoint_fv_free(struct simpoint_fv *fv);

struct simpoint_try {
	int k;
	double bic;
	int iterations;            /* of the best start */
};

struct simpoint_result {
	int k;                     /* the chosen clustering */
	size_t n_rows;
	int *labels;               /* n_rows: cluster of each interval */
	double *dists;             /* n_rows: distance to its centre (projected space) */
	double *cluster_weight;    /* k: share of the weight (sums to 1) */
	long *point;               /* k: the interval nearest the centre, -1 if empty */
	int *selected;             /* k: kept under the coverage rule (non-empty, largest first) */
	struct simpoint_try tries[SIMPOINT_MAX_TRIES];
	int n_tries;
};

/* Cluster fv. Returns 0 or -errno (-EINVAL with a message in err for impossible options). */
int simpoint_cluster(const struct simpoint_fv *fv, const struct simpoint_opts *o,
                     struct simpoint_result *r, char *err, size_t errlen)
	__attribute__((warn_unused_result));
void simpoint_result_free(struct simpoint_result *r);

/* A cluster split by a per-interval signature (simpoint_split_by_signature). */
struct simpoint_split {
	int cluster;               /* the cluster as the BIC chose it; it keeps this id */
	int parts;                 /* how many clusters it became */
	int first_new;             /* the others are first_new .. first_new + parts - 2 */
	int n;                     /* its intervals */
	double lo, hi;             /* the signature's range over them */
};

/* robin's extension: split every cluster whose intervals' signature sig[i] (> 0; a memory
 * signature such as the warm cycles per instruction) spreads over more than max_ratio
 * (largest / smallest), by optimal 1-D 2-means on ln(sig) applied again to the widest part,
 * until every part's spread is within max_ratio, a part is one interval, or r has
 * max_clusters clusters (the clusters with the widest weighted spread go first). Parts get
 * new ids after r->k; each part's point is its interval nearest the old centre (r->dists),
 * its weight its intervals' share (w: interval weights summing to 1, NULL: equal). *splits
 * (malloc'ed, one per split cluster, NULL when none) and *n_splits. Returns 0 or -ENOMEM. */
int simpoint_split_by_signature(struct simpoint_result *r, const double *sig, const double *w,
                                double max_ratio, int max_clusters,
                                struct simpoint_split **splits, int *n_splits)
	__attribute__((warn_unused_result));

/* SimPoint's output files: "<interval> <cluster>" per non-empty cluster (covered: only those
 * the coverage rule selected); "<weight> <cluster>" with those clusters' weights renormalised
 * to sum 1; "<label> <distance>" per interval (covered is ignored). Return 0 or -errno. */
int simpoint_write_points(const struct simpoint_result *r, int covered, FILE *out)
	__attribute__((warn_unused_result));
int simpoint_write_weights(const struct simpoint_result *r, int covered, FILE *out)
	__attribute__((warn_unused_result));
int simpoint_write_labels(const struct simpoint_result *r, int covered, FILE *out)
	__attribute__((warn_unused_result));

/* One simulation point as files list them: interval index, cluster and weight. */
struct simpoint_point {
	long interval;
	int cluster;
	double weight;
};

/* Read a -saveSimpoints file and its -saveSimpointWeights file (from robin, SimPoint or
 * gem5), joined by cluster: *out gets n points (malloc'ed). Returns 0, or -errno with a
 * one-line message naming file and line in err. */
int simpoint_read_points(const char *points_path, const char *weights_path,
                         struct simpoint_point **out, size_t *n, char *err, size_t errlen)
	__attribute__((warn_unused_result));

#endif
