/*
 * campaign_mem.c — the memory dimension of a campaign's phase vectors (docs/robin-simpoint.md,
 * "The memory dimension"), its reader for either source, and its exact source, the memory
 * pass (`--mem-sample 0`, `--mem-window`; the default is the vectors pass's sampled signature,
 * campaign_memsig.c). Basic-block vectors see code, not data: intervals that run the same
 * loops over data that fits in a cache or does not (dbquery's hash probe on a small and a large
 * table, CPI 5.0 and 6.7; pipeline's first and later BFS intervals) get the same vector, share
 * a cluster, and the one point simulated for it misses the other's CPI. A functional pass
 * (sim_functional) replays the program through core_warm (caches, TLBs and predictor, a clock that waits for
 * each miss, no pipeline: ~18 MIPS) and records that clock's cycles per interval; the
 * coordinate weight·ln(cycles / instructions) is appended, unprojected, to each interval's
 * projected vector (simpoint_opts.extra), so intervals whose memory behaviour differs by a
 * factor e^(d/weight) lie d apart whatever their code.
 *   mem.txt    "I index instructions warm_cycles" per interval
 *   memdim     the coordinate per interval (robin simpoint -loadExtraFile's format)
 * The warm CPI is also the memory signature that splits clusters whose intervals disagree
 * (campaign.c, simpoint_split_by_signature).
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "campaign/campaign.h"
#include "campaign/campaign_priv.h"
#include "sim/sim.h"

/* In the child: replay, write mem.txt and memdim. Exit status 0, 3 (cannot start), 4 (cannot
 * write), 5 (the program ended early). */
static int campaign_mem_child(const struct campaign *c, const struct campaign_opts *o,
                              const struct core_config *cfg)
{
	char txt[PATH_MAX], dim[PATH_MAX], out[PATH_MAX];
	if (campaign_path(txt, sizeof(txt), c->dir, "mem.txt") ||
	    campaign_path(dim, sizeof(dim), c->dir, "memdim") ||
	    campaign_path(out, sizeof(out), c->dir, "mem.out"))
		return 4;
	uint64_t *ends = calloc(c->n_intervals + 1, sizeof(*ends));
	uint64_t *cyc = calloc(c->n_intervals + 1, sizeof(*cyc));
	uint64_t *measured = calloc(c->n_intervals + 1, sizeof(*measured));
	struct emu_opts eo = { .cfg = { .sysroot = o->sysroot, .seed = o->seed, .virtual_time = 1 } };
	struct sim_spec *sp = malloc(sizeof(*sp));
	if (!ends || !cyc || !measured || !sp || campaign_guest_output(out))
		return 3;
	for (size_t i = 0; i < c->n_intervals; i++)
		ends[i] = c->start[i] + c->length[i];
	sim_spec_init(sp, "simpoint");
	sp->eo = &eo;
	sp->cfg = *cfg;
	sp->argc = c->argc;
	sp->argv = c->argv;
	struct sim_sample smp = { o->mem_warm, o->mem_measure, o->mem_period,
	                          CAMPAIGN_MEM_MIN_WINDOWS };
	int rc = o->mem_measure ? sim_functional_sampled(sp, ends, c->n_intervals, &smp, cyc, measured)
	                        : sim_functional(sp, ends, c->n_intervals, cyc);
	if (rc)
		return rc == -ESRCH ? 5 : 3;
	if (!o->mem_measure)
		memcpy(measured, c->length, c->n_intervals * sizeof(*measured));
	FILE *ft = fopen(txt, "w"), *fd = fopen(dim, "w");
	if (!ft || !fd)
		return 4;
	for (size_t i = 0; i < c->n_intervals; i++) {
		double cpi = measured[i] ? (double)cyc[i] / (double)measured[i] : 1;
		fprintf(ft, "I %zu %" PRIu64 " %" PRIu64 "\n", i, measured[i], cyc[i]);
		fprintf(fd, "%.6f\n", o->mem_weight * log(cpi > 0 ? cpi : 1));
	}
	rc = fclose(ft) | fclose(fd);
	free(ends);
	free(cyc);
	free(measured);
	free(sp);
	return rc ? 4 : 0;
}

