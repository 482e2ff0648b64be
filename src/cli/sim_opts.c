/*
 * sim_opts.c — the options that describe a simulation (src/sim/): the simulated profilers
 * (--profile ...), ProfileMe (--profileme, --pm-*), the co-processor (--coproc, --coproc-*),
 * SMARTS (--smarts U:W:k) and --cores N, with their help texts (see sim_opts.h).
 */
#include "cli/sim_opts.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/db_args.h"
#include "core/source_cores.h"
#include "cli/ctr_opts.h"
#include "pmu/pcs.h"
#include "pmu/sscofpmf.h"
#include "util/text.h"

/* The value of whichever of names[0..n) argv[*i] is (--name VALUE or --name=VALUE): sets *k
 * and leaves *i on the last word it used (the caller's loop steps past it). Returns the value,
 * NULL when argv[*i] is none of them, or NULL with *k = -1 after "robin CMD: NAME needs a
 * value". */
static const char *sim_opts_value(const char *const *names, size_t n, const char *cmd,
				  int argc, char **argv, int *i, int *k)
{
	for (size_t j = 0; j < n; j++) {
		int missing = 0;
		const char *v = db_args_value(names[j], argc, argv, i, &missing);
		if (missing) {
			fprintf(stderr, "robin %s: %s needs a value\n", cmd, names[j]);
			*k = -1;
			return NULL;
		}
		if (v) {
			(*i)--;  /* db_args_value moved past the value */
			*k = (int)j;
			return v;
		}
	}
	*k = 0;
	return NULL;
}

/* ---- the simulated profilers ------------------------------------------------------------- */

const char sim_profile_help[] =
	"  --profile LIST      attach simulated profilers: a comma-separated list of oracle,\n"
	"                      tip, tip-ilp, nci, nci-ilp, lci, software, dispatch, fetch, or\n"
	"                      all (these nine; the Oracle, the reference, is always attached);\n"
	"                      PICS:\n"
	"                      tea, nci-tea, ibs, spe, ris (the golden reference is attached);\n"
	"                      DCPI: issue-head, dcpix, dcpix-taken, dcpix-imiss, dcpix-dmiss,\n"
	"                      dcpix-dtlb, dcpix-mispredict (exact execution, taken-branch,\n"
	"                      I-cache, D-cache, D-TLB miss and mispredict counts),\n"
	"                      dcpi-imiss, dcpi-dmiss, dcpi-dtlb, dcpi-mispredict (the same\n"
	"                      events sampled every period/16 with the 21164's skid), or\n"
	"                      dcpi (all of these: what DCPI records, and the truth);\n"
	"                      pcs (event sampling with skid, --pcs-event; 003 Table 1)\n"
	"                      ctr (control transfer records, Smctr; docs/ctr.md)\n"
	"                      sscofpmf (RISC-V counter-overflow interrupt, --sscof-event)\n"
	"  --freq HZ           sampling frequency at the core clock (default 4000 Hz)\n"
	"  --period CYCLES     sampling period in cycles (instead of --freq)\n"
	"  --random            sample a random cycle within each period (default: its last)\n"
	"  --stacks, -g        keep every sample's exact call stack (a shadow stack of calls and\n"
	"                      returns; about 2x the CPU time of flat profiles on call-heavy code)\n"
	"  --no-stacks         flat profiles only (the default)\n"
	"  --sample-seed N     seed of --random (default 1)\n"
	"  --db FILE           store the profiles in this profile database (one run; one\n"
	"                      profile per profiler and image, named by the profiler)\n"
	"  --top N             top instructions listed per profiler on stderr and in\n"
	"                      --stats-json (default 10; 0 = no listing)\n"
	"  --pcs-event EV      what `pcs` (performance-counter sampling with skid) counts:\n"
	"                      dtlb-miss, dcache-miss, br-mispredict or cycles (default)\n"
	"  --pcs-period N      events per PCS sample (default 1000)\n"
	"  --ibs-ops N         `ibs` counts dispatched ops, a sample every N (low 4 bits\n"
	"                      randomised), instead of cycles\n"
	"  --sscof-event EV    what `sscofpmf` counts: cycles (default), instret,\n"
	"                      branch-misses, l1d-misses, cache-misses, l1i-misses, dtlb-misses\n"
	"  --sscof-period N    events per sscofpmf overflow (default: the sampling period)\n"
	CTR_OPTS_HELP;

static int sim_profile_u64(const char *s, uint64_t *out)
{
	char *end;
	errno = 0;
	if (!*s || *s == '-')
		return -1;
	unsigned long long v = strtoull(s, &end, 0);
	if (errno || *end)
		return -1;
	*out = v;
	return 0;
}

