/*
 * cmd_ingest.c — `robin ingest [FILE]`: reads samples in robin's text ingestion format
 * (docs/robin-ingest.md: "IMAGE OFFSET EVENT COUNT" lines plus event/image/detail/commit
 * directives, parsed by profile/ingest_line.c) and writes them through the batch API, in one
 * transaction by default.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/db_args.h"
#include "collect/perf_import.h"
#include "profile/ingest_line.h"
#include "profile/profile_db.h"
#include "profile/symbols.h"

static const char ingest_help[] =
	"usage: robin ingest [FILE|-] [options]\n"
	"       robin ingest perf.data [options]\n"
	"\n"
	"A perf.data file (what `perf record` writes) is recognised by its magic: its samples\n"
	"are mapped to images and stored as one run (one event per perf event; callchains\n"
	"count at their leaf); --batch-lines is then samples per commit (default 100000).\n"
	"\n"
	"Adds samples written in robin's text format (docs/ingest-format.md) to the profile\n"
	"database. One line per sample count, fields separated by blanks:\n"
	"  IMAGE OFFSET EVENT COUNT        e.g. /usr/bin/gzip 0x4a10 cycles 12\n"
	"and directives:\n"
	"  event NAME [period=N] [divisor=N]\n"
	"  image PATH [build-id=HEX] [arch=NAME] [size=N]\n"
	"  detail IMAGE OFFSET EVENT KIND KEY COUNT [VALUE]\n"
	"  commit\n"
	"IMAGE '-' or '[unknown]' means no image (OFFSET is then the raw address). OFFSET is the\n"
	"link-time address inside the image (hex with 0x, or decimal). Lines starting with '#'\n"
	"are comments. By default all samples are committed in one transaction: after a bad\n"
	"line none is (images named before it stay registered).\n"
	"\n"
	"options:\n"
	"  --db FILE            profile database (default: $ROBIN_DB, else ./robin.db)\n"
	"  --epoch N            write into epoch N (default: the current epoch)\n"
	"  --run-command CMD    record the samples as one run of CMD\n"
	"  --simulated          that run was a simulation (default: a real machine)\n"
	"  --batch-lines N      commit after every N sample lines (streaming)\n"
	"  --print-batches      print 'batch ID' after each committed batch\n"
	"  --no-identify        do not read image files for build-id, architecture and size\n"
	"  -h, --help           this text\n";

struct ingest_image {
	char *path;
	int64_t id;
};

struct ingest {
	struct profile_db *db;
	struct profile_db_batch *batch;
	const char *file;
	unsigned long line;
	int identify, print_batches;
	const char *run_command;
	int simulated;
	int64_t run_id;
	struct ingest_image *images;
	size_t n_images, last_image;
	uint64_t lines_in_batch, batches, samples;
};

static int fail_line(struct ingest *g, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static int fail_line(struct ingest *g, const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "robin ingest: %s:%lu: ", g->file, g->line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return -1;
}

/* Register an image with explicit attributes (or read from the file when identify is on). */
static int add_image(struct ingest *g, const char *path, const char *build_id,
		     const char *arch, uint64_t size, int64_t *id)
{
	struct elf_image_ident ident;
	if (g->identify && !build_id && !arch && !size &&
	    symbols_identify(path, &ident, NULL) == 0) {
		build_id = ident.build_id;
		arch = ident.arch;
		size = ident.size_bytes;
	}
	if (profile_db_image_add(g->db, path, build_id, size, arch, id))
		return fail_line(g, "%s", profile_db_error(g->db));
	struct ingest_image *nv = realloc(g->images, (g->n_images + 1) * sizeof(*nv));
	if (!nv || !(nv[g->n_images].path = strdup(path))) {
		if (nv)
			g->images = nv;
		return fail_line(g, "out of memory");
	}
	g->images = nv;
	nv[g->n_images].id = *id;
	g->last_image = g->n_images++;
	return 0;
}

static int image_id(struct ingest *g, const char *path, int64_t *id)
{
	if (ingest_line_unknown_image(path)) {
		*id = 0;
		return 0;
	}
	if (g->n_images && !strcmp(g->images[g->last_image].path, path)) {
		*id = g->images[g->last_image].id;
		return 0;
	}
	for (size_t i = 0; i < g->n_images; i++)
		if (!strcmp(g->images[i].path, path)) {
			g->last_image = i;
			*id = g->images[i].id;
			return 0;
		}
	return add_image(g, path, NULL, NULL, 0, id);
}

static int event_handle(struct ingest *g, const char *name, int *ev)
{
	/* Undeclared events: period unknown, divisor 1. */
	if ((*ev = profile_db_batch_event_find(g->batch, name)) >= 0 ||
	    profile_db_batch_event(g->batch, name, 0, 1, ev) == 0)
		return 0;
	return fail_line(g, "%s", profile_db_error(g->db));
}

