// Tests of the Nsight Systems SQLite reader: the real export of the shared data
// (pipit's saxpy-mpi-cuda on Perlmutter) with a user mapping and with the preset, hand-made
// exports of the same shape (written here with the SQLite C API) for the preset's training names,
// registered strings and domains, event types from the enum table, ranks, unended ranges, several
// rank files of one attempt, options and settings, and files that are not (good) Nsight exports.
#include "core/ingest/formats.h"
#include "core/model/timeutil.h"
#include "core/store/database.h"
#include "core/store/fleet.h"
#include "core/store/importer.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tests/core/test_store.h"

namespace ett::core {
namespace {

using test::Store;

constexpr int64_t kMs = 1'000'000;
// The session start of the hand-made exports: 2023-11-14T22:13:20Z.
constexpr int64_t kSession = 1'700'000'000'000'000'000;

size_t idx(Bucket b)
{
    return static_cast<size_t>(b);
}

// A serialized GlobalId as Nsight writes it: (1 << 48) | pid << 24 | tid.
int64_t gtid(int64_t pid, int64_t tid)
{
    return (int64_t { 1 } << 48) | (pid << 24) | tid;
}

// An Nsight-shaped export: the tables and columns the reader uses, as `nsys export --type sqlite`
// lays them out (column types loose, so that bad values can be written too).
class NsysFile
{
public:
    explicit NsysFile(const std::string& path, bool withSessionStart = true)
    {
        std::remove(path.c_str());
        EXPECT_EQ(sqlite3_open(path.c_str(), &m_db), SQLITE_OK);
        exec("CREATE TABLE StringIds (id INTEGER NOT NULL PRIMARY KEY, value TEXT NOT NULL);"
             "CREATE TABLE NVTX_EVENTS (start, \"end\", eventType, rangeId, category, color, text, globalTid, "
             "endGlobalTid, textId, domainId);"
             "CREATE TABLE TARGET_INFO_SESSION_START_TIME (utcEpochNs, utcTime TEXT, localTime TEXT);");
        if (withSessionStart) {
            exec("INSERT INTO TARGET_INFO_SESSION_START_TIME VALUES (" + std::to_string(kSession)
                + ", '2023-11-14T22:13:20', '2023-11-14T23:13:20')");
        }
    }
    ~NsysFile() { close(); }
    NsysFile(const NsysFile&) = delete;
    NsysFile& operator=(const NsysFile&) = delete;

    void exec(const std::string& sql)
    {
        char* err = nullptr;
        EXPECT_EQ(sqlite3_exec(m_db, sql.c_str(), nullptr, nullptr, &err), SQLITE_OK) << (err ? err : "") << sql;
        sqlite3_free(err);
    }
    // A registered string; returns its id.
    int64_t string(const std::string& value)
    {
        exec("INSERT INTO StringIds(id, value) VALUES (" + std::to_string(++m_lastString) + ", " + quote(value) + ")");
        return m_lastString;
    }
    // A push/pop range (eventType 59) named by text; end in ms or NULL.
    void range(double startMs, std::optional<double> endMs, const std::string& text, int64_t globalTid,
        int64_t domainId = 0, int eventType = 59)
    {
        insert(startMs, endMs, eventType, quote(text), "NULL", globalTid, domainId);
    }
    // A range named by a registered string.
    void rangeId(double startMs, std::optional<double> endMs, int64_t textId, int64_t globalTid, int64_t domainId = 0,
        int eventType = 59)
    {
        insert(startMs, endMs, eventType, "NULL", std::to_string(textId), globalTid, domainId);
    }
    // nvtxDomainCreate (eventType 75): the domain's name as a registered string.
    void domain(int64_t domainId, const std::string& name, int64_t globalTid)
    {
        insert(0.5, std::nullopt, 75, "NULL", std::to_string(string(name)), globalTid, domainId);
    }
    // nvtxNameOsThread (eventType 39).
    void threadName(const std::string& name, int64_t globalTid, int eventType = 39)
    {
        insert(0.25, std::nullopt, eventType, quote(name), "NULL", globalTid, 0);
    }
    void close()
    {
        if (m_db) {
            EXPECT_EQ(sqlite3_close(m_db), SQLITE_OK);
            m_db = nullptr;
        }
    }

