# lame: the LAME MP3 encoder (C). Autotools, static frontend and libmp3lame, no mpg123 decoder
# (input is WAV), no termcap, no GTK. Both targets get riscv64's configuration: configure turns
# on SSE routines and two x86-only float shortcuts (TAKEHIRO_IEEE754_HACK, USE_FAST_LOG) for
# x86-64; the native build drops them so the twin runs the same C code.
lame_build() {
  ./configure --host="$HOST" --disable-shared --enable-static --disable-decoder \
    --disable-gtktest --disable-analyzer-hooks --disable-rpath --with-fileio=lame \
    ac_cv_header_xmmintrin_h=no ac_cv_lib_termcap_initscr=no ac_cv_lib_curses_initscr=no \
    ac_cv_lib_ncurses_initscr=no
  sed -i '/define TAKEHIRO_IEEE754_HACK\|define USE_FAST_LOG/d' config.h
  make -C mpglib -j"$JOBS"
  make -C libmp3lame -j"$JOBS"
  make -C frontend -j"$JOBS" lame LDFLAGS=-all-static
  cp frontend/lame "$BIN/lame"
}
build_rv() { lame_build; }
build_native() { lame_build; }
# lame --quiet -q 2 (high-quality psychoacoustics, 128 kbit/s CBR) on generated 16-bit stereo
# 44.1 kHz audio, MP3 to stdout. Small: 2205 frames (50 ms).
inputs() {
  case $1 in
    small) gen wavframes 2205 lame.wav ;;
    *) gen wav 3 lame.wav ;;
  esac
}
