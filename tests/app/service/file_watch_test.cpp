// Tests of following files while a trainer writes them (app/service/file_watch.h): appends with a
// partial last line, the attempt slot rewritten in place, rotation, a file removed, a bad line, a
// folder's new file, each pass checked against what the database then holds.
#include "app/service/file_watch.h"
#include "core/store/database.h"
#include "core/store/fleet.h"
#include "core/store/importer.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <string>
#include <zstd.h>

namespace ett::app {
namespace {

namespace fs = std::filesystem;

constexpr int64_t kS = 1'000'000'000;

std::string header()
{
    return R"({"type":"header","format":"ett-trace","version":1,"time_unit":"s"})"
           "\n"
           R"({"type":"job","job":"J1","gpus":8})"
           "\n";
}

std::string slot(int attempt, int start, int end, const char* outcome)
{
    return R"({"type":"attempt","job":"J1","attempt":)" + std::to_string(attempt) + R"(,"start":)"
        + std::to_string(start) + R"(,"end":)" + std::to_string(end) + R"(,"outcome":")" + outcome + "\"}\n";
}

std::string phase(int attempt, const char* name, int start, int end)
{
    return R"({"type":"phase","job":"J1","attempt":)" + std::to_string(attempt) + R"(,"phase":")" + name
        + R"(","start":)" + std::to_string(start) + R"(,"end":)" + std::to_string(end) + "}\n";
}

class FileWatchTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        m_dir = fs::temp_directory_path() / ("ett-file-watch-" + std::to_string(std::random_device {}()));
        fs::create_directories(m_dir / "runs");
        auto db = core::Database::open((m_dir / "ett.db").string(), core::Database::OpenMode::CreateIfMissing);
        ASSERT_TRUE(db.ok()) << db.error().message;
        m_db = std::move(*db);
        WatchOptions o;
        o.paths = { (m_dir / "runs").string() };
        o.polling = true;
        auto w = FileWatch::create(*m_db, o);
        ASSERT_TRUE(w.ok()) << w.error().message;
        m_watch = std::move(*w);
    }
    void TearDown() override
    {
        m_watch.reset();
        m_db.reset();
        std::error_code ec;
        fs::remove_all(m_dir, ec);
    }
    std::string run(const std::string& name) const { return (m_dir / "runs" / name).string(); }
    void write(const std::string& name, const std::string& text, std::ios::openmode mode = std::ios::trunc)
    {
        std::ofstream(run(name), std::ios::binary | std::ios::out | mode) << text;
        // Let the next write be seen even where the clock's grain is coarse: a new size or time.
        m_tick += kS;
        const auto t = fs::file_time_type::clock::now() + std::chrono::nanoseconds(m_tick);
        fs::last_write_time(run(name), t);
    }
    std::vector<WatchEvent> scan(int64_t readNs = 10'000 * kS) { return m_watch->scan(readNs); }
    std::vector<core::FleetJob> jobs()
    {
        auto f = core::loadFleet(*m_db, {});
        EXPECT_TRUE(f.ok());
        return f.ok() ? *f : std::vector<core::FleetJob> {};
    }
    int64_t count(const std::string& sql) { return m_db->queryInt(sql)->value_or(-1); }

    fs::path m_dir;
    std::unique_ptr<core::Database> m_db;
    std::unique_ptr<FileWatch> m_watch;
    int64_t m_tick = 0;
};

