#!/bin/sh
# ett-workbench --watch: the window follows a folder into the database given with --db (created when
# missing, as ettw watch creates it) under --label, and the screenshot waits for what the watch's
# first pass imported; a path that does not exist, or --watch with --store, is an error.
# Usage: watch_test.sh ETT_WORKBENCH
set -u
workbench=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export QT_QPA_PLATFORM=offscreen
status=0
fail() { echo "FAIL: $*"; status=1; }
mkdir "$dir/runs"
now=$(date +%s)
start=$((now - 3600))
cat > "$dir/runs/j1.ett.jsonl" << JSONL
{"type":"header","format":"ett-trace","version":1,"time_unit":"s"}
{"type":"job","job":"W1","gpus":8}
{"type":"attempt","job":"W1","attempt":0,"start":$start,"end":$((start + 1800)),"outcome":"running"}
{"type":"phase","job":"W1","attempt":0,"phase":"init","start":$start,"end":$((start + 300))}
{"type":"phase","job":"W1","attempt":0,"phase":"train","start":$((start + 300)),"end":$((start + 1800))}
JSONL

# 1. Into a new database, under a label: the shot comes after the import.
"$workbench" --db "$dir/w.db" --label live --watch "$dir/runs" --screenshot "$dir/w.png" > "$dir/out.txt" 2>&1
rc=$?
[ "$rc" -eq 0 ] || { fail "--watch: exit $rc"; cat "$dir/out.txt"; }
[ -s "$dir/w.png" ] || fail "--watch: no screenshot"
jobs=$(python3 -c 'import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute(
    "SELECT count(*) FROM jobs j JOIN labels l ON l.id = j.label_id WHERE l.name = ? AND j.job_key = ?",
    ("live", "W1")).fetchone()[0])' "$dir/w.db" 2>&1)
[ "$jobs" = 1 ] || fail "--watch: job W1 not imported under label live ($jobs)"
[ "$status" -eq 0 ] && echo "ok: --watch imports into --db under --label"

# 2. A path that is not there; --watch with --store.
"$workbench" --db "$dir/w.db" --watch "$dir/nowhere" --screenshot "$dir/x.png" > "$dir/out.txt" 2>&1
rc=$?
[ "$rc" -eq 1 ] || fail "--watch of a missing path: exit $rc, expected 1"
grep -q "no such file or folder" "$dir/out.txt" || fail "--watch of a missing path: $(cat "$dir/out.txt")"
[ -e "$dir/x.png" ] && fail "--watch of a missing path wrote a screenshot"
"$workbench" --store clickhouse://u@127.0.0.1:1/x --watch "$dir/runs" > "$dir/out.txt" 2>&1
rc=$?
[ "$rc" -eq 2 ] || fail "--watch with --store: exit $rc, expected 2"
grep -q "cannot be used with --store" "$dir/out.txt" || fail "--watch with --store: $(cat "$dir/out.txt")"
[ "$status" -eq 0 ] && echo "watch: all passed"
exit "$status"
