# gzip: GNU gzip, DEFLATE compression (C). Autotools with gnulib, cross-configured with --host;
# only lib/ (gnulib) and the gzip program are built. Debian patches configure.ac (no -Werror):
# the generated files are touched so make does not rerun autoconf/automake.
build_rv() {
  touch aclocal.m4; touch configure; touch lib/config.hin; find . -name Makefile.in -exec touch {} +
  ./configure --host="$HOST" --disable-dependency-tracking --disable-threads \
    CC="$CC" CFLAGS="$CFLAGS" LDFLAGS="$LDFLAGS"
  make -C lib -j"$JOBS"
  make version.c version.h
  make -j"$JOBS" gzip
  cp gzip "$BIN/gzip"
}
build_native() { build_rv; }
# Compressed with -9 -n (-n: no file name or time stamp in the header, so the output does not
# depend on the input file's mtime): English-like text, and an archive-like binary mix.
inputs() {
  case $1 in
    small) gen text 15000 gzip.txt; gen binary 15000 gzip.bin ;;
    *) gen text 1200000 gzip.txt; gen binary 1200000 gzip.bin ;;
  esac
}
