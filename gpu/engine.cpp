#include "gpu/engine.h"

#include "core/model/compare.h"
#include "core/model/huge_pages.h"
#include "gpu/backend.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <stdexcept>
#include <unistd.h>

namespace ett::gpu {

namespace {

using Clock = std::chrono::steady_clock;
using core::Figures;
using core::Wide;
using kernels::kBuckets;

constexpr int64_t kNsPerHour = 3'600'000'000'000;
constexpr int64_t kNsPerDay = 24 * kNsPerHour;
// 1970-01-01 was a Thursday; Mondays are 4 days later, modulo 7.
constexpr int64_t kFirstMondayNs = 4 * kNsPerDay;

// Whether an NVIDIA driver can be reached here: its kernel module's entry under /proc, its control
// device, or WSL's GPU device. Without any of them the CUDA runtime can only answer no, and asking
// costs every command that chooses a backend about 360 page faults (2 to 3 ms: it loads libcuda.so
// when one is installed). Asked only when the choice is automatic; a request for CUDA always asks
// the runtime, which then says why not.
bool nvidiaDriverReachable()
{
    for (const char* path : { "/proc/driver/nvidia", "/dev/nvidiactl", "/dev/dxg" }) {
        if (::access(path, F_OK) == 0) {
            return true;
        }
    }
    return false;
}

double secondsSince(Clock::time_point t)
{
    return std::chrono::duration<double>(Clock::now() - t).count();
}

__extension__ typedef unsigned __int128 U128;

Wide toWide(uint64_t lo, uint64_t hi)
{
    return static_cast<Wide>((static_cast<U128>(hi) << 64) | lo);
}

int64_t floorDiv(int64_t a, int64_t b)
{
    int64_t q = a / b;
    if ((a % b) < 0) {
        --q;
    }
    return q;
}

bool inRange(int64_t t, int64_t lo, int64_t hi)
{
    return t >= lo && t < hi;
}

bool overlaps(int64_t s, int64_t e, int64_t lo, int64_t hi)
{
    return s == e ? inRange(s, lo, hi) : s < hi && e > lo;
}

} // namespace

struct Engine::Selection
{
    std::vector<int32_t> attemptGroup; // -1: not selected
    std::vector<uint8_t> jobSelected;
    int32_t groups = 1;
    bool attemptLevel = false; // groups are of attempts (by attempt, by cause class)
    // By job, the selected jobs are numbered 0, 1, ... (a cohort of a large fleet needs only its own
    // groups' sums): jobOfGroup[g] is group g's job. Empty: a group's number is its code.
    std::vector<int32_t> jobOfGroup;
    int32_t codeOf(int32_t group) const { return jobOfGroup.empty() ? group : jobOfGroup[static_cast<size_t>(group)]; }
};

std::optional<BackendKind> parseBackend(const std::string& name)
{
    if (name == "cpu") {
        return BackendKind::Cpu;
    }
    if (name == "cuda") {
        return BackendKind::Cuda;
    }
    return std::nullopt;
}

std::unique_ptr<Engine> Engine::create(std::optional<BackendKind> requested)
{
    std::unique_ptr<Engine> e(new Engine());
    std::string source = "automatic";
    if (!requested) {
        if (const char* env = std::getenv("ETTW_BACKEND"); env && *env) {
            requested = parseBackend(env);
            source = std::string("ETTW_BACKEND=") + env;
            if (!requested) {
                std::fprintf(stderr, "ettw: ETTW_BACKEND=%s is neither cpu nor cuda; choosing automatically\n", env);
                source = "automatic";
            }
        }
    } else {
        source = "requested";
    }
    std::string why;
    if (requested == BackendKind::Cuda || (!requested && nvidiaDriverReachable())) {
        e->m_backend = makeCudaBackend(why);
    } else if (!requested) {
        why = "no CUDA device (no NVIDIA driver: none of /proc/driver/nvidia, /dev/nvidiactl, /dev/dxg)";
    }
    if (e->m_backend) {
        e->m_info = e->m_backend->info();
        e->m_info.reason = source == "automatic" ? "a CUDA device is present" : source;
        return e;
    }
    e->m_backend = makeCpuBackend();
    e->m_info = e->m_backend->info();
    if (requested && *requested == BackendKind::Cuda) {
        // Asked for CUDA and could not have it: say so where people look.
        e->m_info.reason = "CUDA was " + source + " but is unavailable (" + why + "); using the CPU";
        std::fprintf(stderr, "ettw: %s\n", e->m_info.reason.c_str());
    } else if (requested) {
        e->m_info.reason = source;
    } else {
        e->m_info.reason = why.empty() ? "no CUDA device" : why;
    }
    return e;
}

Engine::~Engine() = default;

void Engine::load(core::FleetColumns columns, std::optional<Attribution> attributed)
{
    if (auto problem = columns.validate(); !problem.empty()) {
        throw std::invalid_argument("fleet columns: " + problem);
    }
    m_columns = std::move(columns);
    m_attribution.reset();
    const auto started = Clock::now();
    m_backend->load(m_columns);
    if (attributed) {
        m_attribution = std::move(attributed);
        m_backend->loadAttribution(*m_attribution);
    }
    m_lastSeconds = secondsSince(started);
}

void Engine::loadCheckpoints(std::vector<int64_t> startNs, std::vector<int64_t> durableNs, std::vector<uint8_t> failed)
{
    const auto counted
        = static_cast<size_t>(m_columns.jobCheckpointBegin.empty() ? 0 : m_columns.jobCheckpointBegin.back());
    if (m_columns.checkpointsLoaded || startNs.size() != counted || durableNs.size() != counted
        || failed.size() != counted) {
        throw std::invalid_argument("checkpoints: " + std::to_string(startNs.size()) + " given, "
            + std::to_string(counted) + " counted" + (m_columns.checkpointsLoaded ? ", and already loaded" : ""));
    }
    const auto started = Clock::now();
    m_columns.checkpointStartNs = std::move(startNs);
    m_columns.checkpointDurableNs = std::move(durableNs);
    m_columns.checkpointFailed = std::move(failed);
    m_columns.checkpointsLoaded = true;
    m_backend->load(m_columns);
    if (m_attribution) {
        m_backend->loadAttribution(*m_attribution);
    }
    m_lastSeconds = secondsSince(started);
}

void Engine::loadSegments(std::vector<int64_t> attemptSegmentBegin, std::vector<int64_t> startNs,
    std::vector<int64_t> endNs, std::vector<uint8_t> bucket)
{
    const size_t n = bucket.size();
    std::string problem;
    if (!m_attribution || m_attribution->segmentsLoaded) {
        problem = m_attribution ? "already loaded" : "no attribution to give them to";
    } else if (attemptSegmentBegin.size() != m_columns.attempts() + 1) {
        problem = std::to_string(attemptSegmentBegin.size()) + " attempt offsets for "
            + std::to_string(m_columns.attempts()) + " attempts";
    } else if (startNs.size() != n || endNs.size() != n || static_cast<int64_t>(n) != m_attribution->segmentsLeftOut) {
        problem = std::to_string(n) + " given, " + std::to_string(m_attribution->segmentsLeftOut) + " counted";
    } else if (attemptSegmentBegin.front() != 0 || attemptSegmentBegin.back() != static_cast<int64_t>(n)
        || !std::is_sorted(attemptSegmentBegin.begin(), attemptSegmentBegin.end())) {
        problem = "the attempts' offsets are not in order";
    } else if (std::any_of(bucket.begin(), bucket.end(), [](uint8_t b) { return b >= core::kBucketCount; })) {
        problem = "a bucket is out of range";
    }
    if (!problem.empty()) {
        throw std::invalid_argument("segments: " + problem);
    }
    const auto started = Clock::now();
    Attribution& a = *m_attribution;
    a.attemptSegmentBegin = std::move(attemptSegmentBegin);
    a.segmentStartNs = std::move(startNs);
    a.segmentEndNs = std::move(endNs);
    a.segmentBucket = std::move(bucket);
    a.segmentsLoaded = true;
    a.segmentsLeftOut = 0;
    m_backend->loadAttribution(a);
    m_lastSeconds = secondsSince(started);
}

const Attribution& Engine::attribution()
{
    if (!m_attribution) {
        const auto started = Clock::now();
        Attribution a;
        m_backend->attribute(a);
        m_attribution = std::move(a);
        m_backend->loadAttribution(*m_attribution);
        m_lastSeconds = secondsSince(started);
    }
    return *m_attribution;
}

void Engine::resetAttribution()
{
    m_attribution.reset();
}

std::string Engine::groupName(const Grouping& g, int32_t code) const
{
    const auto& c = m_columns;
    switch (g.by) {
    case GroupBy::None:
        return "(all)";
    case GroupBy::Attribute: {
        const auto& values = c.attrValues[static_cast<size_t>(g.attrKey)];
        return static_cast<size_t>(code) < values.size() ? values[static_cast<size_t>(code)] : core::kNoGroupName;
    }
    case GroupBy::Label:
        return c.labels[static_cast<size_t>(code)];
    case GroupBy::Job:
        return c.jobKey[static_cast<size_t>(code)];
    case GroupBy::Attempt:
        return c.jobKey[static_cast<size_t>(c.attemptJob[static_cast<size_t>(code)])] + "#"
            + std::to_string(c.attemptNumber[static_cast<size_t>(code)]);
    case GroupBy::CauseClass: {
        const std::string& cls = c.causeClasses[static_cast<size_t>(code)];
        return cls.empty() ? core::kNoGroupName : cls;
    }
    }
    return {};
}

std::vector<uint8_t> Engine::selectJobs(const Filter& filter) const
{
    return select(filter, Grouping {}).jobSelected;
}

int64_t calendarWidthNs(Calendar every)
{
    return every == Calendar::Hour ? kNsPerHour : every == Calendar::Day ? kNsPerDay : 7 * kNsPerDay;
}

int64_t calendarAlignNs(Calendar every)
{
    return every == Calendar::Week ? kFirstMondayNs : 0;
}

Engine::Selection Engine::select(const Filter& f, const Grouping& g) const
{
    const auto& c = m_columns;
    Selection s;
    s.jobSelected.assign(c.jobs(), 1);
    std::vector<uint8_t> inJobSet;
    if (!f.jobs.empty()) {
        inJobSet.assign(c.jobs(), 0);
        for (int32_t j : f.jobs) {
            if (j >= 0 && static_cast<size_t>(j) < c.jobs()) {
                inJobSet[static_cast<size_t>(j)] = 1;
            }
        }
    }
    for (size_t j = 0; j < c.jobs(); ++j) {
        bool ok = c.jobGpus[j] >= f.minGpus && c.jobGpus[j] <= f.maxGpus;
        ok = ok && (f.labels.empty() || std::find(f.labels.begin(), f.labels.end(), c.jobLabel[j]) != f.labels.end());
        for (const auto& term : f.attrs) {
            if (!ok) {
                break;
            }
            const int32_t v = term.key >= 0 && static_cast<size_t>(term.key) < c.attrKeys.size()
                ? c.attr(j, static_cast<size_t>(term.key))
                : -1;
            ok = std::find(term.values.begin(), term.values.end(), v) != term.values.end();
        }
        ok = ok && (inJobSet.empty() || inJobSet[j]);
        s.jobSelected[j] = ok ? 1 : 0;
    }
    std::vector<int32_t> jobGroup; // by job: each selected job's group
    switch (g.by) {
    case GroupBy::None:
        s.groups = 1;
        break;
    case GroupBy::Attribute:
        if (g.attrKey < 0 || static_cast<size_t>(g.attrKey) >= c.attrKeys.size()) {
            throw std::invalid_argument("group by an unknown attribute");
        }
        s.groups = static_cast<int32_t>(c.attrValues[static_cast<size_t>(g.attrKey)].size()) + 1; // + "(none)"
        break;
    case GroupBy::Label:
        s.groups = static_cast<int32_t>(c.labels.size());
        break;
    case GroupBy::Job:
        jobGroup.assign(c.jobs(), -1);
        for (size_t j = 0; j < c.jobs(); ++j) {
            if (s.jobSelected[j]) {
                jobGroup[j] = static_cast<int32_t>(s.jobOfGroup.size());
                s.jobOfGroup.push_back(static_cast<int32_t>(j));
            }
        }
        if (s.jobOfGroup.empty()) {
            s.jobOfGroup.push_back(0); // one group that stays empty: backends size by at least one
        }
        s.groups = static_cast<int32_t>(s.jobOfGroup.size());
        break;
    case GroupBy::Attempt:
        s.groups = static_cast<int32_t>(c.attempts());
        s.attemptLevel = true;
        break;
    case GroupBy::CauseClass:
        s.groups = static_cast<int32_t>(c.causeClasses.size());
        s.attemptLevel = true;
        break;
    }
    s.attemptGroup.assign(c.attempts(), -1);
    const int32_t noValue = s.groups - 1;
    for (size_t a = 0; a < c.attempts(); ++a) {
        const auto j = static_cast<size_t>(c.attemptJob[a]);
        if (!s.jobSelected[j]) {
            continue;
        }
        int32_t code = 0;
        switch (g.by) {
        case GroupBy::None:
            code = 0;
            break;
        case GroupBy::Attribute: {
            const int32_t v = c.attr(j, static_cast<size_t>(g.attrKey));
            code = v < 0 ? noValue : v;
            break;
        }
        case GroupBy::Label:
            code = c.jobLabel[j];
            break;
        case GroupBy::Job:
            code = jobGroup[j];
            break;
        case GroupBy::Attempt:
            code = static_cast<int32_t>(a);
            break;
        case GroupBy::CauseClass:
            code = c.attemptCauseClass[a];
            break;
        }
        s.attemptGroup[a] = code;
    }
    return s;
}

namespace {

// Adds job j's figures that are not sums of segments (jobs, attempts, interruptions, TTS and TTR
// samples, jobs without checkpoint data) within [lo, hi) to figs[group], exactly as core::addJob
// counts them: an attempt where it overlaps the range, an interruption where its fault instant
// lies, Time to Start where the first attempt starts, the job where its window overlaps. With
// attempt-level groups, the job counts in the group of each attempt whose stretch (from its start,
// or the window start, to the next attempt's start) reaches the range.
// figs(g): group g's figures.
template <typename FiguresOf>
void addJobCounts(const core::FleetColumns& c, const Attribution& at, const std::vector<int32_t>& attemptGroup,
    size_t j, bool countQueue, int64_t lo, int64_t hi, bool hasRange, FiguresOf&& figs, std::vector<int32_t>& scratch)
{
    const auto a0 = static_cast<size_t>(c.jobAttemptBegin[j]);
    const auto a1 = static_cast<size_t>(c.jobAttemptBegin[j + 1]);
    if (a0 == a1 || attemptGroup[a0] < 0) {
        return;
    }
    int64_t queue = 0;
    if (countQueue && c.jobSubmittedNs[j] != core::kNoTime && c.jobSubmittedNs[j] < c.attemptStartNs[a0]) {
        queue = c.attemptStartNs[a0] - c.jobSubmittedNs[j];
    }
    const int64_t windowStart = c.attemptStartNs[a0] - queue;
    const int64_t windowEnd = c.attemptEndNs[a1 - 1];
    for (size_t a = a0; a < a1; ++a) {
        Figures& fig = figs(attemptGroup[a]);
        if (!hasRange || overlaps(c.attemptStartNs[a], c.attemptEndNs[a], lo, hi)) {
            ++fig.attempts;
        }
        if (kernels::isInterruptedOutcome(c.attemptOutcome[a])) {
            const int64_t f = kernels::phaseEnd(c.attemptStartNs[a], c.attemptEndNs[a], true, c.attemptFaultNs[a]);
            if (!hasRange || inRange(f, lo, hi)) {
                core::countInterruption(fig, static_cast<core::Interruption>(c.attemptInterruption[a]));
                if (at.attemptTtrNs[a] != core::kNoTime) {
                    // A Time to Recover ends in a later attempt: a + 1 exists.
                    fig.addTtr(at.attemptTtrNs[a],
                        a + 1 < a1 ? core::splitTtr(f, c.attemptEndNs[a], c.attemptStartNs[a + 1], at.attemptTtrNs[a])
                                   : core::TtrSplit {});
                }
            }
        }
    }
    if (!hasRange || inRange(c.attemptStartNs[a0], lo, hi)) {
        figs(attemptGroup[a0]).ttsNs.push_back(at.attemptTtsNs[a0]);
    }
    if (hasRange && !overlaps(windowStart, windowEnd, lo, hi)) {
        return;
    }
    scratch.clear();
    for (size_t a = a0; a < a1; ++a) {
        const int64_t s = a == a0 ? windowStart : c.attemptStartNs[a];
        const int64_t e = a + 1 == a1 ? windowEnd : c.attemptStartNs[a + 1];
        if (!hasRange || overlaps(s, e, lo, hi) || (a == a0 && a + 1 == a1)) {
            scratch.push_back(attemptGroup[a]);
        }
    }
    std::sort(scratch.begin(), scratch.end());
    scratch.erase(std::unique(scratch.begin(), scratch.end()), scratch.end());
    const bool noCheckpoints = c.jobCheckpointBegin[j] == c.jobCheckpointBegin[j + 1];
    for (int32_t g : scratch) {
        ++figs(g).jobs;
        if (noCheckpoints) {
            ++figs(g).noCheckpointDataJobs;
        }
    }
}

// Writes the segment sums of one slot into its figures: the buckets, then (when the params have
// excluded windows) the time excluded from each bucket.
void addSums(Figures& f, const WideSum* sums, const kernels::SumParams& p)
{
    for (int b = 0; b < kBuckets; ++b) {
        const Wide t = toWide(sums[b].timeLo, sums[b].timeHi);
        const Wide g = toWide(sums[b].gpuLo, sums[b].gpuHi);
        f.bucketsNs[static_cast<size_t>(b)] += t;
        f.bucketsGpuNs[static_cast<size_t>(b)] += g;
        f.e2eNs += t;
        f.e2eGpuNs += g;
    }
    if (p.excludedCount == 0) {
        return;
    }
    for (int b = 0; b < kBuckets; ++b) {
        const WideSum& x = sums[kBuckets + b];
        f.excludedNs.at(static_cast<size_t>(b)) += toWide(x.timeLo, x.timeHi);
        f.excludedGpuNs.at(static_cast<size_t>(b)) += toWide(x.gpuLo, x.gpuHi);
    }
}

// The excluded windows of a filter as the kernels read them: merged, in two columns that must
// outlive the params pointing into them.
struct ExcludedColumns
{
    std::vector<int64_t> start;
    std::vector<int64_t> end;

