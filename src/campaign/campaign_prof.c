/*
 * campaign_prof.c — a campaign's per-run profiles and their weighted combination (see
 * campaign_prof.h).
 */
#include "campaign/campaign_prof.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campaign/campaign_priv.h"

#define CAMPAIGN_PROF_MAGIC "robin-campaign-profile 1"

int campaign_prof_enable(const char *dir, uint64_t period_cycles, char *err, size_t errlen)
{
	char path[PATH_MAX];
	if (campaign_path(path, sizeof(path), dir, "profile.txt"))
		return campaign_fail(err, errlen, -ENAMETOOLONG, "path too long");
	FILE *f = fopen(path, "w");
	if (!f)
		return campaign_fail(err, errlen, -errno, "cannot write %s: %s", path, strerror(errno));
	fprintf(f, "models %s\nperiod %" PRIu64 "\n", CAMPAIGN_PROF_MODELS, period_cycles);
	if (fclose(f))
		return campaign_fail(err, errlen, -EIO, "cannot write %s", path);
	return 0;
}

int campaign_prof_wanted(const char *dir, uint64_t *period_cycles, char *err, size_t errlen)
{
	char path[PATH_MAX], line[256];
	if (campaign_path(path, sizeof(path), dir, "profile.txt"))
		return campaign_fail(err, errlen, -ENAMETOOLONG, "path too long");
	FILE *f = fopen(path, "r");
	if (!f) {
		if (errno == ENOENT)
			return 0;
		return campaign_fail(err, errlen, -errno, "cannot read %s: %s", path, strerror(errno));
	}
	*period_cycles = 0;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "period %" SCNu64, period_cycles) == 1)
			continue;
	fclose(f);
	if (!*period_cycles)
		return campaign_fail(err, errlen, -EINVAL, "%s: no positive 'period' line", path);
	return 1;
}

int campaign_prof_pmu(uint64_t period_cycles, uint32_t commit_width, struct pmu **out)
{
	char perr[256];
	struct pmu_config pc = { .period_cycles = period_cycles, .seed = 1,
	                         .commit_width = commit_width };
	int rc = pmu_parse_list(CAMPAIGN_PROF_MODELS, &pc.models, perr, sizeof(perr));
	return rc ? rc : pmu_create(&pc, out);
}

int campaign_prof_save(const struct pmu *p, const struct emu *e, const char *base,
                       const char *path, char *err, size_t errlen)
{
	struct emu_image_info im[EMU_MAX_IMAGES];
	size_t nim = emu_images(e, im, EMU_MAX_IMAGES);
	char tmp[PATH_MAX + 8];
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	FILE *f = fopen(tmp, "w");
	if (!f)
		return campaign_fail(err, errlen, -errno, "cannot write %s: %s", tmp, strerror(errno));
	fprintf(f, "%s\n", CAMPAIGN_PROF_MAGIC);
	for (size_t i = 0; i < nim && i < EMU_MAX_IMAGES; i++)
		fprintf(f, "image %" PRIx64 " %" PRIx64 " %" PRIx64 " %s%s%s\n", im[i].start, im[i].end,
		        im[i].bias, base && base[0] && im[i].path[0] != '/' ? base : "",
		        base && base[0] && im[i].path[0] != '/' ? "/" : "", im[i].path);
	for (size_t i = 0; i < pmu_unit_count(p); i++) {
		const struct pmu_unit *u = pmu_unit_at(p, i);
		const struct pmu_profile *q = &u->prof;
		fprintf(f, "model %s %" PRIu64 " %" PRIu64 " %" PRIu64 " %zu\n", u->model->name,
		        q->divisor, u->samples, u->unresolved, q->n);
		for (size_t k = 0; k < q->n; k++) {
			fprintf(f, "%" PRIx64 " %" PRIu64, q->e[k].pc, q->e[k].total);
			for (int c = 0; c < PMU_CAT_N; c++)
				fprintf(f, " %" PRIu64, q->e[k].cat[c]);
			fputc('\n', f);
		}
	}
	fprintf(f, "end\n");
	if (fclose(f) || rename(tmp, path))
		return campaign_fail(err, errlen, -EIO, "cannot write %s", path);
	return 0;
}

void campaign_prof_free(struct campaign_prof *p)
{
	for (int i = 0; i < p->n; i++)
		pmu_profile_free(&p->m[i].prof);
	for (int i = 0; i < p->nim; i++)
		free(p->im[i].path);
	p->n = p->nim = 0;
}

/* The model `name` of p, added (empty, divisor) when missing. NULL when full or out of memory. */
static struct campaign_prof_model *campaign_prof_model_get(struct campaign_prof *p,
                                                           const char *name, uint64_t divisor)
{
	for (int i = 0; i < p->n; i++)
		if (!strcmp(p->m[i].name, name))
			return &p->m[i];
	if (p->n == CAMPAIGN_PROF_MAX)
		return NULL;
	struct campaign_prof_model *m = &p->m[p->n];
	memset(m, 0, sizeof(*m));
	snprintf(m->name, sizeof(m->name), "%s", name);
	if (pmu_profile_init(&m->prof, divisor))
		return NULL;
	p->n++;
	return m;
}

const struct campaign_prof_model *campaign_prof_find(const struct campaign_prof *p,
                                                     const char *name)
{
	for (int i = 0; i < p->n; i++)
		if (!strcmp(p->m[i].name, name))
			return &p->m[i];
	return NULL;
}

