#!/usr/bin/env bash
# The Python package's tests (tools/python): a venv in target/python-venv (made once, with maturin
# and pytest), the package reinstalled from tools/python (maturin builds the extension against
# the workspace's target/), the release engine and arena built if need be (the tests compare the
# Python rules with the engine; the pipeline test has arena write records), then
# pytest tools/python/tests with the arguments given.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=target/python-venv
if [[ ! -x $venv/bin/python ]]; then
  echo "== python3 -m venv $venv" >&2
  python3 -m venv "$venv"
fi
if ! "$venv/bin/python" -c "import maturin, pytest" 2>/dev/null; then
  echo "== pip install maturin pytest" >&2
  "$venv/bin/pip" install -q maturin pytest >&2
fi
echo "== pip install ./tools/python" >&2
# maturin is in the venv: no isolated build environment to download each run. The venv's bin
# goes first on PATH, as activating it would do: the build backend runs the `maturin` program.
PATH="$PWD/$venv/bin:$PATH" "$venv/bin/pip" install -q --force-reinstall --no-deps --no-build-isolation ./tools/python >&2
echo "== cargo build --release --bin tetsugaku --bin arena" >&2
cargo build --release -q --bin tetsugaku --bin arena
exec "$venv/bin/python" -m pytest -q tools/python/tests "$@"
