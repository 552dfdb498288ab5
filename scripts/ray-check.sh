#!/usr/bin/env bash
# The sharded match against the single one: a depth-limited match played by one arena process
# and as shards on a local Ray instance (scripts/ray-match.py) must give the same games and the
# same summary; prints both wall times. Exits 1 if they differ or a game fails arena replay.
set -euo pipefail

usage() {
  cat <<USAGE
Usage: scripts/ray-check.sh [--games N] [--shards N] [--variant V] [--depths A,B] [--out DIR]

Plays --games games (40) of --variant (shogi) between tetsugaku at depth A and depth B (6,7),
seed 2026, 16 MiB hash each: once with 'arena match --concurrency 2', once with
'scripts/ray-match.py match --shards N' (8) on a local Ray instance of this machine's CPUs.
Then it checks that:
- both summaries are the same, but for the record file's name;
- both records hold the same header and games ('arena merge' of the single record puts its
  games in order, as the sharded merge does);
- 'arena replay' finds every game valid.
Output goes in --out (target/ray-check).
USAGE
}

games=40 shards=8 variant=shogi depths=6,7 out=target/ray-check
while (($#)); do
  case $1 in
    --games | --shards | --variant | --depths | --out) printf -v "${1#--}" %s "${2:?$1 needs a value}"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; exit 2 ;;
  esac
done

source "$(dirname "$0")/lib/release.sh"
release_build
arena=$ARENA engine=$TETSUGAKU
mkdir -p "$out"
match=(--variant "$variant" --games "$games" --seed 2026
  --engine "cmd=$engine" "name=d${depths%,*}" "depth=${depths%,*}" option.USI_Hash=16
  --engine "cmd=$engine" "name=d${depths#*,}" "depth=${depths#*,}" option.USI_Hash=16)

since() { awk "BEGIN { print $EPOCHREALTIME - $1 }"; }
start=$EPOCHREALTIME
failed() { grep -v -E 'WARNING|INFO' "$1" | tail -5 >&2; exit 1; }
"$arena" match "${match[@]}" --concurrency 2 --record "$out/one.games" > "$out/one.txt" 2> "$out/one.err" ||
  failed "$out/one.err"
one=$(since "$start")
start=$EPOCHREALTIME
scripts/ray-match.py --arena "$arena" match --shards "$shards" --out "$out/shards" \
  --record "$out/ray.games" -- "${match[@]}" > "$out/ray.txt" 2> "$out/ray.err" || failed "$out/ray.err"
ray=$(since "$start")

cat "$out/ray.txt"
grep -E '^(==|shard|after|Wall)' "$out/ray.err" >&2 || true
"$arena" merge "$out/one.games" --record "$out/one-in-order.games" > /dev/null
status=0
if ! diff <(grep -v '^Games recorded' "$out/one.txt") <(grep -v '^Games recorded' "$out/ray.txt"); then
  echo "FAIL: the summaries differ" >&2; status=1
fi
if ! cmp -s "$out/one-in-order.games" "$out/ray.games"; then
  echo "FAIL: the records differ ($out/one-in-order.games, $out/ray.games)" >&2; status=1
fi
"$arena" replay "$out/ray.games" | tail -1
"$arena" replay "$out/ray.games" > /dev/null || status=1
printf 'wall time: one process (concurrency 2) %.1f s, Ray (%s shards) %.1f s\n' "$one" "$shards" "$ray"
((status == 0)) && echo "same games and summary: OK"
exit $status
