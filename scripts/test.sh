#!/usr/bin/env bash
# The test job on a fresh machine: install what is missing (libraries and every outside program
# the tests use as judges), build, run the whole test suite, then list the skipped tests with
# their reasons. With every judge installed nothing is skipped; a skip fails the job unless its
# reason starts with "opt-in:" and docs/testing.md names the test, so a missing judge can never
# pass for a green suite.
# Opt-in suites, whose names end in `OptIn` (the heavy checks and the tools that write files or
# print tables), are not run here at all: scripts/test-opt-in.sh runs them by name. The job lists
# them, and fails when one is missing from docs/testing.md. Extra arguments go to `swift test`.
#   scripts/test.sh [SWIFT_TEST_ARGUMENTS...]
set -euo pipefail
# --help prints the comment above, the script's manual.
if [[ "${1:-}" == "--help" || "${1:-}" == "-h" ]]; then
  sed -n '2,/^set -euo pipefail/{/^#/s/^# \{0,1\}//p}' "$0"
  exit 0
fi
cd "$(dirname "$0")/.."

# Regenerating the golden report folder is a deliberate act with a diff to review, never a side
# effect of the test job.
if [[ -n "${DEFLATEBENCH_WRITE_FIXTURES:-}" ]]; then
  echo "scripts/test.sh: DEFLATEBENCH_WRITE_FIXTURES is set; unset it (it rewrites Tests/Fixtures/results-small)" >&2
  exit 64
fi

bash scripts/setup.sh
swift build --build-tests

# The opt-in suites this job leaves out, each named in docs/testing.md with the script that runs it.
opt_in=$(swift test list --skip-build 2>/dev/null | grep -o -E '^[A-Za-z]+Tests\.[A-Za-z0-9]+OptIn/' | sed -E 's/^[^.]*\.//; s|/$||' | sort -u || true)
undocumented=$(while read -r suite; do
  [[ -n "$suite" ]] && ! grep -q -F "\`$suite\`" docs/testing.md && echo "$suite"
done <<<"$opt_in" || true)

log=$(mktemp)
trap 'rm -f "$log"' EXIT
set +e
swift test --skip-build --skip 'OptIn(/|$)' "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e

# Swift Testing prints one line per skipped test or suite: `Test NAME skipped: "REASON"` or
# `Test NAME skipped.` (a symbol before it). Parameterised tests and suites are one line each.
# Anchored at the line's end, so a test whose name contains "skipped" is not taken for a skip.
skipped=$(grep -E '(Test|Suite) .* skipped(\.|: ".*")$' "$log" | sed -E 's/^[^A-Za-z]*//' | sort -u || true)
# An opt-in skip passes only when docs/testing.md names the test (its function name, or the
# display name in quotes); any other skip is a missing judge or condition.
unexpected=$(while read -r line; do
  [[ -z "$line" ]] && continue
  name=$(sed -E 's/^(Test|Suite) "([^"]*)".*/\2/; t; s/^(Test|Suite) ([^ (]+).*/\2/' <<<"$line")
  if [[ "$line" == *'skipped: "opt-in:'* ]] && grep -q -F -- "$name" docs/testing.md; then continue; fi
  echo "$line"
done <<<"$skipped")
echo
if [[ -z "$skipped" ]]; then
  echo "skipped tests: none"
else
  echo "skipped tests ($(grep -c . <<<"$skipped")):"
  sed 's/^/  /' <<<"$skipped"
fi
echo "opt-in suites, not run here (docs/testing.md says which script runs each): $(tr '\n' ' ' <<<"$opt_in")"
if [[ -n "$undocumented" ]]; then
  echo "scripts/test.sh: opt-in suites missing from docs/testing.md: $(tr '\n' ' ' <<<"$undocumented")" >&2
  [[ $status -eq 0 ]] && status=1
fi
if [[ -n "$unexpected" ]]; then
  echo "scripts/test.sh: tests were skipped that are not opt-in; a judge or condition is missing here:" >&2
  sed 's/^/  /' <<<"$unexpected" >&2
  [[ $status -eq 0 ]] && status=1
fi
exit "$status"
