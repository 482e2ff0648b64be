/*
 * etrace_image.h — the code an E-Trace trace was taken over, from files, for decoding it
 * without the run (`robin etrace`): `robin run --etrace FILE` writes FILE.images, the guest
 * ranges of the ELF files mapped executable (the program, ld.so, shared libraries), and
 * FILE.blocks, the run's exact block counts; these read them back.
 */
#ifndef ROBIN_ANALYSIS_ETRACE_IMAGE_H
#define ROBIN_ANALYSIS_ETRACE_IMAGE_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/etrace.h"

struct etrace_images;

/* Reads the image list at path (lines "START END BIAS PATH": guest range [START, END) and
 * guest address - ELF address, in hex) and opens each ELF file. NULL with a one-line reason
 * in err. */
struct etrace_images *etrace_images_load(const char *path, char *err, size_t errlen);

/* An etrace_fetch_fn over the images (ctx = the images): the instruction at a guest pc,
 * decoded from the file; valid until the next call. NULL outside the images. */
const struct isa_insn *etrace_images_fetch(void *ctx, uint64_t pc);

void etrace_images_free(struct etrace_images *im);

/* Reads block counts written by etrace_counts_write into c (zeroed by the caller). 0, or -1
 * with a one-line reason in err. */
int etrace_counts_read(const char *path, struct etrace_counts *c, char *err, size_t errlen);

/* Writes c as lines "START END COUNT" (hex, hex, decimal). 0, or -errno. */
int etrace_counts_write(const char *path, const struct etrace_counts *c);

#endif
