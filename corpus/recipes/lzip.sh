# lzip: LZMA compressor with the lzip container (C++). Its own small configure script takes
# CXX and flags as arguments; single-threaded.
build_rv() {
  ./configure CXX="$CXX" CXXFLAGS="$CXXFLAGS" LDFLAGS="$LDFLAGS"
  make -j"$JOBS"
  cp lzip "$BIN/lzip"
}
build_native() { build_rv; }
# lzip -c -6 on an archive-like binary mix (text, records, runs, incompressible stretches).
inputs() {
  case $1 in small) gen binary 10000 lzip.bin ;; *) gen binary 800000 lzip.bin ;; esac
}
