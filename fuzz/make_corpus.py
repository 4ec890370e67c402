#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets into fuzz/corpus/<target>/.

Seeds are small on purpose (libFuzzer mutates faster and guesses -max_len from them): real files
are cut to their first few KB at a record boundary and closed again where the format needs it, so
that each seed still parses. Sources: the project's samples/, hand-written cases in the shapes the
readers' tests use, and excerpts of the public traces of ../shared/data (origins and licenses in
fuzz/corpus/README.md). The nvrx and elastic targets' seeds are written by hand in their folders:
this script leaves them alone and copies one of each into the import's corpus. Run again to
regenerate; the output is deterministic.

    fuzz/make_corpus.py [SHARED_DATA_DIR]   (default: ../shared/data beside the clone)
"""

import gzip
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "fuzz", "corpus")
SEED_BYTES = 4096  # the size a cut seed aims at

HEADER = '{"type":"header","format":"ett-trace","version":1,"time_unit":"s"}'


def write(target, name, data):
    os.makedirs(os.path.join(OUT, target), exist_ok=True)
    if isinstance(data, str):
        data = data.encode()
    with open(os.path.join(OUT, target, name), "wb") as f:
        f.write(data)


def gz(data):
    # mtime=0: the same bytes on every run.
    return gzip.compress(data.encode() if isinstance(data, str) else data, mtime=0)


def zst(data):
    # Debian's zstd command (no zstd module in Python's library); None without it.
    try:
        return subprocess.run(["zstd", "-q", "-c", "-3"], input=data.encode() if isinstance(data, str) else data,
                              stdout=subprocess.PIPE, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None


def head_lines(text, limit=SEED_BYTES):
    """The whole lines of `text` that fit in `limit` bytes."""
    out, size = [], 0
    for line in text.splitlines(keepends=True):
        if size + len(line) > limit and out:
            break
        out.append(line)
        size += len(line)
    return "".join(out)


def head_and_tail(text, head=3072, tail=1536):
    """Whole lines: the first `head` bytes and the last `tail` bytes (a run's start and its end)."""
    if len(text) <= head + tail:
        return text
    lines = text.splitlines(keepends=True)
    first = head_lines(text, head)
    last, size = [], 0
    for line in reversed(lines):
        if size + len(line) > tail and last:
            break
        last.insert(0, line)
        size += len(line)
    return first + "".join(last)


def read(path, mode="r"):
    if path.endswith(".gz"):
        with gzip.open(path, "rt" if mode == "r" else "rb") as f:
            return f.read()
    with open(path, mode) as f:
        return f.read()


def cut_chrome(doc, limit=SEED_BYTES):
    """A Chrome trace (list or object form) cut to `limit` bytes: a few of its metadata events and
    then its first timed ones, one event per line as the profilers write them."""
    events = doc if isinstance(doc, list) else doc.get("traceEvents", [])
    meta = [e for e in events if isinstance(e, dict) and e.get("ph") == "M"][:3]
    timed = [e for e in events if not (isinstance(e, dict) and e.get("ph") == "M")]
    # Two training steps first, where the trace has them: the slices inside then map to phases.
    steps = [e for e in timed if isinstance(e, dict) and str(e.get("name", "")).startswith("ProfilerStep#")][:2]
    timed = steps + [e for e in timed if all(e is not step for step in steps)]
    head = ""
    if isinstance(doc, dict):
        # The side tables (device properties, stack frames) are cut to one entry each.
        rest = {}
        for key, value in doc.items():
            if key == "traceEvents":
                continue
            if isinstance(value, list):
                value = value[:1]
            elif isinstance(value, dict) and len(json.dumps(value)) > 512:
                value = dict(list(value.items())[:1])
            rest[key] = value
        head = json.dumps(rest)[:-1] + (", " if rest else "") + '"traceEvents": '
    lines, size = [json.dumps(e) for e in meta], len(head)
    size += sum(len(line) + 2 for line in lines)
    for event in timed:
        line = json.dumps(event)
        if size + len(line) + 2 > limit and len(lines) > len(meta):
            break
        lines.append(line)
        size += len(line) + 2
    body = "[\n" + ",\n".join(lines) + "\n]"
    return (head + body + "}" if head else body) + "\n"


# ---- native (ett-trace v1 JSON Lines) ------------------------------------------------------------

def native_seeds():
    worked = read(os.path.join(ROOT, "samples", "worked-example.ett.jsonl"))
    fleet = head_lines(read(os.path.join(ROOT, "samples", "fleet-200.ett.jsonl.gz")))
    hand = {
        "every-field.ett.jsonl": "\n".join([
            '{"type":"header","format":"ett-trace","version":1,"time_unit":"ms","source":"fuzz seed",'
            '"created":"2025-06-01T00:00:00Z"}',
            '{"type":"job","job":"J1","name":"ranker","gpus":128,"submitted":5,"attrs":{"team":"ads",'
            '"model":"dlrm","cluster":"east"}}',
            '{"type":"attempt","job":"J1","attempt":3,"start":10,"end":20000,"gpus":64,"outcome":"failed",'
            '"interrupted_at":15000,"cause":"infra.gpu.hbm","symptom":"hang","detail":"XID 48"}',
            '{"type":"phase","job":"J1","attempt":3,"phase":"init.process_group_init","start":10,"end":1200,'
            '"rank":7,"name":"pg"}',
            '{"type":"phase","job":"J1","attempt":3,"phase":"train","start":1200,"end":15000}',
            '{"type":"checkpoint","job":"J1","attempt":3,"step":1200,"start":9000,"durable":9500}',
            '{"type":"checkpoint","job":"J1","attempt":3,"step":1300,"start":13000,"failed":true}',
            ""]),
        "times-rfc3339.ett.jsonl": "\n".join([
            HEADER,
            '{"type":"job","job":"J1","gpus":8}',
            '{"type":"attempt","job":"J1","attempt":0,"start":"2025-06-01T00:00:00Z",'
            '"end":"2025-06-01T14:00:00.250+02:00","outcome":"completed"}',
            '{"type":"phase","job":"J1","attempt":0,"phase":"train","start":"2025-06-01T00:00:01.000000001Z",'
            '"end":"2025-06-01T00:00:01.1234567895Z"}',
            ""]),
        "nulls-and-unknown.ett.jsonl": "\r\n".join([
            '{"type":"header","format":"ett-trace","version":1,"time_unit":"ns","vendor":"acme"}',
            '',
            '{"type":"job","job":"J1","name":null,"gpus":null,"submitted":null,"attrs":null,'
            '"owner":{"a":[1,2,{"b":null}]}}',
            '{"type":"attempt","job":"J1","attempt":0,"start":0,"end":100,"gpus":null,"outcome":null,'
            '"interrupted_at":null,"cause":null,"symptom":null,"detail":null,"host":"n1"}',
            '{"type":"phase","job":"J1","attempt":0,"phase":"train","start":0,"end":100,"rank":null,'
            '"name":"a \\"quoted\\" name\\u00e9\\r"}',
            '{"type":"metric","job":"J1","value":[3.5,-1e-3,true,false]}',
            '{"type":"checkpoint","job":"J1","attempt":0,"step":null,"start":50,"durable":null,"failed":null}',
            ""]),
        "no-header-us.ett.jsonl": "\n".join([
            '{"type":"job","job":"A"}',
            '{"type":"attempt","job":"A","attempt":0,"start":1000000,"end":2500000,"outcome":"preempted"}',
            '{"type":"phase","job":"A","attempt":0,"phase":"stall.data","start":1000000,"end":1200000}',
            ""]),
    }
    write("native", "worked-example.ett.jsonl", worked)
    write("native", "fleet-200-head.ett.jsonl", fleet)
    # The gzip path: the reader detects the magic bytes, not the name.
    write("native", "worked-example.ett.jsonl.gz", gz(worked))
    for name, text in hand.items():
        write("native", name, text)
    return {"worked-example.ett.jsonl": worked, "fleet-200-head.ett.jsonl": fleet, **hand}


# ---- Chrome trace ------------------------------------------------------------------------------

def chrome_seeds(shared):
    seeds = {}
    step = ('{"ph": "X", "name": "ProfilerStep#%d", "cat": "user_annotation", "ts": %d, "dur": 100, '
            '"pid": 1, "tid": 1}')
    seeds["kineto-small.json"] = (
        '{"schemaVersion": 1, "distributedInfo": {"backend": "nccl", "rank": 1, "world_size": 8},\n'
        ' "traceEvents": [\n' + ",\n".join([step % (1, 1000), step % (2, 1100),
        '{"ph": "X", "name": "enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__", '
        '"cat": "user_annotation", "ts": 1110, "dur": 20, "pid": 1, "tid": 1}',
        '{"ph": "X", "name": "Optimizer.step#SGD.step", "cat": "user_annotation", "ts": 1150, "dur": 30, '
        '"pid": 1, "tid": 1, "args": {"External id": 7, "Sequence number": [1, {"a": null}]}}',
        '{"ph": "B", "name": "checkpoint", "ts": 1200, "pid": 1, "tid": 2}',
        '{"ph": "E", "ts": 1250, "pid": 1, "tid": 2}',
        '{"ph": "X", "name": "kernel", "cat": "kernel", "ts": 1001.5, "dur": 3.25, "pid": 0, "tid": 7}',
        '{"ph": "M", "name": "process_name", "pid": 1, "args": {"name": "python"}}']) +
        '],\n "baseTimeNanoseconds": 1700000000000000000, "displayTimeUnit": "ms"}\n')
    seeds["array-form.json"] = "[\n" + ",\n".join([step % (1, 10), step % (2, 120),
        '{"ph": "i", "name": "mark", "ts": 50, "pid": 1, "tid": 1, "s": "t"}']) + "\n]\n"
    if shared:
        examples = os.path.join(shared, "chrome-trace-examples")
        for name in ("trivial_trace.json", "simple_trace.json", "async_begin_end.json", "nanoseconds.json"):
            seeds["catapult-" + name] = read(os.path.join(examples, name))
        seeds["catapult-main_thread_has_unclosed_slices-head.json"] = cut_chrome(
            json.loads(read(os.path.join(examples, "main_thread_has_unclosed_slices.json"))))
        kineto = os.path.join(shared, "kineto-tb-plugin-samples")
        seeds["kineto-before_fix-head.json"] = cut_chrome(
            json.loads(read(os.path.join(kineto, "docs-traces", "before_fix_trace.json"))))
        seeds["kineto-resnet50-head.json"] = cut_chrome(json.loads(read(os.path.join(
            kineto, "resnet50_num_workers_4", "worker0.1623212756351.pt.trace.json.gz"))))
        hta = os.path.join(shared, "hta-kineto-traces")
        seeds["hta-alexnet-head.json"] = cut_chrome(json.loads(read(os.path.join(
            hta, "critical_path", "alexnet", "benchmark_result_2869224_1695835535_trace.json.gz"))))
        # Kept compressed (2.4 KB): the gzip path of the Chrome reader.
        with open(os.path.join(hta, "cpu_only", "rank-34.Jul_15_10_52_41.1074.pt.trace.json.gz"), "rb") as f:
            seeds["hta-cpu_only.json.gz"] = f.read()
    for name, data in seeds.items():
        write("chrome", name, data)
    return seeds


# ---- Nsight Systems SQLite export --------------------------------------------------------------

def nsys_file(build):
    """The bytes of a small SQLite file made by build(connection): 512-byte pages, vacuumed."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "seed.sqlite")
        con = sqlite3.connect(path)
        con.execute("PRAGMA page_size=512")
        con.execute("PRAGMA journal_mode=DELETE")
        build(con)
        con.commit()
        con.execute("VACUUM")
        con.close()
        with open(path, "rb") as f:
            return f.read()


def nsys_seeds(shared):
    gtid = (1 << 48) | (10 << 24) | 11

    def hand(con):
        con.executescript(
            "CREATE TABLE StringIds (id INTEGER NOT NULL PRIMARY KEY, value TEXT NOT NULL);"
            'CREATE TABLE NVTX_EVENTS (start, "end", eventType, rangeId, category, color, text, globalTid, '
            "endGlobalTid, textId, domainId);"
            "CREATE TABLE TARGET_INFO_SESSION_START_TIME (utcEpochNs, utcTime TEXT, localTime TEXT);"
            "CREATE TABLE ENUM_NSYS_EVENT_TYPE (id INTEGER, name TEXT, label TEXT);"
            "CREATE TABLE ThreadNames (nameId INTEGER, priority INTEGER, globalTid INTEGER);"
            "CREATE TABLE PROCESSES (globalPid INTEGER, pid INTEGER, name TEXT);"
            "CREATE TABLE TARGET_INFO_GPU (vmId INTEGER, id INTEGER, name TEXT);"
            'CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL (start INTEGER, "end" INTEGER);')
        con.execute("INSERT INTO TARGET_INFO_SESSION_START_TIME VALUES "
                    "(1700000000000000000, '2023-11-14T22:13:20', '2023-11-14T23:13:20')")
        con.executemany("INSERT INTO ENUM_NSYS_EVENT_TYPE VALUES (?, ?, ?)", [
            (59, "NvtxPushPopRange", "push/pop"), (60, "NvtxStartEndRange", "start/end"),
            (75, "NvtxDomainCreate", "domain"), (39, "NvtxThread", "thread")])
        con.executemany("INSERT INTO StringIds VALUES (?, ?)", [(1, "trainer"), (2, "train_step"), (3, "MPI Rank 3")])
        rows = [
            (0, None, 75, None, gtid, 1, 3), (250000, None, 39, "rank 3", gtid, None, 0),
            (1000000, 9000000, 59, "init", gtid, None, 0), (9000000, 19000000, 59, None, gtid, 2, 3),
            (19000000, 29000000, 60, "eval", gtid, None, 0), (29000000, 30000000, 59, "checkpoint save", gtid, None, 0),
            (30000000, None, 59, "open range", gtid, None, 0)]
        con.executemany('INSERT INTO NVTX_EVENTS (start, "end", eventType, text, globalTid, textId, domainId) '
                        "VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
        con.execute("INSERT INTO ThreadNames VALUES (3, 0, ?)", (gtid,))
        con.execute("INSERT INTO PROCESSES VALUES (?, 10, 'python')", ((1 << 48) | (10 << 24),))
        con.execute("INSERT INTO TARGET_INFO_GPU VALUES (0, 0, 'NVIDIA H100 80GB HBM3')")
        con.execute("INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL VALUES (9500000, 31000000)")

    seeds = {"hand-made.sqlite": nsys_file(hand)}
    if shared:
        source = os.path.join(shared, "nsys-sqlite", "saxpy-mpi-cuda_nsys_perlmutter0.sqlite")
        src = sqlite3.connect("file:%s?mode=ro" % source, uri=True)
        # The tables the reader reads, with the export's own schema; long tables cut to their first
        # rows, StringIds to the strings those rows name.
        tables = {"NVTX_EVENTS": None, "TARGET_INFO_SESSION_START_TIME": None, "TARGET_INFO_GPU": None,
                  "ThreadNames": None, "PROCESSES": 8, "CUPTI_ACTIVITY_KIND_KERNEL": None,
                  "CUPTI_ACTIVITY_KIND_MEMCPY": 4}

        def excerpt(con):
            for table, limit in tables.items():
                sql = src.execute("SELECT sql FROM sqlite_master WHERE name = ?", (table,)).fetchone()[0]
                con.execute(sql)
                info = src.execute("SELECT name, \"notnull\" FROM pragma_table_info(?)", (table,)).fetchall()
                cols = [r[0] for r in info]
                # Only the columns the reader or a join reads (and those the schema needs) stay
                # filled; the rest become NULL: records of the export's shape without its bulk.
                keep = {"start", "end", "eventType", "text", "globalTid", "textId", "domainId", "rangeId",
                        "utcEpochNs", "utcTime", "id", "name", "vmId", "nameId", "priority", "pid",
                        "globalPid", "deviceId", "streamId"}
                select = ", ".join('"%s"' % c if c in keep or notnull else "NULL" for c, notnull in info)
                rows = src.execute('SELECT %s FROM "%s" ORDER BY rowid %s' % (
                    select, table, "LIMIT %d" % limit if limit else "")).fetchall()
                con.executemany('INSERT INTO "%s" VALUES (%s)' % (table, ", ".join("?" * len(cols))), rows)
            sql = src.execute("SELECT sql FROM sqlite_master WHERE name = 'StringIds'").fetchone()[0]
            con.execute(sql)
            ids = {r[0] for r in con.execute("SELECT textId FROM NVTX_EVENTS UNION SELECT nameId FROM ThreadNames")
                   if isinstance(r[0], int)}
            for i in sorted(ids):
                row = src.execute("SELECT * FROM StringIds WHERE id = ?", (i,)).fetchone()
                if row:
                    con.execute("INSERT INTO StringIds VALUES (?, ?)", row)

        seeds["pipit-saxpy-excerpt.sqlite"] = nsys_file(excerpt)
    for name, data in seeds.items():
        write("nsys", name, data)
    return seeds


# ---- MLPerf logging ----------------------------------------------------------------------------

def mlperf_seeds(shared):
    seeds = {}
    mllog = ':::MLLOG {"namespace": "", "time_ms": %d, "event_type": "%s", "key": "%s", "value": %s, ' \
            '"metadata": {"file": "train.py", "lineno": 1%s}}\n'
    seeds["hand-made.txt"] = "".join([
        mllog % (1000, "POINT_IN_TIME", "submission_benchmark", '"resnet"', ""),
        mllog % (1000, "POINT_IN_TIME", "global_batch_size", "3264", ""),
        mllog % (1001, "INTERVAL_START", "init_start", "null", ""),
        mllog % (9000, "INTERVAL_END", "init_stop", "null", ""),
        mllog % (9001, "INTERVAL_START", "run_start", "null", ""),
        mllog % (9002, "INTERVAL_START", "block_start", "null", ', "first_epoch_num": 0, "epoch_count": 2'),
        mllog % (9003, "INTERVAL_START", "epoch_start", "null", ', "epoch_num": 0'),
        mllog % (12000, "INTERVAL_END", "epoch_stop", "null", ', "epoch_num": 0'),
        mllog % (12001, "INTERVAL_START", "eval_start", "null", ', "epoch_num": 1'),
        mllog % (12500, "POINT_IN_TIME", "eval_accuracy", "0.759", ', "epoch_num": 1'),
        mllog % (12600, "INTERVAL_END", "eval_stop", "null", ', "epoch_num": 1'),
        mllog % (12700, "INTERVAL_END", "block_stop", "null", ', "first_epoch_num": 0'),
        "some other line of the console\n",
        mllog % (12800, "INTERVAL_END", "run_stop", "null", ', "status": "aborted"'),
    ])
    if shared:
        base = os.path.join(shared, "mlperf-training-v4.0")
        for name, rel in (
                ("dell-resnet-result_4-aborted.txt", "Dell/results/XE9680x8H100-SXM-80GB/resnet/result_4.txt"),
                ("nvidia-llama2-lora-result_0.txt", "NVIDIA/results/eos_n8_ngc24.04_nemo/llama2_70b_lora/result_0.txt"),
                ("asustek-llama2-lora-result_3.txt", "ASUSTeK/results/ESC_N8A-E12/llama2_70b_lora/result_3.txt")):
            seeds[name] = head_and_tail(read(os.path.join(base, rel)))
    for name, data in seeds.items():
        write("mlperf", name, data)
    return seeds


# ---- console logs ------------------------------------------------------------------------------

def log_seeds(shared):
    seeds = {}

    def titan(time, msg, level="INFO", rank=0):
        return "[rank%d]:[titan] 2025-03-01 %s - root - %s - %s\n" % (rank, time, level, msg)

    seeds["titan-hand-made.log"] = "".join([
        "+ NGPU=8\n",
        "W0301 09:59:58.761000 1234 torch/distributed/run.py:792] Setting OMP_NUM_THREADS\n",
        titan("10:00:00,000", "torchtitan version: 0.1"),
        titan("10:00:01,000", "Building 1-D device mesh with ['dp_shard'], [8]"),
        titan("10:00:05,000", "Compiling each TransformerBlock with torch.compile"),
        titan("10:00:10,000", "Training starts at step 1"),
        titan("10:01:00,000", "step:  1  loss: 12.0  memory: 30.1GiB(40.0%)  tps: 100  mfu: 1.00%"),
        titan("10:02:00,000", "step:  2  loss: 11.0  memory: 30.1GiB(40.0%)  tps: 900  mfu: 9.00%"),
        titan("10:02:30,000", "Saving the checkpoint (or staging if async is enabled)."),
        titan("10:02:40,000", "[GC] Performing periodical GC collection took 0.02 seconds"),
        titan("10:02:41,000", "Finished saving the checkpoint (or staging if async is enabled)in 11.00 seconds."),
        "\x1b[32m" + titan("10:03:00,000", "step:  3  loss: 10.0").rstrip("\n") + "\x1b[0m\n",
        titan("10:03:30,000", "Training completed"),
    ])
    seeds["titan-oom-hand-made.log"] = "".join([
        titan("10:00:00,000", "torchtitan version: 0.1"),
        titan("10:00:10,000", "Training starts at step 1"),
        titan("10:01:00,000", "step:  1  loss: 12.0"),
        "[rank0]: Traceback (most recent call last):\n",
        '[rank0]:   File "train.py", line 10, in f\n',
        "[rank0]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.\n",
        "E0301 10:01:05.000000 99 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1)\n",
        "[rank0]: torch.distributed.DistBackendError: NCCL communicator was aborted: watchdog timed out\n",
    ])
    seeds["glog-yearless.log"] = "".join([
        "I0301 10:00:00.000000 1 train.py:1] torchtitan version: 0.1\n",
        "I0301 10:00:10.000000 1 train.py:2] Training starts at step 1\n",
        "I0301 10:01:00.000000 1 train.py:3] step:  1  loss: 12.0\n",
    ])
    if shared:
        runs = os.path.join(shared, "torchtitan-logs", "runs")
        for run in ("run28-compile-bf16-lbs5-no-flight-recorder",
                    "run35-fp8-rowwise-no-auto-filter-compile-bf16-lbs8-no-flight-recorder-retry",
                    "run55-flex-cp2-ptrr-compile-bf16-lbs10-no-flight-recorder",
                    "run69-flex-prefetch-hsdp2x4-compile-bf16-lbs5-no-flight-recorder"):
            seeds["torchtitan-" + run.split("-")[0] + ".log"] = head_and_tail(
                read(os.path.join(runs, run, "run.log"), "r"))
    for name, data in seeds.items():
        write("log", name, data)
    return seeds


# ---- job tables --------------------------------------------------------------------------------

def table_seeds():
    # Hand-written in the Philly table's columns: the shared Philly excerpt's license is unstated,
    # so none of its rows is copied here.
    header = "u_id,user,gpu_num,cpu_num,node_num,interval,run_time,wall_time,new_status\n"
    seeds = {
        "philly-shape.csv": header + "".join("%d,%d,%d,%d,%d,%d,%d,%d,%s\n" % row for row in [
            (0, 3, 8, 24, 1, 0, 3600, 3700, "Pass"), (1, 3, 1, 3, 1, 15, 120, 130, "Failed"),
            (2, 17, 16, 48, 2, 0, 86400, 86500, "Killed"), (3, 5, 0, 1, 1, 30, 10, 10, "Pass"),
            (4, 5, 64, 192, 8, 7949, 120018, 0, "Failed"), (5, 2, 4, 12, 1, 1, 0, 0, "Pass")]),
        "quoted-crlf.csv": header.replace("\n", "\r\n") +
            '"6","user ""x""",2,6,1,"10",60,60,Pass\r\n7,,2,,1,0,1e3,5,Killed\r\n\r\n8,1,2,6,1,0,60,60,Pass\r\n',
    }
    for name, data in seeds.items():
        write("table", name, data)
    return seeds


