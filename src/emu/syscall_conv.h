/*
 * syscall_conv.h — conversions between host (x86-64) structures and the riscv64 Linux layouts
 * the guest sees, where the two differ. Explicit byte offsets, no host struct assumptions.
 */
#ifndef ROBIN_EMU_SYSCALL_CONV_H
#define ROBIN_EMU_SYSCALL_CONV_H

#include <stdint.h>
#include <sys/stat.h>

#define SYSCONV_STAT_SIZE    128  /* struct stat of asm-generic/stat.h (riscv64) */
#define SYSCONV_TERMIOS_SIZE 36   /* kernel struct termios: 4 flag words, c_line, 19 c_cc */

/* Write the riscv64 struct stat for *st into out[SYSCONV_STAT_SIZE] (little-endian). */
void sysconv_stat(const struct stat *st, uint8_t out[SYSCONV_STAT_SIZE]);
/* Read it back (for tests and round trips). */
void sysconv_stat_parse(const uint8_t in[SYSCONV_STAT_SIZE], struct stat *st);

#endif
