#!/usr/bin/env bash
# tests/fuzz/run.sh — `make fuzz`: builds and runs every libFuzzer target tests/fuzz/fuzz_*.c.
#
# A target is one C file defining LLVMFuzzerTestOneInput. Its header comment names what it
# links with, one line each (paths relative to the repository root, shell globs allowed):
#     FUZZ_SOURCES: src/isa/decode.c src/isa/*.c ...
#     FUZZ_LIBS: -lelf ...
#     FUZZ_ARGS: -max_len=256 ...   (extra libFuzzer options, optional)
# Each target is compiled with clang -fsanitize=fuzzer,address,undefined together with those
# sources (robin's own sources are rebuilt with clang; nothing is linked from build/), then:
#   1. replays tests/fuzz/regress/<target>/ (crashers found earlier, kept as regressions),
#   2. fuzzes for FUZZ_SECONDS (default 60) seconds starting from the committed seed corpus
#      tests/fuzz/corpus/<target>/ (left as it is) and the working corpus build/fuzz/corpus/<target>/
#      (where new inputs go, kept between runs), writing any new crasher to
#      tests/fuzz/regress/<target>/ (commit it once fixed),
#   3. with FUZZ_PROMOTE=1, adds to tests/fuzz/corpus/<target>/ the working inputs that reach
#      new coverage (-merge=1; the seeds stay, under their names), to be committed.
# `make check` replays corpus/ and regress/ with gcc-built ASan drivers (tests/fuzz/replay_main.c,
# see the Makefile and tests/e2e/102_fuzz_replay.sh), so no clang is needed there.
# Usage: tests/fuzz/run.sh [target...]   (env FUZZ_SECONDS, FUZZ_PROMOTE=1)
set -euo pipefail
cd "$(dirname "$0")/../.."
SECS=${FUZZ_SECONDS:-60}
OUT=build/fuzz
mkdir -p "$OUT"
command -v clang >/dev/null || { echo "fuzz: clang not installed (scripts/install-deps.sh)" >&2; exit 1; }

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
	for f in tests/fuzz/fuzz_*.c; do targets+=("$(basename "$f" .c)"); done
fi

status=0
for t in "${targets[@]}"; do
	src=tests/fuzz/$t.c
	[ -f "$src" ] || { echo "fuzz: no target $src" >&2; status=1; continue; }
	# shellcheck disable=SC2086
	sources=$(sed -n 's/.*FUZZ_SOURCES:\(.*\)$/\1/p' "$src" | head -1)
	libs=$(sed -n 's/.*FUZZ_LIBS:\(.*\)$/\1/p' "$src" | head -1)
	args=$(sed -n 's/.*FUZZ_ARGS:\(.*\)$/\1/p' "$src" | head -1)
	expanded=()
	for g in $sources; do
		for f in $g; do [ -f "$f" ] && expanded+=("$f"); done
	done
	echo "== $t: building with ${#expanded[@]} robin sources"
	# shellcheck disable=SC2086
	clang -std=c11 -D_GNU_SOURCE -g -O1 -Isrc -Ibuild/gen \
		-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
		-o "$OUT/$t" "$src" "${expanded[@]}" $libs
	corpus=tests/fuzz/corpus/$t
	regress=tests/fuzz/regress/$t
	mkdir -p "$corpus" "$regress"
	if [ -n "$(ls -A "$regress")" ]; then
		echo "== $t: replaying $(ls "$regress" | wc -l) regression inputs"
		"$OUT/$t" -runs=0 "$regress"/* || { echo "fuzz: $t fails on a regression input" >&2; status=1; continue; }
	fi
	work=$OUT/corpus/$t
	mkdir -p "$work"
	echo "== $t: fuzzing for ${SECS}s"
	# new inputs go to the first directory: the working corpus, never the committed seeds
	if ! "$OUT/$t" -max_total_time="$SECS" -print_final_stats=1 -artifact_prefix="$regress/" \
		-timeout=10 $args "$work" "$corpus"; then
		echo "fuzz: $t found a crash, input saved in $regress/" >&2
		status=1
	fi
	if [ "${FUZZ_PROMOTE:-0}" = 1 ]; then
		before=$(ls "$corpus" | wc -l)
		"$OUT/$t" -merge=1 $args "$corpus" "$work" >/dev/null 2>&1 || true
		echo "== $t: $(( $(ls "$corpus" | wc -l) - before )) inputs promoted to $corpus"
	fi
	echo "== $t: working corpus $work has $(ls "$work" | wc -l) inputs; seeds: $(ls "$corpus" | wc -l)"
done
exit $status
