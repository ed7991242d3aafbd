#!/usr/bin/env bash
# Mutation testing: do the tests catch the bugs that matter? Applies each named mutation of a list
# kept in the repository (scripts/mutants.txt: a one-line change to Sources, the promise it
# breaks and the test suites that must catch it), one at a time, to a scratch copy of the tree,
# builds it, runs the suites the mutation names, and prints caught or survived. The checkout is
# never modified: the scratch copy lives in WORK (kept between runs, so each build is
# incremental), and a mutated file there is put back after its run, on Ctrl-C too.
#
#   scripts/mutants.sh [--list FILE] [--work DIR] [--only NAME]... [--timeout SECONDS] [--check]
#                      [--no-baseline]
#
#   --list FILE     the mutations (default scripts/mutants.txt; its header gives the format)
#   --work DIR      the scratch copy and the logs (default ${TMPDIR:-/tmp}/deflatebench-mutants)
#   --only NAME     run only this mutation (repeatable)
#   --timeout SECONDS  how long one mutation's suites may run (default 600): a mutation that
#                   makes a test hang is caught, and said to have timed out
#   --check         only check that every mutation still applies: its text occurs exactly once
#                   in its file (seconds; run it after a merge)
#   --no-baseline   skip the first build and run of every named suite on the unmutated copy
#
# Before the mutations, the unmutated copy is built and every named suite run once: a suite that
# fails without a mutation would count every mutation as caught, so the script stops there.
# Exit status: 0 when every mutation applied, built and was caught; 1 when one survived, no
# longer applies (the code moved: the list needs updating), does not build, or matched no test;
# 2 on a usage or setup error or a failing baseline; 130 when interrupted.
# Not part of .ci/run: a run of the whole list takes about an hour on 2 cores (docs/testing.md).
set -euo pipefail
# --help prints the comment above, the script's manual.
if [[ "${1:-}" == "--help" || "${1:-}" == "-h" ]]; then
  sed -n '2,/^set -euo pipefail/{/^#/s/^# \{0,1\}//p}' "$0"
  exit 0
fi
cd "$(dirname "$0")/.."
root=$(pwd)

list=scripts/mutants.txt
work="${TMPDIR:-/tmp}/deflatebench-mutants"
only=()
check_only=0
baseline=1
timeout_seconds=600
while (($#)); do
  case "$1" in
    --list) list="$2"; shift 2 ;;
    --work) work="$2"; shift 2 ;;
    --only) only+=("$2"); shift 2 ;;
    --timeout) timeout_seconds="$2"; shift 2 ;;
    --check) check_only=1; shift ;;
    --no-baseline) baseline=0; shift ;;
    *) echo "mutants.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
[[ -f "$list" ]] || { echo "mutants.sh: no mutation list at $list" >&2; exit 2; }
command -v python3 >/dev/null || { echo "mutants.sh: python3 is needed to apply the mutations" >&2; exit 2; }

# --- The list ----------------------------------------------------------------------------------
names=() promises=() files=() finds=() replaces=() suites=()
add_record() {
  [[ -z "${rec[name]:-}" ]] && return
  for key in promise file find replace suites; do
    [[ -n "${rec[$key]:-}" ]] || { echo "mutants.sh: $list: mutation '${rec[name]}' has no $key" >&2; exit 2; }
  done
  for existing in "${names[@]}"; do
    [[ "$existing" != "${rec[name]}" ]] || { echo "mutants.sh: $list: two mutations named ${rec[name]}" >&2; exit 2; }
  done
  names+=("${rec[name]}") promises+=("${rec[promise]}") files+=("${rec[file]}") finds+=("${rec[find]}")
  replaces+=("${rec[replace]}") suites+=("${rec[suites]}")
}
declare -A rec=()
while IFS= read -r line || [[ -n "$line" ]]; do
  [[ "$line" == \#* ]] && continue
  if [[ -z "${line//[[:space:]]/}" ]]; then add_record; rec=(); continue; fi
  key="${line%%:*}"
  case "$key" in
    name | promise | file | find | replace | suites) rec[$key]="${line#*: }" ;;
    *) echo "mutants.sh: $list: unknown line: $line" >&2; exit 2 ;;
  esac
done <"$list"
add_record
for wanted in "${only[@]}"; do
  [[ " ${names[*]} " == *" $wanted "* ]] || { echo "mutants.sh: no mutation named $wanted in $list" >&2; exit 2; }
