/*
 * perf_import.c — perf.data into the profile database (see perf_import.h).
 */
#include "collect/perf_import.h"
#include "collect/perf_ring.h"
#include "collect/procmap.h"
#include "profile/profile_db.h"
#include "util/regfile.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PERF_IMPORT_BATCH_SAMPLES 100000

/* Record types robin does not import, named once each in res->unsupported. */
enum {
	PERF_IMPORT_SKIP_CALLCHAIN, PERF_IMPORT_SKIP_BRANCH, PERF_IMPORT_SKIP_AUX,
	PERF_IMPORT_SKIP_COMPRESSED, PERF_IMPORT_SKIP_UNKNOWN_ID, PERF_IMPORT_SKIP_NO_IP,
	PERF_IMPORT_SKIP_N
};

static const char *const perf_import_skip_names[PERF_IMPORT_SKIP_N] = {
	"callchains behind PERF_SAMPLE_READ (those samples counted at their leaf only)",
	"branch stacks",
	"AUX area traces (Intel PT, CoreSight, SPE)",
	"zstd-compressed records (perf record -z)",
	"samples of unknown events",
	"events sampled without PERF_SAMPLE_IP",
};

struct perf_import {
	struct profile_db *db;
	struct profile_db_batch *batch;
	struct profile_db_stacks *stacks;  /* the callchains of the batch's samples */
	const struct perf_data *pd;
	const struct perf_import_opts *o;
	struct perf_import_result *res;
	struct procmap pm;
	int ev[PERF_DATA_MAX_ATTRS];       /* batch event handle per attr */
	uint64_t skipped[PERF_IMPORT_SKIP_N];
	uint64_t in_batch;
	char *err;
	size_t err_n;
	/* time order (perf report's ordered events): records wait here, by offset into the file
	 * mapping, until a FINISHED_ROUND lets out those not later than the newest time of the
	 * round before; the rest leave at the end of the walk or before a bad record */
	int ordered;                       /* every attr has TIME and sample_id_all */
	struct perf_import_pending { uint64_t time, off; } *q;
	size_t q_n, q_cap;
	uint64_t max_time, next_flush;
	uint64_t rec[65536 / 8];           /* the record being imported, aligned */
};

static int perf_import_db_fail(struct perf_import *g)
{
	snprintf(g->err, g->err_n, "%s: %s", g->pd->path, profile_db_error(g->db));
	return -EIO;
}

/* The run row is made just before the first commit: a file refused early leaves none. */
static int perf_import_commit(struct perf_import *g)
{
	if (!g->res->run_id) {
		char host[256] = "", cmd[1200];
		if (!g->pd->hostname[0])
			gethostname(host, sizeof(host) - 1);
		snprintf(cmd, sizeof(cmd), "%s", g->o->run_command ? g->o->run_command :
			 g->pd->cmdline[0] ? g->pd->cmdline : g->pd->path);
		struct profile_db_run_info ri = { .command = cmd,
			.host = g->pd->hostname[0] ? g->pd->hostname : host };
		if (profile_db_run_begin(g->db, &ri, &g->res->run_id))
			return perf_import_db_fail(g);
		profile_db_batch_set_run(g->batch, g->res->run_id);
	}
	if (profile_db_batch_commit(g->batch, NULL) ||
	    profile_db_stacks_commit(g->stacks, g->o->epoch_id, g->res->run_id))
		return perf_import_db_fail(g);
	g->res->committed_samples += g->in_batch;
	g->res->batches++;
	g->in_batch = 0;
	return 0;
}

static int perf_import_image_id(struct perf_import *g, struct cimage *im, int64_t *id)
{
	if (!im) {
		*id = 0;
		return 0;
	}
	if (!im->db_id && profile_db_image_add(g->db, im->path, im->build_id, im->size_bytes,
					       im->arch ? im->arch : "", &im->db_id))
		return perf_import_db_fail(g);
	*id = im->db_id;
	return 0;
}

#define PERF_IMPORT_STACK_MAX 256

