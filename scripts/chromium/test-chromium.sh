#!/bin/bash
# Opens an HTML report in a real headless Chromium (Debian's chromium package, installed with apt
# when missing) and saves what it shows:
#
#   scripts/chromium/test-chromium.sh REPORT.html OUT_DIR [WIDTH,HEIGHT]
#
# Writes OUT_DIR/screenshot.png (the page at WIDTH x HEIGHT, default 1000,2400) and OUT_DIR/dom.html
# (the DOM Chromium built). The checks on them are the JUnit test's (ChromiumReportTest).
# Exit 77: Chromium cannot run here (not root to install it, apt failed) outside CI; in CI
# (CI=true) that is a failure (exit 1) instead.
set -u
report=$(realpath "$1")
out=$(realpath "$2")
size=${3:-1000,2400}

cannot() {
  echo "test-chromium: cannot run: $*" >&2
  if [ "${CI:-}" = true ]; then exit 1; fi
  exit 77
}

browser() { command -v chromium || command -v chromium-browser; }

if [ -z "$(browser)" ]; then
  [ "$(id -u)" = 0 ] || cannot "chromium missing and not root to install it"
  export DEBIAN_FRONTEND=noninteractive
  apt-get -o DPkg::Lock::Timeout=900 install -y --no-install-recommends chromium >/dev/null \
    || { apt-get -o DPkg::Lock::Timeout=900 update >/dev/null && \
         apt-get -o DPkg::Lock::Timeout=900 install -y --no-install-recommends chromium >/dev/null; } \
    || cannot "apt-get install chromium failed"
fi
chromium=$(browser)
[ -n "$chromium" ] || cannot "no chromium after installing it"

mkdir -p "$out"
profile=$(mktemp -d /tmp/xfer-chromium.XXXXXX)
trap 'rm -rf "$profile"' EXIT
# No sandbox: it needs user namespaces that containers and root often lack; the page is our own file.
flags=(--headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$profile"
       --no-first-run --disable-extensions --disable-background-networking)
timeout 120 "$chromium" "${flags[@]}" --window-size="$size" --screenshot="$out/screenshot.png" "file://$report" \
  >"$out/chromium-screenshot.log" 2>&1 \
  || cannot "chromium --screenshot failed: $(tail -5 "$out/chromium-screenshot.log")"
[ -s "$out/screenshot.png" ] || cannot "chromium wrote no screenshot: $(tail -5 "$out/chromium-screenshot.log")"
timeout 120 "$chromium" "${flags[@]}" --dump-dom "file://$report" >"$out/dom.html" 2>"$out/chromium-dom.log" \
  || cannot "chromium --dump-dom failed: $(tail -5 "$out/chromium-dom.log")"
[ -s "$out/dom.html" ] || cannot "chromium dumped no DOM"
echo "test-chromium: $chromium: $out/screenshot.png, $out/dom.html"
