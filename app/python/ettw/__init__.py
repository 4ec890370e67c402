"""ETT Workbench in Python: the figures of `ettw`, as pandas DataFrames.

Open a workbench database (or a fleet store) and ask it the questions the `ettw` command line
answers; every figure comes from the same service as the CLI's, number for number. Results are
DataFrames whose column names are the CLI JSON's field names (nested objects flattened with a dot:
``buckets_gpu_s.init``). Types:

* instants are ``datetime64[ns, UTC]`` (a JSON field ``start_s`` of epoch seconds is the column
  ``start``);
* one job's or attempt's durations are ``timedelta64[ns]``;
* sums over many jobs (``e2e_s``, ``e2e_gpu_s``, ``buckets_s.*``, ``buckets_gpu_s.*``) are exact
  decimal seconds (``decimal.Decimal``): GPU-weighted sums of a fleet do not fit 64-bit
  nanoseconds and are never rounded;
* percentages (``ett_percent_gpu``, ``ett_percent_time``) and GPU-hours are floats, NaN where
  the CLI writes null; buckets, labels and outcomes are categories.

Example::

    >>> import ettw
    >>> ws = ettw.open("build/sample.db")
    >>> ws.summary(by="team")[["jobs", "ett_percent_gpu", "lost_gpu_hours"]]

Errors are ``ettw.Error`` with the CLI's message. Ctrl+C interrupts any call
(``KeyboardInterrupt``): a query stops where it is and the database is left as it was; an import
rolls back the file being imported.
"""

import datetime as _dt
import numbers as _numbers

from . import _ettw
from ._frames import frame as _frame, exact_seconds, timestamp as _timestamp, timedelta as _timedelta
from . import _progress

Error = _ettw.Error

__all__ = ["open", "open_store", "Workspace", "Job", "Comparison", "WhatIf", "ImportResult", "Error", "exact_seconds"]
__version__ = _ettw.version()


def open(path, create=False):  # noqa: A001 (the module's verb, as ettw.open reads)
    """Open a workbench database and return its Workspace.

    path: the SQLite file ``ettw import`` writes. create: make an empty database when the file does
    not exist (to import into it); otherwise a missing or foreign file raises ettw.Error and
    nothing is created.

    Example::

        >>> ws = ettw.open("fleet.db")
        >>> ws.labels
        ['after', 'before']
    """
    return Workspace(_ettw.open_local(str(path), bool(create)))


def open_store(url, timeout_s=300.0):
    """Open a fleet store (a ClickHouse cluster) and return its Workspace.

    url: ``clickhouse://USER:PASSWORD@HOST:PORT/DATABASE?cluster=NAME`` as ``ettw --store`` takes it
    (the password may come from the environment or a file, as for the CLI). Queries run where the
    data lives. Raises ettw.Error when the URL is wrong or the store does not answer.

    Example::

        >>> ws = ettw.open_store("clickhouse://reader:secret@ch1:8123/ett?cluster=fleet")
        >>> ws.summary(by="label")
    """
    return Workspace(_ettw.open_store(str(url), float(timeout_s)))


def _time_ns(value, name):
    """Nanoseconds since the epoch of a datetime (naive: UTC), a pandas Timestamp, epoch seconds or a
    string the CLI's --from / --to take (RFC 3339 or epoch seconds)."""
    if value is None:
        return None
    if isinstance(value, _dt.datetime):
        if value.tzinfo is None:
            value = value.replace(tzinfo=_dt.timezone.utc)
        delta = value - _dt.datetime(1970, 1, 1, tzinfo=_dt.timezone.utc)
        return (delta.days * 86_400 + delta.seconds) * 1_000_000_000 + delta.microseconds * 1_000 + \
            getattr(value, "nanosecond", 0)
    if isinstance(value, _dt.date):
        return _time_ns(_dt.datetime(value.year, value.month, value.day), name)
    if isinstance(value, _numbers.Integral):
        return int(value) * 1_000_000_000
    ns = _ettw.parse_time(str(value))
    if ns is None:
        raise Error(f"{name}: expected an RFC 3339 time (2025-06-01T00:00:00Z) or epoch seconds, got '{value}'")
    return ns


def _excluded(value):
    """Excluded windows (spec 7.4) as (start, end) nanosecond pairs: from a string as the CLI's
    ``--exclude`` reads it (windows inline, START/END separated by commas, or the path of a JSON or
    CSV file), or from (start, end) pairs of times as start= and end= take them."""
    if value is None:
        return []
    if isinstance(value, (str, bytes)) or hasattr(value, "__fspath__"):
        import os
        return _ettw.exclude_file(os.fsdecode(value))
    pairs = []
    for i, pair in enumerate(value):
        try:
            start, end = pair
        except (TypeError, ValueError):
            raise Error(f"exclude: expected a file path or (start, end) pairs, got {pair!r} at [{i}]") from None
        pairs.append((_time_ns(start, f"exclude[{i}] start"), _time_ns(end, f"exclude[{i}] end")))
    return pairs


