/* 303: the O3PipeView writer: seven lines per instruction in gem5's format, in fetch order,
 * stage ticks non-decreasing for committed instructions, retire 0 for squashed ones, only
 * the requested window. */
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/pipeview.h"
#include "core_synth.h"

#define X(n) ((uint8_t)(n))

static void test_format(void **state)
{
	(void)state;
	struct synth s = { 0 };
	struct core_config cfg;
	config_defaults(&cfg);
	synth_alu(&s, X(5), X(5), X(0));
	size_t br = synth_branch(&s, X(6), X(0), 8);
	synth_alu(&s, X(7), X(0), X(0));
	synth_store(&s, X(7), X(2));
	size_t loop = synth_branch(&s, X(6), X(0), -4 * 4);
	uint64_t st = 88172645463325252ull;
	for (size_t it = 0; it < 300; it++) {
		synth_exec(&s, 0, synth_pc(1), 0, 0);
		st ^= st << 13, st ^= st >> 7, st ^= st << 17;
		int t = st & 1;
		synth_exec(&s, br, synth_pc(t ? 3 : 2), 0, t);
		if (!t)
			synth_exec(&s, 2, synth_pc(3), 0, 0);
		synth_exec(&s, 3, synth_pc(4), 0x9000 + 8 * (it % 16), 0);
		synth_exec(&s, loop, it < 299 ? synth_pc(0) : synth_pc(loop + 1), 0, it < 299);
	}
	synth_source(&s);
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct pipeview *pv;
	assert_int_equal(pipeview_create(f, 100, 600, &pv), 0);
	struct probe_consumer pc;
	pipeview_consumer(pv, &pc);
	struct core *c;
	assert_int_equal(core_create(&cfg, &s.src, &c), 0);
	assert_int_equal(core_attach(c, &pc), 0);
	assert_int_equal(core_run(c, stderr), 0);
	uint64_t written = pipeview_finish(pv);
	fclose(f);
	assert_true(written >= 500);

	static const char *const stages[] = { "decode", "rename", "dispatch", "issue", "complete" };
	uint64_t blocks = 0, squashed = 0, last_seq = 0;
	char *save = NULL;
	char *line = strtok_r(buf, "\n", &save);
	while (line) {
		uint64_t fetch, pc_, seq;
		unsigned upc;
		int n = 0;
		assert_int_equal(sscanf(line, "O3PipeView:fetch:%" SCNu64 ":0x%" SCNx64 ":%u:%" SCNu64 ":%n",
		                        &fetch, &pc_, &upc, &seq, &n), 4);
		assert_true(n > 0);
		assert_true(seq > last_seq);
		last_seq = seq;
		assert_int_equal(fetch % PIPEVIEW_TICKS_PER_CYCLE, 0);
		uint64_t prev = fetch, t[5];
		for (int k = 0; k < 5; k++) {
			line = strtok_r(NULL, "\n", &save);
			assert_non_null(line);
			char want[64];
			snprintf(want, sizeof(want), "O3PipeView:%s:%%" SCNu64, stages[k]);
			assert_int_equal(sscanf(line, want, &t[k]), 1);
		}
		line = strtok_r(NULL, "\n", &save);
		assert_non_null(line);
		uint64_t retire, store;
		assert_int_equal(sscanf(line, "O3PipeView:retire:%" SCNu64 ":store:%" SCNu64, &retire,
		                        &store), 2);
		if (retire) {
			for (int k = 0; k < 5; k++) {
				/* issue may precede the "complete" of the previous stage only in order */
				assert_true(t[k] >= prev || k == 4);
				prev = t[k];
			}
			assert_true(retire > t[4]);
		} else {
			squashed++;
		}
		blocks++;
		line = strtok_r(NULL, "\n", &save);
	}
	assert_int_equal(blocks, written);
	assert_true(squashed > 0);
	free(buf);
	pipeview_destroy(pv);
	core_destroy(c);
	synth_free(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_format),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