    static std::string quote(const std::string& s)
    {
        std::string out = "'";
        for (char c : s) {
            out += c == '\'' ? std::string("''") : std::string(1, c);
        }
        return out + "'";
    }

private:
    static std::string ns(double ms) { return std::to_string(static_cast<int64_t>(ms * 1e6 + 0.5)); }
    void insert(double startMs, std::optional<double> endMs, int eventType, const std::string& text,
        const std::string& textId, int64_t globalTid, int64_t domainId)
    {
        exec("INSERT INTO NVTX_EVENTS(start, \"end\", eventType, text, globalTid, textId, domainId) VALUES ("
            + ns(startMs) + ", " + (endMs ? ns(*endMs) : std::string("NULL")) + ", " + std::to_string(eventType) + ", "
            + text + ", " + std::to_string(globalTid) + ", " + textId + ", " + std::to_string(domainId) + ")");
    }

    sqlite3* m_db = nullptr;
    int64_t m_lastString = 0;
};

// Every row of every table of the store, to tell that a failed import changed nothing.
std::string dumpStore(Database& db)
{
    std::string out;
    std::vector<std::string> tables;
    auto names = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
    EXPECT_TRUE(names.ok());
    if (!names.ok()) {
        return {};
    }
    (void)names->forEachRow([&] { tables.push_back(names->columnText(0)); });
    for (const auto& t : tables) {
        auto st = db.prepare("SELECT * FROM \"" + t + "\"");
        EXPECT_TRUE(st.ok());
        if (!st.ok()) {
            continue;
        }
        out += "[" + t + "]\n";
        const int n = sqlite3_column_count(st->handle());
        (void)st->forEachRow([&] {
            for (int c = 0; c < n; ++c) {
                out += (c ? "|" : "") + st->columnText(c);
            }
            out += "\n";
        });
    }
    return out;
}

ImportOptions withReader(const ReaderOptions& reader, const std::string& label = "default")
{
    ImportOptions o;
    o.label = label;
    o.reader = reader;
    return o;
}

const IssueCounter::Entry* issue(const ImportSummary& s, const std::string& kind, const std::string& detail)
{
    auto it = s.issues.entries().find({ kind, detail });
    return it == s.issues.entries().end() ? nullptr : &it->second;
}

int64_t issuesOfKind(const ImportSummary& s, const std::string& kind)
{
    int64_t n = 0;
    for (const auto& [key, e] : s.issues.entries()) {
        n += key.first == kind ? e.count : 0;
    }
    return n;
}

// --- the real export ----------------------------------------------------------------------------

// Figures of saxpy-mpi-cuda_nsys_perlmutter0.sqlite, derived with the sqlite3 shell:
//   session start: SELECT utcEpochNs FROM TARGET_INFO_SESSION_START_TIME  -> 1687813257637297504
//   ranges (eventType 59 / 60; ENUM_NSYS_EVENT_TYPE is absent in this 2022.2 export):
//     SELECT coalesce(e.text, s.value) AS name, e.domainId, count(*), sum(e."end" - e.start)
//     FROM NVTX_EVENTS e LEFT JOIN StringIds s ON s.id = e.textId WHERE e.eventType IN (59, 60)
//     GROUP BY name, e.domainId
//       MPI_Init     domain 1  1 range   645678983 ns
//       MPI_Send     domain 1 10 ranges  136342959 ns
//       MPI_Recv     domain 1  5 ranges  107721088 ns
//       MPI_Finalize domain 1  1 range     6351480 ns
//       saxpy        domain 0  5 ranges     231248 ns   (22 ranges, none with end NULL)
//   domain 1: SELECT text FROM NVTX_EVENTS WHERE eventType = 75 AND domainId = 1  -> "MPI"
//   no two ranges overlap (self-join on a.start < b.end AND b.start < a.end: 0 rows)
//   capture end: max("end") of NVTX_EVENTS 2088944716 (MPI_Finalize), above CUPTI kernels
//     1965496577, memcpy 1985185585 and runtime 2088020847
//   one process: SELECT DISTINCT (globalTid >> 24) & 16777215 FROM NVTX_EVENTS -> 1230493, whose
//     main thread is named "MPI Rank 0" (ThreadNames and an eventType 39 row) -> rank 0;
//     PROCESSES names it "./saxpy-mpi-cuda"; TARGET_INFO_GPU: 1 row, NVIDIA A100-SXM4-40GB.
constexpr int64_t kSaxpyStart = 1687813257637297504;
constexpr int64_t kSaxpyEnd = kSaxpyStart + 2088944716;
constexpr int64_t kMpiInitNs = 645678983;
constexpr int64_t kMpiSendNs = 136342959;
constexpr int64_t kMpiRecvNs = 107721088;
constexpr int64_t kMpiFinalizeNs = 6351480;
constexpr int64_t kSaxpyNs = 231248;

std::string saxpyPath()
{
    const std::string dir = test::sharedDataDir();
    return dir.empty() ? std::string() : dir + "/nsys-sqlite/saxpy-mpi-cuda_nsys_perlmutter0.sqlite";
}

TEST(NsysReader, RealExportWithUserMappingGivesHandDerivedFigures)
{
    const std::string file = saxpyPath();
    if (file.empty()) {
        GTEST_SKIP() << "shared data (../shared/data) is not present";
    }
    auto detected = detectFormat(file);
    ASSERT_TRUE(detected.ok()) << detected.error().message;
    EXPECT_EQ(*detected, TraceFormat::Nsys);

    Store store;
    // The MPI ranges are in domain "MPI", saxpy in the default domain: the source filters only
    // match when domains are decoded.
    const std::string mapping = store.write("saxpy.json", R"({
      "format": "nsys",
      "phases": [
        { "exact": "MPI_Init", "phase": "init.mpi", "source": ["MPI"] },
        { "exact": "MPI_Finalize", "phase": "shutdown", "source": ["MPI"] },
        { "regex": "^MPI_(Send|Recv)$", "phase": "stall.sync", "source": ["MPI"] },
        { "exact": "saxpy", "phase": "train", "source": [""] }
      ]
    })");
    ReaderOptions reader;
    reader.mappingPath = mapping;
    const auto s = store.import(file, withReader(reader));
    EXPECT_EQ(s.format, "nsys");
    EXPECT_EQ(s.jobsDeclared, 1);
    EXPECT_EQ(s.attempts, 1);
    EXPECT_EQ(s.phases, 22);
    EXPECT_EQ(issuesOfKind(s, "unmapped_name"), 0);
    EXPECT_EQ(issuesOfKind(s, "unclosed_range"), 0);
    EXPECT_EQ(issuesOfKind(s, "rank_guessed"), 0) << "rank 0 comes from the thread name \"MPI Rank 0\"";
    EXPECT_EQ(s.sha256.size(), 64u);

