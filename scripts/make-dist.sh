#!/usr/bin/env bash
# Builds the self-contained Linux distribution (called by Maven in app's package phase):
#   target/dist/<name>/{bin/xfer, runtime/ (jlink), lib/*.jar, man/man1/*.1, completion/xfer_completion}  and  target/<name>.tar.gz
set -euo pipefail
java_home=$1 modules=$2 target=$3 app_jar=$4 name=$5

dist="$target/dist/$name"
rm -rf "$target/dist" "$target/$name.tar.gz"
mkdir -p "$dist/bin" "$dist/lib"

# Left out of the runtime, 0.3 MB of the tarball: what only TLS and HTTP read (the CA certificates,
# the public-suffix list), jrt-fs.jar (for tools on other JDKs that read this runtime's modules) and
# the JDK's default class list (for an archive of the JDK alone; xfer's has its own list). xfer
# opens no network connection (docs/development.md, start-up).
"$java_home/bin/jlink" \
  --add-modules "$modules" \
  --strip-debug --no-header-files --no-man-pages --compress zip-0 \
  --exclude-files='/java.base/lib/security/cacerts,/java.base/lib/security/public_suffix_list.dat,/java.base/lib/jrt-fs.jar,/java.base/lib/classlist' \
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
# Stored, not deflated: the tarball's gzip then compresses all classes as one stream, 1.1 MB less
# (scripts/lib/StoredJar.java says why). Before the archive below, which records each jar's size.
"$java_home/bin/java" "$(dirname "$0")/lib/StoredJar.java" "$dist"/lib/*.jar

# The class path in one fixed order, the launcher's and the archive's alike: a JVM given the jars in
# another order than the archive was dumped with starts without it, silently, and "lib/*" gives
# them in the order the file system lists the folder, which differs from one machine to the next.
jars="xfer.jar $(cd "$target/lib" && LC_ALL=C ls -- *.jar | tr '\n' ' ')"
classpath=
for jar in $jars; do classpath=${classpath:+$classpath:}$dist/lib/$jar; done

# AppCDS: one static archive of the classes a run loads before it touches a GPU (the JDK's and
# xfer's: picocli's model of every command, the options, the CUDA loader, the error and JSON
# paths), listed by a training run that cannot find libcudart, so the list is the same with or
# without a GPU here. Static rather than jlink's --generate-cds-archive plus a dynamic archive
# on top: that pair is 4.8 MB in the tarball (and 3.8 more for the no-compressed-oops copy
# large-memory hosts would need), this one 4.3; rather than JDK 25's AOT cache (-XX:AOTCacheOutput):
# that is 4.4 MB and saved no more CPU time. Dumped with compressed oops, which the launcher asks
# for; a JVM that cannot map it starts without it. Measured: docs/development.md.
# picocli's classes (class file version 49) stay out of it: resolving the constant-pool entries the
# list names links them, and CDS keeps no linked class older than version 50. Leaving those entries
# out archives them, for 0.27 MB more in the tarball and no CPU time saved (measured as above).
classlist="$target/xfer.classlist"
"$dist/runtime/bin/java" -Xshare:off -XX:DumpLoadedClassList="$classlist" -XX:+UseSerialGC -XX:+UseCompressedOops \
  --enable-native-access=ALL-UNNAMED -cp "$classpath" dev.xfer.app.Main \
  --cudart /nonexistent/libcudart.so smoke --quick --json >/dev/null 2>&1 || true   # exit 3: no libcudart there
[ -s "$classlist" ] || { echo "make-dist: the training run listed no classes ($classlist)" >&2; exit 1; }
"$dist/runtime/bin/java" -Xshare:dump -XX:SharedClassListFile="$classlist" -XX:SharedArchiveFile="$dist/lib/xfer.jsa" \
  -XX:+UseSerialGC -XX:+UseCompressedOops -Xlog:cds=off -Xlog:cds+dynamic=off -Xlog:aot=off \
  --enable-native-access=ALL-UNNAMED -cp "$classpath" >/dev/null 2>&1
[ -s "$dist/lib/xfer.jsa" ] || { echo "make-dist: the class-data archive $dist/lib/xfer.jsa was not written" >&2; exit 1; }

sed "s|^jars=.*|jars='$jars'|" "$(dirname "$0")/xfer-launcher.sh" > "$dist/bin/xfer"
grep -q "^jars='xfer.jar " "$dist/bin/xfer" || { echo "make-dist: the launcher's class path was not written" >&2; exit 1; }
chmod +x "$dist/bin/xfer"

# Man pages (asciidoctor's roff from picocli's ManPageGenerator) and the bash/zsh completion,
# both made from the command model in prepare-package (scripts/make-docs.sh).
[ -s "$target/man/man1/xfer.1" ] || { echo "make-dist: no man page $target/man/man1/xfer.1" >&2; exit 1; }
[ -s "$target/completion/xfer_completion" ] || { echo "make-dist: no completion script" >&2; exit 1; }
mkdir -p "$dist/man/man1" "$dist/completion"
# Asciidoctor's manpage backend styles links for groff through '.mso www.tmac' and LINKSTYLE;
# man-db with mandoc, and `mandoc -Tlint`, refuse both (an "insecure request" and an unknown macro).
# The block is groff-only decoration: without it links still read as text <URL>. The backend also
# opens every section with .sp, which a heading already does: mandoc warns "skipping paragraph
# macro: sp after SH" for each (47 over the pages), so the .sp right after .SH or .SS goes.
# ManPagesLintIT fails on any mandoc warning.
for page in "$target"/man/man1/*.1; do
  sed -e '/^\.if \\n\[\.g\] \\{\\$/,/^\.\\}$/d' -e '/^\.S[HS] /{n;/^\.sp$/d;}' \
    "$page" > "$dist/man/man1/$(basename "$page")"
done
grep -l 'mso www.tmac\|LINKSTYLE' "$dist"/man/man1/*.1 && { echo "make-dist: groff-only link styling left in the man pages above" >&2; exit 1; }
cp "$target/completion/xfer_completion" "$dist/completion/"

# gzip -9: 0.2 MB less than tar's default level, for a few seconds more.
tar -C "$target/dist" -cf - "$name" | gzip -9 > "$target/$name.tar.gz"
echo "make-dist: $target/$name.tar.gz ($(du -h "$target/$name.tar.gz" | cut -f1))"
