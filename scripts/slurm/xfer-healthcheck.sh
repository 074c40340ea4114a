#!/bin/bash
# Slurm node health check with xfer smoke: HealthCheckProgram in slurm.conf, or call it from a
# prolog. Runs `xfer smoke --quick --device all` (about a second of GPU work per GPU) under a
# --timeout that grows with the node's GPU count, and judges the run:
#   PASS (exit 0, a complete document)       -> nothing
#   FAIL (exit 1 with a FAIL line; exit 3, no usable GPU; exit 4, timed out)
#   NO RESULT (exit 0 or 1 without a complete document, or exit 1 without a FAIL line)
#                                            -> measured once more; drained only when the second run
#                                               is not a PASS either (a transient must not drain)
#   DISTURBED (exit 6: a check failed while the GPU's evidence showed a foreign process, foreign
#             link traffic, throttling, a link retrain or replays; nothing was judged)
#                                            -> measured again at once. Disturbed again: drained, the
#                                               reason naming the evidence ("pid 4711 (python) holds a
#                                               context on GPU 3": a GPU another process holds is not
#                                               ready for the next job). Gone: the new run is judged as
#                                               above, as if it were the first (a transient disturbance
#                                               never drains). A FAIL whose confirming run is disturbed
#                                               is not confirmed: not drained
#   exit 2 (usage error)                     -> never drains: the fault is this script's configuration
#   exit 5, 70, others                       -> never drains; the line goes to stderr (Slurm logs it)
# The drain reason puts the fact first (what failed, both runs' values, the bound: "GPU3 h2d 41,40%
# <70%"; what disturbed the GPU, from the document's disturbances, a foreign process first), cut at
# a word boundary to XFER_REASON_MAX characters: 20 by default, the REASON column `sinfo -R` shows
# (its format is "%20E %9u %19H %N"). The whole reason goes to stderr, and the runs' documents are
# kept in XFER_HEALTH_DIR (NODE.first.json, NODE.again.json; NODE.disturbed.json for a disturbed
# first run).
# Environment:
#   XFER                 the xfer launcher (default /opt/xfer/bin/xfer)
#   XFER_NODE            the node to drain (default $SLURMD_NODENAME, else hostname -s)
#   XFER_HEALTH_TIMEOUT  xfer's --timeout for each run; default 15s + 5s per GPU, the GPUs counted
#                        without CUDA (NVIDIA display/3D controllers in sysfs, else nvidia-smi -L)
#   XFER_HEALTH_PROFILE  quick (default) or standard (the full smoke profile, about 8 s per GPU)
#   XFER_HEALTH_DIR      where the documents go (default ${TMPDIR:-/tmp}/xfer-health)
#   XFER_SMOKE_ARGS      extra smoke options, split at white space and never evaluated or globbed:
#                        "--concurrent --expect pinned.h2d>=80%link"
#   XFER_REASON_MAX      the drain reason's length (default 20)
#   XFER_SYSFS           where sysfs is (default /sys; tests point it at a fake node)
#   SCONTROL             default scontrol
set -u
set -f
xfer=${XFER:-/opt/xfer/bin/xfer}
node=${XFER_NODE:-${SLURMD_NODENAME:-$(hostname -s)}}
scontrol=${SCONTROL:-scontrol}
sysfs=${XFER_SYSFS:-/sys}
docs=${XFER_HEALTH_DIR:-${TMPDIR:-/tmp}/xfer-health}
reason_max=${XFER_REASON_MAX:-20}
read -r -a extra <<<"${XFER_SMOKE_ARGS:-}"
case ${XFER_HEALTH_PROFILE:-quick} in
  quick) profile=(--quick) ;;
  standard) profile=() ;;
  *) echo "xfer-healthcheck: not draining $node: XFER_HEALTH_PROFILE must be quick or standard, not '$XFER_HEALTH_PROFILE'" >&2
     exit 0 ;;
esac

