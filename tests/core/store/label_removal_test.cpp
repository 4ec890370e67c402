// Tests of removing a dataset label and undoing it (core/store/label_removal.h): what goes (and
// only that), all or nothing, and a restore that puts every row back with its ids or refuses.
#include "core/store/database.h"
#include "core/store/fleet.h"
#include "core/store/importer.h"
#include "core/store/label_removal.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace ett::core {
namespace {

namespace fs = std::filesystem;

const std::string kWorkedExample = std::string(ETT_SAMPLES_DIR) + "/worked-example.ett.jsonl";

// A second file for "before": one job with an attribute, one attempt with two phases and one
// checkpoint.
constexpr const char* kSmallTrace = R"({"type":"header","format":"ett-trace","version":1,"time_unit":"s"}
{"type":"job","job":"J2","name":"small","gpus":4,"attrs":{"team":"ads"}}
{"type":"attempt","job":"J2","attempt":0,"start":0,"end":1000,"outcome":"completed"}
{"type":"phase","job":"J2","attempt":0,"phase":"init","start":0,"end":100}
{"type":"phase","job":"J2","attempt":0,"phase":"train","start":100,"end":1000}
{"type":"checkpoint","job":"J2","attempt":0,"start":500,"durable":510}
)";

// Every row of every table, as text, sorted per table: two dumps are equal when the stores hold
// the same rows with the same ids.
using Dump = std::map<std::string, std::vector<std::string>>;

Dump dumpAll(Database& db)
{
    Dump dump;
    std::vector<std::string> tables;
    auto list = db.prepare("SELECT name FROM main.sqlite_master WHERE type = 'table' ORDER BY name");
    EXPECT_TRUE(list.ok());
    EXPECT_TRUE(list->forEachRow([&] { tables.push_back(list->columnText(0)); }).ok());
    for (const std::string& table : tables) {
        auto rows = db.prepare("SELECT * FROM main." + table);
        EXPECT_TRUE(rows.ok()) << table;
        auto& out = dump[table];
        EXPECT_TRUE(rows->forEachRow([&] {
                            std::string row;
                            const int n = sqlite3_column_count(rows->handle());
                            for (int c = 0; c < n; ++c) {
                                row += rows->columnIsNull(c) ? std::string("NULL") : "'" + rows->columnText(c) + "'";
                                row += '|';
                            }
                            out.push_back(std::move(row));
                        })
                        .ok());
        std::sort(out.begin(), out.end());
    }
    return dump;
}

std::string figuresText(const Figures& f)
{
    std::ostringstream out;
    out << f.jobs << ' ' << f.attempts << ' ' << static_cast<int64_t>(f.e2eNs) << ' '
        << static_cast<int64_t>(f.e2eGpuNs);
    for (int b = 0; b < kBucketCount; ++b) {
        out << ' ' << static_cast<int64_t>(f.bucketsNs[static_cast<size_t>(b)]) << '/'
            << static_cast<int64_t>(f.bucketsGpuNs[static_cast<size_t>(b)]);
    }
    for (int64_t v : f.ttsNs) {
        out << " tts" << v;
    }
    for (int64_t v : f.ttrNs) {
        out << " ttr" << v;
    }
    out << ' ' << f.failures << ' ' << f.preemptions << ' ' << f.otherInterruptions << ' ' << f.noCheckpointDataJobs;
    return out.str();
}

class LabelRemoval : public ::testing::Test
{
protected:
    void SetUp() override
    {
        static std::atomic<int> counter { 0 };
        std::random_device rd;
        m_dir = fs::temp_directory_path() / ("ett-remove-" + std::to_string(rd()) + "-" + std::to_string(counter++));
        fs::create_directories(m_dir);
        m_small = (m_dir / "small.ett.jsonl").string();
        std::ofstream(m_small) << kSmallTrace;
        auto db = Database::open((m_dir / "store.db").string(), Database::OpenMode::CreateIfMissing);
        ASSERT_TRUE(db.ok()) << db.error().message;
        m_db = std::move(*db);
        // "before" gets two files with "after" between them: its phases are two id ranges with
        // another label's phases in the middle.
        importAs(kWorkedExample, "before");
        importAs(kWorkedExample, "after");
        importAs(m_small, "before");
    }
    void TearDown() override
    {
        m_db.reset();
        std::error_code ec;
        fs::remove_all(m_dir, ec);
    }

    void importAs(const std::string& path, const std::string& label)
    {
        ImportOptions options;
        options.label = label;
        auto summary = importTraceFile(*m_db, path, options);
        ASSERT_TRUE(summary.ok()) << summary.error().message;
        ASSERT_FALSE(summary->alreadyImported);
    }

