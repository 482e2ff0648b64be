/*
 * campaign_run.c — running a campaign's detailed simulations (see campaign.h): one point
 * from its checkpoint or forked from one run of the program (warming, then detail), all
 * points as local jobs, the Slurm scripts,
 * and the full detailed run that validation compares against (cycles per interval from the
 * commit cycle of each interval's last instruction).
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "campaign/campaign.h"
#include "campaign/campaign_priv.h"
#include "campaign/campaign_prof.h"
#include "emu/checkpoint.h"
#include "sim/sim.h"

static int campaign_core_config(const char *dir, struct core_config *cfg, char *err, size_t errlen)
{
	char path[PATH_MAX], cerr[CONFIG_ERR_LEN];
	config_defaults(cfg);
	if (campaign_path(path, sizeof(path), dir, "core.cfg"))
		return campaign_fail(err, errlen, -ENAMETOOLONG, "path too long");
	if (config_load_file(cfg, path, cerr) || config_validate(cfg, cerr))
		return campaign_fail(err, errlen, -EINVAL, "%s", cerr);
	return 0;
}

/* The campaign in dir_arg with its core configuration; c->dir is absolute, since the guest
 * may change the working directory. 0 or -errno with a message (nothing to free then). */
static int campaign_open(const char *dir_arg, struct campaign *c, struct core_config *cfg,
                         char *err, size_t errlen)
{
	char dir[PATH_MAX];
	if (!realpath(dir_arg, dir))
		return campaign_fail(err, errlen, -errno, "%s: %s", dir_arg, strerror(errno));
	int rc = campaign_load(c, dir, err, errlen);
	if (rc)
		return rc;
	rc = campaign_core_config(dir, cfg, err, errlen);
	if (rc)
		campaign_free(c);
	return rc;
}

/* With profile.txt in dir: the campaign's profilers (the Oracle and TIP) as the detailed
 * run's profiler set, s->npo 0 otherwise. 0 or -errno with a message. */
static int campaign_prof_spec(const char *dir, struct sim_spec *s, char *err, size_t errlen)
{
	uint64_t period;
	char perr[256];
	int rc = campaign_prof_wanted(dir, &period, err, errlen);
	if (rc <= 0)
		return rc;
	struct sim_profile_opts *po = &s->po[0];
	if ((rc = pmu_parse_list(CAMPAIGN_PROF_MODELS, &po->models, perr, sizeof(perr))))
		return campaign_fail(err, errlen, rc, "cannot set up the profilers: %s", perr);
	po->list = CAMPAIGN_PROF_MODELS;
	po->period = period;
	s->npo = 1;
	return 0;
}

/* What a campaign's detailed run keeps when it ends (sim_spec.done). */
struct campaign_detail {
	const char *dir;
	const char *prof_name;       /* the profiles' file in dir */
	const char *cwd;             /* the campaign's directory of origin (campaign.cwd) */
	const char *what;            /* "point 3", "the full detailed run" */
	char *err;
	size_t errlen;
	int rc;                      /* 0 or -errno with a message in err */
	int ran;
	int chained;                 /* a chain's warming: a run that ends before any detail is
	                                its warmer's, not a failure */
	uint64_t unit_len;           /* the point's units (SMARTS), 0: its whole interval */
	struct core_stats stats;     /* the detailed part's: with units, the measured units' */
	uint64_t profiled;           /* with units: the instructions of the detailed windows */
	uint64_t profiled_cycles;    /* and their cycles */
	uint64_t units;              /* with units: how many were measured, */
	double units_sd;             /* and the standard deviation of their CPIs */
	double t0;                   /* when the run began (a chain's point: its own warming) */
	double secs;                 /* host time of the whole run (restore, warming, detail) */
	double warm_secs;            /* a chain's point: of secs, its chain's warming up to its
	                                start (0: not known apart) */
};

/* Write point index's result (k: its cycles, instructions, units and cycle stack) to
 * dir/point-I.txt (atomically). */
static int campaign_write_result(const char *dir, int index, const struct campaign_detail *k,
                                 char *err, size_t errlen)
{
	const struct core_stats *s = &k->stats;
	char path[PATH_MAX], tmp[PATH_MAX + 8];
	if (campaign_path(path, sizeof(path), dir, "point-%d.txt", index))
		return campaign_fail(err, errlen, -ENAMETOOLONG, "path too long");
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	FILE *f = fopen(tmp, "w");
	if (!f)
		return campaign_fail(err, errlen, -errno, "cannot write %s: %s", tmp, strerror(errno));
	fprintf(f, "cycles %" PRIu64 "\ninstructions %" PRIu64 "\nhost_seconds %.3f\n", s->cycles,
	        s->instructions, k->secs);
	if (k->warm_secs > 0)
		fprintf(f, "warm_seconds %.3f\n", k->warm_secs);
	if (k->profiled)
		fprintf(f, "profiled %" PRIu64 " %" PRIu64 "\nunits %" PRIu64 " %.9g\n", k->profiled,
		        k->profiled_cycles, k->units, k->units_sd);
	for (unsigned i = 0; i < CORE_STACK_N; i++)
		fprintf(f, "stack %u %" PRIu64 "\n", i, s->stack[i]);
	if (fclose(f) || rename(tmp, path))
		return campaign_fail(err, errlen, -EIO, "cannot write %s", path);
	return 0;
}

/* A point's statistics from its units: the cycles and instructions of the measured units
 * (SMARTS's mean CPI times theirs) and their cycle stack scaled to those cycles (the windows'
 * when SMARTS has none); *profiled and *profiled_cycles get the windows' instructions and
 * cycles, which its profile covers. The windows' cycles are their stack's sum (each cycle in
 * detail is charged to one slot), not the core's clock, which the functional warming between
 * units advances too (its caches' time). */
