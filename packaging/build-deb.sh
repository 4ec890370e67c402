#!/bin/sh
# Builds the Debian package of ETT Workbench, build/deb/ett-workbench_VERSION-1_ARCH.deb, from a
# release tree of its own (build/deb: Release, no tests, no benchmarks; the CUDA backend when CMake
# finds nvcc, as in every tree), then prints its control fields (dpkg-deb -I) and its files
# (dpkg-deb -c). cmake/Packaging.cmake says what goes in; Depends is computed by dpkg-shlibdeps.
#
#   ./packaging/build-deb.sh [CMAKE_OPTIONS...]     e.g. -DETT_WITH_CUDA=OFF
#
# Installs what is missing first (packaging/install-deps.sh: dpkg-dev brings dpkg-shlibdeps), and
# compiles through ccache when it is installed. packaging/test-deb-clean.sh then installs the
# package on a bare Debian 12 and runs it.
set -eu
cd "$(dirname "$0")/.."

./packaging/install-deps.sh
build=build/deb
set -- -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF -DETT_BUILD_BENCH=OFF "$@"
if command -v ccache >/dev/null 2>&1; then
    set -- -DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_CUDA_COMPILER_LAUNCHER=ccache "$@"
fi
cmake -S . -B "$build" "$@"
cmake --build "$build" -j"$(nproc)"

rm -f "$build"/ett-workbench_*.deb
cpack --config "$build/CPackConfig.cmake" -G DEB -B "$build"
deb="$(ls "$build"/ett-workbench_*.deb)"
dpkg-deb -I "$deb"
dpkg-deb -c "$deb"
echo "build-deb: $deb"
