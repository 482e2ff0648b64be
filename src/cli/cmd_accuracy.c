/*
 * cmd_accuracy.c — `robin accuracy [options] [WORKLOAD...]`: every profiler of
 * 004_b28092482852db08.txt Paper A measured against the Oracle on the workload suite
 * (analysis/acc_paper_a.h), or with --tea Paper B's (analysis/acc_tea.h), --profileme
 * ProfileMe's estimates (analysis/acc_profileme.h), --dcpi DCPI's (analysis/acc_dcpi.h),
 * --cores N a threaded program on N cores (acc_cores.h). Parses the options, runs the
 * experiment and prints its table (report/accuracy_report.h) as text, --json or --csv.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/acc_dcpi.h"
#include "analysis/acc_paper_a.h"
#include "analysis/acc_profileme.h"
#include "analysis/acc_suite.h"
#include "cli/acc_cores.h"
#include "cli/cli.h"
#include "cli/cli_args.h"
#include "cli/core_opts.h"
#include "cli/db_args.h"
#include "cli/emu_opts.h"
#include "pmu/sampler.h"
#include "report/accuracy_report.h"
#include "util/text.h"

static void acc_usage(FILE *out)
{
	fprintf(out,
	        "usage: robin accuracy [options] [WORKLOAD...]\n"
	        "\n"
	        "Runs each workload on robin's out-of-order core with every simulated profiler\n"
	        "attached (tip, tip-ilp, nci, nci-ilp, lci, software, dispatch, fetch; and sscofpmf,\n"
	        "RISC-V perf sampling, docs/sscofpmf.md), all sampling\n"
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
	        "  --manifest FILE     WORKLOADs are rows of a corpus manifest (corpus/manifest.tsv:\n"
	        "                      its command lines, relative to the current directory;\n"
	        "                      run from build/corpus, or build/corpus/small for small inputs)\n"
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
	        ACC_PAPER_A_PERIOD_DEFAULT, core_opts_help);
}

static void acc_pm_usage(FILE *out)
{
	fprintf(out,
	        "usage: robin accuracy --profileme [options] [WORKLOAD...]\n"
	        "\n"
	        "ProfileMe (000_424085ad3398c1f4.txt) on the workload suite, every estimate next to the\n"
	        "simulation's exact truth: per workload the records sampled and those aborted on the\n"
	        "wrong path, the fraction of PCs whose retire-count and D-cache-miss estimates lie in\n"
	        "the 1 +- 1/sqrt(k) envelope (Figure 3; about two thirds expected), the Pearson r of\n"
	        "the wasted-issue-slot estimates (paired sampling), path reconstruction success at\n"
	        "history length 8 (Figure 6) and the windowed IPC's variability (§6).\n"
	        "\n"
	        "  --pm-interval N     mean fetched instructions between samples (default %d)\n"
	        "  --pm-window W       pair window for wasted slots (default rob_entries + fetch_buffer)\n"
	        "  --size N            the workloads' size argument (default 1)\n"
	        "  --suite DIR         the repository holding workloads/ (default $ROBIN_ROOT or .)\n"
	        "  --json              one JSON document on stdout\n"
	        "core options as `robin sim` (--preset, --set, --config).\n", ACC_PROFILEME_INTERVAL);
}

/* The index in names[0..n) of the option at argv[*i] that takes a value, with the value in
 * *v (*i left on the option); -1 when it is none of them, -2 after "needs a value". */
static int acc_valued(const char *const *names, size_t n, int argc, char **argv, int *i,
		      const char **v)
{
	for (size_t k = 0; k < n; k++) {
		int missing = 0;
		if ((*v = db_args_value(names[k], argc, argv, i, &missing))) {
			(*i)--;  /* db_args_value moved past the value; the loop steps over it */
			return (int)k;
		}
		if (missing) {
			fprintf(stderr, "robin accuracy: %s needs a value\n", names[k]);
			return -2;
		}
	}
	return -1;
}

