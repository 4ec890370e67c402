// Bad input, table-driven (spec ett-trace-v1 section 1: an import is all-or-nothing per file).
//
// Every case is a small file that breaks one rule. It is imported, under the same label, into a
// database that already holds the worked example; the import must fail with a message naming
// the file, the line and the field, and the database must be exactly as before: every row of
// every table, the schema and the file size.
#include "core/store/database.h"
#include "core/store/fleet.h"
#include "core/store/importer.h"

#include <gtest/gtest.h>
#include <sqlite3.h>
#include <zlib.h>

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace ett::core {
namespace {

namespace fs = std::filesystem;

const std::string kWorkedExample = std::string(ETT_SAMPLES_DIR) + "/worked-example.ett.jsonl";

// ---------------------------------------------------------------------------------------------
// Helpers

fs::path makeTempDir(const std::string& tag)
{
    static std::atomic<int> counter { 0 };
    std::random_device rd;
    fs::path p = fs::temp_directory_path()
        / ("ett-bad-input-" + tag + "-" + std::to_string(rd()) + "-" + std::to_string(counter++));
    fs::create_directories(p);
    return p;
}

void writeFile(const fs::path& path, const std::string& bytes)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// `text` as one gzip member (zlib deflate with the gzip wrapper).
std::string gzipBytes(const std::string& text)
{
    z_stream zs {};
    EXPECT_EQ(deflateInit2(&zs, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY), Z_OK);
    std::string out(deflateBound(&zs, static_cast<uLong>(text.size())), '\0');
    zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
    zs.avail_in = static_cast<uInt>(text.size());
    zs.next_out = reinterpret_cast<Bytef*>(out.data());
    zs.avail_out = static_cast<uInt>(out.size());
    EXPECT_EQ(deflate(&zs, Z_FINISH), Z_STREAM_END);
    out.resize(zs.total_out);
    deflateEnd(&zs);
    return out;
}

// A text rendering of one column value that keeps its SQLite type.
void appendValue(std::string& out, sqlite3_stmt* st, int col)
{
    switch (sqlite3_column_type(st, col)) {
    case SQLITE_NULL:
        out += "NULL";
        break;
    case SQLITE_INTEGER:
        out += "i:" + std::to_string(sqlite3_column_int64(st, col));
        break;
    case SQLITE_FLOAT: {
        char buf[64];
        std::snprintf(buf, sizeof buf, "f:%.17g", sqlite3_column_double(st, col));
        out += buf;
        break;
    }
    case SQLITE_TEXT: {
        const auto* text = sqlite3_column_text(st, col);
        out += "t:'"
            + std::string(reinterpret_cast<const char*>(text), static_cast<size_t>(sqlite3_column_bytes(st, col)))
            + "'";
        break;
    }
    default: {
        static constexpr char kHex[] = "0123456789abcdef";
        const auto* data = static_cast<const unsigned char*>(sqlite3_column_blob(st, col));
        const int n = sqlite3_column_bytes(st, col);
        out += "x:";
        for (int i = 0; i < n; ++i) {
            out += kHex[data[i] >> 4];
            out += kHex[data[i] & 15];
        }
        break;
    }
    }
}

// Every row of every query result, in order.
std::string dumpQuery(sqlite3* db, const std::string& sql)
{
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &st, nullptr) != SQLITE_OK) {
        ADD_FAILURE() << sqlite3_errmsg(db) << " in " << sql;
        return {};
    }
    std::string out;
    while (sqlite3_step(st) == SQLITE_ROW) {
        for (int c = 0; c < sqlite3_column_count(st); ++c) {
            out += c == 0 ? "" : "|";
            appendValue(out, st, c);
        }
        out += "\n";
    }
    sqlite3_finalize(st);
    return out;
}

// The whole content of a database as text: schema, pragmas and every table's rows ordered by
// all of their columns.
std::string dumpDatabase(sqlite3* db)
{
    std::string out = "user_version " + dumpQuery(db, "PRAGMA user_version");
    out += "application_id " + dumpQuery(db, "PRAGMA application_id");
    out += "schema\n" + dumpQuery(db, "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name");
    sqlite3_stmt* st = nullptr;
    sqlite3_prepare_v2(db, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name", -1, &st, nullptr);
    std::vector<std::string> tables;
    while (sqlite3_step(st) == SQLITE_ROW) {
        tables.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(st, 0)));
    }
    sqlite3_finalize(st);
    for (const auto& t : tables) {
        sqlite3_stmt* probe = nullptr;
        const std::string all = "SELECT * FROM \"" + t + "\"";
        sqlite3_prepare_v2(db, all.c_str(), -1, &probe, nullptr);
        const int columns = sqlite3_column_count(probe);
        sqlite3_finalize(probe);
        std::string order;
        for (int c = 1; c <= columns; ++c) {
            order += (c == 1 ? " ORDER BY " : ", ") + std::to_string(c);
        }
        out += "table " + t + "\n" + dumpQuery(db, all + order);
    }
    return out;
}

