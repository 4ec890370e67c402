// The aggregation engine: attribution of phases into bucket segments, roll-ups by
// any grouping and filter, calendar series and distributions, over a fleet held as columns.
//
// Design note: one algorithm, two backends. The per-attempt sweep that attributes phases, and the
// per-segment accumulation behind roll-ups and series, are host/device functions in
// gpu/kernels.h, compiled into both the CPU backend (std::thread over the cores, ETTW_THREADS
// threads when set) and the CUDA backend (kernels over the device), so the CI machine, which has
// no GPU, runs the very logic the GPU runs. Only the parallel skeletons differ: thread-private
// accumulators vs block-shared ones (both falling back to atomic 128-bit adds for large group
// tables), std::sort per attempt vs cub's segmented sort. All sums are exact integers (128-bit
// where needed), so both backends must agree with core/model/accounting.h to the nanosecond.
#pragma once

#include "core/model/columns.h"
#include "core/model/rollup.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ett::core {
struct JobTotals; // core/model/compare.h
} // namespace ett::core

namespace ett::gpu {

enum class BackendKind { Cpu, Cuda };

struct BackendInfo
{
    BackendKind kind = BackendKind::Cpu;
    std::string name; // "CPU (2 threads)", "CUDA: NVIDIA H200 (sm_90, 139 GiB)"
    std::string reason; // why this backend was chosen, e.g. "no CUDA device found"
    int threads = 0; // the CPU backend's threads; 0 for the others
};

// Phases turned into segments (spec 5); see core/model/columns.h.
using Attribution = core::Attribution;

// Which jobs count. Empty lists mean "all"; terms are ANDed.
struct Filter
{
    std::vector<int32_t> labels; // label codes
    struct AttrTerm
    {
        int32_t key = -1; // attribute key code
        std::vector<int32_t> values; // any of these value codes
    };
    std::vector<AttrTerm> attrs;
    std::optional<int64_t> fromNs; // half-open time range; buckets and E2E are clipped to it
    std::optional<int64_t> toNs;
    int64_t minGpus = 0; // job GPU count range, inclusive
    int64_t maxGpus = INT64_MAX;
    std::vector<int32_t> jobs; // job indices
    bool countQueue = false; // spec 5.6
    // Excluded windows (spec 7.4), in any order (the engine merges them): their time is taken out
    // of E2E and the buckets (inside the range) and counted in Figures::excludedNs; counts, Time to
    // Start and Time to Recover are not changed.
    std::vector<core::TimeSpan> excluded;
};

enum class GroupBy { None, Attribute, Label, Job, Attempt, CauseClass };

struct Grouping
{
    GroupBy by = GroupBy::None;
    int32_t attrKey = -1; // for GroupBy::Attribute
};

struct GroupFigures
{
    int32_t code = 0; // the group's code: value, label, job or attempt index, cause class
    std::string name; // the attribute value, label, job key, "job#attempt" or cause class
    core::Figures figures;
};

struct Rollup
{
    core::Figures total; // all groups together
    std::vector<GroupFigures> groups; // sorted by name; only groups with something counted
};

enum class Calendar { Hour, Day, Week }; // UTC; weeks start on Monday
// A calendar bucket's width, and the instant buckets are aligned to (a Monday for weeks).
int64_t calendarWidthNs(Calendar every);
int64_t calendarAlignNs(Calendar every);

struct Series
{
    int64_t originNs = 0; // start of the first calendar bucket
    int64_t widthNs = 0;
    std::vector<core::Figures> buckets; // consecutive calendar buckets covering the data (or range)
};

struct DistributionSpec
{
    enum class Of { TimeToStart, TimeToRecover, PhaseDuration };
    Of of = Of::TimeToStart;
    int32_t category = -1; // for PhaseDuration: a core::Category, or -1 for any
    std::optional<std::string> subcategory; // for PhaseDuration: only this subcategory
    int histogramBins = 20;
};

struct Distribution
{
    std::string group;
    int64_t count = 0;
    core::Percentiles percentiles; // nearest rank (spec 5.4)
    int64_t minNs = 0;
    int64_t maxNs = 0;
    std::vector<int64_t> binEdgesNs; // bins + 1 edges; bin i is [edge i, edge i+1), the last one closed
    std::vector<int64_t> binCounts;
};

class Backend;

class Engine
{
public:
    // Picks the backend: `requested` if given, else the ETTW_BACKEND environment variable
    // ("cpu" or "cuda"), else CUDA when a device is present, else the CPU. A CUDA backend that
    // cannot start falls back to the CPU and says why in backend().reason.
    static std::unique_ptr<Engine> create(std::optional<BackendKind> requested = {});
    ~Engine();

