// The reading side of an import: a second thread parses the file into batches of records while
// the importing thread stores the previous ones, so that the two cores overlap. Batches are
// handed over in file order from a bounded pool, which keeps memory flat whatever the file size.
#pragma once

#include "core/ingest/record_source.h"
#include "core/model/result.h"

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace ett::core {

inline constexpr size_t kBatchRecords = 8192;
inline constexpr size_t kBatchesInFlight = 4;

// Starts parsing `reader` on its own thread at construction; stop() (or the destructor) ends it.
// next() and stop() are called from one consuming thread.
class BatchPipeline
{
public:
    explicit BatchPipeline(RecordSource& reader);
    ~BatchPipeline() { stop(); }
    BatchPipeline(const BatchPipeline&) = delete;
    BatchPipeline& operator=(const BatchPipeline&) = delete;

    // The next batch in file order; nullptr at the end. Error when parsing failed.
    Result<RecordBatch*> next();

    // Ends the parsing thread (waits for its current batch). Idempotent.
    void stop();

    int64_t bytesRead() const { return m_bytesRead.load(std::memory_order_relaxed); }
    // Valid after stop(): time the parsing thread spent parsing, and this thread spent waiting.
    double parseSeconds() const { return m_parseSeconds; }
    double waitSeconds() const { return m_waitSeconds; }

private:
    void produce();

    RecordSource& m_reader;
    std::thread m_thread;
    std::mutex m_mutex;
    std::condition_variable m_cv;
    std::deque<std::unique_ptr<RecordBatch>> m_full;
    std::vector<std::unique_ptr<RecordBatch>> m_free;
    std::unique_ptr<RecordBatch> m_current;
    std::optional<Error> m_error;
    bool m_done = false;
    bool m_stop = false;
    std::atomic<int64_t> m_bytesRead { 0 };
    double m_parseSeconds = 0; // written by the parsing thread only
    double m_waitSeconds = 0; // written by the consuming thread only
};

} // namespace ett::core
