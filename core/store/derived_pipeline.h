// The attribution of the jobs an import closes, off the connection's thread. An import attributes
// a job from memory when its records came together (core/store/importer.cpp); attributing and
// encoding it is pure work (DerivedUpdater::compute) that a second thread can do while the
// connection's thread goes on writing rows, which is what bounds an import. The connection's thread
// stores the results in the order the jobs were closed, so the database and the notes (issues) are
// the same as when each job was attributed at once. At most kMaxPending jobs wait, so memory stays
// flat whatever the file's size.
#pragma once

#include "core/model/accounting.h"
#include "core/model/result.h"
#include "core/store/derived.h"

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace ett::core {

class DerivedPipeline
{
public:
    static constexpr size_t kMaxPending = 256;
    // Jobs are handed to the computing thread this many at a time: one wake-up of it per job cost
    // more than most jobs' attribution (a futex call and two context switches).
    static constexpr size_t kHandOver = 32;

    // Starts the computing thread (without one, push() computes at once). Not copyable.
    DerivedPipeline();
    // Stops the thread; jobs not delivered are dropped (the caller's transaction is rolled back).
    ~DerivedPipeline();
    DerivedPipeline(const DerivedPipeline&) = delete;
    DerivedPipeline& operator=(const DerivedPipeline&) = delete;

    // Queues a job's accounting input (attemptIds: the attempt row ids in the order of
    // input.attempts); key is handed back to deliver()'s store.
    void push(int64_t jobId, std::string key, JobInput input, std::vector<int64_t> attemptIds);

    // Calls store for the jobs at the front whose results are ready, in the order they were pushed,
    // and waits for the front one while more than keepAtMost are queued (0: all of them). Stops at the
    // first error store returns. Called from the thread that pushes.
    using Store = std::function<Status(const DerivedUpdater::Computed&, const std::string& key)>;
    Status deliver(size_t keepAtMost, const Store& store);

    size_t pending() const { return m_tasks.size(); }

private:
    struct Task
    {
        int64_t jobId = 0;
        std::string key;
        JobInput input;
        std::vector<int64_t> attemptIds;
        std::optional<DerivedUpdater::Computed> done; // guarded by m_mutex until set
    };
    static DerivedUpdater::Computed computeTask(const Task& t);
    void work();
    // Queues the staged tasks for the computing thread and wakes it.
    void handOver();

    std::deque<std::unique_ptr<Task>> m_tasks; // the pushing thread's: pushed, not yet delivered
    std::vector<Task*> m_staged; // the pushing thread's: pushed, not yet handed over
    std::mutex m_mutex;
    std::condition_variable m_cv;
    std::deque<Task*> m_todo; // guarded by m_mutex: pushed, not yet computed
    bool m_stop = false; // guarded by m_mutex
    std::thread m_thread;
};

} // namespace ett::core
