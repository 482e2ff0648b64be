# brotli: Google's Brotli compressor's command-line tool (C), compiled directly from c/common,
# c/enc, c/dec and c/tools/brotli.c (what upstream's plain Makefile does, without cmake).
build_rv() {
  ls c/common/*.c c/enc/*.c c/dec/*.c c/tools/brotli.c | xargs -P "$JOBS" -I{} \
    sh -c '$CC $CFLAGS -Ic/include -c {} -o {}.o'
  $CC $CFLAGS $LDFLAGS -o "$BIN/brotli" c/common/*.o c/enc/*.o c/dec/*.o c/tools/*.o -lm
}
build_native() { build_rv; }
# Quality 9 (of 11) over the binary mix: text, records, logs, runs and incompressible stretches.
inputs() {
  case $1 in small) gen binary 60000 brotli.bin ;; *) gen binary 1600000 brotli.bin ;; esac
}