# ---- Slurm accounting ---------------------------------------------------------------------------

def slurm_seeds():
    # The project's own captures (tests/data/slurm, made for its tests) cut short, and hand-written
    # rows for what they lack: --parsable's trailing bars, PENDING, a missing start, Restarts, the
    # later JSON shape (state arrays, {"set", "number"} values).
    data = os.path.join(ROOT, "tests", "data", "slurm")
    seeds = {
        "duplicates.txt": read(os.path.join(data, "sacct_duplicates.txt"), "r"),
        # Three whole runs of job 16 (two requeues) and the meta, compact.
        "duplicates-job16.json": json.dumps(dict(
            meta=json.loads(read(os.path.join(data, "sacct_duplicates.json"), "r"))["meta"],
            jobs=[j for j in json.loads(read(os.path.join(data, "sacct_duplicates.json"), "r"))["jobs"]
                  if j["job_id"] == 16]), separators=(",", ":")) + "\n",
        "parsable-trailing.txt":
            "JobID|JobName|State|ExitCode|Submit|Start|End|AllocTRES|Restarts|\n"
            "7|a|OUT_OF_MEMORY|0:125|2026-06-01T10:00:00|2026-06-01T10:05:00|2026-06-01T11:05:00|gres/gpu:a100=8|3|\n"
            "7.batch|batch|CANCELLED by 0|0:15|2026-06-01T10:05:00|2026-06-01T10:05:00|2026-06-01T11:05:00||0|\n"
            "8_[1-4]|b|PENDING|0:0|2026-06-01T10:00:00|Unknown|Unknown||0|\n"
            "9|c|RUNNING|0:0|1780000000|1780000100|Unknown|gres/gpu=2|0|\n",
        "later.json":
            '{"jobs":[{"job_id":5,"array":{"job_id":4,"task_id":{"set":true,"infinite":false,"number":1}},'
            '"state":{"current":["PENDING","REQUEUED"]},"exit_code":{"status":["SUCCESS"],'
            '"return_code":{"set":true,"infinite":false,"number":0}},"time":{"submission":1780000000,'
            '"start":1780000010,"end":1780000900},"restart_cnt":0,"tres":{"allocated":[{"type":"gres",'
            '"name":"gpu:h100","id":1002,"count":8}]}},{"job_id":5,"state":{"current":["COMPLETED"]},'
            '"time":{"submission":1780000900,"start":1780001000,"end":0}}],"meta":{"slurm":{}}}\n',
    }
    for name, data in seeds.items():
        write("slurm", name, data)
    return seeds


