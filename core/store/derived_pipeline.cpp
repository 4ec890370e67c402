#include "core/store/derived_pipeline.h"

#include <exception>
#include <new>
#include <system_error>
#include <utility>

namespace ett::core {

DerivedPipeline::DerivedPipeline()
{
    try {
        m_thread = std::thread([this] { work(); });
    } catch (const std::system_error&) {
        // No second thread to be had: push() computes on the caller's.
    }
}

DerivedPipeline::~DerivedPipeline()
{
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
        m_todo.clear();
    }
    m_cv.notify_all();
    if (m_thread.joinable()) {
        m_thread.join();
    }
}

DerivedUpdater::Computed DerivedPipeline::computeTask(const Task& t)
{
    try {
        return DerivedUpdater::compute(t.jobId, t.input, t.attemptIds);
    } catch (const std::bad_alloc&) {
        DerivedUpdater::Computed failed;
        failed.jobId = t.jobId;
        failed.error = Error { "out of memory while attributing job " + std::to_string(t.jobId) };
        return failed;
    } catch (const std::exception& e) {
        DerivedUpdater::Computed failed;
        failed.jobId = t.jobId;
        failed.error = Error { "job " + std::to_string(t.jobId) + ": " + e.what() };
        return failed;
    }
}

void DerivedPipeline::push(int64_t jobId, std::string key, JobInput input, std::vector<int64_t> attemptIds)
{
    auto task = std::make_unique<Task>();
    task->jobId = jobId;
    task->key = std::move(key);
    task->input = std::move(input);
    task->attemptIds = std::move(attemptIds);
    Task* t = task.get();
    m_tasks.push_back(std::move(task));
    if (!m_thread.joinable()) {
        t->done = computeTask(*t);
        return;
    }
    m_staged.push_back(t);
    if (m_staged.size() >= kHandOver) {
        handOver();
    }
}

void DerivedPipeline::handOver()
{
    if (m_staged.empty()) {
        return;
    }
    {
        std::lock_guard lock(m_mutex);
        m_todo.insert(m_todo.end(), m_staged.begin(), m_staged.end());
    }
    m_staged.clear();
    m_cv.notify_all();
}

void DerivedPipeline::work()
{
    std::unique_lock lock(m_mutex);
    while (true) {
        m_cv.wait(lock, [&] { return m_stop || !m_todo.empty(); });
        if (m_stop) {
            return;
        }
        Task* t = m_todo.front();
        m_todo.pop_front();
        lock.unlock();
        DerivedUpdater::Computed computed = computeTask(*t);
        lock.lock();
        t->done = std::move(computed);
        m_cv.notify_all();
    }
}

Status DerivedPipeline::deliver(size_t keepAtMost, const Store& store)
{
    if (m_tasks.size() > keepAtMost) {
        handOver(); // it will wait for the front one: that must be on its way
    }
    while (!m_tasks.empty()) {
        Task& front = *m_tasks.front();
        {
            std::unique_lock lock(m_mutex);
            if (!front.done) {
                if (m_tasks.size() <= keepAtMost) {
                    return Status::success();
                }
                m_cv.wait(lock, [&] { return front.done.has_value(); });
            }
        }
        // Set, and never written again by the computing thread: read without the lock.
        const Status st = store(*front.done, front.key);
        m_tasks.pop_front();
        if (!st) {
            return st;
        }
    }
    return Status::success();
}

} // namespace ett::core
