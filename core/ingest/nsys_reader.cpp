// Reader of Nsight Systems SQLite exports (`nsys export --type sqlite`).
//
// Design note. An export is a relational database, not a stream: the reader opens it read-only
// with SQLite, reads the few tables it needs in one pass each and turns NVTX ranges into phases
// through a Mapping (source category = the NVTX domain's name, "" for the default domain).
//   - Times in the export are nanoseconds since the session start; the session's absolute start
//     is TARGET_INFO_SESSION_START_TIME.utcEpochNs. absolute = session start + t.
//   - Event types are read from ENUM_NSYS_EVENT_TYPE when the export has it (newer versions);
//     older exports (schema 2.x) lack it, and the values Nsight has always used apply:
//     NvtxPushPopRange 59, NvtxStartEndRange 60, NVTXT ranges 70 / 71, NvtxThread 39 (a thread
//     named with nvtxNameOsThread), NvtxDomainCreate 75. Marks and categories are not ranges.
//   - globalTid packs the process and thread ids: pid = (globalTid >> 24) & 0xFFFFFF,
//     tid = globalTid & 0xFFFFFF (checked against PROCESSES.globalPid / pid of a real export).
//   - Rank: options.rank; else a rank number found in a thread name of the process (NVTX thread
//     names and ThreadNames, e.g. "MPI Rank 3"; the mapping setting "rank_pattern" is the regex,
//     its first group the number); else processes are numbered 0, 1, ... in ascending pid order
//     (counted as issue "rank_guessed").
//   - Host: TARGET_INFO_SYSTEM_ENV's "Hostname": a `rank` record (spec 7.3) for each rank of the
//     report's phases.
//   - GPUs: the mapping setting "gpus" when given; else the rows of TARGET_INFO_GPU; else the
//     number of processes with NVTX ranges.
//   - The attempt's window (windowFromTrace) runs from the session start to the last timestamp
//     the export holds among NVTX events and CUDA activity (kernels, copies, sets, runtime calls).
//     A range never ended (end NULL) is closed there and counted (issue "unclosed_range").
//   - Ranges the mapping ignores are dropped while reading (operator ranges of emit_nvtx can be
//     most of a table); the others become phases or are counted as unmapped names with their time.
// Record numbers in messages are NVTX_EVENTS rowids ("row 12").
#include "core/ingest/foreign_reader.h"
#include "core/ingest/input_file.h"
#include "core/ingest/readers.h"
#include "core/ingest/regex.h"
#include "core/model/timeutil.h"
#include "core/store/database.h"

#include <sqlite3.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>
#include <vector>

namespace ett::core {

namespace {

constexpr const char* kDefaultRankPattern = "(?:^|[^A-Za-z])[Rr]ank[ _:#=-]*([0-9]+)";

// Tables whose last timestamp bounds the capture (CUDA activity), when the export has them.
constexpr std::array<const char*, 5> kActivityTables = { "CUPTI_ACTIVITY_KIND_KERNEL", "CUPTI_ACTIVITY_KIND_MEMCPY",
    "CUPTI_ACTIVITY_KIND_MEMSET", "CUPTI_ACTIVITY_KIND_RUNTIME", "CUPTI_ACTIVITY_KIND_SYNCHRONIZATION" };

// sqlite3_int64 is long long; int64_t is long on LP64.
int64_t columnInt(sqlite3_stmt* st, int col)
{
    return static_cast<int64_t>(sqlite3_column_int64(st, col));
}

int64_t pidOf(int64_t globalTid)
{
    return (globalTid >> 24) & 0xFFFFFF;
}

// How a column value reads in a message: NULL, 12, 1.5, text "abc", a blob.
std::string describeColumn(sqlite3_stmt* st, int col)
{
    switch (sqlite3_column_type(st, col)) {
    case SQLITE_NULL:
        return "NULL";
    case SQLITE_INTEGER:
        return std::to_string(columnInt(st, col));
    case SQLITE_FLOAT: {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.15g", sqlite3_column_double(st, col));
        return std::string("the real number ") + buf;
    }
    case SQLITE_TEXT: {
        const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(st, col));
        std::string s(p ? p : "", static_cast<size_t>(sqlite3_column_bytes(st, col)));
        if (s.size() > 40) {
            s = s.substr(0, 40) + "...";
        }
        return "text \"" + s + "\"";
    }
    default:
        return "a blob";
    }
}

std::optional<std::string> optionalText(sqlite3_stmt* st, int col)
{
    if (sqlite3_column_type(st, col) == SQLITE_NULL) {
        return std::nullopt;
    }
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(st, col));
    return std::string(p ? p : "", static_cast<size_t>(sqlite3_column_bytes(st, col)));
}