def span_log_seeds(fmt, hand_made):
    """The upstream records of tests/data/<fmt>/ (small already) and a hand-made run, plain and gzip."""
    seeds = {}
    folder = os.path.join(ROOT, "tests", "data", fmt)
    for name in sorted(os.listdir(folder)):
        if name.endswith(".jsonl"):
            seeds[name] = read(os.path.join(folder, name))
    seeds["hand-made.jsonl"] = hand_made
    seeds["hand-made.jsonl.gz"] = gz(hand_made)
    for name, data in seeds.items():
        write(fmt, name, data)
    return seeds


def torchtitan_seeds():
    def rec(t, name, extra=""):
        return ('{"rank": 1, "source": "training", "host_name": "node-1", "step": 2, "relative_step": 1%s, '
                '"time_us": %d, "log_type": "event", "log_type_name": "%s", "task_name": null}\n'
                % (extra, 1767225600000000 + t, name))
    text = rec(0, "structured_logger_started").replace('"event"', '"instant"')
    text += rec(1000, "torch_distributed_init_start") + rec(5000, "torch_distributed_init_end")
    text += rec(6000, "step_start") + rec(6100, "fetching_batch_start") + rec(6200, "fetching_batch_end")
    text += rec(7000, "checkpoint_save_start") + rec(8000, "checkpoint_save_end", ', "step_tags": ["checkpoint_save"]')
    text += rec(8500, "fwd_bwd_error", ', "message": "OutOfMemoryError"') + rec(9000, "step_end")
    text += rec(9500, "eval_start")
    return span_log_seeds("torchtitan", text)


