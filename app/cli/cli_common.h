// What the ettw commands share: number and time formatting for tables and JSON, the common
// options, opening a database for queries, and loading the aggregation engine from it.
#pragma once

#include "app/cli/json_writer.h"
#include "core/model/result.h"
#include "core/model/rollup.h"
#include "core/store/database.h"
#include "gpu/engine.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ett::app {

inline constexpr double kNsPerHour = 3600.0 * 1e9;

// "1234567.5" -> "1,234,567.5".
std::string groupThousands(const std::string& digits);
std::string hoursText(core::Wide ns);
std::string percentText(std::optional<double> p, int decimals = 2);
std::string durationText(std::optional<int64_t> ns);
std::string countText(int64_t n);
// "1 job", "2 jobs".
std::string countOf(int64_t n, const char* singular, const char* plural);

void writeSeconds(JsonWriter& j, core::Wide ns);
void writeOptionalSeconds(JsonWriter& j, std::optional<int64_t> ns);
void writePercent(JsonWriter& j, std::optional<double> p);
void writePercentiles(JsonWriter& j, const std::vector<int64_t>& values);
template <typename Array> void writeBuckets(JsonWriter& j, const Array& buckets)
{
    j.beginObject();
    for (int b = 0; b < core::kBucketCount; ++b) {
        j.key(core::bucketName(static_cast<core::Bucket>(b)));
        writeSeconds(j, static_cast<core::Wide>(buckets[static_cast<size_t>(b)]));
    }
    j.endObject();
}

// The figures object shared by summary (fleet and groups) and job (issue #2, item 5).
// In a job's JSON "attempts" is the array of attempts, so the count is written as attempt_count.
void writeFigures(JsonWriter& j, const core::Figures& f, bool attemptsAsCount = true);

struct CommonOptions
{
    std::string db = "ett.db";
    std::string format = "table";
    std::string backend; // "", "cpu" or "cuda"
    bool verbose = false;
};

// Prints "ettw: MESSAGE" on stderr; returns kExitUserError.
int fail(const std::string& message);
core::Result<std::unique_ptr<core::Database>> openForQuery(const std::string& path);
void print(const std::string& s);
// An error naming the known labels when label is set but not in the store (a typo would
// otherwise show an empty fleet).
core::Status checkLabel(core::Database& db, const std::string& dbPath, const std::optional<std::string>& label);

// The aggregation engine loaded with the store's fleet and its derived segments (no phases
// unless asked). Says which backend with --verbose.
struct LoadedEngine
{
    std::unique_ptr<gpu::Engine> engine;
    double loadSeconds = 0;
};

// withPhases: also the phases (for distributions of phase durations), not only the derived segments.
core::Result<LoadedEngine> loadEngine(
    core::Database& db, const CommonOptions& common, const std::optional<std::string>& label, bool withPhases = false);
void reportQuery(const CommonOptions& common, const gpu::Engine& engine, const char* what);

// The query commands' start: the database opened for queries, the label checked (a typo is an
// error naming the known ones), and the engine loaded with the label's jobs.
struct QuerySession
{
    std::unique_ptr<core::Database> db;
    std::unique_ptr<gpu::Engine> engine;
};
core::Result<QuerySession> openAndLoad(
    const CommonOptions& common, const std::optional<std::string>& label, bool withPhases = false);

} // namespace ett::app
