// What the ettw commands share: number and time formatting for tables and JSON, the common
// options, opening a database for queries, and loading the aggregation engine from it.
#pragma once

#include "app/cli/json_writer.h"
#include "app/cli/store_options.h"
#include "app/service/store_fleet_source.h"
#include "app/service/workspace.h"
#include "core/model/names_text.h"
#include "core/model/result.h"
#include "core/model/rollup.h"
#include "core/store/columns_loader.h"
#include "gpu/engine.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ett::app {

inline constexpr double kNsPerHour = 3600.0 * 1e9;

std::string hoursText(core::Wide ns);
std::string percentText(std::optional<double> p, int decimals = 2);
std::string durationText(std::optional<int64_t> ns);
std::string countText(int64_t n);
// A change with its sign ("+0.125", "-3.000"), with `decimals` decimals; one that rounds to zero
// has none ("0.000", never "-0.000").
std::string signedText(double v, int decimals);
// "1 job", "2 jobs".
std::string countOf(int64_t n, const char* singular, const char* plural);

void writeSeconds(JsonWriter& j, core::Wide ns);
void writeOptionalSeconds(JsonWriter& j, std::optional<int64_t> ns);
void writePercent(JsonWriter& j, std::optional<double> p);
// One sample list of figures, held or ranked.
void writePercentiles(JsonWriter& j, const core::Figures& f, core::SampleList list);
template <typename Array> void writeBuckets(JsonWriter& j, const Array& buckets)
{
    j.beginObject();
    for (int b = 0; b < core::kBucketCount; ++b) {
        j.key(core::bucketName(static_cast<core::Bucket>(b)));
        writeSeconds(j, static_cast<core::Wide>(buckets[static_cast<size_t>(b)]));
    }
    j.endObject();
}

// The figures object shared by summary (fleet and groups) and job.
// In a job's JSON "attempts" is the array of attempts, so the count is written as attempt_count.
// With `withExcluded` (excluded windows are set), also the time they took out: excluded_s,
// excluded_gpu_s, excluded_buckets_s and excluded_buckets_gpu_s (per bucket it came from).
void writeFigures(JsonWriter& j, const core::Figures& f, bool attemptsAsCount = true, bool withExcluded = false);

struct CommonOptions
{
    std::string db = "ett.db";
    std::string format = "table";
    std::string backend; // "", "cpu" or "cuda"
    bool verbose = false;
    StoreOptions store; // set: the commands that take --store compute on this fleet store instead of --db
    std::string exclude; // --exclude FILE: excluded windows (spec 7.4) of the commands that compute figures
};

// The excluded windows of --exclude (none when it is not given), in normal form. Error: the file
// cannot be read or is malformed (the message names the file, the line and the field).
core::Result<std::vector<core::TimeSpan>> excludedWindows(const CommonOptions& common);

// A duration option's nanoseconds (1h, 30m, 3600s, 1d, ...), or an error naming the option and
// what it takes.
core::Result<int64_t> durationOption(const std::string& option, const std::string& text);

// Prints "ettw: MESSAGE" on stderr; returns kExitUserError.
int fail(const std::string& message);
void print(const std::string& s);
// When stdout and stderr are one file (`ettw import runs/ > log 2>&1`, a CI log), stdout is written a
// line at a time, as on a terminal: a message then stands after the lines it follows, not inside one
// (stdout was written in blocks of 4 KiB, cutting its lines where a message fell). Called first.
void keepOutputInOrder();

// With --verbose: what ran, on which backend, how long it took (`seconds`, else the fleet's last
// query).
void reportQuery(
    const CommonOptions& common, FleetSource& fleet, const char* what, std::optional<double> seconds = std::nullopt);

// The query commands' start: the workspace opened for queries (nothing is created), the label
// checked (a typo is an error naming the known ones), and the fleet loaded with the label's jobs
// (all labels when unset), with the phases when asked. Says which backend with --verbose.
// With --store: the fleet store opened instead, its queries restricted to the label.
struct QuerySession
{
    std::unique_ptr<Workspace> workspace; // --db
    std::unique_ptr<StoreFleetSource> store; // --store
    FleetSource* fleet = nullptr; // owned by one of them
    LocalFleetSource* local = nullptr; // with --db
    // Where the fleet is, for titles and JSON: the database as given, or the store's URL masked.
    std::string where;
};
// The options with --db replaced by where the session's fleet is (titles and JSON name it).
CommonOptions withSource(const CommonOptions& common, const QuerySession& session);

// What a command's queries need of the fleet: Full (the attribution's segments too), or Lean (roll-ups
// over all time only: the database's columnar copy is read without its segments; a query that
// needs them after all reads the fleet again with them).
enum class Needs {
    Full,
    Lean,
};
// `window` (a command that asks about one range only, summary or series): a local database reads
// only the part of the fleet a query inside it needs (LocalFleetSource::LoadOptions::window).
core::Result<QuerySession> openAndLoad(const CommonOptions& common, const std::optional<std::string>& label,
    bool withPhases = false, Needs needs = Needs::Full, const std::optional<core::TimeWindow>& window = std::nullopt);

} // namespace ett::app
