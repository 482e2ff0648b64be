/*
 * campaign_priv.h — helpers the campaign's files share (defined in campaign.c).
 */
#ifndef ROBIN_CAMPAIGN_PRIV_H
#define ROBIN_CAMPAIGN_PRIV_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "analysis/shards.h"
#include "campaign/campaign.h"
#include "core/config.h"
#include "emu/bbv.h"
#include "emu/emu.h"

/* A one-line message into err; returns rc. */
int campaign_fail(char *err, size_t errlen, int rc, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* dir/NAME (NAME from fmt) into buf; 0 or -ENAMETOOLONG. */
int campaign_path(char *buf, size_t n, const char *dir, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* dir/insn-N.ckpt: the checkpoint of instruction N (a chain's warming start). 0 or
 * -ENAMETOOLONG. */
int campaign_ckpt_path(char *buf, size_t n, const char *dir, uint64_t insn);
/* Host time in seconds from a monotonic clock (for durations). */
double campaign_now(void);
/* In a child: the guest's stdout and stderr to path, stdin from /dev/null. 0 or -1. */
int campaign_guest_output(const char *path);
/* The same, appending to path when `append` (else emptied first). */
int campaign_guest_output_to(const char *path, int append);
/* Wait for a child: its exit status, 128 + signal, or -1. */
int campaign_wait(pid_t pid);
/* Create an emulator with --virtual-time and load argv[0]. 0 or -errno (message printed). */
int campaign_emu_load(const char *sysroot, uint64_t seed, int argc, char **argv, struct emu **out);

/* The sampled memory signature (campaign_memsig.c): on the vectors pass's emulator e and its
 * vectors b, every access to one line in one_in (emu_set_access_hook). */
#define CAMPAIGN_MEMSIG_AGES 40

struct campaign_memsig {
	struct bbv *bbv;
	struct emu *emu;
	struct core_config cfg;
	struct shards sh;
	unsigned line_shift, levels;
	double one_in;             /* 2^32 / the hash threshold: N, or nearly */
	uint64_t lines[3];         /* the levels' capacities in lines: L1D, [L2,] LLC */
	uint64_t (*cnt)[6];        /* per interval: accesses, misses per level (sampled),
	                              samples, LLC hits the points' warming misses (sampled) */
	/* per interval: the LLC hits (sampled) on lines last used before the interval, by
	 * floor(log2(the instructions since that use)): what warming of each length misses */
	uint32_t (*age)[CAMPAIGN_MEMSIG_AGES];
	uint64_t warmup;           /* the points' functional warming (fixed) */
	uint64_t warm_min, warm_max; /* warm_max > 0: chosen per interval (campaign_opts) */
	uint64_t seen;             /* accesses counted to ended intervals */
	size_t n_cnt;
	int err;
};

/* 0, or -ENOTSUP when the emulator cannot sample (no translator: the memory pass runs then),
 * or another -errno. */
int campaign_memsig_begin(struct campaign_memsig *m, struct emu *e, struct bbv *b,
                          const struct core_config *cfg, uint32_t one_in,
                          const struct campaign_opts *o);
/* After the run: detach, write dir/mem.txt (with each interval's warming: o's fixed one, or
 * the one chosen for it), memdim (weight·ln CPI) and memsig.txt. */
int campaign_memsig_finish(struct campaign_memsig *m, struct emu *e, const char *dir,
                           double weight);
void campaign_memsig_free(struct campaign_memsig *m);

#endif
