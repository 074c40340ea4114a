#!/bin/bash
# Slurm node health check with xfer smoke: HealthCheckProgram in slurm.conf, or call it from a
# prolog. Runs the standard smoke profile (64 MiB pinned/pageable copies, the overlap schedules
# and the copy checks: a few seconds per GPU) under --timeout, and:
#   exit 0 of smoke           -> nothing
#   exit 1 (a check FAILed)   -> scontrol update nodename=<node> state=drain reason="xfer: <the FAIL line>"
#   exit 3 (no usable GPU)    -> drain, reason "xfer: CUDA is not usable here: ..."
#   exit 4 (timed out)        -> drain, reason "xfer: timed out ..." (a hung GPU is as bad as a slow one)
#   exit 2 (usage error)      -> never drains: the fault is this script's configuration, not the node
#   exit 5, 70                -> never drains; the line goes to stderr (Slurm logs it)
# Environment: XFER (default /opt/xfer/bin/xfer), XFER_NODE (default $SLURMD_NODENAME, else
# hostname -s), XFER_HEALTH_TIMEOUT (default 50s), XFER_SMOKE_ARGS (extra smoke options, e.g.
# "--device all --expect 'pinned.h2d >= 80%link'"), SCONTROL (default scontrol).
set -u
xfer=${XFER:-/opt/xfer/bin/xfer}
node=${XFER_NODE:-${SLURMD_NODENAME:-$(hostname -s)}}
scontrol=${SCONTROL:-scontrol}
eval "extra=(${XFER_SMOKE_ARGS:-})"

output=$("$xfer" --timeout "${XFER_HEALTH_TIMEOUT:-50s}" smoke --device all "${extra[@]}" 2>&1)
rc=$?

drain() {
  # scontrol takes the reason as one argument; keep it one line and of a length sinfo shows.
  local reason
  reason=$(printf '%s' "$1" | tr '\n"' " '" | cut -c1-240)
  echo "xfer-healthcheck: draining $node: $reason" >&2
  "$scontrol" update nodename="$node" state=drain reason="$reason"
}

case $rc in
  0) exit 0 ;;
  1) line=$(grep -m1 ': FAIL ' <<<"$output" || grep -m1 'FAIL' <<<"$output")
     drain "xfer: ${line:-smoke failed}" ;;
  3|4) line=$(grep -m1 '^xfer: ' <<<"$output")
     drain "${line:-xfer: smoke exit $rc}" ;;
  2) echo "xfer-healthcheck: not draining $node: usage error in the health check itself: $output" >&2
     exit 0 ;;
  *) echo "xfer-healthcheck: not draining $node: xfer exit $rc: $output" >&2
     exit 0 ;;
esac
