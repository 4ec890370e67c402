"""Fixtures of the ettw module's tests: the CLI built beside it (ETTW_BINARY), a database of two
labels made once per session from the bundled sample and a generated fleet, and the CLI's JSON of
a command on it (numbers parsed as exact Decimals)."""

import json
import os
import subprocess
from decimal import Decimal

import matplotlib
import pytest

matplotlib.use("Agg")

ETTW = os.environ.get("ETTW_BINARY", "ettw")
SAMPLES = os.environ.get("ETT_SAMPLES_DIR", os.path.join(os.path.dirname(__file__), "..", "..", "samples"))


def run_cli(*args, check=True):
    """Runs ettw; returns the completed process (text)."""
    p = subprocess.run([ETTW, *map(str, args)], capture_output=True, text=True)
    if check and p.returncode != 0:
        raise AssertionError(f"ettw {' '.join(map(str, args))} failed ({p.returncode}): {p.stderr}")
    return p


def cli_json(*args):
    """The JSON of `ettw ARGS --format json`, numbers as Decimal (exact) and ints."""
    out = json.loads(run_cli(*args, "--format", "json").stdout, parse_float=Decimal)
    if isinstance(out, dict):
        out.pop("ettw_version", None)  # which build wrote it, not a figure
    return out


def cli_error(*args):
    """The message of a failing ettw command, without its "ettw: " prefix (exit status 1)."""
    p = run_cli(*args, check=False)
    assert p.returncode == 1, (p.returncode, p.stdout, p.stderr)
    return p.stderr.strip().removeprefix("ettw: ")


@pytest.fixture(scope="session")
def fleet_db(tmp_path_factory):
    """A database with labels "before" (the 200-job sample) and "after" (a generated fleet)."""
    d = tmp_path_factory.mktemp("fleet")
    db = d / "fleet.db"
    run_cli("import", "--db", db, "--label", "before", "-q", os.path.join(SAMPLES, "fleet-200.ett.jsonl.gz"))
    run_cli("generate", "--jobs", "150", "--seed", "11", "--days", "10", "--out", d / "after.ett.jsonl.gz")
    run_cli("import", "--db", db, "--label", "after", "-q", d / "after.ett.jsonl.gz")
    return str(db)


@pytest.fixture(scope="session")
def ws(fleet_db):
    import ettw
    return ettw.open(fleet_db)


@pytest.fixture(scope="session")
def ranks_db(tmp_path_factory):
    """A small generated fleet with per-rank phases and hosts (ettw generate --ranks)."""
    d = tmp_path_factory.mktemp("ranks")
    run_cli("generate", "--jobs", "30", "--ranks", "8", "--seed", "4", "--days", "3", "--out", d / "r.ett.jsonl.gz")
    run_cli("import", "--db", d / "ranks.db", "--label", "ranked", "-q", d / "r.ett.jsonl.gz")
    return str(d / "ranks.db")