// An NVTX range as read, times relative to the session start.
struct Range
{
    int64_t row = 0;
    int64_t startRel = 0;
    std::optional<int64_t> endRel;
    std::string name;
    std::string domain;
    int64_t pid = 0;
};

class NsysReader final : public ForeignReader
{
public:
    NsysReader(std::unique_ptr<ByteSource> source, const ReaderOptions& options, Mapping mapping)
        : ForeignReader(std::move(source), "nsys")
        , m_options(options)
        , m_mapping(std::move(mapping))
    {
    }
    ~NsysReader() override
    {
        if (m_db) {
            sqlite3_close_v2(m_db);
        }
    }
    NsysReader(const NsysReader&) = delete;
    NsysReader& operator=(const NsysReader&) = delete;

protected:
    Status build() override;

private:
    Status openDatabase();
    Status checkTables();
    Result<Statement> prepare(const std::string& sql);
    bool hasTable(const std::string& name) const { return m_tables.count(name) > 0; }
    Result<std::set<std::string>> columnsOf(const std::string& table);
    Status readSessionStart();
    Status readEventTypes();
    Status readDomains();
    Status readRanges();
    Result<int64_t> captureEnd();
    Status assignRanks();
    Result<int64_t> gpuCount();
    // The target's host name (TARGET_INFO_SYSTEM_ENV "Hostname"); empty when the export has none.
    Result<std::string> hostName();
    std::string jobName();
    Result<int64_t> absolute(int64_t rel, int64_t row, const char* field);

    // "PATH: NVTX_EVENTS row 12: field 'start': expected ..., found ..."
    Error fieldError(const std::string& table, int64_t row, const std::string& field, const std::string& expected,
        const std::string& found) const
    {
        return Error { path() + ": " + table + " row " + std::to_string(row) + ": field '" + field + "': expected "
            + expected + ", found " + found };
    }

    ReaderOptions m_options;
    Mapping m_mapping;
    sqlite3* m_db = nullptr;
    std::set<std::string> m_tables;
    int64_t m_sessionStartNs = 0;
    std::vector<int64_t> m_rangeTypes { 59, 60, 70, 71 };
    int64_t m_threadType = 39;
    int64_t m_domainCreateType = 75;
    std::unordered_map<int64_t, std::string> m_domains; // domainId -> name
    std::vector<Range> m_ranges; // not ignored by the mapping, in start order
    std::set<int64_t> m_pids; // processes with NVTX ranges (ignored ones too)
    std::map<int64_t, int32_t> m_rankOfPid;
};

Result<Statement> NsysReader::prepare(const std::string& sql)
{
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(m_db, sql.c_str(), -1, &st, nullptr) != SQLITE_OK) {
        return Error { path() + ": cannot read the Nsight export: " + sqlite3_errmsg(m_db) };
    }
    return Statement(st, m_db);
}

Status NsysReader::openDatabase()
{
    // 1. Read-only, no mutex (one thread uses this connection), no journal replay. Without a -wal
    //    beside it, immutable: SQLite then takes no lock and writes no -shm or -wal next to the file
    //    (a database in WAL mode opened read-only otherwise leaves both in the user's folder).
    const std::string file = openablePath(path());
    std::error_code ec;
    const bool immutable = !std::filesystem::exists(file + "-wal", ec);
    if (sqlite3_open_v2(immutable ? immutableUri(file).c_str() : file.c_str(), &m_db,
            SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | (immutable ? SQLITE_OPEN_URI : 0), nullptr)
        != SQLITE_OK) {
        const std::string msg = m_db ? sqlite3_errmsg(m_db) : "out of memory";
        return Error { path() + ": cannot open as a SQLite database: " + msg };
    }
    sqlite3_busy_timeout(m_db, 2000);
    auto st = prepare("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')");
    if (!st) {
        return st.error();
    }
    return st->forEachRow([&] { m_tables.insert(st->columnText(0)); });
}

