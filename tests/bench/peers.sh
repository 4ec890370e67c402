#!/bin/bash
# The workbench against its peers, side by side in one run on the same data (not run in CI):
#   import   `ettw import` of a generated fleet's native records into a fresh database, against
#            DuckDB's read_json_auto of the same file into a database file and the sqlite3 shell's
#            .import of the same records as CSV plus an index on the job;
#   summary  `ettw summary --by team` end to end (a fresh process), against DuckDB over the same
#            attributed segments (decoded from the database's attempt_derived.segments, one row a
#            segment with its team and GPUs): a fresh node process running the query, and the query
#            alone in a warm process;
#   compare  `ettw compare` against `ettw summary` on the same two-label database (time and peak RSS).
# Every command runs in a process of its own, spawned and waited for by a small C runner that times
# it (wall time, and peak RSS and CPU time from wait4); the runs are interleaved; the figures are
# medians with their ranges (min-max) and the ratios of the medians.
#
#   usage: tests/bench/peers.sh [RUNS] [BUILD_DIR]        (RUNS >= 5, default 5; default build/release)
#   environment:
#     PEERS_PARTS         which parts, default "import summary compare"
#     PEERS_IMPORT_JOBS   jobs of the import fleet (default 8000: about 1.05 M records, 125 MB)
#     PEERS_SUMMARY_JOBS  jobs of the summary fleet (default 45000)
#     PEERS_COMPARE_JOBS  jobs of each of the compare fleet's two labels (default 20000)
#     PEERS_BASELINE      another ettw binary (an older build) whose import is timed in the same runs
#     PEERS_TOOLS         where DuckDB (npm's @duckdb/node-api) and the sqlite3 shell (Debian's package)
#                         are installed, default BUILD_DIR/peers-tools; reused by later runs
#     PEERS_WORK          where the data go (default: a temporary folder, removed at the end)
# Needs node and npm (npm must reach its registry) for DuckDB, python3, and apt-get download or an
# installed sqlite3 shell. Builds ettw (cmake --build) when BUILD_DIR has none.
set -euo pipefail

RUNS="${1:-5}"
BUILD="${2:-build/release}"
PARTS="${PEERS_PARTS:-import summary compare}"
IMPORT_JOBS="${PEERS_IMPORT_JOBS:-8000}"
SUMMARY_JOBS="${PEERS_SUMMARY_JOBS:-45000}"
COMPARE_JOBS="${PEERS_COMPARE_JOBS:-20000}"
BASELINE="${PEERS_BASELINE:-}"

die() {
    echo "peers.sh: $*" >&2
    exit 1
}
note() { echo "peers.sh: $*" >&2; }

cd "$(dirname "$0")/../.."
ROOT="$PWD"
[ "$RUNS" -ge 5 ] 2>/dev/null || die "RUNS must be a number of at least 5 (got '$RUNS')"
for tool in python3 cc; do
    command -v "$tool" >/dev/null || die "$tool is missing (Debian: apt-get install python3 gcc)"
done

ETTW="$BUILD/app/ettw"
if [ ! -x "$ETTW" ]; then
    note "building ettw in $BUILD"
    preset="$(basename "$BUILD")"
    cmake --preset "$preset" >/dev/null && cmake --build --preset "$preset" --target ettw -j"$(nproc)" >/dev/null \
        || die "could not build ettw in $BUILD (cmake --preset $preset)"
fi
ETTW="$(cd "$(dirname "$ETTW")" && pwd)/ettw"
if [ -n "$BASELINE" ]; then
    [ -x "$BASELINE" ] || die "PEERS_BASELINE=$BASELINE is not an executable"
    BASELINE="$(cd "$(dirname "$BASELINE")" && pwd)/$(basename "$BASELINE")"
fi

TOOLS="${PEERS_TOOLS:-$BUILD/peers-tools}"
mkdir -p "$TOOLS"
TOOLS="$(cd "$TOOLS" && pwd)"
if [ -n "${PEERS_WORK:-}" ]; then
    WORK="$PEERS_WORK"
    mkdir -p "$WORK"
else
    WORK="$(mktemp -d "${TMPDIR:-/tmp}/ettw-peers.XXXXXX")"
    trap 'rm -rf "$WORK"' EXIT
fi
WORK="$(cd "$WORK" && pwd)"

