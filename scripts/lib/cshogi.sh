# Shared by the cshogi match scripts (source it): the release build of tetsugaku and a Python
# virtualenv with a pinned cshogi, reused by later runs.
#   build_tetsugaku      cargo build --release; sets TETSUGAKU (absolute path of the binary)
#   setup_cshogi_venv    creates or reuses the venv; sets PYTHON
#   cshogi_match ARGS    runs scripts/lib/cshogi_match.py (see its --help)
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

cshogi_match() {
  "$PYTHON" "$REPO/scripts/lib/cshogi_match.py" "$@"
}
