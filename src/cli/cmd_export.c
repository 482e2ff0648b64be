/*
 * cmd_export.c — `robin export`: write the selected profiles as a gzip-compressed pprof
 * profile (--pprof, report/pprof.c), flame-graph folded stacks (--folded, report/folded.c)
 * and/or a speedscope file (--speedscope, report/speedscope.c); with the call stacks when
 * the profiles hold them.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/db_args.h"
#include "report/folded.h"
#include "report/pprof.h"
#include "report/report_load.h"
#include "report/speedscope.h"
#include "util/outfile.h"

static const char export_help[] =
	"usage: robin export [--pprof FILE] [--folded FILE] [--speedscope FILE] [--insns]\n"
	"                    [options]\n"
	"\n"
	"Export the selected profiles (all events, summed per instruction over the matching\n"
	"runs, epochs and images).\n"
	"  --pprof FILE        gzip-compressed profile.proto for `go tool pprof`: one sample\n"
	"                      type per event, one location per instruction with function,\n"
	"                      inline chain and line; values = samples x period when the\n"
	"                      period is known, else samples\n"
	"  --folded FILE       flame-graph folded stacks `image;function count` (inline chains\n"
	"                      included) for flamegraph.pl / inferno; '-' = stdout. Needs one\n"
	"                      event: the only one, or --event NAME\n"
	"  --insns             folded: add the instruction address as the leaf frame\n"
	"  --speedscope FILE   a speedscope file (https://www.speedscope.app), one sampled\n"
	"                      profile per event; '-' = stdout\n"
	"Profiles with call stacks (robin sim --profile) export them: --folded writes\n"
	"`image;outermost;...;leaf count`, --pprof one sample per stack with its locations\n"
	"leaf first, --speedscope the stacks as samples.\n"
	DB_ARGS_HELP
	"                      (--json / --csv print a summary of what was written)\n"
	"  --help              this text\n";

/* Open a text output ('-' = stdout); NULL after one line on stderr. */
static FILE *export_open(const char *path)
{
	FILE *fo = strcmp(path, "-") ? fopen(path, "w") : stdout;
	if (!fo)
		fprintf(stderr, "robin export: %s: cannot create: %m\n", path);
	return fo;
}

/* Close (stdout: flush) what export_open gave after a writer returned n (< 0: failed), and
 * add the summary row (format, file, n in column 6). Returns the row, or -1 after one line
 * on stderr. */
static int export_close(FILE *fo, const char *path, long n, const char *format, struct table *t)
{
	/* a stream's error flag, not fclose's result alone: a flush that failed earlier (the
	 * JSON writer's) leaves fclose nothing to fail on */
	int err = fo != stdout ? outfile_close(fo) : outfile_flush(fo);
	if (n < 0 || err) {
		fprintf(stderr, "robin export: %s: %s\n", path,
			err ? strerror(-err) : n == -ENOMEM ? "out of memory" : "write failed");
		return -1;
	}
	int row = table_add_row(t);
	if (row < 0 || table_set_str(t, row, 0, format) || table_set_str(t, row, 1, path)) {
		fprintf(stderr, "robin export: out of memory\n");
		return -1;
	}
	table_set_uint(t, row, 6, (uint64_t)n);
	return row;
}

