"""import_files: what was stored, the readers' issues as the CLI lists them, progress, and
Ctrl+C (KeyboardInterrupt) leaving the database as it was."""

import os
import shutil
import signal

import pytest

import ettw
from checks import same_row
from conftest import SAMPLES, cli_json, run_cli


def test_import_reports_files_and_issues_and_queries_see_the_new_jobs(tmp_path):
    trace = tmp_path / "odd.ett.jsonl"
    shutil.copy(os.path.join(SAMPLES, "worked-example.ett.jsonl"), trace)
    with open(trace, "a") as f:
        f.write('{"type":"bogus","x":1}\n')
    db = tmp_path / "new.db"
    ws = ettw.open(db, create=True)
    seen = []
    r = ws.import_files([trace], label="odd", progress=seen.append)
    assert list(r.files["outcome"]) == ["stored"] and r.failed == 0 and not r.cancelled
    assert int(r.files["jobs"].iloc[0]) == 1 and int(r.files["attempts"].iloc[0]) == 2
    issues = cli_json("issues", "--db", db)
    assert len(r.issues) == len(issues) == 1
    for k in ("kind", "severity", "detail", "count", "first_line", "example"):
        assert r.issues[k].iloc[0] == issues[0][k], k
    assert seen and {"file", "stage", "records", "bytes_done", "bytes_total"} <= set(seen[-1])
    # The same workspace answers with the imported jobs at once, as the CLI does.
    same_row(ws.summary().iloc[0], {k: v for k, v in cli_json("summary", "--db", db).items()
                                    if k not in ("database", "scope", "weighting")})
    again = ws.import_files([trace], label="odd", progress=False)
    assert list(again.files["outcome"]) == ["already imported"]
    broken = tmp_path / "broken.ett.jsonl"
    broken.write_text('{"type":"header","format":"ett-trace","version":1}\n{"type":"attempt","job":"J9"\n')
    bad = ws.import_files([broken], label="odd", progress=False)
    assert bad.failed == 1 and "broken.ett.jsonl" in bad.files["error"].iloc[0]


def test_ctrl_c_during_an_import_raises_keyboard_interrupt_and_leaves_the_database_as_it_was(tmp_path):
    big = tmp_path / "big.ett.jsonl.gz"
    run_cli("generate", "--jobs", "1500", "--seed", "5", "--out", big)
    db = tmp_path / "kept.db"
    run_cli("import", "--db", db, "--label", "kept", "-q", os.path.join(SAMPLES, "fleet-200.ett.jsonl.gz"))
    before = cli_json("summary", "--db", db, "--by", "label")
    datasets = cli_json("datasets", "--db", db)
    ws = ettw.open(db)

    def ctrl_c(info):
        os.kill(os.getpid(), signal.SIGINT)  # as the terminal or Jupyter's interrupt sends it

    with pytest.raises(KeyboardInterrupt):
        ws.import_files([big], label="interrupted", progress=ctrl_c)
    assert cli_json("summary", "--db", db, "--by", "label") == before
    assert cli_json("datasets", "--db", db) == datasets
    assert ws.labels == ["kept"]
    # The interpreter and the workspace go on.
    assert int(ws.summary()["jobs"].iloc[0]) == 200


def test_an_import_into_a_fleet_store_workspace_or_a_missing_file_is_an_error(tmp_path):
    ws = ettw.open(tmp_path / "x.db", create=True)
    r = ws.import_files([tmp_path / "missing.ett.jsonl"], progress=False)
    assert r.failed == 1 and list(r.files["outcome"]) == ["failed"]


def _titan(time, msg):
    return f"[rank0]:[titan] 2025-03-01 {time} - root - INFO - {msg}\n"


