// Loading a stored fleet as columns for the aggregation engine, with the attribution the store
// already holds (derived tables), so that queries need not attribute phases again.
#pragma once

#include "core/model/columns.h"
#include "core/model/result.h"

#include <atomic>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace ett::core {

class Database;
class Statement;

// A time range a query will ask about: [fromNs, toNs), and whether it counts the queue before a
// job's first attempt (which widens the job's window, spec 5.6).
struct TimeWindow
{
    int64_t fromNs = std::numeric_limits<int64_t>::min();
    int64_t toNs = std::numeric_limits<int64_t>::max();
    bool countQueue = false;
    bool operator==(const TimeWindow&) const = default;
};

struct ColumnsQuery
{
    std::optional<std::string> label; // only jobs of this label
    bool withPhases = false; // load phases too (for phase-duration distributions)
    // Only jobs whose row id is in [first, last] (a slice of the fleet, as a push streams it).
    std::optional<std::pair<int64_t, int64_t>> jobIds;
    // Where the jobs, attempts, attribution and checkpoints come from: the columnar copy
    // (core/store/column_store.h) when the database has one, else the rows; or the rows always (the
    // baseline of `ettw bench open`, and the columnar copy's own builder).
    enum class Storage {
        Auto,
        Rows,
    };
    Storage storage = Storage::Auto;
    // False: the attribution without its segments (Attribution::segmentsLoaded), when read from the
    // columnar copy; the rows always give them. A lean load sets this and withCheckpoints false.
    bool withDetail = true;
    // Set: the jobs whose window (spec 5.6: from the first attempt's start, or the submission when
    // the queue counts, to the last attempt's end) overlaps it, and others besides: the columnar
    // copy leaves out the chunks where no job's window can (column_chunks.first_start_ns and
    // last_end_ns; with the queue, the chunk's earliest submission too), the rows leave out none. The dictionaries
    // (labels, attribute keys and values, cause classes) stay those of every job, with the same codes, so that names
    // resolve as they do on a load of every job.
    std::optional<TimeWindow> window;
    // False: without the checkpoints' columns (FleetColumns::checkpointsLoaded; each job's count
    // stays), when read from the columnar copy; the rows always give them.
    bool withCheckpoints = true;
    // Set: the load stops between two chunks of the columnar copy once *cancel is true, and returns
    // the Error "cancelled". Must outlive the load.
    const std::atomic<bool>* cancel = nullptr;
};

struct StoredFleet
{
    FleetColumns columns;
    Attribution attribution; // from attempt_derived, in the columns' attempt order
    std::vector<int64_t> attemptRowId; // the store's attempts.id, in the columns' attempt order
    bool fromColumns = false; // read from the columnar copy (else from the rows)
};

// Loads jobs (ordered by id), their attributes, attempts (by start), checkpoints, optionally phases,
// and the derived segments. Error when the store is damaged. The columnar copy and the rows give
// equal fleets, dictionaries and their codes included.
Result<StoredFleet> loadStoredFleet(Database& db, const ColumnsQuery& query);
// Whether ETTW_STORAGE asks for the rows instead of the columnar copy (the baseline of `ettw bench
// open`): loads and summaries then read nothing of the copy.
bool rowsAsked();

// The phases of the fleet's attempts (found by stored.attemptRowId), grouped by attempt, and the
// phase kinds: step 5 of loadStoredFleet, for a fleet loaded without them.
Status loadStoredPhases(Database& db, const ColumnsQuery& query, StoredFleet& stored);

// The code of `s` in a dictionary coded by first use: its code when `index` has it, else the next
// one, with s appended to `dict`. How the loaders code attribute keys, values and cause classes.
int32_t dictionaryCode(
    std::unordered_map<std::string, int32_t>& index, std::vector<std::string>& dict, const std::string& s);

// The condition that selects a query's jobs on a table of jobs aliased `j` (" WHERE ...", or ""
// for every job), and the binding of its parameters: ?1 the label, ?2 and ?3 the job-id range.
std::string columnsQueryWhere(const ColumnsQuery& query);
void bindColumnsQuery(Statement& st, const ColumnsQuery& query);

} // namespace ett::core
