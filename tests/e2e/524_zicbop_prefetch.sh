#!/usr/bin/env bash
# 524: Zicbop prefetch hints end to end (docs/tea.md). workloads/variants/lbm_prefetch.c
# issues prefetch.r/prefetch.w (`ori x0, rs1, imm`) DIST cells ahead: `robin run` executes them
# as no-ops (the output equals lbm's at every distance, and qemu-riscv64's when installed),
# and robin's core turns them into cache fills: at distance 2 lbm (size 1) takes fewer cycles
# than without prefetching although it runs more instructions (measured 0.946x the cycles;
# margin: below 0.97x). A bad distance fails with one line.
set -u
cd "$ROBIN_ROOT"
command -v python3 >/dev/null || { echo "python3 not installed"; exit 77; }
P=build/guest/workloads/variants/lbm_prefetch.static
[ -x "$P" ] || { echo "$P not built (make guest)"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/robin-e2e-524.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0
die() { echo "FAIL: $*"; fail=1; }
"$ROBIN" run -- build/guest/workloads/lbm.static 1 >"$tmp/lbm.out" 2>&1 || die "robin run lbm"
for d in 0 2; do
	"$ROBIN" run -- $P 1 $d >"$tmp/run$d.out" 2>&1 || die "robin run lbm_prefetch 1 $d"
	cmp -s "$tmp/lbm.out" "$tmp/run$d.out" || die "distance $d: output differs from lbm's"
	if command -v qemu-riscv64 >/dev/null; then
		qemu-riscv64 $P 1 $d >"$tmp/q$d.out" 2>&1
		cmp -s "$tmp/q$d.out" "$tmp/run$d.out" || die "distance $d: robin run and qemu-riscv64 differ"
	fi
	"$ROBIN" sim --quiet --no-progress --stats-json "$tmp/s$d.json" -- $P 1 $d >/dev/null 2>"$tmp/s$d.err" \
		|| { die "robin sim distance $d"; cat "$tmp/s$d.err"; }
done
python3 - "$tmp/s0.json" "$tmp/s2.json" <<'PY' || fail=1
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
r = b["cycles"] / a["cycles"]
print("lbm size 1: %d cycles without prefetching, %d at distance 2 (%.3fx); instructions %d -> %d"
      % (a["cycles"], b["cycles"], r, a["instructions"], b["instructions"]))
ok = r < 0.97 and b["instructions"] > a["instructions"]
if not ok: print("FAIL: prefetching did not pay off")
sys.exit(0 if ok else 1)
PY
out=$("$ROBIN" run -- $P 1 99 2>&1); rc=$?
[ $rc -eq 2 ] && [ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] && printf '%s' "$out" | grep -q "prefetch distance '99' is not an integer in 0..64" \
	|| die "bad distance: rc $rc '$out'"
[ $fail -eq 0 ] && echo ok
exit $fail
