# lz4: LZ4 fast compressor (C). Upstream's Makefiles: lib/ for liblz4.a (Debian links the
# program with -llz4 too), then programs/lz4, which compiles the library sources in itself.
build_rv() {
  make -C lib -j"$JOBS" CC="$CC" AR="$AR" CFLAGS="$CFLAGS" liblz4.a
  make -C programs -j"$JOBS" CC="$CC" CFLAGS="$CFLAGS" LDFLAGS="$LDFLAGS" lz4
  cp programs/lz4 "$BIN/lz4"
}
build_native() { build_rv; }
# lz4 -c -9 (the high-compression LZ4HC coder) on English-like text.
inputs() {
  case $1 in small) gen text 25000 lz4.txt ;; *) gen text 1800000 lz4.txt ;; esac
}
