"""Ctrl+C during a long query: a python process is sent SIGINT in the middle of a query on a large
generated database. The query stops soon (well before it would have finished), KeyboardInterrupt
is raised where the call was made, the interpreter and the workspace go on, and the database is
byte for byte as it was (and passes SQLite's integrity check)."""

import hashlib
import os
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from conftest import cli_json, run_cli

# Jobs of the generated database: a load of its segments takes about a second or more.
JOBS = 12000
QUERY = "ws.summary(by='team', start='2025-01-01T00:00:00Z')"

CHILD = f"""
import sys, time
import ettw
db = sys.argv[1]
# 1. The query once, whole: how long it takes (a fresh workspace loads the fleet).
t = time.monotonic()
ws = ettw.open(db)
{QUERY}
print(f"whole {{time.monotonic() - t:.3f}}", flush=True)
# 2. The same on a fresh workspace, interrupted by the parent.
ws = ettw.open(db)
print("go", flush=True)
t = time.monotonic()
try:
    {QUERY}
    print(f"finished {{time.monotonic() - t:.3f}}", flush=True)
except KeyboardInterrupt:
    print(f"interrupted {{time.time():.6f}} {{time.monotonic() - t:.3f}}", flush=True)
# 3. The interpreter and the workspace go on.
print("after", int({QUERY}["jobs"].sum()), flush=True)
"""


@pytest.fixture(scope="module")
def large_db(tmp_path_factory):
    d = tmp_path_factory.mktemp("large")
    run_cli("generate", "--jobs", JOBS, "--seed", "3", "--out", d / "large.ett.jsonl.gz")
    run_cli("import", "--db", d / "large.db", "--label", "large", "-q", d / "large.ett.jsonl.gz")
    return d / "large.db"


def digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_sigint_in_the_middle_of_a_query_raises_keyboard_interrupt_and_leaves_the_database_as_it_was(large_db):
    before = digest(large_db)
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(large_db)], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=os.environ)
    try:
        whole = float(child.stdout.readline().split()[1])
        assert child.stdout.readline().strip() == "go"
        time.sleep(whole * 0.3)  # well inside the query
        sent = time.time()
        child.send_signal(signal.SIGINT)
        words = child.stdout.readline().split()
        assert words and words[0] == "interrupted", (words, child.stderr.read())
        # It stopped soon after the signal, well before the query would have ended.
        latency = float(words[1]) - sent
        assert latency < max(0.5 * whole, 0.3), (latency, whole)
        assert float(words[2]) < 0.8 * whole, (words, whole)
        after = child.stdout.readline().split()
        assert after[0] == "after", after
        cli = cli_json("summary", "--db", large_db, "--by", "team", "--from", "2025-01-01T00:00:00Z")
        assert int(after[1]) == sum(g["jobs"] for g in cli["groups"].values())
        assert child.wait(timeout=120) == 0, child.stderr.read()
    finally:
        if child.poll() is None:
            child.kill()
    assert digest(large_db) == before
    with sqlite3.connect(f"file:{large_db}?mode=ro", uri=True) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
