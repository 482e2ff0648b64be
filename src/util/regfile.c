/*
 * regfile.c — non-blocking open of a file that must be regular (see regfile.h). An image path
 * stored in a profile database, a PT_INTERP or a command-line program may name a FIFO by now;
 * a plain open() of it would wait forever for a writer.
 */
#include "util/regfile.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int regfile_open(const char *path)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	if (fd < 0)
		/* a device node without a driver, or a socket */
		return errno == ENXIO || errno == ENODEV ? -REGFILE_ENOTREG : -errno;
	if (fstat(fd, &st) < 0) {
		int err = errno;
		close(fd);
		return -err;
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		return S_ISDIR(st.st_mode) ? -EISDIR : -REGFILE_ENOTREG;
	}
	int fl = fcntl(fd, F_GETFL);
	if (fl >= 0)
		(void)fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
	return fd;
}

const char *regfile_strerror(int rc)
{
	if (rc == -REGFILE_ENOTREG)
		return "not a regular file (FIFO, device or socket)";
	return strerror(-rc);
}
