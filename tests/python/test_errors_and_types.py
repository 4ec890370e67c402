"""Errors are ettw.Error with the CLI's messages (never a crash); frames have the documented
types; a notebook sees tables; help() documents every query with an example."""

import datetime as dt
import subprocess
import sys
from decimal import Decimal

import pandas as pd
import pytest

import ettw
from conftest import cli_error


def message(call):
    with pytest.raises(ettw.Error) as e:
        call()
    return str(e.value)


def test_unknown_label_attribute_job_and_time_say_what_the_cli_says(ws, fleet_db):
    assert message(lambda: ws.summary(label="nope")) == cli_error("summary", "--db", fleet_db, "--label", "nope")
    assert message(lambda: ws.jobs(label="nope")) == cli_error("jobs", "--db", fleet_db, "--label", "nope")
    assert "by teams: " + message(lambda: ws.summary(by="teams")).removeprefix("by teams: ") == \
        "by " + cli_error("summary", "--db", fleet_db, "--by", "teams").removeprefix("--by ")
    assert message(lambda: ws.job("no-such-job")) == cli_error("job", "--db", fleet_db, "no-such-job")
    assert message(lambda: ws.intervals("init", attrs={"teams": "x"})).endswith(
        cli_error("intervals", "--db", fleet_db, "--bucket", "init", "--scope", "teams=x"))
    assert message(lambda: ws.intervals("inits")).removeprefix("bucket: ") == \
        cli_error("intervals", "--db", fleet_db, "--bucket", "inits").removeprefix("--bucket: ")
    assert message(lambda: ws.summary(start="yesterday")).removeprefix("start") == \
        cli_error("summary", "--db", fleet_db, "--from", "yesterday").removeprefix("--from")
    assert message(lambda: ws.series(rolling="forever")).removeprefix("rolling") == \
        cli_error("series", "--db", fleet_db, "--rolling", "forever").removeprefix("--rolling")
    assert "teams" in message(lambda: ws.compare("teams=x", "label=after"))


def test_a_missing_database_or_an_unreachable_store_is_an_error_not_a_crash(tmp_path):
    missing = str(tmp_path / "none.db")
    assert message(lambda: ettw.open(missing)) == cli_error("summary", "--db", missing)
    assert not (tmp_path / "none.db").exists()
    url = "clickhouse://u:Secret9@127.0.0.1:9/db?cluster=c"
    text = message(lambda: ettw.open_store(url, timeout_s=2))
    assert text == cli_error("summary", "--store", url, "--store-timeout", "2")
    assert "Secret9" not in text


def test_frames_have_typed_columns(ws):
    s = ws.summary(by="team")
    assert s.index.name == "team"
    assert isinstance(s["e2e_gpu_s"].iloc[0], Decimal) and isinstance(s["buckets_gpu_s.init"].iloc[0], Decimal)
    assert str(s["tts_s.p50"].dtype) == "timedelta64[ns]" and s["jobs"].dtype == "int64"
    assert s["ett_percent_gpu"].dtype == "float64"
    # Exact sums: the buckets add up to E2E to the nanosecond.
    for _, row in s.iterrows():
        assert sum(row[c] for c in s.columns if c.startswith("buckets_gpu_s.")) == row["e2e_gpu_s"]
    series = ws.series(every="day")
    assert str(series["start"].dtype) == "datetime64[ns, UTC]"
    jobs = ws.jobs(limit=0)
    assert str(jobs["e2e_s"].dtype) == "timedelta64[ns]" and str(jobs["label"].dtype) == "category"
    assert jobs["no_checkpoint_data"].dtype == bool
    intervals = ws.intervals("recovery", limit=0)
    assert str(intervals["attempt"].dtype) == "Int64"
    assert str(intervals["duration_s"].dtype) == "timedelta64[ns]"
    assert sum(intervals["duration_s"], pd.Timedelta(0)).value == int(intervals.attrs["total_s"] * 10**9)
    j = ws.job(jobs["job"].iloc[0], label=str(jobs["label"].iloc[0]))
    assert str(j.attempts["start"].dtype) == "datetime64[ns, UTC]"
    assert str(j.phases["category"].dtype) == "category"


