/*
 * campaign.c — a SimPoint campaign's preparation and bookkeeping (see campaign.h): the
 * profiling pass (BBVs), clustering, the checkpoint pass, the manifest, and the weighted
 * estimate from the points' results. Each emulator pass runs in a child process, so the
 * guest's files, working directory and output never touch robin's own.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "campaign/campaign.h"
#include "campaign/campaign_priv.h"
#include "emu/bbv.h"
#include "emu/checkpoint.h"
#include "emu/emu.h"
#include "analysis/kmeans.h"
#include "analysis/strat_ci.h"

/* What campaign_load accepts: k up to this, and weights summing to 1 within this. */
#define CAMPAIGN_LOAD_MAX_K 100000
#define CAMPAIGN_WEIGHT_TOLERANCE 1e-6

int campaign_fail(char *err, size_t errlen, int rc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return rc;
}

int campaign_path(char *buf, size_t n, const char *dir, const char *fmt, ...)
{
	char name[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(name, sizeof(name), fmt, ap);
	va_end(ap);
	return (size_t)snprintf(buf, n, "%s/%s", dir, name) >= n ? -ENAMETOOLONG : 0;
}

int campaign_ckpt_path(char *buf, size_t n, const char *dir, uint64_t insn)
{
	return campaign_path(buf, n, dir, "insn-%" PRIu64 ".ckpt", insn);
}

double campaign_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int campaign_guest_output(const char *path)
{
	return campaign_guest_output_to(path, 0);
}

int campaign_guest_output_to(const char *path, int append)
{
	int fd = open(path, O_WRONLY | O_CREAT | (append ? O_APPEND : O_TRUNC), 0644);
	int in = open("/dev/null", O_RDONLY);
	if (fd < 0 || in < 0 || dup2(fd, 1) < 0 || dup2(fd, 2) < 0 || dup2(in, 0) < 0)
		return -1;
	close(fd);
	close(in);
	return 0;
}

int campaign_wait(pid_t pid)
{
	int status;
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

int campaign_emu_load(const char *sysroot, uint64_t seed, int argc, char **argv, struct emu **out)
{
	/* hermetic, as the detailed runs (robin sim's default): the same guest in every pass */
	struct emu_config ec = { .sysroot = sysroot, .seed = seed, .virtual_time = 1, .hermetic = 1 };
	struct emu *e = NULL;
	int rc = emu_create(&ec, &e);
	if (rc)
		return rc;
	(void)argc;
	rc = emu_load(e, argv[0], argc, argv, emu_hermetic_env_base);
	if (rc) {
		fprintf(stderr, "robin simpoint: %s\n", emu_error(e));
		emu_destroy(e);
		return rc;
	}
	*out = e;
	return 0;
}

/* ---- pass 1: basic-block vectors (in a child) ------------------------------------------ */

static int campaign_profile(const char *dir, const struct campaign_opts *o,
                            const struct core_config *cfg, int argc, char **argv,
                            char *err, size_t errlen)
{
	char bb[PATH_MAX], map[PATH_MAX], out[PATH_MAX], info[PATH_MAX];
	if (campaign_path(bb, sizeof(bb), dir, "bbv.bb") || campaign_path(map, sizeof(map), dir, "bbv.map") ||
	    campaign_path(out, sizeof(out), dir, "profile.out") ||
	    campaign_path(info, sizeof(info), dir, "bbv.txt"))
		return campaign_fail(err, errlen, -ENAMETOOLONG, "%s: path too long", dir);
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0)
		return campaign_fail(err, errlen, -errno, "fork: %s", strerror(errno));
	if (pid == 0) {
		struct emu *e = NULL;
		struct bbv b;
		struct campaign_memsig ms;
		FILE *f = fopen(bb, "w"), *m = NULL, *inf = NULL;
		if (!f || campaign_guest_output(out) ||
		    campaign_emu_load(o->sysroot, o->seed, argc, argv, &e) ||
		    bbv_init(&b, e, o->interval, f))
			_exit(3);
		/* the sampled memory signature where asked for and the translator can give it */
		int sig = o->mem_sample && (o->mem_weight > 0 || o->split_ratio > 1) &&
		          !campaign_memsig_begin(&ms, e, &b, cfg, o->mem_sample, o);
		enum emu_status st = emu_run(e, 0);
		int rc = bbv_finish(&b, e) || fclose(f);
		if (sig && !rc && st == EMU_EXITED)
			rc = campaign_memsig_finish(&ms, e, dir, o->mem_weight);
		if (sig)
			campaign_memsig_free(&ms);
		m = fopen(map, "w");
		inf = fopen(info, "w");
		if (rc || !m || bbv_write_map(&b, m) || !inf)
			_exit(4);
		fprintf(inf, "instructions %" PRIu64 "\nstatus %d\nmemory_sampled %d\n",
		        emu_instret(e), (int)st, sig);
		if (fclose(inf) || fclose(m))
			_exit(4);
		_exit(st == EMU_EXITED ? 0 : 5);
	}
	int rc = campaign_wait(pid);
	if (rc)
		return campaign_fail(err, errlen, -EIO, "the profiling run of %s failed (%s; guest "
		                     "output in %s)", argv[0], rc == 5 ? "the program did not exit "
		                     "normally" : rc == 3 ? "cannot load it" : "cannot write the vectors",
		                     out);
	return 0;
}

/* ---- the map and the manifest --------------------------------------------------------- */

static int campaign_read_map(struct campaign *c, char *err, size_t errlen)
{
	char path[PATH_MAX], line[256];
	if (campaign_path(path, sizeof(path), c->dir, "bbv.map"))
		return campaign_fail(err, errlen, -ENAMETOOLONG, "path too long");
	FILE *f = fopen(path, "r");
	if (!f)
		return campaign_fail(err, errlen, -errno, "cannot read %s: %s", path, strerror(errno));
	size_t cap = 0;
	while (fgets(line, sizeof(line), f)) {
		size_t idx;
		uint64_t s, l;
		if (line[0] != 'I')
			continue;
		if (sscanf(line, "I %zu %" SCNu64 " %" SCNu64, &idx, &s, &l) != 3 || idx != c->n_intervals) {
			fclose(f);
			return campaign_fail(err, errlen, -EINVAL, "%s: bad interval line '%.40s'", path, line);
		}
		if (c->n_intervals == cap) {
			cap = cap ? cap * 2 : 256;
			uint64_t *ns = realloc(c->start, cap * sizeof(*ns));
			uint64_t *nl = ns ? realloc(c->length, cap * sizeof(*nl)) : NULL;
			if (ns)
				c->start = ns;
			if (nl)
				c->length = nl;
			if (!ns || !nl) {
				fclose(f);
				return campaign_fail(err, errlen, -ENOMEM, "out of memory");
			}
		}
		c->start[c->n_intervals] = s;
		c->length[c->n_intervals++] = l;
	}
	fclose(f);
	return 0;
}

static int campaign_write_manifest(const struct campaign *c, char *err, size_t errlen)
{
	char path[PATH_MAX];
	if (campaign_path(path, sizeof(path), c->dir, "campaign.txt"))
		return campaign_fail(err, errlen, -ENAMETOOLONG, "path too long");
	FILE *f = fopen(path, "w");
	if (!f)
		return campaign_fail(err, errlen, -errno, "cannot write %s: %s", path, strerror(errno));
	fprintf(f, "# robin simpoint campaign 1\n");
	fprintf(f, "interval %" PRIu64 "\nwarmup %" PRIu64 "\ninstructions %" PRIu64 "\nk %d\n",
	        c->interval, c->warmup, c->total_insns, c->k);
	if (c->warm_max)
		fprintf(f, "warm_auto %" PRIu64 " %" PRIu64 "\n", c->warm_min, c->warm_max);
	if (c->warm_pred)
		fprintf(f, "warm_predictor %" PRIu64 "\n", c->warm_pred);
	if (c->chains)
		fprintf(f, "chains 1\n");
	if (c->units)
		fprintf(f, "point_units %" PRIu64 " %" PRIu64 " %" PRIu64 "\n", c->unit_len,
		        c->unit_warm, c->units);
	fprintf(f, "seed %" PRIu64 "\n", c->seed);
	if (c->sysroot[0])
		fprintf(f, "sysroot %s\n", c->sysroot);
	if (c->cwd[0])
		fprintf(f, "cwd %s\n", c->cwd);
	fprintf(f, "argc %d\n", c->argc);
	for (int i = 0; i < c->argc; i++)
		fprintf(f, "arg %s\n", c->argv[i]);
	for (size_t i = 0; i < c->n_intervals; i++)
		fprintf(f, "I %zu %" PRIu64 " %" PRIu64 " %d\n", i, c->start[i], c->length[i], c->label[i]);
	for (int i = 0; i < c->n_splits; i++)
		fprintf(f, "S %d %d %d %d %.17g %.17g\n", c->splits[i].cluster, c->splits[i].parts,
		        c->splits[i].first_new, c->splits[i].n, c->splits[i].lo, c->splits[i].hi);
	for (int i = 0; i < c->n_points; i++) {
		const struct campaign_point *p = &c->pts[i];
		fprintf(f, "P %d %ld %d %.17g %" PRIu64 " %" PRIu64 " %" PRIu64 "\n", p->index,
		        p->interval, p->cluster, p->weight, p->start, p->length, p->warmup);
	}
	if (fclose(f))
		return campaign_fail(err, errlen, -EIO, "cannot write %s", path);
	return 0;
}

/* Read a point's result file if present. */
static void campaign_read_result(struct campaign *c, struct campaign_point *p)
{
	char path[PATH_MAX], line[256];
	if (campaign_path(path, sizeof(path), c->dir, "point-%d.txt", p->index))
		return;
	FILE *f = fopen(path, "r");
	if (!f)
		return;
	int have = 0;
	while (fgets(line, sizeof(line), f)) {
		unsigned slot;
		uint64_t v;
		double sd;
		if (sscanf(line, "cycles %" SCNu64, &v) == 1) {
			p->cycles = v;
			have |= 1;
		} else if (sscanf(line, "instructions %" SCNu64, &v) == 1) {
			p->insns = v;
			have |= 2;
		} else if (sscanf(line, "profiled %" SCNu64, &v) == 1) {
			uint64_t cy;
			p->profiled = v;
			if (sscanf(line, "profiled %" SCNu64 " %" SCNu64, &v, &cy) == 2)
				p->profiled_cycles = cy;
		} else if (sscanf(line, "units %" SCNu64 " %lf", &v, &sd) == 2 && sd >= 0 && isfinite(sd)) {
			p->units = v;
			p->units_sd = sd;
		} else if (sscanf(line, "stack %u %" SCNu64, &slot, &v) == 2 && slot < CORE_STACK_N) {
			p->stack[slot] = v;
		} else if (sscanf(line, "host_seconds %lf", &sd) == 1 && sd >= 0 && isfinite(sd)) {
			p->host_s = sd;
		} else if (sscanf(line, "warm_seconds %lf", &sd) == 1 && sd >= 0 && isfinite(sd)) {
			p->warm_s = sd;
		}
	}
	fclose(f);
	p->done = have == 3 && p->insns > 0;
}

/* A point line of the manifest against what came before it (k and the intervals come
 * first, as campaign_write_manifest writes them): 0, or -EINVAL with the reason in why. */
static int campaign_check_point(const struct campaign *c, const struct campaign_point *p,
                                char *why, size_t whylen)
{
	if (!isfinite(p->weight) || p->weight < 0)
		snprintf(why, whylen, "point %d: weight %g is not a finite number >= 0", p->index,
		         p->weight);
	else if (c->k < 1)
		snprintf(why, whylen, "point %d before a line \"k K\" (K >= 1)", p->index);
	else if (p->cluster < 0 || p->cluster >= c->k)
		snprintf(why, whylen, "point %d: cluster %d is not in 0..%d (k %d)", p->index,
		         p->cluster, c->k - 1, c->k);
	else if (p->interval < 0 || (size_t)p->interval >= c->n_intervals)
		snprintf(why, whylen, "point %d: interval %ld is not one of the %zu intervals",
		         p->index, p->interval, c->n_intervals);
	else if (p->start != c->start[p->interval] || p->length != c->length[p->interval] ||
	         !p->length)
		snprintf(why, whylen, "point %d: start %" PRIu64 " and length %" PRIu64 " are not "
		         "interval %ld's", p->index, p->start, p->length, p->interval);
	else if (p->warmup > p->start)
		snprintf(why, whylen, "point %d: warmup %" PRIu64 " reaches before the program's "
		         "start", p->index, p->warmup);
	else
		return 0;
	return -EINVAL;
}

int campaign_load(struct campaign *c, const char *dir, char *err, size_t errlen)
{
	memset(c, 0, sizeof(*c));
	snprintf(c->dir, sizeof(c->dir), "%s", dir);
	char path[PATH_MAX], line[PATH_MAX + 64];
	if (campaign_path(path, sizeof(path), dir, "campaign.txt"))
		return campaign_fail(err, errlen, -ENAMETOOLONG, "path too long");
	FILE *f = fopen(path, "r");
	if (!f)
		return campaign_fail(err, errlen, -errno, "cannot read %s: %s", path, strerror(errno));
	int rc = 0, cap_pts = 0, n_args = 0;
	size_t cap_iv = 0;
	long lineno = 0, first_p = 0;
	double wsum = 0;
	char why[160] = "";        /* what a line gets wrong, beyond its syntax */
	while (fgets(line, sizeof(line), f) && !rc) {
		lineno++;
		line[strcspn(line, "\n")] = 0;
		struct campaign_point p = { 0 };
		size_t idx;
		uint64_t s, l;
		int lab;
		if (line[0] == '#' || !line[0])
			continue;
		if (sscanf(line, "k %d", &c->k) == 1) {
			if (c->k < 1 || c->k > CAMPAIGN_LOAD_MAX_K || c->n_points) {
				snprintf(why, sizeof(why), "k %d: not in 1..%d or after the points", c->k,
				         CAMPAIGN_LOAD_MAX_K);
				rc = -EINVAL;
			}
			continue;
		}
		if (sscanf(line, "warm_auto %" SCNu64 " %" SCNu64, &c->warm_min, &c->warm_max) == 2) {
			if (!c->warm_min || c->warm_max < c->warm_min) {
				snprintf(why, sizeof(why), "warm_auto %" PRIu64 " %" PRIu64 ": not 0 < MIN "
				         "<= MAX", c->warm_min, c->warm_max);
				rc = -EINVAL;
			}
			continue;
		}
		if (sscanf(line, "warm_predictor %" SCNu64, &c->warm_pred) == 1) {
			if (!c->warm_pred) {
				snprintf(why, sizeof(why), "warm_predictor 0: not > 0 (the line is left out "
				         "when the predictor warms over all of it)");
				rc = -EINVAL;
			}
			continue;
		}
		if (sscanf(line, "point_units %" SCNu64 " %" SCNu64 " %" SCNu64, &c->unit_len,
		           &c->unit_warm, &c->units) == 3) {
			if (!c->unit_len || !c->units || c->unit_len > (1ull << 32) ||
			    c->unit_warm > (1ull << 32) || c->units > (1ull << 32)) {
				snprintf(why, sizeof(why), "point_units: U and N must be > 0 (at most 2^32, W too)");
				rc = -EINVAL;
			}
			continue;
		}
		if (sscanf(line, "chains %d", &c->chains) == 1) {
			if (c->chains != 0 && c->chains != 1) {
				snprintf(why, sizeof(why), "chains %d: not 0 or 1", c->chains);
				rc = -EINVAL;
			}
			continue;
		}
		if (sscanf(line, "interval %" SCNu64, &c->interval) == 1 ||
		    sscanf(line, "warmup %" SCNu64, &c->warmup) == 1 ||
		    sscanf(line, "instructions %" SCNu64, &c->total_insns) == 1 ||
		    sscanf(line, "seed %" SCNu64, &c->seed) == 1)
			continue;
		if (!strncmp(line, "sysroot ", 8)) {
			size_t n = strlen(line + 8);
			if (n >= sizeof(c->sysroot)) {
				snprintf(why, sizeof(why), "sysroot: longer than %zu bytes", sizeof(c->sysroot) - 1);
				rc = -EINVAL;
			} else
				memcpy(c->sysroot, line + 8, n + 1);
			continue;
		}
		if (!strncmp(line, "cwd ", 4)) {
			size_t n = strlen(line + 4);
			if (n >= sizeof(c->cwd) || line[4] != '/') {
				snprintf(why, sizeof(why), "cwd: not an absolute path shorter than %zu bytes",
				         sizeof(c->cwd));
				rc = -EINVAL;
			} else
				memcpy(c->cwd, line + 4, n + 1);
			continue;
		}
		if (sscanf(line, "argc %d", &c->argc) == 1) {
			if (c->argc < 1 || c->argc > 4096 || c->argv ||
			    !(c->argv = calloc((size_t)c->argc + 1, sizeof(char *))))
				rc = -EINVAL;
			continue;
		}
		if (!strncmp(line, "arg ", 4)) {
			if (!c->argv || n_args >= c->argc || !(c->argv[n_args++] = strdup(line + 4)))
				rc = -EINVAL;
			continue;
		}
		if (sscanf(line, "I %zu %" SCNu64 " %" SCNu64 " %d", &idx, &s, &l, &lab) == 4 &&
		    idx == c->n_intervals) {
			if (c->n_intervals == cap_iv) {
				cap_iv = cap_iv ? cap_iv * 2 : 256;
				uint64_t *ns = realloc(c->start, cap_iv * sizeof(*ns));
				if (ns)
					c->start = ns;
				uint64_t *nl = ns ? realloc(c->length, cap_iv * sizeof(*nl)) : NULL;
				if (nl)
					c->length = nl;
				int *nb = nl ? realloc(c->label, cap_iv * sizeof(*nb)) : NULL;
				if (!nb) {
					rc = -ENOMEM;
					break;
				}
				c->label = nb;
			}
			c->start[c->n_intervals] = s;
			c->length[c->n_intervals] = l;
			c->label[c->n_intervals++] = lab;
			continue;
		}
		struct simpoint_split sl;
		if (sscanf(line, "S %d %d %d %d %lf %lf", &sl.cluster, &sl.parts, &sl.first_new,
		           &sl.n, &sl.lo, &sl.hi) == 6) {
			struct simpoint_split *ns = realloc(c->splits, (size_t)(c->n_splits + 1) *
			                                    sizeof(*ns));
			if (!ns) {
				rc = -ENOMEM;
				break;
			}
			c->splits = ns;
			c->splits[c->n_splits++] = sl;
			continue;
		}
		if (sscanf(line, "P %d %ld %d %lf %" SCNu64 " %" SCNu64 " %" SCNu64, &p.index,
		           &p.interval, &p.cluster, &p.weight, &p.start, &p.length, &p.warmup) == 7 &&
		    p.index == c->n_points) {
			if ((rc = campaign_check_point(c, &p, why, sizeof(why))))
				continue;
			if (!first_p)
				first_p = lineno;
			wsum += p.weight;
			if (c->n_points == cap_pts) {
				cap_pts = cap_pts ? cap_pts * 2 : 16;
				struct campaign_point *np = realloc(c->pts, (size_t)cap_pts * sizeof(*np));
				if (!np) {
					rc = -ENOMEM;
					break;
				}
				c->pts = np;
			}
			c->pts[c->n_points++] = p;
			continue;
		}
		rc = -EINVAL;
	}
	fclose(f);
	if (!rc && (!c->argv || n_args != c->argc || !c->n_points || !c->interval))
		rc = -EINVAL, lineno = 0;
	/* the weights are the shares of the program: they sum to 1 (written with %.17g) */
	if (!rc && !(fabs(wsum - 1) <= CAMPAIGN_WEIGHT_TOLERANCE)) {
		snprintf(why, sizeof(why), "the points' weights sum to %g, not 1", wsum);
		rc = -EINVAL, lineno = first_p;
	}
	if (rc) {
		campaign_free(c);
		if (rc == -ENOMEM)
			return campaign_fail(err, errlen, rc, "out of memory");
		if (why[0])
			return campaign_fail(err, errlen, rc, "%s:%ld: %s", path, lineno, why);
		return campaign_fail(err, errlen, rc, "%s:%ld: not a robin campaign manifest", path, lineno);
	}
	snprintf(c->prog, sizeof(c->prog), "%s", c->argv[0]);
	if (campaign_chain(c)) {
		campaign_free(c);
		return campaign_fail(err, errlen, -ENOMEM, "out of memory");
	}
	for (int i = 0; i < c->n_points; i++)
		campaign_read_result(c, &c->pts[i]);
	return 0;
}

int campaign_chain(struct campaign *c)
{
	int n = c->n_points;
	free(c->chain);
	free(c->chain_ord);
	c->chain = calloc((size_t)(n ? n : 1), sizeof(*c->chain));
	c->chain_ord = malloc((size_t)(n ? n : 1) * sizeof(*c->chain_ord));
	c->n_chains = 0;
	if (!c->chain || !c->chain_ord)
		return -ENOMEM;
	int *ord = c->chain_ord, *tmp = malloc((size_t)(n ? n : 1) * sizeof(*tmp));
	if (!tmp)
		return -ENOMEM;
	for (int i = 0; i < n; i++)
		ord[i] = i;
	for (int i = 1; i < n; i++)  /* by start: insertion sort, a few dozen points */
		for (int j = i; j > 0 && c->pts[ord[j - 1]].start > c->pts[ord[j]].start; j--) {
			int t = ord[j];
			ord[j] = ord[j - 1];
			ord[j - 1] = t;
		}
	/* the chains: runs of points by start, the partition that warms the fewest instructions
	 * (a chain warms from the earliest warming start of its points to its last point's
	 * start; dynamic programming over where each run begins, a few dozen points) */
	uint64_t *best = malloc((size_t)(n + 1) * sizeof(*best));
	int *cut = malloc((size_t)(n + 1) * sizeof(*cut));
	if (!best || !cut) {
		free(best);
		free(cut);
		free(tmp);
		return -ENOMEM;
	}
	best[0] = 0;
	for (int j = 1; j <= n; j++) {
		const struct campaign_point *pj = &c->pts[ord[j - 1]];
		uint64_t lo = UINT64_MAX;
		best[j] = UINT64_MAX;
		for (int i = j; i >= 1 && (c->chains || i == j); i--) {
			const struct campaign_point *pm = &c->pts[ord[i - 1]];
			if (pm->start - pm->warmup < lo)
				lo = pm->start - pm->warmup;
			uint64_t cost = best[i - 1] + (pj->start - lo);
			if (cost < best[j]) {  /* ties: the shorter chain */
				best[j] = cost;
				cut[j] = i;
			}
		}
	}
	for (int j = n; j >= 1; j = cut[j] - 1)
		c->n_chains++;
	for (int j = n, g = c->n_chains - 1; j >= 1; j = cut[j] - 1, g--) {
		struct campaign_chain *ch = &c->chain[g];
		ch->first = cut[j] - 1;
		ch->n = j - cut[j] + 1;
		ch->start = UINT64_MAX;
		for (int k = ch->first; k < ch->first + ch->n; k++) {
			const struct campaign_point *p = &c->pts[ord[k]];
			if (p->start - p->warmup < ch->start)
				ch->start = p->start - p->warmup;
		}
	}
	free(best);
	free(cut);
	/* the chains by start (the order one run of the program reaches them), each one's
	 * points still by start */
	for (int i = 1; i < c->n_chains; i++)
		for (int j = i; j > 0 && c->chain[j - 1].start > c->chain[j].start; j--) {
			struct campaign_chain t = c->chain[j];
			c->chain[j] = c->chain[j - 1];
			c->chain[j - 1] = t;
		}
	int m = 0;
	for (int g = 0; g < c->n_chains; g++) {
		memcpy(tmp + m, ord + c->chain[g].first, (size_t)c->chain[g].n * sizeof(*tmp));
		c->chain[g].first = m;
		m += c->chain[g].n;
	}
	memcpy(ord, tmp, (size_t)n * sizeof(*ord));
	free(tmp);
	/* each chain's warming, point by point: the memory hierarchy alone up to the predictor's
	 * stretch, which begins untrained unless it follows on from the stretch before */
	for (int g = 0; g < c->n_chains; g++) {
		struct campaign_chain *ch = &c->chain[g];
		uint64_t cur = ch->start, from = 0;
		int trained = 0;
		for (int k = ch->first; k < ch->first + ch->n; k++) {
			struct campaign_point *p = &c->pts[ord[k]];
			uint64_t ws = c->warm_pred && p->start - cur > c->warm_pred ?
			              p->start - c->warm_pred : cur;
			if (ws > cur || !trained)
				from = ws;
			trained = 1;
			p->chain = g;
			p->warm_from = ch->start;
			p->pred_from = from;
			ch->warm_pred += p->start - ws;
			cur = p->start;
		}
		ch->warm = cur - ch->start;
	}
	return 0;
}

void campaign_free(struct campaign *c)
{
	free(c->chain);
	free(c->chain_ord);
	free(c->splits);
	free(c->pts);
	free(c->start);
	free(c->length);
	free(c->label);
	if (c->argv)
		for (int i = 0; i < c->argc; i++)
			free(c->argv[i]);
	free(c->argv);
	memset(c, 0, sizeof(*c));
}

/* ---- pass 3: checkpoints (in a child) ------------------------------------------------- */

static int campaign_checkpoints(struct campaign *c, const struct campaign_opts *o, char *err,
                                size_t errlen)
{
	uint64_t *at = malloc((size_t)c->n_points * sizeof(*at));
	if (!at)
		return campaign_fail(err, errlen, -ENOMEM, "out of memory");
	int n = 0;
	for (int i = 0; i < c->n_chains; i++) {
		uint64_t a = c->chain[i].start;
		int dup = 0;
		for (int j = 0; j < n; j++)
			dup |= at[j] == a;
		if (!dup)
			at[n++] = a;
	}
	for (int i = 1; i < n; i++)  /* insertion sort: a handful of points */
		for (int j = i; j > 0 && at[j - 1] > at[j]; j--) {
			uint64_t t = at[j];
			at[j] = at[j - 1];
			at[j - 1] = t;
		}
	char out[PATH_MAX];
	if (campaign_path(out, sizeof(out), c->dir, "checkpoint.out")) {
		free(at);
		return campaign_fail(err, errlen, -ENAMETOOLONG, "path too long");
	}
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0) {
		free(at);
		return campaign_fail(err, errlen, -errno, "fork: %s", strerror(errno));
	}
	if (pid == 0) {
		struct emu *e = NULL;
		char cerr[1024];
		if (campaign_guest_output(out) ||
		    campaign_emu_load(o->sysroot, o->seed, c->argc, c->argv, &e))
			_exit(3);
		for (int k = 0; k < n; k++) {
			char path[PATH_MAX];
			if (at[k] > emu_instret(e) && emu_run(e, at[k] - emu_instret(e)) != EMU_LIMIT)
				_exit(5);
			if (campaign_ckpt_path(path, sizeof(path), c->dir, at[k]) ||
			    checkpoint_save(e, path, cerr, sizeof(cerr))) {
				FILE *ef = fopen(out, "a");
				if (ef) {
					fprintf(ef, "robin simpoint: %s\n", cerr);
					fclose(ef);
				}
				_exit(4);
			}
		}
		_exit(0);
	}
	free(at);
	int rc = campaign_wait(pid);
	if (rc)
		return campaign_fail(err, errlen, -EIO, "the checkpoint run failed (%s; see %s)",
		                     rc == 5 ? "the program ended early: not deterministic?" :
		                     rc == 4 ? "cannot save a checkpoint" : "cannot load the program", out);
	return 0;
}

