/*
 * acc_profileme.c — `robin accuracy --profileme [options] [WORKLOAD...]` (see
 * acc_profileme.h). Every workload of workloads/suite.tsv runs once on the core with two
 * ProfileMe units attached: single sampling (per-PC estimates kS against the exact counts)
 * and paired sampling (wasted issue slots, path profiles).
 */
#include "cli/acc_profileme.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

#include "analysis/correlation.h"
#include "analysis/pm_paths.h"
#include "analysis/profileme_est.h"
#include "cli/core_opts.h"
#include "cli/db_args.h"
#include "sim/sim_profile.h"
#include "sim/sim_profileme.h"
#include "core/core.h"
#include "core/source.h"
#include "util/json.h"
#include "util/text.h"

#define ACC_PM_MAX 64
#define ACC_PM_INTERVAL 100

struct acc_pm_row {
	char name[64], cls[16];
	int ok;
	uint64_t fetched, samples, wrong_path, cycles;
	struct pm_envelope env[PM_PROP_N];
	struct pm_wasted_eval we;
	struct pm_paths_result paths;
	double ipc_wstd_rel;
	/* pooled over the suite: (estimate, exact) of every PC with paired latency samples */
	double *west, *wx;
	size_t nw;
};

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
	        "core options as `robin sim` (--preset, --set, --config).\n", ACC_PM_INTERVAL);
}

static int acc_pm_suite(const char *root, struct acc_pm_row *rows, size_t *n)
{
	char p[PATH_MAX], line[512];
	snprintf(p, sizeof(p), "%s/workloads/suite.tsv", root);
	FILE *f = fopen(p, "r");
	if (!f) {
		fprintf(stderr, "robin accuracy: cannot read %s: %s\n", p, strerror(errno));
		return -1;
	}
	*n = 0;
	while (fgets(line, sizeof(line), f) && *n < ACC_PM_MAX) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		char *tab = strchr(line, '\t');
		if (!tab)
			continue;
		*tab = 0;
		char *cls = tab + 1, *t2 = strchr(cls, '\t');
		if (t2)
			*t2 = 0;
		memset(&rows[*n], 0, sizeof(rows[*n]));
		snprintf(rows[*n].name, sizeof(rows[*n].name), "%.63s", line);
		snprintf(rows[*n].cls, sizeof(rows[*n].cls), "%.15s", cls);
		(*n)++;
	}
	fclose(f);
	return 0;
}

/* Simulate one workload with both units; fill the row. Returns 0 or -1 after a message. */
static int acc_pm_run(const char *root, const char *size, const struct core_config *cfg,
		      uint64_t interval, uint32_t window, struct acc_pm_row *row)
{
	char path[PATH_MAX];
	snprintf(path, sizeof(path), "%s/build/guest/workloads/%s.static", root, row->name);
	struct emu *e = NULL;
	struct core *c = NULL;
	struct pm *single = NULL, *paired = NULL;
	struct code_map m;
	code_map_init(&m);
	struct emu_config ec = { 0 };
	ec.virtual_time = 1;
	char *argv[3] = { path, (char *)size, NULL };
	char *envp[1] = { NULL };
	int rc = -1;
	if (emu_create(&ec, &e) || emu_load(e, path, 2, argv, envp)) {
		fprintf(stderr, "robin accuracy: %s: %s\n", path, e ? emu_error(e) : "no emulator");
		goto out;
	}
	struct source_emu se;
	struct core_source src;
	source_emu_init(&se, e, 0, &src);
	struct sim_pm_opts o1 = { .on = 1, .interval = interval, .history_bits = 12 };
	struct sim_pm_opts o2 = o1;
	o2.paired = 1;
	o2.window = window;
	struct probe_consumer pc1, pc2;
	if (core_create(cfg, &src, &c) || sim_pm_create(&o1, "accuracy", cfg, NULL, &single) ||
	    sim_pm_create(&o2, "accuracy", cfg, NULL, &paired)) {
		fprintf(stderr, "robin accuracy: %s: cannot set up the core and ProfileMe\n", row->name);
		goto out;
	}
	pm_consumer(single, &pc1);
	pm_consumer(paired, &pc2);
	if (core_attach(c, &pc1) || core_attach(c, &pc2) || core_run(c, stderr) ||
	    se.status == EMU_FAULT) {
		fprintf(stderr, "robin accuracy: %s: the simulation failed\n", row->name);
		goto out;
	}
	pm_finish(single);
	pm_finish(paired);
	if (sim_profile_code_map(e, &m))
		goto oom;
	row->cycles = core_stats(c)->cycles;
	const struct pm_stats *st = pm_stats(single);
	row->fetched = st->fetched;
	row->samples = st->samples;
	row->wrong_path = st->aborted[PM_ABORT_WRONG_PATH];
	row->ipc_wstd_rel = st->ipc_wmean > 0 ? st->ipc_wstd / st->ipc_wmean : 0;
	size_t n;
	const struct pm_pc *pcs = pm_pcs(single, &n);
	for (int k = 0; k < PM_PROP_N; k++)
		pm_est_envelope(pcs, n, (enum pm_prop)k, pm_est_interval(pm_config(single)), &row->env[k]);
	pcs = pm_pcs(paired, &n);
	if (pm_est_wasted_eval(pcs, n, pm_config(paired), 10, &row->we))
		goto oom;
	row->west = malloc((n ? n : 1) * sizeof(double));
	row->wx = malloc((n ? n : 1) * sizeof(double));
	if (!row->west || !row->wx)
		goto oom;
	for (size_t i = 0; i < n; i++)
		if (pcs[i].l_i) {
			row->west[row->nw] = pm_est_wasted(&pcs[i], pm_config(paired));
			row->wx[row->nw++] = (double)pcs[i].x_wasted;
		}
	/* paths: the pairs at most 50 apart of the paired unit */
	if (pm_paths_eval(paired, &m, SIM_PM_PATH_SAMPLES, SIM_PM_PATH_WINDOW, &row->paths))
		goto oom;
	row->ok = 1;
	rc = 0;
	goto out;
oom:
	fprintf(stderr, "robin accuracy: %s: out of memory\n", row->name);
out:
	code_map_free(&m);
	pm_destroy(single);
	pm_destroy(paired);
	core_destroy(c);
	emu_destroy(e);
	return rc;
}