int sim_profile_take(struct sim_profile_opts *o, const char *cmd, int argc, char **argv, int *i)
{
	static const char *const names[] = { "--profile", "--freq", "--period", "--sample-seed",
	                                     "--db", "--top", "--pcs-event", "--pcs-period",
	                                     "--ibs-ops", "--sscof-event", "--sscof-period" };
	int t = ctr_opts_take(o, cmd, argc, argv, i);
	if (t)
		return t;
	const char *a = argv[*i];
	if (!strcmp(a, "--random")) {
		o->random = 1;
		return 1;
	}
	if (!strcmp(a, "--no-stacks")) {
		o->want_stacks = 0;
		return 1;
	}
	if (!strcmp(a, "--stacks") || !strcmp(a, "-g")) {
		o->want_stacks = 1;
		return 1;
	}
	int k;
	const char *v = sim_opts_value(names, sizeof(names) / sizeof(names[0]), cmd, argc, argv, i,
	                               &k);
	if (!v)
		return k < 0 ? -1 : 0;
	uint64_t n;
	char err[512];
	switch (k) {
	case 0:
		if (pmu_parse_list(v, &o->models, err, sizeof(err))) {
			fprintf(stderr, "robin %s: --profile: %s\n", cmd, err);
			return -1;
		}
		o->list = v;
		o->models |= 1u << pmu_model_index("oracle");
		break;
	case 1: {
		char *end;
		errno = 0;
		double f = strtod(v, &end);
		if (errno || *end || !(f > 0) || !isfinite(f)) {
			fprintf(stderr, "robin %s: --freq needs a positive frequency in Hz, got '%s'\n",
			        cmd, v);
			return -1;
		}
		o->freq_hz = f;
		break;
	}
	case 2:
		if (sim_profile_u64(v, &n) || !n) {
			fprintf(stderr, "robin %s: --period needs a positive number of cycles, got "
			        "'%s'\n", cmd, v);
			return -1;
		}
		o->period = n;
		break;
	case 3:
		if (sim_profile_u64(v, &n)) {
			fprintf(stderr, "robin %s: --sample-seed needs a number, got '%s'\n", cmd, v);
			return -1;
		}
		o->seed = n;
		break;
	case 4:
		o->db_path = v;
		break;
	case 5:
		if (sim_profile_u64(v, &n) || n > 1000) {
			fprintf(stderr, "robin %s: --top needs a number 0..1000, got '%s'\n", cmd, v);
			return -1;
		}
		o->top = (unsigned)n;
		o->top_set = 1;
		break;
	case 6:
		if (pcs_event_parse(v, &o->pcs_event)) {
			fprintf(stderr, "robin %s: --pcs-event needs dtlb-miss, dcache-miss, "
			        "br-mispredict or cycles, got '%s'\n", cmd, v);
			return -1;
		}
		break;
	case 7:
	case 8:
		if (sim_profile_u64(v, &n) || !n || n > (k == 8 ? 0xffff0ull : UINT32_MAX)) {
			fprintf(stderr, "robin %s: %s needs a positive number%s, got '%s'\n", cmd,
			        names[k], k == 8 ? " up to 1048560 (IbsOpMaxCnt)" : "", v);
			return -1;
		}
		*(k == 7 ? &o->pcs_period : &o->ibs_ops) = n;
		break;
	case 9:
		if (sscofpmf_event_parse(v, &o->sscof_event)) {
			fprintf(stderr, "robin %s: --sscof-event needs one of %s, got '%s'\n", cmd,
			        sscofpmf_event_names(), v);
			return -1;
		}
		break;
	case 10:
		if (sim_profile_u64(v, &n) || !n) {
			fprintf(stderr, "robin %s: --sscof-period needs a positive number of events, "
			        "got '%s'\n", cmd, v);
			return -1;
		}
		o->sscof_period = n;
		break;
	}
	return 1;
}

/* ---- ProfileMe ---------------------------------------------------------------------------- */

const char sim_pm_help[] =
	"  --profileme         attach the ProfileMe unit (000_424085ad3398c1f4.txt): sample\n"
	"                      fetched instructions, record their profile registers\n"
	"  --pm-interval N     mean fetched instructions between samples (default 1000)\n"
	"  --pm-paired         paired sampling: a second instruction 1..W fetched later\n"
	"  --pm-window W       the pair window W (default rob_entries + fetch_buffer)\n"
	"  --pm-history BITS   path register bits of global history (1..64, default 12)\n"
	"  --pm-seed N         seed of the random counter values (default 1)\n"
	"  --pm-raw FILE       write every sample record as a text line (docs/profileme.md)\n"
	"  --pm-fetch-slots    the counter counts fetch opportunities (fetch_width a cycle,\n"
	"                      §4.1.1), not fetched instructions: samples may hold no\n"
	"                      instruction, and their count estimates the empty fetch slots\n"
	"                      (--db FILE stores the per-PC aggregates, also without --profile)\n";

