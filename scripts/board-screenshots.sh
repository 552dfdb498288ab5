#!/usr/bin/env bash
# Screenshots of the board page, one per variant, taken by its browser test in headless
# Chromium (tools/board/tests/browser.rs) into target/board-browser/<variant>.png.
# --docs copies them to docs/board-<variant>.png. --no-run only copies what is there.
set -euo pipefail
cd "$(dirname "$0")/.."

docs=0 run=1
for arg in "$@"; do
  case $arg in
    --docs) docs=1 ;;
    --no-run) run=0 ;;
    -h | --help) sed -n '2,5p' "$0"; exit 0 ;;
    *) echo "usage: scripts/board-screenshots.sh [--docs] [--no-run]" >&2; exit 2 ;;
  esac
done

if ((run)); then
  # The browser test runs the engine built beside board by cargo test (the test profile).
  cargo build --profile test --bin tetsugaku
  scripts/test.sh -p board --test browser
fi
shopt -s nullglob
shots=(target/board-browser/*.png)
if ((${#shots[@]} == 0)); then
  echo "no screenshots in target/board-browser: run without --no-run" >&2
  exit 1
fi
if ((docs)); then
  for shot in "${shots[@]}"; do
    cp "$shot" "docs/board-$(basename "$shot")"
  done
  echo "copied ${#shots[@]} screenshots to docs/board-<variant>.png" >&2
fi
