# xz-utils: the xz compressor (LZMA2, C) over liblzma, built with its autotools configure
# (static liblzma, POSIX threads; no NLS, docs, scripts or the small tools). One binary serves
# xz (one thread) and xz-mt (-T4: four blocks compressed in parallel; the threaded output is
# deterministic for a given block size, whatever the number of threads).
build_rv() {
  ./configure --host="$HOST" --disable-shared --enable-static --disable-nls --disable-doc \
    --disable-scripts --disable-xzdec --disable-lzmadec --disable-lzmainfo --disable-lzma-links \
    --enable-threads=posix >/dev/null
  # libtool takes -all-static (its own -static keeps libc dynamic).
  make -j"$JOBS" -C src/liblzma
  make -j"$JOBS" -C src/xz LDFLAGS=-all-static
  cp src/xz/xz "$BIN/xz"
}
build_native() { build_rv; }
# xz -6 over text (single thread); xz-mt over the binary mix, four 1 MiB-or-so blocks and more.
inputs() {
  case $1 in
    small) gen text 60000 xz.txt; gen binary 200000 xz-mt.bin ;;
    *) gen text 3000000 xz.txt; gen binary 12000000 xz-mt.bin ;;
  esac
}