def _duration_text(value):
    """A duration as the CLI's --rolling / --step take it: a string ("1d"), or a timedelta."""
    if value is None:
        return ""
    if isinstance(value, _dt.timedelta):
        return f"{int(value / _dt.timedelta(microseconds=1)) * 1000}ns"
    if hasattr(value, "value") and hasattr(value, "to_pytimedelta"):  # pandas Timedelta
        return f"{int(value.value)}ns"
    return str(value)


class Workspace:
    """An open database or fleet store. Every query takes the same scope keywords:

    label: only jobs of this dataset label (an unknown one raises ettw.Error listing the labels).
    attrs: ``{"team": "ads"}`` or ``{"team": ["ads", "search"]}``: jobs with any of the values.
    start, end: a range (datetime, pandas Timestamp, epoch seconds, or an RFC 3339 string):
        figures are clipped to it, as ``--from`` / ``--to`` clip them.
    count_queue: count the wait before a job's first attempt as queue (spec 5.6).
    scope: a cohort spec as ``--scope`` takes it (``"team=ads|search,gpus>=8"``), which causes,
        intervals and hosts take on the command line; every query takes it, and label=, attrs=,
        start= and end= given beside it replace its terms.
    exclude: excluded windows (spec 7.4), where the CLI command takes ``--exclude FILE`` (summary,
        series, jobs, job, intervals, compare, advise, whatif, report): the path of such a file (JSON or CSV), or
        a list of (start, end) pairs of times. Their time leaves E2E and the buckets; the figures
        gain the CLI's columns excluded_s, excluded_gpu_s, excluded_buckets_s.* and
        excluded_buckets_gpu_s.* (jobs(): excluded_s).

    Ctrl+C during any call raises KeyboardInterrupt: the call stops (its loads and a store's
    request are cancelled) and the database is as it was.
    """

    def __init__(self, handle):
        self._h = handle

    # --- what it is -------------------------------------------------------------------------------

    @property
    def location(self):
        """The database path, or the store's URL with its password masked."""
        return self._h.location

    @property
    def loaded(self):
        """What the workspace holds in memory now, without loading anything: None (nothing yet, or a
        fleet store), else a dict: label (the one label loaded, as a query's label= loads it; None:
        every label), detail ("lean": roll-ups only, "segments", "phases") and jobs."""
        return self._h.loaded

    def info(self):
        """A dict: location, store (bool), backend, labels, attributes (key -> values), jobs,
        attempts, first and last (UTC Timestamps of the earliest attempt start and latest end)."""
        d = _ettw.describe(self._h)
        d["first"] = _timestamp(d["first"]) if d["jobs"] else None
        d["last"] = _timestamp(d["last"]) if d["jobs"] else None
        return d

    @property
    def labels(self):
        """The dataset labels, sorted."""
        return self.info()["labels"]

    @property
    def attributes(self):
        """Attribute keys with their values, sorted: ``{"team": ["ads", "search"], ...}``."""
        return self.info()["attributes"]

    def __repr__(self):
        d = self.info()
        return (f"<ettw.Workspace {d['location']}: {d['jobs']:,} jobs, {d['attempts']:,} attempts, "
                f"labels {d['labels']}, computed on {d['backend']}>")

    def _repr_html_(self):
        import html
        d = self.info()
        rows = [("location", d["location"]), ("jobs", f"{d['jobs']:,}"), ("attempts", f"{d['attempts']:,}"),
                ("labels", ", ".join(d["labels"])),
                ("attributes", "; ".join(f"{k} ({len(v)})" for k, v in d["attributes"].items())),
                ("time", f"{d['first']} to {d['last']}" if d["jobs"] else "no attempts"),
                ("backend", d["backend"])]
        body = "".join(f"<tr><th style='text-align:left'>{html.escape(k)}</th><td style='text-align:left'>"
                       f"{html.escape(str(v))}</td></tr>" for k, v in rows)
        return f"<table><caption>ETT Workbench {'fleet store' if d['store'] else 'database'}</caption>{body}</table>"

    # --- import -------------------------------------------------------------------------------------

    def import_files(self, paths, label="default", progress=None, update=False, format=None, mapping=None,
                     job=None, attempt=None, rank=None, timezone=None, year=None, gpus_per_node=None,
                     read_again=False):
        """Import trace files (any format ``ettw import`` reads; folders are walked) under `label`.

        format, mapping, job, attempt, rank, timezone, year, gpus_per_node: the options of ``ettw
        import`` (None: not given), checked as it checks them before any file is read (an
        ettw.Error naming the option). The database keeps them with each file (``datasets()``'s
        read_with), and a file read again later is read with them.

        Each file is stored in one transaction: a file that fails leaves nothing, the others go on.
        update: a file imported before under `label` (from its path, or another path to it) whose
        content changed since replaces its earlier records (``ettw import --update``; the files
        frame's `replaced` and `stored_as` say so); without it, its records are added to them.
        read_again: as update, and a file imported before from its path is read again also when its
        content did not change, with the options given (``ettw import --read-again``: a log imported
        with the wrong timezone). The issues frame says read_with_other_options when they differ.
        progress: None shows a bar in a notebook or on a terminal, False none, True always, or a
        callable given a dict (file, file_index, file_count, stage, records, bytes_done,
        bytes_total, eta_s). Ctrl+C rolls the current file back, skips the rest and raises
        KeyboardInterrupt. Returns an ImportResult (files and the readers' issues as frames).

        Example::

            >>> ws = ettw.open("new.db", create=True)
            >>> r = ws.import_files(["traces/run1.ett.jsonl.gz"], label="before")
            >>> r.files[["path", "outcome", "jobs"]]
        """
        if isinstance(paths, (str, bytes)) or hasattr(paths, "__fspath__"):
            paths = [paths]
        sink, bar = _progress.make(progress)
        try:
            options = {"format": format, "mapping": None if mapping is None else str(mapping), "job": job,
                       "attempt": attempt, "rank": rank, "timezone": timezone, "year": year,
                       "gpus_per_node": gpus_per_node}
            d = _ettw.import_files(self._h, [str(p) for p in paths], str(label), bool(update), bool(read_again), sink,
                                   options)
        finally:
            if bar is not None:
                bar.close()
        return ImportResult(d)

    def datasets(self):
        """The imported files, as ``ettw datasets`` lists them: a DataFrame with id, label, file,
        format, imported_at, bytes, records, issues, sha256 and read_with (the options each file was
        imported with, as ``ettw import`` flags: "" the defaults, "(not known)" for a file imported
        before the database kept them).

        Example::

            >>> ws.datasets()[["label", "file", "read_with"]]
        """
        return _frame(_ettw.datasets(self._h))

    def remove_file(self, path, label=None):
        """Remove one imported file from the database, as if it had never been imported
        (``ettw datasets --remove-file``): its records go in one transaction and the jobs it
        touched are attributed again; a console log's other runs whose attempt changes without it,
        and a file left holding a job it declared, are read again from their files.

        path: as ``ettw datasets`` lists it, or another path to the same file. label: the label to
        remove it from (needed when several store it). Returns a dict: removed_file, label,
        imports, attempts, phases, checkpoints, jobs_removed, unchained and undeclared_jobs (what
        could not be made as an import without the file would, each named), read_again (a list of
        dicts: path, stored, why), read_with (the options it was imported with, as a dict of the
        import's option names, for importing it again; None when not known: imported before
        databases kept them, schema 6). The files read again are read with the options they were imported with.
        Raises ettw.Error, nothing removed, when no such file is stored.

        Example::

            >>> ws.remove_file("runs/run28/run.log")["read_again"]
        """
        return _ettw.remove_file(self._h, str(path), "" if label is None else str(label))

    # --- queries ------------------------------------------------------------------------------------

    def _scope(self, label=None, attrs=None, start=None, end=None, count_queue=False, exclude=None, scope=None):
        s = _ettw.Scope()
        s.spec = "" if scope is None else str(scope)
        s.label = label
        pairs = []
        for key, values in (attrs or {}).items():
            pairs.append((str(key), [values] if isinstance(values, str) else [str(v) for v in values]))
        s.attrs = pairs
        s.from_ns = _time_ns(start, "start")
        s.to_ns = _time_ns(end, "end")
        if s.from_ns is not None and s.to_ns is not None and s.to_ns < s.from_ns:
            raise Error(f"end ({end}) is before start ({start})")
        s.count_queue = bool(count_queue)
        s.excluded = _excluded(exclude)
        return s

    @staticmethod
    def _without_exclude(what, scope):
        """The scope of a query whose CLI command takes no --exclude."""
        if scope.get("exclude") is not None:
            raise Error(f"{what} takes no exclude (ettw {what} has no --exclude)")
        scope.pop("exclude", None)
        return scope

    def summary(self, by=None, total=False, **scope):
        """Fleet ETT% and where the time went, as ``ettw summary [--by BY] --format json``.

        Returns a DataFrame: without `by`, one row ``(fleet)``; with `by` (an attribute, "label" or
        "job"), one row per group indexed by the group's name (with total=True the ``(fleet)`` row
        first, as the CLI's CSV). Columns: jobs, attempts, e2e_s, e2e_gpu_s, buckets_s.*,
        buckets_gpu_s.* (exact seconds), ett_percent_gpu, ett_percent_time, lost_gpu_hours,
        tts_s.p50/p90/p99/count and the same for ttr_s, ttr_detect_s, ttr_restart_s,
        ttr_startup_s (timedelta), failures, preemptions, other_interruptions,
        no_checkpoint_data_jobs.

        Example::

            >>> ws.summary(by="team", label="sample")[["ett_percent_gpu", "lost_gpu_hours"]]
        """
        d = _ettw.summary(self._h, self._scope(**scope), by)
        fleet = _frame(d["fleet"])
        fleet.index = ["(fleet)"]
        if by is None:
            fleet.index.name = "group"
            return fleet
        groups = _frame(d["groups"], index=by)
        if total:
            import pandas as pd
            fleet.index.name = by
            return pd.concat([fleet, groups])
        return groups

    def series(self, every="day", rolling=None, step=None, job=None, **scope):
        """ETT% and the buckets over time, as ``ettw series``.

        every: "hour", "day" or "week" (UTC; weeks start on Monday): one row per calendar bucket,
        columns start, end (datetime) and the figures of summary(). rolling: a window ("1d",
        "6h" or a timedelta) for the rolling ETT% (spec 7.2), sampled every `step` (default: the
        window): columns t, t_ns, e2e_s, e2e_gpu_s, productive_s, productive_gpu_s (exact seconds),
        ett_percent_gpu, ett_percent_time. job: only that job (its key).

        Example::

            >>> ws.series(every="day")[["start", "ett_percent_gpu"]]
            >>> ws.series(rolling="1d", step="1h")
        """
        s = self._scope(**scope)
        if rolling is not None:
            return _frame(_ettw.series_rolling(self._h, s, _duration_text(rolling), _duration_text(step), job))
        if step is not None:
            raise Error("step needs rolling (the window it samples)")
        return _frame(_ettw.series_every(self._h, s, str(every), job))

    def jobs(self, sort="lost_gpu_hours", limit=20, **scope):
        """Jobs worst first, as ``ettw jobs --sort SORT --limit N --format json``.

        sort: "lost_gpu_hours" (most first) or "ett" (lowest GPU-weighted ETT% first); limit: how
        many (0: every job). One row per job, the CLI JSON's fields as columns, built from the
        service's arrays (numpy buffers, no Python object per number):

        * job, name: the job's key and name (str); label: its dataset label (category);
        * gpus, attempts, failures, preemptions, other_interruptions: int64;
        * e2e_s, productive_s: the job's end-to-end and productive wall time, timedelta64[ns]
          (exact nanoseconds; the JSON's seconds are these divided by 10^9);
        * ett_percent_gpu, ett_percent_time: float64 percentages (NaN where the JSON has null);
        * lost_gpu_hours: float64, as the JSON prints it before rounding;
        * no_checkpoint_data: bool;
        * with exclude=: excluded_s, the job's wall time inside the windows (timedelta64[ns]).

        Example::

            >>> ws.jobs(limit=5)[["job", "lost_gpu_hours"]]
        """
        return _frame(_ettw.jobs(self._h, self._scope(**scope), str(sort), int(limit)))

    def job(self, key, label=None, exclude=None):
        """One job, as ``ettw job KEY --format json``: a Job with its attributes, `figures` (one
        row), `attempts` (one row per attempt: start, end, outcome, cause, buckets_s.*, tts_s,
        ttr_s and its split) and `phases` (every phase: attempt, start, end, category,
        subcategory, rank, host ("" when no rank record names it), name). label: which label,
        when several hold the key. exclude: excluded windows, as ``--exclude FILE`` (see
        Workspace): the figures leave their time out.

        Example::

            >>> j = ws.job("J1")
            >>> j.attempts[["attempt", "outcome", "ttr_s"]]
        """
        return Job(_ettw.job(self._h, str(key), label, _excluded(exclude)))

    def intervals(self, bucket, job=None, attempt=None, sort="gpu_hours", limit=50, **scope):
        """The intervals behind a bucket, as ``ettw intervals --bucket B --format json``.

        bucket: a bucket name ("init", "lost_progress", ...); job / attempt: only that job (and
        attempt); sort: "gpu_hours", "duration" or "start"; limit: rows listed (0: all). Returns a
        DataFrame (job, label, attempt, gap, start, end, duration_s, gpus, gpu_hours) whose
        ``attrs`` hold count, listed, total_s (exact seconds of all of them) and total_gpu_hours.

        Example::

            >>> ws.intervals("init", limit=10).attrs["count"]
        """
        d = _ettw.intervals(self._h, self._scope(**scope), str(bucket), job, attempt, str(sort), int(limit))
        df = _frame(d["rows"])
        df.attrs.update({"bucket": d["bucket"], "sort": d["sort"], "count": d["count"], "listed": d["listed"],
                         "total_s": exact_seconds(d["total_s"]), "total_gpu_hours": d["total_gpu_hours"]})
        return df

    def causes(self, level="cause", **scope):
        """Interruptions by cause, as ``ettw causes --format json``.

        level: "cause" (one row per cause, with its cause_class), "class" (one row per cause
        class) or "total" (one row). Columns: interruptions, share_percent, failures,
        preemptions, other_interruptions, lost_gpu_s (exact seconds), lost_gpu_hours,
        lost_progress_gpu_s, mean_ttr_s, ttr_defined, ttr_sum_s, symptoms.*.

        Example::

            >>> ws.causes(level="class")[["cause_class", "interruptions", "lost_gpu_hours"]]
        """
        if level not in ("cause", "class", "total"):
            raise Error(f"level: expected cause, class or total, got '{level}'")
        d = _ettw.causes(self._h, self._scope(**self._without_exclude("causes", scope)))
        key = {"cause": "causes", "class": "classes", "total": "total"}[level]
        df = _frame(d[key])
        if level == "class":
            df = df.drop(columns=["cause"])
        elif level == "total":
            df = df.drop(columns=["cause_class", "cause"])
        df.attrs["reclassified"] = d["reclassified"]
        return df

    def advise(self, by=None, job=None, **scope):
        """Checkpoint-interval advice measured from the traces, as ``ettw advise --format json``.

        by: per job (default), "label" or an attribute; job: one job's advice; exclude= (in the
        scope) leaves the windows' time out of each job's loop, window and lost progress, as
        ``--exclude``. Returns a DataFrame
        indexed by name, the "fleet" row first then the groups, most GPU-hours to gain first:
        jobs, loop_s, loop_gpu_hours, e2e_s, interruptions, mtbi_s, saves, blocking_p50_s,
        blocking_p90_s, intervals, current_interval_s, young_interval_s, daly_interval_s,
        daly_boundary, wasted_percent_current / _optimum, projected_gain_pp,
        projected_gain_gpu_hours, lost_progress_s, lost_interruptions, lost_per_interruption_s,
        lost_ratio_to_half_interval, no_checkpoint_data_jobs, lost_excluded_jobs (jobs whose lost
        progress lies partly in excluded windows, left out of lost per interruption), flags,
        flagged_jobs, note.

        Example::

            >>> ws.advise(by="team")[["young_interval_s", "projected_gain_pp"]]
        """
        return _frame(_ettw.advice(self._h, self._scope(**scope), by, job), index="name")

    def ranks(self, job, label=None, attempt=None, times=False):
        """Stragglers of one job (spec 7.3), as ``ettw ranks --job KEY --format json``.

        Returns a DataFrame with a row per (attempt, stage) of the attempts with per-rank phases:
        attempt, start, end, gpus, stage, slowest_rank, host ("" when unknown), slowest_s,
        median_s, excess_s (timedelta), rank_count; with times=True instead every rank's time in
        each stage (attempt, stage, rank, time_s). attempt: only that attempt.

        Example::

            >>> ws.ranks("J1")[["attempt", "stage", "slowest_rank", "excess_s"]]
        """
        d = _ettw.ranks(self._h, str(job), label, attempt)
        df = _frame(d["rank_times"] if times else d["stages"])
        df.attrs.update({"job": d["job"], "label": d["label"]})
        return df

    def hosts(self, top=20, label=None, attrs=None, start=None, end=None, scope=None):
        """The hosts whose slowest ranks cost the most GPU time, as ``ettw hosts --format json``.

        Attempts count when they start inside [start, end). Returns a DataFrame (host,
        times_slowest, excess_gpu_s as exact seconds), the first `top` (0: all), whose ``attrs``
        hold attempts, pairs, pairs_without_host and host_count.

        Example::

            >>> ws.hosts(top=10)
        """
        d = _ettw.hosts(self._h, self._scope(label=label, attrs=attrs, start=start, end=end, scope=scope), int(top))
        df = _frame(d["hosts"])
        df.attrs.update({k: d[k] for k in ("attempts", "pairs", "pairs_without_host", "host_count")})
        return df

    def restarts(self, job, label=None, trends=False):
        """What every restart of a job costs, as ``ettw restarts --job KEY --format json``.

        Returns a DataFrame with a row per attempt: attempt, start, end, outcome, cause, the
        previous attempt's outcome, interruption and cause, the split of its Time to Recover
        (detect_s, restart_s, recovery_startup_s, ttr_s), gap_before_s, lost_progress_s,
        startup_s, trained, every stage's time, change from the first attempt and whether it grew
        (stages.NAME.s, stages.NAME.change_s, stages.NAME.grew), compile_tag and
        compile_tags_s.TAG; with trends=True instead a row per stage (first_s, last_s, max_s,
        grown_attempts, growing).

        Example::

            >>> ws.restarts("J1")[["attempt", "ttr_s", "startup_s", "stages.compile.change_s"]]
        """
        d = _ettw.restarts(self._h, str(job), label)
        df = _frame(d["trends"] if trends else d["restarts"])
        df.attrs.update({k: d[k] for k in ("job", "label", "name", "no_checkpoint_data")})
        return df

    def whatif(self, scenario=None, name=None, exclude=None):
        """Project ETT% under a what-if scenario, as ``ettw whatif --scenario FILE --format json``.

        scenario: the scenario as the CLI's file holds it: a dict (``{"name": "faster", "cohort":
        "team=llm", "changes": [{"bucket": "compile", "scale": 0.6}]}``), its JSON text, or the path
        of a JSON file; name: run the scenario saved in the database under that name instead;
        exclude: excluded windows, as ``--exclude FILE`` (see Workspace): their time leaves today's
        figures before the changes (`today` then has the excluded_* columns). Returns a WhatIf: `headline` (jobs, attempts, ett_percent_today / _projected and the
        _time variants as exact Decimal percentages), `steps` (the bridge: change, saved_s,
        saved_gpu_s, saved_gpu_hours, saved_buckets_*, changed, jobs_not_applicable, pp and
        pp_time as exact Decimal percentage points), `today` (figures, one row) and `projected`
        (a dict of exact sums).

        Example::

            >>> w = ws.whatif({"name": "x", "changes": [{"bucket": "compile", "scale": 0.5}]})
            >>> w.headline["ett_percent_projected"], w.steps[["change", "pp"]]
        """
        import json as _json
        if (scenario is None) == (name is None):
            raise Error("whatif takes one of scenario or name")
        origin = "scenario"
        if isinstance(scenario, dict):
            text = _json.dumps(scenario)
        elif isinstance(scenario, str) and scenario.lstrip().startswith("{"):
            text = scenario
        elif scenario is not None:
            origin = str(scenario)
            with _open_file(scenario) as f:
                text = f.read()
        else:
            text = ""
        return WhatIf(_ettw.whatif(self._h, text, origin, name or "", _excluded(exclude)))

    def report(self, path, title="Where the training time went", scope=None, a=None, b=None, page="a4",
               weighting="gpu", every="day", match_by="auto", **scope_args):
        """Write the PDF report, as ``ettw report --out PATH``: provenance, headline figures, where
        the time went, interruptions, the jobs that lost the most with their timelines, checkpoint
        advice, and a comparison when `a` and `b` are given. Returns the number of pages.

        scope: which jobs, a cohort spec as ``--scope`` ("team=ads,gpus>=8"), narrowed by label=,
        attrs=, start=, end= (see Workspace); count_queue= and exclude= as ``--count-queue`` and
        ``--exclude``. a, b: cohort specs of the comparison section. page: "a4" or "letter";
        weighting: "gpu" (GPU-weighted ETT%) or "time"; every: the series per "day" or "week";
        match_by: how the comparison pairs jobs. The file is written whole or not at all. The pages
        are drawn with Qt on its offscreen platform (no display), in a QApplication made for the
        call (or the notebook's own, when one runs), so the first report loads Qt. Raises
        ettw.Error with the CLI's message (a scope without jobs: no report written).

        Example::

            >>> ws.report("ett.pdf", scope="team=ads", weighting="time")
            14
        """
        return _write_report(self, path, title, scope, a, b, page, weighting, every, match_by, scope_args)

    def compare(self, a, b, match_by="auto", count_queue=False, seed=None, replicates=None, top=10, exclude=None):
        """Compare two cohorts, as ``ettw compare --a A --b B --format json``.

        a, b: cohort specs as the CLI takes them ("label=before", "team=ads,gpus>=8"); exclude:
        excluded windows, as ``--exclude FILE`` (see Workspace). Returns a
        Comparison: `headline` (a dict: jobs, ETT% of each, delta_pp, ci95_pp, ...), `bridge`
        (a frame: bucket, pp as exact Decimal percentage points), `distributions`,
        `interruptions_per_1000_gpu_days`, `regressions`, `improvements` (frames).

        Example::

            >>> c = ws.compare("label=before", "label=after")
            >>> c.headline["delta_pp"], c.bridge
        """
        d = _ettw.compare(self._h, str(a), str(b), str(match_by), bool(count_queue),
                          _ettw.DEFAULT_SEED if seed is None else int(seed),
                          _ettw.DEFAULT_REPLICATES if replicates is None else int(replicates), int(top),
                          _excluded(exclude))
        return Comparison(d)


