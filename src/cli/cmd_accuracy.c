/*
 * cmd_accuracy.c — `robin accuracy [options] [WORKLOAD...]`: every profiler of
 * 004_b28092482852db08.txt Paper A measured against the Oracle on the workload suite. Each
 * workload runs on the out-of-order core (one child process each, --jobs at a time) with all
 * profilers sampling the same cycles; the results are the paper's Figures A.8–A.10 as
 * tables (function, basic-block and instruction-level error; workloads grouped compute-,
 * flush- and stall-intensive by the Oracle's cycle stack; averages per group and overall),
 * the error distribution of Figure A.11c, and with --sweep-freq / --compare-random the
 * sensitivity analyses of Figures A.11a and A.11b. Text, --json or --csv.
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <fcntl.h>

#include "analysis/pmu_eval.h"
#include "analysis/tea_eval.h"
#include "cli/acc_profileme.h"
#include "cli/acc_cores.h"
#include "cli/acc_dcpi.h"
#include "cli/cli_args.h"
#include "cli/cli.h"
#include "cli/core_opts.h"
#include "cli/db_args.h"
#include "cli/emu_opts.h"
#include "sim/sim_profile.h"
#include "core/core.h"
#include "core/source.h"
#include "pmu/sampler.h"
#include "util/json.h"

/* The default sampling period. The paper samples at 4 kHz on a 3.2 GHz core, one sample
 * every 800,000 cycles, over SPEC runs of minutes: hundreds of thousands of samples. The
 * suite's reference runs last 15-60 million cycles, so robin samples every ACC_PERIOD_DEFAULT
 * cycles instead (a prime, so that no loop's period aliases with it): thousands to tens of
 * thousands of samples per workload, enough that the statistical part of the error is small
 * next to the systematic part the paper measures. */
#define ACC_PERIOD_DEFAULT 1009
#define ACC_PAPER_HZ 4000.0        /* the frequency the default period stands for */
#define ACC_MAX_CFG 12             /* PMUs attached to one simulation */
#define ACC_MAX_WORKLOADS 256

/* Figure A.11a's frequencies, as equivalents of ACC_PAPER_HZ at the default period. */
static const double acc_sweep_hz[] = { 100, 250, 500, 1000, 2000, 4000, 10000, 20000 };
#define ACC_NSWEEP (sizeof(acc_sweep_hz) / sizeof(acc_sweep_hz[0]))
/* The profilers of the sensitivity analyses (Figure A.11). */
static const char *const acc_sens_models[] = { "tip", "tip-ilp", "nci" };

struct acc_cfg {
	uint64_t period;
	int random;
	uint32_t models;
	double equiv_hz;             /* sweep: the paper frequency it stands for */
};

struct acc_workload {
	char name[64];
	char path[PATH_MAX];
	char suite_class[16];        /* class workloads/suite.tsv gives it, "" if none */
};

/* What a child reports through its pipe. */
struct acc_result {
	int ok;
	char msg[256];
	int guest_status;            /* the program's exit status */
	uint64_t cycles, instructions;
	double host_seconds;
	double stack[PMU_CAT_N];     /* Oracle cycle stack, shares */
	int cls;                     /* enum pmu_eval_class */
	uint64_t samples[ACC_MAX_CFG][PMU_MAX_MODELS];
	uint8_t valid[ACC_MAX_CFG][PMU_MAX_MODELS];
	double err[ACC_MAX_CFG][PMU_MAX_MODELS][PMU_EVAL_GRAN_N];
	struct tea_eval_run tea[ACC_MAX_CFG];  /* --tea: PICS errors (analysis/tea_eval.h) */
};

struct acc_opts {
	struct core_config core;
	const char *preset;
	struct acc_cfg cfg[ACC_MAX_CFG];
	int ncfg;
	int sweep, compare_random;
	int tea;                     /* --tea: 004 Paper B's experiment instead of Paper A's */
	int json, csv, quiet;
	int dcpi;                    /* --dcpi: DCPI's frequency estimation instead (acc_dcpi.c) */
	unsigned jobs;
	uint64_t max_insns;
	const char *size;            /* the workloads' size argument, NULL = their default */
	int dyn;
	const char *db_path;
	char root[PATH_MAX];         /* the repository (workloads/suite.tsv) */
};

static void acc_usage(FILE *out)
{
	fprintf(out,
	        "usage: robin accuracy [options] [WORKLOAD...]\n"
	        "\n"
	        "Runs each workload on robin's out-of-order core with every simulated profiler\n"
	        "attached (tip, tip-ilp, nci, nci-ilp, lci, software, dispatch, fetch), all sampling\n"
	        "the same cycles, and reports each profiler's profile error against the Oracle\n"
	        "(seed 004 Paper A §4: e = (c_total - c_correct) / c_total) at function, basic-block\n"
	        "and instruction level: the paper's Figures A.8, A.9 and A.10, workloads grouped\n"
	        "compute-, flush- and stall-intensive by the Oracle's cycle stack (more than 50%%\n"
	        "committing; else more than 3%% flushed; else stalled), with averages.\n"
	        "\n"
	        "WORKLOAD is a name from workloads/suite.tsv (default: all of them; the static build\n"
	        "build/guest/workloads/NAME.static) or the path of a riscv64 program.\n"
	        "\n"
	        "options:\n"
	        "  --period CYCLES     sampling period (default %d cycles: the suite's short runs\n"
	        "                      get thousands of samples each; see the output)\n"
	        "  --freq HZ           sampling frequency at the core clock instead (the paper:\n"
	        "                      4000 Hz at 3.2 GHz = every 800000 cycles)\n"
	        "  --random            sample a random cycle within each period\n"
	        "  --sweep-freq        also Figure A.11a: tip, tip-ilp and nci at the equivalents\n"
	        "                      of 100 Hz .. 20 kHz (the default period standing for 4 kHz)\n"
	        "  --compare-random    also Figure A.11b: periodic against random sampling\n"
	        "  --tea               seed 004 Paper B instead: PICS error of ibs, spe, ris, nci-tea\n"
	        "                      and tea against the golden reference (Figures B.5, B.9, B.7;\n"
	        "                      with --sweep-freq B.8); JSON member \"tea\"\n"
	        "  --dcpi              instead: DCPI's frequency, CPI and culprit estimates from\n"
	        "                      issue-head samples against the exact counts (002 §6.2,\n"
	        "                      Figures 8-10; use --preset inorder-dual, as DCPI's 21164)\n"
	        "  --cores N PROG ...  instead: a threaded program on N cores, each profiler's\n"
	        "                      error against each thread's Oracle (robin accuracy\n"
	        "                      --cores 1 --help)\n"
	        "  --size N            pass N as the workloads' size argument (suite default 10)\n"
	        "  --dyn               use the dynamically linked builds (NAME.dyn)\n"
	        "  --max-insns N       stop each workload after N instructions\n"
	        "  --jobs N            simulate N workloads at a time (default 1)\n"
	        "  --suite DIR         the repository holding workloads/ and build/guest/\n"
	        "                      (default: $ROBIN_ROOT, else found from robin's path)\n"
	        "  --db FILE           also store every workload's profiles in this database\n"
	        "  --json, --csv       machine-readable output on stdout\n"
	        "  --quiet             no progress lines on stderr\n"
	        "\n"
	        "core options:\n%s",
	        ACC_PERIOD_DEFAULT, core_opts_help);
}

