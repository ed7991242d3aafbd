#!/usr/bin/env bash
# Prints the peak working memory of every backend at every level after compressing 256 KiB of
# mixed data, as counted through each library's allocator hook (zopfli has none): the opt-in suite
# MemoryTableOptIn, which scripts/test.sh leaves out (docs/testing.md). A run's own figures per
# cell are in its report.md and results.json (`memory_bytes`).
#   scripts/memory-table.sh
set -euo pipefail
# --help prints the comment above, the script's manual.
if [[ "${1:-}" == "--help" || "${1:-}" == "-h" ]]; then
  sed -n '2,/^set -euo pipefail/{/^#/s/^# \{0,1\}//p}' "$0"
  exit 0
fi
cd "$(dirname "$0")/.."

swift build --build-tests
DEFLATEBENCH_PRINT_MEMORY=1 swift test --skip-build --filter 'MemoryTableOptIn/'