# ---- 1. The peers: DuckDB for node from npm, the sqlite3 shell from Debian, both under $TOOLS.
NODE_DIR="$TOOLS/node"
if [ ! -d "$NODE_DIR/node_modules/@duckdb/node-api" ]; then
    command -v node >/dev/null && command -v npm >/dev/null \
        || die "node and npm are needed for DuckDB (Debian: apt-get install nodejs npm)"
    note "installing @duckdb/node-api with npm into $NODE_DIR"
    mkdir -p "$NODE_DIR"
    if ! (cd "$NODE_DIR" && npm install --no-audit --no-fund --no-save --loglevel=error @duckdb/node-api \
        >"$TOOLS/npm.log" 2>&1); then
        tail -n 20 "$TOOLS/npm.log" >&2 || true
        die "npm could not install @duckdb/node-api (its log: $TOOLS/npm.log); npm must reach its registry
(check 'npm config get registry' and the proxy settings), or install it by hand into $NODE_DIR"
    fi
fi
SQLITE3="$TOOLS/sqlite3/usr/bin/sqlite3"
if [ ! -x "$SQLITE3" ]; then
    note "fetching Debian's sqlite3 shell into $TOOLS/sqlite3"
    if (cd "$TOOLS" && rm -f sqlite3_*.deb && apt-get download sqlite3 >"$TOOLS/apt.log" 2>&1) \
        && dpkg-deb -x "$TOOLS"/sqlite3_*.deb "$TOOLS/sqlite3"; then
        :
    elif command -v sqlite3 >/dev/null; then
        note "apt-get download sqlite3 failed (see $TOOLS/apt.log); using the installed $(command -v sqlite3)"
        SQLITE3="$(command -v sqlite3)"
    else
        die "no sqlite3 shell: apt-get download sqlite3 failed (see $TOOLS/apt.log) and none is installed"
    fi
fi
"$SQLITE3" -version >/dev/null || die "$SQLITE3 does not run"
DUCK_VERSION="$(cd "$NODE_DIR" && node -e "const {DuckDBInstance}=require('@duckdb/node-api');
DuckDBInstance.create(':memory:').then(i=>i.connect()).then(c=>c.runAndReadAll('select version()'))
.then(r=>console.log(r.getRows()[0][0]))")" || die "DuckDB does not load in node (installed in $NODE_DIR)"

# The DuckDB scripts (ES modules resolve packages next to the script, so they live in $NODE_DIR).
cat >"$NODE_DIR/peers_import.mjs" <<'EOF'
// node peers_import.mjs FILE DB: the native records of FILE into a table of a new DuckDB file.
import { DuckDBInstance } from '@duckdb/node-api';
const [file, db] = process.argv.slice(2);
const instance = await DuckDBInstance.create(db);
const c = await instance.connect();
await c.run(`CREATE TABLE records AS SELECT * FROM read_json_auto('${file}')`);
const rows = await c.runAndReadAll('SELECT count(*) FROM records');
console.log(String(rows.getRows()[0][0]));
c.closeSync();
instance.closeSync();
EOF
cat >"$NODE_DIR/peers_summary.mjs" <<'EOF'
// node peers_summary.mjs DB REPEATS: the roll-up by team of the segments table, REPEATS times in this
// process; prints the number of groups and each run's seconds (the first run pays for the cold start).
import { DuckDBInstance } from '@duckdb/node-api';
const [db, repeats] = [process.argv[2], Number(process.argv[3] || 1)];
const instance = await DuckDBInstance.create(db, { access_mode: 'READ_ONLY' });
const c = await instance.connect();
// Per team, as `ettw summary --by team` over all time: the GPU-weighted time of every bucket, the
// total and ETT% (the jobs are not counted: a distinct count would be most of DuckDB's time).
const sql = `SELECT team,
    sum((end_ns - start_ns) * gpus) AS gpu_ns,
    sum(CASE WHEN bucket = 0 THEN (end_ns - start_ns) * gpus ELSE 0 END) AS productive_gpu_ns,
    100.0 * sum(CASE WHEN bucket = 0 THEN (end_ns - start_ns) * gpus ELSE 0 END)
        / sum((end_ns - start_ns) * gpus) AS ett_percent_gpu,
    ` + Array.from({ length: 13 }, (_, b) =>
        `sum(CASE WHEN bucket = ${b} THEN (end_ns - start_ns) * gpus ELSE 0 END) AS b${b}`).join(', ') + `
  FROM segments GROUP BY team ORDER BY team`;