/* `robin accuracy --profileme ...`: the whole command. */
static int acc_profileme(int argc, char **argv)
{
	static const char *const valued[] = { "--pm-interval", "--pm-window", "--size", "--suite" };
	struct core_opts co = { 0 };
	struct core_config cfg;
	struct acc_profileme_opts o = { .core = &cfg, .interval = ACC_PROFILEME_INTERVAL,
	                                .size = "1", .root = getenv("ROBIN_ROOT") };
	const char *names[ACC_PROFILEME_MAX], *v;
	int nnames = 0, json = 0;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		int t = core_opts_take(&co, argc, argv, &i);
		if (t < 0)
			return 2;
		if (t || !strcmp(a, "--profileme"))
			continue;
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			acc_pm_usage(stdout);
			return 0;
		}
		if (!strcmp(a, "--json")) {
			json = 1;
			continue;
		}
		int k = acc_valued(valued, 4, argc, argv, &i, &v);
		uint64_t x = 0;
		char q[TEXT_QUOTE_LEN];
		if (k == -2)
			return 2;
		if (k >= 0 && k < 3 && (text_parse_u64(v, &x) || !x || x > (1ULL << 32))) {
			fprintf(stderr, "robin accuracy: %s needs a positive count, got %s\n", valued[k],
			        text_quote(q, v));
			return 2;
		}
		if (k == 0)
			o.interval = x;
		else if (k == 1)
			o.window = x;
		else if (k == 2)
			o.size = v;
		else if (k == 3)
			o.root = v;
		else if (a[0] == '-') {
			fprintf(stderr, "robin accuracy: unknown option '%s' with --profileme (see robin "
			        "accuracy --profileme --help)\n", a);
			return 2;
		} else if (nnames < ACC_PROFILEME_MAX) {
			names[nnames++] = a;
		}
	}
	if (!o.root)
		o.root = ".";
	if (core_opts_build(&co, "accuracy", &cfg))
		return 2;
	struct acc_profileme_table *t = calloc(1, sizeof(*t));
	int rc = t ? acc_profileme_select(o.root, names, nnames, t) : -ENOMEM;
	if (!rc && !(rc = acc_profileme_run(&o, t))) {
		if (json)
			accuracy_report_pm_json(stdout, t);
		else
			accuracy_report_pm_text(stdout, t, o.size);
	}
	int status = rc == -EINVAL ? 2 : rc ? 1 : t->failed;
	acc_profileme_free(t);
	free(t);
	return status;
}

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

/* --dcpi: the workloads simulated into one database, its evaluation printed. */
static int acc_dcpi(const struct acc_paper_a_opts *o, uint64_t period,
		    const struct acc_suite_workload *w, size_t n, int json)
{
	struct acc_dcpi_opts d = { &o->core, period, o->size, o->db_path, o->quiet, o->max_insns };
	struct acc_dcpi_files f;
	int rc = acc_dcpi_run(&d, w, n, &f) || accuracy_report_dcpi(f.db, json) ? 1 : 0;
	acc_dcpi_cleanup(&f);
	return rc;
}