TEST_F(FileWatchTest, FollowsATrainerAppendingRewritingRotatingAndRemoving)
{
    EXPECT_TRUE(scan().empty());
    // 1. The attempt slot and one phase, the second phase half written.
    const std::string v1 = header() + slot(0, 0, 100, "running") + phase(0, "init", 0, 50);
    write("run.ett.jsonl", v1 + R"({"type":"phase","job":"J1","att)");
    auto events = scan(1000 * kS);
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].kind, WatchEvent::Kind::Imported) << events[0].error.message;
    EXPECT_EQ(events[0].jobRowIds.size(), 1u);
    EXPECT_EQ(count("SELECT count(*) FROM phases"), 1);
    auto j = jobs();
    ASSERT_EQ(j.size(), 1u);
    EXPECT_EQ(j[0].result.attempts[0].outcome, core::Outcome::Running);
    EXPECT_EQ(j[0].result.attempts[0].endNs, 1000 * kS); // running: ends at the read
    // 2. Nothing changed: nothing read.
    EXPECT_TRUE(scan().empty());
    // 3. The line completed and another appended: the file's records replace the earlier ones.
    const std::string v2 = v1 + phase(0, "train", 50, 150);
    write("run.ett.jsonl", v2);
    events = scan(2000 * kS);
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].kind, WatchEvent::Kind::Replaced);
    EXPECT_EQ(count("SELECT count(*) FROM phases"), 2);
    EXPECT_EQ(count("SELECT count(*) FROM datasets"), 1);
    EXPECT_EQ(jobs()[0].result.attempts[0].endNs, 2000 * kS);
    // 4. The slot rewritten in place with the final outcome.
    const std::string v3 = header() + slot(0, 0, 200, "failed") + phase(0, "init", 0, 50) + phase(0, "train", 50, 200);
    write("run.ett.jsonl", v3);
    events = scan(3000 * kS);
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].kind, WatchEvent::Kind::Replaced);
    j = jobs();
    EXPECT_EQ(j[0].result.attempts[0].outcome, core::Outcome::Failed);
    EXPECT_EQ(j[0].result.attempts[0].endNs, 200 * kS);
    EXPECT_EQ(j[0].result.windowEndNs, 200 * kS);
    // 5. Rotation: the file becomes run.ett.jsonl.1 and a new run.ett.jsonl holds attempt 1.
    fs::rename(run("run.ett.jsonl"), run("run.ett.jsonl.1"));
    write("run.ett.jsonl", header() + slot(1, 300, 400, "running") + phase(1, "train", 300, 400));
    events = scan(4000 * kS);
    ASSERT_EQ(events.size(), 2u);
    EXPECT_EQ(events[0].path, run("run.ett.jsonl.1"));
    EXPECT_EQ(events[0].kind, WatchEvent::Kind::Moved);
    EXPECT_EQ(events[1].kind, WatchEvent::Kind::Imported); // its old content moved away: nothing to replace
    j = jobs();
    ASSERT_EQ(j[0].result.attempts.size(), 2u);
    EXPECT_EQ(j[0].result.attempts[1].endNs, 4000 * kS);
    EXPECT_EQ(count("SELECT count(*) FROM datasets"), 2);
    // 6. The rotated file removed: its records stay.
    fs::remove(run("run.ett.jsonl.1"));
    events = scan(5000 * kS);
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].kind, WatchEvent::Kind::Removed);
    EXPECT_EQ(jobs()[0].result.attempts.size(), 2u);
    // 7. A bad line: nothing of the change is stored, the earlier records stay, the error names the
    //    file and the line; fixed, it is read again.
    write("run.ett.jsonl",
        R"({"type":"phase","job":"J1","attempt":1,"phase":"warmup","start":1,"end":2})"
        "\n",
        std::ios::app);
    events = scan(6000 * kS);
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].kind, WatchEvent::Kind::Failed);
    EXPECT_NE(events[0].error.message.find(run("run.ett.jsonl") + ":5:"), std::string::npos) << events[0].error.message;
    EXPECT_EQ(jobs()[0].result.attempts[1].endNs, 4000 * kS);
    write("run.ett.jsonl", header() + slot(1, 300, 500, "completed") + phase(1, "train", 300, 500));
    events = scan(7000 * kS);
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].kind, WatchEvent::Kind::Replaced);
    EXPECT_EQ(jobs()[0].result.attempts[1].outcome, core::Outcome::Completed);
    EXPECT_EQ(count("SELECT count(*) FROM column_dirty"), 0);
}

