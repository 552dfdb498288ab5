#!/usr/bin/env bash
# Deep perft from every hasami-family start position, single-threaded, with leaves per second;
# then shogi's deep public numbers (checked: a mismatch makes the script fail).
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

# Shogi: public perft numbers too deep for the test suite (sources in tests/perft/shogi.perft).
# Start depth 6: Qiita ak11 "将棋でPerftしてみたまとめ"; matsuri depth 4 and maximum-moves depth 3:
# tomori-k/ShogiLibSharp ShogiLibSharp.Tests/PerftTests.cs.
status=0
printf '\n%-16s %5s %14s %10s %14s %s\n' shogi depth nodes ms leaves/s check
while IFS='|' read -r name depth expected position; do
  args=(perft --variant shogi --depth "$depth")
  [ "$position" = startpos ] || args+=(--position "$position")
  out=$(RAYON_NUM_THREADS=1 "$bin" "${args[@]}" 2>&1 | grep -E '^(time|Nodes searched)')
  ms=$(echo "$out" | sed -n 's/^time \([0-9]*\) ms.*/\1/p' | head -1)
  nps=$(echo "$out" | sed -n 's/.*ms, \([0-9]*\) leaves\/s/\1/p' | head -1)
  nodes=$(echo "$out" | sed -n 's/^Nodes searched: //p')
  check=ok
  if [ "$nodes" != "$expected" ]; then check="MISMATCH (expected $expected)"; status=1; fi
  printf '%-16s %5s %14s %10s %14s %s\n' "$name" "$depth" "$nodes" "$ms" "$nps" "$check"
done <<'POSITIONS'
startpos|5|19861490|startpos
startpos|6|547581517|startpos
matsuri|4|516925165|l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1
maximum-moves|3|53393368|R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1
POSITIONS
exit $status