def _write_report(ws, path, title, scope, a, b, page, weighting, every, match_by, scope_args):
    """Workspace.report's work: the content gathered by the service (ettw._ettw, interruptible),
    then the pages drawn with Qt (ettw._report, imported on the first report only)."""
    import os
    if page not in ("a4", "letter"):
        raise Error(f"page: expected a4 or letter, got '{page}'")
    content = _ettw.gather_report(ws._h, str(title), "" if scope is None else str(scope), ws._scope(**scope_args),
                                  None if a is None else str(a), None if b is None else str(b), str(weighting),
                                  str(every), str(match_by))
    from . import _report as _qt_report
    pages, error = _qt_report.write_pdf(content, os.fsdecode(path), page)
    if error:
        raise Error(error)
    return pages


def _open_file(path):
    import builtins
    return builtins.open(path, encoding="utf-8")


def _pct(v):
    """A percentage as people read it ("81.31%"; "n/a" without one): the reprs, not the data."""
    return "n/a" if v is None or v != v else f"{float(v):.2f}%"  # v != v: NaN


def _pp(v):
    """Percentage points with their sign ("+2.33 pp")."""
    return "n/a" if v is None or v != v else f"{float(v):+.2f} pp"


def _shown(v):
    """A headline value in a notebook's table: numbers rounded to two decimals (the dict keeps them
    exact), an interval as "-7.08 to +11.70"."""
    from decimal import Decimal
    if isinstance(v, bool) or v is None:
        return str(v)
    if isinstance(v, (float, Decimal)):
        return f"{float(v):,.2f}"
    if isinstance(v, int):
        return f"{v:,}"
    if isinstance(v, tuple) and len(v) == 2 and all(isinstance(x, (float, Decimal)) for x in v):
        return f"{float(v[0]):+.2f} to {float(v[1]):+.2f}"
    return str(v)