// A trace imported before under another spelling of its path (through a link to the folder, or a
// relative path) is the watched file: what the watcher reads of it replaces what was stored, once.
TEST_F(FileWatchTest, AFileStoredUnderAnotherSpellingOfItsPathIsReplacedNotStoredTwice)
{
    const std::string v1 = header() + slot(0, 0, 100, "running") + phase(0, "init", 0, 50);
    write("run.ett.jsonl", v1);
    const fs::path link = m_dir / "link";
    fs::create_directory_symlink(m_dir / "runs", link);
    core::ImportOptions o;
    o.runningEndNs = 1000 * kS;
    auto before = core::importTraceFile(*m_db, (link / "run.ett.jsonl").string(), o);
    ASSERT_TRUE(before.ok()) << before.error().message;
    // The same content: nothing read, the dataset taken over (said, as a move); the jobs it holds are
    // judged.
    auto events = scan(1000 * kS);
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].kind, WatchEvent::Kind::Moved) << events[0].error.message;
    EXPECT_EQ(events[0].note,
        "imported before as " + (link / "run.ett.jsonl").string() + "; its records are this path's now");
    EXPECT_EQ(events[0].jobRowIds.size(), 1u);
    // Appended: replaced, not stored a second time beside what the link's spelling stored.
    write("run.ett.jsonl", v1 + phase(0, "train", 50, 150));
    events = scan(2000 * kS);
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].kind, WatchEvent::Kind::Replaced) << events[0].error.message;
    EXPECT_EQ(events[0].summary.datasetsReplaced, 1);
    EXPECT_EQ(count("SELECT count(*) FROM datasets"), 1);
    EXPECT_EQ(count("SELECT count(*) FROM phases"), 2);
    const auto j = jobs();
    ASSERT_EQ(j.size(), 1u);
    ASSERT_EQ(j[0].result.attempts.size(), 1u);
    EXPECT_EQ(j[0].result.attempts[0].endNs, 2000 * kS);
}

TEST_F(FileWatchTest, AFileWithoutACompleteLineWaitsAndANewFolderIsWalked)
{
    write("a.ett.jsonl", R"({"type":"header","format":"ett-tr)");
    auto events = scan();
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].kind, WatchEvent::Kind::Unchanged);
    EXPECT_EQ(count("SELECT count(*) FROM datasets"), 0);
    fs::create_directories(m_dir / "runs" / "job-b");
    write("job-b/b.ett.jsonl", header() + slot(0, 0, 10, "completed"));
    events = scan();
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].kind, WatchEvent::Kind::Imported) << events[0].error.message;
    EXPECT_EQ(count("SELECT count(*) FROM attempts"), 1);
}

// A compressed trace is read by its own framing: its bytes 0x0a are no line ends, so it is read
// whole (a snapshot cut at its last "line" was a damaged stream, or nothing at all).
TEST_F(FileWatchTest, ACompressedTraceIsReadWhole)
{
    std::string text = header();
    for (int i = 0; i < 40; ++i) {
        text += phase(0, "train", i * 10, i * 10 + 10);
    }
    text += slot(0, 0, 400, "completed");
    // zstd, with a 0x0a byte in the middle of its frame (the frame's last bytes are its checksum).
    std::string zst(ZSTD_compressBound(text.size()), '\0');
    zst.resize(ZSTD_compress(zst.data(), zst.size(), text.data(), text.size(), 3));
    ASSERT_FALSE(ZSTD_isError(zst.size()));
    ASSERT_NE(zst.find('\n'), std::string::npos) << "the frame should hold a 0x0a byte";
    write("run.ett.jsonl.zst", zst);
    // gzip, the same.
    const std::string gzPath = run("other.ett.jsonl.gz");
    gzFile gz = gzopen(gzPath.c_str(), "wb");
    ASSERT_NE(gz, nullptr);
    std::string other = text;
    for (size_t at = other.find("\"J1\""); at != std::string::npos; at = other.find("\"J1\"", at + 1)) {
        other.replace(at, 4, "\"J2\"");
    }
    ASSERT_EQ(gzwrite(gz, other.data(), static_cast<unsigned>(other.size())), static_cast<int>(other.size()));
    ASSERT_EQ(gzclose(gz), Z_OK);
    const auto events = scan();
    ASSERT_EQ(events.size(), 2u);
    for (const WatchEvent& e : events) {
        EXPECT_EQ(e.kind, WatchEvent::Kind::Imported) << e.path << ": " << e.error.message;
    }
    EXPECT_EQ(count("SELECT count(*) FROM phases"), 80);
    EXPECT_EQ(count("SELECT count(*) FROM attempts"), 2);
}