    const BackendInfo& backend() const { return m_info; }

    // Takes the fleet (moved in) and sends it to the backend. When `attributed` is given (for
    // example the store's derived segments), it is used instead of attributing the phases.
    // Throws std::invalid_argument when the columns break their invariants.
    void load(core::FleetColumns columns, std::optional<Attribution> attributed = {});
    const core::FleetColumns& columns() const { return m_columns; }
    // Gives columns loaded without their checkpoints (FleetColumns::checkpointsLoaded false) the
    // checkpoints' columns, each job's as jobCheckpointBegin counts them, and sends the fleet to the
    // backend again. Throws std::invalid_argument when they do not fit the counts (nothing changes).
    void loadCheckpoints(std::vector<int64_t> startNs, std::vector<int64_t> durableNs, std::vector<uint8_t> failed);

    // Gives an attribution loaded without its segments (Attribution::segmentsLoaded false, a lean
    // load) the segments: attempts + 1 offsets and each segment's instants and bucket, as many as the
    // lean load counted. Throws std::invalid_argument when they do not fit (nothing changes).
    void loadSegments(std::vector<int64_t> attemptSegmentBegin, std::vector<int64_t> startNs,
        std::vector<int64_t> endNs, std::vector<uint8_t> bucket);

    // Attributes every attempt's phases (on first call; cached). Exact by spec 5.
    const Attribution& attribution();
    // Forgets the attribution, so that the next call computes it again (for benchmarks).
    void resetAttribution();

    Rollup rollup(const Filter& filter, const Grouping& grouping);
    // The totals of each job the filter selects that has an attempt in its range (those whose
    // figures in a roll-up by job count an attempt), by job index, each equal to
    // core::JobTotals(that roll-up's figures of the job): what a ranking of jobs needs, without the
    // rest of each job's figures. Summed `blockJobs` jobs at a time (the sums held: about 420 bytes
    // a job of a block).
    std::vector<std::pair<int32_t, core::JobTotals>> jobTotals(const Filter& filter, size_t blockJobs);
    // What a series of the filter covers: the filter's range where it has an end, else the selected
    // jobs' windows (from the submission when queue counts). nullopt when that leaves nothing (no
    // selected job has an attempt and the range is open, or it ends before it starts).
    std::optional<core::TimeSpan> seriesSpan(const Filter& filter) const;
    // The filter's figures per calendar bucket: series(filter, calendarWidthNs(), calendarAlignNs()).
    Series series(const Filter& filter, Calendar every);
    // The filter's figures in consecutive buckets [alignNs + k * widthNs, alignNs + (k + 1) * widthNs)
    // over seriesSpan() (none when it is nullopt), each clipped to the range as a roll-up is, so that
    // the buckets add up to the roll-up of the span. Throws std::invalid_argument when widthNs <= 0.
    Series series(const Filter& filter, int64_t widthNs, int64_t alignNs);
    std::vector<Distribution> distribution(
        const Filter& filter, const Grouping& grouping, const DistributionSpec& spec);

    // Wall seconds of the last call of each kind, as measured around the backend's work.
    double lastSeconds() const { return m_lastSeconds; }

    // Group names for a grouping, in code order (what GroupFigures::name is built from).
    std::string groupName(const Grouping& grouping, int32_t code) const;

    // The jobs the filter selects by GPU range, labels, attribute terms and job set, one flag per
    // job (1: selected). The time range does not select jobs: it clips what is counted.
    std::vector<uint8_t> selectJobs(const Filter& filter) const;

private:
    Engine() = default;
    struct Selection;
    Selection select(const Filter& filter, const Grouping& grouping) const;
    std::optional<core::TimeSpan> spanOf(const Filter& filter, const Selection& selection) const;

    BackendInfo m_info;
    std::unique_ptr<Backend> m_backend;
    core::FleetColumns m_columns;
    std::optional<Attribution> m_attribution;
    double m_lastSeconds = 0;
};

// Parses "cpu" / "cuda"; nullopt otherwise.
std::optional<BackendKind> parseBackend(const std::string& name);

} // namespace ett::gpu
