#!/bin/bash
# A real single-node Slurm cluster (Debian's slurmctld, slurmd, munge, started here without
# systemd) runs xfer-fleet.sbatch and xfer-healthcheck.sh with the xfer given:
#
#   scripts/slurm/test-slurm.sh XFER_BINARY
#
# Checks: the node's document appears and `xfer fleet` reads it (on a machine without a GPU,
# smoke exits 3 and its document says so: fleet fails the node by name); the health check does
# not drain on its own usage error, drains the node after a second run with a reason of at most
# the 20 characters `sinfo -R` shows, keeps both runs' documents, and drains a node whose
# document is incomplete (NO RESULT); on exit 6 (measured while disturbed) it measures again, does
# not drain when the disturbance is gone (6 then 0), and drains naming the evidence when it
# persists (6 then 6: "pid 4711 (python)"); the node is resumed and the daemons this script
# started are stopped.
# Installs the packages with apt when missing and run as root. Exit 77: cannot run here (not
# root, no packages) outside CI; in CI (CI=true) that is a failure instead.
set -u
xfer=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)

cannot() {
  echo "test-slurm: cannot run: $*" >&2
  if [ "${CI:-}" = true ]; then exit 1; fi
  exit 77
}
fail() { echo "test-slurm: FAIL: $*" >&2; exit 1; }

if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v munged >/dev/null \
   || ! command -v sbatch >/dev/null; then
  [ "$(id -u)" = 0 ] || cannot "slurmctld, slurmd, munge missing and not root to install them"
  export DEBIAN_FRONTEND=noninteractive
  apt-get -o DPkg::Lock::Timeout=900 install -y --no-install-recommends slurmctld slurmd slurm-client munge >/dev/null \
    || { apt-get -o DPkg::Lock::Timeout=900 update >/dev/null && \
         apt-get -o DPkg::Lock::Timeout=900 install -y --no-install-recommends slurmctld slurmd slurm-client munge >/dev/null; } \
    || cannot "apt-get install slurmctld slurmd slurm-client munge failed"
fi
[ "$(id -u)" = 0 ] || cannot "the Slurm daemons need root here"

work=$(mktemp -d /tmp/xfer-slurm.XXXXXX)
chmod 755 "$work"
node=$(hostname -s)
started_pids=()
cleanup() {
  for pid in "${started_pids[@]}"; do kill "$pid" 2>/dev/null; done
  for pidfile in "$work/slurmd.pid" "$work/slurmctld.pid" "$work/munged.pid"; do
    [ -s "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null
  done
  sleep 1
}
trap cleanup EXIT

# munge: our own key and socket, so nothing already on the machine is touched.
mkdir -p "$work/munge"
dd if=/dev/urandom of="$work/munge/munge.key" bs=1024 count=1 status=none
chmod 700 "$work/munge"; chmod 400 "$work/munge/munge.key"
socket="$work/munge/munge.socket"
/usr/sbin/munged --force --key-file="$work/munge/munge.key" --socket="$socket" \
  --pid-file="$work/munged.pid" --log-file="$work/munged.log" --seed-file="$work/munge/seed" \
  || cannot "munged did not start: $(cat "$work/munged.log" 2>/dev/null)"

port=$((16000 + RANDOM % 2000))
cat > "$work/slurm.conf" <<CONF
ClusterName=xfertest
SlurmctldHost=$node(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$socket
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SwitchType=switch/none
MpiDefault=none
SelectType=select/linear
ReturnToService=2
SlurmctldPort=$port
SlurmdPort=$((port + 1))
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
NodeName=$node NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=debug Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF
mkdir -p "$work/state" "$work/spool"
export SLURM_CONF="$work/slurm.conf"

slurmctld -c -f "$SLURM_CONF" || cannot "slurmctld did not start: $(tail -5 "$work/slurmctld.log")"
slurmd -f "$SLURM_CONF" || cannot "slurmd did not start: $(tail -5 "$work/slurmd.log")"

state() { sinfo -h -n "$node" -o %T 2>/dev/null | head -1; }
for _ in $(seq 60); do
  [ "$(state)" = idle ] && break
  sleep 1
done
[ "$(state)" = idle ] || cannot "the node never became idle (state '$(state)'): $(tail -5 "$work/slurmd.log")"
echo "test-slurm: Slurm $(sinfo --version) up, node $node idle"

# 1. The sbatch script: one document per node, then fleet over them.
results="$work/results"
job=$(cd "$work" && XFER="$xfer" XFER_FLEET_DIR="$results" sbatch --parsable --wait --export=ALL "$here/xfer-fleet.sbatch")
job_rc=$?
out="$work/xfer-fleet-$job.out"
echo "--- job $job (exit $job_rc): $out"; cat "$out"
[ -s "$results/$node.json" ] || fail "no document $results/$node.json"
grep -q '"command": "smoke"' "$results/$node.json" || fail "not a smoke document: $(cat "$results/$node.json")"
if grep -q '"unusable"' "$results/$node.json"; then
  # No GPU here: fleet reads the node's document and fails the node by name, exit 1.
  grep -q "^node .*: FAIL .*no usable GPU" "$out" || fail "fleet did not fail the GPU-less node"
  [ "$job_rc" = 1 ] || fail "job exit $job_rc, expected fleet's 1"
else
  grep -q "^fleet: " "$out" || fail "no fleet verdict"
fi
[ -s "$results/fleet.xml" ] || fail "fleet wrote no JUnit report"

# 2. The health check never drains on its own usage error.
XFER="$xfer" XFER_NODE="$node" XFER_SMOKE_ARGS="--no-such-option" "$here/xfer-healthcheck.sh" \
  || fail "health check exit $? on a usage error"
[ "$(state)" = idle ] || fail "node $(state) after a usage error, expected idle"

# 3. A real run: on FAIL or no usable GPU, measured twice, then drained with the fact first.
health_dir="$work/health"
XFER="$xfer" XFER_NODE="$node" XFER_HEALTH_DIR="$health_dir" "$here/xfer-healthcheck.sh"
reason=$(sinfo -R -h -n "$node" -o %E)
echo "--- sinfo -R: $reason"
smoke_rc=0; "$xfer" smoke --quick >/dev/null 2>&1 || smoke_rc=$?
resume() {
  scontrol update nodename="$node" state=resume || fail "could not resume $node"
  for _ in $(seq 20); do [ "$(state)" = idle ] && break; sleep 1; done
  [ "$(state)" = idle ] || fail "node $(state) after resume"
}
if [ "$smoke_rc" = 0 ]; then
  [ -z "$reason" ] || fail "a passing node was drained: $reason"
else
  [ -n "$reason" ] || fail "node not drained (smoke exit $smoke_rc)"
  [ "${#reason}" -le 20 ] || fail "reason longer than sinfo -R shows: '$reason'"
  case "$(state)" in drain*|drained) ;; *) fail "node state $(state), expected drained";; esac
  [ -s "$health_dir/$node.first.json" ] && [ -s "$health_dir/$node.again.json" ] \
    || fail "the two runs' documents are not both in $health_dir"
  resume