// A gzip or zstd trace written as the run goes (its stream flushed, not ended) is read as far as
// its content holds whole lines, as a plain file is; once its stream ends it is read whole, as
// `ettw import` reads it (its records replace the partial ones).
TEST_F(FileWatchTest, ACompressedTraceBeingWrittenIsReadAsFarAsItGoes)
{
    std::string first = header() + slot(0, 0, 200, "running");
    for (int i = 0; i < 10; ++i) {
        first += phase(0, "train", i * 10, i * 10 + 10);
    }
    const std::string half = R"({"type":"phase","job":"J1","attempt":0,"pha)";
    std::string rest = R"(se":"train","start":100,"end":110})"
                       "\n";
    for (int i = 11; i < 20; ++i) {
        rest += phase(0, "train", i * 10, i * 10 + 10);
    }

    // zstd: the first part and half a line flushed into an unfinished frame.
    ZSTD_CCtx* cctx = ZSTD_createCCtx();
    ASSERT_NE(cctx, nullptr);
    auto zstdPart = [&](const std::string& text, ZSTD_EndDirective how) {
        std::string out(ZSTD_compressBound(text.size()) + 64, '\0');
        ZSTD_inBuffer in { text.data(), text.size(), 0 };
        ZSTD_outBuffer o { out.data(), out.size(), 0 };
        size_t left = 0;
        do {
            left = ZSTD_compressStream2(cctx, &o, &in, how);
            EXPECT_FALSE(ZSTD_isError(left));
        } while (left != 0 && !ZSTD_isError(left));
        out.resize(o.pos);
        return out;
    };
    write("live.ett.jsonl.zst", zstdPart(first + half, ZSTD_e_flush));
    // gzip: the same, flushed with Z_SYNC_FLUSH (a job's label differs).
    std::string other = first + half;
    for (size_t at = other.find("\"J1\""); at != std::string::npos; at = other.find("\"J1\"", at + 1)) {
        other.replace(at, 4, "\"J2\"");
    }
    z_stream zs {};
    ASSERT_EQ(deflateInit2(&zs, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY), Z_OK);
    auto gzipPart = [&](const std::string& text, int flush) {
        std::string out(deflateBound(&zs, text.size()) + 64, '\0');
        zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
        zs.avail_in = static_cast<uInt>(text.size());
        zs.next_out = reinterpret_cast<Bytef*>(out.data());
        zs.avail_out = static_cast<uInt>(out.size());
        EXPECT_NE(deflate(&zs, flush), Z_STREAM_ERROR);
        out.resize(out.size() - zs.avail_out);
        return out;
    };
    write("live2.ett.jsonl.gz", gzipPart(other, Z_SYNC_FLUSH));
    auto events = scan();
    ASSERT_EQ(events.size(), 2u);
    for (const WatchEvent& e : events) {
        EXPECT_EQ(e.kind, WatchEvent::Kind::Imported) << e.path << ": " << e.error.message;
        EXPECT_EQ(e.summary.path, e.path) << "stored under the file's own path";
    }
    EXPECT_EQ(count("SELECT count(*) FROM phases"), 20) << "the whole lines of each";
    EXPECT_EQ(count("SELECT count(*) FROM attempts"), 2);
    EXPECT_EQ(count("SELECT count(*) FROM datasets WHERE source_path LIKE '%.zst' OR source_path LIKE '%.gz'"), 2);

    // The streams end: each read whole, its records in place of the partial ones.
    write("live.ett.jsonl.zst", zstdPart(rest, ZSTD_e_end), std::ios::app);
    std::string otherRest = rest;
    for (size_t at = otherRest.find("\"J1\""); at != std::string::npos; at = otherRest.find("\"J1\"", at + 1)) {
        otherRest.replace(at, 4, "\"J2\"");
    }
    write("live2.ett.jsonl.gz", gzipPart(otherRest, Z_FINISH), std::ios::app);
    ZSTD_freeCCtx(cctx);
    deflateEnd(&zs);
    events = scan();
    ASSERT_EQ(events.size(), 2u);
    for (const WatchEvent& e : events) {
        EXPECT_EQ(e.kind, WatchEvent::Kind::Replaced) << e.path << ": " << e.error.message;
    }
    EXPECT_EQ(count("SELECT count(*) FROM phases"), 40);
    EXPECT_EQ(count("SELECT count(*) FROM attempts"), 2);
    EXPECT_EQ(count("SELECT count(*) FROM datasets"), 2);

    // Damaged data is still an error, naming the file: a whole frame, its content overwritten.
    std::string damaged(ZSTD_compressBound(rest.size()), '\0');
    damaged.resize(ZSTD_compress(damaged.data(), damaged.size(), rest.data(), rest.size(), 3));
    ASSERT_GT(damaged.size(), 60u);
    std::fill(damaged.begin() + 20, damaged.begin() + 60, '\xff');
    write("live.ett.jsonl.zst", damaged);
    events = scan();
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].kind, WatchEvent::Kind::Failed);
    EXPECT_NE(events[0].error.message.find(run("live.ett.jsonl.zst") + ": damaged zstd data"), std::string::npos)
        << events[0].error.message;

    // A compression this version does not read is a file of the folder that is not a trace, as
    // in a folder's import (not a failure read again after every change).
    write("old.ett.jsonl.xz",
        std::string("\xfd"
                    "7zXZ\0\0\x04\xe6\xd6\xb4\x46",
            12));
    events = scan();
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].kind, WatchEvent::Kind::NotATrace) << events[0].error.message;
    EXPECT_NE(events[0].error.message.find("xz-compressed data"), std::string::npos) << events[0].error.message;
}

