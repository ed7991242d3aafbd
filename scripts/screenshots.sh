#!/usr/bin/env bash
# Screenshots of a report page at a desktop size (1280x800, report-page.png) and a phone size
# (390x844, report-page-phone.png), taken by headless Chromium after the page's scripts ran, with
# the page set to 50 Mixpanel events per request on a 1 Mbit/s, 100 ms link.
#   scripts/screenshots.sh [PAGE [FOLDER]]
# PAGE defaults to Results/example/report.html and FOLDER to docs/, where the README and
# docs/outputs.md show the pictures: after Results/example is regenerated, run it with no
# arguments and commit the two PNGs. The browser test (ReportPageBrowserTests) runs this script
# into a scratch folder and checks the pictures. scripts/setup.sh installs chromium.
set -euo pipefail
# --help prints the comment above, the script's manual.
if [[ "${1:-}" == "--help" || "${1:-}" == "-h" ]]; then
  sed -n '2,/^set -euo pipefail/{/^#/s/^# \{0,1\}//p}' "$0"
  exit 0
fi
cd "$(dirname "$0")/.."

page="$(realpath "${1:-Results/example/report.html}")"
folder="${2:-docs}"
[[ -f "$page" ]] || { echo "screenshots.sh: no page at $page" >&2; exit 66; }
browser=""
for name in chromium chromium-browser google-chrome; do
  if command -v "$name" >/dev/null 2>&1; then browser="$(command -v "$name")" && break; fi
done
[[ -n "$browser" ]] || { echo "screenshots.sh: no chromium found (scripts/setup.sh installs it)" >&2; exit 69; }
mkdir -p "$folder"

# A private profile per picture, so that two runs side by side never share (and lock) one.
profile=""
trap 'if [[ -n "$profile" ]]; then rm -rf "$profile"; fi' EXIT
shoot() {
  local file="$1" size="$2"
  profile="$(mktemp -d)"
  # --virtual-time-budget gives the page's scripts time to run before the picture is taken.
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --no-first-run --disable-extensions \
    --hide-scrollbars --user-data-dir="$profile" --window-size="$size" --virtual-time-budget=2000 \
    --screenshot="$file" "file://${page}#corpus=mixpanel&split=events%3D50&uplink=1Mbit&rtt=100ms&device=this" \
    >/dev/null 2>&1 || { echo "screenshots.sh: $browser failed on $page" >&2; exit 1; }
  rm -rf "$profile"
  profile=""
  echo "$file"
}
shoot "$(realpath "$folder")/report-page.png" 1280,800
shoot "$(realpath "$folder")/report-page-phone.png" 390,844
