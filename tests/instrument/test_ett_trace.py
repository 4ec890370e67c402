#!/usr/bin/env python3
"""Unit tests of samples/instrument/ett_trace.py: crash safety, faults, signals, ranks.

Each scenario runs a short child Python process that uses the module, then reads its trace
with the strict reader of test_instrument.py and imports it with the real `ettw import`.

    test_ett_trace.py --ettw PATH/ettw --workdir DIR [unittest options]
"""

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import textwrap
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from test_instrument import DEFAULT_SAMPLES, read_trace  # noqa: E402

SAMPLES = os.environ.get("ETT_SAMPLES_DIR", DEFAULT_SAMPLES)
sys.path.insert(0, SAMPLES)
import ett_trace  # noqa: E402

ETTW = None
WORKDIR = None
CLEAN_ENV = {
    k: v
    for k, v in os.environ.items()
    if k
    not in (
        "ETT_TRACE",
        "ETT_JOB_ID",
        "ETT_ATTEMPT",
        "ETT_SIGTERM_CAUSE",
        "RANK",
        "WORLD_SIZE",
        "TORCHELASTIC_RESTART_COUNT",
        "TORCHELASTIC_RUN_ID",
        "SLURM_JOB_ID",
        "SLURM_RESTART_COUNT",
    )
}


def child_source(body):
    """A child script: the module importable, OUT set, then `body`."""
    return "import os, sys, time, signal\nsys.path.insert(0, %r)\nimport ett_trace\nOUT = sys.argv[1]\n%s\n" % (
        SAMPLES,
        textwrap.dedent(body),
    )