    EXPECT_EQ(store.count("SELECT count(*) FROM jobs WHERE job_key = 'saxpy-mpi-cuda_nsys_perlmutter0' AND gpus = 1 "
                          "AND gpus_given = 1 AND name = './saxpy-mpi-cuda'"),
        1);
    EXPECT_EQ(store.count("SELECT count(*) FROM job_attrs WHERE (key = 'source' AND value = 'nsys') OR (key = "
                          "'gpu_model' AND value = 'NVIDIA A100-SXM4-40GB')"),
        2);
    EXPECT_EQ(store.count("SELECT start_ns FROM attempts"), kSaxpyStart);
    EXPECT_EQ(store.count("SELECT end_ns FROM attempts"), kSaxpyEnd);
    EXPECT_EQ(store.count("SELECT count(*) FROM phases WHERE rank = 0"), 22);
    // Per-name counts and totals as derived above.
    EXPECT_EQ(store.count("SELECT count(*) FROM phases WHERE name = 'MPI_Send'"), 10);
    EXPECT_EQ(store.count("SELECT sum(end_ns - start_ns) FROM phases WHERE name = 'MPI_Send'"), kMpiSendNs);
    EXPECT_EQ(store.count("SELECT count(*) FROM phases WHERE name = 'MPI_Recv'"), 5);
    EXPECT_EQ(store.count("SELECT sum(end_ns - start_ns) FROM phases WHERE name = 'MPI_Recv'"), kMpiRecvNs);
    EXPECT_EQ(store.count("SELECT count(*) FROM phases WHERE name = 'saxpy'"), 5);
    EXPECT_EQ(store.count("SELECT sum(end_ns - start_ns) FROM phases WHERE name = 'saxpy'"), kSaxpyNs);
    // The first range, MPI_Init: start 65117824, end 710796807 after the session start.
    EXPECT_EQ(store.count("SELECT start_ns FROM phases WHERE name = 'MPI_Init'"), kSaxpyStart + 65117824);
    EXPECT_EQ(store.count("SELECT end_ns FROM phases WHERE name = 'MPI_Init'"), kSaxpyStart + 710796807);

