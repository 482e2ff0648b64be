/*
 * acc_suite.c — the accuracy experiments' workloads (see acc_suite.h).
 */
#include "analysis/acc_suite.h"

#include <errno.h>
#include <fcntl.h>
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

/* One manifest line into x; returns 0, or -EINVAL after a message (which line, what). */
static int acc_suite_manifest_row(const char *file, unsigned lineno, char *line,
				  struct acc_suite_workload *x)
{
	char *col[6];
	int k = 0;
	line[strcspn(line, "\r\n")] = 0;
	for (char *p = line; k < 6; k++) {
		col[k] = p;
		char *tab = strchr(p, '\t');
		if (!tab) {
			k++;
			break;
		}
		*tab = 0;
		p = tab + 1;
	}
	if (k < 5 || !*col[0] || !*col[4]) {
		fprintf(stderr, "robin accuracy: %s:%u: a row needs a name and a command (tab-separated "
		        "name, domain, language, threads, command, native)\n", file, lineno);
		return -EINVAL;
	}
	memset(x, 0, sizeof(*x));
	const char *cmd = col[4];
	size_t plen = strcspn(cmd, " ");
	const char *rest = cmd + plen;
	while (*rest == ' ')
		rest++;
	if (strlen(col[0]) >= sizeof(x->name) || plen >= sizeof(x->path) ||
	    strlen(rest) >= sizeof(x->args)) {
		fprintf(stderr, "robin accuracy: %s:%u: name or command too long\n", file, lineno);
		return -EINVAL;
	}
	memcpy(x->name, col[0], strlen(col[0]) + 1);
	memcpy(x->path, cmd, plen);
	x->path[plen] = 0;
	memcpy(x->args, rest, strlen(rest) + 1);
	int nargs = 0;
	for (const char *p = x->args; *p; nargs++) {
		p += strcspn(p, " ");
		p += strspn(p, " ");
	}
	if (nargs > ACC_SUITE_ARGS_MAX) {
		fprintf(stderr, "robin accuracy: %s:%u: more than %d arguments\n", file, lineno,
		        ACC_SUITE_ARGS_MAX);
		return -EINVAL;
	}
	return 0;
}

int acc_suite_resolve_manifest(const char *manifest, int nargs, char **args,
			       struct acc_suite_workload **out, size_t *n)
{
	struct acc_suite_workload *rows = calloc(ACC_SUITE_MAX, sizeof(*rows));
	struct acc_suite_workload *w = calloc(ACC_SUITE_MAX, sizeof(*w));
	char line[2048];
	size_t nr = 0;
	unsigned lineno = 0;
	int rc = 0;
	*out = NULL;
	*n = 0;
	FILE *f = NULL;
	if (!rows || !w) {
		rc = -ENOMEM;
		goto out;
	}
	if (!(f = fopen(manifest, "r"))) {
		rc = -errno;
		fprintf(stderr, "robin accuracy: --manifest %s: %s\n", manifest, strerror(errno));
		goto out;
	}
	while (fgets(line, sizeof(line), f)) {
		lineno++;
		if (line[0] == '#' || line[0] == '\n' || (lineno == 1 && !strncmp(line, "name\t", 5)))
			continue;
		if (nr == ACC_SUITE_MAX) {
			fprintf(stderr, "robin accuracy: %s: more than %d rows\n", manifest, ACC_SUITE_MAX);
			rc = -E2BIG;
			goto out;
		}
		if ((rc = acc_suite_manifest_row(manifest, lineno, line, &rows[nr])))
			goto out;
		nr++;
	}
	if (!nargs) {
		memcpy(w, rows, nr * sizeof(*w));
		*n = nr;
	}
	for (int i = 0; i < nargs && *n < ACC_SUITE_MAX; i++) {
		size_t k = 0;
		while (k < nr && strcmp(rows[k].name, args[i]))
			k++;
		if (k == nr) {
			fprintf(stderr, "robin accuracy: '%s' is not a row of %s\n", args[i], manifest);
			rc = -ENOENT;
			goto out;
		}
		w[(*n)++] = rows[k];
	}
	for (size_t i = 0; i < *n; i++)
		if (access(w[i].path, R_OK)) {
			fprintf(stderr, "robin accuracy: %s: %s: %s (build it with `make corpus`, and run "
			        "from the directory the manifest's commands are relative to)\n",
			        w[i].name, w[i].path, strerror(errno));
			rc = -ENOENT;
			goto out;
		}
	*out = w;
	w = NULL;
out:
	if (f)
		fclose(f);
	free(rows);
	free(w);
	return rc;
}

int acc_suite_sink(void)
{
	const char *dir = getenv("TMPDIR");
	int fd = open(dir && *dir ? dir : "/tmp", O_TMPFILE | O_RDWR, 0600);
	if (fd < 0 && dir && *dir)
		fd = open("/tmp", O_TMPFILE | O_RDWR, 0600);
	return fd >= 0 ? fd : open("/dev/null", O_WRONLY);
}

int acc_suite_argv(const struct acc_suite_workload *w, const char *size, char *buf, size_t len,
		   char **argv)
{
	int argc = 0;
	argv[argc++] = (char *)w->path;
	snprintf(buf, len, "%s", w->args);
	for (char *p = strtok(buf, " "); p && argc <= ACC_SUITE_ARGS_MAX; p = strtok(NULL, " "))
		argv[argc++] = p;
	if (size)
		argv[argc++] = (char *)size;
	argv[argc] = NULL;
	return argc;
}
