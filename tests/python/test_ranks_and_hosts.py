"""ranks() and hosts() equal `ettw ranks` and `ettw hosts` (spec 7.3)."""

import pytest

import ettw
from checks import same, same_row
from conftest import cli_json


def test_ranks_of_jobs_equal_cli(ranks_db):
    ws = ettw.open(ranks_db)
    for key in ws.jobs(limit=3)["job"]:
        cli = cli_json("ranks", "--db", ranks_db, "--job", key)
        stages = ws.ranks(key)
        times = ws.ranks(key, times=True)
        rows = [(a, s) for a in cli["attempts"] for s in a["stages"]]
        assert len(stages) == len(rows) > 0
        n = 0
        for (_, row), (a, s) in zip(stages.iterrows(), rows):
            for k in ("attempt", "start", "end", "gpus"):
                same(row[k], a[k], k)
            same_row(row, dict(s, host=s["host"] or ""), skip=("rank_times",))
            for t in s["rank_times"]:
                assert (times["attempt"].iloc[n], times["stage"].iloc[n], times["rank"].iloc[n]) == \
                    (a["attempt"], s["stage"], t["rank"])
                same(times["time_s"].iloc[n], t["time_s"], "time_s")
                n += 1
        assert n == len(times)
    first = int(ws.ranks(key)["attempt"].iloc[0])
    assert set(ws.ranks(key, attempt=first)["attempt"]) == {first}


@pytest.mark.parametrize("kw,args", [({}, []), ({"top": 0}, ["--top", "0"]),
                                     ({"top": 5, "start": "2025-06-02T00:00:00Z"},
                                      ["--top", "5", "--from", "2025-06-02T00:00:00Z"])])
def test_hosts_equal_cli(ranks_db, kw, args):
    ws = ettw.open(ranks_db)
    cli = cli_json("hosts", "--db", ranks_db, *args)
    df = ws.hosts(**kw)
    for k in ("attempts", "pairs", "pairs_without_host", "host_count"):
        assert df.attrs[k] == cli[k], k
    assert len(df) == len(cli["hosts"]) > 0
    for (_, row), obj in zip(df.iterrows(), cli["hosts"]):
        same_row(row, obj)


def test_ranks_of_an_unknown_job_is_the_cli_error(ranks_db):
    from conftest import cli_error
    with pytest.raises(ettw.Error) as e:
        ettw.open(ranks_db).ranks("nope")
    assert str(e.value) == cli_error("ranks", "--db", ranks_db, "--job", "nope")


def test_job_phases_name_the_host_of_their_rank(ranks_db):
    ws = ettw.open(ranks_db)
    key = ws.jobs(limit=1)["job"].iloc[0]
    phases = ws.job(key).phases
    ranked = phases[phases["rank"] >= 0]
    assert len(ranked) > 0 and (ranked["host"] != "").all()
    assert (phases[phases["rank"] < 0]["host"] == "").all()
    # One host per (attempt, rank), and the one `ettw ranks` names for each stage's slowest rank.
    assert (ranked.groupby(["attempt", "rank"])["host"].nunique() == 1).all()
    checked = 0
    for a in cli_json("ranks", "--db", ranks_db, "--job", key)["attempts"]:
        for s in a["stages"]:
            if s["host"]:
                rows = ranked[(ranked["attempt"] == a["attempt"]) & (ranked["rank"] == s["slowest_rank"])]
                assert set(rows["host"]) == {s["host"]}
                checked += 1
    assert checked > 0
