#!/usr/bin/env bash
# Tetsugaku against itself through cshogi's USI match runner (python -m cshogi.cli's main), as
# a plain USI shogi engine: fails on any illegal move, time loss, protocol error, hang or crash.
set -euo pipefail

usage() {
  cat <<USAGE
Usage: scripts/cshogi-selfplay.sh [options]

Builds tetsugaku (cargo build --release), creates or reuses a virtualenv with cshogi
(target/cshogi-venv, or \$CSHOGI_VENV) and plays tetsugaku against itself with byoyomi,
colours alternating, each pair of games opened by the same random plies. Prints every game
(plies, result, termination), the score and move times; exits 1 on any illegal move, move
over byoyomi + margin, 'info string error', illegal pv/ponder move, hang or crash.

Options (environment variable in brackets):
  --games N          games to play [GAMES, default 10]
  --byoyomi MS       byoyomi per move, main time 0 [BYOYOMI, default 300]
  --margin MS        how far a move may exceed byoyomi [MARGIN, default 100]
  --random-plies N   random opening plies per pair of games [RANDOM_PLIES, default 4]
  --seed S           seed of the openings [SEED, default 1]
  --options LIST     setoption list NAME:VALUE,... for both engines
                     [TETSUGAKU_OPTIONS, default USI_Hash:64,Threads:1]
  --out DIR          records (CSA, PGN), transcripts, summary.txt
                     [default target/matches/selfplay-<date-time>]
  -h, --help         this text
USAGE
}

source "$(dirname "$0")/lib/cshogi.sh"
match_args "$@"
if ((${#REST[@]})); then echo "unknown argument: ${REST[0]}" >&2; usage >&2; exit 2; fi
out=${out:-$REPO/target/matches/selfplay-$(date +%Y%m%d-%H%M%S)}

build_tetsugaku
setup_cshogi_venv
echo "== $games games, tetsugaku vs tetsugaku, byoyomi $byoyomi ms, options $options, records in $out" >&2
cshogi_match "$TETSUGAKU" "$TETSUGAKU" --name1 tetsugaku-1 --name2 tetsugaku-2 \
  --options1 "$options" --options2 "$options" --games "$games" --byoyomi "$byoyomi" \
  --margin "$margin" --random-plies "$plies" --seed "$seed" --judge 1,2 --out "$out"
