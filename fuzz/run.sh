#!/bin/sh
# A bounded run of every fuzz target (fuzz/README.md): builds the fuzz preset (clang 14, libFuzzer,
# ASan + UBSan; only ett_core and the targets), then for each target
#   1. runs every seed of fuzz/corpus/<target>, every input of fuzz/regressions/<target> and the
#      large hostile inputs make_regressions.sh writes, each once;
#   2. fuzzes for SECONDS over its corpus and regressions (new inputs go to build/fuzz/corpus-work,
#      never into the repository; crashes to build/fuzz/artifacts/<target>/).
# Fails when any target crashes, leaks, hangs past 10 s or passes 2 GB on any input.
#
#     fuzz/run.sh [SECONDS-PER-TARGET (default 10)] [TARGET...]   e.g. fuzz/run.sh 60 chrome log
#     ETT_FUZZ_PRESET=asan fuzz/run.sh 10                         the asan tree's targets
set -eu
cd "$(dirname "$0")/.."

seconds="${1:-10}"
[ $# -gt 0 ] && shift
targets="${*:-native chrome nsys mlperf log table slurm nvrx elastic torchtitan onelogger goodput import}"
# The preset whose targets run: fuzz (the default: -O2), or asan, which builds the same targets
# beside its tests (-O1; the test command uses it, so that CI compiles the core once for both).
preset="${ETT_FUZZ_PRESET:-fuzz}"
build="build/$preset"
jobs="$(nproc)"

cmake --preset "$preset" >/dev/null
cmake --build "$build" --target fuzzers -j"$jobs"

rm -rf "$build/regressions" "$build/tmp"
./fuzz/make_regressions.sh "$build/regressions"
# The targets write each input to a file under TMPDIR; one a crash leaves stays in the build folder.
mkdir -p "$build/tmp"
TMPDIR="$(pwd)/$build/tmp"
export TMPDIR

# Stacks for UBSan reports too (its checks already abort: -fno-sanitize-recover=all).
export UBSAN_OPTIONS="print_stacktrace=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
limits="-rss_limit_mb=2048 -timeout=10"

# The files of the given folders (that exist), one a line.
files_of() {
    for d in "$@"; do
        [ -d "$d" ] && find "$d" -type f | sort
    done
    return 0
}

failed=""
for t in $targets; do
    bin="$build/fuzz/fuzz_$t"
    [ -x "$bin" ] || { echo "fuzz/run.sh: no target fuzz_$t" >&2; exit 2; }
    artifacts="$build/artifacts/$t"
    work="$build/corpus-work/$t"
    mkdir -p "$artifacts" "$work"
    dict=""
    [ -f "fuzz/dict/$t.dict" ] && dict="-dict=fuzz/dict/$t.dict"
    regressions=""
    [ -d "fuzz/regressions/$t" ] && regressions="fuzz/regressions/$t"
    started=$(date +%s)

    # 1. Each known input once. Given files (not folders), libFuzzer runs each whole: a folder's
    #    inputs would be cut to -max_len.
    # shellcheck disable=SC2086
    if ! files_of "fuzz/corpus/$t" "fuzz/regressions/$t" "$build/regressions/$t" | tr '\n' '\0' \
        | xargs -0 -r "$bin" $limits -artifact_prefix="$artifacts/" >"$build/fuzz-$t-inputs.log" 2>&1; then
        echo "fuzz/run.sh: fuzz_$t FAILED on a known input (log: $build/fuzz-$t-inputs.log)" >&2
        tail -n 60 "$build/fuzz-$t-inputs.log" >&2
        failed="$failed $t"
        continue
    fi

    # 2. Fuzzing for the given time. The first folder receives what libFuzzer finds.
    # shellcheck disable=SC2086
    if ! "$bin" $limits $dict -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$artifacts/" \
        "$work" "fuzz/corpus/$t" $regressions >"$build/fuzz-$t.log" 2>&1; then
        echo "fuzz/run.sh: fuzz_$t FAILED while fuzzing (log: $build/fuzz-$t.log, input in $artifacts/)" >&2
        tail -n 60 "$build/fuzz-$t.log" >&2
        failed="$failed $t"
        continue
    fi
    stats=$(grep -E '^#[0-9]+.*DONE' "$build/fuzz-$t.log" | tail -n 1 || true)
    echo "fuzz_$t: ok in $(($(date +%s) - started)) s; $stats"
done

if [ -n "$failed" ]; then
    echo "fuzz/run.sh: crashes in:$failed (reproduce: $build/fuzz/fuzz_TARGET $build/artifacts/TARGET/crash-...)" >&2
    exit 1
fi
echo "fuzz/run.sh: every target ran ${seconds} s without a crash"