// ---------------------------------------------------------------------------------------------
// The cases

struct BadCase
{
    std::string name; // a valid test name: letters, digits, underscores
    std::string content; // the file's bytes, or
    std::optional<int64_t> line; // the line the message must name (as "path:line:")
    std::string field; // the field the message must name (as 'field'); empty when none
    // Further substrings the message must hold; "{base}" stands for the worked example's path.
    std::vector<std::string> expected;
    // For the cases of several MiB: the bytes made when the case runs, not when the cases are
    // registered (every process of this test binary registers them, whichever test it runs).
    std::function<std::string()> make = {};

    std::string bytes() const { return make ? make() : content; }
};

void PrintTo(const BadCase& c, std::ostream* os)
{
    *os << c.name;
}

const std::string kHead = R"({"type":"header","format":"ett-trace","version":1,"time_unit":"s"})"
                          "\n";
const std::string kJob2 = R"({"type":"job","job":"J2","gpus":4})"
                          "\n";
const std::string kAttempt2 = R"({"type":"attempt","job":"J2","attempt":0,"start":0,"end":100})"
                              "\n";

std::string line(const std::string& json)
{
    return json + "\n";
}

const std::string kBulkPhase
    = line(R"({"type":"phase","job":"J2","attempt":0,"phase":"train","start":1,"end":99,"name":")"
        + std::string(300, 'n') + "\"}");

// The lines of validBulk(bytes), counted without making it.
int64_t validBulkLines(size_t bytes)
{
    const size_t head = kHead.size() + kJob2.size() + kAttempt2.size();
    const size_t phases = bytes > head ? (bytes - head + kBulkPhase.size() - 1) / kBulkPhase.size() : 0;
    return 3 + static_cast<int64_t>(phases);
}

// A valid file of about `bytes` bytes: header, J2 with one attempt, then padded train phases.
std::string validBulk(size_t bytes)
{
    std::string text = kHead + kJob2 + kAttempt2;
    text.reserve(bytes + kBulkPhase.size());
    while (text.size() < bytes) {
        text += kBulkPhase;
    }
    return text;
}

