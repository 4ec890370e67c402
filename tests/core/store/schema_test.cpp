// Tests of the database document: schema version and application id, refusal of files that are
// not ours or are newer (left byte for byte unchanged), and re-attribution when the accounting
// rules changed.
#include "core/store/database.h"
#include "core/store/fleet.h"
#include "core/store/importer.h"
#include "core/store/schema.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include "tests/core/test_store.h"

namespace ett::core {
namespace {

namespace fs = std::filesystem;

constexpr int64_t kS = 1'000'000'000;
const std::string kWorkedExample = std::string(ETT_SAMPLES_DIR) + "/worked-example.ett.jsonl";

std::string readBytes(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void writeBytes(const std::string& path, const std::string& bytes)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// Runs SQL on a file with the plain SQLite API (no workbench code involved).
void rawExec(const std::string& path, const std::string& sql)
{
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    char* err = nullptr;
    const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &err);
    EXPECT_EQ(rc, SQLITE_OK) << (err ? err : "") << " in " << sql;
    sqlite3_free(err);
    sqlite3_close(db);
}

int64_t rawInt(const std::string& path, const std::string& sql)
{
    sqlite3* db = nullptr;
    EXPECT_EQ(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
    sqlite3_stmt* st = nullptr;
    int64_t v = -1;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &st, nullptr) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW) {
        v = sqlite3_column_int64(st, 0);
    } else {
        ADD_FAILURE() << sqlite3_errmsg(db) << " in " << sql;
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
    return v;
}

// A workbench database holding the worked example, closed again.
void makeWorkedExampleDatabase(const std::string& path)
{
    auto db = Database::open(path, Database::OpenMode::CreateIfMissing);
    ASSERT_TRUE(db.ok()) << db.error().message;
    auto r = importTraceFile(**db, kWorkedExample, ImportOptions {});
    ASSERT_TRUE(r.ok()) << r.error().message;
}

// Opening `path` fails in both modes with a message holding `expected`, and the file keeps every
// byte (and no journal is left beside it).
void expectRefusedUnchanged(const std::string& path, const std::string& expected)
{
    const std::string before = readBytes(path);
    for (const auto mode : { Database::OpenMode::MustExist, Database::OpenMode::CreateIfMissing }) {
        auto db = Database::open(path, mode);
        ASSERT_FALSE(db.ok()) << "opened " << path;
        EXPECT_NE(db.error().message.find(expected), std::string::npos) << db.error().message;
        EXPECT_NE(db.error().message.find(path), std::string::npos) << db.error().message;
    }
    EXPECT_TRUE(readBytes(path) == before) << "the file was changed";
    EXPECT_FALSE(fs::exists(path + "-journal"));
    EXPECT_FALSE(fs::exists(path + "-wal"));
}

TEST(Schema, NewDatabaseHasSchemaVersionAndApplicationId)
{
    test::TempDir dir;
    const std::string path = dir.path("new.db");
    {
        auto db = Database::open(path, Database::OpenMode::CreateIfMissing);
        ASSERT_TRUE(db.ok()) << db.error().message;
        auto version = (*db)->queryInt("PRAGMA user_version");
        ASSERT_TRUE(version.ok());
        EXPECT_EQ(version->value_or(-1), kSchemaVersion);
        auto app = (*db)->queryInt("PRAGMA application_id");
        ASSERT_TRUE(app.ok());
        EXPECT_EQ(app->value_or(-1), kApplicationId);
        auto accounting = (*db)->queryInt("SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'accounting_version'");
        ASSERT_TRUE(accounting.ok());
        EXPECT_EQ(accounting->value_or(-1), kAccountingVersion);
        auto scenarios = (*db)->queryInt("SELECT count(*) FROM sqlite_master WHERE name = 'scenarios'");
        ASSERT_TRUE(scenarios.ok());
        EXPECT_EQ(scenarios->value_or(-1), 1) << "a new database has the tables of every version";
        auto categories = (*db)->queryInt("SELECT count(*) FROM categories");
        ASSERT_TRUE(categories.ok());
        EXPECT_EQ(categories->value_or(-1), kCategoryCount);
    }
    // As another program sees the file.
    EXPECT_EQ(rawInt(path, "PRAGMA user_version"), kSchemaVersion);
    EXPECT_EQ(rawInt(path, "PRAGMA application_id"), kApplicationId);
    EXPECT_EQ(kApplicationId, 0x45545457); // 'ETTW'
}

TEST(Schema, VersionOneMigratesToTheCurrentOneAndKeepsItsData)
{
    // A version 1 database is the current one without the scenarios and attempt_phases tables,
    // its figures derived by accounting rules 1: make one from the worked example, then open it
    // with this build.
    test::TempDir dir;
    const std::string path = dir.path("v1.db");
    makeWorkedExampleDatabase(path);
    rawExec(path,
        "DROP TABLE scenarios; DROP TABLE attempt_phases; DROP TABLE rank_hosts; PRAGMA user_version=1; "
        "UPDATE meta SET value = '1' WHERE key = 'accounting_version';");
    ASSERT_EQ(rawInt(path, "SELECT count(*) FROM sqlite_master WHERE name = 'scenarios'"), 0);
    const int64_t phases = rawInt(path, "SELECT count(*) FROM phases");
    ASSERT_GT(phases, 0);
    {
        auto db = Database::open(path, Database::OpenMode::MustExist);
        ASSERT_TRUE(db.ok()) << db.error().message;
        auto jobs = loadFleet(**db, FleetQuery {});
        ASSERT_TRUE(jobs.ok()) << jobs.error().message;
        ASSERT_EQ(jobs->size(), 1u);
        EXPECT_EQ((*jobs)[0].result.bucketsNs[static_cast<size_t>(Bucket::Productive)], 52800 * kS);
        ASSERT_TRUE((*db)->exec("INSERT INTO scenarios VALUES('s', '{}', 'now')").ok());
    }
    EXPECT_EQ(rawInt(path, "PRAGMA user_version"), kSchemaVersion);
    EXPECT_EQ(rawInt(path, "SELECT count(*) FROM scenarios"), 1);
    EXPECT_EQ(rawInt(path, "SELECT count(*) FROM phases"), phases);
    EXPECT_EQ(rawInt(path, "SELECT count(*) FROM attempts"), 2);
    // The derived figures were recomputed with the phase samples of every attempt.
    EXPECT_EQ(rawInt(path, "SELECT count(*) FROM attempt_phases"), 2);
    EXPECT_EQ(
        rawInt(path, "SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'accounting_version'"), kAccountingVersion);
}

TEST(Schema, VersionTwoIsUpgradedOnlyByAWriterAndGetsItsPhaseSamples)
{
    // A version 2 database: no attempt_phases, figures by accounting rules 1.
    test::TempDir dir;
    const std::string path = dir.path("v2.db");
    makeWorkedExampleDatabase(path);
    const int64_t samples = rawInt(path, "SELECT sum(length(samples)) FROM attempt_phases");
    ASSERT_GT(samples, 0);
    rawExec(path,
        "DROP TABLE attempt_phases; DROP TABLE rank_hosts; PRAGMA user_version=2; "
        "UPDATE meta SET value = '1' WHERE key = 'accounting_version';");
    // A query refuses it and leaves it as it is.
    {
        auto db = Database::open(path, Database::OpenMode::ReadOnly);
        ASSERT_FALSE(db.ok());
        EXPECT_NE(db.error().message.find("ettw upgrade"), std::string::npos) << db.error().message;
    }
    EXPECT_EQ(rawInt(path, "PRAGMA user_version"), 2);
    // A writer migrates it and recomputes the samples, byte for byte those of a new import.
    {
        auto db = Database::open(path, Database::OpenMode::MustExist);
        ASSERT_TRUE(db.ok()) << db.error().message;
    }
    EXPECT_EQ(rawInt(path, "PRAGMA user_version"), kSchemaVersion);
    EXPECT_EQ(rawInt(path, "SELECT sum(length(samples)) FROM attempt_phases"), samples);
    auto db = Database::open(path, Database::OpenMode::ReadOnly);
    EXPECT_TRUE(db.ok()) << db.error().message;
}

TEST(Schema, VersionThreeMigratesToTheCurrentOneWithAnEmptyRankHostsTable)
{
    // A version 3 database is the current one without rank_hosts.
    test::TempDir dir;
    const std::string path = dir.path("v3.db");
    makeWorkedExampleDatabase(path);
    rawExec(path, "DROP TABLE rank_hosts; PRAGMA user_version=3;");
    ASSERT_EQ(rawInt(path, "SELECT count(*) FROM sqlite_master WHERE name = 'rank_hosts'"), 0);
    // A query refuses it and leaves it as it is.
    {
        auto db = Database::open(path, Database::OpenMode::ReadOnly);
        ASSERT_FALSE(db.ok());
        EXPECT_NE(db.error().message.find("ettw upgrade"), std::string::npos) << db.error().message;
    }
    EXPECT_EQ(rawInt(path, "PRAGMA user_version"), 3);
    {
        auto db = Database::open(path, Database::OpenMode::MustExist);
        ASSERT_TRUE(db.ok()) << db.error().message;
        auto jobs = loadFleet(**db, FleetQuery {});
        ASSERT_TRUE(jobs.ok()) << jobs.error().message;
        ASSERT_EQ(jobs->size(), 1u);
        EXPECT_EQ((*jobs)[0].result.bucketsNs[static_cast<size_t>(Bucket::Productive)], 52800 * kS);
        ASSERT_TRUE((*db)->exec("INSERT INTO rank_hosts VALUES(1, 0, 'node-a')").ok());
    }
    EXPECT_EQ(rawInt(path, "PRAGMA user_version"), kSchemaVersion);
    EXPECT_EQ(rawInt(path, "SELECT count(*) FROM rank_hosts"), 1);
    EXPECT_EQ(rawInt(path, "SELECT count(*) FROM attempts"), 2);
    // One host per (attempt, rank).
    sqlite3* raw = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &raw), SQLITE_OK);
    EXPECT_NE(sqlite3_exec(raw, "INSERT INTO rank_hosts VALUES(1, 0, 'node-b')", nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(raw);
}

TEST(Schema, VersionFiveMigratesWithTheOptionsOfItsFilesNotKnown)
{
    // A version 5 database is the current one without datasets.reader_options.
    test::TempDir dir;
    const std::string path = dir.path("v5.db");
    makeWorkedExampleDatabase(path);
    rawExec(path, "ALTER TABLE datasets DROP COLUMN reader_options; PRAGMA user_version=5;");
    {
        auto db = Database::open(path, Database::OpenMode::ReadOnly);
        ASSERT_FALSE(db.ok());
        EXPECT_NE(db.error().message.find("ettw upgrade"), std::string::npos) << db.error().message;
    }
    {
        auto db = Database::open(path, Database::OpenMode::MustExist);
        ASSERT_TRUE(db.ok()) << db.error().message;
        // The file imported before: its options are not known.
        auto before = listDatasets(**db);
        ASSERT_TRUE(before.ok()) << before.error().message;
        ASSERT_EQ(before->size(), 1u);
        EXPECT_EQ((*before)[0].readerOptions, "");
        // One imported now keeps them.
        ImportOptions o;
        o.label = "other";
        o.reader.timezone = "+02:00";
        o.reader.mappingPath = "rules.json";
        auto r = importTraceFile(**db, kWorkedExample, o);
        ASSERT_TRUE(r.ok()) << r.error().message;
        auto after = listDatasets(**db);
        ASSERT_TRUE(after.ok());
        ASSERT_EQ(after->size(), 2u);
        const std::string absolute = (fs::current_path() / "rules.json").string();
        EXPECT_EQ((*after)[1].readerOptions, R"({"mapping":")" + absolute + R"(","timezone":"+02:00"})");
    }
    EXPECT_EQ(rawInt(path, "PRAGMA user_version"), kSchemaVersion);
    EXPECT_EQ(rawInt(path, "SELECT count(*) FROM attempts"), 4);
}

TEST(Schema, FailedMigrationChangesNothing)
{
    // A version 1 file that somehow has a table named scenarios already: the migration fails in
    // its transaction, the file stays at version 1 with its data, and the error says why.
    test::TempDir dir;
    const std::string path = dir.path("v1-clash.db");
    makeWorkedExampleDatabase(path);
    rawExec(path,
        "DROP TABLE scenarios; DROP TABLE attempt_phases; DROP TABLE rank_hosts; CREATE TABLE scenarios(x); PRAGMA "
        "user_version=1;");
    auto db = Database::open(path, Database::OpenMode::MustExist);
    ASSERT_FALSE(db.ok());
    EXPECT_NE(db.error().message.find("scenarios"), std::string::npos) << db.error().message;
    EXPECT_EQ(rawInt(path, "PRAGMA user_version"), 1);
    EXPECT_EQ(rawInt(path, "SELECT count(*) FROM attempts"), 2);
}

TEST(Schema, ReopeningKeepsContentAndVersion)
{
    test::TempDir dir;
    const std::string path = dir.path("again.db");
    makeWorkedExampleDatabase(path);
    auto db = Database::open(path, Database::OpenMode::MustExist);
    ASSERT_TRUE(db.ok()) << db.error().message;
    auto jobs = loadFleet(**db, FleetQuery {});
    ASSERT_TRUE(jobs.ok());
    ASSERT_EQ(jobs->size(), 1u);
    EXPECT_EQ((*jobs)[0].result.bucketsNs[static_cast<size_t>(Bucket::Productive)], 52800 * kS);
    EXPECT_EQ(rawInt(path, "PRAGMA user_version"), kSchemaVersion);
}

TEST(Schema, RefusesNewerSchemaAndLeavesFileUnchanged)
{
    test::TempDir dir;
    const std::string path = dir.path("newer.db");
    makeWorkedExampleDatabase(path);
    rawExec(path, "PRAGMA user_version=" + std::to_string(kSchemaVersion + 1));
    ASSERT_EQ(rawInt(path, "PRAGMA user_version"), kSchemaVersion + 1);
    expectRefusedUnchanged(path, "newer");
    EXPECT_EQ(rawInt(path, "PRAGMA user_version"), kSchemaVersion + 1);
}

TEST(Schema, RefusesANegativeSchemaVersionAndLeavesFileUnchanged)
{
    test::TempDir dir;
    const std::string path = dir.path("negative.db");
    makeWorkedExampleDatabase(path);
    rawExec(path, "PRAGMA user_version=-3");
    expectRefusedUnchanged(path, "invalid schema version (-3)");
    EXPECT_EQ(rawInt(path, "PRAGMA user_version"), -3);
}

TEST(Schema, RefusesNewerSchemaEvenWithStaleAccountingVersion)
{
    // A newer file must be refused before anything (re-attribution included) writes to it.
    test::TempDir dir;
    const std::string path = dir.path("newer-stale.db");
    makeWorkedExampleDatabase(path);
    rawExec(path,
        "UPDATE meta SET value = '0' WHERE key = 'accounting_version'; PRAGMA user_version="
            + std::to_string(kSchemaVersion + 7));
    expectRefusedUnchanged(path, "newer");
}

TEST(Schema, RefusesSqliteFileOfAnotherApplication)
{
    test::TempDir dir;
    const std::string path = dir.path("other.db");
    rawExec(path,
        "PRAGMA application_id=1234; CREATE TABLE notes(id INTEGER PRIMARY KEY, body TEXT);"
        "INSERT INTO notes(body) VALUES('hello');");
    expectRefusedUnchanged(path, "not an ETT Workbench database");
    EXPECT_EQ(rawInt(path, "SELECT count(*) FROM notes"), 1);
}

TEST(Schema, RefusesPlainSqliteFileWithTablesButNoApplicationId)
{
    test::TempDir dir;
    const std::string path = dir.path("plain.db");
    rawExec(path, "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT); INSERT INTO meta VALUES('a', 'b');");
    expectRefusedUnchanged(path, "not an ETT Workbench database");
}

TEST(Schema, RefusesOtherApplicationWithOurSchemaVersionNumber)
{
    // user_version 1 alone does not make a file ours.
    test::TempDir dir;
    const std::string path = dir.path("other-v1.db");
    rawExec(path, "PRAGMA application_id=42; PRAGMA user_version=1; CREATE TABLE t(x);");
    expectRefusedUnchanged(path, "not an ETT Workbench database");
}

TEST(Schema, RefusesFileThatIsNotADatabase)
{
    test::TempDir dir;
    const std::string path = dir.path("notes.txt");
    std::string text;
    std::mt19937 rng(7);
    for (int i = 0; i < 8192; ++i) {
        text += static_cast<char>('a' + static_cast<int>(rng() % 26));
        if (i % 64 == 63) {
            text += '\n';
        }
    }
    writeBytes(path, text);
    const std::string before = readBytes(path);
    for (const auto mode : { Database::OpenMode::MustExist, Database::OpenMode::CreateIfMissing }) {
        auto db = Database::open(path, mode);
        ASSERT_FALSE(db.ok());
        EXPECT_NE(db.error().message.find(path), std::string::npos) << db.error().message;
        EXPECT_NE(db.error().message.find("not a database"), std::string::npos) << db.error().message;
    }
    EXPECT_TRUE(readBytes(path) == before);
    EXPECT_FALSE(fs::exists(path + "-journal"));
}

TEST(Schema, RefusesTraceFileGivenAsDatabase)
{
    test::TempDir dir;
    const std::string path = dir.path("copy.ett.jsonl");
    writeBytes(path, readBytes(kWorkedExample));
    const std::string before = readBytes(path);
    auto db = Database::open(path, Database::OpenMode::CreateIfMissing);
    ASSERT_FALSE(db.ok());
    EXPECT_TRUE(readBytes(path) == before);
}

TEST(Schema, MustExistOnMissingPathFailsWithoutCreatingFile)
{
    test::TempDir dir;
    const std::string path = dir.path("missing.db");
    auto db = Database::open(path, Database::OpenMode::MustExist);
    ASSERT_FALSE(db.ok());
    EXPECT_NE(db.error().message.find(path), std::string::npos) << db.error().message;
    EXPECT_NE(db.error().message.find("no such database"), std::string::npos) << db.error().message;
    EXPECT_FALSE(fs::exists(path));
    EXPECT_FALSE(fs::exists(path + "-journal"));
}

TEST(Schema, CreateIfMissingInMissingDirectoryFailsNamingPath)
{
    test::TempDir dir;
    const std::string path = dir.path("no-such-dir/new.db");
    auto db = Database::open(path, Database::OpenMode::CreateIfMissing);
    ASSERT_FALSE(db.ok());
    EXPECT_NE(db.error().message.find(path), std::string::npos) << db.error().message;
}

TEST(Schema, ChangedAccountingVersionReattributesEveryJobOnOpen)
{
    test::TempDir dir;
    const std::string path = dir.path("stale.db");
    makeWorkedExampleDatabase(path);
    // Pretend the derived tables were written by other rules: corrupt them and mark them stale.
    rawExec(path,
        "UPDATE job_derived SET b_productive = 1, e2e_ns = 2, tts_ns = 3; "
        "UPDATE attempt_derived SET b_productive = 4, ttr_ns = NULL, segments = x'00'; "
        "UPDATE meta SET value = '0' WHERE key = 'accounting_version';");
    ASSERT_EQ(rawInt(path, "SELECT b_productive FROM job_derived"), 1);

    {
        auto db = Database::open(path, Database::OpenMode::MustExist);
        ASSERT_TRUE(db.ok()) << db.error().message;
        FleetQuery q;
        q.withSegments = true;
        auto jobs = loadFleet(**db, q);
        ASSERT_TRUE(jobs.ok()) << jobs.error().message;
        ASSERT_EQ(jobs->size(), 1u);
        const JobResult& r = (*jobs)[0].result;
        EXPECT_EQ(r.bucketsNs[static_cast<size_t>(Bucket::Productive)], 52800 * kS);
        EXPECT_EQ(r.e2eNs(), 58545 * kS);
        EXPECT_EQ(r.ttsNs, 1500 * kS);
        ASSERT_EQ(r.attempts.size(), 2u);
        EXPECT_EQ(r.attempts[0].ttrNs, 1200 * kS);
        EXPECT_EQ(r.attempts[0].bucketsNs[static_cast<size_t>(Bucket::Productive)], (36000 - 1200) * kS);
        EXPECT_FALSE(r.attempts[0].segments.empty());
    }
    EXPECT_EQ(rawInt(path, "SELECT b_productive FROM job_derived"), 52800 * kS);
    EXPECT_EQ(
        rawInt(path, "SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'accounting_version'"), kAccountingVersion);
}

TEST(Schema, MissingAccountingVersionAlsoReattributes)
{
    test::TempDir dir;
    const std::string path = dir.path("no-version.db");
    makeWorkedExampleDatabase(path);
    rawExec(path, "UPDATE job_derived SET b_lost_progress = 0; DELETE FROM meta WHERE key = 'accounting_version';");
    {
        auto db = Database::open(path, Database::OpenMode::MustExist);
        ASSERT_TRUE(db.ok()) << db.error().message;
    }
    EXPECT_EQ(rawInt(path, "SELECT b_lost_progress FROM job_derived"), 1200 * kS);
    EXPECT_EQ(
        rawInt(path, "SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'accounting_version'"), kAccountingVersion);
}

TEST(Schema, CurrentAccountingVersionLeavesDerivedTablesAlone)
{
    // Derived rows are a cache: with the current version they are trusted as they are (this is
    // how the test above knows that the re-attribution came from the version check).
    test::TempDir dir;
    const std::string path = dir.path("current.db");
    makeWorkedExampleDatabase(path);
    rawExec(path, "UPDATE job_derived SET b_idle = 7");
    {
        auto db = Database::open(path, Database::OpenMode::MustExist);
        ASSERT_TRUE(db.ok()) << db.error().message;
    }
    EXPECT_EQ(rawInt(path, "SELECT b_idle FROM job_derived"), 7);
}

} // namespace
} // namespace ett::core