int campaign_auto_max_k(size_t n_intervals)
{
	size_t k = n_intervals / CAMPAIGN_DETAIL_SHARE;
	if (k < CAMPAIGN_MIN_MAX_K)
		k = CAMPAIGN_MIN_MAX_K;
	if (k > CAMPAIGN_MAX_K)
		k = CAMPAIGN_MAX_K;
	if (k > n_intervals)
		k = n_intervals;
	return k < 1 ? 1 : (int)k;
}

/* The points of r's clusters into c->pts: the interval nearest each centre, then up to
 * per_cluster - 1 more drawn at random (seed) from the cluster's other intervals; each point
 * weighs its cluster's share over the points the cluster got and warms warm[its interval]
 * (the sampled signature's choice), or warmup when warm is NULL, or from the program's start
 * when that is nearer. 0 or -ENOMEM. */
static int campaign_pick_points(struct campaign *c, const struct simpoint_result *r,
                                int per_cluster, uint64_t seed, uint64_t warmup,
                                const uint64_t *warm)
{
	size_t *members = malloc(c->n_intervals * sizeof(*members));
	c->pts = calloc((size_t)r->k * (size_t)(per_cluster > 0 ? per_cluster : 1), sizeof(*c->pts));
	if (!members || !c->pts) {
		free(members);
		return -ENOMEM;
	}
	double wsum = 0;
	for (int j = 0; j < r->k; j++)
		wsum += r->selected[j] ? r->cluster_weight[j] : 0;
	for (int j = 0; j < r->k; j++) {
		if (!r->selected[j] || r->point[j] < 0)
			continue;
		size_t nm = 0;
		for (size_t i = 0; i < c->n_intervals; i++)
			if (r->labels[i] == j && (long)i != r->point[j])
				members[nm++] = i;
		int np = 1 + (per_cluster - 1 < (int)nm ? per_cluster - 1 : (int)nm);
		uint64_t st = seed ^ ((uint64_t)j * 0x9e3779b97f4a7c15ull);
		for (int q = 0; q < np; q++) {
			long iv = r->point[j];
			if (q) {  /* a partial Fisher-Yates draw without replacement */
				size_t x = (size_t)(kmeans_rand_next(&st) % (nm - (size_t)(q - 1)));
				iv = (long)members[x];
				members[x] = members[nm - (size_t)q];
			}
			struct campaign_point *p = &c->pts[c->n_points];
			p->index = c->n_points++;
			p->interval = iv;
			p->cluster = j;
			p->weight = r->cluster_weight[j] / wsum / np;
			p->start = c->start[iv];
			p->length = c->length[iv];
			uint64_t w = warm ? warm[iv] : warmup;
			p->warmup = p->start < w ? p->start : w;
		}
	}
	free(members);
	return 0;
}

