#!/bin/sh
# xfer launcher: runs the bundled Java runtime; no JDK needed on this machine.
here=$(cd "$(dirname "$0")/.." && pwd)
# A Java runtime that cannot start with the user's options exits 1 (a failed check's code) with its
# message on stdout; try them first, so that becomes one line on stderr and exit 70 instead.
if [ -n "${XFER_JAVA_OPTS:-}" ]; then
  if ! why=$("$here/runtime/bin/java" $XFER_JAVA_OPTS -XX:+UseSerialGC -Xshare:auto -version 2>&1); then
    echo "xfer: the Java runtime cannot start with XFER_JAVA_OPTS='$XFER_JAVA_OPTS': $(printf '%s\n' "$why" | grep -v '^Error occurred during initialization of VM' | head -n 1)" >&2
    exit 70
  fi
fi
exec "$here/runtime/bin/java" ${XFER_JAVA_OPTS:-} \
  --enable-native-access=ALL-UNNAMED \
  -XX:+UseSerialGC -Xshare:auto \
  -cp "$here/lib/*" dev.xfer.app.Main "$@"
