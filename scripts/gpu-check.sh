#!/usr/bin/env bash
# Runs on a GPU machine without a JDK, from a checkout that carries .device/ (made here by
# scripts/gpu-bundle.sh): unpacks the distribution and the gpu test bundle, builds the C reference
# programs with the machine's nvcc, then runs the given steps, each output kept in $OUT (or ./gpu-out).
#   scripts/gpu-check.sh STEP...    steps: info devices bandwidth sweep overlap overlap-start overlap-jit overlap-table check checktime tinyrate numa
#                                   batch batch-api pipeline-table smoke-fleet timeline plot multi fleet longrun tests staged staged-tune
#                                   staged-table contention pipes latency kernel-copy kernel-gap smoke-ten quick-times startup hugepages
#                                   openmetrics verdict names patterns peers evidence evidence-cost nvbandwidth local-gaps gates doctor
#                                   before-after runs-ten version-floor tma  (multi, fleet, patterns, peers need two GPUs at least)
# A step's commands are echoed before their output, so the log reads as a transcript.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-$root/gpu-out}
mkdir -p "$out"
work=/tmp/xfer-gpu
rm -rf "$work" && mkdir -p "$work"
tar -C "$work" -xzf "$root/.device/xfer.tar.gz"
xfer=$(ls "$work"/xfer-*/bin/xfer)
status=0

run() {
  echo "\$ $*" | sed "s|$work/xfer-[^/]*/bin/xfer|xfer|g; s|$work/ref/|benchmarks/reference/build/|g"
  "$@"
  local rc=$?
  echo "[exit $rc]"
  echo
  return $rc
}

expect_rc() {
  local want=$1; shift
  run "$@"; local rc=$?
  if [ "$rc" != "$want" ]; then echo "gpu-check: expected exit $want, got $rc" >&2; status=1; fi
}

# Runs a command like run, then prints its wall time (the process's start included).
timed() {
  local t0 t1
  t0=$(date +%s.%N)
  run "$@"; local rc=$?
  t1=$(date +%s.%N)
  echo "wall: $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }') s"; echo
  return $rc
}

# One line per smoke document: profile, GPUs at once or not, run and process times, each device's
# phases and its pinned rates with the best and worst of the host allocations.
summarize_smoke() {
  run python3 - "$@" <<'PY'
import json, sys
for f in sys.argv[1:]:
    d = json.load(open(f))
    s = d.get("seconds", {})
    print("%s: %s %s passed=%s run %.2f s, since process start %s s" % (f.split("/")[-1], d.get("profile"),
          d.get("devicesAtOnce"), d.get("passed"), s.get("run", float("nan")), s.get("sinceProcessStart")))
    for i, dev in enumerate(d.get("devices", [])):
        t = dev.get("seconds", {})
        pinned = ["%s %.2f (allocations best %.2f worst %.2f)" % (r["direction"], r["gbps"]["median"],
                  r.get("allocations", {}).get("best", float("nan")), r.get("allocations", {}).get("worst", float("nan")))
                  for r in dev["results"] if r.get("memory") == "pinned" and "gbps" in r]
        print("  device %d: %s | %s" % (i, " ".join("%s %.2f" % (k, v) for k, v in t.items()), "; ".join(pinned)))
        overlap = ["%s %.3f ms (min %.3f max %.3f) x%.2f" % (r["schedule"], r["milliseconds"]["median"], r["milliseconds"]["min"],
                   r["milliseconds"]["max"], r.get("speedup") or float("nan")) for r in dev["results"] if r.get("command") == "overlap"]
        print("            overlap: %s" % "; ".join(overlap))
PY
}

reference() {
  if [ ! -x "$work/ref/bandwidth_ref" ]; then
    "$root/scripts/build-reference.sh" "$work/ref" >/dev/null || { echo "gpu-check: reference build failed" >&2; status=1; return; }
  fi
}

step() {
  case "$1" in
    info) run nvidia-smi --query-gpu=name,driver_version,pcie.link.gen.max,pcie.link.width.current --format=csv
          run "$xfer" --version ;;
    devices) expect_rc 0 "$xfer" devices; expect_rc 0 "$xfer" devices --json
             expect_rc 3 "$xfer" devices --cudart /nonexistent/libcudart.so
             expect_rc 3 "$xfer" bandwidth --device 7 ;;
    bandwidth) expect_rc 0 "$xfer" bandwidth
               reference; run "$work/ref/bandwidth_ref" --mode bandwidth 16MiB 64MiB
               expect_rc 0 "$xfer" bandwidth --memory pinned --size 64MiB,256MiB,1GiB,4GiB
               expect_rc 0 "$xfer" bandwidth --memory all --direction h2d,d2h,d2d,bidir --size 4KiB,16MiB --iterations 10
               run "$work/ref/bandwidth_ref" --mode latency --memory pinned --latency-bytes 4096 --latency-iters 1000
               expect_rc 0 "$xfer" bandwidth --memory pinned --size 4KiB --iterations 1000 --warmup 100
               expect_rc 0 "$xfer" bandwidth --timer wall --size 16MiB
               expect_rc 5 "$xfer" bandwidth --size 200GiB --memory pinned ;;
    sweep) expect_rc 0 "$xfer" bandwidth --memory all --sizes 4KiB..4GiB --iterations 5 --warmup 2 --output "$out/sweep.txt"
           run cat "$out/sweep.txt" ;;
    overlap) reference; run "$work/ref/overlap_ref"
             expect_rc 0 "$xfer" overlap
             run "$work/ref/overlap_ref"
             expect_rc 0 "$xfer" overlap --elements 1000003 --streams 3
             expect_rc 0 "$xfer" overlap --memory pageable ;;
    overlap-start) # Issue 32: --start plain against gated, OVERLAP_START_RUNS (20) separate processes each,
                   # alternating, for overlap at async.cu's defaults and pipeline (32 batches, 2 buffers);
                   # documents in $out/overlap-start/, then fleet over each set: the spread between processes.
                   local i s d="$out/overlap-start"
                   mkdir -p "$d"
                   for i in $(seq 1 "${OVERLAP_START_RUNS:-20}"); do for s in plain gated; do
                     expect_rc 0 "$xfer" --label "$s-$i" overlap --start "$s" --json --output "$d/overlap-$s-$i.json"
                     expect_rc 0 "$xfer" --label "$s-$i" pipeline --start "$s" --batches 32 --json \
                       --output "$d/pipeline-$s-$i.json"
                   done; done
                   for s in plain gated; do
                     run "$xfer" fleet "$d"/overlap-"$s"-*.json
                     run "$xfer" fleet "$d"/pipeline-"$s"-*.json
                   done
                   # Each schedule's median across the processes, with their range and coefficient of variation.
                   run python3 - "$d" <<'PY'
import glob, json, statistics as st, sys
for cmd in ("overlap", "pipeline"):
    for start in ("plain", "gated"):
        values = {}
        for f in glob.glob("%s/%s-%s-*.json" % (sys.argv[1], cmd, start)):
            for r in json.load(open(f))["results"]:
                if isinstance(r.get("milliseconds"), dict):
                    values.setdefault(r.get("schedule", cmd), []).append(r["milliseconds"]["median"])
        for key, v in sorted(values.items()):
            m = st.median(v)
            print("%-8s %-5s %-10s n=%d median %.4f ms  min %.4f  max %.4f  range %.1f%%  cv %.1f%%"
                  % (cmd, start, key, len(v), m, min(v), max(v), (max(v) - min(v)) / m * 100, st.pstdev(v) / st.mean(v) * 100))
PY
                   ;;
    overlap-jit) reference; run "$work/ref/overlap_ref" --schedules sequential
                 expect_rc 0 "$xfer" overlap --schedules sequential --warmup 3
                 expect_rc 0 "$xfer" overlap --schedules sequential --warmup 3000
                 run "$work/ref/overlap_ref" --schedules sequential ;;
    overlap-table) local k n
                   for k in 1 10 100; do for n in 1 2 4 8 16; do
                     expect_rc 0 "$xfer" overlap --streams "$n" --kernel-iterations "$k" --iterations 10
                   done; done ;;
    check) expect_rc 0 "$xfer" check ;;
    before-after) # Issue 33 and 40: every GPU path of this build against an earlier one carried as
                  # .device/xfer-before.tar.gz (or BEFORE_TARBALL, gzip or xz: tar finds which), in the same call, the builds alternating per
                  # command and, over BEFORE_AFTER_ROUNDS rounds (1), which goes first; each result's median
                  # over the rounds from both, and their ratio; doctor's findings side by side. With
                  # BEFORE_AFTER_NEW=1 also the paths of round 5 (tma, with two GPUs tma p2p too, the
                  # read-only and write-only kernels, batch-api), which builds before it refuse. Documents: $out/before-after/.
                  local b="$out/before-after" before k name cmd r which bin rc rc1 rc2 first second
                  local rounds=${BEFORE_AFTER_ROUNDS:-1}
                  mkdir -p "$b" "$work/before" && tar -C "$work/before" -xf "${BEFORE_TARBALL:-$root/.device/xfer-before.tar.gz}"
                  before=$(ls "$work"/before/xfer-*/bin/xfer)
                  local cmds=(
                    "bw-driver:bandwidth --copy driver --memory pageable,pinned --direction h2d,d2h,bidir,d2d --size 64MiB"
                    "bw-staged:bandwidth --copy staged --memory pageable --direction h2d,d2h --size 256MiB"
                    "bw-kernel:bandwidth --copy kernel --memory pinned --direction h2d,d2h,bidir --size 512MiB"
                    "overlap:overlap" "check:check --trials 10" "batch:batch --iterations 3" "pipeline:pipeline"
                    "latency:latency" "smoke:smoke" "doctor:doctor")
                  if [ "${BEFORE_AFTER_NEW:-0}" = 1 ]; then
                    cmds+=("bw-tma:bandwidth --copy tma --memory pinned --direction h2d,d2h,d2d --size 512MiB"
                           "bw-readwrite:bandwidth --copy kernel --direction d2d-read,d2d-write --size 1GiB"
                           "bw-batch-api:bandwidth --copy batch-api --pieces 1,256 --memory pinned --size 64MiB")
                  fi
                  if [ "$(nvidia-smi -L | grep -c '^GPU ')" -ge 2 ]; then
                    cmds+=("p2p-kernel:bandwidth --device 0,1 --copy driver,kernel --direction p2p --initiation write,read --size 4KiB,1MiB,512MiB"
                           "patterns:bandwidth --device all --pattern all --copy driver --size 64MiB"
                           "concurrent:bandwidth --device all --concurrent --size 64MiB")
                    if [ "${BEFORE_AFTER_NEW:-0}" = 1 ]; then
                      # the TMA copy between GPUs (issue 42), which builds before it refuse (exit 2)
                      cmds+=("p2p-tma:bandwidth --device 0,1 --copy driver,tma --direction p2p --initiation write,read --size 4KiB,1MiB,512MiB")
                    fi
                  fi
                  for r in $(seq 1 "$rounds"); do
                    for k in "${cmds[@]}"; do
                      name=${k%%:*}; cmd=${k#*:}
                      first=before; second=after
                      if [ $((r % 2)) = 0 ]; then first=after; second=before; fi
                      for which in $first $second; do
                        if [ "$which" = before ]; then bin=$before; else bin=$xfer; fi
                        # doctor by stdout: builds before issue 40's deliverable 6 have no --output on it
                        if [ "$name" = doctor ]; then
                          # shellcheck disable=SC2086
                          "$bin" $cmd --json > "$b/$name-$which-$r.json" 2>"$b/$name-$which-$r.err"
                        else
                          # shellcheck disable=SC2086
                          "$bin" $cmd --json --output "$b/$name-$which-$r.json" > /dev/null 2>"$b/$name-$which-$r.err"
                        fi
                        # The command's own status, taken before any test replaces $? (an if's
                        # condition does: the else branch read the failed test's 1).
                        rc=$?
                        if [ "$which" = before ]; then rc1=$rc; else rc2=$rc; fi
                      done
                      echo "round $r xfer $cmd: exit before $rc1, after $rc2 ($first first)"
                    done
                  done
                  run python3 "$root/scripts/lib/before_after.py" "$b"
                  ;;
    doctor) # Issue 34: xfer doctor on a quiet machine (exit 0 expected where nothing costs bandwidth), its
            # JSON and JUnit, its wall time; then while a second xfer copies pinned memory in a loop (the
            # foreign-traffic and foreign-process findings, exit 1); then without NVML (unknowns, never a
            # finding). Documents: $out/doctor/.
            local d="$out/doctor" other
            mkdir -p "$d"
            timed "$xfer" doctor
            "$xfer" doctor --json > "$d/doctor.json"; echo "doctor --json: exit $?"
            run "$xfer" doctor --no-probe --junit "$d/doctor.xml"
            "$xfer" bandwidth --memory pinned --direction h2d,d2h --size 1GiB --iterations 4000 > /dev/null 2>&1 &
            other=$!
            sleep 4
            timed "$xfer" doctor
            "$xfer" doctor --json > "$d/doctor-shared.json"; echo "doctor --json (shared): exit $?"
            kill "$other" 2>/dev/null; wait "$other" 2>/dev/null
            XFER_NVML=/nonexistent/libnvidia-ml.so.1 run "$xfer" doctor --no-probe ;;
    gates) # Issue 32: the gates on disturbed runs. Quiet smoke runs, then one while a second xfer copies 1 GiB
           # pinned in a loop: compare and fleet print DISTURBED and exit 6, --allow-disturbed judges it;
           # then the Slurm health check (fake scontrol) takes its re-measure path on 6: a disturbance that
           # persists drains naming the evidence, a transient one does not. Documents: $out/gates/.
           local i d="$out/gates" other
           mkdir -p "$d/quiet"
           for i in 1 2 3; do expect_rc 0 "$xfer" --label "quiet-$i" smoke --quick --json --output "$d/quiet/quiet-$i.json"; done
           "$xfer" bandwidth --memory pinned --direction h2d,d2h --size 1GiB --iterations 4000 > /dev/null 2>&1 &
           other=$!
           sleep 4
           expect_rc 6 "$xfer" --label shared smoke --quick --json --output "$d/shared.json"
           expect_rc 6 "$xfer" compare --fail-on-regression 5% "$d/quiet/quiet-1.json" "$d/shared.json"
           expect_rc 0 "$xfer" compare "$d/quiet/quiet-1.json" "$d/shared.json"
           run "$xfer" compare --fail-on-regression 5% --allow-disturbed "$d/quiet/quiet-1.json" "$d/shared.json"
           expect_rc 6 "$xfer" compare --fail-on-regression 5% "$d/shared.json" "$d/quiet/quiet-2.json"
           cp "$d/shared.json" "$d/quiet/"
           expect_rc 6 "$xfer" fleet "$d/quiet"
           run "$xfer" fleet --allow-disturbed "$d/quiet"
           rm "$d/quiet/shared.json"
           echo "== health check while the other process keeps copying (persisting: drain expected)"
           printf '#!/bin/sh\necho "scontrol $*" >> %s/scontrol.log\n' "$d" > "$d/scontrol"; chmod +x "$d/scontrol"
           XFER="$xfer" XFER_NODE=gpu-node SCONTROL="$d/scontrol" XFER_HEALTH_DIR="$d/health-persist" XFER_REASON_MAX=60 \
             run "$root/scripts/slurm/xfer-healthcheck.sh"
           run cat "$d/scontrol.log"
           kill "$other" 2>/dev/null; wait "$other" 2>/dev/null
           echo "== health check with a transient disturbance (the other process ends during the first run)"
           rm -f "$d/scontrol.log"
           timeout 5 "$xfer" bandwidth --memory pinned --direction h2d,d2h --size 1GiB --iterations 4000 > /dev/null 2>&1 &
           other=$!
           sleep 2
           XFER="$xfer" XFER_NODE=gpu-node SCONTROL="$d/scontrol" XFER_HEALTH_DIR="$d/health-transient" XFER_REASON_MAX=60 \
             run "$root/scripts/slurm/xfer-healthcheck.sh"
           wait "$other" 2>/dev/null
           run cat "$d/scontrol.log"
           run ls "$d/health-persist" "$d/health-transient"
           ;;
    evidence) # Issue 32: NVML evidence. EVIDENCE_QUIET (20) quiet `smoke --quick` runs, each document's
              # disturbances counted (0 expected) and its idle windows' GB/s printed; then a smoke run while a second xfer copies 1 GiB pinned in
              # a loop (exit 6, the foreign process and the foreign link traffic named); then NVML made
              # unusable (XFER_NVML at a missing file, and at a file that is not NVML): every command still
              # runs and its evidence says unavailable. Documents: $out/evidence/.
              local i n disturbed=0 d="$out/evidence"
              mkdir -p "$d"
              for i in $(seq 1 "${EVIDENCE_QUIET:-20}"); do
                "$xfer" --label "quiet-$i" smoke --quick --json --output "$d/quiet-$i.json" > /dev/null 2>"$d/quiet-$i.err"
                echo "quiet-$i: exit $?"
              done
              run python3 - "$d" <<'PY'