/* The instructions after the last whole interval (the vectors leave the final partial one
 * out, as SimPoint's tools do) are part of the program: up to an interval, several percent
 * of a short program at long intervals, and often unlike the rest (the program's results,
 * its exit). They become an interval, a cluster and a point of their own (simulated in full,
 * so no variance), weighing their share of the instructions; the other points' weights
 * shrink by as much. 0 or -ENOMEM. */
static int campaign_add_tail(struct campaign *c, uint64_t warmup)
{
	size_t n = c->n_intervals;
	uint64_t end = n ? c->start[n - 1] + c->length[n - 1] : 0;
	if (!n || c->total_insns <= end || !c->n_points)
		return 0;
	uint64_t *ns = realloc(c->start, (n + 1) * sizeof(*ns));
	if (!ns)
		return -ENOMEM;
	c->start = ns;
	uint64_t *nl = realloc(c->length, (n + 1) * sizeof(*nl));
	if (!nl)
		return -ENOMEM;
	c->length = nl;
	int *nb = realloc(c->label, (n + 1) * sizeof(*nb));
	if (!nb)
		return -ENOMEM;
	c->label = nb;
	struct campaign_point *np = realloc(c->pts, (size_t)(c->n_points + 1) * sizeof(*np));
	if (!np)
		return -ENOMEM;
	c->pts = np;
	double share = (double)(c->total_insns - end) / (double)c->total_insns;
	for (int i = 0; i < c->n_points; i++)
		c->pts[i].weight *= 1 - share;
	c->start[n] = end;
	c->length[n] = c->total_insns - end;
	c->label[n] = c->k;
	c->n_intervals = n + 1;
	struct campaign_point *p = &c->pts[c->n_points];
	memset(p, 0, sizeof(*p));
	p->index = c->n_points++;
	p->interval = (long)n;
	p->cluster = c->k++;
	p->weight = share;
	p->start = end;
	p->length = c->total_insns - end;
	p->warmup = end < warmup ? end : warmup;
	return 0;
}

