#!/usr/bin/env bash
# The upload model against Linux's own TCP, as CI's serial step (as root: network namespaces, TUN
# devices, real-time priority): a reduced form of docs/model.md's grid, held to the same bound.
#   lte: 30 kB and 300 kB; 3g: 30 kB and 100 kB; cubic and bbr; warm after 1 s of idle (lte also
#   5 s) and cold; 3 repetitions. The 1 s gap leaves lte's 300 kB and 3g's 30 kB and 100 kB
#   windows partly restarted, 5 s restarts them whole.
# It builds the release binary, runs `deflate-bench linkcheck` twice (lte, then 3g; the folders go
# to a temporary directory, or to --out DIR), and hands both to scripts/model_bound.py: over every
# case, those that lost packets included, median |error| at most 1 % and 90th percentile at most
# 2 %. Exit 0 within the bound, 1 out of it or when a check failed, 77 without root.
# About 4 minutes on a 2-core VM.
#   scripts/model-check.sh [--out DIR]
set -euo pipefail
# --help prints the comment above, the script's manual.
if [[ "${1:-}" == "--help" || "${1:-}" == "-h" ]]; then
  sed -n '2,/^set -euo pipefail/{/^#/s/^# \{0,1\}//p}' "$0"
  exit 0
fi
cd "$(dirname "$0")/.."
if [[ "$(id -u)" != 0 ]]; then
  echo "scripts/model-check.sh: needs root (linkcheck makes network namespaces and TUN devices)" >&2
  exit 77
fi
out=""
if [[ "${1:-}" == "--out" ]]; then
  out="${2:?--out needs a folder}"
else
  out="$(mktemp -d)"
  trap 'rm -rf "$out"' EXIT
fi

swift build -c release --product deflate-bench
bench="$(swift build -c release --show-bin-path)/deflate-bench"
uptime
"$bench" linkcheck --links lte --bodies 30000,300000 --cc cubic,bbr --connection warm,cold --idle 1,5 \
  --repetitions 3 --out "$out/lte" > /dev/null
"$bench" linkcheck --links 3g --bodies 30000,100000 --cc cubic,bbr --connection warm,cold --idle 1 \
  --repetitions 3 --out "$out/3g" > /dev/null
uptime
python3 scripts/model_bound.py "$out/lte" "$out/3g"
