#!/usr/bin/env bash
# The main job on a fresh machine: install what is missing, build in release mode, and run the
# default suite (Corpora/default.json). Extra arguments go to `deflate-bench run`, e.g.
#   scripts/bench.sh --quick
#   scripts/bench.sh --upload local --plots
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
swift build -c release --product deflate-bench
exec "$(swift build -c release --show-bin-path)/deflate-bench" run --config Corpora/default.json "$@"