int campaign_prepare(struct campaign *c, const char *dir, const struct campaign_opts *o,
                     const struct core_config *cfg, int argc, char **argv, char *err, size_t errlen)
{
	memset(c, 0, sizeof(*c));
	snprintf(c->dir, sizeof(c->dir), "%s", dir);
	snprintf(c->prog, sizeof(c->prog), "%s", argv[0]);
	c->interval = o->interval;
	c->warmup = o->warmup;
	c->warm_pred = o->warm_pred;
	c->chains = o->chains;
	if (o->units || o->units_auto) {
		c->unit_len = o->unit_len;
		c->unit_warm = o->unit_warm;
		c->units = o->units;
		if (o->units_auto) {
			uint64_t every = CAMPAIGN_UNIT_EVERY * o->unit_len;
			c->units = (o->interval + every / 2) / every;
			if (!c->units)
				c->units = 1;
		}
	}
	c->seed = o->seed;
	snprintf(c->sysroot, sizeof(c->sysroot), "%s", o->sysroot ? o->sysroot : "");
	if (!getcwd(c->cwd, sizeof(c->cwd)))
		c->cwd[0] = 0;
	c->argc = argc;
	c->argv = calloc((size_t)argc + 1, sizeof(char *));
	if (!c->argv)
		return campaign_fail(err, errlen, -ENOMEM, "out of memory");
	for (int i = 0; i < argc; i++)
		if (!(c->argv[i] = strdup(argv[i])))
			return campaign_fail(err, errlen, -ENOMEM, "out of memory");
	if (mkdir(dir, 0755) && errno != EEXIST)
		return campaign_fail(err, errlen, -errno, "cannot create %s: %s", dir, strerror(errno));
	char path[PATH_MAX], line[128];
	if (campaign_path(path, sizeof(path), dir, "core.cfg"))
		return campaign_fail(err, errlen, -ENAMETOOLONG, "path too long");
	FILE *f = fopen(path, "w");
	if (!f)
		return campaign_fail(err, errlen, -errno, "cannot write %s: %s", path, strerror(errno));
	config_dump(cfg, f);
	if (fclose(f))
		return campaign_fail(err, errlen, -EIO, "cannot write %s", path);

	double t0 = campaign_now();
	c->warm_min = o->warm_max ? o->warm_min : 0;
	c->warm_max = o->warm_max;
	int rc = campaign_profile(dir, o, cfg, argc, argv, err, errlen);
	c->pass_s[CAMPAIGN_PASS_VECTORS] = campaign_now() - t0;
	if (rc)
		return rc;
	if (campaign_path(path, sizeof(path), dir, "bbv.txt") || !(f = fopen(path, "r")))
		return campaign_fail(err, errlen, -EIO, "cannot read %s/bbv.txt", dir);
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "instructions %" SCNu64, &c->total_insns) != 1)
			sscanf(line, "memory_sampled %d", &c->mem_sampled);
	fclose(f);
	rc = campaign_read_map(c, err, errlen);
	if (rc)
		return rc;

	/* 2: clusters */
	struct simpoint_fv fv;
	struct simpoint_result r;
	campaign_path(path, sizeof(path), dir, "bbv.bb");
	if (simpoint_fv_read(path, &fv, err, errlen))
		return -EINVAL;
	if (fv.n_rows != c->n_intervals) {
		simpoint_fv_free(&fv);
		return campaign_fail(err, errlen, -EINVAL, "%s: %zu vectors but %zu intervals in the map",
		                     path, fv.n_rows, c->n_intervals);
	}
	struct simpoint_opts spo = o->sp;
	double *extra = NULL, *warm_cpi = NULL;
	if (!spo.max_k)
		spo.max_k = campaign_auto_max_k(c->n_intervals);
	t0 = campaign_now();
	if ((o->mem_weight > 0 || o->split_ratio > 1) &&
	    (rc = campaign_mem_profile(c, o, cfg, &warm_cpi, &extra, err, errlen))) {
		simpoint_fv_free(&fv);
		return rc;
	}
	c->pass_s[CAMPAIGN_PASS_MEMORY] = campaign_now() - t0;
	spo.extra = o->mem_weight > 0 ? extra : NULL;
	rc = simpoint_cluster(&fv, &spo, &r, err, errlen);
	free(extra);
	simpoint_fv_free(&fv);
	if (!rc && warm_cpi && o->split_ratio > 1) {
		/* intervals of one code mix whose memory behaviour differs: split (the file of
		 * weights is SimPoint's equal or by-instructions one) */
		double *w = NULL;
		if (!o->sp.fixed_length && (w = malloc(c->n_intervals * sizeof(*w)))) {
			for (size_t i = 0; i < c->n_intervals; i++)
				w[i] = (double)c->length[i] / (double)c->total_insns;
		}
		int cap = spo.max_k * CAMPAIGN_SPLIT_FACTOR;
		if (cap > (int)c->n_intervals)
			cap = (int)c->n_intervals;
		rc = simpoint_split_by_signature(&r, warm_cpi, w, o->split_ratio, cap, &c->splits,
		                                 &c->n_splits);
		free(w);
		if (rc) {
			simpoint_result_free(&r);
			campaign_fail(err, errlen, rc, "out of memory");
		}
	}
	free(warm_cpi);
	if (rc)
		return rc;
	static const char *const names[3] = { "simpoints", "weights", "labels" };
	int (*const fns[3])(const struct simpoint_result *, int, FILE *) = {
		simpoint_write_points, simpoint_write_weights, simpoint_write_labels
	};
	for (int k = 0; k < 3 && !rc; k++) {
		campaign_path(path, sizeof(path), dir, "%s", names[k]);
		f = fopen(path, "w");
		if (!f || fns[k](&r, 1, f))
			rc = campaign_fail(err, errlen, -EIO, "cannot write %s", path);
		if (f && fclose(f) && !rc)
			rc = campaign_fail(err, errlen, -EIO, "cannot write %s", path);
	}
	c->k = r.k;
	c->label = malloc(c->n_intervals * sizeof(*c->label));
	if (!rc && !c->label)
		rc = campaign_fail(err, errlen, -ENOMEM, "out of memory");
	for (size_t i = 0; !rc && i < c->n_intervals; i++)
		c->label[i] = r.labels[i];
	/* each point's warming: the signature's choice for its interval, when it made one */
	uint64_t *warm = NULL;
	if (!rc && c->warm_max) {
		double *x = NULL;
		char merr[256];
		if (!c->mem_sampled || campaign_mem_read(c, 0, &x, NULL, &warm, merr, sizeof(merr)) ||
		    !warm)
			c->warm_min = c->warm_max = 0;  /* the memory pass's file: the fixed warming */
		free(x);
	}
	if (!rc && campaign_pick_points(c, &r, o->points_per_cluster > 0 ? o->points_per_cluster : 1,
	                                o->sp.seed_km, o->warmup, warm))
		rc = campaign_fail(err, errlen, -ENOMEM, "out of memory");
	free(warm);
	simpoint_result_free(&r);
	if (!rc && (campaign_add_tail(c, o->warmup) || campaign_chain(c)))
		rc = campaign_fail(err, errlen, -ENOMEM, "out of memory");
	if (!rc)
		rc = campaign_write_manifest(c, err, errlen);
	t0 = campaign_now();
	if (!rc && o->checkpoints) {
		rc = campaign_checkpoints(c, o, err, errlen);
		c->pass_s[CAMPAIGN_PASS_CHECKPOINTS] = campaign_now() - t0;
	} else if (!rc) {
		/* the points fork from one run: a checkpoint an earlier campaign left in the
		 * directory under a point's name is not this program's state */
		for (int i = 0; i < c->n_points; i++) {
			char path[PATH_MAX];
			const struct campaign_point *p = &c->pts[i];
			if (!campaign_ckpt_path(path, sizeof(path), c->dir, p->start - p->warmup))
				unlink(path);
			if (!campaign_ckpt_path(path, sizeof(path), c->dir, p->warm_from))
				unlink(path);
		}
	}
	return rc;
}

