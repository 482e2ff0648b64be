/*
 * cmd_simpoint.c — `robin simpoint -loadFVFile F -maxK K -saveSimpoints S
 * -saveSimpointWeights W [...]`: SimPoint 3.2's analysis on a frequency-vector file, with
 * SimPoint's option names and output files (src/analysis/simpoint.c; docs/robin-simpoint.md).
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/simpoint.h"
#include "cli/cli_args.h"
#include "cli/cli.h"
#include "cli/simpoint_run.h"
#include "report/simpoint_report.h"
#include "util/text.h"

static void simpoint_usage(FILE *out)
{
	fprintf(out,
	        "usage: robin simpoint -loadFVFile FILE [-maxK K | -k K[,K...]] [options]\n"
	        "       robin simpoint run|point|chain|merge ...  sampled simulation (robin simpoint run --help)\n"
	        "\n"
	        "SimPoint 3.2's phase analysis: normalises each frequency vector (T:id:count lines,\n"
	        "as robin run --bbv, valgrind's exp-bbv and gem5 write them), projects them to -dim\n"
	        "random dimensions, clusters them with weighted k-means for the k of a binary search\n"
	        "over [1, maxK], keeps the smallest k whose BIC reaches min + bicThreshold * (max -\n"
	        "min), and picks the interval nearest each centre as its simulation point.\n"
	        "\n"
	        "options (SimPoint's names; one or two leading dashes):\n"
	        "  -loadFVFile FILE          the frequency vectors\n"
	        "  -maxK K                   largest k of the search (default 10)\n"
	        "  -k K[,K...]               cluster with exactly these k instead of searching\n"
	        "  -dim N|noProject          projected dimensions (default 15)\n"
	        "  -numInitSeeds N           random k-means starts per k, best BIC kept (default 5)\n"
	        "  -iters N|off              k-means iteration limit (default 100)\n"
	        "  -bicThreshold T           0..1 (default 0.9)\n"
	        "  -loadExtraFile FILE       robin's extension: one number per line per interval,\n"
	        "                            appended unprojected to its vector (robin simpoint\n"
	        "                            run's memory dimension; docs/robin-simpoint.md)\n"
	        "  -coveragePct P            also write FILE.lptP files with only the largest\n"
	        "                            clusters covering share P (0 < P <= 1, default 1)\n"
	        "  -fixedLength on|off       on: every interval weighs the same (default); off: by\n"
	        "                            its instruction count\n"
	        "  -seedkm N, -seedproj N    seeds of the k-means starts and the projection\n"
	        "  -saveSimpoints FILE       '<interval> <cluster>' per simulation point\n"
	        "  -saveSimpointWeights FILE '<weight> <cluster>' per simulation point\n"
	        "  -saveLabels FILE          '<cluster> <distance>' per interval\n"
	        "  --stats-json FILE         k, BIC of every k tried, points and weights as JSON\n"
	        "  -h, --help                this text\n");
}

struct simpoint_cli {
	struct simpoint_opts o;
	const char *fv, *points, *weights, *labels, *json, *extra;
};

static int simpoint_bad(const char *opt, const char *val)
{
	char q[TEXT_QUOTE_LEN];
	fprintf(stderr, "robin simpoint: bad value for %s: '%s'\n", opt, text_quote(q, val));
	return 2;
}

static int simpoint_int(const char *opt, const char *val, int lo, int *out)
{
	uint64_t v;
	if (text_parse_u64(val, &v) || v < (uint64_t)lo || v > 1000000)
		return simpoint_bad(opt, val);
	*out = (int)v;
	return 0;
}

static int simpoint_double(const char *opt, const char *val, double *out)
{
	char *end;
	double v = strtod(val, &end);
	if (end == val || *end || !isfinite(v))
		return simpoint_bad(opt, val);
	*out = v;
	return 0;
}

static int simpoint_parse(struct simpoint_cli *c, int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			simpoint_usage(stdout);
			return -1;
		}
		const char *name = a[0] == '-' && a[1] == '-' ? a + 1 : a;
		if (name[0] != '-' && cli_args_reject("simpoint", a))
			return 2;
		if (name[0] != '-' || i + 1 >= argc) {
			fprintf(stderr, "robin simpoint: %s '%s' (see robin simpoint --help)\n",
			        name[0] != '-' ? "unexpected argument" : "missing value for", a);
			return 2;
		}
		const char *v = argv[++i];
		uint64_t u;
		int rc = 0;
		if (!strcmp(name, "-loadFVFile"))
			c->fv = v;
		else if (!strcmp(name, "-loadExtraFile"))
			c->extra = v;
		else if (!strcmp(name, "-saveSimpoints"))
			c->points = v;
		else if (!strcmp(name, "-saveSimpointWeights"))
			c->weights = v;
		else if (!strcmp(name, "-saveLabels"))
			c->labels = v;
		else if (!strcmp(name, "-stats-json"))
			c->json = v;
		else if (!strcmp(name, "-maxK"))
			rc = simpoint_int(a, v, 1, &c->o.max_k);
		else if (!strcmp(name, "-numInitSeeds"))
			rc = simpoint_int(a, v, 1, &c->o.num_init_seeds);
		else if (!strcmp(name, "-iters"))
			rc = !strcmp(v, "off") ? (c->o.iters = 0) : simpoint_int(a, v, 1, &c->o.iters);
		else if (!strcmp(name, "-dim"))
			rc = !strcmp(v, "noProject") ? (c->o.dim = 0) : simpoint_int(a, v, 1, &c->o.dim);
		else if (!strcmp(name, "-bicThreshold"))
			rc = simpoint_double(a, v, &c->o.bic_threshold);
		else if (!strcmp(name, "-coveragePct"))
			rc = simpoint_double(a, v, &c->o.coverage);
		else if (!strcmp(name, "-seedkm") || !strcmp(name, "-seedproj")) {
			if (text_parse_u64(v, &u))
				return simpoint_bad(a, v);
			*(name[5] == 'k' ? &c->o.seed_km : &c->o.seed_proj) = u;
		} else if (!strcmp(name, "-fixedLength")) {
			if (strcmp(v, "on") && strcmp(v, "off"))
				return simpoint_bad(a, v);
			c->o.fixed_length = !strcmp(v, "on");
		} else if (!strcmp(name, "-k")) {
			char *dup = strdup(v), *save = NULL;
			c->o.n_k = 0;
			for (char *t = dup ? strtok_r(dup, ",", &save) : NULL; t && !rc;
			     t = strtok_r(NULL, ",", &save)) {
				if (c->o.n_k == SIMPOINT_MAX_TRIES)
					rc = simpoint_bad(a, v);
				else
					rc = simpoint_int(a, t, 1, &c->o.k_values[c->o.n_k++]);
			}
			if (!dup || !c->o.n_k)
				rc = rc ? rc : simpoint_bad(a, v);
			free(dup);
		} else {
			fprintf(stderr, "robin simpoint: unknown option '%s' (see robin simpoint --help)\n", a);
			return 2;
		}
		if (rc)
			return rc;
	}
	if (!c->fv) {
		fprintf(stderr, "robin simpoint: -loadFVFile FILE is needed (see robin simpoint --help)\n");
		return 2;
	}
	return 0;
}

/* Write one output file through fn (covered: only the clusters the coverage rule kept). */
static int simpoint_save(const char *path, const struct simpoint_result *r, int covered,
                         int (*fn)(const struct simpoint_result *, int, FILE *))
{
	FILE *f = fopen(path, "w");
	int err = f ? fn(r, covered, f) : -errno;
	if (f && fclose(f) && !err)
		err = -EIO;
	if (err)
		fprintf(stderr, "robin simpoint: cannot write %s: %s\n", path, strerror(-err));
	return err;
}