static double acc_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- workloads ------------------------------------------------------------------------------ */

static int acc_is_root(const char *dir)
{
	char p[PATH_MAX + 32];
	snprintf(p, sizeof(p), "%s/workloads/suite.tsv", dir);
	return access(p, R_OK) == 0;
}

/* $ROBIN_ROOT, else the first ancestor of robin's own directory holding workloads/suite.tsv. */
static int acc_find_root(char *out)
{
	const char *env = getenv("ROBIN_ROOT");
	if (env && *env && acc_is_root(env)) {
		snprintf(out, PATH_MAX, "%s", env);
		return 0;
	}
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n <= 0)
		return -1;
	exe[n] = 0;
	for (char *slash = strrchr(exe, '/'); slash && slash != exe; slash = strrchr(exe, '/')) {
		*slash = 0;
		if (acc_is_root(exe)) {
			snprintf(out, PATH_MAX, "%s", exe);
			return 0;
		}
	}
	return -1;
}

/* Read workloads/suite.tsv: name and class of every row, in order. */
static int acc_read_suite(const char *root, struct acc_workload *w, size_t *n)
{
	char p[PATH_MAX + 32], line[1024];
	snprintf(p, sizeof(p), "%s/workloads/suite.tsv", root);
	FILE *f = fopen(p, "r");
	if (!f)
		return -errno;
	*n = 0;
	while (fgets(line, sizeof(line), f) && *n < ACC_MAX_WORKLOADS) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		char *tab = strchr(line, '\t');
		if (!tab)
			continue;
		*tab = 0;
		char *cls = tab + 1, *tab2 = strchr(cls, '\t');
		if (tab2)
			*tab2 = 0;
		struct acc_workload *x = &w[(*n)++];
		memset(x, 0, sizeof(*x));
		snprintf(x->name, sizeof(x->name), "%.63s", line);
		snprintf(x->suite_class, sizeof(x->suite_class), "%.15s", cls);
	}
	fclose(f);
	return 0;
}

static int acc_resolve(const struct acc_opts *o, int nargs, char **args, struct acc_workload *w,
		       size_t *n)
{
	struct acc_workload *suite = calloc(ACC_MAX_WORKLOADS, sizeof(*suite));
	size_t ns = 0;
	int rc = 0;
	if (!suite)
		return -ENOMEM;
	if (o->root[0] && acc_read_suite(o->root, suite, &ns))
		ns = 0;
	if (!nargs) {
		if (!ns) {
			fprintf(stderr, "robin accuracy: no workload given and no workloads/suite.tsv "
			        "found (use --suite DIR or set ROBIN_ROOT)\n");
			rc = -ENOENT;
			goto out;
		}
		memcpy(w, suite, ns * sizeof(*w));
		*n = ns;
	} else {
		*n = 0;
		for (int i = 0; i < nargs && *n < ACC_MAX_WORKLOADS; i++) {
			struct acc_workload *x = &w[(*n)++];
			memset(x, 0, sizeof(*x));
			size_t k = 0;
			while (k < ns && strcmp(suite[k].name, args[i]))
				k++;
			if (k < ns && !strchr(args[i], '/')) {
				*x = suite[k];
			} else {
				const char *base = strrchr(args[i], '/');
				snprintf(x->name, sizeof(x->name), "%s", base ? base + 1 : args[i]);
				snprintf(x->path, sizeof(x->path), "%s", args[i]);
			}
		}
	}
	for (size_t i = 0; i < *n; i++) {
		struct acc_workload *x = &w[i];
		if (!x->path[0] &&
		    snprintf(x->path, sizeof(x->path), "%s/build/guest/workloads/%s.%s", o->root,
		             x->name, o->dyn ? "dyn" : "static") >= (int)sizeof(x->path)) {
			fprintf(stderr, "robin accuracy: %s: path too long\n", x->name);
			rc = -ENAMETOOLONG;
			goto out;
		}
		if (access(x->path, R_OK)) {
			fprintf(stderr, "robin accuracy: %s: %s%s\n", x->path, strerror(errno),
			        x->suite_class[0] ? " (build the suite with `make guest`)" : "");
			rc = -ENOENT;
			goto out;
		}
	}
out:
	free(suite);
	return rc;
}

/* ---- one simulation (in a child process) ------------------------------------------------- */

