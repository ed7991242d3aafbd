#!/usr/bin/env bash
# The main job on a fresh machine: install what is missing, build in release mode, and run the
# default suite (Corpora/default.json). Extra arguments go to `deflate-bench run`, e.g.
#   scripts/bench.sh --quick
#   scripts/bench.sh --upload local --plots
#   (`deflate-bench run --help` lists every option)
# It ends by printing the command line it ran, with the built binary's path
# (.build/release/deflate-bench, from the repository's folder): the `deflate-bench` that
# README.md and docs/ call. Its exit status is the run's.
set -euo pipefail
# --help prints the comment above, the script's manual.
if [[ "${1:-}" == "--help" || "${1:-}" == "-h" ]]; then
  sed -n '2,/^set -euo pipefail/{/^#/s/^# \{0,1\}//p}' "$0"
  exit 0
fi
cd "$(dirname "$0")/.."

bash scripts/setup.sh
swift build -c release --product deflate-bench
# SwiftPM links .build/release to the platform's folder; the full path when it does not.
binary=.build/release/deflate-bench
[[ -x "$binary" ]] || binary="$(swift build -c release --show-bin-path)/deflate-bench"
command=("$binary" run --config Corpora/default.json "$@")
status=0
"${command[@]}" || status=$?
echo "bench.sh: deflate-bench is built at $binary (in $PWD); this run was:" >&2
echo "  $(printf '%q ' "${command[@]}")" >&2
echo "bench.sh: the commands in README.md and docs/ call it deflate-bench (or: swift run -c release deflate-bench ...)" >&2
exit "$status"