def test_a_late_first_run_reads_the_stored_retry_again_and_says_why(tmp_path):
    """Console logs imported one at a time chain with the runs stored before them, as ettw import."""
    retry = tmp_path / "runs" / "run2-retry-cfg-a" / "run.log"
    first = tmp_path / "runs" / "run1-cfg-a" / "run.log"
    retry.parent.mkdir(parents=True)
    first.parent.mkdir(parents=True)
    retry.write_text(_titan("10:05:00,000", "torchtitan version: 0.1") + _titan("10:05:05,000", "Training starts at step 1")
                     + _titan("10:05:10,000", "step:  1  loss: 3") + _titan("10:05:30,000", "Training completed"))
    first.write_text(_titan("10:00:00,000", "torchtitan version: 0.1") + _titan("10:00:05,000", "Training starts at step 1")
                     + _titan("10:00:10,000", "step:  1  loss: 3")
                     + "[rank0]:Traceback (most recent call last):\n[rank0]:  File \"train.py\", line 1, in step\n"
                     + "[rank0]:torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n"
                     + "E0301 10:00:20.000000 1 api.py:988] failed (exitcode: 1) local_rank: 0 of binary: python\n")
    ws = ettw.open(tmp_path / "logs.db", create=True)
    assert list(ws.import_files([retry], progress=False).files["read_again"]) == [""]
    r = ws.import_files([first], progress=False)
    assert list(r.files["path"]) == [str(retry), str(first)]
    assert list(r.files["outcome"]) == ["stored", "stored"]
    assert r.files["read_again"].iloc[0] == ("its run is now attempt 1 of job run1-cfg-a (the runs of its "
                                             "configuration found so far, chained in time order)")
    assert r.files["read_again"].iloc[1] == "" and r.notes == []
    s = ws.summary().iloc[0]
    assert int(s["jobs"]) == 1 and int(s["attempts"]) == 2


def test_update_replaces_a_changed_files_earlier_records_as_the_cli_does(tmp_path):
    header = '{"type":"header","format":"ett-trace","version":1,"time_unit":"s"}\n{"type":"job","job":"J1","gpus":8}\n'
    running = header + '{"type":"attempt","job":"J1","attempt":0,"start":0,"end":100,"outcome":"running"}\n'
    trace = tmp_path / "run.ett.jsonl"
    trace.write_text(running + '{"type":"phase","job":"J1","attempt":0,"phase":"init","start":0,"end":50}\n')
    db = tmp_path / "u.db"
    ws = ettw.open(db, create=True)
    assert list(ws.import_files([trace], progress=False).files["outcome"]) == ["stored"]
    # Finished: the attempt's slot now says completed. Without update it contradicts its earlier import.
    trace.write_text(header + '{"type":"attempt","job":"J1","attempt":0,"start":0,"end":300,"outcome":"completed"}\n'
                     '{"type":"phase","job":"J1","attempt":0,"phase":"init","start":0,"end":50}\n'
                     '{"type":"phase","job":"J1","attempt":0,"phase":"train","start":50,"end":290}\n')
    refused = ws.import_files([trace], progress=False)
    assert refused.failed == 1 and "--update" in refused.files["error"].iloc[0]
    r = ws.import_files([trace], progress=False, update=True)
    assert list(r.files["outcome"]) == ["stored"] and bool(r.files["replaced"].iloc[0])
    assert list(r.files["stored_as"]) == [""]
    assert len(cli_json("datasets", "--db", db)) == 1
    same_row(ws.summary().iloc[0], {k: v for k, v in cli_json("summary", "--db", db).items()
                                    if k not in ("database", "scope", "weighting")})
    assert float(ws.summary()["ett_percent_gpu"].iloc[0]) == pytest.approx(240 / 300 * 100)
    # Unchanged: nothing to replace.
    again = ws.import_files([trace], progress=False, update=True)
    assert list(again.files["outcome"]) == ["already imported"] and not bool(again.files["replaced"].iloc[0])


def test_remove_file_takes_out_one_file_as_the_cli_does(tmp_path):
    header = ('{"type":"header","format":"ett-trace","version":1,"time_unit":"s"}\n'
              '{"type":"job","job":"J1","gpus":8}\n')
    (tmp_path / "a.ett.jsonl").write_text(
        header + '{"type":"attempt","job":"J1","attempt":0,"start":0,"end":100,"outcome":"failed"}\n'
        '{"type":"phase","job":"J1","attempt":0,"phase":"train","start":10,"end":100}\n')
    (tmp_path / "b.ett.jsonl").write_text(
        header + '{"type":"attempt","job":"J1","attempt":1,"start":200,"end":300,"outcome":"completed"}\n'
        '{"type":"phase","job":"J1","attempt":1,"phase":"train","start":210,"end":300}\n')
    a, b = str(tmp_path / "a.ett.jsonl"), str(tmp_path / "b.ett.jsonl")
    db = tmp_path / "p.db"
    run_cli("import", "--db", db, "-q", a, b)
    shutil.copy(db, tmp_path / "c.db")
    ws = ettw.open(db)
    assert int(ws.summary()["attempts"].iloc[0]) == 2
    r = ws.remove_file(a)
    assert r == cli_json("datasets", "--db", tmp_path / "c.db", "--remove-file", a)
    assert r["attempts"] == 1 and r["read_again"][0]["path"] == b and r["read_again"][0]["stored"]
    assert r["read_with"] == {}, "imported with no option: the defaults"
    # The workspace answers without it at once; the CLI sees the same database.
    assert int(ws.summary()["attempts"].iloc[0]) == 1
    assert cli_json("job", "--db", db, "J1") == cli_json("job", "--db", tmp_path / "c.db", "J1")
    with pytest.raises(ettw.Error, match="nothing was removed"):
        ws.remove_file(a)


