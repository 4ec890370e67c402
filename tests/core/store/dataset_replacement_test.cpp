// Tests of replacing a file's records with those of its newer content (core/store/
// dataset_replacement.h, ImportOptions::replaceSamePath): the store afterwards equals a fresh
// import of the new content, other files' rows stay, a failed replacement keeps the earlier rows,
// and a rotated file's records follow it to its new name.
#include "core/store/column_store.h"
#include "core/store/database.h"
#include "core/store/dataset_replacement.h"
#include "core/store/fleet.h"
#include "core/store/importer.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "tests/core/test_store.h"

namespace ett::core {
namespace {

using test::Store;

constexpr const char* kHeader = R"({"type":"header","format":"ett-trace","version":1,"time_unit":"s"})"
                                "\n";
constexpr const char* kJob = R"({"type":"job","job":"J1","gpus":8,"attrs":{"team":"ads"}})"
                             "\n";

std::string attempt(int no, int start, int end, const char* outcome)
{
    return R"({"type":"attempt","job":"J1","attempt":)" + std::to_string(no) + R"(,"start":)" + std::to_string(start)
        + R"(,"end":)" + std::to_string(end) + R"(,"outcome":")" + outcome + "\"}\n";
}

std::string phase(int no, const char* name, int start, int end)
{
    return R"({"type":"phase","job":"J1","attempt":)" + std::to_string(no) + R"(,"phase":")" + name + R"(","start":)"
        + std::to_string(start) + R"(,"end":)" + std::to_string(end) + "}\n";
}

ImportOptions replacing(const std::string& sourcePath = {})
{
    ImportOptions o;
    o.replaceSamePath = true;
    o.sourcePath = sourcePath;
    return o;
}

// The figures of every job: what a reader of the store sees.
std::vector<std::string> figures(Store& s)
{
    std::vector<std::string> out;
    for (const FleetJob& j : s.fleet()) {
        std::string line = j.label + "/" + j.key + " gpus " + std::to_string(j.gpus) + " window "
            + std::to_string(j.result.windowStartNs) + ".." + std::to_string(j.result.windowEndNs);
        for (int64_t b : j.result.bucketsNs) {
            line += " " + std::to_string(b);
        }
        for (const auto& a : j.result.attempts) {
            line += " | a" + std::to_string(a.number) + " " + std::to_string(a.endNs) + " "
                + std::to_string(static_cast<int>(a.outcome));
        }
        for (const auto& [k, v] : j.attrs) {
            line += " " + k + "=" + v;
        }
        out.push_back(line);
    }
    return out;
}

// The figures a fresh store gives the same files.
std::vector<std::string> freshFigures(const std::vector<std::string>& contents)
{
    Store fresh;
    int i = 0;
    for (const auto& c : contents) {
        fresh.import(fresh.write("f" + std::to_string(i++) + ".ett.jsonl", c));
    }
    return figures(fresh);
}

TEST(DatasetReplacement, AGrowingFileEndsEqualToAFreshImportOfItsLastContent)
{
    Store s;
    const std::string v1 = std::string(kHeader) + kJob + attempt(0, 0, 100, "running") + phase(0, "init", 0, 50);
    const std::string v2 = v1 + phase(0, "train", 50, 200);
    // The attempt slot rewritten in place (ett_trace.py): end and outcome change.
    const std::string v3 = std::string(kHeader) + kJob + attempt(0, 0, 300, "completed") + phase(0, "init", 0, 50)
        + phase(0, "train", 50, 290) + phase(0, "shutdown", 290, 300);
    const std::string path = s.path("run.ett.jsonl");
    for (const std::string& content : { v1, v2, v3 }) {
        s.write("run.ett.jsonl", content);
        auto r = importTraceFile(s.db(), path, replacing());
        ASSERT_TRUE(r.ok()) << r.error().message;
        EXPECT_FALSE(r->alreadyImported);
    }
    EXPECT_EQ(s.count("SELECT count(*) FROM datasets"), 1);
    EXPECT_EQ(s.count("SELECT count(*) FROM attempts"), 1);
    EXPECT_EQ(s.count("SELECT count(*) FROM phases"), 3);
    EXPECT_EQ(s.count("SELECT count(*) FROM phase_runs"), 1);
    EXPECT_EQ(s.count("SELECT count(*) FROM job_attrs"), 1);
    EXPECT_EQ(s.count("SELECT count(*) FROM column_dirty"), 0);
    EXPECT_EQ(figures(s), freshFigures({ v3 }));
    // The columnar copy agrees with the rows.
    ColumnsQuery rows;
    rows.storage = ColumnsQuery::Storage::Rows;
    auto fromRows = loadStoredFleet(s.db(), rows);
    auto fromColumns = loadStoredFleet(s.db(), {});
    ASSERT_TRUE(fromRows.ok() && fromColumns.ok());
    EXPECT_TRUE(fromColumns->fromColumns);
    EXPECT_EQ(fromRows->columns.attemptEndNs, fromColumns->columns.attemptEndNs);
    EXPECT_EQ(fromColumns->columns.attemptEndNs, std::vector<int64_t> { 300'000'000'000 });
}

// A file's earlier import under another path to it now (through a link to its folder, a relative
// path) is taken over by the path given: its later content then replaces those records instead of
// being stored beside them. A file of the same name elsewhere, another name for the same file, a
// file stored under its path as given, and a stored path no longer there are left as they are.
TEST(DatasetReplacement, AnotherPathToTheSameFileIsTakenOver)
{
    Store s;
    namespace fs = std::filesystem;
    fs::create_directories(s.path("runs"));
    fs::create_directories(s.path("other"));
    const std::string v1 = std::string(kHeader) + kJob + attempt(0, 0, 100, "running") + phase(0, "init", 0, 50);
    const std::string file = s.write("runs/run.ett.jsonl", v1);
    fs::create_directory_symlink(s.path("runs"), s.path("link"));
    const std::string viaLink = s.path("link/run.ett.jsonl");
    ASSERT_TRUE(importTraceFile(s.db(), viaLink, replacing()).ok());
    const std::string elsewhere = s.write("other/run.ett.jsonl",
        std::string(kHeader) + R"({"type":"job","job":"J2","gpus":8})" + "\n"
            + R"({"type":"attempt","job":"J2","attempt":0,"start":0,"end":10,"outcome":"completed"})" + "\n");
    ASSERT_TRUE(importTraceFile(s.db(), elsewhere, replacing()).ok());
    auto label = findLabelId(s.db(), "default");
    ASSERT_TRUE(label.ok() && *label);
    fs::create_hard_link(file, s.path("hard.ett.jsonl"));
    auto none
        = adoptOtherSpellings(s.db(), "default", { s.path("hard.ett.jsonl"), elsewhere, s.path("gone.ett.jsonl") });
    ASSERT_TRUE(none.ok()) << none.error().message;
    EXPECT_TRUE(none->empty());

    auto taken = adoptOtherSpellings(s.db(), "default", { file });
    ASSERT_TRUE(taken.ok()) << taken.error().message;
    ASSERT_EQ(taken->size(), 1u);
    EXPECT_EQ((*taken)[0].path, file);
    EXPECT_EQ((*taken)[0].storedAs, viaLink);
    EXPECT_EQ(*datasetsFromPath(s.db(), **label, file), std::vector<int64_t> { (*taken)[0].datasetId });
    EXPECT_TRUE(datasetsFromPath(s.db(), **label, viaLink)->empty());
    // Again: stored under its path as given, nothing to take.
    EXPECT_TRUE(adoptOtherSpellings(s.db(), "default", { file, viaLink })->empty());
    // Grown, read at its own path: it replaces what the link's path stored.
    s.write("runs/run.ett.jsonl", v1 + phase(0, "train", 50, 90));
    auto grown = importTraceFile(s.db(), file, replacing());
    ASSERT_TRUE(grown.ok()) << grown.error().message;
    EXPECT_EQ(grown->datasetsReplaced, 1);
    EXPECT_EQ(s.count("SELECT count(*) FROM datasets"), 2);
    EXPECT_EQ(s.count("SELECT count(*) FROM phases"), 2);
}

// A relative path stored by an import run in the database's folder is found there from another
// folder; one that leads to two files (one from here, one from there) is left as it is.
TEST(DatasetReplacement, ARelativePathIsLookedForUnderTheDatabasesFolder)
{
    Store s;
    namespace fs = std::filesystem;
    fs::create_directories(s.path("runs"));
    fs::create_directories(s.path("elsewhere"));
    const std::string content = std::string(kHeader) + kJob + attempt(0, 0, 100, "completed");
    const std::string file = s.write("runs/a.ett.jsonl", content);
    const std::string other = s.write("runs/b.ett.jsonl",
        std::string(kHeader) + R"({"type":"job","job":"J2","gpus":8})" + "\n"
            + R"({"type":"attempt","job":"J2","attempt":0,"start":0,"end":10,"outcome":"completed"})" + "\n");
    struct Back
    {
        fs::path to;
        ~Back() { fs::current_path(to); }
    } back { fs::current_path() };
    fs::current_path(s.path(""));
    ASSERT_TRUE(importTraceFile(s.db(), "runs/a.ett.jsonl", replacing()).ok());
    ASSERT_TRUE(importTraceFile(s.db(), "runs/b.ett.jsonl", replacing()).ok());
    fs::current_path(s.path("elsewhere"));
    auto label = findLabelId(s.db(), "default");
    ASSERT_TRUE(label.ok() && *label);
    auto taken = adoptOtherSpellings(s.db(), "default", { file });
    ASSERT_TRUE(taken.ok()) << taken.error().message;
    ASSERT_EQ(taken->size(), 1u);
    EXPECT_EQ((*taken)[0].storedAs, "runs/a.ett.jsonl");
    // From here, runs/b.ett.jsonl is also another file of that name: neither is taken.
    fs::create_directories(s.path("elsewhere/runs"));
    const std::string near = s.write("elsewhere/runs/b.ett.jsonl", content);
    EXPECT_TRUE(adoptOtherSpellings(s.db(), "default", { near })->empty());
    EXPECT_TRUE(adoptOtherSpellings(s.db(), "default", { other })->empty());
}

TEST(DatasetReplacement, UnchangedContentIsANoOp)
{
    Store s;
    const std::string path = s.write("run.ett.jsonl", std::string(kHeader) + kJob + attempt(0, 0, 100, "completed"));
    ASSERT_TRUE(importTraceFile(s.db(), path, replacing()).ok());
    auto again = importTraceFile(s.db(), path, replacing());
    ASSERT_TRUE(again.ok()) << again.error().message;
    EXPECT_TRUE(again->alreadyImported);
    EXPECT_FALSE(again->adopted);
    EXPECT_EQ(s.count("SELECT count(*) FROM datasets"), 1);
}

TEST(DatasetReplacement, ARunningAttemptEndsAtTheTimeOfTheRead)
{
    Store s;
    const std::string path = s.write(
        "run.ett.jsonl", std::string(kHeader) + kJob + attempt(0, 0, 100, "running") + phase(0, "train", 0, 100));
    ImportOptions o = replacing();
    o.runningEndNs = 160'000'000'000;
    ASSERT_TRUE(importTraceFile(s.db(), path, o).ok());
    auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].result.attempts[0].endNs, 160'000'000'000);
    EXPECT_EQ(jobs[0].result.attempts[0].outcome, Outcome::Running);
    EXPECT_EQ(jobs[0].result.bucketsNs[static_cast<int>(Bucket::Idle)], 60'000'000'000);
    // A completed attempt keeps its end whatever the time of the read.
    s.write("run.ett.jsonl", std::string(kHeader) + kJob + attempt(0, 0, 120, "completed") + phase(0, "train", 0, 120));
    ASSERT_TRUE(importTraceFile(s.db(), path, o).ok());
    EXPECT_EQ(s.fleet()[0].result.attempts[0].endNs, 120'000'000'000);
}

TEST(DatasetReplacement, AFailedReplacementKeepsTheEarlierRecordsAndNamesTheLine)
{
    Store s;
    const std::string good = std::string(kHeader) + kJob + attempt(0, 0, 100, "completed") + phase(0, "train", 0, 100);
    const std::string path = s.write("run.ett.jsonl", good);
    ASSERT_TRUE(importTraceFile(s.db(), path, replacing()).ok());
    const auto before = figures(s);
    s.write(
        "run.ett.jsonl", good + R"({"type":"phase","job":"J1","attempt":0,"phase":"warmup","start":1,"end":2})" + "\n");
    auto bad = importTraceFile(s.db(), path, replacing());
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().message.find("run.ett.jsonl:5:"), std::string::npos) << bad.error().message;
    EXPECT_NE(bad.error().message.find("field 'phase'"), std::string::npos) << bad.error().message;
    EXPECT_EQ(figures(s), before);
    EXPECT_EQ(s.count("SELECT count(*) FROM datasets"), 1);
}

TEST(DatasetReplacement, MessagesNameTheWatchedPathNotTheCopyRead)
{
    Store s;
    const std::string copy
        = s.write("copy.ett.jsonl", std::string(kHeader) + R"({"type":"job","job":"J1","gpus":0})" + "\n");
    auto bad = importTraceFile(s.db(), copy, replacing("/watched/run.ett.jsonl"));
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().message.find("/watched/run.ett.jsonl"), std::string::npos) << bad.error().message;
    EXPECT_EQ(bad.error().message.find(copy), std::string::npos) << bad.error().message;
    const std::string good = std::string(kHeader) + kJob + attempt(0, 0, 100, "completed");
    s.write("copy.ett.jsonl", good);
    auto ok = importTraceFile(s.db(), copy, replacing("/watched/run.ett.jsonl"));
    ASSERT_TRUE(ok.ok()) << ok.error().message;
    EXPECT_EQ(s.count("SELECT count(*) FROM datasets WHERE source_path = '/watched/run.ett.jsonl'"), 1);
}

TEST(DatasetReplacement, AJobTheNewContentNoLongerHoldsIsRemovedAndOtherFilesStay)
{
    Store s;
    const std::string other = std::string(kHeader) + R"({"type":"job","job":"K","gpus":2}
{"type":"attempt","job":"K","attempt":0,"start":0,"end":50}
{"type":"phase","job":"K","attempt":0,"phase":"train","start":0,"end":50}
)";
    s.import(s.write("other.ett.jsonl", other));
    const std::string two
        = std::string(kHeader) + kJob + attempt(0, 0, 100, "completed") + R"({"type":"job","job":"J2","gpus":4}
{"type":"attempt","job":"J2","attempt":0,"start":0,"end":10}
{"type":"checkpoint","job":"J2","attempt":0,"start":5}
)";
    const std::string path = s.write("run.ett.jsonl", two);
    ASSERT_TRUE(importTraceFile(s.db(), path, replacing()).ok());
    EXPECT_EQ(s.count("SELECT count(*) FROM jobs"), 3);
    const std::string one = std::string(kHeader) + kJob + attempt(0, 0, 100, "completed");
    s.write("run.ett.jsonl", one);
    ASSERT_TRUE(importTraceFile(s.db(), path, replacing()).ok());
    EXPECT_EQ(s.count("SELECT count(*) FROM jobs"), 2);
    EXPECT_EQ(s.count("SELECT count(*) FROM checkpoints"), 0);
    EXPECT_EQ(s.count("SELECT count(*) FROM job_derived"), 2);
    EXPECT_EQ(figures(s), freshFigures({ other, one }));
}

