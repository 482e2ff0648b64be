/*
 * pm_paths.h — path profiles from ProfileMe samples (000_424085ad3398c1f4.txt §5.3, Figure 6):
 * from a sample's PC, its path register (global history of conditional-branch directions at
 * fetch) and the binary's CFG, walk backward to enumerate the paths consistent with the
 * history. Three schemes: execution counts only (the most executed predecessor at every merge,
 * as trace schedulers do), history bits, and history bits plus the paired sample's PC (paths
 * that do not pass through the earlier PC of the pair are dropped). Intraprocedural paths end
 * at the routine's start; interprocedural ones continue into the callers (direct call sites).
 * Calls met on the way are walked through the callee's returns, as the paper's footnote says.
 * Success: exactly one path, equal to the true path (the committed control transfers).
 * Entry point: pm_paths_eval.
 */
#ifndef ROBIN_ANALYSIS_PM_PATHS_H
#define ROBIN_ANALYSIS_PM_PATHS_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/code_map.h"
#include "pmu/profileme.h"

#define PM_PATHS_MAX_HIST 12

enum pm_path_scheme { PM_PATH_COUNTS, PM_PATH_HISTORY, PM_PATH_PAIRED, PM_PATH_SCHEMES };
enum pm_path_mode { PM_PATH_INTRA, PM_PATH_INTER, PM_PATH_MODES };

struct pm_paths_result {
	/* [scheme][mode][history length - 1] */
	uint64_t tried[PM_PATH_SCHEMES][PM_PATH_MODES][PM_PATHS_MAX_HIST];
	uint64_t success[PM_PATH_SCHEMES][PM_PATH_MODES][PM_PATHS_MAX_HIST];
	size_t samples;          /* kept samples evaluated */
	uint32_t max_hist;       /* history lengths 1..max_hist evaluated */
	uint32_t pair_window;    /* pairs up to this intra-pair distance used */
};

const char *pm_path_scheme_name(enum pm_path_scheme s);  /* "counts", "history", "paired" */
const char *pm_path_mode_name(enum pm_path_mode m);      /* "intra", "inter" */

/* Evaluate the three schemes over the unit's kept samples (paired: the second instruction
 * of the pairs at most pair_window apart whose both records retired, its partner the first,
 * the same samples for all three schemes; unpaired: the paired scheme is not tried), at most max_samples of them, history lengths 1..min(12, history bits).
 * Execution counts come from the unit's exact per-PC retirements. Returns 0 or -ENOMEM. */
int pm_paths_eval(struct pm *p, struct code_map *m, size_t max_samples, uint32_t pair_window,
		  struct pm_paths_result *out) __attribute__((warn_unused_result));

/* success / tried, or -1 when nothing was tried. */
double pm_paths_rate(const struct pm_paths_result *r, enum pm_path_scheme s,
		     enum pm_path_mode m, unsigned hist_len);

#endif
