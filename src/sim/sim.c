/*
 * sim.c — one simulation in any mode (sim.h): start the guest (program or checkpoint),
 * assemble one core or several with the consumers the description names, warm, run the whole
 * program, a window or SMARTS, and hand the result to the outputs (sim_output.c). The only
 * place that creates a core: robin sim, robin accuracy, campaign points and the
 * co-processor's baseline run all come through sim_run, SimPoint's memory pass through
 * sim_functional. Entry points: sim_spec_init, sim_check, sim_run, sim_functional.
 */
#include "sim/sim.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "emu/thread.h"
#include "sim/sim_priv.h"
#include "sim/sim_smarts.h"
#include "util/json.h"
#include "util/outfile.h"

void sim_spec_init(struct sim_spec *s, const char *cmd)
{
	memset(s, 0, sizeof(*s));
	s->cmd = cmd;
	s->command = "robin sim";
	s->progress = 1;
	s->pv_end = UINT64_MAX;
	for (unsigned k = 0; k < SIM_PMUS_MAX; k++)
		s->po[k].top = SIM_PROFILE_TOP_DEFAULT;
}

int sim_vlen_match(struct core_config *cfg, struct emu_opts *eo, const char *cmd)
{
	struct core_config def;
	config_defaults(&def);
	if (eo->cfg.vlen) {
		if (cfg->vlen != def.vlen && cfg->vlen != eo->cfg.vlen) {
			fprintf(stderr, "robin %s: --vlen %u and the core's vlen %u differ\n", cmd,
			        eo->cfg.vlen, cfg->vlen);
			return 2;
		}
		cfg->vlen = eo->cfg.vlen;
	} else {
		eo->cfg.vlen = cfg->vlen;
	}
	char err[CONFIG_ERR_LEN];
	if (config_validate(cfg, err)) {
		fprintf(stderr, "robin %s: %s\n", cmd, err);
		return 2;
	}
	return 0;
}

int sim_check(const struct sim_spec *s)
{
	const struct sim_profile_opts *po = &s->po[0];
	const char *cmd = s->cmd;
	if (s->pmo[0].any && !s->pmo[0].on) {
		fprintf(stderr, "robin %s: --pm-* options need --profileme\n", cmd);
		return 2;
	}
	if (!po->list && (((po->db_path || po->top_set) && !s->pmo[0].on) || po->period ||
	                  po->freq_hz > 0 || po->random)) {
		fprintf(stderr, "robin %s: --db, --freq, --period, --random and --top need --profile "
		        "LIST|all (--db and --top also go with --profileme)\n", cmd);
		return 2;
	}
	if (s->cpo.any && !s->cpo.path) {
		fprintf(stderr, "robin %s: the --coproc-* options need --coproc FILE.s\n", cmd);
		return 2;
	}
	if (po->period && po->freq_hz > 0) {
		fprintf(stderr, "robin %s: --freq and --period exclude each other\n", cmd);
		return 2;
	}
	if (s->host_time && s->eo->cfg.virtual_time) {
		fprintf(stderr, "robin %s: --host-time and --virtual-time exclude each other\n", cmd);
		return 2;
	}
	if (s->warm_more && (s->ncores || (po->list && po->want_stacks))) {
		fprintf(stderr, "robin %s: a warming that goes on (a chain of points) needs one core "
		        "and no shadow stacks\n", cmd);
		return 2;
	}
	return 0;
}

static double sim_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

struct sim_progress {
	double t0, last;
};

static void sim_progress_line(void *ctx, const struct core *c)
{
	struct sim_progress *p = ctx;
	double t = sim_now();
	if (t - p->last < 0.5)
		return;
	p->last = t;
	const struct core_stats *s = core_stats(c);
	uint64_t cycles = core_cycle(c);
	fprintf(stderr, "\r\033[Krobin sim: %.1fM instructions, %.1fM cycles, IPC %.3f, %.2f MIPS",
	        (double)s->instructions / 1e6, (double)cycles / 1e6,
	        cycles ? (double)s->instructions / (double)cycles : 0.0,
	        (double)s->instructions / (t - p->t0) / 1e6);
	fflush(stderr);
}

