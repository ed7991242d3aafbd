#!/usr/bin/env bash
# How stable the answer is between identical runs: runs the same configuration N times back to
# back (release build, --quick by default), checks each run's verdict against its own rules
# (scripts/verdict_check.py), then counts between every pair of runs how often the answer's
# decision, the encoding of the setting it names and the setting itself changed
# (scripts/verdict_flips.py). docs/verdict.md quotes its figures.
#   scripts/stability.sh [N] [-- RUN_ARGUMENTS...]
#   scripts/stability.sh 4                       four `run --config Corpora/default.json --quick`
#   scripts/stability.sh 3 -- --corpus ./uploads --repetitions 10
# N defaults to 4. The runs are kept in a temporary folder whose path is printed (STABILITY_KEEP=DIR
# keeps them in DIR instead). Exit status 0, or the first failing step's.
set -euo pipefail
# --help prints the comment above, the script's manual.
if [[ "${1:-}" == "--help" || "${1:-}" == "-h" ]]; then
  sed -n '2,/^set -euo pipefail/{/^#/s/^# \{0,1\}//p}' "$0"
  exit 0
fi
cd "$(dirname "$0")/.."

count=4
if [[ $# -gt 0 && "$1" != "--" ]]; then
  count="$1"
  shift
fi
if ! [[ "$count" =~ ^[0-9]+$ ]] || ((count < 2)); then
  echo "stability.sh: N must be a whole number of at least 2; got '$count'" >&2
  exit 64
fi
[[ "${1:-}" == "--" ]] && shift
run_arguments=("$@")
if ((${#run_arguments[@]} == 0)); then
  run_arguments=(--config Corpora/default.json --quick)
fi

swift build -c release --product deflate-bench >/dev/null
bench="$(swift build -c release --show-bin-path)/deflate-bench"
work="${STABILITY_KEEP:-$(mktemp -d)}"
mkdir -p "$work"
echo "stability.sh: $count runs of: deflate-bench run ${run_arguments[*]} (into $work)"
folders=()
for ((index = 1; index <= count; index++)); do
  folder="$work/run-$index"
  rm -rf "$folder"
  start=$(date +%s)
  "$bench" run "${run_arguments[@]}" --quiet --out "$folder" >/dev/null
  echo "run $index: $(($(date +%s) - start)) s, load average $(cut -d' ' -f1-3 /proc/loadavg)"
  python3 scripts/verdict_check.py "$folder" | tail -n 1
  folders+=("$folder")
done
python3 scripts/verdict_flips.py --list "${folders[@]}"
