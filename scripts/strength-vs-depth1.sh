#!/usr/bin/env bash
# Strength check: tetsugaku at a fixed time per move against its own depth-1 search, with
# tools/arena (random 4-ply openings, each played with both colours), then `arena replay` of
# every record. Prints each variant's match summary (W-D-L, Elo with its 95% interval).
# Usage: scripts/strength-vs-depth1.sh [games] [movetime] [variant...]
#        (defaults: 100 games, 200ms, the three checkers variants)
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-100}
movetime=${2:-200ms}
shift $(( $# > 2 ? 2 : $# ))
variants=("$@")
[ ${#variants[@]} -gt 0 ] || variants=(enryo philosophy-checkers checkers)
cargo build --release --quiet
out=target/strength
mkdir -p "$out"
for variant in "${variants[@]}"; do
  target/release/arena match --variant "$variant" --games "$games" --concurrency 2 --seed 2026 \
    --engine cmd=target/release/tetsugaku name="$movetime" movetime="$movetime" option.MoveOverhead=30 \
    --engine cmd=target/release/tetsugaku name=depth1 depth=1 \
    --record "$out/$variant.games" 2>/dev/null
  target/release/arena replay "$out/$variant.games" | tail -1
done
