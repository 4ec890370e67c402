#include "core/store/batch_pipeline.h"

#include <chrono>
#include <new>

namespace ett::core {

BatchPipeline::BatchPipeline(RecordSource& reader)
    : m_reader(reader)
{
    for (size_t i = 0; i < kBatchesInFlight; ++i) {
        m_free.push_back(std::make_unique<RecordBatch>());
    }
    m_thread = std::thread([this] { produce(); });
}

Result<RecordBatch*> BatchPipeline::next()
{
    if (m_current) {
        std::lock_guard lock(m_mutex);
        m_free.push_back(std::move(m_current));
        m_cv.notify_all();
    }
    std::unique_lock lock(m_mutex);
    const auto waitStart = std::chrono::steady_clock::now();
    m_cv.wait(lock, [&] { return !m_full.empty() || m_done; });
    m_waitSeconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - waitStart).count();
    if (!m_full.empty()) {
        m_current = std::move(m_full.front());
        m_full.pop_front();
        return m_current.get();
    }
    if (m_error) {
        return *m_error;
    }
    return static_cast<RecordBatch*>(nullptr);
}

void BatchPipeline::stop()
{
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
        m_cv.notify_all();
    }
    if (m_thread.joinable()) {
        m_thread.join();
    }
}

void BatchPipeline::produce()
{
    while (true) {
        std::unique_ptr<RecordBatch> batch;
        {
            std::unique_lock lock(m_mutex);
            m_cv.wait(lock, [&] { return !m_free.empty() || m_stop; });
            if (m_stop) {
                break;
            }
            batch = std::move(m_free.back());
            m_free.pop_back();
        }
        const auto parseStart = std::chrono::steady_clock::now();
        Result<bool> more = false;
        try {
            more = m_reader.nextBatch(*batch, kBatchRecords);
        } catch (const std::bad_alloc&) {
            // An exception must not leave this thread (std::terminate): it ends the import instead.
            more = Error { m_reader.source().path() + ": out of memory while reading it, after "
                + std::to_string(m_reader.recordsRead()) + " records" };
        }
        m_parseSeconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - parseStart).count();
        m_bytesRead.store(m_reader.source().rawBytesRead(), std::memory_order_relaxed);
        std::lock_guard lock(m_mutex);
        if (!more) {
            m_error = more.error();
            m_done = true;
            m_cv.notify_all();
            break;
        }
        if (batch->size() > 0) {
            m_full.push_back(std::move(batch));
        } else {
            m_free.push_back(std::move(batch));
        }
        if (!*more) {
            m_done = true;
            m_cv.notify_all();
            break;
        }
        m_cv.notify_all();
    }
    std::lock_guard lock(m_mutex);
    m_done = true;
    m_cv.notify_all();
}

} // namespace ett::core
