#!/usr/bin/env python3
"""A small training script instrumented with ett_trace: the pattern to copy into a real one.

It trains a tiny MLP with PyTorch when torch can be imported (GPU when there is one), and
otherwise (or with --simulate) simulates the same loop with millisecond sleeps, so that it runs
anywhere in a second or so. Either way it writes one native ETT trace per rank and shows:

  init phases            imports, device init, process group (multi-rank), model creation
  checkpoint_load        when a checkpoint exists in --ckpt-dir (a restarted attempt resumes)
  compile                the first step (torch.compile with --compile, else the warm-up step)
  train                  every step, through tracer.step()
  checkpoint_save        every --ckpt-every steps: the blocking snapshot is a checkpoint_save
                         phase; a background thread writes the file and marks it durable
  eval                   every --eval-every steps
  a fault                --fail-at-step N raises ett_trace.Fault at step N: the attempt is
                         recorded as failed (cause, interrupted_at) and the file stays valid
  shutdown               waiting for the last uploads, tearing down

    python3 example_train.py --out traces                       # attempt 0 (or $ETT_ATTEMPT)
    python3 example_train.py --out traces --fail-at-step 25     # fails at step 25: exit 1
    ettw import --db fleet.db traces/trace-*.ett.jsonl && ettw job --db fleet.db example-job

Under torchrun every rank writes traces/trace-<job>-a<restart>-r<rank>.ett.jsonl.
"""

import argparse
import json
import os
import re
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ett_trace  # noqa: E402  (found next to this file)


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--job", default=os.environ.get("ETT_JOB_ID", "example-job"), help="job identifier")
    p.add_argument("--attempt", type=int, default=None, help="attempt number (default: from the environment)")
    p.add_argument("--out", default="traces", help="directory for the trace files")
    p.add_argument("--ckpt-dir", default=None, help="checkpoint directory (default: OUT/ckpt-JOB)")
    p.add_argument("--steps", type=int, default=40, help="train steps in all")
    p.add_argument("--ckpt-every", type=int, default=10, help="save a checkpoint every N steps")
    p.add_argument("--eval-every", type=int, default=20, help="evaluate every N steps")
    p.add_argument("--step-ms", type=float, default=5.0, help="simulated step time in ms")
    p.add_argument("--fail-at-step", type=int, default=None, help="inject a fault at this step")
    p.add_argument("--fail-cause", default="infra.gpu.injected", help="cause of the injected fault")
    p.add_argument("--simulate", action="store_true", help="do not use torch even when it is installed")
    p.add_argument("--compile", action="store_true", help="torch.compile the model (slow to start)")
    p.add_argument("--heartbeat-s", type=float, default=None, help="trace heartbeat (default: 30 s or env)")
    return p.parse_args(argv)


def sleep_ms(ms):
    time.sleep(ms / 1000.0)


class SimulatedBackend:
    """The same calls as TorchBackend, made of sleeps: for CI and machines without torch."""

    name = "simulated"

    def __init__(self, args):
        self.args = args

    def init_device(self):
        sleep_ms(10)

    def init_process_group(self):
        sleep_ms(10)

    def build_model(self):
        sleep_ms(15)
        self.weights = [0.0] * 4

    def first_batch(self):
        sleep_ms(5)

    def train_step(self, first):
        sleep_ms(40 if first else self.args.step_ms)  # the first step compiles

    def snapshot(self, step):
        sleep_ms(3)  # copy the state to host memory: training waits for this part
        return {"step": step, "weights": list(self.weights)}

    def write(self, snapshot, path):
        sleep_ms(15)  # the slow part, off the training thread
        with open(path, "w") as f:
            json.dump(snapshot, f)
            f.flush()
            os.fsync(f.fileno())

    def load(self, path):
        sleep_ms(8)
        with open(path) as f:
            state = json.load(f)
        self.weights = state["weights"]
        return state["step"]

    def evaluate(self):
        sleep_ms(20)

    def teardown(self):
        sleep_ms(5)


