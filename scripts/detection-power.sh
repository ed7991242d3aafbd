#!/usr/bin/env bash
# Measures how well `compare` catches a known regression, for the README: records a baseline of a
# small suite, then measures it again in rounds; each round runs once per injected cost (0 %, 2 %,
# 5 %, 10 % extra work in libdeflate's compression, through DEFLATEBENCH_INJECT_EXTRA_WORK), with
# a busy core beside it, and counts how often each gate flags the run:
#   instructions   compare --instruction-threshold 2 (speed gate off)
#   time 10 %      compare's default speed gate (bootstrap interval beyond 10 %; instructions off)
#   time 2 %       the same speed gate at the instruction gate's 2 %
#   CI time gate   the loose wall-time gate of .ci/run: --relative --threshold 50
# At 0 % every flag is a false alarm; above it, a catch. Every run measures both metrics at once
# (run --metric time,instructions), so the gates judge the same runs. The table is printed after
# every round, so a run cut short still reports the rounds it finished.
#   scripts/detection-power.sh [ROUNDS]        default 20
set -euo pipefail
# --help prints the comment above, the script's manual.
if [[ "${1:-}" == "--help" || "${1:-}" == "-h" ]]; then
  sed -n '2,/^set -euo pipefail/{/^#/s/^# \{0,1\}//p}' "$0"
  exit 0
fi
cd "$(dirname "$0")/.."

rounds="${1:-20}"
swift build -c release --product deflate-bench >/dev/null
bench="$(swift build -c release --show-bin-path)/deflate-bench"
work="$(mktemp -d)"
busy_pid=""
cleanup() {
  if [[ -n "$busy_pid" ]]; then kill "$busy_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# Three payload sets of 100 request bodies each, so the injected work is whole payloads (2 of
# 100 for 2 %: every library call has a fixed cost, and a sliver of one payload would cost more
# than its share), through the backend that gets the extra work and zlib level 6, the reference
# cell of the relative gate.
suite=(
  --corpus json-events:mixpanel:count=1000,events=10 --corpus json-events:segment:count=1000,events=10
  --corpus json-events:otlp-logs:count=1000,events=10
  --backends zlib,libdeflate --levels 6 --quick --metric time,instructions --quiet
)
percents=(0 2 5 10)

# One core kept busy for the whole measurement, as a neighbour on a shared runner would.
(while :; do :; done) &
busy_pid=$!

"$bench" run "${suite[@]}" --out "$work/baseline" >/dev/null 2>&1

# 1 when compare flags a regression (exit 2), 0 when it passes; anything else stops the script.
flags() {
  local status=0
  "$bench" compare "$work/baseline" "$1" "${@:2}" >/dev/null 2>&1 || status=$?
  case "$status" in
    0) echo 0 ;;
    2) echo 1 ;;
    *) echo "compare failed with status $status" >&2; exit 1 ;;
  esac
}

# The smallest and largest change of libdeflate's compression counts: what was injected.
growth() {
  python3 - "$work/baseline/results.json" "$1/results.json" <<'PY'
import json, sys
base, current = (json.load(open(path)) for path in sys.argv[1:3])
key = lambda c: (c["corpus"], c["split"], c["backend"], c["level"])
old = {key(c): c["compress_instructions_per_byte"] for c in base["cells"] if c["backend"] == "libdeflate"}
changes = [c["compress_instructions_per_byte"] / old[key(c)] - 1 for c in current["cells"] if key(c) in old]
print(f"{100 * min(changes):+.2f}..{100 * max(changes):+.2f} %")
PY
}

declare -A caught_instructions caught_time caught_time_tight caught_time_ci added
for percent in "${percents[@]}"; do
  caught_instructions[$percent]=0 caught_time[$percent]=0 caught_time_tight[$percent]=0 caught_time_ci[$percent]=0
done

for ((round = 1; round <= rounds; round++)); do
  for percent in "${percents[@]}"; do
    out="$work/run-$percent-$round"
    # At 0 % the variable is empty, which injects nothing.
    injection=""
    if ((percent > 0)); then injection="libdeflate:$percent"; fi
    DEFLATEBENCH_INJECT_EXTRA_WORK="$injection" "$bench" run "${suite[@]}" --out "$out" >/dev/null 2>&1
    caught_instructions[$percent]=$((caught_instructions[$percent] + $(flags "$out" --threshold 99 --instruction-threshold 2)))
    caught_time[$percent]=$((caught_time[$percent] + $(flags "$out" --instruction-threshold 1000)))
    caught_time_tight[$percent]=$((caught_time_tight[$percent] + $(flags "$out" --threshold 2 --instruction-threshold 1000)))
    caught_time_ci[$percent]=$((caught_time_ci[$percent] + $(flags "$out" --relative --threshold 50 --instruction-threshold 1000)))
    if ((round == 1)); then added[$percent]="$(growth "$out")"; fi
    rm -rf "$out"
  done
  echo "after $round of $rounds rounds ($(date -u +%H:%M:%S)):"
  printf '  %-9s %-15s %-13s %-11s %-11s %-13s\n' "injected" "instructions" "instr. gate" "time 10 %" "time 2 %" \
    "CI time gate"
  for percent in "${percents[@]}"; do
    printf '  %-9s %-15s %-13s %-11s %-11s %-13s\n' "$percent %" "${added[$percent]}" \
      "${caught_instructions[$percent]}/$round" "${caught_time[$percent]}/$round" \
      "${caught_time_tight[$percent]}/$round" "${caught_time_ci[$percent]}/$round"
  done
done
