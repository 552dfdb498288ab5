#!/usr/bin/env bash
# The ladder of strength levels (protocol-spec.md §8.3, docs/strength.md "Levels"): in each
# variant, level n against level n-4 for n = 4, 8, 12, 16, 20 with tools/arena (random 4-ply
# openings, each played with both colours, two games at a time), every record replayed; then
# the records' decisive games checked for losses at once that another move avoided
# (scripts/losses-at-once.py). Prints one line per pair: W-D-L, score, Elo with its 95% interval,
# terminations.
# Usage: scripts/level-ladder.sh [games] [movetime] [variant...]
#        (defaults: 100 games, 100ms, shogi hasami ito philosophers-chess)
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-100}
movetime=${2:-100ms}
shift $(( $# > 2 ? 2 : $# ))
variants=("$@")
[ ${#variants[@]} -gt 0 ] || variants=(shogi hasami ito philosophers-chess)
cargo build --release --quiet
out=target/ladder
mkdir -p "$out"
for variant in "${variants[@]}"; do
  for n in 4 8 12 16 20; do
    record="$out/$variant-$n-$((n - 4)).games"
    target/release/arena match --variant "$variant" --games "$games" --concurrency 2 --seed 2027 \
      --engine cmd=target/release/tetsugaku name="L$n" movetime="$movetime" "option.Skill Level=$n" \
      --engine cmd=target/release/tetsugaku name="L$((n - 4))" movetime="$movetime" "option.Skill Level=$((n - 4))" \
      --record "$record" 2>/dev/null >"$out/summary"
    echo "$variant L$n-L$((n - 4)): $(grep -E 'W-D-L|Elo|Terminations' "$out/summary" | tr -s ' ' | tr '\n' ' ')"
    target/release/arena replay "$record" | tail -1
  done
  scripts/losses-at-once.py --engine target/release/tetsugaku "$out/$variant-4-0.games" | tail -1
done