int sim_pm_take(struct sim_pm_opts *o, const char *cmd, int argc, char **argv, int *i)
{
	static const char *const names[] = { "--pm-interval", "--pm-window", "--pm-history",
	                                     "--pm-seed", "--pm-raw" };
	const char *a = argv[*i];
	if (!strcmp(a, "--profileme")) {
		o->on = 1;
		return 1;
	}
	if (!strcmp(a, "--pm-paired")) {
		o->paired = 1;
		o->any = 1;
		return 1;
	}
	if (!strcmp(a, "--pm-fetch-slots")) {
		o->fetch_slots = 1;
		o->any = 1;
		return 1;
	}
	int k;
	const char *v = sim_opts_value(names, sizeof(names) / sizeof(names[0]), cmd, argc, argv, i,
	                               &k);
	if (!v)
		return k < 0 ? -1 : 0;
	o->any = 1;
	uint64_t n = 0;
	char q[TEXT_QUOTE_LEN];
	if (k != 4 && (text_parse_u64(v, &n) ||
	               (k == 0 && (!n || n > (1ULL << 40))) ||
	               (k == 1 && (!n || n > 1u << 20)) ||
	               (k == 2 && (!n || n > 64)))) {
		fprintf(stderr, "robin %s: %s needs %s, got %s\n", cmd, names[k],
		        k == 2 ? "a number of bits 1..64" : k == 3 ? "a number"
		        : "a positive count", text_quote(q, v));
		return -1;
	}
	switch (k) {
	case 0: o->interval = n; break;
	case 1: o->window = (uint32_t)n; break;
	case 2: o->history_bits = (uint32_t)n; break;
	case 3: o->seed = n; break;
	default: o->raw_path = v; break;
	}
	return 1;
}

/* ---- the co-processor ---------------------------------------------------------------------- */

const char sim_coproc_help[] =
	"  --coproc FILE.s     attach the profiling co-processor (001 §3) running FILE.s\n"
	"                      (coproc/value_profile.s, edge_profile.s, memdep_profile.s);\n"
	"                      reports its samples, drops, interrupts, overhead against a run\n"
	"                      without it, and its profile against the exact one\n"
	"  --coproc-mem-scale S  associative and data arrays S x 1 kB / 2 kB (0.5, 1, 2)\n"
	"  --coproc-clock-ratio N  one co-processor cycle per N core cycles (1)\n"
	"  --coproc-buffer BYTES   sample buffer size (1024)\n"
	"  --coproc-interrupt-cycles N  host cost per interrupt (200)\n"
	"  --coproc-sample-cycles N     host cost per record copied (20; paper 10-30)\n"
	"  --coproc-resample CYCLES     value profiler: unmask every load this often\n"
	"                      (20000000; 0 never)\n"
	"  --coproc-no-baseline  skip the run without the co-processor (overhead = charged\n"
	"                      cycles only)\n"
	"  --coproc-svg FILE   Figure 5 (estimated vs true invariance) as an SVG scatter\n"
	"  --coproc-db FILE    store the value profile (event coproc-value, detail load_value)\n"
	"  --coproc-top N      list the N most frequent qualifying pairs (10)\n";

/* The co-processor's numeric options: name, range, and where the value goes (+1 where 0 in the
 * field means "the default"). */
static const struct sim_coproc_num {
	const char *name;
	uint64_t lo, hi;
	int plus_one;
	size_t off, size;
} sim_coproc_nums[] = {
#define SIM_COPROC_NUM(n, lo, hi, p1, f) \
	{ n, lo, hi, p1, offsetof(struct sim_coproc_opts, f), sizeof(((struct sim_coproc_opts *)0)->f) }
	SIM_COPROC_NUM("--coproc-clock-ratio", 1, 64, 0, clock_ratio),
	SIM_COPROC_NUM("--coproc-buffer", 16, 1 << 20, 0, buffer_bytes),
	SIM_COPROC_NUM("--coproc-interrupt-cycles", 0, 1000000, 1, interrupt_cycles),
	SIM_COPROC_NUM("--coproc-sample-cycles", 0, 100000, 1, sample_cycles),
	SIM_COPROC_NUM("--coproc-resample", 0, UINT64_MAX / 2, 0, resample_cycles),
	SIM_COPROC_NUM("--coproc-top", 0, 100000, 1, top),
#undef SIM_COPROC_NUM
};

