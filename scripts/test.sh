#!/usr/bin/env bash
# The test job on a fresh machine: install what is missing (libraries and the outside programs
# the tests use as judges), build, and run the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
swift build --build-tests
swift test --skip-build "$@"
