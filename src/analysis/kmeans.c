/*
 * kmeans.c — weighted k-means and SimPoint's BIC (see kmeans.h).
 */
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/kmeans.h"

uint64_t kmeans_rand_next(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

int kmeans_model_init(struct kmeans_model *m, int k, size_t d)
{
	m->k = k;
	m->c = calloc((size_t)k * d, sizeof(*m->c));
	m->cw = calloc((size_t)k, sizeof(*m->cw));
	if (!m->c || !m->cw) {
		kmeans_model_free(m);
		return -ENOMEM;
	}
	return 0;
}

void kmeans_model_free(struct kmeans_model *m)
{
	free(m->c);
	free(m->cw);
	m->c = m->cw = NULL;
	m->k = 0;
}

void kmeans_init_sample(const struct kmeans_data *data, struct kmeans_model *m, uint64_t seed)
{
	uint64_t st = seed;
	for (int j = 0; j < m->k; j++) {
		size_t i = (size_t)(kmeans_rand_next(&st) % data->n);
		memcpy(m->c + (size_t)j * data->d, data->x + i * data->d, data->d * sizeof(double));
	}
}

/* Nearest centre of row x; *d2 gets the squared distance. */
static int kmeans_nearest(const double *x, const struct kmeans_model *m, size_t d, double *d2)
{
	int best = 0;
	double bd = DBL_MAX;
	for (int j = 0; j < m->k; j++) {
		const double *c = m->c + (size_t)j * d;
		double s = 0;
		for (size_t t = 0; t < d && s < bd; t++)
			s += (x[t] - c[t]) * (x[t] - c[t]);
		if (s < bd) {
			bd = s;
			best = j;
		}
	}
	*d2 = bd;
	return best;
}

int kmeans_run(const struct kmeans_data *data, struct kmeans_model *m, int max_iters)
{
	size_t d = data->d, k = (size_t)m->k;
	double *sum = malloc(k * d * sizeof(*sum));
	if (!sum)
		return -ENOMEM;
	int it;
	for (it = 0; max_iters <= 0 || it < max_iters; it++) {
		memset(sum, 0, k * d * sizeof(*sum));
		memset(m->cw, 0, k * sizeof(*m->cw));
		for (size_t i = 0; i < data->n; i++) {
			const double *x = data->x + i * d;
			double d2;
			int j = kmeans_nearest(x, m, d, &d2);
			double w = data->w[i];
			for (size_t t = 0; t < d; t++)
				sum[(size_t)j * d + t] += x[t] * w;
			m->cw[j] += w;
		}
		int moved = 0;
		for (size_t j = 0; j < k; j++) {
			/* an empty cluster's centre goes to the origin, as SimPoint 3.2's does */
			for (size_t t = 0; t < d; t++) {
				double v = m->cw[j] > 0 ? sum[j * d + t] / m->cw[j] : 0.0;
				if (v != m->c[j * d + t]) {
					m->c[j * d + t] = v;
					moved = 1;
				}
			}
		}
		if (!moved) {
			it++;
			break;
		}
	}
	free(sum);
	return it;
}

void kmeans_labels(const struct kmeans_data *data, const struct kmeans_model *m, int *labels,
                   double *dists)
{
	for (size_t i = 0; i < data->n; i++) {
		double d2;
		labels[i] = kmeans_nearest(data->x + i * data->d, m, data->d, &d2);
		if (dists)
			dists[i] = sqrt(d2);
	}
}

double kmeans_bic(const struct kmeans_data *data, const struct kmeans_model *m)
{
	size_t n = data->n, d = data->d;
	int *labels = malloc(n * sizeof(*labels));
	double *dist = malloc(n * sizeof(*dist));
	if (!labels || !dist) {
		free(labels);
		free(dist);
		return -INFINITY;
	}
	kmeans_labels(data, m, labels, dist);
	double wsum = 0, distortion = 0;
	for (size_t i = 0; i < n; i++) {
		wsum += data->w[i];
		distortion += dist[i] * dist[i] * data->w[i];
	}
	/* the distortion in units of an average row's weight */
	distortion /= wsum / (double)n;
	double sigma2 = distortion / ((double)d * (double)n);
	if (sigma2 < DBL_MIN)
		sigma2 = DBL_MIN;  /* every row on its centre: the likelihood is as large as it gets */
	double ll = -(double)d * (log(2.0 * M_PI * sigma2) + 1.0) / 2.0 - log(wsum);
	for (size_t i = 0; i < n; i++) {
		double cw = m->cw[labels[i]];
		if (cw > 0)
			ll += log(cw) * data->w[i] / wsum;
	}
	ll *= (double)n;
	double params = (double)(m->k - 1) + (double)m->k * (double)d + 1.0;
	free(labels);
	free(dist);
	return ll - params / 2.0 * log((double)n);
}
