#!/usr/bin/env bash
# xfer's own end-to-end check on real hardware: runs the distribution through every command and
# option family, and checks exit codes and the JSON results (with python3, which GPU machines
# have). Needs no JDK. Usage on the GPU machine:
#   scripts/gpu-smoke.sh [XFER]     (XFER: the bin/xfer to test; default: unpack .device/xfer.tar.gz)
# Results and reports go to $OUT (or ./gpu-out). Exit 0 when every check passed.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-$root/gpu-out}
mkdir -p "$out"
if [ $# -ge 1 ]; then
  xfer=$1
else
  work=/tmp/xfer-smoke && rm -rf "$work" && mkdir -p "$work"
  tar -C "$work" -xzf "$root/.device/xfer.tar.gz"
  xfer=$(ls "$work"/xfer-*/bin/xfer)
fi
command -v python3 >/dev/null || { echo "gpu-smoke: python3 is needed to check the JSON results" >&2; exit 3; }

passed=0 failed=0
ok()   { passed=$((passed + 1)); echo "ok   $*"; }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }

# expect CODE NAME ARGS...: runs xfer, keeps stdout/stderr in $out/NAME.{out,err}, checks the exit code.
expect() {
  local want=$1 name=$2; shift 2
  echo "\$ xfer $*" > "$out/$name.cmd"
  "$xfer" "$@" > "$out/$name.out" 2> "$out/$name.err"
  local rc=$?
  if [ "$rc" = "$want" ]; then ok "$name: exit $rc"; else fail "$name: exit $rc, wanted $want ($(head -c 300 "$out/$name.err"))"; fi
}

# json NAME FILE PYTHON: runs a python assertion block with `d` bound to the parsed JSON document.
json() {
  local name=$1 file=$2 code=$3
  if python3 - "$file" <<PY 2> "$out/$name.py.err"
import json, sys
d = json.load(open(sys.argv[1]))
$code
PY
  then ok "$name"; else fail "$name: $(tail -n 1 "$out/$name.py.err")"; fi
}

expect 0 version --version
expect 0 devices devices --json
json devices-json "$out/devices.out" '
assert d["command"] == "devices" and len(d["devices"]) >= 1
g = d["devices"][0]
assert g["memoryTotalBytes"] > 0 and g["multiprocessors"] > 0 and g["asyncEngines"] >= 1, g
assert g["pciBusId"], g'

expect 0 bandwidth bandwidth --json --memory all --direction h2d,d2h,d2d,bidir --size 4KiB,64MiB,2.5GiB \
  --iterations 5 --output "$out/bandwidth.json" --junit "$out/bandwidth.xml" --expect 'pinned.h2d.64MiB >= 70%link'
json bandwidth-json "$out/bandwidth.json" '
assert d["schemaVersion"] == 1 and d["command"] == "bandwidth"
rows = d["results"]
assert len(rows) == 3 * (5 * 2 + 4 * 2 + 1), len(rows)
assert all(r["verified"] for r in rows), [r for r in rows if not r["verified"]]
assert not d["failures"]
assert {r["bytes"] for r in rows} == {4096, 67108864, 2684354560}
for r in rows:
    g = r["gbps"]; assert 0 < g["min"] <= g["median"] <= g["max"], r
assert d["expectations"] and all(e["passed"] for e in d["expectations"]), d["expectations"]'
python3 -c "import xml.dom.minidom,sys; x=xml.dom.minidom.parse(sys.argv[1]); assert x.getElementsByTagName('testcase')" \
  "$out/bandwidth.xml" && ok "bandwidth-junit parses" || fail "bandwidth-junit parses"

expect 0 bandwidth-csv bandwidth --csv --size 1MiB --memory pinned
head -n 1 "$out/bandwidth-csv.out" | grep -q '^device,memory,direction,bytes,median_gbps' && ok "bandwidth-csv header" \
  || fail "bandwidth-csv header"