std::vector<BadCase> badCases()
{
    std::vector<BadCase> c;
    const std::string small = kHead + kJob2 + kAttempt2
        + line(R"({"type":"phase","job":"J2","attempt":0,"phase":"train","start":0,"end":100})");

    // 1. Broken JSON and text.
    c.push_back({ "TruncatedLastLine", kHead + kJob2 + R"({"type":"attempt","job":"J2","attempt":0,"start":0,"en)", 3,
        "", { "JSON" } });
    c.push_back({ "TruncatedLineInTheMiddle",
        kHead + kJob2 + line(R"({"type":"attempt","job":"J2","attempt":0,"sta)") + kAttempt2, 3, "", { "JSON" } });
    c.push_back({ "InvalidUtf8InJobId",
        kHead
            + line("{\"type\":\"job\",\"job\":\"J\xff"
                   "2\",\"gpus\":4}"),
        2, "", { "UTF-8" } });
    c.push_back({ "InvalidUtf8InName",
        kHead + kJob2
            + line("{\"type\":\"phase\",\"job\":\"J2\",\"attempt\":0,\"phase\":\"train\",\"start\":0,"
                   "\"end\":1,\"name\":\"caf\xc3\x28\"}"),
        3, "", { "UTF-8" } });
    c.push_back({ "LineIsNotAnObject", kHead + line("[1,2,3]"), 2, "", { "JSON object" } });
    c.push_back(
        { "TrailingTextAfterObject", kHead + line(R"({"type":"job","job":"J2","gpus":4} x)") + kAttempt2, 2, "", {} });
    c.push_back({ "TwoObjectsOnOneLine", kHead + line(R"({"type":"job","job":"J2","gpus":4}{"type":"job","job":"J3"})"),
        2, "", {} });
    c.push_back({ "RecordWithoutType", kHead + line(R"({"job":"J2","gpus":4})"), 2, "", { "\"type\"" } });
    c.push_back({ "TypeNotAString", kHead + line(R"({"type":7,"job":"J2"})"), 2, "type", { "string" } });

    // 2. Wrong types.
    c.push_back({ "GpusAsString", kHead + line(R"({"type":"job","job":"J2","gpus":"8"})"), 2, "gpus",
        { "an integer >= 1", "\"8\"" } });
    c.push_back(
        { "GpusZero", kHead + line(R"({"type":"job","job":"J2","gpus":0})"), 2, "gpus", { "an integer >= 1" } });
    c.push_back(
        { "AttemptNegative", kHead + kJob2 + line(R"({"type":"attempt","job":"J2","attempt":-1,"start":0,"end":100})"),
            3, "attempt", { "an integer >= 0", "-1" } });
    c.push_back({ "RankFraction",
        small + line(R"({"type":"phase","job":"J2","attempt":0,"phase":"train","start":0,"end":10,"rank":1.5})"), 5,
        "rank", { "an integer >= 0", "1.5" } });
    c.push_back(
        { "AttrValueNotAString", kHead + line(R"({"type":"job","job":"J2","gpus":4,"attrs":{"team":"ads","size":5}})"),
            2, "attrs.size", { "a string" } });
    c.push_back({ "AttrsNotAnObject", kHead + line(R"({"type":"job","job":"J2","gpus":4,"attrs":"team=ads"})"), 2,
        "attrs", { "object" } });
    c.push_back({ "AttrsKeyTwice", kHead + line(R"({"type":"job","job":"J2","gpus":4,"attrs":{"a":"1","a":"2"}})"), 2,
        "attrs", { "twice" } });
    c.push_back({ "StartAsObject",
        small + line(R"({"type":"phase","job":"J2","attempt":0,"phase":"train","start":{"t":1},"end":10})"), 5, "start",
        { "an object" } });
    c.push_back({ "StartNotATimestamp",
        kHead + kJob2 + line(R"({"type":"attempt","job":"J2","attempt":0,"start":"yesterday","end":100})"), 3, "start",
        { "RFC 3339" } });
    c.push_back(
        { "StartTooLarge", kHead + kJob2 + line(R"({"type":"attempt","job":"J2","attempt":0,"start":1e30,"end":100})"),
            3, "start", { "64-bit" } });
    c.push_back({ "JobIdNotAString", kHead + line(R"({"type":"job","job":2,"gpus":4})"), 2, "job", { "string" } });
    c.push_back({ "JobIdEmpty", kHead + line(R"({"type":"job","job":"","gpus":4})"), 2, "job", { "non-empty" } });
    c.push_back(
        { "FailedNotABoolean", small + line(R"({"type":"checkpoint","job":"J2","attempt":0,"start":5,"failed":"yes"})"),
            5, "failed", { "true or false" } });

    // 3. Intervals.
    c.push_back({ "AttemptEndBeforeStart",
        kHead + kJob2 + line(R"({"type":"attempt","job":"J2","attempt":0,"start":100,"end":99})"), 3, "end",
        { ">= start" } });
    c.push_back({ "PhaseEndBeforeStart",
        small + line(R"({"type":"phase","job":"J2","attempt":0,"phase":"init","start":50,"end":40})"), 5, "end",
        { ">= start" } });
    c.push_back({ "InterruptedAtAfterEnd",
        kHead + kJob2
            + line(
                R"({"type":"attempt","job":"J2","attempt":0,"start":0,"end":100,"outcome":"failed","interrupted_at":101})"),
        3, "interrupted_at", { "within the attempt" } });
    c.push_back({ "InterruptedAtBeforeStart",
        kHead + kJob2
            + line(
                R"({"type":"attempt","job":"J2","attempt":0,"start":10,"end":100,"outcome":"preempted","interrupted_at":9})"),
        3, "interrupted_at", { "within the attempt" } });
    c.push_back({ "InterruptedAtOnCompletedAttempt",
        kHead + kJob2
            + line(
                R"({"type":"attempt","job":"J2","attempt":0,"start":0,"end":100,"outcome":"completed","interrupted_at":50})"),
        3, "interrupted_at", { "failed or preempted" } });
    c.push_back({ "InterruptedAtWithDefaultOutcome",
        kHead + kJob2 + line(R"({"type":"attempt","job":"J2","attempt":0,"start":0,"end":100,"interrupted_at":50})"), 3,
        "interrupted_at", { "completed" } });
    c.push_back(
        { "DurableBeforeStart", small + line(R"({"type":"checkpoint","job":"J2","attempt":0,"start":50,"durable":49})"),
            5, "durable", { ">= start" } });
    c.push_back({ "FailedCheckpointWithDurable",
        small + line(R"({"type":"checkpoint","job":"J2","attempt":0,"start":50,"durable":60,"failed":true})"), 5,
        "durable", { "failed" } });
    c.push_back({ "PhaseEntirelyAfterItsAttempt",
        small + line(R"({"type":"phase","job":"J2","attempt":0,"phase":"train","start":200,"end":300})"), 5, "start",
        { "entirely outside" } });
    c.push_back({ "PhaseStartingAtItsAttemptsEnd",
        small + line(R"({"type":"phase","job":"J2","attempt":0,"phase":"train","start":100,"end":101})"), 5, "start",
        { "entirely outside" } });
    c.push_back({ "PhaseEntirelyBeforeStoredAttempt",
        kHead + line(R"({"type":"phase","job":"J1","attempt":1,"phase":"eval","start":0,"end":10})"), 2, "start",
        { "entirely outside", "attempt 1" } });

    // 4. Names and enums.
    c.push_back({ "UnknownCategory",
        small + line(R"({"type":"phase","job":"J2","attempt":0,"phase":"training.loop","start":0,"end":10})"), 5,
        "phase", { "\"training.loop\"", categoryList() } });
    c.push_back({ "EmptySubcategory",
        small + line(R"({"type":"phase","job":"J2","attempt":0,"phase":"train.","start":0,"end":10})"), 5, "phase",
        { "subcategory" } });
    c.push_back({ "BadCauseClass",
        kHead + kJob2
            + line(
                R"({"type":"attempt","job":"J2","attempt":0,"start":0,"end":100,"outcome":"failed","cause":"hardware.gpu"})"),
        3, "cause",
        { "\"hardware.gpu\"", "infra", "preemption", "maintenance", "dependency", "user", "manual", "unknown" } });
    c.push_back({ "BadOutcome",
        kHead + kJob2 + line(R"({"type":"attempt","job":"J2","attempt":0,"start":0,"end":100,"outcome":"crashed"})"), 3,
        "outcome", { "\"crashed\"", "completed", "failed", "preempted", "cancelled", "running" } });
    c.push_back({ "BadSymptom",
        kHead + kJob2
            + line(
                R"({"type":"attempt","job":"J2","attempt":0,"start":0,"end":100,"outcome":"failed","symptom":"slow"})"),
        3, "symptom", { "\"slow\"", "hang" } });

    // 5. Attempts against other attempts, in the file and in the store.
    c.push_back({ "OverlappingAttemptsInFile",
        kHead + kJob2 + kAttempt2 + line(R"({"type":"attempt","job":"J2","attempt":1,"start":50,"end":150})"), 4,
        "start", { "overlap", "attempt 0", "line 3" } });
    c.push_back({ "AttemptOverlappingStoredAttempt",
        kHead + line(R"({"type":"attempt","job":"J1","attempt":2,"start":58000,"end":60000})"), 2, "start",
        { "overlap", "attempt 1", "{base}" } });
    c.push_back({ "AttemptInsideStoredGapStillOverlapsNeighbour",
        kHead + line(R"({"type":"attempt","job":"J1","attempt":5,"start":37545,"end":37846})"), 2, "start",
        { "overlap", "{base}" } });
    c.push_back({ "DuplicateAttemptNumberInFile",
        kHead + kJob2 + kAttempt2 + line(R"({"type":"attempt","job":"J2","attempt":0,"start":0,"end":120})"), 4, "end",
        { "already declared", "line 3" } });
    c.push_back({ "DuplicateAttemptNumberWithOtherStart",
        kHead + kJob2 + kAttempt2 + line(R"({"type":"attempt","job":"J2","attempt":0,"start":5,"end":100})"), 4,
        "start", { "already declared" } });
    c.push_back({ "DuplicateOfStoredAttemptNumber",
        kHead
            + line(
                R"({"type":"attempt","job":"J1","attempt":0,"start":10,"end":37545,"outcome":"failed","interrupted_at":37545,"cause":"infra.gpu"})"),
        2, "start", { "already declared", "{base}" } });
    c.push_back({ "StoredAttemptSeenAgainWithOtherOutcome",
        kHead + line(R"({"type":"attempt","job":"J1","attempt":1,"start":37845,"end":58545,"outcome":"failed"})"), 2,
        "outcome", { "already declared", "{base}" } });
    c.push_back({ "PhaseOfUndeclaredAttempt",
        small + line(R"({"type":"phase","job":"J2","attempt":3,"phase":"train","start":0,"end":10})"), 5, "attempt",
        { "attempt 3", "\"J2\"" } });
    c.push_back({ "PhaseOfUndeclaredAttemptOfStoredJob",
        kHead + line(R"({"type":"phase","job":"J1","attempt":7,"phase":"train","start":0,"end":10})"), 2, "attempt",
        { "attempt 7", "\"J1\"" } });
    c.push_back({ "CheckpointOfUndeclaredAttempt",
        small + line(R"({"type":"checkpoint","job":"J2","attempt":1,"start":5})"), 5, "attempt", { "attempt 1" } });
    c.push_back({ "PhaseOfJobWithoutAnyAttempt",
        kHead + line(R"({"type":"phase","job":"NOPE","attempt":0,"phase":"train","start":0,"end":10})"), 2, "attempt",
        { "\"NOPE\"" } });

    // 5b. Rank records (spec 7.3): like a phase's, their attempt must be declared; one host a rank.
    c.push_back(
        { "RankOfUndeclaredAttempt", small + line(R"({"type":"rank","job":"J2","attempt":2,"rank":0,"host":"node-a"})"),
            5, "attempt", { "rank record", "attempt 2", "\"J2\"" } });
    c.push_back({ "RankOfJobWithoutAnyAttempt",
        kHead + line(R"({"type":"rank","job":"NOPE","attempt":0,"rank":0,"host":"node-a"})"), 2, "attempt",
        { "\"NOPE\"" } });
    c.push_back({ "RankNegative", small + line(R"({"type":"rank","job":"J2","attempt":0,"rank":-1,"host":"node-a"})"),
        5, "rank", { "an integer >= 0", "-1" } });
    c.push_back({ "RankWithoutRank", small + line(R"({"type":"rank","job":"J2","attempt":0,"host":"node-a"})"), 5,
        "rank", { "missing" } });
    c.push_back({ "RankWithoutHost", small + line(R"({"type":"rank","job":"J2","attempt":0,"rank":1})"), 5, "host",
        { "missing" } });
    c.push_back({ "RankHostEmpty", small + line(R"({"type":"rank","job":"J2","attempt":0,"rank":1,"host":""})"), 5,
        "host", { "non-empty" } });
    c.push_back({ "RankHostNotAString", small + line(R"({"type":"rank","job":"J2","attempt":0,"rank":1,"host":7})"), 5,
        "host", { "string" } });
    c.push_back({ "RankOnTwoHosts",
        small + line(R"({"type":"rank","job":"J2","attempt":0,"rank":1,"host":"node-a"})")
            + line(R"({"type":"rank","job":"J2","attempt":0,"rank":1,"host":"node-b"})"),
        6, "host", { "node-a", "node-b" } });

    // 6. Header.
    c.push_back({ "HeaderVersion2",
        line(R"({"type":"header","format":"ett-trace","version":2,"time_unit":"s"})") + kJob2, 1, "version", { "2" } });
    c.push_back({ "HeaderNotFirst", kJob2 + kHead + kAttempt2, 2, "", { "first record" } });
    c.push_back({ "SecondHeader", kHead + kHead + kJob2, 2, "", { "second header" } });
    c.push_back({ "HeaderOtherFormat", line(R"({"type":"header","format":"otel","version":1})") + kJob2, 1, "format",
        { "ett-trace" } });
    c.push_back({ "HeaderWithoutVersion", line(R"({"type":"header","format":"ett-trace"})") + kJob2, 1, "version",
        { "missing" } });
    c.push_back(
        { "HeaderBadTimeUnit", line(R"({"type":"header","format":"ett-trace","version":1,"time_unit":"min"})") + kJob2,
            1, "time_unit", { "s, ms, us, ns" } });

    // 7. Missing required fields.
    c.push_back({ "JobWithoutJob", kHead + line(R"({"type":"job","gpus":4})"), 2, "job", { "missing" } });
    c.push_back({ "AttemptWithoutJob", kHead + line(R"({"type":"attempt","attempt":0,"start":0,"end":100})"), 2, "job",
        { "missing" } });
    c.push_back({ "AttemptWithoutAttempt", kHead + kJob2 + line(R"({"type":"attempt","job":"J2","start":0,"end":100})"),
        3, "attempt", { "missing" } });
    c.push_back({ "AttemptWithoutStart", kHead + kJob2 + line(R"({"type":"attempt","job":"J2","attempt":0,"end":100})"),
        3, "start", { "missing" } });
    c.push_back({ "AttemptWithoutEnd", kHead + kJob2 + line(R"({"type":"attempt","job":"J2","attempt":0,"start":0})"),
        3, "end", { "missing" } });
    c.push_back({ "PhaseWithoutPhase", small + line(R"({"type":"phase","job":"J2","attempt":0,"start":0,"end":10})"), 5,
        "phase", { "missing" } });
    c.push_back(
        { "PhaseWithoutAttempt", small + line(R"({"type":"phase","job":"J2","phase":"train","start":0,"end":10})"), 5,
            "attempt", { "missing" } });
    c.push_back(
        { "PhaseWithoutEnd", small + line(R"({"type":"phase","job":"J2","attempt":0,"phase":"train","start":0})"), 5,
            "end", { "missing" } });
    c.push_back({ "CheckpointWithoutStart", small + line(R"({"type":"checkpoint","job":"J2","attempt":0,"durable":5})"),
        5, "start", { "missing" } });

    // 8. Empty and damaged files.
    c.push_back({ "EmptyFile", "", std::nullopt, "", { "empty" } });
    c.push_back({ "BlankLinesOnly", "\n  \n\r\n\n", std::nullopt, "", { "empty" } });
    c.push_back({ "HeaderOnly", kHead, std::nullopt, "", { "header but no" } });
    {
        const std::string gz = gzipBytes(small);
        c.push_back({ "GzipWithoutTrailer", gz.substr(0, gz.size() - 8), std::nullopt, "", { "gzip", "cut short" } });
        c.push_back({ "GzipCutInHalf", gz.substr(0, gz.size() / 2), std::nullopt, "", { "gzip", "cut short" } });
        c.push_back({ "GzipHeaderOnly", gz.substr(0, 10), std::nullopt, "", { "gzip", "cut short" } });
        std::string damaged = gz;
        damaged[damaged.size() - 6] = static_cast<char>(damaged[damaged.size() - 6] ^ 0x5a); // the CRC / size
        c.push_back({ "GzipWithWrongChecksum", damaged, std::nullopt, "", { "gzip" } });
        // A second member that is cut short, after a complete first one.
        const std::string second = gzipBytes(line(R"({"type":"job","job":"J3","gpus":2})"));
        c.push_back({ "GzipSecondMemberCutShort", gz + second.substr(0, second.size() - 3), std::nullopt, "",
            { "gzip", "cut short" } });
    }
    {
        // More than one 4 MiB chunk and several batches of valid records are stored before the
        // compressed stream turns out to be cut short.
        c.push_back({ "GzipCutShortAfterManyBatches", {}, std::nullopt, "", { "gzip", "cut short" }, [] {
                         const std::string gz = gzipBytes(validBulk(9u << 20));
                         return gz.substr(0, gz.size() - 100);
                     } });
    }
    {
        constexpr size_t kBulk = 6u << 20;
        const int64_t lines = validBulkLines(kBulk);
        c.push_back({ "BadLineAfterManyBatches", {}, lines + 1, "phase", { "warmup" }, [] {
                         return validBulk(kBulk)
                             + line(R"({"type":"phase","job":"J2","attempt":0,"phase":"warmup","start":1,"end":2})");
                     } });
        c.push_back({ "UndeclaredAttemptAfterManyBatches", {}, lines + 1, "attempt", { "attempt 9" }, [] {
                         return validBulk(kBulk)
                             + line(R"({"type":"phase","job":"J2","attempt":9,"phase":"train","start":1,"end":2})");
                     } });
    }

    // 9. Job declarations that disagree, across files (the stored worked example) and in one file.
    c.push_back({ "JobDeclaredDifferentlyInAnotherFile",
        kHead + line(R"({"type":"job","job":"J1","name":"worked example","gpus":16})"), 2, "",
        { "\"J1\"", "{base}", "gpus 16 vs 8", "\"default\"" } });
    c.push_back({ "JobNameDiffersFromAnotherFile", kHead + line(R"({"type":"job","job":"J1","name":"other","gpus":8})"),
        2, "", { "\"J1\"", "{base}", "name" } });
    c.push_back({ "JobAttrsDifferFromAnotherFile",
        kHead + line(R"({"type":"job","job":"J1","name":"worked example","gpus":8,"attrs":{"team":"ads"}})"), 2, "",
        { "{base}", "attrs" } });
    c.push_back(
        { "JobDeclaredDifferentlyInSameFile", kHead + kJob2 + kAttempt2 + line(R"({"type":"job","job":"J2","gpus":8})"),
            4, "", { "\"J2\"", "line 2", "gpus 8 vs 4" } });

    // 10. Times the accounting cannot hold: each end fits in int64 nanoseconds, the length does not
    //     (summary, jobs and series then failed for every label), and times past 2100.
    c.push_back({ "AttemptLongerThanInt64Nanoseconds",
        kHead + kJob2 + line(R"({"type":"attempt","job":"J2","attempt":0,"start":-9e9,"end":9e9})"), 3, "start",
        { "attempt record", "1900-01-01 to 2100-01-01" } });

    // 11. Sizes no trace needs: a huge line would become a huge job id, table cell and report.
    c.push_back(
        { "JobIdOverTheLimit", kHead + line(R"({"type":"job","job":")" + std::string(1025, 'j') + R"(","gpus":4})"), 2,
            "job", { "1025 bytes", "more than the 1024" } });
    c.push_back({ "PhaseNameOverTheLimit",
        small
            + line(R"({"type":"phase","job":"J2","attempt":0,"phase":"train","start":0,"end":100,"name":")"
                + std::string(65537, 'n') + "\"}"),
        5, "name", { "phase record", "65537 bytes" } });
    c.push_back({ "AttributeValueOverTheLimit",
        kHead + line(R"({"type":"job","job":"J2","gpus":4,"attrs":{"team":")" + std::string(70000, 't') + "\"}}"), 2,
        "attrs.team", { "job record", "70000 bytes" } });
    c.push_back({ "LineOverSixteenMiB", {}, 2, "", { "longer than 16 MiB", "not an ETT trace" }, [] {
                     return kHead
                         + line(R"({"type":"job","job":"J2","gpus":4,"name":")" + std::string(17 << 20, 'n') + "\"}");
                 } });
    c.push_back({ "PhaseAfter2100",
        small + line(R"({"type":"phase","job":"J2","attempt":0,"phase":"train","start":0,"end":4200000000})"), 5, "end",
        { "phase record", "2100-01-01" } });
    c.push_back({ "CheckpointDurableAfter2100",
        small + line(R"({"type":"checkpoint","job":"J2","attempt":0,"start":10,"durable":5000000000})"), 5, "durable",
        { "checkpoint record" } });
    c.push_back({ "SubmittedBefore1900", kHead + line(R"({"type":"job","job":"J2","gpus":4,"submitted":-3000000000})"),
        2, "submitted", { "job record" } });
    return c;
}