int campaign_mem_read(const struct campaign *c, int tail, double **out, double **short_cpi,
                      uint64_t **warm, char *err, size_t errlen)
{
	char path[PATH_MAX], line[128];
	if (campaign_path(path, sizeof(path), c->dir, "mem.txt"))
		return campaign_fail(err, errlen, -ENAMETOOLONG, "path too long");
	FILE *f = fopen(path, "r");
	size_t cnt = c->n_intervals ? c->n_intervals : 1;
	double *v = calloc(cnt, sizeof(*v)), *sh = short_cpi ? calloc(cnt, sizeof(*sh)) : NULL;
	uint64_t *wa = warm ? calloc(cnt, sizeof(*wa)) : NULL;
	if (!f || !v || (short_cpi && !sh) || (warm && !wa)) {
		free(v);
		free(sh);
		free(wa);
		if (f)
			fclose(f);
		return campaign_fail(err, errlen, -EIO, "cannot read %s", path);
	}
	size_t n = 0, n_short = 0, n_warm = 0;
	while (fgets(line, sizeof(line), f)) {
		size_t i;
		uint64_t insns, cyc, gap, w;
		int k = sscanf(line, "I %zu %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64, &i, &insns,
		               &cyc, &gap, &w);
		if (k >= 3 && i < c->n_intervals && insns) {
			v[i] = (double)cyc / (double)insns;
			n++;
			if (sh && k >= 4) {
				sh[i] = (double)gap / (double)insns;
				n_short++;
			}
			if (wa && k == 5) {
				wa[i] = w;
				n_warm++;
			}
		}
	}
	fclose(f);
	if (n != c->n_intervals && !(tail && n + 1 == c->n_intervals)) {
		free(v);
		free(sh);
		free(wa);
		return campaign_fail(err, errlen, -EINVAL, "%s: %zu of %zu intervals", path, n,
		                     c->n_intervals);
	}
	*out = v;
	if (short_cpi) {
		if (!n_short) {  /* the memory pass's file: no estimate of the warming's shortfall */
			free(sh);
			sh = NULL;
		}
		*short_cpi = sh;
	}
	if (warm) {
		if (!n_warm) {  /* the memory pass's file, or an older one: the fixed warming */
			free(wa);
			wa = NULL;
		}
		*warm = wa;
	}
	return 0;
}

int campaign_mem_profile(const struct campaign *c, const struct campaign_opts *o,
                         const struct core_config *cfg, double **warm_cpi, double **extra,
                         char *err, size_t errlen)
{
	*warm_cpi = *extra = NULL;
	int rc;
	/* the vectors pass wrote the sampled signature (campaign_memsig.c); else the pass */
	if (!c->mem_sampled) {
		char sig[PATH_MAX];  /* an earlier sampled campaign's counts are not this pass's */
		if (!campaign_path(sig, sizeof(sig), c->dir, "memsig.txt"))
			unlink(sig);
		fflush(NULL);
		pid_t pid = fork();
		if (pid < 0)
			return campaign_fail(err, errlen, -errno, "fork: %s", strerror(errno));
		if (pid == 0)
			_exit(campaign_mem_child(c, o, cfg));
		rc = campaign_wait(pid);
		if (rc)
			return campaign_fail(err, errlen, -EIO, "the memory pass over %s failed (%s; "
			                     "guest output in %s/mem.out)", c->argv[0], rc == 5 ?
			                     "the program ended before its last interval" : rc == 3 ?
			                     "cannot load it" : rc == 4 ? "cannot write mem.txt" :
			                     "it crashed", c->dir);
	}
	char dim[PATH_MAX];
	if (campaign_path(dim, sizeof(dim), c->dir, "memdim"))
		return campaign_fail(err, errlen, -ENAMETOOLONG, "path too long");
	if ((rc = campaign_mem_read(c, 0, warm_cpi, NULL, NULL, err, errlen)))
		return rc;
	if ((rc = simpoint_extra_read(dim, c->n_intervals, extra, err, errlen))) {
		free(*warm_cpi);
		*warm_cpi = NULL;
	}
	return rc;
}
