#include "app/service/local_fleet_source.h"

#include "core/model/names_text.h"
#include "core/store/column_store.h"
#include "core/store/columns_loader.h"
#include "core/store/timeline.h"
#include "gpu/advisor.h"
#include "gpu/compare.h"
#include "gpu/whatif.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <limits>
#include <map>
#include <numeric>
#include <string_view>
#include <tuple>

namespace ett::app {

namespace {

bool isInterrupted(uint8_t outcome)
{
    return outcome == static_cast<uint8_t>(core::Outcome::Failed)
        || outcome == static_cast<uint8_t>(core::Outcome::Preempted);
}

// Runs an engine call, turning its exception (columns or a grouping it refuses) into an Error.
template <typename F> auto guarded(F&& f) -> core::Result<decltype(f())>
{
    try {
        return f();
    } catch (const std::exception& e) {
        return core::Error { e.what() };
    }
}

// A grid of nothing over a range.
FleetDensity emptyDensity(int64_t fromNs, int64_t toNs)
{
    FleetDensity d;
    d.fromNs = fromNs;
    d.toNs = toNs;
    d.rowFirstJob = { 0 };
    return d;
}

} // namespace

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

// --- density

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

namespace {

// The indexes of the first `limit` (all when <= 0) of `candidates` (indexes, ascending), worst
// first: the sort's figure, then label and job key (as the store lists them), then the index. A
// strict total order, so that only the first `limit` are placed.
template <typename FiguresOf, typename LabelOf, typename KeyOf>
std::vector<size_t> rankedIndexes(std::vector<size_t> candidates, FiguresOf&& figuresOf, LabelOf&& labelOf,
    KeyOf&& keyOf, const std::string& sort, int64_t limit)
{
    const bool byEtt = sort == "ett";
    std::vector<double> ett(candidates.size());
    std::vector<core::Wide> lost(candidates.size());
    for (size_t i = 0; i < candidates.size(); ++i) {
        const core::Figures& f = figuresOf(candidates[i]);
        ett[i] = f.ettPercentGpu().value_or(100.0);
        lost[i] = f.lostGpuNs();
    }
    auto before = [&](size_t a, size_t b) {
        if (byEtt && ett[a] != ett[b]) {
            return ett[a] < ett[b];
        }
        if (lost[a] != lost[b]) {
            return lost[a] > lost[b];
        }
        const std::string& labelA = labelOf(candidates[a]);
        const std::string& labelB = labelOf(candidates[b]);
        if (labelA != labelB) {
            return labelA < labelB;
        }
        const std::string& keyA = keyOf(candidates[a]);
        const std::string& keyB = keyOf(candidates[b]);
        if (keyA != keyB) {
            return keyA < keyB;
        }
        return a < b;
    };
    std::vector<size_t> order(candidates.size());
    std::iota(order.begin(), order.end(), size_t { 0 });
    const size_t kept = limit > 0 ? std::min(order.size(), static_cast<size_t>(limit)) : order.size();
    std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(kept), order.end(), before);
    order.resize(kept);
    for (size_t& o : order) {
        o = candidates[o];
    }
    return order;
}

} // namespace

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
        return emptyDensity(fromNs, toNs);
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
        return emptyDensity(fromNs, toNs);
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

LocalFleetSource::LocalFleetSource(core::Database& db, LoadOptions options)
    : m_db(&db)
    , m_options(std::move(options))
{
}

core::Result<std::unique_ptr<LocalFleetSource>> LocalFleetSource::load(core::Database& db, const LoadOptions& options)
{
    const auto started = std::chrono::steady_clock::now();
    std::unique_ptr<LocalFleetSource> source(new LocalFleetSource(db, options));
    source->m_engine = gpu::Engine::create(options.backend);
    core::ColumnsQuery query;
    query.label = options.label;
    query.withPhases = options.withPhases;
    // A window, and the CUDA backend (which sums segments for every query), read everything.
    const bool full = options.window || source->m_engine->backend().kind != gpu::BackendKind::Cpu;
    query.withDetail = options.withDetail || full;
    query.withCheckpoints = (options.withDetail && options.withCheckpoints) || full;
    query.window = options.window;
    auto stored = core::loadStoredFleet(db, query);
    if (!stored) {
        return core::Error { db.path() + ": " + stored.error().message };
    }
    try {
        source->m_engine->load(std::move(stored->columns), std::move(stored->attribution));
    } catch (const std::exception& e) {
        return core::Error { db.path() + ": the stored fleet is inconsistent: " + e.what() };
    }
    source->m_vocabulary = source->computeVocabulary();
    source->m_loadSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return source;
}

