#!/usr/bin/env bash
# Prepares what a GPU machine without a JDK needs, in .device/ (git-ignored, carried by the
# device tool): the distribution, and a bundle that runs the tests tagged gpu with its own
# Java runtime. Then, on the GPU machine: scripts/gpu-check.sh.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
. scripts/lib/java-home.sh
require_java_home

bundle=$(mktemp -d)/gpu-tests
mkdir -p "$bundle/lib" "$bundle/classes"
# A clean build, so no stale class or resource travels; one reactor run, so app's classpath resolves native-bindings from this build; app runs last
# and leaves its test classpath in cp.txt.
./mvnw -B -q -ntp clean package -DskipTests dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile="$bundle/cp.txt"
rm -rf .device && mkdir -p .device
cp app/target/xfer-*-linux-x86_64.tar.gz .device/xfer.tar.gz

"$JAVA_HOME/bin/jlink" --add-modules java.base,java.sql,java.logging,java.xml,jdk.unsupported,java.management \
  --strip-debug --no-header-files --no-man-pages --compress zip-0 --output "$bundle/runtime"
# ArchUnit checks package rules, which no test tagged gpu does: left out, so the bundle and the
# distribution fit one call's carry (64 MiB) beside the checkout.
tr ':' '\n' < "$bundle/cp.txt" | grep -v '/org/junit/\|/org/opentest4j/\|/org/apiguardian/\|native-bindings\|/com/tngtech/archunit/' | while read -r jar; do
  [ -f "$jar" ] && cp "$jar" "$bundle/lib/"
done
./mvnw -B -q -ntp dependency:copy -Dartifact=org.junit.platform:junit-platform-console-standalone:1.13.4 \
  -DoutputDirectory="$bundle" >/dev/null
cp -r app/target/test-classes/. native-bindings/target/test-classes/. "$bundle/classes/"
cp -r app/target/classes/. native-bindings/target/classes/. "$bundle/classes/"
# The package-rule tests go with the ArchUnit jar they need (none is tagged gpu).
rm -rf "$bundle/classes/dev/xfer/app/architecture"
cat > "$bundle/run" <<'RUN'
#!/bin/sh
# Runs the tests tagged gpu; extra arguments go to the JUnit console launcher. A line per test as it
# starts and ends (testfeed), not a tree at the end: a call stopped at the device's time limit still
# shows which tests passed and which one it was in.
here=$(cd "$(dirname "$0")" && pwd)
cd "$here" && mkdir -p target   # jqwik keeps its database under ./target
exec "$here/runtime/bin/java" --enable-native-access=ALL-UNNAMED -Xmx48g \
  -jar "$here"/junit-platform-console-standalone-*.jar execute \
  --class-path "$here/classes:$(ls "$here"/lib/*.jar | tr '\n' ':')" \
  --scan-class-path "$here/classes" --include-tag gpu --details=testfeed --disable-banner "$@"
RUN
chmod +x "$bundle/run"
# xz, not gzip: the runtime and test classes take 23 MB instead of 35
tar -C "$(dirname "$bundle")" -cJf .device/gpu-tests.tar.xz gpu-tests
rm -rf "$(dirname "$bundle")"
du -sh .device/*
