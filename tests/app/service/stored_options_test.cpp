// A stored file read again is read with the options it was imported with, as its dataset keeps them
// (core/ingest/reader_options_text.h), not with those of the command that reads it again: a console
// log chained anew by a later import or by a removal keeps the timezone its import gave it.
#include "app/service/file_removal.h"
#include "app/service/file_watch.h"
#include "app/service/import_files.h"
#include "app/service/workspace.h"
#include "core/store/fleet.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

#include "tests/app/titan_logs.h"
#include "tests/core/test_store.h"

namespace ett::app {
namespace {

namespace fs = std::filesystem;

constexpr int64_t kS = 1'000'000'000;
// 2025-03-01T00:00:00Z, the day of tests/app/titan_logs.h.
constexpr int64_t kDay = 1'740'787'200 * kS;
constexpr int64_t kHour = 3600 * kS;

class StoredOptionsTest : public ::testing::Test
{
protected:
    std::string writeRun(const std::string& run, const std::string& text)
    {
        fs::create_directories(m_dir.path("runs/" + run));
        return m_dir.write("runs/" + run + "/run.log", text);
    }
    std::unique_ptr<Workspace> workspace(const std::string& name)
    {
        auto ws = Workspace::open(m_dir.path(name), Workspace::Mode::CreateIfMissing);
        EXPECT_TRUE(ws.ok()) << (ws.ok() ? "" : ws.error().message);
        return ws.ok() ? std::move(*ws) : nullptr;
    }
    static ImportReport import(Workspace& ws, std::vector<std::string> files, const std::string& timezone)
    {
        ImportRequest r;
        r.files = std::move(files);
        r.reader.timezone = timezone;
        return importFiles(ws, r, {}, nullptr);
    }
    // Each job's attempts as "number@start" (the start in seconds after midnight UTC).
    static std::map<std::string, std::string> attemptStarts(Workspace& ws)
    {
        auto jobs = core::loadFleet(ws.store(), core::FleetQuery {});
        EXPECT_TRUE(jobs.ok());
        std::map<std::string, std::string> out;
        for (const core::FleetJob& j : jobs.ok() ? *jobs : std::vector<core::FleetJob> {}) {
            std::string& s = out[j.key];
            for (const core::AttemptResult& a : j.result.attempts) {
                s += (s.empty() ? "" : " ") + std::to_string(a.number) + "@" + std::to_string((a.startNs - kDay) / kS);
            }
        }
        return out;
    }

    // The detail of the file's read_with_other_options issue, "" when it has none.
    static std::string otherOptions(const ImportedFile& f)
    {
        for (const auto& [key, e] : f.summary.issues.entries()) {
            if (key.first == "read_with_other_options") {
                return key.second;
            }
        }
        return "";
    }