/* The run row is created just before the first commit, so that an input that fails before
 * it leaves no trace. */
static int ensure_run(struct ingest *g)
{
	char host[256] = "";
	if (!g->run_command || g->run_id)
		return 0;
	gethostname(host, sizeof(host) - 1);
	struct profile_db_run_info ri = { .command = g->run_command, .host = host,
					  .simulated = g->simulated };
	if (profile_db_run_begin(g->db, &ri, &g->run_id)) {
		fprintf(stderr, "robin ingest: %s\n", profile_db_error(g->db));
		return -1;
	}
	profile_db_batch_set_run(g->batch, g->run_id);
	return 0;
}

static int commit(struct ingest *g)
{
	int64_t id;
	if (ensure_run(g))
		return -1;
	if (profile_db_batch_commit(g->batch, &id)) {
		fprintf(stderr, "robin ingest: %s\n", profile_db_error(g->db));
		return -1;
	}
	g->batches++;
	g->lines_in_batch = 0;
	if (g->print_batches) {
		printf("batch %lld\n", (long long)id);
		fflush(stdout);
	}
	return 0;
}

/* `event NAME [period=N] [divisor=N]` */
static int do_event(struct ingest *g, const struct ingest_line *l)
{
	int ev;
	if (profile_db_batch_event(g->batch, l->event, l->period, l->divisor, &ev))
		return fail_line(g, "%s", profile_db_error(g->db));
	return 0;
}

/* `image PATH [build-id=HEX] [arch=NAME] [size=N]` */
static int do_image(struct ingest *g, const struct ingest_line *l)
{
	int64_t id;
	for (size_t i = 0; i < g->n_images; i++)
		if (!strcmp(g->images[i].path, l->image))
			return fail_line(g, "image %s declared after its first use", l->image);
	return add_image(g, l->image, l->build_id ? l->build_id : "", l->arch ? l->arch : "",
			 l->size_bytes, &id);
}

/* `detail IMAGE OFFSET EVENT KIND KEY COUNT [VALUE]` */
static int do_detail(struct ingest *g, const struct ingest_line *l)
{
	int64_t img;
	int ev, kind;
	if (image_id(g, l->image, &img) || event_handle(g, l->event, &ev))
		return -1;
	if (profile_db_detail_kind(g->db, l->detail_kind, "", "", &kind) ||
	    profile_db_batch_add_detail(g->batch, ev, img, l->offset, kind, l->key, l->count,
					l->value))
		return fail_line(g, "%s", profile_db_error(g->db));
	return 0;
}

/* `IMAGE OFFSET EVENT COUNT` */
static int do_sample(struct ingest *g, const struct ingest_line *l)
{
	int64_t img;
	int ev;
	if (image_id(g, l->image, &img) || event_handle(g, l->event, &ev))
		return -1;
	if (profile_db_batch_add(g->batch, ev, img, l->offset, l->count))
		return fail_line(g, "%s", profile_db_error(g->db));
	g->samples += l->count;
	return 0;
}

static int ingest_stream(struct ingest *g, FILE *in, uint64_t batch_lines)
{
	char *buf = NULL;
	size_t cap = 0;
	ssize_t len;
	int rc = 0;
	while ((len = getline(&buf, &cap, in)) >= 0) {
		struct ingest_line l;
		char err[INGEST_LINE_ERR_LEN];
		g->line++;
		if (ingest_line_parse(buf, (size_t)len, &l, err)) {
			rc = fail_line(g, "%s", err);
			break;
		}
		switch (l.kind) {
		case INGEST_LINE_BLANK:
			break;
		case INGEST_LINE_EVENT:
			rc = do_event(g, &l);
			break;
		case INGEST_LINE_IMAGE:
			rc = do_image(g, &l);
			break;
		case INGEST_LINE_DETAIL:
			rc = do_detail(g, &l);
			break;
		case INGEST_LINE_COMMIT:
			rc = commit(g);
			break;
		case INGEST_LINE_SAMPLE:
			rc = do_sample(g, &l);
			if (!rc && batch_lines && ++g->lines_in_batch >= batch_lines)
				rc = commit(g);
			break;
		}
		if (rc)
			break;
	}
	if (!rc && ferror(in)) {
		fprintf(stderr, "robin ingest: %s: read error: %s\n", g->file, strerror(errno));
		rc = -1;
	}
	free(buf);
	return rc;
}

