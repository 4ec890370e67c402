"""Every query's frame equals the JSON of the matching `ettw` command on the same database, for
several scopes and groupings."""

import pytest

from checks import same, same_row
from conftest import cli_json

FIGURE_SKIP = ()

SCOPES = [
    ({}, []),
    ({"label": "before"}, ["--label", "before"]),
    ({"label": "after", "count_queue": True}, ["--label", "after", "--count-queue"]),
    ({"start": "2025-06-03T00:00:00Z", "end": "2025-06-09T12:00:00Z"},
     ["--from", "2025-06-03T00:00:00Z", "--to", "2025-06-09T12:00:00Z"]),
]


@pytest.mark.parametrize("scope,args", SCOPES)
@pytest.mark.parametrize("by", [None, "team", "label", "model"])
def test_summary_equals_cli(ws, fleet_db, scope, args, by):
    cli = cli_json("summary", "--db", fleet_db, *args, *(["--by", by] if by else []))
    df = ws.summary(by=by, **scope)
    if by is None:
        assert list(df.index) == ["(fleet)"]
        same_row(df.iloc[0], {k: v for k, v in cli.items() if k not in ("database", "scope", "weighting")})
        return
    assert list(df.index) == list(cli["groups"].keys())
    for name, obj in cli["groups"].items():
        same_row(df.loc[name], obj)
    fleet = ws.summary(by=by, total=True, **scope).iloc[0]
    same_row(fleet, {k: v for k, v in cli.items() if k not in ("database", "scope", "weighting", "by", "groups")})


@pytest.mark.parametrize("every", ["day", "week", "hour"])
@pytest.mark.parametrize("scope,args", SCOPES[:2] + SCOPES[3:])
def test_series_equals_cli(ws, fleet_db, every, scope, args):
    cli = cli_json("series", "--db", fleet_db, "--every", every, *args)
    df = ws.series(every=every, **scope)
    assert len(df) == len(cli["buckets"])
    for (_, row), obj in zip(df.iterrows(), cli["buckets"]):
        same(row["start"], obj["start"], "start")
        same(row["end"], obj["end_s"], "end_s")
        same_row(row, obj, skip=("start", "start_s", "end_s"))


def test_rolling_series_and_one_job_equal_cli(ws, fleet_db):
    cli = cli_json("series", "--db", fleet_db, "--rolling", "1d", "--step", "6h", "--label", "before")
    df = ws.series(rolling="1d", step="6h", label="before")
    assert len(df) == len(cli["points"]) > 10
    for (_, row), obj in zip(df.iterrows(), cli["points"]):
        same(row["t"], obj["t"], "t")
        same_row(row, obj, skip=("t",))
    key = ws.jobs(limit=1, label="before")["job"].iloc[0]
    cli = cli_json("series", "--db", fleet_db, "--every", "hour", "--job", key, "--label", "before")
    df = ws.series(every="hour", job=key, label="before")
    assert len(df) == len(cli["buckets"]) > 0
    for (_, row), obj in zip(df.iterrows(), cli["buckets"]):
        same_row(row, obj, skip=("start", "start_s", "end_s"))


@pytest.mark.parametrize("sort,limit,args", [
    ("lost_gpu_hours", 20, []),
    ("ett", 0, []),
    ("ett", 7, ["--label", "after"]),
])
def test_jobs_equal_cli(ws, fleet_db, sort, limit, args):
    cli = cli_json("jobs", "--db", fleet_db, "--sort", sort, "--limit", limit, *args)
    scope = {"label": args[1]} if args else {}
    df = ws.jobs(sort=sort, limit=limit, **scope)
    assert len(df) == len(cli["jobs"]) > 0
    for (_, row), obj in zip(df.iterrows(), cli["jobs"]):
        same_row(row, obj)


def test_job_equals_cli(ws, fleet_db):
    keys = list(ws.jobs(limit=3, label="before")["job"]) + list(ws.jobs(limit=2, label="after")["job"])
    for i, key in enumerate(keys):
        label = "before" if i < 3 else "after"
        cli = cli_json("job", "--db", fleet_db, key, "--label", label)
        j = ws.job(key, label=label)
        assert (j.job, j.label, j.name, j.gpus, j.attrs) == (cli["job"], cli["label"], cli["name"], cli["gpus"],
                                                            cli["attrs"])
        same(j.window_start, cli["window_start"], "window_start")
        same(j.window_end, cli["window_end"], "window_end")
        same(j.job_tts_s, cli["job_tts_s"], "job_tts_s")
        assert j.no_checkpoint_data == cli["no_checkpoint_data"]
        same_row(j.figures.iloc[0], {k: v for k, v in cli.items() if k not in (
            "job", "label", "name", "gpus", "attrs", "window_start", "window_end", "no_checkpoint_data",
            "job_tts_s", "attempts")})
        assert len(j.attempts) == len(cli["attempts"]) > 0
        for (_, row), obj in zip(j.attempts.iterrows(), cli["attempts"]):
            same(row["start"], obj["start"], "start")
            same(row["end"], obj["end"], "end")
            same(row["fault"], obj["fault_s"], "fault_s")
            same_row(row, obj, skip=("start", "end", "start_s", "end_s", "fault_s"))
        assert len(j.phases) > 0 and set(j.phases["attempt"]) <= set(j.attempts["attempt"])


