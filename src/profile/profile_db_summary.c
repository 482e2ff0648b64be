/*
 * profile_db_summary.c — a profile database summed up (see profile_db_summary.h), from the
 * reader's lists of epochs, runs, images, profiles and batches.
 */
#include "profile/profile_db_summary.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static uint64_t profile_db_summary_file_size(const char *path, const char *suffix)
{
	char p[4096];
	struct stat st;
	snprintf(p, sizeof(p), "%s%s", path, suffix);
	return stat(p, &st) == 0 ? (uint64_t)st.st_size : 0;
}

/* Samples per event over the profiles pr[0..np), events in the order they first appear. */
static int profile_db_summary_events(struct profile_db *db, const struct profile_db_profile *pr,
				     size_t np, struct profile_db_summary *s)
{
	if (!(s->events = calloc(np + 1, sizeof(*s->events))))
		return -ENOMEM;
	for (size_t i = 0; i < np; i++) {
		size_t k = 0;
		while (k < s->nevents && strcmp(s->events[k].name, pr[i].event))
			k++;
		if (k == s->nevents && !(s->events[s->nevents++].name = strdup(pr[i].event)))
			return -ENOMEM;
		double n = (double)pr[i].total_count / pr[i].count_divisor;
		s->events[k].samples += n;
		if (pr[i].image_id == profile_db_image_unknown_id(db))
			s->events[k].unknown += n;
	}
	return 0;
}

int profile_db_summary_load(struct profile_db *db, struct profile_db_summary *out)
{
	struct profile_db_epoch *ep = NULL;
	struct profile_db_run *runs = NULL;
	struct profile_db_image *im = NULL;
	struct profile_db_profile *pr = NULL;
	struct profile_db_batch_row *bt = NULL;
	size_t ne = 0, nr = 0, ni = 0, np = 0, nb = 0;
	int rc;

	memset(out, 0, sizeof(*out));
	if ((rc = profile_db_epochs(db, &ep, &ne)) || (rc = profile_db_runs(db, 0, &runs, &nr)) ||
	    (rc = profile_db_images(db, &im, &ni)) ||
	    (rc = profile_db_profiles(db, NULL, &pr, &np)) ||
	    (rc = profile_db_batches(db, &bt, &nb)) ||
	    (rc = profile_db_summary_events(db, pr, np, out)))
		goto out;
	const char *path = profile_db_path(db);
	out->size_bytes = profile_db_summary_file_size(path, "");
	out->wal_bytes = profile_db_summary_file_size(path, "-wal");
	out->epochs = ne;
	out->runs = nr;
	out->images = ni ? ni - 1 : 0;
	out->profiles = np;
	out->batches = nb;
	if (ne) {
		out->current_epoch = ep[ne - 1].id;
		out->current_epoch_start_ns = ep[ne - 1].start_ns;
	}
out:
	if (rc)
		profile_db_summary_free(out);
	profile_db_epochs_free(ep, ne);
	profile_db_runs_free(runs, nr);
	profile_db_images_free(im, ni);
	profile_db_profiles_free(pr, np);
	free(bt);
	return rc;
}

void profile_db_summary_free(struct profile_db_summary *s)
{
	for (size_t k = 0; k < s->nevents; k++)
		free(s->events[k].name);
	free(s->events);
	memset(s, 0, sizeof(*s));
}

int profile_db_summary_runs(struct profile_db *db, const struct profile_db_filter *f,
			    struct profile_db_run **all, size_t *nall, struct profile_db_run **sel,
			    size_t *nsel)
{
	struct profile_db_profile *pr = NULL;
	size_t npr = 0;
	int rc = profile_db_profiles(db, f, &pr, &npr);
	if (rc)
		return rc;
	rc = profile_db_runs(db, 0, all, nall);
	if (rc) {
		profile_db_profiles_free(pr, npr);
		return rc;
	}
	*nsel = 0;
	*sel = calloc(*nall + 1, sizeof(**sel));
	if (!*sel) {
		profile_db_profiles_free(pr, npr);
		return -ENOMEM;
	}
	for (size_t i = 0; i < *nall; i++) {
		int used = 0;
		for (size_t j = 0; j < npr && !used; j++)
			used = pr[j].run_id == (*all)[i].id;
		if (used)
			(*sel)[(*nsel)++] = (*all)[i];
	}
	profile_db_profiles_free(pr, npr);
	return 0;
}
