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
  --generate-cds-archive \
  --output "$dist/runtime"

cp "$target/$app_jar" "$dist/lib/xfer.jar"
cp "$target"/lib/*.jar "$dist/lib/"

# AppCDS: a dynamic archive, on top of the runtime's own (--generate-cds-archive above), of the
# classes a run loads before it touches a GPU: picocli's model of every command, xfer's options,
# the CUDA loader, the error and JSON paths. Recorded by a run that cannot find libcudart, so it
# is the same with or without a GPU here. The launcher uses it where it fits and starts without
# it otherwise; the measured difference is in docs/development.md.
"$dist/runtime/bin/java" -XX:ArchiveClassesAtExit="$dist/lib/xfer.jsa" -Xshare:auto -Xlog:cds=off -Xlog:cds+dynamic=off \
  --enable-native-access=ALL-UNNAMED -XX:+UseSerialGC -cp "$dist/lib/*" dev.xfer.app.Main \
  --cudart /nonexistent/libcudart.so smoke --quick --json >/dev/null 2>&1 || true
[ -s "$dist/lib/xfer.jsa" ] || { echo "make-dist: the AppCDS archive $dist/lib/xfer.jsa was not written" >&2; exit 1; }

cp "$(dirname "$0")/xfer-launcher.sh" "$dist/bin/xfer"
chmod +x "$dist/bin/xfer"

# Man pages (asciidoctor's roff from picocli's ManPageGenerator) and the bash/zsh completion,
# both made from the command model in prepare-package (scripts/make-docs.sh).
[ -s "$target/man/man1/xfer.1" ] || { echo "make-dist: no man page $target/man/man1/xfer.1" >&2; exit 1; }
[ -s "$target/completion/xfer_completion" ] || { echo "make-dist: no completion script" >&2; exit 1; }
mkdir -p "$dist/man/man1" "$dist/completion"
cp "$target"/man/man1/*.1 "$dist/man/man1/"
cp "$target/completion/xfer_completion" "$dist/completion/"

tar -C "$target/dist" -czf "$target/$name.tar.gz" "$name"
echo "make-dist: $target/$name.tar.gz ($(du -h "$target/$name.tar.gz" | cut -f1))"