int sim_coproc_take(struct sim_coproc_opts *o, int argc, char **argv, int *i)
{
	const char *a = argv[*i];
	const struct sim_coproc_num *num = NULL;
	if (strncmp(a, "--coproc", 8))
		return 0;
	if (!o->mem_scale)
		o->mem_scale = 1;
	if (!strcmp(a, "--coproc-no-baseline")) {
		o->no_baseline = o->any = 1;
		return 1;
	}
	for (size_t k = 0; k < sizeof(sim_coproc_nums) / sizeof(sim_coproc_nums[0]); k++)
		if (!strcmp(a, sim_coproc_nums[k].name))
			num = &sim_coproc_nums[k];
	if (!num && strcmp(a, "--coproc") && strcmp(a, "--coproc-mem-scale") &&
	    strcmp(a, "--coproc-svg") && strcmp(a, "--coproc-db"))
		return 0;
	if (*i + 1 >= argc) {
		fprintf(stderr, "robin sim: %s needs a value\n", a);
		return -1;
	}
	const char *v = argv[++*i];
	o->any |= strcmp(a, "--coproc") != 0;
	if (num) {
		uint64_t x;
		if (text_parse_u64(v, &x) || x < num->lo || x > num->hi) {
			fprintf(stderr, "robin sim: %s needs a whole number %" PRIu64 "..%" PRIu64
			        ", got '%s'\n", a, num->lo, num->hi, v);
			return -1;
		}
		x += (uint64_t)num->plus_one;
		if (num->size == sizeof(uint64_t))
			memcpy((char *)o + num->off, &x, sizeof(x));
		else
			*(uint32_t *)((char *)o + num->off) = (uint32_t)x;
		o->resample_set |= !strcmp(a, "--coproc-resample");
	} else if (!strcmp(a, "--coproc")) {
		o->path = v;
	} else if (!strcmp(a, "--coproc-svg")) {
		o->svg_path = v;
	} else if (!strcmp(a, "--coproc-db")) {
		o->db_path = v;
	} else if (!strcmp(v, "0.25") || !strcmp(v, "0.5") || !strcmp(v, "1") || !strcmp(v, "2") ||
	           !strcmp(v, "4")) {
		o->mem_scale = atof(v);
	} else if (!strcmp(v, "half") || !strcmp(v, "double")) {
		o->mem_scale = v[0] == 'h' ? 0.5 : 2;
	} else {
		fprintf(stderr, "robin sim: --coproc-mem-scale needs 0.25, 0.5, 1, 2 or 4, got '%s'\n",
		        v);
		return -1;
	}
	return 1;
}

/* ---- SMARTS and several cores -------------------------------------------------------------- */

int sim_smarts_parse(const char *spec, struct smarts_opts *o)
{
	char buf[96], q[TEXT_QUOTE_LEN];
	char *save = NULL, *f[3] = { NULL, NULL, NULL };
	uint64_t v[3];
	snprintf(buf, sizeof(buf), "%s", spec);
	f[0] = strtok_r(buf, ":", &save);
	f[1] = f[0] ? strtok_r(NULL, ":", &save) : NULL;
	f[2] = f[1] ? strtok_r(NULL, ":", &save) : NULL;
	int ok = f[2] && !strtok_r(NULL, ":", &save) && strlen(spec) < sizeof(buf);
	for (int i = 0; ok && i < 3; i++)
		ok = !text_parse_u64(f[i], &v[i]);
	if (ok)
		ok = v[0] > 0 && v[2] > 0 && v[0] <= UINT64_MAX / v[2] && v[1] + v[0] <= v[0] * v[2];
	if (!ok) {
		fprintf(stderr, "robin sim: --smarts needs U:W:k (unit, detailed warming, one unit in k; "
		        "U, k > 0 and W + U <= k*U), got '%s'\n", text_quote(q, spec));
		return -1;
	}
	*o = (struct smarts_opts){ .unit = v[0], .warm = v[1], .k = v[2], .target = 0.03 };
	return 0;
}

int sim_cores_parse(const char *v, unsigned *n)
{
	uint64_t k;
	if (text_parse_u64(v, &k) || k < 1 || k > SOURCE_CORES_MAX) {
		fprintf(stderr, "robin sim: --cores needs a count from 1 to %d, got '%s'\n",
		        SOURCE_CORES_MAX, v);
		return -1;
	}
	*n = (unsigned)k;
	return 0;
}
