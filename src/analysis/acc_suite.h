/*
 * acc_suite.h — the workloads the accuracy experiments run (`robin accuracy`): the repository
 * found from $ROBIN_ROOT or robin's own path, the rows of workloads/suite.tsv (name and the
 * class 004_b28092482852db08.txt Paper A groups it in), and the command line's names or
 * paths resolved to programs, or the rows of a corpus manifest (corpus/manifest.tsv: a name
 * and a command line run from the current directory). Entry points: acc_suite_find_root,
 * acc_suite_read, acc_suite_resolve, acc_suite_argv.
 */
#ifndef ROBIN_ANALYSIS_ACC_SUITE_H
#define ROBIN_ANALYSIS_ACC_SUITE_H

#include <limits.h>
#include <stddef.h>

#define ACC_SUITE_MAX 256          /* workloads one experiment runs */

#define ACC_SUITE_ARGS_MAX 32       /* arguments a manifest row may give its program */

struct acc_suite_workload {
	char name[64];
	char path[PATH_MAX];
	char suite_class[16];        /* class workloads/suite.tsv gives it, "" if none */
	char args[1024];             /* a manifest row's arguments, space-separated ("" if none) */
};

/* Whether dir holds workloads/suite.tsv (readable). */
int acc_suite_is_root(const char *dir);

/* $ROBIN_ROOT, else the first ancestor of robin's own directory holding workloads/suite.tsv,
 * into out. Returns 0, or -ENOENT when there is none. */
int acc_suite_find_root(char out[PATH_MAX]) __attribute__((warn_unused_result));

/* The rows of root/workloads/suite.tsv in order (name and class, no path), at most max of
 * them. Returns 0 or -errno (the file cannot be read). */
int acc_suite_read(const char *root, struct acc_suite_workload *w, size_t max, size_t *n)
	__attribute__((warn_unused_result));

/* The workloads args[0..nargs) name (all of the suite when nargs is 0): a name of the suite
 * runs root/build/guest/workloads/NAME.static (NAME.dyn with dyn), anything else is the path
 * of a program. *out is a new array of ACC_SUITE_MAX workloads (free it), *n of them used.
 * Every program must be readable. Returns 0 or -errno after a line "robin accuracy: ..." on
 * stderr (*out NULL). */
int acc_suite_resolve(const char *root, int dyn, int nargs, char **args,
		      struct acc_suite_workload **out, size_t *n) __attribute__((warn_unused_result));

/* The same from a corpus manifest (tab-separated, header `name domain language threads command
 * native`): args[0..nargs) are names of its rows (all rows when nargs is 0), each running its
 * command's first word with the rest as arguments, relative paths resolved from the current
 * directory as the manifest says (run it from build/corpus or build/corpus/small). Returns 0 or
 * -errno after a line "robin accuracy: FILE:LINE: ..." on stderr. */
int acc_suite_resolve_manifest(const char *manifest, int nargs, char **args,
			       struct acc_suite_workload **out, size_t *n)
	__attribute__((warn_unused_result));

/* A descriptor for a simulated guest's stdout: an unlinked temporary file in $TMPDIR (or /tmp),
 * else /dev/null. Not /dev/null first: a program can tell (GNU grep stops at its first match
 * when its output is /dev/null), and the experiments must run what `robin sim > file` runs.
 * Returns the descriptor or -1. */
int acc_suite_sink(void);

/* The workload's argv: its program, its manifest arguments, then size when not NULL. buf
 * (size len) holds the split arguments; argv has room for ACC_SUITE_ARGS_MAX + 3 entries and
 * ends with NULL. Returns argc. */
int acc_suite_argv(const struct acc_suite_workload *w, const char *size, char *buf, size_t len,
		   char **argv);

#endif
