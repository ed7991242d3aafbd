#!/usr/bin/env bash
# Prints how often compare's speed gate flags a cell at slowdowns from 0 % to 50 %, for 3, 5 and
# 10 samples per cell, on seeded synthetic runs with CI-like noise (log-normal, CV 4 %, 5 % of
# samples slowed 10-30 %): the opt-in suite DetectionSweepOptIn, which scripts/test.sh leaves out
# (docs/testing.md). Thousands of bootstraps, so it builds the tests in release mode first (which
# takes a while). The figures it backs are in docs/measured-figures.md ("CI gate"); the suite's
# DetectionPowerTests asserts the documented ones on their own seeds.
#   scripts/detection-sweep.sh
set -euo pipefail
# --help prints the comment above, the script's manual.
if [[ "${1:-}" == "--help" || "${1:-}" == "-h" ]]; then
  sed -n '2,/^set -euo pipefail/{/^#/s/^# \{0,1\}//p}' "$0"
  exit 0
fi
cd "$(dirname "$0")/.."

DEFLATEBENCH_POWER_SWEEP=1 swift test -c release --filter 'DetectionSweepOptIn/'