core::Status LocalFleetSource::reload(const LoadOptions& options)
{
    // Load-then-commit: the engine loaded before stays when this fails. Jobs load in the same
    // order (by id), so the job indexes front ends hold stay valid.
    auto loaded = load(*m_db, options);
    if (!loaded) {
        return loaded.error();
    }
    m_engine = std::move((*loaded)->m_engine);
    m_vocabulary = std::move((*loaded)->m_vocabulary);
    m_options = options;
    m_loadSeconds = (*loaded)->m_loadSeconds;
    return core::Status::success();
}

core::Status LocalFleetSource::ensurePhases()
{
    if (m_options.withPhases) {
        return core::Status::success();
    }
    if (m_options.window) {
        return wholeFleetNeeded("phases");
    }
    LoadOptions options = m_options;
    options.withPhases = true;
    options.withDetail = withDetail();
    options.withCheckpoints = withCheckpoints();
    return reload(options);
}

core::Status LocalFleetSource::ensureSegments()
{
    if (m_options.window) {
        return wholeFleetNeeded("every job");
    }
    if (withDetail()) {
        return core::Status::success();
    }
    LoadOptions options = m_options;
    options.withDetail = true;
    return reload(options);
}

core::Status LocalFleetSource::ensureDetail()
{
    if (auto st = ensureSegments(); !st) {
        return st;
    }
    return withCheckpoints() ? core::Status::success() : loadCheckpoints();
}

core::Status LocalFleetSource::loadCheckpoints()
{
    // Only the columnar copy leaves the checkpoints out; they are read from it alone.
    core::ColumnsQuery query;
    query.label = m_options.label;
    auto read = core::loadColumnStoreCheckpoints(*m_db, query);
    if (!read) {
        return core::Error { m_db->path() + ": " + read.error().message };
    }
    const core::FleetColumns& c = m_engine->columns();
    if (read->jobRowId != c.jobRowId || read->jobCheckpointBegin != c.jobCheckpointBegin) {
        // Written since the fleet was read: read it whole again, as it is now.
        LoadOptions options = m_options;
        options.withDetail = true;
        options.withCheckpoints = true;
        return reload(options);
    }
    try {
        m_engine->loadCheckpoints(std::move(read->startNs), std::move(read->durableNs), std::move(read->failed));
    } catch (const std::exception& e) {
        return core::Error { m_db->path() + ": the stored fleet is inconsistent: " + e.what() };
    }
    m_options.withCheckpoints = true;
    return core::Status::success();
}

core::Status LocalFleetSource::ensureDetailFor(const core::CohortSpec& scope)
{
    if (m_options.window) {
        return ensureSegmentsFor(scope);
    }
    return scope.fromNs || scope.toNs ? ensureSegments() : core::Status::success();
}

core::Status LocalFleetSource::ensureSegmentsFor(const core::CohortSpec& scope)
{
    if (!m_options.window) {
        return ensureSegments();
    }
    if (!windowCovers(scope)) {
        return wholeFleetNeeded("a scope outside its window");
    }
    return core::Status::success();
}

bool LocalFleetSource::windowCovers(const core::CohortSpec& scope) const
{
    if (!m_options.window) {
        return true;
    }
    const core::TimeWindow& w = *m_options.window;
    return scope.fromNs.value_or(std::numeric_limits<int64_t>::min()) >= w.fromNs
        && scope.toNs.value_or(std::numeric_limits<int64_t>::max()) <= w.toNs && (!scope.countQueue || w.countQueue);
}

core::Error LocalFleetSource::wholeFleetNeeded(const std::string& what) const
{
    return core::Error { "internal: " + location() + " was read for one time range only, and this request needs " + what
        + " (load it without a window)" };
}

std::string LocalFleetSource::location() const
{
    return m_db->path();
}

FleetVocabulary LocalFleetSource::computeVocabulary() const
{
    const auto& c = m_engine->columns();
    FleetVocabulary v;
    v.labels = c.labels;
    std::sort(v.labels.begin(), v.labels.end());
    for (size_t k = 0; k < c.attrKeys.size(); ++k) {
        auto values = c.attrValues[k];
        std::sort(values.begin(), values.end());
        v.attrKeys.push_back(c.attrKeys[k]);
        v.attrValues[c.attrKeys[k]] = std::move(values);
    }
    std::sort(v.attrKeys.begin(), v.attrKeys.end());
    if (c.jobs() > 0) {
        const auto [lo, hi] = std::minmax_element(c.jobGpus.begin(), c.jobGpus.end());
        v.minGpus = *lo;
        v.maxGpus = *hi;
    }
    if (c.attempts() > 0) {
        v.firstNs = *std::min_element(c.attemptStartNs.begin(), c.attemptStartNs.end());
        v.lastNs = *std::max_element(c.attemptEndNs.begin(), c.attemptEndNs.end());
    }
    for (size_t a = 0; a < c.attempts(); ++a) {
        const std::string& label = c.labels[static_cast<size_t>(c.jobLabel[static_cast<size_t>(c.attemptJob[a])])];
        const auto it = v.labelFirstNs.find(label);
        if (it == v.labelFirstNs.end() || c.attemptStartNs[a] < it->second) {
            v.labelFirstNs[label] = c.attemptStartNs[a];
        }
    }
    v.jobs = static_cast<int64_t>(c.jobs());
    v.attempts = static_cast<int64_t>(c.attempts());
    v.segments = m_engine->attribution().segmentCount();
    return v;
}

