#!/bin/bash
# Soak measurement of `ettw watch` (not run in CI; watch_bench.sh is the short one):
# `ettw watch` (its defaults, --quiet) follows a folder of 100 jobs' native trace files that are
# appended to the way a trainer writes them, for DURATION seconds:
#  - every PERIOD seconds a round appends to every job's file: the rest of the line left partial by
#    the round before, one whole phase line and the first half of the next one (so every read ends
#    on a partial line, as a trainer's buffered writes do);
#  - after each round the watcher's resident memory (VmRSS, /proc/PID/status) is sampled and the
#    delay from the round's last write to the database holding every complete line (the watcher's
#    commit, with the jobs' figures) is measured;
#  - one line per round goes to standard output as it happens (so a run stopped early still says
#    what it saw), then the medians and ranges.
#   watch_soak.sh ETTW [DURATION_S (3600)] [PERIOD_S (10)] [JOBS (100)]
# SOAK_DB_FROM=FILE starts the watcher on a copy of that database (a fleet imported before), so that
# two runs tell what the watcher's memory follows: the files it reads again, or the fleet around them.
# Run it niced on a shared machine, e.g.:
#   nice -n 10 tests/bench/watch_soak.sh build/ci/app/ettw 3600 10 > soak.log 2>&1 &
set -u
here=$(dirname "$(realpath "$0")")
ettw=$(realpath "$1")
duration=${2:-3600}
period=${3:-10}
jobs=${4:-100}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
from_db=${SOAK_DB_FROM:+$(realpath "$SOAK_DB_FROM")}
cd "$work" || exit 1
if [ -n "$from_db" ]; then
    cp "$from_db" soak.db || exit 1
fi

PYTHONPATH="$here" python3 -u - "$ettw" "$duration" "$period" "$jobs" << 'PY'
import os, signal, statistics, subprocess, sys, time
from watch_common import count as count_in, rss_kib

def count(sql):
    return count_in("soak.db", sql)


ettw, duration, period, njobs = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
header = '{"type":"header","format":"ett-trace","version":1,"time_unit":"s"}\n'
t0 = int(time.time()) - 86400

def phase(job, i):
    s = t0 + i * 2
    return '{"type":"phase","job":"%s","attempt":0,"phase":"train","start":%d,"end":%d}\n' % (job, s, s + 1)

# A fleet imported before (SOAK_DB_FROM): its datasets and phases are there from the start.
base_datasets = (count("SELECT count(*) FROM datasets") or 0) if os.path.exists("soak.db") else 0
base_phases = (count("SELECT count(*) FROM phases") or 0) if os.path.exists("soak.db") else 0
# The soak's phases are those written after the start (a replaced file's rows get new ids): counted
# by id, so that the probe does not count the fleet's millions of rows after every round.
base_id = (count("SELECT coalesce(max(id), 0) FROM phases") or 0) if os.path.exists("soak.db") else 0
if base_datasets:
    print("starting on a database of %d datasets, %d phases" % (base_datasets, base_phases))
os.makedirs("runs")
jobs = ["job-%03d" % j for j in range(njobs)]
for j in jobs:
    with open("runs/%s.ett.jsonl" % j, "w") as f:
        f.write(header)
        f.write('{"type":"job","job":"%s","gpus":8}\n' % j)
        f.write('{"type":"attempt","job":"%s","attempt":0,"start":%d,"end":%d,"outcome":"running"}\n'
                % (j, t0, t0 + 10 * 86400))
w = subprocess.Popen([ettw, "watch", "--db", "soak.db", "--quiet", "runs"], stdout=subprocess.DEVNULL)
while count("SELECT count(*) FROM datasets") != base_datasets + njobs:
    if w.poll() is not None:
        sys.exit("ettw watch exited with %d before importing the files" % w.returncode)
    time.sleep(0.1)

started = time.monotonic()
rss = [rss_kib(w.pid)]
delays = []
print("round 0: t 0 s, VmRSS %.1f MiB" % (rss[0] / 1024))
line = 0          # index of the next phase line of every job
partial = {j: "" for j in jobs}  # the rest of the line each file ends on
r = 0
while time.monotonic() - started < duration:
    r += 1
    round_start = time.monotonic()
    for j in jobs:
        whole = phase(j, line)
        nxt = phase(j, line + 1)
        half = len(nxt) // 2
        with open("runs/%s.ett.jsonl" % j, "a") as f:
            f.write(partial[j] + whole + nxt[:half])
        partial[j] = nxt[half:]
    last_write = time.monotonic()
    line += 2
    expected = njobs * (2 * r - 1)
    while count("SELECT count(*) FROM phases WHERE id > %d" % base_id) != expected:
        if w.poll() is not None:
            sys.exit("ettw watch exited with %d" % w.returncode)
        time.sleep(0.01)
    delays.append(time.monotonic() - last_write)
    rss.append(rss_kib(w.pid))
    print("round %d: t %.0f s, %d phases, delay %.3f s, VmRSS %.1f MiB"
          % (r, time.monotonic() - started, expected, delays[-1], rss[-1] / 1024))
    time.sleep(max(0.0, period - (time.monotonic() - round_start)))

elapsed = time.monotonic() - started
w.send_signal(signal.SIGTERM)
w.wait()
print("soak: %d jobs, %d rounds (%d appends) over %.0f s" % (njobs, r, r * njobs, elapsed))
print("delay from a round's last write to its figures: median %.3f s, range %.3f .. %.3f s"
      % (statistics.median(delays), min(delays), max(delays)))
print("VmRSS: start %.1f MiB, median %.1f MiB, max %.1f MiB, end %.1f MiB"
      % (rss[0] / 1024, statistics.median(rss) / 1024, max(rss) / 1024, rss[-1] / 1024))
PY