int cmd_export(int argc, char **argv)
{
	static const struct table_col cols[] = {
		{ "format", "format", TABLE_STR, 0 },
		{ "file", "file", TABLE_STR, 0 },
		{ "events", "events", TABLE_UINT, 0 },
		{ "samples", "samples", TABLE_UINT, 0 },
		{ "locations", "locations", TABLE_UINT, 0 },
		{ "functions", "functions", TABLE_UINT, 0 },
		{ "lines", "lines", TABLE_UINT, 0 },
	};
	struct db_args a;
	struct profile_db *db = NULL;
	struct report_profile p;
	const char *pprof_path = NULL, *folded_path = NULL, *speedscope_path = NULL;
	unsigned folded_flags = 0;
	int ret, k, i = 1, loaded = 0;
	char err[REPORT_ERR_MAX];
	struct table t;

	table_init(&t, cols, sizeof(cols) / sizeof(*cols));
	db_args_init(&a, "export", export_help, DB_ARGS_ALL, 0);
	while ((k = db_args_next(&a, argc, argv, &i)) > 0) {
		if (!strcmp(argv[i], "--insns")) {
			folded_flags |= FOLDED_INSNS;
			i++;
		} else if (!(k = db_args_opt(&a, "--pprof", argc, argv, &i, &pprof_path)) &&
			   !(k = db_args_opt(&a, "--folded", argc, argv, &i, &folded_path)) &&
			   !(k = db_args_opt(&a, "--speedscope", argc, argv, &i, &speedscope_path))) {
			k = db_args_unknown(&a, argv[i]);
		}
		if (k < 0)
			break;
	}
	ret = a.status;
	if (k < 0)
		goto out;
	if (!pprof_path && !folded_path && !speedscope_path) {
		fprintf(stderr, "robin export: nothing to write: give --pprof FILE, --folded FILE "
			"and/or --speedscope FILE\n");
		goto out;
	}
	ret = 1;
	if (db_args_load(&a, &db, REPORT_LOAD_STACKS, &p, NULL))
		goto out;
	loaded = 1;
	if (folded_path && p.nevents != 1) {
		fprintf(stderr, "robin export: --folded needs one event; the selection has %zu (",
			p.nevents);
		for (size_t e = 0; e < p.nevents; e++)
			fprintf(stderr, "%s%s", e ? ", " : "", p.events[e].name);
		fprintf(stderr, "): choose one with --event\n");
		goto out;
	}
	if (pprof_path) {
		struct pprof_stats st;
		char desc[256], comment[300];
		report_selector_format(&a.sel, desc, sizeof(desc));
		snprintf(comment, sizeof(comment), "robin export of %s from %s", desc,
			 profile_db_path(db));
		if (pprof_write(&p, pprof_path, comment, 0, &st, err)) {
			fprintf(stderr, "robin export: %s\n", err);
			goto out;
		}
		int row = table_add_row(&t);
		if (row < 0 || table_set_str(&t, row, 0, "pprof") ||
		    table_set_str(&t, row, 1, pprof_path))
			goto out;
		table_set_uint(&t, row, 2, p.nevents);
		table_set_uint(&t, row, 3, st.samples);
		table_set_uint(&t, row, 4, st.locations);
		table_set_uint(&t, row, 5, st.functions);
	}
	if (folded_path) {
		FILE *fo = export_open(folded_path);
		int row = fo ? export_close(fo, folded_path, folded_write(&p, 0, folded_flags, fo),
					    "folded", &t) : -1;
		if (row < 0)
			goto out;
		table_set_uint(&t, row, 2, 1);
	}
	if (speedscope_path) {
		char desc[256];
		report_selector_format(&a.sel, desc, sizeof(desc));
		FILE *fo = export_open(speedscope_path);
		int row = fo ? export_close(fo, speedscope_path, speedscope_write(&p, desc, fo),
					    "speedscope", &t) : -1;
		if (row < 0)
			goto out;
		table_set_uint(&t, row, 2, p.nevents);
		table_set_uint(&t, row, 3, t.cells[row * t.ncols + 6].v.u);
		table_set_uint(&t, row, 5, p.nfuncs);
	}
	db_args_print(&a, &t);
	if (a.fmt == TABLE_TEXT && (!folded_path || strcmp(folded_path, "-")) &&
	    (!speedscope_path || strcmp(speedscope_path, "-"))) {
		for (size_t r = 0; r < t.nrows; r++) {
			const struct table_cell *c = &t.cells[r * t.ncols];
			if (!strcmp(c[0].v.s, "pprof"))
				fprintf(stderr, "robin export: wrote %s: %zu event(s), %" PRIu64
					" locations, %" PRIu64 " functions\n", c[1].v.s, p.nevents,
					c[4].v.u, c[5].v.u);
			else if (!strcmp(c[0].v.s, "speedscope"))
				fprintf(stderr, "robin export: wrote %s: %zu event(s), %" PRIu64
					" samples\n", c[1].v.s, p.nevents, c[3].v.u);
			else
				fprintf(stderr, "robin export: wrote %s: %" PRIu64 " stacks\n", c[1].v.s,
					c[6].v.u);
		}
	}
	ret = 0;
out:
	if (loaded)
		report_profile_free(&p);
	table_free(&t);
	profile_db_close(db);
	db_args_free(&a);
	return ret;
}
