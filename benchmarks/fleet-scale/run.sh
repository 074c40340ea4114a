#!/usr/bin/env bash
# xfer fleet at cluster scale, in every format: generates N copies of a real 16 KB H200 document
# (one node each, medians varied within +-1%, one node planted 40% slow, one marked incomplete) and
# times `xfer fleet` over them in a 2 GB heap, once per format (text, --json, --csv, --junit FILE,
# --openmetrics FILE, --all-rows), then `xfer plot` of the --json output into the HTML report, with
# /usr/bin/time -v for wall time, CPU time (user + system: what the wall time would be alone on one
# core, near enough, on a busy machine) and max RSS. Not a timed test: the figures are read, not asserted.
#
#   benchmarks/fleet-scale/run.sh 1000 10000 100000
#
# Environment: XFER (default: the distribution under app/target/dist, see scripts/xfer),
# WORK (default /tmp/xfer-fleet-scale), KEEP=1 keeps the generated documents and the outputs,
# FORMATS (default "text json csv junit openmetrics html all-rows"; html needs json before it).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
template="$root/app/src/test/resources/noise/h200-2026-11-23/bandwidth-1.json"
xfer=${XFER:-$(ls "$root"/app/target/dist/xfer-*/bin/xfer 2>/dev/null | head -n 1)}
[ -x "$xfer" ] || { echo "run.sh: no xfer distribution; build it with ./mvnw -B -ntp package -DskipTests -pl app -am" >&2; exit 2; }
work=${WORK:-/tmp/xfer-fleet-scale}
formats=${FORMATS:-text json csv junit openmetrics html all-rows}
[ $# -gt 0 ] || set -- 1000 10000
echo "machine: $(nproc) CPUs, $(awk '/MemTotal/ {printf "%.0f GB", $2 / 1048576}' /proc/meminfo), load average $(cut -d' ' -f1-3 /proc/loadavg) before the runs"
printf '%-9s %-8s %-11s %-8s %-8s %-11s %-14s %-5s %s\n' documents input format "wall s" "CPU s" "max RSS MB" "output bytes" exit load
# One timed run: its figures on one line; the output's size, then the output is dropped unless KEEP=1.
timed() {  # n input format output command...
  local n=$1 input=$2 format=$3 output=$4 rc
  shift 4
  set +e
  XFER_JAVA_OPTS=-Xmx2g /usr/bin/time -v "$@" > "$dir/$format.stdout" 2> "$dir/$format.time"
  rc=$?
  set -e
  local wall cpu rss bytes
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; print s}' "$dir/$format.time")
  cpu=$(awk -F': ' '/User time|System time/ {s += $2} END {printf "%.1f", s}' "$dir/$format.time")
  rss=$(awk -F': ' '/Maximum resident set size/ {printf "%.0f", $2 / 1024}' "$dir/$format.time")
  bytes=$(stat -c %s "$output" 2>/dev/null || echo -)
  printf '%-9s %-8s %-11s %-8s %-8s %-11s %-14s %-5s %s\n' "$n" "$input" "$format" "$wall" "$cpu" "$rss" "$bytes" "$rc" "$(cut -d' ' -f1 /proc/loadavg)"
  if [ "$rc" != 0 ] && [ "$rc" != 1 ]; then grep -v '^	' "$dir/$format.time" | head -n 3 | sed 's/^/    /'; fi
}
for n in "$@"; do
  dir="$work/$n"
  rm -rf "$dir"
  python3 "$root/benchmarks/fleet-scale/generate.py" "$template" "$n" "$dir/docs"
  input=$(du -sh "$dir/docs" | cut -f1)
  for format in $formats; do
    case $format in
      text) timed "$n" "$input" text "$dir/text.stdout" "$xfer" fleet "$dir/docs"
            cp "$dir/text.stdout" "$dir/out.txt" ;;
      json) timed "$n" "$input" json "$dir/json.stdout" "$xfer" fleet --json "$dir/docs" ;;
      csv) timed "$n" "$input" csv "$dir/csv.stdout" "$xfer" fleet --csv "$dir/docs" ;;
      junit) timed "$n" "$input" junit "$dir/fleet.xml" "$xfer" fleet --junit "$dir/fleet.xml" "$dir/docs" ;;
      openmetrics) timed "$n" "$input" openmetrics "$dir/fleet.prom" "$xfer" fleet --openmetrics "$dir/fleet.prom" "$dir/docs" ;;
      all-rows) timed "$n" "$input" all-rows "$dir/all-rows.stdout" "$xfer" fleet --all-rows "$dir/docs" ;;
      html) timed "$n" "$input" html "$dir/fleet.html" "$xfer" plot -o "$dir/fleet.html" "$dir/json.stdout" ;;
      *) echo "run.sh: unknown format $format" >&2; exit 2 ;;
    esac
  done
  if [ "${KEEP:-0}" != 1 ]; then
    rm -rf "$dir/docs" "$dir"/*.stdout "$dir/fleet.xml" "$dir/fleet.prom" "$dir/fleet.html"
  fi
done
echo "the last text report: $dir/out.txt"