const times = [];
let rows;
for (let i = 0; i < repeats; ++i) {
    const t = process.hrtime.bigint();
    rows = (await c.runAndReadAll(sql)).getRows();
    times.push(Number(process.hrtime.bigint() - t) / 1e9);
}
console.log(JSON.stringify({ groups: rows.length, seconds: times }));
c.closeSync();
instance.closeSync();
EOF

# ---- 2. Measuring: "name seconds peak_kb" lines appended to $WORK/times.
TIMES="$WORK/times"
: >"$TIMES"
# One process timed by a small C runner (built here with the system's cc): the wall time from
# posix_spawn to wait4, to the nanosecond, and from wait4's rusage the peak RSS and the CPU time
# (user + system) of the process. A spawned child's peak RSS starts at its parent's (the kernel keeps
# the high-water mark across exec), so the runner is C, not Python (13 MB). Timing with `date` around
# `/usr/bin/time -v` added about 16 ms of their own processes to every fresh process on this VM, and
# nothing to a query timed inside a warm one.
cat >"$WORK/run1.c" <<'C'
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <fcntl.h>
#include <unistd.h>
extern char** environ;
int main(int argc, char** argv)
{
    if (argc < 5) {
        fprintf(stderr, "usage: run1 NAME OUT ERR COMMAND...\n");
        return 2;
    }
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&fa, 2, argv[3], O_WRONLY | O_CREAT | O_TRUNC, 0644);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    pid_t pid;
    if (posix_spawnp(&pid, argv[4], &fa, NULL, argv + 4, environ) != 0) {
        perror(argv[4]);
        return 1;
    }
    int status = 0;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) < 0) {
        perror("wait4");
        return 1;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        return 1;
    }
    const double wall = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    const double cpu = (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + ru.ru_stime.tv_sec
        + ru.ru_stime.tv_usec / 1e6;
    printf("%s %.6f %ld %.2f\n", argv[1], wall, ru.ru_maxrss, cpu);
    return 0;
}
C
cc -O2 -o "$WORK/run1" "$WORK/run1.c" || die "cc could not build the runner (Debian: apt-get install gcc)"
measure() { # name, command...: runs it in a process of its own, appends its wall time, peak RSS and CPU
    local name="$1"
    shift
    if ! "$WORK/run1" "$name" "$WORK/cmd.out" "$WORK/cmd.err" "$@" >>"$TIMES"; then
        cat "$WORK/cmd.err" >&2
        die "$name failed: $*"
    fi
}

# ---- 3. Import: the same native file into each.
if [[ " $PARTS " == *" import "* ]]; then
    IMP="$WORK/import.ett.jsonl"
    note "generating $IMPORT_JOBS jobs (seed 42) into $IMP"
    "$ETTW" generate --jobs "$IMPORT_JOBS" --seed 42 --out "$IMP" >&2
    # The same records as CSV for the sqlite3 shell: one column per field of any record (attrs as JSON).
    python3 - "$IMP" "$WORK/import.csv" <<'PY'
import csv, json, sys
keys, rows = [], []
with open(sys.argv[1]) as f:
    for line in f:
        r = json.loads(line)
        for k in r:
            if k not in keys:
                keys.append(k)
with open(sys.argv[1]) as f, open(sys.argv[2], "w", newline="") as out:
    w = csv.writer(out)
    w.writerow(keys)
    for line in f:
        r = json.loads(line)
        w.writerow([json.dumps(r[k], separators=(",", ":")) if isinstance(r.get(k), (dict, list))
                    else ("" if r.get(k) is None else r[k]) for k in keys])
PY
    RECORDS="$(wc -l <"$IMP")"
    cat >"$WORK/import.sql" <<EOF
.import --csv $WORK/import.csv records
CREATE INDEX records_job ON records(job);
EOF
    for ((i = 0; i < RUNS; ++i)); do
        note "import, run $((i + 1)) of $RUNS"
        rm -f "$WORK"/imp.db*
        measure import_ettw "$ETTW" import --db "$WORK/imp.db" --label bench -q "$IMP"
        if [ -n "$BASELINE" ]; then
            rm -f "$WORK"/imp.db*
            measure import_baseline "$BASELINE" import --db "$WORK/imp.db" --label bench -q "$IMP"
        fi
        rm -f "$WORK"/imp.duckdb*
        measure import_duckdb node "$NODE_DIR/peers_import.mjs" "$IMP" "$WORK/imp.duckdb"
        rm -f "$WORK"/imp.sqlite*
        measure import_sqlite3 "$SQLITE3" "$WORK/imp.sqlite" ".read $WORK/import.sql"
    done
    echo "import_records $RECORDS 0" >>"$TIMES"
    rm -f "$WORK"/imp.* "$WORK/import.csv"
