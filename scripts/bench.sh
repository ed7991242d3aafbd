#!/usr/bin/env bash
# The main job on a fresh machine: install what is missing, build in release mode, and run the
# default suite (Corpora/default.json). Extra arguments go to `deflate-bench run`, e.g.
#   scripts/bench.sh --quick
#   scripts/bench.sh --upload local --plots
#   (`deflate-bench run --help` lists every option)
set -euo pipefail
# --help prints the comment above, the script's manual.
if [[ "${1:-}" == "--help" || "${1:-}" == "-h" ]]; then
  sed -n '2,/^set -euo pipefail/{/^#/s/^# \{0,1\}//p}' "$0"
  exit 0
fi
cd "$(dirname "$0")/.."

bash scripts/setup.sh
swift build -c release --product deflate-bench
exec "$(swift build -c release --show-bin-path)/deflate-bench" run --config Corpora/default.json "$@"
