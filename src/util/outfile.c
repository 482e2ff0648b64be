/*
 * outfile.c — flushing and closing an output file with its errors checked (outfile.h).
 */
#include <errno.h>

#include "util/outfile.h"

int outfile_flush(FILE *f)
{
	errno = 0;
	if (fflush(f))
		return errno ? -errno : -EIO;
	return ferror(f) ? -EIO : 0;
}

int outfile_close(FILE *f)
{
	if (!f)
		return 0;
	int rc = outfile_flush(f);
	errno = 0;
	if (fclose(f) && !rc)
		rc = errno ? -errno : -EIO;
	return rc;
}