/* The sample's callchain, each frame mapped like the leaf, into the stacks. */
static int perf_import_stack(struct perf_import *g, struct cera *era, const struct perf_rec *r,
			     const char *event)
{
	uint64_t pc[PERF_IMPORT_STACK_MAX];
	struct profile_db_frame f[PERF_IMPORT_STACK_MAX];
	size_t n = perf_rec_callchain(r, pc, PERF_IMPORT_STACK_MAX);
	for (size_t i = 0; i < n; i++) {
		struct cimage *im = procmap_resolve(&g->pm, (pc[i] >> 63) ? NULL : era, pc[i],
						    &f[i].offset);
		if (perf_import_image_id(g, im, &f[i].image_id))
			return -EIO;
	}
	if (n && profile_db_stacks_add(g->stacks, event, f, n, 1))
		return perf_import_db_fail(g);
	return 0;
}

static int perf_import_sample(struct perf_import *g, const struct perf_event_header *h,
			      const struct perf_data_attr *a)
{
	size_t k = (size_t)(a - g->pd->attrs);
	uint64_t st = a->attr.sample_type;
	if ((st & PERF_SAMPLE_CALLCHAIN) && (st & PERF_SAMPLE_READ))
		g->skipped[PERF_IMPORT_SKIP_CALLCHAIN]++;
	if (st & PERF_SAMPLE_BRANCH_STACK)
		g->skipped[PERF_IMPORT_SKIP_BRANCH]++;
	if (!(st & PERF_SAMPLE_IP)) {
		g->skipped[PERF_IMPORT_SKIP_NO_IP]++;
		return 0;
	}
	struct perf_rec r;
	/* RAW comes after READ and CALLCHAIN, which perf_rec_parse does not step over */
	if (perf_rec_parse(h, st & ~(uint64_t)PERF_SAMPLE_RAW, &r))
		return -EINVAL;
	struct cproc *p = (st & PERF_SAMPLE_TID) ? procmap_find(&g->pm, r.pid) : NULL;
	uint64_t offset;
	struct cimage *im = procmap_resolve(&g->pm, p ? p->cur : NULL, r.ip, &offset);
	int64_t image_id;
	if (perf_import_image_id(g, im, &image_id))
		return -EIO;
	if (!g->ev[k] && profile_db_batch_event(g->batch, a->name, a->attr.freq ? 0 :
						a->attr.sample_period, 1, &g->ev[k]) == 0)
		g->ev[k]++;  /* stored +1 so that 0 means "not declared yet" */
	if (!g->ev[k] || profile_db_batch_add(g->batch, g->ev[k] - 1, image_id, offset, 1))
		return perf_import_db_fail(g);
	if (r.callchain && perf_import_stack(g, p ? p->cur : NULL, &r, a->name))
		return -EIO;
	if (im)
		im->samples++;
	g->res->samples++;
	g->res->unknown_samples += !im;
	if (++g->in_batch >= g->o->batch_samples)
		return perf_import_commit(g);
	return 0;
}

