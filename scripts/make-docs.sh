#!/usr/bin/env bash
# Generates the man page sources and the shell completion from picocli's model of the commands
# (called by Maven in app's prepare-package phase, before asciidoctor turns the sources into roff):
#   target/generated-docs/adoc/xfer.adoc, xfer-<command>.adoc   (picocli-codegen's ManPageGenerator)
#   target/completion/xfer_completion                             (picocli's AutoComplete, bash and zsh)
# Both walk the command model, so a command added later gets its page and completion unasked.
set -euo pipefail
java_home=$1 target=$2
root_command=dev.xfer.app.commands.XferCommand

classpath="$target/classes:$target/lib/*:$target/codegen/*"
adoc="$target/generated-docs/adoc"
completion="$target/completion"
rm -rf "$adoc" "$completion"
mkdir -p "$adoc" "$completion"

"$java_home/bin/java" -cp "$classpath" picocli.codegen.docgen.manpage.ManPageGenerator \
  --outdir="$adoc" "$root_command"
"$java_home/bin/java" -Dpicocli.autocomplete.systemExitOnError -cp "$classpath" picocli.AutoComplete \
  --force --name=xfer --completionScript="$completion/xfer_completion" "$root_command"

# picocli's script completes an option's value only as the next word (--memory <TAB>). Teach it
# --memory=<TAB> and comma lists (--memory pinned,<TAB>) without listing any option: every command's
# function reads its words through _xfer_words, and every list of values and file names is
# completed through _xfer_reply; both are appended from scripts/completion-values.bash.
# CompletionIT drives the result in a real bash and zsh.
script="$completion/xfer_completion"
sed -i \
  -e 's/^  local curr_word=\${COMP_WORDS\[COMP_CWORD\]}$/  local curr_word prev_word _xfer_word_prefix; _xfer_words/' \
  -e '/^  local prev_word=\${COMP_WORDS\[COMP_CWORD-1\]}$/d' \
  -e 's/^  echo -e "\$(compgen -W "\${optionList\[\*\]}" -- "\$curr_word")"$/  _xfer_reply "$curr_word" compgen -W "${optionList[*]}" --/' \
  -e 's/\$( compgen -f -- "\${curr_word}" )/$( _xfer_reply "${curr_word}" compgen -f -- )/' \
  "$script"
cat "$(dirname "$0")/completion-values.bash" >> "$script"
[ "$(grep -c '_xfer_words$' "$script")" -gt 1 ] && grep -q '^  _xfer_reply "$curr_word" compgen -W' "$script" \
  || { echo "make-docs: picocli's completion script changed shape; update the edits above" >&2; exit 1; }
! grep -q 'local prev_word=' "$script" \
  || { echo "make-docs: a completion function still reads its words itself" >&2; exit 1; }

# A missing file here would only show as a missing page in the tarball: fail the build now instead.
[ -s "$adoc/xfer.adoc" ] || { echo "make-docs: ManPageGenerator wrote no $adoc/xfer.adoc" >&2; exit 1; }
[ -s "$completion/xfer_completion" ] || { echo "make-docs: AutoComplete wrote no completion script" >&2; exit 1; }
echo "make-docs: $(ls "$adoc" | wc -l) man page sources, completion/xfer_completion"