static void campaign_units_result(struct core_stats *st, const struct smarts_result *m,
                                  uint64_t unit_len, uint64_t *profiled,
                                  uint64_t *profiled_cycles)
{
	uint64_t win = 0, from = 0, insns = m->n * unit_len;
	uint64_t cycles = (uint64_t)llround(m->cpi * (double)insns), sum = 0;
	unsigned top = 0;
	for (unsigned s = 0; s < CORE_STACK_N; s++)
		win += st->stack[s];
	*profiled = st->instructions;
	*profiled_cycles = win;
	if (m->has_stack) {
		/* the units' own: the W before each one fill the pipeline from empty */
		memcpy(st->stack, m->stack, sizeof(st->stack));
		for (unsigned s = 0; s < CORE_STACK_N; s++)
			from += st->stack[s];
	} else {
		from = win;
	}
	for (unsigned s = 0; s < CORE_STACK_N; s++) {
		st->stack[s] = from ? (uint64_t)((double)st->stack[s] * (double)cycles / (double)from) : 0;
		sum += st->stack[s];
		if (st->stack[s] > st->stack[top])
			top = s;
	}
	st->stack[top] += cycles - sum;  /* the rounding: the stack sums to the cycles */
	st->cycles = cycles;
	st->instructions = insns;
}

/* With the campaign's units, point p measures them from now (the guest at instruction now
 * at its start): SMARTS over its interval, one unit in k where k * units * U fills it; a
 * point too short for a window of W + U per period runs whole. */
static void campaign_point_units(const struct campaign *c, const struct campaign_point *p,
                                 uint64_t now, struct sim_spec *sp, struct campaign_detail *k)
{
	uint64_t per = c->units * c->unit_len;  /* the interval's instructions per unit, rounded */
	uint64_t kk = c->units ? (p->length + per / 2) / per : 0;
	memset(&sp->smarts, 0, sizeof(sp->smarts));
	k->unit_len = 0;
	if (!kk || kk * c->unit_len < c->unit_warm + c->unit_len)
		return;
	sp->smarts = (struct smarts_opts){ .unit = c->unit_len, .warm = c->unit_warm, .k = kk,
	                                   .target = 0.03, .max_insns = now + p->length };
	k->unit_len = c->unit_len;
}

/* sim_spec.warm_more of a point run alone: its units from where its detail starts. */
struct campaign_alone {
	const struct campaign *c;
	const struct campaign_point *p;
	struct sim_spec *sp;
	struct campaign_detail *k;
};

static int campaign_point_begin(void *ctx, struct core *core, struct emu *e, uint64_t *insns)
{
	struct campaign_alone *a = ctx;
	(void)core;
	(void)insns;
	campaign_point_units(a->c, a->p, emu_instret(e), a->sp, a->k);
	return 0;
}

static int campaign_detail_done(void *ctx, const struct sim_result *r)
{
	struct campaign_detail *k = ctx;
	char path[PATH_MAX];
	k->ran = 1;
	k->stats = *core_stats(r->core);
	if (k->unit_len && r->smarts && !r->status) {
		campaign_units_result(&k->stats, r->smarts, k->unit_len, &k->profiled,
		                      &k->profiled_cycles);
		k->units = r->smarts->n;
		k->units_sd = r->smarts->sd;
	} else if (k->unit_len && !r->status) {
		k->rc = campaign_fail(k->err, k->errlen, -EIO, "%s: no unit measured", k->what);
		return 1;
	}
	if (r->status) {
		k->rc = campaign_fail(k->err, k->errlen, -EIO, "%s: the simulation ended with status "
		                      "%d (%s)", k->what, r->status, r->end);
		return 1;
	}
	const struct pmu *pmu = r->nthreads ? r->thread[0].pmu[0] : NULL;
	if (!pmu)
		return 0;
	if (campaign_path(path, sizeof(path), k->dir, "%s", k->prof_name)) {
		k->rc = campaign_fail(k->err, k->errlen, -ENAMETOOLONG, "path too long");
		return 1;
	}
	if (pmu_oom(pmu)) {
		k->rc = campaign_fail(k->err, k->errlen, -ENOMEM, "out of memory while profiling");
		return 1;
	}
	k->rc = campaign_prof_save(pmu, r->emu, k->cwd, path, k->err, k->errlen);
	return k->rc ? 1 : 0;
}

/* A campaign's detailed run through the simulation layer; the guest's output goes where the
 * caller redirected it. 0 or -errno with a message. */
static int campaign_detail_run(struct sim_spec *s, struct campaign_detail *k)
{
	s->quiet = 1;
	s->progress = 0;
	s->done = campaign_detail_done;
	s->done_ctx = k;
	k->t0 = campaign_now();
	int rc = sim_run(s);
	k->secs = campaign_now() - k->t0;
	if (k->rc)
		return k->rc;
	if (!rc && !k->ran && k->chained)
		return 0;
	if (rc || !k->ran)
		return campaign_fail(k->err, k->errlen, -EIO, "%s failed (exit %d; the reason is on "
		                     "stderr)", k->what, rc);
	return 0;
}

/* A detailed run's description, or NULL (e destroyed, the message in err). */
static struct sim_spec *campaign_spec_alloc(struct emu *e, char *err, size_t errlen)
{
	struct sim_spec *sp = malloc(sizeof(*sp));
	if (!sp) {
		emu_destroy(e);
		campaign_fail(err, errlen, -ENOMEM, "out of memory");
	}
	return sp;
}

/* The detailed run of point `index` set up in *sp (its guest output to point-I.out): from
 * the checkpoint ckpt, or from e, an emulator at instruction warm_from (taken over by the
 * run), warming as its chain warms it (warm_from, pred_from). 0 or -errno with a message. */