def onelogger_seeds():
    def ts(ms):
        return '{"timestamp_msec":%d}' % (1767225600000 + ms)
    text = '{"type":"start","id":"a","name":"application","start_event":{"name":"span_start","attributes":%s},"count":1,"pid":7}\n' % ts(0)
    text += ('{"type":"event","span_id":"a","event":{"name":"one_logger_initialization","attributes":'
             '{"timestamp_msec":1767225600000,"world_size":8,"rank":0,"node_name":"n0","session_tag":"s"}},"count":2,"pid":7}\n')
    text += ('{"type":"complete","id":"m","name":"model_initialization","start_event":{"name":"span_start","attributes":%s},'
             '"stop_event":{"name":"span_stop","attributes":%s},"count":3,"pid":7}\n' % (ts(10), ts(500)))
    text += ('{"type":"start","id":"c","name":"checkpoint_save_sync","attributes":{"current_iteration":5},'
             '"start_event":{"name":"span_start","attributes":%s},"count":4,"pid":7}\n' % ts(900))
    text += ('{"type":"event","span_id":"c","event":{"name":"save_checkpoint_success","attributes":'
             '{"timestamp_msec":1767225601000,"current_iteration":5}},"count":5,"pid":7}\n')
    text += '{"type":"stop","id":"c","name":"checkpoint_save_sync","stop_event":{"name":"span_stop","attributes":%s},"count":6,"pid":7}\n' % ts(1000)
    text += ('{"type":"application_error","span_id":"a","event":{"name":"error","attributes":{"exception_type":"RuntimeError",'
             '"exception_message":"CUDA out of memory","timestamp_msec":1767225601500}},"count":7,"pid":7}\n')
    text += ('{"type":"telemetry_data_error","error":{"name":"telemetry_data_error","attributes":{"timestamp_msec":1,'
             '"telemetry_data_error_type":"incomplete_telemetry_data"}},"count":8,"pid":7}\n')
    return span_log_seeds("onelogger", text)


