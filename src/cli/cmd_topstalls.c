/*
 * cmd_topstalls.c — `robin topstalls`: the instructions of an image that lost the most cycles
 * to stalls, by DCPI's analysis of its issue-head samples (002_767b26a0b68559db.txt §3.2,
 * §6): each with its stall cycles per execution, share of the image's samples, confidence of
 * the frequency estimate, static-stall kind and culprits. The analysis lives in
 * src/analysis/dcpi_*.c; this file parses options and prints.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/dcpi_run.h"
#include "cli/cli.h"
#include "cli/db_args.h"
#include "report/dcpi_report.h"
#include "util/json.h"

static const char topstalls_help[] =
	"usage: robin topstalls [options]\n"
	"\n"
	"Lists the most stalled instructions of the image with the most issue-head samples (or\n"
	"--image) in the newest run (or --run): stall samples (static + dynamic), cycles per\n"
	"execution, confidence, culprits (letters as robin calc) and the load to blame.\n"
	"\n"
	"options:\n"
	DB_ARGS_HELP
	"  -n N                instructions listed (default 20)\n"
	"  -h, --help          this text\n";

struct topstalls_row {
	const struct dcpi_func *f;
	uint32_t i;
	double stall;               /* samples of stall: S_i - F (issue points) */
};

static int topstalls_cmp(const void *a, const void *b)
{
	double x = ((const struct topstalls_row *)a)->stall, y = ((const struct topstalls_row *)b)->stall;
	return x > y ? -1 : x < y;
}

int cmd_topstalls(int argc, char **argv)
{
	struct db_args a;
	struct profile_db *db = NULL;
	struct dcpi_run r = { 0 };
	struct topstalls_row *rows = NULL;
	uint64_t limit = 20;
	const char *v;
	int rc = 2, k, i = 1, loaded = 0;
	db_args_init(&a, "topstalls", topstalls_help, DB_ARGS_DB | DB_ARGS_SELECT | DB_ARGS_JSON, 0);
	while ((k = db_args_next(&a, argc, argv, &i)) > 0) {
		k = db_args_opt(&a, "-n", argc, argv, &i, &v);
		if (k == 0)
			k = db_args_unknown(&a, argv[i]);
		if (k < 0 || (k = db_args_count(&a, "-n", v, 1, &limit)))
			break;
	}
	if (k < 0) {
		rc = a.status;
		goto out;
	}
	rc = 1;
	if (!(db = db_args_open(&a, 0)))
		goto out;
	char err[DCPI_RUN_ERR_MAX];
	if (dcpi_run_load(db, &a.filter, NULL, NULL, &r, err)) {
		fprintf(stderr, "robin topstalls: %s\n", err);
		goto out;
	}
	loaded = 1;
	size_t n = 0, cap = 0;
	for (size_t f = 0; f < r.n; f++) {
		const struct dcpi_proc *p = &r.f[f].proc;
		for (uint32_t x = 0; x < p->ninsns; x++) {
			const struct dcpi_insn *in = &p->insns[x];
			double stall = in->freq > 0 ? in->samples - in->freq * (in->m_cycles ? 1 : 0) : 0;
			if (!(stall > 0))
				continue;
			if (n == cap) {
				cap = cap ? 2 * cap : 256;
				struct topstalls_row *nr = realloc(rows, cap * sizeof(*nr));
				if (!nr) {
					fprintf(stderr, "robin topstalls: out of memory\n");
					goto out;
				}
				rows = nr;
			}
			rows[n++] = (struct topstalls_row){ &r.f[f], x, stall };
		}
	}
	if (n)
		qsort(rows, n, sizeof(*rows), topstalls_cmp);
	if (n > limit)
		n = (size_t)limit;
	struct json j;
	if (a.fmt == TABLE_JSON) {
		json_init(&j, stdout, 1);
		json_object_begin(&j);
		dcpi_report_run_json(&j, &r);
		json_key(&j, "instructions");
		json_array_begin(&j);
	} else {
		printf("most stalled instructions of %s (run %lld, %.0f %s samples, period %.0f "
		       "cycles)\n", r.image_path, (long long)r.run_id, r.samples, r.event, r.period);
		printf("%9s %6s %8s %7s %-8s %-10s %-26s %s\n", "stall", "%", "cy/exec", "conf",
		       "culprits", "blame", "where", "instruction");
	}
	for (size_t k2 = 0; k2 < n; k2++) {
		const struct dcpi_proc *p = &rows[k2].f->proc;
		const struct dcpi_insn *x = &p->insns[rows[k2].i];
		char text[96], letters[DCPI_CAUSE_COUNT + 3], where[160], blame[24] = "";
		isa_disasm(&x->in, x->addr, text, sizeof(text));
		for (char *t = text; *t; t++)
			if (*t == '\t')
				*t = ' ';
		dcpi_culprit_letters(x->culprits, letters);
		if (x->static_kind) {
			size_t l = strlen(letters);
			letters[l] = dcpi_static_letter(x->static_kind);
			letters[l + 1] = 0;
		}
		uint32_t who = x->culprits && x->culprit_load != DCPI_NONE ? x->culprit_load
		               : x->static_by;
		if (who != DCPI_NONE)
			snprintf(blame, sizeof(blame), "%llx", (unsigned long long)p->insns[who].addr);
		snprintf(where, sizeof(where), "%s+0x%llx", rows[k2].f->name,
		         (unsigned long long)(x->addr - rows[k2].f->start));
		double cy = x->cpi - (x->m_cycles ? 1 : 0);
		if (a.fmt == TABLE_JSON) {
			json_object_begin(&j);
			json_kv_uint(&j, "offset", x->addr);
			json_kv_string(&j, "where", where);
			json_kv_string(&j, "text", text);
			json_kv_double(&j, "stall_samples", rows[k2].stall);
			json_kv_double(&j, "stall_cycles_per_exec", cy);
			json_kv_string(&j, "confidence", dcpi_conf_name(x->conf));
			json_kv_string(&j, "culprits", letters);
			if (who != DCPI_NONE)
				json_kv_uint(&j, "blame", p->insns[who].addr);
			json_object_end(&j);
		} else {
			printf("%9.0f %5.1f%% %8.1f %7s %-8s %-10s %-26s %llx: %s\n", rows[k2].stall,
			       r.samples > 0 ? 100 * rows[k2].stall / r.samples : 0, cy,
			       dcpi_conf_name(x->conf), *letters ? letters : "-", *blame ? blame : "-",
			       where, (unsigned long long)x->addr, text);
		}
	}
	if (a.fmt == TABLE_JSON) {
		json_array_end(&j);
		json_object_end(&j);
		json_end(&j);
	}
	rc = 0;
out:
	free(rows);
	if (loaded)
		dcpi_run_free(&r);
	profile_db_close(db);
	db_args_free(&a);
	return rc;
}