core::Result<gpu::Filter> LocalFleetSource::filterOf(const core::CohortSpec& scope) const
{
    const auto& c = m_engine->columns();
    if (auto st = core::checkCohortNames(scope, c.labels, c.attrKeys, {}, m_db->path()); !st) {
        return st.error();
    }
    return gpu::cohortFilter(scope, c, scope.countQueue);
}

core::Result<gpu::Grouping> LocalFleetSource::groupingOf(const std::string& groupBy) const
{
    if (groupBy.empty()) {
        return gpu::Grouping { gpu::GroupBy::None, -1 };
    }
    if (groupBy == "job") {
        return gpu::Grouping { gpu::GroupBy::Job, -1 };
    }
    if (groupBy == "label") {
        return gpu::Grouping { gpu::GroupBy::Label, -1 };
    }
    if (groupBy == "attempt") {
        return gpu::Grouping { gpu::GroupBy::Attempt, -1 };
    }
    if (groupBy == "cause_class") {
        return gpu::Grouping { gpu::GroupBy::CauseClass, -1 };
    }
    const auto& keys = m_engine->columns().attrKeys;
    const auto k = std::find(keys.begin(), keys.end(), groupBy);
    if (k == keys.end()) {
        return unknownGrouping(groupBy, keys);
    }
    return gpu::Grouping { gpu::GroupBy::Attribute, static_cast<int32_t>(k - keys.begin()) };
}

core::Result<GroupedFigures> LocalFleetSource::rollup(const core::CohortSpec& scope, const std::string& groupBy)
{
    if (auto st = ensureDetailFor(scope); !st) {
        return st.error();
    }
    auto filter = filterOf(scope);
    if (!filter) {
        return filter.error();
    }
    auto grouping = groupingOf(groupBy);
    if (!grouping) {
        return grouping.error();
    }
    return guarded([&] {
        gpu::Rollup r = m_engine->rollup(*filter, *grouping);
        return GroupedFigures { std::move(r.total), std::move(r.groups) };
    });
}

core::Result<gpu::Filter> LocalFleetSource::filterOf(const core::CohortSpec& scope, std::optional<JobIndex> job) const
{
    auto filter = filterOf(scope);
    if (!filter || !job) {
        return filter;
    }
    if (*job < 0 || static_cast<size_t>(*job) >= m_engine->columns().jobs()) {
        return core::Error { "no job #" + std::to_string(*job) + " in " + location() };
    }
    filter->jobs = { *job };
    return filter;
}

core::Result<std::optional<core::TimeSpan>> LocalFleetSource::seriesSpan(
    const core::CohortSpec& scope, std::optional<JobIndex> job)
{
    if (!windowCovers(scope)) {
        return wholeFleetNeeded("a scope outside its window");
    }
    auto filter = filterOf(scope, job);
    if (!filter) {
        return filter.error();
    }
    return guarded([&] { return m_engine->seriesSpan(*filter); });
}

core::Result<gpu::Series> LocalFleetSource::seriesEvery(
    const core::CohortSpec& scope, int64_t widthNs, int64_t alignNs, std::optional<JobIndex> job)
{
    if (auto st = ensureSegmentsFor(scope); !st) {
        return st.error();
    }
    auto filter = filterOf(scope, job);
    if (!filter) {
        return filter.error();
    }
    return guarded([&] { return m_engine->series(*filter, widthNs, alignNs); });
}

JobSummary LocalFleetSource::summaryOf(gpu::GroupFigures& byJob) const
{
    const auto& c = m_engine->columns();
    const auto j = static_cast<size_t>(byJob.code);
    JobSummary s;
    s.job = byJob.code;
    s.rowId = j < c.jobRowId.size() ? c.jobRowId[j] : 0;
    s.key = c.jobKey[j];
    s.label = c.labels[static_cast<size_t>(c.jobLabel[j])];
    s.name = j < c.jobName.size() ? c.jobName[j] : std::string();
    s.gpus = c.jobGpus[j];
    s.figures = std::move(byJob.figures);
    return s;
}