Status NsysReader::checkTables()
{
    static constexpr std::array<const char*, 3> kNeeded
        = { "NVTX_EVENTS", "StringIds", "TARGET_INFO_SESSION_START_TIME" };
    std::vector<std::string> missing;
    for (const char* t : kNeeded) {
        if (!hasTable(t)) {
            missing.emplace_back(t);
        }
    }
    if (missing.empty()) {
        return Status::success();
    }
    std::string list;
    for (size_t i = 0; i < missing.size(); ++i) {
        list += (i == 0 ? "" : i + 1 == missing.size() ? " and " : ", ") + missing[i];
    }
    const bool plural = missing.size() > 1;
    if (hasTable("datasets") && hasTable("phases") && hasTable("labels")) {
        // "format": a folder's walk passes over it, as over any file that is not a trace.
        return Error { path() + ": this is an ETT Workbench database, not a trace to import (open it with --db)",
            "format" };
    }
    if (missing.size() == kNeeded.size()) {
        return Error { path() + ": a SQLite database but not an Nsight Systems export: tables " + list
            + " are missing (make one with `nsys export --type sqlite REPORT.nsys-rep`)" };
    }
    if (missing.size() == 1 && missing[0] == "NVTX_EVENTS") {
        return Error { path()
            + ": this Nsight Systems export has no table NVTX_EVENTS: the report holds no NVTX ranges "
              "(profile with `nsys profile -t nvtx,...` and annotate the phases with NVTX ranges)" };
    }
    return Error { path() + ": an incomplete Nsight Systems export: table" + std::string(plural ? "s " : " ") + list
        + (plural ? " are" : " is") + " missing" };
}

Result<std::set<std::string>> NsysReader::columnsOf(const std::string& table)
{
    auto st = prepare("SELECT name FROM pragma_table_info(?)");
    if (!st) {
        return st.error();
    }
    st->bind(1, table);
    std::set<std::string> cols;
    if (auto s = st->forEachRow([&] { cols.insert(st->columnText(0)); }); !s) {
        return s.error();
    }
    return cols;
}

Status NsysReader::readSessionStart()
{
    auto st = prepare("SELECT rowid, utcEpochNs FROM TARGET_INFO_SESSION_START_TIME ORDER BY rowid LIMIT 1");
    if (!st) {
        return st.error();
    }
    auto row = st->step();
    if (!row) {
        return Error { path() + ": " + row.error().message };
    }
    if (!*row) {
        return Error { path()
            + ": table TARGET_INFO_SESSION_START_TIME is empty: the session's start time is unknown, so NVTX times "
              "(relative to it) cannot be placed" };
    }
    sqlite3_stmt* s = st->handle();
    if (sqlite3_column_type(s, 1) != SQLITE_INTEGER || columnInt(s, 1) < 0) {
        return fieldError("TARGET_INFO_SESSION_START_TIME", columnInt(s, 0), "utcEpochNs",
            "an integer >= 0 (ns since the Unix epoch)", describeColumn(s, 1));
    }
    m_sessionStartNs = columnInt(s, 1);
    return Status::success();
}

Status NsysReader::readEventTypes()
{
    if (!hasTable("ENUM_NSYS_EVENT_TYPE")) {
        return Status::success(); // older exports: the values above
    }
    auto st = prepare("SELECT id, name FROM ENUM_NSYS_EVENT_TYPE");
    if (!st) {
        return st.error();
    }
    std::map<std::string, int64_t> byName;
    if (auto s = st->forEachRow([&] { byName[st->columnText(1)] = st->columnInt64(0); }); !s) {
        return Error { path() + ": table ENUM_NSYS_EVENT_TYPE: " + s.error().message };
    }
    // A name the table lacks keeps its historical value.
    static constexpr std::array<const char*, 4> kRangeNames
        = { "NvtxPushPopRange", "NvtxStartEndRange", "NvtxtPushPopRange", "NvtxtStartEndRange" };
    for (size_t i = 0; i < kRangeNames.size(); ++i) {
        if (auto it = byName.find(kRangeNames[i]); it != byName.end()) {
            m_rangeTypes[i] = it->second;
        }
    }
    if (auto it = byName.find("NvtxThread"); it != byName.end()) {
        m_threadType = it->second;
    }
    if (auto it = byName.find("NvtxDomainCreate"); it != byName.end()) {
        m_domainCreateType = it->second;
    }
    return Status::success();
}

