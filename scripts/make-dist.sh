#!/usr/bin/env bash
# Builds the self-contained Linux distribution (called by Maven in app's package phase):
#   target/dist/<name>/{bin/xfer, runtime/ (jlink), lib/*.jar}  and  target/<name>.tar.gz
set -euo pipefail
java_home=$1 modules=$2 target=$3 app_jar=$4 name=$5

dist="$target/dist/$name"
rm -rf "$target/dist" "$target/$name.tar.gz"
mkdir -p "$dist/bin" "$dist/lib"

"$java_home/bin/jlink" \
  --add-modules "$modules" \
  --strip-debug --no-header-files --no-man-pages --compress zip-0 \
  --output "$dist/runtime"

cp "$target/$app_jar" "$dist/lib/xfer.jar"
cp "$target"/lib/*.jar "$dist/lib/"

cat > "$dist/bin/xfer" <<'LAUNCHER'
#!/bin/sh
# xfer launcher: runs the bundled Java runtime; no JDK needed on this machine.
here=$(cd "$(dirname "$0")/.." && pwd)
exec "$here/runtime/bin/java" ${XFER_JAVA_OPTS:-} \
  --enable-native-access=ALL-UNNAMED \
  -XX:+UseSerialGC -Xshare:auto \
  -cp "$here/lib/*" dev.xfer.app.Main "$@"
LAUNCHER
chmod +x "$dist/bin/xfer"

tar -C "$target/dist" -czf "$target/$name.tar.gz" "$name"
echo "make-dist: $target/$name.tar.gz ($(du -h "$target/$name.tar.gz" | cut -f1))"
