"""Write native ETT traces (ett-trace v1) from a Python training script.

Dependency-free (standard library only, Python 3.9+). A training script imports it, opens a
Tracer, marks its phases with context managers and records checkpoints and faults; the file it
writes is imported with `ettw import --db fleet.db trace-*.ett.jsonl`.

    import ett_trace
    with ett_trace.Tracer(job="ranker-v3-nightly", out_dir="traces") as tr:
        with tr.phase("init.train_module_creation"):
            model = build()
        for step in range(n):
            with tr.step(step):              # train time; consecutive steps merge into one record
                train_one_step()
            if step % 1000 == 0:
                with tr.checkpoint_save(step):   # the blocking part of a save
                    save()

Design note (crash safety). The problem: the attempt record needs the attempt's end, which is
unknown until the process ends, and a process can die at any instant (SIGKILL, OOM killer)
without running a single line of Python. The rules that make every prefix of the file valid:

1. Records are appended, never rewritten, and only by a flush: every `heartbeat_s` seconds (a
   daemon thread) and at close. A flush at time t writes everything that happened up to t:
   closed phases, the part [start, t) of phases still open, checkpoints that became durable.
2. The attempt record sits in a fixed-size slot near the top of the file (JSON padded with
   spaces inside the object). Each flush first rewrites the slot in place with end = t and
   outcome "running", then appends the records, so the slot's window always covers them. The
   final flush writes the real outcome ("completed", "failed", ...).
3. A write that a SIGKILL interrupts can only stop at a page boundary (the kernel checks for a
   fatal signal between pages). No record crosses a 4 KiB boundary (a blank padding line moves
   it to the next page) and the slot lies inside one page, so a killed process leaves whole
   lines only.

After a SIGKILL the file imports as an attempt with outcome "running" that ends at the last
heartbeat; at most one heartbeat of the tail is missing. Crashes of the machine itself (power,
kernel) are not covered beyond the last fsync (done at each heartbeat).

Ranks: every rank writes its own complete file (`trace-<job>-a<attempt>-r<rank>.ett.jsonl`): job,
attempt (this rank's window and outcome), its phases with "rank", and (rank 0 only) the
checkpoint records. One file imports on its own. The ranks of one attempt see different windows
and outcomes, and the importer accepts an attempt number only once, so several ranks are first
merged into one file per attempt: `python3 ett_trace.py merge -o merged traces/*.ett.jsonl`
(window = union over ranks, outcome = the earliest fault of any rank). ETT_TRACE_RANKS=0 traces
rank 0 alone, which needs no merge. See README.md next to this file.
"""

from __future__ import annotations

import atexit
import json
import os
import re
import signal
import socket
import sys
import threading
import time

__all__ = [
    "CATEGORIES",
    "Checkpoint",
    "Fault",
    "Tracer",
    "current",
    "default_classify",
    "merge",
    "repair",
    "start",
]

__version__ = "1.0"

#: Phase categories of ett-trace v1 (spec section 3, "phase").
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
#: First segments a cause may have (spec section 3, "attempt").
CAUSE_CLASSES = ("infra", "preemption", "maintenance", "dependency", "user", "manual", "unknown")
OUTCOMES = ("completed", "failed", "preempted", "cancelled", "running")
SYMPTOMS = ("explicit", "hang", "degradation", "numeric")

kPageBytes = 4096  # write granularity that a killed process cannot tear (see the design note)
kSlotBytes = 1024  # size of the attempt slot, newline included
kDetailMaxChars = 400
kDefaultHeartbeatS = 30.0
kDefaultMergeGapS = 0.010  # same-name phases closer than this merge into one record

_PHASE_RE = re.compile(r"^([a-z_]+)(\.[^\s.][^\s]*)?$")


def _warn(message: str) -> None:
    try:
        sys.stderr.write("ett_trace: " + message + "\n")
        sys.stderr.flush()
    except Exception:  # stderr may be closed at exit; tracing must never raise into training
        pass


def _check_phase(phase: str) -> str:
    """Returns `phase` when it is `category` or `category.subcategory`; raises ValueError."""
    if not isinstance(phase, str):
        raise TypeError("ett_trace: phase must be a string, got %r" % (phase,))
    m = _PHASE_RE.match(phase)
    if not m or m.group(1) not in CATEGORIES or len(phase) > 200:
        raise ValueError(
            "ett_trace: phase %r: expected category or category.subcategory (200 characters at most), "
            "category one of %s" % (phase, ", ".join(CATEGORIES))
        )
    return phase


def _check_cause(cause):
    if cause is None or cause == "":
        return None
    if not isinstance(cause, str) or cause.split(".", 1)[0] not in CAUSE_CLASSES or " " in cause:
        raise ValueError(
            "ett_trace: cause %r: expected a dotted cause whose first segment is one of %s"
            % (cause, ", ".join(CAUSE_CLASSES))
        )
    return cause


def _env_int(name: str, default):
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    try:
        return int(value)
    except ValueError:
        _warn("ignoring %s=%r (not an integer)" % (name, value))
        return default


def _rfc3339(ns: int) -> str:
    secs, rem = divmod(ns, 1_000_000_000)
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(secs)) + ".%03dZ" % (rem // 1_000_000)


def _dumps(obj) -> str:
    # ASCII only: a character is a byte, which the slot arithmetic relies on.
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=True, allow_nan=False)