// ---------------------------------------------------------------------------------------------
// The test

class BadInput : public ::testing::TestWithParam<BadCase>
{
protected:
    // One database holding the worked example, copied for every case.
    static void SetUpTestSuite()
    {
        s_dir = makeTempDir("suite");
        s_template = s_dir / "template.db";
        auto db = Database::open(s_template.string(), Database::OpenMode::CreateIfMissing);
        ASSERT_TRUE(db.ok()) << db.error().message;
        auto sum = importTraceFile(**db, kWorkedExample, ImportOptions {});
        ASSERT_TRUE(sum.ok()) << sum.error().message;
        ASSERT_EQ(sum->records, 16);
    }
    static void TearDownTestSuite()
    {
        std::error_code ec;
        fs::remove_all(s_dir, ec);
    }

    static fs::path s_dir;
    static fs::path s_template;
};

fs::path BadInput::s_dir;
fs::path BadInput::s_template;

TEST_P(BadInput, FailsNamingFileLineAndFieldAndLeavesDatabaseUnchanged)
{
    const BadCase& bad = GetParam();
    const fs::path dbPath = s_dir / (bad.name + ".db");
    const fs::path tracePath = s_dir / (bad.name + ".ett.jsonl");
    fs::copy_file(s_template, dbPath, fs::copy_options::overwrite_existing);
    writeFile(tracePath, bad.bytes());

    auto db = Database::open(dbPath.string(), Database::OpenMode::MustExist);
    ASSERT_TRUE(db.ok()) << db.error().message;
    const std::string before = dumpDatabase((*db)->handle());
    const auto sizeBefore = fs::file_size(dbPath);
    ASSERT_NE(before.find("worked example"), std::string::npos);

    auto result = importTraceFile(**db, tracePath.string(), ImportOptions {});
    ASSERT_FALSE(result.ok()) << bad.name << " was imported";
    const std::string& msg = result.error().message;

    // 1. Where: the file, the line, the field.
    EXPECT_NE(msg.find(tracePath.string()), std::string::npos) << msg;
    if (bad.line) {
        const std::string at = tracePath.string() + ":" + std::to_string(*bad.line) + ":";
        EXPECT_NE(msg.find(at), std::string::npos) << "expected " << at << " in: " << msg;
    }
    if (!bad.field.empty()) {
        const std::string field = "'" + bad.field + "'";
        EXPECT_NE(msg.find(field), std::string::npos) << "expected field " << field << " in: " << msg;
    }
    // 2. What.
    for (std::string expected : bad.expected) {
        if (const auto p = expected.find("{base}"); p != std::string::npos) {
            expected.replace(p, 6, kWorkedExample);
        }
        EXPECT_NE(msg.find(expected), std::string::npos) << "expected \"" << expected << "\" in: " << msg;
    }

    // 3. Nothing of the file was stored, in this connection and on disk.
    EXPECT_EQ(dumpDatabase((*db)->handle()), before);
    db->reset();
    EXPECT_EQ(fs::file_size(dbPath), sizeBefore);
    auto reopened = Database::open(dbPath.string(), Database::OpenMode::MustExist);
    ASSERT_TRUE(reopened.ok()) << reopened.error().message;
    EXPECT_EQ(dumpDatabase((*reopened)->handle()), before);
    reopened->reset();

    std::error_code ec;
    fs::remove(dbPath, ec);
    fs::remove(tracePath, ec);
}

