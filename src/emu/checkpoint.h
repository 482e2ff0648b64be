/*
 * checkpoint.h — save and restore the emulator's architectural state (docs/checkpoint.md):
 * registers, every mapped guest page (zlib-compressed, all-zero pages as a flag), the brk and
 * mmap layout, signal state, the guest's open files (path, flags, offset), the working
 * directory, the instruction count (which the virtual clock derives from) and the random
 * stream. A checkpoint is a header and checksummed sections; a corrupt, truncated or foreign
 * file is refused with a message naming the file and the offset. checkpoint_run_saving runs
 * a program and saves it at given instruction counts (`robin run --checkpoint-at`).
 */
#ifndef ROBIN_EMU_CHECKPOINT_H
#define ROBIN_EMU_CHECKPOINT_H

#include <stddef.h>
#include <stdint.h>

#include "emu/emu.h"

#define CHECKPOINT_VERSION 2  /* 2: the vector state in HART */

/* Write e's state to path (replaced atomically: written to path.tmp, then renamed). Returns
 * 0, or -errno with a one-line message in err (a MAP_SHARED file mapping, a pipe or socket
 * the guest holds, a write error). */
/* Free what checkpoint_save keeps between calls on e (each page's deflated bytes: a page
 * unchanged since the previous checkpoint is not deflated again). emu_destroy calls it. */
void checkpoint_cache_free(struct emu *e);

int checkpoint_save(struct emu *e, const char *path, char *err, size_t errlen)
	__attribute__((warn_unused_result));

/* Restore the state saved in path into e, freshly created with emu_create and not loaded:
 * memory, registers, process state; the guest's files are reopened at their numbers and
 * offsets and the working directory is changed back. Returns 0, or -errno with a one-line
 * message "FILE: offset N: what is wrong" in err. */
int checkpoint_restore(struct emu *e, const char *path, char *err, size_t errlen)
	__attribute__((warn_unused_result));

/* After a fork: give the guest's descriptors file descriptions of this process's own, so
 * that its reads, writes and seeks do not move the other process's (regular files reopened
 * at their offsets, self-pipes recreated holding the bytes waiting in them; the other
 * process must not touch them meanwhile). Returns 0, or -errno with a one-line message for a
 * descriptor that cannot be reopened (as checkpoint_save). */
int checkpoint_detach_fds(struct emu *e, char *err, size_t errlen)
	__attribute__((warn_unused_result));

/* Run e for at most max_insns instructions (0: no limit), saving its state as
 * DIR/insn-N.ckpt when its instruction count reaches each N of at[0..n) (ascending; counts
 * already passed are skipped, counts past the limit ignored). Returns 0 with *st how the run
 * ended, or -errno with a one-line message in err when a checkpoint was not written. */
int checkpoint_run_saving(struct emu *e, uint64_t max_insns, const uint64_t *at, size_t n,
			  const char *dir, enum emu_status *st, char *err, size_t errlen)
	__attribute__((warn_unused_result));

#endif
