// Plain data exchanged between the workbench's views and its data service (issue #4). Results
// are computed off the GUI thread and delivered as these values; nothing here knows SQL or
// kernels. Job indexes are the aggregation engine's (rows of core::FleetColumns).
#pragma once

#include "core/model/rollup.h"
#include "core/store/timeline.h"
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
Q_DECLARE_METATYPE(ett::core::JobTimeline)
Q_DECLARE_METATYPE(ett::gpu::BackendInfo)
