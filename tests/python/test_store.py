"""The module on a fleet store: the two-shard ClickHouse cluster packaging/run-tests.sh starts
(ETT_TEST_STORE_URL, ETT_TEST_STORE_SHARDS; skipped without it), each run in a database of its
own, dropped afterwards. Frames equal the CLI's JSON with --store, and the local database's."""

import os
import random
import urllib.parse
import urllib.request

import pandas as pd
import pytest

import ettw
from checks import same_row
from conftest import cli_json, run_cli

NO_CLUSTER = "ETT_TEST_STORE_URL is not set: no ClickHouse cluster to test against"


def _drop(shards, user, password, database):
    for s in shards:
        q = urllib.parse.urlencode({"user": user, "password": password})
        req = urllib.request.Request(f"http://{s}/?{q}", data=f"DROP DATABASE IF EXISTS {database}".encode())
        try:
            urllib.request.urlopen(req, timeout=30).read()
        except OSError:
            pass


@pytest.fixture(scope="module")
def store(fleet_db):
    env = os.environ.get("ETT_TEST_STORE_URL", "")
    if not env:
        pytest.skip(NO_CLUSTER)
    shards = [s for s in os.environ.get("ETT_TEST_STORE_SHARDS", "").split(",") if s]
    assert len(shards) == 2, "ETT_TEST_STORE_SHARDS must name the two shards' HTTP addresses"
    u = urllib.parse.urlsplit(env)
    database = f"py_{random.randrange(1_000_000)}"
    url = urllib.parse.urlunsplit((u.scheme, u.netloc, "/" + database, u.query, ""))
    try:
        run_cli("store", "init", "--store", url, "--shard", shards[0], "--shard", shards[1])
        run_cli("push", "--db", fleet_db, "--store", url)
        yield url
    finally:
        _drop(shards, urllib.parse.unquote(u.username or ""), urllib.parse.unquote(u.password or ""), database)


TOP = ("ettw_version", "database", "scope", "weighting", "by", "groups")


@pytest.mark.parametrize("by,scope,args", [(None, {}, []), ("team", {"label": "after"}, ["--label", "after"]),
                                           ("label", {}, [])])
def test_summary_on_the_store_equals_the_cli_and_the_database(store, ws, by, scope, args):
    sws = ettw.open_store(store)
    cli = cli_json("summary", "--store", store, *args, *(["--by", by] if by else []))
    df = sws.summary(by=by, total=True, **scope) if by else sws.summary(**scope)
    same_row(df.iloc[0], {k: v for k, v in cli.items() if k not in TOP})
    if by:
        assert list(df.index[1:]) == list(cli["groups"])
        for name, obj in cli["groups"].items():
            same_row(df.loc[name], obj)
    local = ws.summary(by=by, total=True, **scope) if by else ws.summary(**scope)
    pd.testing.assert_frame_equal(df, local)


def test_jobs_series_and_job_on_the_store_equal_the_cli(store):
    sws = ettw.open_store(store)
    cli = cli_json("jobs", "--store", store, "--sort", "ett", "--limit", "15")
    df = sws.jobs(sort="ett", limit=15)
    assert len(df) == len(cli["jobs"]) == 15
    for (_, row), obj in zip(df.iterrows(), cli["jobs"]):
        same_row(row, obj)
    cli = cli_json("series", "--store", store, "--every", "day", "--label", "before")
    df = sws.series(every="day", label="before")
    assert len(df) == len(cli["buckets"]) > 0
    for (_, row), obj in zip(df.iterrows(), cli["buckets"]):
        same_row(row, obj, skip=("start", "start_s", "end_s"))
    key = df_key = sws.jobs(limit=1, label="before")["job"].iloc[0]
    cli = cli_json("job", "--store", store, key, "--label", "before")
    j = sws.job(df_key, label="before")
    assert len(j.attempts) == len(cli["attempts"])
    for (_, row), obj in zip(j.attempts.iterrows(), cli["attempts"]):
        same_row(row, obj, skip=("start", "end", "start_s", "end_s", "fault_s"))


def test_an_unknown_label_on_the_store_is_the_cli_error(store):
    sws = ettw.open_store(store)
    with pytest.raises(ettw.Error) as e:
        sws.summary(label="nope")
    p = run_cli("summary", "--store", store, "--label", "nope", check=False)
    assert p.returncode == 1 and str(e.value) == p.stderr.strip().removeprefix("ettw: ")
    with pytest.raises(ettw.Error):
        sws.import_files(["x.ett.jsonl"])


def test_a_label_query_on_the_store_leaves_no_restriction_behind(store):
    sws = ettw.open_store(store)
    after = sws.summary(label="after")
    every = cli_json("summary", "--store", store)
    assert int(sws.summary()["jobs"].iloc[0]) == every["jobs"] > int(after["jobs"].iloc[0])
    sws.summary(label="after")
    cli = cli_json("hosts", "--store", store, "--top", "0")
    assert sws.hosts(top=0).attrs["attempts"] == cli["attempts"]
    key = sws.jobs(limit=1, label="before")["job"].iloc[0]
    sws.summary(label="after")
    assert sws.job(key, label="before").label == "before"


def test_excluded_windows_and_the_report_on_the_store_equal_the_cli(store, tmp_path):
    import shutil
    import subprocess
    windows = tmp_path / "w.json"
    windows.write_text('[{"start": "2025-06-03T00:00:00Z", "end": "2025-06-04T12:00:00Z"}]')
    sws = ettw.open_store(store)
    cli = cli_json("summary", "--store", store, "--by", "team", "--exclude", windows)
    df = sws.summary(by="team", total=True, exclude=str(windows))
    same_row(df.iloc[0], {k: v for k, v in cli.items() if k not in TOP})
    for name, obj in cli["groups"].items():
        same_row(df.loc[name], obj)
    if shutil.which("pdftotext") is None:
        return
    out = tmp_path / "store.pdf"
    assert sws.report(out, scope="label=after", weighting="time") >= 5
    text = subprocess.run(["pdftotext", "-layout", str(out), "-"], capture_output=True, text=True).stdout
    ett = float(cli_json("summary", "--store", store, "--label", "after")["ett_percent_time"])
    assert f"{ett:.1f}%" in text