int cmd_simpoint(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "run"))
		return simpoint_run_main(argc - 1, argv + 1);
	if (argc > 1 && !strcmp(argv[1], "point"))
		return simpoint_point_main(argc - 1, argv + 1);
	if (argc > 1 && !strcmp(argv[1], "chain"))
		return simpoint_chain_main(argc - 1, argv + 1);
	if (argc > 1 && !strcmp(argv[1], "merge"))
		return simpoint_merge_main(argc - 1, argv + 1);
	struct simpoint_cli c = { 0 };
	simpoint_opts_default(&c.o);
	int rc = simpoint_parse(&c, argc, argv);
	if (rc)
		return rc < 0 ? 0 : rc;
	struct simpoint_fv fv;
	char err[512];
	if (simpoint_fv_read(c.fv, &fv, err, sizeof(err))) {
		fprintf(stderr, "robin simpoint: %s\n", err);
		return 1;
	}
	double *extra = NULL;
	struct simpoint_result r;
	if ((c.extra && simpoint_extra_read(c.extra, fv.n_rows, &extra, err, sizeof(err))) ||
	    (c.o.extra = extra, simpoint_cluster(&fv, &c.o, &r, err, sizeof(err)))) {
		fprintf(stderr, "robin simpoint: %s\n", err);
		simpoint_fv_free(&fv);
		free(extra);
		return 1;
	}
	free(extra);
	c.o.extra = NULL;
	fprintf(stderr, "robin simpoint: %zu intervals, %u blocks; k tried:", fv.n_rows, fv.max_id);
	for (int q = 0; q < r.n_tries; q++)
		fprintf(stderr, " %d (BIC %.4g)", r.tries[q].k, r.tries[q].bic);
	fprintf(stderr, "; chose k = %d\n", r.k);
	rc = 0;
	if (c.points && simpoint_save(c.points, &r, 0, simpoint_write_points))
		rc = 1;
	if (c.weights && simpoint_save(c.weights, &r, 0, simpoint_write_weights))
		rc = 1;
	if (c.labels && simpoint_save(c.labels, &r, 0, simpoint_write_labels))
		rc = 1;
	if (c.o.coverage < 1.0) {
		/* as SimPoint: the full files, and FILE.lptP with the largest clusters only */
		char path[4096];
		if (c.points && (size_t)snprintf(path, sizeof(path), "%s.lpt%g", c.points,
		                                 c.o.coverage) < sizeof(path) &&
		    simpoint_save(path, &r, 1, simpoint_write_points))
			rc = 1;
		if (c.weights && (size_t)snprintf(path, sizeof(path), "%s.lpt%g", c.weights,
		                                  c.o.coverage) < sizeof(path) &&
		    simpoint_save(path, &r, 1, simpoint_write_weights))
			rc = 1;
	}
	char jerr[PATH_MAX + 64];
	if (c.json && simpoint_report_json(c.json, c.fv, &r, jerr, sizeof(jerr)))
		fprintf(stderr, "robin simpoint: %s\n", jerr);   /* the exit status stays */
	simpoint_result_free(&r);
	simpoint_fv_free(&fv);
	return rc;
}