def _one_line(text: str, limit: int = kDetailMaxChars) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


class Fault(RuntimeError):
    """An exception that says why the attempt ends: raise it (or set `ett_cause` on any exception).

    `cause` is a dotted cause (`infra.gpu.hbm`, `preemption.spot`); `outcome` defaults to
    "preempted" for the preemption class, else "failed".
    """

    def __init__(self, cause: str, detail: str = "", *, symptom: str = "explicit", outcome=None):
        super().__init__(detail or cause)
        self.cause = _check_cause(cause)
        self.detail = detail
        self.symptom = symptom if symptom in SYMPTOMS else None
        if outcome is None:
            outcome = "preempted" if cause.startswith("preemption") else "failed"
        if outcome not in ("failed", "preempted", "cancelled"):
            raise ValueError("ett_trace: Fault outcome must be failed, preempted or cancelled")
        self.outcome = outcome


def default_classify(exc: BaseException):
    """Maps an exception that ended the attempt to (outcome, cause, symptom, detail).

    Fault and an `ett_cause` attribute say it explicitly; KeyboardInterrupt is a manual cancel;
    SystemExit(0) is a normal end; anything else is a failure of cause `unknown.exception`.
    Pass your own `classify=` to Tracer to map, for example, NCCL timeouts to `unknown.nccl`.
    """
    if isinstance(exc, Fault):
        return exc.outcome, exc.cause, exc.symptom, exc.detail or type(exc).__name__
    if isinstance(exc, SystemExit):
        if exc.code in (None, 0):
            return "completed", None, None, None
        return "failed", "unknown.exit", "explicit", "SystemExit(%r)" % (exc.code,)
    if isinstance(exc, KeyboardInterrupt):
        return "cancelled", "manual.keyboard_interrupt", None, "KeyboardInterrupt"
    detail = "%s: %s" % (type(exc).__name__, exc)
    cause = getattr(exc, "ett_cause", None)
    if cause:
        outcome = "preempted" if str(cause).startswith("preemption") else "failed"
        return outcome, cause, "explicit", detail
    return "failed", "unknown.exception", "explicit", detail


class _Clock:
    """Wall-clock nanoseconds that never go backwards inside the process.

    Anchored once to time.time_ns() and advanced by time.monotonic_ns(), so an NTP step during
    the run cannot make an end earlier than its start (an error in the format).
    """

    def __init__(self):
        self._wall = time.time_ns()
        self._mono = time.monotonic_ns()

    def now(self) -> int:
        return self._wall + (time.monotonic_ns() - self._mono)


class _Span:
    """A phase being timed: a context manager returned by Tracer.phase() and Tracer.step()."""

    __slots__ = ("_tracer", "phase", "name", "start")

    def __init__(self, tracer, phase, name):
        self._tracer = tracer
        self.phase = phase
        self.name = name
        self.start = None

    def __enter__(self):
        self._tracer._open(self)
        return self

    def __exit__(self, exc_type, exc, tb):
        self._tracer._close_span(self, exc)
        return False


class Checkpoint:
    """One checkpoint save: the context manager returned by Tracer.checkpoint_save().

    The `with` block is the blocking part (a `checkpoint_save` phase); the state is captured when
    it starts. By default the checkpoint is durable when the block ends. With
    `durable_later=True` call durable() (from any thread) when the write or upload is complete,
    or failed() when it never will be; the time in between is a `background.checkpoint_upload`
    phase. A checkpoint still pending when the tracer closes is recorded as failed.
    """

    def __init__(self, tracer, step, durable_later, name):
        self._tracer = tracer
        self.step = step
        self._durable_later = durable_later
        self._span = _Span(tracer, "checkpoint_save", None if name is None else _one_line(name, 1000))
        self.start_ns = None
        self.saved_ns = None
        self._done = False

    def __enter__(self):
        self._span.__enter__()
        self.start_ns = self._span.start
        return self

    def __exit__(self, exc_type, exc, tb):
        self._span.__exit__(exc_type, exc, tb)
        self.saved_ns = self._tracer.now_ns()
        if exc is not None:
            self._finish(failed=True)
        elif not self._durable_later:
            self._finish(failed=False, durable_ns=self.saved_ns)
        else:
            self._tracer._pending_checkpoints.add(self)
        return False

    def durable(self, when_ns=None):
        """Marks the checkpoint restorable now (or at `when_ns`, tracer clock)."""
        when = self._tracer.now_ns() if when_ns is None else int(when_ns)
        if self._durable_later and self.saved_ns is not None and when > self.saved_ns:
            self._tracer._add_piece("background.checkpoint_upload", "step %s" % self.step, self.saved_ns, when)
        self._finish(failed=False, durable_ns=when)

    def failed(self):
        """Marks the checkpoint as never restorable."""
        self._finish(failed=True)

    def _finish(self, failed, durable_ns=None):
        if self._done or self.start_ns is None:
            return
        self._done = True
        self._tracer._pending_checkpoints.discard(self)
        self._tracer.checkpoint(self.step, self.start_ns, None if failed else durable_ns, failed=failed)


class _Locked:
    """`with tracer._locked:` holds the tracer's lock and keeps track of who holds it."""

    __slots__ = ("_enter", "_exit")

    def __init__(self, enter, exit_):
        self._enter = enter
        self._exit = exit_

    def __enter__(self):
        self._enter()

    def __exit__(self, *exc):
        self._exit()
        return False


