#!/usr/bin/env python3
"""The ettw Python module against the ettw command line (not run in CI).

Every figure is a median with its range (min to max) over --repeats runs, the CLI's baseline
measured in the same script, its runs interleaved with the module's so that a change of the
machine's load hits both alike:

* end to end: a fresh process each run, as a user runs it: `python3 -c "import ettw;
  ettw.open(DB).summary(by='team')"` against `ettw summary --db DB --by team --format json`, and
  `ws.jobs(limit=0)` against `ettw jobs --limit 0 --format json` (wall and CPU seconds, user +
  system), and `python3 -c "import ettw"` alone (what numpy and pandas cost);
* in process: inside one python, the first call (ettw.open, the load, the query and the frame)
  and then the same call again on the loaded workspace (the query and the frame: what a notebook
  pays for every question after the first).

ettw runs itself with malloc on transparent huge pages (GLIBC_TUNABLES=glibc.malloc.hugetlb=1,
app/version/huge_pages.h); python3 reads that tunable only when it starts, so the Python runs are
measured both as python3 starts by default and with the tunable set in its environment, as a user
starts python3 or a Jupyter kernel for a large fleet.

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

HUGE_PAGES = "glibc.malloc.hugetlb=1"

IN_PROCESS = """
import sys, time
import ettw
t0 = time.perf_counter()
ws = ettw.open(sys.argv[1])
df = {call}
t1 = time.perf_counter()
df = {call}
t2 = time.perf_counter()
print(f"{{t1 - t0:.4f}} {{t2 - t1:.4f}} {{len(df)}}")
"""


def timed(cmd, env):
    """Wall seconds and CPU seconds (user + system) of one run of `cmd`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=env)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def text(values):
    """Median and range of seconds: '0.540 s (0.51-0.61)'."""
    return f"{statistics.median(values):.3f} s ({min(values):.2f}-{max(values):.2f})"


def ratio(values, baseline):
    return f"{statistics.median(values) / statistics.median(baseline):.2f}x"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ettw", required=True, help="the ettw binary of the same build")
    ap.add_argument("--summary-db", help="a database of about 45,000 jobs")
    ap.add_argument("--jobs-db", help="a database of about 150,000 jobs")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--python", default=sys.executable)
    a = ap.parse_args()
    env = {k: v for k, v in os.environ.items() if k != "GLIBC_TUNABLES"}
    huge = dict(env, GLIBC_TUNABLES=HUGE_PAGES)
    cases = []
    if a.summary_db:
        cases.append(("summary --by team", a.summary_db, ["summary", "--by", "team"], "ws.summary(by='team')"))
    if a.jobs_db:
        cases.append(("jobs --limit 0", a.jobs_db, ["jobs", "--limit", "0"], "ws.jobs(limit=0)"))
    print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs; medians (min-max) of "
          f"{a.repeats} runs")
    for name, db, args, call in cases:
        cli_cmd = [a.ettw, *args, "--db", db, "--format", "json"]
        py_cmd = [a.python, "-c", f"import ettw; ws = ettw.open({db!r}); df = {call}"]
        in_cmd = [a.python, "-c", IN_PROCESS.format(call=call), db]
        runs = {k: [] for k in ("cli", "cli_cpu", "py", "py_cpu", "hp", "hp_cpu", "imp", "imp_cpu", "first", "again",
                                "first_hp", "again_hp")}
        timed(cli_cmd, env)  # the page cache warmed for both
        timed(py_cmd, env)
        rows = 0
        for _ in range(a.repeats):
            for key, cmd, e in (("cli", cli_cmd, env), ("py", py_cmd, env), ("hp", py_cmd, huge),
                                ("imp", [a.python, "-c", "import ettw"], env)):
                wall, cpu = timed(cmd, e)
                runs[key].append(wall)
                runs[key + "_cpu"].append(cpu)
            for suffix, e in (("", env), ("_hp", huge)):
                out = subprocess.run(in_cmd, check=True, capture_output=True, text=True, env=e).stdout.split()
                runs["first" + suffix].append(float(out[0]))
                runs["again" + suffix].append(float(out[1]))
                rows = int(out[2])
        cli, cli_cpu = runs["cli"], runs["cli_cpu"]
        print(f"\n{name} on {os.path.basename(db)} ({rows} rows)")
        print(f"  ettw {' '.join(args)} --format json, end to end: wall {text(cli)}, CPU {text(cli_cpu)}")
        print(f"  python3, end to end: wall {text(runs['py'])} = {ratio(runs['py'], cli)}, "
              f"CPU {text(runs['py_cpu'])} = {ratio(runs['py_cpu'], cli_cpu)}")
        print(f"  python3 with {HUGE_PAGES}, end to end: wall {text(runs['hp'])} = {ratio(runs['hp'], cli)}, "
              f"CPU {text(runs['hp_cpu'])} = {ratio(runs['hp_cpu'], cli_cpu)}")
        print(f"  of which `import ettw` (numpy, pandas): wall {text(runs['imp'])}, CPU {text(runs['imp_cpu'])}")
        print(f"  in python, first call (open, load, query, frame): {text(runs['first'])} = "
              f"{ratio(runs['first'], cli)} of ettw end to end; with huge pages {text(runs['first_hp'])} = "
              f"{ratio(runs['first_hp'], cli)}")
        print(f"  in python, the call again on the loaded workspace (query, frame): {text(runs['again'])} = "
              f"{ratio(runs['again'], cli)}; with huge pages {text(runs['again_hp'])} = "
              f"{ratio(runs['again_hp'], cli)}")
    print(f"\nload average at end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
