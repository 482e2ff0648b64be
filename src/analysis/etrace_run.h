/*
 * etrace_run.h — `robin run --etrace FILE`: an E-Trace encoder (analysis/etrace.h) fed by the
 * emulator's retired basic blocks, the trace written to FILE, then read back and decoded over
 * the guest's code (the emulator's memory at the end of the run) and its block counts
 * compared with the exact ones of the same run.
 */
#ifndef ROBIN_ANALYSIS_ETRACE_RUN_H
#define ROBIN_ANALYSIS_ETRACE_RUN_H

#include <stdio.h>

#include "emu/emu.h"
#include "util/json.h"

struct etrace_run;

/* Starts tracing e (installs its block hook), with an implicit-return stack of return_stack
 * entries (0 = none; else a power of two up to ETRACE_MAX_RETURN_STACK). With verify, nothing is written: the end
 * decodes the existing trace at path (one of an earlier run of the same program, perhaps
 * damaged) against this run's exact counts. NULL when out of memory or return_stack is not
 * allowed. */
struct etrace_run *etrace_run_start(struct emu *e, const char *path, int verify,
				    unsigned return_stack);

/* Ends the trace, writes it to the file (unless verify) with FILE.images and FILE.blocks
 * (etrace_image.h), reads it back and decodes it. 0, or -1 after one
 * line "robin run: ..." on stderr (the file cannot be written or read). A trace that does not
 * decode is no error: the result says so (etrace_run_json). */
int etrace_run_finish(struct etrace_run *r);

/* The "etrace" object of --stats-json: block_counts_exact, bits_per_instruction, packets by
 * format, bytes, instructions, blocks, and the decoder's error if any. */
void etrace_run_json(const struct etrace_run *r, struct json *j);

/* One line on f: bytes, bits per instruction, packets, whether the block counts are exact. */
void etrace_run_print(const struct etrace_run *r, FILE *f);

void etrace_run_free(struct etrace_run *r);

#endif
