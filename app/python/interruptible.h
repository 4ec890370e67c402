// Ctrl+C during a long call. Python runs its signal handlers only between bytecodes of the main
// thread, so a call that computes under the GIL for seconds cannot be interrupted. Instead the
// service's work runs on a worker thread with the GIL released, while the calling thread waits in
// short slices and asks Python for pending signals (PyErr_CheckSignals) between them. On a signal
// the workspace's cancel flag stops the work (a load's statements end, a store's request is
// abandoned), the worker is joined, and the signal's exception (KeyboardInterrupt) is raised. The
// service only reads during a query, so the database is as it was; a load cut short keeps the
// fleet held before, or none (the next call loads again).
#pragma once

#include "app/python/binding_common.h"

#include <chrono>
#include <exception>
#include <future>
#include <pybind11/pybind11.h>
#include <thread>
#include <utility>

namespace ett::app::python {

namespace py = pybind11;

// The slice the calling thread waits between two looks at pending signals.
inline constexpr std::chrono::milliseconds kSignalSlice { 50 };

// One call at a time on a workspace: a second Python thread's call while one runs (its work on a
// worker thread, without the GIL) is EttwError rather than a data race.
class CallGuard
{
public:
    explicit CallGuard(PythonWorkspace& ws)
        : m_ws(ws)
    {
        if (m_ws.busyFlag().exchange(true)) {
            throw EttwError("another call is running on this workspace (one call at a time)");
        }
    }
    ~CallGuard() { m_ws.busyFlag() = false; }
    CallGuard(const CallGuard&) = delete;
    CallGuard& operator=(const CallGuard&) = delete;

private:
    PythonWorkspace& m_ws;
};

// Runs `compute()` (which must touch no Python object) on a worker thread while the caller, which
// holds the GIL, waits; returns its value or rethrows its exception. Raises KeyboardInterrupt (or
// what a signal handler raised) after cancelling and joining, and EttwError when another call is
// already running on `ws` (a second Python thread).
template <typename F> auto interruptible(PythonWorkspace& ws, F&& compute) -> decltype(compute())
{
    using T = decltype(compute());
    const CallGuard guard(ws);
    ws.cancelFlag() = false;
    std::packaged_task<T()> task(std::forward<F>(compute));
    std::future<T> result = task.get_future();
    bool interrupted = false;
    {
        std::thread worker(std::move(task));
        // 1. Wait in slices, without the GIL; between slices, with it, run Python's signal handlers.
        for (;;) {
            bool done = false;
            {
                py::gil_scoped_release unlocked;
                done = result.wait_for(kSignalSlice) == std::future_status::ready;
            }
            if (done) {
                break;
            }
            if (PyErr_CheckSignals() != 0) {
                // 2. A handler raised: stop the work and wait for it to end (it only reads).
                interrupted = true;
                ws.cancelFlag() = true;
                py::gil_scoped_release unlocked;
                result.wait();
                break;
            }
        }
        worker.join();
    }
    if (interrupted) {
        throw py::error_already_set(); // the handler's exception, still set
    }
    return result.get();
}

} // namespace ett::app::python