import json, sys, glob
n = 0
for f in sorted(glob.glob(sys.argv[1] + "/quiet-*.json")):
    doc = json.load(open(f))
    devs = doc.get("devices") or [doc]
    ds = [x for dev in devs for x in dev.get("disturbances", [])]
    ev = [dev.get("context", {}).get("evidence") for dev in devs]
    n += 1 if ds else 0
    # the idle windows' figures (docs/evidence.md#idle-windows), judged or not
    idle = [w for e in ev if isinstance(e, dict) and isinstance(e.get("linkTraffic"), dict)
            for w in e["linkTraffic"].get("idle", [])]
    print(f.split("/")[-1], "disturbances:", [(x["kind"], x["detail"]) for x in ds] or "none",
          "| evidence:", "unavailable" if any(isinstance(e, str) for e in ev) else "read",
          "| idle windows:", [(w["ms"], w["rxGBps"], w["txGBps"]) for w in idle])
print("quiet runs marked disturbed:", n, "of", len(glob.glob(sys.argv[1] + "/quiet-*.json")))
PY
              run python3 -c "import json,sys; d=json.load(open(sys.argv[1])); dev=(d.get('devices') or [d])[0]; print(json.dumps(dev['context'].get('evidence'), indent=1)[:3000])" "$d/quiet-1.json"
              echo "\$ xfer bandwidth --memory pinned --direction h2d,d2h --size 1GiB --iterations 2000 &  # the link's other user"
              "$xfer" bandwidth --memory pinned --direction h2d,d2h --size 1GiB --iterations 2000 > /dev/null 2>&1 &
              local other=$!
              sleep 4
              expect_rc 6 "$xfer" --label shared smoke --json --output "$d/shared.json"
              expect_rc 6 "$xfer" --label shared-quick smoke --quick --json --output "$d/shared-quick.json"
              expect_rc 0 "$xfer" --label shared-bw bandwidth --memory pinned --size 64MiB --direction h2d --json --output "$d/shared-bw.json"
              kill "$other" 2>/dev/null; wait "$other" 2>/dev/null
              run python3 -c "import json,sys
for f in sys.argv[1:]:
    d=json.load(open(f)); devs=d.get('devices') or [d]
    for dev in devs:
        for x in dev.get('disturbances', []): print(f.split('/')[-1], x['kind'], '|', x['detail'])
        e=dev['context'].get('evidence'); lt=e.get('linkTraffic') if isinstance(e, dict) else e
        print(f.split('/')[-1], 'linkTraffic:', json.dumps(lt))" "$d/shared.json" "$d/shared-quick.json" "$d/shared-bw.json"
              XFER_NVML=/nonexistent/libnvidia-ml.so.1 expect_rc 0 "$xfer" bandwidth --memory pinned --size 16MiB --json --output "$d/no-nvml.json"
              XFER_NVML=/bin/true expect_rc 0 "$xfer" smoke --quick --json --output "$d/bad-nvml.json"
              run python3 -c "import json,sys
