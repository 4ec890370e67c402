"""Workspace.report(): the PDF of `ettw report`, written through the same service use case: its
text (pdftotext) carries the fleet ETT% that `ettw summary` gives and equals the CLI's report of
the same scope; a second report in the same process works; errors are the CLI's."""

import re
import shutil
import subprocess

import pytest

import ettw
from conftest import cli_error, cli_json, run_cli

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) is not installed")


def pdf_text(path):
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout


def without_clock(text):
    """The text less what depends on the minute it was written and on the commit each binary was
    built at (the extension and ettw may be built at different commits)."""
    text = re.sub(r"\d{4}-\d\d-\d\d \d\d:\d\d UTC", "<generated>", text)
    text = re.sub(r"commit [0-9a-f]{7,}(-dirty)?", "commit <built>", text)
    return re.sub(r"[ \t]+", " ", text)  # the columns' spacing follows the widths of those


@pytest.mark.parametrize("weighting,field", [("gpu", "ett_percent_gpu"), ("time", "ett_percent_time")])
def test_the_report_carries_the_fleet_ett_of_summary_and_equals_the_cli_report(ws, fleet_db, tmp_path, weighting,
                                                                               field):
    if not hasattr(ettw.Workspace, "report"):
        pytest.fail("Workspace.report is missing")
    ours = tmp_path / "python.pdf"
    pages = ws.report(ours, scope="label=before", weighting=weighting, title="Before")
    assert ours.read_bytes().startswith(b"%PDF") and pages >= 5
    theirs = tmp_path / "cli.pdf"
    out = run_cli("report", "--db", fleet_db, "--out", theirs, "--scope", "label=before", "--weighting", weighting,
                  "--title", "Before").stdout
    assert f"report of {pages} pages" in out
    ett = float(cli_json("summary", "--db", fleet_db, "--label", "before")[field])
    text = pdf_text(ours)
    assert f"{ett:.1f}%" in text and "Before" in text
    # The other weighting's figure is not the headline's: the option took effect.
    assert ("GPU-weighted" if weighting == "gpu" else "time-weighted") in text
    assert without_clock(text) == without_clock(pdf_text(theirs))


def test_label_exclude_and_comparison_options_and_a_second_report(ws, fleet_db, tmp_path):
    windows = tmp_path / "w.csv"
    windows.write_text("start,end\n2025-06-03T00:00:00Z,2025-06-04T00:00:00Z\n")
    ours = tmp_path / "a.pdf"
    ws.report(ours, label="after", exclude=str(windows), a="label=before", b="label=after", page="letter")
    theirs = tmp_path / "b.pdf"
    run_cli("report", "--db", fleet_db, "--out", theirs, "--scope", "label=after", "--exclude", windows, "--a",
            "label=before", "--b", "label=after", "--page", "letter")
    text = pdf_text(ours)
    assert "Comparison: A against B" in text
    assert without_clock(text) == without_clock(pdf_text(theirs))
    ett = float(cli_json("summary", "--db", fleet_db, "--label", "after", "--exclude", windows)["ett_percent_gpu"])
    assert f"{ett:.1f}%" in text


def test_report_errors_say_what_the_cli_says_and_write_nothing(ws, fleet_db, tmp_path):
    out = tmp_path / "none.pdf"
    with pytest.raises(ettw.Error) as e:
        ws.report(out, scope="label=nope")
    assert str(e.value) == cli_error("report", "--db", fleet_db, "--out", out, "--scope", "label=nope")
    with pytest.raises(ettw.Error) as e:
        ws.report(out, scope="gpus>=100000")
    assert str(e.value) == cli_error("report", "--db", fleet_db, "--out", out, "--scope",
                                     "gpus>=100000").replace("--scope", "scope")
    with pytest.raises(ettw.Error, match="page: expected a4 or letter"):
        ws.report(out, page="a5")
    with pytest.raises(ettw.Error, match="weighting: expected gpu or time"):
        ws.report(out, weighting="jobs")
    with pytest.raises(ettw.Error, match="a and b go together"):
        ws.report(out, a="label=before")
    assert not out.exists()