GOODPUT_HAND = """\
{"jsonPayload": {"job_name": "j", "job_start_time": 1704070800.0}, "timestamp": "2024-01-01T01:00:00Z"}
{"jsonPayload": {"job_name": "j", "data_loading_start_time": 1704070800.0}}
{"jsonPayload": {"job_name": "j", "data_loading_end_time": 1704070802.0}}
{"jsonPayload": {"job_name": "j", "step_count": 0, "step_start_time": 1704070802.0}}
{"jsonPayload": {"job_name": "j", "step": 0, "event_type": "save", "checkpoint_manager_blocking_duration_secs": 1.5, "checkpointer_blocking_duration_secs": 1.0}, "timestamp": "2024-01-01T01:00:04Z"}
{"jsonPayload": {"job_name": "j", "custom_badput_event_type": "eval_step", "custom_badput_event_start_time": 1704070805.0}}
{"jsonPayload": {"job_name": "j", "custom_badput_event_type": "eval_step", "custom_badput_event_end_time": 1704070806.0}}
{"jsonPayload": {"job_name": "j", "job_start_time": 1704070810.0}}
{"jsonPayload": {"step": 0, "event_type": "restore", "checkpoint_manager_duration_secs": 2, "checkpoint_manager_start_time": 1704070810.5}}
{"jsonPayload": {"job_name": "j", "step_count": 0, "step_start_time": 1704070813.0}}
{"jsonPayload": {"job_name": "j", "job_end_time": 1704070815.0}}
"""


