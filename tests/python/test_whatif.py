"""whatif() equals `ettw whatif --scenario FILE`: today, the projection and its bridge."""

import json

import pytest

import ettw
from checks import same, same_row
from conftest import cli_error, cli_json

SCENARIOS = [
    {"name": "faster start", "cohort": "label=before,team=llm|ads",
     "changes": [{"bucket": "compile", "scale": 0.6}, {"interruptions": "failures", "scale": 0.7}]},
    {"name": "optimal checkpoints", "changes": [{"checkpoint_interval": "optimal"}, {"bucket": "setup", "set_s": 60}]},
    {"name": "phase", "cohort": "label=after",
     "changes": [{"phase": "init.process_group_init", "scale": 0.5}]},
]


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s["name"] for s in SCENARIOS])
def test_whatif_equals_cli(ws, fleet_db, tmp_path, scenario):
    path = tmp_path / "s.json"
    path.write_text(json.dumps(scenario))
    cli = cli_json("whatif", "--db", fleet_db, "--scenario", path)
    for w in (ws.whatif(scenario), ws.whatif(str(path))):
        h = w.headline
        for k in ("scenario", "cohort", "jobs", "attempts", "ett_percent_today", "ett_percent_projected",
                  "ett_percent_today_time", "ett_percent_projected_time"):
            assert h[k] == cli[k], k
        assert len(w.steps) == len(cli["steps"]) == len(scenario["changes"])
        for (_, row), obj in zip(w.steps.iterrows(), cli["steps"]):
            assert row["pp"] == obj["pp"] and row["pp_time"] == obj["pp_time"]
            same_row(row, obj, skip=("pp", "pp_time"))
        same_row(w.today.iloc[0], cli["today"])
        for k, v in cli["projected"].items():
            if isinstance(v, dict):
                for b, s in v.items():
                    assert w.projected[f"{k}.{b}"] == s
            else:
                assert w.projected[k] == v, k
        # The bridge adds up exactly.
        assert h["ett_percent_today"] + sum(w.steps["pp"]) == h["ett_percent_projected"]


def test_a_bad_scenario_is_the_cli_error(ws, fleet_db, tmp_path):
    path = tmp_path / "bad.json"
    bad = {"name": "bad", "changes": [{"bucket": "compile", "scale": -1}]}
    path.write_text(json.dumps(bad))
    with pytest.raises(ettw.Error) as e:
        ws.whatif(str(path))
    assert str(e.value) == cli_error("whatif", "--db", fleet_db, "--scenario", path)