@pytest.mark.parametrize("bucket,extra,args", [
    ("init", {}, []),
    ("lost_progress", {"sort": "duration", "limit": 0}, ["--sort", "duration", "--limit", "0"]),
    ("recovery", {"sort": "start", "attrs": {"team": ["llm", "ads"]}}, ["--sort", "start", "--scope", "team=llm|ads"]),
    ("checkpoint_save", {"label": "after", "start": "2025-06-02T00:00:00Z"},
     ["--label", "after", "--from", "2025-06-02T00:00:00Z"]),
])
def test_intervals_equal_cli(ws, fleet_db, bucket, extra, args):
    cli = cli_json("intervals", "--db", fleet_db, "--bucket", bucket, *args)
    df = ws.intervals(bucket, **extra)
    for k in ("count", "listed", "total_s", "total_gpu_hours", "bucket", "sort"):
        same(df.attrs[k], cli[k], k)
    assert len(df) == len(cli["intervals"]) > 0
    for (_, row), obj in zip(df.iterrows(), cli["intervals"]):
        same_row(row, obj)


def test_intervals_of_one_attempt_equal_cli(ws, fleet_db):
    key = ws.jobs(limit=1, label="before")["job"].iloc[0]
    attempt = int(ws.job(key, label="before").attempts["attempt"].iloc[0])
    cli = cli_json("intervals", "--db", fleet_db, "--bucket", "init", "--job", key, "--label", "before",
                   "--attempt", attempt, "--limit", "0")
    df = ws.intervals("init", job=key, attempt=attempt, label="before", limit=0)
    assert len(df) == len(cli["intervals"]) > 0
    for (_, row), obj in zip(df.iterrows(), cli["intervals"]):
        same_row(row, obj)


@pytest.mark.parametrize("scope,args", [({}, []), ({"label": "after"}, ["--label", "after"]),
                                        ({"attrs": {"team": "llm"}}, ["--scope", "team=llm"])])
def test_causes_equal_cli(ws, fleet_db, scope, args):
    cli = cli_json("causes", "--db", fleet_db, *args)
    same_row(ws.causes(level="total", **scope).iloc[0], cli["total"])
    classes = ws.causes(level="class", **scope)
    causes = ws.causes(**scope)
    assert len(classes) == len(cli["classes"]) > 0
    n = 0
    for (_, row), obj in zip(classes.iterrows(), cli["classes"]):
        same_row(row, obj, skip=("causes",))
        for c in obj["causes"]:
            same_row(causes.iloc[n], dict(c, cause_class=obj["cause_class"]))
            n += 1
    assert n == len(causes)


@pytest.mark.parametrize("kw,args", [({}, []), ({"by": "team"}, ["--by", "team"]),
                                     ({"by": "label", "label": "before"}, ["--by", "label", "--label", "before"])])
def test_advise_equals_cli(ws, fleet_db, kw, args):
    cli = cli_json("advise", "--db", fleet_db, *args)
    df = ws.advise(**kw)
    rows = [cli["fleet"]] + cli["groups"]
    assert list(df.index) == [r["name"] for r in rows]
    for (_, row), obj in zip(df.iterrows(), rows):
        obj = dict(obj, flags=",".join(obj["flags"]))
        same_row(row, obj, skip=("name",))


def test_advise_of_one_job_equals_cli(ws, fleet_db):
    key = ws.jobs(limit=1, label="after")["job"].iloc[0]
    cli = cli_json("advise", "--db", fleet_db, "--job", key, "--label", "after")
    df = ws.advise(job=key, label="after")
    same_row(df.iloc[0], dict(cli["fleet"], flags=",".join(cli["fleet"]["flags"])), skip=("name",))


@pytest.mark.parametrize("a,b,match", [("label=before", "label=after", "auto"), ("team=llm", "team=ads", "job")])
def test_compare_equals_cli(ws, fleet_db, a, b, match):
    cli = cli_json("compare", "--db", fleet_db, "--a", a, "--b", b, "--match-by", match, "--replicates", "200")
    c = ws.compare(a, b, match_by=match, replicates=200)
    h = c.headline
    for k in ("a", "b", "jobs_a", "jobs_b", "gpu_days_a", "gpu_days_b", "ett_percent_a", "ett_percent_b", "delta_pp",
              "too_few_jobs", "ett_percent_a_time", "ett_percent_b_time", "delta_pp_time", "matched_by",
              "matched_jobs"):
        same(h[k], cli[k], k)
    for k in ("ci95_pp", "ci95_pp_time"):
        if cli[k] is None:
            assert h[k] is None
        else:
            same(h[k][0], cli[k][0], k)
            same(h[k][1], cli[k][1], k)
    assert h["seed"] == cli["bootstrap"]["seed"] and h["replicates"] == cli["bootstrap"]["replicates"]
    for name in ("bridge", "bridge_time"):
        assert [(r["bucket"], r["pp"]) for r in cli[name]] == [(str(b), p) for b, p in zip(c.__dict__[name]["bucket"],
                                                                                      c.__dict__[name]["pp"])]
    for part in ("distributions", "interruptions_per_1000_gpu_days", "regressions", "improvements"):
        df = getattr(c, part)
        assert len(df) == len(cli[part])
        for (_, row), obj in zip(df.iterrows(), cli[part]):
            same_row(row, obj)