INSTANTIATE_TEST_SUITE_P(Cases, BadInput, ::testing::ValuesIn(badCases()),
    [](const ::testing::TestParamInfo<BadCase>& param) { return param.param.name; });

// A bad file under a label the store has never seen: the label is not created either.
TEST(BadInputNewLabel, LeavesNoLabelBehind)
{
    const fs::path dir = makeTempDir("label");
    const fs::path dbPath = dir / "store.db";
    const fs::path tracePath = dir / "bad.ett.jsonl";
    writeFile(tracePath, kHead + kJob2 + line(R"({"type":"attempt","job":"J2","attempt":0,"start":9,"end":1})"));
    {
        auto db = Database::open(dbPath.string(), Database::OpenMode::CreateIfMissing);
        ASSERT_TRUE(db.ok()) << db.error().message;
        ASSERT_TRUE(importTraceFile(**db, kWorkedExample, ImportOptions {}).ok());
        const std::string before = dumpDatabase((*db)->handle());
        ImportOptions options;
        options.label = "other";
        auto r = importTraceFile(**db, tracePath.string(), options);
        ASSERT_FALSE(r.ok());
        EXPECT_EQ(dumpDatabase((*db)->handle()), before);
        auto labels = listLabels(**db);
        ASSERT_TRUE(labels.ok());
        EXPECT_EQ(*labels, std::vector<std::string> { "default" });
    }
    std::error_code ec;
    fs::remove_all(dir, ec);
}

