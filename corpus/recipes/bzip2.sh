# bzip2: Burrows-Wheeler block-sorting compressor (C). Upstream's plain Makefile builds
# libbz2.a and bzip2.o (Debian's Makefile would link the program against libbz2.so);
# bzip2 is linked here statically against libbz2.a.
build_rv() {
  make -j"$JOBS" CC="$CC" AR="$AR" RANLIB="$RANLIB" \
    CFLAGS="$CFLAGS -D_FILE_OFFSET_BITS=64" libbz2.a bzip2.o
  $CC $CFLAGS $LDFLAGS -o "$BIN/bzip2" bzip2.o libbz2.a
}
build_native() { build_rv; }
# bzip2 -c -9 (900 kB blocks) on a web-server log.
inputs() {
  case $1 in small) gen log 25000 bzip2.log ;; *) gen log 1700000 bzip2.log ;; esac
}
