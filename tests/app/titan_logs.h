// Console logs as torchtitan writes them, for the tests of chaining runs (core/ingest/log_runs.h):
// a run that completes and one that dies of an out-of-memory error, on 2025-03-01.
#pragma once

#include <string>

namespace ett::test {

// A torchtitan trainer line of rank 0 on 2025-03-01 ("10:00:05,000").
inline std::string titanLine(const std::string& time, const std::string& msg)
{
    return "[rank0]:[titan] 2025-03-01 " + time + " - root - INFO - " + msg + "\n";
}

// A run that starts at hh:mm:00 and completes 30 s later.
inline std::string completedRun(const std::string& hhmm)
{
    return titanLine(hhmm + ":00,000", "torchtitan version: 0.1")
        + titanLine(hhmm + ":05,000", "Training starts at step 1") + titanLine(hhmm + ":10,000", "step:  1  loss: 3")
        + titanLine(hhmm + ":30,000", "Training completed");
}

// A run that starts at hh:mm:00 and dies of an out-of-memory error 20 s later.
inline std::string oomRun(const std::string& hhmm)
{
    return titanLine(hhmm + ":00,000", "torchtitan version: 0.1")
        + titanLine(hhmm + ":05,000", "Training starts at step 1") + titanLine(hhmm + ":10,000", "step:  1  loss: 3")
        + "[rank0]:Traceback (most recent call last):\n[rank0]:  File \"train.py\", line 1, in step\n"
          "[rank0]:torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n"
        + "E0301 " + hhmm + ":20.000000 1 api.py:988] failed (exitcode: 1) local_rank: 0 of binary: python\n";
}

} // namespace ett::test
