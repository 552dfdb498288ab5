#!/usr/bin/env bash
# Lazy SMP: nodes per second of the bench with 1 and 2 (or more) threads.
# Usage: scripts/smp-speedup.sh [depth] [threads...]   (default depth 8, threads 1 2)
set -euo pipefail
cd "$(dirname "$0")/.."
depth=${1:-8}
shift || true
threads=("${@:-1 2}")
cargo build --release --quiet
for t in ${threads[@]}; do
  echo "threads $t: $(target/release/tetsugaku bench --depth "$depth" --threads "$t" 2>/dev/null | tr '\n' ' ')"
done
