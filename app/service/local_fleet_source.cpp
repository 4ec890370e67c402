#include "app/service/local_fleet_source.h"

#include "app/service/engine_call.h"
#include "app/service/job_ranking.h"
#include "core/model/huge_pages.h"
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

LocalFleetSource::LocalFleetSource(core::Database& db, LoadOptions options)
    : m_db(&db)
    , m_options(std::move(options))
{
}

namespace {

// The database's statements stop when the load is cancelled, for as long as it reads.
class CancelGuard
{
public:
    CancelGuard(core::Database& db, const std::atomic<bool>* cancel)
        : m_db(cancel ? &db : nullptr)
    {
        if (m_db) {
            m_db->setCancel(cancel);
        }
    }
    ~CancelGuard()
    {
        if (m_db) {
            m_db->setCancel(nullptr);
        }
    }
    CancelGuard(const CancelGuard&) = delete;
    CancelGuard& operator=(const CancelGuard&) = delete;

private:
    core::Database* m_db;
};

bool cancelled(const std::atomic<bool>* cancel)
{
    return cancel && cancel->load();
}

core::Error loadCancelled()
{
    return core::Error { "the load was cancelled" };
}

// What a load left out (the segments, the checkpoints), read alone from the columnar copy by
// `read(db, query)` for the label the fleet holds: stopped by `cancel`, its error naming the file.
template <typename Read>
auto readLeftOut(core::Database& db, const std::optional<std::string>& label, const std::atomic<bool>* cancel,
    Read&& read) -> decltype(read(db, core::ColumnsQuery {}))
{
    core::ColumnsQuery query;
    query.label = label;
    query.cancel = cancel;
    auto out = [&] {
        const CancelGuard guard(db, cancel);
        return read(db, query);
    }();
    if (cancelled(cancel)) {
        return loadCancelled();
    }
    if (!out) {
        return core::Error { db.path() + ": " + out.error().message };
    }
    return out;
}

} // namespace

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
    query.cancel = options.cancel;
    auto stored = [&] {
        const CancelGuard guard(db, options.cancel);
        return core::loadStoredFleet(db, query);
    }();
    if (cancelled(options.cancel)) {
        return loadCancelled();
    }
    if (!stored) {
        return core::Error { db.path() + ": " + stored.error().message };
    }
    try {
        source->m_engine->load(std::move(stored->columns), std::move(stored->attribution));
        if (cancelled(options.cancel)) {
            return loadCancelled();
        }
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
    // Only the columnar copy leaves the segments out; they are read from it alone.
    auto read = readLeftOut(*m_db, m_options.label, m_options.cancel, core::loadColumnStoreSegments);
    if (!read) {
        return read.error();
    }
    const auto& c = m_engine->columns();
    if (read->jobRowId != c.jobRowId || read->attemptSegmentBegin.size() != c.attempts() + 1
        || static_cast<int64_t>(read->bucket.size()) != m_engine->attribution().segmentsLeftOut) {
        // Written since the fleet was read: read it whole again, as it is now.
        LoadOptions options = m_options;
        options.withDetail = true;
        return reload(options);
    }
    try {
        m_engine->loadSegments(std::move(read->attemptSegmentBegin), std::move(read->startNs), std::move(read->endNs),
            std::move(read->bucket));
    } catch (const std::exception& e) {
        return core::Error { m_db->path() + ": the stored fleet is inconsistent: " + e.what() };
    }
    m_options.withDetail = true;
    return core::Status::success();
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
    auto read = readLeftOut(*m_db, m_options.label, m_options.cancel, core::loadColumnStoreCheckpoints);
    if (!read) {
        return read.error();
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
    return scope.fromNs || scope.toNs || !scope.excluded.empty() ? ensureSegments() : core::Status::success();
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
        // Where the Compare page splits one label by default: half the attempts on each side.
        std::vector<int64_t> starts(c.attemptStartNs.begin(), c.attemptStartNs.end());
        const auto middle = starts.begin() + static_cast<std::ptrdiff_t>(starts.size() / 2);
        std::nth_element(starts.begin(), middle, starts.end());
        v.medianStartNs = *middle;
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
    core::reserveOnHugePages(out, byJob->groups.size());
    for (auto& g : byJob->groups) {
        out.push_back(summaryOf(g));
    }
    return out;
}

core::Result<std::vector<JobSummary>> LocalFleetSource::worstJobs(
    const core::CohortSpec& scope, const std::string& sort, int64_t limit)
{
    if (auto st = ensureDetailFor(scope); !st) {
        return st.error();
    }
    auto filter = filterOf(scope);
    if (!filter) {
        return filter.error();
    }
    auto byJob = groupingOf("job");
    if (!byJob) {
        return byJob.error();
    }
    const auto& c = m_engine->columns();
    return guarded([&] {
        // Ranked on each job's totals (summed a block of jobs at a time, so that the sums of a
        // fleet's worth of jobs are never held at once, and nothing else of their figures made);
        // then only the jobs returned are rolled up and made summaries.
        const size_t kBlock = m_rankingBlockJobs;
        // rankJobs's order of candidates, jobOf(candidate) being the job's index in the columns.
        auto rank = [&](std::vector<size_t> candidates, auto&& figuresOf, auto&& jobOf) {
            return rankedIndexes(
                std::move(candidates), figuresOf,
                [&](size_t i) -> const std::string& { return c.labels[static_cast<size_t>(c.jobLabel[jobOf(i)])]; },
                [&](size_t i) -> const std::string& { return c.jobKey[jobOf(i)]; }, sort, limit);
        };
        std::vector<int32_t> selected;
        const std::vector<uint8_t> inScope = m_engine->selectJobs(*filter);
        for (size_t j = 0; j < inScope.size(); ++j) {
            if (inScope[j]) {
                selected.push_back(static_cast<int32_t>(j));
            }
        }
        const bool everyJob = limit <= 0 || selected.size() <= static_cast<size_t>(limit);
        if (!everyJob) {
            const std::vector<std::pair<int32_t, core::JobTotals>> ranked = m_engine->jobTotals(*filter, kBlock);
            std::vector<size_t> candidates(ranked.size());
            std::iota(candidates.begin(), candidates.end(), size_t { 0 });
            auto job = [&](size_t i) { return static_cast<size_t>(ranked[i].first); };
            const auto order = rank(
                std::move(candidates), [&](size_t i) -> const core::JobTotals& { return ranked[i].second; }, job);
            if (order.empty()) {
                return std::vector<JobSummary> {};
            }
            filter->jobs.clear();
            for (const size_t i : order) {
                filter->jobs.push_back(static_cast<int32_t>(job(i)));
            }
        }
        gpu::Rollup r = m_engine->rollup(*filter, *byJob);
        auto& groups = r.groups;
        std::vector<size_t> listed;
        for (size_t i = 0; i < groups.size(); ++i) {
            if (groups[i].figures.attempts != 0) {
                listed.push_back(i);
            }
        }
        const auto order = rank(
            std::move(listed), [&](size_t i) -> const core::Figures& { return groups[i].figures; },
            [&](size_t i) { return static_cast<size_t>(groups[i].code); });
        std::vector<JobSummary> out;
        core::reserveOnHugePages(out, order.size());
        for (const size_t i : order) {
            out.push_back(summaryOf(groups[i]));
        }
        return out;
    });
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

core::Result<core::CohortInput> LocalFleetSource::cohortInput(
    const core::CohortSpec& cohort, const std::string& matchBy)
{
    // Over all time and without excluded windows the per-job roll-ups need no segments.
    if (auto st = ensureDetailFor(cohort); !st) {
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

core::Result<core::KindDurations> LocalFleetSource::durationsPerKind(const gpu::Filter& filter)
{
    if (m_options.withPhases) {
        return gpu::phaseDurationsPerKind(*m_engine, filter);
    }
    // Without the phases in memory: the stored samples, a few bytes a phase, read once and kept
    // for the later calls (the window's).
    if (!m_phaseSamples) {
        auto loaded = core::StoredPhaseSamples::load(*m_db, m_engine->columns());
        if (!loaded) {
            return loaded.error();
        }
        m_phaseSamples = std::make_unique<core::StoredPhaseSamples>(std::move(*loaded));
    }
    auto perKind = m_phaseSamples->durationsPerKind(
        m_engine->selectJobs(filter), filter.fromNs.value_or(INT64_MIN), filter.toNs.value_or(INT64_MAX));
    if (!perKind) {
        return core::Error { m_db->path() + ": " + perKind.error().message };
    }
    return perKind;
}

core::Result<PhaseDurations> LocalFleetSource::phaseDurations(const core::CohortSpec& cohort)
{
    auto filter = filterOf(cohort);
    if (!filter) {
        return filter.error();
    }
    auto perKind = durationsPerKind(*filter);
    if (!perKind) {
        return perKind.error();
    }
    return gpu::durationsByName(m_engine->columns(), std::move(*perKind));
}

core::Result<std::vector<core::DurationSample>> LocalFleetSource::durationPercentiles(const core::CohortSpec& cohort)
{
    auto each = durationPercentilesEach({ cohort });
    if (!each) {
        return each.error();
    }
    return std::move(each->front());
}

core::Result<std::vector<std::vector<core::DurationSample>>> LocalFleetSource::durationPercentilesEach(
    const std::vector<core::CohortSpec>& cohorts)
{
    // The engine's phases are grouped per cohort as they are; the stored samples are read once for
    // all the cohorts (each blob decoded once, its durations given to each cohort holding its job)
    // instead of once a cohort; more cohorts than a pass takes, in passes of one.
    if (cohorts.empty() || cohorts.size() > 8) {
        return FleetSource::durationPercentilesEach(cohorts);
    }
    if (m_options.withPhases) {
        std::vector<std::vector<core::DurationSample>> out;
        for (const auto& cohort : cohorts) {
            auto filter = filterOf(cohort);
            if (!filter) {
                return filter.error();
            }
            out.push_back(
                gpu::durationSamplesByName(m_engine->columns(), gpu::phaseDurationsPerKind(*m_engine, *filter)));
        }
        return out;
    }
    const auto& c = m_engine->columns();
    core::PhaseCohorts of;
    of.jobBits.assign(c.jobs(), 0);
    for (size_t i = 0; i < cohorts.size(); ++i) {
        auto filter = filterOf(cohorts[i]);
        if (!filter) {
            return filter.error();
        }
        const auto selected = m_engine->selectJobs(*filter);
        for (size_t j = 0; j < selected.size() && j < of.jobBits.size(); ++j) {
            if (selected[j] != 0) {
                of.jobBits[j] = static_cast<uint8_t>(of.jobBits[j] | (1U << i));
            }
        }
        of.fromNs.push_back(filter->fromNs.value_or(INT64_MIN));
        of.toNs.push_back(filter->toNs.value_or(INT64_MAX));
    }
    auto lists = m_phaseSamples ? m_phaseSamples->durationsPerKind(of)
                                : core::StoredPhaseSamples::durationsPerKind(*m_db, c, of);
    if (!lists) {
        return core::Error { m_db->path() + ": " + lists.error().message };
    }
    std::vector<std::vector<core::DurationSample>> out;
    out.reserve(lists->size());
    for (auto& perKind : *lists) {
        out.push_back(gpu::durationSamplesByName(c, perKind));
        core::KindDurationBlocks().swap(perKind); // each cohort's durations let go of once ranked
    }
    return out;
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
