#!/usr/bin/env bash
# The heavy checks scripts/test.sh leaves out (opt-in suites, docs/testing.md), each run on its
# own after a debug build of the tests:
#   over-4gib        Over4GiBOptIn: inputs over 4 GiB through zlib, libdeflate, zstd and brotli,
#                    and ISA-L refusing them; about 9 GB of memory and two minutes.
#   model-agreement  ModelAgreementOptIn: the closest of five uploads on an emulated 1 Mbit/s,
#                    100 ms link within the documented 15 % of the model; it needs the machine to
#                    itself (beside the parallel suite the link's pacing thread starves), so it
#                    runs alone and the load average is printed beside it.
#   scripts/test-large.sh [over-4gib] [model-agreement]     default: both
# Exits with the first failing check's status.
set -euo pipefail
# --help prints the comment above, the script's manual.
if [[ "${1:-}" == "--help" || "${1:-}" == "-h" ]]; then
  sed -n '2,/^set -euo pipefail/{/^#/s/^# \{0,1\}//p}' "$0"
  exit 0
fi
cd "$(dirname "$0")/.."

checks=("$@")
((${#checks[@]} > 0)) || checks=(over-4gib model-agreement)
for check in "${checks[@]}"; do
  case "$check" in
    over-4gib | model-agreement) ;;
    *) echo "test-large.sh: unknown check '$check' (over-4gib, model-agreement)" >&2; exit 64 ;;
  esac
done

swift build --build-tests
for check in "${checks[@]}"; do
  echo "== $check (load average: $(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null || echo unknown))"
  case "$check" in
    over-4gib) DEFLATEBENCH_TEST_OVER_4GIB=1 swift test --skip-build --filter 'Over4GiBOptIn/' ;;
    model-agreement) DEFLATEBENCH_MODEL_AGREEMENT=1 swift test --skip-build --filter 'ModelAgreementOptIn/' ;;
  esac
done