fi

# ---- 4. Summary by team: ettw on its database, DuckDB on the same attributed segments.
if [[ " $PARTS " == *" summary "* ]]; then
    note "generating and importing $SUMMARY_JOBS jobs (seed 42) for the summary"
    "$ETTW" generate --jobs "$SUMMARY_JOBS" --seed 42 --out "$WORK/summary.ett.jsonl" >&2
    "$ETTW" import --db "$WORK/sum.db" --label fleet -q "$WORK/summary.ett.jsonl"
    rm -f "$WORK/summary.ett.jsonl"
    # One CSV row a segment: its job, team, bucket, start, end and GPUs (the attempt's, else the
    # job's), decoded from the blobs (core/model/segment_codec.h: a bucket byte, a LEB128 length).
    python3 - "$WORK/sum.db" "$WORK/segments.csv" <<'PY'
import csv, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
rows = db.execute("""SELECT a.job_id, coalesce(t.value, ''), a.start_ns, coalesce(a.gpus, j.gpus), d.segments
    FROM attempt_derived d JOIN attempts a ON a.id = d.attempt_id JOIN jobs j ON j.id = a.job_id
    LEFT JOIN job_attrs t ON t.job_id = a.job_id AND t.key = 'team'""")
with open(sys.argv[2], "w", newline="") as out:
    w = csv.writer(out)
    w.writerow(["job_id", "team", "bucket", "start_ns", "end_ns", "gpus"])
    for job, team, start, gpus, blob in rows:
        i, t = 0, start
        while i < len(blob):
            bucket = blob[i]
            i += 1
            length, shift = 0, 0
            while True:
                b = blob[i]
                i += 1
                length |= (b & 0x7F) << shift
                shift += 7
                if b < 0x80:
                    break
            w.writerow([job, team, bucket, t, t + length, gpus])
            t += length