    // The figures of one label, fleet-wide and per job.
    std::string labelFigures(const std::string& label)
    {
        FleetQuery q;
        q.label = label;
        auto jobs = loadFleet(*m_db, q);
        EXPECT_TRUE(jobs.ok());
        if (!jobs.ok()) {
            return {};
        }
        const FleetSummary s = summarizeFleet(*jobs, RollupOptions {}, std::string("job"));
        std::string out = "fleet " + figuresText(s.fleet);
        for (const auto& [key, figures] : s.groups) {
            out += "\n" + key + " " + figuresText(figures);
        }
        return out;
    }

    std::vector<std::string> labels()
    {
        auto l = listLabels(*m_db);
        EXPECT_TRUE(l.ok());
        return l.ok() ? *l : std::vector<std::string> {};
    }

    fs::path m_dir;
    std::string m_small;
    std::unique_ptr<Database> m_db;
};

// What "before" holds, derived from its two files:
//   worked example: job J1, attempts 0 and 1, 6 + 4 = 10 phases, 3 checkpoints;
//   small trace:    job J2, attempt 0, 2 phases, 1 checkpoint.
const LabelContents kBefore { 2, 2, 3, 12, 4 };

TEST_F(LabelRemoval, CountsWhatALabelHolds)
{
    auto c = labelContents(*m_db, "before");
    ASSERT_TRUE(c.ok()) << c.error().message;
    EXPECT_EQ(*c, kBefore);
    auto missing = labelContents(*m_db, "nope");
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(missing.error().message.find("'nope'"), std::string::npos) << missing.error().message;
}

TEST_F(LabelRemoval, RemovesEveryRowOfTheLabelAndNothingElse)
{
    const Dump before = dumpAll(*m_db);
    const std::string afterFigures = labelFigures("after");
    auto removed = removeLabel(*m_db, "before");
    ASSERT_TRUE(removed.ok()) << removed.error().message;
    EXPECT_EQ(*removed, kBefore);
    EXPECT_EQ(labels(), (std::vector<std::string> { "after" }));

    // Rows gone per table (from the two files above): a phase run per attempt, a derived row per
    // attempt and per job, one attribute (J2's team), no import issue.
    const std::map<std::string, size_t> gone { { "labels", 1 }, { "datasets", 2 }, { "jobs", 2 }, { "job_attrs", 1 },
        { "attempts", 3 }, { "phases", 12 }, { "phase_runs", 3 }, { "checkpoints", 4 }, { "attempt_derived", 3 },
        { "attempt_phases", 3 }, { "job_derived", 2 } };
    const Dump after = dumpAll(*m_db);
    ASSERT_EQ(after.size(), before.size());
    for (const auto& [table, rows] : after) {
        const auto& old = before.at(table);
        if (table == "column_chunks" || table == "column_data" || table == "column_phase_durations") {
            // The columnar copy is derived: the chunk that held the label's jobs is rebuilt from the
            // rows that stay (column_store_test.cpp checks that the copy loads equal to them).
            continue;
        }
        const auto it = gone.find(table);
        EXPECT_EQ(old.size() - rows.size(), it == gone.end() ? 0u : it->second) << table;
        // What stays is unchanged: every remaining row is one of before's, byte for byte.
        EXPECT_TRUE(std::includes(old.begin(), old.end(), rows.begin(), rows.end())) << table;
    }
    EXPECT_EQ(labelFigures("after"), afterFigures);

    // The files are forgotten: importing one again under the label stores it anew.
    importAs(kWorkedExample, "before");
}

TEST_F(LabelRemoval, AMissingLabelIsAnErrorNamingItAndChangesNothing)
{
    const Dump before = dumpAll(*m_db);
    auto removed = removeLabel(*m_db, "nope", KeepForUndo::Yes);
    ASSERT_FALSE(removed.ok());
    EXPECT_EQ(removed.error().message, "cannot remove label 'nope': there is no such label");
    EXPECT_EQ(dumpAll(*m_db), before);
}

TEST_F(LabelRemoval, AStoreWhoseRangesDisagreeWithTheRunsIsRefusedAndUnchanged)
{
    // A run of "before" that claims one phase more than its file's range holds.
    ASSERT_TRUE(m_db->exec("UPDATE phase_runs SET last_id = last_id + 1 WHERE rowid = (SELECT min(rowid) FROM "
                           "phase_runs)")
                    .ok());
    const Dump before = dumpAll(*m_db);
    auto removed = removeLabel(*m_db, "before", KeepForUndo::Yes);
    ASSERT_FALSE(removed.ok());
    EXPECT_NE(removed.error().message.find("inconsistent"), std::string::npos) << removed.error().message;
    EXPECT_EQ(dumpAll(*m_db), before);
    auto kept = removedLabel(*m_db);
    ASSERT_TRUE(kept.ok());
    EXPECT_FALSE(kept->has_value());
}