/* Some ProfileMe unit is on. */
static int sim_has_pm(const struct sim_spec *s)
{
	for (unsigned k = 0; k < SIM_PMS_MAX; k++)
		if (s->pmo[k].on)
			return 1;
	return 0;
}

/* ---- the guest's output to /dev/null (a baseline run) -------------------------------------- */

struct sim_quiet {
	int save1, save2;
};

static int sim_quiet_begin(struct sim_quiet *q)
{
	fflush(stdout);
	fflush(stderr);
	int null = open("/dev/null", O_RDWR | O_CLOEXEC);
	q->save1 = dup(1);
	q->save2 = dup(2);
	if (null < 0 || q->save1 < 0 || q->save2 < 0) {
		if (null >= 0)
			close(null);
		return -EIO;
	}
	dup2(null, 1);
	dup2(null, 2);
	close(null);
	return 0;
}

static void sim_quiet_end(struct sim_quiet *q)
{
	fflush(stdout);
	fflush(stderr);
	if (q->save1 >= 0) {
		dup2(q->save1, 1);
		close(q->save1);
	}
	if (q->save2 >= 0) {
		dup2(q->save2, 2);
		close(q->save2);
	}
}

/* ---- assembling ------------------------------------------------------------------------- */

enum emu_status sim_warm_cores(struct sim *sim, uint64_t n)
{
	struct source_cores *sc = sim->sc;
	struct emu_dyn d;
	uint64_t left = n;
	while (left && sc->status == EMU_RUNNING) {
		int any = 0;
		for (unsigned k = 0; k < sc->n && left && sc->status == EMU_RUNNING; k++) {
			int r = source_cores_step(sc, k, &d);
			if (r < 0)
				return EMU_FAULT;
			if (r == 1) {
				core_warm(sim->m->core[k], &d);
				left--;
				any = 1;
			}
		}
		if (!any)
			break;  /* every thread waits for time to pass: the detailed part goes on */
	}
	return sc->status;
}

/* Functional warming of n instructions (all of them from a checkpoint's start when n is 0 and
 * the guest was restored: the statistics restart either way). One core: the emulator's
 * records warm its caches, TLBs and predictor; several: each core's stream warms that core.
 * EMU_RUNNING, or how the program ended during warming. */
static enum emu_status sim_warm(struct sim *sim, uint64_t n)
{
	struct emu_dyn d;
	if (!sim->m && n && !sim->calls) {
		/* the translated code's trace, branches and all, where the host allows */
		uint64_t mo = sim->s->warmup_mem_only;
		enum emu_status st = core_warm_steps(sim->c, sim->e, n, mo < n ? n - mo : 0);
		if (core_warm_trace_error(sim->c)) {
			fprintf(stderr, "robin %s: the warming trace is out of step at pc 0x%" PRIx64 "\n",
			        sim->s->cmd, core_warm_trace_error(sim->c) & ~(uint64_t)1);
			return EMU_FAULT;
		}
		if (st != EMU_RUNNING)
			return st;
		core_warm_done(sim->c);
		return EMU_RUNNING;
	}
	if (!sim->m) {
		uint64_t mo = sim->s->warmup_mem_only;
		core_warm_clock_only(sim->c, mo > 0);
		for (uint64_t k = 0; k < n; k++) {
			if (k == mo)
				core_warm_clock_only(sim->c, 0);
			enum emu_status st = emu_step(sim->e, &d);
			if (st != EMU_RUNNING)
				return st;
			if (sim->calls)
				callstack_step(sim->calls, sim->e, &d);
			core_warm(sim->c, &d);
		}
		core_warm_clock_only(sim->c, 0);
		core_warm_done(sim->c);
		return EMU_RUNNING;
	}
	enum emu_status st = sim_warm_cores(sim, n);
	for (unsigned k = 0; k < sim->m->n; k++)
		core_warm_done(sim->m->core[k]);
	return st == EMU_LIMIT ? EMU_RUNNING : st;
}

