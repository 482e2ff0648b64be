#!/usr/bin/env bash
# 301: `robin config --dump` prints the presets' values, reads back its own output, and
# rejects unknown keys, bad values and bad files with a message naming them.
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$ROBIN" config --dump >"$tmp/large" || fail "dump"
grep -qx 'rob_entries = 192' "$tmp/large" || fail "boom-large rob_entries"
grep -qx 'fetch_buffer = 48' "$tmp/large" || fail "boom-large fetch_buffer"
grep -qx 'llc_kb = 2048' "$tmp/large" || fail "boom-large llc_kb"
"$ROBIN" config --dump --preset boom-medium >"$tmp/medium" || fail "dump medium"
grep -qx 'rob_entries = 128' "$tmp/medium" || fail "boom-medium rob_entries"
grep -qx 'l2_kb = 512' "$tmp/medium" || fail "boom-medium l2_kb"
"$ROBIN" config --dump --preset inorder-dual | grep -qx 'inorder = 1' || fail "inorder-dual"

# the dump is a config file; --set applies after it
"$ROBIN" config --dump --config "$tmp/medium" --set rob_entries=77 >"$tmp/again" || fail "reload"
grep -qx 'rob_entries = 77' "$tmp/again" || fail "--set after --config"
grep -qx 'l2_kb = 512' "$tmp/again" || fail "--config content"

# errors name the key, the value or the file and line
out=$("$ROBIN" config --dump --set rob_entriez=4 2>&1) && fail "unknown key accepted"
echo "$out" | grep -q "rob_entriez" || fail "unknown key not named: $out"
out=$("$ROBIN" config --dump --set dram_gbps=fast 2>&1) && fail "bad value accepted"
echo "$out" | grep -q "dram_gbps" || fail "bad value not named: $out"
printf 'rob_entries = 64\nbogus_key = 1\n' >"$tmp/bad.cfg"
out=$("$ROBIN" config --dump --config "$tmp/bad.cfg" 2>&1) && fail "bad file accepted"
echo "$out" | grep -q "bad.cfg:2:.*bogus_key" || fail "bad file line not named: $out"
out=$("$ROBIN" config --dump --preset nosuch 2>&1) && fail "bad preset accepted"
echo "$out" | grep -q "nosuch" || fail "bad preset not named: $out"
exit 0
