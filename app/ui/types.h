// Plain data exchanged between the workbench's views and its data service (issue #4). Results
// are computed off the GUI thread and delivered as these values; nothing here knows SQL or
// kernels. Job indexes are the aggregation engine's (rows of core::FleetColumns).
#pragma once

#include "core/model/compare.h"
#include "core/model/rollup.h"
#include "core/model/whatif.h"
#include "core/store/scenarios.h"
#include "core/store/timeline.h"
#include "gpu/advisor.h"
#include "gpu/engine.h"

#include <QMap>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

namespace ett::app {

// Which jobs every view shows. Names, not codes: the data service translates.
struct UiFilter
{
    QStringList labels; // empty: all
    QMap<QString, QStringList> attrs; // attribute -> accepted values (a term each, ANDed)
    std::optional<int64_t> fromNs; // half-open range, nanoseconds since the epoch
    std::optional<int64_t> toNs;
    int64_t minGpus = 0;
    int64_t maxGpus = std::numeric_limits<int64_t>::max();
    bool countQueue = false;

    bool operator==(const UiFilter&) const = default;
};

enum class Weighting { Gpu, Time };

// Where the user is: fleet > group > job > attempt (issue #4, item 3).
enum class Level { Fleet, Group, Job, Attempt };

struct Location
{
    Level level = Level::Fleet;
    QString groupBy; // the attribute grouped by ("" = none; "label" and "job" work too)
    QString group; // at Group level and below: the group's value
    int32_t job = -1; // at Job level and below: engine job index
    int32_t attempt = -1; // at Attempt level: attempt number

    bool operator==(const Location&) const = default;
};

// The vocabulary of the open database, for filter bars and group-by menus.
struct Vocabulary
{
    QStringList labels;
    QStringList attrKeys;
    QMap<QString, QStringList> attrValues; // key -> values, sorted
    int64_t minGpus = 0;
    int64_t maxGpus = 0;
    int64_t firstNs = 0; // earliest attempt start
    int64_t lastNs = 0; // latest attempt end
    QMap<QString, int64_t> labelFirstNs; // label -> earliest attempt start of its jobs (labels with attempts)
    int64_t jobs = 0;
    int64_t attempts = 0;
    int64_t segments = 0;
};

// A job as listed in tables and charts.
struct JobSummary
{
    int32_t job = -1; // engine job index
    int64_t rowId = 0; // jobs.id in the store
    QString key;
    QString label;
    QString name;
    int64_t gpus = 1;
    core::Figures figures;
};

// Everything the overview page shows for a filter.
struct OverviewData
{
    core::Figures fleet; // the whole filter
    core::Percentiles tts;
    core::Percentiles ttr;
    gpu::Calendar every = gpu::Calendar::Day;
    gpu::Series series; // ETT% per day or week
    std::vector<gpu::GroupFigures> byCauseClass; // failures and other interruptions by cause class
    std::vector<JobSummary> topJobs; // by lost GPU-hours, most first (at most 10)
};

// One row of the drill-down table.
struct TableRow
{
    QString name; // group value, job key, or "attempt N"
    int32_t job = -1; // engine job index, for job rows and attempt rows
    int32_t attempt = -1; // attempt number, for attempt rows
    core::Figures figures;
    QString detail; // e.g. outcome and cause for attempts, the job's name for jobs
};

struct TableData
{
    Location location; // the level these rows are under
    std::vector<TableRow> rows;
};

// The fleet timeline: one row per job over a time range (issue #4, item 4).
struct FleetTimelineRow
{
    int32_t job = -1;
    QString key;
    QString label;
    int64_t gpus = 1;
    struct Span
    {
        int64_t startNs;
        int64_t endNs;
        uint8_t bucket; // core::Bucket
    };
    std::vector<Span> spans; // segments and gaps inside the range, in time order
    struct Fault
    {
        int64_t atNs;
        uint8_t interruption; // core::Interruption
        int32_t attempt;
    };
    std::vector<Fault> faults;
};

struct FleetTimelineData
{
    int64_t fromNs = 0;
    int64_t toNs = 0;
    std::vector<FleetTimelineRow> rows; // ordered by first start
};

// What the Compare page asks for (issue #6, item 3): two cohorts as UI filters (their countQueue is
// ignored: the request's applies to both, as spec 5.6 must count alike on both sides) and what
// matched jobs are paired by ("job": the key, "name": the job's name, or an attribute key).
struct ComparisonRequest
{
    UiFilter a;
    UiFilter b;
    QString matchBy = QStringLiteral("job");
    bool countQueue = false;

