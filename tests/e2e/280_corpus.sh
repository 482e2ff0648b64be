#!/usr/bin/env bash
# 280: the corpus subset of make check (issue 28): real programs from Debian's source packages
# built by scripts/corpus.sh (C: lua5.4 static and dynamic; C++: lzip; threaded: xz -T4,
# four blocks) at the small size; under robin run each equals qemu-riscv64 byte for byte (stdout and
# exit status, bench/corpus_run.sh); lua and lzip run their first 3 M instructions on the
# out-of-order core and print a prefix of qemu's output (bench/corpus_sim.sh); robin accuracy --manifest runs a manifest row with its arguments and TIP
# beats the software profiler at instruction level on it; robin's own --stats line survives xz
# closing its stderr at exit (it was lost: robin wrote to the guest's descriptor 2); bad
# manifests and names fail clearly.
set -u
cd "$ROBIN_ROOT"
command -v qemu-riscv64 >/dev/null || { echo "skip: no qemu-riscv64"; exit 77; }
command -v dpkg-source >/dev/null || { echo "skip: no dpkg-source (scripts/install-deps.sh)"; exit 77; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
SUBSET=lua,lua-dyn,lzip,xz-mt

timeout 900 bash scripts/corpus.sh --only "$SUBSET" --size small --no-native >"$tmp/build.log" 2>&1 ||
	{ echo "corpus build failed"; tail -20 "$tmp/build.log"; exit 1; }

CORPUS_NO_SPEED=1 CORPUS_SIZE=small CORPUS_ONLY=$SUBSET timeout 600 bash bench/corpus_run.sh >"$tmp/run.log" 2>&1 ||
	{ echo "robin run differs from qemu-riscv64:"; cat "$tmp/run.log"; exit 1; }
grep -q "checked: 4 programs (small inputs), 4 identical" "$tmp/run.log" || { cat "$tmp/run.log"; exit 1; }

CORPUS_SIZE=small CORPUS_ONLY=lua,lzip CORPUS_SIM_INSNS=3000000 timeout 600 bash bench/corpus_sim.sh >"$tmp/sim.log" 2>&1 ||
	{ echo "robin sim differs:"; cat "$tmp/sim.log"; exit 1; }
grep -q "2 programs, 0 differ" "$tmp/sim.log" && [ "$(grep -c "prefix (" "$tmp/sim.log")" -eq 2 ] ||
	{ cat "$tmp/sim.log"; exit 1; }

cd build/corpus/small
R=$ROBIN; case $R in /*) ;; *) R=$ROBIN_ROOT/$R ;; esac
corpus_cmd() { awk -F'\t' -v n="$1" '$1 == n { print $5 }' "$ROBIN_ROOT/corpus/manifest.tsv"; }
read -ra xz <<<"$(corpus_cmd xz-mt)"
"$R" run --stats -- "${xz[@]}" >/dev/null 2>"$tmp/xz.err" || { echo "xz-mt: exit $?"; cat "$tmp/xz.err"; exit 1; }
grep -q "^robin: [0-9]* instructions in .*exit status 0" "$tmp/xz.err" || { echo "robin's --stats line lost:"; cat "$tmp/xz.err"; exit 1; }
timeout 600 "$R" accuracy --quiet --json --manifest "$ROBIN_ROOT/corpus/manifest.tsv" --max-insns 3000000 lua \
	>"$tmp/acc.json" 2>"$tmp/acc.err" || { echo "accuracy --manifest: exit $?"; cat "$tmp/acc.err"; exit 1; }
python3 - "$tmp/acc.json" <<'PY' || exit 1
import json, sys
d = json.load(open(sys.argv[1]))
w = d["workloads"][0]
assert w["name"] == "lua", w["name"]
assert w["instructions"] == 3000000, w["instructions"]
e = w["profile_error"]
assert e["tip"]["instruction"] < e["software"]["instruction"], e
assert e["tip"]["samples"] > 500, e["tip"]["samples"]
PY

printf 'name\tdomain\tlanguage\tthreads\tcommand\tnative\nbroken\tx\n' >"$tmp/bad.tsv"
"$R" accuracy --manifest "$tmp/bad.tsv" broken >/dev/null 2>"$tmp/err"; rc=$?
[ $rc -ne 0 ] && grep -q "bad.tsv:2: a row needs a name and a command" "$tmp/err" || { echo "bad manifest: exit $rc"; cat "$tmp/err"; exit 1; }
"$R" accuracy --manifest "$ROBIN_ROOT/corpus/manifest.tsv" nosuch >/dev/null 2>"$tmp/err"; rc=$?
[ $rc -ne 0 ] && grep -q "'nosuch' is not a row of" "$tmp/err" || { echo "unknown row: exit $rc"; cat "$tmp/err"; exit 1; }
cd "$ROBIN_ROOT"
bash scripts/corpus.sh --only nosuch >/dev/null 2>"$tmp/err"; rc=$?
[ $rc -eq 1 ] && grep -q "'nosuch' is neither a package" "$tmp/err" || { echo "corpus --only nosuch: exit $rc"; cat "$tmp/err"; exit 1; }
exit 0
