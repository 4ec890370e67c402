#!/bin/sh
# The Compare page against the overview, measured in one run on the same database: wall time and
# peak RSS of `ettw summary` and `ettw compare` (end to end: open, load, compute, print), and of
# the window opened on the overview and on the Compare page (`ett-workbench --screenshot --show`,
# under xvfb-run when there is no display). Runs interleaved RUNS times (default 3) and prints
# the medians and the compare/overview ratios as JSON.
#   usage: tests/bench/compare_bench.sh DB [RUNS] [BUILD_DIR]
# DB needs two labels, A and B by default (set LABEL_A / LABEL_B); for example a 40,000-job one:
#   ettw generate --jobs 20000 --capacity none --seed 1 --out a.gz
#   ettw generate --jobs 20000 --capacity none --seed 2 --out b.gz
#   ettw import --db f40k.db --label before a.gz && ettw import --db f40k.db --label after b.gz
set -eu
DB="$1"
RUNS="${2:-3}"
BUILD="${3:-build/release}"
A="${LABEL_A:-before}"
B="${LABEL_B:-after}"
ETTW="$BUILD/app/ettw"
WINDOW="$BUILD/app/ett-workbench"
out="$(mktemp)"
shot="$(mktemp --suffix=.png)"
gui=""
if [ -x "$WINDOW" ] && { [ -n "${DISPLAY:-}" ] || command -v xvfb-run >/dev/null; }; then
    gui=1
fi
measure() { # name, command...: appends "name seconds kilobytes"
    name="$1"
    shift
    /usr/bin/time -f "$name %e %M" -o "$out.t" "$@" >/dev/null 2>&1
    cat "$out.t" >>"$out"
}
i=0
while [ "$i" -lt "$RUNS" ]; do
    measure cli_overview "$ETTW" summary --db "$DB"
    measure cli_compare "$ETTW" compare --db "$DB" --a "label=$A" --b "label=$B"
    if [ -n "$gui" ]; then
        run=""
        [ -z "${DISPLAY:-}" ] && run="xvfb-run -a -s -screen\ 0\ 1600x1000x24"
        measure window_overview sh -c "$run \"$WINDOW\" --db \"$DB\" --screenshot \"$shot\" --show overview"
        measure window_compare sh -c "$run \"$WINDOW\" --db \"$DB\" --screenshot \"$shot\" --show compare"
    fi
    i=$((i + 1))
done
python3 - "$out" <<'PY'
import json, statistics, sys
runs = {}
for line in open(sys.argv[1]):
    name, seconds, kb = line.split()
    runs.setdefault(name, []).append((float(seconds), int(kb) / 1024))
result = {}
for name, values in runs.items():
    result[name] = {"median_s": statistics.median(s for s, _ in values),
                    "median_peak_rss_mb": round(statistics.median(m for _, m in values), 1), "runs": len(values)}
for front in ("cli", "window"):
    o, c = result.get(front + "_overview"), result.get(front + "_compare")
    if o and c:
        result[front + "_ratio"] = {"time": round(c["median_s"] / o["median_s"], 2),
                                    "peak_rss": round(c["median_peak_rss_mb"] / o["median_peak_rss_mb"], 2)}
print(json.dumps(result, indent=2))
PY
rm -f "$out" "$out.t" "$shot"
