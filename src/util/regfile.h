/*
 * regfile.h — open a file that robin reads as an image (an ELF program, interpreter, shared
 * object, debug file, source file, profile database) without ever blocking: a FIFO, device or
 * socket named where a regular file belongs is refused at once instead of waiting for a writer.
 */
#ifndef ROBIN_UTIL_REGFILE_H
#define ROBIN_UTIL_REGFILE_H

/* What regfile_open returns (negated) for an existing file that is not a regular file. */
#define REGFILE_ENOTREG ENODEV

/* Open `path` read-only and close-on-exec, without blocking (O_NONBLOCK, cleared again once
 * the file is known to be regular). Returns the descriptor, or -errno: -EISDIR for a
 * directory, -REGFILE_ENOTREG for a FIFO, socket or device, else open's error. */
int regfile_open(const char *path);

/* The message for a negative regfile_open result: "not a regular file (FIFO, device or
 * socket)" for -REGFILE_ENOTREG, else strerror(-rc). */
const char *regfile_strerror(int rc);

#endif