for f in sys.argv[1:]:
    d=json.load(open(f)); dev=(d.get('devices') or [d])[0]; print(f.split('/')[-1], 'evidence:', dev['context'].get('evidence'))" "$d/no-nvml.json" "$d/bad-nvml.json"
              XFER_NVML=/nonexistent/libnvidia-ml.so.1 expect_rc 0 "$xfer" overlap
              ;;
    nvbandwidth) # Builds nvbandwidth from NVB_SRC (its source, e.g. v0.8 from the project's fetch) with the Boost
                 # program_options .deb packages in NVB_DEBS (Debian's 1.74, unpacked under $work/boost, never /),
                 # into $work/nvbandwidth/nvbandwidth; later steps of the same call find it there (NVBANDWIDTH).
                 local src="${NVB_SRC:?set NVB_SRC to the nvbandwidth source folder}" debs="${NVB_DEBS:?set NVB_DEBS to a folder of .deb files}"
                 mkdir -p "$work/boost" "$work/nvbandwidth"
                 for f in "$debs"/*.deb; do dpkg -x "$f" "$work/boost"; done
                 run cmake -S "$src" -B "$work/nvbandwidth" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 \
                   -DBoost_INCLUDE_DIR="$work/boost/usr/include" -DBoost_PROGRAM_OPTIONS_LIBRARY_RELEASE="$work/boost/usr/lib/x86_64-linux-gnu/libboost_program_options.so" \
                   -DCMAKE_PREFIX_PATH="$work/boost/usr" > "$out/nvbandwidth-cmake.log" 2>&1 || { tail -20 "$out/nvbandwidth-cmake.log"; status=1; }
                 cmake --build "$work/nvbandwidth" -j 16 > "$out/nvbandwidth-build.log" 2>&1 || { tail -20 "$out/nvbandwidth-build.log"; status=1; }
                 export NVBANDWIDTH="$work/nvbandwidth/nvbandwidth"
                 export LD_LIBRARY_PATH="$work/boost/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
                 [ -x "$NVBANDWIDTH" ] && echo "nvbandwidth built: $NVBANDWIDTH"
                 ;;
    local-gaps) # Issue 42, deliverable 7: the two cases still behind nvbandwidth, in the same call, alternating
                # LOCAL_GAP_RUNS (3) times: nvbandwidth's device_local_copy beside xfer's d2d by the copy engine
                # at 512 MiB, and host_device_latency_sm beside xfer latency --target host, random and sequential.
                local nvb=${NVBANDWIDTH:-$(command -v nvbandwidth || true)} i
                for i in $(seq 1 "${LOCAL_GAP_RUNS:-3}"); do
                  [ -n "$nvb" ] && run "$nvb" -t device_local_copy host_device_latency_sm
                  run "$xfer" bandwidth --direction d2d --copy driver --size 512MiB
                  run "$xfer" latency --target host
                  run "$xfer" latency --target host --order sequential
                done
                ;;
    evidence-cost) # Issue 39: what the NVML evidence costs. EVIDENCE_COST_RUNS (10) alternating `smoke --quick`
              # runs with NVML found and hidden (XFER_NVML at a missing file): wall and GPU work medians,
              # their difference and ratio, the NVML calls the documents count; then EVIDENCE_COST_DEFAULT_RUNS (5: three a side cannot resolve 3% of bandwidth's 1.8 s)
              # alternating runs of bandwidth, overlap and smoke at their defaults. Fails past the budgets
              # (docs/evidence.md#what-it-costs). XFER_BEFORE=another xfer.tar.gz runs its smoke --quick in
              # the same alternation, for a before/after table. Documents: $out/evidence-cost/.
              local before=""
              if [ -n "${XFER_BEFORE:-}" ]; then
                mkdir -p "$work/before" && tar -C "$work/before" -xf "$XFER_BEFORE" && before=$(ls "$work"/before/xfer-*/bin/xfer)
              fi
              run nvidia-smi --query-gpu=name,driver_version,persistence_mode,pcie.link.gen.current,pcie.link.width.current --format=csv
              run python3 "$root/scripts/lib/evidence_cost.py" --out "$out/evidence-cost" --runs "${EVIDENCE_COST_RUNS:-10}" \
                --default-runs "${EVIDENCE_COST_DEFAULT_RUNS:-5}" ${before:+--before "$before"} "$xfer" || status=1
              # Where one run's time goes, each configuration's start since the process started.
              run python3 "$root/scripts/lib/progress_timeline.py" "$xfer" smoke --quick
              XFER_NVML=/nonexistent/libnvidia-ml.so.1 run python3 "$root/scripts/lib/progress_timeline.py" "$xfer" smoke --quick
              # What the JIT threw out during one run (a loop compiled for a branch it had never seen
              # taken costs its first real pass; issue 39): xfer's own methods, by reason.
              JAVA_TOOL_OPTIONS="-Xlog:deoptimization=debug:file=$out/evidence-cost/deopt.log" \
                "$xfer" smoke --quick > /dev/null 2>&1
              run python3 "$root/scripts/lib/deopt_summary.py" "$out/evidence-cost/deopt.log"
              ;;
    verdict) # issue 25: ten quiet smoke runs in separate processes, all 45 pairs compared, fleet over them
             # (0 failures and PASS expected), five against five by rank, then one run while a second
             # xfer process copies over the same link (both gates must flag it). Documents: $out/verdict/.
             local i j fails=0 d="$out/verdict"
             mkdir -p "$d"
             for i in $(seq 1 10); do expect_rc 0 "$xfer" --label="quiet-$i" smoke --json --output "$d/quiet-$i.json"; done
             for i in $(seq 1 10); do for j in $(seq $((i + 1)) 10); do
               "$xfer" compare --fail-on-regression 5% "$d/quiet-$i.json" "$d/quiet-$j.json" > "$d/compare-$i-$j.txt" 2>&1 \
                 || { fails=$((fails + 1)); echo "pair $i $j failed:"; grep -E 'REGRESSION|MISSING|CURRENT RUN' "$d/compare-$i-$j.txt"; }
             done; done
             echo "verdict: $fails of 45 pairwise compare --fail-on-regression 5% failed"
             [ "$fails" = 0 ] || status=1
             expect_rc 0 "$xfer" fleet "$d"
             expect_rc 0 "$xfer" compare --fail-on-regression 5% $(for i in 1 2 3 4 5; do echo --baseline "$d/quiet-$i.json"; done) \
               $(for i in 6 7 8 9 10; do echo --current "$d/quiet-$i.json"; done)
             "$xfer" bandwidth --memory pinned --direction h2d --size 1GiB --iterations 400 > /dev/null 2>&1 &
             local other=$!
             sleep 3
             run "$xfer" --label=shared smoke --json --output "$d/shared.json"
             kill "$other" 2>/dev/null; wait "$other" 2>/dev/null
             expect_rc 6 "$xfer" compare --fail-on-regression 5% "$d/quiet-1.json" "$d/shared.json"
             expect_rc 6 "$xfer" fleet "$d" ;;
    checktime) # check's defaults timed, with --verbose's breakdown: an earlier build first when carried as
               # .device/xfer-before.tar.gz (issue 14), then this one
               local TIMEFORMAT='wall %R s' before
               if [ -f "$root/.device/xfer-before.tar.gz" ]; then
                 mkdir -p "$work/before" && tar -C "$work/before" -xzf "$root/.device/xfer-before.tar.gz"
                 before=$(ls "$work"/before/xfer-*/bin/xfer)
                 echo "== before"; time expect_rc 0 "$before" check --verbose
               fi
               echo "== after"; time expect_rc 0 "$xfer" check --verbose
               echo "== after, the tutorial's 100 trials"; time expect_rc 0 "$xfer" check --trials 100 --verbose ;;
    tinyrate) # rates of 1- and 3-byte copies must not print as 0.00 (issue 14)
              if [ -f "$root/.device/xfer-before.tar.gz" ] && [ -d "$work/before" ]; then
                run "$(ls "$work"/before/xfer-*/bin/xfer)" bandwidth --memory pinned --size 1B,3B,4KiB --iterations 20
              fi
              expect_rc 0 "$xfer" bandwidth --memory pinned --size 1B,3B,4KiB --iterations 20
              expect_rc 0 "$xfer" bandwidth --memory pinned --size 1B,3B --iterations 20 --csv ;;
    numa) run lscpu
          run cat /sys/devices/system/node/online
          expect_rc 0 "$xfer" topo
          expect_rc 0 "$xfer" bandwidth --numa-node auto --memory pageable,pinned --size 16MiB,4GiB --iterations 10
          expect_rc 0 "$xfer" bandwidth --numa-node all --memory pinned --size 4GiB --iterations 10
          expect_rc 0 "$xfer" overlap --numa-node auto
          expect_rc 0 "$xfer" batch --numa-node all --preset small --strategies pageable-async,pinned-async,staged ;;
    batch) run timeout 120 python3 "$root/benchmarks/reference/pytorch_nonblocking.py" 3
           expect_rc 0 "$xfer" batch --preset large --iterations 3
           expect_rc 0 "$xfer" batch --preset small
           expect_rc 0 "$xfer" batch --preset large --iterations 3 --host-copy java \
             --strategies pin-then-copy-blocking,pin-then-copy-async,pin-threads,staged
           run timeout 120 python3 "$root/benchmarks/reference/pytorch_nonblocking.py" 3 ;;
    batch-api) # cudaMemcpyBatchAsync past pinned (issue 42): batch over pageable sources with each source access
               # order, with and without the prefer-overlap flag, beside the per-buffer cudaMemcpyAsync loops
               # (pageable-async, pinned-async) and staged, and PyTorch's non_blocking loop; then bandwidth's
               # batch-api path at 1 to 4096 pieces beside the driver's one copy and PyTorch's per-piece loop.
               local preset n
               local pageable=batched-pageable-stream,batched-pageable-during-api-call,batched-pageable-any
               pageable=$pageable,batched-pageable-stream-overlap,batched-pageable-during-api-call-overlap
               pageable=$pageable,batched-pageable-any-overlap
               run timeout 120 python3 "$root/benchmarks/reference/pytorch_nonblocking.py" 5
               for preset in large small; do
                 expect_rc 0 "$xfer" batch --preset "$preset" --iterations 5 \
                   --strategies pageable-async,$pageable,staged,pinned-async,batched
               done
               # the per-piece cudaMemcpyAsync loop against one call, at the bandwidth rows' piece sizes
               for n in 16 256 4096; do
                 expect_rc 0 "$xfer" batch --count "$n" --size $(( (64 << 20) / n )) --iterations 10 \
                   --strategies pinned-async,batched,pageable-async,batched-pageable-stream,batched-pageable-any
               done
               expect_rc 0 "$xfer" bandwidth --copy driver,batch-api --pieces 1,16,256,4096 --memory pinned,pageable \
                 --direction h2d,d2h --size 64MiB,1GiB --iterations 10
               expect_rc 0 "$xfer" bandwidth --copy batch-api --pieces 1,4096 --memory pinned --size 64MiB \
                 --iterations 10 --json --output "$out/batch-api.json"
               run python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print([(r["memory"], r.get("copy"), r.get("pieces"), r["direction"], r["gbps"]["median"]) for r in d["results"]])' "$out/batch-api.json"
               run timeout 300 python3 "$root/benchmarks/reference/pytorch_pieces.py" 10 64,1024 1,16,256,4096
               # usage errors before CUDA: --pieces without --copy batch-api, out of range
               expect_rc 2 "$xfer" bandwidth --pieces 16
               expect_rc 2 "$xfer" bandwidth --copy batch-api --pieces 0
               # the new GPU tests alone
               tar -C "$work" -xJf "$root/.device/gpu-tests.tar.xz"
               expect_rc 0 "$work/gpu-tests/run" --include-classname '.*(BatchedCopyOnGpu|BatchApiOnGpu|BatchOnGpu).*' ;;
    pipeline-table) local k b
                    for k in 1 10 100; do for b in 1 2 3; do
                      expect_rc 0 "$xfer" pipeline --buffers "$b" --kernel-iterations "$k" --batches 32 --iterations 3
                    done; done ;;
    multi) run nvidia-smi topo -m
           command -v nvbandwidth >/dev/null && run nvbandwidth -t host_to_all_memcpy_ce all_to_host_memcpy_ce \
             device_to_device_memcpy_read_ce device_to_device_bidirectional_memcpy_read_ce
           expect_rc 0 "$xfer" bandwidth --device all --memory pinned --size 64MiB
           expect_rc 2 "$xfer" bandwidth --device 0,0 --memory pinned --size 64MiB   # a GPU named twice
           expect_rc 2 "$xfer" bandwidth --device -1
           expect_rc 0 "$xfer" bandwidth --device all --concurrent --size 64MiB,256MiB
           expect_rc 0 "$xfer" bandwidth --device all --concurrent --timer wall --size 256MiB
           expect_rc 0 "$xfer" bandwidth --device all --direction p2p --size 64MiB,256MiB
           expect_rc 0 "$xfer" bandwidth --device 1,0 --direction h2d,d2h,p2p --memory pinned --size 16MiB --timer wall
           # the read form beside the write form (nvbandwidth's device_to_device_*_read_ce above)
           expect_rc 0 "$xfer" bandwidth --device all --direction p2p --initiation write,read --size 64MiB,256MiB
           expect_rc 0 "$xfer" bandwidth --device 1,0 --direction p2p --initiation read --size 1B,4097B --timer wall
           expect_rc 2 "$xfer" bandwidth --device all --initiation read
           expect_rc 0 "$xfer" bandwidth --device all --concurrent --size 256MiB --json --output "$out/concurrent.json" \
             --junit "$out/concurrent.xml" --expect 'pinned.h2d >= 1GB/s' --expect 'concurrent.pinned.h2d.256MiB.all >= 1GB/s'
           expect_rc 0 "$xfer" bandwidth --device all --direction p2p --size 64MiB --json --output "$out/p2p.json" \
             --expect 'p2p >= 1GB/s' --expect 'p2p-bidir >= 1GB/s'
           run python3 - "$out/concurrent.json" "$out/p2p.json" <<'PY'
import json, sys
c, p = (json.load(open(f)) for f in sys.argv[1:3])
for d in (c, p):
    assert d["schemaVersion"] == 1 and d["command"] == "bandwidth", d.keys()
    assert len(d["devices"]) >= 2 and all(x["command"] == "bandwidth" for x in d["devices"])
    assert d["failures"] == [] and all(e["passed"] for e in d["expectations"]), d["failures"]
for row in c["concurrent"]:
    gpus = row["gpus"]
    assert all(g["verified"] for g in gpus) and row["aggregateGbps"]["median"] > 0
    print(row["direction"], row["bytes"], "per GPU", [round(g["gbps"]["median"], 2) for g in gpus],
          "all", round(row["aggregateGbps"]["median"], 2), "alone sum", row["aloneGbpsSum"])
n = len(p["devices"])
assert len(p["p2p"]) == n * (n - 1)
for r in p["p2p"]:
    assert r["verified"] and r["bidirVerified"]
    print("p2p", r["src"], "->", r["dst"], "peer" if r["peerAccess"] else "via host",
          round(r["gbps"]["median"], 2), "both ways", round(r["bidirGbps"]["median"], 2))
print("multi json: ok")
PY
           [ $? = 0 ] || status=1
           expect_rc 1 "$xfer" bandwidth --device all --concurrent --size 64MiB \
             --expect 'concurrent.pinned.h2d.64MiB.all >= 100000GB/s'
           expect_rc 2 "$xfer" bandwidth --concurrent --device 0
           expect_rc 0 "$xfer" overlap --device all
           expect_rc 0 "$xfer" pipeline --device 1,0 --batches 16 --iterations 3
           expect_rc 0 "$xfer" batch --device all --preset small --csv
           expect_rc 1 "$xfer" check --device all --trials 10 --scenarios d2h-sync --expect 'check.d2h-sync.wrong.gpu1 > 0'
           local c
           for c in "overlap" "check --trials 10" "batch --preset small" "pipeline --batches 16"; do
             # shellcheck disable=SC2086 # the command and its options are words on purpose
             expect_rc 0 "$xfer" $c --device all --json --output "$work/each-${c%% *}.json"
           done
           run python3 - "$work"/each-*.json <<'PY'
import json, sys
for f in sys.argv[1:]:
    d = json.load(open(f))
    assert d["schemaVersion"] == 1 and d["parameters"]["devices"] == [0, 1], (f, d["parameters"])
    assert [x["command"] for x in d["devices"]] == [d["command"]] * 2, f
    assert [x["context"]["device"]["index"] for x in d["devices"]] == [0, 1], f
    print(d["command"], "devices", d["parameters"]["devices"], "results per device",
          [len(x["results"]) for x in d["devices"]])
