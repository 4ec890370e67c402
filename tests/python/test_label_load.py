"""label= loads only that label's jobs, as `ettw ... --label` does; a workspace that holds every
label answers a label's query from what it holds; a summary over all time reads the stored
roll-ups and loads nothing, as `ettw summary` does; the figures are the CLI's either way."""

import ettw
from checks import same_row
from conftest import cli_json


def figures(cli):
    return {k: v for k, v in cli.items() if k not in ("database", "scope", "weighting")}


def test_a_label_query_loads_that_label_only_and_every_label_when_asked(fleet_db):
    ws = ettw.open(fleet_db)
    assert ws.loaded is None
    before = cli_json("summary", "--db", fleet_db, "--label", "before")
    same_row(ws.summary(label="before").iloc[0], figures(before))
    assert ws.loaded is None  # the roll-ups gave it
    assert len(ws.jobs(label="before", limit=0)) == before["jobs"]
    assert ws.loaded == {"label": "before", "detail": "lean", "jobs": before["jobs"]}
    # The same figures from the loaded fleet (a range over all time needs the segments).
    same_row(ws.summary(label="before", start="2000-01-01T00:00:00Z").iloc[0], figures(before))
    # Another label: that label alone, loaded instead.
    after = cli_json("jobs", "--db", fleet_db, "--label", "after", "--limit", "0")
    df = ws.jobs(label="after", limit=0)
    assert ws.loaded["label"] == "after" and ws.loaded["jobs"] == len(after["jobs"]) == len(df)
    # Segments for a range: the label's, with its segments.
    ws.summary(label="after", start="2025-06-03T00:00:00Z")
    assert ws.loaded["label"] == "after" and ws.loaded["detail"] == "segments"
    # No label: every label; a label's query then answers from it, without loading again.
    every = cli_json("summary", "--db", fleet_db)
    same_row(ws.summary().iloc[0], figures(every))
    assert ws.loaded["label"] == "after"  # the roll-ups gave it
    assert len(ws.jobs(limit=0)) == every["jobs"]
    assert ws.loaded == {"label": None, "detail": "lean", "jobs": every["jobs"]}
    assert len(ws.jobs(label="before", limit=0)) == before["jobs"]
    assert ws.loaded["label"] is None