def _headline_html(headline):
    import html
    return "<table>" + "".join(f"<tr><th style='text-align:left'>{html.escape(k)}</th>"
                               f"<td>{html.escape(_shown(v))}</td></tr>" for k, v in headline.items()) + "</table>"


class WhatIf:
    """A what-if projection (Workspace.whatif): headline (dict), steps (the bridge, a frame), today
    (figures, one row) and projected (a dict of exact sums)."""

    def __init__(self, d):
        from decimal import Decimal

        def pct(p):
            return None if p is None else Decimal(int(p)).scaleb(-12)

        self.headline = {"scenario": d["scenario"], "cohort": d["cohort"], "jobs": d["jobs"],
                         "attempts": d["attempts"]}
        for k in ("ett_percent_today", "ett_percent_projected", "ett_percent_today_time",
                  "ett_percent_projected_time"):
            self.headline[k] = pct(d[k])
        self.steps = _frame(d["steps"])
        self.steps["pp"] = [pct(p) for p in self.steps.pop("pp_pico")]
        self.steps["pp_time"] = [pct(p) for p in self.steps.pop("pp_time_pico")]
        self.today = _frame(d["today"])
        self.projected = {k: (v if k in ("failures", "preemptions") else exact_seconds(v))
                          for k, v in d["projected"].items()}

    def __repr__(self):
        h = self.headline
        today, projected = h["ett_percent_today"], h["ett_percent_projected"]
        change = "" if today is None or projected is None else f" ({_pp(projected - today)})"
        return (f"<ettw.WhatIf '{h['scenario']}' on {h['jobs']:,} jobs: ETT% {_pct(today)} -> "
                f"{_pct(projected)}{change}, GPU-weighted>")

    def _repr_html_(self):
        return _headline_html(self.headline) + self.steps[["change", "saved_gpu_hours", "changed", "pp"]].to_html(
            index=False)


