"""restarts() equals `ettw restarts --job KEY`."""

import ettw
from checks import same, same_row
from conftest import cli_json


def test_restarts_of_jobs_equal_cli(ws, fleet_db):
    jobs = ws.jobs(limit=0, label="before")
    keys = list(jobs[jobs["attempts"] > 1]["job"][:4])
    assert keys
    for key in keys:
        cli = cli_json("restarts", "--db", fleet_db, "--job", key, "--label", "before")
        df = ws.restarts(key, label="before")
        assert df.attrs["job"] == cli["job"] and df.attrs["no_checkpoint_data"] == cli["no_checkpoint_data"]
        assert len(df) == len(cli["restarts"]) > 1
        for (_, row), obj in zip(df.iterrows(), cli["restarts"]):
            same(row["start"], obj["start"], "start")
            same(row["end"], obj["end"], "end")
            flat = {k: v for k, v in obj.items() if k not in ("start", "end", "start_s", "end_s", "stages")}
            for k in ("previous_outcome", "previous_interruption", "previous_cause"):
                flat[k] = flat[k] if flat[k] is not None else ""
            same_row(row, flat)
            for stage, parts in obj["stages"].items():
                for part, v in parts.items():
                    same(row[f"stages.{stage}.{part}"], v, f"stages.{stage}.{part}")
        trends = ws.restarts(key, label="before", trends=True)
        assert list(trends["stage"]) == list(cli["trends"])
        for (_, row), (stage, obj) in zip(trends.iterrows(), cli["trends"].items()):
            same_row(row, obj)