    // Buckets: no range overlaps another, so each bucket is its ranges' total; the rest is idle.
    const auto jobs = store.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    const auto& b = jobs[0].result.bucketsNs;
    EXPECT_EQ(jobs[0].result.e2eNs(), 2088944716);
    EXPECT_EQ(b[idx(Bucket::Init)], kMpiInitNs);
    EXPECT_EQ(b[idx(Bucket::Stall)], kMpiSendNs + kMpiRecvNs);
    EXPECT_EQ(b[idx(Bucket::Productive)], kSaxpyNs);
    EXPECT_EQ(b[idx(Bucket::Shutdown)], kMpiFinalizeNs);
    EXPECT_EQ(b[idx(Bucket::Idle)], 2088944716 - kMpiInitNs - kMpiSendNs - kMpiRecvNs - kSaxpyNs - kMpiFinalizeNs);
}

TEST(NsysReader, RealExportWithPresetListsUnmappedNamesWithTheirTime)
{
    const std::string file = saxpyPath();
    if (file.empty()) {
        GTEST_SKIP() << "shared data (../shared/data) is not present";
    }
    Store store;
    const auto s = store.import(file);
    // The preset knows MPI_Init (process group init) and MPI_Finalize (teardown) only.
    EXPECT_EQ(s.phases, 2);
    ASSERT_EQ(issuesOfKind(s, "unmapped_name"), 20); // 10 + 5 + 5 ranges
    const auto* send = issue(s, "unmapped_name", "MPI_Send");
    const auto* recv = issue(s, "unmapped_name", "MPI_Recv");
    const auto* saxpy = issue(s, "unmapped_name", "saxpy");
    ASSERT_TRUE(send && recv && saxpy);
    EXPECT_EQ(send->count, 10);
    EXPECT_EQ(send->example, "10 times, " + formatDurationHuman(kMpiSendNs) + " in all");
    EXPECT_EQ(recv->count, 5);
    EXPECT_EQ(recv->example, "5 times, " + formatDurationHuman(kMpiRecvNs) + " in all");
    EXPECT_EQ(saxpy->count, 5);
    EXPECT_EQ(saxpy->example, "5 times, " + formatDurationHuman(kSaxpyNs) + " in all");
    // The issues reach the store (`ettw issues`).
    EXPECT_EQ(store.count("SELECT count FROM import_issues WHERE kind = 'unmapped_name' AND detail = 'MPI_Send'"), 10);

    const auto jobs = store.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    const auto& b = jobs[0].result.bucketsNs;
    EXPECT_EQ(b[idx(Bucket::Init)], kMpiInitNs);
    EXPECT_EQ(b[idx(Bucket::Shutdown)], kMpiFinalizeNs);
    EXPECT_EQ(b[idx(Bucket::Productive)], 0);
    EXPECT_EQ(b[idx(Bucket::Idle)], 2088944716 - kMpiInitNs - kMpiFinalizeNs);

    // The same file again under the same label: its SHA-256 is known, nothing changes.
    const auto again = store.import(file);
    EXPECT_TRUE(again.alreadyImported);
    EXPECT_EQ(again.sha256, s.sha256);
    EXPECT_EQ(store.count("SELECT count(*) FROM datasets"), 1);
}

// --- hand-made exports ----------------------------------------------------------------------------

TEST(NsysReader, PresetMapsCommonTrainingRangeNames)
{
    Store store;
    const std::string path = store.path("train-run.sqlite");
    {
        NsysFile f(path);
        const int64_t t = gtid(4242, 4242);
        const int64_t trainStep = f.string("train_step"); // registered strings, as nvtx.annotate does
        f.domain(7, "NCCL", t);
        f.range(0, 100, "init", t);
        f.range(100, 150, "load_checkpoint", t);
        f.range(150, 250, "torch.compile", t);
        f.rangeId(250, 350, trainStep, t);
        f.range(250, 290, "forward", t);
        f.range(255, 256, "aten::mm, seq = 17", t); // emit_nvtx operator: ignored
        f.range(260, 270, "CheckpointFunction", t); // activation checkpointing: train, not a save
        f.range(290, 330, "backward", t);
        f.range(330, 350, "optimizer.step", t);
        f.range(350, 360, "get_batch", t);
        f.rangeId(360, 460, trainStep, t);
        f.range(400, 420, "ncclAllReduce", t, 7); // NCCL's domain: ignored
        f.range(460, 480, "save_checkpoint", t);
        f.range(480, 500, "eval", t);
        f.range(500, 510, "my_custom_range", t);
        f.exec("INSERT INTO NVTX_EVENTS(start, eventType, text, globalTid) VALUES (520000000, 34, 'done', "
            + std::to_string(t) + ")"); // a mark: no phase, but part of the capture
        f.exec("CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL (start INTEGER, \"end\" INTEGER);"
               "INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL VALUES (525000000, 530000000)");
    }
    const auto s = store.import(path);
    EXPECT_EQ(s.phases, 12); // 15 ranges less aten::mm, ncclAllReduce and my_custom_range
    ASSERT_NE(issue(s, "unmapped_name", "my_custom_range"), nullptr);
    EXPECT_EQ(
        issue(s, "unmapped_name", "my_custom_range")->example, "1 times, " + formatDurationHuman(10 * kMs) + " in all");
    EXPECT_EQ(issuesOfKind(s, "unmapped_name"), 1);
    ASSERT_NE(issue(s, "rank_guessed", "pid 4242 -> rank 0"), nullptr);
    EXPECT_EQ(store.count("SELECT count(*) FROM phases WHERE name = 'train_step'"), 2);
    // No TARGET_INFO_GPU: one GPU per process with ranges.
    EXPECT_EQ(store.count("SELECT gpus FROM jobs WHERE job_key = 'train-run'"), 1);
    EXPECT_EQ(store.count("SELECT start_ns FROM attempts"), kSession);
    EXPECT_EQ(store.count("SELECT end_ns FROM attempts"), kSession + 530 * kMs) << "the last kernel ends the capture";

    // Priorities (spec 5.2): checkpoint_load > init > compile > checkpoint_save > stall > eval > train.
    const auto jobs = store.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    const auto& b = jobs[0].result.bucketsNs;
    EXPECT_EQ(b[idx(Bucket::Init)], 100 * kMs);
    EXPECT_EQ(b[idx(Bucket::CheckpointLoad)], 50 * kMs);
    EXPECT_EQ(b[idx(Bucket::Compile)], 100 * kMs);
    EXPECT_EQ(b[idx(Bucket::Productive)], 200 * kMs) << "CheckpointFunction inside a step is train";
    EXPECT_EQ(b[idx(Bucket::Stall)], 10 * kMs);
    EXPECT_EQ(b[idx(Bucket::CheckpointSave)], 20 * kMs);
    EXPECT_EQ(b[idx(Bucket::Eval)], 20 * kMs);
    EXPECT_EQ(b[idx(Bucket::Idle)], 30 * kMs); // my_custom_range and the tail to the last kernel
}

TEST(NsysReader, EventTypesComeFromTheEnumTableWhenPresent)
{
    Store store;
    const std::string path = store.path("renumbered.sqlite");
    {
        NsysFile f(path);
        // A made-up numbering: if the reader used the historical 59 / 60 / 75, it would take the
        // "59" row for a range and miss the others.
        f.exec("CREATE TABLE ENUM_NSYS_EVENT_TYPE (id INTEGER, name TEXT, label TEXT);"
               "INSERT INTO ENUM_NSYS_EVENT_TYPE VALUES (59, 'SomethingElse', 'x'), (159, 'NvtxPushPopRange', "
               "'push/pop'), (160, 'NvtxStartEndRange', 'start/end'), (175, 'NvtxDomainCreate', 'domain'), (139, "
               "'NvtxThread', 'thread')");
        const int64_t t = gtid(10, 11);
        f.exec("INSERT INTO NVTX_EVENTS(start, eventType, globalTid, textId, domainId) VALUES (0, 175, "
            + std::to_string(t) + ", " + std::to_string(f.string("trainer")) + ", 3)");
        f.threadName("rank 5", t, 139);
        f.range(0, 10, "train_step", t, 3, 159);
        f.range(10, 20, "eval", t, 3, 160);
        f.range(20, 30, "train_step", t, 0, 59); // not a range under this enum
    }
    const std::string mapping = store.write("m.json", R"({"format": "nsys", "phases": [
        { "exact": "train_step", "phase": "train", "source": ["trainer"] },
        { "exact": "eval", "phase": "eval", "source": ["trainer"] } ]})");
    ReaderOptions reader;
    reader.mappingPath = mapping;
    const auto s = store.import(path, withReader(reader));
    EXPECT_EQ(s.phases, 2);
    EXPECT_EQ(issuesOfKind(s, "unmapped_name"), 0);
    EXPECT_EQ(store.count("SELECT count(*) FROM phases WHERE rank = 5"), 2) << "thread named with type 139";
    EXPECT_EQ(store.count("SELECT max(end_ns) FROM phases"), kSession + 20 * kMs);
}