def goodput_seeds():
    # The library's test timelines as log entries (tests/data/goodput, made for its tests): one in
    # JSON Lines, the other's first entries as a compact gcloud array (newest first); and a hand-made
    # file with Orbax checkpoint entries (one without job_name), a custom badput and a restart.
    data = os.path.join(ROOT, "tests", "data", "goodput")
    seeds = {
        "custom_sync.jsonl": read(os.path.join(data, "custom_sync.jsonl"), "r"),
        "wasted_progress_compact.json": json.dumps(
            json.loads(read(os.path.join(data, "wasted_progress.json"), "r"))[:12], separators=(",", ":")),
        "hand.jsonl": GOODPUT_HAND,
    }
    for name, data in seeds.items():
        write("goodput", name, data)
    return seeds


# Targets whose seeds are written by hand under fuzz/corpus/<target>/ (this script leaves them as
# they are), and the one of each that the whole import's corpus takes as well.
HAND_WRITTEN_IMPORT_SEEDS = {"nvrx": "two-cycles.log", "elastic": "two-attempts.jsonl"}


def main():
    shared = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(ROOT), "shared", "data")
    if not os.path.isdir(shared):
        print("make_corpus: no shared data at %s: only the project's own seeds" % shared, file=sys.stderr)
        shared = None
    for target in ("native", "chrome", "nsys", "mlperf", "log", "table", "slurm", "torchtitan", "onelogger", "goodput",
                   "import"):
        shutil.rmtree(os.path.join(OUT, target), ignore_errors=True)
    per_target = {
        "native": native_seeds(),
        "chrome": chrome_seeds(shared),
        "nsys": nsys_seeds(shared),
        "mlperf": mlperf_seeds(shared),
        "log": log_seeds(shared),
        "table": table_seeds(),
        "slurm": slurm_seeds(),
        "torchtitan": torchtitan_seeds(),
        "onelogger": onelogger_seeds(),
        "goodput": goodput_seeds(),
    }
    # The whole import detects the format: one or two seeds of each, under their own names.
    for target, seeds in per_target.items():
        for name in sorted(seeds)[:2]:
            write("import", target + "-" + name, seeds[name])
    for target, name in HAND_WRITTEN_IMPORT_SEEDS.items():
        write("import", target + "-" + name, read(os.path.join(OUT, target, name), "rb"))
    # Compressed content is detected by its magic bytes: a seed of each compression.
    every = per_target["native"]["every-field.ett.jsonl"]
    write("import", "native-every-field.ett.jsonl.gz", gz(every))
    compressed = zst(every)
    if compressed is None:
        print("make_corpus: no zstd command: no zstd seed (apt-get install zstd)", file=sys.stderr)
    else:
        write("import", "native-every-field.ett.jsonl.zst", compressed)


if __name__ == "__main__":
    main()