static int campaign_point_spec(const struct campaign *c, const struct core_config *cfg, int index,
                               const char *ckpt, struct emu *e, struct emu_opts *eo,
                               struct sim_spec *sp, char *err, size_t errlen)
{
	const struct campaign_point *p = &c->pts[index];
	char out[PATH_MAX];
	sim_spec_init(sp, "simpoint");
	sp->command = "robin simpoint point";
	sp->eo = eo;
	sp->cfg = *cfg;
	sp->restore = ckpt;
	sp->emu = e;
	sp->argc = c->argc;  /* names the program */
	sp->argv = c->argv;
	sp->warmup = p->start - p->warm_from;
	sp->warmup_mem_only = p->pred_from - p->warm_from;
	sp->insns = p->length;
	int rc = campaign_prof_spec(c->dir, sp, err, errlen);
	if (rc)
		return rc;
	fflush(NULL);
	if (campaign_path(out, sizeof(out), c->dir, "point-%d.out", index) ||
	    campaign_guest_output(out))
		return campaign_fail(err, errlen, -EIO, "cannot write %s/point-%d.out", c->dir, index);
	return 0;
}

/* Point `index` in detail (warming, then its interval), its result in point-I.txt and the
 * guest's output in point-I.out: from the checkpoint ckpt, or from e, an emulator at the
 * point's warm_from (taken over). 0 or -errno with a message. */
static int campaign_point_go(const struct campaign *c, const struct core_config *cfg, int index,
                             const char *ckpt, struct emu *e, char *err, size_t errlen)
{
	char pname[32], what[32];
	int rc;
	struct emu_opts eo = { .cfg = { .virtual_time = 1 } };
	struct sim_spec *sp = campaign_spec_alloc(e, err, errlen);
	if (!sp)
		return -ENOMEM;
	if ((rc = campaign_point_spec(c, cfg, index, ckpt, e, &eo, sp, err, errlen)))
		goto out;
	snprintf(pname, sizeof(pname), "point-%d.prof", index);
	snprintf(what, sizeof(what), "point %d", index);
	struct campaign_detail k = { .dir = c->dir, .cwd = c->cwd, .prof_name = pname, .what = what,
	                             .err = err, .errlen = errlen };
	struct campaign_alone a = { c, &c->pts[index], sp, &k };
	if (c->units) {
		sp->warm_more = campaign_point_begin;
		sp->warm_more_ctx = &a;
	}
	e = NULL;  /* the run owns it now */
	if ((rc = campaign_detail_run(sp, &k)))
		goto out;
	rc = campaign_write_result(c->dir, index, &k, err, errlen);
out:
	emu_destroy(e);
	free(sp);
	return rc;
}

/* The local campaign's job tokens, make's jobserver's way: a pipe holding one byte per job
 * that may run now ({-1, -1}: none, as in a Slurm task: a chain then waits for each point).
 * The driver takes one before it forks a chain; a chain's process warms while it holds one,
 * hands it to each point's process it forks (which gives it back as it ends) and takes
 * another to warm on. Set in the driver, inherited by its children. */
static int campaign_tokens[2] = { -1, -1 };

static void campaign_token_put(void)
{
	if (campaign_tokens[1] >= 0)
		while (write(campaign_tokens[1], "+", 1) < 0 && errno == EINTR)
			;
}

static void campaign_token_get(void)
{
	char b;
	if (campaign_tokens[0] >= 0)
		while (read(campaign_tokens[0], &b, 1) < 0 && errno == EINTR)
			;
}

/* A pipe whose ends lie among robin's descriptors (940 and up, close-on-exec), the guest's
 * numbers left as they are: 0, or -1 (errno set) with fds[k] -1 for an end not made. */
static int campaign_pipe(int fds[2])
{
	int ps[2];
	fds[0] = fds[1] = -1;
	if (!pipe2(ps, O_CLOEXEC)) {
		fds[0] = fcntl(ps[0], F_DUPFD_CLOEXEC, 940);
		fds[1] = fcntl(ps[1], F_DUPFD_CLOEXEC, 940);
		close(ps[0]);
		close(ps[1]);
	}
	return fds[0] < 0 || fds[1] < 0 ? -1 : 0;
}

/* A process's log file, created empty, its descriptor among robin's (940 and up), or -1. */
static int campaign_log_open(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return -1;
	int hi = fcntl(fd, F_DUPFD_CLOEXEC, 940);
	close(fd);
	return hi;
}

/* emu_fork_state, returning in the parent once the child's files are its own (a pipe among
 * robin's descriptors, the guest's numbers as they are, closed by the child): the parent may
 * run the guest on at once. The pid (-1 with err set), 0 or -2 in the child. */
static pid_t campaign_fork(struct emu *e, char *err, size_t errlen)
{
	int sync[2];
	if (campaign_pipe(sync)) {
		snprintf(err, errlen, "%s", strerror(errno));
		if (sync[0] >= 0)
			close(sync[0]);
		if (sync[1] >= 0)
			close(sync[1]);
		return -1;
	}
	pid_t pid = emu_fork_state(e, err, errlen);
	if (pid <= 0 && pid != -1) {
		close(sync[0]);
		close(sync[1]);  /* the parent may go on */
		return pid;
	}
	close(sync[1]);
	if (pid > 0) {
		char b;
		while (read(sync[0], &b, 1) < 0 && errno == EINTR)
			;
	}
	close(sync[0]);
	return pid;
}

/* A chain's warming (sim_spec.warm_more): on through its points in order, forking each
 * point's detailed run at its start (with job tokens: while it warms on; else waiting for it). */
struct campaign_chainer {
	const struct campaign *c;
	int g;
	int next;                    /* the next point's place in chain_ord */
	uint64_t at;                 /* instructions (steps) from the program's start */
	int trained;                 /* the predictor trained since the chain began or its reset */
	int index;                   /* the point this process simulates (-1: the chain's warmer) */
	int logfd;                   /* the warmer's messages (a point's: point-I.log) */
	int holding;                 /* the warmer holds a job token */
	pid_t *kids;                 /* the points' processes forked, not yet reaped (0) */
	int nkids;
	struct sim_spec *sp;
	struct campaign_detail *k;
	char pname[32], what[32];
};

/* Reap the chain's points' processes that ended (all of them with `all`): a point killed by
 * a signal gives its job token back through here. 0, or -1 with the first failure in k. */
