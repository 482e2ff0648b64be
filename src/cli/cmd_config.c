/*
 * cmd_config.c — `robin config --dump [--preset NAME] [--config FILE] [--set KEY=VALUE]...`:
 * print the effective timing-model configuration as a key = value file that --config reads
 * back; `robin config --list` names the presets and summarises every key.
 */
#include <stdio.h>
#include <string.h>

#include "cli/cli_args.h"
#include "cli/cli.h"
#include "cli/core_opts.h"
#include "core/config.h"

static void cmd_config_usage(FILE *out)
{
	fprintf(out,
	        "usage: robin config --dump [--preset NAME] [--config FILE] [--set KEY=VALUE]...\n"
	        "       robin config --list\n\n"
	        "Print the effective configuration of the timing model (`robin sim`) as a file of\n"
	        "key = value lines that --config accepts. --list names the presets and the keys.\n\n"
	        "%s", core_opts_help);
}

static void cmd_config_list(void)
{
	printf("presets:");
	for (const char *const *p = config_preset_names(); *p; p++)
		printf(" %s", *p);
	printf("\n\nkeys:\n");
	size_t n;
	const struct config_key *k = config_keys(&n);
	for (size_t i = 0; i < n; i++)
		printf("  %-20s %s\n", k[i].name, k[i].help);
}

int cmd_config(int argc, char **argv)
{
	struct core_opts o = { 0 };
	int dump = 0, list = 0;
	for (int i = 1; i < argc; i++) {
		int t = core_opts_take(&o, argc, argv, &i);
		if (t < 0)
			return 2;
		if (t)
			continue;
		if (!strcmp(argv[i], "--dump")) {
			dump = 1;
		} else if (!strcmp(argv[i], "--list")) {
			list = 1;
		} else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			cmd_config_usage(stdout);
			return 0;
		} else {
			if (!cli_args_reject("config", argv[i]))
				fprintf(stderr, "robin config: unknown option '%s'\n", argv[i]);
			cmd_config_usage(stderr);
			return 2;
		}
	}
	if (list) {
		cmd_config_list();
		return 0;
	}
	if (!dump) {
		cmd_config_usage(stderr);
		return 2;
	}
	struct core_config cfg;
	if (core_opts_build(&o, "config", &cfg))
		return 1;
	printf("# robin timing-model configuration (preset %s%s)\n", o.preset ? o.preset : "boom-large",
	       o.nops ? " with overrides" : "");
	printf("# direction predictor storage: %llu bytes\n",
	       (unsigned long long)config_bp_storage_bytes(&cfg));
	config_dump(&cfg, stdout);
	return 0;
}
