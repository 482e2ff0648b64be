/*
 * ctr_opts.c — --ctr-depth and --ctr-filter (see ctr_opts.h).
 */
#include "cli/ctr_opts.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli/db_args.h"
#include "pmu/ctr.h"

int ctr_opts_take(struct sim_profile_opts *o, const char *cmd, int argc, char **argv, int *i)
{
	static const char *const names[] = { "--ctr-depth", "--ctr-filter", "--ctr-period" };
	for (int k = 0; k < 3; k++) {
		int missing = 0;
		const char *v = db_args_value(names[k], argc, argv, i, &missing);
		if (missing) {
			fprintf(stderr, "robin %s: %s needs a value\n", cmd, names[k]);
			return -1;
		}
		if (!v)
			continue;
		(*i)--;  /* db_args_value moved past the value; the caller's loop steps past it */
		if (k == 0) {
			char *end;
			errno = 0;
			unsigned long long n = strtoull(v, &end, 10);
			if (errno || *end || *v == '-' || !ctr_depth_ok(n)) {
				fprintf(stderr, "robin %s: --ctr-depth needs 16, 32, 64, 128 or 256, got "
				        "'%s'\n", cmd, v);
				return -1;
			}
			o->ctr_depth = (uint32_t)n;
		} else if (k == 2) {
			char *end;
			errno = 0;
			unsigned long long n = strtoull(v, &end, 10);
			if (errno || *end || *v == '-' || !n || n > UINT32_MAX) {
				fprintf(stderr, "robin %s: --ctr-period needs a positive number of "
				        "transfers, got '%s'\n", cmd, v);
				return -1;
			}
			o->ctr_period = n;
		} else {
			char err[512];
			if (ctr_filter_parse(v, &o->ctr_filter, err, sizeof(err))) {
				fprintf(stderr, "robin %s: --ctr-filter: %s\n", cmd, err);
				return -1;
			}
		}
		return 1;
	}
	return 0;
}
