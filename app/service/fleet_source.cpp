// What every fleet source shares: the defaults of FleetSource (worst jobs ranked over jobs(), the
// density binned from the fleet timeline, duration percentiles from the lists), the density grid,
// and the errors naming what a fleet lacks.
#include "app/service/fleet_source.h"

#include "app/service/job_ranking.h"
#include "core/model/names_text.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string_view>
#include <tuple>

namespace ett::app {

core::Error unknownGrouping(const std::string& groupBy, const std::vector<std::string>& attrKeys)
{
    std::vector<std::string> keys = attrKeys;
    std::sort(keys.begin(), keys.end());
    std::string choices = "job, label";
    for (const auto& k : keys) {
        choices += ", " + k;
    }
    return core::Error { "cannot group by '" + groupBy + "': no job has this attribute (choose one of: " + choices
        + ")" };
}

core::Error unknownLabel(const std::string& label, const std::string& where, const std::vector<std::string>& labels)
{
    return core::Error { "no dataset label '" + label + "' in " + where + " (labels: " + core::knownNames(labels)
        + ")" };
}

std::vector<core::DurationSample> durationSamplesOf(const PhaseDurations& durations)
{
    struct Named
    {
        int category;
        std::string_view sub;
        const std::string* name;
        const std::vector<int64_t>* values;
    };
    std::vector<Named> named;
    for (const auto& [name, values] : durations) {
        if (values.empty()) {
            continue;
        }
        const size_t dot = name.find('.');
        const std::string_view sub
            = dot == std::string::npos ? std::string_view() : std::string_view(name).substr(dot + 1);
        const auto category = core::parseCategory(std::string_view(name).substr(0, dot));
        named.push_back({ category ? static_cast<int>(*category) : 256, sub, &name, &values });
    }
    std::sort(named.begin(), named.end(),
        [](const Named& x, const Named& y) { return std::tie(x.category, x.sub) < std::tie(y.category, y.sub); });
    std::vector<core::DurationSample> out;
    for (const Named& n : named) {
        out.push_back({ *n.name, static_cast<int64_t>(n.values->size()), core::percentilesOfSorted(*n.values) });
    }
    return out;
}

std::vector<int64_t> capSamples(std::vector<int64_t> sorted)
{
    const size_t n = sorted.size();
    const size_t m = DistributionSamples::kMaxSamples;
    if (n <= m) {
        return sorted;
    }
    std::vector<int64_t> out(m);
    for (size_t i = 0; i < m; ++i) {
        out[i] = sorted[i * (n - 1) / (m - 1)]; // no overflow: n - 1 < 2^64 / m for any fleet in memory
    }
    return out;
}

core::Result<ChartedDurations> FleetSource::chartedPhaseDurations(const core::CohortSpec& cohort)
{
    auto lists = phaseDurations(cohort);
    if (!lists) {
        return lists.error();
    }
    ChartedDurations out;
    out.samples = durationSamplesOf(*lists);
    for (auto& [name, values] : *lists) {
        out.thinned.emplace(name, capSamples(std::move(values)));
    }
    return out;
}

core::Result<std::vector<core::DurationSample>> FleetSource::durationPercentiles(const core::CohortSpec& cohort)
{
    auto lists = phaseDurations(cohort);
    if (!lists) {
        return lists.error();
    }
    return durationSamplesOf(*lists);
}

core::Result<std::vector<std::vector<core::DurationSample>>> FleetSource::durationPercentilesEach(
    const std::vector<core::CohortSpec>& cohorts)
{
    std::vector<std::vector<core::DurationSample>> out;
    out.reserve(cohorts.size());
    for (const auto& cohort : cohorts) {
        auto samples = durationPercentiles(cohort);
        if (!samples) {
            return samples.error();
        }
        out.push_back(std::move(*samples));
    }
    return out;
}

core::Result<std::vector<JobSummary>> FleetSource::worstJobs(
    const core::CohortSpec& scope, const std::string& sort, int64_t limit)
{
    auto jobs = this->jobs(scope);
    if (!jobs) {
        return jobs.error();
    }
    return rankJobs(std::move(*jobs), sort, limit);
}

core::Result<gpu::Series> FleetSource::series(const core::CohortSpec& scope, gpu::Calendar every)
{
    return seriesEvery(scope, gpu::calendarWidthNs(every), gpu::calendarAlignNs(every), std::nullopt);
}

std::vector<JobSummary> rankJobs(std::vector<JobSummary> jobs, const std::string& sort, int64_t limit)
{
    // Only the kept are moved (a job's summary is large: names and figures).
    std::vector<size_t> candidates;
    for (size_t i = 0; i < jobs.size(); ++i) {
        if (jobs[i].figures.attempts != 0) {
            candidates.push_back(i);
        }
    }
    const auto order = rankedIndexes(
        std::move(candidates), [&](size_t i) -> const core::Figures& { return jobs[i].figures; },
        [&](size_t i) -> const std::string& { return jobs[i].label; },
        [&](size_t i) -> const std::string& { return jobs[i].key; }, sort, limit);
    std::vector<JobSummary> out;
    out.reserve(order.size());
    for (const size_t i : order) {
        out.push_back(std::move(jobs[i]));
    }
    return out;
}

core::Result<FleetDensity> FleetSource::fleetDensity(
    const core::CohortSpec& scope, int64_t fromNs, int64_t toNs, int columns, int maxRows)
{
    if (toNs <= fromNs || columns <= 0 || maxRows <= 0) {
        return FleetDensityBuilder::empty(fromNs, toNs);
    }
    auto data = fleetTimeline(scope, fromNs, toNs, std::numeric_limits<int>::max());
    if (!data) {
        return data.error();
    }
    int64_t lo = toNs;
    int64_t hi = fromNs;
    for (const FleetTimelineRow& row : data->rows) {
        for (const FleetTimelineRow::Span& s : row.spans) {
            lo = std::min(lo, s.startNs);
            hi = std::max(hi, s.endNs);
        }
    }
    if (hi <= lo) {
        return FleetDensityBuilder::empty(fromNs, toNs);
    }
    FleetDensityBuilder builder(lo, hi, columns, static_cast<int64_t>(data->rows.size()), maxRows);
    for (const FleetTimelineRow& row : data->rows) {
        builder.beginJob(row.job, row.key);
        for (const FleetTimelineRow::Span& s : row.spans) {
            builder.addSpan(s.startNs, s.endNs, s.bucket);
        }
        for (const FleetTimelineRow::Fault& f : row.faults) {
            builder.addFault(f.atNs);
        }
    }
    return builder.finish();
}

FleetDensity FleetDensityBuilder::empty(int64_t fromNs, int64_t toNs)
{
    FleetDensity d;
    d.fromNs = fromNs;
    d.toNs = toNs;
    d.rowFirstJob = { 0 };
    return d;
}

FleetDensityBuilder::FleetDensityBuilder(int64_t fromNs, int64_t toNs, int columns, int64_t jobs, int maxRows)
{
    m_d.fromNs = fromNs;
    m_d.toNs = std::max(toNs, fromNs + 1);
    // No bin narrower than a nanosecond.
    m_d.columns = static_cast<int>(std::clamp<int64_t>(columns, 1, m_d.toNs - m_d.fromNs));
    m_d.jobs = std::max<int64_t>(jobs, 0);
    m_d.rows = static_cast<int>(std::min<int64_t>(m_d.jobs, std::max(maxRows, 1)));
    const auto cells = static_cast<size_t>(m_d.rows) * static_cast<size_t>(m_d.columns);
    m_d.cellBucket.assign(cells, FleetDensity::kNone);
    m_d.cellCover.assign(cells, 0);
    m_d.bucketNs.assign(static_cast<size_t>(core::kBucketCount) * static_cast<size_t>(m_d.columns), 0);
    m_d.faults.assign(static_cast<size_t>(m_d.columns), 0);
    // Band r holds jobs [r * jobs / rows, (r + 1) * jobs / rows): sizes differ by one at most.
    m_d.rowFirstJob.resize(static_cast<size_t>(m_d.rows) + 1);
    for (int r = 0; r <= m_d.rows; ++r) {
        m_d.rowFirstJob[static_cast<size_t>(r)] = m_d.rows == 0 ? 0 : m_d.jobs * r / m_d.rows;
    }
    m_d.rowKeys.resize(static_cast<size_t>(m_d.rows));
    m_d.rowJobs.assign(static_cast<size_t>(m_d.rows), -1);
    m_band.assign(static_cast<size_t>(m_d.columns) * core::kBucketCount, 0);
}

void FleetDensityBuilder::beginJob(JobIndex job, const std::string& key)
{
    ++m_job;
    if (m_job >= m_d.jobs) {
        return; // more jobs than announced: ignored
    }
    // 1. A job past its band's last: the band is done.
    while (m_row + 1 < m_d.rows && m_job >= m_d.rowFirstJob[static_cast<size_t>(m_row) + 1]) {
        flushBand();
        ++m_row;
        m_d.rowKeys[static_cast<size_t>(m_row)] = key;
        m_d.rowJobs[static_cast<size_t>(m_row)] = job;
    }
}

void FleetDensityBuilder::addSpan(int64_t startNs, int64_t endNs, uint8_t bucket)
{
    startNs = std::max(startNs, m_d.fromNs);
    endNs = std::min(endNs, m_d.toNs);
    if (m_row < 0 || m_job >= m_d.jobs || startNs >= endNs || bucket >= core::kBucketCount) {
        return;
    }
    ++m_d.spans;
    // 2. The span's time in each bin it touches.
    for (int c = m_d.binAt(startNs); c < m_d.columns; ++c) {
        const int64_t b0 = std::max(startNs, m_d.binStartNs(c));
        const int64_t b1 = std::min(endNs, m_d.binStartNs(c + 1));
        if (b0 >= endNs) {
            break;
        }
        if (b1 > b0) {
            m_band[static_cast<size_t>(c) * core::kBucketCount + bucket] += b1 - b0;
            m_d.bucketNs[static_cast<size_t>(bucket) * static_cast<size_t>(m_d.columns) + static_cast<size_t>(c)]
                += b1 - b0;
        }
    }
}

void FleetDensityBuilder::addFault(int64_t atNs)
{
    if (m_job < m_d.jobs && atNs >= m_d.fromNs && atNs <= m_d.toNs) {
        ++m_d.faults[static_cast<size_t>(m_d.binAt(std::min(atNs, m_d.toNs - 1)))];
    }
}

void FleetDensityBuilder::flushBand()
{
    if (m_row < 0 || m_row >= m_d.rows) {
        return;
    }
    // 3. Per bin of the band: the bucket with most time, and how much of jobs x time is covered.
    const int64_t bandJobs
        = m_d.rowFirstJob[static_cast<size_t>(m_row) + 1] - m_d.rowFirstJob[static_cast<size_t>(m_row)];
    for (int c = 0; c < m_d.columns; ++c) {
        int64_t* sums = m_band.data() + static_cast<size_t>(c) * core::kBucketCount;
        int64_t total = 0;
        int best = -1;
        for (int b = 0; b < core::kBucketCount; ++b) {
            total += sums[b];
            if (sums[b] > 0 && (best < 0 || sums[b] > sums[best])) {
                best = b;
            }
        }
        const size_t cell = static_cast<size_t>(m_row) * static_cast<size_t>(m_d.columns) + static_cast<size_t>(c);
        if (best >= 0) {
            const double width = static_cast<double>(m_d.binStartNs(c + 1) - m_d.binStartNs(c));
            const double cover
                = static_cast<double>(total) / (width * static_cast<double>(std::max<int64_t>(bandJobs, 1)));
            m_d.cellBucket[cell] = static_cast<uint8_t>(best);
            m_d.cellCover[cell] = static_cast<uint8_t>(std::clamp(std::lround(cover * 255.0), 1L, 255L));
        }
        std::fill(sums, sums + core::kBucketCount, 0);
    }
}

FleetDensity FleetDensityBuilder::finish()
{
    flushBand();
    m_row = m_d.rows;
    m_band = {};
    return std::move(m_d);
}

} // namespace ett::app
