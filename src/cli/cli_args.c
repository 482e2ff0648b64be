/*
 * cli_args.c — the "--name=value" split every command shares (see cli_args.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli_args.h"

/* The splits done, one per "--name=value": the '=' was overwritten with a NUL, so name is
 * the original argument's storage and value == name + name_len + 1. */
struct cli_args_split {
	char *name;
	char *value;
};

static struct cli_args_split *cli_args_splits;
static size_t cli_args_n_splits;

static size_t cli_args_name_len(const char *arg)
{
	if (arg[0] != '-' || arg[1] != '-')
		return 0;
	size_t n = 2;
	while (arg[n] == '-' || arg[n] == '_' || (arg[n] >= '0' && arg[n] <= '9') ||
	       (arg[n] >= 'a' && arg[n] <= 'z') || (arg[n] >= 'A' && arg[n] <= 'Z'))
		n++;
	return n > 2 && arg[n] == '=' ? n : 0;
}

int cli_args_split(int argc, char **argv, char ***out)
{
	int extra = 0, end = argc;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--")) {
			end = i;
			break;
		}
		extra += cli_args_name_len(argv[i]) != 0;
	}
	char **v = malloc(sizeof(*v) * (size_t)(argc + extra + 1));
	cli_args_splits = extra ? malloc(sizeof(*cli_args_splits) * (size_t)extra) : NULL;
	if (!v || (extra && !cli_args_splits)) {
		free(v);
		return -1;
	}
	int n = 0;
	for (int i = 0; i < argc; i++) {
		size_t len = i && i < end ? cli_args_name_len(argv[i]) : 0;
		v[n++] = argv[i];
		if (!len)
			continue;
		argv[i][len] = 0;
		v[n++] = argv[i] + len + 1;
		cli_args_splits[cli_args_n_splits++] =
			(struct cli_args_split){ argv[i], argv[i] + len + 1 };
	}
	v[n] = NULL;
	*out = v;
	return n;
}

void cli_args_free(char **split)
{
	free(split);
	free(cli_args_splits);
	cli_args_splits = NULL;
	cli_args_n_splits = 0;
}

static const struct cli_args_split *cli_args_find(const char *value)
{
	for (size_t k = 0; k < cli_args_n_splits; k++)
		if (cli_args_splits[k].value == value)
			return &cli_args_splits[k];
	return NULL;
}

const char *cli_args_split_option(const char *arg)
{
	const struct cli_args_split *s = arg ? cli_args_find(arg) : NULL;
	return s ? s->name : NULL;
}

int cli_args_reject(const char *cmd, const char *arg)
{
	const char *name = cli_args_split_option(arg);
	if (!name)
		return 0;
	fprintf(stderr, "robin %s: %s takes no value (got '%s=%s')\n", cmd, name, name, arg);
	return 1;
}

int cli_args_tail(const char *cmd, int *argc, char **argv, int i)
{
	if (i < *argc && cli_args_reject(cmd, argv[i]))
		return 2;
	int n = i;
	for (int k = i; k < *argc; k++) {
		const struct cli_args_split *s = cli_args_find(argv[k]);
		if (s && n > i && argv[n - 1] == s->name) {
			s->name[strlen(s->name)] = '=';  /* the name's NUL was the '=' */
			continue;
		}
		argv[n++] = argv[k];
	}
	argv[n] = NULL;
	*argc = n;
	return 0;
}
