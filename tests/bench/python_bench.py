#!/usr/bin/env python3
"""The ettw Python module against the ettw command line, end to end (not run in CI).

Each measurement is a fresh process, as a user runs it: `python3 -c "import ettw;
ettw.open(DB).summary(by='team')"` against `ettw summary --db DB --by team --format json`, and
`ws.jobs(limit=0)` against `ettw jobs --limit 0 --format json`; the medians of --repeats runs and
their ratios are printed (python / CLI: below 1 is faster). The in-process time of the call alone
(the database opened and loaded, the frame built) is printed beside it.

    ettw generate --jobs 45000 --seed 7 --out f45k.ett.jsonl.gz && ettw import --db f45k.db f45k.ett.jsonl.gz
    ettw generate --jobs 150000 --seed 7 --out f150k.ett.jsonl.gz && ettw import --db f150k.db f150k.ett.jsonl.gz
    PYTHONPATH=build/release/app/python python3 tests/bench/python_bench.py \\
        --ettw build/release/app/ettw --summary-db f45k.db --jobs-db f150k.db
"""

import argparse
import os
import statistics
import subprocess
import sys
import time


def timed(cmd, env):
    started = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=env)
    return time.perf_counter() - started


def median_of(cmd, env, repeats):
    timed(cmd, env)  # warm the page cache
    return statistics.median(timed(cmd, env) for _ in range(repeats))


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
        cli = median_of([a.ettw, *args, "--db", db, "--format", "json"], env, a.repeats)
        code = f"import ettw; ws = ettw.open({db!r}); df = {call}"
        py = median_of([a.python, "-c", code], env, a.repeats)
        parts = [subprocess.run([a.python, "-c", IN_PROCESS.format(call=call), db], check=True, capture_output=True,
                                text=True, env=env).stdout.split() for _ in range(a.repeats)]
        imp = statistics.median(float(p[0]) for p in parts)
        call_s = statistics.median(float(p[1]) for p in parts)
        print(f"{name:18} {os.path.basename(db)}: ettw CLI {cli:.3f} s, python end to end {py:.3f} s "
              f"(ratio {py / cli:.2f}); in python: import ettw {imp:.3f} s, open + query + frame {call_s:.3f} s "
              f"(ratio to the CLI {call_s / cli:.2f}), {parts[0][2]} rows; medians of {a.repeats}")


if __name__ == "__main__":
    main()
