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
# The app's class-data archive (scripts/make-dist.sh) saves about a third of the start; with
# -Xshare:auto a JVM that cannot use it (another runtime, moved jars) starts without it, silently.
# $cds is split into words, so an installation path with white space goes without it.
cds=
case $here in
  *[[:space:]]*) ;;
  *) [ -r "$here/lib/xfer.jsa" ] && cds="-XX:SharedArchiveFile=$here/lib/xfer.jsa -Xlog:cds=off -Xlog:cds+dynamic=off" ;;
esac
exec "$here/runtime/bin/java" ${XFER_JAVA_OPTS:-} \
  --enable-native-access=ALL-UNNAMED \
  -XX:+UseSerialGC -Xshare:auto $cds \
  -cp "$here/lib/*" dev.xfer.app.Main "$@"
