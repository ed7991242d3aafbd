#!/usr/bin/env bash
# Rewrites the golden report folder Tests/Fixtures/results-small (results.json, results.csv,
# report.md, report.html) from makeFixtureDocument() (Tests/TestSupport/ResultsFixture.swift)
# through the reports writer: the opt-in suite FixtureRegenerationOptIn, which scripts/test.sh
# leaves out (docs/testing.md, "Goldens"). The suite's ReportFixtureFolderTests compares the
# committed folder with the writer's output byte for byte; when a change to the writer or the
# fixture is intended, run this and commit the folder, so the change reaches review as a diff.
#   scripts/regenerate-fixtures.sh
set -euo pipefail
# --help prints the comment above, the script's manual.
if [[ "${1:-}" == "--help" || "${1:-}" == "-h" ]]; then
  sed -n '2,/^set -euo pipefail/{/^#/s/^# \{0,1\}//p}' "$0"
  exit 0
fi
cd "$(dirname "$0")/.."

swift build --build-tests
DEFLATEBENCH_WRITE_FIXTURES=1 swift test --skip-build --filter 'FixtureRegenerationOptIn/'
echo
echo "changes to review:"
git status --short -- Tests/Fixtures/results-small
git diff --stat -- Tests/Fixtures/results-small
