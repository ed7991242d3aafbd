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
# Then, for Debian's /usr/bin/python3 (the Python the tests call), Python's `zlib_ng` module from
# the same pinned PyPI package, checked by SHA-256: a judge that decodes the backend's streams
# (ZlibNgTests). Debian has no python3-zlib-ng.
set -euo pipefail
# --help prints the comment above, the script's manual.
if [[ "${1:-}" == "--help" || "${1:-}" == "-h" ]]; then
  sed -n '2,/^set -euo pipefail/{/^#/s/^# \{0,1\}//p}' "$0"
  exit 0
fi

# The PyPI package `zlib-ng` 1.1.0 (python-zlib-ng) bundles zlib-ng 2.3.3 in src/zlib_ng/zlib-ng.
readonly zlib_ng_version="2.3.3"
readonly sdist_version="1.1.0"
readonly sdist_file="zlib_ng-${sdist_version}.tar.gz"
readonly sdist_sha256="08a3a8468d4f130e3dc80d28ec42fcc7a878a57dfed616233e791066327d78a3"
readonly prefix="/usr/local"
# The PyPI files pip may pick for zlib-ng ${sdist_version}: the source distribution above and the
# CPython 3.11 x86-64 wheel (Debian 12's Python), which bundles the same zlib-ng 2.3.3 built by the
# package's own build (an independent build of the same sources). Elsewhere pip builds the sdist.
readonly python_module_hashes=(
  "${sdist_sha256}"
  "4165d05376742bbbeb448b7a2c44ad492c44d19011fb4bf1261af01357d107df"
)
readonly python="/usr/bin/python3"

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

# The C library the backend links.
install_library() {
  if package_installed libz-ng-dev; then
    say "the distribution's libz-ng-dev is installed ($(installed_version))."
    return 0
  fi
  if pinned_build_installed; then
    say "zlib-ng ${zlib_ng_version} is installed."
    return 0
  fi

  export DEBIAN_FRONTEND=noninteractive
  if [[ -n "$(apt-cache policy libz-ng-dev 2>/dev/null | grep -E '^ +Candidate: [^(]')" ]]; then
    say "installing the distribution's libz-ng-dev"
    "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends libz-ng-dev || fail "apt-get install libz-ng-dev failed"
    return 0
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
}

# Python's zlib_ng module for Debian's Python. pip installs it into /usr/local/lib/python3.*/
# dist-packages, beside Debian's modules and never over them (the package has no dependencies),
# which Debian 12's pip allows only with --break-system-packages.
python_module_installed() {
  "$python" -c "import sys; from importlib.metadata import version; sys.exit(version('zlib-ng') != '${sdist_version}')" \
    2>/dev/null
}
install_python_module() {
  [[ -x "$python" ]] || { say "no $python: the Python zlib_ng judge is not installed"; return 0; }
  if python_module_installed; then
    say "Python's zlib_ng ${sdist_version} is installed for $python."
    return 0
  fi
  "$python" -m pip --version >/dev/null 2>&1 \
    || "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends python3-pip \
    || fail "cannot install python3-pip for $python"
  local requirements
  requirements="$(mktemp)"
  {
    printf 'zlib-ng==%s' "$sdist_version"
    printf ' --hash=sha256:%s' "${python_module_hashes[@]}"
    printf '\n'
  } >"$requirements"
  say "installing Python's zlib_ng ${sdist_version} (PyPI zlib-ng) for $python"
  "${sudo_cmd[@]}" "$python" -m pip install --quiet --no-deps --require-hashes --break-system-packages \
    --root-user-action=ignore -r "$requirements" || fail "pip could not install zlib-ng ${sdist_version} for $python"
  rm -f "$requirements"
  python_module_installed || fail "$python does not import zlib-ng ${sdist_version} after pip installed it"
}

install_library
install_python_module
