/*
 * core_opts.c — parsing of --preset/--config/--set for the commands that build a core
 * configuration (see core_opts.h).
 */
#include "cli/core_opts.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

const char core_opts_help[] =
	"  --preset NAME        start from a preset: boom-large (default), boom-medium, inorder-dual,\n"
	"                       sonicboom (boom-large with SFB predication), sonicboom-cal (sonicboom\n"
	"                       with SonicBOOM's published configuration: docs/validation.md)\n"
	"  --config FILE        apply a file of key = value lines (see `robin config --dump`)\n"
	"  --set KEY=VALUE      override one key (repeatable; applied in order after --config)\n";

/* Match "--name VALUE" or "--name=VALUE"; returns the value or NULL. */
static const char *core_opts_value(const char *name, int argc, char **argv, int *i, int *err)
{
	size_t n = strlen(name);
	const char *a = argv[*i];
	if (strncmp(a, name, n))
		return NULL;
	if (a[n] == '=')
		return a + n + 1;
	if (a[n])
		return NULL;
	if (*i + 1 >= argc) {
		fprintf(stderr, "robin: option %s needs a value\n", name);
		*err = 1;
		return NULL;
	}
	return argv[++*i];
}

int core_opts_take(struct core_opts *o, int argc, char **argv, int *i)
{
	int err = 0;
	const char *v;
	if ((v = core_opts_value("--preset", argc, argv, i, &err))) {
		o->preset = v;
		return 1;
	}
	if (err)
		return -1;
	char kind = 0;
	if ((v = core_opts_value("--config", argc, argv, i, &err)))
		kind = 'c';
	else if (!err && (v = core_opts_value("--set", argc, argv, i, &err)))
		kind = 's';
	if (err)
		return -1;
	if (!kind)
		return 0;
	if (o->nops >= CORE_OPTS_MAX) {
		fprintf(stderr, "robin: more than %d --config/--set options\n", CORE_OPTS_MAX);
		return -1;
	}
	o->kind[o->nops] = kind;
	o->arg[o->nops++] = v;
	return 1;
}

int core_opts_build(const struct core_opts *o, const char *cmd, struct core_config *cfg)
{
	char err[CONFIG_ERR_LEN];
	int rc = config_preset(cfg, o->preset ? o->preset : "boom-large", err);
	for (int k = 0; !rc && k < o->nops; k++) {
		if (o->kind[k] == 'c')
			rc = config_load_file(cfg, o->arg[k], err);
		else
			rc = config_set_kv(cfg, o->arg[k], err);
	}
	if (!rc)
		rc = config_validate(cfg, err);
	if (rc)
		fprintf(stderr, "robin %s: %s\n", cmd, err);
	return rc;
}
