/*
 * campaign_prof.h — the profiles of a SimPoint campaign (docs/robin-simpoint.md): each detailed
 * run (a point, or the full validation run) attaches the Oracle and TIP profilers
 * (004_b28092482852db08.txt Paper A) when the campaign directory holds profile.txt, and saves
 * their per-pc profiles in a text file (point-I.prof, truth.prof); the campaign's profile is
 * the points' profiles combined by the clusters' weights, each scaled to the whole program:
 * a point's counts times weight * program instructions / point instructions, so the weighted
 * Oracle estimates the whole run's cycles per instruction address.
 *
 *   profile.txt    "period CYCLES" (TIP's sampling period) and "models oracle,tip"
 *   *.prof         "robin-campaign-profile 1", then the guest's code images "image START END
 *                  BIAS PATH" (hex; for the code map), then per model "model NAME DIVISOR SAMPLES
 *                  UNRESOLVED N" and N lines "PC TOTAL C0 .. C6" (hex pc, units per
 *                  category of enum pmu_cat), then "end"
 */
#ifndef ROBIN_CAMPAIGN_CAMPAIGN_PROF_H
#define ROBIN_CAMPAIGN_CAMPAIGN_PROF_H

#include <stddef.h>
#include <stdint.h>

#include "campaign/campaign.h"
#include "emu/emu.h"
#include "pmu/pmu.h"

#define CAMPAIGN_PROF_MODELS "oracle,tip"
#define CAMPAIGN_PROF_MAX 4   /* models a profile file may hold */

/* TIP's sampling period in a campaign's detailed runs unless --profile-period says: a prime
 * near a thousand cycles, so that every 10M-instruction point gets thousands of samples and
 * the period does not alias with loops of round trip counts. */
#define CAMPAIGN_PROF_PERIOD_DEFAULT 1009

/* One model's profile read back from a .prof file (or combined). */
struct campaign_prof_model {
	char name[32];
	struct pmu_profile prof;
	double samples;            /* samples attributed (scaled when combined) */
	uint64_t raw_samples;      /* samples actually taken behind it */
	uint64_t unresolved;
};

struct campaign_prof_image {
	uint64_t start, end, bias;   /* as emu_images reports them */
	char *path;
};

struct campaign_prof {
	struct campaign_prof_model m[CAMPAIGN_PROF_MAX];
	int n;
	struct campaign_prof_image im[EMU_MAX_IMAGES];   /* the union over the files read */
	int nim;
};

/* Ask the campaign in dir to profile its detailed runs with TIP sampling every period_cycles
 * (writes dir/profile.txt). Returns 0 or -errno with a message. */
int campaign_prof_enable(const char *dir, uint64_t period_cycles, char *err, size_t errlen)
	__attribute__((warn_unused_result));

/* Whether dir asks for profiles: 1 with *period_cycles set, 0 when not, -errno with a
 * message when profile.txt is unreadable or malformed. */
int campaign_prof_wanted(const char *dir, uint64_t *period_cycles, char *err, size_t errlen)
	__attribute__((warn_unused_result));

/* The PMU a detailed run attaches (the Oracle and TIP at period_cycles, commit_width of the
 * core). Returns 0 or -errno. */
int campaign_prof_pmu(uint64_t period_cycles, uint32_t commit_width, struct pmu **out)
	__attribute__((warn_unused_result));

/* Save the finished PMU's profiles and e's code images to path (atomically), an image's
 * relative path put under base (the campaign's directory of origin, campaign.cwd; NULL or "":
 * as it is), so that a merge anywhere finds the files. Returns 0 or -errno with a message. */
int campaign_prof_save(const struct pmu *p, const struct emu *e, const char *base,
                       const char *path, char *err, size_t errlen)
	__attribute__((warn_unused_result));

/* Read a .prof file. Returns 0 or -errno with a message naming the file and line. */
int campaign_prof_load(const char *path, struct campaign_prof *out, char *err, size_t errlen)
	__attribute__((warn_unused_result));

/* The model `name` of a profile, or NULL. */
const struct campaign_prof_model *campaign_prof_find(const struct campaign_prof *p,
                                                     const char *name);

/* The campaign's weighted profile: every point's point-I.prof scaled by weight * program
 * instructions / point instructions and summed per pc and category (units rounded to the
 * nearest). Returns 0, -ENOENT with a message when a point has no profile, or -errno. */
int campaign_prof_weighted(const struct campaign *c, struct campaign_prof *out, char *err,
                           size_t errlen) __attribute__((warn_unused_result));

void campaign_prof_free(struct campaign_prof *p);

#endif