core::Result<std::vector<JobSummary>> LocalFleetSource::jobs(const core::CohortSpec& scope)
{
    auto byJob = rollup(scope, "job");
    if (!byJob) {
        return byJob.error();
    }
    std::vector<JobSummary> out;
    out.reserve(byJob->groups.size());
    for (auto& g : byJob->groups) {
        out.push_back(summaryOf(g));
    }
    return out;
}

core::Result<std::vector<JobSummary>> LocalFleetSource::worstJobs(
    const core::CohortSpec& scope, const std::string& sort, int64_t limit)
{
    // Ranked on the roll-up's groups, in the order jobs() lists them: only the jobs returned are
    // made summaries (a fleet's worth of them is as large as the roll-up itself).
    auto byJob = rollup(scope, "job");
    if (!byJob) {
        return byJob.error();
    }
    auto& groups = byJob->groups;
    const auto& c = m_engine->columns();
    std::vector<size_t> candidates;
    for (size_t i = 0; i < groups.size(); ++i) {
        if (groups[i].figures.attempts != 0) {
            candidates.push_back(i);
        }
    }
    auto job = [&](size_t i) { return static_cast<size_t>(groups[i].code); };
    const auto order = rankedIndexes(
        std::move(candidates), [&](size_t i) -> const core::Figures& { return groups[i].figures; },
        [&](size_t i) -> const std::string& { return c.labels[static_cast<size_t>(c.jobLabel[job(i)])]; },
        [&](size_t i) -> const std::string& { return c.jobKey[job(i)]; }, sort, limit);
    std::vector<JobSummary> out;
    out.reserve(order.size());
    for (const size_t i : order) {
        out.push_back(summaryOf(groups[i]));
    }
    return out;
}

std::vector<JobIndex> LocalFleetSource::jobsWithKey(const std::string& key) const
{
    const auto& c = m_engine->columns();
    std::vector<JobIndex> out;
    for (size_t j = 0; j < c.jobs(); ++j) {
        if (c.jobKey[j] == key) {
            out.push_back(static_cast<JobIndex>(j));
        }
    }
    return out;
}

namespace {

char lowerAscii(char c)
{
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

std::string lowerAscii(std::string_view s)
{
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](char c) { return lowerAscii(c); });
    return out;
}

// Whether `text` contains `needle` (already lower case), ASCII case ignored.
bool containsFolded(std::string_view text, std::string_view needle)
{
    return std::search(text.begin(), text.end(), needle.begin(), needle.end(), [](char a, char b) {
        return lowerAscii(a) == b;
    }) != text.end();
}

} // namespace

JobMatches LocalFleetSource::findJobs(const std::string& query, size_t limit) const
{
    const auto& c = m_engine->columns();
    JobMatches out;
    const std::string_view trimmed = core::trimBlanks(query);
    out.query = std::string(trimmed);
    if (trimmed.empty()) {
        return out;
    }
    const std::string needle = lowerAscii(trimmed);
    // Which attribute values match, once per value rather than once per job.
    std::vector<std::vector<uint8_t>> valueMatches(c.attrKeys.size());
    for (size_t k = 0; k < c.attrKeys.size(); ++k) {
        for (const std::string& v : c.attrValues[k]) {
            valueMatches[k].push_back(containsFolded(v, needle) ? 1 : 0);
        }
    }
    // Rank: 0 the key is the query, 1 the key contains it, 2 the name, 3 an attribute value.
    std::vector<std::pair<int, JobMatch>> found;
    for (size_t j = 0; j < c.jobs(); ++j) {
        const std::string& key = c.jobKey[j];
        const std::string& name = j < c.jobName.size() ? c.jobName[j] : std::string();
        int rank = -1;
        std::string field;
        std::string value;
        if (key.size() == needle.size() && containsFolded(key, needle)) {
            rank = 0;
            field = "key";
            value = key;
        } else if (containsFolded(key, needle)) {
            rank = 1;
            field = "key";
            value = key;
        } else if (containsFolded(name, needle)) {
            rank = 2;
            field = "name";
            value = name;
        } else {
            for (size_t k = 0; k < c.attrKeys.size() && rank < 0; ++k) {
                const int32_t code = c.attr(j, k);
                if (code >= 0 && valueMatches[k][static_cast<size_t>(code)]) {
                    rank = 3;
                    field = c.attrKeys[k];
                    value = c.attrValues[k][static_cast<size_t>(code)];
                }
            }
        }
        if (rank < 0) {
            continue;
        }
        ++out.total;
        JobMatch m { static_cast<JobIndex>(j), key, name, c.labels[static_cast<size_t>(c.jobLabel[j])],
            std::move(field), std::move(value) };
        found.emplace_back(rank, std::move(m));
    }
    // The best first; within a rank by key, then label (the store's order otherwise).
    const size_t listed = std::min(limit, found.size());
    std::partial_sort(found.begin(), found.begin() + static_cast<std::ptrdiff_t>(listed), found.end(),
        [](const auto& a, const auto& b) {
            return std::tie(a.first, a.second.key, a.second.label, a.second.job)
                < std::tie(b.first, b.second.key, b.second.label, b.second.job);
        });
    for (size_t i = 0; i < listed; ++i) {
        out.matches.push_back(std::move(found[i].second));
    }
    return out;
}

