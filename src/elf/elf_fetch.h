/*
 * elf_fetch.h — images and debug files found by build-id beyond the paths robin was given:
 * robin's own build-id cache (copies of images that only another mount namespace could see,
 * taken at record time while the process lived) and the debuginfod servers of
 * $DEBUGINFOD_URLS through elfutils' libdebuginfod, loaded with dlopen on first use (never
 * loaded, and no network touched, when DEBUGINFOD_URLS is unset or empty). Files fetched by
 * debuginfod stay in the library's cache ($DEBUGINFOD_CACHE_PATH, else
 * $XDG_CACHE_HOME/debuginfod_client, else ~/.cache/debuginfod_client), which robin reads
 * directly, so later reports find them without a server.
 */
#ifndef ROBIN_ELF_FETCH_H
#define ROBIN_ELF_FETCH_H

#include "elf/elf_image.h"

/* robin's build-id cache directory: $ROBIN_CACHE_DIR, else $XDG_CACHE_HOME/robin, else
 * $HOME/.cache/robin. Writes it into buf (n bytes); returns 0, or -ENOENT when none is known. */
int elf_fetch_cache_dir(char *buf, size_t n);

/* Copy the image open at fd (whose build-id is build_id, lower-case hex) into the cache as
 * DIR/.build-id/xx/rest, unless already there. Returns 0 or -errno. */
int elf_fetch_cache_store(int fd, const char *build_id) __attribute__((warn_unused_result));

/* Open the cached copy of the image with build_id (its own build-id must match). 0 or
 * -ENOENT. */
int elf_fetch_cache_open(struct elf_image *im, const char *build_id)
	__attribute__((warn_unused_result));

/* Open the separate debug file of build_id from debuginfod: the library's cache when it holds
 * it, else (DEBUGINFOD_URLS set) the servers, each lookup bounded by $DEBUGINFOD_TIMEOUT
 * seconds (90 when unset) in all. After a lookup fails for any reason but "not found", no
 * more are attempted by this process, so a report over many images waits at most once.
 * 0, or -ENOENT. */
int elf_fetch_debuginfod(struct elf_image *im, const char *build_id)
	__attribute__((warn_unused_result));

#endif
