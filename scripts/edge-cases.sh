#!/usr/bin/env bash
# The cases of issue 41 (the edges), each run by one or two xfer distributions side by side:
#   scripts/edge-cases.sh XFER [XFER_BEFORE]
# Each case prints its name, then per build its exit code and the first line it wrote to stderr
# (or stdout where stderr was empty), so a before and an after read as one table. Needs no GPU:
# every case feeds the gates (fleet, compare, plot) or fails before CUDA. Documents come from the
# recorded H200 runs in app/src/test/resources.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
after=$1
before=${2:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
smoke="$root/app/src/test/resources/noise/h200-2026-11-23-quick/smoke-1.json"
bw="$root/app/src/test/resources/noise/h200-2026-11-23/bandwidth-1.json"

# A copy of $smoke with one Python expression applied to the parsed document d.
edit() {
  python3 - "$smoke" "$2" > "$work/$1" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
exec(sys.argv[2])
print(json.dumps(d))
PY
}

mkdir -p "$work/dangling" "$work/empty"
cp "$smoke" "$work/dangling/s00.json"
ln -s missing "$work/dangling/n2.json"
edit incomplete.json 'd["complete"] = False'
edit incomplete-text.json 'd["complete"] = "false"'
edit zero-rate.json 'r = [x for x in d["devices"][0]["results"] if x.get("memory") == "pinned"][0]; r["gbps"]["median"] = 0'
edit tiny-rate.json 'r = [x for x in d["devices"][0]["results"] if x.get("memory") == "pinned"][0]
for k in ("median", "min", "max", "mean"): r["gbps"][k] = 0.001'
edit quantum.json 'd["devices"][0]["results"][0]["memory"] = "quantum"'
edit sideways.json 'd["devices"][0]["results"][0]["direction"] = "sideways"'
edit zero-bytes.json 'd["devices"][0]["results"][0]["bytes"] = 0'
edit a100.json 'd["devices"][0]["context"]["device"]["name"] = "NVIDIA A100-SXM4-80GB"'
edit runs-text.json 'd["runs"] = "x"'
edit label.json 'd["devices"][0]["context"]["label"] = "ü✓…"'
python3 -c "print('[' * 10000 + ']' * 10000)" > "$work/deep.json"
edit long.json 'd["devices"][0]["context"]["label"] = "x" * 20000001'

cases=(
  "dangling link in a folder|fleet $work/dangling"
  "dangling link, compare|compare --fail-on-regression 5% $smoke $work/dangling"
  "dangling link, --skip-bad|fleet --skip-bad $work/dangling"
  "complete: false on smoke|fleet $work/incomplete.json"
  "complete: \"false\"|fleet $work/incomplete-text.json"
  "pinned median 0 with passed: true|fleet $work/zero-rate.json"
  "pinned at 0.001 GB/s|fleet $work/tiny-rate.json"
  "memory: quantum|fleet $work/quantum.json"
  "direction: sideways|fleet $work/sideways.json"
  "one UUID, two models|fleet $smoke $work/a100.json"
  "bytes 0, fleet|fleet $work/zero-bytes.json"
  "bytes 0, compare|compare $smoke $work/zero-bytes.json"
  "bytes 0, plot|plot $work/zero-bytes.json --output $work/p.svg"
  "nesting 10,000 deep|fleet $work/deep.json"
  "a string of 20,000,001 characters|compare $work/long.json $smoke"
  "runs: \"x\" at the top|fleet $work/runs-text.json"
  "empty baseline folder|compare $work/empty $smoke"
  "empty current folder|compare $smoke $work/empty"
  "fleet ''|fleet ''"
  "--iterations 99999999999|bandwidth --iterations 99999999999"
  "--size 16Mb|bandwidth --size 16Mb"
  "--size 16MiB,|bandwidth --size 16MiB,"
  "--memory pinned,pinned|bandwidth --memory pinned,pinned"
  "--fail-on-regression 150%|compare --fail-on-regression 150% $bw $bw"
  "an unknown option|bandwidth --no-such-option"
)

show() {
  local bin=$1 cmd=$2 rc line
  # shellcheck disable=SC2086
  eval "\"$bin\" $cmd" > "$work/out" 2> "$work/err" < /dev/null
  rc=$?
  line=$(grep -v '^\s*$' "$work/err" | head -1)
  [ -n "$line" ] || line=$(grep -v '^\s*$' "$work/out" | tail -1)
  printf '    %-6s exit %-3s %s\n' "$3" "$rc" "${line:0:200}"
}

for c in "${cases[@]}"; do
  echo "${c%%|*}: xfer ${c#*|}" | sed "s|$work/||g; s|$root/||g"
  [ -n "$before" ] && show "$before" "${c#*|}" before
  show "$after" "${c#*|}" after
done 2>&1 | sed "s|$work/||g; s|$root/||g"

echo "C locale, a label ü✓… in fleet --json:"
for b in ${before:+"$before"} "$after"; do
  LANG=C LC_ALL=C "$b" fleet --json "$work/label.json" 2>/dev/null | grep -o '"label": *"[^"]*"' | head -1 | sed 's/^/    /'
done
echo "--version and --help to a closed stdout:"
for b in ${before:+"$before"} "$after"; do
  "$b" --version >&- 2>/dev/null; v=$?; "$b" --help >&- 2>/dev/null; h=$?
  echo "    exit $v and $h"
done
