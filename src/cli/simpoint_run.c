/*
 * simpoint_run.c — `robin simpoint run|point|merge`: the sampled-simulation campaign's command
 * lines (src/campaign/ does the work; docs/robin-simpoint.md):
 *   run [options] -- PROG ARGS   BBVs -> clusters -> checkpoints -> detailed points (local
 *                                jobs, or Slurm scripts with --slurm) -> weighted CPI
 *   point DIR I                  simulate point I of the campaign in DIR (a job's body)
 *   merge DIR                    the weighted estimate from the points' results
 */
#include <fcntl.h>
#include <inttypes.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "campaign/campaign_jobs.h"
#include "campaign/campaign_prof.h"
#include "campaign/campaign_result.h"
#include "cli/cli_args.h"
#include "cli/core_opts.h"
#include "cli/simpoint_run.h"
#include "report/simpoint_report.h"
#include "util/text.h"

static void simpoint_run_usage(FILE *out)
{
	fprintf(out,
	        "usage: robin simpoint run [options] [--] PROG [ARGS...]\n"
	        "       robin simpoint point DIR I\n"
	        "       robin simpoint chain DIR G\n"
	        "       robin simpoint merge DIR [--stats-json FILE] [--db FILE]\n"
	        "\n"
	        "Sampled simulation with SimPoint: profiles PROG's basic-block vectors, clusters\n"
	        "them (robin simpoint's algorithm), saves a checkpoint before each simulation\n"
	        "point, simulates the points in detail in parallel after functional warming, and\n"
	        "reports the CPI and cycle stack weighted by the clusters' shares.\n"
	        "\n"
	        "options:\n"
	        "  --interval N      instructions per interval and per point (default 1000000)\n"
	        "  --maxK K          largest number of clusters (default: a tenth of the\n"
	        "                    intervals, at least 10 and at most 30, at most the intervals)\n"
	        "  --split-ratio X   split a cluster whose intervals' warm CPI (the memory pass's)\n"
	        "                    spreads over more than X times (default 1.5; 0: never)\n"
	        "  --points-per-cluster N  points simulated per cluster, for the CPI's 95%%\n"
	        "                    confidence interval (default 2; 1: no interval)\n"
	        "  --warmup W|auto[:MIN:MAX]  functional warming before each point: W\n"
	        "                    instructions, or (the default with the sampled signature)\n"
	        "                    per point the shortest power of two times MIN up to MAX\n"
	        "                    (default 2097152:67108864) whose misses on lines last used\n"
	        "                    before it cost at most 0.5%% of its interval's instructions\n"
	        "                    in cycles; with the memory pass 10000000\n"
	        "  --warmup-predictor P|all  only the last P of each point's warming train the\n"
	        "                    branch predictor, the ones before warm the TLBs and caches\n"
	        "                    alone, at less cost (default 8388608)\n"
	        "  --point-units U:W[:N]|off  each point measures about N units of U\n"
	        "                    instructions in detail, each after W more in detail, spread\n"
	        "                    evenly over its interval and warmed functionally between\n"
	        "                    (SMARTS within the point; N by default the interval over\n"
	        "                    10 U: a unit in every 10; default 1000:2000); off: the\n"
	        "                    whole interval in detail\n"
	        "  --no-chains       warm every point on its own: by default points whose\n"
	        "                    warmings overlap share one, a chain, each point forked in\n"
	        "                    detail at its start (a later point warms longer then)\n"
	        "  --mem-weight X    weight of the memory dimension appended to the vectors: X *\n"
	        "                    ln(the memory signature's warm cycles per instruction) per\n"
	        "                    interval (default 1; 0: basic-block vectors only)\n"
	        "  --mem-window WARM:MEASURE[:PERIOD]  the memory pass warms WARM instructions\n"
	        "                    and measures the MEASURE after them at the end of each\n"
	        "                    PERIOD (default 200000) of an interval of 5 PERIODs or\n"
	        "                    more (a shorter one whole), running the rest at full\n"
	        "                    speed: 20000:10000 replays 15%% of the program; 'full':\n"
	        "                    every instruction (either runs the memory pass)\n"
	        "  --mem-sample N    the vectors pass samples one cache line in N of the loads and\n"
	        "                    stores and estimates each interval's warm cycles from the\n"
	        "                    lines' reuse distances (default 64); 0: a memory pass runs\n"
	        "                    every access through the caches instead (as --mem-window\n"
	        "                    does)\n"
	        "  --jobs J          processes at once, the chains' warmings and the points'\n"
	        "                    detailed runs (default: the CPUs online)\n"
	        "  --dir DIR         the campaign directory (default robin-simpoint.PROGNAME)\n"
	        "  --validate        also simulate the whole program in detail: the CPI error and\n"
	        "                    the CPI spread of each cluster's intervals\n"
	        "  --slurm           write DIR/points.sbatch (a job array, one task per chain),\n"
	        "                    DIR/merge.sbatch and DIR/submit.sh instead of running them\n"
	        "  --stats-json FILE instructions, cpi_predicted, cpi_ci95 ([lo, hi]), splits,\n"
	        "                    points, detailed_instructions, with --validate cpi_full,\n"
	        "                    cpi_error and ci95_holds; \"profile\": the\n"
	        "                    weighted profiles' errors\n"
	        "  --profile-period CYCLES  TIP's sampling period in the detailed runs (default\n"
	        "                    1009); the points' Oracle and TIP profiles are combined by\n"
	        "                    the clusters' weights and stored as one run; with\n"
	        "                    --validate compared with the full run's exact Oracle\n"
	        "  --no-profile      no profilers in the detailed runs\n"
	        "  --db FILE         the database of the weighted profiles (default DIR/robin.db)\n"
	        "  --seed N, --sysroot DIR   as robin run (the guest always runs --virtual-time)\n"
	        "  --preset, --config, --set the timing model, as robin sim\n");
}

