#!/bin/sh
# A two-shard ClickHouse cluster on loopback for the fleet-store tests: two clickhouse-server
# processes with this folder's config files (clickhouse/), their own ports and data under DIR,
# never the system service nor its ports (8123, 9000, 9009).
#
#   clickhouse_cluster.sh start DIR [BASE_PORT]   start both servers, wait for /ping, write DIR/env
#   clickhouse_cluster.sh stop DIR [SHARD]        stop both servers (or one: 1 or 2) by their PIDs
#
# Shard N (1, 2) listens on HTTP BASE_PORT+N, TCP BASE_PORT+10+N, interserver BASE_PORT+20+N
# (BASE_PORT defaults to 18120). DIR/env holds the variables the tests read:
#   ETT_TEST_STORE_URL     clickhouse://ett_writer:...@127.0.0.1:HTTP1/ett_test?cluster=ett_test
#   ETT_TEST_STORE_SHARDS  the shards' HTTP addresses, comma-separated
#   ETT_TEST_STORE_READER  the read-only user as USER:PASSWORD
#   ETT_TEST_CLUSTER_DIR   DIR
# Test credentials only (clickhouse/users.xml).
set -eu

here="$(cd "$(dirname "$0")" && pwd)"
cmd="${1:-}"
dir="${2:-}"
if [ -z "$cmd" ] || [ -z "$dir" ]; then
    echo "usage: $0 start DIR [BASE_PORT] | stop DIR [SHARD]" >&2
    exit 2
fi
cluster=ett_test
shards="1 2"

pid_alive() {
    [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null
}

stop_shard() {
    pidfile="$dir/shard$1/pid"
    if ! pid_alive "$pidfile"; then
        rm -f "$pidfile"
        return 0
    fi
    pid="$(cat "$pidfile")"
    kill -TERM "$pid" 2>/dev/null || true
    i=0
    while kill -0 "$pid" 2>/dev/null && [ $i -lt 100 ]; do
        sleep 0.1
        i=$((i + 1))
    done
    if kill -0 "$pid" 2>/dev/null; then
        echo "clickhouse_cluster: shard $1 (pid $pid) did not stop in 10 s; killing it" >&2
        kill -KILL "$pid" 2>/dev/null || true
    fi
    rm -f "$pidfile"
}

case "$cmd" in
start)
    base="${3:-18120}"
    if ! command -v clickhouse-server >/dev/null 2>&1; then
        echo "clickhouse_cluster: clickhouse-server is not installed (packaging/install-deps.sh installs it)" >&2
        exit 1
    fi
    mkdir -p "$dir"
    dir="$(cd "$dir" && pwd)"
    # The cluster section, the same in every server's config.
    shard_xml=""
    for n in $shards; do
        shard_xml="$shard_xml            <shard><replica><host>127.0.0.1</host><port>$((base + 10 + n))</port><user>ett_writer</user><password>ett-writer-test</password></replica></shard>
"
    done
    # Every port must be free: a server of another cluster on them would answer the pings below
    # and the tests would talk to it (curl exits 7 only when nothing listens).
    for n in $shards; do
        for port in $((base + n)) $((base + 10 + n)) $((base + 20 + n)); do
            rc=0
            curl -s -o /dev/null --max-time 2 "http://127.0.0.1:$port/" >/dev/null 2>&1 || rc=$?
            if [ "$rc" -ne 7 ]; then
                echo "clickhouse_cluster: 127.0.0.1:$port is already in use (another cluster on base port $base?); give another BASE_PORT" >&2
                exit 1
            fi
        done
    done
    cp "$here/clickhouse/users.xml" "$dir/users.xml"
    for n in $shards; do
        sdir="$dir/shard$n"
        if pid_alive "$sdir/pid"; then
            echo "clickhouse_cluster: shard $n is already running (pid $(cat "$sdir/pid"))" >&2
            exit 1
        fi
        mkdir -p "$sdir/log" "$sdir/data" "$sdir/tmp" "$sdir/user_files" "$sdir/format_schemas"
        # awk, not sed: the substituted values hold slashes and the shard list newlines.
        awk -v dir="$sdir" -v users="$dir/users.xml" -v http=$((base + n)) -v tcp=$((base + 10 + n)) \
            -v inter=$((base + 20 + n)) -v cluster="$cluster" -v shards="$shard_xml" '
            /@SHARDS@/ { printf "%s", shards; next }
            { gsub(/@DIR@/, dir); gsub(/@USERS@/, users); gsub(/@HTTP_PORT@/, http); gsub(/@TCP_PORT@/, tcp);
              gsub(/@INTERSERVER_PORT@/, inter); gsub(/@CLUSTER@/, cluster); print }' \
            "$here/clickhouse/config.xml.in" >"$sdir/config.xml"
        (cd "$sdir" && exec clickhouse-server --config-file="$sdir/config.xml" >"$sdir/log/stdout.log" 2>&1) &
        echo $! >"$sdir/pid"
    done
    # Wait for every /ping (a fresh server answers in well under a second).
    for n in $shards; do
        port=$((base + n))
        i=0
        until curl -sf "http://127.0.0.1:$port/ping" >/dev/null 2>&1; do
            if ! pid_alive "$dir/shard$n/pid" || [ $i -ge 300 ]; then
                echo "clickhouse_cluster: shard $n did not answer on 127.0.0.1:$port; its log:" >&2
                tail -n 20 "$dir/shard$n/log/server.err.log" "$dir/shard$n/log/stdout.log" >&2 2>/dev/null || true
                for m in $shards; do stop_shard "$m"; done
                exit 1
            fi
            sleep 0.1
            i=$((i + 1))
        done
    done
    cat >"$dir/env" <<ENV
ETT_TEST_STORE_URL='clickhouse://ett_writer:ett-writer-test@127.0.0.1:$((base + 1))/ett_test?cluster=$cluster'
ETT_TEST_STORE_SHARDS='127.0.0.1:$((base + 1)),127.0.0.1:$((base + 2))'
ETT_TEST_STORE_READER='ett_reader:ett-reader-test'
ETT_TEST_CLUSTER_DIR='$dir'
export ETT_TEST_STORE_URL ETT_TEST_STORE_SHARDS ETT_TEST_STORE_READER ETT_TEST_CLUSTER_DIR
ENV
    echo "clickhouse_cluster: 2 shards up, HTTP on 127.0.0.1:$((base + 1)) and :$((base + 2)) (data in $dir)"
    ;;
stop)
    if [ -n "${3:-}" ]; then
        stop_shard "$3"
    else
        for n in $shards; do stop_shard "$n"; done
    fi
    ;;
*)
    echo "usage: $0 start DIR [BASE_PORT] | stop DIR [SHARD]" >&2
    exit 2
    ;;
esac