print("each-device json: ok")
PY
           [ $? = 0 ] || status=1
           expect_rc 3 "$xfer" bandwidth --device 0,64 ;;
    smoke-fleet) # One GPU: smoke documents with measured results, from three runs told apart by --label,
                 # read by fleet (text, JSON, JUnit) and compare, plus the OpenMetrics file of one run.
           local f="$work/smoke-fleet" r
           mkdir -p "$f"
           for r in 1 2 3; do
             expect_rc 0 "$xfer" --label="smoke-run$r" smoke --json --output "$f/smoke-$r.json" --openmetrics "$out/smoke-$r.prom"
           done
           expect_rc 0 "$xfer" fleet "$f"
           "$xfer" fleet --json --junit "$out/smoke-fleet.xml" "$f" >"$out/smoke-fleet.json"
           echo "fleet --json: exit $? ($(wc -c <"$out/smoke-fleet.json") bytes)"
           expect_rc 0 "$xfer" compare "$f/smoke-1.json" "$f/smoke-2.json"
           run head -c 300 "$out/smoke-fleet.xml"; echo
           run grep -c '^xfer_' "$out/smoke-1.prom" ;;
    fleet) # Real documents, several runs per GPU (told apart by --label), merged by fleet; then one
           # run of GPU 0 while another xfer saturates its H2D link: a genuinely slower document.
           local g r f="$work/fleet" bg
           mkdir -p "$f"
           for r in 1 2 3; do for g in 0 1; do
             expect_rc 0 "$xfer" --label "run$r" bandwidth --device "$g" --memory pinned --direction h2d,d2h --size 256MiB \
               --iterations 20 --json --output "$f/gpu$g-run$r.json"
           done; done
           run "$xfer" --label=smoke-run smoke --device all --json --output "$f/smoke.json"
           expect_rc 0 "$xfer" fleet "$f"
           expect_rc 0 "$xfer" compare --fail-on-regression 5% "$f/gpu0-run1.json" "$f/gpu0-run2.json"
           echo "\$ xfer bandwidth --device 0 --memory pinned --direction h2d --size 1GiB --iterations 400 &  # the link's other user"
           "$xfer" bandwidth --device 0 --memory pinned --direction h2d --size 1GiB --iterations 400 >/dev/null 2>&1 &
           bg=$!
           sleep 3
           expect_rc 0 "$xfer" --label shared bandwidth --device 0 --memory pinned --direction h2d,d2h --size 256MiB \
             --iterations 20 --json --output "$f/gpu0-shared.json" --openmetrics "$out/shared.prom"
           kill "$bg" 2>/dev/null; wait "$bg" 2>/dev/null
           expect_rc 1 "$xfer" fleet --junit "$out/fleet.xml" "$f"
           expect_rc 1 "$xfer" compare --fail-on-regression 5% "$f/gpu0-run1.json" "$f/gpu0-shared.json"
           run head -12 "$out/shared.prom" ;;
    longrun) # Long runs (docs/long-runs.md): Ctrl-C, SIGTERM and --timeout keep what was measured;
             # CSV and JSON Lines rows arrive as they are measured (each line stamped on arrival).
             local lr="$work/longrun"
             mkdir -p "$lr"
             expect_rc 130 timeout --preserve-status -s INT 20 "$xfer" bandwidth --sizes 4KiB..4GiB --memory all \
               --json --output "$lr/sweep.json" --junit "$lr/sweep.xml" --expect 'pinned.h2d.4GiB >= 40GB/s' \
               --expect 'pinned.h2d.16MiB >= 40GB/s'
             run python3 - "$lr/sweep.json" "$lr/sweep.xml" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
x = open(sys.argv[2]).read()
print("complete:", d.get("complete"), "stopped:", d.get("stopped"))
print("results:", len(d["results"]), "first:", [(r["memory"], r["direction"], r["bytes"], round(r["gbps"]["median"], 2)) for r in d["results"][:2]])
print("last:", [(r["memory"], r["direction"], r["bytes"], round(r["gbps"]["median"], 2)) for r in d["results"][-2:]])
print("expectations:", [e["line"] for e in d["expectations"]])
print("junit testcases:", x.count("<testcase"), "skipped:", x.count("<skipped"), "failures:", x.count("<failure"))
assert d["complete"] is False and d["stopped"]["reason"] == "SIGINT" and len(d["results"]) == d["stopped"]["measured"] > 0
PY
             [ $? = 0 ] || status=1
             run ls -A "$lr"
             expect_rc 130 timeout --preserve-status -s INT 12 "$xfer" bandwidth --sizes 4KiB..4GiB --memory pinned,pageable \
               --iterations 10
             # check (about 27 s with 100 trials on an H200) stopped during its fourth scenario keeps the three before it
             expect_rc 143 timeout --preserve-status -s TERM 20 "$xfer" check --trials 100 --json --output "$lr/check.json" \
               --junit "$lr/check.xml"
             run python3 - "$lr/check.json" "$lr/check.xml" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
x = open(sys.argv[2]).read()
print("complete:", d.get("complete"), "stopped:", d.get("stopped"))
print("scenarios kept:", [(r["scenario"], r["trials"], r["wrongTrials"]) for r in d["results"]])
print("junit testcases:", x.count("<testcase"), "skipped:", x.count("<skipped"))
assert d["complete"] is False and d["stopped"]["reason"] == "SIGTERM" and 0 < len(d["results"]) < 5
PY
             [ $? = 0 ] || status=1
             expect_rc 4 "$xfer" --timeout 8s bandwidth --sizes 4KiB..4GiB --memory pinned --iterations 10
             echo "\$ timeout --preserve-status -s INT 40 xfer bandwidth --sizes 4KiB..2GiB --memory pinned,pageable --iterations 10 --csv | while IFS= read -r l; do echo \"\$(date +%s.%N) \$l\"; done"
             timeout --preserve-status -s INT 40 "$xfer" bandwidth --sizes 4KiB..2GiB --memory pinned,pageable --iterations 10 \
               --csv | while IFS= read -r l; do echo "$(date +%s.%N) $l"; done
             echo "[exit ${PIPESTATUS[0]}]"; echo
             echo "\$ xfer bandwidth --sizes 64MiB..4GiB --memory pinned --jsonl | while IFS= read -r l; do echo \"\$(date +%s.%N) \$l\"; done"
             "$xfer" bandwidth --sizes 64MiB..4GiB --memory pinned --jsonl \
               | while IFS= read -r l; do echo "$(date +%s.%N) ${l:0:200}"; done
             echo "[exit ${PIPESTATUS[0]}]"; echo ;;
    timeline) local n
              for n in 1 4 16; do expect_rc 0 env NO_COLOR=1 COLUMNS=80 "$xfer" overlap --streams "$n" --timeline; done
              expect_rc 0 env NO_COLOR=1 COLUMNS=80 "$xfer" pipeline --batches 8 --iterations 3 --timeline
              for n in 1 4 16; do
                expect_rc 0 "$xfer" overlap --streams "$n" --iterations 10 --json --output "$out/overlap-$n.json"
              done
              expect_rc 0 "$xfer" pipeline --batches 8 --iterations 3 --json --output "$out/pipeline.json"
              # The recorded iterations: every operation present, and in V1/V2 with several streams one
              # stream's copy overlapping another stream's kernel (what the timeline is drawn to show).
              run python3 - "$out"/overlap-{1,4,16}.json "$out/pipeline.json" <<'PY'
import json, sys
for f in sys.argv[1:-1]:
    d = json.load(open(f))
    n = d["parameters"]["streams"]
    med = {r["schedule"]: r["milliseconds"]["median"] for r in d["results"]}
    for t in d["timelines"]:
        ops = t["ops"]
        assert len(ops) == (3 if t["schedule"] == "sequential" else 3 * n), (f, t["schedule"], len(ops))
        assert all(0 <= o["startUs"] <= o["endUs"] for o in ops)
        both = [(a, b) for a in ops for b in ops if a["stream"] != b["stream"] and a["stage"] != "kernel"
                and b["stage"] == "kernel" and a["startUs"] < b["endUs"] and b["startUs"] < a["endUs"]]
        print(f"{n:2d} streams {t['schedule']:10s} recorded {t['endUs']:8.1f} us, timed median "
              f"{med[t['schedule']] * 1e3:8.1f} us, copy/kernel overlaps across streams: {len(both)}")
        if t["schedule"] != "sequential" and n >= 4:
            assert both, (f, t["schedule"])
p = json.load(open(sys.argv[-1]))["results"][0]["timeline"]
assert len(p["ops"]) == 3 * 8, len(p["ops"])
print("pipeline recorded", round(p["endUs"], 1), "us over", p["streams"], "streams")
print("timeline json: ok")
PY
              [ $? = 0 ] || status=1 ;;
    plot) # Pictures from real runs: terminal timelines at 80 columns, then documents of a sweep, overlap
          # at 1, 4, 16 streams, batch, check and pipeline drawn by xfer plot (and overlap --html directly).
          local n p="$work/plot"
          mkdir -p "$p"
          for n in 1 4 16; do expect_rc 0 env NO_COLOR=1 COLUMNS=80 "$xfer" overlap --streams "$n" --timeline; done
          for n in 1 4 16; do
            expect_rc 0 "$xfer" overlap --streams "$n" --iterations 10 --json --output "$p/overlap-$n.json"
          done
          expect_rc 0 "$xfer" overlap --streams 4 --iterations 10 --html "$out/overlap-direct.html" --output "$p/overlap-4.txt"
          expect_rc 0 "$xfer" bandwidth --memory pinned,pageable --sizes 4KiB..1GiB --iterations 10 --warmup 2 \
            --json --output "$p/bandwidth.json"
          expect_rc 0 "$xfer" batch --count 200 --iterations 3 --json --output "$p/batch.json"
          run "$xfer" check --trials 20 --json --output "$p/check.json"
          expect_rc 0 "$xfer" pipeline --batches 16 --iterations 3 --json --output "$p/pipeline.json"
          expect_rc 0 "$xfer" plot "$p/bandwidth.json" -o "$out/bandwidth.html"
          expect_rc 0 "$xfer" plot --title "xfer overlap: 1, 4 and 16 streams" "$p"/overlap-{1,4,16}.json -o "$out/overlap.html"
          expect_rc 0 "$xfer" plot "$p/batch.json" "$p/check.json" "$p/pipeline.json" -o "$out/batch-check-pipeline.html"
          expect_rc 2 "$xfer" plot "$p/overlap-4.txt" -o "$out/never.html"
          run python3 - "$p"/overlap-{1,4,16}.json <<'PY'
import json, sys
bad = False
for f in sys.argv[1:]:
    d = json.load(open(f))
    med = {r["schedule"]: r["milliseconds"]["median"] for r in d["results"]}
    for t in d["timelines"]:
        ops = t["ops"]
        both = [(a, b) for a in ops for b in ops if a["stream"] != b["stream"] and a["stage"] != "kernel"
                and b["stage"] == "kernel" and a["startUs"] < b["endUs"] and b["startUs"] < a["endUs"]]
        print(f"{d['parameters']['streams']:2d} streams {t['schedule']:10s} recorded {t['endUs']:8.1f} us, "
              f"timed median {med[t['schedule']] * 1e3:8.1f} us, copy/kernel overlaps across streams: {len(both)}")
        # The issue gate keeps the host's issuing out of the recording: it must not take much
        # longer than the timed iterations (before the gate, V1 at 4 streams took 2.8x).
        ok = t["endUs"] <= 1.5 * med[t["schedule"]] * 1e3 + 50
        bad |= not ok
        if not ok:
            print(f"  recorded iteration {t['endUs'] / (med[t['schedule']] * 1e3):.2f}x the timed median: stretched")