Status NsysReader::readDomains()
{
    auto st = prepare("SELECT e.rowid, e.domainId, coalesce(e.text, s.value) FROM NVTX_EVENTS e LEFT JOIN StringIds s "
                      "ON s.id = e.textId WHERE e.eventType = ?");
    if (!st) {
        return st.error();
    }
    st->bind(1, m_domainCreateType);
    return st->forEachRow([&]() -> Status {
        sqlite3_stmt* s = st->handle();
        if (sqlite3_column_type(s, 1) != SQLITE_INTEGER) {
            return fieldError("NVTX_EVENTS", columnInt(s, 0), "domainId",
                "an integer (the id of the domain this row creates)", describeColumn(s, 1));
        }
        m_domains[columnInt(s, 1)] = optionalText(s, 2).value_or("");
        return Status::success();
    });
}

Result<int64_t> NsysReader::absolute(int64_t rel, int64_t row, const char* field)
{
    int64_t out = 0;
    if (__builtin_add_overflow(m_sessionStartNs, rel, &out)) {
        return fieldError(
            "NVTX_EVENTS", row, field, "a time (ns since the session start) that fits in 64 bits", std::to_string(rel));
    }
    return out;
}

Status NsysReader::readRanges()
{
    auto cols = columnsOf("NVTX_EVENTS");
    if (!cols) {
        return cols.error();
    }
    for (const char* c : { "start", "end", "eventType", "text", "globalTid" }) {
        if (!cols->count(c)) {
            return Error { path() + ": table NVTX_EVENTS has no column '" + c
                + "' (expected the layout of `nsys export --type sqlite`)" };
        }
    }
    const std::string textId = cols->count("textId") ? "e.textId" : "NULL";
    const std::string domainId = cols->count("domainId") ? "e.domainId" : "NULL";
    std::string types;
    for (const int64_t t : m_rangeTypes) {
        types += (types.empty() ? "" : ",") + std::to_string(t);
    }
    auto st = prepare("SELECT e.rowid, e.start, e.\"end\", e.text, " + textId + ", s.value, e.globalTid, " + domainId
        + " FROM NVTX_EVENTS e LEFT JOIN StringIds s ON s.id = " + textId + " WHERE e.eventType IN (" + types
        + ") ORDER BY e.start, e.rowid");
    if (!st) {
        return st.error();
    }
    return st->forEachRow([&]() -> Status {
        sqlite3_stmt* s = st->handle();
        Range r;
        r.row = columnInt(s, 0);
        if (sqlite3_column_type(s, 1) != SQLITE_INTEGER) {
            return fieldError(
                "NVTX_EVENTS", r.row, "start", "an integer (ns since the session start)", describeColumn(s, 1));
        }
        r.startRel = columnInt(s, 1);
        if (sqlite3_column_type(s, 2) == SQLITE_INTEGER) {
            r.endRel = columnInt(s, 2);
            if (*r.endRel < r.startRel) {
                return fieldError("NVTX_EVENTS", r.row, "end", ">= start (" + std::to_string(r.startRel) + ")",
                    std::to_string(*r.endRel));
            }
        } else if (sqlite3_column_type(s, 2) != SQLITE_NULL) {
            return fieldError("NVTX_EVENTS", r.row, "end",
                "an integer (ns since the session start) or NULL (a range never ended)", describeColumn(s, 2));
        }
        // The name: the text of a non-registered string, else the registered string's id.
        if (auto text = optionalText(s, 3)) {
            r.name = std::move(*text);
        } else if (sqlite3_column_type(s, 4) != SQLITE_NULL) {
            auto value = optionalText(s, 5);
            if (!value) {
                return fieldError("NVTX_EVENTS", r.row, "textId", "the id of a row of StringIds",
                    describeColumn(s, 4) + " (no such string)");
            }
            r.name = std::move(*value);
        } else {
            r.name = "(unnamed)";
        }
        if (sqlite3_column_type(s, 6) == SQLITE_INTEGER) {
            r.pid = pidOf(columnInt(s, 6));
        } else if (sqlite3_column_type(s, 6) != SQLITE_NULL) {
            return fieldError("NVTX_EVENTS", r.row, "globalTid", "an integer (serialized process and thread id)",
                describeColumn(s, 6));
        }
        if (sqlite3_column_type(s, 7) == SQLITE_INTEGER) {
            const int64_t domain = columnInt(s, 7);
            if (domain != 0) {
                auto it = m_domains.find(domain);
                r.domain = it != m_domains.end() ? it->second : "domain " + std::to_string(domain);
            }
        } else if (sqlite3_column_type(s, 7) != SQLITE_NULL) {
            return fieldError(
                "NVTX_EVENTS", r.row, "domainId", "an integer (the NVTX domain) or NULL", describeColumn(s, 7));
        }
        // Both ends must be placeable in absolute time (checked here, where the row is known).
        if (auto a = absolute(r.startRel, r.row, "start"); !a) {
            return a.error();
        }
        if (r.endRel) {
            if (auto a = absolute(*r.endRel, r.row, "end"); !a) {
                return a.error();
            }
        }
        m_pids.insert(r.pid);
        // Ranges a rule ignores are dropped now: with emit_nvtx they are most of the table.
        if (m_mapping.map(r.name, r.domain).what != Mapping::Match::What::Ignore) {
            m_ranges.push_back(std::move(r));
        }
        return Status::success();
    });
}