static int campaign_chain_reap(struct campaign_chainer *h, int all)
{
	struct campaign_detail *k = h->k;
	int bad = 0;
	for (int j = 0; j < h->nkids; j++) {
		int st;
		pid_t r;
		if (!h->kids[j])
			continue;
		while ((r = waitpid(h->kids[j], &st, all ? 0 : WNOHANG)) < 0 && errno == EINTR)
			;
		if (r == 0)
			continue;
		h->kids[j] = 0;
		int i = h->c->chain_ord[h->c->chain[h->g].first + j];
		if (r < 0 || WIFSIGNALED(st) || !WIFEXITED(st) || WEXITSTATUS(st)) {
			if (r > 0 && WIFSIGNALED(st))
				campaign_token_put();
			if (!bad && !k->rc)
				k->rc = campaign_fail(k->err, k->errlen, -EIO, "point %d %s %d (see %s/point-%d.log)",
				                      i, r > 0 && WIFSIGNALED(st) ? "was killed by signal" :
				                      "failed, exit status", r > 0 && WIFSIGNALED(st) ?
				                      WTERMSIG(st) : r > 0 ? WEXITSTATUS(st) : -1,
				                      h->c->dir, i);
			bad = 1;
		}
	}
	return bad || k->rc ? -1 : 0;
}

/* The warming stops (k says why): the token it holds given back, every point's process
 * already started waited for. -1. */
static int campaign_chain_stop(struct campaign_chainer *h)
{
	if (h->holding)
		campaign_token_put();
	h->holding = 0;
	(void)campaign_chain_reap(h, 1);
	return -1;
}

static int campaign_chain_warm(void *ctx, struct core *core, struct emu *e, uint64_t *insns)
{
	struct campaign_chainer *h = ctx;
	const struct campaign *c = h->c;
	const struct campaign_chain *ch = &c->chain[h->g];
	struct campaign_detail *k = h->k;
	for (; h->next < ch->first + ch->n; h->next++) {
		int i = c->chain_ord[h->next];
		const struct campaign_point *p = &c->pts[i];
		uint64_t ws = p->pred_from > h->at ? p->pred_from : h->at;
		double t0 = campaign_now();
		enum emu_status st = EMU_RUNNING;
		if (ws > h->at) {
			/* the memory hierarchy alone; the predictor's next stretch starts untrained */
			st = core_warm_steps(core, e, ws - h->at, 0);
			if (st == EMU_RUNNING && h->trained && core_warm_predictor_reset(core)) {
				k->rc = campaign_fail(k->err, k->errlen, -ENOMEM, "out of memory");
				return campaign_chain_stop(h);
			}
			h->trained = 0;
		}
		if (st == EMU_RUNNING && p->start > ws) {
			st = core_warm_steps(core, e, p->start - ws, p->start - ws);
			h->trained = 1;
		}
		if (st != EMU_RUNNING || core_warm_trace_error(core)) {
			k->rc = campaign_fail(k->err, k->errlen, -EIO, "chain %d: %s before point %d's "
			                      "start, instruction %" PRIu64, h->g,
			                      st != EMU_RUNNING ? "the program ended" :
			                      "the warming trace went out of step", i, p->start);
			return campaign_chain_stop(h);
		}
		h->at = p->start;
		char ferr[256];
		pid_t pid = campaign_fork(e, ferr, sizeof(ferr));
		if (pid == -1) {
			k->rc = campaign_fail(k->err, k->errlen, -EIO, "cannot start point %d: %s", i, ferr);
			return campaign_chain_stop(h);
		}
		if (pid <= 0) {
			/* the point's process: its messages to point-I.log, its guest's output to
			 * point-I.out, its detailed run next */
			char log[PATH_MAX], out[PATH_MAX];
			h->index = i;
			campaign_path(log, sizeof(log), c->dir, "point-%d.log", i);
			h->logfd = campaign_log_open(log);
			snprintf(h->pname, sizeof(h->pname), "point-%d.prof", i);
			snprintf(h->what, sizeof(h->what), "point %d", i);
			k->prof_name = h->pname;
			k->what = h->what;
			k->chained = 0;
			k->t0 = t0;
			k->warm_secs = campaign_now() - t0;  /* its stretch of the chain's warming */
			if (pid) {
				k->rc = campaign_fail(k->err, k->errlen, -EIO, "%s", ferr);
				return -1;
			}
			fflush(NULL);
			if (campaign_path(out, sizeof(out), c->dir, "point-%d.out", i) ||
			    campaign_guest_output(out)) {
				k->rc = campaign_fail(k->err, k->errlen, -EIO, "cannot write %s/point-%d.out",
				                      c->dir, i);
				return -1;
			}
			*insns = p->length;
			campaign_point_units(c, p, emu_instret(e), h->sp, k);
			return 0;
		}
		/* the point's process has the token: another to warm on (without tokens, the
		 * point first) */
		h->kids[h->nkids++] = pid;
		h->holding = 0;
		int last = h->next + 1 == ch->first + ch->n;
		if (campaign_tokens[0] < 0 || last) {
			if (campaign_chain_reap(h, 1))
				return -1;
		} else {
			campaign_token_get();
			h->holding = 1;
			if (campaign_chain_reap(h, 0))
				return campaign_chain_stop(h);
		}
	}
	return 1;
}

/* Chain g in one process: from the checkpoint ckpt or e (an emulator at the chain's start,
 * taken over), warm through its points, each one's detailed run forked at its start (its
 * result in point-I.txt, its messages in point-I.log); the guest's output between them to
 * chain-G.out. With `back`, the guest where the chain stopped (its last point's start) is
 * handed back there (else destroyed). Returns 0 or -errno with a message (a point's process
 * never returns). */