sys.exit(1 if bad else 0)
PY
          [ $? = 0 ] || status=1
          tar -C "$p" -czf "$out/documents.tar.gz" . ;;
    staged) # --copy staged: usage errors before CUDA, batch staged beside PyTorch, and compute-sanitizer over a
            # small staged run (staged-table has the rates).
            expect_rc 2 "$xfer" bandwidth --copy staged --memory pinned
            expect_rc 2 "$xfer" bandwidth --threads 4
            run timeout 120 python3 "$root/benchmarks/reference/pytorch_nonblocking.py" 3
            expect_rc 0 "$xfer" batch --preset large --iterations 5 --strategies staged,pin-then-copy-async
            local san=/usr/local/cuda/bin/compute-sanitizer
            [ -x "$san" ] || san=$(ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -1)
            if [ -n "$san" ]; then
              expect_rc 0 "$san" --tool memcheck --leak-check full --target-processes all \
                "$xfer" bandwidth --copy staged --memory pageable,heap --size 1MiB,9MiB --iterations 2 --warmup 0 \
                --threads 2 --staging-slots 2 --staging-size 4MiB
            else
              echo "gpu-check: no compute-sanitizer under /usr/local/cuda*/bin" >&2; status=1
            fi ;;
    staged-tune) # What bounds the staged path: threads, slot size and slot count at 64 MiB and 1 GiB, pageable.
            local t z r f="$work/tune"
            mkdir -p "$f"
            # THREADS/SLOT-SIZE/SLOTS each; STAGED_TUNE and STAGED_SIZES narrow the sweep
            for cfg in ${STAGED_TUNE:-2/8MiB/4 4/8MiB/4 6/8MiB/4 8/8MiB/4 12/8MiB/4 8/1MiB/4 8/2MiB/4 8/4MiB/4 \
                       8/16MiB/4 8/32MiB/4 8/8MiB/1 8/8MiB/2 8/8MiB/8 4/4MiB/8 12/4MiB/4}; do
              IFS=/ read -r t z r <<<"$cfg"
              echo "\$ xfer bandwidth --copy staged --memory pageable --size ${STAGED_SIZES:-64MiB,1GiB} --iterations 10 --warmup 2 --threads $t --staging-size $z --staging-slots $r --json"
              "$xfer" bandwidth --copy staged --memory pageable --size "${STAGED_SIZES:-64MiB,1GiB}" --iterations 10 --warmup 2 \
                --threads "$t" --staging-size "$z" --staging-slots "$r" --json --output "$f/t$t-$z-$r.json" >/dev/null \
                || { echo "gpu-check: exit $? for $cfg" >&2; status=1; }
            done
            run python3 - "$f"/*.json <<'PY'
import json, sys
rows = []
for f in sys.argv[1:]:
    d = json.load(open(f)); s = d["parameters"]["staging"]
    for r in d["results"]:
        c = r["ceiling"]
        rows.append((s["threads"], s["slotBytes"] >> 20, s["slotsPerThread"], r["direction"], r["bytes"] >> 20,
                     r["gbps"]["median"], c["h2hGbps"]["median"], c["pinnedGbps"]["median"], c["bound"], r["verified"]))
print("T  slotMiB slots dir  MiB   staged    h2h  pinned  bound   ok")
for row in sorted(rows):
    print("%-2d %7d %5d %-4s %4d %7.2f %7.2f %7.2f  %-6s %s" % row)
PY
            ;;
    staged-table) # The closing table: driver vs staged vs pinned vs h2h, 4 KiB..4 GiB in powers of 4, both ways.
            expect_rc 0 "$xfer" bandwidth --copy driver,staged --memory pageable,heap,pinned \
              --size 4KiB,16KiB,64KiB,256KiB,1MiB,4MiB,16MiB,64MiB,256MiB,1GiB,4GiB --iterations 5 --warmup 2 \
              --output "$out/staged-table.txt"
            run cat "$out/staged-table.txt" ;;
    contention) # What the staged path's host copies cost its DMA: memcpy threads beside a pinned DMA loop.
            reference
            local th d
            for th in 0 4 8 12; do for d in none h2d d2h; do
              [ "$th" = 0 ] && [ "$d" = none ] && continue
              expect_rc 0 "$work/ref/contention_ref" "$th" "$d"
            done; done ;;
    openmetrics) # Every measuring command's .prom for one GPU, one textfile directory; promtool when installed.
            local d="$out/prom" n
            rm -rf "$d" && mkdir -p "$d"
            expect_rc 0 "$xfer" bandwidth --copy driver,staged --memory pageable,pinned --size 16MiB,64MiB \
              --json --output "$d/bandwidth.json" --openmetrics "$d/bandwidth.prom"
            for n in 1 4 16; do
              expect_rc 0 "$xfer" overlap --streams "$n" --json --output "$d/overlap-$n.json" --openmetrics "$d/overlap-$n.prom"
            done
            expect_rc 0 "$xfer" check --json --output "$d/check.json" --openmetrics "$d/check.prom"
            expect_rc 0 "$xfer" batch --json --output "$d/batch.json" --openmetrics "$d/batch.prom"
            expect_rc 0 "$xfer" pipeline --json --output "$d/pipeline.json" --openmetrics "$d/pipeline.prom"
            expect_rc 0 "$xfer" smoke --json --output "$d/smoke.json" --openmetrics "$d/smoke.prom"
            expect_rc 0 "$xfer" latency --json --output "$d/latency.json" --openmetrics "$d/latency.prom"
            expect_rc 0 "$xfer" bandwidth --copy kernel --memory pinned --size 64MiB \
              --json --output "$d/kernel.json" --openmetrics "$d/kernel.prom"
            if [ "$(nvidia-smi --query-gpu=index --format=csv,noheader | wc -l)" -ge 2 ]; then
              expect_rc 0 "$xfer" bandwidth --device 0,1 --direction p2p --size 16MiB \
                --json --output "$d/p2p.json" --openmetrics "$d/p2p.prom"
            fi
            mkdir -p "$out/prom-fleet"
            expect_rc 0 "$xfer" fleet "$d" --openmetrics "$out/prom-fleet/fleet.prom"
            run wc -l "$d"/*.prom "$out/prom-fleet/fleet.prom"
            if command -v promtool >/dev/null; then
              for n in "$d"/*.prom "$out/prom-fleet/fleet.prom"; do expect_rc 0 promtool check metrics < "$n"; done
            else
              echo "promtool is not installed here: check the copied $d with scripts/check-prom.sh"
            fi ;;
    names) # Issue 22: --expect names and JUnit test cases read off the result records, one command at a time;
           # every name below must still resolve (a misspelt or vanished name is exit 2) and hold (exit 0).
            local d="$out/names"
            rm -rf "$d" && mkdir -p "$d"
            expect_rc 0 "$xfer" bandwidth --memory pinned,pageable --direction h2d,d2h,bidir,d2d --size 16MiB \
              --expect 'pinned.h2d.16MiB >= 40GB/s' --expect 'pinned.d2h.16MiB >= 60%link' \
              --expect 'pinned.bidir-h2d.16MiB > 0' --expect 'device.d2d.16MiB > 100GB/s' --expect 'pageable > 0' \
              --junit "$d/bandwidth.xml"
            expect_rc 0 "$xfer" bandwidth --copy driver,staged --memory pageable --direction h2d --size 64MiB \
              --expect 'pageable.staged.h2d.64MiB > 0' --expect 'pageable.h2d.64MiB > 0' --junit "$d/staged.xml"
            expect_rc 0 "$xfer" bandwidth --copy kernel --blocks 64 --memory pinned --direction h2d --size 512MiB \
              --expect 'pinned.kernel.h2d.512MiB.blocks64 >= 20GB/s' --junit "$d/kernel.xml"
            expect_rc 0 "$xfer" overlap --expect 'overlap.v1.speedup >= 1.5' --expect 'overlap.v2.ms < 1ms' \
              --expect 'overlap.v1.efficiency > 0' --expect 'overlap.sequential.error <= 1e-6' --junit "$d/overlap.xml"
            expect_rc 0 "$xfer" check --expect 'check.synchronized.wrong == 0' --expect 'check.d2h-sync.wrong == 0' \
              --junit "$d/check.xml"
            expect_rc 0 "$xfer" batch --preset small --strategies pinned-async,pageable-blocking \
              --expect 'batch.pinned-async.ms < 1000ms' --expect 'batch.pinned-async.gbps > 0' --junit "$d/batch.xml"
            expect_rc 0 "$xfer" pipeline --expect 'pipeline.error <= 1e-6' --expect 'pipeline.hidden > 0' \
              --expect 'pipeline.batch-ms > 0' --junit "$d/pipeline.xml"
            expect_rc 0 "$xfer" latency --expect 'latency.host.2MiB < 10us' --expect 'latency.device.2MiB < 10us' \
              --junit "$d/latency.xml"
            expect_rc 0 "$xfer" bandwidth --memory pinned --size 16MiB --numa-node all --direction h2d \
              --expect 'pinned.h2d.16MiB.node0 > 0' --junit "$d/nodes.xml"
            if [ "$(nvidia-smi --query-gpu=index --format=csv,noheader | wc -l)" -ge 2 ]; then
              expect_rc 0 "$xfer" bandwidth --device 0,1 --memory pinned --direction h2d --size 16MiB --concurrent \
                --expect 'pinned.h2d.16MiB.gpu1 >= 40GB/s' --expect 'concurrent.pinned.h2d.16MiB.all > 0' \
                --expect 'concurrent.pinned.h2d.16MiB.gpu0 > 0' --junit "$d/devices.xml"
              expect_rc 0 "$xfer" bandwidth --device 0,1 --direction p2p --size 16MiB \
                --expect 'p2p.0-1.16MiB > 0' --expect 'p2p-bidir.1-0.16MiB > 0' --junit "$d/p2p.xml"
            fi
            # Test case names and outputs, one line each: unique per suite, failing none.
            run python3 - "$d"/*.xml <<'PY'
import sys, xml.etree.ElementTree as ET
bad = 0
for f in sys.argv[1:]:
    for suite in ET.parse(f).getroot().iter("testsuite"):
        names = [(c.get("classname"), c.get("name")) for c in suite.iter("testcase")]
        if len(names) != len(set(names)):
            print("REPEATED test case names in", f, suite.get("name")); bad += 1
        for c in suite.iter("testcase"):
            out = c.findtext("system-out") or ""
            failed = c.find("failure") is not None
            bad += failed
            print("%s %s | %s%s" % (f.split("/")[-1], c.get("name"), out.strip()[:110], " FAILED" if failed else ""))
sys.exit(1 if bad else 0)
PY
            [ $? = 0 ] || status=1 ;;
    pipes) # Outputs and pipes (docs/commands/xfer.md#output-files): a pipe closed early ends a long run at its
           # next safe point (exit 141, in well under 5 s, no xfer left, --junit kept and marked incomplete);
           # --output /dev/stdout and --junit /dev/null write through and leave the device nodes as they were.
           local t0 t1 rc secs
           echo "\$ xfer bandwidth --sizes 4KiB..4GiB --memory all --jsonl --junit \$OUT/pipes.xml | head -2"
           t0=$(date +%s.%N)
           "$xfer" bandwidth --sizes 4KiB..4GiB --memory all --jsonl --junit "$out/pipes.xml" | head -2
           rc=${PIPESTATUS[0]}; t1=$(date +%s.%N)
           secs=$(awk "BEGIN { printf \"%.2f\", $t1 - $t0 }")
           echo "[exit $rc, $secs s]"; echo
           [ "$rc" = 141 ] || { echo "gpu-check: expected exit 141, got $rc" >&2; status=1; }
           awk "BEGIN { exit !($secs < 5) }" || { echo "gpu-check: took $secs s, not under 5 s" >&2; status=1; }
           if pgrep -f "$work/xfer-.*/runtime/bin/java" >/dev/null; then
             echo "gpu-check: an xfer process remains after the pipe closed" >&2; pgrep -af "$work/xfer-" >&2; status=1
           fi
           run grep -c "not measured: standard output closed after" "$out/pipes.xml" || status=1
           expect_rc 0 "$xfer" bandwidth --memory pinned --size 16MiB --json --output /dev/stdout --junit /dev/null
           run ls -l /dev/null /dev/full
           expect_rc 0 test -c /dev/null
           echo "\$ xfer bandwidth --memory pinned --size 16MiB --csv > /dev/full"
           "$xfer" bandwidth --memory pinned --size 16MiB --csv > /dev/full; rc=$?
           echo "[exit $rc]"; echo
           [ "$rc" = 70 ] || { echo "gpu-check: expected exit 70, got $rc" >&2; status=1; }
           expect_rc 0 test -c /dev/full ;;
    latency) # xfer latency beside nvbandwidth's host_device_latency_sm (NVBANDWIDTH: its binary, if not on PATH),
             # both layouts, a size sweep, --expect, the one-GPU peer line, and compute-sanitizer memcheck and racecheck.
            expect_rc 2 "$xfer" latency --size 1000B
            expect_rc 2 "$xfer" latency --accesses 0
            local nvb=${NVBANDWIDTH:-$(command -v nvbandwidth || true)}
            if [ -n "$nvb" ] && [ -x "$nvb" ]; then run "$nvb" -t host_device_latency_sm; fi
            expect_rc 0 "$xfer" latency
            expect_rc 0 "$xfer" latency --target host --order sequential
            if [ -n "$nvb" ] && [ -x "$nvb" ]; then run "$nvb" -t host_device_latency_sm; fi
            expect_rc 0 "$xfer" latency --target host,device --sizes 4KiB..1GiB --iterations 3 --output "$out/latency-sweep.txt"
            run cat "$out/latency-sweep.txt"
            expect_rc 0 "$xfer" latency --device all
            expect_rc 0 "$xfer" latency --json --output "$out/latency.json" --expect 'latency.host.2MiB <= 1500ns'
            expect_rc 1 "$xfer" latency --target host --expect 'latency.host.2MiB <= 1ns'
            local san=/usr/local/cuda/bin/compute-sanitizer
            [ -x "$san" ] || san=$(ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -1)
            if [ -n "$san" ]; then
              local tool
              for tool in memcheck racecheck; do
                expect_rc 0 "$san" --tool "$tool" --error-exitcode 9 --target-processes all \
                  "$xfer" latency --size 4KiB,2MiB --accesses 10000 --iterations 2
              done
            else
              echo "gpu-check: no compute-sanitizer under /usr/local/cuda*/bin" >&2; status=1
            fi ;;
    kernel-copy) # --copy kernel: usage errors, driver and kernel side by side at 512 MiB (beside nvbandwidth's SM
            # copies when NVBANDWIDTH names its binary or one is on PATH), the --blocks sweep, the 4 KiB..1 GiB
            # crossover with --html, and compute-sanitizer memcheck and racecheck over a small kernel run.
            expect_rc 2 "$xfer" bandwidth --copy kernel --blocks 0
            expect_rc 2 "$xfer" bandwidth --blocks 4
            run "$xfer" bandwidth --copy kernel --memory pageable --direction h2d --size 1MiB
            local nvb=${NVBANDWIDTH:-$(command -v nvbandwidth)}
            if [ -n "$nvb" ] && [ -x "$nvb" ]; then
              run "$nvb" -l | tee "$out/nvbandwidth-l.txt"
              run "$nvb" -b 512 -t host_to_device_memcpy_sm device_to_host_memcpy_sm \
                host_to_device_bidirectional_memcpy_sm device_to_host_bidirectional_memcpy_sm \
                host_to_device_memcpy_ce device_to_host_memcpy_ce device_local_copy
            else
              echo "gpu-check: no nvbandwidth (set NVBANDWIDTH=/path/to/nvbandwidth): xfer's rows alone" >&2
            fi
            expect_rc 0 "$xfer" bandwidth --copy driver,kernel --memory pinned --size 512MiB \
              --direction h2d,d2h,bidir,d2d
            expect_rc 0 "$xfer" bandwidth --copy driver,kernel --memory registered,write-combined,pageable --size 1MiB,512MiB \
              --direction h2d,d2h,bidir --iterations 10 --warmup 2
            expect_rc 0 "$xfer" bandwidth --copy kernel --memory pinned --size 512MiB \
              --direction h2d,d2h,bidir --blocks 1..4sm --iterations 10 --warmup 2
            expect_rc 0 "$xfer" bandwidth --copy driver,kernel --memory pinned --sizes 4KiB..1GiB \
              --direction h2d,d2h,d2d --iterations 10 --warmup 2 --html "$out/kernel-crossover.html"
            local san=/usr/local/cuda/bin/compute-sanitizer
            [ -x "$san" ] || san=$(ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -1)
            if [ -n "$san" ]; then
              local tool
              for tool in memcheck racecheck; do
                expect_rc 0 "$san" --tool "$tool" --error-exitcode 99 --target-processes all \
                  "$xfer" bandwidth --copy kernel --memory pinned --size 1B,4097B,1MiB --direction h2d,d2h,bidir,d2d \
                  --blocks 1,sm --iterations 2 --warmup 0
                # samples of several copies (copy_bytes_repeat, copy_bidir_one_vector's passes), copy_bidir
                # (--kernel-bidir one-launch, and its repeat kernel) and bidir on two streams
                expect_rc 0 "$san" --tool "$tool" --error-exitcode 99 --target-processes all \
                  "$xfer" bandwidth --copy kernel --memory pinned --size 1B,4097B,1MiB --direction h2d,d2h,bidir,d2d \
                  --blocks 2,sm --kernel-copies 3 --iterations 2 --warmup 0
                local copies
                for copies in 1 3; do
                  expect_rc 0 "$san" --tool "$tool" --error-exitcode 99 --target-processes all \
                    "$xfer" bandwidth --copy kernel --memory pinned --size 1B,4097B,1MiB --direction bidir \
                    --blocks 2,sm --kernel-copies "$copies" --kernel-bidir one-launch --iterations 2 --warmup 0
                done
                expect_rc 0 "$san" --tool "$tool" --error-exitcode 99 --target-processes all \
                  "$xfer" bandwidth --copy kernel --memory pinned --size 4097B,1MiB --direction bidir \
                  --blocks 2 --kernel-copies 3 --kernel-repeat launches --kernel-bidir two-streams --iterations 2 --warmup 0
              done
            else
              echo "gpu-check: no compute-sanitizer under /usr/local/cuda*/bin" >&2; status=1
            fi ;;
    tma) # Issue 42: --copy tma and --direction d2d-read,d2d-write (docs/kernel-copies.md). The SASS of tma_copy
         # (bulk copies: UBLKCP, SYNCS), driver, kernel and tma d2d at 512 MiB (beside nvbandwidth's device_local_copy
         # when NVBANDWIDTH names its binary or one is on PATH; v0.8 has no TMA or read/write-only case), the --blocks
         # sweep for tma, the read-only and write-only rows, h2d and d2h by tma through mapped pinned memory (does
         # cp.async.bulk reach host memory?), compute-sanitizer memcheck, racecheck, synccheck and initcheck over small runs, and PyTorch's
         # clone of a 1 GiB tensor timed with CUDA events for comparison.
         local cuobjdump=/usr/local/cuda/bin/cuobjdump
         [ -x "$cuobjdump" ] || cuobjdump=$(ls /usr/local/cuda*/bin/cuobjdump 2>/dev/null | head -1)
         local fatbin="$root/app/src/main/resources/dev/xfer/kernels/xfer_kernels.fatbin"
         if [ -n "$cuobjdump" ]; then
           run "$cuobjdump" --dump-sass --gpu-architecture sm_90 --function tma_copy "$fatbin" > "$out/tma-sass.txt"
           echo "tma_copy sm_90 SASS, bulk-copy and barrier instructions (counts):"
           grep -oE 'UBLKCP[.A-Z0-9]*|UTMA[A-Z.0-9]*|SYNCS[.A-Z0-9]*|BULK[A-Z.0-9]*|FENCE[.A-Z0-9]*' "$out/tma-sass.txt" \
             | sort | uniq -c
           grep -qE 'UBLKCP' "$out/tma-sass.txt" || { echo "gpu-check: no UBLKCP in tma_copy's sm_90 SASS" >&2; status=1; }
           run "$cuobjdump" --dump-sass --gpu-architecture sm_90 --function read_bytes "$fatbin" > "$out/read-sass.txt"
           echo "read_bytes sm_90 SASS: $(grep -cE 'LDG' "$out/read-sass.txt") global loads"
         else
           echo "gpu-check: no cuobjdump under /usr/local/cuda*/bin: no SASS check" >&2
         fi
         expect_rc 2 "$xfer" bandwidth --blocks 4 --direction d2d
         expect_rc 2 "$xfer" bandwidth --copy tmaa
         local nvb=${NVBANDWIDTH:-$(command -v nvbandwidth || true)}
         if [ -n "$nvb" ] && [ -x "$nvb" ]; then
           run "$nvb" -b 512 -t device_local_copy
         else
           echo "gpu-check: no nvbandwidth (set NVBANDWIDTH=/path/to/nvbandwidth): xfer's rows alone" >&2
         fi
         expect_rc 0 "$xfer" bandwidth --copy driver,kernel,tma --direction d2d --size 512MiB
         expect_rc 0 "$xfer" bandwidth --copy tma --direction d2d --size 512MiB --blocks 1..4sm --iterations 10 --warmup 2
         expect_rc 0 "$xfer" bandwidth --copy driver,kernel --direction d2d,d2d-read,d2d-write --size 512MiB,1GiB \
           --json --output "$out/tma-readwrite.json"
         run "$xfer" bandwidth --copy kernel --direction d2d-read,d2d-write --size 1GiB --blocks 1..4sm --iterations 10 \
           --warmup 2
         # Each asked alone (until 2026-12-07 either alone also measured the other, an internal error).
         expect_rc 0 "$xfer" bandwidth --direction d2d-read --size 1MiB --iterations 3
         expect_rc 0 "$xfer" bandwidth --direction d2d-write --size 1MiB --iterations 3
         # h2d and d2h by the TMA through mapped pinned memory: if cp.async.bulk cannot reach host memory, this is
         # where it shows (a fault, or wrong data), so it runs after the device rows.
         run "$xfer" bandwidth --copy driver,kernel,tma --memory pinned --direction h2d,d2h --size 512MiB
         run "$xfer" bandwidth --copy tma --memory pinned,write-combined --direction h2d,d2h --size 4097B,1MiB,64MiB \
           --iterations 5 --warmup 1
         run timeout 120 python3 - <<'PY'
