/*
 * collect_store.c — writing collected counts into the profile database.
 */
#include "collect/collect_store.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "collect/ibs.h"
#include "profile/profile_db.h"

int collect_store_open(struct collect_store *s, const char *path, mode_t mode,
		       const struct perf_sys_event *events, size_t n_events)
{
	memset(s, 0, sizeof *s);
	/* a new file gets exactly `mode` (umask must not widen or narrow what was asked) */
	int rc = profile_db_open_mode(path, PROFILE_DB_CREATE, mode, &s->db, s->err);
	if (rc)
		return rc;
	s->n_events = n_events;
	memcpy(s->events, events, n_events * sizeof *events);
	rc = profile_db_batch_new(s->db, 0, 0, &s->batch);
	for (size_t i = 0; !rc && i < n_events; i++)
		rc = profile_db_batch_event(s->batch, events[i].name, events[i].period, 1, &s->ev[i]);
	if (rc) {
		snprintf(s->err, sizeof s->err, "%s", profile_db_error(s->db));
		collect_store_close(s);
	}
	return rc;
}

void collect_store_set_run(struct collect_store *s, int64_t run_id)
{
	if (s->run_id == run_id)
		return;
	s->run_id = run_id;
	/* a batch is bound to its run: start a fresh one */
	profile_db_batch_free(s->batch);
	s->batch = NULL;
	if (profile_db_batch_new(s->db, 0, run_id, &s->batch))
		return;
	for (size_t i = 0; i < s->n_events; i++)
		if (profile_db_batch_event(s->batch, s->events[i].name, s->events[i].period, 1,
					   &s->ev[i]))
			return;
}

static int image_id(struct collect_store *s, struct cimage *im, int64_t *id)
{
	if (!im) {
		*id = 0;
		return 0;
	}
	if (!im->db_id) {
		int rc = profile_db_image_add(s->db, im->path, im->build_id, im->size_bytes,
					      im->arch, &im->db_id);
		if (rc)
			return rc;
	}
	*id = im->db_id;
	return 0;
}

static int store_add(void *arg, unsigned event, struct cimage *im, uint64_t offset,
		     uint64_t count)
{
	struct collect_store *s = arg;
	int64_t id;
	if (!s->batch || event >= s->n_events)
		return -EINVAL;
	int rc = image_id(s, im, &id);
	if (rc)
		return rc;
	return profile_db_batch_add(s->batch, s->ev[event], id, offset, count);
}

static int kind_of(struct collect_store *s, const char *kind)
{
	int k = 0;
	if (!strcmp(kind, "event_bits"))
		return PROFILE_DB_KIND_EVENT_BITS;
	if (!strcmp(kind, "latency"))
		return PROFILE_DB_KIND_LATENCY;
	int src = !strcmp(kind, "ibs_data_src");
	int *cache = src ? &s->kind_src : !strcmp(kind, "ibs_dc_miss_lat") ? &s->kind_lat_op
	                                                                   : &s->kind_lat_fetch;
	if (*cache)
		return *cache;
	if (profile_db_detail_kind(s->db, kind, src ? IBS_DATA_SRC_KIND_KEY_DESC :
				   "histogram bucket lower bound in cycles (0, then powers of two)",
				   "sum of the latencies in cycles", &k))
		return -1;
	*cache = k;
	return k;
}

static int store_detail(void *arg, unsigned event, struct cimage *im, uint64_t offset,
			const char *kind, int64_t key, uint64_t count, double value)
{
	struct collect_store *s = arg;
	int64_t id;
	if (!s->batch || event >= s->n_events)
		return -EINVAL;
	int rc = image_id(s, im, &id);
	if (rc)
		return rc;
	int k = kind_of(s, kind);
	if (k < 0)
		return -EIO;
	if (k == PROFILE_DB_KIND_EVENT_BITS && !s->bits_named[event]) {
		/* name the bits once per event so readers can print them */
		int op = s->events[event].kind == PERF_SYS_IBS_OP;
		for (unsigned b = 0; b < 32; b++) {
			const char *n = op ? ibs_op_bit_name(b) : ibs_fetch_bit_name(b);
			if (!n)
				break;
			if (profile_db_detail_key_name(s->db, k, (int64_t)1 << b, n))
				break;
		}
		s->bits_named[event] = 1;
	}
	return profile_db_batch_add_detail(s->batch, s->ev[event], id, offset, k, key, count, value);
}

struct collector_sink collect_store_sink(struct collect_store *s)
{
	struct collector_sink k = { s, store_add, store_detail };
	return k;
}

int collect_store_commit(struct collect_store *s)
{
	if (!s->batch)
		return -EINVAL;
	uint64_t n = profile_db_batch_samples(s->batch);
	int rc = profile_db_batch_commit(s->batch, NULL);
	if (rc) {
		snprintf(s->err, sizeof s->err, "%s", profile_db_error(s->db));
		return rc;
	}
	s->committed_samples += n;
	s->commits++;
	return 0;
}

int collect_store_new_epoch(struct collect_store *s, const char *note, int64_t *epoch_id)
{
	int rc = collect_store_commit(s);
	if (!rc)
		rc = profile_db_epoch_new(s->db, note, epoch_id);
	if (rc)
		snprintf(s->err, sizeof s->err, "%s", profile_db_error(s->db));
	return rc;
}

void collect_store_close(struct collect_store *s)
{
	profile_db_batch_free(s->batch);
	profile_db_close(s->db);
	s->batch = NULL;
	s->db = NULL;
}