TEST(DatasetReplacement, AJobSharedWithAnotherFileIsAttributedAgain)
{
    Store s;
    // The job and attempt 0 in one file, attempt 1 in the watched one.
    const std::string first = std::string(kHeader) + kJob + attempt(0, 0, 100, "failed") + phase(0, "train", 0, 100);
    s.import(s.write("a0.ett.jsonl", first));
    const std::string path = s.write("a1.ett.jsonl", std::string(kHeader) + attempt(1, 200, 300, "running"));
    ASSERT_TRUE(importTraceFile(s.db(), path, replacing()).ok());
    const std::string later = std::string(kHeader) + attempt(1, 200, 400, "completed") + phase(1, "train", 250, 400);
    s.write("a1.ett.jsonl", later);
    ASSERT_TRUE(importTraceFile(s.db(), path, replacing()).ok());
    EXPECT_EQ(figures(s), freshFigures({ first, later }));
    // The watched file gone from the content: the job keeps attempt 0 alone, attributed again.
    s.write(
        "a1.ett.jsonl", std::string(kHeader) + R"({"type":"job","job":"J1","gpus":8,"attrs":{"team":"ads"}})" + "\n");
    ASSERT_TRUE(importTraceFile(s.db(), path, replacing()).ok());
    EXPECT_EQ(figures(s), freshFigures({ first }));
}

