#include "app/cli/bench_open_cmd.h"

#include "app/cli/bench_common.h"
#include "app/cli/commands.h"
#include "app/cli/json_writer.h"
#include "app/service/local_fleet_source.h"
#include "app/service/overview.h"
#include "app/service/workspace.h"
#include "core/store/column_store.h"
#include "core/store/database.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <string>
#include <vector>

namespace ett::app {

using namespace bench;

namespace {

// `ettw ARGS` `repeats` times: the median wall time and the largest peak memory, as JSON members.
core::Result<std::string> timeCommand(const std::vector<std::string>& args, int repeats, std::vector<double>& walls)
{
    double peak = 0;
    for (int r = 0; r < repeats; ++r) {
        auto run = runEttwTimed(args);
        if (!run) {
            return run.error();
        }
        walls.push_back(run->wallS);
        peak = std::max(peak, run->peakRssMb);
    }
    return "\"wall_s\": " + number(median(walls)) + ", \"peak_rss_mb\": " + number(peak, 1);
}

// One storage's figures ("rows" or "columns", through ETTW_STORAGE, which the children inherit):
// the engine's load and queries, the window's first overview, and summary and series end to end.
// The JSON members of one object, or an Error naming the step.
// lastWeek: --from and --to of the fleet's last seven days (epoch seconds), for a summary over a
// range (which reads only the chunks that reach it).
core::Result<std::string> benchStorage(const std::string& dbPath, const BenchOpenCmd& cmd, const char* storage,
    const std::pair<std::string, std::string>& lastWeek, std::map<std::string, double>& walls)
{
    ::setenv("ETTW_STORAGE", storage, 1);
    const StepResult engine = inChild([&]() -> core::Result<std::string> {
        auto opened = core::Database::open(dbPath, core::Database::OpenMode::ReadOnly);
        if (!opened) {
            return opened.error();
        }
        const auto t0 = Clock::now();
        auto source = LocalFleetSource::load(**opened, {});
        if (!source) {
            return source.error();
        }
        const double load = secondsSince(t0);
        const auto& columns = (*source)->columns();
        std::string rollup;
        auto times = timeQueries(**source, cmd.repeats, rollup);
        if (!times) {
            return times.error();
        }
        return "\"jobs\": " + std::to_string(columns.jobs()) + ", \"attempts\": " + std::to_string(columns.attempts())
            + ", \"segments\": " + std::to_string((*source)->engine().attribution().segmentCount())
            + ", \"load_s\": " + number(load) + *times;
    });
    // The window as a user meets it: open, load and the first overview; then (thenAdvice, in a process
    // of its own, so that the overview's peak memory stays its own) the advisor, the first page that
    // needs the checkpoints the window leaves for later.
    auto window = [&](bool thenAdvice) {
        return inChild([&]() -> core::Result<std::string> {
            const auto t0 = Clock::now();
            auto workspace = Workspace::open(dbPath, Workspace::Mode::ReadOnly, Workspace::windowLoad());
            if (!workspace) {
                return workspace.error();
            }
            const double open = secondsSince(t0);
            auto fleet = (*workspace)->fleet();
            if (!fleet) {
                return fleet.error();
            }
            // As the data worker answers: the figures (the window shows them), then the series once
            // the segments are read.
            const auto t1 = Clock::now();
            auto shown = overviewFigures(**fleet, core::CohortSpec {}, gpu::Calendar::Day);
            if (!shown) {
                return shown.error();
            }
            const double figures = secondsSince(t1);
            const double first = secondsSince(t0);
            const auto tSeries = Clock::now();
            if (auto st = addOverviewSeries(**fleet, core::CohortSpec {}, *shown); !st) {
                return st.error();
            }
            // In this order, so that the total holds the first overview and the series.
            const double series = secondsSince(tSeries);
            const double total = secondsSince(t0);
            std::string json = "\"open_and_load_s\": " + number(open) + ", \"figures_s\": " + number(figures)
                + ", \"first_overview_s\": " + number(first) + ", \"series_s\": " + number(series)
                + ", \"total_s\": " + number(total);
            if (thenAdvice) {
                const auto t2 = Clock::now();
                auto advice = (*fleet)->advice(core::CohortSpec {}, "team");
                if (!advice) {
                    return advice.error();
                }
                json = "\"advice_by_team_s\": " + number(secondsSince(t2));
            }
            return json;
        });
    };
    const StepResult firstOverview = window(false);
    const StepResult thenAdvisor = window(true);
    for (const StepResult* r : { &engine, &firstOverview, &thenAdvisor }) {
        if (!r->ok) {
            return core::Error { r->error };
        }
    }
    std::vector<double> summaryWalls, seriesWalls;
    auto summary
        = timeCommand({ "summary", "--db", dbPath, "--by", "team", "--format", "json" }, cmd.repeats, summaryWalls);
    if (!summary) {
        return summary.error();
    }
    auto series
        = timeCommand({ "series", "--db", dbPath, "--every", "day", "--format", "json" }, cmd.repeats, seriesWalls);
    if (!series) {
        return series.error();
    }
    std::vector<double> weekWalls;
    auto week = timeCommand({ "summary", "--db", dbPath, "--by", "team", "--from", lastWeek.first, "--to",
                                lastWeek.second, "--format", "json" },
        cmd.repeats, weekWalls);
    if (!week) {
        return week.error();
    }
    walls["summary_by_team"] = median(summaryWalls);
    walls["series_every_day"] = median(seriesWalls);
    walls["summary_last_week"] = median(weekWalls);
    ::unsetenv("ETTW_STORAGE");
    return "\"storage\": \"" + std::string(storage) + "\",\n    \"engine\": {" + engine.json + ", \"peak_rss_mb\": "
        + number(engine.peakRssMb, 1) + "},\n    \"window_first_overview\": {" + firstOverview.json
        + ", \"peak_rss_mb\": " + number(firstOverview.peakRssMb, 1) + "},\n    \"window_then_advisor\": {"
        + thenAdvisor.json + ", \"peak_rss_mb\": " + number(thenAdvisor.peakRssMb, 1) + "},\n    \"summary_by_team\": {"
        + *summary + "},\n    \"series_every_day\": {" + *series + "},\n    \"summary_last_week\": {" + *week + "}";
}

} // namespace

int runBenchOpen(const CommonOptions& common, const BenchOpenCmd& cmd)
{
    const std::string& dbPath = common.db;
    // Fails early, with the database's own message, on a file that is not a workbench database.
    auto opened = core::Database::open(dbPath, core::Database::OpenMode::ReadOnly);
    if (!opened) {
        return fail(opened.error().message);
    }
    auto size = core::columnStoreSize(**opened);
    if (!size) {
        return fail(dbPath + ": " + size.error().message);
    }
    auto lastEnd = (*opened)->queryInt("SELECT max(end_ns) FROM attempts");
    if (!lastEnd) {
        return fail(dbPath + ": " + lastEnd.error().message);
    }
    constexpr int64_t kSecondNs = 1'000'000'000;
    const int64_t to = lastEnd->value_or(0) / kSecondNs + 1;
    const std::pair<std::string, std::string> lastWeek { std::to_string(to - 7 * 86'400), std::to_string(to) };
    opened->reset();
    // The file read once first, so that neither storage pays for a cold page cache.
    {
        std::ifstream warm(dbPath, std::ios::binary);
        std::vector<char> buffer(size_t { 1 } << 20);
        while (warm.read(buffer.data(), static_cast<std::streamsize>(buffer.size())) || warm.gcount() > 0) { }
    }
    // The baseline first (the rows, as before the columnar copy), then the columns, in one run.
    std::map<std::string, double> rowsWalls, columnsWalls;
    auto rows = benchStorage(dbPath, cmd, "rows", lastWeek, rowsWalls);
    if (!rows) {
        return fail("bench open (rows): " + rows.error().message);
    }
    auto columns = benchStorage(dbPath, cmd, "columns", lastWeek, columnsWalls);
    if (!columns) {
        return fail("bench open (columns): " + columns.error().message);
    }
    std::string speedup;
    for (const auto& [name, wall] : rowsWalls) {
        speedup += (speedup.empty() ? "" : ", ") + ("\"" + name + "\": ")
            + number(columnsWalls[name] > 0 ? wall / columnsWalls[name] : 0, 2);
    }
    print("{\n  " + buildMembers() + ",\n  \"db\": \"" + JsonWriter::escape(dbPath) + "\", \"repeats\": "
        + std::to_string(cmd.repeats) + ",\n  \"columnar_copy\": {\"chunks\": " + std::to_string(size->chunks)
        + ", \"dirty_chunks\": " + std::to_string(size->dirtyChunks)
        + ", \"raw_bytes\": " + std::to_string(size->rawBytes)
        + ", \"stored_bytes\": " + std::to_string(size->storedBytes) + "},\n  \"storages\": [\n   {" + *rows
        + "},\n   {" + *columns + "}],\n  \"speedup_rows_over_columns\": {" + speedup + "}\n}\n");
    return kExitOk;
}

} // namespace ett::app
