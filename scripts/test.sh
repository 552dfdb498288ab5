#!/usr/bin/env bash
# The whole test suite: installs what the browser test of tools/board needs when it is missing
# (Debian's chromium with apt-get, the pinned npm packages of tools/board/tests/browser with
# npm ci), then runs cargo test with the arguments given and, when it passes, the Python
# package's tests (scripts/python-test.sh: tools/python against the release engine).
set -euo pipefail
cd "$(dirname "$0")/.."

sudo=$( ((EUID == 0)) || echo sudo)
if [[ ! -x /usr/bin/chromium ]]; then
  echo "== apt-get install chromium" >&2
  # A fresh machine's package lists may be missing or stale: update them once if need be.
  $sudo apt-get install -y -q chromium >&2 || { $sudo apt-get update -q >&2 && $sudo apt-get install -y -q chromium >&2; }
fi
browser=tools/board/tests/browser
if [[ ! -d $browser/node_modules/playwright-core ]]; then
  echo "== npm ci in $browser" >&2
  npm ci --prefix "$browser" --silent --no-audit --no-fund >&2
fi
cargo test "$@"
exec scripts/python-test.sh