class _Null:
    """What a disabled tracer hands out: a context manager and checkpoint that do nothing."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def durable(self, when_ns=None):
        pass

    def failed(self):
        pass


_NULL = _Null()


class Tracer:
    """Writes one rank's ett-trace v1 file for one attempt of one job.

    Every argument left as None is taken from the environment:

    job          ETT_JOB_ID, else TORCHELASTIC_RUN_ID (torchrun --rdzv-id), else SLURM_JOB_ID, else
                 "<script>-<host>-<time>" (a warning: ranks would not agree on it)
    attempt      ETT_ATTEMPT, else TORCHELASTIC_RESTART_COUNT, else SLURM_RESTART_COUNT, else 0
    rank         RANK, else 0;  world_size: WORLD_SIZE, else 1
    gpus         GPUs of this attempt: ETT_GPUS, else world_size
    job_gpus     GPUs in the job record (must be the same in every attempt): ETT_JOB_GPUS, else gpus
    out_dir      ETT_TRACE_DIR, else "."   (or give the whole `path`)
    heartbeat_s  ETT_HEARTBEAT_S, else 30: how often records are written, the most a SIGKILL loses
                 (the first heartbeats come sooner: after 1, 2, 4 ... seconds)

    name, attrs: the job's name and drill-down attributes (string to string): the same in every
                 attempt and rank (a job record seen again must agree with the first).
    classify(exc) -> (outcome, cause, symptom, detail) or None: maps an exception that ends the
    attempt; None falls back to default_classify.
    handle_sigterm: on SIGTERM, record the attempt as failed (cause ETT_SIGTERM_CAUSE, else
    unknown.signal.sigterm; a preemption.* cause makes it preempted), then terminate as before.
    ETT_TRACE=0 disables everything (all calls become no-ops); ETT_TRACE_RANKS=0 (or a list such as
    0,8,16) traces those ranks only.

    Thread safe; calls made from a forked child process are ignored. Errors writing the file are
    reported once on stderr and turn the tracer off: tracing never raises into training, except
    ValueError for a bad phase name or cause (a bug in the calling script).
    """

    def __init__(
        self,
        job=None,
        attempt=None,
        rank=None,
        world_size=None,
        *,
        out_dir=None,
        path=None,
        gpus=None,
        job_gpus=None,
        name=None,
        attrs=None,
        heartbeat_s=None,
        merge_gap_s=kDefaultMergeGapS,
        classify=None,
        handle_sigterm=True,
        fsync=True,
    ):
        self.enabled = os.environ.get("ETT_TRACE", "1").strip().lower() not in ("0", "off", "false", "no")
        self.rank = int(rank) if rank is not None else _env_int("RANK", 0)
        self.world_size = int(world_size) if world_size is not None else _env_int("WORLD_SIZE", 1)
        ranks = os.environ.get("ETT_TRACE_RANKS", "all").strip().lower()
        if ranks not in ("", "all"):
            try:
                if self.rank not in {int(r) for r in ranks.split(",") if r.strip()}:
                    self.enabled = False
            except ValueError:
                _warn("ignoring ETT_TRACE_RANKS=%r (expected all or a list of ranks)" % ranks)
        self.attempt = int(attempt) if attempt is not None else self._attempt_from_env()
        self.job = str(job) if job is not None else self._job_from_env()
        self.gpus = int(gpus) if gpus is not None else _env_int("ETT_GPUS", max(1, self.world_size))
        self.job_gpus = int(job_gpus) if job_gpus is not None else _env_int("ETT_JOB_GPUS", self.gpus)
        self.name = name
        self.attrs = {str(k): str(v) for k, v in (attrs or {}).items()}
        if heartbeat_s is None:
            try:
                heartbeat_s = float(os.environ.get("ETT_HEARTBEAT_S", kDefaultHeartbeatS))
            except ValueError:
                heartbeat_s = kDefaultHeartbeatS
        self.heartbeat_s = max(0.001, float(heartbeat_s))
        self._merge_gap_ns = int(merge_gap_s * 1e9)
        self._classify = classify
        self._handle_sigterm = handle_sigterm
        self._fsync = fsync
        if not self.job or len(self.job) > 1000:
            raise ValueError("ett_trace: the job identifier must have 1 to 1000 characters")
        if self.attempt < 0 or self.rank < 0 or self.gpus < 1 or self.job_gpus < 1:
            raise ValueError("ett_trace: attempt and rank must be >= 0, gpus >= 1")
        if path is None:
            out_dir = out_dir if out_dir is not None else os.environ.get("ETT_TRACE_DIR", ".")
            safe_job = re.sub(r"[^A-Za-z0-9._-]+", "_", self.job)[:120]
            path = os.path.join(out_dir, "trace-%s-a%d-r%05d.ett.jsonl" % (safe_job, self.attempt, self.rank))
        self.path = str(path)
        self.last_step = None
        self.start_ns = None
        self.end_ns = None
        self.outcome = None

        self._clock = _Clock()
        self._lock = threading.RLock()
        self._depth = 0  # how deep the owner holds _lock
        self._owner = None  # thread ident holding _lock (for the SIGTERM handler)
        self._locked = _Locked(self._enter_lock, self._exit_lock)
        self._deferred_signal = None
        self._pid = os.getpid()
        self._fd = None
        self._size = 0
        self._slot_offset = None
        self._slot_bytes = kSlotBytes
        self._state = "new"  # new -> open -> closed
        self._open_spans = {}  # id(span) -> span
        self._pieces = []  # closed (phase, name, start, end) not yet written
        self._lines = []  # other records (checkpoints) not yet written
        self._pending_checkpoints = set()
        self._fault = None  # dict: time, outcome, cause, symptom, detail, exc, confirmed
        self._stop = threading.Event()
        self._thread = None
        self._prev_sigterm = None
        self._prev_excepthook = None

    # -- environment --------------------------------------------------------------------------

    @staticmethod
    def _attempt_from_env():
        for var in ("ETT_ATTEMPT", "TORCHELASTIC_RESTART_COUNT", "SLURM_RESTART_COUNT"):
            value = _env_int(var, None)
            if value is not None:
                return value
        return 0

    def _job_from_env(self):
        for var in ("ETT_JOB_ID", "TORCHELASTIC_RUN_ID", "SLURM_JOB_ID"):
            value = os.environ.get(var, "").strip()
            if value and value != "none":
                return value
        script = os.path.splitext(os.path.basename(sys.argv[0] or "python"))[0] or "python"
        job = "%s-%s-%s" % (script, socket.gethostname(), time.strftime("%Y%m%dT%H%M%S", time.gmtime()))
        if self.world_size > 1 and self.enabled:
            _warn("no ETT_JOB_ID: using %r; the ranks of one job must share one id (set ETT_JOB_ID)" % job)
        return job

    # -- life cycle -----------------------------------------------------------------------------

    def start(self):
        """Opens the file and starts the attempt now. Idempotent; returns self."""
        if not self.enabled or self._state != "new" or os.getpid() != self._pid:
            return self
        with self._locked:
            self.start_ns = self._clock.now()
            try:
                self._open_file()
            except OSError as e:
                _warn("cannot write %s (%s); tracing is off" % (self.path, e))
                self.enabled = False
                return self
            self._state = "open"
        atexit.register(self._at_exit)
        self._install_hooks()
        if hasattr(os, "register_at_fork"):
            os.register_at_fork(after_in_child=self._forked)
        self._thread = threading.Thread(target=self._heartbeat, name="ett-trace-heartbeat", daemon=True)
        self._thread.start()
        return self

    def close(self, outcome=None, cause=None, detail=None, symptom=None):
        """Ends the attempt now: writes everything and the final attempt record, closes the file.

        Without arguments the outcome is "completed", or what a recorded fault says (an exception
        seen by a phase, set_fault(), SIGTERM). Idempotent; later calls on the tracer do nothing.
        """
        if not self.enabled or self._state != "open" or os.getpid() != self._pid:
            return
        with self._locked:
            if self._state != "open":
                return
            if outcome is not None:
                if outcome not in OUTCOMES or outcome == "running":
                    raise ValueError("ett_trace: outcome must be completed, failed, preempted or cancelled")
                if outcome == "completed":
                    self._fault = None
                else:
                    self._note_fault(outcome, _check_cause(cause), symptom, detail, confirmed=True)
            end = self._clock.now()
            for ck in list(self._pending_checkpoints):
                ck.failed()
            final = {"outcome": "completed"}
            fault = self._fault
            if fault is not None and fault["confirmed"]:
                final = {"outcome": fault["outcome"]}
                if fault["outcome"] in ("failed", "preempted"):
                    final["interrupted_at"] = min(max(fault["time"], self.start_ns), end)
                for key in ("cause", "symptom", "detail"):
                    if fault[key]:
                        final[key] = fault[key]
            self._flush_locked(end, final)
            self.end_ns = end
            self.outcome = final["outcome"]
            self._state = "closed"
            self._stop.set()
            self._close_file()
        self._uninstall_hooks()

    def __enter__(self):
        return self.start()

    def __exit__(self, exc_type, exc, tb):
        if exc is not None:
            self._note_exception(exc, confirmed=True)
        self.close()
        return False

    def flush(self):
        """Writes everything recorded so far (the heartbeat does this on its own)."""
        if self._state != "open" or os.getpid() != self._pid:
            return
        with self._locked:
            if self._state == "open":
                self._flush_locked(self._clock.now(), None)

    # -- recording ------------------------------------------------------------------------------

    def now_ns(self) -> int:
        """The tracer's clock: nanoseconds since the Unix epoch, never going backwards."""
        return self._clock.now()

    def phase(self, phase: str, name=None):
        """A context manager timing one phase, e.g. phase("init.process_group_init").

        `phase` is category or category.subcategory (ValueError otherwise); `name` is free text.
        Phases may nest and overlap. An exception leaving the block marks the fault time.
        """
        _check_phase(phase)
        if not self.enabled:
            return _NULL
        # Short enough that every record fits in one page (see the design note).
        return _Span(self, phase, None if name is None else _one_line(name, 1000))

    def step(self, step=None):
        """A context manager for one training iteration: a `train` phase.

        Consecutive steps merge into one record; `step` (an int) is remembered for fault details.
        """
        if not self.enabled:
            return _NULL
        if step is not None:
            self.last_step = step
        return _Span(self, "train", None)

    def checkpoint_save(self, step, durable_later=False, name=None):
        """A context manager around the blocking part of a save; see Checkpoint."""
        if not self.enabled:
            return _NULL
        return Checkpoint(self, step, durable_later, name)

    def checkpoint(self, step, start_ns, durable_ns=None, failed=False):
        """Records a checkpoint taken at `start_ns` that became restorable at `durable_ns`.

        Times are nanoseconds since the Unix epoch (now_ns()). Rank 0 only: on other ranks this
        does nothing (a checkpoint is a property of the job, not of a rank; in a sharded save,
        call durable() on rank 0 after the ranks agree that every shard is written).
        """
        if not self.enabled or self.rank != 0 or os.getpid() != self._pid:
            return
        rec = {"type": "checkpoint", "job": self.job, "attempt": self.attempt}
        if step is not None:
            rec["step"] = int(step)
        rec["start"] = int(start_ns)
        if failed:
            rec["failed"] = True
        elif durable_ns is not None:
            rec["durable"] = max(int(durable_ns), int(start_ns))
        line = _dumps(rec)
        with self._locked:
            self._lines.append(line)

    def set_fault(self, cause, detail="", symptom="explicit", outcome=None):
        """Records that the attempt failed now (or was preempted, for a preemption.* cause).

        The attempt ends when the tracer closes; the time in between counts as recovery.
        """
        _check_cause(cause)
        if outcome is None:
            outcome = "preempted" if cause.startswith("preemption") else "failed"
        self._note_fault(outcome, cause, symptom, detail, confirmed=True)

    # -- internals: spans -------------------------------------------------------------------

    def _open(self, span):
        if self._state == "new":
            self.start()
        span.start = self._clock.now()
        if self._state != "open" or os.getpid() != self._pid:
            return
        with self._locked:
            self._open_spans[id(span)] = span

    def _close_span(self, span, exc):
        end = self._clock.now()
        if exc is not None:
            self._note_exception(exc, when=end)
        if self._state != "open" or os.getpid() != self._pid:
            return
        with self._locked:
            if self._open_spans.pop(id(span), None) is not None and end > span.start:
                self._pieces.append((span.phase, span.name, span.start, end))

    def _add_piece(self, phase, name, start, end):
        if self._state != "open" or os.getpid() != self._pid or end <= start:
            return
        with self._locked:
            self._pieces.append((phase, name, max(start, self.start_ns), end))

    def _note_exception(self, exc, when=None, confirmed=False):
        """Records an exception as the fault, tentatively when only a phase has seen it.

        The first phase that sees an exception dates the fault. It becomes the attempt's end
        cause only when it also ends the run (it reaches the tracer's __exit__ or sys.excepthook):
        an exception that the script catches and survives is forgotten.
        """
        fault = self._fault
        if fault is not None and fault["exc"] is exc:
            fault["confirmed"] = fault["confirmed"] or confirmed
            return
        if fault is not None and fault["confirmed"]:
            return  # set_fault() or SIGTERM came first: that is the cause
        try:
            result = self._classify(exc) if self._classify is not None else None
            if result is None:
                result = default_classify(exc)
            outcome, cause, symptom, detail = result
            cause = _check_cause(cause)
        except Exception as e:  # a broken classifier must not hide the real exception
            _warn("classify() failed (%s); using default_classify" % e)
            outcome, cause, symptom, detail = default_classify(exc)
        if outcome == "completed":
            return
        if detail and self.last_step is not None and outcome == "failed":
            detail = "%s (last step %s)" % (detail, self.last_step)
        self._note_fault(outcome, cause, symptom, detail, when=when, exc=exc, confirmed=confirmed)

    def _note_fault(self, outcome, cause, symptom, detail, when=None, exc=None, confirmed=True):
        if outcome not in ("failed", "preempted", "cancelled"):
            outcome = "failed"
        self._fault = {
            "time": self._clock.now() if when is None else when,
            "outcome": outcome,
            "cause": (cause or "")[:160] or None,
            "symptom": symptom if symptom in SYMPTOMS else None,
            "detail": _one_line(detail) if detail else None,
            "exc": exc,
            "confirmed": confirmed,
        }

    # -- internals: writing ---------------------------------------------------------------------

    def _enter_lock(self):
        self._lock.acquire()
        self._depth += 1
        self._owner = threading.get_ident()

    def _exit_lock(self):
        # Only the owner changes _depth (the lock is reentrant for it alone).
        self._depth -= 1
        if self._depth == 0:
            self._owner = None
        self._lock.release()
        sig = self._deferred_signal
        if sig is not None and self._depth == 0 and threading.current_thread() is threading.main_thread():
            self._deferred_signal = None
            self._die_by(sig)

    def _open_file(self):
        directory = os.path.dirname(self.path)
        if directory:
            os.makedirs(directory, exist_ok=True)
        base, n = self.path, 1
        while True:
            try:
                self._fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
                break
            except FileExistsError:
                # Never append to or clobber another run's trace.
                stem = base[: -len(".ett.jsonl")] if base.endswith(".ett.jsonl") else base
                self.path = "%s.%d.ett.jsonl" % (stem, n)
                n += 1
        if self.path != base:
            _warn("%s exists; writing %s instead" % (base, self.path))
        header = {
            "type": "header",
            "format": "ett-trace",
            "version": 1,
            "time_unit": "ns",
            "source": "ett_trace.py %s (python %d.%d, host %s, pid %d, rank %d of %d)"
            % (
                __version__,
                sys.version_info[0],
                sys.version_info[1],
                socket.gethostname(),
                self._pid,
                self.rank,
                self.world_size,
            ),
            "created": _rfc3339(self.start_ns),
        }
        job = {"type": "job", "job": self.job}
        if self.name:
            job["name"] = str(self.name)
        job["gpus"] = self.job_gpus
        if self.attrs:
            job["attrs"] = self.attrs
        block = self._layout([_dumps(header), _dumps(job)])
        # The slot must not cross a page boundary: a blank line moves it to the next page.
        fixed = len(self._attempt_line(self.start_ns, {"outcome": "running"}, pad=False))
        self._slot_bytes = max(kSlotBytes, fixed + 1 + kDetailMaxChars + 200)
        if self._slot_bytes > kPageBytes:
            raise ValueError("ett_trace: job identifier too long")
        room = kPageBytes - (self._size + len(block)) % kPageBytes
        if room < self._slot_bytes:
            block += b" " * (room - 1) + b"\n"
        self._slot_offset = self._size + len(block)
        block += self._attempt_line(self.start_ns, {"outcome": "running"})
        self._write_at(block, self._size)
        self._size += len(block)

    def _attempt_line(self, end_ns, final, pad=True) -> bytes:
        rec = {
            "type": "attempt",
            "job": self.job,
            "attempt": self.attempt,
            "start": self.start_ns,
            "end": end_ns,
            "gpus": self.gpus,
        }
        rec.update(final)
        text = _dumps(rec)
        if not pad:
            return text.encode("ascii")
        room = self._slot_bytes - 1
        if len(text) > room and "detail" in rec:
            rec["detail"] = rec["detail"][: max(0, len(rec["detail"]) - (len(text) - room) - 3)] + "..."
            text = _dumps(rec)
        for optional in ("detail", "symptom", "cause"):  # escapes can still make it too long
            if len(text) > room:
                rec.pop(optional, None)
                text = _dumps(rec)
        # JSON allows whitespace before the closing brace: the line keeps its size.
        return (text[:-1] + " " * (room - len(text)) + "}\n").encode("ascii")

    def _layout(self, lines) -> bytes:
        """Encodes records as lines so that none crosses a page boundary (a blank line pads)."""
        out = bytearray()
        size = self._size
        for line in lines:
            b = line.encode("ascii") + b"\n"
            used = (size + len(out)) % kPageBytes
            if len(b) <= kPageBytes and used + len(b) > kPageBytes:
                out += b" " * (kPageBytes - used - 1) + b"\n"
            out += b
        return bytes(out)

    def _write_at(self, data: bytes, offset: int):
        view = memoryview(data)
        while view:
            n = os.pwrite(self._fd, view, offset)
            view = view[n:]
            offset += n

    def _merged_pieces(self, t):
        """Closed pieces plus the part [start, t) of open spans, same-name neighbours merged."""
        pieces = self._pieces
        self._pieces = []
        for span in self._open_spans.values():
            if t > span.start:
                pieces.append((span.phase, span.name, span.start, t))
                span.start = t
        pieces.sort(key=lambda p: (p[0], p[1] or "", p[2]))
        merged = []
        for p in pieces:
            if merged:
                q = merged[-1]
                if q[0] == p[0] and q[1] == p[1] and p[2] - q[3] <= self._merge_gap_ns:
                    merged[-1] = (q[0], q[1], q[2], max(q[3], p[3]))
                    continue
            merged.append(p)
        merged.sort(key=lambda p: (p[2], p[3]))
        return merged

    def _flush_locked(self, t, final):
        """Writes the attempt slot (end t) and then every record up to t. Holds the lock."""
        if self._fd is None:
            return
        try:
            self._write_at(self._attempt_line(t, final or {"outcome": "running"}), self._slot_offset)
            lines = []
            for phase, name, start, end in self._merged_pieces(t):
                rec = {
                    "type": "phase",
                    "job": self.job,
                    "attempt": self.attempt,
                    "phase": phase,
                    "start": start,
                    "end": end,
                }
                if self.world_size > 1:
                    rec["rank"] = self.rank
                if name:
                    rec["name"] = name
                line = _dumps(rec)
                if len(line) >= kPageBytes:  # escapes (\uXXXX) can make a name long: cut it
                    rec["name"] = name[:200] + "..."
                    line = _dumps(rec)
                lines.append(line)
            lines.extend(self._lines)
            self._lines = []
            if lines:
                block = self._layout(lines)
                self._write_at(block, self._size)
                self._size += len(block)
        except OSError as e:
            _warn("writing %s failed (%s); tracing is off" % (self.path, e))
            self._state = "closed"
            self._close_file()

    def _close_file(self):
        fd, self._fd = self._fd, None
        if fd is None:
            return
        try:
            if self._fsync:
                os.fsync(fd)
        except OSError:
            pass
        try:
            os.close(fd)
        except OSError:
            pass

    def _heartbeat(self):
        # 1 s, 2 s, 4 s ... up to heartbeat_s: a crash early in the run (init is where many
        # happen) still leaves a detailed trace, and a long run writes rarely.
        wait = min(1.0, self.heartbeat_s)
        while not self._stop.wait(wait):
            wait = min(wait * 2, self.heartbeat_s)
            if self._state != "open":
                return
            self.flush()
            fd = self._fd
            if self._fsync and fd is not None:
                try:
                    os.fsync(fd)  # outside the lock: training never waits for the disk
                except OSError:
                    pass

    # -- internals: process hooks ---------------------------------------------------------------

    def _install_hooks(self):
        self._prev_excepthook = sys.excepthook
        sys.excepthook = self._excepthook
        if not self._handle_sigterm or threading.current_thread() is not threading.main_thread():
            return
        try:
            prev = signal.getsignal(signal.SIGTERM)
            if prev is signal.SIG_IGN or prev is None:
                return  # ignored, or a handler installed outside Python: leave it alone
            self._prev_sigterm = prev
            signal.signal(signal.SIGTERM, self._on_sigterm)
        except (ValueError, OSError):
            self._prev_sigterm = None

    def _uninstall_hooks(self):
        if os.getpid() != self._pid:
            return
        try:
            atexit.unregister(self._at_exit)
        except Exception:
            pass
        if self._prev_sigterm is not None and threading.current_thread() is threading.main_thread():
            try:
                if signal.getsignal(signal.SIGTERM) == self._on_sigterm:
                    signal.signal(signal.SIGTERM, self._prev_sigterm)
            except (ValueError, OSError):
                pass
        # sys.excepthook stays chained (another library may have wrapped it); it is inert now.

    def _excepthook(self, exc_type, exc, tb):
        if self._state == "open" and os.getpid() == self._pid:
            self._note_exception(exc, confirmed=True)
        prev = self._prev_excepthook or sys.__excepthook__
        prev(exc_type, exc, tb)

    def _at_exit(self):
        self.close()

    def _forked(self):
        # A forked child (a DataLoader worker) shares the file descriptor: it must never write.
        self.enabled = False
        self._state = "closed"
        self._fd = None

    def _on_sigterm(self, signum, frame):
        if self._state == "open" and os.getpid() == self._pid:
            cause = os.environ.get("ETT_SIGTERM_CAUSE", "").strip() or "unknown.signal.sigterm"
            try:
                _check_cause(cause)
            except ValueError:
                cause = "unknown.signal.sigterm"
            outcome = "preempted" if cause.startswith("preemption") else "failed"
            if self._fault is None or not self._fault["confirmed"]:
                self._note_fault(outcome, cause, "explicit", "SIGTERM received")
        prev = self._prev_sigterm
        if callable(prev):
            return prev(signum, frame)  # the script handles SIGTERM; close() comes at its exit
        if self._owner == threading.get_ident():
            self._deferred_signal = signum  # interrupted inside a flush: finish it first
            return None
        self._die_by(signum)
        return None

    def _die_by(self, signum):
        """Closes the trace, then lets the signal do what it did before (terminate)."""
        self.close()
        try:
            signal.signal(signum, signal.SIG_DFL)
        except (ValueError, OSError):
            pass
        os.kill(os.getpid(), signum)