/* `robin ingest perf.data`: the file's samples as one run (collect/perf_import.c). */
static int ingest_perf(struct db_args *a, const char *path, int64_t epoch,
		       const char *run_command, uint64_t batch_samples)
{
	struct profile_db *db = db_args_open(a, 1);
	if (!db)
		return 1;
	struct perf_import_opts o = { epoch, run_command, batch_samples };
	struct perf_import_result r;
	char err[PERF_DATA_ERR_MAX];
	int rc = perf_import_file(db, path, &o, &r, err, sizeof(err));
	if (r.unsupported[0])
		fprintf(stderr, "robin ingest: %s: not imported: %s\n", path, r.unsupported);
	if (rc && r.batches)
		fprintf(stderr, "robin ingest: %s; stopped there: the %llu samples before it are "
			"committed (run %lld)\n", err, (unsigned long long)r.committed_samples,
			(long long)r.run_id);
	else if (rc)
		fprintf(stderr, "robin ingest: %s\n", err);
	else if (!r.run_id)
		fprintf(stderr, "robin ingest: %s holds no samples (%llu records): nothing stored\n",
			path, (unsigned long long)r.records);
	else
		fprintf(stderr, "robin ingest: %llu samples (%llu unmapped, %llu lost) from %llu "
			"records of %s as run %lld into %s\n", (unsigned long long)r.samples,
			(unsigned long long)r.unknown_samples, (unsigned long long)r.lost_samples,
			(unsigned long long)r.records, path, (long long)r.run_id, profile_db_path(db));
	profile_db_close(db);
	return rc ? 1 : 0;
}

int cmd_ingest(int argc, char **argv)
{
	struct db_args a;
	struct ingest g = { .identify = 1 };
	const char *input, *run_command = NULL, *v;
	int simulated = 0, rc = 1, k, i = 1;
	uint64_t batch_lines = 0, epoch = 0;
	FILE *in = NULL;

	db_args_init(&a, "ingest", ingest_help, DB_ARGS_DB, DB_ARGS_MAX_ARGS);
	while ((k = db_args_next(&a, argc, argv, &i)) > 0) {
		if (!strcmp(argv[i], "--simulated")) {
			simulated = 1;
			i++;
		} else if (!strcmp(argv[i], "--print-batches")) {
			g.print_batches = 1;
			i++;
		} else if (!strcmp(argv[i], "--no-identify")) {
			g.identify = 0;
			i++;
		} else if ((k = db_args_opt(&a, "--epoch", argc, argv, &i, &v))) {
			if (k < 0 || (k = db_args_count(&a, "--epoch", v, 1, &epoch)))
				break;
		} else if ((k = db_args_opt(&a, "--run-command", argc, argv, &i, &run_command))) {
			if (k < 0)
				break;
		} else if ((k = db_args_opt(&a, "--batch-lines", argc, argv, &i, &v))) {
			if (k < 0 || (k = db_args_count(&a, "--batch-lines", v, 1, &batch_lines)))
				break;
		} else {
			k = db_args_unknown(&a, argv[i]);
			break;
		}
	}
	if (k < 0)
		return a.status;
	if (a.nargs > 1) {
		fprintf(stderr, "robin ingest: one input file only\n");
		return 2;
	}
	input = a.nargs ? a.args[0] : NULL;
	if (input && strcmp(input, "-") && perf_import_is_perf_data(input))
		return ingest_perf(&a, input, (int64_t)epoch, run_command, batch_lines);
	if (!input || !strcmp(input, "-")) {
		in = stdin;
		g.file = "<stdin>";
	} else if (!(in = fopen(input, "r"))) {
		fprintf(stderr, "robin ingest: %s: %s\n", input, strerror(errno));
		return 1;
	} else {
		g.file = input;
	}
	if (!(g.db = db_args_open(&a, 1)))
		goto out;
	g.run_command = run_command;
	g.simulated = simulated;
	if (profile_db_batch_new(g.db, (int64_t)epoch, 0, &g.batch)) {
		fprintf(stderr, "robin ingest: %s\n", profile_db_error(g.db));
		goto out;
	}
	if (ingest_stream(&g, in, batch_lines))
		goto out;
	if ((profile_db_batch_samples(g.batch) || g.batches == 0) && commit(&g))
		goto out;
	if (g.run_id && (profile_db_run_end(g.db, g.run_id, 0) ||
			 profile_db_run_set_total(g.db, g.run_id, "samples", (double)g.samples))) {
		fprintf(stderr, "robin ingest: %s\n", profile_db_error(g.db));
		goto out;
	}
	if (!g.print_batches)
		fprintf(stderr, "robin ingest: %llu samples from %lu lines in %llu batch(es) into %s\n",
			(unsigned long long)g.samples, g.line, (unsigned long long)g.batches,
			profile_db_path(g.db));
	rc = 0;
out:
	for (size_t i = 0; i < g.n_images; i++)
		free(g.images[i].path);
	free(g.images);
	profile_db_batch_free(g.batch);
	profile_db_close(g.db);
	if (in && in != stdin)
		fclose(in);
	return rc;
}
