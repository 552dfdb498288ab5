#!/usr/bin/env bash
# The protocol fuzz (tests/protocol/fuzz) as a long run: `lines` fuzzed command lines in all,
# spread over every variant, from `seed` (default: the time, printed so a run can be repeated).
# The same test `cargo test` runs for a few seconds; it prints a table of what was sent and
# fails with the offending lines and their replies.
#
#   scripts/fuzz.sh [lines] [seed]        e.g. scripts/fuzz.sh 1000000 0x2026
set -euo pipefail
cd "$(dirname "$0")/.."
lines=${1:-1000000}
seed=${2:-$(date +%s)}
echo "protocol fuzz: $lines lines, seed $seed" >&2
TETSUGAKU_FUZZ_LINES=$lines TETSUGAKU_FUZZ_SEED=$seed \
    cargo test --test protocol -- fuzz:: --nocapture
