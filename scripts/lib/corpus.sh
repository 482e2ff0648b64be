# corpus.sh — shell helpers for the scripts that run the corpus (bench/corpus_*.sh, tests/e2e):
# the rows of corpus/manifest.tsv and a program's command line as an array. Source it;
# $ROBIN_ROOT must be the repository. Commands run from $CORPUS_RUN (build/corpus for the
# default inputs, build/corpus/small for the small ones) with an empty environment, as the suite.

CORPUS_MANIFEST=$ROBIN_ROOT/corpus/manifest.tsv
CORPUS_ENV=(env -i)

# corpus_names [FILTER]: manifest names in order; FILTER is a comma-separated list of names
# (empty: all), or "single" / "threaded".
corpus_names() {
	awk -F'\t' -v f="${1:-}" 'NR > 1 && !/^#/ && NF >= 5 {
		if (f == "" || (f == "single" && $4 == 1) || (f == "threaded" && $4 > 1) ||
		    index("," f ",", "," $1 ","))
			print $1 }' "$CORPUS_MANIFEST"
}

# corpus_field NAME COLUMN: one column (name domain language threads command native) of NAME's row.
corpus_field() {
	awk -F'\t' -v n="$1" -v c="$2" 'BEGIN { split("name domain language threads command native", h, " ");
		for (i in h) col[h[i]] = i }
		NR > 1 && $1 == n { print $(col[c]); exit }' "$CORPUS_MANIFEST"
}

# corpus_cmd ARRAY NAME [native]: NAME's riscv64 (or native) command line into the array ARRAY.
corpus_cmd() {
	local -n __a=$1
	local line; line=$(corpus_field "$2" "${3:-command}")
	read -ra __a <<<"$line"
}

# corpus_require DIR: DIR (build/corpus or build/corpus/small) holds the built corpus, else a
# one-line message and status 2.
corpus_require() {
	if [ ! -d "$1/bin" ] || [ ! -d "$1/inputs" ]; then
		echo "corpus: $1 has no built corpus (run \`make corpus\` first)" >&2
		return 2
	fi
}

# corpus_bench_setup NAME DEFAULT_SIZE: what every bench/corpus_*.sh starts with (run from the
# repository): ROBIN (absolute), QEMU and QEMU_SYSROOT (the dynamic programs' loader and
# libraries, robin's --sysroot default), SIZE (CORPUS_SIZE or DEFAULT_SIZE), DIR (the corpus
# directory of that size, checked), SUFFIX ("" or "_small", for output names), BENCH_OUT
# (build/bench, absolute) and tmp (removed at exit). Exits 2 after a message when something
# is missing.
corpus_bench_setup() {
	ROBIN=$(realpath "${ROBIN:-build/robin}")
	[ -x "$ROBIN" ] || { echo "bench/$1: $ROBIN not found (make build/robin)" >&2; exit 2; }
	QEMU=$(command -v "${QEMU:-qemu-riscv64}") || { echo "bench/$1: qemu-riscv64 not found" >&2; exit 2; }
	QEMU_SYSROOT=${QEMU_SYSROOT:-/usr/riscv64-linux-gnu}
	SIZE=${CORPUS_SIZE:-$2}
	case $SIZE in default|small) ;; *) echo "bench/$1: CORPUS_SIZE must be default or small" >&2; exit 2 ;; esac
	DIR=$ROBIN_ROOT/build/corpus SUFFIX=""
	[ "$SIZE" = small ] && DIR=$DIR/small SUFFIX=_small
	corpus_require "$DIR" || exit 2
	BENCH_OUT=$ROBIN_ROOT/build/bench
	mkdir -p "$BENCH_OUT"
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/robin-corpus.XXXXXX")
	trap 'rm -rf "$tmp"' EXIT
}
