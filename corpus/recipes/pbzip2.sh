# pbzip2: parallel bzip2 (C++, pthreads): the input is cut into 900 kB blocks compressed by
# worker threads and written in order. Its Makefile's flags, compiled by hand; libbz2.a is
# built from the pinned bzip2 package in a copy of its tree. Multi-threaded: no native twin.
build_rv() {
  cp -a "$(corpus_source bzip2)" bz2
  make -C bz2 -j"$JOBS" CC="$CC" AR="$AR" RANLIB="$RANLIB" \
    CFLAGS="$CFLAGS -D_FILE_OFFSET_BITS=64" libbz2.a
  $CXX $CXXFLAGS -pthread -D_POSIX_PTHREAD_SEMANTICS -D_LARGEFILE64_SOURCE \
    -D_FILE_OFFSET_BITS=64 -DUSE_STACKSIZE_CUSTOMIZATION -Ibz2 \
    pbzip2.cpp BZ2StreamScanner.cpp ErrorContext.cpp -o "$BIN/pbzip2" $LDFLAGS bz2/libbz2.a -lpthread
}
# pbzip2 -c -p4 -b2: four compressing threads, the file cut into 200 kB blocks (12 of them at
# default size; the small input is one block, which pbzip2 compresses without its workers).
inputs() {
  case $1 in small) gen text 30000 pbzip2.txt ;; *) gen text 2400000 pbzip2.txt ;; esac
}