/* The file name of core k's pipeline view. */
static void sim_pipeview_path(const struct sim *sim, unsigned k, char *path, size_t size)
{
	if (sim->m)
		snprintf(path, size, "%s.%u", sim->s->pipeview, k);
	else
		snprintf(path, size, "%s", sim->s->pipeview);
}

/* The pipeline views' ends: every file flushed, checked and closed. 0, or 1 after one line
 * per file that could not be written. */
static int sim_pipeview_close(struct sim *sim)
{
	int bad = 0;
	for (unsigned k = 0; k < SOURCE_CORES_MAX; k++) {
		if (!sim->pvf[k])
			continue;
		if (sim->pv[k])
			pipeview_finish(sim->pv[k]);
		int err = outfile_close(sim->pvf[k]);
		sim->pvf[k] = NULL;
		if (err) {
			char path[4096];
			sim_pipeview_path(sim, k, path, sizeof(path));
			fprintf(stderr, "robin %s: %s: %s\n", sim->s->cmd, path, strerror(-err));
			bad = 1;
		}
	}
	return bad;
}

/* The pipeline view of core k, writing its file. 0 or 1 after a message. */
static int sim_pipeview(struct sim *sim, unsigned k, struct core *c)
{
	const struct sim_spec *s = sim->s;
	struct probe_consumer pc;
	char path[4096];
	sim_pipeview_path(sim, k, path, sizeof(path));
	if (!(sim->pvf[k] = fopen(path, "w"))) {
		fprintf(stderr, "robin %s: cannot write %s: %s\n", s->cmd, path, strerror(errno));
		return 1;
	}
	if (pipeview_create(sim->pvf[k], s->pv_start, s->pv_end, &sim->pv[k]) ||
	    (pipeview_consumer(sim->pv[k], &pc), core_attach(c, &pc))) {
		fprintf(stderr, "robin %s: cannot set up the pipeline view\n", s->cmd);
		return 1;
	}
	return 0;
}

/* Check the consumers' options now (a bad profiler list, a co-processor program that does not
 * assemble, a database that cannot take the profiles), not at a thread's first cycle. */
static int sim_probe_options(struct sim *sim)
{
	const struct sim_spec *s = sim->s;
	if (s->po[0].list && s->po[0].db_path && sim_profile_db_ready(s->po[0].db_path, s->cmd))
		return 1;
	for (unsigned k = 0; k < s->npo; k++) {
		struct pmu *p = NULL;
		if (sim->po[k].list && sim_profile_pmu(&sim->po[k], s->cmd, &s->cfg, &p))
			return 1;
		pmu_destroy(p);
	}
	if (s->cpo.path) {
		struct sim_coproc *cp = NULL;
		int rc = sim_coproc_create(&s->cpo, NULL, NULL, &cp);
		sim_coproc_destroy(cp);
		if (rc)
			return rc;
	}
	return 0;
}

/* The library caller's own consumers on core c. 0 or 1 after a message. */
static int sim_attach_callers(struct sim *sim, struct core *c)
{
	for (unsigned i = 0; i < sim->s->nconsumers; i++)
		if (core_attach(c, &sim->s->consumers[i])) {
			fprintf(stderr, "robin %s: cannot attach a consumer\n", sim->s->cmd);
			return 1;
		}
	return 0;
}

