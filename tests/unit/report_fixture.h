/*
 * report_fixture.h — a profile database with known counts on the functions of the guest
 * program build/guest/tests/report_fixture.static, shared by the report-tool unit tests
 * (header-only; each test binary includes it once). Layout:
 *   epoch 1: runs 1-3, event cycles (period 1000): alpha/beta/gamma = 10/20/30, 20/20/20,
 *            30/20/10 samples, run 3 also 5 samples in [unknown];
 *            run 4, events oracle (period 1, divisor 12) and tip (period 4000): per
 *            instruction a0 (alpha block 0), a2 (alpha block 0, 2nd insn), a1 (alpha block 1),
 *            b0 (beta), g0 (gamma): oracle 6 / 0 / 2.5 / 3.5 / 0, tip 1 / 1 / 4 / 3 / 1;
 *            oracle commit-state details: a0 stalled 5 + computing 1, a1 computing 2.5,
 *            b0 flushed 3.5.
 *   epoch 2: continuous collection (no run), cycles: alpha 100, gamma 50.
 */
#ifndef ROBIN_TEST_REPORT_FIXTURE_H
#define ROBIN_TEST_REPORT_FIXTURE_H

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/cfg.h"
#include "isa/isa.h"
#include "profile/profile_db.h"
#include "profile/symbols.h"

#define FIXTURE_ELF "build/guest/tests/report_fixture.static"

struct fixture {
	char elf[PATH_MAX];
	uint64_t a0, a1, a2, b0, g0;  /* offsets */
};

/* Fill fx with the fixture's offsets; returns 0, or -1 with a reason on stderr. */
static int fixture_offsets(struct fixture *fx)
{
	char err[SYMBOLS_ERR_MAX];
	struct symbols *s;
	if (!realpath(FIXTURE_ELF, fx->elf)) {
		fprintf(stderr, "%s missing: run `make guest`\n", FIXTURE_ELF);
		return -1;
	}
	if (symbols_open(fx->elf, NULL, &s, err)) {
		fprintf(stderr, "%s\n", err);
		return -1;
	}
	const struct symbols_func *fa = symbols_find_func(s, "fixture_alpha");
	const struct symbols_func *fb = symbols_find_func(s, "fixture_beta");
	const struct symbols_func *fg = symbols_find_func(s, "fixture_gamma");
	int rc = -1;
	if (!fa || !fb || !fg) {
		fprintf(stderr, "fixture functions not found\n");
		goto out;
	}
	uint8_t code[256];
	size_t n = symbols_read(s, fa->start, code, fa->size < sizeof(code) ? fa->size : sizeof(code));
	struct cfg g;
	if (!n || cfg_build(code, n, fa->start, &g)) {
		fprintf(stderr, "fixture_alpha: no code\n");
		goto out;
	}
	if (g.nblocks < 2 || g.blocks[0].ninsns < 2) {
		fprintf(stderr, "fixture_alpha: expected >= 2 blocks and >= 2 insns in the first\n");
		cfg_free(&g);
		goto out;
	}
	struct isa_insn in;
	uint32_t raw = (uint32_t)code[0] | (uint32_t)code[1] << 8 | (uint32_t)code[2] << 16 |
		       (uint32_t)code[3] << 24;
	fx->a0 = g.blocks[0].start;
	fx->a2 = fx->a0 + (uint64_t)isa_decode(raw, &in);
	fx->a1 = g.blocks[1].start;
	fx->b0 = fb->start;
	fx->g0 = fg->start;
	cfg_free(&g);
	rc = 0;
out:
	symbols_close(s);
	return rc;
}

#define FX_CHECK(x) do { if ((x) != 0) { fprintf(stderr, "fixture: %s failed\n", #x); \
	goto out; } } while (0)

