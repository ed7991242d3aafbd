#!/usr/bin/env bash
# Peak resident memory of `deflate-bench run` on large inputs, against the bounds of issue #26.
#
#   scripts/memory-bench.sh [--work DIR] [--skip-build] [--reported-l3 SIZE] [--only NAME]...
#
# Builds the release binary, writes the inputs into DIR (default /tmp/deflate-bench-memory; kept
# and reused by later runs; links to them will do), prints the date, the CPU model and every cache
# level cpu0's sysfs reports (the last level sizes the cold-call sweep), runs each case under
# `/usr/bin/time -f %M` and prints its peak RSS against its bound:
#   file200   one 200 MB JSON-lines file, zlib 1, --quick          <= 2.2 x 200 MB + 200 MiB
#   upload64  one 64 MB file, zlib and zstd 1, --quick, --upload local --link test=100Mbit@20ms
#             --streaming 256KiB                                     <= 2.2 x 64 MB + 200 MiB
#   ten50     ten 50 MB files in one run, zlib 1, --quick            <= 2.2 x 50 MB + 200 MiB
#   har       a HAR of 100,000 small POST entries, zlib 1, --quick   <= 2 x the HAR + 200 MiB
#   dir       a folder of 100,000 small JSON files, zlib 1, --quick  <= 2 x its bytes + 200 MiB
# The local echo server of `upload64` is a child process; its own peak (which the run reports on
# stderr) is printed beside the run's. /usr/bin/time's %M is the largest of the run and its
# waited-for children, so it would show the server's peak if that were the larger.
#
# --reported-l3 SIZE (e.g. 300M, as sysfs writes it: 307200K) runs every case in a private mount
# namespace whose sysfs reports that last-level cache (needs root and unshare): the machine of
# issue #26 whose hypervisor reported 300 MiB. DEFLATE_BENCH_COLD_EVICTION=sweep in the
# environment selects the cold-call method from before #26, for comparison.
#
# Exit status: 0 when every case is within its bound, 1 when one is not (or a run failed),
# 2 on a usage or setup error.
set -euo pipefail
cd "$(dirname "$0")/.."

work=/tmp/deflate-bench-memory
build=1
reported_l3=""
only=()
while (($#)); do
  case "$1" in
    --work) work="$2"; shift 2 ;;
    --skip-build) build=0; shift ;;
    --reported-l3) reported_l3="$2"; shift 2 ;;
    --only) only+=("$2"); shift 2 ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    *) echo "memory-bench.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done

if [[ ! -x /usr/bin/time ]]; then
  echo "memory-bench.sh: /usr/bin/time (GNU time) is missing; scripts/setup.sh installs it" >&2
  exit 2
fi
if ((build)); then swift build -c release --product deflate-bench >&2; fi
binary="$(swift build -c release --show-bin-path)/deflate-bench"
[[ -x "$binary" ]] || { echo "memory-bench.sh: no release binary at $binary" >&2; exit 2; }
mkdir -p "$work"