TEST_F(LabelRemoval, RestorePutsEveryRowBackWithItsIds)
{
    const Dump before = dumpAll(*m_db);
    const std::string figures = labelFigures("before");
    ASSERT_TRUE(removeLabel(*m_db, "before", KeepForUndo::Yes).ok());
    auto kept = removedLabel(*m_db);
    ASSERT_TRUE(kept.ok()) << kept.error().message;
    ASSERT_TRUE(kept->has_value());
    EXPECT_EQ((*kept)->label, "before");
    EXPECT_EQ((*kept)->contents, kBefore);

    auto restored = restoreRemovedLabel(*m_db);
    ASSERT_TRUE(restored.ok()) << restored.error().message;
    EXPECT_EQ(restored->label, "before");
    EXPECT_EQ(restored->contents, kBefore);
    EXPECT_EQ(dumpAll(*m_db), before);
    EXPECT_EQ(labelFigures("before"), figures);

    // Only once: the trash is empty now.
    auto again = removedLabel(*m_db);
    ASSERT_TRUE(again.ok());
    EXPECT_FALSE(again->has_value());
    auto twice = restoreRemovedLabel(*m_db);
    ASSERT_FALSE(twice.ok());
    EXPECT_NE(twice.error().message.find("nothing to restore"), std::string::npos) << twice.error().message;
}

TEST_F(LabelRemoval, OnlyTheLatestRemovalIsKept)
{
    ASSERT_TRUE(removeLabel(*m_db, "after", KeepForUndo::Yes).ok());
    const Dump withoutAfter = dumpAll(*m_db);
    ASSERT_TRUE(removeLabel(*m_db, "before", KeepForUndo::Yes).ok());
    auto restored = restoreRemovedLabel(*m_db);
    ASSERT_TRUE(restored.ok()) << restored.error().message;
    EXPECT_EQ(restored->label, "before");
    EXPECT_EQ(dumpAll(*m_db), withoutAfter);
}

TEST_F(LabelRemoval, AFailedRemovalKeepsTheLastOneForUndo)
{
    ASSERT_TRUE(removeLabel(*m_db, "after", KeepForUndo::Yes).ok());
    ASSERT_FALSE(removeLabel(*m_db, "nope", KeepForUndo::Yes).ok());
    auto kept = removedLabel(*m_db);
    ASSERT_TRUE(kept.ok());
    ASSERT_TRUE(kept->has_value());
    EXPECT_EQ((*kept)->label, "after");
}

TEST_F(LabelRemoval, WithoutKeepingThereIsNothingToRestore)
{
    ASSERT_TRUE(removeLabel(*m_db, "before").ok());
    auto kept = removedLabel(*m_db);
    ASSERT_TRUE(kept.ok());
    EXPECT_FALSE(kept->has_value());
    EXPECT_FALSE(restoreRemovedLabel(*m_db).ok());
}

TEST_F(LabelRemoval, RestoreIsRefusedWhenTheNameIsUsedAgain)
{
    ASSERT_TRUE(removeLabel(*m_db, "after", KeepForUndo::Yes).ok());
    ASSERT_TRUE(renameLabel(*m_db, "before", "after").ok());
    const Dump before = dumpAll(*m_db);
    auto restored = restoreRemovedLabel(*m_db);
    ASSERT_FALSE(restored.ok());
    EXPECT_NE(restored.error().message.find("cannot restore label 'after': a label of that name exists again"),
        std::string::npos)
        << restored.error().message;
    EXPECT_EQ(dumpAll(*m_db), before);
    // Still kept: renaming the other label away lets it through.
    ASSERT_TRUE(renameLabel(*m_db, "after", "before").ok());
    EXPECT_TRUE(restoreRemovedLabel(*m_db).ok());
    EXPECT_EQ(labels(), (std::vector<std::string> { "after", "before" }));
}

TEST_F(LabelRemoval, RestoreIsRefusedWhenALaterImportTookItsIds)
{
    // "before" holds the largest ids (its small file came last), so the next import reuses them.
    ASSERT_TRUE(removeLabel(*m_db, "before", KeepForUndo::Yes).ok());
    importAs(m_small, "other");
    const Dump before = dumpAll(*m_db);
    auto restored = restoreRemovedLabel(*m_db);
    ASSERT_FALSE(restored.ok());
    EXPECT_NE(restored.error().message.find("have been taken by a later import"), std::string::npos)
        << restored.error().message;
    EXPECT_NE(restored.error().message.find("nothing was changed"), std::string::npos) << restored.error().message;
    EXPECT_EQ(dumpAll(*m_db), before);
}

} // namespace
} // namespace ett::core
