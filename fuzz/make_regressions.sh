#!/bin/sh
# Writes the hostile inputs too large to keep in the repository into OUT/<target>/, for fuzz/run.sh
# to run once through each target, like the files of fuzz/regressions/. Each once crashed a reader
# (stack overflow in a recursive walk or in std::regex) or broke the store; now each must end in
# records or an Error. Deterministic; about 1.5 MB in all.
#
#     fuzz/make_regressions.sh OUT
set -eu

out="${1:?usage: make_regressions.sh OUT}"
for t in native chrome log slurm import; do
    mkdir -p "$out/$t"
done

# `n` copies of the one character `c`.
rep() {
    head -c "$2" /dev/zero | tr '\0' "$1"
}

# A JSON value nested 43,500 arrays deep.
deep() {
    rep '[' 43500
    rep ']' 43500
}

header='{"type":"header","format":"ett-trace","version":1,"time_unit":"s"}'

# 1. 43,500 nested arrays in an unknown field of a native record.
{
    printf '%s\n{"type":"job","job":"J1","gpus":8}\n' "$header"
    printf '{"type":"attempt","job":"J1","attempt":0,"start":0,"end":100,"host":'
    deep
    printf '}\n'
} >"$out/native/nested-43500-unknown-field.ett.jsonl"

# 2. 43,500 nested arrays in the args of a Chrome event.
{
    printf '[\n{"ph": "X", "name": "ProfilerStep#1", "cat": "user_annotation", "ts": 1, "dur": 10, "args": {"v": '
    deep
    printf '}}\n]\n'
} >"$out/chrome/args-nested-43500.json"

# 3. A Chrome event name of 30,000 characters that the preset's "DataLoader.*__next__" matches.
{
    printf '[\n{"ph": "X", "name": "ProfilerStep#1", "cat": "user_annotation", "ts": 1000, "dur": 100},\n'
    printf '{"ph": "X", "name": "DataLoader'
    rep x 30000
    printf '__next__", "cat": "user_annotation", "ts": 1200, "dur": 50}\n]\n'
} >"$out/chrome/dataloader-name-30000.json"

titan() {
    printf '[rank0]:[titan] 2025-03-01 %s - root - INFO - %s\n' "$1" "$2"
}

# 4. A console-log line of 26,000 characters (the preset's "(.*)$" runs over it).
{
    titan "10:00:00,000" "torchtitan version: 0.1"
    titan "10:00:10,000" "Training starts at step 1"
    titan "10:00:20,000" "$(rep x 26000)"
    titan "10:01:00,000" "step:  1  loss: 1.00"
} >"$out/log/line-26000.log"

# 5. An 80 KB exception line that a fault rule ("NCCL.*timed out") scans, after 40 traceback lines
#    of 24 KB each.
{
    titan "10:00:00,000" "torchtitan version: 0.1"
    titan "10:00:10,000" "Training starts at step 1"
    titan "10:01:00,000" "step:  1  loss: 1.00"
    printf '[rank0]: Traceback (most recent call last):\n'
    i=0
    while [ "$i" -lt 40 ]; do
        printf '[rank0]:   File "train.py", line %d, in f %s\n' "$i" "$(rep y 24000)"
        i=$((i + 1))
    done
    printf '[rank0]: torch.distributed.DistBackendError: NCCL communicator %s timed out\n' "$(rep z 80000)"
} >"$out/log/nccl-timeout-80k.log"

# 6. A sacct --json job nested 43,500 arrays deep in a field the reader skips, and a parsable row
#    of 200,000 fields.
{
    printf '{"jobs": [{"job_id": 1, "state": {"current": "COMPLETED"}, "comment": '
    deep
    printf '}], "meta": {"slurm": {}}}\n'
} >"$out/slurm/job-nested-43500.json"
{
    printf 'JobID|State|Start|End\n'
    rep '|' 200000
    printf '\n'
} >"$out/slurm/row-200000-fields.txt"

# The whole import detects each format by content: it gets them all.
for t in native chrome log slurm; do
    for f in "$out/$t"/*; do
        cp "$f" "$out/import/$t-$(basename "$f")"
    done
done
