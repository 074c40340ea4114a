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
# The jars in the order the class-data archive was dumped with (scripts/make-dist.sh writes the
# list): given another order, as "lib/*" would in the order the file system lists the folder, the
# JVM starts without the archive.
jars=
cp=
for jar in $jars; do cp=${cp:+$cp:}$here/lib/$jar; done
[ -n "$cp" ] || cp="$here/lib/*"   # a lib/ not laid out by make-dist: every jar, in any order
# The class-data archive (scripts/make-dist.sh) shortens the start; with -Xshare:auto a JVM that
# cannot use it (another runtime, changed jars) starts without it, silently. It was dumped with
# compressed oops, so those are asked for: without it a host with more than about 128 GB of memory
# would size the heap past 32 GB, turn them off and ignore the archive (the heap is then at most
# about 32 GB; -XX:-UseCompressedOops in XFER_JAVA_OPTS undoes it).
archive=
[ -r "$here/lib/xfer.jsa" ] && archive=$here/lib/xfer.jsa
exec "$here/runtime/bin/java" ${archive:+-XX:+UseCompressedOops} ${archive:+"-XX:SharedArchiveFile=$archive"} \
  ${archive:+-Xlog:cds=off} ${archive:+-Xlog:cds+dynamic=off} ${XFER_JAVA_OPTS:-} \
  --enable-native-access=ALL-UNNAMED \
  -XX:+UseSerialGC -Xshare:auto \
  -cp "$cp" dev.xfer.app.Main "$@"