/* One core reading the emulator, the consumers attached to it as robin sim always did. */
static int sim_assemble_one(struct sim *sim)
{
	const struct sim_spec *s = sim->s;
	uint64_t limit = s->insns ? s->insns : s->eo->max_insns;
	source_emu_init(&sim->se, sim->e, limit, &sim->src[0]);
	if (sim->po[0].list && sim->po[0].want_stacks) {
		if (callstack_create(&sim->calls)) {
			fprintf(stderr, "robin %s: out of memory for the shadow stack\n", s->cmd);
			return 1;
		}
		sim->se.calls = sim->calls;
	}
	int err = core_create(&s->cfg, &sim->src[0], &sim->c);
	if (err) {
		fprintf(stderr, "robin %s: cannot create the core: %s\n", s->cmd, strerror(-err));
		return 1;
	}
	if (!s->host_time && !s->eo->cfg.virtual_time)
		core_guest_clock(sim->c, sim->e);  /* the guest's time is the simulated time */
	if ((s->warmup || s->restore || s->emu) && sim_warm(sim, s->warmup) != EMU_RUNNING) {
		fprintf(stderr, "robin %s: the program ended during --warmup, after %" PRIu64
		        " instructions\n", s->cmd, emu_instret(sim->e));
		return 1;
	}
	if (s->warm_more) {
		uint64_t n = limit;
		int r = s->warm_more(s->warm_more_ctx, sim->c, sim->e, &n);
		if (r) {
			sim->stopped = r > 0;
			return r > 0 ? 0 : 1;
		}
		core_warm_done(sim->c);
		sim->se.max_insns = n;
	}
	if (s->pipeview && sim_pipeview(sim, 0, sim->c))
		return 1;
	if (s->po[0].list && s->po[0].db_path && sim_profile_db_ready(s->po[0].db_path, s->cmd))
		return 1;  /* a database that cannot take the profiles fails now, not after */
	if (s->npo || sim_has_pm(s) || s->cpo.path) {
		struct sim_thread *t;
		int rc = sim_thread_create(sim, 0, &t);
		if (rc)
			return rc == 2 ? 2 : 1;
		for (unsigned i = 0; i < t->npc; i++)
			if (core_attach(sim->c, &t->pc[i])) {
				fprintf(stderr, "robin %s: cannot attach the consumers\n", s->cmd);
				return 1;
			}
	}
	if (s->probe_check) {
		struct probe_consumer pc;
		probe_check_init(&sim->pcheck[0], &pc);
		if (core_attach(sim->c, &pc)) {
			fprintf(stderr, "robin %s: cannot attach the probe check\n", s->cmd);
			return 1;
		}
	}
	return sim_attach_callers(sim, sim->c);
}

/* N cores sharing the LLC and DRAM, the guest's threads scheduled on them; the consumers per
 * thread behind one router per core, the pipeline view and the probe check per core. */
static int sim_assemble_cores(struct sim *sim)
{
	const struct sim_spec *s = sim->s;
	if (!(sim->sc = calloc(1, sizeof(*sim->sc)))) {
		fprintf(stderr, "robin %s: out of memory\n", s->cmd);
		return 1;
	}
	source_cores_init(sim->sc, sim->e, s->ncores, s->eo->cfg.quantum, 0, sim->src);
	if (sim->po[0].list && sim->po[0].want_stacks &&
	    !(sim->sc->calls = calloc(SOURCE_CORES_THREADS, sizeof(*sim->sc->calls)))) {
		fprintf(stderr, "robin %s: out of memory for the shadow stacks\n", s->cmd);
		return 1;
	}
	int err = cores_create(&s->cfg, s->ncores, sim->src, &sim->m);
	if (err) {
		fprintf(stderr, "robin %s: cannot create %u cores: %s\n", s->cmd, s->ncores,
		        strerror(-err));
		return 1;
	}
	sim->c = sim->m->core[0];
	cores_set_wakeup(sim->m, source_cores_events, sim->sc);
	if (!s->host_time && !s->eo->cfg.virtual_time)
		core_guest_clock(sim->c, sim->e);
	if ((err = sim_probe_options(sim)))
		return err;
	if ((s->warmup || s->restore || s->emu) && sim_warm(sim, s->warmup) != EMU_RUNNING) {
		fprintf(stderr, "robin %s: the program ended during --warmup, after %" PRIu64
		        " instructions\n", s->cmd, emu_instret(sim->e));
		return 1;
	}
	uint64_t limit = s->insns ? s->insns : s->eo->max_insns;
	sim->sc->max_insns = limit ? sim->sc->produced + limit : 0;
	sim->per_thread = s->npo || sim_has_pm(s) || s->cpo.path || s->count_threads;
	for (unsigned k = 0; k < sim->m->n; k++) {
		struct core *c = sim->m->core[k];
		struct probe_consumer pc;
		if (s->pipeview && sim_pipeview(sim, k, c))
			return 1;
		if (sim->per_thread) {
			sim_thread_route(sim, k, &pc);
			if (core_attach(c, &pc)) {
				fprintf(stderr, "robin %s: cannot attach the consumers of core %u\n", s->cmd,
				        k);
				return 1;
			}
		}
		if (s->probe_check) {
			probe_check_init(&sim->pcheck[k], &pc);
			if (core_attach(c, &pc)) {
				fprintf(stderr, "robin %s: cannot attach the probe check\n", s->cmd);
				return 1;
			}
		}
		if (sim_attach_callers(sim, c))
			return 1;
	}
	return 0;
}