def _titan_log(hhmm):
    """A torchtitan console log of rank 0 on 2025-03-01, in the machine's local time, that completes."""
    line = "[rank0]:[titan] 2025-03-01 {} - root - INFO - {}\n"
    return (line.format(hhmm + ":00,000", "torchtitan version: 0.1")
            + line.format(hhmm + ":05,000", "Training starts at step 1")
            + line.format(hhmm + ":10,000", "step:  1  loss: 3")
            + line.format(hhmm + ":30,000", "Training completed"))


def test_import_options_are_checked_as_the_cli_checks_them_and_kept_with_each_file(tmp_path):
    (tmp_path / "run1-cfg-a").mkdir()
    log = tmp_path / "run1-cfg-a" / "run.log"
    log.write_text(_titan_log("10:00"))
    db, cli_db = tmp_path / "p.db", tmp_path / "c.db"
    ws = ettw.open(db, create=True)
    # A bad option fails before any file is read, naming the option; nothing is stored.
    for kwargs, message in (({"timezone": "CEST"}, "option timezone"), ({"format": "xml"}, "unknown format 'xml'"),
                            ({"year": "2025"}, "option year: expected a whole number"),
                            ({"gpus_per_node": 0}, "option gpus_per_node")):
        with pytest.raises(ettw.Error, match=message):
            ws.import_files([log], progress=False, **kwargs)
    assert len(ws.datasets()) == 0
    r = ws.import_files([log], progress=False, timezone="+02:00", format="log")
    assert list(r.files["outcome"]) == ["stored"]
    run_cli("import", "--db", cli_db, "-q", "--timezone", "+02:00", log)
    key = cli_json("jobs", "--db", cli_db)["jobs"][0]["job"]
    job = cli_json("job", "--db", db, key)
    assert job == cli_json("job", "--db", cli_db, key), "as ettw import --timezone"
    assert job["attempts"][0]["start"].startswith("2025-03-01T08:00:00"), job["attempts"][0]["start"]
    listed = ws.datasets()
    assert list(listed["read_with"]) == ["--timezone +02:00"]
    assert listed["file"].iloc[0] == str(log) and listed["format"].iloc[0] == "log"
    for k in ("id", "label", "file", "format", "bytes", "records", "issues", "sha256"):
        assert listed[k].iloc[0] == cli_json("datasets", "--db", db)[0][k], k


def test_read_again_reads_an_unchanged_file_with_the_options_given(tmp_path):
    (tmp_path / "run1-cfg-a").mkdir()
    log = tmp_path / "run1-cfg-a" / "run.log"
    log.write_text(_titan_log("10:00"))
    db = tmp_path / "p.db"
    ws = ettw.open(db, create=True)
    ws.import_files([log], progress=False, timezone="+02:00")
    # update alone: the content is stored, nothing is read; read_again reads it with UTC.
    assert list(ws.import_files([log], progress=False, update=True).files["outcome"]) == ["already imported"]
    r = ws.import_files([log], progress=False, read_again=True)
    assert list(r.files["outcome"]) == ["stored"] and int(r.files["replaced"].iloc[0]) == 1
    warned = r.issues[r.issues["kind"] == "read_with_other_options"]
    assert list(warned["detail"]) == ["read before with --timezone +02:00, now with the defaults"]
    key = cli_json("jobs", "--db", db)["jobs"][0]["job"]
    assert cli_json("job", "--db", db, key)["attempts"][0]["start"].startswith("2025-03-01T10:00:00")
    assert list(ws.datasets()["read_with"]) == [""]
