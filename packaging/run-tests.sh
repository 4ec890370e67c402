#!/bin/sh
# Installs what is missing, then builds and runs every test: the whole suite with warnings as
# errors (the fleet-store tests against a two-shard ClickHouse cluster started for them on
# loopback, tests/store/clickhouse_cluster.sh, and stopped afterwards even when a test fails),
# then the core tests again under AddressSanitizer and UndefinedBehaviorSanitizer (all but the
# differential SimdjsonImplementations.* tests, which take 5 minutes there and compare simdjson's
# implementations with each other, not our memory use; the first pass runs them), then a short run
# of every fuzz target (fuzz/run.sh: 10 s each after their known inputs), then the Debian package:
# packed from the ci tree already built and tested (cpack only, no build of its own), installed and
# run on a bare Debian 12 (packaging/test-deb-clean.sh), when the Debian mirror answers.
set -eu
cd "$(dirname "$0")/.."

./packaging/install-deps.sh
jobs="$(nproc)"

cmake --preset ci
cmake --build --preset ci -j"$jobs"

# The cluster lives in a temporary folder and only while ctest runs; its variables
# (ETT_TEST_STORE_URL, ETT_TEST_STORE_SHARDS, ...) are in its env file.
cluster_dir="$(mktemp -d "${TMPDIR:-/tmp}/ett-clickhouse.XXXXXX")"
stop_cluster() {
    ./tests/store/clickhouse_cluster.sh stop "$cluster_dir" || true
    rm -rf "$cluster_dir"
}
trap stop_cluster EXIT
trap 'exit 130' INT TERM
./tests/store/clickhouse_cluster.sh start "$cluster_dir"
# shellcheck disable=SC1091
. "$cluster_dir/env"
ctest --preset ci -j"$jobs"
stop_cluster
trap - EXIT

cmake --preset asan
cmake --build --preset asan -j"$jobs"
ctest --preset asan -j"$jobs"

./fuzz/run.sh 10

mirror=${ETT_DEBIAN_MIRROR:-http://deb.debian.org/debian}
if curl -fsI --max-time 10 "$mirror/dists/bookworm/Release" >/dev/null; then
    rm -rf build/ci/deb
    cpack --config build/ci/CPackConfig.cmake -G DEB -B build/ci/deb
    # The test needs root (debootstrap, chroot, mount).
    SUDO=""
    if [ "$(id -u)" -ne 0 ]; then
        SUDO="sudo"
    fi
    $SUDO env ETT_DEB_TEST_OUT=build/ci/deb/window.png ./packaging/test-deb-clean.sh build/ci/deb/ett-workbench_*.deb
else
    echo "run-tests: Debian package test skipped: $mirror does not answer (no network?), and the test"
    echo "run-tests: installs the package's dependencies from it"
fi
