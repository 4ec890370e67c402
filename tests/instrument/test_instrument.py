#!/usr/bin/env python3
"""End-to-end test of the Python instrumentation helper (samples/instrument/).

Runs example_train.py twice as attempts 0 and 1 of one job (attempt 0 fails at an injected
fault, attempt 1 resumes from its checkpoint and completes), checks the two trace files line
by line, imports them with `ettw import`, reads `ettw job --format json` back and compares every
figure with an independent re-implementation of the accounting rules (spec section 5) applied to
the records this driver read from the files: the buckets of each attempt and of the job, exact
to the nanosecond, ETT%, Time to Start and Time to Recover.

    test_instrument.py --ettw PATH/ettw --workdir DIR [--samples DIR]

Exit status 0 when every check holds; the first failed check is printed with the figures.
The helpers (read_trace, account_job) are also used by test_ett_trace.py.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
from decimal import Decimal

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_SAMPLES = os.path.normpath(os.path.join(HERE, "..", "..", "samples", "instrument"))

CATEGORIES = (
    "queue",
    "setup",
    "init",
    "checkpoint_load",
    "compile",
    "train",
    "checkpoint_save",
    "stall",
    "eval",
    "recovery",
    "shutdown",
    "background",
)
# Spec 5.2, highest first.
PRIORITY = (
    "recovery",
    "queue",
    "setup",
    "checkpoint_load",
    "init",
    "compile",
    "checkpoint_save",
    "stall",
    "eval",
    "shutdown",
    "train",
)
BUCKETS = (
    "productive",
    "queue",
    "setup",
    "init",
    "checkpoint_load",
    "compile",
    "checkpoint_save",
    "lost_progress",
    "stall",
    "eval",
    "recovery",
    "shutdown",
    "idle",
)
PAGE = 4096


class CheckFailed(AssertionError):
    pass


def check(condition, message):
    if not condition:
        raise CheckFailed(message)


# -- reading a trace strictly ---------------------------------------------------------------------


def read_trace(path, layout=True):
    """Reads an ett_trace.py file and checks what the module promises, beyond the spec:

    a header first with time_unit ns; integer times; known categories; with `layout`, no line
    crossing a 4 KiB boundary (the crash-safety layout of files written while training; merged
    files are written at once); at most one attempt record; phases inside the file's attempt
    window when the file has one. Returns {"header", "jobs", "attempts", "phases",
    "checkpoints"} with the records as dicts.
    """
    with open(path, "rb") as f:
        data = f.read()
    check(data.endswith(b"\n"), "%s: the file does not end with a newline (torn tail?)" % path)
    out = {"header": None, "jobs": [], "attempts": [], "phases": [], "checkpoints": []}
    offset = 0
    number = 0
    for raw in data.split(b"\n")[:-1]:
        number += 1
        where = "%s:%d" % (path, number)
        line_start, offset = offset, offset + len(raw) + 1
        text = raw.decode("ascii").strip()  # the module writes ASCII only
        if not text:
            continue
        # A record crossing a page boundary could be torn by a SIGKILL (see ett_trace.py).
        check(
            not layout or line_start // PAGE == (offset - 1) // PAGE or len(raw) + 1 > PAGE,
            "%s: a record crosses a %d-byte boundary" % (where, PAGE),
        )
        rec = json.loads(text)
        check(isinstance(rec, dict) and "type" in rec, "%s: not a record: %s" % (where, text[:80]))
        kind = rec["type"]
        if out["header"] is None:
            check(kind == "header", "%s: the first record is %r, not the header" % (where, kind))
            check(rec.get("format") == "ett-trace" and rec.get("version") == 1, "%s: bad header" % where)
            check(rec.get("time_unit") == "ns", "%s: time_unit %r, expected ns" % (where, rec.get("time_unit")))
            out["header"] = rec
            continue
        check(kind != "header", "%s: a second header" % where)
        for key in ("start", "end", "durable", "interrupted_at", "submitted"):
            if key in rec:
                check(type(rec[key]) is int and rec[key] > 0, "%s: %s is not an integer ns time" % (where, key))
        if kind == "job":
            out["jobs"].append(rec)
        elif kind == "attempt":
            check(rec["end"] >= rec["start"], "%s: attempt end < start" % where)
            out["attempts"].append(rec)
        elif kind == "phase":
            check(rec["phase"].split(".")[0] in CATEGORIES, "%s: unknown category %r" % (where, rec["phase"]))
            check(rec["end"] > rec["start"], "%s: empty or negative phase" % where)
            out["phases"].append(rec)
        elif kind == "checkpoint":
            check("durable" not in rec or rec["durable"] >= rec["start"], "%s: durable < start" % where)
            out["checkpoints"].append(rec)
        else:
            raise CheckFailed("%s: unknown record type %r" % (where, kind))
    check(out["header"] is not None, "%s: no header" % path)
    check(len(out["attempts"]) <= 1, "%s: %d attempt records, expected at most one" % (path, len(out["attempts"])))
    for a in out["attempts"]:
        for p in out["phases"]:
            check(
                a["start"] <= p["start"] and p["end"] <= a["end"],
                "%s: phase %s [%d, %d) outside the attempt [%d, %d]"
                % (path, p["phase"], p["start"], p["end"], a["start"], a["end"]),
            )
    return out


# -- the accounting rules, written again (spec 5) ------------------------------------------------


def account_job(attempts, phases, checkpoints):
    """Buckets per attempt and for the job, in integer ns, from plain records (spec 5.1-5.4).

    Returns {"attempts": {n: {"buckets", "tts", "fault"}}, "buckets", "e2e", "tts", "ttr"}.
    """
    attempts = sorted(attempts, key=lambda a: a["start"])
    durable_points = [(c["start"], c.get("durable", c["start"])) for c in checkpoints if not c.get("failed", False)]
    result = {"attempts": {}, "buckets": dict.fromkeys(BUCKETS, 0)}
    timeline = []  # (start, end, bucket) over the whole job, for TTS / TTR
    for a in attempts:
        s, e = a["start"], a["end"]
        fault = None
        if a.get("outcome") in ("failed", "preempted"):
            fault = a.get("interrupted_at", e)
        mine = [p for p in phases if p["attempt"] == a["attempt"]]
        clipped = [(max(p["start"], s), min(p["end"], e), p["phase"].split(".")[0]) for p in mine]
        clipped = [c for c in clipped if c[1] > c[0] and c[2] != "background"]
        lost_from = None
        if fault is not None and checkpoints:
            saved = [cs for cs, cd in durable_points if cd <= fault]
            lost_from = max([s] + [max(x, s) for x in saved]) if saved else s
        bounds = {s, e}
        for c in clipped:
            bounds.update(c[:2])
        for x in (fault, lost_from):
            if x is not None:
                bounds.add(x)
        bounds = sorted(b for b in bounds if s <= b <= e)
        buckets = dict.fromkeys(BUCKETS, 0)
        for lo, hi in zip(bounds, bounds[1:]):
            if fault is not None and lo >= fault:
                bucket = "recovery"
            else:
                active = {c[2] for c in clipped if c[0] <= lo and hi <= c[1]}
                top = next((cat for cat in PRIORITY if cat in active), None)
                if top is None:
                    bucket = "idle"
                elif top == "train":
                    lost = lost_from is not None and lost_from <= lo and hi <= fault
                    bucket = "lost_progress" if lost else "productive"
                else:
                    bucket = top
            buckets[bucket] += hi - lo
            timeline.append((lo, hi, bucket))
        trains = [lo for lo, hi, b in timeline if b in ("productive", "lost_progress") and lo >= s and hi <= e]
        result["attempts"][a["attempt"]] = {
            "buckets": buckets,
            "tts": (min(trains) if trains else e) - s,
            "fault": fault,
        }
        for k in BUCKETS:
            result["buckets"][k] += buckets[k]
    for prev, nxt in zip(attempts, attempts[1:]):
        result["buckets"]["recovery"] += nxt["start"] - prev["end"]
    result["e2e"] = attempts[-1]["end"] - attempts[0]["start"]
    result["tts"] = result["attempts"][attempts[0]["attempt"]]["tts"]
    ttr = []
    for a in attempts:
        f = result["attempts"][a["attempt"]]["fault"]
        if f is None:
            continue
        later = [lo for lo, hi, b in timeline if b in ("productive", "lost_progress") and lo >= a["end"]]
        if later:
            ttr.append(min(later) - f)
    result["ttr"] = ttr
    return result


def ns(value):
    """Seconds as printed by `ettw --format json` (9 decimals) to integer ns, exactly."""
    return int(Decimal(str(value)) * 1_000_000_000)


def run(cmd, expect_rc=0, env=None):
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, timeout=120)
    if expect_rc is not None and proc.returncode != expect_rc:
        raise CheckFailed(
            "%s exited %d (expected %d)\nstdout:\n%s\nstderr:\n%s"
            % (" ".join(cmd), proc.returncode, expect_rc, proc.stdout, proc.stderr)
        )
    return proc


def ettw_job(ettw, db, job):
    proc = run([ettw, "job", "--db", db, job, "--format", "json"])
    return json.loads(proc.stdout, parse_float=Decimal)


def compare_with_ettw(shown, expected):
    """Checks `ettw job --format json` against account_job() output, exactly."""
    for k in BUCKETS:
        check(
            ns(shown["buckets_s"][k]) == expected["buckets"][k],
            "job bucket %s: ettw %s s, recomputed %d ns" % (k, shown["buckets_s"][k], expected["buckets"][k]),
        )
    check(ns(shown["e2e_s"]) == expected["e2e"], "E2E: ettw %s s, recomputed %d ns" % (shown["e2e_s"], expected["e2e"]))
    total = sum(ns(shown["buckets_s"][k]) for k in BUCKETS)
    check(total == ns(shown["e2e_s"]), "the buckets add up to %d ns, E2E is %s s" % (total, shown["e2e_s"]))
    for a in shown["attempts"]:
        mine = expected["attempts"][a["attempt"]]
        for k in BUCKETS:
            check(
                ns(a["buckets_s"][k]) == mine["buckets"][k],
                "attempt %d bucket %s: ettw %s s, recomputed %d ns"
                % (a["attempt"], k, a["buckets_s"][k], mine["buckets"][k]),
            )
        check(
            ns(a["tts_s"]) == mine["tts"],
            "attempt %d TTS: ettw %s, recomputed %d" % (a["attempt"], a["tts_s"], mine["tts"]),
        )
    ett = Decimal(expected["buckets"]["productive"]) * 100 / Decimal(expected["e2e"])
    check(0 < ett < 100, "ETT%% %s is not between 0 and 100" % ett)
    check(
        abs(Decimal(shown["ett_percent_time"]) - ett) < Decimal("0.000001"),
        "ETT%%: ettw %s, recomputed %s" % (shown["ett_percent_time"], ett),
    )
    check(
        ns(shown["job_tts_s"]) == expected["tts"],
        "job TTS: ettw %s, recomputed %d" % (shown["job_tts_s"], expected["tts"]),
    )
    check(
        shown["ttr_s"]["count"] == len(expected["ttr"]),
        "TTR count %s vs %d" % (shown["ttr_s"]["count"], len(expected["ttr"])),
    )
    if expected["ttr"]:
        check(
            ns(shown["ttr_s"]["p50"]) == sorted(expected["ttr"])[0],
            "TTR: ettw %s, recomputed %s" % (shown["ttr_s"]["p50"], expected["ttr"]),
        )


# -- the test -------------------------------------------------------------------------------------


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--ettw", required=True)
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--samples", default=DEFAULT_SAMPLES)
    args = ap.parse_args(argv)
    example = os.path.join(args.samples, "example_train.py")
    work = os.path.abspath(args.workdir)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    traces = os.path.join(work, "traces")
    db = os.path.join(work, "fleet.db")
    job = "instrument-e2e"
    env = dict(os.environ)
    for var in ("ETT_TRACE", "ETT_JOB_ID", "ETT_ATTEMPT", "RANK", "WORLD_SIZE", "TORCHELASTIC_RESTART_COUNT"):
        env.pop(var, None)
    base = [
        sys.executable,
        example,
        "--simulate",
        "--job",
        job,
        "--out",
        traces,
        "--steps",
        "40",
        "--ckpt-every",
        "10",
        "--eval-every",
        "20",
        "--heartbeat-s",
        "0.05",
    ]

    # 1. Attempt 0 fails at step 25 (exit 1), attempt 1 resumes from the checkpoint and completes.
    failed = run(base + ["--attempt", "0", "--fail-at-step", "25"], expect_rc=1, env=env)
    check("injected fault at step 25" in failed.stderr, "attempt 0 did not report the fault: %s" % failed.stderr)
    run(base + ["--attempt", "1"], expect_rc=0, env=env)
    files = sorted(os.path.join(traces, f) for f in os.listdir(traces) if f.endswith(".ett.jsonl"))
    check(
        [os.path.basename(f) for f in files]
        == ["trace-%s-a0-r00000.ett.jsonl" % job, "trace-%s-a1-r00000.ett.jsonl" % job],
        "trace files: %s" % files,
    )

    # 2. The files, record by record.
    read = [read_trace(f) for f in files]
    attempts = [r["attempts"][0] for r in read]
    phases = [p for r in read for p in r["phases"]]
    checkpoints = [c for r in read for c in r["checkpoints"]]
    a0, a1 = attempts
    check(a0["outcome"] == "failed" and a0["cause"] == "infra.gpu.injected", "attempt 0: %s" % a0)
    check(a0["start"] <= a0["interrupted_at"] <= a0["end"], "attempt 0 interrupted_at outside: %s" % a0)
    check("step 25" in a0.get("detail", ""), "attempt 0 detail: %r" % a0.get("detail"))
    check(a1["outcome"] == "completed" and "interrupted_at" not in a1, "attempt 1: %s" % a1)
    check(a0["end"] <= a1["start"], "the attempts overlap")
    for n, wanted in (
        (
            0,
            {
                "init.imports",
                "init.device_init",
                "init.train_module_creation",
                "init.get_first_batch_data",
                "compile.warmup",
                "train",
                "checkpoint_save",
                "eval",
            },
        ),
        (
            1,
            {
                "init.imports",
                "checkpoint_load",
                "compile.warmup",
                "train",
                "checkpoint_save",
                "eval",
                "shutdown.publish",
                "shutdown.teardown",
                "background.checkpoint_upload",
            },
        ),
    ):
        present = {p["phase"] for p in phases if p["attempt"] == n}
        check(wanted <= present, "attempt %d lacks phases %s (has %s)" % (n, sorted(wanted - present), sorted(present)))
    check(not any(p["phase"].startswith("shutdown") for p in phases if p["attempt"] == 0), "attempt 0 shut down?")
    steps = sorted((c["attempt"], c["step"]) for c in checkpoints)
    check(steps == [(0, 10), (0, 20), (1, 30), (1, 40)], "checkpoint records: %s" % steps)
    train0 = [p for p in phases if p["attempt"] == 0 and p["phase"] == "train"]
    check(max(p["end"] for p in train0) <= a0["interrupted_at"], "attempt 0 trained after its fault")
    check(
        any(p["end"] == a0["interrupted_at"] for p in train0),
        "the fault time is not the end of the step that raised it",
    )

    # 3. Import: both files accepted, no warnings.
    imported = run([args.ettw, "import", "--db", db] + files)
    check("warning" not in imported.stdout + imported.stderr, "import warnings:\n%s" % imported.stdout)
    check(imported.stdout.count(" imported under label ") == 2, "import output:\n%s" % imported.stdout)

    # 4. What ettw computed, against the rules applied here to the same records.
    shown = ettw_job(args.ettw, db, job)
    check(shown["attempt_count"] == 2, "attempt_count %s" % shown["attempt_count"])
    check(shown["failures"] == 1 and shown["preemptions"] == 0, "failures %s" % shown["failures"])
    check(shown["no_checkpoint_data"] is False, "no_checkpoint_data")
    outcomes = [(a["attempt"], a["outcome"], a["cause"]) for a in shown["attempts"]]
    check(outcomes == [(0, "failed", "infra.gpu.injected"), (1, "completed", "")], "attempts: %s" % outcomes)
    expected = account_job(attempts, phases, checkpoints)
    compare_with_ettw(shown, expected)
    b = expected["buckets"]
    for k in ("productive", "init", "compile", "checkpoint_save", "checkpoint_load", "eval", "recovery", "shutdown"):
        check(b[k] > 0, "bucket %s is 0" % k)
    check(b["lost_progress"] > 0, "a fault 5 steps after a checkpoint lost no progress")
    check(sum(b.values()) == expected["e2e"], "recomputed buckets do not add up to E2E")

    ett = 100.0 * b["productive"] / expected["e2e"]
    print(
        "ok: 2 attempts imported; ETT %.3f%%, E2E %.3f s, productive %.3f s, lost %.3f s, recovery %.3f s"
        % (ett, expected["e2e"] / 1e9, b["productive"] / 1e9, b["lost_progress"] / 1e9, b["recovery"] / 1e9)
    )
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except CheckFailed as e:
        print("FAILED: %s" % e, file=sys.stderr)
        sys.exit(1)