static int perf_import_record(struct perf_import *g, const struct perf_event_header *h,
			      uint64_t offset)
{
	g->res->records++;
	switch (h->type) {
	case PERF_RECORD_SAMPLE: {
		const struct perf_data_attr *a = perf_data_attr_of(g->pd, h);
		if (!a) {
			g->skipped[PERF_IMPORT_SKIP_UNKNOWN_ID]++;
			return 0;
		}
		int rc = perf_import_sample(g, h, a);
		if (rc == -EINVAL)
			snprintf(g->err, g->err_n, "%s: record at offset 0x%" PRIx64 ": sample shorter "
				 "than its fields", g->pd->path, offset);
		return rc;
	}
	case PERF_RECORD_MMAP:
	case PERF_RECORD_MMAP2:
	case PERF_RECORD_COMM:
	case PERF_RECORD_FORK:
	case PERF_RECORD_EXIT:
	case PERF_RECORD_LOST:
	case PERF_RECORD_LOST_SAMPLES: {
		const struct perf_data_attr *a = perf_data_attr_of(g->pd, h);
		if (!a)
			a = &g->pd->attrs[0];
		struct perf_rec r;
		if (perf_rec_parse(h, a->attr.sample_id_all ? a->attr.sample_type : 0, &r)) {
			snprintf(g->err, g->err_n, "%s: record at offset 0x%" PRIx64 " (type %u): "
				 "shorter than its fields", g->pd->path, offset, h->type);
			return -EINVAL;
		}
		if (h->type == PERF_RECORD_LOST || h->type == PERF_RECORD_LOST_SAMPLES) {
			g->res->lost_samples += r.lost;
			return 0;
		}
		if ((h->type == PERF_RECORD_MMAP || h->type == PERF_RECORD_MMAP2) &&
		    !r.build_id_size) {
			/* the BUILD_ID feature names the image perf saw at this path */
			const char *hex = perf_data_build_id(g->pd, r.filename);
			for (size_t i = 0; hex && hex[2 * i] && hex[2 * i + 1] && i < 20; i++) {
				unsigned v;
				sscanf(hex + 2 * i, "%2x", &v);
				r.build_id[i] = (uint8_t)v;
				r.build_id_size = (uint8_t)(i + 1);
			}
		}
		if (procmap_apply(&g->pm, &r)) {
			snprintf(g->err, g->err_n, "%s: out of memory", g->pd->path);
			return -ENOMEM;
		}
		return 0;
	}
	case PERF_RECORD_AUX:
	case 71: /* PERF_RECORD_AUXTRACE */
		g->skipped[PERF_IMPORT_SKIP_AUX]++;
		return 0;
	case 81: /* PERF_RECORD_COMPRESSED */
		g->skipped[PERF_IMPORT_SKIP_COMPRESSED]++;
		return 0;
	default:
		return 0;
	}
}

#define PERF_RECORD_FINISHED_ROUND_ 68  /* perf's user record: every buffer read up to here */

static int perf_import_pending_cmp(const void *a, const void *b)
{
	const struct perf_import_pending *x = a, *y = b;
	if (x->time != y->time)
		return x->time < y->time ? -1 : 1;
	return x->off < y->off ? -1 : x->off > y->off;  /* file order among equal times */
}

/* Import the waiting records with time <= upto, oldest first. */
static int perf_import_flush(struct perf_import *g, uint64_t upto)
{
	qsort(g->q, g->q_n, sizeof(*g->q), perf_import_pending_cmp);
	size_t k = 0;
	int rc = 0;
	for (; k < g->q_n && g->q[k].time <= upto && !rc; k++) {
		struct perf_event_header h;
		memcpy(&h, g->pd->map + g->q[k].off, sizeof(h));
		memcpy(g->rec, g->pd->map + g->q[k].off, h.size);
		rc = perf_import_record(g, (const struct perf_event_header *)g->rec, g->q[k].off);
	}
	memmove(g->q, g->q + k, (g->q_n - k) * sizeof(*g->q));
	g->q_n -= k;
	return rc;
}

/* perf_data_records' callback: a record in file order, imported now or queued by its time. */
static int perf_import_walk(void *arg, const struct perf_event_header *h, uint64_t offset)
{
	struct perf_import *g = arg;
	if (!g->ordered)
		return perf_import_record(g, h, offset);
	if (h->type == PERF_RECORD_FINISHED_ROUND_) {
		int rc = perf_import_flush(g, g->next_flush);
		g->next_flush = g->max_time;
		return rc;
	}
	if (h->type >= PERF_RECORD_MAX)  /* perf's own records: no time, nothing to map */
		return perf_import_record(g, h, offset);
	const struct perf_data_attr *a = perf_data_attr_of(g->pd, h);
	if (!a && h->type == PERF_RECORD_SAMPLE)  /* counted as skipped, no time to read */
		return perf_import_record(g, h, offset);
	struct perf_rec r;
	if (perf_rec_parse(h, (a ? a : &g->pd->attrs[0])->attr.sample_type, &r)) {
		/* a bad record ends the walk: what came before it goes in first */
		int rc = perf_import_flush(g, UINT64_MAX);
		return rc ? rc : perf_import_record(g, h, offset);
	}
	if (g->q_n == g->q_cap) {
		size_t cap = g->q_cap ? 2 * g->q_cap : 4096;
		struct perf_import_pending *q = realloc(g->q, cap * sizeof(*q));
		if (!q) {
			snprintf(g->err, g->err_n, "%s: out of memory", g->pd->path);
			return -ENOMEM;
		}
		g->q = q;
		g->q_cap = cap;
	}
	g->q[g->q_n++] = (struct perf_import_pending){ r.time_ns, offset };
	if (r.time_ns > g->max_time)
		g->max_time = r.time_ns;
	return 0;
}