expect 0 bandwidth-wall bandwidth --timer wall --size 16MiB --memory pageable,pinned,registered,write-combined,heap
expect 0 bandwidth-sweep bandwidth --sizes 4KiB..1MiB --memory pinned --iterations 5

expect 0 overlap overlap --json --expect 'overlap.v1.speedup >= 1.2' --expect 'overlap.v2.error <= 1e-6'
json overlap-json "$out/overlap.out" '
assert d["command"] == "overlap" and len(d["results"]) == 3
for r in d["results"]:
    assert r["maxError"] is not None and r["maxError"] <= 1e-6, r
    assert r["withinTolerance"], r
assert d["model"]["idealMs"] <= d["model"]["sequentialMs"]
assert all(e["passed"] for e in d["expectations"])'
expect 0 overlap-uneven overlap --elements 1000003 --streams 3 --kernel-iterations 10 --csv
expect 0 overlap-pageable overlap --memory pageable --schedules sequential,v1

expect 0 check check --json --trials 10 --size 256MiB
json check-json "$out/check.out" '
assert d["command"] == "check" and len(d["results"]) == 5
for r in d["results"]:
    if r["synchronized"]:
        assert r["wrongTrials"] == 0 and r["verdict"] == "safe", r'

expect 0 batch batch --count 50 --size 1MiB --iterations 2 --json --expect 'batch.pinned-async.gbps >= 10GB/s'
json batch-json "$out/batch.out" '
assert d["command"] == "batch" and len(d["results"]) == 9
assert all(r["verified"] for r in d["results"]), d["results"]
assert all(e["passed"] for e in d["expectations"])'
expect 0 pipeline pipeline --batches 8 --size 4MiB --buffers 3 --json
json pipeline-json "$out/pipeline.out" '
r = d["results"][0]
assert r["withinTolerance"] and r["maxError"] is not None and 0 <= r["hiddenCopyFraction"] <= 1, r'

expect 0 smoke smoke --junit "$out/smoke.xml"
grep -q '^smoke: PASS' "$out/smoke.out" && ok "smoke summary" || fail "smoke summary"
python3 -c "import xml.dom.minidom,sys; x=xml.dom.minidom.parse(sys.argv[1]); assert x.getElementsByTagName('testcase')" \
  "$out/smoke.xml" && ok "smoke-junit parses" || fail "smoke-junit parses"
expect 0 smoke-all smoke --device all
expect 0 smoke-quick smoke --quick --device all --concurrent --json
json smoke-quick-json "$out/smoke-quick.out" '
assert d["profile"] == "quick" and d["passed"], d.get("profile")
for dev in d["devices"]:
    t = dev["seconds"]
    assert t["bandwidth"] + t["overlap"] + t["check"] < 1.5, t
    pinned = [r for r in dev["results"] if r.get("memory") == "pinned" and "gbps" in r]
    assert len(pinned) == 2 and all(r["allocations"]["count"] == 3 for r in pinned), pinned'

expect 1 impossible bandwidth --memory pinned --direction h2d --expect 'pinned.h2d >= 500GB/s'
grep -q '^FAIL pinned.h2d.16MiB >= 500GB/s (measured ' "$out/impossible.out" && ok "impossible prints FAIL" \
  || fail "impossible prints FAIL"
expect 2 bad-expect bandwidth --expect 'pinned.h2d >= fast'
expect 2 unknown-name bandwidth --memory pinned --expect 'pinned.h2d.32MiB >= 1GB/s'
expect 2 bad-size bandwidth --size 16XB
expect 3 bad-device bandwidth --device 99
expect 3 bad-cudart devices --cudart /nonexistent/libcudart.so
expect 4 timeout bandwidth --timeout 1s --memory pageable --size 4GiB --iterations 50
expect 5 too-big bandwidth --memory pinned --size 400GiB

echo "gpu-smoke: $passed passed, $failed failed"
[ "$failed" = 0 ]
