# zlib: the deflate library (C); its program is minigzip, zlib's own gzip-like test tool
# (test/minigzip.c over gzwrite), built static with zlib's configure --static.
build_rv() {
  ./configure --static >/dev/null
  make -j"$JOBS" libz.a minigzip
  cp minigzip "$BIN/minigzip"
}
build_native() { build_rv; }
# Text compressed at level 9 (-c: to stdout).
inputs() {
  case $1 in small) gen text 30000 minigzip.txt ;; *) gen text 2400000 minigzip.txt ;; esac
}
