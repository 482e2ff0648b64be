/*
 * cmd_ingest.c — `robin ingest [FILE]`: reads samples in robin's text ingestion format
 * (docs/robin-ingest.md: "IMAGE OFFSET EVENT COUNT" lines plus event/image/detail/commit
 * directives; collect/ingest_text.c writes them through the batch API, in one transaction by
 * default), or a perf.data file (collect/perf_import.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/db_args.h"
#include "collect/ingest_text.h"
#include "collect/perf_import.h"
#include "profile/profile_db.h"

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

/* --print-batches: "batch ID" as each batch is committed. */
static void ingest_print_batch(void *arg, int64_t batch_id)
{
	(void)arg;
	printf("batch %lld\n", (long long)batch_id);
	fflush(stdout);
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
	struct ingest_text_opts o = { .identify = 1 };
	struct ingest_text_result r = { 0 };
	struct profile_db *db = NULL;
	const char *input, *file = "<stdin>", *v;
	int rc = 1, k, i = 1;
	uint64_t epoch = 0;
	FILE *in = stdin;

	db_args_init(&a, "ingest", ingest_help, DB_ARGS_DB, DB_ARGS_MAX_ARGS);
	while ((k = db_args_next(&a, argc, argv, &i)) > 0) {
		if (!strcmp(argv[i], "--simulated")) {
			o.simulated = 1;
			i++;
		} else if (!strcmp(argv[i], "--print-batches")) {
			o.on_commit = ingest_print_batch;
			i++;
		} else if (!strcmp(argv[i], "--no-identify")) {
			o.identify = 0;
			i++;
		} else if ((k = db_args_opt(&a, "--epoch", argc, argv, &i, &v))) {
			if (k < 0 || (k = db_args_count(&a, "--epoch", v, 1, &epoch)))
				break;
		} else if ((k = db_args_opt(&a, "--run-command", argc, argv, &i, &o.run_command))) {
			if (k < 0)
				break;
		} else if ((k = db_args_opt(&a, "--batch-lines", argc, argv, &i, &v))) {
			if (k < 0 || (k = db_args_count(&a, "--batch-lines", v, 1, &o.batch_lines)))
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
	o.epoch_id = (int64_t)epoch;
	if (input && strcmp(input, "-") && perf_import_is_perf_data(input))
		return ingest_perf(&a, input, o.epoch_id, o.run_command, o.batch_lines);
	if (input && strcmp(input, "-")) {
		if (!(in = fopen(input, "r"))) {
			fprintf(stderr, "robin ingest: %s: %s\n", input, strerror(errno));
			return 1;
		}
		file = input;
	}
	if (!(db = db_args_open(&a, 1)))
		goto out;
	if (ingest_text_read(db, in, file, &o, &r)) {
		fprintf(stderr, "robin ingest: %s\n", r.err ? r.err : "out of memory");
		goto out;
	}
	if (!o.on_commit)
		fprintf(stderr, "robin ingest: %llu samples from %lu lines in %llu batch(es) into %s\n",
			(unsigned long long)r.samples, r.lines, (unsigned long long)r.batches,
			profile_db_path(db));
	rc = 0;
out:
	free(r.err);
	profile_db_close(db);
	if (in != stdin)
		fclose(in);
	return rc;
}
