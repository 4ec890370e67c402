#include "app/service/bucket_intervals.h"

#include "app/service/excluded_intervals.h"

#include <algorithm>
#include <tuple>

namespace ett::app {

core::Result<core::Bucket> parseBucketName(const std::string& name)
{
    std::string valid;
    for (int b = 0; b < core::kBucketCount; ++b) {
        const auto bucket = static_cast<core::Bucket>(b);
        if (core::bucketName(bucket) == name) {
            return bucket;
        }
        valid += (b ? ", " : "") + std::string(core::bucketName(bucket));
    }
    return core::Error { "unknown bucket '" + name + "'; valid: " + valid };
}

const char* intervalSortName(IntervalSort sort)
{
    switch (sort) {
    case IntervalSort::GpuTime:
        return "gpu_hours";
    case IntervalSort::Duration:
        return "duration";
    case IntervalSort::Start:
        return "start";
    }
    return "";
}

core::Result<IntervalSort> parseIntervalSort(const std::string& name)
{
    for (const IntervalSort s : { IntervalSort::GpuTime, IntervalSort::Duration, IntervalSort::Start }) {
        if (name == intervalSortName(s)) {
            return s;
        }
    }
    return core::Error { "unknown sort '" + name + "' of intervals; valid: gpu_hours, duration, start" };
}

IntervalCollector::IntervalCollector(core::Bucket bucket, IntervalSort sort, int64_t limit)
    : m_limit(limit)
{
    m_out.bucket = bucket;
    m_out.sort = sort;
}

bool IntervalCollector::before(const BucketInterval& a, const BucketInterval& b) const
{
    auto ties = [](const BucketInterval& x) { return std::tie(x.label, x.key, x.startNs, x.attempt); };
    switch (m_out.sort) {
    case IntervalSort::GpuTime:
        if (a.gpuNs() != b.gpuNs()) {
            return a.gpuNs() > b.gpuNs();
        }
        break;
    case IntervalSort::Duration:
        if (a.durationNs() != b.durationNs()) {
            return a.durationNs() > b.durationNs();
        }
        break;
    case IntervalSort::Start:
        if (a.startNs != b.startNs) {
            return a.startNs < b.startNs;
        }
        break;
    }
    return ties(a) < ties(b);
}

void IntervalCollector::add(BucketInterval interval)
{
    if (interval.endNs <= interval.startNs) {
        return;
    }
    ++m_out.count;
    m_out.totalNs += interval.durationNs();
    m_out.totalGpuNs += interval.gpuNs();
    auto cmp = [this](const BucketInterval& a, const BucketInterval& b) { return before(a, b); };
    if (m_limit <= 0 || static_cast<int64_t>(m_heap.size()) < m_limit) {
        m_heap.push_back(std::move(interval));
        if (m_limit > 0 && static_cast<int64_t>(m_heap.size()) == m_limit) {
            std::make_heap(m_heap.begin(), m_heap.end(), cmp); // the last in order on top
        }
        return;
    }
    if (!before(interval, m_heap.front())) {
        return;
    }
    std::pop_heap(m_heap.begin(), m_heap.end(), cmp);
    m_heap.back() = std::move(interval);
    std::push_heap(m_heap.begin(), m_heap.end(), cmp);
}

BucketIntervals IntervalCollector::finish()
{
    std::sort(m_heap.begin(), m_heap.end(),
        [this](const BucketInterval& a, const BucketInterval& b) { return before(a, b); });
    m_out.rows = std::move(m_heap);
    m_heap.clear();
    return std::move(m_out);
}

void addOutsideExcluded(
    IntervalCollector& collect, const BucketInterval& interval, const std::vector<core::TimeSpan>& excluded)
{
    BucketInterval part = interval;
    for (const core::TimeSpan& x : excluded) {
        if (x.toNs <= part.startNs || x.fromNs >= interval.endNs) {
            continue;
        }
        if (x.fromNs > part.startNs) {
            part.endNs = x.fromNs;
            collect.add(part);
        }
        part.startNs = std::min(interval.endNs, x.toNs);
    }
    part.endNs = interval.endNs;
    if (part.startNs < part.endNs) {
        collect.add(std::move(part));
    }
}

} // namespace ett::app