TEST(NsysReader, RanksFromThreadNamesElseAscendingPids)
{
    Store store;
    const std::string path = store.path("three-procs.sqlite");
    {
        NsysFile f(path);
        f.exec("CREATE TABLE ThreadNames (nameId INTEGER, priority INTEGER, globalTid INTEGER)");
        // pid 200: an NVTX thread name; pid 300: an OS thread name (ThreadNames) of another
        // thread than the one with ranges; pid 100: no name.
        f.threadName("MPI Rank 0", gtid(200, 201));
        f.exec("INSERT INTO ThreadNames VALUES (" + std::to_string(f.string("python rank=1")) + ", 0, "
            + std::to_string(gtid(300, 305)) + ")");
        f.range(0, 10, "train_step", gtid(100, 100));
        f.range(0, 10, "train_step", gtid(200, 201));
        f.range(0, 10, "train_step", gtid(300, 300));
        f.exec("CREATE TABLE PROCESSES (globalPid INTEGER, pid INTEGER, name TEXT);"
               "INSERT INTO PROCESSES VALUES (0, 100, 'python'), (0, 200, 'python'), (0, 300, 'python')");
    }
    {
        const auto s = store.import(path, "a");
        EXPECT_EQ(s.phases, 3);
        ASSERT_NE(issue(s, "rank_guessed", "pid 100 -> rank 2"), nullptr) << "ranks 0 and 1 are taken";
        EXPECT_EQ(issuesOfKind(s, "rank_guessed"), 1);
        EXPECT_EQ(store.count("SELECT count(*) FROM phases WHERE rank IN (0, 1, 2)"), 3);
        EXPECT_EQ(store.count("SELECT count(DISTINCT rank) FROM phases"), 3);
        // No TARGET_INFO_GPU: one GPU per process; the program's name is the job's.
        EXPECT_EQ(store.count("SELECT count(*) FROM jobs WHERE gpus = 3 AND name = 'python'"), 1);
    }
    {
        // A pattern of the user's: only "MPI Rank N" (group 1) counts; pids 100 and 300 are numbered.
        const std::string mapping = store.write("m.json", R"({"format": "nsys",
            "phases": [ { "exact": "train_step", "phase": "train" } ],
            "settings": { "rank_pattern": "^MPI Rank ([0-9]+)$", "gpus": "8" } })");
        ReaderOptions reader;
        reader.mappingPath = mapping;
        const auto s = store.import(path, withReader(reader, "b"));
        EXPECT_NE(issue(s, "rank_guessed", "pid 100 -> rank 1"), nullptr);
        EXPECT_NE(issue(s, "rank_guessed", "pid 300 -> rank 2"), nullptr);
        EXPECT_EQ(store.count("SELECT gpus FROM jobs j JOIN labels l ON l.id = j.label_id WHERE l.name = 'b'"), 8);
    }
    {
        // --rank sets every range's rank and nothing is guessed.
        ReaderOptions reader;
        reader.rank = 7;
        const auto s = store.import(path, withReader(reader, "c"));
        EXPECT_EQ(issuesOfKind(s, "rank_guessed"), 0);
        EXPECT_EQ(store.count("SELECT count(*) FROM phases WHERE rank = 7"), 3);
    }
}

