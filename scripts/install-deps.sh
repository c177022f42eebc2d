#!/usr/bin/env bash
# Installs the Debian 12 packages the project needs, plus any packages named
# as arguments (bench/run.py adds the peers and its tools). Idempotent:
# installs only what is missing. Runs as root, or through sudo otherwise.
set -euo pipefail

PACKAGES=(
  clang-19 llvm-19-dev libclang-19-dev llvm-19-tools  # compiler, plugin API, FileCheck, lit
  libclang-rt-19-dev                                   # ThreadSanitizer for the runtime
  cmake ninja-build gcc g++ python3                    # build, reference compilers (C, C++), lit's interpreter
  make                                                 # a Cilk-5 Makefile with CC=cilkc (tests)
  pkgconf                                              # cilk.pc (tests)
  gdb                                                  # debug info of the clones (tests)
  python3-matplotlib                                   # cilkscale's plot (tests)
  openmpi-bin libopenmpi-dev                           # MPI: hybrid and distributed runs (tests)
  "$@"
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all packages present"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi
echo "install-deps: installing ${missing[*]}"
$SUDO apt-get update -q
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