// A bad file leaves the store usable: the same content fixed imports afterwards.
TEST(BadInputNewLabel, StoreAcceptsCorrectedFileAfterFailure)
{
    const fs::path dir = makeTempDir("fixed");
    const fs::path dbPath = dir / "store.db";
    const fs::path tracePath = dir / "trace.ett.jsonl";
    {
        auto db = Database::open(dbPath.string(), Database::OpenMode::CreateIfMissing);
        ASSERT_TRUE(db.ok()) << db.error().message;
        writeFile(tracePath, kHead + kJob2 + line(R"({"type":"attempt","job":"J2","attempt":0,"start":9,"end":1})"));
        ASSERT_FALSE(importTraceFile(**db, tracePath.string(), ImportOptions {}).ok());
        writeFile(tracePath, kHead + kJob2 + kAttempt2);
        auto r = importTraceFile(**db, tracePath.string(), ImportOptions {});
        ASSERT_TRUE(r.ok()) << r.error().message;
        EXPECT_FALSE(r->alreadyImported);
        EXPECT_EQ(r->attempts, 1);
        auto n = (*db)->queryInt("SELECT count(*) FROM datasets");
        ASSERT_TRUE(n.ok());
        EXPECT_EQ(n->value_or(-1), 1);
    }
    std::error_code ec;
    fs::remove_all(dir, ec);
}

} // namespace
} // namespace ett::core