int campaign_estimate(const struct campaign *c, struct campaign_estimate *e, char *err, size_t errlen)
{
	memset(e, 0, sizeof(*e));
	struct strat_ci_stratum *h = calloc((size_t)c->k, sizeof(*h));
	double *lo = calloc((size_t)c->k, sizeof(*lo)), *hi = calloc((size_t)c->k, sizeof(*hi));
	if (!h || !lo || !hi) {
		free(h);
		free(lo);
		free(hi);
		return campaign_fail(err, errlen, -ENOMEM, "out of memory");
	}
	int rc = 0;
	for (int i = 0; i < c->n_points && !rc; i++) {
		const struct campaign_point *p = &c->pts[i];
		if (!p->done) {
			rc = campaign_fail(err, errlen, -EAGAIN, "point %d (interval %ld) has no result "
			                   "in %s/point-%d.txt", p->index, p->interval, c->dir, p->index);
			break;
		}
		double cpi = (double)p->cycles / (double)p->insns;
		e->cpi += p->weight * cpi;
		for (unsigned s = 0; s < CORE_STACK_N; s++)
			e->stack_cpi[s] += p->weight * (double)p->stack[s] / (double)p->insns;
		e->detailed_insns += campaign_point_profiled(p);
		struct strat_ci_stratum *st = &h[p->cluster];
		if (!st->n || cpi < lo[p->cluster])
			lo[p->cluster] = cpi;
		if (!st->n || cpi > hi[p->cluster])
			hi[p->cluster] = cpi;
		st->w += p->weight;
		st->n++;
		st->sum += cpi;
		st->sum2 += cpi * cpi;
		/* a point measured by units: its CPI is their sample's mean, the variance of that
		 * mean (one unit in every slots / units of the interval's) the second stage's
		 * (Satterthwaite's degrees of freedom over the stratum's points) */
		if (p->units >= 2 && c->unit_len) {
			double m = (double)p->units, slots = (double)p->length / (double)c->unit_len;
			strat_ci_add_sub(st, p->units_sd * p->units_sd / m * (slots > m ? 1 - m / slots : 0),
			                 m - 1);
		}
	}
	for (int g = 0; g < c->n_chains; g++) {
		e->warm_insns += c->chain[g].warm;
		e->warm_pred_insns += c->chain[g].warm_pred;
	}
	if (!rc) {
		/* the clusters as strata: their intervals, the points drawn from them; the memory
		 * signature's spread over all of a cluster's intervals, in CPI units by the points'
		 * ratio, is a floor under the two points' variance (they may agree by chance) */
		char merr[256];
		double *x = NULL, *xs_short = NULL;
		if (campaign_mem_read(c, 1, &x, &xs_short, NULL, merr, sizeof(merr)))
			x = xs_short = NULL;
		e->warm_short = xs_short ? 0 : -1;
		for (int i = 0; xs_short && i < c->n_points; i++)
			e->warm_short += c->pts[i].weight * xs_short[c->pts[i].interval];
		free(xs_short);
		double *xs = calloc((size_t)c->k, sizeof(*xs)), *xx = calloc((size_t)c->k, sizeof(*xx));
		double *xp = calloc((size_t)c->k, sizeof(*xp));
		int *nx = calloc((size_t)c->k, sizeof(*nx)), *npx = calloc((size_t)c->k, sizeof(*npx));
		if (!xs || !xx || !xp || !nx || !npx) {
			free(x);
			x = NULL;
		}
		for (size_t i = 0; i < c->n_intervals; i++) {
			int j = c->label[i];
			if (j < 0 || j >= c->k)
				continue;
			h[j].n_units++;
			if (x && x[i] > 0) {
				xs[j] += x[i];
				xx[j] += x[i] * x[i];
				nx[j]++;
			}
		}
		for (int i = 0; x && i < c->n_points; i++) {
			const struct campaign_point *p = &c->pts[i];
			if (x[p->interval] > 0) {
				xp[p->cluster] += x[p->interval];
				npx[p->cluster]++;
			}
		}
		int n = 0;
		for (int j = 0; j < c->k; j++) {
			if (!h[j].n)
				continue;
			if (h[j].n_units < h[j].n)
				h[j].n_units = h[j].n;
			if (h[j].n < h[j].n_units && hi[j] > CAMPAIGN_DISAGREE_RATIO * lo[j])
				e->n_disagree++;
			if (x && nx[j] >= 2 && npx[j] == h[j].n && xp[j] > 0) {
				double m = xs[j] / nx[j], sx2 = (xx[j] - nx[j] * m * m) / (nx[j] - 1);
				double scale = (h[j].sum / h[j].n) / (xp[j] / npx[j]);
				h[j].floor_s2 = sx2 > 0 ? scale * scale * sx2 : 0;
				h[j].floor_df = nx[j] - 1;
			}
			h[n++] = h[j];
		}
		free(x);
		free(xs);
		free(xx);
		free(xp);
		free(nx);
		free(npx);
		struct strat_ci ci;
		if (!strat_ci_compute_pooled(h, (size_t)n, &ci)) {
			double pe = CAMPAIGN_POINT_ERROR * e->cpi;
			double half = sqrt(ci.half95 * ci.half95 + pe * pe);
			e->ci_ok = ci.ok;
			e->ci_df = ci.df;
			e->ci_lo = e->cpi - half;
			e->ci_hi = e->cpi + half;
			/* the points' warming can only make them slower than the program: the
			 * estimate of that bias (serial misses, so at most) widens the low side */
			if (e->warm_short > 0)
				e->ci_lo -= e->warm_short;
		}
	}
	free(h);
	free(lo);
	free(hi);
	return rc;
}

int campaign_cluster_disagrees(const struct campaign *c, int cluster, double *lo, double *hi)
{
	int n = 0;
	for (int i = 0; i < c->n_points; i++) {
		const struct campaign_point *p = &c->pts[i];
		if (p->cluster != cluster || !p->done)
			continue;
		double cpi = (double)p->cycles / (double)p->insns;
		if (!n || cpi < *lo)
			*lo = cpi;
		if (!n || cpi > *hi)
			*hi = cpi;
		n++;
	}
	int units = 0;
	for (size_t i = 0; i < c->n_intervals; i++)
		units += c->label[i] == cluster;
	return n >= 2 && n < units && *hi > CAMPAIGN_DISAGREE_RATIO * *lo;
}