static int acc_simulate(const struct acc_opts *o, const struct acc_workload *w,
			struct acc_result *r)
{
	struct emu *e = NULL;
	struct core *c = NULL;
	struct pmu *p[ACC_MAX_CFG] = { 0 };
	struct code_map m;
	code_map_init(&m);
	int rc;
	struct emu_config ec = { 0 };
	ec.virtual_time = 1;
	char *argv[3] = { (char *)w->path, (char *)o->size, NULL };
	char *envp[1] = { NULL };
	if ((rc = emu_create(&ec, &e))) {
		snprintf(r->msg, sizeof(r->msg), "cannot create the emulator: %s", strerror(-rc));
		goto out;
	}
	if ((rc = emu_load(e, w->path, o->size ? 2 : 1, argv, envp))) {
		snprintf(r->msg, sizeof(r->msg), "%s", emu_error(e));
		goto out;
	}
	struct source_emu se;
	struct core_source src;
	source_emu_init(&se, e, o->max_insns, &src);
	if ((rc = core_create(&o->core, &src, &c))) {
		snprintf(r->msg, sizeof(r->msg), "cannot create the core: %s", strerror(-rc));
		goto out;
	}
	for (int k = 0; k < o->ncfg; k++) {
		struct pmu_config pc = {
			.period_cycles = o->cfg[k].period, .random = o->cfg[k].random, .seed = 1 + k,
			.commit_width = o->core.commit_width, .models = o->cfg[k].models,
		};
		struct probe_consumer cons;
		if ((rc = pmu_create(&pc, &p[k]))) {
			snprintf(r->msg, sizeof(r->msg), "cannot set up the profilers");
			goto out;
		}
		pmu_consumer(p[k], &cons);
		if ((rc = core_attach(c, &cons))) {
			snprintf(r->msg, sizeof(r->msg), "cannot attach the profilers");
			goto out;
		}
	}
	double t0 = acc_now();
	rc = core_run(c, stderr);
	r->host_seconds = acc_now() - t0;
	const struct core_stats *st = core_stats(c);
	r->cycles = st->cycles;
	r->instructions = st->instructions;
	if (rc) {
		snprintf(r->msg, sizeof(r->msg), "the core stopped after %" PRIu64 " cycles (%s)",
		         st->cycles, rc == -ETIMEDOUT ? "deadlock watchdog" : strerror(-rc));
		goto out;
	}
	if (se.status == EMU_FAULT) {
		snprintf(r->msg, sizeof(r->msg), "%s", emu_fault_message(e));
		rc = -EFAULT;
		goto out;
	}
	r->guest_status = se.status == EMU_LIMIT ? -1 : emu_exit_code(e);
	for (int k = 0; k < o->ncfg; k++)
		pmu_finish(p[k]);
	if ((rc = sim_profile_code_map(e, &m))) {
		snprintf(r->msg, sizeof(r->msg), "cannot map the program's code: %s", strerror(-rc));
		goto out;
	}
	const struct pmu_unit *oracle = pmu_unit_find(p[0], "oracle");
	r->cls = pmu_eval_classify(&oracle->prof, r->stack);
	for (int k = 0; k < o->ncfg; k++)
		for (size_t i = 0; i < pmu_unit_count(p[k]); i++) {
			const struct pmu_unit *u = pmu_unit_at(p[k], i);
			int mi = pmu_model_index(u->model->name);
			struct profile_error err[PMU_EVAL_GRAN_N];
			r->samples[k][mi] = u->samples;
			if (u->model->every_cycle)
				continue;
			rc = pmu_eval_error(&m, &u->prof, &oracle->prof, err);
			if (rc == -ENODATA)
				continue;
			if (rc) {
				snprintf(r->msg, sizeof(r->msg), "out of memory");
				goto out;
			}
			r->valid[k][mi] = 1;
			for (int g = 0; g < PMU_EVAL_GRAN_N; g++)
				r->err[k][mi][g] = err[g].error;
		}
	for (int k = 0; k < o->ncfg && o->tea; k++)
		if ((rc = tea_eval_measure(p[k], &m, &r->tea[k]))) {
			snprintf(r->msg, sizeof(r->msg), "cannot measure the PICS: %s", strerror(-rc));
			goto out;
		}
	rc = 0;
	if (o->db_path) {
		char cmdline[PATH_MAX + 64], *cfgtext = NULL;
		size_t cfglen = 0;
		FILE *cf = open_memstream(&cfgtext, &cfglen);
		if (cf) {
			config_dump(&o->core, cf);
			fclose(cf);
		}
		snprintf(cmdline, sizeof(cmdline), "robin accuracy %s%s%s", w->path, o->size ? " " : "",
		         o->size ? o->size : "");
		struct sim_profile_run run = { .command = cmdline, .config = cfgtext ? cfgtext : "",
		                               .cycles = r->cycles, .instructions = r->instructions,
		                               .exit_status = r->guest_status,
		                               .has_exit = r->guest_status >= 0 };
		rc = sim_profile_store(o->db_path, "accuracy", &run, p[0], &m, NULL);
		free(cfgtext);
		if (rc)
			snprintf(r->msg, sizeof(r->msg), "cannot store the profiles in %s", o->db_path);
	}
out:
	r->ok = rc == 0;
	code_map_free(&m);
	for (int k = 0; k < o->ncfg; k++)
		pmu_destroy(p[k]);
	core_destroy(c);
	emu_destroy(e);
	return rc;
}

/* ---- the child processes ------------------------------------------------------------------ */

struct acc_job {
	pid_t pid;
	int fd;
	size_t idx;
	double t0;
};

/* Start the simulation of workloads[idx] in a child process that writes its acc_result to
 * the pipe returned in *fd_out. The child frees its copies of the parent's workloads and
 * results arrays before it exits, so that it leaves nothing allocated behind. */
static pid_t acc_spawn(const struct acc_opts *o, struct acc_workload *workloads, size_t idx,
                       struct acc_result *results, int *fd_out)
{
	const struct acc_workload *w = &workloads[idx];
	int fds[2];
	if (pipe(fds))
		return -1;
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (pid == 0) {
		close(fds[0]);
		/* the guest's output is not ours to print */
		int null = open("/dev/null", O_RDWR);
		if (null >= 0) {
			dup2(null, STDIN_FILENO);
			dup2(null, STDOUT_FILENO);
			close(null);
		}
		struct acc_result *r = calloc(1, sizeof(*r));
		int code = 3;
		if (r) {
			acc_simulate(o, w, r);
			const char *b = (const char *)r;
			size_t left = sizeof(*r);
			while (left) {
				ssize_t k = write(fds[1], b, left);
				if (k <= 0)
					break;
				b += k;
				left -= (size_t)k;
			}
			code = left ? 3 : 0;
		}
		free(r);
		free(results);
		free(workloads);
		_exit(code);
	}
	close(fds[1]);
	*fd_out = fds[0];
	return pid;
}