class TorchBackend:
    """A tiny MLP on random data; DDP when launched with several ranks."""

    name = "torch"

    def __init__(self, args):
        import torch  # noqa: F401  (timed as init.imports by the caller)

        self.torch = torch
        self.args = args
        self.ddp = False

    def _sync(self):
        if self.device.type == "cuda":
            self.torch.cuda.synchronize()  # a step ends when the GPU is done, not at launch

    def init_device(self):
        torch = self.torch
        if torch.cuda.is_available():
            torch.cuda.set_device(int(os.environ.get("LOCAL_RANK", "0")))
            self.device = torch.device("cuda")
        else:
            self.device = torch.device("cpu")
        torch.ones(1, device=self.device).sum().item()

    def init_process_group(self):
        import torch.distributed as dist

        dist.init_process_group("nccl" if self.device.type == "cuda" else "gloo")
        self.ddp = True

    def build_model(self):
        torch = self.torch
        torch.manual_seed(0)
        self.core = torch.nn.Sequential(torch.nn.Linear(64, 256), torch.nn.ReLU(), torch.nn.Linear(256, 1))
        self.core.to(self.device)
        self.optimizer = torch.optim.SGD(self.core.parameters(), lr=0.01)
        model = self.core
        if self.ddp:
            model = torch.nn.parallel.DistributedDataParallel(model)
        if self.args.compile:
            model = torch.compile(model)
        self.model = model

    def first_batch(self):
        torch = self.torch
        self.x = torch.randn(512, 64, device=self.device)
        self.y = torch.randn(512, 1, device=self.device)
        self._sync()

    def train_step(self, first):
        loss = self.torch.nn.functional.mse_loss(self.model(self.x), self.y)
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        self._sync()

    def snapshot(self, step):
        state = {k: v.detach().to("cpu", copy=True) for k, v in self.core.state_dict().items()}
        return {"step": step, "model": state}

    def write(self, snapshot, path):
        with open(path, "wb") as f:
            self.torch.save(snapshot, f)
            f.flush()
            os.fsync(f.fileno())

    def load(self, path):
        state = self.torch.load(path, map_location=self.device)
        self.core.load_state_dict(state["model"])
        return int(state["step"])

    def evaluate(self):
        with self.torch.no_grad():
            self.model(self.x).sum().item()

    def teardown(self):
        if self.ddp:
            import torch.distributed as dist

            dist.destroy_process_group()


def make_backend(args):
    """torch when it can be imported (and --simulate is not given), else the simulation."""
    if not args.simulate:
        try:
            return TorchBackend(args)
        except ImportError:
            pass
    return SimulatedBackend(args)


def latest_checkpoint(ckpt_dir):
    """The newest complete checkpoint file (written under a temporary name, then renamed)."""
    best = None
    for entry in os.listdir(ckpt_dir):
        m = re.fullmatch(r"step-(\d+)\.ckpt", entry)
        if m and (best is None or int(m.group(1)) > best[0]):
            best = (int(m.group(1)), os.path.join(ckpt_dir, entry))
    return best[1] if best else None


def save_in_background(backend, snapshot, ckpt_dir, ck):
    """Writes a snapshot, then tells the tracer it is durable (restorable)."""

    def run():
        final = os.path.join(ckpt_dir, "step-%d.ckpt" % snapshot["step"])
        try:
            backend.write(snapshot, final + ".tmp")
            os.replace(final + ".tmp", final)
            ck.durable()
        except Exception as e:
            print("example_train: checkpoint %s failed: %s" % (final, e), file=sys.stderr)
            ck.failed()

    thread = threading.Thread(target=run, name="ckpt-step-%d" % snapshot["step"])
    thread.start()
    return thread


def train(args, tr):
    rank = tr.rank
    with tr.phase("init.imports"):
        backend = make_backend(args)
    with tr.phase("init.device_init"):
        backend.init_device()
    if tr.world_size > 1:
        with tr.phase("init.process_group_init"):
            backend.init_process_group()
    with tr.phase("init.train_module_creation"):
        backend.build_model()

    ckpt_dir = args.ckpt_dir or os.path.join(args.out, "ckpt-" + re.sub(r"[^A-Za-z0-9._-]", "_", args.job))
    os.makedirs(ckpt_dir, exist_ok=True)
    done = 0
    resume = latest_checkpoint(ckpt_dir)
    if resume:
        with tr.phase("checkpoint_load", name=os.path.basename(resume)):
            done = backend.load(resume)

    with tr.phase("init.get_first_batch_data"):
        backend.first_batch()

    uploads = []
    for step in range(done + 1, args.steps + 1):
        first = step == done + 1
        # The first step compiles (torch.compile) or warms up kernels: it is not productive.
        timed = tr.phase("compile.pt2" if args.compile else "compile.warmup") if first else tr.step(step)
        with timed:
            tr.last_step = step
            if step == args.fail_at_step:
                raise ett_trace.Fault(args.fail_cause, "injected fault at step %d (--fail-at-step)" % step)
            backend.train_step(first)

        if step % args.ckpt_every == 0:
            # Blocking part: snapshot the state. The write runs in the background and marks the
            # checkpoint durable when the file is complete.
            with tr.checkpoint_save(step, durable_later=True) as ck:
                snapshot = backend.snapshot(step) if rank == 0 else None
            if snapshot is not None:
                uploads.append(save_in_background(backend, snapshot, ckpt_dir, ck))

        if step % args.eval_every == 0:
            with tr.phase("eval"):
                backend.evaluate()

    with tr.phase("shutdown.publish", name="wait for checkpoint writes"):
        for thread in uploads:
            thread.join()
    with tr.phase("shutdown.teardown"):
        backend.teardown()
    return backend.name


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    tracer = ett_trace.Tracer(
        job=args.job,
        attempt=args.attempt,
        out_dir=args.out,
        name="ett_trace example",
        attrs={"team": "examples", "model": "tiny-mlp"},
        heartbeat_s=args.heartbeat_s,
    )
    try:
        with tracer:
            backend = train(args, tracer)
    except ett_trace.Fault as e:
        print("example_train: %s; trace: %s" % (e, tracer.path), file=sys.stderr)
        return 1
    print("example_train: %s run completed; trace: %s" % (backend, tracer.path))
    return 0


if __name__ == "__main__":
    sys.exit(main())