Result<int64_t> NsysReader::captureEnd()
{
    // The last timestamp of any NVTX event (marks too) and of CUDA activity.
    int64_t end = 0;
    auto take = [&](const std::string& table, const std::string& column) -> Status {
        auto st = prepare("SELECT max(\"" + column + "\") FROM " + table);
        if (!st) {
            return st.error();
        }
        auto row = st->step();
        if (!row) {
            return Error { path() + ": table " + table + ": " + row.error().message };
        }
        sqlite3_stmt* s = st->handle();
        if (*row && sqlite3_column_type(s, 0) == SQLITE_INTEGER) {
            end = std::max(end, columnInt(s, 0));
        }
        return Status::success();
    };
    for (const char* c : { "start", "end" }) {
        if (auto st = take("NVTX_EVENTS", c); !st) {
            return st.error();
        }
    }
    for (const char* table : kActivityTables) {
        if (!hasTable(table)) {
            continue;
        }
        auto cols = columnsOf(table);
        if (!cols) {
            return cols.error();
        }
        if (cols->count("end")) {
            if (auto st = take(table, "end"); !st) {
                return st.error();
            }
        }
    }
    return end;
}

Status NsysReader::assignRanks()
{
    const std::set<int64_t>& pids = m_pids;
    if (m_options.rank) {
        for (const int64_t pid : pids) {
            m_rankOfPid[pid] = *m_options.rank;
        }
        return Status::success();
    }
    // 1. A rank number in a name of one of the process's threads.
    std::string pattern = m_mapping.setting("rank_pattern");
    if (pattern.empty()) {
        pattern = kDefaultRankPattern;
    }
    auto compiled = Regex::compile(pattern, m_mapping.origin() + ": settings: rank_pattern");
    if (!compiled) {
        return compiled.error();
    }
    const Regex& re = *compiled;
    if (re.groups() < 1) {
        return Error { m_mapping.origin() + ": settings: rank_pattern \"" + pattern
            + "\" has no group: its first group (...) must capture the rank number" };
    }
    std::vector<std::pair<int64_t, std::string>> threadNames; // (globalTid, name)
    {
        auto st = prepare("SELECT e.globalTid, coalesce(e.text, s.value) FROM NVTX_EVENTS e LEFT JOIN StringIds s ON "
                          "s.id = e.textId WHERE e.eventType = ? AND e.globalTid IS NOT NULL");
        if (!st) {
            return st.error();
        }
        st->bind(1, m_threadType);
        if (auto s = st->forEachRow([&] { threadNames.emplace_back(st->columnInt64(0), st->columnText(1)); }); !s) {
            return Error { path() + ": table NVTX_EVENTS: " + s.error().message };
        }
    }
    if (hasTable("ThreadNames")) {
        auto st = prepare("SELECT t.globalTid, s.value FROM ThreadNames t JOIN StringIds s ON s.id = t.nameId WHERE "
                          "t.globalTid IS NOT NULL");
        if (!st) {
            return st.error();
        }
        if (auto s = st->forEachRow([&] { threadNames.emplace_back(st->columnInt64(0), st->columnText(1)); }); !s) {
            return Error { path() + ": table ThreadNames: " + s.error().message };
        }
    }
    std::map<int64_t, std::set<int32_t>> named; // pid -> ranks its thread names give
    for (const auto& [tid, name] : threadNames) {
        RegexMatch m;
        if (re.search(name, m) && m.matched(1)) {
            const std::string digits = m.str(1);
            if (!digits.empty() && digits.size() <= 9
                && std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; })) {
                named[pidOf(tid)].insert(static_cast<int32_t>(std::stoi(digits)));
            }
        }
    }
    std::set<int32_t> used;
    for (const int64_t pid : pids) {
        auto it = named.find(pid);
        if (it == named.end()) {
            continue;
        }
        const int32_t rank = *it->second.begin();
        if (it->second.size() > 1) {
            m_issues.add(IssueKind::RankAmbiguous, "pid " + std::to_string(pid), 0,
                "thread names of the process give " + std::to_string(it->second.size()) + " ranks; using "
                    + std::to_string(rank));
        }
        m_rankOfPid[pid] = rank;
        used.insert(rank);
    }
    // 2. The others in ascending pid order, skipping ranks already taken.
    int32_t next = 0;
    for (const int64_t pid : pids) {
        if (m_rankOfPid.count(pid)) {
            continue;
        }
        while (used.count(next)) {
            ++next;
        }
        m_rankOfPid[pid] = next;
        used.insert(next);
        m_issues.add(IssueKind::RankGuessed, "pid " + std::to_string(pid) + " -> rank " + std::to_string(next), 0,
            "no thread name of the process carries a rank (setting rank_pattern); processes are numbered in "
            "ascending pid order; pass --rank to set it");
    }
    return Status::success();
}

