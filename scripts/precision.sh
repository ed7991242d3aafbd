#!/usr/bin/env bash
# Do the headline speeds repeat? Runs the same cells several times back to back (three by
# default) with the release build and prints, per cell, each run's headline compression and
# decompression speed (results.csv's compress_mbps and decompress_mbps, the estimator
# docs/methodology.md names), their spread (max / min - 1) and the time each run took per cell.
# When an lzbench is on PATH it runs the same codecs and levels on the same file beside each run
# (`lzbench -o4 -ezlib,1,6/libdeflate,1,6 FILE`, one lzbench run after each of ours) and prints
# its spread and time per cell too. The load average is printed before every run: on a shared
# machine a figure means little without it (docs/measured-figures.md).
#   scripts/precision.sh FILE                         zlib and libdeflate at levels 1 and 6
#   scripts/precision.sh --runs 5 --keep DIR FILE     five runs, results folders kept in DIR
#   scripts/precision.sh FILE -- --min-time 0.01      options after -- go to `deflate-bench run`
# Options: --runs N (3), --backends LIST (zlib,libdeflate), --levels LIST (1,6), --keep DIR (the
# results folders run-1, run-2, ... are kept there; by default they go to a temporary folder that
# is removed), --no-lzbench. Exit status 0 when the runs finished (whatever the spread), 64 for a
# usage error, a run's status when one fails.
set -euo pipefail
# --help prints the comment above, the script's manual.
if [[ "${1:-}" == "--help" || "${1:-}" == "-h" ]]; then
  sed -n '2,/^set -euo pipefail/{/^#/s/^# \{0,1\}//p}' "$0"
  exit 0
fi

runs=3
backends="zlib,libdeflate"
levels="1,6"
keep=""
use_lzbench=1
file=""
extra=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --runs) runs="${2:?--runs needs a number}"; shift 2 ;;
    --backends) backends="${2:?--backends needs a list}"; shift 2 ;;
    --levels) levels="${2:?--levels needs a list}"; shift 2 ;;
    --keep) keep="${2:?--keep needs a folder}"; shift 2 ;;
    --no-lzbench) use_lzbench=0; shift ;;
    --) shift; extra=("$@"); break ;;
    -*) echo "precision.sh: unknown option $1 (see --help)" >&2; exit 64 ;;
    *)
      if [[ -n "$file" ]]; then echo "precision.sh: one FILE only (see --help)" >&2; exit 64; fi
      file="$1"; shift ;;
  esac
done
if [[ -z "$file" ]]; then echo "precision.sh: no FILE given (see --help)" >&2; exit 64; fi
if [[ ! -r "$file" ]]; then echo "precision.sh: cannot read $file" >&2; exit 64; fi
if ! [[ "$runs" =~ ^[0-9]+$ ]] || (( runs < 2 )); then
  echo "precision.sh: --runs must be 2 or more, not $runs" >&2; exit 64
fi
file="$(cd "$(dirname "$file")" && pwd)/$(basename "$file")"
cd "$(dirname "$0")/.."

swift build -c release --product deflate-bench >/dev/null
bench="$(swift build -c release --show-bin-path)/deflate-bench"
if [[ -n "$keep" ]]; then
  mkdir -p "$keep"
  work="$(cd "$keep" && pwd)"
else
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
fi
lzbench=""
if (( use_lzbench )) && command -v lzbench >/dev/null; then lzbench="$(command -v lzbench)"; fi
# lzbench names its codecs as we do; its -e list is codec,level,level/codec,...
lzbench_codecs="$(tr ',' '\n' <<<"$backends" | sed "s/\$/,${levels}/" | paste -sd/ -)"

folders=()
lzbench_outputs=()
for index in $(seq 1 "$runs"); do
  folder="$work/run-$index"
  rm -rf "$folder"
  echo "run $index: load average $(cut -d' ' -f1-3 /proc/loadavg)"
  start=$(date +%s.%N)
  "$bench" run --corpus "$file" --backends "$backends" --levels "$levels" --quiet --out "$folder" \
    ${extra[@]+"${extra[@]}"} >/dev/null
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f\n", b - a }' >"$work/run-$index.wall-seconds"
  folders+=("$folder")
  if [[ -n "$lzbench" ]]; then
    echo "lzbench $index: load average $(cut -d' ' -f1-3 /proc/loadavg)"
    start=$(date +%s.%N)
    "$lzbench" -o4 "-e$lzbench_codecs" "$file" >"$work/lzbench-$index.csv"
    end=$(date +%s.%N)
    awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f\n", b - a }' >"$work/lzbench-$index.wall-seconds"
    lzbench_outputs+=("$work/lzbench-$index.csv")
  fi
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
if [[ -n "$keep" ]]; then echo "results folders in $work"; fi
exec python3 scripts/precision_table.py "${folders[@]}" ${lzbench_outputs[@]+--lzbench "${lzbench_outputs[@]}"}