    bool operator==(const ComparisonRequest&) const = default;
};

// The durations behind one distribution of a comparison, for the overlaid charts: sorted, in
// nanoseconds. When a cohort has more than kMaxSamples, an evenly ranked subset of them (the
// smallest and the largest included); count says how many there are in all.
struct DistributionSamples
{
    static constexpr size_t kMaxSamples = 20'000;
    QString name; // as core::DistributionChange::name
    std::vector<int64_t> a;
    std::vector<int64_t> b;
    int64_t countA = 0;
    int64_t countB = 0;
};

// A matched job of the comparison with the engine jobs its timelines show: of the jobs of a cohort
// that have its match value, the one with the most GPU-weighted E2E (-1: none).
struct MatchedPair
{
    QString match;
    int32_t jobA = -1;
    int32_t jobB = -1;
    int32_t jobsA = 0; // how many jobs of the cohort have the match value
    int32_t jobsB = 0;
};

// Everything the Compare page shows: the comparison (core/model/compare.h) and what its charts
// need beyond it.
struct ComparisonData
{
    ComparisonRequest request;
    core::Comparison comparison;
    core::Figures totalA; // the cohorts' figures (their TTS / TTR samples are in samples instead)
    core::Figures totalB;
    std::vector<DistributionSamples> samples; // one per comparison.distributions, in its order
    std::vector<MatchedPair> regressions; // one per comparison.regressions, in its order
    std::vector<MatchedPair> improvements; // one per comparison.improvements, in its order
};

// What the Advisor page asks for (issue #7, item 5): checkpoint advice for the jobs of a filter,
// per group. groupBy: "" (the fleet alone), "job" (a row per job), "label" (per dataset label) or
// an attribute key (a job without it in "(none)").
struct AdviceRequest
{
    UiFilter filter;
    QString groupBy = QStringLiteral("job");

    bool operator==(const AdviceRequest&) const = default;
};

// What the What-if page asks for (issue #7, item 4): the projection of a cohort under changes,
// applied in order (core/model/whatif.h).
struct WhatIfRequest
{
    QString cohort; // a cohort spec (core/model/compare.h); "" every job
    std::vector<core::WhatIfChange> changes;
};

// A projection and what the page needs beside it.
struct WhatIfData
{
    WhatIfRequest request;
    QString cohortText; // CohortSpec::text() of the request's cohort ("all jobs")
    core::WhatIfResult result;
    // The fleet's phase subcategories a change can scale ("init.process_group_init"), sorted:
    // those of categories that take blocking time (not train, not background).
    QStringList subcategories;
    bool modelBuilt = false; // this request built the cohort's model (else it reused the last one)
    double milliseconds = 0; // building (when built) and projecting
};

// The scenarios saved in the open database (core/store/scenarios.h), by name.
struct ScenarioList
{
    std::vector<core::SavedScenario> scenarios;
};

// Progress of an import, for the progress dialog.
struct ImportProgressInfo
{
    QString file;
    int fileIndex = 0;
    int fileCount = 1;
    QString stage; // "reading", "attributing", "committing"
    int64_t records = 0;
    int64_t bytesDone = 0;
    int64_t bytesTotal = 0;
    double etaSeconds = -1; // < 0: unknown
};

} // namespace ett::app

Q_DECLARE_METATYPE(ett::app::UiFilter)
Q_DECLARE_METATYPE(ett::app::Location)
Q_DECLARE_METATYPE(ett::app::Vocabulary)
Q_DECLARE_METATYPE(ett::app::OverviewData)
Q_DECLARE_METATYPE(ett::app::TableData)
Q_DECLARE_METATYPE(ett::app::FleetTimelineData)
Q_DECLARE_METATYPE(ett::app::ImportProgressInfo)
Q_DECLARE_METATYPE(ett::app::ComparisonRequest)
Q_DECLARE_METATYPE(ett::app::ComparisonData)
Q_DECLARE_METATYPE(ett::app::AdviceRequest)
Q_DECLARE_METATYPE(ett::gpu::AdviceTable)
Q_DECLARE_METATYPE(ett::app::WhatIfRequest)
Q_DECLARE_METATYPE(ett::app::WhatIfData)
Q_DECLARE_METATYPE(ett::app::ScenarioList)
Q_DECLARE_METATYPE(ett::core::SavedScenario)
Q_DECLARE_METATYPE(ett::core::JobTimeline)
Q_DECLARE_METATYPE(ett::gpu::BackendInfo)
