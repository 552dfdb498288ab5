#!/usr/bin/env bash
# Tetsugaku against a Debian-packaged USI shogi engine through cshogi's match runner: reports
# the score and terminations, fails on tetsugaku's illegal moves, time losses, protocol errors,
# hangs or crashes (the opponent's faults are reported only).
set -euo pipefail

usage() {
  cat <<USAGE
Usage: scripts/debian-engine-match.sh [fairy-stockfish|gpsshogi] [options]

Installs the opponent with apt-get if it is missing (Debian bookworm: fairy-stockfish 11.1,
gpsshogi 0.7.0, whose USI program is gpsusi), builds tetsugaku (cargo build --release),
creates or reuses the cshogi virtualenv (target/cshogi-venv, or \$CSHOGI_VENV) and plays
tetsugaku (as a plain USI engine) against it, colours alternating, each pair of games opened
by the same random plies. Both engines get the same byoyomi (main time 0), one thread and,
where they have one, a 64 MiB hash. Exits 1 on any fault of tetsugaku (illegal move, move
over byoyomi + margin, 'info string error', illegal pv/ponder move, hang, crash) or when the
match cannot finish.

Opponent (default fairy-stockfish):
  fairy-stockfish    /usr/games/fairy-stockfish, options Threads:1,Hash:64,UCI_Variant:shogi
  gpsshogi           /usr/games/gpsusi, option Thread:1

Options (environment variable in brackets):
  --games N          games to play [GAMES, default 10]
  --byoyomi MS       byoyomi per move for both [BYOYOMI, default 300]
  --margin MS        how far a move may exceed byoyomi [MARGIN, default 100]
  --random-plies N   random opening plies per pair of games [RANDOM_PLIES, default 4]
  --seed S           seed of the openings [SEED, default 1]
  --options LIST     tetsugaku's setoption list NAME:VALUE,...
                     [TETSUGAKU_OPTIONS, default USI_Hash:64,Threads:1]
  --opponent-options LIST   replaces the opponent's list above [OPPONENT_OPTIONS]
  --out DIR          records (CSA, PGN), transcripts, summary.txt
                     [default target/matches/<opponent>-<date-time>]
  -h, --help         this text
USAGE
}

source "$(dirname "$0")/lib/cshogi.sh"
opponent=fairy-stockfish
if (($#)) && [[ $1 != -* ]]; then opponent=$1; shift; fi
case $opponent in
  fairy-stockfish) package=fairy-stockfish cmd=/usr/games/fairy-stockfish default_options=Threads:1,Hash:64,UCI_Variant:shogi ;;
  gpsshogi) package=gpsshogi cmd=/usr/games/gpsusi default_options=Thread:1 ;;
  *) echo "unknown opponent: $opponent" >&2; usage >&2; exit 2 ;;
esac
match_args "$@"
opponent_options=${OPPONENT_OPTIONS:-$default_options}
set -- "${REST[@]}"
while (($#)); do
  case $1 in
    --opponent-options) opponent_options=$2; shift 2 ;;
    *) echo "unknown argument: $1" >&2; usage >&2; exit 2 ;;
  esac
done
out=${out:-$REPO/target/matches/$opponent-$(date +%Y%m%d-%H%M%S)}

if [[ ! -x $cmd ]]; then
  sudo=; ((EUID == 0)) || sudo=sudo
  echo "== apt-get install $package" >&2
  $sudo apt-get install -y "$package" || { $sudo apt-get update && $sudo apt-get install -y "$package"; }
fi
echo "== opponent: $(dpkg-query -W -f '${Package} ${Version}' "$package")" >&2
build_tetsugaku
setup_cshogi_venv
echo "== $games games, tetsugaku vs $opponent, byoyomi $byoyomi ms, records in $out" >&2
cshogi_match "$TETSUGAKU" "$cmd" --name1 tetsugaku --name2 "$opponent" \
  --options1 "$options" --options2 "$opponent_options" --games "$games" --byoyomi "$byoyomi" \
  --margin "$margin" --random-plies "$plies" --seed "$seed" --judge 1 --out "$out"
