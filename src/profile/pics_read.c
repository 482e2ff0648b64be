/*
 * pics_read.c — PICS from the database's psv detail rows (see pics_read.h).
 */
#include "profile/pics_read.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Profiles of `event` matching f's epoch and run. */
static int pics_read_profiles(struct profile_db *db, const struct profile_db_filter *f,
			      const char *event, struct profile_db_profile **p, size_t *n)
{
	const char *ev[1] = { event };
	struct profile_db_filter g = { 0 };
	if (f)
		g = *f;
	g.events = ev;
	g.n_events = 1;
	return profile_db_profiles(db, &g, p, n);
}

/* Some profile of `event` has psv rows: 1, 0, or -errno. */
static int pics_read_has(struct profile_db *db, const struct profile_db_filter *f,
			 const char *event)
{
	struct profile_db_profile *p = NULL;
	size_t n = 0;
	int rc = pics_read_profiles(db, f, event, &p, &n), has = 0;
	for (size_t i = 0; !rc && !has && i < n; i++) {
		struct profile_db_detail *d = NULL;
		size_t nd = 0;
		if (!(rc = profile_db_details(db, p[i].id, 0, UINT64_MAX, PROFILE_DB_KIND_PSV, &d, &nd)))
			has = nd > 0;
		free(d);
	}
	profile_db_profiles_free(p, n);
	return rc ? rc : has;
}

int pics_read_event(struct profile_db *db, const struct profile_db_filter *f, char *event,
		    size_t n)
{
	static const char *const pref[] = { "tea", "golden" };
	for (size_t i = 0; f && i < f->n_events; i++) {
		int h = pics_read_has(db, f, f->events[i]);
		if (h < 0)
			return h;
		if (h) {
			snprintf(event, n, "%s", f->events[i]);
			return 0;
		}
	}
	if (f && f->n_events)
		return -ENOENT;
	for (size_t i = 0; i < sizeof(pref) / sizeof(pref[0]); i++) {
		int h = pics_read_has(db, f, pref[i]);
		if (h < 0)
			return h;
		if (h) {
			snprintf(event, n, "%s", pref[i]);
			return 0;
		}
	}
	struct profile_db_profile *p = NULL;
	size_t np = 0;
	int rc = profile_db_profiles(db, f, &p, &np);
	for (size_t i = 0; !rc && i < np; i++) {
		struct profile_db_detail *d = NULL;
		size_t nd = 0;
		if ((rc = profile_db_details(db, p[i].id, 0, UINT64_MAX, PROFILE_DB_KIND_PSV, &d, &nd)))
			break;
		free(d);
		if (nd) {
			snprintf(event, n, "%s", p[i].event);
			profile_db_profiles_free(p, np);
			return 0;
		}
	}
	profile_db_profiles_free(p, np);
	return rc ? rc : -ENOENT;
}

int pics_read_range(struct profile_db *db, const struct profile_db_filter *f, const char *event,
		    int64_t image_id, uint64_t lo, uint64_t hi,
		    void (*fn)(void *arg, uint64_t offset, uint32_t sig, double units), void *arg)
{
	struct profile_db_profile *p = NULL;
	size_t n = 0;
	int rc = pics_read_profiles(db, f, event, &p, &n);
	for (size_t i = 0; !rc && i < n; i++) {
		if (p[i].image_id != image_id)
			continue;
		struct profile_db_detail *d = NULL;
		size_t nd = 0;
		if ((rc = profile_db_details(db, p[i].id, lo, hi, PROFILE_DB_KIND_PSV, &d, &nd)))
			break;
		double div = p[i].count_divisor ? p[i].count_divisor : 1;
		for (size_t k = 0; k < nd; k++)
			if (d[k].key >= 0 && d[k].key < 512)
				fn(arg, d[k].offset, (uint32_t)d[k].key, (double)d[k].count / div);
		free(d);
	}
	profile_db_profiles_free(p, n);
	return rc;
}
