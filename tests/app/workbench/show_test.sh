#!/bin/sh
# ett-workbench --screenshot --show: what does not exist is an error (exit 1, a message naming it,
# no PNG), never a picture of the overview with exit 0; what exists gives the PNG and exit 0.
# Usage: show_test.sh ETTW ETT_WORKBENCH SAMPLES_DIR
set -u
ettw=$1
workbench=$2
samples=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export QT_QPA_PLATFORM=offscreen
"$ettw" import --db "$dir/s.db" --label fleet "$samples/fleet-200.ett.jsonl.gz" > /dev/null || exit 1
job=$("$ettw" jobs --db "$dir/s.db" --limit 1 --format csv \
    | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "job") c = i } NR == 2 { print $c }')
status=0
extra=""

expect() { # expect RC NEEDLE SHOW
    rm -f "$dir/x.png"
    # shellcheck disable=SC2086 # $extra: options, split on purpose
    "$workbench" --db "$dir/s.db" $extra --screenshot "$dir/x.png" --show "$3" > "$dir/out.txt" 2>&1
    rc=$?
    if [ "$rc" -ne "$1" ]; then
        echo "FAIL: --show $3: exit $rc, expected $1"; cat "$dir/out.txt"; status=1
    elif ! grep -q -- "$2" "$dir/out.txt"; then
        echo "FAIL: --show $3: no '$2' in the output"; cat "$dir/out.txt"; status=1
    elif [ "$1" -ne 0 ] && [ -e "$dir/x.png" ]; then
        echo "FAIL: --show $3: wrote a screenshot"; status=1
    elif [ "$1" -eq 0 ] && [ ! -s "$dir/x.png" ]; then
        echo "FAIL: --show $3: no screenshot"; status=1
    else
        echo "ok: --show $3 (exit $rc)"
    fi
}

expect 1 "no job 'no-such-job' in the database" "job:no-such-job"
expect 1 "no attribute 'colour' in the database (attributes: cluster, model, priority, team; or label)" "drilldown:colour"
expect 1 "no row 'lunch'" "whatif:lunch=50"
expect 1 "expected overview, drilldown" "jbo:$job"
expect 0 "screenshot saved" "job:$job"
expect 0 "screenshot saved" "job:$job:ranks"
expect 0 "screenshot saved" "job:$job:restarts"
expect 0 "screenshot saved" "drilldown:team"
expect 0 "screenshot saved" "fleet"
expect 0 "screenshot saved" "density"

# The same key under two labels: never a silent pick; --label or LABEL/KEY names one.
"$ettw" import --db "$dir/s.db" --label again "$samples/fleet-200.ett.jsonl.gz" > /dev/null || exit 1
expect 1 "job '$job' exists under several labels (again, fleet); name one with --label or as LABEL/KEY" "job:$job"
expect 0 "screenshot saved" "job:fleet/$job"
expect 1 "no job 'nosuch/$job' in the database" "job:nosuch/$job"
extra="--label again"
expect 0 "screenshot saved" "job:$job"
extra=""

# A mistyped --db creates nothing.
"$workbench" --db "$dir/typo.db" --screenshot "$dir/x.png" > "$dir/out.txt" 2>&1
rc=$?
if [ "$rc" -ne 1 ] || ! grep -q "no such database; nothing was created" "$dir/out.txt" || [ -e "$dir/typo.db" ]; then
    echo "FAIL: --db of a missing file: exit $rc"; cat "$dir/out.txt"; ls "$dir"; status=1
else
    echo "ok: --db of a missing file is an error and creates nothing"
fi
exit $status