fi

# 4. NO RESULT drains too: an xfer whose run ends with exit 0 but an incomplete document (an
# interrupted run) is no PASS. The fake stands in for xfer only; Slurm, scontrol and the script are real.
fake="$work/xfer-incomplete"
cat > "$fake" <<'FAKE'
#!/bin/bash
while [ $# -gt 0 ]; do [ "$1" = --output ] && out=$2; shift; done
echo '{"schemaVersion": 3, "command": "smoke", "complete": false, "devices": [], "passed": true}' > "$out"
echo "smoke: PASS"
FAKE
chmod +x "$fake"
XFER="$fake" XFER_NODE="$node" XFER_HEALTH_DIR="$health_dir" "$here/xfer-healthcheck.sh"
reason=$(sinfo -R -h -n "$node" -o %E)
echo "--- sinfo -R: $reason"
[ "$reason" = "NO RESULT incomplete" ] || fail "an incomplete document did not drain the node as NO RESULT: '$reason'"
case "$(state)" in drain*|drained) ;; *) fail "node state $(state) after NO RESULT, expected drained";; esac
resume

# 5. Exit 6, measured while disturbed: a fake xfer plays 6 then 0, then 6 then 6, writing the
# documents smoke would (the disturbances on the device entry). Gone on the re-measure: no drain.
# Persisting: drained, the reason naming the foreign process the document records.
fake="$work/xfer-disturbed"
cat > "$fake" <<'FAKE'
#!/bin/bash
here=$(dirname "$0")
echo x >> "$here/disturbed-calls"
n=$(wc -l < "$here/disturbed-calls")
while [ $# -gt 0 ]; do [ "$1" = --output ] && out=$2; shift; done
outcome=$(sed -n "${n}p" "$here/disturbed-outcomes")
if [ "$outcome" = 0 ]; then
  echo '{"schemaVersion": 1, "command": "smoke", "devices": [{"context": {}}], "passed": true}' > "$out"
  echo "smoke: PASS"; exit 0
fi
cat > "$out" <<'DOC'
{
  "schemaVersion": 1,
  "command": "smoke",
  "devices": [
    {
      "context": {},
      "disturbances": [
        {
          "kind": "foreign-process",
          "detail": "pid 4711 (python) holds a context on GPU 3",
          "evidence": {"pid": 4711, "name": "python"}
        }
      ]
    }
  ],
  "passed": false
}
DOC
echo "smoke: DISTURBED (a check failed on a disturbed GPU: nothing judged, re-run)"; exit 6
FAKE
chmod +x "$fake"
rm -f "$work/disturbed-calls"; printf '6\n0\n' > "$work/disturbed-outcomes"
XFER="$fake" XFER_NODE="$node" XFER_HEALTH_DIR="$health_dir" "$here/xfer-healthcheck.sh"
[ "$(wc -l < "$work/disturbed-calls")" = 2 ] || fail "exit 6 was not measured again ($(wc -l < "$work/disturbed-calls") runs)"
reason=$(sinfo -R -h -n "$node" -o %E)
[ -z "$reason" ] || fail "a disturbance gone on the re-measure drained the node: '$reason'"
[ "$(state)" = idle ] || fail "node $(state) after 6 then 0, expected idle"
rm -f "$work/disturbed-calls"; printf '6\n6\n' > "$work/disturbed-outcomes"
XFER="$fake" XFER_NODE="$node" XFER_HEALTH_DIR="$health_dir" "$here/xfer-healthcheck.sh"
reason=$(sinfo -R -h -n "$node" -o %E)
echo "--- sinfo -R: $reason"
[ "$reason" = "pid 4711 (python)" ] || fail "a persisting disturbance did not drain naming the evidence: '$reason'"
case "$(state)" in drain*|drained) ;; *) fail "node state $(state) after 6 then 6, expected drained";; esac
resume
echo "test-slurm: PASS"
