"""scope= takes a cohort spec as the CLI's --scope does (causes, intervals, hosts): the frames
equal the CLI's JSON with the same --scope, terms attrs= cannot say (gpus>=N) included."""

import pytest

import ettw
from checks import same, same_row
from conftest import cli_error, cli_json

SPECS = ["team=llm|ads,gpus>=8", "label=after,gpus>=16"]


@pytest.mark.parametrize("spec", SPECS)
def test_causes_intervals_and_hosts_with_a_scope_equal_cli(ws, fleet_db, ranks_db, spec):
    cli = cli_json("causes", "--db", fleet_db, "--scope", spec)
    same_row(ws.causes(level="total", scope=spec).iloc[0], cli["total"])
    assert cli["total"]["interruptions"] != cli_json("causes", "--db", fleet_db)["total"]["interruptions"]
    cli = cli_json("intervals", "--db", fleet_db, "--bucket", "init", "--limit", "0", "--scope", spec)
    df = ws.intervals("init", limit=0, scope=spec)
    for k in ("count", "listed", "total_s", "total_gpu_hours"):
        same(df.attrs[k], cli[k], k)
    for (_, row), obj in zip(df.iterrows(), cli["intervals"]):
        same_row(row, obj)
    ranked = ettw.open(ranks_db)
    cli = cli_json("hosts", "--db", ranks_db, "--scope", "gpus>=8", "--top", "0")
    h = ranked.hosts(top=0, scope="gpus>=8")
    assert h.attrs["attempts"] == cli["attempts"] and len(h) == len(cli["hosts"])


def test_a_bad_scope_is_the_cli_error(ws, fleet_db):
    with pytest.raises(ettw.Error) as e:
        ws.causes(scope="gpus>>8")
    assert str(e.value) == cli_error("causes", "--db", fleet_db, "--scope", "gpus>>8").replace("--scope", "scope")


def test_an_unknown_name_in_a_scope_is_named_after_scope(ws, fleet_db):
    # As the CLI names --scope; attrs= keeps its own name.
    for spec in ("teams=x", "label=nosuch"):
        with pytest.raises(ettw.Error) as e:
            ws.intervals("init", scope=spec)
        assert str(e.value) == "scope: " + cli_error("intervals", "--db", fleet_db, "--bucket", "init", "--scope", spec)
    with pytest.raises(ettw.Error) as e:
        ws.intervals("init", attrs={"teams": "x"}, scope="team=ads")
    assert str(e.value).startswith("attrs: no job has the attribute 'teams'")
