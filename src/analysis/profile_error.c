/*
 * profile_error.c — profile error against a reference (see profile_error.h): sort both sides
 * by key, merge, and add min(share_p, share_r) per unit.
 */
#include "analysis/profile_error.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static int unit_cmp(const void *a, const void *b)
{
	uint64_t x = ((const struct profile_error_unit *)a)->key;
	uint64_t y = ((const struct profile_error_unit *)b)->key;
	return x < y ? -1 : x > y;
}

static struct profile_error_unit *sorted_copy(const struct profile_error_unit *v, size_t n,
					      double *total)
{
	struct profile_error_unit *c = malloc((n ? n : 1) * sizeof(*c));
	if (!c)
		return NULL;
	if (n)
		memcpy(c, v, n * sizeof(*c));
	if (n) /* qsort needs a non-NULL base even for 0 items */
		qsort(c, n, sizeof(*c), unit_cmp);
	*total = 0;
	for (size_t i = 0; i < n; i++)
		*total += c[i].count;
	return c;
}

int profile_error_compute(const struct profile_error_unit *prof, size_t nprof,
			  const struct profile_error_unit *ref, size_t nref,
			  struct profile_error *out)
{
	double tp, tr;
	int rc = 0;
	struct profile_error_unit *p = sorted_copy(prof, nprof, &tp);
	struct profile_error_unit *r = sorted_copy(ref, nref, &tr);
	memset(out, 0, sizeof(*out));
	if (!p || !r) {
		rc = -ENOMEM;
		goto out;
	}
	out->total_profile = tp;
	out->total_reference = tr;
	out->c_total = tr;
	if (tp <= 0 || tr <= 0) {
		rc = -ENODATA;
		goto out;
	}
	double correct_share = 0;
	size_t i = 0, k = 0;
	while (i < nprof || k < nref) {
		uint64_t key;
		if (k == nref || (i < nprof && p[i].key <= r[k].key))
			key = p[i].key;
		else
			key = r[k].key;
		double cp = 0, cr = 0;
		while (i < nprof && p[i].key == key)
			cp += p[i++].count;
		while (k < nref && r[k].key == key)
			cr += r[k++].count;
		correct_share += fmin(cp / tp, cr / tr);
		out->units++;
	}
	if (correct_share > 1)
		correct_share = 1;  /* rounding */
	out->c_correct = correct_share * tr;
	out->error = (out->c_total - out->c_correct) / out->c_total;
out:
	free(p);
	free(r);
	return rc;
}