# -- module-level convenience ----------------------------------------------------------------

_current = None
_NULL_TRACER = None


def start(**kwargs) -> Tracer:
    """Creates and starts the process's tracer (closed at exit), and returns it."""
    global _current
    _current = Tracer(**kwargs).start()
    return _current


def current() -> Tracer:
    """The tracer made by start(), or a disabled one, so that libraries can call it freely."""
    global _NULL_TRACER
    if _current is not None:
        return _current
    if _NULL_TRACER is None:
        t = Tracer(job="none")
        t.enabled = False
        _NULL_TRACER = t
    return _NULL_TRACER


def repair(path: str) -> int:
    """Cuts a damaged tail (a torn last line, NUL bytes after a machine crash) off a trace.

    Returns the number of bytes removed. Only the tail is repaired: a bad line followed by
    good ones raises ValueError (that is not crash damage).
    """
    with open(path, "rb") as f:
        data = f.read()
    good_end = 0
    pos = 0
    bad_at = None
    for raw in data.splitlines(keepends=True):
        line = raw.strip(b" \t\r\n")
        ok = True
        if line:
            try:
                ok = isinstance(json.loads(line.decode("utf-8")), dict) and raw.endswith(b"\n")
            except (ValueError, UnicodeDecodeError):
                ok = False
        pos += len(raw)
        if ok and bad_at is None:
            good_end = pos
        elif not ok and bad_at is None:
            bad_at = pos - len(raw)
        elif ok and line:
            raise ValueError("%s: a damaged line at byte %d is followed by good ones" % (path, bad_at))
    removed = len(data) - good_end
    if removed:
        with open(path, "r+b") as f:
            f.truncate(good_end)
    return removed