class TraceTest(unittest.TestCase):
    def setUp(self):
        self.dir = os.path.join(WORKDIR, self.id().split(".")[-1])
        shutil.rmtree(self.dir, ignore_errors=True)
        os.makedirs(self.dir)
        self.db = os.path.join(self.dir, "test.db")

    def start_child(self, body, env=None, args=()):
        script = os.path.join(self.dir, "child.py")
        with open(script, "w") as f:
            f.write(child_source(body))
        full_env = dict(CLEAN_ENV)
        full_env.update(env or {})
        return subprocess.Popen(
            [sys.executable, script, self.dir] + list(args),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=full_env,
        )

    def run_child(self, body, env=None, expect_rc=0):
        proc = self.start_child(body, env)
        out, err = proc.communicate(timeout=60)
        self.assertEqual(proc.returncode, expect_rc, "child stdout:\n%s\nstderr:\n%s" % (out, err))
        return out, err

    def traces(self):
        return sorted(os.path.join(self.dir, f) for f in os.listdir(self.dir) if f.endswith(".ett.jsonl"))

    def only_trace(self):
        files = self.traces()
        self.assertEqual(len(files), 1, files)
        return read_trace(files[0])

    def ettw(self, *args, expect_rc=0):
        proc = subprocess.run(
            [ETTW] + list(args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=60
        )
        if expect_rc is not None:
            self.assertEqual(
                proc.returncode, expect_rc, "ettw %s\nstdout:\n%s\nstderr:\n%s" % (args, proc.stdout, proc.stderr)
            )
        return proc

    def import_all(self, files=None, warnings_ok=False):
        proc = self.ettw("import", "--db", self.db, *(files or self.traces()))
        if not warnings_ok:
            self.assertNotIn("warning", proc.stdout + proc.stderr)
        return proc

    def job_json(self, job):
        return json.loads(self.ettw("job", "--db", self.db, job, "--format", "json").stdout)


class CrashSafety(TraceTest):
    def test_sigkill_at_random_moments_leaves_importable_files(self):
        # A child writes as fast as it can (many names and line lengths, heartbeat 1 ms, so that
        # flushes keep crossing page boundaries) and is killed at a random moment, five times.
        # Every file must read strictly (whole lines, attempt "running" covering every phase)
        # and import; the five attempts then form one job.
        body = """
            tr = ett_trace.Tracer(job="killed", attempt=int(sys.argv[2]), out_dir=OUT, heartbeat_s=0.001, fsync=False)
            tr.start()
            print("ready", flush=True)
            i = 0
            while True:
                i += 1
                with tr.phase("init.p%d" % (i % 37), name="n" * (i * 7 % 301)):
                    with tr.step(i):
                        pass
                if i % 11 == 0:
                    with tr.checkpoint_save(i):
                        pass
        """
        rng = random.Random(5)
        for attempt in range(5):
            proc = self.start_child(body, args=[str(attempt)])
            self.assertEqual(proc.stdout.readline().strip(), "ready")
            time.sleep(rng.uniform(0.05, 0.4))
            proc.send_signal(signal.SIGKILL)
            proc.communicate(timeout=30)
            self.assertEqual(proc.returncode, -signal.SIGKILL)
        files = self.traces()
        self.assertEqual(len(files), 5)
        for path in files:
            trace = read_trace(path)
            self.assertEqual(len(trace["attempts"]), 1, path)
            self.assertEqual(trace["attempts"][0]["outcome"], "running", path)
            self.assertGreater(len(trace["phases"]), 10, path)
        self.import_all(files)
        shown = self.job_json("killed")
        self.assertEqual(shown["attempt_count"], 5)
        self.assertEqual({a["outcome"] for a in shown["attempts"]}, {"running"})

    def test_sigkill_inside_a_long_phase_keeps_it_up_to_the_last_heartbeat(self):
        heartbeat = 0.02
        body = (
            """
            tr = ett_trace.Tracer(job="long", out_dir=OUT, heartbeat_s=%r)
            tr.start()
            with tr.phase("eval"):
                print("ready", flush=True)
                time.sleep(30)
        """
            % heartbeat
        )
        proc = self.start_child(body)
        self.assertEqual(proc.stdout.readline().strip(), "ready")
        time.sleep(0.6)
        proc.send_signal(signal.SIGKILL)
        proc.communicate(timeout=30)
        trace = self.only_trace()
        attempt = trace["attempts"][0]
        evals = [p for p in trace["phases"] if p["phase"] == "eval"]
        self.assertTrue(evals, "the open phase was not written at heartbeats")
        covered = sum(p["end"] - p["start"] for p in evals)
        self.assertGreater(covered, 0.3e9)
        # The last flush wrote the slot and then the pieces, both up to the same time; a kill
        # between the two leaves the pieces one heartbeat behind (plus scheduling delay).
        self.assertLessEqual(attempt["end"] - max(p["end"] for p in evals), 0.25e9)
        self.import_all()
        shown = self.job_json("long")
        self.assertEqual(shown["attempts"][0]["outcome"], "running")
        self.assertGreater(shown["buckets_s"]["eval"], 0.3)

    def test_no_record_crosses_a_page_and_the_slot_moves_past_a_long_job_record(self):
        # A job record of ~3.5 KiB leaves no room for the attempt slot in the first page.
        attrs = {"k%03d" % i: "v" * 20 for i in range(120)}
        with_tracer = ett_trace.Tracer(job="pages", out_dir=self.dir, attrs=attrs, heartbeat_s=60)
        with with_tracer as tr:
            for i in range(400):
                with tr.phase("stall.custom", name="line %d %s" % (i, "x" * (i % 97))):
                    pass
                tr.flush()
        slot = tr._slot_offset
        self.assertEqual(slot % 4096, 0, "the slot should start the second page")
        trace = read_trace(tr.path)  # checks the page rule line by line
        self.assertEqual(len(trace["phases"]), 400)
        self.assertEqual(os.path.getsize(tr.path) > 4096 * 10, True)
        self.import_all()

    def test_repair_cuts_a_torn_tail(self):
        with ett_trace.Tracer(job="torn", out_dir=self.dir) as tr:
            with tr.phase("init"):
                pass
        with open(tr.path, "ab") as f:
            f.write(b'{"type":"phase","job":"torn","att')
        bad = self.ettw("import", "--db", self.db, tr.path, expect_rc=None)
        self.assertNotEqual(bad.returncode, 0)
        self.assertGreater(ett_trace.repair(tr.path), 0)
        self.assertEqual(ett_trace.repair(tr.path), 0)
        read_trace(tr.path)
        self.import_all([tr.path])


class Outcomes(TraceTest):
    def test_completed_run(self):
        self.run_child(
            """
            with ett_trace.Tracer(job="ok", out_dir=OUT) as tr:
                with tr.phase("init"):
                    time.sleep(0.01)
                for i in range(5):
                    with tr.step(i):
                        time.sleep(0.002)
            """
        )
        trace = self.only_trace()
        attempt = trace["attempts"][0]
        self.assertEqual(attempt["outcome"], "completed")
        self.assertNotIn("interrupted_at", attempt)
        trains = [p for p in trace["phases"] if p["phase"] == "train"]
        self.assertEqual(len(trains), 1, "consecutive steps should merge into one record")
        self.assertEqual(trace["jobs"], [{"type": "job", "job": "ok", "gpus": 1}])
        self.import_all()

    def test_exception_in_a_phase_fails_the_attempt_at_that_moment(self):
        _, err = self.run_child(
            """
            with ett_trace.Tracer(job="boom", out_dir=OUT) as tr:
                with tr.phase("init"):
                    time.sleep(0.01)
                with tr.phase("eval"):
                    time.sleep(0.01)
                    raise RuntimeError("boom")
            """,
            expect_rc=1,
        )
        self.assertIn("RuntimeError: boom", err)
        trace = self.only_trace()
        attempt = trace["attempts"][0]
        self.assertEqual(attempt["outcome"], "failed")
        self.assertEqual(attempt["cause"], "unknown.exception")
        self.assertEqual(attempt["symptom"], "explicit")
        self.assertEqual(attempt["detail"], "RuntimeError: boom")
        (evaluation,) = [p for p in trace["phases"] if p["phase"] == "eval"]
        self.assertEqual(attempt["interrupted_at"], evaluation["end"])
        self.assertGreaterEqual(attempt["end"], attempt["interrupted_at"])
        self.import_all()
        self.assertEqual(self.job_json("boom")["failures"], 1)

    def test_a_huge_exception_message_is_cut_to_fit_the_slot(self):
        self.run_child(
            """
            try:
                with ett_trace.Tracer(job="huge", out_dir=OUT) as tr:
                    with tr.phase("eval", name=chr(1) * 5000):  # 6 bytes each in JSON
                        raise RuntimeError(('"quoted" ' + chr(92) + " ") * 2000)
            except RuntimeError:
                pass
            """
        )
        trace = self.only_trace()
        attempt = trace["attempts"][0]
        self.assertEqual(attempt["outcome"], "failed")
        self.assertTrue(attempt["detail"].startswith('RuntimeError: "quoted"'), attempt["detail"][:40])
        self.assertTrue(attempt["detail"].endswith("..."))
        self.import_all()

    def test_caught_exception_does_not_fail_the_attempt(self):
        self.run_child(
            """
            with ett_trace.Tracer(job="caught", out_dir=OUT) as tr:
                try:
                    with tr.phase("eval"):
                        raise ValueError("retry me")
                except ValueError:
                    pass
                with tr.step(1):
                    pass
            """
        )
        self.assertEqual(self.only_trace()["attempts"][0]["outcome"], "completed")

    def test_fault_sets_cause_and_preemption(self):
        self.run_child(
            """
            try:
                with ett_trace.Tracer(job="pre", out_dir=OUT) as tr:
                    with tr.step(7):
                        raise ett_trace.Fault("preemption.spot", "spot instance reclaimed")
            except ett_trace.Fault:
                pass
            """
        )
        attempt = self.only_trace()["attempts"][0]
        self.assertEqual(attempt["outcome"], "preempted")
        self.assertEqual(attempt["cause"], "preemption.spot")
        self.assertIn("interrupted_at", attempt)
        self.import_all()
        self.assertEqual(self.job_json("pre")["preemptions"], 1)

    def test_keyboard_interrupt_is_a_cancel(self):
        self.run_child(
            """
            try:
                with ett_trace.Tracer(job="ctrl-c", out_dir=OUT) as tr:
                    with tr.step(1):
                        raise KeyboardInterrupt()
            except KeyboardInterrupt:
                pass
            """
        )
        attempt = self.only_trace()["attempts"][0]
        self.assertEqual(attempt["outcome"], "cancelled")
        self.assertNotIn("interrupted_at", attempt)
        self.import_all()

    def test_start_without_with_closes_at_exit_and_sees_uncaught_exceptions(self):
        self.run_child(
            """
            tr = ett_trace.start(job="plain", out_dir=OUT)
            with ett_trace.current().phase("init"):
                pass
            """
        )
        self.assertEqual(self.only_trace()["attempts"][0]["outcome"], "completed")
        os.remove(self.traces()[0])
        self.run_child(
            """
            tr = ett_trace.start(job="plain2", out_dir=OUT)
            with tr.phase("init"):
                raise OSError("disk gone")
            """,
            expect_rc=1,
        )
        attempt = self.only_trace()["attempts"][0]
        self.assertEqual(attempt["outcome"], "failed")
        self.assertEqual(attempt["detail"], "OSError: disk gone")

    def test_sigterm_records_a_failure_then_terminates_as_before(self):
        for cause, outcome in (("", "failed"), ("preemption.slurm", "preempted")):
            with self.subTest(cause=cause):
                for f in self.traces():
                    os.remove(f)
                proc = self.start_child(
                    """
                    with ett_trace.Tracer(job="term", out_dir=OUT) as tr:
                        with tr.step(1):
                            print("ready", flush=True)
                            time.sleep(30)
                    """,
                    env={"ETT_SIGTERM_CAUSE": cause},
                )
                self.assertEqual(proc.stdout.readline().strip(), "ready")
                time.sleep(0.1)
                proc.send_signal(signal.SIGTERM)
                proc.communicate(timeout=30)
                self.assertEqual(proc.returncode, -signal.SIGTERM, "the default action of SIGTERM must remain")
                attempt = self.only_trace()["attempts"][0]
                self.assertEqual(attempt["outcome"], outcome)
                self.assertEqual(attempt["cause"], cause or "unknown.signal.sigterm")
                self.assertLessEqual(attempt["interrupted_at"], attempt["end"])

    def test_sigterm_handler_of_the_script_still_runs(self):
        proc = self.start_child(
            """
            def graceful(signum, frame):
                print("graceful", flush=True)
                sys.exit(0)
            signal.signal(signal.SIGTERM, graceful)
            with ett_trace.Tracer(job="graceful", out_dir=OUT) as tr:
                with tr.step(1):
                    print("ready", flush=True)
                    time.sleep(30)
            """
        )
        self.assertEqual(proc.stdout.readline().strip(), "ready")
        time.sleep(0.1)
        proc.send_signal(signal.SIGTERM)
        out, _ = proc.communicate(timeout=30)
        self.assertEqual(proc.returncode, 0)
        self.assertIn("graceful", out)
        attempt = self.only_trace()["attempts"][0]
        self.assertEqual(attempt["outcome"], "failed")
        self.assertEqual(attempt["cause"], "unknown.signal.sigterm")


class Api(TraceTest):
    def test_bad_phase_or_cause_is_refused_at_the_call(self):
        tr = ett_trace.Tracer(job="bad", out_dir=self.dir)
        for bad in ("training", "Train", "train.", "", "init..x", "eval sub", "init." + "x" * 200):
            with self.assertRaises(ValueError, msg=bad):
                tr.phase(bad)
        with self.assertRaises(ValueError):
            ett_trace.Fault("gpu.hbm")
        with self.assertRaises(ValueError):
            tr.set_fault("oops")
        self.assertEqual(self.traces(), [], "nothing starts before the first phase")

    def test_disabled_by_environment(self):
        self.run_child(
            """
            with ett_trace.Tracer(job="off", out_dir=OUT) as tr:
                with tr.phase("init"):
                    pass
                with tr.checkpoint_save(1) as ck:
                    pass
            """,
            env={"ETT_TRACE": "0"},
        )
        self.assertEqual(self.traces(), [])

    def test_an_existing_trace_is_never_overwritten(self):
        for _ in range(2):
            with ett_trace.Tracer(job="twice", out_dir=self.dir) as tr:
                with tr.phase("init"):
                    pass
        names = [os.path.basename(f) for f in self.traces()]
        self.assertEqual(names, ["trace-twice-a0-r00000.1.ett.jsonl", "trace-twice-a0-r00000.ett.jsonl"])

    def test_checkpoints_durable_later_and_failed(self):
        with ett_trace.Tracer(job="ckpt", out_dir=self.dir) as tr:
            with tr.step(1):
                time.sleep(0.002)
            with tr.checkpoint_save(10, durable_later=True) as ck10:
                time.sleep(0.002)
            with tr.checkpoint_save(20, durable_later=True):  # never durable
                pass
            with tr.step(2):
                time.sleep(0.002)
            ck10.durable()
            with tr.checkpoint_save(30):
                pass
            # ck20 never becomes durable: recorded as failed at close
        trace = read_trace(tr.path)
        cps = {c["step"]: c for c in trace["checkpoints"]}
        self.assertEqual(sorted(cps), [10, 20, 30])
        self.assertGreater(cps[10]["durable"], cps[10]["start"])
        self.assertTrue(cps[20]["failed"])
        self.assertNotIn("durable", cps[20])
        self.assertIn("durable", cps[30])
        uploads = [p for p in trace["phases"] if p["phase"] == "background.checkpoint_upload"]
        self.assertEqual(len(uploads), 1)
        self.assertEqual(uploads[0]["end"], cps[10]["durable"])
        self.import_all()

    def test_forked_child_writes_nothing(self):
        self.run_child(
            """
            with ett_trace.Tracer(job="fork", out_dir=OUT) as tr:
                with tr.phase("init", name="parent"):
                    pass
                pid = os.fork()
                if pid == 0:
                    with tr.phase("eval", name="child"):
                        pass
                    tr.flush()
                    tr.close()
                    os._exit(0)
                os.waitpid(pid, 0)
                with tr.phase("eval", name="parent"):
                    pass
            """
        )
        trace = self.only_trace()
        self.assertEqual({p.get("name") for p in trace["phases"]}, {"parent"})
        self.assertEqual(trace["attempts"][0]["outcome"], "completed")

    def test_environment_gives_job_attempt_rank_and_gpus(self):
        self.run_child(
            """
            with ett_trace.Tracer(out_dir=OUT) as tr:
                with tr.phase("init"):
                    pass
            """,
            env={
                "TORCHELASTIC_RUN_ID": "elastic-42",
                "TORCHELASTIC_RESTART_COUNT": "3",
                "RANK": "0",
                "WORLD_SIZE": "4",
            },
        )
        self.assertEqual([os.path.basename(f) for f in self.traces()], ["trace-elastic-42-a3-r00000.ett.jsonl"])
        trace = self.only_trace()
        self.assertEqual(trace["jobs"][0]["gpus"], 4)
        self.assertEqual(trace["attempts"][0]["attempt"], 3)
        self.assertEqual(trace["phases"][0]["rank"], 0)


class Ranks(TraceTest):
    RANK_BODY = """
        rank = int(os.environ["RANK"])
        mode = os.environ.get("MODE", "")
        with ett_trace.Tracer(out_dir=OUT) as tr:
            with tr.phase("init.process_group_init"):
                time.sleep(0.02)
            for i in range(1, 6):
                with tr.step(i):
                    if rank == 1 and i == 3 and mode == "fault":
                        raise ett_trace.Fault("infra.network.nic", "link down")
                    if rank == 1 and i == 3 and mode == "kill":
                        tr.flush()
                        os.kill(os.getpid(), signal.SIGKILL)
                    time.sleep(0.004)
            with tr.checkpoint_save(5):
                pass
    """

    def run_ranks(self, mode=""):
        env = {"ETT_JOB_ID": "ddp", "WORLD_SIZE": "2", "MODE": mode}
        procs = [self.start_child(self.RANK_BODY, env=dict(env, RANK=str(r))) for r in (0, 1)]
        for proc in procs:
            proc.communicate(timeout=60)
        return [p.returncode for p in procs]

    def merge(self):
        out = os.path.join(self.dir, "merged")
        proc = subprocess.run(
            [sys.executable, os.path.join(SAMPLES, "ett_trace.py"), "merge", "-o", out] + self.traces(),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
        self.assertEqual(proc.returncode, 0, proc.stderr)
        merged = proc.stdout.split()
        self.assertEqual([os.path.basename(m) for m in merged], ["trace-ddp-a0.ett.jsonl"])
        return merged[0]

    def test_one_complete_file_per_rank_merged_into_one_attempt(self):
        self.assertEqual(self.run_ranks(), [0, 0])
        files = self.traces()
        self.assertEqual(
            [os.path.basename(f) for f in files], ["trace-ddp-a0-r00000.ett.jsonl", "trace-ddp-a0-r00001.ett.jsonl"]
        )
        r0, r1 = (read_trace(f) for f in files)
        for trace, rank in ((r0, 0), (r1, 1)):
            self.assertEqual(trace["jobs"], [{"type": "job", "job": "ddp", "gpus": 2}])
            self.assertEqual(trace["attempts"][0]["outcome"], "completed")
            self.assertEqual({p["rank"] for p in trace["phases"]}, {rank})
        self.assertEqual((len(r0["checkpoints"]), len(r1["checkpoints"])), (1, 0), "checkpoints: rank 0 only")
        # Each rank file imports alone; two ranks of one attempt do not (windows differ): merge.
        self.ettw("import", "--db", self.db + ".one", files[1])
        both = self.ettw("import", "--db", self.db + ".both", *files, expect_rc=None)
        self.assertNotEqual(both.returncode, 0)
        self.assertIn("an attempt number seen again must be the same attempt", both.stderr)
        merged_path = self.merge()
        merged = read_trace(merged_path, layout=False)
        (attempt,) = merged["attempts"]
        self.assertEqual(attempt["start"], min(r0["attempts"][0]["start"], r1["attempts"][0]["start"]))
        self.assertEqual(attempt["end"], max(r0["attempts"][0]["end"], r1["attempts"][0]["end"]))
        self.assertEqual(attempt["outcome"], "completed")
        self.assertEqual(len(merged["phases"]), len(r0["phases"]) + len(r1["phases"]))
        self.import_all([merged_path])
        shown = self.job_json("ddp")
        self.assertEqual((shown["attempt_count"], shown["gpus"]), (1, 2))

    def test_merge_takes_the_fault_of_the_rank_that_failed(self):
        self.assertEqual(self.run_ranks("fault"), [0, 1])
        r1 = read_trace(self.traces()[1])
        merged = read_trace(self.merge(), layout=False)
        attempt = merged["attempts"][0]
        self.assertEqual((attempt["outcome"], attempt["cause"]), ("failed", "infra.network.nic"))
        self.assertEqual(attempt["interrupted_at"], r1["attempts"][0]["interrupted_at"])
        self.assertTrue(attempt["detail"].endswith("(rank 1)"), attempt["detail"])
        self.import_all()  # the raw files of another label would clash: import the merged one only
        self.assertEqual(self.job_json("ddp")["failures"], 1)

    def test_merge_turns_a_killed_rank_into_a_fault_at_its_last_heartbeat(self):
        self.assertEqual(self.run_ranks("kill"), [0, -signal.SIGKILL])
        r1 = read_trace(self.traces()[1])
        self.assertEqual(r1["attempts"][0]["outcome"], "running")
        attempt = read_trace(self.merge(), layout=False)["attempts"][0]
        self.assertEqual((attempt["outcome"], attempt["cause"]), ("failed", "unknown.rank_stopped"))
        self.assertEqual(attempt["interrupted_at"], r1["attempts"][0]["end"])

    def import_all(self, files=None, warnings_ok=False):
        if files is None:
            files = [os.path.join(self.dir, "merged", f) for f in sorted(os.listdir(os.path.join(self.dir, "merged")))]
        return super().import_all(files, warnings_ok)

    def test_ett_trace_ranks_limits_tracing_to_rank_zero(self):
        env = {"ETT_JOB_ID": "r0only", "WORLD_SIZE": "2", "ETT_TRACE_RANKS": "0"}
        for r in (0, 1):
            proc = self.start_child(self.RANK_BODY, env=dict(env, RANK=str(r)))
            proc.communicate(timeout=60)
            self.assertEqual(proc.returncode, 0)
        self.assertEqual([os.path.basename(f) for f in self.traces()], ["trace-r0only-a0-r00000.ett.jsonl"])


def main():
    global ETTW, WORKDIR
    argv = list(sys.argv)
    for flag in ("--ettw", "--workdir"):
        if flag in argv:
            i = argv.index(flag)
            value = argv[i + 1]
            del argv[i : i + 2]
            if flag == "--ettw":
                ETTW = value
            else:
                WORKDIR = os.path.abspath(value)
    if not ETTW or not WORKDIR:
        print("usage: test_ett_trace.py --ettw PATH --workdir DIR [unittest options]", file=sys.stderr)
        return 2
    shutil.rmtree(WORKDIR, ignore_errors=True)
    os.makedirs(WORKDIR)
    program = unittest.main(argv=argv, exit=False, verbosity=2)
    return 0 if program.result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())