def test_a_range_takes_datetimes_timestamps_and_strings_alike(ws):
    a = ws.summary(start="2025-06-03T00:00:00Z", end="2025-06-05T00:00:00Z")
    b = ws.summary(start=dt.datetime(2025, 6, 3, tzinfo=dt.timezone.utc), end=pd.Timestamp("2025-06-05", tz="UTC"))
    c = ws.summary(start=dt.datetime(2025, 6, 3), end=dt.date(2025, 6, 5))
    pd.testing.assert_frame_equal(a, b)
    pd.testing.assert_frame_equal(a, c)
    assert a["e2e_s"].iloc[0] < ws.summary()["e2e_s"].iloc[0]
    assert message(lambda: ws.summary(start="2025-06-05T00:00:00Z", end="2025-06-03T00:00:00Z")).startswith("end")


def test_the_workspace_and_results_show_as_tables_in_a_notebook(ws):
    html = ws._repr_html_()
    assert "<table>" in html and "before" in html and "350" in html
    assert "<table" in ws.summary(by="team")._repr_html_()
    j = ws.job(ws.jobs(limit=1)["job"].iloc[0], label="before")
    assert "attempt" in j._repr_html_()
    assert "Bridge" in ws.compare("label=before", "label=after", replicates=50)._repr_html_()


def test_results_read_rounded_where_people_read_them_and_stay_exact_in_their_data(ws):
    # A comparison's repr and notebook table once printed "ETT% 81.31051941744663" and
    # "2.3334705149086545 pp": the shown figures are rounded to two decimals, the headline keeps them.
    c = ws.compare("label=before", "label=after", replicates=50)
    h = c.headline
    shown = repr(c)
    assert f"ETT% {h['ett_percent_a']:.2f}%" in shown and f"ETT% {h['ett_percent_b']:.2f}%" in shown, shown
    assert f"{h['delta_pp']:+.2f} pp" in shown, shown
    lo, hi = h["ci95_pp"]
    assert f"95% interval {lo:+.2f} to {hi:+.2f} pp" in shown, shown
    assert str(h["ett_percent_a"]) not in shown and str(h["ett_percent_a"]) not in c._repr_html_()
    assert f"<td>{h['ett_percent_a']:,.2f}</td>" in c._repr_html_()
    assert isinstance(h["ett_percent_a"], float) and h["ett_percent_a"] != round(h["ett_percent_a"], 2)
    w = ws.whatif({"name": "halve compile", "changes": [{"bucket": "compile", "scale": 0.5}]})
    today, projected = w.headline["ett_percent_today"], w.headline["ett_percent_projected"]
    shown = repr(w)
    assert f"ETT% {float(today):.2f}% -> {float(projected):.2f}% ({float(projected - today):+.2f} pp)" in shown, shown
    assert f"<td>{float(projected):,.2f}</td>" in w._repr_html_()
    j = ws.job(ws.jobs(limit=1)["job"].iloc[0], label="before")
    assert f"ETT% {j.figures['ett_percent_gpu'].iloc[0]:.2f}% (GPU-weighted)" in repr(j), repr(j)


def test_plots_draw_buckets_trend_and_gantt(ws):
    import ettw.plot
    ax = ettw.plot.buckets(ws.summary(by="team"))
    assert len(ax.patches) == 6 * len([c for c in ws.summary().columns if c.startswith("buckets_gpu_s.")])
    ax = ettw.plot.trend(ws.series(every="day", label="before"))
    assert len(ax.lines) == 1 and len(ax.lines[0].get_xdata()) == len(ws.series(every="day", label="before"))
    j = ws.job(ws.jobs(limit=1)["job"].iloc[0], label="before")
    ax = ettw.plot.gantt(j)
    assert len(ax.get_yticks()) == len(j.attempts)


def test_help_documents_every_query_with_an_example():
    assert "ettw.open" in ettw.__doc__ and "Example" in ettw.__doc__
    for name in ("summary", "series", "jobs", "job", "intervals", "causes", "advise", "compare", "import_files",
                 "report"):
        doc = getattr(ettw.Workspace, name).__doc__
        assert "Example" in doc and ("Returns" in doc or "returns" in doc or "As " in doc or "as ``" in doc), name
    for f in (ettw.open, ettw.open_store):
        assert "Example" in f.__doc__
    out = subprocess.run([sys.executable, "-c", "import ettw; help(ettw)"], capture_output=True, text=True,
                         env={"PYTHONPATH": ":".join(sys.path), "PAGER": "cat", "TERM": "dumb"})
    assert out.returncode == 0 and "summary(self, by=None" in out.stdout