    core::test::TempDir m_dir;
};

TEST_F(StoredOptionsTest, EachImportedFileKeepsTheOptionsItWasReadWith)
{
    const std::string run1 = writeRun("run1-cfg-a", test::oomRun("10:00"));
    auto ws = workspace("w.db");
    ASSERT_TRUE(ws);
    ASSERT_EQ(import(*ws, { run1 }, "+02:00").failed(), 0);
    auto listed = core::listDatasets(ws->store());
    ASSERT_TRUE(listed.ok());
    ASSERT_EQ(listed->size(), 1u);
    // The timezone given; not the job and attempt its chain gave it.
    EXPECT_EQ((*listed)[0].readerOptions, R"({"timezone":"+02:00"})");
    EXPECT_EQ(attemptStarts(*ws).at("run1-cfg-a"), "0@" + std::to_string(8 * 3600));
}

// The retry of a first run, imported later with other options, moves the stored runs after it (they
// are read again): they keep the timezone they were imported with.
TEST_F(StoredOptionsTest, ALaterImportReadsTheStoredLogsAgainWithTheirOwnOptions)
{
    const std::string run1 = writeRun("run1-cfg-a", test::oomRun("10:00"));
    const std::string run3 = writeRun("run3-retry2-cfg-a", test::completedRun("10:10"));
    auto ws = workspace("w.db");
    ASSERT_TRUE(ws);
    ASSERT_EQ(import(*ws, { run1, run3 }, "+02:00").failed(), 0);
    // run2 was written in UTC (another machine's clock): 08:05Z, between the two.
    const std::string run2 = writeRun("run2-retry-cfg-a", test::oomRun("08:05"));
    const ImportReport later = import(*ws, { run2 }, "UTC");
    ASSERT_EQ(later.failed(), 0);
    ASSERT_EQ(later.files.size(), 2u) << "run3 read again";
    EXPECT_EQ(attemptStarts(*ws).at("run1-cfg-a"),
        "0@" + std::to_string(8 * 3600) + " 1@" + std::to_string(8 * 3600 + 300) + " 2@"
            + std::to_string(8 * 3600 + 600));
    auto listed = core::listDatasets(ws->store());
    ASSERT_TRUE(listed.ok());
    std::map<std::string, std::string> options;
    for (const core::DatasetInfo& d : *listed) {
        options[fs::path(d.sourcePath).parent_path().filename().string()] = d.readerOptions;
    }
    EXPECT_EQ(options.at("run1-cfg-a"), R"({"timezone":"+02:00"})");
    EXPECT_EQ(options.at("run2-retry-cfg-a"), "{}");
    EXPECT_EQ(options.at("run3-retry2-cfg-a"), R"({"timezone":"+02:00"})") << "kept when read again";
    for (const ImportedFile& f : later.files) {
        EXPECT_EQ(otherOptions(f), "") << f.path << ": read again with its own options";
    }
}

// ettw import --update reads a changed file with the options given now; when its earlier import
// was read with others, the import says so (the records changed for that reason too).
TEST_F(StoredOptionsTest, AnUpdateWithOtherOptionsThanTheFilesSaysSo)
{
    const std::string run1 = writeRun("run1-cfg-a", test::oomRun("10:00"));
    auto ws = workspace("w.db");
    ASSERT_TRUE(ws);
    ASSERT_EQ(import(*ws, { run1 }, "+02:00").failed(), 0);
    const auto update = [&](const std::string& text, const std::string& timezone) {
        writeRun("run1-cfg-a", text);
        ImportRequest r;
        r.files = { run1 };
        r.reader.timezone = timezone;
        r.update = true;
        const ImportReport report = importFiles(*ws, r, {}, nullptr);
        EXPECT_EQ(report.failed(), 0);
        EXPECT_EQ(report.files.size(), 1u);
        return report.files.empty() ? std::string("(none)") : otherOptions(report.files.front());
    };
    EXPECT_EQ(update(test::oomRun("10:01"), "UTC"), "read before with --timezone +02:00, now with the defaults");
    EXPECT_EQ(attemptStarts(*ws).at("run1-cfg-a"), "0@" + std::to_string(10 * 3600 + 60));
    EXPECT_EQ(update(test::oomRun("10:02"), "UTC"), "") << "the same options as its import";
    EXPECT_EQ(update(test::oomRun("10:03"), "-01:00"), "read before with the defaults, now with --timezone -01:00");
    // The issue is stored with the file, as the reader's are.
    auto listed = core::listDatasets(ws->store());
    ASSERT_TRUE(listed.ok());
    ASSERT_EQ(listed->size(), 1u);
    EXPECT_EQ((*listed)[0].readerOptions, R"({"timezone":"-01:00"})");
}

// A log imported with the wrong timezone is read again with another, its content unchanged: the
// files of the label imported before are replaced in place; one never imported is imported.
TEST_F(StoredOptionsTest, ReadingAgainReplacesUnchangedFilesWithTheOptionsGiven)
{
    const std::string run1 = writeRun("run1-cfg-a", test::oomRun("10:00"));
    auto ws = workspace("w.db");
    ASSERT_TRUE(ws);
    ASSERT_EQ(import(*ws, { run1 }, "+02:00").failed(), 0);
    ASSERT_EQ(attemptStarts(*ws).at("run1-cfg-a"), "0@" + std::to_string(8 * 3600));
    const std::string other = writeRun("run9-cfg-b", test::completedRun("11:00"));
    const auto readAgain = [&](std::vector<std::string> files, const std::string& timezone, bool again) {
        ImportRequest r;
        r.files = std::move(files);
        r.reader.timezone = timezone;
        r.update = true;
        r.readUnchangedAgain = again;
        return importFiles(*ws, r, {}, nullptr);
    };
    // --update alone: the content is stored, nothing is read.
    ImportReport report = readAgain({ run1 }, "UTC", false);
    ASSERT_EQ(report.files.size(), 1u);
    EXPECT_EQ(report.files[0].outcome, ImportedFile::Outcome::AlreadyImported);
    EXPECT_EQ(attemptStarts(*ws).at("run1-cfg-a"), "0@" + std::to_string(8 * 3600));

    report = readAgain({ run1, other }, "UTC", true);
    ASSERT_EQ(report.files.size(), 2u);
    ASSERT_EQ(report.failed(), 0);
    EXPECT_EQ(report.files[0].outcome, ImportedFile::Outcome::Stored);
    EXPECT_EQ(report.files[0].summary.datasetsReplaced, 1);
    EXPECT_EQ(otherOptions(report.files[0]), "read before with --timezone +02:00, now with the defaults");
    EXPECT_EQ(report.files[1].outcome, ImportedFile::Outcome::Stored);
    EXPECT_EQ(report.files[1].summary.datasetsReplaced, 0) << "imported for the first time";
    EXPECT_EQ(attemptStarts(*ws).at("run1-cfg-a"), "0@" + std::to_string(10 * 3600));
    auto listed = core::listDatasets(ws->store());
    ASSERT_TRUE(listed.ok());
    ASSERT_EQ(listed->size(), 2u);
    EXPECT_EQ((*listed)[0].readerOptions, "{}");

    // Read again with the same options: replaced again, said without the warning.
    report = readAgain({ run1 }, "UTC", true);
    ASSERT_EQ(report.files.size(), 1u);
    EXPECT_EQ(report.files[0].outcome, ImportedFile::Outcome::Stored);
    EXPECT_EQ(report.files[0].summary.datasetsReplaced, 1);
    EXPECT_EQ(otherOptions(report.files[0]), "");
    auto again = core::listDatasets(ws->store());
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(again->size(), 2u);
}

// Removing the first run reads its retries again, with the options they were imported with although
// the removal gives none: the same as an import of them alone with those options.
TEST_F(StoredOptionsTest, ARemovalReadsTheOtherLogsAgainAsTheyWereImported)
{
    const std::string run1 = writeRun("run1-cfg-a", test::oomRun("10:00"));
    const std::string run2 = writeRun("run2-retry-cfg-a", test::oomRun("10:05"));
    const std::string run3 = writeRun("run3-retry2-cfg-a", test::completedRun("10:10"));
    std::map<std::string, std::string> expected;
    {
        auto alone = workspace("alone.db");
        ASSERT_TRUE(alone);
        ASSERT_EQ(import(*alone, { run2, run3 }, "+02:00").failed(), 0);
        expected = attemptStarts(*alone);
    }
    ASSERT_EQ(expected.at("run2-retry-cfg-a"),
        "0@" + std::to_string(8 * 3600 + 300) + " 1@" + std::to_string(8 * 3600 + 600));
    auto ws = workspace("w.db");
    ASSERT_TRUE(ws);
    ASSERT_EQ(import(*ws, { m_dir.path("runs") }, "+02:00").failed(), 0);
    auto removal = removeFile(*ws, "", run1, core::ReaderOptions {});
    ASSERT_TRUE(removal.ok()) << removal.error().message;
    EXPECT_EQ(removal->removed.readerOptions, R"({"timezone":"+02:00"})");
    EXPECT_EQ(removal->readAgain.failed(), 0);
    EXPECT_EQ(removal->readAgain.files.size(), 2u);
    EXPECT_EQ(attemptStarts(*ws), expected);
}

// A watched folder's logs keep the watch's options (not the job and attempt of their chain, nor the
// snapshot the watcher read): the retry a later pass finds moves the stored run after it, read
// again with those options.
TEST_F(StoredOptionsTest, AWatchedLogKeepsTheWatchsOptions)
{
    writeRun("run1-cfg-a", test::oomRun("10:00"));
    writeRun("run3-retry2-cfg-a", test::completedRun("10:10"));
    auto ws = workspace("w.db");
    ASSERT_TRUE(ws);
    WatchOptions o;
    o.paths = { m_dir.path("runs") };
    o.polling = true;
    o.reader.timezone = "+02:00";
    auto watch = FileWatch::create(ws->store(), o);
    ASSERT_TRUE(watch.ok()) << watch.error().message;
    for (const WatchEvent& e : (*watch)->scan(0)) {
        EXPECT_EQ(e.kind, WatchEvent::Kind::Imported) << e.path << ": " << e.error.message;
    }
    writeRun("run2-retry-cfg-a", test::oomRun("10:05"));
    for (const WatchEvent& e : (*watch)->scan(0)) {
        EXPECT_TRUE(e.error.message.empty()) << e.path << ": " << e.error.message;
    }
    auto listed = core::listDatasets(ws->store());
    ASSERT_TRUE(listed.ok());
    ASSERT_EQ(listed->size(), 3u);
    for (const core::DatasetInfo& d : *listed) {
        EXPECT_EQ(d.readerOptions, R"({"timezone":"+02:00"})") << d.sourcePath;
    }
    ASSERT_TRUE(ws->reload().ok());
    EXPECT_EQ(attemptStarts(*ws).at("run1-cfg-a"),
        "0@" + std::to_string(8 * 3600) + " 1@" + std::to_string(8 * 3600 + 300) + " 2@"
            + std::to_string(8 * 3600 + 600));
}

// A job whose declaring file is removed, of a format that takes its job from outside (a OneLogger
// export per cycle, imported with --job and --attempt), is declared again by its other cycle's file,
// read again with the job and attempt it was imported with: as an import of that file alone.
TEST_F(StoredOptionsTest, AJobGivenWithJobIsDeclaredAgainByItsOtherFileAfterARemoval)
{
    std::ifstream in(ETT_TEST_DATA_DIR "/onelogger/multiple_spans_with_attributes.jsonl");
    const std::string cycle0((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    ASSERT_FALSE(cycle0.empty());
    // The second cycle 1,000 s later.
    std::string cycle1 = cycle0;
    for (size_t at = 0; (at = cycle1.find("\"timestamp_msec\":24", at)) != std::string::npos;) {
        cycle1[at + 18] = '5';
        at += 19;
    }
    const std::string c0 = m_dir.write("c0.jsonl", cycle0);
    const std::string c1 = m_dir.write("c1.jsonl", cycle1);
    const auto importCycle = [](Workspace& ws, const std::string& file, int32_t attempt) {
        ImportRequest r;
        r.files = { file };
        r.reader.job = "J";
        r.reader.attempt = attempt;
        return importFiles(ws, r, {}, nullptr).failed();
    };
    const auto shapeOf = [](Workspace& ws) {
        auto jobs = core::loadFleet(ws.store(), core::FleetQuery {});
        EXPECT_TRUE(jobs.ok());
        std::string shape;
        for (const core::FleetJob& j : jobs.ok() ? *jobs : std::vector<core::FleetJob> {}) {
            shape += j.key + " gpus " + std::to_string(j.gpus);
            for (const auto& [k, v] : j.attrs) {
                shape += " " + k + "=" + v;
            }
            for (const core::AttemptResult& a : j.result.attempts) {
                shape += " " + std::to_string(a.number) + "@" + std::to_string(a.startNs / kS);
            }
        }
        return shape;
    };
    auto ws = workspace("w.db");
    ASSERT_TRUE(ws);
    ASSERT_EQ(importCycle(*ws, c0, 0), 0);
    ASSERT_EQ(importCycle(*ws, c1, 1), 0);
    EXPECT_EQ(shapeOf(*ws), "J gpus 1 source=onelogger 0@24000 1@25000");

    auto removal = removeFile(*ws, "", c0, core::ReaderOptions {});
    ASSERT_TRUE(removal.ok()) << removal.error().message;
    EXPECT_TRUE(removal->undeclaredJobs.empty()) << removal->undeclaredJobs.front();
    ASSERT_EQ(removal->readAgain.files.size(), 1u);
    EXPECT_EQ(removal->readAgain.files[0].path, c1);
    EXPECT_EQ(removal->readAgain.failed(), 0) << removal->readAgain.files[0].error.message;

    auto alone = workspace("alone.db");
    ASSERT_TRUE(alone);
    ASSERT_EQ(importCycle(*alone, c1, 1), 0);
    EXPECT_EQ(shapeOf(*ws), shapeOf(*alone));
    EXPECT_EQ(shapeOf(*ws), "J gpus 1 source=onelogger 1@25000");
}

} // namespace
} // namespace ett::app