PY
    SEGMENTS="$(($(wc -l <"$WORK/segments.csv") - 1))"
    (cd "$NODE_DIR" && node -e "
const {DuckDBInstance}=require('@duckdb/node-api');
(async()=>{const i=await DuckDBInstance.create('$WORK/sum.duckdb');const c=await i.connect();
await c.run(\"CREATE TABLE segments AS SELECT * FROM read_csv('$WORK/segments.csv', header=true, columns={'job_id':'BIGINT','team':'VARCHAR','bucket':'UTINYINT','start_ns':'BIGINT','end_ns':'BIGINT','gpus':'BIGINT'})\");
c.closeSync();i.closeSync();})()") || die "DuckDB could not load the segments"
    rm -f "$WORK/segments.csv"
    for ((i = 0; i < RUNS; ++i)); do
        note "summary, run $((i + 1)) of $RUNS"
        measure summary_ettw "$ETTW" summary --db "$WORK/sum.db" --by team
        measure summary_true /bin/true
        measure summary_duckdb_fresh node "$NODE_DIR/peers_summary.mjs" "$WORK/sum.duckdb" 1
    done
    # The query alone in a warm process: the first run is left out, the others are the samples.
    node "$NODE_DIR/peers_summary.mjs" "$WORK/sum.duckdb" "$((RUNS + 1))" | python3 -c "
import json, sys
for s in json.load(sys.stdin)['seconds'][1:]:
    print('summary_duckdb_warm_query', s, 0)" >>"$TIMES"
    echo "summary_segments $SEGMENTS 0" >>"$TIMES"
    echo "summary_jobs $SUMMARY_JOBS 0" >>"$TIMES"
    rm -f "$WORK"/sum.*
fi

# ---- 5. Compare against summary on one database of two labels.
if [[ " $PARTS " == *" compare "* ]]; then
    note "generating and importing 2 x $COMPARE_JOBS jobs (seeds 1 and 2, --capacity none) for compare"
    "$ETTW" generate --jobs "$COMPARE_JOBS" --capacity none --seed 1 --out "$WORK/a.ett.jsonl" >&2
    "$ETTW" generate --jobs "$COMPARE_JOBS" --capacity none --seed 2 --out "$WORK/b.ett.jsonl" >&2
    "$ETTW" import --db "$WORK/cmp.db" --label before -q "$WORK/a.ett.jsonl"
    "$ETTW" import --db "$WORK/cmp.db" --label after -q "$WORK/b.ett.jsonl"
    rm -f "$WORK"/a.ett.jsonl "$WORK"/b.ett.jsonl
    for ((i = 0; i < RUNS; ++i)); do
        note "compare, run $((i + 1)) of $RUNS"
        measure compare_summary "$ETTW" summary --db "$WORK/cmp.db"
        measure compare_compare "$ETTW" compare --db "$WORK/cmp.db" --a label=before --b label=after
    done
    echo "compare_jobs $((2 * COMPARE_JOBS)) 0" >>"$TIMES"
    rm -f "$WORK"/cmp.*
fi

# ---- 6. The figures.
python3 - "$TIMES" "$RUNS" "$DUCK_VERSION" "$("$SQLITE3" -version | cut -d' ' -f1)" "$("$ETTW" --version 2>/dev/null | head -n1)" <<'PY'
import statistics, sys
runs, counts = {}, {}
for line in open(sys.argv[1]):
    name, seconds, kb, *cpu = line.split()
    if name in ("import_records", "summary_segments", "summary_jobs", "compare_jobs"):
        counts[name] = int(seconds)
        continue
    runs.setdefault(name, []).append((float(seconds), int(kb) / 1024, float(cpu[0]) if cpu else 0.0))
nruns, duck, sqlite, ettw = sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5]
print(f"ettw ({ettw}) against DuckDB {duck} (node) and the sqlite3 shell {sqlite}; medians of {nruns} runs, [min-max];")
print("wall time, peak RSS and CPU time (user + system, all threads) of each process")

def med(name, i=0):
    return statistics.median(v[i] for v in runs[name])

def line(label, name, memory=True):
    if name not in runs:
        return
    s = [v[0] for v in runs[name]]
    text = f"  {label:<44} {med(name):8.3f} s  [{min(s):.3f}-{max(s):.3f}]"
    if memory and med(name, 1) > 0:
        m = [v[1] for v in runs[name]]
        text += f"  peak RSS {med(name, 1):7.1f} MB [{min(m):.0f}-{max(m):.0f}]"
        c = [v[2] for v in runs[name]]
        text += f"  CPU {med(name, 2):6.2f} s [{min(c):.2f}-{max(c):.2f}]"
    print(text)

def ratio(label, slow, fast, i=0, unit="x"):
    if slow in runs and fast in runs:
        print(f"  {label:<44} {med(slow, i) / med(fast, i):8.2f}{unit}")

if "import_ettw" in runs:
    print(f"import: {counts.get('import_records', 0):,} native records (one JSON object a line)")
    line("ettw import (fresh database)", "import_ettw")
    line("ettw import, PEERS_BASELINE", "import_baseline")
    line("DuckDB read_json_auto into a file", "import_duckdb")
    line("sqlite3 shell .import (CSV) + index", "import_sqlite3")
    ratio("DuckDB / ettw (time)", "import_duckdb", "import_ettw")
    ratio("sqlite3 shell / ettw (time)", "import_sqlite3", "import_ettw")
    ratio("baseline / ettw (time)", "import_baseline", "import_ettw")
    ratio("DuckDB / ettw (CPU, user + system)", "import_duckdb", "import_ettw", 2)
    ratio("sqlite3 shell / ettw (CPU, user + system)", "import_sqlite3", "import_ettw", 2)
    ratio("baseline / ettw (CPU, user + system)", "import_baseline", "import_ettw", 2)
if "summary_ettw" in runs:
    print(f"summary by team: {counts.get('summary_jobs', 0):,} jobs, {counts.get('summary_segments', 0):,} segments")
    line("ettw summary --by team (fresh process)", "summary_ettw")
    line("DuckDB, fresh node process", "summary_duckdb_fresh")
    line("DuckDB, the query in a warm process", "summary_duckdb_warm_query", memory=False)
    line("for scale: /bin/true (a process doing nothing)", "summary_true")
    ratio("DuckDB fresh / ettw (time)", "summary_duckdb_fresh", "summary_ettw")
    ratio("DuckDB warm query / ettw (time)", "summary_duckdb_warm_query", "summary_ettw")
if "compare_compare" in runs:
    print(f"compare: {counts.get('compare_jobs', 0):,} jobs under two labels")
    line("ettw summary", "compare_summary")
    line("ettw compare --a label=before --b label=after", "compare_compare")
    ratio("compare / summary (time)", "compare_compare", "compare_summary")
    ratio("compare / summary (peak RSS)", "compare_compare", "compare_summary", 1)
PY
