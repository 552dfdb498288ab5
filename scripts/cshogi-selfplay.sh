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
games=${GAMES:-10} byoyomi=${BYOYOMI:-300} margin=${MARGIN:-100}
plies=${RANDOM_PLIES:-4} seed=${SEED:-1} options=${TETSUGAKU_OPTIONS:-USI_Hash:64,Threads:1}
out=$REPO/target/matches/selfplay-$(date +%Y%m%d-%H%M%S)
while (($#)); do
  case $1 in
    --games) games=$2; shift 2 ;;
    --byoyomi) byoyomi=$2; shift 2 ;;
    --margin) margin=$2; shift 2 ;;
    --random-plies) plies=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --options) options=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "unknown argument: $1" >&2; usage >&2; exit 2 ;;
  esac
done

build_tetsugaku
setup_cshogi_venv
echo "== $games games, tetsugaku vs tetsugaku, byoyomi $byoyomi ms, options $options, records in $out" >&2
start=$SECONDS
status=0
cshogi_match "$TETSUGAKU" "$TETSUGAKU" --name1 tetsugaku-1 --name2 tetsugaku-2 \
  --options1 "$options" --options2 "$options" --games "$games" --byoyomi "$byoyomi" \
  --margin "$margin" --random-plies "$plies" --seed "$seed" --judge 1,2 --out "$out" || status=$?
echo "== $((SECONDS - start)) s" >&2
exit "$status"