/* ---- running ----------------------------------------------------------------------------- */

/* The run's cycles (the last core's with several) and instructions of all cores. */
static void sim_totals(const struct sim *sim, uint64_t *cycles, uint64_t *insns)
{
	unsigned ncores = sim->m ? sim->m->n : 1;
	*cycles = sim->m ? cores_cycles(sim->m) : core_stats(sim->c)->cycles;
	*insns = 0;
	for (unsigned k = 0; k < ncores; k++)
		*insns += core_stats(sim->m ? sim->m->core[k] : sim->c)->instructions;
}

/* The library caller's view of the finished run (err: the core's -errno). */
static int sim_report_done(struct sim *sim, int rc, int err, const char *status)
{
	const struct sim_spec *s = sim->s;
	if (!s->done)
		return 0;
	struct sim_thread_result *tr = calloc((size_t)sim->nth + 1, sizeof(*tr));
	if (!tr)
		return 1;
	unsigned n = 0;
	for (int i = 0; i < sim->nth; i++) {
		if (sim->th[i])
			tr[i] = sim->th[i]->r;
		else
			tr[i].tid = -1;
		n = (unsigned)i + 1;
	}
	uint64_t cycles, insns;
	sim_totals(sim, &cycles, &insns);
	struct sim_result r = {
		.status = rc, .end = status, .error = err, .cycles = cycles, .instructions = insns, .host_seconds = sim->secs, .core = sim->c, .emu = sim->e,
		.map = &sim->cmap, .nthreads = n, .thread = tr,
		.smarts = sim->smarts_ok ? &sim->smarts : NULL,
	};
	int x = s->done(s->done_ctx, &r);
	free(tr);
	return x;
}

/* The cycle stack of every core sums to its cycles: anything else is robin's bug. */
static int sim_check_stacks(const struct sim *sim)
{
	unsigned n = sim->m ? sim->m->n : 1;
	for (unsigned k = 0; k < n; k++) {
		const struct core_stats *st = core_stats(sim->m ? sim->m->core[k] : sim->c);
		uint64_t sum = 0;
		for (unsigned i = 0; i < CORE_STACK_N; i++)
			sum += st->stack[i];
		if (sum != st->cycles) {
			fprintf(stderr, "robin %s: internal error: core %u's cycle stack sums to %" PRIu64
			        " of %" PRIu64 " cycles\n", sim->s->cmd, k, sum, st->cycles);
			return -EFAULT;
		}
	}
	return 0;
}

/* After the run: the consumers see its end, the caller's view, every thread's outputs and
 * (json) --stats-json. Returns the exit status. */
static int sim_tail(struct sim *sim, int rc, int err, const char *status, int sig, int json)
{
	const struct sim_spec *s = sim->s;
	if (!sim->m && sim->nth)
		sim->th[0]->r.cycles = core_stats(sim->c)->cycles;  /* one core: the program's */
	for (int i = 0; i < sim->nth; i++)
		if (sim->th[i])
			sim_thread_finish(sim->th[i]);
	if (sim->nth && sim_profile_code_map(sim->e, &sim->cmap)) {
		fprintf(stderr, "robin %s: out of memory while mapping the code\n", s->cmd);
		return rc ? rc : 1;
	}
	int x = sim_report_done(sim, rc, err, status);
	if (x)
		return x;
	rc = sim_outputs(sim, rc, err);
	if (json && s->stats_json) {
		if (sim->m) {
			if (sim_cores_json(sim, s->stats_json, rc, status, sig))
				rc = rc ? rc : 1;
		} else {
			rc = sim_out_json(sim, rc, status, sig);
		}
	}
	return rc;
}