def _read_records(path):
    records = []
    with open(path, "rb") as f:
        for number, raw in enumerate(f, 1):
            if not raw.strip():
                continue
            try:
                rec = json.loads(raw.decode("utf-8"))
            except (ValueError, UnicodeDecodeError):
                raise ValueError("%s:%d: not a JSON record (a torn tail? see `repair`)" % (path, number))
            if not isinstance(rec, dict):
                raise ValueError("%s:%d: not a JSON object" % (path, number))
            records.append(rec)
    if not records or records[0].get("type") != "header" or records[0].get("time_unit") != "ns":
        raise ValueError("%s: not written by ett_trace.py (no header with time_unit ns)" % path)
    attempts = [r for r in records if r.get("type") == "attempt"]
    if len(attempts) != 1:
        raise ValueError("%s: %d attempt records, expected one" % (path, len(attempts)))
    return records


def _merged_attempt(ranks):
    """The attempt of several ranks: window = union; outcome = the earliest fault of any rank.

    `ranks` is a list of (rank label, attempt record). A rank still "running" while another
    finished ended early (killed: its file stops at its last heartbeat): that counts as a fault
    at its end. All ranks "running" stay running (the trace was taken while the job ran).
    """
    attempts = [a for _, a in ranks]
    start = min(a["start"] for a in attempts)
    end = max(a["end"] for a in attempts)
    merged = {"type": "attempt", "job": attempts[0]["job"], "attempt": attempts[0]["attempt"], "start": start}
    merged["end"] = end
    merged["gpus"] = max(a.get("gpus", 1) for a in attempts)
    outcomes = [a.get("outcome", "completed") for a in attempts]
    faults = []
    for label, a in ranks:
        outcome = a.get("outcome", "completed")
        if outcome in ("failed", "preempted"):
            detail = a.get("detail", "")
            faults.append(
                (
                    a.get("interrupted_at", a["end"]),
                    outcome,
                    a.get("cause"),
                    a.get("symptom"),
                    ("%s (rank %s)" % (detail, label)).strip(),
                )
            )
        elif outcome == "running" and any(o != "running" for o in outcomes):
            faults.append(
                (
                    a["end"],
                    "failed",
                    "unknown.rank_stopped",
                    None,
                    "rank %s stopped writing (killed?); its trace ends at its last heartbeat" % label,
                )
            )
    if faults:
        t, outcome, cause, symptom, detail = min(faults, key=lambda f: f[0])
        merged["outcome"] = outcome
        merged["interrupted_at"] = t
        for key, value in (("cause", cause), ("symptom", symptom), ("detail", _one_line(detail))):
            if value:
                merged[key] = value
    elif "cancelled" in outcomes:
        merged["outcome"] = "cancelled"
    elif all(o == "running" for o in outcomes):
        merged["outcome"] = "running"
    else:
        merged["outcome"] = "completed"
    return merged


