#!/bin/sh
# The import benchmark: generates N phase records (default 10 million), imports them
# end to end (parse, validate, store, index, accounting) and, in the same process, inserts the
# same rows with a plain prepared-statement loop into a bare SQLite table. Runs it RUNS times
# (default 3) and prints each run's JSON and the medians.
#   usage: tests/bench/import_bench.sh [RECORDS] [RUNS]
set -eu
cd "$(dirname "$0")/../.."
RECORDS="${1:-10000000}"
RUNS="${2:-3}"
cmake --preset release >/dev/null
cmake --build --preset release --target ett_bench core_bench -j"$(nproc)" >/dev/null
out="$(mktemp)"
i=0
while [ "$i" -lt "$RUNS" ]; do
    ./build/release/tests/bench/ett_bench import --records "$RECORDS" 2>/dev/null | tr -d '\n ' >>"$out"
    echo >>"$out"
    i=$((i + 1))
done
cat "$out"
python3 - "$out" <<'PY'
import json, statistics, sys
runs = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
for k in ("records_per_s", "bare_insert_records_per_s", "ratio", "peak_rss_mb", "seconds"):
    print(f"median {k}: {statistics.median(r[k] for r in runs)}")
PY
rm -f "$out"
echo "micro-benchmarks:"
./build/release/tests/bench/core_bench --benchmark_repetitions=3 --benchmark_report_aggregates_only=true