    explicit ExcludedColumns(const Filter& filter)
    {
        for (const core::TimeSpan& t : core::normalizeExcluded(filter.excluded)) {
            start.push_back(t.fromNs);
            end.push_back(t.toNs);
        }
    }
    void into(kernels::SumParams& p) const
    {
        p.excludedStart = start.data();
        p.excludedEnd = end.data();
        p.excludedCount = static_cast<int64_t>(start.size());
    }
};

} // namespace

Rollup Engine::rollup(const Filter& filter, const Grouping& grouping)
{
    attribution();
    const auto started = Clock::now();
    const auto& c = m_columns;
    const Selection sel = select(filter, grouping);
    kernels::SumParams p;
    p.lo = filter.fromNs.value_or(INT64_MIN);
    p.hi = filter.toNs.value_or(INT64_MAX);
    p.groups = sel.groups;
    p.countQueue = filter.countQueue;
    const ExcludedColumns excluded(filter);
    excluded.into(p);
    std::vector<WideSum> sums;
    m_backend->sumSegments(p, sel.attemptGroup, sums);

    // The groups' figures are built where they are returned (one group per job is one figure per
    // job: no second copy), the sums let go of once added.
    const bool hasRange = filter.fromNs.has_value() || filter.toNs.has_value();
    Rollup out;
    core::reserveOnHugePages(out.groups, static_cast<size_t>(sel.groups)); // by job: about 650 bytes a job
    out.groups.resize(static_cast<size_t>(sel.groups));
    for (int32_t g = 0; g < sel.groups; ++g) {
        GroupFigures& group = out.groups[static_cast<size_t>(g)];
        group.code = sel.codeOf(g);
        addSums(group.figures, sums.data() + static_cast<size_t>(g * p.slotEntries()), p);
    }
    std::vector<WideSum>().swap(sums);
    auto figuresOf = [&out](int32_t g) -> Figures& { return out.groups[static_cast<size_t>(g)].figures; };
    std::vector<int32_t> scratch;
    for (size_t j = 0; j < c.jobs(); ++j) {
        if (sel.jobSelected[j]) {
            addJobCounts(
                c, *m_attribution, sel.attemptGroup, j, filter.countQueue, p.lo, p.hi, hasRange, figuresOf, scratch);
        }
    }
    std::erase_if(out.groups, [](const GroupFigures& group) { return group.figures.empty(); });
    for (GroupFigures& group : out.groups) {
        out.total.merge(group.figures);
        group.name = groupName(grouping, group.code);
    }
    if (sel.attemptLevel) {
        // A job may count in several attempt-level groups; the total counts it once.
        std::vector<int32_t> one(sel.attemptGroup.size());
        for (size_t a = 0; a < one.size(); ++a) {
            one[a] = sel.attemptGroup[a] < 0 ? -1 : 0;
        }
        Figures jobsOnly;
        for (size_t j = 0; j < c.jobs(); ++j) {
            if (sel.jobSelected[j]) {
                addJobCounts(
                    c, *m_attribution, one, j, filter.countQueue, p.lo, p.hi, hasRange,
                    [&jobsOnly](int32_t) -> Figures& { return jobsOnly; }, scratch);
            }
        }
        out.total.jobs = jobsOnly.jobs;
        out.total.noCheckpointDataJobs = jobsOnly.noCheckpointDataJobs;
    }
    std::sort(out.groups.begin(), out.groups.end(),
        [](const GroupFigures& x, const GroupFigures& y) { return x.name < y.name; });
    m_lastSeconds = secondsSince(started);
    return out;
}

std::vector<std::pair<int32_t, core::JobTotals>> Engine::jobTotals(const Filter& filter, size_t blockJobs)
{
    attribution();
    const auto started = Clock::now();
    const auto& c = m_columns;
    const std::vector<uint8_t> selected = select(filter, Grouping {}).jobSelected;
    kernels::SumParams p;
    p.lo = filter.fromNs.value_or(INT64_MIN);
    p.hi = filter.toNs.value_or(INT64_MAX);
    p.countQueue = filter.countQueue;
    const ExcludedColumns excluded(filter);
    excluded.into(p);
    const bool hasRange = filter.fromNs.has_value() || filter.toNs.has_value();
    const auto productive = static_cast<size_t>(core::Bucket::Productive);
    std::vector<std::pair<int32_t, core::JobTotals>> out;
    std::vector<int32_t> group(c.attempts(), -1); // a block's attempts: their job's place in it
    std::vector<int32_t> block;
    std::vector<WideSum> sums;
    for (size_t next = 0; next < c.jobs();) {
        block.clear();
        for (; next < c.jobs() && block.size() < std::max<size_t>(1, blockJobs); ++next) {
            if (selected[next]) {
                block.push_back(static_cast<int32_t>(next));
            }
        }
        if (block.empty()) {
            break;
        }
        auto attemptsOf = [&c](int32_t j) {
            return std::pair { static_cast<size_t>(c.jobAttemptBegin[static_cast<size_t>(j)]),
                static_cast<size_t>(c.jobAttemptBegin[static_cast<size_t>(j) + 1]) };
        };
        for (size_t g = 0; g < block.size(); ++g) {
            const auto [a0, a1] = attemptsOf(block[g]);
            std::fill(group.begin() + static_cast<std::ptrdiff_t>(a0), group.begin() + static_cast<std::ptrdiff_t>(a1),
                static_cast<int32_t>(g));
        }
        p.groups = static_cast<int32_t>(block.size());
        m_backend->sumSegments(p, group, sums);
        for (size_t g = 0; g < block.size(); ++g) {
            const auto [a0, a1] = attemptsOf(block[g]);
            // As addJobCounts counts attempts: where they overlap the range.
            bool counted = false;
            for (size_t a = a0; a < a1 && !counted; ++a) {
                counted = !hasRange || overlaps(c.attemptStartNs[a], c.attemptEndNs[a], p.lo, p.hi);
            }
            std::fill(
                group.begin() + static_cast<std::ptrdiff_t>(a0), group.begin() + static_cast<std::ptrdiff_t>(a1), -1);
            if (!counted) {
                continue;
            }
            Figures f; // the buckets and E2E alone, as rollup() adds them
            addSums(f, sums.data() + g * static_cast<size_t>(p.slotEntries()), p);
            core::JobTotals t;
            t.e2eNs = f.e2eNs;
            t.e2eGpuNs = f.e2eGpuNs;
            t.productiveNs = f.bucketsNs[productive];
            t.productiveGpuNs = f.bucketsGpuNs[productive];
            out.emplace_back(block[g], t);
        }
    }
    m_lastSeconds = secondsSince(started);
    return out;
}

std::optional<core::TimeSpan> Engine::spanOf(const Filter& filter, const Selection& sel) const
{
    const auto& c = m_columns;
    int64_t first = INT64_MAX;
    int64_t last = INT64_MIN;
    for (size_t j = 0; j < c.jobs(); ++j) {
        const auto a0 = static_cast<size_t>(c.jobAttemptBegin[j]);
        const auto a1 = static_cast<size_t>(c.jobAttemptBegin[j + 1]);
        if (!sel.jobSelected[j] || a0 == a1) {
            continue;
        }
        int64_t start = c.attemptStartNs[a0];
        if (filter.countQueue && c.jobSubmittedNs[j] != core::kNoTime && c.jobSubmittedNs[j] < start) {
            start = c.jobSubmittedNs[j];
        }
        first = std::min(first, start);
        last = std::max(last, c.attemptEndNs[a1 - 1]);
    }
    if (filter.fromNs) {
        first = *filter.fromNs;
    }
    if (filter.toNs) {
        last = *filter.toNs;
    }
    if (first > last) {
        return std::nullopt;
    }
    return core::TimeSpan { first, last };
}

std::optional<core::TimeSpan> Engine::seriesSpan(const Filter& filter) const
{
    return spanOf(filter, select(filter, Grouping {}));
}

Series Engine::series(const Filter& filter, Calendar every)
{
    return series(filter, calendarWidthNs(every), calendarAlignNs(every));
}

Series Engine::series(const Filter& filter, int64_t widthNs, int64_t alignNs)
{
    if (widthNs <= 0) {
        throw std::invalid_argument(
            "a series needs buckets of a positive width, not " + std::to_string(widthNs) + " ns");
    }
    attribution();
    const auto started = Clock::now();
    const auto& c = m_columns;
    const Selection sel = select(filter, Grouping {});
    Series out;
    out.widthNs = widthNs;

    // 1. The span: the range when given, else the selected jobs' windows (with queue when counted).
    const std::optional<core::TimeSpan> span = spanOf(filter, sel);
    if (!span) {
        m_lastSeconds = secondsSince(started);
        return out;
    }
    const int64_t first = span->fromNs;
    const int64_t last = span->toNs;
    out.originNs = alignNs + floorDiv(first - alignNs, out.widthNs) * out.widthNs;
    const int64_t buckets = std::max<int64_t>(1, floorDiv(last - 1 - out.originNs, out.widthNs) + 1);

    // 2. Sums per calendar bucket on the backend.
    kernels::SumParams p;
    p.lo = filter.fromNs.value_or(INT64_MIN);
    p.hi = filter.toNs.value_or(INT64_MAX);
    p.originNs = out.originNs;
    p.widthNs = out.widthNs;
    p.timeBuckets = buckets;
    p.groups = 1;
    p.countQueue = filter.countQueue;
    const ExcludedColumns excluded(filter);
    excluded.into(p);
    std::vector<WideSum> sums;
    m_backend->sumSegments(p, sel.attemptGroup, sums);
    out.buckets.assign(static_cast<size_t>(buckets), Figures {});
    for (int64_t k = 0; k < buckets; ++k) {
        addSums(out.buckets[static_cast<size_t>(k)], sums.data() + static_cast<size_t>(k * p.slotEntries()), p);
    }

    // 3. Counts per calendar bucket: each job visits the buckets its window reaches.
    std::vector<int32_t> scratch;
    for (size_t j = 0; j < c.jobs(); ++j) {
        const auto a0 = static_cast<size_t>(c.jobAttemptBegin[j]);
        const auto a1 = static_cast<size_t>(c.jobAttemptBegin[j + 1]);
        if (!sel.jobSelected[j] || a0 == a1) {
            continue;
        }
        int64_t start = c.attemptStartNs[a0];
        if (filter.countQueue && c.jobSubmittedNs[j] != core::kNoTime && c.jobSubmittedNs[j] < start) {
            start = c.jobSubmittedNs[j];
        }
        const int64_t kFirst = std::max<int64_t>(0, floorDiv(start - out.originNs, out.widthNs));
        const int64_t kLast
            = std::min<int64_t>(buckets - 1, floorDiv(c.attemptEndNs[a1 - 1] - out.originNs, out.widthNs));
        for (int64_t k = kFirst; k <= kLast; ++k) {
            const int64_t lo = std::max(p.lo, out.originNs + k * out.widthNs);
            const int64_t hi = std::min(p.hi, out.originNs + (k + 1) * out.widthNs);
            if (lo < hi) {
                Figures& bucket = out.buckets[static_cast<size_t>(k)];
                addJobCounts(
                    c, *m_attribution, sel.attemptGroup, j, filter.countQueue, lo, hi, true,
                    [&bucket](int32_t g) -> Figures& { return (&bucket)[g]; }, scratch);
            }
        }
    }
    m_lastSeconds = secondsSince(started);
    return out;
}

std::vector<Distribution> Engine::distribution(
    const Filter& filter, const Grouping& grouping, const DistributionSpec& spec)
{
    attribution();
    const auto started = Clock::now();
    const auto& c = m_columns;
    const Attribution& at = *m_attribution;
    const Selection sel = select(filter, grouping);
    const int64_t lo = filter.fromNs.value_or(INT64_MIN);
    const int64_t hi = filter.toNs.value_or(INT64_MAX);
    std::vector<std::vector<int64_t>> values(static_cast<size_t>(sel.groups));

    if (spec.of == DistributionSpec::Of::PhaseDuration) {
        std::vector<uint8_t> kinds(c.kindCategory.size(), 0);
        for (size_t k = 0; k < kinds.size(); ++k) {
            kinds[k] = (spec.category < 0 || c.kindCategory[k] == spec.category)
                && (!spec.subcategory || c.kindSubcategory[k] == *spec.subcategory);
        }
        m_backend->phaseDurations(sel.attemptGroup, sel.groups, kinds, lo, hi, values);
    } else {
        for (size_t j = 0; j < c.jobs(); ++j) {
            const auto a0 = static_cast<size_t>(c.jobAttemptBegin[j]);
            const auto a1 = static_cast<size_t>(c.jobAttemptBegin[j + 1]);
            if (!sel.jobSelected[j] || a0 == a1) {
                continue;
            }
            if (spec.of == DistributionSpec::Of::TimeToStart) {
                if (inRange(c.attemptStartNs[a0], lo, hi)) {
                    values[static_cast<size_t>(sel.attemptGroup[a0])].push_back(at.attemptTtsNs[a0]);
                }
                continue;
            }
            for (size_t a = a0; a < a1; ++a) {
                if (!kernels::isInterruptedOutcome(c.attemptOutcome[a]) || at.attemptTtrNs[a] == core::kNoTime) {
                    continue;
                }
                const int64_t f = kernels::phaseEnd(c.attemptStartNs[a], c.attemptEndNs[a], true, c.attemptFaultNs[a]);
                if (inRange(f, lo, hi)) {
                    values[static_cast<size_t>(sel.attemptGroup[a])].push_back(at.attemptTtrNs[a]);
                }
            }
        }
        for (auto& v : values) {
            std::sort(v.begin(), v.end());
        }
    }

    std::vector<Distribution> out;
    const int bins = std::max(1, spec.histogramBins);
    for (int32_t g = 0; g < sel.groups; ++g) {
        std::vector<int64_t>& v = values[static_cast<size_t>(g)];
        if (v.empty()) {
            continue;
        }
        Distribution d;
        d.group = groupName(grouping, sel.codeOf(g));
        d.count = static_cast<int64_t>(v.size());
        d.minNs = v.front();
        d.maxNs = v.back();
        d.percentiles.p50 = core::nearestRank(v, 50);
        d.percentiles.p90 = core::nearestRank(v, 90);
        d.percentiles.p99 = core::nearestRank(v, 99);
        // Equal-width integer bins from min to max; the last bin includes max.
        const int64_t span = d.maxNs - d.minNs;
        const int64_t width = std::max<int64_t>(1, span / bins + (span % bins != 0 ? 1 : 0));
        for (int i = 0; i <= bins; ++i) {
            d.binEdgesNs.push_back(d.minNs + width * i);
        }
        d.binCounts.assign(static_cast<size_t>(bins), 0);
        for (int i = 0; i < bins; ++i) {
            const auto lower = std::lower_bound(v.begin(), v.end(), d.binEdgesNs[static_cast<size_t>(i)]);
            const auto upper = i + 1 == bins
                ? v.end()
                : std::lower_bound(v.begin(), v.end(), d.binEdgesNs[static_cast<size_t>(i) + 1]);
            d.binCounts[static_cast<size_t>(i)] = upper - lower;
        }
        out.push_back(std::move(d));
    }
    std::sort(out.begin(), out.end(), [](const Distribution& x, const Distribution& y) { return x.group < y.group; });
    m_lastSeconds = secondsSince(started);
    return out;
}

} // namespace ett::gpu
