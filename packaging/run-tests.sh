#!/bin/sh
# Installs what is missing, then builds and runs every test: the whole suite with warnings as
# errors, then the core tests again under AddressSanitizer and UndefinedBehaviorSanitizer, then a
# short run of every fuzz target (fuzz/run.sh: 10 s each after their known inputs).
set -eu
cd "$(dirname "$0")/.."

./packaging/install-deps.sh
jobs="$(nproc)"

cmake --preset ci
cmake --build --preset ci -j"$jobs"
ctest --preset ci -j"$jobs"

cmake --preset asan
cmake --build --preset asan -j"$jobs"
ctest --preset asan -j"$jobs"

./fuzz/run.sh 10
