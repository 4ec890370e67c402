#include "core/ingest/record_source.h"

#include <algorithm>

namespace ett::core {

void IssueCounter::add(IssueKind kind, const std::string& detail, int64_t line, const std::string& example)
{
    add(kind, detail, line, example, 1);
}

void IssueCounter::add(IssueKind kind, const std::string& detail, int64_t line, const std::string& example, int64_t n)
{
    auto key = std::make_pair(std::string(issueKindName(kind)), detail);
    const std::string& name = key.first;
    auto it = m_entries.find(key);
    if (it == m_entries.end()) {
        if (m_detailsPerKind[name] >= kMaxDetailsPerKind) {
            key.second = "(other)";
            it = m_entries.find(key);
        }
        if (it == m_entries.end()) {
            ++m_detailsPerKind[name];
            it = m_entries.emplace(key, Entry { 0, line, example }).first;
        }
    }
    it->second.count += n;
}

int64_t IssueCounter::total() const
{
    int64_t n = 0;
    for (const auto& [key, e] : m_entries) {
        n += e.count;
    }
    return n;
}

void IssueCounter::merge(const IssueCounter& other)
{
    for (const auto& [key, e] : other.m_entries) {
        auto it = m_entries.find(key);
        if (it == m_entries.end()) {
            m_entries.emplace(key, e);
            ++m_detailsPerKind[key.first];
        } else {
            it->second.count += e.count;
            it->second.firstLine = std::min(it->second.firstLine, e.firstLine);
        }
    }
}

namespace {
// Returns the next reusable slot of v, reset to defaults but keeping its strings' capacity.
template <typename T, typename Reset> T& nextSlot(std::vector<T>& v, size_t& used, Reset&& reset)
{
    if (used == v.size()) {
        v.emplace_back();
    } else {
        reset(v[used]);
    }
    return v[used];
}
} // namespace

void RecordBatch::clear()
{
    order.clear();
    m_used = {};
}

JobRecord& RecordBatch::newJob()
{
    return nextSlot(jobs, m_used[0], [](JobRecord& r) {
        r.job.clear();
        r.name.clear();
        r.gpus.reset();
        r.submittedNs.reset();
        r.attrs.clear();
    });
}

AttemptRecord& RecordBatch::newAttempt()
{
    return nextSlot(attempts, m_used[1], [](AttemptRecord& r) {
        r.job.clear();
        r.attempt = 0;
        r.startNs = r.endNs = 0;
        r.gpus.reset();
        r.outcome = Outcome::Completed;
        r.interruptedAtNs.reset();
        r.cause.clear();
        r.symptom = Symptom::None;
        r.detail.clear();
    });
}

PhaseRecord& RecordBatch::newPhase()
{
    return nextSlot(phases, m_used[2], [](PhaseRecord& r) {
        r.job.clear();
        r.attempt = 0;
        r.category = Category::Train;
        r.subcategory.clear();
        r.startNs = r.endNs = 0;
        r.rank = -1;
        r.name.clear();
    });
}

CheckpointRecord& RecordBatch::newCheckpoint()
{
    return nextSlot(checkpoints, m_used[3], [](CheckpointRecord& r) {
        r.job.clear();
        r.attempt = 0;
        r.step.reset();
        r.startNs = 0;
        r.durableNs.reset();
        r.failed = false;
    });
}

RankRecord& RecordBatch::newRank()
{
    return nextSlot(ranks, m_used[4], [](RankRecord& r) {
        r.job.clear();
        r.attempt = 0;
        r.rank = 0;
        r.host.clear();
    });
}

void RecordBatch::commit(RecordKind kind, int64_t line)
{
    auto& used = m_used[static_cast<size_t>(kind)];
    order.push_back({ kind, static_cast<uint32_t>(used), line });
    ++used;
}

void RecordBatch::add(const JobRecord& r, int64_t line)
{
    newJob() = r;
    commit(RecordKind::Job, line);
}

void RecordBatch::add(const AttemptRecord& r, int64_t line)
{
    newAttempt() = r;
    commit(RecordKind::Attempt, line);
}

void RecordBatch::add(const PhaseRecord& r, int64_t line)
{
    newPhase() = r;
    commit(RecordKind::Phase, line);
}

void RecordBatch::add(const CheckpointRecord& r, int64_t line)
{
    newCheckpoint() = r;
    commit(RecordKind::Checkpoint, line);
}

void RecordBatch::add(const RankRecord& r, int64_t line)
{
    newRank() = r;
    commit(RecordKind::Rank, line);
}

} // namespace ett::core