core::Result<std::vector<TableRow>> LocalFleetSource::attempts(const core::CohortSpec& scope, JobIndex job)
{
    if (auto st = ensureDetailFor(scope); !st) {
        return st.error();
    }
    const auto& c = m_engine->columns();
    if (job < 0 || static_cast<size_t>(job) >= c.jobs()) {
        return core::Error { "no job " + std::to_string(job) + " in the loaded fleet" };
    }
    auto filter = filterOf(scope);
    if (!filter) {
        return filter.error();
    }
    filter->jobs = { job };
    auto groups = m_engine->rollup(*filter, { gpu::GroupBy::Attempt, -1 }).groups;
    // Attempt codes are in start order; the engine sorts by name ("J#10" before "J#2").
    std::sort(groups.begin(), groups.end(),
        [](const gpu::GroupFigures& a, const gpu::GroupFigures& b) { return a.code < b.code; });
    // Causes in full are in the store, not in the columns (those keep only the class).
    std::map<int32_t, std::string> causes;
    if (static_cast<size_t>(job) < c.jobRowId.size()) {
        if (auto t = core::loadJobTimeline(*m_db, core::JobRowId { c.jobRowId[static_cast<size_t>(job)] })) {
            for (const auto& a : t->attempts) {
                causes[a.result.number] = a.cause;
            }
        }
    }
    std::vector<TableRow> rows;
    for (auto& g : groups) {
        const auto a = static_cast<size_t>(g.code);
        TableRow r;
        r.job = job;
        r.attempt = c.attemptNumber[a];
        r.name = "attempt " + std::to_string(r.attempt);
        r.figures = std::move(g.figures);
        // The roll-up counts Time to Start once per job (its first attempt's, spec 5.4); an attempt's
        // row gives its own, as the Details dock, the timeline and `ettw job` do. Like the job's, it
        // belongs to the range holding the attempt's start.
        r.figures.ttsNs.clear();
        const int64_t start = c.attemptStartNs[a];
        if ((!filter->fromNs || start >= *filter->fromNs) && (!filter->toNs || start < *filter->toNs)) {
            r.figures.ttsNs.push_back(m_engine->attribution().attemptTtsNs[a]);
        }
        r.detail = std::string(core::outcomeName(static_cast<core::Outcome>(c.attemptOutcome[a])));
        const auto it = causes.find(r.attempt);
        const std::string cause
            = it != causes.end() ? it->second : c.causeClasses[static_cast<size_t>(c.attemptCauseClass[a])];
        if (!cause.empty()) {
            r.detail += ", " + cause;
        }
        rows.push_back(std::move(r));
    }
    return rows;
}

core::Result<core::JobTimeline> LocalFleetSource::jobTimeline(JobIndex job)
{
    const auto& c = m_engine->columns();
    if (job < 0 || static_cast<size_t>(job) >= c.jobRowId.size()) {
        return core::Error { "no job " + std::to_string(job) + " in the loaded fleet" };
    }
    return core::loadJobTimeline(*m_db, core::JobRowId { c.jobRowId[static_cast<size_t>(job)] });
}

core::Result<std::vector<int32_t>> LocalFleetSource::timelineJobs(
    const core::CohortSpec& scope, int64_t fromNs, int64_t toNs)
{
    const auto& c = m_engine->columns();
    // 1. The selected jobs whose window overlaps the range: the engine's job roll-up over it.
    auto filter = filterOf(scope);
    if (!filter) {
        return filter.error();
    }
    filter->fromNs = fromNs;
    filter->toNs = toNs;
    std::vector<int32_t> jobs;
    for (const auto& g : m_engine->rollup(*filter, { gpu::GroupBy::Job, -1 }).groups) {
        const auto j = static_cast<size_t>(g.code);
        if (c.jobAttemptBegin[j] < c.jobAttemptBegin[j + 1]) {
            jobs.push_back(g.code);
        }
    }
    // 2. By start.
    auto startOf
        = [&](int32_t j) { return c.attemptStartNs[static_cast<size_t>(c.jobAttemptBegin[static_cast<size_t>(j)])]; };
    std::sort(jobs.begin(), jobs.end(), [&](int32_t a, int32_t b) {
        const int64_t sa = startOf(a);
        const int64_t sb = startOf(b);
        return sa != sb ? sa < sb : a < b;
    });
    return jobs;
}

