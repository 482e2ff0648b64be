#!/usr/bin/env bash
# make slurm-check: a one-node Slurm cluster on localhost (Debian's slurmctld, slurmd and
# munge, private configuration, sockets and state in a temporary directory; the system's
# daemons are not touched) runs a robin simpoint campaign written with --slurm: a job array
# with one task per simulation point and a merge job depending on it. Passes when the merge
# job's estimate equals the same campaign run locally, and that estimate is within 5% of the
# full detailed run. Needs root (slurmd) and: apt-get install slurmctld slurmd slurm-client munge
set -u
cd "$(dirname "$0")/.."
ROBIN=${ROBIN:-$PWD/build/robin}
G=$PWD/build/guest/tests
for b in slurmctld slurmd munged sbatch squeue sinfo; do
	command -v $b >/dev/null || { echo "skip: $b not installed (apt-get install slurmctld slurmd slurm-client munge)"; exit 77; }
done
[ "$(id -u)" -eq 0 ] || { echo "skip: slurmd needs root"; exit 77; }
[ -x "$G/phases.static" ] || { echo "skip: make guest first"; exit 77; }
T=$(mktemp -d /tmp/robin-slurm.XXXXXX)
chmod 755 "$T"
PIDS=()
cleanup() {
	for f in "$T/slurmd.pid" "$T/slurmctld.pid" "$T/munge/munged.pid"; do
		[ -s "$f" ] && kill "$(cat "$f")" 2>/dev/null
	done
	sleep 1
	rm -rf "$T"
}
trap cleanup EXIT
host=$(hostname -s)
cpus=$(nproc)
port=$((20000 + RANDOM % 20000))
# a private munged (same key as the system's, our own socket)
mkdir -p "$T/munge"; chown munge:munge "$T/munge"
runuser -u munge -- /usr/sbin/munged --socket="$T/munge/munge.sock" --pid-file="$T/munge/munged.pid" \
	--log-file="$T/munge/munged.log" --seed-file="$T/munge/seed" --key-file=/etc/munge/munge.key --force \
	|| { echo "munged did not start"; exit 1; }
for i in $(seq 50); do [ -S "$T/munge/munge.sock" ] && break; sleep 0.1; done
mkdir -p "$T/state" "$T/spool"
cat >"$T/slurm.conf" <<CONF
ClusterName=robincheck
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$T/munge/munge.sock
CredType=cred/munge
StateSaveLocation=$T/state
SlurmdSpoolDir=$T/spool
SlurmctldPidFile=$T/slurmctld.pid
SlurmdPidFile=$T/slurmd.pid
SlurmctldLogFile=$T/slurmctld.log
SlurmdLogFile=$T/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
NodeName=$host CPUs=$cpus State=UNKNOWN
PartitionName=check Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$T/slurm.conf
slurmctld -f "$T/slurm.conf" -i || { echo "slurmctld did not start"; cat "$T/slurmctld.log"; exit 1; }
slurmd -f "$T/slurm.conf" || { echo "slurmd did not start"; cat "$T/slurmd.log"; exit 1; }
for i in $(seq 60); do
	sinfo -h -o '%t' 2>/dev/null | grep -Eq '^idle' && break
	sleep 1
done
sinfo -h -o '%t' | grep -Eq '^idle' || { echo "the node never became idle"; sinfo; tail -20 "$T/slurmctld.log" "$T/slurmd.log"; exit 1; }
echo "slurm: node $host idle ($cpus CPUs), slurmctld on port $port"

ARGS=(--interval 300000 --warmup 3000000 --maxK 8 -- "$G/phases.static" "$PWD/tests/guest/phases.c" 20)
"$ROBIN" simpoint run --dir "$T/local" --validate --stats-json "$T/local.json" "${ARGS[@]}" 2>"$T/local.err" || { cat "$T/local.err"; exit 1; }
"$ROBIN" simpoint run --slurm --dir "$T/slurm" "${ARGS[@]}" 2>"$T/slurm.err" || { cat "$T/slurm.err"; exit 1; }
for f in points.sbatch merge.sbatch submit.sh; do [ -x "$T/slurm/$f" ] || { echo "no $f"; exit 1; }; done
grep -q -- '--array=0-' "$T/slurm/points.sbatch" || { echo "no job array"; cat "$T/slurm/points.sbatch"; exit 1; }
jobs=$(sh "$T/slurm/submit.sh") || { echo "submit failed"; exit 1; }
echo "slurm: submitted $(echo $jobs | tr '\n' ' ')"
for i in $(seq 600); do
	[ -s "$T/slurm/result.json" ] && [ -z "$(squeue -h 2>/dev/null)" ] && break
	sleep 1
done
[ -s "$T/slurm/result.json" ] || { echo "no result after 600 s"; squeue; cat "$T"/slurm/slurm-*.log; tail -20 "$T/slurmctld.log"; exit 1; }
python3 - "$T/local.json" "$T/slurm/result.json" <<'PY' || exit 1
import json, sys
a, b = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
assert len(b['points']) == len(a['points']), (len(a['points']), len(b['points']))
assert abs(a['cpi_predicted'] - b['cpi_predicted']) <= 1e-9 * a['cpi_predicted'], (a['cpi_predicted'], b['cpi_predicted'])
assert a['cpi_error'] < 0.05, a['cpi_error']
print("slurm-check: %d points, chains of them as a job array of %d; CPI %.4f from Slurm = %.4f locally; full run %.4f (error %.2f%%)" %
      (len(b['points']), b['chains'], b['cpi_predicted'], a['cpi_predicted'], a['cpi_full'], 100 * a['cpi_error']))
PY
