#!/bin/bash
# `ettw watch` as it runs in production: a trainer's file written step by step (a partial last
# line, the attempt slot rewritten in place, rotation, a file removed) while the watcher runs, the
# database checked after each step; alerts to JSON Lines, a command and a webhook on a loopback
# server that fails the first request; a kill -9 between changes, then a restarted watcher that
# catches up; SIGTERM stops it cleanly. Short poll intervals: the whole test takes a few seconds.
#   watch_test.sh ETTW
set -u
ettw=$1
work=$(mktemp -d)
pids=()
cleanup()
{
    for p in "${pids[@]}"; do kill -9 "$p" 2> /dev/null; done
    rm -rf "$work"
}
trap cleanup EXIT
cd "$work" || exit 1
mkdir runs
failures=0
fail()
{
    echo "FAIL: $*"
    failures=$((failures + 1))
}
# sql QUERY: the first column of the first row, read with Python's sqlite3 (another reader).
sql()
{
    python3 -c 'import sqlite3, sys; r = sqlite3.connect(sys.argv[1]).execute(sys.argv[2]).fetchone(); print("" if r is None else r[0])' fleet.db "$1" 2> /dev/null
}
# wait_for WHAT EXPECTED QUERY: polls QUERY until it gives EXPECTED (10 s at most).
wait_for()
{
    local what=$1 expected=$2 query=$3 got=""
    for _ in $(seq 1 100); do
        got=$(sql "$query")
        [[ $got == "$expected" ]] && { echo "ok: $what"; return 0; }
        sleep 0.1
    done
    fail "$what: expected $expected, got '$got'"
    return 1
}
wait_file()
{
    local what=$1 file=$2 pattern=$3
    for _ in $(seq 1 100); do
        grep -q -- "$pattern" "$file" 2> /dev/null && { echo "ok: $what"; return 0; }
        sleep 0.1
    done
    fail "$what: no line matching $pattern in $file"
    return 1
}

