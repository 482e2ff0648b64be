# duktape: the Duktape embeddable JavaScript engine (C), its `duk` command-line tool, built as
# Debian does with the source tree's Makefile.cmdline: src/duktape.c (the single-file engine)
# plus examples/cmdline and the print/console/logging/module extras. That Makefile puts its own
# -Os after $CFLAGS, so duk is optimised for size, as Debian's is.
build_rv() {
  make -f Makefile.cmdline CC="$CC" CFLAGS="$CFLAGS" LDFLAGS="$LDFLAGS"
  cp duk "$BIN/duk"
}
build_native() { build_rv; }
# Its own workload (corpus/inputs/duk.js; @N@, in thousandths, scales every part): a parser and
# evaluator, prototype inheritance, typed arrays, exceptions, base64, JSON, sorting, UTC dates.
# Duktape compiles the script in about 13 M instructions, so the small input is mostly that.
inputs() {
  case $1 in small) gen template 1 duk.js duk.js ;; *) gen template 400 duk.js duk.js ;; esac
}
