#!/bin/bash
# Measures `ettw watch` (not run in CI):
#  1. the delay from a write to its figure: a trace of 10,000 lines is followed; one phase line is
#     appended at a time and the time until the database holds it (the watcher's commit, with the
#     job's derived figures) is measured, ROUNDS times; median and range printed;
#  2. the watcher's memory over appends to 100 jobs: one file per job, a phase appended to every
#     file per round, the watcher's resident memory (VmRSS) sampled after each round.
#   watch_bench.sh ETTW [ROUNDS (20)] [MEMORY_ROUNDS (30)]
set -u
here=$(dirname "$(realpath "$0")")
ettw=$(realpath "$1")
rounds=${2:-20}
memory_rounds=${3:-30}
work=$(mktemp -d)
watcher=""
trap '[[ -n $watcher ]] && kill -9 $watcher 2> /dev/null; rm -rf "$work"' EXIT
cd "$work" || exit 1

PYTHONPATH="$here" python3 -u - "$rounds" "$memory_rounds" "$ettw" << 'PY'
import os, statistics, subprocess, sys, time
from watch_common import count, rss_kib

rounds, memory_rounds, ettw = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
header = '{"type":"header","format":"ett-trace","version":1,"time_unit":"s"}\n'
t0 = int(time.time()) - 86400

def phase(job, i):
    s = t0 + i * 2
    return '{"type":"phase","job":"%s","attempt":0,"phase":"train","start":%d,"end":%d}\n' % (job, s, s + 1)

# 1. Delay from a write to its figure, on a file of 10,000 lines.
os.makedirs("one")
path = "one/big.ett.jsonl"
with open(path, "w") as f:
    f.write(header)
    f.write('{"type":"job","job":"BIG","gpus":8}\n')
    f.write('{"type":"attempt","job":"BIG","attempt":0,"start":%d,"end":%d,"outcome":"running"}\n' % (t0, t0 + 40000))
    for i in range(10000 - 3):
        f.write(phase("BIG", i))
w = subprocess.Popen([ettw, "watch", "--db", "one.db", "--quiet", "--disable", "hang", "--fleet-every", "0", "one"],
                     stdout=subprocess.DEVNULL)
expected = 10000 - 3
while count("one.db", "SELECT count(*) FROM phases") != expected:
    time.sleep(0.01)
delays = []
for r in range(rounds):
    time.sleep(0.3)
    with open(path, "a") as f:
        f.write(phase("BIG", 10000 + r))
    written = time.monotonic()
    expected += 1
    while count("one.db", "SELECT count(*) FROM phases") != expected:
        time.sleep(0.005)
    delays.append(time.monotonic() - written)
w.terminate()
w.wait()
print("delay from a write to its figure, file of %d lines, %d writes: median %.3f s, range %.3f .. %.3f s"
      % (10000 + rounds, rounds, statistics.median(delays), min(delays), max(delays)))

# 2. Memory over appends to 100 jobs.
os.makedirs("many")
jobs = ["job-%03d" % j for j in range(100)]
for j in jobs:
    with open("many/%s.ett.jsonl" % j, "w") as f:
        f.write(header)
        f.write('{"type":"job","job":"%s","gpus":8}\n' % j)
        f.write('{"type":"attempt","job":"%s","attempt":0,"start":%d,"end":%d,"outcome":"running"}\n' % (j, t0, t0 + 40000))
w = subprocess.Popen([ettw, "watch", "--db", "many.db", "--quiet", "--disable", "hang", "--poll", "500ms", "--fleet-every",
                      "0", "many"], stdout=subprocess.DEVNULL)
while count("many.db", "SELECT count(*) FROM datasets") != 100:
    time.sleep(0.05)
started = time.monotonic()
samples = [rss_kib(w.pid)]
total = 0
for r in range(memory_rounds):
    for j in jobs:
        with open("many/%s.ett.jsonl" % j, "a") as f:
            f.write(phase(j, r))
    total += len(jobs)
    while count("many.db", "SELECT count(*) FROM phases") != total:
        time.sleep(0.05)
    samples.append(rss_kib(w.pid))
elapsed = time.monotonic() - started
w.terminate()
w.wait()
print("memory over %d appends to 100 jobs (%d rounds, %.0f s): VmRSS start %.1f MiB, max %.1f MiB, end %.1f MiB"
      % (total, memory_rounds, elapsed, samples[0] / 1024, max(samples) / 1024, samples[-1] / 1024))
print("  per round (MiB): " + " ".join("%.1f" % (s / 1024) for s in samples))
PY
