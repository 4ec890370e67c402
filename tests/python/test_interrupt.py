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

# Jobs of the generated database, and a query that reads its phases (a what-if that scales a phase
# subcategory): a second or more, nearly all of it in the service.
JOBS = 12000
QUERY = "ws.whatif({'name': 'x', 'changes': [{'phase': 'init.nccl', 'scale': 0.5}]})"

CHILD = f"""
import sys, time
import ettw
db = sys.argv[1]
# 1. The query whole, on a fresh workspace (which loads the fleet): how long it takes once the
#    page cache and the interpreter are warm.
for _ in range(2):
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
print("after", int(ws.summary()["jobs"].iloc[0]), flush=True)
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
        time.sleep(whole * 0.25)  # well inside the query
        sent = time.time()
        child.send_signal(signal.SIGINT)
        words = child.stdout.readline().split()
        assert words and words[0] == "interrupted", (words, child.stderr.read())
        # It stopped soon after the signal, well before the query would have ended.
        latency = float(words[1]) - sent
        assert latency < max(0.3 * whole, 0.1), (latency, whole)
        assert float(words[2]) < 0.6 * whole, (words, whole)
        after = child.stdout.readline().split()
        assert after[0] == "after", after
        assert int(after[1]) == cli_json("summary", "--db", large_db)["jobs"] > JOBS * 0.99
        assert child.wait(timeout=120) == 0, child.stderr.read()
    finally:
        if child.poll() is None:
            child.kill()
    assert digest(large_db) == before
    with sqlite3.connect(f"file:{large_db}?mode=ro", uri=True) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_a_second_thread_cannot_call_into_a_workspace_while_a_query_runs_on_it(large_db):
    import threading

    import ettw
    ws = ettw.open(str(large_db))
    done = []
    worker = threading.Thread(target=lambda: done.append(eval(QUERY, {"ws": ws})))
    worker.start()
    time.sleep(0.3)  # the what-if loads the phases for a second or more
    assert worker.is_alive()
    with pytest.raises(ettw.Error, match="another call is running on this workspace"):
        ws.summary()
    worker.join()
    assert done and done[0].headline["jobs"] > 0
    assert int(ws.summary()["jobs"].iloc[0]) > 0  # and then it answers
