/*
 * main.c — `robin <command> [args]`: dispatches through the table in commands.def to
 * src/cli/cmd_<name>.c. `robin help` lists the commands; `robin <command> --help` is each
 * command's own help text, which `robin help <command>` prints too.
 */
#include <stdio.h>
#include <string.h>

#include "util/outfile.h"

#include "cli/cli.h"
#include "cli/cli_args.h"

struct cli_command {
	const char *name;
	const char *summary;
	int (*fn)(int argc, char **argv);
};

static const struct cli_command commands[] = {
#define CMD(name, summary) { #name, summary, cmd_##name },
#include "cli/commands.def"
#undef CMD
	{ NULL, NULL, NULL }
};

static void usage(FILE *out)
{
	fprintf(out, "usage: robin <command> [options]\n\ncommands:\n");
	for (const struct cli_command *c = commands; c->name; c++)
		fprintf(out, "  %-12s %s\n", c->name, c->summary);
	fprintf(out, "\n`robin <command> --help` describes one command.\n");
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (!strcmp(argv[1], "help") && argc > 2) {
		/* `robin help CMD` is `robin CMD --help` */
		for (const struct cli_command *c = commands; c->name; c++) {
			if (strcmp(argv[2], c->name))
				continue;
			char *hargv[] = { (char *)c->name, "--help", NULL };
			int rc = c->fn(2, hargv);
			int err = outfile_flush(stdout);
			if (err)
				fprintf(stderr, "robin help: stdout: %s\n", strerror(-err));
			return rc ? rc : err ? 1 : 0;
		}
		fprintf(stderr, "robin help: unknown command '%s' (see `robin help`)\n", argv[2]);
		return 2;
	}
	if (!strcmp(argv[1], "help") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		usage(stdout);
		int err = outfile_flush(stdout);
		if (err)
			fprintf(stderr, "robin help: stdout: %s\n", strerror(-err));
		return err ? 1 : 0;
	}
	for (const struct cli_command *c = commands; c->name; c++) {
		if (strcmp(argv[1], c->name))
			continue;
		char **split;
		int n = cli_args_split(argc, argv, &split);
		if (n < 0) {
			fprintf(stderr, "robin: out of memory\n");
			return 1;
		}
		int rc = c->fn(n - 1, split + 1);
		cli_args_free(split);
		/* Every command's listing on stdout is checked here, once: a write that failed
		 * (a full disk, /dev/full) is an error, not a silent exit 0. */
		int err = outfile_flush(stdout);
		if (err) {
			fprintf(stderr, "robin %s: stdout: %s\n", c->name, strerror(-err));
			rc = rc ? rc : 1;
		}
		return rc;
	}
	fprintf(stderr, "robin: unknown command '%s' (see `robin help`)\n", argv[1]);
	return 2;
}