/* Create the database at path (must not exist). Returns 0 or -1. */
static int fixture_db_build(const char *path, struct fixture *fx)
{
	char err[PROFILE_DB_ERR_MAX];
	struct profile_db *db = NULL;
	struct profile_db_batch *b = NULL;
	struct elf_image_ident id;
	int64_t image, run, epoch;
	int ev, ev2, rc = -1;
	if (fixture_offsets(fx))
		return -1;
	if (symbols_identify(fx->elf, &id, err) || profile_db_open(path, PROFILE_DB_CREATE, &db, err)) {
		fprintf(stderr, "%s\n", err);
		return -1;
	}
	FX_CHECK(profile_db_epoch_current(db, &epoch));
	FX_CHECK(profile_db_image_add(db, fx->elf, id.build_id, id.size_bytes, id.arch, &image));
	static const uint64_t cyc[3][3] = { { 10, 20, 30 }, { 20, 20, 20 }, { 30, 20, 10 } };
	for (int r = 0; r < 3; r++) {
		struct profile_db_run_info ri = { .command = "report_fixture 1000", .simulated = 1 };
		FX_CHECK(profile_db_run_begin(db, &ri, &run));
		FX_CHECK(profile_db_batch_new(db, 0, run, &b));
		FX_CHECK(profile_db_batch_event(b, "cycles", 1000, 1, &ev));
		FX_CHECK(profile_db_batch_add(b, ev, image, fx->a0, cyc[r][0]));
		FX_CHECK(profile_db_batch_add(b, ev, image, fx->b0, cyc[r][1]));
		FX_CHECK(profile_db_batch_add(b, ev, image, fx->g0, cyc[r][2]));
		if (r == 2)
			FX_CHECK(profile_db_batch_add(b, ev, 0, 0xdead0, 5));
		FX_CHECK(profile_db_batch_commit(b, NULL));
		profile_db_batch_free(b);
		b = NULL;
		FX_CHECK(profile_db_run_set_total(db, run, "cycles", 1e6 * (r + 1)));
		FX_CHECK(profile_db_run_end(db, run, 0));
	}
	struct profile_db_run_info ri = { .command = "report_fixture 1000 (oracle, tip)",
					  .config = "core.rob_entries = 128\n", .simulated = 1 };
	FX_CHECK(profile_db_run_begin(db, &ri, &run));
	FX_CHECK(profile_db_batch_new(db, 0, run, &b));
	FX_CHECK(profile_db_batch_event(b, "oracle", 1, 12, &ev));
	FX_CHECK(profile_db_batch_event(b, "tip", 4000, 1, &ev2));
	FX_CHECK(profile_db_batch_add(b, ev, image, fx->a0, 6 * 12));
	FX_CHECK(profile_db_batch_add(b, ev, image, fx->a1, 30));
	FX_CHECK(profile_db_batch_add(b, ev, image, fx->b0, 42));
	FX_CHECK(profile_db_batch_add_detail(b, ev, image, fx->a0, PROFILE_DB_KIND_COMMIT_STATE,
					     PROFILE_DB_COMMIT_STALLED, 60, 0));
	FX_CHECK(profile_db_batch_add_detail(b, ev, image, fx->a0, PROFILE_DB_KIND_COMMIT_STATE,
					     PROFILE_DB_COMMIT_COMPUTING, 12, 0));
	FX_CHECK(profile_db_batch_add_detail(b, ev, image, fx->a1, PROFILE_DB_KIND_COMMIT_STATE,
					     PROFILE_DB_COMMIT_COMPUTING, 30, 0));
	FX_CHECK(profile_db_batch_add_detail(b, ev, image, fx->b0, PROFILE_DB_KIND_COMMIT_STATE,
					     PROFILE_DB_COMMIT_FLUSHED, 42, 0));
	FX_CHECK(profile_db_batch_add(b, ev2, image, fx->a0, 1));
	FX_CHECK(profile_db_batch_add(b, ev2, image, fx->a2, 1));
	FX_CHECK(profile_db_batch_add(b, ev2, image, fx->a1, 4));
	FX_CHECK(profile_db_batch_add(b, ev2, image, fx->b0, 3));
	FX_CHECK(profile_db_batch_add(b, ev2, image, fx->g0, 1));
	FX_CHECK(profile_db_batch_commit(b, NULL));
	profile_db_batch_free(b);
	b = NULL;
	FX_CHECK(profile_db_run_end(db, run, 0));
	FX_CHECK(profile_db_epoch_new(db, "second", &epoch));
	FX_CHECK(profile_db_batch_new(db, 0, 0, &b));
	FX_CHECK(profile_db_batch_event(b, "cycles", 1000, 1, &ev));
	FX_CHECK(profile_db_batch_add(b, ev, image, fx->a0, 100));
	FX_CHECK(profile_db_batch_add(b, ev, image, fx->g0, 50));
	FX_CHECK(profile_db_batch_commit(b, NULL));
	rc = 0;
out:
	profile_db_batch_free(b);
	profile_db_close(db);
	return rc;
}

#endif
