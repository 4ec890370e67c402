#!/bin/bash
# Byte identity of `ettw compare` between two builds (not run in CI): runs both binaries over the same
# databases with many option combinations (every --match-by mode, table and json, --exclude, time
# ranges, labels, attribute scopes, --count-queue, seeds and replicates) and diffs stdout, stderr and
# the exit status of each. The databases are a generated two-label fleet (2 x JOBS, seeds 1 and 2,
# --capacity none, as tests/bench/peers.sh builds it) and the small real traces under tests/data
# (imported by BASE_ETTW under two labels).
#
#   usage: tests/bench/compare_identity.sh BASE_ETTW NEW_ETTW
#   environment:
#     IDENTITY_JOBS   jobs of each label of the generated fleet (default 40000)
#     IDENTITY_WORK   where the databases and outputs go (default: a temporary folder, removed at
#                     the end); databases already there are reused, so a later run is quick
# Exit status 0 when every output is identical, 1 otherwise (the differing cases are listed).
set -euo pipefail

[ $# -eq 2 ] || { echo "usage: $0 BASE_ETTW NEW_ETTW" >&2; exit 2; }
BASE="$(readlink -f "$1")"
NEW="$(readlink -f "$2")"
JOBS="${IDENTITY_JOBS:-40000}"
cd "$(dirname "$0")/../.."
ROOT="$PWD"
if [ -n "${IDENTITY_WORK:-}" ]; then
    WORK="$IDENTITY_WORK"
    mkdir -p "$WORK"
else
    WORK="$(mktemp -d "${TMPDIR:-/tmp}/ettw-identity.XXXXXX")"
    trap 'rm -rf "$WORK"' EXIT
fi
WORK="$(cd "$WORK" && pwd)"

# 1. The databases, built once by the baseline binary.
GEN="$WORK/gen-$JOBS.db"
if [ ! -f "$GEN" ]; then
    "$BASE" generate --jobs "$JOBS" --capacity none --seed 1 --out "$WORK/a.ett.jsonl" >&2
    "$BASE" generate --jobs "$JOBS" --capacity none --seed 2 --out "$WORK/b.ett.jsonl" >&2
    "$BASE" import --db "$GEN.tmp" --label before -q "$WORK/a.ett.jsonl"
    "$BASE" import --db "$GEN.tmp" --label after -q "$WORK/b.ett.jsonl"
    mv "$GEN.tmp" "$GEN"
    rm -f "$WORK/a.ett.jsonl" "$WORK/b.ett.jsonl"
fi
REAL="$WORK/real.db"
if [ ! -f "$REAL" ]; then
    # Each folder is imported on its own (one bad folder must not stop the rest); the before and
    # after labels split the folders, and the same folder under both labels gives matched jobs.
    for d in restarts goodput nvrx elastic slurm; do
        "$BASE" import --db "$REAL.tmp" --label before -q "$ROOT/tests/data/$d" >/dev/null 2>&1 || true
    done
    for d in restarts torchtitan onelogger mlperf-v4.1; do
        "$BASE" import --db "$REAL.tmp" --label after -q "$ROOT/tests/data/$d" >/dev/null 2>&1 || true
    done
    mv "$REAL.tmp" "$REAL"
fi
printf '[{"start": "2025-06-03T00:00:00Z", "end": "2025-06-04T12:00:00Z"}]\n' >"$WORK/exclude.json"
printf 'start,end\n1748995200,1749081600\n' >"$WORK/exclude.csv"

# 2. The cases: one line each, the database then compare's options.
CASES="$WORK/cases.txt"
{
    for db in "$GEN" "$REAL"; do
        for fmt in table json; do
            for m in auto job name team model cluster; do
                echo "$db --a label=before --b label=after --format $fmt --match-by $m"
            done
            echo "$db --a label=before --b label=after --format $fmt --exclude $WORK/exclude.json"
            echo "$db --a label=before --b label=after --format $fmt --exclude $WORK/exclude.csv --match-by name"
            echo "$db --a label=before --b label=after --format $fmt --count-queue"
            echo "$db --a label=before --b label=after --format $fmt --seed 7 --replicates 500 --top 3"
            echo "$db --a label=before,from=2025-06-02,to=2025-06-09 --b label=after,from=2025-06-02 --format $fmt"
            echo "$db --a label=before,to=2025-06-05 --b label=after,from=2025-06-05 --format $fmt --match-by job"
            echo "$db --a label=after --b label=before --format $fmt"
            echo "$db --a label=before --b label=before --format $fmt"
            echo "$db --a label=before,team=ads|search --b label=after,team=ads|search --format $fmt"
            echo "$db --a label=before,gpus>=8 --b label=after,gpus>=8 --format $fmt --match-by name"
            echo "$db --a team=ads --b team=search --format $fmt"
            echo "$db --a label=before,cluster=east --b label=after,cluster=west --format $fmt --match-by model"
            echo "$db --a label=before --b label=after --format $fmt --fail-if-drop 0.1 --gate interval"
            echo "$db --a label=before --b label=after --format $fmt --fail-if-drop 0.1"
            echo "$db --a label=nothing --b label=after --format $fmt"
            echo "$db --a label=before,from=2030-01-01 --b label=after --format $fmt"
        done
    done
} >"$CASES"

# 3. Both binaries over every case; stdout, stderr and the exit status compared byte for byte.
mkdir -p "$WORK/out"
run() { # BIN TAG N ARGS...
    local bin="$1" tag="$2" n="$3"
    shift 3
    local rc=0
    ETTW_BACKEND=cpu "$bin" compare --backend cpu --db "$@" >"$WORK/out/$n.$tag.out" 2>"$WORK/out/$n.$tag.err" || rc=$?
    echo "$rc" >"$WORK/out/$n.$tag.rc"
}
n=0
fail=0
while IFS= read -r line; do
    n=$((n + 1))
    # shellcheck disable=SC2086  # the case's words are the options
    set -f; set -- $line; set +f
    run "$BASE" base "$n" "$@"
    run "$NEW" new "$n" "$@"
    for ext in out err rc; do
        if ! cmp -s "$WORK/out/$n.base.$ext" "$WORK/out/$n.new.$ext"; then
            echo "DIFFERS ($ext) case $n: $line"
            fail=1
        fi
    done
done <"$CASES"
echo "compare_identity: $n cases, $( [ $fail -eq 0 ] && echo 'all identical' || echo 'differences above'); outputs in $WORK/out"
exit $fail
