/*
 * ingest_text.h — `robin ingest [FILE]`: samples in robin's text ingestion format
 * (docs/robin-ingest.md: "IMAGE OFFSET EVENT COUNT" lines plus event/image/detail/commit
 * directives, parsed by profile/ingest_line.c) written into the profile database through the
 * batch API, in one transaction by default, optionally as one run.
 * Entry point: ingest_text_read.
 */
#ifndef ROBIN_COLLECT_INGEST_TEXT_H
#define ROBIN_COLLECT_INGEST_TEXT_H

#include <stdint.h>
#include <stdio.h>

struct profile_db;

struct ingest_text_opts {
	int64_t epoch_id;          /* 0: the current epoch */
	const char *run_command;   /* record the samples as one run of it; NULL: no run */
	int simulated;             /* that run was a simulation */
	int identify;              /* read image files for build-id, architecture and size */
	uint64_t batch_lines;      /* commit after every N sample lines; 0: at the end only */
	/* called after each committed batch with its id (NULL: not called) */
	void (*on_commit)(void *arg, int64_t batch_id);
	void *arg;
};

struct ingest_text_result {
	uint64_t samples;          /* sample counts added */
	unsigned long lines;       /* lines read */
	uint64_t batches;          /* batches committed */
	char *err;                 /* on failure: one line (after "robin ingest: "), malloc'd */
};

/* Read the text format from in (named `file` in messages) into db until its end, committing
 * as o says; what is left is committed at the end (an empty input commits one empty batch);
 * the run, when asked for, is created before the first commit and given its sample total.
 * Returns 0, or -1 with r->err set (free it): after a bad line nothing of the current batch
 * is stored (images named before it stay registered). */
int ingest_text_read(struct profile_db *db, FILE *in, const char *file,
		     const struct ingest_text_opts *o, struct ingest_text_result *r)
	__attribute__((warn_unused_result));

#endif