wanted() { ((${#only[@]} == 0)) || [[ " ${only[*]} " == *" $1 "* ]]; }

# --- The machine -----------------------------------------------------------------------------
# Every cache level of cpu0 as sysfs reports it ("L1d 32K, L1i 32K, L2 512K, L3 32768K"): the
# last level is what the cold-call sweep is sized from (CacheEvictor, capped at 64 MiB).
sysfs_caches() {
  local list="" level type name
  for index in /sys/devices/system/cpu/cpu0/cache/index*; do
    level=$(cat "$index/level" 2>/dev/null) || continue
    type=$(cat "$index/type" 2>/dev/null || true)
    case "$type" in Data) name="L${level}d" ;; Instruction) name="L${level}i" ;; *) name="L$level" ;; esac
    list="${list:+$list, }$name $(cat "$index/size")"
  done
  echo "${list:-unknown}"
}
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//') ($(nproc) cores)"
echo "reported caches (sysfs cpu0): $(sysfs_caches)$([[ -n "$reported_l3" ]] && echo "; runs below see L3 $reported_l3")"
echo "cold-call method: ${DEFLATE_BENCH_COLD_EVICTION:-flush} (DEFLATE_BENCH_COLD_EVICTION)"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"

# --- The inputs (reused when present) ------------------------------------------------------
# Each written under a temporary name first, so an interrupted script leaves no short input
# that a later one would reuse.
events() { # BYTES FILE SEED
  [[ -s "$2" ]] || { python3 scripts/make-events.py "$1" "$2.partial" "$3" && mv "$2.partial" "$2"; }
}
wanted file200 && events 200000000 "$work/events200m.json" 13
wanted upload64 && events 64000000 "$work/events64m.json" 14
if wanted ten50; then
  # One file written, nine copies: a run holds one set at a time whatever the bytes, and
  # writing 500 MB of events would take minutes of Python.
  events 50000000 "$work/events50m-1.json" 101
  for n in 2 3 4 5 6 7 8 9 10; do
    [[ -s "$work/events50m-$n.json" ]] || cp "$work/events50m-1.json" "$work/events50m-$n.json"
  done
fi
if wanted har && [[ ! -s "$work/small-entries.har" ]]; then
  python3 scripts/make-large-har.py "$work/small-entries.har.partial" 0 --events 1 --entries 100000
  mv "$work/small-entries.har.partial" "$work/small-entries.har"
fi
if wanted dir && [[ ! -d "$work/small-files" ]]; then
  # One one-event JSON body per file, as a recording folder of a chatty SDK would hold.
  python3 - "$work/small-files.partial" <<'PYTHON'
import json, os, random, sys
folder = sys.argv[1]
os.makedirs(folder, exist_ok=True)
rng = random.Random(7)
for i in range(100000):
    event = [{"event": rng.choice(["view", "click", "purchase"]), "id": rng.getrandbits(48),
              "props": {"path": "/p/%d" % rng.randrange(1000), "ms": rng.randrange(5000)}}]
    with open(os.path.join(folder, "%06d.json" % i), "w") as f:
        f.write(json.dumps(event))
PYTHON
  mv "$work/small-files.partial" "$work/small-files"
fi
size() { stat -L -c %s "$1"; }
folder_bytes() { find -L "$1" -type f -printf '%s\n' | awk '{ total += $1 } END { print total }'; }

# --- The runs -----------------------------------------------------------------------------------
mib=$((1024 * 1024))
failed=0
printf '\n%-9s %14s %13s %13s %8s %8s  %s\n' case "input bytes" "peak RSS MiB" "bound MiB" result "wall s" "local server peak"
run_case() { # NAME INPUT_BYTES BOUND_FACTOR ARGS...
  local name="$1" bytes="$2" factor="$3"
  shift 3
  local out="$work/out-$name" log="$work/$name.log" timing="$work/$name.time"
  rm -rf "$out"
  local command=("$binary" run "$@" --out "$out")
  if [[ -n "$reported_l3" ]]; then
    echo "$reported_l3" >"$work/fake-l3-size"
    command=(unshare -m bash -c 'mount --bind "$0" /sys/devices/system/cpu/cpu0/cache/index3/size && exec "$@"'
      "$work/fake-l3-size" "${command[@]}")
  fi
  local status=0
  /usr/bin/time -f '%M %e' -o "$timing" "${command[@]}" >"$log" 2>&1 || status=$?
  local peak_kb wall server bound_mib peak_mib verdict
  read -r peak_kb wall < <(tail -n 1 "$timing")
  server=$(grep -o 'peaked at [0-9]* kB' "$log" | head -n 1 | awk '{printf "%.1f MiB", $3 / 1024}' || true)
  bound_mib=$(awk -v b="$bytes" -v f="$factor" -v m="$mib" 'BEGIN { printf "%.1f", (f * b + 200 * m) / m }')
  peak_mib=$(awk -v k="$peak_kb" 'BEGIN { printf "%.1f", k / 1024 }')
  if ((status != 0)); then
    verdict="FAILED($status)"
    failed=1
    tail -n 5 "$log" >&2
  elif awk -v p="$peak_mib" -v b="$bound_mib" 'BEGIN { exit !(p <= b) }'; then
    verdict=ok
  else
    verdict=OVER
    failed=1
  fi
  printf '%-9s %14s %13s %13s %8s %8s  %s\n' "$name" "$bytes" "$peak_mib" "$bound_mib" "$verdict" "$wall" "${server:--}"
}

if wanted file200; then
  run_case file200 "$(size "$work/events200m.json")" 2.2 \
    --corpus "$work/events200m.json" --backends zlib --levels 1 --quick
fi
if wanted upload64; then
  run_case upload64 "$(size "$work/events64m.json")" 2.2 \
    --corpus "$work/events64m.json" --backends zlib,zstd --levels 1 --quick \
    --upload local --link test=100Mbit@20ms --streaming 256KiB
fi
if wanted ten50; then
  corpora=()
  for n in 1 2 3 4 5 6 7 8 9 10; do corpora+=(--corpus "$work/events50m-$n.json"); done
  # The bound is per set: the run holds one set at a time, whatever their number.
  run_case ten50 "$(size "$work/events50m-1.json")" 2.2 "${corpora[@]}" --backends zlib --levels 1 --quick
fi
if wanted har; then
  run_case har "$(size "$work/small-entries.har")" 2 \
    --corpus "$work/small-entries.har" --backends zlib --levels 1 --quick
fi
if wanted dir; then
  run_case dir "$(folder_bytes "$work/small-files")" 2 \
    --corpus "$work/small-files" --backends zlib --levels 1 --quick
fi
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
exit "$failed"