TEST(DatasetReplacement, AnAttemptHoldingAnotherFilesPhasesIsRefusedAndKept)
{
    Store s;
    const std::string path = s.write("run.ett.jsonl", std::string(kHeader) + kJob + attempt(0, 0, 100, "completed"));
    ASSERT_TRUE(importTraceFile(s.db(), path, replacing()).ok());
    s.import(
        s.write("rank1.ett.jsonl", std::string(kHeader) + attempt(0, 0, 100, "completed") + phase(0, "train", 0, 100)));
    const auto before = figures(s);
    s.write("run.ett.jsonl", std::string(kHeader) + kJob + attempt(0, 0, 100, "completed") + phase(0, "init", 0, 10));
    auto r = importTraceFile(s.db(), path, replacing());
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("rank1.ett.jsonl"), std::string::npos) << r.error().message;
    EXPECT_EQ(figures(s), before);
}

TEST(DatasetReplacement, ARotatedFileKeepsItsRecordsUnderItsNewName)
{
    Store s;
    const std::string v1 = std::string(kHeader) + kJob + attempt(0, 0, 100, "failed") + phase(0, "train", 0, 100);
    const std::string path = s.write("run.ett.jsonl", v1);
    ASSERT_TRUE(importTraceFile(s.db(), path, replacing()).ok());
    // Rotation: run.ett.jsonl becomes run.ett.jsonl.1, a new run.ett.jsonl starts.
    std::filesystem::rename(path, s.path("run.ett.jsonl.1"));
    const std::string v2 = std::string(kHeader) + attempt(1, 200, 300, "completed") + phase(1, "train", 200, 300);
    s.write("run.ett.jsonl", v2);
    auto moved = importTraceFile(s.db(), s.path("run.ett.jsonl.1"), replacing());
    ASSERT_TRUE(moved.ok()) << moved.error().message;
    EXPECT_TRUE(moved->alreadyImported);
    EXPECT_TRUE(moved->adopted);
    auto fresh = importTraceFile(s.db(), path, replacing());
    ASSERT_TRUE(fresh.ok()) << fresh.error().message;
    EXPECT_EQ(fresh->datasetsReplaced, 0);
    EXPECT_EQ(figures(s), freshFigures({ v1, v2 }));
}

