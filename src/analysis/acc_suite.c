/*
 * acc_suite.c — the accuracy experiments' workloads (see acc_suite.h).
 */
#include "analysis/acc_suite.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int acc_suite_is_root(const char *dir)
{
	char p[PATH_MAX + 32];
	snprintf(p, sizeof(p), "%s/workloads/suite.tsv", dir);
	return access(p, R_OK) == 0;
}

int acc_suite_find_root(char out[PATH_MAX])
{
	const char *env = getenv("ROBIN_ROOT");
	if (env && *env && acc_suite_is_root(env)) {
		snprintf(out, PATH_MAX, "%s", env);
		return 0;
	}
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n <= 0)
		return -ENOENT;
	exe[n] = 0;
	for (char *slash = strrchr(exe, '/'); slash && slash != exe; slash = strrchr(exe, '/')) {
		*slash = 0;
		if (acc_suite_is_root(exe)) {
			snprintf(out, PATH_MAX, "%s", exe);
			return 0;
		}
	}
	return -ENOENT;
}

int acc_suite_read(const char *root, struct acc_suite_workload *w, size_t max, size_t *n)
{
	char p[PATH_MAX + 32], line[1024];
	snprintf(p, sizeof(p), "%s/workloads/suite.tsv", root);
	FILE *f = fopen(p, "r");
	if (!f)
		return -errno;
	*n = 0;
	while (fgets(line, sizeof(line), f) && *n < max) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		char *tab = strchr(line, '\t');
		if (!tab)
			continue;
		*tab = 0;
		char *cls = tab + 1, *tab2 = strchr(cls, '\t');
		if (tab2)
			*tab2 = 0;
		struct acc_suite_workload *x = &w[(*n)++];
		memset(x, 0, sizeof(*x));
		snprintf(x->name, sizeof(x->name), "%.63s", line);
		snprintf(x->suite_class, sizeof(x->suite_class), "%.15s", cls);
	}
	fclose(f);
	return 0;
}

/* args[0..nargs) as workloads: a suite row by name, else a path. */
static void acc_suite_name_args(const struct acc_suite_workload *suite, size_t ns, int nargs,
				char **args, struct acc_suite_workload *w, size_t *n)
{
	*n = 0;
	for (int i = 0; i < nargs && *n < ACC_SUITE_MAX; i++) {
		struct acc_suite_workload *x = &w[(*n)++];
		memset(x, 0, sizeof(*x));
		size_t k = 0;
		while (k < ns && strcmp(suite[k].name, args[i]))
			k++;
		if (k < ns && !strchr(args[i], '/')) {
			*x = suite[k];
		} else {
			const char *base = strrchr(args[i], '/');
			snprintf(x->name, sizeof(x->name), "%s", base ? base + 1 : args[i]);
			snprintf(x->path, sizeof(x->path), "%s", args[i]);
		}
	}
}

int acc_suite_resolve(const char *root, int dyn, int nargs, char **args,
		      struct acc_suite_workload **out, size_t *n)
{
	struct acc_suite_workload *suite = calloc(ACC_SUITE_MAX, sizeof(*suite));
	struct acc_suite_workload *w = calloc(ACC_SUITE_MAX, sizeof(*w));
	size_t ns = 0;
	int rc = 0;
	*out = NULL;
	if (!suite || !w) {
		rc = -ENOMEM;
		goto out;
	}
	if (root[0] && acc_suite_read(root, suite, ACC_SUITE_MAX, &ns))
		ns = 0;
	if (!nargs) {
		if (!ns) {
			fprintf(stderr, "robin accuracy: no workload given and no workloads/suite.tsv "
			        "found (use --suite DIR or set ROBIN_ROOT)\n");
			rc = -ENOENT;
			goto out;
		}
		memcpy(w, suite, ns * sizeof(*w));
		*n = ns;
	} else {
		acc_suite_name_args(suite, ns, nargs, args, w, n);
	}
	for (size_t i = 0; i < *n; i++) {
		struct acc_suite_workload *x = &w[i];
		if (!x->path[0] &&
		    snprintf(x->path, sizeof(x->path), "%s/build/guest/workloads/%s.%s", root,
		             x->name, dyn ? "dyn" : "static") >= (int)sizeof(x->path)) {
			fprintf(stderr, "robin accuracy: %s: path too long\n", x->name);
			rc = -ENAMETOOLONG;
			goto out;
		}
		if (access(x->path, R_OK)) {
			fprintf(stderr, "robin accuracy: %s: %s%s\n", x->path, strerror(errno),
			        x->suite_class[0] ? " (build the suite with `make guest`)" : "");
			rc = -ENOENT;
			goto out;
		}
	}
	*out = w;
	w = NULL;
out:
	free(suite);
	free(w);
	return rc;
}
