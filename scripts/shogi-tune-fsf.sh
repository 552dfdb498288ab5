#!/usr/bin/env bash
# Tunes shogi's evaluation weights to Fairy-Stockfish's scores: plays Fairy-Stockfish against
# itself with tools/arena (10,000 against 8,000 nodes a move, 8 random opening plies), has
# Fairy-Stockfish score every quiet position at 10,000 nodes (`arena tune --label-engine`, the
# labels saved beside the record), then fits the weights to those labels and to any label files
# of earlier runs given after the steps, by gradient descent (`arena tune --gradient`). Writes the tuned WEIGHTS into
# src/variants/shogi/weights.rs; prove the set with an `arena match --sprt` against the engine
# before it (docs/strength.md) before keeping it.
set -euo pipefail

usage() {
  cat <<USAGE
Usage: scripts/shogi-tune-fsf.sh [games] [steps] [labels...]

  games    Fairy-Stockfish self-play games to record [default 1000]
  steps    steps of the tuner's gradient descent [default 2000]
  labels   label files of earlier runs (target/tune/*.labels) to fit together with the new one

Environment: SEED, the seed of the games' openings [default 2024; give each run its own].

The current weights: 2,000 steps over Fairy-Stockfish's 10,000-node labels of 5,192 games of
tetsugaku's own SPRT matches (`arena tune <records> --label-engine ... nodes=10000`, then this
script's fit); the King-safety terms added since, each fitted alone with every older weight
frozen; and step_mobility, flank_* and drop_reach fitted alone (600 steps) to 126,356 labels of
the same kind (docs/strength.md).

Needs /usr/games/fairy-stockfish (Debian: apt-get install fairy-stockfish). On two cores the
games take about 25 minutes and the labels about 8. Records go to target/tune/.
USAGE
}

if [[ ${1:-} == -h || ${1:-} == --help ]]; then usage; exit 0; fi
games=${1:-1000}
steps=${2:-2000}
fsf=/usr/games/fairy-stockfish
[[ -x $fsf ]] || { echo "$fsf is missing (apt-get install fairy-stockfish)" >&2; exit 2; }

cd "$(dirname "$0")/.."
cargo build --release --quiet
arena=target/release/arena
mkdir -p target/tune
record=target/tune/fsf-self-$(date +%Y%m%d-%H%M%S).games

"$arena" match --variant shogi --games "$games" --concurrency 2 --seed "${SEED:-2024}" --random-plies 8 \
  --max-plies 400 --each cmd=$fsf option.UCI_Variant=shogi option.Hash=16 \
  --engine name=fsf-a nodes=10000 --engine name=fsf-b nodes=8000 --record "$record"

# King-distance bins 4-8 of guard/attack and placements no piece can have stay as they are:
# the King's board value, pawns and lances on the far rank, knights on the two far ranks
# (placement[kind * 81 + row * 9 + column], row 0 the far rank).
freeze=(--freeze 'board_value[7]')
for column in 0 1 2 3 4 5 6 7 8; do
  freeze+=(--freeze "placement[$column]" --freeze "placement[$((81 + column))]")
  freeze+=(--freeze "placement[$((162 + column))]" --freeze "placement[$((171 + column))]")
done
for row in 0 1 2 3 4; do
  for column in 4 5 6 7 8; do
    freeze+=(--freeze "guard[$((row * 9 + column))]" --freeze "attack[$((row * 9 + column))]")
  done
done

labels=${record%.games}.labels
"$arena" tune "$record" --passes 0 --save-labels "$labels" \
  --label-engine cmd=$fsf option.UCI_Variant=shogi option.Hash=16 nodes=10000 --label-concurrency 2

sets=()
for file in "$labels" "${@:3}"; do sets+=(--labels "$file"); done
"$arena" tune "${sets[@]}" --gradient "$steps" --rate 1 --l2 0.0000003 "${freeze[@]}" --write
