"""exclude= (excluded windows, spec 7.4) on the queries whose CLI command takes --exclude FILE:
the frames equal the CLI's JSON with the same file, whether exclude= names the file or lists the
windows; the queries whose command has no --exclude refuse it."""

import datetime as dt
import json

import pandas as pd
import pytest

import ettw
from checks import same, same_row
from conftest import cli_error, cli_json

WINDOWS = [("2025-06-03T00:00:00Z", "2025-06-04T12:00:00Z"), ("2025-06-08T00:00:00Z", "2025-06-08T06:00:00Z")]


@pytest.fixture(scope="module")
def windows_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("exclude") / "maintenance.json"
    path.write_text(json.dumps([{"start": s, "end": e, "note": "maintenance"} for s, e in WINDOWS]))
    return str(path)


def figures_of(cli):
    return {k: v for k, v in cli.items() if k not in ("database", "scope", "weighting", "by", "groups")}


@pytest.mark.parametrize("by,args", [(None, []), ("team", ["--label", "before"])])
def test_summary_with_excluded_windows_equals_cli(ws, fleet_db, windows_file, by, args):
    cli = cli_json("summary", "--db", fleet_db, "--exclude", windows_file, *args, *(["--by", by] if by else []))
    scope = {"label": args[1]} if args else {}
    df = ws.summary(by=by, total=True, exclude=windows_file, **scope)
    fleet = df.iloc[0]
    assert fleet["excluded_s"] > 0 and fleet["excluded_gpu_s"] > 0
    assert same_row(fleet, figures_of(cli)) > 60  # every figure, the excluded_* ones with them
    for name, obj in cli.get("groups", {}).items():
        same_row(df.loc[name], obj)
    # The windows as pairs (strings, datetimes) give the same frame as the file.
    pairs = [(WINDOWS[0][0], WINDOWS[0][1]),
             (dt.datetime(2025, 6, 8, tzinfo=dt.timezone.utc), pd.Timestamp("2025-06-08T06:00:00Z"))]
    pd.testing.assert_frame_equal(df, ws.summary(by=by, total=True, exclude=pairs, **scope))
    # And so do the windows written as the CLI's --exclude takes them inline.
    inline = ",".join(f"{s}/{e}" for s, e in WINDOWS)
    pd.testing.assert_frame_equal(df, ws.summary(by=by, total=True, exclude=inline, **scope))
    # Excluding changes the figures: E2E less the excluded time.
    whole = ws.summary(**scope).iloc[0]
    assert whole["e2e_s"] == fleet["e2e_s"] + fleet["excluded_s"]


def test_series_jobs_job_and_intervals_with_excluded_windows_equal_cli(ws, fleet_db, windows_file):
    cli = cli_json("series", "--db", fleet_db, "--every", "day", "--exclude", windows_file)
    df = ws.series(every="day", exclude=windows_file)
    assert len(df) == len(cli["buckets"]) > 0
    for (_, row), obj in zip(df.iterrows(), cli["buckets"]):
        same_row(row, obj, skip=("start", "start_s", "end_s"))
    cli = cli_json("jobs", "--db", fleet_db, "--limit", "0", "--exclude", windows_file)
    df = ws.jobs(limit=0, exclude=windows_file)
    assert len(df) == len(cli["jobs"]) > 0 and df["excluded_s"].sum() > pd.Timedelta(0)
    for (_, row), obj in zip(df.iterrows(), cli["jobs"]):
        same_row(row, obj)
    key = df.sort_values("excluded_s")["job"].iloc[-1]
    label = df.sort_values("excluded_s")["label"].iloc[-1]
    cli = cli_json("job", "--db", fleet_db, key, "--label", label, "--exclude", windows_file)
    j = ws.job(key, label=label, exclude=windows_file)
    assert j.figures["excluded_s"].iloc[0] > 0
    same_row(j.figures.iloc[0], {k: v for k, v in cli.items() if k not in (
        "job", "label", "name", "gpus", "attrs", "window_start", "window_end", "no_checkpoint_data", "job_tts_s",
        "attempts", "excluded")})
    cli = cli_json("intervals", "--db", fleet_db, "--bucket", "productive", "--limit", "0", "--exclude", windows_file)
    df = ws.intervals("productive", limit=0, exclude=windows_file)
    for k in ("count", "listed", "total_s", "total_gpu_hours"):
        same(df.attrs[k], cli[k], k)
    assert df.attrs["total_s"] < ws.intervals("productive", limit=0).attrs["total_s"]


