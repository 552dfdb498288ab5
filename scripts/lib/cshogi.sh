# Shared by the cshogi match scripts (source it): the release build of tetsugaku and a Python
# virtualenv with a pinned cshogi, reused by later runs.
#   build_tetsugaku      cargo build --release; sets TETSUGAKU (absolute path of the binary)
#   setup_cshogi_venv    creates or reuses the venv; sets PYTHON
#   match_args ARGS      parses the options common to the match scripts into games, byoyomi,
#                        margin, plies, seed, options, out (defaults from the environment);
#                        calls usage for --help; leaves the other arguments in REST
#   cshogi_match ARGS    runs scripts/lib/cshogi_match.py (see its --help), with its duration
# Environment: CSHOGI_VENV (default target/cshogi-venv), CARGO_TARGET_DIR.

CSHOGI_VERSION=1.1.0
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

build_tetsugaku() {
  echo "== cargo build --release" >&2
  (cd "$REPO" && cargo build --release --quiet)
  local target=${CARGO_TARGET_DIR:-target}
  [[ $target = /* ]] || target=$REPO/$target
  TETSUGAKU=$target/release/tetsugaku
  [[ -x $TETSUGAKU ]] || { echo "no binary at $TETSUGAKU" >&2; return 1; }
}

setup_cshogi_venv() {
  local venv=${CSHOGI_VENV:-$REPO/target/cshogi-venv}
  PYTHON=$venv/bin/python
  if "$PYTHON" -c "import importlib.metadata as m, sys; sys.exit(m.version('cshogi') != '$CSHOGI_VERSION')" 2>/dev/null; then
    return
  fi
  echo "== creating $venv with cshogi $CSHOGI_VERSION" >&2
  python3 -m venv "$venv"
  "$PYTHON" -m pip install --quiet --disable-pip-version-check "cshogi==$CSHOGI_VERSION"
}

match_args() {
  games=${GAMES:-10} byoyomi=${BYOYOMI:-300} margin=${MARGIN:-100}
  plies=${RANDOM_PLIES:-4} seed=${SEED:-1} options=${TETSUGAKU_OPTIONS:-USI_Hash:64,Threads:1}
  out= REST=()
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
      *) REST+=("$1"); shift ;;
    esac
  done
}

cshogi_match() {
  local start=$SECONDS status=0
  "$PYTHON" "$REPO/scripts/lib/cshogi_match.py" "$@" || status=$?
  echo "== $((SECONDS - start)) s" >&2
  return "$status"
}