static int sim_go_run(struct sim *sim);

/* Run the assembled simulation to its end and write the outputs; then the files written
 * during the run (pipeline views, the trace) are closed and checked. Returns the exit status. */
static int sim_go(struct sim *sim)
{
	int rc = sim_go_run(sim);
	if (sim_pipeview_close(sim))
		rc = rc ? rc : 1;
	if (sim_guest_close(sim->s->eo, sim->s->cmd))
		rc = rc ? rc : 1;
	return rc;
}

static int sim_go_run(struct sim *sim)
{
	const struct sim_spec *s = sim->s;
	if (s->smarts.unit) {
		enum emu_status end;
		int rc = sim_smarts_go(sim, &end);
		return sim_tail(sim, rc, 0, rc ? "error" : "exited", 0, 0);
	}
	struct sim_progress prog = { sim_now(), sim_now() };
	int tty = s->progress && !s->quiet && isatty(STDERR_FILENO);
	if (tty)
		core_set_progress(sim->c, sim_progress_line, &prog, 1u << 20);
	double t0 = sim_now();
	int err = sim->m ? cores_run(sim->m, stderr) : core_run(sim->c, stderr);
	sim->secs = sim_now() - t0;
	if (tty)
		fprintf(stderr, "\r\033[K");
	for (unsigned k = 0; k < SOURCE_CORES_MAX; k++)
		if (sim->pv[k])
			pipeview_finish(sim->pv[k]);
	if (sim_check_stacks(sim)) {
		if (!sim->m)
			abort();
		err = err ? err : -EFAULT;
	}
	uint64_t cycles, insns;
	unsigned ncores = sim->m ? sim->m->n : 1;
	sim_totals(sim, &cycles, &insns);
	enum emu_status end = sim->m ? sim->sc->status : sim->se.status;
	const char *status = "error";
	int sig = 0, rc;
	if (err) {
		if (!s->silent)
			fprintf(stderr, "robin %s: the %s stopped after %" PRIu64 " cycles and %" PRIu64
			        " instructions (%s)\n", s->cmd, sim->m ? "cores" : "core", cycles, insns,
			        err == -ETIMEDOUT ? "deadlock watchdog" : strerror(-err));
		rc = 1;
	} else if (s->insns && end == EMU_LIMIT) {
		status = "limit";  /* --insns reached: the expected end */
		rc = 0;
	} else if (s->silent) {
		enum emu_status st = end == EMU_RUNNING ? EMU_EXITED : end;
		status = st == EMU_EXITED ? "exited" : st == EMU_FAULT ? "fault" : "limit";
		sig = st == EMU_FAULT ? emu_fault_signal(sim->e) : 0;
		rc = st == EMU_EXITED ? emu_exit_code(sim->e) : st == EMU_FAULT ? 128 + sig
		                                                                  : SIM_GUEST_EXIT_LIMIT;
	} else {
		rc = sim_guest_finish(sim->e, end == EMU_RUNNING ? EMU_EXITED : end, &status, &sig);
	}
	if (sim->err) {
		fprintf(stderr, "robin %s: cannot create a thread's consumers: %s\n", s->cmd,
		        strerror(-sim->err));
		rc = rc ? rc : 1;
	}
	for (unsigned k = 0; s->probe_check && k < ncores; k++)
		if (probe_check_report(&sim->pcheck[k], core_stats(sim->m ? sim->m->core[k] : sim->c),
		                       stderr) && !rc)
			rc = 1;
	if (!s->quiet) {
		if (sim->m) {
			sim_cores_print(sim, cycles, insns);
		} else {
			fprintf(stderr, "robin %s: %s, %.3f s host time, %.2f MIPS\n", s->cmd,
			        s->restore ? s->restore : s->argv[0], sim->secs,
			        sim->secs > 0 ? (double)insns / sim->secs / 1e6 : 0.0);
			core_print_summary(sim->c, stderr);
		}
	}
	return sim_tail(sim, rc, err, status, sig, 1);
}

