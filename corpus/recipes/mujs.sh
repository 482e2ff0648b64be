# mujs: MuJS, Artifex's small ES5 JavaScript interpreter (C). Upstream's `make` builds the
# library from one.c (every js*.c, regexp.c, utf.c included into one unit) plus the shell
# main.c; here the two are compiled directly, without readline (the shell reads no terminal).
build_rv() {
  $CC $CFLAGS -std=c99 -o "$BIN/mujs" one.c main.c $LDFLAGS -lm
}
build_native() { build_rv; }
# An ES5 workload (corpus/inputs/mujs.js; @N@, in hundredths, scales every part): objects as
# hash tables, strings, regexps, closures, JSON.stringify/parse, sorting, floating point.
inputs() {
  case $1 in small) gen template 1 mujs.js mujs.js ;; *) gen template 70 mujs.js mujs.js ;; esac
}