def merge(paths, out_dir):
    """Merges rank files of ett_trace.py into one trace per (job, attempt) in `out_dir`.

    The attempt window is the union of the ranks' windows (so no phase falls outside it), the
    outcome the earliest fault of any rank (see _merged_attempt); phases keep their ranks.
    Returns the paths written (`trace-<job>-a<attempt>.ett.jsonl`). Raises ValueError when a
    file is not an ett_trace.py file or the job records of one job disagree.
    """
    groups = {}
    for path in paths:
        records = _read_records(path)
        attempt = next(r for r in records if r.get("type") == "attempt")
        key = (attempt["job"], attempt["attempt"])
        groups.setdefault(key, []).append((path, records))
    os.makedirs(out_dir, exist_ok=True)
    written = []
    for (job, number), files in sorted(groups.items()):
        job_record = None
        ranks = []
        body = []
        seen = set()
        for path, records in files:
            phase_ranks = {r.get("rank") for r in records if r.get("type") == "phase"} - {None}
            label = ",".join(str(r) for r in sorted(phase_ranks)) or os.path.basename(path)
            for rec in records:
                kind = rec.get("type")
                if kind == "job":
                    if job_record is None:
                        job_record = rec
                    elif rec != job_record:
                        raise ValueError("%s: the job record differs from the other ranks' (%s)" % (path, _dumps(rec)))
                elif kind == "attempt":
                    ranks.append((label, rec))
                elif kind in ("phase", "checkpoint"):
                    line = _dumps(rec)
                    if kind == "phase" or line not in seen:
                        seen.add(line)
                        body.append((rec["start"], line))
        header = {
            "type": "header",
            "format": "ett-trace",
            "version": 1,
            "time_unit": "ns",
            "source": "ett_trace.py %s merge of %d rank files" % (__version__, len(files)),
            "created": _rfc3339(time.time_ns()),
        }
        lines = [_dumps(header)]
        if job_record is not None:
            lines.append(_dumps(job_record))
        lines.append(_dumps(_merged_attempt(ranks)))
        lines.extend(line for _, line in sorted(body, key=lambda b: b[0]))
        safe_job = re.sub(r"[^A-Za-z0-9._-]+", "_", job)[:120]
        out = os.path.join(out_dir, "trace-%s-a%d.ett.jsonl" % (safe_job, number))
        tmp = out + ".tmp"
        with open(tmp, "w", encoding="ascii") as f:
            f.write("\n".join(lines) + "\n")
        os.replace(tmp, out)
        written.append(out)
    return written


def _main(argv):
    import argparse

    parser = argparse.ArgumentParser(prog="ett_trace.py", description="Tools for ett_trace files.")
    sub = parser.add_subparsers(dest="cmd", required=True)
    rep = sub.add_parser("repair", help="cut a damaged tail off trace files (after a machine crash)")
    rep.add_argument("files", nargs="+")
    mrg = sub.add_parser("merge", help="merge the rank files of each attempt into one trace per attempt")
    mrg.add_argument("-o", "--out", required=True, help="output directory")
    mrg.add_argument("files", nargs="+")
    args = parser.parse_args(argv)
    status = 0
    if args.cmd == "merge":
        try:
            for path in merge(args.files, args.out):
                print(path)
        except (OSError, ValueError) as e:
            print("ett_trace.py merge: %s" % e, file=sys.stderr)
            return 1
        return 0
    for path in args.files:
        try:
            n = repair(path)
            print("%s: %s" % (path, "removed %d bytes of damaged tail" % n if n else "intact"))
        except (OSError, ValueError) as e:
            print("%s: %s" % (path, e), file=sys.stderr)
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