class Job:
    """One job (Workspace.job): job, label, name, gpus, attrs, window_start, window_end,
    no_checkpoint_data, job_tts_s, and the frames figures, attempts and phases."""

    def __init__(self, d):
        self.job = d["job"]
        self.label = d["label"]
        self.name = d["name"]
        self.gpus = d["gpus"]
        self.attrs = dict(d["attrs"])
        self.window_start = _timestamp(d["window_start"])
        self.window_end = _timestamp(d["window_end"])
        self.no_checkpoint_data = d["no_checkpoint_data"]
        self.job_tts_s = _timedelta(d["job_tts_s"])
        self.figures = _frame(d["figures"])
        self.attempts = _frame(d["attempts"])
        self.phases = _frame(d["phases"])

    def __repr__(self):
        ett = self.figures["ett_percent_gpu"].iloc[0]
        return (f"<ettw.Job {self.job} (label '{self.label}'): {len(self.attempts)} attempts, "
                f"ETT% {_pct(ett)} (GPU-weighted)>")

    def _repr_html_(self):
        import html
        head = html.escape(f"Job {self.job} (label '{self.label}') {self.name}: {self.gpus} GPUs, "
                           f"{self.window_start} to {self.window_end}")
        cols = ["attempt", "start", "end", "outcome", "cause", "tts_s", "ttr_s"]
        return f"<p><b>{head}</b></p>" + self.attempts[cols].to_html(index=False)


