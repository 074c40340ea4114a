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

cp "$target/$app_jar" "$dist/lib/xfer.jar"
cp "$target"/lib/*.jar "$dist/lib/"

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
