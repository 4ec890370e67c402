#!/bin/sh
# Installs what is missing, then builds and runs every test: the whole suite with warnings as
# errors (the fleet-store tests against a two-shard ClickHouse cluster started for them on
# loopback, tests/store/clickhouse_cluster.sh, and stopped afterwards even when a test fails),
# then the core tests again under AddressSanitizer and UndefinedBehaviorSanitizer (all but the
# differential SimdjsonImplementations.* tests, which take 5 minutes there and compare simdjson's
# implementations with each other, not our memory use; the first pass runs them), built by clang 14
# in a tree that holds the fuzz targets too, then a short run of every fuzz target of that tree
# (fuzz/run.sh: 10 s each after their known inputs), then the Debian package:
# packed from the ci tree already built and tested (cpack only, no build of its own), installed and
# run on a bare Debian 12 (packaging/test-deb-clean.sh), when the Debian mirror answers.
#
# Each stage's time is printed as it ends, and all of them at the end. Compilation goes through
# Debian's ccache when it is installed (install-deps.sh installs it; ETT_CCACHE=OFF at configure
# turns it off): its base folder is this clone, so that a clone in another folder finds the objects
# an earlier run built, and without a cache every object is simply compiled.
set -eu
cd "$(dirname "$0")/.."

stages=""
stage_name=""
stage() {
    now=$(date +%s)
    if [ -n "$stage_name" ]; then
        echo "run-tests: stage '$stage_name' took $((now - stage_started)) s"
        stages="$stages$(printf '  %-28s %5d s' "$stage_name" $((now - stage_started)))
"
    fi
    stage_name=${1:-}
    stage_started=$now
    [ -z "$stage_name" ] || echo "== run-tests: $stage_name"
}
run_started=$(date +%s)
# The ten slowest tests of a ctest log, for keeping the suite within its budget.
slowest() {
    echo "run-tests: the slowest tests of $1:"
    grep -E 'Test +#[0-9]+: .* sec' "$1" | sed -E 's/.*Test +#[0-9]+: ([^ ]+) .* ([0-9.]+) sec.*/\2 \1/' \
        | sort -rn | head -n 10 | awk '{ printf "  %8.1f s  %s\n", $1, $2 }' || true
}
print_stages() {
    stage
    echo "run-tests: stages"
    printf '%s' "$stages"
    echo "run-tests: all in $(($(date +%s) - run_started)) s"
}

stage "install dependencies"
./packaging/install-deps.sh
jobs="$(nproc)"
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$(pwd)}"
export CCACHE_NOHASHDIR="${CCACHE_NOHASHDIR:-true}"
export CCACHE_MAXSIZE="${CCACHE_MAXSIZE:-12G}"
# Compiles with precompiled headers (ETT_PCH in the presets) are cached only with these.
export CCACHE_SLOPPINESS="${CCACHE_SLOPPINESS:-pch_defines,time_macros,include_file_mtime,include_file_ctime}"
if command -v ccache >/dev/null 2>&1; then
    ccache -z >/dev/null 2>&1 || true
fi

stage "build ci"
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
stage "start the cluster"
./tests/store/clickhouse_cluster.sh start "$cluster_dir"
# shellcheck disable=SC1091
. "$cluster_dir/env"
stage "test ci"
ctest --preset ci -j"$jobs" --output-log build/ci/ctest.log
slowest build/ci/ctest.log
stop_cluster
trap - EXIT

stage "build asan"
cmake --preset asan
cmake --build --preset asan -j"$jobs"
stage "test asan"
ctest --preset asan -j"$jobs" --output-log build/asan/ctest.log
slowest build/asan/ctest.log

stage "fuzz"
# The asan tree holds the fuzz targets too (clang, fuzzer-no-link): no third build of the core.
ETT_FUZZ_PRESET=asan ./fuzz/run.sh 10

mirror=${ETT_DEBIAN_MIRROR:-$(./packaging/apt-mirror.sh main || true)}
stage "Debian package"
if [ -n "$mirror" ] && curl -fsI --max-time 10 "$mirror/dists/bookworm/Release" >/dev/null; then
    rm -rf build/ci/deb
    cpack --config build/ci/CPackConfig.cmake -G DEB -B build/ci/deb
    # The test needs root (debootstrap, chroot, mount).
    SUDO=""
    if [ "$(id -u)" -ne 0 ]; then
        SUDO="sudo"
    fi
    $SUDO env ETT_DEB_TEST_OUT=build/ci/deb/window.png ./packaging/test-deb-clean.sh build/ci/deb/ett-workbench_*.deb
else
    echo "run-tests: Debian package test skipped: the Debian mirror (${mirror:-none in apt's sources}) does not answer (no network?), and the test"
    echo "run-tests: installs the package's dependencies from it"
fi
if command -v ccache >/dev/null 2>&1; then
    echo "run-tests: ccache: $(ccache -s 2>/dev/null | awk '/[Hh]its|[Mm]isses/ { printf "%s ", $0 }')"
fi
print_stages
