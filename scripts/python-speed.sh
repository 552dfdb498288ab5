#!/usr/bin/env bash
# The Python package's speed against the engine process and pyffish, on shogi
# (tools/python/benchmarks/speed.py): a scratch venv in target/speed-venv with maturin, pyffish
# and the package, the release engine, then the benchmark with the arguments given.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=target/speed-venv
[[ -x $venv/bin/python ]] || python3 -m venv "$venv"
"$venv/bin/pip" install -q maturin pyffish >&2
"$venv/bin/pip" install -q --force-reinstall --no-deps --no-build-isolation ./tools/python >&2
cargo build --release -q --bin tetsugaku
exec "$venv/bin/python" tools/python/benchmarks/speed.py "$@"