static int campaign_chain_in(const struct campaign *c, const struct core_config *cfg, int g,
                             const char *ckpt, struct emu *e, struct emu **back, char *err,
                             size_t errlen)
{
	const struct campaign_chain *ch = &c->chain[g];
	char out[PATH_MAX];
	int rc;
	struct emu_opts eo = { .cfg = { .virtual_time = 1 } };
	struct sim_spec *sp = campaign_spec_alloc(e, err, errlen);
	if (!sp)
		return -ENOMEM;
	/* the first point's run, its warming all the chain's (warm_more) */
	if ((rc = campaign_point_spec(c, cfg, c->chain_ord[ch->first], ckpt, e, &eo, sp, err,
	                              errlen)))
		goto out;
	if (campaign_path(out, sizeof(out), c->dir, "chain-%d.out", g) || campaign_guest_output(out)) {
		rc = campaign_fail(err, errlen, -EIO, "cannot write %s/chain-%d.out", c->dir, g);
		goto out;
	}
	struct campaign_detail k = { .dir = c->dir, .cwd = c->cwd, .what = "a chain", .err = err,
	                             .errlen = errlen, .chained = 1 };
	struct campaign_chainer h = { .c = c, .g = g, .next = ch->first, .at = ch->start,
	                              .index = -1, .logfd = -1, .holding = 1, .sp = sp, .k = &k,
	                              .kids = calloc((size_t)ch->n, sizeof(pid_t)) };
	if (!h.kids) {
		rc = campaign_fail(err, errlen, -ENOMEM, "out of memory");
		goto out;
	}
	sp->warmup = 0;
	sp->warmup_mem_only = 0;
	sp->warm_more = campaign_chain_warm;
	sp->warm_more_ctx = &h;
	sp->emu_back = back;
	e = NULL;  /* the run owns it now */
	rc = campaign_detail_run(sp, &k);
	if (h.index >= 0) {
		/* a point's process */
		if (!rc)
			rc = campaign_write_result(c->dir, h.index, &k, err, errlen);
		if (rc)
			dprintf(h.logfd >= 0 ? h.logfd : 2, "robin simpoint point: %s\n", err);
		campaign_token_put();  /* the one its chain handed it */
		_exit(rc ? 1 : 0);
	}
	free(h.kids);
out:
	emu_destroy(e);
	free(sp);
	return rc;
}

static int campaign_chain_go(const struct campaign *c, const struct core_config *cfg, int g,
                             const char *ckpt, struct emu *e, char *err, size_t errlen)
{
	return campaign_chain_in(c, cfg, g, ckpt, e, NULL, err, errlen);
}

/* The campaign's program loaded as every pass loads it, run on the translator up to
 * instruction `to`, its output to `out`. 0 or -errno with a message. */
static int campaign_fast_forward(const struct campaign *c, uint64_t to, const char *out,
                                 struct emu **e, char *err, size_t errlen)
{
	*e = NULL;
	fflush(NULL);
	if (campaign_guest_output(out))
		return campaign_fail(err, errlen, -EIO, "cannot write %s", out);
	if (campaign_emu_load(c->sysroot[0] ? c->sysroot : NULL, c->seed, c->argc, c->argv, e))
		return campaign_fail(err, errlen, -EINVAL, "cannot load %s", c->argv[0]);
	/* the points' warming reads the translated code's memory trace: code translated here
	 * logs for it (else every warming instruction would be stepped) */
	emu_jit_log_always(*e);
	if (to > emu_instret(*e) && emu_run(*e, to - emu_instret(*e)) != EMU_LIMIT) {
		emu_destroy(*e);
		*e = NULL;
		return campaign_fail(err, errlen, -ESRCH, "%s ended before instruction %" PRIu64
		                     " (not deterministic?)", c->argv[0], to);
	}
	return 0;
}

/* Point i alone (chain 0) or chain i (chain 1) of the campaign in dir: from the checkpoint
 * of its warming start, or (a local campaign writes none) the program run to it on the
 * translator, its output to point-I.ff.out or chain-I.ff.out. 0 or -errno with a message. */
static int campaign_job_run(const char *dir_arg, int chain, int i, char *err, size_t errlen)
{
	char path[PATH_MAX], ff[PATH_MAX];
	struct campaign c;
	struct core_config cfg;
	const char *what = chain ? "chain" : "point";
	int rc = campaign_open(dir_arg, &c, &cfg, err, errlen);
	if (rc)
		return rc;
	int n = chain ? c.n_chains : c.n_points;
	if (i < 0 || i >= n) {
		rc = campaign_fail(err, errlen, -EINVAL, "%s has %ss 0..%d, not %d", c.dir, what, n - 1, i);
		goto out;
	}
	uint64_t at = chain ? c.chain[i].start : c.pts[i].warm_from;
	int (*go)(const struct campaign *, const struct core_config *, int, const char *,
	          struct emu *, char *, size_t) = chain ? campaign_chain_go : campaign_point_go;
	if (campaign_ckpt_path(path, sizeof(path), c.dir, at) ||
	    campaign_path(ff, sizeof(ff), c.dir, "%s-%d.ff.out", what, i)) {
		rc = campaign_fail(err, errlen, -ENAMETOOLONG, "path too long");
		goto out;
	}
	if (!access(path, R_OK)) {
		rc = go(&c, &cfg, i, path, NULL, err, errlen);
	} else {
		struct emu *e;
		if (!(rc = campaign_fast_forward(&c, at, ff, &e, err, errlen)))
			rc = go(&c, &cfg, i, NULL, e, err, errlen);
	}
out:
	campaign_free(&c);
	return rc;
}

int campaign_point_run(const char *dir, int index, char *err, size_t errlen)
{
	return campaign_job_run(dir, 0, index, err, errlen);
}

int campaign_chain_run(const char *dir, int g, char *err, size_t errlen)
{
	return campaign_job_run(dir, 1, g, err, errlen);
}

/* Jobs 0..n-1 as children, at most `jobs` at a time: start(ctx, k) starts job k and returns
 * its pid, or -1 (then no more start). Returns -1 when every job started and exited 0, else
 * the first job that did not (*status: its wait status, 0 when it did not start). */