// Readers name a run after its folder (a console log's generic run.log): the snapshot the watcher
// reads lies under the watched file's own folders, so that two runs' run.log are the jobs run-a and
// run-b, as `ettw import` names them (they were both the snapshot folder's name, and the second
// failed as the first's attempt "seen again").
TEST_F(FileWatchTest, RunsNamedAfterTheirFoldersKeepTheirNames)
{
    const auto log = [](const std::string& day) {
        std::string text;
        for (const char* line : { "[rank0]:[titan] 2025-03-DD 10:00:00,000 - root - INFO - torchtitan version: 0.1",
                 "[rank0]:[titan] 2025-03-DD 10:00:10,000 - root - INFO - Training starts at step 1",
                 "[rank0]:[titan] 2025-03-DD 10:01:00,000 - root - INFO - step:  1  loss: 12.0  memory: 30.1GiB(40.0%)",
                 "[rank0]:[titan] 2025-03-DD 10:02:00,000 - root - INFO - step:  2  loss: 11.0  memory: 30.1GiB(40.0%)",
                 "[rank0]:[titan] 2025-03-DD 10:03:30,000 - root - INFO - Training completed" }) {
            std::string l = line;
            l.replace(l.find("DD"), 2, day);
            text += l + "\n";
        }
        return text;
    };
    fs::create_directories(m_dir / "runs" / "run-a");
    fs::create_directories(m_dir / "runs" / "run-b");
    write("run-a/run.log", log("01"));
    write("run-b/run.log", log("02"));
    const auto events = scan();
    ASSERT_EQ(events.size(), 2u);
    for (const WatchEvent& e : events) {
        EXPECT_EQ(e.kind, WatchEvent::Kind::Imported) << e.path << ": " << e.error.message;
    }
    std::set<std::string> keys;
    for (const core::FleetJob& j : jobs()) {
        keys.insert(j.key);
    }
    EXPECT_EQ(keys, (std::set<std::string> { "run-a", "run-b" }));
}

