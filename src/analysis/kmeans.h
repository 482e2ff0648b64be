/*
 * kmeans.h — weighted k-means over dense rows and the Bayesian Information Criterion SimPoint
 * scores a clustering with (004_b28092482852db08.txt, Paper C): random-sample initialisation,
 * Lloyd iterations to a fixed point or an iteration limit, nearest-centre labels, the BIC of
 * spherical Gaussians with one shared variance. Used by simpoint.c.
 */
#ifndef ROBIN_ANALYSIS_KMEANS_H
#define ROBIN_ANALYSIS_KMEANS_H

#include <stddef.h>
#include <stdint.h>

/* n rows of d values (x[i*d + j]) with weights w[i] (summing to 1 for SimPoint's BIC). */
struct kmeans_data {
	size_t n, d;
	const double *x;
	const double *w;
};

/* Centres: k rows of d values and the weight of each cluster (sum of its members' w). */
struct kmeans_model {
	int k;
	double *c;       /* k*d */
	double *cw;      /* k */
};

/* A small deterministic generator (splitmix64): the same seed gives the same sequence on
 * every host. */
uint64_t kmeans_rand_next(uint64_t *state);

/* Allocate a model of k centres. Returns 0 or -ENOMEM. */
int kmeans_model_init(struct kmeans_model *m, int k, size_t d) __attribute__((warn_unused_result));
void kmeans_model_free(struct kmeans_model *m);

/* Initial centres: k rows of data drawn uniformly at random (with replacement) with seed. */
void kmeans_init_sample(const struct kmeans_data *data, struct kmeans_model *m, uint64_t seed);

/* Lloyd iterations until no centre moves or max_iters (<= 0: no limit); each centre becomes
 * the weighted mean of its members; an empty cluster keeps its centre and gets weight 0.
 * m->cw holds the cluster weights of the final assignment. Returns the iterations run, or
 * -ENOMEM. */
int kmeans_run(const struct kmeans_data *data, struct kmeans_model *m, int max_iters);

/* Nearest centre of every row (lowest index on ties) into labels[n], and if dists is not NULL
 * the Euclidean distance to it. */
void kmeans_labels(const struct kmeans_data *data, const struct kmeans_model *m, int *labels,
                   double *dists);

/* SimPoint's BIC of the clustering (larger is better): the log-likelihood of the data under
 * k spherical Gaussians with one variance estimated from the weighted distortion, mixing
 * proportions from the cluster weights, minus (#parameters / 2) * ln(n), #parameters =
 * (k - 1) + k*d + 1 (docs/robin-simpoint.md). -INFINITY when out of memory. */
double kmeans_bic(const struct kmeans_data *data, const struct kmeans_model *m);

#endif