static int campaign_pool(int n, int jobs, pid_t (*start)(void *ctx, int k), void *ctx,
                         int *status)
{
	pid_t *pid = calloc((size_t)(n ? n : 1), sizeof(*pid));
	int next = 0, running = 0, failed = -1;
	*status = 0;
	if (!pid)
		return 0;
	while ((next < n && failed < 0) || running) {
		if (next < n && failed < 0 && running < jobs) {
			if ((pid[next] = start(ctx, next)) < 0)
				failed = next;
			else
				running++;
			next++;
			continue;
		}
		int st;
		pid_t done;
		while ((done = wait(&st)) < 0 && errno == EINTR)
			;
		if (done < 0)
			break;
		running--;
		for (int k = 0; k < next; k++)
			if (pid[k] == done && !(WIFEXITED(st) && WEXITSTATUS(st) == 0) && failed < 0) {
				failed = k;
				*status = st;
			}
	}
	free(pid);
	return failed;
}

/* What campaign_forked_driver's jobs share. */
struct campaign_forked {
	struct campaign c;
	struct core_config cfg;
	struct emu *e;
	int errfd;
	char err[1024];
};

/* Run on to instruction `at` (the start of chain k) on the translator. 0, or -1 after a
 * message. */
static int campaign_forked_to(struct campaign_forked *f, int k, uint64_t at)
{
	if (at < emu_instret(f->e)) {  /* campaign_chain orders them by start */
		dprintf(f->errfd, "robin simpoint: internal error: chain %d starts at instruction %"
		        PRIu64 ", before the one forked last\n", k, at);
		return -1;
	}
	if (at > emu_instret(f->e) && emu_run(f->e, at - emu_instret(f->e)) != EMU_LIMIT) {
		dprintf(f->errfd, "robin simpoint: %s ended before chain %d's warming start, "
		        "instruction %" PRIu64 " (not deterministic?)\n", f->c.argv[0], k, at);
		return -1;
	}
	return 0;
}

/* Chain k warmed in this process from f->e, its failure's message in chain-K.log (the driver
 * shows that log's first line): `forked` < 0, a fork whose child could not make its state its
 * own (f->err says why). With ff, the guest is handed back to f->e where the chain stopped and
 * its output goes on to ff (else the run destroys it). 0 or -errno. */
static int campaign_chain_here(struct campaign_forked *f, int k, int forked, const char *ff)
{
	char log[PATH_MAX];
	campaign_path(log, sizeof(log), f->c.dir, "chain-%d.log", k);
	int lfd = campaign_log_open(log);
	struct emu *back = NULL;
	int rc = forked < 0 ? -EIO : campaign_chain_in(&f->c, &f->cfg, k, NULL, f->e,
	                                                ff ? &back : NULL, f->err, sizeof(f->err));
	if (ff) {
		f->e = back;
		if (!rc && (!back || campaign_guest_output_to(ff, 1)))
			rc = campaign_fail(f->err, sizeof(f->err), -EIO, "chain %d: the guest was not "
			                   "handed back, or %s cannot be written", k, ff);
	}
	if (rc)
		dprintf(lfd >= 0 ? lfd : f->errfd, "robin simpoint chain: %s\n", f->err);
	if (lfd >= 0)
		close(lfd);
	return rc;
}

/* Job k: run on to the start of chain k (the chains go by start) and fork its warming there.
 * Its pid, or -1 after a message. */
static pid_t campaign_forked_start(void *ctx, int k)
{
	struct campaign_forked *f = ctx;
	if (campaign_forked_to(f, k, f->c.chain[k].start))
		return -1;
	campaign_token_get();  /* the chain's, to warm with */
	pid_t pid = campaign_fork(f->e, f->err, sizeof(f->err));
	if (pid == -1) {
		campaign_token_put();
		dprintf(f->errfd, "robin simpoint: cannot start chain %d: %s\n", k, f->err);
		return -1;
	}
	if (pid <= 0) {
		/* the chain's process, its state its own (pid 0) or not (-2, err says why); its
		 * descriptors among robin's, the guest's numbers as they are */
		_exit(campaign_chain_here(f, k, pid, NULL) ? 1 : 0);
	}
	return pid;
}

/* One job: nothing runs beside a chain, so the forking run itself warms each chain whose
 * successor starts at or after its last point (where its guest stops), then goes on from
 * there: a forked chain would copy every page of the guest it writes, which this process
 * keeps, and this process would fault on each again after it (xz at 1M: 247,000 page faults
 * in the campaign forked, 195,000 so; the points' forks still cost the rest). A chain that
 * the next one starts before (never, with the cut campaign_chain makes; points alone with
 * --no-chains, often) is forked and waited for. Returns as campaign_pool. */
static int campaign_chains_one_job(struct campaign_forked *f, const char *ff, int *status)
{
	*status = 0;
	for (int k = 0; k < f->c.n_chains; k++) {
		const struct campaign_chain *ch = &f->c.chain[k];
		uint64_t last = f->c.pts[f->c.chain_ord[ch->first + ch->n - 1]].start;
		if (k + 1 < f->c.n_chains && f->c.chain[k + 1].start < last) {
			pid_t pid = campaign_forked_start(f, k);
			if (pid < 0)
				return k;
			int st;
			while (waitpid(pid, &st, 0) < 0)
				if (errno != EINTR)
					return k;
			if (!WIFEXITED(st) || WEXITSTATUS(st)) {
				*status = st;
				return k;
			}
			continue;
		}
		if (campaign_forked_to(f, k, ch->start))
			return k;
		campaign_token_get();  /* the chain's, handed to its points (the last gives it back) */
		if (campaign_chain_here(f, k, 0, ff)) {
			*status = 1 << 8;  /* as an exit status of 1 */
			return k;
		}
	}
	return -1;
}

/* In a child: run the program once on the translator, stopping at each chain's start (in
 * order) to fork the chain's warming there, at most jobs at a time (with one job, to warm it
 * here: campaign_chains_one_job); the guest's output up
 * to the last chain in fastforward.out. Exits 0, or 1 after a message on stderr naming what
 * failed. */