Result<std::string> NsysReader::hostName()
{
    if (!hasTable("TARGET_INFO_SYSTEM_ENV")) {
        return std::string();
    }
    auto st = prepare("SELECT value FROM TARGET_INFO_SYSTEM_ENV WHERE name = 'Hostname' ORDER BY rowid LIMIT 1");
    if (!st) {
        return st.error();
    }
    std::string host;
    if (auto s = st->forEachRow([&] { host = st->columnText(0); }); !s) {
        return Error { path() + ": table TARGET_INFO_SYSTEM_ENV: " + s.error().message };
    }
    return host;
}

Result<int64_t> NsysReader::gpuCount()
{
    if (const std::string given = m_mapping.setting("gpus"); !given.empty()) {
        const bool digits
            = given.size() <= 9 && std::all_of(given.begin(), given.end(), [](char c) { return c >= '0' && c <= '9'; });
        if (!digits || std::stoll(given) < 1) {
            return Error { m_mapping.origin() + ": settings: gpus \"" + given + "\": expected an integer >= 1" };
        }
        return std::stoll(given);
    }
    if (hasTable("TARGET_INFO_GPU")) {
        auto st = prepare("SELECT count(*) FROM TARGET_INFO_GPU");
        if (!st) {
            return st.error();
        }
        auto row = st->step();
        if (!row) {
            return Error { path() + ": table TARGET_INFO_GPU: " + row.error().message };
        }
        if (*row && st->columnInt64(0) > 0) {
            return st->columnInt64(0);
        }
    }
    return std::max<int64_t>(1, static_cast<int64_t>(m_pids.size()));
}

std::string NsysReader::jobName()
{
    // The program's name when every process with ranges runs the same one ("" otherwise).
    if (!hasTable("PROCESSES") || m_pids.empty()) {
        return {};
    }
    auto st = prepare("SELECT pid, name FROM PROCESSES WHERE pid IS NOT NULL");
    if (!st) {
        return {};
    }
    std::map<int64_t, std::string> names;
    if (!st->forEachRow([&] { names[st->columnInt64(0)] = st->columnText(1); })) {
        return {};
    }
    std::set<std::string> used;
    for (const auto& [pid, rank] : m_rankOfPid) {
        auto it = names.find(pid);
        used.insert(it == names.end() ? std::string() : it->second);
    }
    return used.size() == 1 ? *used.begin() : std::string();
}