/* The estimate of r (after campaign_result_estimate) on stderr, its JSON to json_path (NULL:
 * none). The exit status. */
static int simpoint_report(const struct campaign_result *r, const char *json_path)
{
	char err[PATH_MAX + 64];
	simpoint_report_campaign(stderr, r);
	if (json_path && campaign_result_json_write(r, json_path, err, sizeof(err))) {
		fprintf(stderr, "robin simpoint: %s\n", err);
		return 1;
	}
	return 0;
}

/* ---- run ------------------------------------------------------------------------------ */

static int simpoint_u64_opt(const char *opt, const char *v, uint64_t min, uint64_t *out)
{
	char q[TEXT_QUOTE_LEN];
	if (text_parse_u64(v, out) || *out < min) {
		fprintf(stderr, "robin simpoint run: %s needs an integer >= %" PRIu64 ", got '%s'\n",
		        opt, min, text_quote(q, v));
		return -1;
	}
	return 0;
}

/* v as A:B[:C...], n_min to 3 numbers into x (the ones not given left as they are): the
 * count, or -1. */
static int simpoint_colon_list(const char *v, uint64_t x[3], int n_min)
{
	char buf[96], *parts[3] = { NULL, NULL, NULL }, *save = NULL;
	int n = 0;
	if (strlen(v) < sizeof(buf)) {
		snprintf(buf, sizeof(buf), "%s", v);
		for (char *t = strtok_r(buf, ":", &save); t; t = strtok_r(NULL, ":", &save), n++)
			if (n < 3)
				parts[n] = t;
	}
	if (n < n_min || n > 3 || v[strlen(v) - 1] == ':' || v[0] == ':' || strstr(v, "::"))
		return -1;
	for (int k = 0; k < n; k++)
		if (text_parse_u64(parts[k], &x[k]))
			return -1;
	return n;
}

/* --point-units U:W[:N] | off into o (without N: N from the interval). 0 or -1 after a
 * message. */