TEST(NsysReader, OptionsNameTheJobAndAttempt)
{
    Store store;
    const std::string path = store.path("anything.sqlite");
    {
        NsysFile f(path);
        f.range(5, 25, "train_step", gtid(1, 1));
        f.exec("CREATE TABLE TARGET_INFO_GPU (vmId INTEGER, id INTEGER, name TEXT);"
               "INSERT INTO TARGET_INFO_GPU VALUES (1, 0, 'NVIDIA H100'), (1, 1, 'NVIDIA H100'), (1, 2, 'NVIDIA "
               "H100'), (1, 3, 'NVIDIA H100')");
    }
    ReaderOptions reader;
    reader.job = "llama-70b";
    reader.attempt = 2;
    const auto s = store.import(path, withReader(reader));
    EXPECT_EQ(s.phases, 1);
    EXPECT_EQ(store.count("SELECT count(*) FROM jobs WHERE job_key = 'llama-70b' AND gpus = 4"), 1);
    EXPECT_EQ(store.count("SELECT count(*) FROM job_attrs WHERE key = 'gpu_model' AND value = 'NVIDIA H100'"), 1);
    EXPECT_EQ(store.count("SELECT attempt_no FROM attempts"), 2);
    const auto jobs = store.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].result.bucketsNs[idx(Bucket::Productive)], 20 * kMs);
    EXPECT_EQ(jobs[0].result.e2eNs(), 25 * kMs);
}

