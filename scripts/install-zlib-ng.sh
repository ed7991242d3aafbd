#!/usr/bin/env bash
# Installs zlib-ng with its native API (zng_ functions, libz-ng.so, zlib-ng.pc), which links
# beside the system zlib without symbol clashes. Called by setup.sh; runs as root or through sudo.
#
# 1. Already there (pkg-config finds zlib-ng at the pinned version, or the distribution's
#    libz-ng-dev is installed): nothing to do. A second run installs nothing.
# 2. The distribution has libz-ng-dev (Debian 13, Ubuntu 24.04): apt installs it.
# 3. Otherwise (Debian 12): builds the pinned zlib-ng from the PyPI `zlib-ng` source
#    distribution, which carries zlib-ng's C sources with its own configure script, checked by
#    SHA-256, into /usr/local (shared library, then ldconfig so the binary finds it at run time),
#    without the gzFile API (--without-gzfileops). A zlib-ng.pc of another version, or with the
#    gzFile flag, is replaced by this build.
# Neither possible: a message that says what to install by hand, and exit 1.
set -euo pipefail

# The PyPI package `zlib-ng` 1.1.0 (python-zlib-ng) bundles zlib-ng 2.3.3 in src/zlib_ng/zlib-ng.
readonly zlib_ng_version="2.3.3"
readonly sdist_version="1.1.0"
readonly sdist_file="zlib_ng-${sdist_version}.tar.gz"
readonly sdist_sha256="08a3a8468d4f130e3dc80d28ec42fcc7a878a57dfed616233e791066327d78a3"
readonly prefix="/usr/local"

say() { echo "install-zlib-ng: $*"; }
fail() {
  echo "install-zlib-ng: $*" >&2
  echo "install-zlib-ng: install zlib-ng ${zlib_ng_version} (native API, not --zlib-compat) with a zlib-ng.pc" \
    "that pkg-config finds, then run setup.sh again." >&2
  exit 1
}

if [[ "$(uname -s)" == "Darwin" ]]; then
  say "on macOS: brew install zlib-ng"
  exit 0
fi

sudo_cmd=()
if [[ "$(id -u)" != "0" ]]; then
  command -v sudo >/dev/null 2>&1 || fail "neither root nor sudo is available"
  sudo_cmd=(sudo)
fi

installed_version() { pkg-config --modversion zlib-ng 2>/dev/null || true; }
# SwiftPM warns about (and drops) any pkg-config cflag other than -I, so the build stays free of
# warnings only without the gzFile API's -DWITH_GZFILEOP, which the harness does not use.
pinned_build_installed() {
  [[ "$(installed_version)" == "$zlib_ng_version" ]] && ! pkg-config --cflags zlib-ng | grep -q -- "-D"
}
package_installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }

if package_installed libz-ng-dev; then
  say "the distribution's libz-ng-dev is installed ($(installed_version))."
  exit 0
fi
if pinned_build_installed; then
  say "zlib-ng ${zlib_ng_version} is installed."
  exit 0
fi

export DEBIAN_FRONTEND=noninteractive
if [[ -n "$(apt-cache policy libz-ng-dev 2>/dev/null | grep -E '^ +Candidate: [^(]')" ]]; then
  say "installing the distribution's libz-ng-dev"
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends libz-ng-dev || fail "apt-get install libz-ng-dev failed"
  exit 0
fi

# From source: pip fetches the source distribution (only that package is built from source, so
# its build tools come as wheels), make and a C compiler build it.
say "the distribution has no libz-ng-dev: building zlib-ng ${zlib_ng_version} from the PyPI source distribution zlib-ng ${sdist_version}"
tools=()
command -v make >/dev/null 2>&1 || tools+=(make)
command -v cc >/dev/null 2>&1 || tools+=(gcc)
python3 -m pip --version >/dev/null 2>&1 || tools+=(python3-pip)
if ((${#tools[@]} > 0)); then
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${tools[@]}" || fail "cannot install ${tools[*]}"
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 -m pip download --quiet --no-deps --no-binary zlib-ng "zlib-ng==${sdist_version}" -d "$work" \
  || fail "pip could not download the zlib-ng ${sdist_version} source distribution"
[[ -f "$work/$sdist_file" ]] || fail "pip did not save $sdist_file"
echo "${sdist_sha256}  $work/$sdist_file" | sha256sum --check --quiet \
  || fail "$sdist_file does not have the pinned SHA-256 ${sdist_sha256}"
tar -xzf "$work/$sdist_file" -C "$work"
source_dir="$work/zlib_ng-${sdist_version}/src/zlib_ng/zlib-ng"
grep -q "#define ZLIBNG_VERSION \"${zlib_ng_version}\"" "$source_dir/zlib-ng.h.in" \
  || fail "$sdist_file does not carry zlib-ng ${zlib_ng_version}"

(
  cd "$source_dir"
  # Without --zlib-compat, configure builds the native API: libz-ng, zlib-ng.h, zlib-ng.pc.
  ./configure --prefix="$prefix" --without-gzfileops >"$work/configure.log" 2>&1
  make -j"$(nproc)" >"$work/make.log" 2>&1
  "${sudo_cmd[@]}" make install >"$work/install.log" 2>&1
) || {
  tail -n 20 "$work"/*.log >&2 || true
  fail "building zlib-ng ${zlib_ng_version} failed (logs above)"
}
"${sudo_cmd[@]}" ldconfig
pinned_build_installed \
  || fail "zlib-ng was installed into ${prefix} but pkg-config does not find zlib-ng.pc ${zlib_ng_version} (PKG_CONFIG_PATH?)"
say "installed zlib-ng ${zlib_ng_version} into ${prefix}"
