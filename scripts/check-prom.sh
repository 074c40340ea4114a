#!/usr/bin/env bash
# Checks a directory of xfer .prom files with the real consumers, as the CI test
# (PrometheusConsumersTest) does for the golden documents: promtool check metrics on each file, then
# one node_exporter (textfile collector only, on loopback) reading the whole directory: its scrape
# must show no collection error and exactly as many xfer samples as the files hold.
#   scripts/check-prom.sh DIR       needs promtool (Debian: prometheus) and prometheus-node-exporter
set -uo pipefail
dir=$(cd "${1:?usage: check-prom.sh DIR}" && pwd)
status=0
for f in "$dir"/*.prom; do
  if ! out=$(promtool check metrics < "$f" 2>&1) || [ -n "$out" ]; then
    echo "check-prom: promtool refuses $f: $out" >&2; status=1
  fi
done
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
log=$(mktemp)
prometheus-node-exporter --web.listen-address=127.0.0.1:"$port" --collector.disable-defaults --collector.textfile \
  --collector.textfile.directory="$dir" >"$log" 2>&1 &
pid=$!
scrape=
for _ in $(seq 50); do
  scrape=$(curl -fsS "http://127.0.0.1:$port/metrics" 2>/dev/null) && break
  sleep 0.2
done
kill "$pid"; wait "$pid" 2>/dev/null
written=$(cat "$dir"/*.prom | grep -c '^xfer_')
scraped=$(grep -c '^xfer_' <<<"$scrape")
echo "check-prom: $(ls "$dir"/*.prom | wc -l) files, $written samples written, $scraped scraped"
grep -q '^node_textfile_scrape_error 0$' <<<"$scrape" || { echo "check-prom: node_textfile_scrape_error is not 0" >&2; status=1; }
if grep -E 'collected before|level=error' "$log"; then status=1; fi
[ "$written" = "$scraped" ] || { echo "check-prom: the scrape does not hold the samples written" >&2; status=1; }
rm -f "$log"
echo "check-prom: $([ $status = 0 ] && echo OK || echo FAILED)"
exit $status
