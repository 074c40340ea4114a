#!/usr/bin/env bash
# Builds the self-contained Linux distribution (called by Maven in app's package phase):
#   target/dist/<name>/{bin/xfer, runtime/ (jlink), lib/*.jar, man/man1/*.1, completion/xfer_completion}  and  target/<name>.tar.gz
set -euo pipefail
java_home=$1 modules=$2 target=$3 app_jar=$4 name=$5

dist="$target/dist/$name"
rm -rf "$target/dist" "$target/$name.tar.gz"
mkdir -p "$dist/bin" "$dist/lib"

"$java_home/bin/jlink" \
  --add-modules "$modules" \
  --strip-debug --no-header-files --no-man-pages --compress zip-0 \
  --output "$dist/runtime"
# The JVM's symbol table is for debuggers: without it the tarball is 1.5 MB smaller, room for the
# class-data archive below within the 25 MB the distribution may take.
if command -v strip >/dev/null; then
  strip --strip-unneeded "$dist/runtime/lib/server/libjvm.so"
else
  echo "make-dist: no strip (binutils): libjvm.so keeps its symbols" >&2
fi

cp "$target/$app_jar" "$dist/lib/xfer.jar"
cp "$target"/lib/*.jar "$dist/lib/"

# AppCDS: one static archive of the classes a run loads before it touches a GPU (the JDK's and
# xfer's: picocli's model of every command, the options, the CUDA loader, the error and JSON
# paths), listed by a training run that cannot find libcudart, so the list is the same with or
# without a GPU here. Static rather than jlink's --generate-cds-archive plus a dynamic archive
# on top: that pair is 4.8 MB in the tarball (and 3.8 more for the no-compressed-oops copy
# large-memory hosts would need), this one 4.3. Dumped with compressed oops, which the launcher
# asks for; a JVM that cannot map it starts without it. Measured: docs/development.md.
# Not shipped by default: the archive is 4.3 MB in the tarball, which puts it at 25.9 MB, over the
# distribution's 25 MB budget, for 0.06-0.14 s less start-up on an H200 host (xfer --version 0.42-0.56 s
# with it, 0.56-0.63 s without, 2026-11-23). XFER_DIST_CDS=1 builds it; the launcher uses it when present.
if [ "${XFER_DIST_CDS:-0}" = 1 ]; then
  classlist="$target/xfer.classlist"
  "$dist/runtime/bin/java" -Xshare:off -XX:DumpLoadedClassList="$classlist" -XX:+UseSerialGC -XX:+UseCompressedOops \
    --enable-native-access=ALL-UNNAMED -cp "$dist/lib/*" dev.xfer.app.Main \
    --cudart /nonexistent/libcudart.so smoke --quick --json >/dev/null 2>&1 || true   # exit 3: no libcudart there
  [ -s "$classlist" ] || { echo "make-dist: the training run listed no classes ($classlist)" >&2; exit 1; }
  "$dist/runtime/bin/java" -Xshare:dump -XX:SharedClassListFile="$classlist" -XX:SharedArchiveFile="$dist/lib/xfer.jsa" \
    -XX:+UseSerialGC -XX:+UseCompressedOops -Xlog:cds=off -Xlog:cds+dynamic=off -Xlog:aot=off \
    --enable-native-access=ALL-UNNAMED -cp "$dist/lib/*" >/dev/null 2>&1
  [ -s "$dist/lib/xfer.jsa" ] || { echo "make-dist: the class-data archive $dist/lib/xfer.jsa was not written" >&2; exit 1; }
fi

cp "$(dirname "$0")/xfer-launcher.sh" "$dist/bin/xfer"
chmod +x "$dist/bin/xfer"

# Man pages (asciidoctor's roff from picocli's ManPageGenerator) and the bash/zsh completion,
# both made from the command model in prepare-package (scripts/make-docs.sh).
[ -s "$target/man/man1/xfer.1" ] || { echo "make-dist: no man page $target/man/man1/xfer.1" >&2; exit 1; }
[ -s "$target/completion/xfer_completion" ] || { echo "make-dist: no completion script" >&2; exit 1; }
mkdir -p "$dist/man/man1" "$dist/completion"
# Asciidoctor's manpage backend styles links for groff through '.mso www.tmac' and LINKSTYLE;
# man-db with mandoc, and `mandoc -Tlint`, refuse both (an "insecure request" and an unknown macro).
# The block is groff-only decoration: without it links still read as text <URL>. ManPagesLintIT checks.
for page in "$target"/man/man1/*.1; do
  sed '/^\.if \\n\[\.g\] \\{\\$/,/^\.\\}$/d' "$page" > "$dist/man/man1/$(basename "$page")"
done
grep -l 'mso www.tmac\|LINKSTYLE' "$dist"/man/man1/*.1 && { echo "make-dist: groff-only link styling left in the man pages above" >&2; exit 1; }
cp "$target/completion/xfer_completion" "$dist/completion/"

tar -C "$target/dist" -czf "$target/$name.tar.gz" "$name"
echo "make-dist: $target/$name.tar.gz ($(du -h "$target/$name.tar.gz" | cut -f1))"