import torch
x = torch.empty(1 << 30, dtype=torch.uint8, device="cuda").random_(0, 256)
start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
for _ in range(3):
    y = x.clone()
torch.cuda.synchronize()
times = []
for _ in range(20):
    start.record(); y = x.clone(); stop.record(); stop.synchronize()
    times.append(start.elapsed_time(stop) / 1e3)
times.sort()
med = times[len(times) // 2]
assert torch.equal(x, y)
print("pytorch %s clone of 1 GiB: median %.1f us, %.2f GB/s as bytes copied once (%.2f GB/s read+write); min %.1f us"
      % (torch.__version__, med * 1e6, (1 << 30) / med / 1e9, 2 * (1 << 30) / med / 1e9, times[0] * 1e6))
PY
         local san=/usr/local/cuda/bin/compute-sanitizer
         [ -x "$san" ] || san=$(ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -1)
         if [ -n "$san" ]; then
           local tool
           # initcheck: no kernel reads device memory that nothing wrote (the read kernel's sum is zeroed first)
           for tool in memcheck racecheck synccheck initcheck; do
             expect_rc 0 "$san" --tool "$tool" --error-exitcode 99 --target-processes all \
               "$xfer" bandwidth --copy tma --memory pinned --size 1B,4097B,12304B,1MiB --direction d2d \
               --blocks 1,sm --iterations 2 --warmup 0
             # samples of several passes in one launch (tma_copy's copies > 1)
             expect_rc 0 "$san" --tool "$tool" --error-exitcode 99 --target-processes all \
               "$xfer" bandwidth --copy tma --memory pinned --size 4097B,1MiB --direction d2d \
               --blocks 2,sm --kernel-copies 3 --iterations 2 --warmup 0
             expect_rc 0 "$san" --tool "$tool" --error-exitcode 99 --target-processes all \
               "$xfer" bandwidth --direction d2d-read,d2d-write --size 1B,4097B,1MiB --blocks 1,sm \
               --kernel-copies 3 --iterations 2 --warmup 0
             run "$san" --tool "$tool" --error-exitcode 99 --target-processes all \
               "$xfer" bandwidth --copy tma --memory pinned --size 4097B,1MiB --direction h2d,d2h \
               --blocks 1,sm --iterations 2 --warmup 0
           done
         else
           echo "gpu-check: no compute-sanitizer under /usr/local/cuda*/bin" >&2; status=1
         fi ;;
    kernel-gap) # Issue 24: what bounds the kernel copies against nvbandwidth's *_memcpy_sm (docs/kernel-copies.md).
            # Three rounds; each runs nvbandwidth's SM cases (as they are, with --loopCount 1, and h2d and d2h without
            # its CPU affinity) and then xfer's variants, one difference at a time, at 512 MiB of pinned memory, 3 samples
            # each as nvbandwidth takes; a table at the end. NVBANDWIDTH: its binary, if not on PATH. Documents and logs: $out/kernel-gap/.
            local nvb=${NVBANDWIDTH:-$(command -v nvbandwidth || true)} g="$out/kernel-gap" r v
            mkdir -p "$g"
            local sm_cases="host_to_device_memcpy_sm device_to_host_memcpy_sm host_to_device_bidirectional_memcpy_sm device_to_host_bidirectional_memcpy_sm"
            # label|xfer arguments after the common ones (h2d,d2h,bidir unless a variant names its directions)
            local one="--size 512MiB --direction h2d,d2h,bidir"
            # label|xfer bandwidth arguments after --copy kernel --memory pinned --iterations 3 --warmup 1
            local variants=(
              "one copy per sample, plain start|$one --kernel-copies 1 --kernel-start plain"
              "default (16 in one launch, nvb's start)|$one"
              "16 in launches|$one --kernel-copies 16 --kernel-repeat launches"
              "one copy, nvb's start|$one --kernel-copies 1"
              "16, plain start (default before)|$one --kernel-start plain"
              "default, --numa-node auto|$one --numa-node auto"
              "default, nvb's size 536346624B|--size 536346624B --direction h2d,d2h"
              "bidir two streams, 64 blocks|--size 512MiB --direction bidir --kernel-bidir two-streams --blocks 64"
              "bidir copy_bidir on sm blocks (before)|--size 512MiB --direction bidir --kernel-bidir one-launch"
              "bidir 256MiB (nvb's bytes each way)|--size 256MiB --direction bidir"
            )
            for r in 1 2 3; do
              if [ -n "$nvb" ] && [ -x "$nvb" ]; then
                run "$nvb" -j -b 512 -t $sm_cases | tee "$g/nvb-default-$r.json"
                run "$nvb" -j -b 512 --loopCount 1 -t $sm_cases | tee "$g/nvb-loop1-$r.json"
                run "$nvb" -j -b 512 -d -t host_to_device_memcpy_sm device_to_host_memcpy_sm | tee "$g/nvb-noaffinity-$r.json"
              else
                echo "gpu-check: no nvbandwidth (set NVBANDWIDTH=/path/to/nvbandwidth): xfer's rows alone" >&2
              fi
              local i=0
              for v in "${variants[@]}"; do
                i=$((i + 1))
                # shellcheck disable=SC2086
                expect_rc 0 "$xfer" bandwidth --copy kernel --memory pinned --iterations 3 --warmup 1 ${v#*|} \
                  --json --output "$g/xfer-$i-$r.json"
              done
            done
            run python3 - "$g" "${variants[@]}" <<'PY'
import glob, json, os, statistics, sys
g, variants = sys.argv[1], [v.split("|")[0] for v in sys.argv[2:]]
cols = ["h2d", "d2h", "bidir-h2d", "bidir-d2h"]
def nvb(path):
    try:
        text = open(path).read()  # the transcript's "$ ..." line, nvbandwidth's JSON, "[exit N]"
        doc = json.JSONDecoder().raw_decode(text[text.index("{"):])[0]
    except (OSError, ValueError):
        return {}
    name = {"host_to_device_memcpy_sm": "h2d", "device_to_host_memcpy_sm": "d2h",
            "host_to_device_bidirectional_memcpy_sm": "bidir-h2d", "device_to_host_bidirectional_memcpy_sm": "bidir-d2h"}
    return {name[t["name"]]: float(t["sum"]) for t in doc.get("nvbandwidth", {}).get("testcases", [])
            if t.get("name") in name and "sum" in t}
def xfer(path):
    try:
        doc = json.load(open(path))
    except (OSError, ValueError):
        return {}
    return {r["direction"]: r["gbps"]["median"] for r in doc.get("results", []) if r.get("copy") == "kernel" and r.get("verified")}
rows = [("nvbandwidth", "nvb-default"), ("nvbandwidth --loopCount 1", "nvb-loop1"), ("nvbandwidth -d (no affinity)", "nvb-noaffinity")]
rows += [("xfer " + v, "xfer-%d" % (i + 1)) for i, v in enumerate(variants)]
table = {}
print("%-40s %s" % ("GB/s, rounds 1 2 3 -> mean", "  ".join("%-26s" % c for c in cols)))
for label, stem in rows:
    per = [nvb(f) if stem.startswith("nvb") else xfer(f) for f in sorted(glob.glob(os.path.join(g, stem + "-[123].json")))]
    table[stem] = per
    cells = []
    for c in cols:
        v = [p[c] for p in per if c in p]
        cells.append("%-26s" % (" ".join("%.2f" % x for x in v) + (" -> %.2f" % statistics.mean(v) if v else "-")))
    print("%-40s %s" % (label, "  ".join(cells)))
print()
print("target (issue 24): xfer's default at or above nvbandwidth's in the same call, per direction:")
base, ours = table.get("nvb-default", []), table.get("xfer-2", [])
for c in cols:
    pairs = [(o[c], b[c]) for o, b in zip(ours, base) if c in o and c in b]
    if not pairs:
        print("  %-10s no figures" % c); continue
    mo, mb = statistics.mean(p[0] for p in pairs), statistics.mean(p[1] for p in pairs)
    print("  %-10s xfer %.2f, nvbandwidth %.2f (%+.2f%%), xfer at or above in %d of %d rounds: %s" % (c, mo, mb,
          (mo / mb - 1) * 100, sum(o >= b for o, b in pairs), len(pairs), "met" if mo >= mb else "not met"))
PY
            ;;
    patterns) # Two GPUs at least: every many-GPU pattern (--pattern) in every form, copy engines and copy
              # kernel, at 512 MiB, each beside nvbandwidth's test case of the same name (NVBANDWIDTH: its
              # binary, if not on PATH), then usage errors, small and odd sizes, a JSON document with a
              # python3 check of its rows, and compute-sanitizer memcheck and racecheck over small runs.
           if [ "$(nvidia-smi -L | grep -c '^GPU ')" -lt 2 ]; then
             echo "gpu-check: the patterns step needs two GPUs" >&2; status=1; return
           fi
           run nvidia-smi topo -m
           expect_rc 2 "$xfer" bandwidth --device 0 --pattern all-to-host
           expect_rc 2 "$xfer" bandwidth --device all --pattern all-to-one --bidirectional
           expect_rc 2 "$xfer" bandwidth --device all --pattern all --timer wall
           expect_rc 2 "$xfer" bandwidth --device all --pattern all-to-one --copy tma   # no TMA pattern: --direction p2p (peers) has it
           local nvb=${NVBANDWIDTH:-$(command -v nvbandwidth || true)} t form copy bidir side
           [ -n "$nvb" ] && [ -x "$nvb" ] || { echo "gpu-check: no nvbandwidth (set NVBANDWIDTH=/path/to/nvbandwidth): xfer's rows alone" >&2; nvb=; }
           for t in all_to_host_memcpy_ce all_to_host_bidirectional_memcpy_ce host_to_all_memcpy_ce \
               host_to_all_bidirectional_memcpy_ce all_to_one_write_ce all_to_one_read_ce one_to_all_write_ce \
               one_to_all_read_ce all_to_host_memcpy_sm all_to_host_bidirectional_memcpy_sm host_to_all_memcpy_sm \
               host_to_all_bidirectional_memcpy_sm all_to_one_write_sm all_to_one_read_sm one_to_all_write_sm \
               one_to_all_read_sm; do
             # nvbandwidth's name to xfer's options: all_to_one_read_sm -> --pattern all-to-one --initiation read --copy kernel
             form=${t%_ce}; form=${form%_sm}; form=${form%_memcpy}; bidir=; side=
             case "$form" in *_bidirectional) bidir=--bidirectional; form=${form%_bidirectional} ;; esac
             case "$form" in *_write) side="--initiation write"; form=${form%_write} ;; *_read) side="--initiation read"; form=${form%_read} ;; esac
             case "$t" in *_sm) copy=kernel ;; *) copy=driver ;; esac
             [ -n "$nvb" ] && run "$nvb" -b 512 -t "$t"
             expect_rc 0 "$xfer" bandwidth --device all --pattern "${form//_/-}" $bidir $side --copy "$copy" --size 512MiB
           done
           expect_rc 0 "$xfer" bandwidth --device all --pattern all --initiation write,read --bidirectional \
             --copy driver,kernel --size 1B,4097B,64MiB --iterations 3 --warmup 1
           expect_rc 0 "$xfer" bandwidth --device all --pattern all --initiation write,read --copy driver,kernel \
             --size 64MiB --iterations 5 --json --output "$out/patterns.json" --openmetrics "$out/patterns.prom"
           run python3 - "$out/patterns.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
