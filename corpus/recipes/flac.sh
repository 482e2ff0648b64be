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
# wav_cut SRC DST FRAMES: the first FRAMES stereo frames of the WAV SRC as a WAV of its own
# (the `wav` kind counts whole seconds, and one second is already more than a small run).
wav_cut() {
  local n=$(($3 * 4)) stamp want
  stamp=$IN/.$2.params want="cut $3 of $(cat "$IN/.$1.params")"
  [ -f "$IN/$2" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ] && return 0
  le32() { printf "$(printf '\\%03o' $(($1 & 255)) $(($1 >> 8 & 255)) $(($1 >> 16 & 255)) $(($1 >> 24)))"; }
  { printf RIFF; le32 $((36 + n)); head -c 40 "$IN/$1" | tail -c 32; le32 $n
    head -c $((44 + n)) "$IN/$1" | tail -c $n; } > "$IN/$2"
  echo "$want" > "$stamp"
}
inputs() {
  case $1 in
    small) gen wav 1 flac-1s.wav; wav_cut flac-1s.wav flac.wav 5292 ;;
    *) gen wav 10 flac.wav ;;
  esac
}
