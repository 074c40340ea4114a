
# ---- Added by xfer's scripts/make-docs.sh (from scripts/completion-values.bash) ----
# picocli's functions above complete an option's value only when it is the next word. These two
# let them also complete --opt=value and the last item of a comma list (--memory pinned,<TAB>).

# Sets the calling function's curr_word, prev_word and _xfer_word_prefix (bash's dynamic scoping).
function _xfer_words() {
  curr_word=${COMP_WORDS[COMP_CWORD]}
  prev_word=${COMP_WORDS[COMP_CWORD-1]}
  _xfer_word_prefix=""
  if [[ ${curr_word} == "=" ]]; then
    # bash, --memory=<TAB>: '=' is in COMP_WORDBREAKS, so it is a word of its own
    prev_word=${COMP_WORDS[COMP_CWORD-1]}
    curr_word=""
  elif [[ ${prev_word} == "=" ]] && (( COMP_CWORD >= 2 )); then
    # bash, --memory=pin<TAB>
    prev_word=${COMP_WORDS[COMP_CWORD-2]}
  elif [[ ${curr_word} == --*=* ]]; then
    # zsh's bashcompinit keeps --memory=pin one word, and replaces the whole of it
    prev_word=${curr_word%%=*}
    _xfer_word_prefix=${curr_word%%=*}=
    curr_word=${curr_word#*=}
  fi
}

# Runs a compgen command (all but the first argument) on the last item of the comma list WORD (the
# first argument, the word being completed), and prints each match with the items before it (and,
# in zsh, the --opt= before them) put back. Written for bash and for zsh's bashcompinit alike.
function _xfer_reply() {
  local word=$1
  shift
  local list_prefix=""
  if [[ ${word} == *,* ]]; then
    list_prefix=${word%,*},
  fi
  local match
  if [[ -n ${ZSH_VERSION-} && $1 == compgen && $2 == -f ]]; then
    # zsh's compgen -f globs the whole word on the line (--output=/tm...), not the item given
    set -- compgen -G "${word##*,}*" --
    word=""
  fi
  "$@" "${word##*,}" | while IFS= read -r match; do
    # an item already in the list is not offered again
    [[ -n ${match} && ,${list_prefix} != *,${match},* ]] && printf '%s\n' "${_xfer_word_prefix}${list_prefix}${match}"
  done
}