/* Read path into out, every count multiplied by scale (1: exactly as stored). */
static int campaign_prof_read(const char *path, double scale, struct campaign_prof *out,
                              char *err, size_t errlen)
{
	char line[512];
	FILE *f = fopen(path, "r");
	if (!f)
		return campaign_fail(err, errlen, -errno, "cannot read %s: %s", path, strerror(errno));
	int rc = 0;
	unsigned long ln = 1;
	if (!fgets(line, sizeof(line), f) || strncmp(line, CAMPAIGN_PROF_MAGIC, strlen(CAMPAIGN_PROF_MAGIC))) {
		rc = campaign_fail(err, errlen, -EINVAL, "%s: not a campaign profile", path);
		goto out;
	}
	int ended = 0;
	while (!rc && !ended && fgets(line, sizeof(line), f)) {
		ln++;
		char name[32];
		uint64_t div, samples, unres;
		size_t n;
		if (!strcmp(line, "end\n")) {
			ended = 1;
			break;
		}
		uint64_t st, en, bias;
		int at = 0;
		if (sscanf(line, "image %" SCNx64 " %" SCNx64 " %" SCNx64 " %n", &st, &en, &bias, &at) == 3
		    && at > 0) {
			line[strcspn(line, "\n")] = 0;
			int seen = 0;
			for (int i = 0; i < out->nim; i++)
				seen |= out->im[i].start == st && !strcmp(out->im[i].path, line + at);
			if (seen || out->nim == EMU_MAX_IMAGES)
				continue;
			struct campaign_prof_image *im = &out->im[out->nim];
			if (!(im->path = strdup(line + at))) {
				rc = campaign_fail(err, errlen, -ENOMEM, "out of memory");
				break;
			}
			im->start = st;
			im->end = en;
			im->bias = bias;
			out->nim++;
			continue;
		}
		if (sscanf(line, "model %31s %" SCNu64 " %" SCNu64 " %" SCNu64 " %zu", name, &div,
		           &samples, &unres, &n) != 5 || !div) {
			rc = campaign_fail(err, errlen, -EINVAL, "%s:%lu: expected a model line", path, ln);
			break;
		}
		struct campaign_prof_model *m = campaign_prof_model_get(out, name, div);
		if (!m) {
			rc = campaign_fail(err, errlen, -ENOMEM, "%s:%lu: too many models or out of memory",
			                   path, ln);
			break;
		}
		if (m->prof.divisor != div) {
			rc = campaign_fail(err, errlen, -EINVAL, "%s:%lu: %s's divisor %" PRIu64
			                   " differs from the other runs' %" PRIu64, path, ln, name, div,
			                   m->prof.divisor);
			break;
		}
		m->samples += scale * (double)samples;
		m->raw_samples += samples;
		m->unresolved += unres;
		for (size_t k = 0; k < n; k++) {
			uint64_t pc, total, cat[PMU_CAT_N];
			ln++;
			if (!fgets(line, sizeof(line), f) ||
			    sscanf(line, "%" SCNx64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %"
			           SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64, &pc, &total, &cat[0],
			           &cat[1], &cat[2], &cat[3], &cat[4], &cat[5], &cat[6]) != 2 + PMU_CAT_N) {
				rc = campaign_fail(err, errlen, -EINVAL, "%s:%lu: expected 'PC TOTAL' and %d "
				                   "category counts", path, ln, PMU_CAT_N);
				break;
			}
			for (int c = 0; c < PMU_CAT_N; c++) {
				uint64_t u = (uint64_t)llround((double)cat[c] * scale);
				if (u)
					pmu_profile_add(&m->prof, pc, NULL, (enum pmu_cat)c, u);
			}
		}
		if (!rc && m->prof.oom)
			rc = campaign_fail(err, errlen, -ENOMEM, "%s: out of memory", path);
	}
	if (!rc && !ended)
		rc = campaign_fail(err, errlen, -EINVAL, "%s: truncated (no 'end' line)", path);
out:
	fclose(f);
	return rc;
}

int campaign_prof_load(const char *path, struct campaign_prof *out, char *err, size_t errlen)
{
	memset(out, 0, sizeof(*out));
	int rc = campaign_prof_read(path, 1.0, out, err, errlen);
	if (rc)
		campaign_prof_free(out);
	return rc;
}

int campaign_prof_weighted(const struct campaign *c, struct campaign_prof *out, char *err,
                           size_t errlen)
{
	memset(out, 0, sizeof(*out));
	int rc = 0;
	for (int i = 0; i < c->n_points && !rc; i++) {
		const struct campaign_point *p = &c->pts[i];
		char path[PATH_MAX];
		if (!p->done || !p->insns) {
			rc = campaign_fail(err, errlen, -EAGAIN, "point %d has no result yet", i);
			break;
		}
		if (campaign_path(path, sizeof(path), c->dir, "point-%d.prof", i)) {
			rc = campaign_fail(err, errlen, -ENAMETOOLONG, "path too long");
			break;
		}
		double scale = p->weight * (double)c->total_insns * campaign_point_prof_per_insn(p);
		rc = campaign_prof_read(path, scale, out, err, errlen);
	}
	if (rc)
		campaign_prof_free(out);
	return rc;
}