static int simpoint_point_units(const char *v, struct campaign_opts *o)
{
	char q[TEXT_QUOTE_LEN];
	uint64_t x[3] = { 0, 0, 0 };
	if (!strcmp(v, "off")) {
		o->units = 0;
		o->units_auto = 0;
		return 0;
	}
	int n = simpoint_colon_list(v, x, 2);
	if ((n != 2 && n != 3) || !x[0] || (n == 3 && !x[2]) || x[0] > (1ull << 32) ||
	    x[1] > (1ull << 32) || x[2] > (1ull << 32)) {
		fprintf(stderr, "robin simpoint run: --point-units needs 'off' or U:W[:N] (instructions "
		        "per unit > 0, detailed warming before each, units per point > 0; each at most "
		        "2^32), got '%s'\n", text_quote(q, v));
		return -1;
	}
	o->unit_len = x[0];
	o->unit_warm = x[1];
	o->units = n == 3 ? x[2] : 0;
	o->units_auto = n == 2;
	return 0;
}

/* --mem-window full | WARM:MEASURE[:PERIOD] into o. 0 or -1 after a message. */
static int simpoint_mem_window(const char *v, struct campaign_opts *o)
{
	char q[TEXT_QUOTE_LEN];
	uint64_t x[3] = { 0, 0, CAMPAIGN_MEM_PERIOD };
	if (!strcmp(v, "full")) {
		o->mem_warm = o->mem_measure = o->mem_period = 0;
		return 0;
	}
	if (simpoint_colon_list(v, x, 2) < 2 || !x[1] || !x[2] || x[0] + x[1] < x[0]) {
		fprintf(stderr, "robin simpoint run: --mem-window needs 'full' or WARM:MEASURE[:PERIOD] "
		        "(instructions, MEASURE and PERIOD > 0), got '%s'\n", text_quote(q, v));
		return -1;
	}
	o->mem_warm = x[0];
	o->mem_measure = x[1];
	o->mem_period = x[2];
	return 0;
}

/* --warmup W | auto | auto:MIN:MAX into *warm or o's warm_min and warm_max. 0 or -1 after a
 * message. */
static int simpoint_warmup_opt(const char *v, uint64_t *warm, struct campaign_opts *o)
{
	char q[TEXT_QUOTE_LEN];
	uint64_t lo = CAMPAIGN_WARM_AUTO_MIN, hi = CAMPAIGN_WARM_AUTO_MAX;
	if (strncmp(v, "auto", 4)) {
		o->warm_min = o->warm_max = 0;
		return simpoint_u64_opt("--warmup", v, 0, warm);
	}
	if (v[4]) {
		char buf[64], *colon;
		int ok = v[4] == ':' && strlen(v) < sizeof(buf);
		if (ok) {
			snprintf(buf, sizeof(buf), "%s", v + 5);
			ok = (colon = strchr(buf, ':')) != NULL;
			if (ok) {
				*colon = 0;
				ok = !text_parse_u64(buf, &lo) && !text_parse_u64(colon + 1, &hi);
			}
		}
		if (!ok || !lo || hi < lo || hi > ((uint64_t)1 << 40)) {
			fprintf(stderr, "robin simpoint run: --warmup needs W, 'auto' or auto:MIN:MAX "
			        "(instructions, 0 < MIN <= MAX <= 2^40), got '%s'\n", text_quote(q, v));
			return -1;
		}
	}
	o->warm_min = lo;
	o->warm_max = hi;
	return 0;
}