static void acc_pm_rate(char *buf, size_t n, double r)
{
	if (r < 0 || !isfinite(r))
		snprintf(buf, n, "-");
	else
		snprintf(buf, n, "%.1f%%", 100 * r);
}

int acc_profileme_main(int argc, char **argv)
{
	struct core_opts co = { 0 };
	uint64_t interval = ACC_PM_INTERVAL, window = 0;
	const char *size = "1", *root = getenv("ROBIN_ROOT");
	int json = 0;
	const char *names[ACC_PM_MAX];
	int nnames = 0;
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
		static const char *const valued[] = { "--pm-interval", "--pm-window", "--size", "--suite" };
		int done = 0;
		for (size_t k = 0; k < 4 && !done; k++) {
			int missing = 0;
			const char *v = db_args_value(valued[k], argc, argv, &i, &missing);
			if (missing) {
				fprintf(stderr, "robin accuracy: %s needs a value\n", valued[k]);
				return 2;
			}
			if (!v)
				continue;
			i--;
			done = 1;
			uint64_t x = 0;
			char q[TEXT_QUOTE_LEN];
			if (k < 3 && (text_parse_u64(v, &x) || !x || x > (1ULL << 32))) {
				fprintf(stderr, "robin accuracy: %s needs a positive count, got %s\n",
				        valued[k], text_quote(q, v));
				return 2;
			}
			if (k == 0)
				interval = x;
			else if (k == 1)
				window = x;
			else if (k == 2)
				size = v;
			else
				root = v;
		}
		if (done)
			continue;
		if (a[0] == '-') {
			fprintf(stderr, "robin accuracy: unknown option '%s' with --profileme (see robin "
			        "accuracy --profileme --help)\n", a);
			return 2;
		}
		if (nnames < ACC_PM_MAX)
			names[nnames++] = a;
	}
	if (!root)
		root = ".";
	struct core_config cfg;
	if (core_opts_build(&co, "accuracy", &cfg))
		return 2;
	struct acc_pm_row *all = calloc(ACC_PM_MAX, sizeof(*all)), *rows = calloc(ACC_PM_MAX,
	                                                                          sizeof(*rows));
	size_t nall = 0, n = 0;
	int rc = 1;
	if (!all || !rows || acc_pm_suite(root, all, &nall))
		goto out;
	for (size_t i = 0; i < nall; i++) {
		int want = !nnames;
		for (int k = 0; k < nnames; k++)
			want |= !strcmp(names[k], all[i].name);
		if (want)
			rows[n++] = all[i];
	}
	for (int k = 0; k < nnames; k++) {
		size_t i = 0;
		while (i < nall && strcmp(names[k], all[i].name))
			i++;
		if (i == nall) {
			fprintf(stderr, "robin accuracy: unknown workload '%s' (not in %s/workloads/suite.tsv)\n",
			        names[k], root);
			rc = 2;
			goto out;
		}
	}
	uint32_t w = window ? (uint32_t)window : cfg.rob_entries + cfg.fetch_buffer;
	int failed = 0;
	/* the guests write to fd 0/1 directly: /dev/null while they run, the report after */
	fflush(stdout);
	int saved = dup(STDOUT_FILENO), null = open("/dev/null", O_RDWR);
	if (saved >= 0 && null >= 0)
		dup2(null, STDOUT_FILENO);
	for (size_t i = 0; i < n; i++) {
		fprintf(stderr, "robin accuracy: %s...\n", rows[i].name);
		if (acc_pm_run(root, size, &cfg, interval, w, &rows[i]))
			failed = 1;
	}
	if (saved >= 0 && null >= 0)
		dup2(saved, STDOUT_FILENO);
	if (saved >= 0)
		close(saved);
	if (null >= 0)
		close(null);
	/* suite figures: pooled envelope, pooled Pearson, mean path success */
	size_t env_in[PM_PROP_N] = { 0 }, env_pts[PM_PROP_N] = { 0 }, nw = 0;
	for (size_t i = 0; i < n; i++)
		for (int k = 0; k < PM_PROP_N; k++) {
			env_in[k] += rows[i].env[k].inside;
			env_pts[k] += rows[i].env[k].points;
		}
	for (size_t i = 0; i < n; i++)
		nw += rows[i].nw;
	double *xs = malloc((nw ? nw : 1) * sizeof(double)), *ys = malloc((nw ? nw : 1) * sizeof(double));
	if (!xs || !ys) {
		free(xs);
		free(ys);
		goto out;
	}
	nw = 0;
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < rows[i].nw; k++) {
			xs[nw] = rows[i].west[k];
			ys[nw++] = rows[i].wx[k];
		}
	double pooled_r = correlation_pearson(xs, ys, nw);
	free(xs);
	free(ys);
	double path[PM_PATH_SCHEMES][PM_PATH_MODES][PM_PATHS_MAX_HIST] = { { { 0 } } };
	for (int s = 0; s < PM_PATH_SCHEMES; s++)
		for (int md = 0; md < PM_PATH_MODES; md++)
			for (unsigned h = 1; h <= PM_PATHS_MAX_HIST; h++) {
				double sum = 0;
				int cnt = 0;
				for (size_t i = 0; i < n; i++) {
					double r = pm_paths_rate(&rows[i].paths, (enum pm_path_scheme)s,
					                         (enum pm_path_mode)md, h);
					if (rows[i].ok && r >= 0) {
						sum += r;
						cnt++;
					}
				}
				path[s][md][h - 1] = cnt ? sum / cnt : -1;
			}
	if (json) {
		struct json j;
		json_init(&j, stdout, 1);
		json_object_begin(&j);
		json_kv_uint(&j, "interval", interval);
		json_kv_uint(&j, "window", w);
		json_key(&j, "workloads");
		json_array_begin(&j);
		for (size_t i = 0; i < n; i++) {
			const struct acc_pm_row *r = &rows[i];
			json_object_begin(&j);
			json_kv_string(&j, "name", r->name);
			json_kv_string(&j, "class", r->cls);
			json_kv_int(&j, "ok", r->ok);
			json_kv_uint(&j, "fetched", r->fetched);
			json_kv_uint(&j, "samples", r->samples);
			json_kv_uint(&j, "wrong_path", r->wrong_path);
			json_key(&j, "envelope_fraction");
			json_object_begin(&j);
			for (int k = 0; k < PM_PROP_N; k++)
				json_kv_double(&j, pm_prop_name(k), r->env[k].fraction);
			json_object_end(&j);
			json_key(&j, "envelope_points");
			json_object_begin(&j);
			for (int k = 0; k < PM_PROP_N; k++)
				json_kv_uint(&j, pm_prop_name(k), r->env[k].points);
			json_object_end(&j);
			json_key(&j, "wasted_slots_pearson");
			if (isfinite(r->we.pearson))
				json_double(&j, r->we.pearson);
			else
				json_null(&j);
			json_kv_uint(&j, "wasted_slots_points", r->we.points);
			json_kv_double(&j, "ipc_weighted_std_rel", r->ipc_wstd_rel);
			json_object_end(&j);
		}
		json_array_end(&j);
		json_key(&j, "suite");
		json_object_begin(&j);
		json_key(&j, "envelope_fraction");
		json_object_begin(&j);
		for (int k = 0; k < PM_PROP_N; k++)
			json_kv_double(&j, pm_prop_name(k),
			               env_pts[k] ? (double)env_in[k] / (double)env_pts[k] : 0);
		json_object_end(&j);
		json_key(&j, "wasted_slots_pearson");
		if (isfinite(pooled_r))
			json_double(&j, pooled_r);
		else
			json_null(&j);
		json_kv_uint(&j, "wasted_slots_points", nw);
		for (int md = 0; md < PM_PATH_MODES; md++) {
			json_key(&j, md == PM_PATH_INTRA ? "path_success" : "path_success_inter");
			json_object_begin(&j);
			for (int s = 0; s < PM_PATH_SCHEMES; s++) {
				json_key(&j, pm_path_scheme_name((enum pm_path_scheme)s));
				json_object_begin(&j);
				for (unsigned h = 1; h <= PM_PATHS_MAX_HIST; h++) {
					char key[8];
					snprintf(key, sizeof(key), "%u", h);
					json_key(&j, key);
					if (path[s][md][h - 1] < 0)
						json_null(&j);
					else
						json_double(&j, path[s][md][h - 1]);
				}
				json_object_end(&j);
			}
			json_object_end(&j);
		}
		json_object_end(&j);
		json_object_end(&j);
		json_end(&j);
	} else {
		printf("ProfileMe against the exact truth: %zu workloads (static, size %s), one record "
		       "every %" PRIu64 " fetched instructions, pairs 1..%u apart\n\n", n, size,
		       interval, w);
		printf("%-11s %-8s %9s %8s %6s %13s %13s %14s %8s %8s %7s\n", "workload", "class",
		       "fetched", "samples", "wrong", "env. retire", "env. dmiss", "wasted r",
		       "hist@8", "pair@8", "IPC sd");
		for (size_t i = 0; i < n; i++) {
			const struct acc_pm_row *r = &rows[i];
			if (!r->ok) {
				printf("%-11s %-8s  (failed)\n", r->name, r->cls);
				continue;
			}
			char e0[32], e1[32], wr[32], h8[16], p8[16];
			snprintf(e0, sizeof(e0), "%.2f (%zu)", r->env[0].fraction, r->env[0].points);
			snprintf(e1, sizeof(e1), "%.2f (%zu)", r->env[1].fraction, r->env[1].points);
			snprintf(wr, sizeof(wr), "%.3f (%zu)", r->we.pearson, r->we.points);
			acc_pm_rate(h8, sizeof(h8), pm_paths_rate(&r->paths, PM_PATH_HISTORY, PM_PATH_INTRA, 8));
			acc_pm_rate(p8, sizeof(p8), pm_paths_rate(&r->paths, PM_PATH_PAIRED, PM_PATH_INTRA, 8));
			printf("%-11s %-8s %8.2fM %8" PRIu64 " %5.1f%% %13s %13s %14s %8s %8s %6.0f%%\n",
			       r->name, r->cls, (double)r->fetched / 1e6, r->samples,
			       r->samples ? 100.0 * (double)r->wrong_path / (double)r->samples : 0.0, e0, e1,
			       wr, h8, p8, 100 * r->ipc_wstd_rel);
		}
		printf("\nsuite: retire-count envelope %.3f over %zu PCs, D-cache-miss envelope %.3f over "
		       "%zu PCs (two thirds expected); wasted-slot estimates vs exact r = %.3f over %zu PCs\n",
		       env_pts[0] ? (double)env_in[0] / (double)env_pts[0] : 0, env_pts[0],
		       env_pts[1] ? (double)env_in[1] / (double)env_pts[1] : 0, env_pts[1], pooled_r, nw);
		printf("path reconstruction success, mean over the workloads (history length 1..12):\n");
		for (int md = 0; md < PM_PATH_MODES; md++)
			for (int s = 0; s < PM_PATH_SCHEMES; s++) {
				printf("  %-5s %-8s", pm_path_mode_name((enum pm_path_mode)md),
				       pm_path_scheme_name((enum pm_path_scheme)s));
				for (unsigned h = 1; h <= PM_PATHS_MAX_HIST; h++) {
					char b[16];
					acc_pm_rate(b, sizeof(b), path[s][md][h - 1]);
					printf(" %6s", b);
				}
				printf("\n");
			}
	}
	rc = failed;
out:
	for (size_t i = 0; rows && i < n; i++) {
		free(rows[i].west);
		free(rows[i].wx);
	}
	free(all);
	free(rows);
	return rc;
}
