/*
 * cmd_disasm.c — `robin disasm [--start ADDR] [--count N] FILE...`: lists the executable
 * sections of riscv64 ELF files and ar archives of them in the layout of
 * `riscv64-linux-gnu-objdump -d` (profile/objdump.c; the symbols objdump would choose come
 * from elf/elf_objsyms.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli_args.h"
#include "cli/cli.h"
#include "profile/objdump.h"

static void usage(FILE *f)
{
	fprintf(f,
		"usage: robin disasm [--start ADDR] [--count N] FILE...\n"
		"\n"
		"Disassembles the executable sections of riscv64 ELF files (executables, shared\n"
		"objects, relocatable objects, and ar archives of them) in the layout of\n"
		"`riscv64-linux-gnu-objdump -d`.\n"
		"\n"
		"  --start ADDR   begin at this address (hex with 0x, or decimal)\n"
		"  --count N      print at most N instructions\n");
}

/* See cli.h. */
int cmd_disasm(int argc, char **argv)
{
	struct objdump_opts opt = { .count = -1 };
	int i, rc = 0, nfiles = 0;

	for (i = 1; i < argc; i++) {
		char *end;
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			usage(stdout);
			return 0;
		} else if (!strcmp(argv[i], "--start") && i + 1 < argc) {
			errno = 0;
			opt.start = strtoull(argv[++i], &end, 0);
			if (errno || *end || end == argv[i]) {
				fprintf(stderr, "robin disasm: bad --start address '%s'\n", argv[i]);
				return 2;
			}
			opt.has_start = 1;
		} else if (!strcmp(argv[i], "--count") && i + 1 < argc) {
			errno = 0;
			opt.count = strtoll(argv[++i], &end, 0);
			if (errno || *end || end == argv[i] || opt.count < 0) {
				fprintf(stderr, "robin disasm: bad --count '%s'\n", argv[i]);
				return 2;
			}
		} else if (argv[i][0] == '-' && argv[i][1]) {
			fprintf(stderr, "robin disasm: unknown option '%s'\n", argv[i]);
			usage(stderr);
			return 2;
		} else if (cli_args_reject("disasm", argv[i])) {
			return 2;
		} else {
			nfiles++;
		}
	}
	if (!nfiles) {
		usage(stderr);
		return 2;
	}
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--start") || !strcmp(argv[i], "--count")) {
			i++;
			continue;
		}
		if (objdump_file(argv[i], &opt))
			rc = 1;
		if (opt.count == 0)
			break;
	}
	fflush(stdout);
	return rc;
}