static int acc_collect(struct acc_job *j, struct acc_result *r, const char *name)
{
	char *b = (char *)r;
	size_t left = sizeof(*r);
	while (left) {
		ssize_t k = read(j->fd, b, left);
		if (k <= 0)
			break;
		b += k;
		left -= (size_t)k;
	}
	close(j->fd);
	int status = 0;
	waitpid(j->pid, &status, 0);
	if (left) {
		memset(r, 0, sizeof(*r));
		if (WIFSIGNALED(status))
			snprintf(r->msg, sizeof(r->msg), "the simulation died of signal %d",
			         WTERMSIG(status));
		else
			snprintf(r->msg, sizeof(r->msg), "the simulation exited with status %d",
			         WEXITSTATUS(status));
	}
	if (!r->ok) {
		fprintf(stderr, "robin accuracy: %s: %s\n", name, r->msg);
		return -1;
	}
	return 0;
}

static int acc_run_all(const struct acc_opts *o, struct acc_workload *w, size_t n,
		       struct acc_result *res)
{
	struct acc_job jobs[64];
	size_t next = 0, running = 0, done = 0;
	int failed = 0;
	unsigned maxj = o->jobs < 64 ? o->jobs : 64;
	while (done < n) {
		while (running < maxj && next < n) {
			struct acc_job *j = &jobs[running];
			j->idx = next;
			j->t0 = acc_now();
			j->pid = acc_spawn(o, w, next, res, &j->fd);
			if (j->pid < 0) {
				fprintf(stderr, "robin accuracy: cannot start a simulation: %s\n",
				        strerror(errno));
				return -1;
			}
			running++;
			next++;
		}
		/* wait for any child, then collect the job it belongs to */
		int status;
		pid_t pid = waitpid(-1, &status, WNOHANG);
		size_t k = running;
		if (pid > 0) {
			for (k = 0; k < running && jobs[k].pid != pid; k++)
				;
		} else {
			/* block on the oldest job's pipe */
			k = 0;
		}
		if (k == running)
			continue;
		struct acc_job j = jobs[k];
		if (pid > 0) {
			/* already reaped: read the pipe, skip waitpid */
			char *b = (char *)&res[j.idx];
			size_t left = sizeof(res[j.idx]);
			while (left) {
				ssize_t got = read(j.fd, b, left);
				if (got <= 0)
					break;
				b += got;
				left -= (size_t)got;
			}
			close(j.fd);
			if (left) {
				memset(&res[j.idx], 0, sizeof(res[j.idx]));
				snprintf(res[j.idx].msg, sizeof(res[j.idx].msg),
				         WIFSIGNALED(status) ? "the simulation died of signal %d"
				                             : "the simulation exited with status %d",
				         WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
			}
			if (!res[j.idx].ok) {
				fprintf(stderr, "robin accuracy: %s: %s\n", w[j.idx].name, res[j.idx].msg);
				failed = 1;
			}
		} else if (acc_collect(&j, &res[j.idx], w[j.idx].name)) {
			failed = 1;
		}
		jobs[k] = jobs[--running];
		done++;
		if (!o->quiet && res[j.idx].ok) {
			const struct acc_result *r = &res[j.idx];
			fprintf(stderr, "robin accuracy: [%zu/%zu] %-12s %7.1fM instructions %7.1fM cycles"
			        " IPC %.2f  %-7s %6.1f s\n", done, n, w[j.idx].name,
			        (double)r->instructions / 1e6, (double)r->cycles / 1e6,
			        r->cycles ? (double)r->instructions / (double)r->cycles : 0,
			        pmu_eval_class_name((enum pmu_eval_class)r->cls), acc_now() - j.t0);
		}
	}
	return failed ? -1 : 0;
}

/* ---- output ----------------------------------------------------------------------------- */

static const enum pmu_eval_gran acc_fig_gran[3] = { PMU_EVAL_FUNC, PMU_EVAL_BLOCK, PMU_EVAL_INSN };
static const char *const acc_fig_name[3] = { "Figure A.8", "Figure A.9", "Figure A.10" };
static const char *const acc_gran_title[3] = { "Function-level", "Basic-block-level",
                                               "Instruction-level" };

/* The profilers of cfg 0 in table order, without the Oracle. */
static int acc_profilers(const struct acc_opts *o, int *mi)
{
	int n = 0;
	for (size_t i = 0; i < pmu_model_count(); i++)
		if ((o->cfg[0].models & (1u << i)) && !pmu_model_at(i)->every_cycle)
			mi[n++] = (int)i;
	return n;
}

static double acc_mean(const double *v, size_t n)
{
	double s = 0;
	for (size_t i = 0; i < n; i++)
		s += v[i];
	return n ? s / (double)n : NAN;
}

static int acc_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* Mean of err over the workloads of class cls (-1 = all) for (cfg, model, gran). */
static double acc_avg(const struct acc_result *res, size_t n, int cls, int k, int mi, int g,
		      size_t *count)
{
	double s = 0;
	size_t c = 0;
	for (size_t i = 0; i < n; i++) {
		if (!res[i].ok || (cls >= 0 && res[i].cls != cls) || !res[i].valid[k][mi])
			continue;
		s += res[i].err[k][mi][g];
		c++;
	}
	if (count)
		*count = c;
	return c ? s / (double)c : NAN;
}

static void acc_pct(char *buf, size_t n, double v)
{
	if (isnan(v))
		snprintf(buf, n, "-");
	else
		snprintf(buf, n, "%.1f%%", 100 * v);
}

static void acc_print_header(const struct acc_opts *o, const struct acc_result *res, size_t n)
{
	uint64_t mn = UINT64_MAX, mx = 0;
	double *s = malloc((n ? n : 1) * sizeof(*s));
	size_t ns = 0;
	int tip = pmu_model_index("tip");
	for (size_t i = 0; i < n; i++)
		if (res[i].ok) {
			uint64_t v = res[i].samples[0][tip];
			mn = v < mn ? v : mn;
			mx = v > mx ? v : mx;
			if (s)
				s[ns++] = (double)v;
		}
	double med = 0;
	if (s && ns) {
		qsort(s, ns, sizeof(*s), acc_cmp_double);
		med = ns % 2 ? s[ns / 2] : (s[ns / 2 - 1] + s[ns / 2]) / 2;
	}
	free(s);
	double clock_hz = o->core.freq_mhz * 1e6;
	uint64_t paper = sampler_period_from_hz(ACC_PAPER_HZ, clock_hz);
	printf("robin accuracy: %zu workloads (%s builds%s%s) on %s, %.0f MHz; every profiler samples"
	       " the same cycles.\n", n, o->dyn ? "dynamic" : "static", o->size ? ", size " : "",
	       o->size ? o->size : "", o->preset ? o->preset : "boom-large", o->core.freq_mhz);
	printf("Sampling: every %" PRIu64 " cycles (%s; %.4g Hz at this clock). The paper's 4 kHz at "
	       "3.2 GHz is one sample per %" PRIu64 " cycles, which would give these short runs only "
	       "a few dozen samples; this period gives %" PRIu64 "..%" PRIu64 " samples per workload "
	       "(median %.0f).\n", o->cfg[0].period, o->cfg[0].random ? "random within each period" :
	       "periodic", clock_hz / (double)o->cfg[0].period, paper, mn == UINT64_MAX ? 0 : mn, mx,
	       med);
	printf("Error: e = (c_total - c_correct) / c_total against the Oracle (seed 004 Paper A "
	       "§4); classes from the Oracle's cycle stack (compute: > 50%% committing; flush: > 3%% "
	       "flushed; else stall).\n");
}

static void acc_print_table(const struct acc_opts *o, const struct acc_workload *w,
			    const struct acc_result *res, size_t n, int t)
{
	int mi[PMU_MAX_MODELS], np = acc_profilers(o, mi);
	int g = acc_fig_gran[t];
	char buf[32];
	printf("\n%s profile error (%s)\n", acc_gran_title[t], acc_fig_name[t]);
	printf("%-12s %-8s %8s", "workload", "class", "samples");
	for (int k = 0; k < np; k++)
		printf(" %8s", pmu_model_at((size_t)mi[k])->name);
	printf("\n");
	for (int cls = 0; cls < PMU_EVAL_CLASS_N; cls++) {
		size_t cnt = 0;
		for (size_t i = 0; i < n; i++) {
			if (!res[i].ok || res[i].cls != cls)
				continue;
			cnt++;
			printf("%-12.12s %-8s %8" PRIu64, w[i].name,
			       pmu_eval_class_name((enum pmu_eval_class)cls),
			       res[i].samples[0][pmu_model_index("tip")]);
			for (int k = 0; k < np; k++) {
				acc_pct(buf, sizeof(buf), res[i].valid[0][mi[k]] ? res[i].err[0][mi[k]][g] : NAN);
				printf(" %8s", buf);
			}
			printf("\n");
		}
		if (!cnt)
			continue;
		printf("%-12s %-8s %8s", "  average", pmu_eval_class_name((enum pmu_eval_class)cls), "");
		for (int k = 0; k < np; k++) {
			acc_pct(buf, sizeof(buf), acc_avg(res, n, cls, 0, mi[k], g, NULL));
			printf(" %8s", buf);
		}
		printf("\n");
	}
	printf("%-12s %-8s %8s", "average", "all", "");
	for (int k = 0; k < np; k++) {
		acc_pct(buf, sizeof(buf), acc_avg(res, n, -1, 0, mi[k], g, NULL));
		printf(" %8s", buf);
	}
	printf("\n");
}

/* Figure A.11c: the distribution of instruction-level errors per profiler. */
static void acc_print_dist(const struct acc_opts *o, const struct acc_workload *w,
			   const struct acc_result *res, size_t n)
{
	int mi[PMU_MAX_MODELS], np = acc_profilers(o, mi);
	double *v = malloc((n ? n : 1) * sizeof(*v));
	if (!v)
		return;
	printf("\nInstruction-level error distribution over the workloads (Figure A.11c)\n");
	printf("%-9s %8s %8s %8s %8s %s\n", "profiler", "min", "median", "mean", "max", "(worst)");
	for (int k = 0; k < np; k++) {
		size_t c = 0, worst = 0;
		double wv = -1;
		for (size_t i = 0; i < n; i++)
			if (res[i].ok && res[i].valid[0][mi[k]]) {
				v[c++] = res[i].err[0][mi[k]][PMU_EVAL_INSN];
				if (res[i].err[0][mi[k]][PMU_EVAL_INSN] > wv) {
					wv = res[i].err[0][mi[k]][PMU_EVAL_INSN];
					worst = i;
				}
			}
		if (!c)
			continue;
		double mean = acc_mean(v, c);
		qsort(v, c, sizeof(*v), acc_cmp_double);
		double med = c % 2 ? v[c / 2] : (v[c / 2 - 1] + v[c / 2]) / 2;
		char a[4][32];
		acc_pct(a[0], 32, v[0]);
		acc_pct(a[1], 32, med);
		acc_pct(a[2], 32, mean);
		acc_pct(a[3], 32, v[c - 1]);
		printf("%-9s %8s %8s %8s %8s %s\n", pmu_model_at((size_t)mi[k])->name, a[0], a[1],
		       a[2], a[3], w[worst].name);
	}
	free(v);
}

static int acc_cfg_sens(const struct acc_opts *o, int k)
{
	return k > 0 && o->cfg[k].models && !o->cfg[k].equiv_hz;
}

static void acc_print_sweep(const struct acc_opts *o, const struct acc_result *res, size_t n)
{
	char buf[32];
	size_t ns = sizeof(acc_sens_models) / sizeof(acc_sens_models[0]);
	printf("\nInstruction-level error against sampling frequency, average over the workloads "
	       "(Figure A.11a)\n");
	printf("%10s %10s %9s", "paper Hz", "period", "samples");
	for (size_t m = 0; m < ns; m++)
		printf(" %8s", acc_sens_models[m]);
	printf("\n");
	for (int k = 1; k < o->ncfg; k++) {
		if (!o->cfg[k].equiv_hz)
			continue;
		double smp = 0;
		size_t c = 0;
		int tip = pmu_model_index("tip");
		for (size_t i = 0; i < n; i++)
			if (res[i].ok) {
				smp += (double)res[i].samples[k][tip];
				c++;
			}
		printf("%10.0f %10" PRIu64 " %9.0f", o->cfg[k].equiv_hz, o->cfg[k].period,
		       c ? smp / (double)c : 0);
		for (size_t m = 0; m < ns; m++) {
			acc_pct(buf, sizeof(buf), acc_avg(res, n, -1, k, pmu_model_index(acc_sens_models[m]),
			                                  PMU_EVAL_INSN, NULL));
			printf(" %8s", buf);
		}
		printf("\n");
	}
	printf("(the default period, %" PRIu64 " cycles, stands for the paper's 4 kHz; samples: "
	       "mean per workload)\n", o->cfg[0].period);
}

static void acc_print_random(const struct acc_opts *o, const struct acc_workload *w,
			     const struct acc_result *res, size_t n)
{
	int kr = -1;
	for (int k = 1; k < o->ncfg; k++)
		if (acc_cfg_sens(o, k))
			kr = k;
	if (kr < 0)
		return;
	char buf[32];
	size_t ns = sizeof(acc_sens_models) / sizeof(acc_sens_models[0]);
	printf("\nInstruction-level error, periodic against random sampling every %" PRIu64
	       " cycles (Figure A.11b)\n%-12s %-8s", o->cfg[kr].period, "workload", "class");
	for (size_t m = 0; m < ns; m++)
		printf(" %9s %9s", acc_sens_models[m], "random");
	printf("\n");
	for (size_t i = 0; i <= n; i++) {
		if (i < n && !res[i].ok)
			continue;
		if (i < n)
			printf("%-12.12s %-8s", w[i].name, pmu_eval_class_name((enum pmu_eval_class)res[i].cls));
		else
			printf("%-12s %-8s", "average", "all");
		for (size_t m = 0; m < ns; m++) {
			int mi = pmu_model_index(acc_sens_models[m]);
			for (int k = 0; k < 2; k++) {
				int cfg = k ? kr : 0;
				double v = i < n ? (res[i].valid[cfg][mi] ? res[i].err[cfg][mi][PMU_EVAL_INSN] : NAN)
				                 : acc_avg(res, n, -1, cfg, mi, PMU_EVAL_INSN, NULL);
				acc_pct(buf, sizeof(buf), v);
				printf(" %9s", buf);
			}
		}
		printf("\n");
	}
}

static void acc_json_errors(struct json *j, const struct acc_result *r, int k, int mi)
{
	json_object_begin(j);
	for (int g = 0; g < PMU_EVAL_GRAN_N; g++) {
		json_key(j, pmu_eval_gran_name((enum pmu_eval_gran)g));
		if (r->valid[k][mi])
			json_double(j, r->err[k][mi][g]);
		else
			json_null(j);
	}
	json_kv_uint(j, "samples", r->samples[k][mi]);
	json_object_end(j);
}

/* --tea: Paper B's figures (analysis/tea_eval.h) as text, or into j when not NULL. */
static void acc_tea_output(const struct acc_opts *o, const struct acc_workload *w,
			   const struct acc_result *res, size_t n, struct json *j)
{
	const char **names = calloc(n ? n : 1, sizeof(*names));
	struct tea_eval_run *runs = calloc((n ? n : 1) * (size_t)o->ncfg, sizeof(*runs));
	uint64_t period[ACC_MAX_CFG];
	double hz[ACC_MAX_CFG];
	if (!names || !runs) {
		fprintf(stderr, "robin accuracy: out of memory\n");
		goto out;
	}
	for (int k = 0; k < o->ncfg; k++) {
		period[k] = o->cfg[k].period;
		hz[k] = o->cfg[k].equiv_hz;
		for (size_t i = 0; i < n; i++)
			if (res[i].ok)
				runs[(size_t)k * n + i] = res[i].tea[k];
	}
	for (size_t i = 0; i < n; i++)
		names[i] = w[i].name;
	struct tea_eval_suite s = { .n = n, .names = names, .ncfg = o->ncfg, .period = period,
	                            .equiv_hz = hz, .runs = runs };
	if (j)
		tea_eval_json(j, &s);
	else
		tea_eval_print(stdout, &s);
out:
	free(names);
	free(runs);
}

static void acc_print_json(const struct acc_opts *o, const struct acc_workload *w,
			   const struct acc_result *res, size_t n)
{
	struct json j;
	int mi[PMU_MAX_MODELS], np = acc_profilers(o, mi);
	json_init(&j, stdout, 1);
	json_object_begin(&j);
	json_kv_uint(&j, "period_cycles", o->cfg[0].period);
	json_kv_string(&j, "sampling", o->cfg[0].random ? "random" : "periodic");
	json_kv_double(&j, "clock_mhz", o->core.freq_mhz);
	json_kv_string(&j, "preset", o->preset ? o->preset : "boom-large");
	json_key(&j, "workloads");
	json_array_begin(&j);
	for (size_t i = 0; i < n; i++) {
		const struct acc_result *r = &res[i];
		json_object_begin(&j);
		json_kv_string(&j, "name", w[i].name);
		json_kv_string(&j, "path", w[i].path);
		json_kv_string(&j, "suite_class", w[i].suite_class);
		if (!r->ok) {
			json_kv_string(&j, "error", r->msg);
			json_object_end(&j);
			continue;
		}
		json_kv_string(&j, "class", pmu_eval_class_name((enum pmu_eval_class)r->cls));
		json_kv_int(&j, "exit_status", r->guest_status);
		json_kv_uint(&j, "cycles", r->cycles);
		json_kv_uint(&j, "instructions", r->instructions);
		json_kv_double(&j, "host_seconds", r->host_seconds);
		json_key(&j, "cycle_stack");
		json_object_begin(&j);
		for (int c = 0; c < PMU_CAT_N; c++)
			json_kv_double(&j, pmu_cat_name((enum pmu_cat)c), r->stack[c]);
		json_object_end(&j);
		json_key(&j, "profile_error");
		json_object_begin(&j);
		for (int k = 0; k < np; k++) {
			json_key(&j, pmu_model_at((size_t)mi[k])->name);
			acc_json_errors(&j, r, 0, mi[k]);
		}
		json_object_end(&j);
		if (o->ncfg > 1) {
			json_key(&j, "sensitivity");
			json_array_begin(&j);
			for (int k = 1; k < o->ncfg; k++) {
				json_object_begin(&j);
				json_kv_uint(&j, "period_cycles", o->cfg[k].period);
				json_kv_string(&j, "sampling", o->cfg[k].random ? "random" : "periodic");
				if (o->cfg[k].equiv_hz)
					json_kv_double(&j, "paper_hz", o->cfg[k].equiv_hz);
				json_key(&j, "profile_error");
				json_object_begin(&j);
				for (size_t m = 0; m < pmu_model_count(); m++)
					if (o->cfg[k].models & (1u << m)) {
						json_key(&j, pmu_model_at(m)->name);
						acc_json_errors(&j, r, k, (int)m);
					}
				json_object_end(&j);
				json_object_end(&j);
			}
			json_array_end(&j);
		}
		json_object_end(&j);
	}
	json_array_end(&j);
	json_key(&j, "averages");
	json_object_begin(&j);
	for (int cls = -1; cls < PMU_EVAL_CLASS_N; cls++) {
		size_t cnt = 0;
		acc_avg(res, n, cls, 0, mi[0], 0, &cnt);
		if (!cnt)
			continue;
		json_key(&j, cls < 0 ? "all" : pmu_eval_class_name((enum pmu_eval_class)cls));
		json_object_begin(&j);
		json_kv_uint(&j, "workloads", cnt);
		for (int k = 0; k < np; k++) {
			json_key(&j, pmu_model_at((size_t)mi[k])->name);
			json_object_begin(&j);
			for (int g = 0; g < PMU_EVAL_GRAN_N; g++)
				json_kv_double(&j, pmu_eval_gran_name((enum pmu_eval_gran)g),
				               acc_avg(res, n, cls, 0, mi[k], g, NULL));
			json_object_end(&j);
		}
		json_object_end(&j);
	}
	json_object_end(&j);
	if (o->tea)
		acc_tea_output(o, w, res, n, &j);
	json_object_end(&j);
	json_end(&j);
}

static void acc_print_csv(const struct acc_opts *o, const struct acc_workload *w,
			  const struct acc_result *res, size_t n)
{
	printf("workload,class,period_cycles,sampling,paper_hz,profiler,samples,instruction,"
	       "basic_block,function\n");
	for (size_t i = 0; i < n; i++) {
		const struct acc_result *r = &res[i];
		if (!r->ok)
			continue;
		for (int k = 0; k < o->ncfg; k++)
			for (size_t m = 0; m < pmu_model_count(); m++) {
				if (!(o->cfg[k].models & (1u << m)) || pmu_model_at(m)->every_cycle ||
				    !r->valid[k][m])
					continue;
				printf("%s,%s,%" PRIu64 ",%s,%.0f,%s,%" PRIu64 ",%.6f,%.6f,%.6f\n", w[i].name,
				       pmu_eval_class_name((enum pmu_eval_class)r->cls), o->cfg[k].period,
				       o->cfg[k].random ? "random" : "periodic",
				       k ? o->cfg[k].equiv_hz : (o->cfg[0].period == ACC_PERIOD_DEFAULT ?
				                                  ACC_PAPER_HZ : 0),
				       pmu_model_at(m)->name, r->samples[k][m], r->err[k][m][PMU_EVAL_INSN],
				       r->err[k][m][PMU_EVAL_BLOCK], r->err[k][m][PMU_EVAL_FUNC]);
			}
	}
}

/* ---- the command -------------------------------------------------------------------------- */

static int acc_u64(const char *opt, const char *v, uint64_t *out)
{
	char *end;
	errno = 0;
	unsigned long long x = strtoull(v, &end, 0);
	if (errno || *end || !*v || *v == '-') {
		fprintf(stderr, "robin accuracy: %s needs a non-negative integer, got '%s'\n", opt, v);
		return -1;
	}
	*out = x;
	return 0;
}

int cmd_accuracy(int argc, char **argv)
{
	for (int k = 1; k < argc && strcmp(argv[k], "--"); k++)
		if (!strcmp(argv[k], "--profileme"))
			return acc_profileme_main(argc, argv);
		else if (!strcmp(argv[k], "--cores"))
			return acc_cores_main(argc, argv);
	struct acc_opts o;
	struct core_opts co = { 0 };
	memset(&o, 0, sizeof(o));
	o.jobs = 1;
	uint64_t period = 0;
	double freq = 0;
	int random = 0, i;
	const char *suite = NULL;
	for (i = 1; emu_opts_more(argc, argv, &i); i++) {
		const char *a = argv[i];
		int t = core_opts_take(&co, argc, argv, &i);
		if (t < 0)
			return 2;
		if (t)
			continue;
		static const char *const valued[] = { "--period", "--freq", "--size", "--max-insns",
		                                      "--jobs", "--suite", "--db" };
		const char *v = NULL;
		int missing = 0;
		size_t k;
		for (k = 0; k < sizeof(valued) / sizeof(valued[0]); k++)
			if ((v = db_args_value(valued[k], argc, argv, &i, &missing)) || missing)
				break;
		if (missing) {
			fprintf(stderr, "robin accuracy: %s needs a value\n", valued[k]);
			return 2;
		}
		uint64_t x;
		if (v) {
			i--;  /* db_args_value moved past the value; the loop steps over it */
			switch (k) {
			case 0:
				if (acc_u64("--period", v, &period) || !period) {
					if (!period)
						fprintf(stderr, "robin accuracy: --period must be positive\n");
					return 2;
				}
				break;
			case 1: {
				char *end;
				freq = strtod(v, &end);
				if (*end || !(freq > 0) || !isfinite(freq)) {
					fprintf(stderr, "robin accuracy: --freq needs a positive frequency in Hz, "
					        "got '%s'\n", v);
					return 2;
				}
				break;
			}
			case 2:
				if (acc_u64("--size", v, &x) || !x) {
					if (!x)
						fprintf(stderr, "robin accuracy: --size must be positive\n");
					return 2;
				}
				o.size = v;
				break;
			case 3:
				if (acc_u64("--max-insns", v, &o.max_insns))
					return 2;
				break;
			case 4:
				if (acc_u64("--jobs", v, &x) || !x || x > 64) {
					fprintf(stderr, "robin accuracy: --jobs needs 1..64\n");
					return 2;
				}
				o.jobs = (unsigned)x;
				break;
			case 5:
				suite = v;
				break;
			case 6:
				o.db_path = v;
				break;
			}
			continue;
		}
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			acc_usage(stdout);
			return 0;
		} else if (!strcmp(a, "--random")) {
			random = 1;
		} else if (!strcmp(a, "--sweep-freq")) {
			o.sweep = 1;
		} else if (!strcmp(a, "--tea")) {
			o.tea = 1;
		} else if (!strcmp(a, "--compare-random")) {
			o.compare_random = 1;
		} else if (!strcmp(a, "--dcpi")) {
			o.dcpi = 1;
		} else if (!strcmp(a, "--json")) {
			o.json = 1;
		} else if (!strcmp(a, "--csv")) {
			o.csv = 1;
		} else if (!strcmp(a, "--dyn")) {
			o.dyn = 1;
		} else if (!strcmp(a, "--quiet")) {
			o.quiet = 1;
		} else {
			return emu_opts_unknown("accuracy", a);
		}
	}
	if (o.json && o.csv) {
		fprintf(stderr, "robin accuracy: --json and --csv exclude each other\n");
		return 2;
	}
	if (o.tea && o.dcpi) {
		fprintf(stderr, "robin accuracy: --tea and --dcpi exclude each other\n");
		return 2;
	}
	if (o.tea && (o.csv || o.compare_random)) {
		fprintf(stderr, "robin accuracy: --tea reports as text or --json (no --csv, "
		        "--compare-random)\n");
		return 2;
	}
	if (period && freq) {
		fprintf(stderr, "robin accuracy: --period and --freq exclude each other\n");
		return 2;
	}
	if (core_opts_build(&co, "accuracy", &o.core))
		return 2;
	o.preset = co.preset;
	if (suite) {
		if (!acc_is_root(suite)) {
			fprintf(stderr, "robin accuracy: --suite %s: no workloads/suite.tsv there\n", suite);
			return 2;
		}
		snprintf(o.root, sizeof(o.root), "%s", suite);
	} else if (acc_find_root(o.root)) {
		o.root[0] = 0;
	}
	/* the PMUs: everything at the chosen period; the sensitivity analyses beside it */
	uint64_t p0 = period ? period : freq ? sampler_period_from_hz(freq, o.core.freq_mhz * 1e6)
	                                     : ACC_PERIOD_DEFAULT;
	uint32_t sens = 0;
	for (size_t m = 0; m < sizeof(acc_sens_models) / sizeof(acc_sens_models[0]); m++)
		sens |= 1u << pmu_model_index(acc_sens_models[m]);
	/* Paper A: the Oracle and its eight profilers ("all"); --tea: Paper B's (and the Oracle) */
	uint32_t oracle = 1u << pmu_model_index("oracle");
	uint32_t all = 0;
	char perr[64];
	if (pmu_parse_list("all", &all, perr, sizeof(perr)))
		return 2;
	if (o.tea)
		sens = all = tea_eval_models() | oracle;
	o.cfg[o.ncfg++] = (struct acc_cfg){ p0, random, all, 0 };
	if (o.sweep)
		for (size_t s = 0; s < ACC_NSWEEP; s++) {
			double pp = (double)p0 * ACC_PAPER_HZ / acc_sweep_hz[s];
			o.cfg[o.ncfg++] = (struct acc_cfg){ pp < 1 ? 1 : (uint64_t)llround(pp), random, sens,
			                                    acc_sweep_hz[s] };
		}
	if (o.compare_random)
		o.cfg[o.ncfg++] = (struct acc_cfg){ p0, !random, sens, 0 };