int simpoint_run_main(int argc, char **argv)
{
	struct campaign_opts o = { .interval = CAMPAIGN_INTERVAL_DEFAULT,
	                           .mem_weight = CAMPAIGN_MEM_WEIGHT,
	                           .mem_sample = CAMPAIGN_MEM_SAMPLE,
	                           .split_ratio = CAMPAIGN_SPLIT_RATIO,
	                           .points_per_cluster = CAMPAIGN_POINTS_PER_CLUSTER,
	                           .warm_min = CAMPAIGN_WARM_AUTO_MIN,
	                           .warm_max = CAMPAIGN_WARM_AUTO_MAX,
	                           .warm_pred = CAMPAIGN_WARM_PREDICTOR, .chains = 1,
	                           .unit_len = CAMPAIGN_UNIT_LEN, .unit_warm = CAMPAIGN_UNIT_WARM,
	                           .units_auto = 1 };
	uint64_t ppc = CAMPAIGN_POINTS_PER_CLUSTER;
	struct core_opts co = { 0 };
	const char *dir = NULL, *json = NULL, *db = NULL;
	uint64_t jobs = (uint64_t)sysconf(_SC_NPROCESSORS_ONLN), maxk = 0, warm = CAMPAIGN_WARMUP_DEFAULT;
	uint64_t prof_period = CAMPAIGN_PROF_PERIOD_DEFAULT;
	int validate = 0, slurm = 0, profile = 1, window = 0, sample = 0, i;
	simpoint_opts_default(&o.sp);
	for (i = 1; i < argc && argv[i][0] == '-'; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--")) {
			i++;
			break;
		}
		int t = core_opts_take(&co, argc, argv, &i);
		if (t < 0)
			return 2;
		if (t)
			continue;
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			simpoint_run_usage(stdout);
			return 0;
		}
		if (!strcmp(a, "--validate")) {
			validate = 1;
			continue;
		}
		if (!strcmp(a, "--slurm")) {
			slurm = 1;
			continue;
		}
		if (!strcmp(a, "--no-profile")) {
			profile = 0;
			continue;
		}
		if (!strcmp(a, "--no-chains")) {
			o.chains = 0;
			continue;
		}
		if (i + 1 >= argc) {
			fprintf(stderr, "robin simpoint run: %s needs a value (see --help)\n", a);
			return 2;
		}
		const char *v = argv[++i];
		int rc = 0;
		if (!strcmp(a, "--interval"))
			rc = simpoint_u64_opt(a, v, 1000, &o.interval);
		else if (!strcmp(a, "--maxK") || !strcmp(a, "-maxK"))
			rc = simpoint_u64_opt(a, v, 1, &maxk) || (maxk > SIMPOINT_MAX_TRIES * 1000 ?
			     fprintf(stderr, "robin simpoint run: --maxK too large\n") : 0);
		else if (!strcmp(a, "--warmup"))
			rc = simpoint_warmup_opt(v, &warm, &o);
		else if (!strcmp(a, "--warmup-predictor") && !strcmp(v, "all"))
			o.warm_pred = 0;
		else if (!strcmp(a, "--warmup-predictor"))
			rc = simpoint_u64_opt(a, v, 1, &o.warm_pred);
		else if (!strcmp(a, "--jobs"))
			rc = simpoint_u64_opt(a, v, 1, &jobs);
		else if (!strcmp(a, "--seed"))
			rc = simpoint_u64_opt(a, v, 0, &o.seed);
		else if (!strcmp(a, "--profile-period"))
			rc = simpoint_u64_opt(a, v, 1, &prof_period);
		else if (!strcmp(a, "--points-per-cluster"))
			rc = simpoint_u64_opt(a, v, 1, &ppc) || (ppc > 1000 ?
			     fprintf(stderr, "robin simpoint run: --points-per-cluster too large\n") : 0);
		else if (!strcmp(a, "--split-ratio")) {
			char *end;
			o.split_ratio = strtod(v, &end);
			if (end == v || *end || !(o.split_ratio == 0 ||
			                          (o.split_ratio > 1 && o.split_ratio <= 1e6))) {
				fprintf(stderr, "robin simpoint run: --split-ratio needs 0 or a number > 1, "
				        "got '%s'\n", v);
				rc = -1;
			}
		} else if (!strcmp(a, "--mem-weight")) {
			char *end;
			o.mem_weight = strtod(v, &end);
			if (end == v || *end || !(o.mem_weight >= 0 && o.mem_weight <= 1e6)) {
				fprintf(stderr, "robin simpoint run: --mem-weight needs a number >= 0, got "
				        "'%s'\n", v);
				rc = -1;
			}
		} else if (!strcmp(a, "--mem-window")) {
			rc = simpoint_mem_window(v, &o);
			window = 1;
		} else if (!strcmp(a, "--point-units")) {
			rc = simpoint_point_units(v, &o);
		} else if (!strcmp(a, "--mem-sample")) {
			uint64_t n = 0;
			rc = simpoint_u64_opt(a, v, 0, &n) || (n > (1u << 20) ?
			     fprintf(stderr, "robin simpoint run: --mem-sample at most 1048576\n") : 0);
			o.mem_sample = (uint32_t)n;
			sample = 1;
		}
		else if (!strcmp(a, "--db"))
			db = v;
		else if (!strcmp(a, "--dir"))
			dir = v;
		else if (!strcmp(a, "--stats-json"))
			json = v;
		else if (!strcmp(a, "--sysroot"))
			o.sysroot = v;
		else {
			fprintf(stderr, "robin simpoint run: unknown option '%s' (see --help)\n", a);
			return 2;
		}
		if (rc)
			return 2;
	}
	if (cli_args_tail("simpoint run", &argc, argv, i))
		return 2;
	if (i >= argc) {
		fprintf(stderr, "robin simpoint run: no program given (see --help)\n");
		return 2;
	}
	o.sp.max_k = (int)maxk;
	o.points_per_cluster = (int)ppc;
	o.warmup = warm;
	o.checkpoints = slurm;
	if (window && !sample)
		o.mem_sample = 0;  /* windows are the memory pass's */
	struct core_config cfg;
	if (core_opts_build(&co, "simpoint run", &cfg))
		return 2;
	char defdir[PATH_MAX], progcopy[PATH_MAX], self[PATH_MAX];
	if (!dir) {
		snprintf(progcopy, sizeof(progcopy), "%s", argv[i]);
		snprintf(defdir, sizeof(defdir), "robin-simpoint.%s", basename(progcopy));
		dir = defdir;
	}
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n <= 0) {
		fprintf(stderr, "robin simpoint run: cannot find robin's own path\n");
		return 1;
	}
	self[n] = 0;
	struct campaign c;
	char err[1024];
	double prep_s;
	if (campaign_jobs_prepare(&c, dir, &o, &cfg, argc - i, argv + i, profile ? prof_period : 0,
	                          &prep_s, err, sizeof(err))) {
		fprintf(stderr, "robin simpoint run: %s\n", err);
		return 1;
	}
	if (slurm)
		fprintf(stderr, "robin simpoint: %zu intervals, k = %d, %d points; checkpoints in %s "
		        "(%.2f s: vectors %.2f s, memory %s %.2f s, checkpoints %.2f s)\n",
		        c.n_intervals, c.k, c.n_points, c.dir, prep_s, c.pass_s[CAMPAIGN_PASS_VECTORS],
		        c.mem_sampled ? "signature" : "pass", c.pass_s[CAMPAIGN_PASS_MEMORY],
		        c.pass_s[CAMPAIGN_PASS_CHECKPOINTS]);
	else
		fprintf(stderr, "robin simpoint: %zu intervals, k = %d, %d points; campaign in %s "
		        "(%.2f s: vectors %.2f s, memory %s %.2f s)\n", c.n_intervals, c.k,
		        c.n_points, c.dir, prep_s, c.pass_s[CAMPAIGN_PASS_VECTORS],
		        c.mem_sampled ? "signature" : "pass", c.pass_s[CAMPAIGN_PASS_MEMORY]);
	if (slurm)  /* otherwise the report has them */
		simpoint_report_splits(stderr, &c);
	int rc = 0;
	if (slurm) {
		rc = campaign_write_slurm(&c, self, err, sizeof(err));
		if (rc)
			fprintf(stderr, "robin simpoint run: %s\n", err);
		else
			fprintf(stderr, "robin simpoint: submit with %s/submit.sh; the estimate appears in "
			        "%s/result.json (robin simpoint merge %s)\n", c.dir, c.dir, c.dir);
		campaign_free(&c);
		return rc ? 1 : 0;
	}
	struct campaign_jobs done;
	double pass_s[CAMPAIGN_PASSES];
	memcpy(pass_s, c.pass_s, sizeof(pass_s));
	rc = campaign_jobs_run(&c, jobs, validate, "simpoint run", &done);
	campaign_free(&c);
	if (rc)
		return 1;
	struct campaign_result r = { .c = &done.c, .t = done.have_truth ? &done.t : NULL,
	                             .prep_s = prep_s, .points_s = done.points_s };
	memcpy(r.pass_s, pass_s, sizeof(pass_s));
	if (campaign_prof_eval(&done.c, "simpoint run", db, &r.pe, stderr))
		rc = 1;
	else if (campaign_result_estimate(&r, err, sizeof(err))) {
		fprintf(stderr, "robin simpoint: %s\n", err);
		rc = 1;
	} else
		rc = simpoint_report(&r, json);
	campaign_jobs_free(&done);
	return rc;
}

