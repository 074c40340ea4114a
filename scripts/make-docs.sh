#!/usr/bin/env bash
# Generates the man page sources and the shell completion from picocli's model of the commands
# (called by Maven in app's prepare-package phase, before asciidoctor turns the sources into roff):
#   target/generated-docs/adoc/xfer.adoc, xfer-<command>.adoc   (picocli-codegen's ManPageGenerator)
#   target/completion/xfer_completion                             (picocli's AutoComplete, bash and zsh)
# Both walk the command model, so a command added later gets its page and completion unasked.
set -euo pipefail
java_home=$1 target=$2
root_command=dev.xfer.app.cli.XferCommand

classpath="$target/classes:$target/lib/*:$target/codegen/*"
adoc="$target/generated-docs/adoc"
completion="$target/completion"
rm -rf "$adoc" "$completion"
mkdir -p "$adoc" "$completion"

"$java_home/bin/java" -cp "$classpath" picocli.codegen.docgen.manpage.ManPageGenerator \
  --outdir="$adoc" "$root_command"
"$java_home/bin/java" -Dpicocli.autocomplete.systemExitOnError -cp "$classpath" picocli.AutoComplete \
  --force --name=xfer --completionScript="$completion/xfer_completion" "$root_command"

# A missing file here would only show as a missing page in the tarball: fail the build now instead.
[ -s "$adoc/xfer.adoc" ] || { echo "make-docs: ManPageGenerator wrote no $adoc/xfer.adoc" >&2; exit 1; }
[ -s "$completion/xfer_completion" ] || { echo "make-docs: AutoComplete wrote no completion script" >&2; exit 1; }
echo "make-docs: $(ls "$adoc" | wc -l) man page sources, completion/xfer_completion"
