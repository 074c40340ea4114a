#!/usr/bin/env bash
# xfer fleet at cluster scale: generates N copies of a real 16 KB H200 document (one node each,
# medians varied within +-1%, one node planted 40% slow, one marked incomplete) and times
# `xfer fleet` over them in a 2 GB heap, with /usr/bin/time -v for wall time, CPU time (user +
# system: what the wall time would be alone on one core, near enough, on a busy machine) and max RSS.
#
#   benchmarks/fleet-scale/run.sh 1000 10000 100000
#
# Environment: XFER (default: the distribution under app/target/dist, see scripts/xfer),
# WORK (default /tmp/xfer-fleet-scale), KEEP=1 keeps the generated documents.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
template="$root/app/src/test/resources/noise/h200-2026-11-23/bandwidth-1.json"
xfer=${XFER:-$(ls "$root"/app/target/dist/xfer-*/bin/xfer 2>/dev/null | head -n 1)}
[ -x "$xfer" ] || { echo "run.sh: no xfer distribution; build it with ./mvnw -B -ntp package -DskipTests -pl app -am" >&2; exit 2; }
work=${WORK:-/tmp/xfer-fleet-scale}
[ $# -gt 0 ] || set -- 1000 10000
echo "machine: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg) before the runs"
printf '%-9s %-9s %-9s %-9s %-12s %-11s %-10s %s\n' documents input "wall s" "CPU s" "max RSS MB" "out lines" "out bytes" "exit"
for n in "$@"; do
  dir="$work/$n"
  rm -rf "$dir"
  python3 "$root/benchmarks/fleet-scale/generate.py" "$template" "$n" "$dir/docs"
  input=$(du -sh "$dir/docs" | cut -f1)
  set +e
  XFER_JAVA_OPTS=-Xmx2g /usr/bin/time -v "$xfer" fleet "$dir/docs" > "$dir/out.txt" 2> "$dir/time.txt"
  rc=$?
  set -e
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; print s}' "$dir/time.txt")
  cpu=$(awk -F': ' '/User time|System time/ {s += $2} END {printf "%.1f", s}' "$dir/time.txt")
  rss=$(awk -F': ' '/Maximum resident set size/ {printf "%.0f", $2 / 1024}' "$dir/time.txt")
  printf '%-9s %-9s %-9s %-9s %-12s %-11s %-10s %s\n' "$n" "$input" "$wall" "$cpu" "$rss" "$(wc -l < "$dir/out.txt")" "$(wc -c < "$dir/out.txt")" "$rc"
  [ "${KEEP:-0}" = 1 ] || rm -rf "$dir/docs"
done
echo "the last report: $dir/out.txt"
