# suite.sh — shell helpers shared by the scripts that run the workload suite (scripts/demo.sh,
# bench/*.sh, tests/e2e): the workload list from workloads/suite.tsv, reading robin's
# --stats-json output, medians and wall-clock timing. Source it; $ROBIN_ROOT must be the repo.

# Guest programs see their environment (glibc's start-up code walks it), so every script runs
# workloads with an empty one: "${SUITE_ENV[@]}" robin run -- build/guest/workloads/NAME.static
# then gives the same dynamic instruction count on every run and every machine.
SUITE_ENV=(env -i)

# Workload names in suite order.
suite_names() {
	awk -F'\t' '!/^#/ && NF >= 2 { print $1 }' "$ROBIN_ROOT/workloads/suite.tsv"
}

# suite_class NAME: compute|flush|stall|library
suite_class() {
	awk -F'\t' -v n="$1" '!/^#/ && $1 == n { print $2 }' "$ROBIN_ROOT/workloads/suite.tsv"
}

# suite_json_num FILE KEY: the number stored under "KEY" in a flat JSON object, or empty.
suite_json_num() {
	sed -n "s/.*\"$2\"[[:space:]]*:[[:space:]]*\(-\{0,1\}[0-9][0-9.eE+-]*\).*/\1/p" "$1" | head -n1
}

# suite_median NUMBER...: the median (the mean of the middle two for an even count).
suite_median() {
	printf '%s\n' "$@" | LC_ALL=C sort -g | awk '{ v[NR] = $1 }
		END { if (NR == 0) exit 1; m = int((NR + 1) / 2)
		      printf "%.6f\n", NR % 2 ? v[m] : (v[m] + v[m + 1]) / 2 }'
}

# suite_now_ns: monotonic-enough wall clock in nanoseconds.
suite_now_ns() {
	date +%s%N
}

# suite_verdict OUTPUT_FILE RC: "ok" when the workload exited 0 and its closing line says ok
# (or unchecked at a non-default size), else a short reason.
suite_verdict() {
	local line; line=$(grep -E ' checksum 0x[0-9a-f]+ ' "$1" | tail -n1)
	if [ "$2" -ne 0 ]; then
		echo "exit $2"
	elif [[ $line == *" ok" || $line == *" unchecked" ]]; then
		echo ok
	elif [ -z "$line" ]; then
		echo "no checksum"
	else
		echo "${line##* }"
	fi
}

# suite_json_array ROW...: the rows (JSON objects) as the body of a JSON array, one per line,
# indented, separated by commas.
suite_json_array() {
	local i
	for ((i = 1; i <= $#; i++)); do
		printf '    %s%s\n' "${!i}" "$([ $i -lt $# ] && echo ,)"
	done
}