def test_compare_with_excluded_windows_equals_cli(ws, fleet_db, windows_file):
    cli = cli_json("compare", "--db", fleet_db, "--a", "label=before", "--b", "label=after", "--replicates", "200",
                   "--exclude", windows_file)
    c = ws.compare("label=before", "label=after", replicates=200, exclude=windows_file)
    for k in ("ett_percent_a", "ett_percent_b", "delta_pp", "ett_percent_a_time", "ett_percent_b_time"):
        same(c.headline[k], cli[k], k)
    assert c.headline["ett_percent_a"] != ws.compare("label=before", "label=after", replicates=200).headline[
        "ett_percent_a"]


def test_advise_and_whatif_with_excluded_windows_equal_cli(ws, fleet_db, windows_file, tmp_path):
    cli = cli_json("advise", "--db", fleet_db, "--by", "team", "--exclude", windows_file)
    df = ws.advise(by="team", exclude=windows_file)
    rows = [cli["fleet"]] + cli["groups"]
    assert list(df.index) == [r["name"] for r in rows]
    for (_, row), obj in zip(df.iterrows(), rows):
        same_row(row, dict(obj, flags=",".join(obj["flags"])), skip=("name",))
    whole = ws.advise(by="team")
    assert df.loc["fleet", "loop_s"] < whole.loc["fleet", "loop_s"]
    assert df.loc["fleet", "interruptions"] == whole.loc["fleet", "interruptions"]
    key, label = ws.jobs(limit=1, label="after")[["job", "label"]].iloc[0]
    cli = cli_json("advise", "--db", fleet_db, "--job", key, "--label", label, "--exclude", windows_file)
    same_row(ws.advise(job=key, label=label, exclude=windows_file).iloc[0],
             dict(cli["fleet"], flags=",".join(cli["fleet"]["flags"])), skip=("name",))

    scenario = {"name": "faster", "cohort": "label=before",
                "changes": [{"bucket": "compile", "scale": 0.6}, {"checkpoint_interval": "optimal"}]}
    path = tmp_path / "s.json"
    path.write_text(json.dumps(scenario))
    cli = cli_json("whatif", "--db", fleet_db, "--scenario", path, "--exclude", windows_file)
    w = ws.whatif(scenario, exclude=windows_file)
    for k in ("jobs", "ett_percent_today", "ett_percent_projected", "ett_percent_today_time"):
        assert w.headline[k] == cli[k], k
    for (_, row), obj in zip(w.steps.iterrows(), cli["steps"]):
        assert row["pp"] == obj["pp"]
    assert same_row(w.today.iloc[0], cli["today"]) > 60  # the excluded_* columns with the rest
    assert w.today["excluded_s"].iloc[0] > 0
    assert w.headline["ett_percent_today"] != ws.whatif(scenario).headline["ett_percent_today"]


def test_excluded_windows_errors_say_what_the_cli_says(ws, fleet_db, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('[{"start": "2025-06-03T00:00:00Z", "end": true}]')
    with pytest.raises(ettw.Error) as e:
        ws.summary(exclude=str(bad))
    assert "exclude: " + str(e.value).removeprefix("exclude: ") == \
        cli_error("summary", "--db", fleet_db, "--exclude", bad).replace("--exclude: ", "exclude: ")
    with pytest.raises(ettw.Error, match="ends .* before it starts"):
        ws.summary(exclude=[("2025-06-04T00:00:00Z", "2025-06-03T00:00:00Z")])
    with pytest.raises(ettw.Error, match="expected a file path or"):
        ws.jobs(exclude=["2025-06-04T00:00:00Z"])
    with pytest.raises(ettw.Error, match="takes no exclude"):
        ws.causes(exclude=str(bad))
