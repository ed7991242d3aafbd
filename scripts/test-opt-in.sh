#!/usr/bin/env bash
# The opt-in suites scripts/test.sh leaves out (docs/testing.md, "Opt-in tests"), by name, each
# run on its own, one after the other:
#   over-4gib            Over4GiBOptIn: inputs over 4 GiB through zlib, libdeflate, zstd and
#                        brotli, decoded back, and ISA-L refusing them; about 9 GB, two minutes.
#   model-agreement      ModelAgreementOptIn: the fastest of five uploads on an emulated 1 Mbit/s,
#                        100 ms link within the documented 15 % of the model. It needs the machine
#                        to itself (beside the parallel suite the link's pacing thread starves).
#   detection-sweep      DetectionSweepOptIn: prints the share of cells compare's speed gate flags
#                        at 0-50 % slowdowns with 3, 5 and 10 samples (a release build of the
#                        tests first: thousands of bootstraps).
#   memory-table         MemoryTableOptIn: prints every backend's peak working memory per level
#                        after compressing 256 KiB of mixed data (allocator hooks; zopfli has none).
#   regenerate-fixtures  FixtureRegenerationOptIn: rewrites the golden folder
#                        Tests/Fixtures/results-small from makeFixtureDocument() and lists the
#                        changes, for a commit whose diff a reviewer reads.
#   regenerate-figures   QuotedFiguresRegenerationOptIn: rewrites the figures README.md and docs/
#                        quote between <!-- figures: ... --> markers from their results folders
#                        (after Results/example or Results/baseline was regenerated) and lists
#                        the changes.
#   scripts/test-opt-in.sh [NAME...]     default: the heavy checks, over-4gib model-agreement
# The load average is printed beside each. Stops at the first failing suite, with its status.
set -euo pipefail
# --help prints the comment above, the script's manual.
if [[ "${1:-}" == "--help" || "${1:-}" == "-h" ]]; then
  sed -n '2,/^set -euo pipefail/{/^#/s/^# \{0,1\}//p}' "$0"
  exit 0
fi
cd "$(dirname "$0")/.."

# Each name's suite and the variable that opens its gate.
declare -A suite=(
  [over-4gib]=Over4GiBOptIn [model-agreement]=ModelAgreementOptIn [detection-sweep]=DetectionSweepOptIn
  [memory-table]=MemoryTableOptIn [regenerate-fixtures]=FixtureRegenerationOptIn
  [regenerate-figures]=QuotedFiguresRegenerationOptIn
)
declare -A gate=(
  [over-4gib]=DEFLATEBENCH_TEST_OVER_4GIB [model-agreement]=DEFLATEBENCH_MODEL_AGREEMENT
  [detection-sweep]=DEFLATEBENCH_POWER_SWEEP [memory-table]=DEFLATEBENCH_PRINT_MEMORY
  [regenerate-fixtures]=DEFLATEBENCH_WRITE_FIXTURES [regenerate-figures]=DEFLATEBENCH_WRITE_FIGURES
)
names=("$@")
((${#names[@]} > 0)) || names=(over-4gib model-agreement)
for name in "${names[@]}"; do
  [[ -n "${suite[$name]:-}" ]] || {
    echo "test-opt-in.sh: unknown name '$name' (${!suite[*]})" >&2
    exit 64
  }
done

built=""
for name in "${names[@]}"; do
  echo "== $name (load average: $(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null || echo unknown))"
  if [[ "$name" == detection-sweep ]]; then
    env "${gate[$name]}=1" swift test -c release --filter "${suite[$name]}/"
    continue
  fi
  [[ -n "$built" ]] || swift build --build-tests
  built=yes
  env "${gate[$name]}=1" swift test --skip-build --filter "${suite[$name]}/"
  if [[ "$name" == regenerate-fixtures ]]; then
    echo "changes to review in Tests/Fixtures/results-small:"
    git status --short -- Tests/Fixtures/results-small
    git diff --stat -- Tests/Fixtures/results-small
  fi
  if [[ "$name" == regenerate-figures ]]; then
    echo "changes to review in README.md and docs/:"
    git diff --stat -- README.md docs
  fi
done
