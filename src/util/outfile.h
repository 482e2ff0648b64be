/*
 * outfile.h — the end of an output file, checked: a write that failed anywhere (a full disk,
 * /dev/full, a closed pipe) shows as an error when the file is flushed and closed, so every
 * file robin writes (and stdout) ends through these two.
 */
#ifndef ROBIN_UTIL_OUTFILE_H
#define ROBIN_UTIL_OUTFILE_H

#include <stdio.h>

/* Flushes f and checks its error flag. Returns 0, or -errno (-EIO when the stream only
 * remembers that an earlier write failed). f stays open. */
int outfile_flush(FILE *f) __attribute__((warn_unused_result));

/* Flushes, checks and closes f (NULL: nothing to do, 0). Returns 0 or -errno like
 * outfile_flush; f is closed in every case. */
int outfile_close(FILE *f) __attribute__((warn_unused_result));

#endif
