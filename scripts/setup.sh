#!/usr/bin/env bash
# Installs the system packages DeflateBench needs, only those that are missing.
# Idempotent: a second run installs nothing. Runs as root, or through sudo.
# On macOS it prints the Homebrew line instead of installing anything.
# Swift (6.2 or newer) is not installed here: without it, it says how to get it and exits 1.
#   scripts/setup.sh              everything: libraries, valgrind, the tests' judges, the plotting stack
#   scripts/setup.sh --libraries  only what building and running deflate-bench needs (the libraries,
#                                 pkg-config, valgrind for --metric instructions, zlib-ng): what the
#                                 CI workflow's measure, merge and compare jobs use
#   scripts/setup.sh --server-bench  the libraries and what scripts/bench-server.sh compares the
#                                 server with: nginx (its service is not started), curl, python3
set -euo pipefail
# --help prints the comment above, the script's manual.
if [[ "${1:-}" == "--help" || "${1:-}" == "-h" ]]; then
  sed -n '2,/^set -euo pipefail/{/^#/s/^# \{0,1\}//p}' "$0"
  exit 0
fi

# The package names of the libraries the package links against (headers and .so/.a) have one
# home: the providers of Package.swift's system-library targets, `.apt([...])` and `.brew([...])`.
# zlib-ng's (libz-ng-dev) is left to scripts/install-zlib-ng.sh, which builds it where the
# distribution lacks it (Debian 12).
manifest="$(dirname "${BASH_SOURCE[0]}")/../Package.swift"
provider_packages() { # apt or brew: every name in that provider's lists, in manifest order
  sed -n "s/.*\.$1(\[\([^]]*\)\]).*/\1/p" "$manifest" | tr -d '" ' | tr ',' '\n'
}
mapfile -t library_packages < <(provider_packages apt | grep -vx 'libz-ng-dev')
mapfile -t brew_libraries < <(provider_packages brew)
if ((${#library_packages[@]} == 0)); then
  echo "setup.sh: no .apt([...]) provider found in $manifest" >&2
  exit 1
fi
build_packages=("${library_packages[@]}" pkg-config)
# valgrind: callgrind.h for the CCallgrind shim, and the counter of `run --metric instructions`;
# binutils: strip, which gives valgrind a copy of the binary without the DWARF 5 it cannot read.
build_packages+=(valgrind binutils)
# Outside programs the tests use as independent judges, and the plotting stack.
tool_packages=(gzip zstd brotli libdeflate-tools curl python3 python3-matplotlib python3-yaml)
# Headless Chromium opens report.html in the browser tests; Node.js parses its script files.
tool_packages+=(chromium nodejs)
# qemu's user-mode emulator runs the executable on an emulated CPU without AVX, where ISA-L takes
# another code path: the tests of CPU-dependent output (docs/code-paths.md) use it.
tool_packages+=(qemu-user)
# GNU time: peak resident memory (`/usr/bin/time -f %M`) for scripts/memory-bench.sh.
tool_packages+=(time)
# deflate-bench linkcheck (and its CI test, as root): ip for the network namespaces and TUN
# devices, ping for the link's RTT check, chrt (util-linux) for the server's real-time priority.
tool_packages+=(iproute2 iputils-ping util-linux)
# scripts/bench-server.sh: nginx reads and discards the same upload as `deflate-bench serve`.
# Only with --server-bench: a web server is nothing the tests or the runs need.
server_bench_packages=(nginx curl python3)

# Swift itself is not a Debian package: say how to get it rather than let the caller's
# `swift build` end in "swift: command not found". Package.swift needs tools version 6.2.
require_swift() {
  local version
  version=$(swift --version 2>/dev/null | sed -n 's/.*Swift version \([0-9][0-9]*\.[0-9][0-9]*\).*/\1/p' | head -n 1 || true)
  if [[ -z "$version" ]]; then
    echo "setup.sh: swift is not on PATH. DeflateBench needs Swift 6.2 or newer: $1" >&2
    exit 1
  fi
  if [[ "$(printf '%s\n' 6.2 "$version" | sort -V | head -n 1)" != "6.2" ]]; then
    echo "setup.sh: swift is $version; DeflateBench needs Swift 6.2 or newer: $1" >&2
    exit 1
  fi
}

if [[ "$(uname -s)" == "Darwin" ]]; then
  echo "On macOS, install the libraries with:"
  echo "  brew install ${brew_libraries[*]} pkg-config python-matplotlib"
  echo "(valgrind, for run --metric instructions, is not available on macOS.)"
  require_swift "install Xcode 26, or a toolchain from https://www.swift.org/install/macos/"
  exit 0
fi

if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "setup.sh: this script knows Debian and Ubuntu (apt). Install these packages by hand:" >&2
  echo "  ${build_packages[*]} ${tool_packages[*]} (scripts/bench-server.sh: ${server_bench_packages[*]})" >&2
  exit 1
fi

wanted=("${build_packages[@]}" "${tool_packages[@]}")
if [[ "${1:-}" == "--libraries" ]]; then
  wanted=("${build_packages[@]}")
elif [[ "${1:-}" == "--server-bench" ]]; then
  wanted=("${build_packages[@]}" "${server_bench_packages[@]}")
fi

missing=()
for package in "${wanted[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

sudo_cmd=()
if [[ "$(id -u)" != "0" ]] && ((${#missing[@]} > 0)); then
  if command -v sudo >/dev/null 2>&1; then
    sudo_cmd=(sudo)
  else
    echo "setup.sh: missing packages (${missing[*]}) and neither root nor sudo is available." >&2
    exit 1
  fi
fi

export DEBIAN_FRONTEND=noninteractive
if ((${#missing[@]} == 0)); then
  echo "setup.sh: all system packages are present."
else
  echo "setup.sh: installing ${missing[*]}"
  # No service a package brings (nginx's) is started by its installation: a temporary
  # policy-rc.d says "not now" (there is no init here, and no stray server belongs on port 80).
  created_policy=0
  if [[ ! -e /usr/sbin/policy-rc.d ]]; then
    printf '#!/bin/sh\nexit 101\n' | "${sudo_cmd[@]}" tee /usr/sbin/policy-rc.d >/dev/null
    "${sudo_cmd[@]}" chmod +x /usr/sbin/policy-rc.d
    created_policy=1
  fi
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
  if [[ $created_policy == 1 ]]; then "${sudo_cmd[@]}" rm -f /usr/sbin/policy-rc.d; fi
fi

# zlib-ng with its native API (zng_ functions, libz-ng, zlib-ng.pc), which links beside the
# system zlib. Its own script: it may build from source when the distribution lacks the package.
"$(dirname "${BASH_SOURCE[0]}")/install-zlib-ng.sh"

require_swift "install it with swiftly (https://www.swift.org/install/linux/: download swiftly, run ./swiftly init) or use the swift:6.2-bookworm image"