static __attribute__((noreturn)) void campaign_forked_driver(const char *dir, int jobs)
{
	static struct campaign_forked f;
	char ff[PATH_MAX];
	/* the guest's output takes fds 1 and 2: the messages go to the caller's stderr */
	f.errfd = fcntl(2, F_DUPFD_CLOEXEC, 950);
	if (f.errfd < 0)
		f.errfd = 2;
	if (campaign_open(dir, &f.c, &f.cfg, f.err, sizeof(f.err))) {
		dprintf(f.errfd, "robin simpoint: %s\n", f.err);
		_exit(1);
	}
	if (campaign_path(ff, sizeof(ff), f.c.dir, "fastforward.out") ||
	    campaign_fast_forward(&f.c, 0, ff, &f.e, f.err, sizeof(f.err))) {
		dprintf(f.errfd, "robin simpoint: %s\n", f.err);
		_exit(1);
	}
	/* the job tokens: `jobs` of them (the chains' processes and their points' share them) */
	if (campaign_pipe(campaign_tokens)) {
		dprintf(f.errfd, "robin simpoint: cannot make the job tokens' pipe: %s\n",
		        strerror(errno));
		_exit(1);
	}
	for (int j = 0; j < jobs; j++)
		campaign_token_put();
	int st, failed = jobs == 1 ? campaign_chains_one_job(&f, ff, &st) :
	                 campaign_pool(f.c.n_chains, jobs, campaign_forked_start, &f, &st);
	if (failed >= 0) {
		/* the chain's log names the point that failed, and that point's log */
		char line[512] = "";
		char log[PATH_MAX];
		campaign_path(log, sizeof(log), f.c.dir, "chain-%d.log", failed);
		FILE *lf = fopen(log, "r");
		if (lf) {
			if (!fgets(line, sizeof(line), lf))
				line[0] = 0;
			fclose(lf);
		}
		line[strcspn(line, "\n")] = 0;
		if (line[0])
			dprintf(f.errfd, "%s\n", line);
		else if (st && WIFSIGNALED(st))
			dprintf(f.errfd, "robin simpoint: chain %d was killed by signal %d (%s; its log: "
			        "%s)\n", failed, WTERMSIG(st), strsignal(WTERMSIG(st)), log);
		else
			dprintf(f.errfd, "robin simpoint: chain %d failed, exit status %d (see %s)\n",
			        failed, st && WIFEXITED(st) ? WEXITSTATUS(st) : -1, log);
	}
	_exit(failed < 0 ? 0 : 1);
}

int campaign_run_local(const struct campaign *c, int jobs, pid_t *other, int *other_status,
                       char *err, size_t errlen)
{
	if (jobs < 1)
		jobs = 1;
	fflush(NULL);
	pid_t driver = fork();
	if (driver < 0)
		return campaign_fail(err, errlen, -errno, "fork: %s", strerror(errno));
	if (driver == 0)
		campaign_forked_driver(c->dir, jobs);
	for (;;) {
		int status;
		pid_t done;
		while ((done = wait(&status)) < 0 && errno == EINTR)
			;
		if (done < 0)
			return campaign_fail(err, errlen, -errno, "wait: %s", strerror(errno));
		if (other && *other > 0 && done == *other) {
			*other_status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
			*other = -1;
			continue;
		}
		if (done != driver)
			continue;
		if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
			return 0;
		if (WIFSIGNALED(status))
			return campaign_fail(err, errlen, -EIO, "the points of %s did not all run: the run "
			                     "that forks their chains was killed by signal %d (%s)", c->dir,
			                     WTERMSIG(status), strsignal(WTERMSIG(status)));
		return campaign_fail(err, errlen, -EIO, "the points of %s did not all run (above)",
		                     c->dir);
	}
}

int campaign_write_slurm(const struct campaign *c, const char *self, char *err, size_t errlen)
{
	static const char *const names[3] = { "points.sbatch", "merge.sbatch", "submit.sh" };
	for (int k = 0; k < 3; k++) {
		char path[PATH_MAX];
		if (campaign_path(path, sizeof(path), c->dir, "%s", names[k]))
			return campaign_fail(err, errlen, -ENAMETOOLONG, "path too long");
		FILE *f = fopen(path, "w");
		if (!f)
			return campaign_fail(err, errlen, -errno, "cannot write %s: %s", path, strerror(errno));
		if (k == 0) {
			fprintf(f, "#!/bin/sh\n"
			        "# robin simpoint: one chain of points (one warming, the points in detail\n"
			        "# on the way) per array task\n"
			        "#SBATCH --job-name=robin-points\n#SBATCH --array=0-%d\n"
			        "#SBATCH --ntasks=1\n#SBATCH --output=%s/slurm-chain-%%a.log\n",
			        c->n_chains - 1, c->dir);
			if (c->cwd[0])  /* the program's relative paths are from where the campaign ran */
				fprintf(f, "cd '%s' || exit 1\n", c->cwd);
			fprintf(f, "exec '%s' simpoint chain '%s' \"$SLURM_ARRAY_TASK_ID\"\n", self, c->dir);
		} else if (k == 1) {
			fprintf(f, "#!/bin/sh\n"
			        "# robin simpoint: the weighted estimate once every point has run\n"
			        "#SBATCH --job-name=robin-merge\n#SBATCH --ntasks=1\n"
			        "#SBATCH --output=%s/slurm-merge.log\n"
			        "exec '%s' simpoint merge '%s' --stats-json '%s/result.json'\n",
			        c->dir, self, c->dir, c->dir);
		} else {
			fprintf(f, "#!/bin/sh\n"
			        "# submit the points as a job array and the merge after all of them\n"
			        "set -e\n"
			        "jid=$(sbatch --parsable '%s/points.sbatch')\n"
			        "sbatch --parsable --dependency=afterok:\"${jid%%%%;*}\" '%s/merge.sbatch'\n",
			        c->dir, c->dir);
		}
		if (fclose(f))
			return campaign_fail(err, errlen, -EIO, "cannot write %s", path);
		chmod(path, 0755);
	}
	return 0;
}