Status NsysReader::build()
{
    // 0. Hash the file first (the importer keys datasets by it; it also drives the progress bar):
    //    SQLite reads the file itself, never through the ByteSource.
    if (source().isCompressed()) {
        const std::string name = compressionName(source().compression());
        return Error { path() + ": a " + name
            + "-compressed file; an Nsight Systems export is read as a SQLite database: decompress it first (" + name
            + " -d)" };
    }
    if (auto sha = source().sha256Hex(); !sha) {
        return sha.error();
    }
    // 1. Open, check the tables, read the session start, the event types, the domains and the ranges
    //    (those a rule ignores are dropped as they are read), and give each process its rank.
    for (auto step : { &NsysReader::openDatabase, &NsysReader::checkTables, &NsysReader::readSessionStart,
             &NsysReader::readEventTypes, &NsysReader::readDomains, &NsysReader::readRanges,
             &NsysReader::assignRanks }) {
        if (auto st = (this->*step)(); !st) {
            return st;
        }
    }
    // 2. The capture window: session start (or an earlier event) to the last timestamp.
    auto endRel = captureEnd();
    if (!endRel) {
        return endRel.error();
    }
    int64_t startRel = 0;
    for (const auto& r : m_ranges) {
        startRel = std::min(startRel, r.startRel);
    }
    int64_t windowStart = 0;
    int64_t windowEnd = 0;
    if (__builtin_add_overflow(m_sessionStartNs, startRel, &windowStart)
        || __builtin_add_overflow(m_sessionStartNs, *endRel, &windowEnd)) {
        return Error { path() + ": the capture's last timestamp (" + std::to_string(*endRel)
            + " ns after the session start, among NVTX events and CUDA activity) does not fit in 64 bits" };
    }
    auto gpus = gpuCount();
    if (!gpus) {
        return gpus.error();
    }

    // 3. The job and its attempt.
    JobRecord job;
    job.job = m_options.job.value_or(jobIdFromPath(path()));
    job.name = jobName();
    job.gpus = *gpus;
    if (hasTable("TARGET_INFO_GPU")) {
        auto st = prepare("SELECT DISTINCT name FROM TARGET_INFO_GPU WHERE name IS NOT NULL AND name != '' ORDER BY "
                          "name");
        if (!st) {
            return st.error();
        }
        std::string models;
        if (auto s = st->forEachRow([&] { models += (models.empty() ? "" : ", ") + st->columnText(0); }); !s) {
            return Error { path() + ": table TARGET_INFO_GPU: " + s.error().message };
        }
        if (!models.empty()) {
            job.attrs.emplace_back("gpu_model", models);
        }
    }
    job.attrs.emplace_back("source", "nsys");
    add(job, 0);

    AttemptRecord attempt;
    attempt.job = job.job;
    attempt.attempt = m_options.attempt.value_or(0);
    attempt.startNs = windowStart;
    attempt.endNs = windowEnd;
    attempt.windowFromTrace = true;
    add(attempt, 0);

    // 4. One phase per mapped range; names no rule maps are counted with their time.
    UnmappedNames unmapped;
    std::set<int32_t> ranks;
    for (const auto& r : m_ranges) {
        const int64_t endRelOf = r.endRel.value_or(std::max(*endRel, r.startRel));
        auto start = absolute(r.startRel, r.row, "start");
        auto end = absolute(endRelOf, r.row, "end");
        if (!start || !end) {
            return !start ? start.error() : end.error();
        }
        if (!r.endRel) {
            m_issues.add(IssueKind::UnclosedRange, r.name, r.row,
                "row " + std::to_string(r.row) + " started at " + formatRfc3339(*start)
                    + " and never ended; closed at the end of the capture " + formatRfc3339(*end));
        }
        const auto& match = m_mapping.map(r.name, r.domain);
        if (match.what == Mapping::Match::What::Unmapped) {
            unmapped.add(r.name, *end - *start, r.row);
            continue;
        }
        PhaseRecord p;
        p.job = job.job;
        p.attempt = attempt.attempt;
        p.category = match.category;
        p.subcategory = match.subcategory;
        p.startNs = *start;
        p.endNs = *end;
        p.rank = m_rankOfPid[r.pid];
        p.name = r.name;
        add(p, r.row);
        if (p.rank >= 0) {
            ranks.insert(p.rank);
        }
    }
    unmapped.report(m_issues);
    // 5. The report is of one node: its ranks ran on the target's host (spec 7.3).
    auto host = hostName();
    if (!host) {
        return host.error();
    }
    if (!host->empty()) {
        for (int32_t rank : ranks) {
            add(RankRecord { job.job, attempt.attempt, rank, *host }, 0);
        }
    }
    if (m_db) {
        sqlite3_close_v2(m_db);
        m_db = nullptr;
    }
    return Status::success();
}

} // namespace

Result<std::unique_ptr<RecordSource>> openNsysReader(const std::string& path, const ReaderOptions& options)
{
    auto in = openForeignInput(path, options, "nsys-nvtx", "nsys");
    if (!in) {
        return in.error();
    }
    return std::unique_ptr<RecordSource>(new NsysReader(std::move(in->source), options, std::move(in->mapping)));
}

} // namespace ett::core