# NVIDIA (vendor 0x10de) VGA (class 0x0300xx) and 3D (0x0302xx) controllers; their audio and
# NVSwitch functions have other classes. No CUDA, no driver needed.
count_gpus() {
  local n=0 dev vendor class devices
  set +f; devices=("$sysfs"/bus/pci/devices/*); set -f
  for dev in "${devices[@]}"; do
    [ -r "$dev/vendor" ] && [ -r "$dev/class" ] || continue
    read -r vendor <"$dev/vendor"; read -r class <"$dev/class"
    [ "$vendor" = 0x10de ] || continue
    case $class in 0x0300*|0x0302*) n=$((n + 1)) ;; esac
  done
  if [ "$n" = 0 ] && command -v nvidia-smi >/dev/null 2>&1; then
    n=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU ')
  fi
  echo "$n"
}

gpus=$(count_gpus)
if [ -n "${XFER_HEALTH_TIMEOUT:-}" ]; then
  timeout=$XFER_HEALTH_TIMEOUT
else
  # The quick profile is about 1 s of GPU work per GPU and 1 s of start on an H200; 5 s per GPU
  # and 15 s for the start (a driver loading after idle without persistence mode) leave a margin of 3.
  timeout=$((15 + 5 * (gpus > 0 ? gpus : 1)))s
fi
mkdir -p "$docs" 2>/dev/null || docs=$(mktemp -d)

# Runs smoke once into document $1; sets rc, output.
run_smoke() {
  rm -f "$1"
  output=$("$xfer" --timeout "$timeout" smoke "${profile[@]}" --device all --output "$1" "${extra[@]}" 2>&1)
  rc=$?
}

# Why document $1 is not a complete smoke result, in ten characters at most (they follow
# "NO RESULT " in a 20-character reason); empty when it is one.
incomplete() {
  if [ ! -s "$1" ]; then echo "no doc"
  elif ! grep -q '"command" *: *"smoke"' "$1"; then echo "not smoke"
  elif grep -q '"complete" *: *false' "$1"; then echo "incomplete"
  elif grep -q '"unusable"' "$1"; then echo "no GPU"
  elif ! grep -q '"context"' "$1"; then echo "no GPU"
  fi
}

# What disturbed the run of document $1, as the document's disturbances say it (their "detail"):
# a foreign process first, as the GPU it holds is not ready for the next job, else the first
# found; else smoke's "GPU N disturbed: ..." line. Read with grep and sed, as the rest of the
# document is; a detail with an escaped quote in it is left out.
disturbance() {
  local pairs pick
  pairs=$(tr '\n' ' ' <"$1" 2>/dev/null | grep -o '"kind" *: *"[a-z-]*" *, *"detail" *: *"[^"\\]*"')
  pick=$(grep -m1 '"foreign-process"' <<<"$pairs")
  [ -n "$pick" ] || pick=$(head -n1 <<<"$pairs")
  if [ -n "$pick" ]; then
    sed -E 's/.*"detail" *: *"([^"]*)"$/\1/' <<<"$pick"
  else
    pick=$(grep -m1 'disturbed: ' <<<"$output")
    echo "${pick:-disturbed (exit 6), no disturbance in the document}"
  fi
}

# Judges the last run against document $1; sets verdict (PASS, FAIL, NO_RESULT, DISTURBED, KEEP)
# and detail.
judge() {
  local why
  why=$(incomplete "$1")
  detail=
  case $rc in
    0|1)
      detail=$(grep -m1 ': FAIL ' <<<"$output")
      if [ -n "$detail" ]; then verdict=FAIL
      elif [ "$rc" = 0 ] && [ -z "$why" ]; then verdict=PASS
      else verdict=NO_RESULT; detail="NO RESULT ${why:-unfinished}"
      fi ;;
    3|4) verdict=FAIL; detail=$(grep -m1 '^xfer: ' <<<"$output"); detail=${detail:-xfer: smoke exit $rc} ;;
    6) verdict=DISTURBED; detail=$(disturbance "$1") ;;
    *) verdict=KEEP; detail=$output ;;
  esac
}

# The fact of a FAIL line, shortest first: "GPU3 h2d 41% <70%"; $2 is the repeat's line, whose
# value joins the first's when both are the same check ("GPU3 h2d 41,40% <70%").
fact() {
  awk -v first="$1" -v again="$2" '
    function neg(op) { return op == ">=" ? "<" : op == ">" ? "<=" : op == "<=" ? ">" : op == "<" ? ">=" : "!=" }
    function num(v) { v = v + 0; return (v >= 10 || v <= -10) ? sprintf("%.0f", v) : sprintf("%.2g", v) }
    function unit(u) { return u == "%link" ? "%" : u }
    # device N (name): FAIL metric op bound (measured value)
    function parse(line, part,   m) {
      if (match(line, /^device [0-9]+ \(.*\): FAIL [^ ]+ (>=|<=|==|>|<) [-0-9.eE+]+[^ ]* \(measured [-0-9.eE+]+[^)]*\)$/)) {
        m = line; sub(/^device /, "", m); part["gpu"] = m + 0
        sub(/^.*\): FAIL /, "", m); split(m, w, " ")
        part["name"] = w[1]; part["op"] = w[2]
        part["bound"] = w[3]; sub(/[^-0-9.eE+].*$/, "", part["bound"])
        part["unit"] = w[3]; sub(/^[-0-9.eE+]+/, "", part["unit"])
        part["value"] = m; sub(/^.*\(measured /, "", part["value"]); sub(/[^-0-9.eE+].*$/, "", part["value"])
        return 1
      }
      return 0
    }
    function short(name) {
      sub(/^pinned\./, "", name); sub(/\.[0-9]+[KMGT]?i?B$/, "", name)
      sub(/^check\.synchronized\.wrong$/, "sync wrong", name); sub(/^overlap\./, "", name)
      return name
    }
    BEGIN {
      if (parse(first, a)) {
        text = "GPU" a["gpu"] " " short(a["name"]) " " num(a["value"])
        if (parse(again, b) && b["name"] == a["name"] && b["gpu"] == a["gpu"]) text = text "," num(b["value"])
        text = text unit(a["unit"]) " " neg(a["op"]) num(a["bound"]) unit(a["unit"])
      } else {
        text = first
        sub(/^xfer: /, "", text); sub(/ here:/, ":", text)
        if (match(text, /^device [0-9]+ \(.*\): FAIL /)) {
          n = text; sub(/^device /, "", n); n = n + 0; sub(/^device [0-9]+ \(.*\): FAIL /, "", text); text = "GPU" n " " text
        }
      }
      if (again != "" && again != first && !(parse(first, a) && parse(again, b) && b["name"] == a["name"])) text = text "; again: " again
      print text
    }'
}

# $1 cut to at most $2 characters at a word boundary (a single longer word is cut inside), with
# no separator left dangling at its end.
cut_words() {
  local text=$1 max=$2 cut
  if [ "${#text}" -le "$max" ]; then cut=$text
  else
    cut=${text:0:$((max + 1))}
    case $cut in *" "*) cut=${cut% *} ;; *) cut=${text:0:$max} ;; esac
  fi
  while :; do case $cut in *[\ :,\;]) cut=${cut%?} ;; *) break ;; esac; done
  printf '%s' "$cut"
}

# Drains the node for reason $1; $2 names the documents kept.
drain() {
  local full=$1 reason
  full=$(printf '%s' "$full" | tr '\n"' " '")
  reason=$(cut_words "$full" "$reason_max")
  echo "xfer-healthcheck: draining $node: $reason (in full: $full; documents $2)" >&2
  "$scontrol" update nodename="$node" state=drain reason="$reason"
}

first_doc="$docs/$node.first.json"
again_doc="$docs/$node.again.json"
disturbed_doc="$docs/$node.disturbed.json"
rm -f "$disturbed_doc"
run_smoke "$first_doc"
judge "$first_doc"
if [ "$verdict" = DISTURBED ]; then
  # Nothing was judged: measure again at once. Still disturbed: the disturbance persists, and a GPU
  # another process holds is not ready for the next job. Gone: the new run is judged as a first run.
  mv -f "$first_doc" "$disturbed_doc" 2>/dev/null
  disturbed_detail=$detail
  run_smoke "$first_doc"
  judge "$first_doc"
  if [ "$verdict" = DISTURBED ]; then
    drain "$detail" "$disturbed_doc, $first_doc"
    exit 0
  fi
  echo "xfer-healthcheck: $node: the first run was DISTURBED ($disturbed_detail), measured again: $verdict" >&2
fi
case $verdict in
  PASS) rm -f "$again_doc"; exit 0 ;;
  KEEP)
    if [ "$rc" = 2 ]; then
      echo "xfer-healthcheck: not draining $node: usage error in the health check itself: $output" >&2
    else
      echo "xfer-healthcheck: not draining $node: xfer exit $rc: $output" >&2
    fi
    exit 0 ;;
esac

# Confirm before draining: a transient (another job's copies on the link, a slow allocation)
# passes the second time.
first_verdict=$verdict first_detail=$detail
run_smoke "$again_doc"
judge "$again_doc"
if [ "$verdict" = PASS ]; then
  echo "xfer-healthcheck: not draining $node: the first run was $first_verdict ($first_detail), the second PASS" >&2
  exit 0
fi
if [ "$verdict" = KEEP ]; then
  echo "xfer-healthcheck: not draining $node: the first run was $first_verdict ($first_detail), the second exit $rc: $output" >&2
  exit 0
fi
if [ "$verdict" = DISTURBED ]; then
  # The confirming run judged nothing: the first run's failure is not confirmed.
  echo "xfer-healthcheck: not draining $node: the first run was $first_verdict ($first_detail), the second DISTURBED ($detail): not confirmed" >&2
  exit 0
fi
drain "$(fact "$first_detail" "$detail")" "$first_doc, $again_doc"
