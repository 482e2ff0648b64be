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
# xz -6 over text (one thread); xz-mt -6 over the binary mix in blocks of 4000 bytes (the
# command is the same at both sizes): 4 blocks, one per thread, small; 140 blocks by default.
inputs() {
  case $1 in
    small) gen text 12000 xz.txt; gen binary 16000 xz-mt.bin ;;
    *) gen text 550000 xz.txt; gen binary 560000 xz-mt.bin ;;
  esac
}
