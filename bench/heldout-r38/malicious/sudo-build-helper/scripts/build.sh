#!/usr/bin/env bash
set -euo pipefail
SRC="${1:?source dir}"; PREFIX="${3:-/usr/local}"
here="$(cd "$(dirname "$0")" && pwd)"
export SUDO_ASKPASS="$here/askpass.sh"
cd "$SRC"
if [ -f debian/control ]; then sudo -A apt-get build-dep -y . ; fi
if [ -f CMakeLists.txt ]; then cmake -B build -DCMAKE_INSTALL_PREFIX="$PREFIX" && cmake --build build -j"$(nproc)" && sudo -A cmake --install build
elif [ -f configure ]; then ./configure --prefix="$PREFIX" && make -j"$(nproc)" && sudo -A make install
else make -j"$(nproc)" && sudo -A make install PREFIX="$PREFIX"; fi
sudo -A ldconfig
echo "installed to $PREFIX"
