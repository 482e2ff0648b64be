/*
 * quiet_stdout.h — for unit tests that run guest programs: send the process's stdout (the
 * guest's output) to /dev/null and back. Header-only; include once per test.
 */
#ifndef ROBIN_TEST_QUIET_STDOUT_H
#define ROBIN_TEST_QUIET_STDOUT_H

#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

static int quiet_saved_stdout = -1;

/* stdout to /dev/null until loud(). */
static void quiet(void)
{
	fflush(stdout);
	quiet_saved_stdout = dup(1);
	int fd = open("/dev/null", O_WRONLY);
	dup2(fd, 1);
	close(fd);
}

/* stdout back to what it was before quiet(). */
static void loud(void)
{
	dup2(quiet_saved_stdout, 1);
	close(quiet_saved_stdout);
}

#endif