template <typename OnSpan, typename OnFault>
void LocalFleetSource::forEachSpan(
    int32_t job, bool countQueue, int64_t fromNs, int64_t toNs, OnSpan&& onSpan, OnFault&& onFault) const
{
    const auto& c = m_engine->columns();
    const auto& at = m_engine->attribution();
    auto addSpan = [&](int64_t s, int64_t e, uint8_t bucket, int64_t attemptRow, bool gap) {
        s = std::max(s, fromNs);
        e = std::min(e, toNs);
        if (s < e) {
            onSpan(s, e, bucket, attemptRow, gap);
        }
    };
    const auto j = static_cast<size_t>(job);
    const auto a0 = static_cast<size_t>(c.jobAttemptBegin[j]);
    const auto a1 = static_cast<size_t>(c.jobAttemptBegin[j + 1]);
    if (countQueue && c.jobSubmittedNs[j] != core::kNoTime && c.jobSubmittedNs[j] < c.attemptStartNs[a0]) {
        addSpan(c.jobSubmittedNs[j], c.attemptStartNs[a0], static_cast<uint8_t>(core::Bucket::Queue), -1, false);
    }
    for (size_t a = a0; a < a1; ++a) {
        const auto row = static_cast<int64_t>(a);
        const auto s0 = static_cast<size_t>(at.attemptSegmentBegin[a]);
        const auto s1 = static_cast<size_t>(at.attemptSegmentBegin[a + 1]);
        for (size_t s = s0; s < s1; ++s) {
            addSpan(at.segmentStartNs[s], at.segmentEndNs[s], at.segmentBucket[s], row, false);
        }
        const int64_t gap = at.attemptGapAfterNs[a];
        if (gap > 0) {
            addSpan(
                c.attemptEndNs[a], c.attemptEndNs[a] + gap, static_cast<uint8_t>(core::Bucket::Recovery), row, true);
        }
        if (isInterrupted(c.attemptOutcome[a])) {
            // The fault instant, clamped into the attempt as the accounting does.
            const int64_t fault = std::clamp(c.attemptFaultNs[a], c.attemptStartNs[a], c.attemptEndNs[a]);
            if (fault >= fromNs && fault <= toNs) {
                onFault(fault, c.attemptInterruption[a], c.attemptNumber[a]);
            }
        }
    }
}

core::Result<BucketIntervals> LocalFleetSource::bucketIntervals(const IntervalRequest& request)
{
    if (auto st = ensureSegments(); !st) {
        return st.error();
    }
    const auto& c = m_engine->columns();
    if (request.job && (*request.job < 0 || static_cast<size_t>(*request.job) >= c.jobs())) {
        return core::Error { "no job #" + std::to_string(*request.job) + " in " + location() };
    }
    const int64_t fromNs = request.scope.fromNs.value_or(std::numeric_limits<int64_t>::min());
    const int64_t toNs = request.scope.toNs.value_or(std::numeric_limits<int64_t>::max());
    // The jobs the roll-up counts (a job of the scope whose window overlaps the range).
    auto filter = filterOf(request.scope, request.job);
    if (!filter) {
        return filter.error();
    }
    std::vector<int32_t> jobs;
    auto grouped = guarded([&] { return m_engine->rollup(*filter, { gpu::GroupBy::Job, -1 }); });
    if (!grouped) {
        return grouped.error();
    }
    for (const auto& g : grouped->groups) {
        jobs.push_back(g.code);
    }
    if (request.attempt) {
        const bool found = request.job && [&] {
            const auto j = static_cast<size_t>(*request.job);
            for (auto a = c.jobAttemptBegin[j]; a < c.jobAttemptBegin[j + 1]; ++a) {
                if (c.attemptNumber[static_cast<size_t>(a)] == *request.attempt) {
                    return true;
                }
            }
            return false;
        }();
        if (!found) {
            return core::Error { "no attempt " + std::to_string(*request.attempt) + " of job #"
                + (request.job ? std::to_string(*request.job) : std::string("(none given)")) + " in " + location() };
        }
    }
    IntervalCollector collect(request.bucket, request.sort, request.limit);
    const auto wanted = static_cast<uint8_t>(request.bucket);
    for (const int32_t job : jobs) {
        const auto j = static_cast<size_t>(job);
        forEachSpan(
            job, request.scope.countQueue, fromNs, toNs,
            [&](int64_t s, int64_t e, uint8_t bucket, int64_t attemptRow, bool gap) {
                if (bucket != wanted) {
                    return;
                }
                const int32_t attempt = attemptRow < 0 ? -1 : c.attemptNumber[static_cast<size_t>(attemptRow)];
                if (request.attempt && attempt != *request.attempt) {
                    return;
                }
                // Spec 5.5: an attempt's segments at its GPUs, gaps and queue at the job's.
                const int64_t gpus
                    = attemptRow < 0 || gap ? c.jobGpus[j] : c.attemptGpus[static_cast<size_t>(attemptRow)];
                collect.add(
                    { job, c.labels[static_cast<size_t>(c.jobLabel[j])], c.jobKey[j], attempt, gap, s, e, gpus });
            },
            [](int64_t, uint8_t, int32_t) {});
    }
    return collect.finish();
}

