#!/bin/sh
# xfer launcher: runs the bundled Java runtime; no JDK needed on this machine.
here=$(cd "$(dirname "$0")/.." && pwd)
# A Java runtime that cannot start with the user's options exits 1 (a failed check's code) with its
# message on stdout; try them first, so that becomes one line on stderr and exit 70 instead. The
# JVM reads options from JAVA_TOOL_OPTIONS, JDK_JAVA_OPTIONS and _JAVA_OPTIONS as well as from
# XFER_JAVA_OPTS; the check costs one more short JVM start, only when one of them is set.
given=
[ -n "${XFER_JAVA_OPTS:-}" ] && given="$given XFER_JAVA_OPTS='$XFER_JAVA_OPTS'"
[ -n "${JAVA_TOOL_OPTIONS:-}" ] && given="$given JAVA_TOOL_OPTIONS='$JAVA_TOOL_OPTIONS'"
[ -n "${JDK_JAVA_OPTIONS:-}" ] && given="$given JDK_JAVA_OPTIONS='$JDK_JAVA_OPTIONS'"
[ -n "${_JAVA_OPTIONS:-}" ] && given="$given _JAVA_OPTIONS='$_JAVA_OPTIONS'"
if [ -n "$given" ]; then
  if ! why=$("$here/runtime/bin/java" ${XFER_JAVA_OPTS:-} -XX:+UseSerialGC -Xshare:auto -version 2>&1); then
    # The JVM's own lines around the reason ("Picked up ...", "Error: Could not create ...") say nothing more.
    reason=$(printf '%s\n' "$why" | grep -v -e '^Error occurred during initialization of VM' -e '^Picked up ' \
      -e '^NOTE: Picked up ' -e '^Error: Could not create the Java Virtual Machine' -e '^Error: A fatal exception' | head -n 1)
    [ -n "$reason" ] || reason=$(printf '%s\n' "$why" | head -n 1)
    echo "xfer: the Java runtime cannot start with${given}: $reason" >&2
    exit 70
  fi
fi
# Under the C (POSIX) locale the JVM decodes the arguments as ASCII, so a --label 'ü✓' arrived as
# five U+FFFD and was stored so; and file names with such characters could not be opened. Arguments
# and file names are taken as UTF-8 then (C.UTF-8: the C locale in all else), while the terminal
# stays ASCII: text a terminal cannot show is escaped (\u00fc), never '?', and documents are UTF-8
# whatever the locale (dev.xfer.app.format.StandardStream).
ctype=${LC_ALL:-${LC_CTYPE:-${LANG:-C}}}
terminal=
case $ctype in
  C|POSIX) terminal=US-ASCII; LC_ALL=C.UTF-8; export LC_ALL ;;
esac
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
# -XX:+DisplayVMOutputToStderr: what the JVM itself prints (a thread dump on SIGQUIT, its warnings)
# goes to stderr; on stdout it would land inside a --json or --csv document (issue 41).
archive=
[ -r "$here/lib/xfer.jsa" ] && archive=$here/lib/xfer.jsa
exec "$here/runtime/bin/java" ${archive:+-XX:+UseCompressedOops} ${archive:+"-XX:SharedArchiveFile=$archive"} \
  ${archive:+-Xlog:cds=off} ${archive:+-Xlog:cds+dynamic=off} \
  ${terminal:+-Dstdout.encoding=$terminal} ${terminal:+-Dstderr.encoding=$terminal} ${XFER_JAVA_OPTS:-} \
  --enable-native-access=ALL-UNNAMED \
  -XX:+UseSerialGC -Xshare:auto -XX:+DisplayVMOutputToStderr \
  -cp "$cp" dev.xfer.app.Main "$@"