rows = d["patterns"]
for r in rows:
    print("%-26s %-6s gpu%d beside %-6s copies %d: %8.2f GB/s (min %.2f, max %.2f), aggregate %8.2f GB/s, verified %s" % (
        r["pattern"], r["copy"], r["device"], ",".join(map(str, r["others"])), r["copies"], r["gbps"]["median"],
        r["gbps"]["min"], r["gbps"]["max"], r["aggregateGbps"]["median"], r["verified"]))
n = len(d["devices"])
assert len(rows) == 6 * 2 * n, "a round per pattern form, path and GPU: %d rows for %d GPUs" % (len(rows), n)
assert all(r["verified"] for r in rows), "a round delivered wrong data"
print("patterns: %d rounds over %d GPUs, all verified" % (len(rows), n))
PY
           [ $? = 0 ] || status=1
           local san=/usr/local/cuda/bin/compute-sanitizer
           [ -x "$san" ] || san=$(ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -1)
           [ -n "$san" ] || { echo "gpu-check: no compute-sanitizer under /usr/local/cuda*/bin" >&2; status=1; }
           if [ -n "$san" ]; then
             # memcheck over both paths on every GPU (its API-error report catches a repeated peer-access request)
             expect_rc 0 "$san" --tool memcheck --error-exitcode 99 --target-processes all \
               "$xfer" bandwidth --device all --pattern all --initiation write,read --bidirectional --copy driver,kernel \
               --size 1B,4097B --iterations 2 --warmup 0
             expect_rc 0 "$san" --tool racecheck --error-exitcode 99 --target-processes all \
               "$xfer" bandwidth --device all --pattern all --initiation write,read --copy kernel \
               --size 4097B --iterations 2 --warmup 0
           fi ;;
    peers) # Two GPUs at least: GPU to GPU by copy engine, copy kernel and TMA copy (issue 42; its pairs waived below
           # compute capability 9.0) at 512 MiB beside nvbandwidth's device_to_device_* cases (NVBANDWIDTH: its
           # binary, if not on PATH), both forms (write, read), 1 B, odd sizes and 4 GiB with a python3 check of the
           # document's rows, then peer latency beside device_to_device_latency_sm (PEER_SWEEP=0 leaves out the
           # 4 KiB..1 GiB sweep), and compute-sanitizer over both.
           if [ "$(nvidia-smi -L | grep -c '^GPU ')" -lt 2 ]; then
             echo "gpu-check: the peers step needs two GPUs" >&2; status=1; return
           fi
           local nvb=${NVBANDWIDTH:-$(command -v nvbandwidth || true)} tool
           [ -n "$nvb" ] && [ -x "$nvb" ] || { echo "gpu-check: no nvbandwidth (set NVBANDWIDTH=/path/to/nvbandwidth): xfer's rows alone" >&2; nvb=; }
           run nvidia-smi topo -m
           [ -n "$nvb" ] && run "$nvb" -b 512 -t device_to_device_memcpy_write_ce device_to_device_memcpy_read_ce \
             device_to_device_bidirectional_memcpy_write_ce device_to_device_bidirectional_memcpy_read_ce \
             device_to_device_memcpy_write_sm device_to_device_memcpy_read_sm \
             device_to_device_bidirectional_memcpy_write_sm device_to_device_bidirectional_memcpy_read_sm
           expect_rc 0 "$xfer" bandwidth --device all --copy driver,kernel,tma --direction p2p --initiation write,read --size 512MiB
           expect_rc 0 "$xfer" bandwidth --device 0,1 --copy driver,kernel,tma --direction p2p --initiation write,read \
             --size 1B,4097B,4GiB --iterations 3 --warmup 1 --json --output "$out/peers.json" \
             --expect 'p2p.kernel.0-1.4GiB >= 1GB/s' --expect 'p2p-read.kernel.1-0.4GiB >= 1GB/s'
           run python3 - "$out/peers.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
rows, waived = d["p2p"], d.get("waived", [])
for r in rows:
    print("p2p %-6s %-5s %d->%d %11d B: %9.2f GB/s one way, %9.2f both ways, verified %s %s" % (
        r.get("copy", "driver"), r.get("initiation", "write"), r["src"], r["dst"], r["bytes"], r["gbps"]["median"],
        r["bidirGbps"]["median"], r["verified"], r["bidirVerified"]))
for w in waived:
    print("waived:", w["configuration"], "-", w["reason"])
assert all(r["verified"] and r["bidirVerified"] for r in rows), "a pair delivered wrong data"
key = lambda r: (r["src"], r["dst"], r["bytes"], r.get("initiation", "write"))
kernel = [key(r) for r in rows if r.get("copy") == "kernel"]
tma = {key(r) for r in rows if r.get("copy") == "tma"}
named = {w["configuration"] for w in waived}
# The TMA copies every pair the kernel copies, unless a GPU of it below 9.0 waived its rows.
missing = [k for k in kernel if k not in tma and "p2p%s tma %d->%d %d B" % (
    "" if k[3] == "write" else "-read", k[0], k[1], k[2]) not in named]
