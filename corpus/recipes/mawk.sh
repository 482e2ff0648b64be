# mawk: Mike Brennan's awk, Debian's 1.3.4 (C). Autotools cross-build (makescan, a helper run at
# build time, is compiled with the build machine's cc); the shipped parse.c is used, no yacc.
mawk_build() {
  BUILD_CC=gcc ./configure --host="$HOST" >/dev/null
  make -j"$JOBS" mawk
  cp mawk "$BIN/mawk"
}
build_rv() { mawk_build; }
build_native() { mawk_build; }
# corpus/inputs/mawk.awk over a csv: group-by sums and counts in associative arrays, split,
# substr, sprintf, gsub, match, and its own merge sort for deterministic ordered reports
# (the csv's row count is the scale; @N@ times 10 is the length of the top lists).
inputs() {
  gen template 1 mawk.awk mawk.awk
  case $1 in small) gen csv 200 mawk.csv ;; *) gen csv 30000 mawk.csv ;; esac
}
