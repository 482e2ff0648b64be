# sqlite3: the SQLite 3.40.1 command-line shell (C), with the library's amalgamation compiled in.
# Autotools cross-build: lemon, mkkeywordhash and mksourceid are built with the build machine's
# gcc (CROSS_BUILDING=yes, a Debian patch to the Makefile), and tclsh generates sqlite3.c and
# shell.c (the `tcl` package); no Tcl extension, readline or shared library. libtool links the
# shell with -all-static.
sqlite_build() {
  BUILD_CC=gcc ./configure --host="$HOST" --disable-tcl --disable-readline --disable-editline \
    --disable-shared >/dev/null
  make -j"$JOBS" sqlite3 CROSS_BUILDING=yes LTLINK_EXTRAS=-all-static
  cp sqlite3 "$BIN/sqlite3"
}
build_rv() { sqlite_build; }
build_native() { sqlite_build; }
# corpus/inputs/sqlite3.sql: a speedtest1-like script on an in-memory database (inserts in
# transactions, indexed and unindexed lookups, LIKE, ORDER BY, GROUP BY, joins, subqueries,
# updates, deletes, REPLACE, window functions, recursive CTEs); @N@ rows per table.
inputs() {
  case $1 in small) gen template 100 sqlite3.sql sqlite3.sql ;; *) gen template 5000 sqlite3.sql sqlite3.sql ;; esac
}
