# flac: the FLAC lossless audio encoder (C). Autotools, static, no Ogg, no C++ library, no
# docs or examples, and no CPU-specific intrinsics on either target (--disable-asm-optimizations:
# riscv64 has none, so x86-64 runs the same C code). Only libFLAC, the shared helpers and
# src/flac are built; libtool links the program with -all-static.
flac_build() {
  ./configure --host="$HOST" --disable-shared --enable-static --disable-ogg --disable-cpplibs \
    --disable-examples --disable-doxygen-docs --disable-asm-optimizations \
    --disable-version-from-git --disable-rpath
  make -C src/libFLAC -j"$JOBS"
  make -C src/share -j"$JOBS"
  make -C src/flac -j"$JOBS" LDFLAGS=-all-static
  cp src/flac/flac "$BIN/flac"
}
build_rv() { flac_build; }
build_native() { flac_build; }
# flac -c -s -8 (best compression: LPC order 12, several apodization windows) on generated
# 16-bit stereo 44.1 kHz audio (chords, a sweep, noise, silence), written to stdout.
inputs() {
  case $1 in
    small) gen wavframes 5292 flac.wav ;;
    *) gen wav 10 flac.wav ;;
  esac
}
