#!/usr/bin/env bash
# The test job on a fresh machine: install what is missing (libraries and every outside program
# the tests use as judges), build, run the whole test suite, then list the skipped tests with
# their reasons. With every judge installed nothing should be skipped but the opt-in tests, whose
# reason starts with "opt-in:" (docs/testing.md lists them); any other skip fails the job, so a
# missing judge can never pass for a green suite. Extra arguments go to `swift test`.
set -euo pipefail
cd "$(dirname "$0")/.."

# Regenerating the golden report folder is a deliberate act with a diff to review, never a side
# effect of the test job.
if [[ -n "${DEFLATEBENCH_WRITE_FIXTURES:-}" ]]; then
  echo "scripts/test.sh: DEFLATEBENCH_WRITE_FIXTURES is set; unset it (it rewrites Tests/Fixtures/results-small)" >&2
  exit 64
fi

bash scripts/setup.sh
swift build --build-tests

log=$(mktemp)
trap 'rm -f "$log"' EXIT
set +e
swift test --skip-build "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e

# Swift Testing prints one line per skipped test or suite: `Test NAME skipped: "REASON"` (a
# symbol before it). Parameterised tests and suites are one line each.
skipped=$(grep -E '(Test|Suite) .* skipped' "$log" | sed -E 's/^[^A-Za-z]*//' | sort -u || true)
unexpected=$(grep -v -E 'skipped: "opt-in:' <<<"$skipped" | grep -v '^$' || true)
echo
if [[ -z "$skipped" ]]; then
  echo "skipped tests: none"
else
  echo "skipped tests ($(grep -c . <<<"$skipped")):"
  sed 's/^/  /' <<<"$skipped"
fi
if [[ -n "$unexpected" ]]; then
  echo "scripts/test.sh: tests were skipped that are not opt-in; a judge or condition is missing here:" >&2
  sed 's/^/  /' <<<"$unexpected" >&2
  [[ $status -eq 0 ]] && status=1
fi
exit "$status"