assert not missing, "kernel pairs with neither a TMA row nor a TMA waiver: %s" % missing
print("peers: %d kernel and %d TMA rows, %d TMA configurations waived, all verified" % (len(kernel), len(tma), len(waived)))
PY
           [ $? = 0 ] || status=1
           [ -n "$nvb" ] && run "$nvb" -t device_to_device_latency_sm
           expect_rc 0 "$xfer" latency --device all --target peer
           [ "${PEER_SWEEP:-1}" = 0 ] || expect_rc 0 "$xfer" latency --device 0,1 --target host,peer --sizes 4KiB..1GiB --iterations 3
           local san=/usr/local/cuda/bin/compute-sanitizer
           [ -x "$san" ] || san=$(ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -1)
           [ -n "$san" ] || { echo "gpu-check: no compute-sanitizer under /usr/local/cuda*/bin" >&2; status=1; }
           for tool in memcheck racecheck; do
             [ -n "$san" ] || break
             expect_rc 0 "$san" --tool "$tool" --error-exitcode 99 --target-processes all \
               "$xfer" bandwidth --device 0,1 --copy kernel,tma --direction p2p --initiation write,read --size 1B,4097B,1MiB,64MiB \
               --iterations 2 --warmup 0
             expect_rc 0 "$san" --tool "$tool" --error-exitcode 99 --target-processes all \
               "$xfer" latency --device 0,1 --target peer --size 4KiB,2MiB --accesses 10000 --iterations 2
           done ;;
    smoke-ten) # Ten back-to-back smoke --json runs of the standard profile and ten of the quick one; all 45
               # pairwise compare --fail-on-regression 5% per set with a count of failures, and fleet over
               # each set; then one run of each profile while a second xfer shares the link, which compare
               # and fleet must both flag (exit 1). SMOKE_TEN_PROFILES narrows it (e.g. quick).
           local p r i j f c fails bg profiles=${SMOKE_TEN_PROFILES:-standard quick}
           for p in $profiles; do
             f="$work/smoke-ten/$p"; c="$work/smoke-ten/$p-compare"; mkdir -p "$f" "$c"
             for r in $(seq 1 10); do
               timed "$xfer" --label "$p-$r" smoke $([ "$p" = quick ] && echo --quick) --json --output "$f/run$r.json"
             done
             fails=0
             for i in $(seq 1 9); do for j in $(seq $((i + 1)) 10); do
               if ! "$xfer" compare --fail-on-regression 5% "$f/run$i.json" "$f/run$j.json" >"$c/$i-$j.txt" 2>&1; then
                 fails=$((fails + 1))
                 echo "compare run$i run$j ($p): $(grep -m2 -iE 'regress|fail|no result' "$c/$i-$j.txt" | tr '\n' ' ')"
               fi
             done; done
             echo "smoke-ten $p: $fails of 45 pairwise compares failed"; echo
             run "$xfer" fleet "$f"
             summarize_smoke "$f"/run*.json
           done
           for p in $profiles; do
             f="$work/smoke-ten/$p"
             echo "\$ xfer bandwidth --device 0 --memory pinned --direction h2d,d2h --size 1GiB --iterations 2000 &  # the link's other user"
             "$xfer" bandwidth --device 0 --memory pinned --direction h2d,d2h --size 1GiB --iterations 2000 >/dev/null 2>&1 &
             bg=$!
             sleep 3
             timed "$xfer" --label "$p-shared" smoke $([ "$p" = quick ] && echo --quick) --json --output "$work/smoke-ten/$p-shared.json"
             kill "$bg" 2>/dev/null; wait "$bg" 2>/dev/null
             # The shared run is disturbed (issue 32): both gates say DISTURBED and exit 6, never 0.
             expect_rc 6 "$xfer" compare --fail-on-regression 5% "$f/run1.json" "$work/smoke-ten/$p-shared.json"
             mkdir -p "$work/smoke-ten/$p-with-shared"; cp "$f"/run*.json "$work/smoke-ten/$p-shared.json" "$work/smoke-ten/$p-with-shared/"
             expect_rc 6 "$xfer" fleet "$work/smoke-ten/$p-with-shared"
           done ;;
    quick-times) # The quick profile's wall time including the process's start: one GPU three times, then with
                 # several GPUs all of them one after another and at once (QUICK_RUNS runs each, default 3), and
                 # on a machine of more than two GPUs the same for GPUs 0 and 1; --version beside. The documents
                 # are kept in one archive, $out/quick-times.tgz (the device tool brings back few files).
           local k n devs q="$work/quick-times"
           mkdir -p "$q"
           # the class-data archive's effect: --version with and without it, alternating
           rm -rf "$work/nocds" && cp -a "$(dirname "$(dirname "$xfer")")" "$work/nocds" && rm -f "$work/nocds/lib/xfer.jsa"
           for k in 1 2 3 4 5; do timed "$xfer" --version; timed "$work/nocds/bin/xfer" --version; done
           for k in 1 2 3; do timed "$xfer" smoke --quick --json --output "$q/one-$k.json"; done
           n=$(nvidia-smi -L | grep -c '^GPU ')
           if [ "$n" -gt 1 ]; then
             for devs in $([ "$n" -gt 2 ] && echo 0,1) all; do
               for k in $(seq 1 "${QUICK_RUNS:-3}"); do
                 timed "$xfer" smoke --quick --device "$devs" --json --output "$q/sequential-${devs//,/-}-$k.json"
                 timed "$xfer" smoke --quick --device "$devs" --concurrent --json --output "$q/concurrent-${devs//,/-}-$k.json"
               done
             done
           fi
           summarize_smoke "$q"/*.json
           tar -C "$q" -czf "$out/quick-times.tgz" . ;;
    startup) # issue 25: does this host start on the class-data archive (lib/xfer.jsa), and what does it save?
             # Classes loaded from it by --version, then 10 alternating runs with and without it of --version
             # and of smoke --quick (one GPU), wall medians (docs/development.md#start-up-the-class-data-archive).
           local k v t0 t1 s="$work/startup"
           mkdir -p "$s"
           rm -rf "$work/nocds" && cp -a "$(dirname "$(dirname "$xfer")")" "$work/nocds" && rm -f "$work/nocds/lib/xfer.jsa"
           expect_rc 0 env XFER_JAVA_OPTS="-Xlog:class+load:file=$s/class-load.log" "$xfer" --version
           echo "classes from the archive: $(grep -c 'source: shared objects file' "$s/class-load.log") of $(grep -c ' source: ' "$s/class-load.log")"
           for k in 1 2 3 4 5 6 7 8 9 10; do
             for v in with without; do
               local x=$xfer; [ "$v" = without ] && x=$work/nocds/bin/xfer
               t0=$(date +%s.%N); "$x" --version >/dev/null; t1=$(date +%s.%N)
               echo "$t0 $t1" | awk '{ printf "%.3f\n", $2 - $1 }' >> "$s/version-$v"
               t0=$(date +%s.%N); "$x" smoke --quick --json --output "$s/smoke-$v-$k.json" >/dev/null; t1=$(date +%s.%N)
               echo "$t0 $t1" | awk '{ printf "%.3f\n", $2 - $1 }' >> "$s/smoke-$v"
             done
           done
           for v in version-with version-without smoke-with smoke-without; do
             sort -n "$s/$v" | awk -v n="$v" '{ t[NR] = $1 } END { printf "%-16s median %.3f s  min %.3f  max %.3f  (%d runs)\n", n,
               NR % 2 ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2, t[1], t[NR], NR }'
           done ;;
    version-floor) # Issue 33 (D6): what bounds `xfer --version`. 15 alternating runs of it and of the bundled
                   # JVM starting and exiting with nothing to run (`java -version` with the launcher's GC and
                   # -Xshare flags, on the JDK's own class-data archive, not xfer's lib/xfer.jsa), wall medians:
                   # the JVM's own start is the floor no change in xfer goes under.
           local k t0 t1 s="$work/version-floor" java
           java="$(dirname "$(dirname "$xfer")")/runtime/bin/java"
           mkdir -p "$s"; rm -f "$s"/*
           for k in $(seq 1 15); do
             t0=$(date +%s.%N); "$xfer" --version >/dev/null; t1=$(date +%s.%N)
             echo "$t0 $t1" | awk '{ printf "%.3f\n", $2 - $1 }' >> "$s/xfer-version"
             t0=$(date +%s.%N); "$java" -XX:+UseSerialGC -Xshare:auto -version 2>/dev/null; t1=$(date +%s.%N)
             echo "$t0 $t1" | awk '{ printf "%.3f\n", $2 - $1 }' >> "$s/java-version"
           done
           for k in xfer-version java-version; do
             sort -n "$s/$k" | awk -v n="$k" '{ t[NR] = $1 } END { printf "%-13s median %.3f s  min %.3f  max %.3f  (%d runs)\n", n,
               NR % 2 ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2, t[1], t[NR], NR }'
           done ;;
    runs-ten) # --runs against separate processes (issue 32): ten smoke --quick processes and one smoke --quick
              # --runs 10, fleet over each set and compare of each against the other (does a repetition in
              # one process spread as a process does?); then ten --runs 5 documents, all 45 pairwise
              # compare --fail-on-regression 5%, counting the pairs that fail and the rows too noisy to judge.
           local d="$work/runs-ten" r i j fails noisy rows n
           mkdir -p "$d/processes" "$d/five" "$d/compare"
           for r in $(seq 1 10); do
             timed "$xfer" --label "process-$r" smoke --quick --json --output "$d/processes/run$r.json"
           done
           timed "$xfer" --label repetitions smoke --quick --runs 10 --json --output "$d/runs10.json"
           run "$xfer" fleet "$d/processes"
           run "$xfer" fleet "$d/runs10.json"
           run "$xfer" compare "$d/processes" "$d/runs10.json"
           run "$xfer" compare "$d/runs10.json" "$d/processes"
           for r in $(seq 1 10); do
             timed "$xfer" --label "five-$r" smoke --quick --runs 5 --json --output "$d/five/run$r.json"
           done
           fails=0; noisy=0; rows=0
           for i in $(seq 1 9); do for j in $(seq $((i + 1)) 10); do
             if ! "$xfer" compare --fail-on-regression 5% "$d/five/run$i.json" "$d/five/run$j.json" >"$d/compare/$i-$j.txt" 2>&1; then
               fails=$((fails + 1))
               echo "compare five-$i five-$j: $(grep -m2 -iE 'regress|fail|no result' "$d/compare/$i-$j.txt" | tr '\n' ' ')"
             fi
             # From compare's summary line: "compare: N results, ..., K too noisy to judge, ...".
             n=$(sed -n 's/^compare: \([0-9]*\) results.*/\1/p' "$d/compare/$i-$j.txt" | head -1)
             rows=$((rows + ${n:-0}))
             n=$(sed -n 's/^compare: .*, \([0-9]*\) too noisy to judge,.*/\1/p' "$d/compare/$i-$j.txt" | head -1)
             noisy=$((noisy + ${n:-0}))
           done; done
           echo "runs-ten --runs 5: $fails of 45 pairwise compares failed; $noisy of $rows rows too noisy to judge" ;;
    hugepages) # 256 MiB of pinned against pinned-huge memory, 8 separate processes per method, H2D and D2H:
               # does huge-page-backed page-locked memory remove the allocation-to-allocation spread?
           local m r h="$work/hugepages"
           mkdir -p "$h"
           run cat /sys/kernel/mm/transparent_hugepage/enabled /sys/kernel/mm/transparent_hugepage/defrag
           run grep -i hugepages /proc/meminfo
           for r in 1 2 3 4 5 6 7 8; do for m in pinned pinned-huge; do
             expect_rc 0 "$xfer" bandwidth --memory "$m" --direction h2d,d2h --size 256MiB --iterations 20 --json \
               --output "$h/$m-$r.json"
           done; done
           expect_rc 0 "$xfer" bandwidth --memory pinned,pinned-huge --direction h2d,d2h --size 256MiB --iterations 20 --allocations 8
           run python3 - "$h"/*.json <<'PY'
import collections, json, sys
rates = collections.defaultdict(list)
for f in sys.argv[1:]:
    for r in json.load(open(f))["results"]:
        rates[(r["memory"], r["direction"])].append(r["gbps"]["median"])
for (memory, direction), v in sorted(rates.items()):
    print("%-12s %-4s n=%d  %s  min %.2f max %.2f  spread %.1f%%  below 53: %d" % (memory, direction, len(v),
          " ".join("%.2f" % x for x in v), min(v), max(v), (max(v) - min(v)) / max(v) * 100, sum(x < 53 for x in v)))
PY
           ;;
    tests) tar -C "$work" -xJf "$root/.device/gpu-tests.tar.xz"
           # GPU_TESTS narrows the run to matching test classes, e.g. GPU_TESTS='.*Batch.*'
           expect_rc 0 "$work/gpu-tests/run" ${GPU_TESTS:+--include-classname "$GPU_TESTS"} ;;
    *) echo "gpu-check: unknown step $1" >&2; status=2 ;;
  esac
}

for s in "$@"; do
  echo "=== $s ==="
  step "$s" > "$out/$s.log" 2>&1
  cat "$out/$s.log"
done
echo "gpu-check: status $status"
exit $status