done
selected=()
for i in "${!names[@]}"; do
  if ((${#only[@]} == 0)) || [[ " ${only[*]} " == *" ${names[$i]} "* ]]; then selected+=("$i"); fi
done

# Applies mutation I to the file under DIR (or, with "check", only counts): exit 0 when its text
# occurs exactly once, 3 when not at all, 4 when more than once.
mutate() { # DIR I [check]
  python3 - "$1/${files[$2]}" "${finds[$2]}" "${replaces[$2]}" "${3:-apply}" <<'PYTHON'
import sys
path, find, replace, mode = sys.argv[1:5]
try:
    text = open(path, encoding="utf-8").read()
except OSError:
    sys.exit(3)
count = text.count(find)
if count != 1:
    sys.exit(3 if count == 0 else 4)
if mode == "apply":
    open(path, "w", encoding="utf-8").write(text.replace(find, replace))
PYTHON
}

echo "mutations: ${#selected[@]} of ${#names[@]} in $list; commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet 2>/dev/null || echo ' (with uncommitted changes)'); $(date -u '+%Y-%m-%d %H:%M UTC')"
stale=0
for i in "${selected[@]}"; do
  set +e
  mutate "$root" "$i" check
  status=$?
  set -e
  if ((status != 0)); then
    stale=$((stale + 1))
    why=$([[ $status -eq 3 ]] && echo "its text is not in the file any more" || echo "its text occurs more than once")
    echo "NO LONGER APPLIES: ${names[$i]} (${files[$i]}): $why; the code moved, update $list" >&2
  fi
done
if ((check_only)); then
  ((stale == 0)) && echo "every mutation applies"
  exit $((stale == 0 ? 0 : 1))
fi

# --- The scratch copy ------------------------------------------------------------------------------
# The checkout's files (tracked, and untracked but not ignored) copied over where they differ, so
# the copy's build stays incremental between runs; files no longer in the checkout are removed.
tree="$work/tree"
logs="$work/logs"
mkdir -p "$tree" "$logs"
git ls-files -z --cached --others --exclude-standard | sort -zu >"$work/files"
while IFS= read -r -d '' file; do
  [[ -f "$file" ]] || continue
  # `--` everywhere: a stray file whose path starts with a dash (a folder named --help once) is
  # still a path.
  if ! cmp -s -- "$file" "$tree/$file"; then
    mkdir -p -- "$tree/$(dirname -- "$file")"
    cp -p -- "$file" "$tree/$file"
  fi
done <"$work/files"
(cd "$tree" && find . -path ./.build -prune -o -type f -print0) | while IFS= read -r -d '' file; do
  file="${file#./}"
  grep -qzxF -- "$file" "$work/files" || rm -f -- "$tree/$file"
done

# The file currently mutated in the copy, put back from the checkout when the mutation is done,
# on any exit and on Ctrl-C.
mutated=""
restore() {
  if [[ -n "$mutated" ]]; then
    cp "$root/$mutated" "$tree/$mutated"
    mutated=""
  fi
}
trap restore EXIT
trap 'restore; echo; echo "mutants.sh: interrupted; the scratch copy is restored" >&2; exit 130' INT TERM

filter_of() { # "Suite Suite/test ..." -> "Suite|Suite/test"
  local words
  read -r -a words <<<"$1"
  local IFS='|'
  echo "${words[*]}"
}

# Runs the filtered suites in the copy; prints the number of tests run; exit status that of swift test.
run_suites() { # FILTER LOG
  (cd "$tree" && timeout "$timeout_seconds" swift test --skip-build --filter "$1") >"$2" 2>&1
}
tests_run() { # LOG
  grep -o -E 'Test run with [0-9]+ test' "$1" | tail -1 | grep -o -E '[0-9]+' || echo 0
}

started=$(date +%s)
if ((baseline)); then
  all=""
  for i in "${selected[@]}"; do all="$all ${suites[$i]}"; done
  echo "baseline: building the unmutated copy and running every named suite once"
  if ! (cd "$tree" && swift build --build-tests) >"$logs/baseline.build.log" 2>&1; then
    echo "mutants.sh: the unmutated copy does not build; see $logs/baseline.build.log" >&2
    exit 2
  fi
  if ! run_suites "$(filter_of "$all")" "$logs/baseline.test.log"; then
    echo "mutants.sh: the named suites fail without any mutation, so no mutation could be judged:" >&2
    grep -E '✘ (Test|Suite) ' "$logs/baseline.test.log" | grep -v 'recorded an issue' | head -20 >&2 || true
    echo "(the whole log: $logs/baseline.test.log)" >&2
    exit 2
  fi
  echo "baseline: $(tests_run "$logs/baseline.test.log") tests passed unmutated ($(($(date +%s) - started)) s)"
fi

printf '%-36s %-18s %7s  %s\n' mutation result seconds suites
caught=0 survived=0 broken=0
for i in "${selected[@]}"; do
  name="${names[$i]}"
  begun=$(date +%s)
  set +e
  mutated="${files[$i]}"
  mutate "$tree" "$i"
  status=$?
  set -e
  if ((status != 0)); then
    mutated=""
    result="NO LONGER APPLIES"
    broken=$((broken + 1))
  elif ! (cd "$tree" && swift build --build-tests) >"$logs/$name.build.log" 2>&1; then
    result="DOES NOT BUILD"
    broken=$((broken + 1))
  else
    set +e
    run_suites "$(filter_of "${suites[$i]}")" "$logs/$name.test.log"
    status=$?
    set -e
    if ((status == 0)) && [[ "$(tests_run "$logs/$name.test.log")" == 0 ]]; then
      result="NO TEST MATCHED"
      broken=$((broken + 1))
    elif ((status == 0)); then
      result="SURVIVED"
      survived=$((survived + 1))
    else
      result=$([[ $status -eq 124 ]] && echo "caught (timed out)" || echo caught)
      caught=$((caught + 1))
    fi
  fi
  restore
  printf '%-36s %-18s %7d  %s\n' "$name" "$result" $(($(date +%s) - begun)) "${suites[$i]}"
  if [[ "$result" != caught* ]]; then
    echo "    promise: ${promises[$i]}"
    echo "    ${files[$i]}: '${finds[$i]}' -> '${replaces[$i]}' (logs in $logs/$name.*.log)"
  fi
done
# Build the unmutated copy again, so the next run starts from it.
(cd "$tree" && swift build --build-tests) >"$logs/restored.build.log" 2>&1 || true
echo
echo "caught $caught of ${#selected[@]}; survived $survived; not judged (no longer applies, does not build, no test matched) $broken; wall time $(($(date +%s) - started)) s"
((survived == 0 && broken == 0))