TEST(DatasetReplacement, IndexesAreOptionalAndIdempotent)
{
    Store s;
    ASSERT_TRUE(ensureReplacementIndexes(s.db()).ok());
    ASSERT_TRUE(ensureReplacementIndexes(s.db()).ok());
    EXPECT_EQ(s.count("SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name = 'attempts_declared_in'"), 1);
}

// Removing one stored file (removeStoredFile): what it brought goes, the others stay as a fresh import
// of them gives; a job it declared that another file's records hold is said (implicit now).
TEST(DatasetRemoval, AFileRemovedLeavesTheOthersAsAFreshImportOfThemAndSaysTheJobsItDeclared)
{
    const std::string a = std::string(kHeader) + kJob + attempt(0, 0, 100, "failed") + phase(0, "train", 10, 100);
    const std::string b = std::string(kHeader) + kJob + attempt(1, 200, 300, "completed") + phase(1, "train", 210, 300);
    Store s;
    const std::string pa = s.write("a.ett.jsonl", a);
    const std::string pb = s.write("b.ett.jsonl", b);
    s.import(pa);
    s.import(pb);
    // b: J1 stays declared by a.
    auto removed = removeStoredFile(s.db(), "default", pb);
    ASSERT_TRUE(removed.ok()) << removed.error().message;
    EXPECT_EQ(removed->datasets, 1);
    EXPECT_EQ(removed->attempts, 1);
    EXPECT_EQ(removed->phases, 1);
    EXPECT_EQ(removed->jobs, 0);
    EXPECT_TRUE(removed->logs.empty());
    EXPECT_TRUE(removed->undeclaredJobs.empty());
    EXPECT_EQ(figures(s), freshFigures({ a }));

    // Not stored (any more), or not under that label: nothing changes.
    for (const auto& [label, path] : { std::pair<std::string, std::string> { "default", pb }, { "after", pa } }) {
        auto refused = removeStoredFile(s.db(), label, path);
        ASSERT_FALSE(refused.ok());
        EXPECT_NE(refused.error().message.find("nothing was removed"), std::string::npos) << refused.error().message;
    }
    EXPECT_EQ(figures(s), freshFigures({ a }));

    // a, which declared J1, with b's records left: J1 is said, implicit (1 GPU, no attributes).
    s.import(pb);
    removed = removeStoredFile(s.db(), "default", pa);
    ASSERT_TRUE(removed.ok()) << removed.error().message;
    EXPECT_EQ(removed->undeclaredJobs, std::vector<std::string> { "J1" });
    const auto jobs = s.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].gpus, 1);
    ASSERT_EQ(jobs[0].result.attempts.size(), 1u);
    EXPECT_EQ(jobs[0].result.attempts[0].number, 1);

    // The last file: its job goes with it.
    removed = removeStoredFile(s.db(), "default", pb);
    ASSERT_TRUE(removed.ok()) << removed.error().message;
    EXPECT_EQ(removed->jobs, 1);
    EXPECT_TRUE(s.fleet().empty());
}

} // namespace
} // namespace ett::core
