/*
 * symbols_source.c — the registry of symbol sources outside ELF files (see symbols_source.h).
 */
#include "profile/symbols_source.h"

#include <errno.h>

#define SOURCES_MAX 16

static struct { symbols_source_fn fn; void *src; } sources[SOURCES_MAX];
static int n_sources;

int symbols_source_add(symbols_source_fn fn, void *src)
{
	if (n_sources == SOURCES_MAX)
		return -ENOSPC;
	sources[n_sources].fn = fn;
	sources[n_sources++].src = src;
	return 0;
}

void symbols_source_remove(void *src)
{
	for (int i = 0; i < n_sources; i++)
		if (sources[i].src == src) {
			for (int j = i + 1; j < n_sources; j++)
				sources[j - 1] = sources[j];
			n_sources--;
			return;
		}
}

int64_t symbols_source_query(const char *path, const char *build_id, symbols_source_row_fn row,
			     void *arg)
{
	for (int i = 0; i < n_sources; i++) {
		int64_t n = sources[i].fn(sources[i].src, path, build_id, row, arg);
		if (n)
			return n;
	}
	return 0;
}
