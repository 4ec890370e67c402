#!/usr/bin/env python3
"""The ettw Python module against the ettw command line, end to end (not run in CI).

Each measurement is a fresh process, as a user runs it: `python3 -c "import ettw;
ettw.open(DB).summary(by='team')"` against `ettw summary --db DB --by team --format json`, and
`ws.jobs(limit=0)` against `ettw jobs --limit 0 --format json`; the medians of --repeats runs and
their ratios are printed (python / CLI: below 1 is faster). The in-process time of the call alone
(the database opened and loaded, the frame built) is printed beside it. ettw runs itself with
malloc on transparent huge pages (GLIBC_TUNABLES=glibc.malloc.hugetlb=1, app/version/huge_pages.h);
python3 reads that tunable only when it starts, so the Python runs are measured both without it and
with it set in the environment, as a user starts python3 or a Jupyter kernel for a large fleet.

    ettw generate --jobs 45000 --seed 7 --out f45k.ett.jsonl.gz && ettw import --db f45k.db f45k.ett.jsonl.gz
    ettw generate --jobs 150000 --seed 7 --out f150k.ett.jsonl.gz && ettw import --db f150k.db f150k.ett.jsonl.gz
    PYTHONPATH=build/release/app/python python3 tests/bench/python_bench.py \\
        --ettw build/release/app/ettw --summary-db f45k.db --jobs-db f150k.db
"""

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time


def timed(cmd, env):
    """Wall seconds and CPU seconds (user + system) of one run of `cmd`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=env)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def median_of(cmd, env, repeats):
    """Median wall and CPU seconds of `repeats` runs (after one that warms the page cache)."""
    timed(cmd, env)
    runs = [timed(cmd, env) for _ in range(repeats)]
    return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)


IN_PROCESS = """
import sys, time
t0 = time.perf_counter()
import ettw
t1 = time.perf_counter()
ws = ettw.open(sys.argv[1])
df = {call}
t2 = time.perf_counter()
print(f"{{t1 - t0:.3f}} {{t2 - t1:.3f}} {{len(df)}}")
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ettw", required=True, help="the ettw binary of the same build")
    ap.add_argument("--summary-db", help="a database of about 45,000 jobs")
    ap.add_argument("--jobs-db", help="a database of about 150,000 jobs")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--python", default=sys.executable)
    a = ap.parse_args()
    env = dict(os.environ)
    cases = []
    if a.summary_db:
        cases.append(("summary --by team", a.summary_db, ["summary", "--by", "team"], "ws.summary(by='team')"))
    if a.jobs_db:
        cases.append(("jobs --limit 0", a.jobs_db, ["jobs", "--limit", "0"], "ws.jobs(limit=0)"))
    for name, db, args, call in cases:
        cli, cli_cpu = median_of([a.ettw, *args, "--db", db, "--format", "json"], env, a.repeats)
        code = f"import ettw; ws = ettw.open({db!r}); df = {call}"
        py, py_cpu = median_of([a.python, "-c", code], env, a.repeats)
        imp, imp_cpu = median_of([a.python, "-c", "import ettw"], env, a.repeats)
        huge_env = dict(env, GLIBC_TUNABLES="glibc.malloc.hugetlb=1")
        hp, hp_cpu = median_of([a.python, "-c", code], huge_env, a.repeats)
        parts = [subprocess.run([a.python, "-c", IN_PROCESS.format(call=call), db], check=True, capture_output=True,
                                text=True, env=env).stdout.split() for _ in range(a.repeats)]
        call_s = statistics.median(float(p[1]) for p in parts)
        print(f"{name} on {os.path.basename(db)} ({parts[0][2]} rows), medians of {a.repeats}:\n"
              f"  end to end, wall: ettw {cli:.3f} s, python {py:.3f} s (ratio {py / cli:.2f}); "
              f"python less `import ettw` ({imp:.3f} s): {py - imp:.3f} s (ratio {(py - imp) / cli:.2f})\n"
              f"  end to end, CPU:  ettw {cli_cpu:.3f} s, python {py_cpu:.3f} s (ratio {py_cpu / cli_cpu:.2f}); "
              f"python less `import ettw` ({imp_cpu:.3f} s): {py_cpu - imp_cpu:.3f} s "
              f"(ratio {(py_cpu - imp_cpu) / cli_cpu:.2f})\n"
              f"  python with GLIBC_TUNABLES=glibc.malloc.hugetlb=1: wall {hp:.3f} s (ratio {hp / cli:.2f}; less "
              f"`import ettw` {(hp - imp) / cli:.2f}), CPU {hp_cpu:.3f} s (ratio {hp_cpu / cli_cpu:.2f}; less "
              f"`import ettw` {(hp_cpu - imp_cpu) / cli_cpu:.2f})\n"
              f"  in python, ettw.open + the query + the frame: {call_s:.3f} s wall (ratio to ettw {call_s / cli:.2f})")


if __name__ == "__main__":
    main()
