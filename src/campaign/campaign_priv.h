/*
 * campaign_priv.h — helpers the campaign's files share (defined in campaign.c).
 */
#ifndef ROBIN_CAMPAIGN_PRIV_H
#define ROBIN_CAMPAIGN_PRIV_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "emu/emu.h"

/* A one-line message into err; returns rc. */
int campaign_fail(char *err, size_t errlen, int rc, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* dir/NAME (NAME from fmt) into buf; 0 or -ENAMETOOLONG. */
int campaign_path(char *buf, size_t n, const char *dir, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* dir/insn-N.ckpt: the checkpoint of instruction N (a point's warming start). 0 or
 * -ENAMETOOLONG. */
int campaign_ckpt_path(char *buf, size_t n, const char *dir, uint64_t insn);
/* Host time in seconds from a monotonic clock (for durations). */
double campaign_now(void);
/* In a child: the guest's stdout and stderr to path, stdin from /dev/null. 0 or -1. */
int campaign_guest_output(const char *path);
/* Wait for a child: its exit status, 128 + signal, or -1. */
int campaign_wait(pid_t pid);
/* Create an emulator with --virtual-time and load argv[0]. 0 or -errno (message printed). */
int campaign_emu_load(const char *sysroot, uint64_t seed, int argc, char **argv, struct emu **out);

#endif