static void sim_free(struct sim *sim)
{
	for (int i = 0; i < sim->nth; i++)
		sim_thread_destroy(sim->th[i]);
	free(sim->th);
	code_map_free(&sim->cmap);
	callstack_destroy(sim->calls);
	for (unsigned k = 0; k < SOURCE_CORES_MAX; k++) {
		pipeview_destroy(sim->pv[k]);
		if (sim->pvf[k])
			fclose(sim->pvf[k]);
	}
	if (sim->m)
		cores_destroy(sim->m);
	else
		core_destroy(sim->c);
	if (sim->sc && sim->sc->calls) {
		for (int i = 0; i < SOURCE_CORES_THREADS; i++)
			callstack_destroy(sim->sc->calls[i]);
		free(sim->sc->calls);
	}
	free(sim->sc);
	free(sim->pcheck);
	(void)sim_guest_close(sim->s->eo, NULL);  /* sim_go reported it; an early end has no trace */
	emu_destroy(sim->e);
	free(sim);
}

/* The guest's VLEN is the core's when no --vlen chose it (robin accuracy, campaigns and
 * presets with V: the vector unit and the emulator must agree). */
static void sim_guest_vlen(const struct sim_spec *s)
{
	if (s->eo && !s->eo->cfg.vlen)
		s->eo->cfg.vlen = s->cfg.vlen;
}

/* Warm sim's core with the guest's instructions up to instruction count `to`; 0, or -ESRCH
 * when the program ended first. */
static int sim_warm_to(struct sim *sim, uint64_t to)
{
	struct emu_dyn d;
	while (emu_instret(sim->e) < to) {
		if (emu_step(sim->e, &d) != EMU_RUNNING)
			return -ESRCH;
		core_warm(sim->c, &d);
	}
	return 0;
}

/* sim_warm_to on the memory trace: 0, -ESRCH when the program ended first, -EIO when the
 * trace was out of step. The same clock, cycle for cycle. */
static int sim_trace_warm_to(struct sim *sim, uint64_t to)
{
	if (core_warm_trace_to(sim->c, sim->e, to, 0) != EMU_RUNNING)
		return -ESRCH;
	return core_warm_trace_error(sim->c) ? -EIO : 0;
}

