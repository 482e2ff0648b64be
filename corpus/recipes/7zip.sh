# 7zip: 7-Zip's command-line archiver 7zz (C++; Debian's build of CPP/7zip/Bundles/Alone2 with
# cmpl_gcc.mak, RAR support left out as Debian does), linked statically, no assembler (the
# makefiles use none unless asked); the warnings stay but not -Werror. Multi-threaded: no
# native twin.
build_rv() {
  make -C CPP/7zip/Bundles/Alone2 -f ../../cmpl_gcc.mak -j"$JOBS" CC="$CC" CXX="$CXX" \
    DISABLE_RAR=1 DEB_7Z_CFLAGS="$CFLAGS" DEB_7Z_CXXFLAGS="$CXXFLAGS" DEB_7Z_LDFLAGS="$LDFLAGS" \
    CFLAGS_WARN_WALL=-Wall
  cp CPP/7zip/Bundles/Alone2/b/g/7zz "$BIN/7zz"
}
# 7zz a -tbzip2 -mx5 -md300k -mmt4 -so -an: 7-Zip's own bzip2 encoder (C++, not libbz2), four
# threads compressing 300 kB blocks, the .bz2 stream written in order to stdout (-an: no archive
# name, every argument is a file to add). About 1.6 MB is six blocks at the default size.
inputs() {
  case $1 in small) gen binary 25000 7zz.bin ;; *) gen binary 1600000 7zz.bin ;; esac
}
