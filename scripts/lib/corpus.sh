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