	struct acc_workload *w = calloc(ACC_MAX_WORKLOADS, sizeof(*w));
	struct acc_result *res = NULL;
	size_t n = 0;
	int rc = 1;
	if (!w)
		goto out;
	if (cli_args_tail("accuracy", &argc, argv, i) || acc_resolve(&o, argc - i, argv + i, w, &n))
		goto out;
	if (o.dcpi) {
		const char **names = calloc(n ? n : 1, sizeof(*names)), **paths = calloc(n ? n : 1,
		                                                                         sizeof(*paths));
		for (size_t k = 0; names && paths && k < n; k++) {
			names[k] = w[k].name;
			paths[k] = w[k].path;
		}
		struct acc_dcpi_opts d = { &o.core, p0, o.size, o.db_path, o.json, o.quiet };
		rc = names && paths ? acc_dcpi_run(&d, names, paths, n) : 1;
		free(names);
		free(paths);
		goto out;
	}
	if (!(res = calloc(n, sizeof(*res))))
		goto out;
	int failed = acc_run_all(&o, w, n, res) != 0;
	size_t ok = 0;
	for (size_t k = 0; k < n; k++)
		ok += res[k].ok;
	if (!ok) {
		fprintf(stderr, "robin accuracy: no workload ran\n");
		goto out;
	}
	if (o.tea && !o.json) {
		printf("robin accuracy --tea: %zu workloads on %s, %.0f MHz; every profiler samples the "
		       "same cycles, every %" PRIu64 " cycles.\n", n, o.preset ? o.preset : "boom-large",
		       o.core.freq_mhz, o.cfg[0].period);
		acc_tea_output(&o, w, res, n, NULL);
	} else if (o.json) {
		acc_print_json(&o, w, res, n);
	} else if (o.csv) {
		acc_print_csv(&o, w, res, n);
	} else {
		acc_print_header(&o, res, n);
		for (int t = 0; t < 3; t++)
			acc_print_table(&o, w, res, n, t);
		acc_print_dist(&o, w, res, n);
		if (o.sweep)
			acc_print_sweep(&o, res, n);
		if (o.compare_random)
			acc_print_random(&o, w, res, n);
	}
	rc = failed;
out:
	free(w);
	free(res);
	return rc;
}