core::Result<FleetTimelineData> LocalFleetSource::fleetTimeline(
    const core::CohortSpec& scope, int64_t fromNs, int64_t toNs, int maxRows)
{
    if (auto st = ensureSegments(); !st) {
        return st.error();
    }
    const auto& c = m_engine->columns();
    FleetTimelineData d;
    d.fromNs = fromNs;
    d.toNs = toNs;
    if (toNs <= fromNs || maxRows <= 0) {
        return d;
    }
    // 1. The first maxRows jobs by start.
    auto jobs = timelineJobs(scope, fromNs, toNs);
    if (!jobs) {
        return jobs.error();
    }
    if (jobs->size() > static_cast<size_t>(maxRows)) {
        jobs->resize(static_cast<size_t>(maxRows));
    }
    // 2. Their spans and faults, clipped.
    d.rows.reserve(jobs->size());
    for (int32_t job : *jobs) {
        const auto j = static_cast<size_t>(job);
        FleetTimelineRow row;
        row.job = job;
        row.key = c.jobKey[j];
        row.label = c.labels[static_cast<size_t>(c.jobLabel[j])];
        row.gpus = c.jobGpus[j];
        forEachSpan(
            job, scope.countQueue, fromNs, toNs,
            [&](int64_t s, int64_t e, uint8_t bucket, int64_t, bool) {
                row.spans.push_back({ s, e, bucket });
            },
            [&](int64_t at, uint8_t interruption, int32_t attempt) {
                row.faults.push_back({ at, interruption, attempt });
            });
        d.rows.push_back(std::move(row));
    }
    return d;
}

core::Result<FleetDensity> LocalFleetSource::fleetDensity(
    const core::CohortSpec& scope, int64_t fromNs, int64_t toNs, int columns, int maxRows)
{
    if (auto st = ensureSegments(); !st) {
        return st.error();
    }
    const auto& c = m_engine->columns();
    if (toNs <= fromNs || columns <= 0 || maxRows <= 0) {
        return emptyDensity(fromNs, toNs);
    }
    auto jobs = timelineJobs(scope, fromNs, toNs);
    if (!jobs) {
        return jobs.error();
    }
    // 1. The extent of the jobs' spans inside the range: the bins cover what is shown.
    int64_t lo = toNs;
    int64_t hi = fromNs;
    for (int32_t job : *jobs) {
        forEachSpan(
            job, scope.countQueue, fromNs, toNs,
            [&](int64_t s, int64_t e, uint8_t, int64_t, bool) {
                lo = std::min(lo, s);
                hi = std::max(hi, e);
            },
            [](int64_t, uint8_t, int32_t) {});
    }
    if (hi <= lo) {
        return emptyDensity(fromNs, toNs);
    }
    // 2. Every job's spans into the grid, job by job.
    FleetDensityBuilder builder(lo, hi, columns, static_cast<int64_t>(jobs->size()), maxRows);
    for (int32_t job : *jobs) {
        builder.beginJob(job, c.jobKey[static_cast<size_t>(job)]);
        forEachSpan(
            job, scope.countQueue, lo, hi,
            [&](int64_t s, int64_t e, uint8_t bucket, int64_t, bool) { builder.addSpan(s, e, bucket); },
            [&](int64_t at, uint8_t, int32_t) { builder.addFault(at); });
    }
    return builder.finish();
}