/* ---- the full detailed run ------------------------------------------------------------ */

struct campaign_commits {
	const struct campaign *c;
	uint64_t committed;
	size_t next;                /* the interval whose end comes next */
	uint64_t *end_cycle;        /* commit cycle of each interval's last instruction */
};

static void campaign_on_insn(void *ctx, const struct probe_insn *rec)
{
	struct campaign_commits *k = ctx;
	if (!rec->committed)
		return;
	k->committed++;
	while (k->next < k->c->n_intervals &&
	       k->committed == k->c->start[k->next] + k->c->length[k->next])
		k->end_cycle[k->next++] = rec->t_end;
}

int campaign_truth_run(const char *dir_arg, char *err, size_t errlen)
{
	char out[PATH_MAX], path[PATH_MAX], tmp[PATH_MAX + 8];
	struct campaign c;
	struct core_config cfg;
	int rc = campaign_open(dir_arg, &c, &cfg, err, errlen);
	if (rc)
		return rc;
	const char *dir = c.dir;
	struct campaign_commits k = { &c, 0, 0, calloc(c.n_intervals + 1, sizeof(uint64_t)) };
	struct emu_opts eo = { .cfg = { .sysroot = c.sysroot[0] ? c.sysroot : NULL, .seed = c.seed,
	                                .virtual_time = 1 } };
	struct sim_spec *sp = malloc(sizeof(*sp));
	if (!k.end_cycle || !sp) {
		rc = campaign_fail(err, errlen, -ENOMEM, "out of memory");
		goto out;
	}
	campaign_path(out, sizeof(out), dir, "full.out");
	campaign_path(path, sizeof(path), dir, "truth.txt");
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	sim_spec_init(sp, "simpoint");
	sp->command = "robin simpoint truth";
	sp->eo = &eo;
	sp->cfg = cfg;
	sp->argc = c.argc;
	sp->argv = c.argv;
	struct probe_consumer pc = { .ctx = &k, .on_insn = campaign_on_insn };
	sp->consumers = &pc;
	sp->nconsumers = 1;
	if ((rc = campaign_prof_spec(dir, sp, err, errlen)))
		goto out;
	fflush(NULL);
	if (campaign_guest_output(out)) {
		rc = campaign_fail(err, errlen, -EIO, "cannot write %s", out);
		goto out;
	}
	struct campaign_detail d = { .dir = dir, .cwd = c.cwd, .prof_name = "truth.prof",
	                             .what = "the full detailed run", .err = err, .errlen = errlen };
	if ((rc = campaign_detail_run(sp, &d)))
		goto out;
	FILE *f = fopen(tmp, "w");
	if (!f) {
		rc = campaign_fail(err, errlen, -errno, "cannot write %s", tmp);
		goto out;
	}
	/* the final interval ends with the program: its last instruction (the exit call) may
	 * not commit as the others do */
	if (k.next + 1 == c.n_intervals && k.committed + 1 >= c.start[k.next] + c.length[k.next])
		k.end_cycle[k.next++] = d.stats.cycles;
	fprintf(f, "cycles %" PRIu64 "\ninstructions %" PRIu64 "\nhost_seconds %.3f\n",
	        d.stats.cycles, d.stats.instructions, d.secs);
	for (size_t i = 0; i < k.next; i++)
		fprintf(f, "I %zu %" PRIu64 "\n", i, k.end_cycle[i] - (i ? k.end_cycle[i - 1] : 0));
	for (unsigned s = 0; s < CORE_STACK_N; s++)
		fprintf(f, "stack %u %" PRIu64 "\n", s, d.stats.stack[s]);
	if (fclose(f) || rename(tmp, path))
		rc = campaign_fail(err, errlen, -EIO, "cannot write %s", path);
out:
	free(sp);
	free(k.end_cycle);
	campaign_free(&c);
	return rc;
}

int campaign_truth_load(const struct campaign *c, struct campaign_truth *t, char *err, size_t errlen)
{
	char path[PATH_MAX], line[128];
	memset(t, 0, sizeof(*t));
	campaign_path(path, sizeof(path), c->dir, "truth.txt");
	FILE *f = fopen(path, "r");
	if (!f)
		return campaign_fail(err, errlen, -errno, "cannot read %s: %s", path, strerror(errno));
	t->interval_cycles = calloc(c->n_intervals + 1, sizeof(uint64_t));
	if (!t->interval_cycles) {
		fclose(f);
		return campaign_fail(err, errlen, -ENOMEM, "out of memory");
	}
	size_t n = 0;
	while (fgets(line, sizeof(line), f)) {
		size_t i;
		unsigned slot;
		uint64_t v;
		if (sscanf(line, "stack %u %" SCNu64, &slot, &v) == 2 && slot < CORE_STACK_N) {
			t->stack[slot] = v;
			t->has_stack = 1;
			continue;
		}
		if (sscanf(line, "cycles %" SCNu64, &t->cycles) == 1 ||
		    sscanf(line, "instructions %" SCNu64, &t->insns) == 1 ||
		    sscanf(line, "host_seconds %lf", &t->host_seconds) == 1)
			continue;
		if (sscanf(line, "I %zu %" SCNu64, &i, &v) == 2 && i < c->n_intervals) {
			t->interval_cycles[i] = v;
			n++;
		}
	}
	fclose(f);
	if (!t->insns || n != c->n_intervals) {
		campaign_truth_free(t);
		return campaign_fail(err, errlen, -EINVAL, "%s: incomplete (%zu of %zu intervals)", path,
		                     n, c->n_intervals);
	}
	return 0;
}

void campaign_truth_free(struct campaign_truth *t)
{
	free(t->interval_cycles);
	t->interval_cycles = NULL;
}