// Runs that lie deeper under one watched folder are all given its name: a file that proves to be of
// another run (another GPU count, days from the others) takes the job its own folder names, as
// `ettw import` gives it, and the event says so (the first failed at every pass, the second made
// one job of runs days apart).
TEST_F(FileWatchTest, RunsDeeperUnderOneFolderThatAreOtherRunsTakeTheirOwnFoldersJobs)
{
    for (const char* r : { "run-1", "run-2", "run-3" }) {
        fs::create_directories(m_dir / "runs" / "profiles" / r);
    }
    const auto chrome = [](int worldSize, int64_t startUs) {
        return "{\"distributedInfo\": {\"rank\": 0, \"world_size\": " + std::to_string(worldSize)
            + "}, \"traceEvents\": [{\"ph\": \"X\", \"cat\": \"user_annotation\", \"name\": "
              "\"ProfilerStep#1\", \"ts\": "
            + std::to_string(startUs) + ", \"dur\": 5000, \"pid\": 1, \"tid\": 1}]}\n";
    };
    write("profiles/run-1/rank0.json", chrome(8, 1000));
    write("profiles/run-2/rank0.json", chrome(16, 1000));
    write("profiles/run-3/rank0.json", chrome(8, 2 * 86'400'000'000LL));
    const auto events = scan();
    ASSERT_EQ(events.size(), 3u);
    for (const WatchEvent& e : events) {
        EXPECT_EQ(e.kind, WatchEvent::Kind::Imported) << e.path << ": " << e.error.message;
    }
    EXPECT_TRUE(events[0].note.empty()) << events[0].note;
    EXPECT_EQ(events[1].note,
        "as job profiles/run-2, its own folder's: the folder that named the others' job holds "
        "other runs");
    EXPECT_EQ(events[2].note,
        "as job profiles/run-3, its own folder's: the folder that named the others' job holds "
        "other runs");
    std::map<std::string, int64_t> gpus;
    for (const core::FleetJob& j : jobs()) {
        gpus[j.key] = j.gpus;
    }
    EXPECT_EQ(gpus,
        (std::map<std::string, int64_t> { { "profiles", 8 }, { "profiles/run-2", 16 }, { "profiles/run-3", 8 } }));
}

// An MLPerf result finds its system's description beside the watched file
// (<submitter>/systems/<system>.json), not beside the watcher's copy: the same GPU count as
// `ettw import` (it was 1 GPU for want of the description).
TEST_F(FileWatchTest, AnMlperfResultFindsItsSystemBesideTheWatchedFile)
{
    const fs::path from = fs::path(ETT_TEST_DATA_DIR) / "mlperf-v4.1" / "tinycorp";
    fs::copy(from, m_dir / "runs" / "tinycorp", fs::copy_options::recursive);
    const auto events = scan();
    ASSERT_EQ(events.size(), 2u) << "the result and the system's description";
    size_t imported = 0;
    for (const WatchEvent& e : events) {
        imported += e.kind == WatchEvent::Kind::Imported ? 1 : 0;
    }
    EXPECT_EQ(imported, 1u);
    // The same file imported directly into another database.
    auto direct = core::Database::open((m_dir / "direct.db").string(), core::Database::OpenMode::CreateIfMissing);
    ASSERT_TRUE(direct.ok()) << direct.error().message;
    core::ImportOptions o;
    auto summary = core::importTraceFile(
        **direct, (m_dir / "runs" / "tinycorp" / "results" / "tinybox_red" / "bert" / "result_0.txt").string(), o);
    ASSERT_TRUE(summary.ok()) << summary.error().message;
    auto fleet = core::loadFleet(**direct, {});
    ASSERT_TRUE(fleet.ok()) << fleet.error().message;
    ASSERT_EQ(fleet->size(), 1u);
    EXPECT_EQ((*fleet)[0].gpus, 6) << "tinybox red: 1 node of 6 accelerators";
    const auto watched = jobs();
    ASSERT_EQ(watched.size(), 1u);
    EXPECT_EQ(watched[0].key, (*fleet)[0].key);
    EXPECT_EQ(watched[0].gpus, (*fleet)[0].gpus);
}

// A file that is not read by lines is read whole: a Chrome trace written without a final line end
// (cut at its last line end it was nothing a reader could read, and failed at every pass).
TEST_F(FileWatchTest, AChromeTraceWithoutAFinalLineEndIsReadWhole)
{
    write("trace.json",
        "{\"distributedInfo\": {\"rank\": 0, \"world_size\": 1},\n\"traceEvents\": [\n"
        "{\"ph\": \"X\", \"cat\": \"user_annotation\", \"name\": \"ProfilerStep#1\", \"ts\": 1000, "
        "\"dur\": 5000, \"pid\": 1, \"tid\": 1}\n]}");
    const auto events = scan();
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].kind, WatchEvent::Kind::Imported) << events[0].error.message;
    EXPECT_EQ(count("SELECT count(*) FROM phases"), 1);
}