static void perf_import_unsupported(struct perf_import *g)
{
	char *out = g->res->unsupported;
	size_t n = sizeof(g->res->unsupported), k = 0;
	out[0] = 0;
	for (int i = 0; i < PERF_IMPORT_SKIP_N; i++) {
		if (!g->skipped[i])
			continue;
		int w = snprintf(out + k, n - k, "%s%s (%" PRIu64 " records)", k ? "; " : "",
				 perf_import_skip_names[i], g->skipped[i]);
		if (w < 0 || (size_t)w >= n - k)
			break;
		k += (size_t)w;
	}
}

int perf_import_file(struct profile_db *db, const char *path, const struct perf_import_opts *o,
		     struct perf_import_result *res, char *err, size_t err_n)
{
	struct perf_data pd;
	struct perf_import g = { .db = db, .o = o, .res = res, .err = err, .err_n = err_n };
	struct perf_import_opts defaults;
	memset(res, 0, sizeof(*res));
	err[0] = 0;
	if (!o->batch_samples) {
		defaults = *o;
		defaults.batch_samples = PERF_IMPORT_BATCH_SAMPLES;
		g.o = &defaults;
	}
	int rc = perf_data_open(&pd, path, err, err_n);
	if (rc)
		return rc;
	g.pd = &pd;
	if ((rc = procmap_init(&g.pm))) {
		snprintf(err, err_n, "%s: out of memory", path);
		goto out_pd;
	}
	g.pm.self_pid = 0;  /* robin's own pid means nothing in another machine's recording */
	if (profile_db_batch_new(db, o->epoch_id, 0, &g.batch) ||
	    profile_db_stacks_new(db, &g.stacks)) {
		rc = perf_import_db_fail(&g);
		goto out_pm;
	}
	if (perf_data_has_feature(&pd, PERF_DATA_FEAT_AUXTRACE))
		g.skipped[PERF_IMPORT_SKIP_AUX]++;
	g.ordered = pd.n_attrs > 0;
	for (size_t i = 0; i < pd.n_attrs; i++)
		g.ordered &= (pd.attrs[i].attr.sample_type & PERF_SAMPLE_TIME) &&
			     pd.attrs[i].attr.sample_id_all;
	rc = perf_data_records(&pd, perf_import_walk, &g, &res->stop_offset, err, err_n);
	if (g.q_n && (!rc || rc == -EINVAL)) {
		/* the records still waiting were read before the end or the bad record */
		char first[PERF_DATA_ERR_MAX];
		snprintf(first, sizeof(first), "%s", err);
		int frc = perf_import_flush(&g, UINT64_MAX);
		if (frc)
			rc = frc;
		else if (rc)
			snprintf(err, err_n, "%s", first);
	}
	/* what was read before a bad record is good: commit it either way (a file without
	 * samples makes no run) */
	int crc = g.in_batch ? perf_import_commit(&g) : 0;
	if (!rc && crc)
		rc = crc;
	if (res->run_id && !crc) {
		if (profile_db_run_set_total(db, res->run_id, "samples", (double)res->committed_samples) ||
		    profile_db_run_set_total(db, res->run_id, "samples_lost", (double)res->lost_samples) ||
		    profile_db_run_end(db, res->run_id, 0))
			rc = rc ? rc : perf_import_db_fail(&g);
	}
	perf_import_unsupported(&g);
out_pm:
	free(g.q);
	profile_db_batch_free(g.batch);
	profile_db_stacks_free(g.stacks);
	procmap_free(&g.pm);
out_pd:
	perf_data_close(&pd);
	return rc;
}

int perf_import_is_perf_data(const char *path)
{
	char magic[8];
	int fd = regfile_open(path);
	if (fd < 0)
		return 0;
	ssize_t n = read(fd, magic, sizeof(magic));
	close(fd);
	return n == 8 && (!memcmp(magic, "PERFILE2", 8) || !memcmp(magic, "2ELIFREP", 8));
}