/* `robin simpoint point DIR I` (chain 0) or `robin simpoint chain DIR G` (chain 1). */
static int simpoint_job_main(int argc, char **argv, int chain)
{
	const char *what = chain ? "chain" : "point";
	uint64_t i;
	if (argc != 3 || text_parse_u64(argv[2], &i) || i > INT32_MAX) {
		fprintf(stderr, "usage: robin simpoint %s DIR %s\n", what, chain ? "G" : "I");
		return 2;
	}
	char err[1024];
	/* the guest's output goes to the campaign's files: keep robin's stderr for the message */
	int errfd = fcntl(2, F_DUPFD_CLOEXEC, 950);
	int rc = chain ? campaign_chain_run(argv[1], (int)i, err, sizeof(err))
	               : campaign_point_run(argv[1], (int)i, err, sizeof(err));
	if (rc)
		dprintf(errfd >= 0 ? errfd : 2, "robin simpoint %s: %s\n", what, err);
	if (errfd >= 0)
		close(errfd);
	return rc ? 1 : 0;
}

int simpoint_point_main(int argc, char **argv)
{
	return simpoint_job_main(argc, argv, 0);
}

int simpoint_chain_main(int argc, char **argv)
{
	return simpoint_job_main(argc, argv, 1);
}

int simpoint_merge_main(int argc, char **argv)
{
	const char *json = NULL, *dir = NULL, *db = NULL;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--stats-json") && i + 1 < argc)
			json = argv[++i];
		else if (!strcmp(argv[i], "--db") && i + 1 < argc)
			db = argv[++i];
		else if (argv[i][0] != '-' && !dir)
			dir = argv[i];
		else {
			fprintf(stderr, "usage: robin simpoint merge DIR [--stats-json FILE] [--db FILE]\n");
			return 2;
		}
	}
	if (!dir) {
		fprintf(stderr, "usage: robin simpoint merge DIR [--stats-json FILE] [--db FILE]\n");
		return 2;
	}
	struct campaign_jobs done;
	char err[1024];
	if (campaign_jobs_load(&done, dir, err, sizeof(err))) {
		fprintf(stderr, "robin simpoint merge: %s\n", err);
		return 1;
	}
	struct campaign_result r = { .c = &done.c, .t = done.have_truth ? &done.t : NULL };
	int rc = campaign_result_estimate(&r, err, sizeof(err));
	if (rc)
		fprintf(stderr, "robin simpoint merge: %s\n", err);
	else if (campaign_prof_eval(&done.c, "simpoint merge", db, &r.pe, stderr))
		rc = 1;
	rc = rc ? 1 : simpoint_report(&r, json);
	campaign_jobs_free(&done);
	return rc;
}