class Comparison:
    """Two cohorts compared (Workspace.compare): headline (dict), bridge and bridge_time (frames,
    None when a cohort has no E2E), distributions, interruptions_per_1000_gpu_days, regressions,
    improvements (frames)."""

    def __init__(self, d):
        from decimal import Decimal
        self.headline = dict(d["headline"])

        def bridge(b):
            if b is None:
                return None
            df = _frame(b)
            df["pp"] = [Decimal(int(p)).scaleb(-12) for p in df.pop("pp_pico")]
            df.attrs["ett_percent_a"] = Decimal(int(b["ett_a_pico"])).scaleb(-12)
            df.attrs["ett_percent_b"] = Decimal(int(b["ett_b_pico"])).scaleb(-12)
            return df

        self.bridge = bridge(d["bridge"])
        self.bridge_time = bridge(d["bridge_time"])
        self.distributions = _frame(d["distributions"])
        self.interruptions_per_1000_gpu_days = _frame(d["interruptions_per_1000_gpu_days"])
        self.regressions = _frame(d["regressions"])
        self.improvements = _frame(d["improvements"])

    def __repr__(self):
        h = self.headline
        ci = h.get("ci95_pp")
        interval = f", 95% interval {_shown(ci)} pp" if ci else ""
        return (f"<ettw.Comparison A {h['a']!r} ({h['jobs_a']:,} jobs, ETT% {_pct(h['ett_percent_a'])}) vs "
                f"B {h['b']!r} ({h['jobs_b']:,} jobs, ETT% {_pct(h['ett_percent_b'])}): "
                f"{_pp(h['delta_pp'])}{interval}, GPU-weighted>")

    def _repr_html_(self):
        out = _headline_html(self.headline)
        if self.bridge is not None:
            out += "<p>Bridge from A to B (pp, GPU-weighted)</p>" + self.bridge.to_html(index=False)
        return out


class ImportResult:
    """What import_files did: `files` (path, outcome, error, jobs, attempts, phases, records,
    read_again: why a console log was read again, stored before and chained anew, or "";
    replaced: its records replaced its earlier import's; stored_as: with update, the other path it
    was imported as before, or ""),
    `issues` (the readers' non-fatal issues: file, kind, severity, count, detail, example,
    first_line), cancelled, failed (how many files failed), reload_error, notes (console logs
    not chained with the runs stored before them, and why)."""

    def __init__(self, d):
        self.files = _frame(d["files"])
        self.issues = _frame(d["issues"])
        self.cancelled = d["cancelled"]
        self.failed = d["failed"]
        self.reload_error = d["reload_error"]
        self.notes = list(d["notes"])

    def __repr__(self):
        return (f"<ettw.ImportResult {len(self.files)} files ({self.failed} failed), "
                f"{int(self.issues['count'].sum()) if len(self.issues) else 0} issues>")

    def _repr_html_(self):
        out = self.files.to_html(index=False)
        if len(self.issues):
            out += "<p>Issues</p>" + self.issues.to_html(index=False)
        return out
