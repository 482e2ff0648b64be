#!/usr/bin/env bash
# 256: robin simpoint run --slurm writes a job array with one task per chain of points (336), a
# merge job and
# submit.sh chaining them with --dependency=afterok; running each array task's command by hand
# (as Slurm would, with SLURM_ARRAY_TASK_ID) and then the merge job's gives the same estimate as
# the campaign run locally, the tasks started from / (the script goes to the directory the
# campaign ran in). (make slurm-check runs the scripts on a real one-node cluster.)
# The local campaign saves no checkpoint: its points fork from one run of the program, and
# each point's result is the one restored from the Slurm campaign's checkpoint, cycle for
# cycle (phases reads a file every round: a point's reads must not move the run it forked
# from); `robin simpoint point` without a checkpoint runs the program to the point.
set -u
. "$ROBIN_ROOT/tests/e2e/lib/guest.sh"
need_guest phases
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
ARGS=(--interval 300000 --warmup 1000000 --maxK 5 -- "$G/phases.static" "$PHASES_IN" 12)
"$ROBIN" simpoint run --dir "$T/local" --jobs 2 --stats-json "$T/local.json" "${ARGS[@]}" 2>"$T/err" || { cat "$T/err"; exit 1; }
ls "$T"/local/*.ckpt >/dev/null 2>&1 && { echo "a local campaign saved checkpoints"; exit 1; }
"$ROBIN" simpoint run --slurm --dir "$T/s" "${ARGS[@]}" 2>"$T/err" || { cat "$T/err"; exit 1; }
grep -q 'submit.sh' "$T/err" || { cat "$T/err"; exit 1; }
n=$(grep -c '^P ' "$T/s/campaign.txt")
[ "$n" -ge 2 ] || { echo "only $n points"; exit 1; }
nc=$(sed -n 's/^#SBATCH --array=0-\([0-9]*\)$/\1/p' "$T/s/points.sbatch")
[ -n "$nc" ] && [ "$nc" -lt "$n" ] || { echo "not one task per chain of $n points"; cat "$T/s/points.sbatch"; exit 1; }
nc=$((nc + 1))
grep -q "simpoint chain " "$T/s/points.sbatch" || { cat "$T/s/points.sbatch"; exit 1; }
# a chain that starts at the program's beginning runs its command line, whose relative paths
# are from the directory the campaign ran in: the task goes there first
grep -qxF "cd '$PWD' || exit 1" "$T/s/points.sbatch" || { echo "points.sbatch does not go to $PWD:"; cat "$T/s/points.sbatch"; exit 1; }
grep -q 'dependency=afterok:' "$T/s/submit.sh" || { cat "$T/s/submit.sh"; exit 1; }
ls "$T"/s/point-*.txt >/dev/null 2>&1 && { echo "--slurm ran points locally"; exit 1; }
for ((i = 0; i < nc; i++)); do
	# from another directory, as a node may start it: the script goes to the campaign's own
	# (the program's input is a relative path)
	(cd / && SLURM_ARRAY_TASK_ID=$i sh "$T/s/points.sbatch") 2>"$T/perr" || { echo "task $i failed"; cat "$T/perr"; exit 1; }
done
sh "$T/s/merge.sbatch" 2>"$T/merr" || { cat "$T/merr"; exit 1; }
python3 - "$T/local.json" "$T/s/result.json" <<'PY' || exit 1
import json, sys
a, b = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
assert [p['interval'] for p in a['points']] == [p['interval'] for p in b['points']]
assert a['cpi_predicted'] == b['cpi_predicted'], (a['cpi_predicted'], b['cpi_predicted'])
print("ok: %d points, CPI %.4f both ways" % (len(b['points']), b['cpi_predicted']))
PY
for ((i = 0; i < n; i++)); do
	cmp <(grep -v _seconds "$T/local/point-$i.txt") <(grep -v _seconds "$T/s/point-$i.txt") ||
		{ echo "point $i: forked and restored results differ"; diff "$T/local/point-$i.txt" "$T/s/point-$i.txt"; exit 1; }
done
cp "$T/local/point-1.txt" "$T/p1"
"$ROBIN" simpoint point "$T/local" 1 2>"$T/perr" || { cat "$T/perr"; exit 1; }
cmp <(grep -v _seconds "$T/p1") <(grep -v _seconds "$T/local/point-1.txt") ||
	{ echo "point 1 run again from the program's start differs"; exit 1; }
# a local campaign in a directory an earlier --slurm campaign left checkpoints in: its points
# do not take them for their state (they are removed under the points' names)
"$ROBIN" simpoint run --dir "$T/s" --no-profile --interval 300000 --warmup 1000000 --maxK 5 -- \
	"$G/phases.static" "$PHASES_IN" 6 2>"$T/err" || { cat "$T/err"; exit 1; }
while read -r tag idx iv cl w start len warm; do
	[ "$tag" = P ] || continue
	[ -e "$T/s/insn-$((start - warm)).ckpt" ] && { echo "point $idx: a stale checkpoint remains"; exit 1; }
done <"$T/s/campaign.txt"
exit 0