int sim_functional_sampled(const struct sim_spec *s, const uint64_t *ends, size_t n,
                           const struct sim_sample *smp, uint64_t *cycles, uint64_t *insns)
{
	struct sim *sim = calloc(1, sizeof(*sim));
	int rc = -ENOMEM;
	if (!sim)
		return -ENOMEM;
	sim->s = s;
	sim_guest_vlen(s);
	rc = s->restore ? sim_guest_restore(s->eo, s->cmd, s->restore, &sim->e)
	                : sim_guest_start(s->eo, s->cmd, s->argc, s->argv, &sim->e);
	if (rc) {
		rc = -EINVAL;
		goto out;
	}
	source_emu_init(&sim->se, sim->e, 0, &sim->src[0]);
	if ((rc = core_create(&s->cfg, &sim->src[0], &sim->c)))
		goto out;
	core_warm_clock_only(sim->c, 1);  /* the clock's cycles are all this pass gives */
	static const struct sim_sample whole = { 0, 0, 0, 1 };
	/* every instruction warmed: from the translated code's trace where the host allows */
	int traced = !smp && !core_warm_trace_begin(sim->c, sim->e, 0);
	if (!smp)
		smp = &whole;
	uint64_t period = smp->period ? smp->period : UINT64_MAX;
	for (size_t i = 0; i < n; i++) {
		uint64_t begin = emu_instret(sim->e), len = ends[i] > begin ? ends[i] - begin : 0;
		/* intervals end within a block of their nominal length: round, not up */
		uint64_t parts = len / period + (len % period >= period / 2 + 1);
		uint64_t warm = smp->warm, measure = smp->measure;
		if (parts < smp->min_parts) {
			/* too short for windows that both warm enough and cover it: all of it */
			warm = 0;
			measure = len;
			parts = 1;
		}
		if (!parts)
			parts = 1;
		if (!measure)
			measure = 1;
		cycles[i] = 0;
		if (insns)
			insns[i] = 0;
		for (uint64_t q = 1; q <= parts; q++) {
			/* part q ends at begin + q·len/parts: measure its last `measure`
			 * instructions after warming the `warm` before them */
			uint64_t end = q == parts ? ends[i] :
			               begin + (uint64_t)((unsigned __int128)len * q / parts);
			uint64_t now = emu_instret(sim->e);
			if (end <= now)
				continue;
			uint64_t mstart = end - now > measure ? end - measure : now;
			uint64_t wstart = mstart - now > warm ? mstart - warm : now;
			if (wstart > now && emu_run(sim->e, wstart - now) != EMU_LIMIT) {
				rc = -ESRCH;
				goto out;
			}
			if ((rc = traced ? sim_trace_warm_to(sim, mstart) : sim_warm_to(sim, mstart)))
				goto out;
			uint64_t c0 = core_cycle(sim->c);
			if ((rc = traced ? sim_trace_warm_to(sim, end) : sim_warm_to(sim, end)))
				goto out;
			cycles[i] += core_cycle(sim->c) - c0;
			if (insns)
				insns[i] += end - mstart;
		}
	}
	rc = 0;
out:
	core_destroy(sim->c);
	if (sim_guest_close(s->eo, s->cmd) && !rc)
		rc = -EIO;
	emu_destroy(sim->e);
	free(sim);
	return rc;
}

int sim_functional(const struct sim_spec *s, const uint64_t *ends, size_t n, uint64_t *cycles)
{
	return sim_functional_sampled(s, ends, n, NULL, cycles, NULL);
}

int sim_run(const struct sim_spec *s)
{
	int rc = sim_check(s);
	if (rc)
		return rc;
	struct sim *sim = calloc(1, sizeof(*sim));
	unsigned ncores = s->ncores ? s->ncores : 1;
	if (!sim || !(sim->th = calloc(SOURCE_CORES_THREADS, sizeof(*sim->th))) ||
	    !(sim->pcheck = calloc(ncores, sizeof(*sim->pcheck)))) {
		fprintf(stderr, "robin %s: out of memory\n", s->cmd);
		if (sim)
			free(sim->th);
		free(sim);
		return 1;
	}
	sim->s = s;
	code_map_init(&sim->cmap);
	for (unsigned k = 0; k < SIM_PMUS_MAX; k++) {  /* po[0]'s --db and --top serve ProfileMe too */
		sim->po[k] = s->po[k];
		sim->po[k].stacks = sim->po[k].list && sim->po[k].want_stacks;
	}
	struct sim_quiet q = { -1, -1 };
	if (s->discard_output && sim_quiet_begin(&q)) {
		rc = 1;
		goto out;
	}
	sim_guest_vlen(s);
	if (s->emu)
		sim->e = s->emu;
	else
		rc = s->restore ? sim_guest_restore(s->eo, s->cmd, s->restore, &sim->e)
		                : sim_guest_start(s->eo, s->cmd, s->argc, s->argv, &sim->e);
	if (rc)
		goto out;
	rc = s->ncores ? sim_assemble_cores(sim) : sim_assemble_one(sim);
	if (!rc && !sim->stopped)
		rc = sim_go(sim);
	if (!rc && sim->stopped && s->emu_back) {
		*s->emu_back = sim->e;  /* the caller goes on with it */
		sim->e = NULL;
	}
out:
	if (s->discard_output)
		sim_quiet_end(&q);
	sim_free(sim);
	return rc;
}