TEST(NsysReader, UnendedRangeIsClosedAtTheCaptureEndAndCounted)
{
    Store store;
    const std::string path = store.path("cut.sqlite");
    {
        NsysFile f(path);
        f.range(10, std::nullopt, "train_step", gtid(1, 1));
        f.range(0, 50, "init", gtid(1, 2));
    }
    const auto s = store.import(path);
    const auto* open = issue(s, "unclosed_range", "train_step");
    ASSERT_NE(open, nullptr);
    EXPECT_EQ(open->count, 1);
    EXPECT_NE(open->example.find("never ended"), std::string::npos) << open->example;
    EXPECT_EQ(store.count("SELECT end_ns FROM phases WHERE name = 'train_step'"), kSession + 50 * kMs);
    const auto jobs = store.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].result.bucketsNs[idx(Bucket::Init)], 50 * kMs) << "init outranks train";
    EXPECT_EQ(jobs[0].result.bucketsNs[idx(Bucket::Productive)], 0);
}

TEST(NsysReader, FilesOfTwoRanksMergeIntoOneAttempt)
{
    Store store;
    const std::string rank0 = store.path("run_rank0.sqlite");
    const std::string rank1 = store.path("run_rank1.sqlite");
    {
        NsysFile f(rank0);
        f.threadName("MPI Rank 0", gtid(50, 50));
        f.range(0, 100, "train_step", gtid(50, 50));
    }
    {
        NsysFile f(rank1);
        f.threadName("MPI Rank 1", gtid(60, 60));
        f.range(20, 130, "train_step", gtid(60, 60));
    }
    ReaderOptions reader;
    reader.job = "run";
    store.import(rank0, withReader(reader));
    store.import(rank1, withReader(reader));
    EXPECT_EQ(store.count("SELECT count(*) FROM attempts"), 1);
    EXPECT_EQ(store.count("SELECT start_ns FROM attempts"), kSession);
    EXPECT_EQ(store.count("SELECT end_ns FROM attempts"), kSession + 130 * kMs) << "the union of the two captures";
    EXPECT_EQ(store.count("SELECT count(DISTINCT rank) FROM phases"), 2);
    const auto jobs = store.fleet();
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].result.bucketsNs[idx(Bucket::Productive)], 130 * kMs) << "train is the union over ranks";
}

// --- not an export, bad values ---------------------------------------------------------------------

Result<ImportSummary> importFails(Store& store, const std::string& path, const ReaderOptions& reader = {})
{
    const std::string before = dumpStore(store.db());
    auto r = importTraceFile(store.db(), path, withReader(reader));
    EXPECT_FALSE(r.ok()) << path << " imported";
    EXPECT_EQ(dumpStore(store.db()), before) << "a failed import must leave the store unchanged";
    return r;
}

TEST(NsysReader, SqliteFilesThatAreNotNsightExportsAreRefusedClearly)
{
    Store store;
    // A good file first, so that "unchanged" means something.
    const std::string good = store.path("good.sqlite");
    {
        NsysFile f(good);
        f.range(0, 10, "train_step", gtid(1, 1));
    }
    store.import(good);

    const std::string other = store.path("other.sqlite");
    {
        sqlite3* db = nullptr;
        ASSERT_EQ(sqlite3_open(other.c_str(), &db), SQLITE_OK);
        ASSERT_EQ(sqlite3_exec(db, "CREATE TABLE notes(x TEXT)", nullptr, nullptr, nullptr), SQLITE_OK);
        sqlite3_close(db);
    }
    auto r = importFails(store, other);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find(other + ": a SQLite database but not an Nsight Systems export"), std::string::npos)
        << r.error().message;
    EXPECT_NE(r.error().message.find("NVTX_EVENTS, StringIds and TARGET_INFO_SESSION_START_TIME are missing"),
        std::string::npos)
        << r.error().message;

    const std::string noNvtx = store.path("cuda-only.sqlite");
    {
        NsysFile f(noNvtx);
        f.exec("DROP TABLE NVTX_EVENTS");
    }
    r = importFails(store, noNvtx);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(
        r.error().message.find(noNvtx + ": this Nsight Systems export has no table NVTX_EVENTS"), std::string::npos)
        << r.error().message;

    const std::string noStart = store.path("no-start.sqlite");
    {
        NsysFile f(noStart, false);
        f.range(0, 10, "train_step", gtid(1, 1));
    }
    r = importFails(store, noStart);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find(noStart + ": table TARGET_INFO_SESSION_START_TIME is empty"), std::string::npos)
        << r.error().message;

    // A workbench database given to import.
    const std::string workbench = store.path("other-store.db");
    {
        auto db = Database::open(workbench, Database::OpenMode::CreateIfMissing);
        ASSERT_TRUE(db.ok());
    }
    r = importFails(store, workbench);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find(workbench + ": this is an ETT Workbench database"), std::string::npos)
        << r.error().message;

    // SQLite's magic, then garbage.
    const std::string damaged
        = store.write("damaged.sqlite", std::string("SQLite format 3\0", 16) + std::string(600, 'x'));
    r = importFails(store, damaged);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().message.rfind(damaged + ": ", 0), 0u) << r.error().message;

    // A compressed export read as nsys.
    const std::string gz = store.writeGzip("good.sqlite.gz", std::string("SQLite format 3\0", 16));
    ReaderOptions nsys;
    nsys.format = TraceFormat::Nsys;
    r = importFails(store, gz, nsys);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find(gz + ": a gzip-compressed file"), std::string::npos) << r.error().message;
}