// A watched folder that holds the database itself: the database and its journal files (written at
// every import) are never read, passes after an import find nothing new, and a binary file is not a
// trace.
TEST_F(FileWatchTest, TheDatabaseInAWatchedFolderIsNeverRead)
{
    WatchOptions o;
    o.paths = { m_dir.string() };
    o.polling = true;
    auto w = FileWatch::create(*m_db, o);
    ASSERT_TRUE(w.ok()) << w.error().message;
    write("run.ett.jsonl", header() + slot(0, 0, 100, "completed"));
    std::ofstream(m_dir / "ett.db-journal") << "";
    std::ofstream(run("plot.png"), std::ios::binary) << std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16);
    auto events = (*w)->scan(1000 * kS);
    std::vector<std::string> seen;
    for (const WatchEvent& e : events) {
        seen.push_back(fs::path(e.path).filename().string() + " " + watchEventName(e.kind));
    }
    EXPECT_EQ(seen, (std::vector<std::string> { "plot.png not_a_trace", "run.ett.jsonl imported" }));
    EXPECT_TRUE((*w)->scan(2000 * kS).empty()) << "the database written by the import is not a change to read";
}

TEST_F(FileWatchTest, AnNvrxJobsCycleFilesThenItsLogBecomeOneJob)
{
    // ft_launcher writes its cycle info files as cycles start (read alone at first), then the log
    // with the restart events appears: from then on the log is read with them, as one job, and the
    // cycle files' own earlier records give way. A cycle file that changes reads the log again.
    fs::create_directories(m_dir / "runs" / "job-4242" / "nvrx");
    auto cycle = [](int n, const std::string& start, const std::string& end) {
        return "{\n  \"job_id\": \"4242\",\n  \"attempt_index\": 0,\n  \"cycle_number\": " + std::to_string(n)
            + ",\n  \"cycle_start_time\": \"" + start + "\",\n  \"cycle_end_time\": \"" + end
            + "\",\n  \"active_nodes\": \"node[001-002]\"\n}\n";
    };
    auto ev = [](int c, const std::string& event, const std::string& hms) {
        return "- Cycle: " + std::to_string(c) + " Event: " + event + " Node: n1 Rank: 0 Time: 2026-07-30 " + hms
            + " UTC\n";
    };
    write("job-4242/nvrx/cycle_info.4242.0.0", cycle(0, "2026-07-30T10:00:20Z", "2026-07-30T11:00:05Z"));
    write("job-4242/nvrx/cycle_info.4242.0.1", cycle(1, "2026-07-30T11:00:30Z", ""));
    auto events = scan();
    ASSERT_EQ(events.size(), 2u);
    EXPECT_EQ(count("SELECT count(*) FROM datasets"), 2);
    ASSERT_EQ(jobs().size(), 1u);
    EXPECT_EQ(jobs()[0].key, "4242");
    ASSERT_TRUE(jobs()[0].result.attempts[0].faultNs.has_value());
    EXPECT_EQ(*jobs()[0].result.attempts[0].faultNs, 1'785'409'205 * kS)
        << "the files alone know no fault time before the cycle's end (11:00:05)";

    write("job-4242/ft_launcher.log",
        ev(0, "rendezvous_started", "10:00:00.000") + ev(0, "rendezvous_completed", "10:00:20.000")
            + ev(0, "worker_start_started", "10:00:21.000") + ev(0, "worker_start_completed", "10:00:25.000")
            + ev(1, "failure_detected", "11:00:00.000") + ev(1, "worker_terminated", "11:00:05.000")
            + ev(1, "rendezvous_started", "11:00:06.000") + ev(1, "rendezvous_completed", "11:00:30.000")
            + ev(1, "worker_start_started", "11:00:31.000") + ev(1, "worker_start_completed", "11:00:40.000"));
    events = scan();
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(fs::path(events[0].path).filename(), "ft_launcher.log");
    EXPECT_EQ(events[0].kind, WatchEvent::Kind::Replaced) << events[0].error.message;
    EXPECT_EQ(events[0].summary.datasetsReplaced, 2) << "the cycle files' own imports";
    EXPECT_EQ(count("SELECT count(*) FROM datasets"), 1);
    auto all = jobs();
    ASSERT_EQ(all.size(), 1u);
    EXPECT_EQ(all[0].key, "4242");
    const auto& a = all[0].result.attempts;
    ASSERT_EQ(a.size(), 2u);
    ASSERT_TRUE(a[0].faultNs.has_value());
    EXPECT_EQ(*a[0].faultNs, 1'785'409'200 * kS) << "11:00:00, the log's failure_detected";
    ASSERT_TRUE(a[0].ttrNs.has_value());
    EXPECT_EQ(*a[0].ttrNs, 40 * kS);
    EXPECT_EQ(a[1].outcome, core::Outcome::Running);

    // Cycle 1 ends in its file: the log is read again with it; the cycle completes there.
    write("job-4242/nvrx/cycle_info.4242.0.1", cycle(1, "2026-07-30T11:00:30Z", "2026-07-30T12:00:00Z"));
    events = scan();
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(fs::path(events[0].path).filename(), "ft_launcher.log");
    EXPECT_EQ(events[0].kind, WatchEvent::Kind::Replaced) << events[0].error.message;
    all = jobs();
    ASSERT_EQ(all.size(), 1u);
    ASSERT_EQ(all[0].result.attempts.size(), 2u);
    EXPECT_EQ(all[0].result.attempts[1].outcome, core::Outcome::Completed);
    EXPECT_EQ(all[0].result.attempts[1].endNs, 1'785'412'800 * kS);
    EXPECT_EQ(count("SELECT count(*) FROM datasets"), 1);
}

TEST_F(FileWatchTest, ANextAttemptsFileReadBeforeThePreviousOneEndedIsReadAgain)
{
    // Attempt 0 runs (it ends at the time of the read); its file is read.
    write("a0.ett.jsonl", header() + slot(0, 0, 100, "running") + phase(0, "init", 0, 50));
    ASSERT_EQ(scan(1000 * kS).size(), 1u);
    // Attempt 0 ends and attempt 1 starts in a new file, both before the next pass: the new file is
    // read first and overlaps attempt 0, still running until its file is read again.
    write("a0.ett.jsonl", header() + slot(0, 0, 200, "failed") + phase(0, "init", 0, 50));
    write("a1.ett.jsonl", header() + slot(1, 300, 400, "running") + phase(1, "init", 300, 350));
    auto events = scan(2000 * kS);
    ASSERT_EQ(events.size(), 3u);
    EXPECT_EQ(events[0].kind, WatchEvent::Kind::Failed); // a1, new, overlapping the running a0
    EXPECT_NE(events[0].error.message.find("overlaps"), std::string::npos) << events[0].error.message;
    EXPECT_EQ(events[1].kind, WatchEvent::Kind::Replaced) << events[1].error.message; // a0 ended
    EXPECT_EQ(events[2].kind, WatchEvent::Kind::Imported) << events[2].error.message; // a1 again
    EXPECT_EQ(events[2].path, run("a1.ett.jsonl"));
    EXPECT_EQ(count("SELECT count(*) FROM attempts"), 2);
    // A file that still fails is read again only after another file was stored, and is not said again.
    write("bad.ett.jsonl", header() + "{not json\n");
    events = scan(3000 * kS);
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].kind, WatchEvent::Kind::Failed);
    EXPECT_TRUE(scan(3100 * kS).empty());
    write("a1.ett.jsonl", header() + slot(1, 300, 500, "running") + phase(1, "init", 300, 350));
    events = scan(4000 * kS);
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].kind, WatchEvent::Kind::Replaced);
}

TEST(FileWatch, AMissingPathIsAnErrorNamingIt)
{
    auto db = core::Database::open(":memory:", core::Database::OpenMode::CreateIfMissing);
    ASSERT_TRUE(db.ok()) << db.error().message;
    WatchOptions o;
    o.paths = { "/nonexistent/ett-runs" };
    auto w = FileWatch::create(**db, o);
    ASSERT_FALSE(w.ok());
    EXPECT_NE(w.error().message.find("/nonexistent/ett-runs"), std::string::npos);
}

} // namespace
} // namespace ett::app