int cmd_accuracy(int argc, char **argv)
{
	for (int k = 1; k < argc && strcmp(argv[k], "--"); k++)
		if (!strcmp(argv[k], "--profileme"))
			return acc_profileme(argc, argv);
		else if (!strcmp(argv[k], "--cores"))
			return acc_cores_main(argc, argv);
	static const char *const valued[] = { "--period", "--freq", "--size", "--max-insns",
	                                      "--jobs", "--suite", "--db", "--manifest" };
	static const char *const flag_names[] = { "--random", "--sweep-freq", "--tea",
	                                          "--compare-random", "--dcpi", "--json", "--csv",
	                                          "--dyn", "--quiet" };
	struct acc_paper_a_opts o;
	struct core_opts co = { 0 };
	memset(&o, 0, sizeof(o));
	o.jobs = 1;
	uint64_t period = 0;
	double freq = 0;
	int random = 0, dcpi = 0, json = 0, csv = 0, i;
	int *flags[] = { &random, &o.sweep, &o.tea, &o.compare_random, &dcpi, &json, &csv, &o.dyn,
	                 &o.quiet };
	const char *suite = NULL, *manifest = NULL, *v;
	char root[PATH_MAX];
	for (i = 1; emu_opts_more(argc, argv, &i); i++) {
		const char *a = argv[i];
		int t = core_opts_take(&co, argc, argv, &i);
		if (t < 0)
			return 2;
		if (t)
			continue;
		int k = acc_valued(valued, sizeof(valued) / sizeof(valued[0]), argc, argv, &i, &v);
		uint64_t x = 0;
		char *end;
		if (k == -2)
			return 2;
		if (k == 1)
			freq = strtod(v, &end);
		if (k == 0 && (acc_u64("--period", v, &period) || !period)) {
			if (!period)
				fprintf(stderr, "robin accuracy: --period must be positive\n");
			return 2;
		} else if (k == 1 && (*end || !(freq > 0) || !isfinite(freq))) {
			fprintf(stderr, "robin accuracy: --freq needs a positive frequency in Hz, got '%s'\n",
			        v);
			return 2;
		} else if (k == 2 && (acc_u64("--size", v, &x) || !x)) {
			if (!x)
				fprintf(stderr, "robin accuracy: --size must be positive\n");
			return 2;
		} else if (k == 3 && acc_u64("--max-insns", v, &o.max_insns)) {
			return 2;
		} else if (k == 4 && (acc_u64("--jobs", v, &x) || !x || x > ACC_JOBS_MAX)) {
			fprintf(stderr, "robin accuracy: --jobs needs 1..64\n");
			return 2;
		}
		if (k >= 0) {
			if (k == 2)
				o.size = v;
			else if (k == 4)
				o.jobs = (unsigned)x;
			else if (k == 5)
				suite = v;
			else if (k == 6)
				o.db_path = v;
			else if (k == 7)
				manifest = v;
			continue;
		}
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			acc_usage(stdout);
			return 0;
		}
		for (k = 0; k < (int)(sizeof(flags) / sizeof(flags[0])) && strcmp(a, flag_names[k]); k++)
			;
		if (k == (int)(sizeof(flags) / sizeof(flags[0])))
			return emu_opts_unknown("accuracy", a);
		*flags[k] = 1;
	}
	if (json && csv) {
		fprintf(stderr, "robin accuracy: --json and --csv exclude each other\n");
		return 2;
	}
	if (o.tea && dcpi) {
		fprintf(stderr, "robin accuracy: --tea and --dcpi exclude each other\n");
		return 2;
	}
	if (o.tea && (csv || o.compare_random)) {
		fprintf(stderr, "robin accuracy: --tea reports as text or --json (no --csv, "
		        "--compare-random)\n");
		return 2;
	}
	if (period && freq) {
		fprintf(stderr, "robin accuracy: --period and --freq exclude each other\n");
		return 2;
	}
	if (manifest && (suite || o.size || o.dyn)) {
		fprintf(stderr, "robin accuracy: --manifest names its programs and arguments itself "
		        "(no --suite, --size, --dyn)\n");
		return 2;
	}
	if (core_opts_build(&co, "accuracy", &o.core))
		return 2;
	o.preset = co.preset;
	if (suite && !acc_suite_is_root(suite)) {
		fprintf(stderr, "robin accuracy: --suite %s: no workloads/suite.tsv there\n", suite);
		return 2;
	}
	if (suite)
		snprintf(root, sizeof(root), "%s", suite);
	else if (acc_suite_find_root(root))
		root[0] = 0;
	/* the PMUs: everything at the chosen period; the sensitivity analyses beside it */
	uint64_t p0 = period ? period : freq ? sampler_period_from_hz(freq, o.core.freq_mhz * 1e6)
	                                     : ACC_PAPER_A_PERIOD_DEFAULT;
	if (acc_paper_a_configure(&o, p0, random))
		return 2;
	struct acc_suite_workload *w = NULL;
	struct acc_paper_a_table *t = NULL;
	size_t n = 0;
	if (cli_args_tail("accuracy", &argc, argv, i) ||
	    (manifest ? acc_suite_resolve_manifest(manifest, argc - i, argv + i, &w, &n)
	              : acc_suite_resolve(root, o.dyn, argc - i, argv + i, &w, &n)))
		return 1;
	if (dcpi) {
		int rc = acc_dcpi(&o, p0, w, n, json);
		free(w);
		return rc;
	}
	if (acc_paper_a_run(&o, w, n, &t))
		return 1;
	int rc = t->ok ? t->failed : 1;
	if (!t->ok)
		fprintf(stderr, "robin accuracy: no workload ran\n");
	else if (o.tea && !json)
		accuracy_report_tea_text(stdout, t);
	else if (json)
		accuracy_report_json(stdout, t);
	else if (csv)
		accuracy_report_csv(stdout, t);
	else
		accuracy_report_text(stdout, t);
	acc_paper_a_free(t);
	return rc;
}
