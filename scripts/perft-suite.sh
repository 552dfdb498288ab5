#!/usr/bin/env bash
# Deep perft from every hasami-family start position, single-threaded, with leaves per second.
# Usage: scripts/perft-suite.sh [max-depth]   (default 5; depth 6 of the rook variants takes minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
max=${1:-5}
cargo build --release --quiet
bin=target/release/tetsugaku
printf '%-16s %5s %14s %10s %14s\n' variant depth nodes ms leaves/s
for variant in hasami hasami-all hasami-step hasami-step18 dai-hasami dai-hasami-diag dai-hasami-step makyek; do
  for depth in $(seq 1 "$max"); do
    out=$(RAYON_NUM_THREADS=1 "$bin" perft --variant "$variant" --depth "$depth" 2>&1 | grep -E '^(time|Nodes searched)')
    # stderr line: "time <ms> ms, <nps> leaves/s"; stdout last line: "Nodes searched: <n>"
    ms=$(echo "$out" | sed -n 's/^time \([0-9]*\) ms.*/\1/p' | head -1)
    nps=$(echo "$out" | sed -n 's/.*ms, \([0-9]*\) leaves\/s/\1/p' | head -1)
    nodes=$(echo "$out" | sed -n 's/^Nodes searched: //p')
    printf '%-16s %5s %14s %10s %14s\n' "$variant" "$depth" "$nodes" "$ms" "$nps"
  done
done