TEST(NsysReader, BadValuesNameTheRowAndTheField)
{
    Store store;
    const std::string good = store.path("good.sqlite");
    {
        NsysFile f(good);
        f.range(0, 10, "train_step", gtid(1, 1));
    }
    store.import(good);

    struct Case
    {
        std::string name;
        std::string sql; // run on a file with one good range (row 1)
        std::string expected; // after "PATH: "
    };
    const std::vector<Case> cases = {
        { "start-text", "INSERT INTO NVTX_EVENTS(start, \"end\", eventType, text) VALUES ('soon', 5, 59, 'x')",
            "NVTX_EVENTS row 2: field 'start': expected an integer (ns since the session start), found text \"soon\"" },
        { "end-before-start", "INSERT INTO NVTX_EVENTS(start, \"end\", eventType, text) VALUES (50, 40, 60, 'x')",
            "NVTX_EVENTS row 2: field 'end': expected >= start (50), found 40" },
        { "end-real", "INSERT INTO NVTX_EVENTS(start, \"end\", eventType, text) VALUES (50, 60.5, 59, 'x')",
            "NVTX_EVENTS row 2: field 'end': expected an integer (ns since the session start) or NULL (a range never "
            "ended), found the real number 60.5" },
        { "dangling-text-id", "INSERT INTO NVTX_EVENTS(start, \"end\", eventType, textId) VALUES (1, 2, 59, 999)",
            "NVTX_EVENTS row 2: field 'textId': expected the id of a row of StringIds, found 999 (no such string)" },
        { "thread-id-text",
            "INSERT INTO NVTX_EVENTS(start, \"end\", eventType, text, globalTid) VALUES (1, 2, 59, "
            "'x', 'main')",
            "NVTX_EVENTS row 2: field 'globalTid': expected an integer (serialized process and thread id), found "
            "text \"main\"" },
        { "session-start-null", "UPDATE TARGET_INFO_SESSION_START_TIME SET utcEpochNs = NULL",
            "TARGET_INFO_SESSION_START_TIME row 1: field 'utcEpochNs': expected an integer >= 0 (ns since the Unix "
            "epoch), found NULL" },
        { "overflow",
            "INSERT INTO NVTX_EVENTS(start, \"end\", eventType, text) VALUES (1, 9223372036854775000, 59, "
            "'x')",
            "NVTX_EVENTS row 2: field 'end': expected a time (ns since the session start) that fits in 64 bits, found "
            "9223372036854775000" },
    };
    for (const auto& c : cases) {
        const std::string path = store.path(c.name + ".sqlite");
        {
            NsysFile f(path);
            f.range(0, 10, "train_step", gtid(1, 1));
            f.exec(c.sql);
        }
        auto r = importFails(store, path);
        ASSERT_FALSE(r.ok()) << c.name;
        EXPECT_EQ(r.error().message, path + ": " + c.expected) << c.name;
    }

    // A bad setting in the user's rules names the rules file.
    const std::string mapping = store.write("bad.json", R"({"format": "nsys", "phases": [],
        "settings": { "gpus": "many" } })");
    ReaderOptions reader;
    reader.mappingPath = mapping;
    const std::string path = store.path("fine.sqlite");
    {
        NsysFile f(path);
        f.range(0, 20, "eval", gtid(1, 1)); // not the content of good.sqlite (that would be a no-op)
    }
    auto r = importFails(store, path, reader);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().message, mapping + ": settings: gpus \"many\": expected an integer >= 1");

    // Rules written for another format.
    const std::string chrome = store.write("chrome.json", R"({"format": "chrome", "phases": []})");
    reader.mappingPath = chrome;
    r = importFails(store, path, reader);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("not for \"nsys\""), std::string::npos) << r.error().message;
}

} // namespace
} // namespace ett::core
