#!/usr/bin/env bash
# arena report in a real browser: plays two short matches (shogi, dai-hasami), writes their
# reports, and clicks through a game of each in headless Chromium with Playwright
# (scripts/lib/report_browser.mjs), checking the viewer at every step; saves a screenshot of
# each game. Exits 1 if any check fails.
set -euo pipefail

usage() {
  cat <<USAGE
Usage: scripts/report-browser.sh [--out=DIR] [--docs]

Installs what it lacks: Debian's chromium (apt-get) and playwright-core $PLAYWRIGHT (npm, into
DIR/node_modules; Playwright's own browser download is not used). Output in DIR
(target/report-browser): the records, the reports, report-shogi.png and report-dai-hasami.png.
--docs copies the two screenshots to docs/.
USAGE
}

PLAYWRIGHT=1.65.1
out=target/report-browser docs=0
for arg in "$@"; do
  case $arg in
    --out=?*) out=${arg#--out=} ;;
    --docs) docs=1 ;;
    -h | --help) usage; exit 0 ;;
    *) usage >&2; exit 2 ;;
  esac
done

source "$(dirname "$0")/lib/release.sh"
release_build
if [[ ! -x /usr/bin/chromium ]]; then
  echo "== apt-get install chromium" >&2
  $( ((EUID == 0)) || echo sudo) apt-get install -y -q chromium >&2
fi
mkdir -p "$out"
if [[ ! -d $out/node_modules/playwright-core ]]; then
  echo "== npm install playwright-core@$PLAYWRIGHT into $out" >&2
  npm install --prefix "$out" --silent --no-audit --no-fund "playwright-core@$PLAYWRIGHT" >&2
fi
cp scripts/lib/report_browser.mjs "$out/"

status=0
for variant in shogi dai-hasami; do
  "$ARENA" match --variant "$variant" --games 10 --seed 2026 --max-plies 300 \
    --engine "cmd=$TETSUGAKU" name=depth2 depth=2 \
    --engine "cmd=$TETSUGAKU" name=depth1 depth=1 \
    --record "$out/$variant.games" > /dev/null 2>&1
  "$ARENA" report "$out/$variant.games" -o "$out/$variant.html"
  echo "== $variant: game 3, 12 items in" >&2
  node "$out/report_browser.mjs" "$out/$variant.html" 3 12 "$out/report-$variant.png" || status=1
  if ((docs)); then cp "$out/report-$variant.png" "docs/report-$variant.png"; fi
done
exit $status