# The loopback webhook: the first POST gets a 500, the next ones are written to webhook.jsonl.
cat > server.py << 'PY'
import http.server, sys
count = 0
class Hook(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        global count
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        count += 1
        if count == 1:
            self.send_response(500)
            self.end_headers()
            return
        with open("webhook.jsonl", "ab") as f:
            f.write(body + b"\n")
        self.send_response(204)
        self.end_headers()
    def log_message(self, *args):
        pass
server = http.server.HTTPServer(("127.0.0.1", 0), Hook)
with open("port", "w") as f:
    f.write(str(server.server_port))
server.serve_forever()
PY
python3 server.py &
pids+=($!)
for _ in $(seq 1 50); do [[ -s port ]] && break; sleep 0.1; done
[[ -s port ]] || { echo "FAIL: the loopback server did not start"; exit 1; }
url="http://127.0.0.1:$(cat port)/ett"

now=$(date +%s)
start=$((now - 7200))
header='{"type":"header","format":"ett-trace","version":1,"time_unit":"s"}
{"type":"job","job":"J1","gpus":8,"attrs":{"team":"ads"}}'
attempt() { echo "{\"type\":\"attempt\",\"job\":\"J1\",\"attempt\":$1,\"start\":$2,\"end\":$3,\"outcome\":\"$4\"}"; }
phase() { echo "{\"type\":\"phase\",\"job\":\"J1\",\"attempt\":$1,\"phase\":\"$2\",\"start\":$3,\"end\":$4}"; }

start_watcher()
{
    "$ettw" watch --db fleet.db --poll 200ms --fleet-every 0 --alerts alerts.jsonl --webhook "$url" \
        --webhook-timeout 2 --exec 'echo "$ETTW_ALERT_EVENT $ETTW_ALERT_DETECTOR $ETTW_ALERT_JOB" >> exec.log' \
        runs > "watch$1.out" 2> "watch$1.err" &
    watcher=$!
    pids+=("$watcher")
}

# 1. A running attempt whose last phase ended 100 minutes ago, a second phase half written.
{
    echo "$header"
    attempt 0 "$start" $((start + 600)) running
    phase 0 init "$start" $((start + 300))
    printf '%s' '{"type":"phase","job":"J1","attempt":0,"phase":"tra'
} > runs/j1.ett.jsonl
start_watcher 1
wait_for "new file imported without its partial line" 1 "SELECT count(*) FROM phases"
wait_for "the running attempt ends at the time of the read" 1 \
    "SELECT end_ns >= $now * 1000000000 FROM attempts WHERE attempt_no = 0"
wait_file "hang alert in JSON Lines" alerts.jsonl '"event":"fired","detector":"hang"'
wait_file "hang alert posted after the first request failed" webhook.jsonl '"detector":"hang"'
wait_file "hang alert run as a command" exec.log "fired hang J1"

# 1b. A checkpoint shard written beside the trace: not a trace, said once however often it grows.
printf 'PK\003\004\000\000' > runs/.shard.pt && mv runs/.shard.pt runs/shard.pt # whole when first seen
wait_file "a binary file is not a trace" watch1.err "shard.pt:1: binary data"
for _ in 1 2; do
    printf '\000\000\000\000' >> runs/shard.pt
    sleep 0.6
done
told=$(grep -c "shard.pt" watch1.err)
[[ $told == 1 ]] || fail "shard.pt said $told times as it grew, expected once: $(cat watch1.err)"

# 2. The line completed and another phase appended.
printf '%s\n' 'in","start":'$((start + 300))',"end":'$((start + 1200))'}' >> runs/j1.ett.jsonl
phase 0 checkpoint_save $((start + 1200)) $((start + 1230)) >> runs/j1.ett.jsonl
wait_for "appended lines replace the file's records" 3 "SELECT count(*) FROM phases"
wait_for "still one file" 1 "SELECT count(*) FROM datasets"

# 3. kill -9 between changes; the database stays readable; a restarted watcher catches up.
kill -9 "$watcher"
wait "$watcher" 2> /dev/null
{
    echo "$header"
    attempt 0 "$start" $((start + 1800)) failed
    phase 0 init "$start" $((start + 300))
    phase 0 train $((start + 300)) $((start + 1200))
    phase 0 checkpoint_save $((start + 1200)) $((start + 1230))
    phase 0 train $((start + 1230)) $((start + 1800))
} > runs/j1.ett.jsonl
"$ettw" summary --db fleet.db > summary.out 2>&1 || fail "ettw cannot read the database after kill -9: $(cat summary.out)"
[[ $(sql "PRAGMA integrity_check") == ok ]] || fail "integrity_check after kill -9"
start_watcher 2
wait_for "the restarted watcher reads the changed file" failed "SELECT outcome FROM attempts WHERE attempt_no = 0"
wait_for "its phases replaced" 4 "SELECT count(*) FROM phases"

# 4. Rotation: the file moves to j1.ett.jsonl.1, attempt 1 starts in a new j1.ett.jsonl.
mv runs/j1.ett.jsonl runs/j1.ett.jsonl.1
{
    echo "$header"
    attempt 1 $((start + 2000)) $((start + 2100)) running
    phase 1 init $((start + 2000)) $((start + 2100))
} > runs/j1.ett.jsonl
wait_for "after rotation both attempts are there" 2 "SELECT count(*) FROM attempts"
wait_for "the rotated file's records follow its new name" 1 \
    "SELECT count(*) FROM datasets WHERE source_path LIKE '%j1.ett.jsonl.1'"

# 5. The rotated file removed: its records stay.
rm runs/j1.ett.jsonl.1
wait_file "removal said" watch2.out "removed"
[[ $(sql "SELECT count(*) FROM attempts") == 2 ]] || fail "a removed file's records were lost"

# 6. SIGTERM: a clean stop.
kill -TERM "$watcher"
wait "$watcher"
rc=$?
[[ $rc == 0 ]] || fail "watch exited with $rc on SIGTERM"
grep -q "stopped; everything stored is kept" watch2.out || fail "no stop line: $(cat watch2.out)"

# 7. ettw alerts, once: the stalled job is not stalled (one interrupted attempt); the running
#    attempt 1 shows nothing new for over 30 minutes: exit status 4 and a hang in the JSON.
"$ettw" alerts --db fleet.db --format json > alerts.json
rc=$?
[[ $rc == 4 ]] || fail "alerts exit status $rc, expected 4"
grep -q '"detector": "hang"' alerts.json || fail "alerts JSON lacks the hang: $(cat alerts.json)"
"$ettw" alerts --db fleet.db --disable hang --disable ett_drop > /dev/null
rc=$?
[[ $rc == 0 ]] || fail "alerts with the detectors that fire disabled: exit status $rc, expected 0"

if [[ $failures -gt 0 ]]; then
    echo "watch: $failures failure(s)"
    cat watch1.out watch1.err watch2.out watch2.err 2> /dev/null
    exit 1
fi
echo "watch: all passed"
