# libzstd: the zstd command-line compressor (C), built with upstream's programs/Makefile from
# the library sources, multithreaded (ZSTD_MULTITHREAD, pthreads) and without the zlib, lzma
# and lz4 formats. One binary serves zstd (--single-thread) and zstd-mt (-T4: four workers
# compress jobs of the input in parallel; the frame is the same whatever the thread count).
build_rv() {
  make -C programs -j"$JOBS" zstd-release HAVE_ZLIB=0 HAVE_LZMA=0 HAVE_LZ4=0 HAVE_THREAD=1
  cp programs/zstd "$BIN/zstd"
}
build_native() { build_rv; }
# zstd -19 (btultra2) over text, no worker thread; zstd-mt -6 over web-server logs in 512 KiB
# jobs (-B, zstd's smallest): 9 jobs by default; the small input is below one job, and zstd
# then compresses it without workers. --no-asyncio (in both commands): no reader and writer
# threads besides the workers.
inputs() {
  case $1 in
    small) gen text 8000 zstd.txt; gen log 80000 zstd-mt.log ;;
    *) gen text 330000 zstd.txt; gen log 4200000 zstd-mt.log ;;
  esac
}
