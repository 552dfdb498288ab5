#!/usr/bin/env bash
# Deep perft from every hasami-family start position, single-threaded, with leaves per second;
# then the deep public numbers of shogi and English checkers and the deepest checkers fixtures
# (checked: a mismatch makes the script fail).
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
# One checked line: name|variant|depth|expected|position (startpos or a position string).
check_line() {
  local name=$1 variant=$2 depth=$3 expected=$4 position=$5
  local args=(perft --variant "$variant" --depth "$depth")
  [ "$position" = startpos ] || args+=(--position "$position")
  out=$(RAYON_NUM_THREADS=1 "$bin" "${args[@]}" 2>&1 | grep -E '^(time|Nodes searched)')
  ms=$(echo "$out" | sed -n 's/^time \([0-9]*\) ms.*/\1/p' | head -1)
  nps=$(echo "$out" | sed -n 's/.*ms, \([0-9]*\) leaves\/s/\1/p' | head -1)
  nodes=$(echo "$out" | sed -n 's/^Nodes searched: //p')
  check=ok
  if [ "$nodes" != "$expected" ]; then check="MISMATCH (expected $expected)"; status=1; fi
  printf '%-34s %5s %14s %10s %14s %s\n' "$variant $name" "$depth" "$nodes" "$ms" "$nps" "$check"
}

# Shogi: public perft numbers too deep for the test suite (sources in tests/perft/shogi.perft).
# Start depth 6: Qiita ak11 "将棋でPerftしてみたまとめ"; matsuri depth 4 and maximum-moves depth 3:
# tomori-k/ShogiLibSharp ShogiLibSharp.Tests/PerftTests.cs.
# English checkers: the public start-position numbers for depths 11 and 12. enryo and
# philosophy-checkers: the deepest line of each start-position fixture (tests/perft/).
printf '\n%-34s %5s %14s %10s %14s %s\n' "variant position" depth nodes ms leaves/s check
while IFS='|' read -r name variant depth expected position; do
  check_line "$name" "$variant" "$depth" "$expected" "$position"
done <<'POSITIONS'
startpos|shogi|5|19861490|startpos
startpos|shogi|6|547581517|startpos
matsuri|shogi|4|516925165|l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1
maximum-moves|shogi|3|53393368|R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1
startpos|checkers|11|85242128|startpos
startpos|checkers|12|388623673|startpos
startpos|enryo|8|23061578|startpos
startpos|philosophy-checkers|8|10016406|startpos
POSITIONS
exit $status
