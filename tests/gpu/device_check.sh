#!/bin/sh
# Device check of the aggregation engine. On a bare CUDA machine (CMake, a C++
# compiler and nvcc; no Qt, no SQLite, no GoogleTest) it configures and builds gpu/ alone, runs
# the equivalence tests on the CUDA and CPU backends and the engine benchmark, and prints the
# figures. Meant to finish within 5 minutes on an H100/H200-class machine.
#
#   tests/gpu/device_check.sh                 # from the repository root
#   PHASES_LARGE=20000000 tests/gpu/device_check.sh   # smaller large run
#
# Output also goes to $OUT/device_check.log when OUT is set. Exit status: 0 when every check ran
# and passed on the GPU, 1 otherwise.
set -u
cd "$(dirname "$0")/../.."
BUILD="${BUILD:-build-device}"
PHASES_SMALL="${PHASES_SMALL:-10000000}"
PHASES_LARGE="${PHASES_LARGE:-100000000}"
LOG="${OUT:+$OUT/device_check.log}"
start=$(date +%s)
status=0

say() { echo "$@"; [ -n "$LOG" ] && echo "$@" >>"$LOG"; return 0; }
# Runs a command, appending its output to the log; returns its exit status.
step() {
    say "\$ $*"
    if [ -n "$LOG" ]; then
        { "$@"; echo "rc=$?" >"$BUILD.rc"; } 2>&1 | tee -a "$LOG"
        rc=$(sed 's/rc=//' "$BUILD.rc")
    else
        "$@"
        rc=$?
    fi
    return "$rc"
}

mkdir -p "$BUILD"
say "== machine"
command -v nvidia-smi >/dev/null && step nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader
step nproc
say "== configure and build gpu/ alone"
# The toolkit is named explicitly (CMake would otherwise look at CUDACXX, then PATH); NVCC
# overrides it.
NVCC="${NVCC:-/usr/local/cuda/bin/nvcc}"
if ! step cmake -S gpu -B "$BUILD" -DETT_WITH_CUDA=ON -DCMAKE_CUDA_COMPILER="$NVCC" -DCMAKE_BUILD_TYPE=Release; then
    exit 1
fi
if ! step cmake --build "$BUILD" -j"$(nproc)"; then exit 1; fi
say "build done after $(( $(date +%s) - start )) s"

say "== equivalence with the reference accounting, CUDA backend"
step "$BUILD/tests/gpu/gpu_equivalence_tests" --backend cuda
rc=$?
if [ "$rc" -eq 77 ]; then
    say "the CUDA backend did not start here (see the line above): this check needs a GPU"
    status=1
elif [ "$rc" -ne 0 ]; then
    status=1
fi
say "== equivalence, CPU backend"
step "$BUILD/tests/gpu/gpu_equivalence_tests" --backend cpu --quick || status=1

say "== benchmark, CUDA, $PHASES_SMALL phases"
step "$BUILD/tests/gpu/engine_bench" --phases "$PHASES_SMALL" --backend cuda --repeats 5 || status=1
say "== benchmark, CUDA, $PHASES_LARGE phases (with the time of each step of load and attribution)"
step env ETT_CUDA_STEPS=1 "$BUILD/tests/gpu/engine_bench" --phases "$PHASES_LARGE" --backend cuda --repeats 3 || status=1
say "== benchmark, CPU, $PHASES_SMALL phases"
step "$BUILD/tests/gpu/engine_bench" --phases "$PHASES_SMALL" --backend cpu --repeats 3 || status=1

say "== done in $(( $(date +%s) - start )) s, status $status"
exit "$status"
