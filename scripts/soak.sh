#!/usr/bin/env bash
# Soak: tetsugaku against itself in every variant the engine reports, with tools/arena at fast
# clocks, several matches at once; every record replayed; one table per variant of games,
# terminations and faults (scripts/lib/soak_report.py). Exits 1 on any illegal move, time
# loss, crash, protocol trouble, engine stderr line, INVALID replay or failed match.
set -euo pipefail

usage() {
  cat <<USAGE
Usage: scripts/soak.sh [options]
       scripts/soak.sh --report DIR... [--out DIR]

Builds (cargo build --release), asks target/release/tetsugaku for its variants (the USI_Variant
option of 'usi') and plays one 'arena match' per variant and clock, tetsugaku against itself
(random 4-ply openings, each played with both colours; Shogammon's dice rolled by the arena).
Every record is replayed ('arena replay'); the table (per variant: games, results, plies,
terminations, trouble, log lines, replay ok/INVALID; per clock: games per hour) is printed
and written to DIR/summary.md, every faulty game with its position to DIR/faults.txt.

Options:
  --games N         games per variant and clock, rounded up to even (default $games)
  --total N         instead: N games in all, spread evenly over variants and clocks
  --clock ITEMS     a clock profile: arena engine limits, comma-separated (repeatable;
                    default: ${default_clocks[*]}), e.g. tc=0.2+0.01,
                    movetime=100ms, byoyomi=100ms, tc=0+0,byoyomi=50ms, depth=3
  --jobs N          matches at once (default $jobs)
  --concurrency N   games at once within a match (default $concurrency)
  --seed S          seed of openings and dice (default: the time of the run, in seconds, so that
                    runs to be merged differ)
  --variants LIST   only these variants, comma-separated (default: all the engine reports)
  --rule V:NAME=VAL a rule option for variant V, e.g. shogammon:ShogammonTurnLimit=200
                    (repeatable): arena's --rule, so the referee and both engines play by it.
                    Never set a rule option as an engine option: with option.ShogammonDice the
                    engines would move other pieces than the referee's dice allow
  --engine PROGRAM  the engine to soak (default: the release build of tetsugaku)
  --option NAME=VAL an engine option for both engines (repeatable), e.g. USI_Hash=16
  --max-plies N     adjudicate a draw after N moves (default $max_plies)
  --margin T        how far a move may exceed its allowance (default $margin)
  --out DIR         output directory (default target/soak/<date-time>)
  --report DIR...   no games: the table of the records in DIR... (searched recursively), e.g.
                    several earlier runs together; written to --out
                    (default target/soak/report-<date-time>). Same as --merge
  -h, --help        this text

Per match, in DIR: <variant>@<clock>.games (the record), .out (arena's summary), .err (arena's
stderr with every engine stderr line: RUST_LOG=warn,arena::engine=debug), .meta; run.meta.
USAGE
}

# One match: the record, arena's stdout and stderr, and a .meta with its status and wall time.
play() {
  local variant=$1 clock=$2 stem=$3 rule status=0 start=$EPOCHREALTIME limits match_rules=() load_start
  load_start=$(load 1)
  IFS=, read -ra limits <<< "$clock"
  for rule in "${rules[@]}"; do
    [[ ${rule%%:*} == "$variant" ]] && match_rules+=(--rule "${rule#*:}")
  done
  RUST_LOG=warn,arena::engine=debug "$arena" match --variant "$variant" "${match_rules[@]}" \
    --games "$games" --concurrency "$concurrency" --seed "$seed" --max-plies "$max_plies" \
    --margin "$margin" --each "cmd=$engine" "${limits[@]}" "${options[@]}" \
    --engine name=tetsugaku-1 --engine name=tetsugaku-2 \
    --record "$stem.games" > "$stem.out" 2> "$stem.err" || status=$?
  local seconds
  seconds=$(awk "BEGIN { printf \"%.2f\", $EPOCHREALTIME - $start }")
  printf '%s\n' "variant=$variant" "clock=$clock" "games=$games" "concurrency=$concurrency" \
    "status=$status" "seconds=$seconds" "load_start=$load_start" "load_end=$(load 1)" > "$stem.meta"
  local failed=
  ((status == 0)) || failed=", arena exited with status $status"
  printf '%s  %-20s %-18s %s, %s s%s\n' "$(date +%H:%M:%S)" "$variant" "$clock" \
    "$(sed -n 's/^Terminations: //p' "$stem.out")" "$seconds" "$failed" >&2
}

# Interrupted: stop the matches in progress, each arena by its parent's id (the engines exit
# when arena's pipes close); their records stay, short of games (the report says so).
# shellcheck disable=SC2317 # called by the trap in main
stop() {
  trap - INT TERM
  local pid
  for pid in $(jobs -rp); do
    pkill -TERM -P "$pid" 2>/dev/null || true
    kill "$pid" 2>/dev/null || true
  done
  wait
  echo "interrupted=$(date '+%Y-%m-%d %H:%M:%S')" >> "$out/run.meta"
  exit 130
}

# The load averages (1, 5 and 15 minutes; only the first N of them).
load() { cut -d' ' -f"1-${1:-3}" /proc/loadavg 2>/dev/null || echo '?'; }

# The whole run is one function, read before it starts: editing this file or checking out another
# branch during a run of hours does not change what the running script does.
main() {
  default_clocks=(tc=1+0.01 movetime=20ms)
  games=50 total='' jobs=2 concurrency=1 seed='' variants='' max_plies=1000 margin=100ms out='' engine=''
  clocks=() rules=() options=() report=()
  while (($#)); do
    case $1 in
      --games | --total | --jobs | --concurrency | --seed | --variants | --max-plies | --margin | --out | --engine)
        name=${1#--}
        printf -v "${name//-/_}" %s "${2:?$1 needs a value}"
        shift 2 ;;
      --clock) clocks+=("${2:?$1 needs a value}"); shift 2 ;;
      --rule) rules+=("${2:?$1 needs a value}"); shift 2 ;;
      --option) options+=("option.${2:?$1 needs a value}"); shift 2 ;;
      --report | --merge)
        shift
        while (($#)) && [[ $1 != -* ]]; do report+=("$1"); shift; done
        ((${#report[@]})) || { echo "--report needs directories" >&2; exit 2; } ;;
      -h | --help) usage; exit 0 ;;
      *) echo "unknown argument: $1" >&2; usage >&2; exit 2 ;;
    esac
  done
  for number in games jobs concurrency max_plies ${total:+total}; do
    [[ ${!number} =~ ^[0-9]+$ ]] || { echo "--${number//_/-} needs a number, not ${!number}" >&2; exit 2; }
  done
  ((${#clocks[@]})) || clocks=("${default_clocks[@]}")

  # shellcheck source-path=SCRIPTDIR source=lib/release.sh
  source "$(dirname "$0")/lib/release.sh"
  release_build
  arena=$ARENA engine=${engine:-$TETSUGAKU}
  report_tool=(python3 scripts/lib/soak_report.py --arena "$arena" --jobs "$jobs")

  # The variants, in the order the engine lists them, and its rule options: those listed after
  # USI_Variant (protocol-spec.md section 8.1).
  usi=$(printf 'usi\nquit\n' | "$engine" 2>/dev/null) || true
  mapfile -t all < <(awk '$1 == "option" && $3 == "USI_Variant" {
    for (i = 1; i < NF; i++) if ($i == "var") print $(i + 1) }' <<< "$usi")
  ((${#all[@]})) || { echo "$engine reported no USI_Variant values" >&2; exit 1; }
  order=$(IFS=,; echo "${all[*]}")
  rule_names=" $(awk '$1 == "option" && rules { printf "%s ", $3 } $3 == "USI_Variant" { rules = 1 }' <<< "$usi")"
  for option in "${options[@]}"; do
    name=${option#option.} name=${name%%=*}
    [[ $rule_names != *" $name "* ]] ||
      { echo "--option $name: a rule option; give it as --rule VARIANT:$name=VALUE so the referee plays by it too" >&2; exit 2; }
  done

  if ((${#report[@]})); then
    out=${out:-target/soak/report-$(date +%Y%m%d-%H%M%S)}
    exec "${report_tool[@]}" --out "$out" --order "$order" "${report[@]}"
  fi

  if [[ -n $variants ]]; then
    IFS=, read -ra chosen <<< "$variants"
    for variant in "${chosen[@]}"; do
      [[ " ${all[*]} " == *" $variant "* ]] || { echo "tetsugaku has no variant $variant (it has: ${all[*]})" >&2; exit 2; }
    done
  else
    chosen=("${all[@]}")
  fi
  for rule in "${rules[@]}"; do
    [[ $rule =~ ^([a-z0-9-]+):[A-Za-z_]+=.+$ && " ${chosen[*]} " == *" ${BASH_REMATCH[1]} "* ]] ||
      { echo "--rule $rule: not VARIANT:NAME=VALUE with a variant being played" >&2; exit 2; }
  done
  matches=$((${#chosen[@]} * ${#clocks[@]}))
  [[ -z $total ]] || games=$(((total + matches - 1) / matches))
  games=$(((games + 1) / 2 * 2))
  ((games > 0)) || games=2
  seed=${seed:-$(date +%s)}
  out=${out:-target/soak/$(date +%Y%m%d-%H%M%S)}
  mkdir -p "$out"

  {
    echo "started=$(date '+%Y-%m-%d %H:%M:%S')"
    echo "commit=$(git describe --always --dirty 2>/dev/null || echo '?')"
    echo "jobs=$jobs" "concurrency=$concurrency" "seed=$seed" "games=$games" | tr ' ' '\n'
    echo "clocks=${clocks[*]}"
    echo "cores=$(nproc 2>/dev/null || echo '?')"
    echo "load_start=$(load)"
  } > "$out/run.meta"
  echo "== soak: ${#chosen[@]} variants x ${#clocks[@]} clocks x $games games = $((matches * games)) games," \
    "$jobs matches at once, $concurrency games each, seed $seed, in $out" >&2

  trap stop INT TERM
  start=$EPOCHREALTIME
  for clock in "${clocks[@]}"; do
    for variant in "${chosen[@]}"; do
      while (($(jobs -rp | wc -l) >= jobs)); do wait -n || true; done
      play "$variant" "$clock" "$out/$variant@${clock//[^A-Za-z0-9.+-]/_}" &
    done
  done
  wait
  {
    echo "wall=$(awk "BEGIN { printf \"%.1f\", $EPOCHREALTIME - $start }")"
    echo "load_end=$(load)"
  } >> "$out/run.meta"
  "${report_tool[@]}" --out "$out" --order "$order" "$out"
}

main "$@"; exit  # on one line: bash has read all of it before main starts