core::Result<core::CohortInput> LocalFleetSource::cohortInput(
    const core::CohortSpec& cohort, const std::string& matchBy)
{
    if (auto st = ensureSegments(); !st) {
        return st.error();
    }
    if (auto filter = filterOf(cohort); !filter) {
        return filter.error();
    }
    return guarded([&] {
        // The durations come from phaseDurations(), which need not hold every phase.
        return gpu::cohortInput(*m_engine, cohort, gpu::CohortOptions { matchBy, cohort.countQueue, false });
    });
}

core::Result<std::map<std::string, MatchJobs>> LocalFleetSource::matchJobs(
    const core::CohortSpec& cohort, const std::string& matchBy)
{
    if (m_options.window) {
        return wholeFleetNeeded("every job");
    }
    if (auto st = ensureDetailFor(cohort); !st) {
        return st.error();
    }
    auto filter = filterOf(cohort);
    if (!filter) {
        return filter.error();
    }
    const auto& c = m_engine->columns();
    const gpu::MatchKey key = gpu::resolveMatchKey(matchBy, c);
    std::map<std::string, MatchJobs> out;
    for (const auto& g : m_engine->rollup(*filter, { gpu::GroupBy::Job, -1 }).groups) {
        MatchJobs& m = out[gpu::matchValue(c, static_cast<size_t>(g.code), key)];
        ++m.count;
        if (m.job < 0 || g.figures.e2eGpuNs > m.e2eGpuNs) {
            m.job = g.code;
            m.e2eGpuNs = g.figures.e2eGpuNs;
        }
    }
    return out;
}

core::Result<PhaseDurations> LocalFleetSource::phaseDurations(const core::CohortSpec& cohort)
{
    auto filter = filterOf(cohort);
    if (!filter) {
        return filter.error();
    }
    if (m_options.withPhases) {
        return gpu::phaseDurations(*m_engine, *filter);
    }
    // 1. Without the phases in memory: the stored samples, a few bytes a phase, read once.
    if (!m_phaseSamples) {
        auto loaded = core::StoredPhaseSamples::load(*m_db, m_engine->columns());
        if (!loaded) {
            return loaded.error();
        }
        m_phaseSamples = std::make_unique<core::StoredPhaseSamples>(std::move(*loaded));
    }
    // 2. The selected jobs' phases that start inside the range, as the engine selects them.
    auto perKind = m_phaseSamples->durationsPerKind(
        m_engine->selectJobs(*filter), filter->fromNs.value_or(INT64_MIN), filter->toNs.value_or(INT64_MAX));
    if (!perKind) {
        return core::Error { m_db->path() + ": " + perKind.error().message };
    }
    return gpu::durationsByName(m_engine->columns(), std::move(*perKind));
}

core::Result<gpu::AdviceTable> LocalFleetSource::advice(const core::CohortSpec& scope, const std::string& groupBy)
{
    if (auto st = ensureDetail(); !st) {
        return st.error();
    }
    auto filter = filterOf(scope);
    if (!filter) {
        return filter.error();
    }
    if (groupBy == "attempt" || groupBy == "cause_class") {
        return core::Error { "checkpoint advice is per job or group of jobs, not per " + groupBy };
    }
    auto grouping = groupingOf(groupBy);
    if (!grouping) {
        return grouping.error();
    }
    return guarded([&] { return gpu::adviseCheckpoints(*m_engine, *filter, *grouping); });
}

core::Result<std::unique_ptr<core::WhatIfModel>> LocalFleetSource::whatIfModel(const core::CohortSpec& cohort)
{
    if (auto st = ensureDetail(); !st) {
        return st.error();
    }
    if (auto st = gpu::checkCohortSpec(cohort, m_engine->columns(), "cohort"); !st) {
        return st.error();
    }
    // Whole jobs, without queue: a time range selects the jobs that overlap it (whatif.h).
    return guarded([&] {
        return std::make_unique<core::WhatIfModel>(
            gpu::whatIfModel(*m_engine, gpu::cohortFilter(cohort, m_engine->columns())));
    });
}

std::vector<std::string> LocalFleetSource::scalableSubcategories() const
{
    const auto& c = m_engine->columns();
    std::vector<std::string> out;
    for (size_t k = 0; k < c.kindCategory.size(); ++k) {
        const auto category = static_cast<core::Category>(c.kindCategory[k]);
        const auto bucket = core::bucketOfCategory(category);
        if (c.kindSubcategory[k].empty() || !bucket || *bucket == core::Bucket::Productive) {
            continue;
        }
        std::string name = std::string(core::categoryName(category)) + "." + c.kindSubcategory[k];
        if (std::find(out.begin(), out.end(), name) == out.end()) {
            out.push_back(std::move(name));
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace ett::app
