// Reader of job tables: CSV files with one row per job (or per attempt), as
// cluster schedulers export them and public traces (Philly, Helios) publish them. The mapping's
// settings say which column is what; each row becomes a job (declared at its first row), one
// attempt and one phase covering the attempt, named by settings "phase_name" (default "run") or
// the value of "phase_column", and mapped by the rules (the presets map "run" to train).
//
// Job-level data has no phases, so the whole run counts as one category and ETT% is an upper
// bound: every import says so with an issue of kind "coarse" (count = jobs).
//
// Settings (strings unless said; "" or absent = not used):
//   job_column (required), job_prefix        the job id = prefix + cell
//   attempt_column                           else rows of one job are attempts 0, 1, ... in order
//   submit_column, start_column, end_column  times: RFC 3339, or numbers of time_unit since epoch
//   interval_column                          submission = previous row's submission + interval
//   duration_column                          end = start + duration (when no end_column)
//   time_unit ("s", "ms", "us", "ns"; default "s")
//   epoch (RFC 3339)                         origin of numeric times; without it they are Unix
//                                            times, except relative ones (interval), which then
//                                            start at 1970-01-01 (warned)
//   status_column, outcomes {"value": "completed|failed|preempted|cancelled|running"},
//   causes {"value": "dotted.cause"}         a status no outcome names is an error
//   detail_column                            attempt detail; fault rules set the cause from it
//   gpus_column                              integer >= 0; rows with 0 GPUs (CPU jobs) are skipped
//   attrs {"column": "attribute"}, source    job attributes ("source" defaults to "table")
//   delimiter (one character, default ",")
// Without a start column an attempt starts at its submission (queue time unknown, taken as 0;
// counted as an issue). Numeric times with an epoch, or any interval column, are relative: they
// are placed after the epoch and counted as an issue (the dates are nominal).
//
// The CSV parser follows RFC 4180: quoted fields with "" escapes, delimiters and line breaks
// inside quotes, LF or CRLF line ends, an optional UTF-8 byte order mark. Errors name the file,
// the line where the row starts and the column.
#include "core/ingest/foreign_reader.h"
#include "core/ingest/key_counts.h"
#include "core/ingest/readers.h"
#include "core/ingest/text_input.h"
#include "core/model/names_text.h"
#include "core/model/timeutil.h"

#include <simdjson.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <limits>
#include <map>
#include <memory>
#include <vector>

namespace ett::core {

namespace {

namespace dom = simdjson::dom;

std::string lower(std::string_view s)
{
    std::string out(s);
    std::transform(
        out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

// RFC 4180 records, read line by line from the file (a quoted field may span lines). Not
// thread-safe; one pass.
class CsvCursor
{
public:
    explicit CsvCursor(TextInput& in, char delimiter)
        : m_in(in)
        , m_delimiter(delimiter)
    {
    }

    // The next non-blank record into `fields`; false at the end. `line` is where it starts.
    Result<bool> next(std::vector<std::string>& fields, int64_t& line)
    {
        for (;;) {
            auto more = nextLine();
            if (!more) {
                return more.error();
            }
            if (!*more) {
                return false;
            }
            line = m_in.line();
            fields.clear();
            fields.emplace_back();
            bool quoted = false; // inside quotes
            bool wasQuoted = false; // this field was quoted (only the delimiter or a line end may follow)
            size_t recordBytes = 0;
            for (;;) {
                if (m_pos >= m_line.size()) {
                    if (!quoted) {
                        break;
                    }
                    // A quoted field goes on on the next line.
                    recordBytes += m_line.size() + 1;
                    more = nextLine();
                    if (!more) {
                        return more.error();
                    }
                    if (!*more) {
                        return Error { path() + ":" + std::to_string(line) + ": field " + std::to_string(fields.size())
                            + ": a quoted field is not closed before the end of the file" };
                    }
                    if (recordBytes + m_line.size() > kMaxLineBytes) {
                        return Error { lineTooLongMessage(path(), line, "a CSV table")
                            + "; a quoted field opened here is "
                              "never closed?" };
                    }
                    fields.back() += '\n';
                    continue;
                }
                const char c = m_line[m_pos++];
                if (quoted) {
                    if (c == '"') {
                        if (m_pos < m_line.size() && m_line[m_pos] == '"') {
                            fields.back() += '"';
                            ++m_pos;
                        } else {
                            quoted = false;
                        }
                    } else {
                        fields.back() += c;
                    }
                    continue;
                }
                if (c == m_delimiter) {
                    fields.emplace_back();
                    wasQuoted = false;
                } else if (c == '\r' && m_pos == m_line.size()) {
                    // CRLF (or a lone CR at the very end)
                } else if (wasQuoted) {
                    return Error { path() + ":" + std::to_string(m_in.line()) + ": field "
                        + std::to_string(fields.size()) + ": unexpected character '"
                        + printableText(std::string_view(&c, 1))
                        + "' after a closing quote (expected the delimiter or a line end)" };
                } else if (c == '"' && trimBlanks(fields.back()).empty()) {
                    fields.back().clear();
                    quoted = true;
                    wasQuoted = true;
                } else {
                    fields.back() += c;
                }
            }
            if (fields.size() == 1 && trimBlanks(fields[0]).empty() && !wasQuoted) {
                continue; // a blank line
            }
            return true;
        }
    }

private:
    const std::string& path() const { return m_in.path(); }
    // The next line into m_line (a UTF-8 byte order mark dropped from the first); false at the end.
    Result<bool> nextLine()
    {
        auto next = m_in.nextLine();
        if (!next) {
            return next.error();
        }
        if (!*next) {
            return false;
        }
        m_line = **next;
        m_pos = 0;
        if (m_in.line() == 1 && m_line.starts_with("\xEF\xBB\xBF")) {
            m_line.remove_prefix(3);
        }
        return true;
    }

    TextInput& m_in;
    char m_delimiter;
    std::string_view m_line;
    size_t m_pos = 0;
};

// A settings object of string -> string ({"Pass": "completed"}); Error naming the setting.
Result<std::vector<std::pair<std::string, std::string>>> stringMap(
    const Mapping& mapping, const std::string& key, const std::string& expected)
{
    std::vector<std::pair<std::string, std::string>> out;
    const std::string text = mapping.setting(key);
    if (text.empty()) {
        return out;
    }
    dom::parser parser;
    dom::element root;
    dom::object obj;
    const std::string where = mapping.origin() + ": settings: " + key + ": ";
    if (parser.parse(text.data(), text.size(), true).get(root) || root.get_object().get(obj)) {
        return Error { where + "expected an object of " + expected };
    }
    for (auto [k, v] : obj) {
        std::string_view s;
        if (v.get_string().get(s)) {
            return Error { where + quoteCell(k) + ": expected a string (" + expected + ")" };
        }
        out.emplace_back(std::string(k), std::string(s));
    }
    return out;
}

class TableReader final : public ForeignReader
{
public:
    TableReader(std::unique_ptr<ByteSource> source, Mapping mapping, ReaderOptions options)
        : ForeignReader(std::move(source), "table")
        , m_mapping(std::move(mapping))
        , m_options(std::move(options))
    {
    }

private:
    struct StatusRule
    {
        Outcome outcome = Outcome::Completed;
        std::string cause;
    };

    // A column the settings name: its index in the header, or -1 when not used.
    struct Column
    {
        std::string setting;
        std::string name;
        int index = -1;
        bool used() const { return index >= 0; }
    };

    // build(): settings and header; produce(): the rows, a batch at a time; finishTable(): the
    // issues about the whole table.
    Status build() override;
    Result<bool> produce(size_t wanted) override;
    Status finishTable();
    Status configure();
    Status bindColumns(const std::vector<std::string>& header, int64_t line);
    Status readRow(const std::vector<std::string>& row, int64_t line);
    // Steps of readRow().
    struct RowTimes
    {
        std::optional<int64_t> submitNs;
        int64_t startNs = 0;
        int64_t endNs = 0;
    };
    Result<RowTimes> rowTimes(const std::vector<std::string>& row, int64_t line);
    Result<StatusRule> statusRule(const std::vector<std::string>& row, int64_t line) const;
    Result<int32_t> addAttempt(const std::vector<std::string>& row, int64_t line, const std::string& jobId,
        std::optional<int64_t> gpus, const RowTimes& t, const StatusRule& rule, int32_t& seen);

    // Errors naming file, line and column.
    Error cellError(int64_t line, const Column& c, const std::string& expected, std::string_view found) const
    {
        return Error { path() + ":" + std::to_string(line) + ": row: column '" + c.name + "': expected " + expected
            + ", found " + (found.empty() ? std::string("an empty cell") : quoteCell(found)) };
    }
    std::string_view cell(const std::vector<std::string>& row, const Column& c) const
    {
        return trimBlanks(row[static_cast<size_t>(c.index)]);
    }
    Result<int64_t> timeCell(const std::vector<std::string>& row, const Column& c, int64_t line);
    std::string unitName() const
    {
        const std::string u = m_mapping.setting("time_unit");
        return u.empty() ? std::string("s") : u;
    }
    Result<int64_t> durationCell(const std::vector<std::string>& row, const Column& c, int64_t line) const;

    Mapping m_mapping;
    ReaderOptions m_options;

    // Settings.
    char m_delimiter = ',';
    std::string m_jobPrefix;
    int64_t m_nsPerUnit = kNsPerSecond;
    std::optional<int64_t> m_epochNs;
    std::string m_phaseName = "run";
    std::string m_source = "table";
    std::vector<std::pair<std::string, StatusRule>> m_statuses;
    Column m_job { "job_column", {} };
    Column m_attempt { "attempt_column", {} };
    Column m_submit { "submit_column", {} };
    Column m_interval { "interval_column", {} };
    Column m_start { "start_column", {} };
    Column m_end { "end_column", {} };
    Column m_duration { "duration_column", {} };
    Column m_status { "status_column", {} };
    Column m_detail { "detail_column", {} };
    Column m_gpus { "gpus_column", {} };
    Column m_phase { "phase_column", {} };
    std::vector<std::pair<Column, std::string>> m_attrs; // column -> attribute name

    // State over rows.
    bool m_started = false;
    std::unique_ptr<TextInput> m_in;
    std::unique_ptr<CsvCursor> m_csv;
    std::vector<std::string> m_fields;
    size_t m_columns = 0;
    std::optional<int64_t> m_lastSubmitNs;
    bool m_numericTimes = false; // a time cell was a number (relative to the epoch when one is set)
    KeyCounts m_attemptsOfJob; // job id -> rows seen (compact: a table may hold millions of jobs)
    int64_t m_jobs = 0;
    int64_t m_rows = 0;
    int64_t m_zeroGpuRows = 0;
    int64_t m_firstZeroGpuLine = 0;
    int64_t m_firstRowLine = 0;
    UnmappedNames m_unmapped;
};

Status TableReader::configure()
{
    const std::string where = m_mapping.origin() + ": settings: ";
    for (Column* c : { &m_job, &m_attempt, &m_submit, &m_interval, &m_start, &m_end, &m_duration, &m_status, &m_detail,
             &m_gpus, &m_phase }) {
        c->name = m_mapping.setting(c->setting);
    }
    if (m_job.name.empty()) {
        return Error { where + "job_column: required (the column that holds the job id)" };
    }
    if (m_start.name.empty() && m_submit.name.empty() && m_interval.name.empty()) {
        return Error { where
            + "no start time: give start_column, or submit_column / interval_column (the attempt then starts at "
              "submission)" };
    }
    if (m_end.name.empty() && m_duration.name.empty()) {
        return Error { where + "no end time: give end_column or duration_column" };
    }
    if (const auto d = m_mapping.setting("delimiter"); !d.empty()) {
        const std::string unescaped = d == "\\t" ? std::string("\t") : d;
        if (unescaped.size() != 1 || unescaped[0] == '"' || unescaped[0] == '\n' || unescaped[0] == '\r') {
            return Error { where + "delimiter: expected one character (not a quote or line break), found "
                + quoteCell(d) };
        }
        m_delimiter = unescaped[0];
    }
    m_jobPrefix = m_mapping.setting("job_prefix");
    if (const auto u = m_mapping.setting("time_unit"); !u.empty()) {
        const auto ns = nsPerTimeUnit(u);
        if (!ns) {
            return Error { where + "time_unit: expected s, ms, us or ns, found " + quoteCell(u) };
        }
        m_nsPerUnit = *ns;
    }
    if (const auto e = m_mapping.setting("epoch"); !e.empty()) {
        m_epochNs = parseRfc3339(e);
        if (!m_epochNs) {
            return Error { where + "epoch: expected an RFC 3339 time (\"2017-10-01T00:00:00Z\"), found "
                + quoteCell(e) };
        }
    }
    if (const auto p = m_mapping.setting("phase_name"); !p.empty()) {
        m_phaseName = p;
    }
    if (const auto s = m_mapping.setting("source"); !s.empty()) {
        m_source = s;
    }
    auto outcomes = stringMap(m_mapping, "outcomes", "status value -> outcome");
    if (!outcomes) {
        return outcomes.error();
    }
    auto causes = stringMap(m_mapping, "causes", "status value -> cause");
    if (!causes) {
        return causes.error();
    }
    for (const auto& [value, outcomeName] : *outcomes) {
        const auto o = parseOutcome(outcomeName);
        if (!o) {
            return Error { where + "outcomes: " + quoteCell(value)
                + ": expected completed, failed, preempted, cancelled or running, found " + quoteCell(outcomeName) };
        }
        m_statuses.emplace_back(value, StatusRule { *o, {} });
    }
    for (const auto& [value, cause] : *causes) {
        if (!isValidCauseClass(causeClass(cause))) {
            return Error { where + "causes: " + quoteCell(value) + ": " + quoteCell(cause)
                + ": the first segment must be infra, preemption, maintenance, dependency, user, manual or unknown" };
        }
        // A copy captured by name: C++20 lets a lambda capture a structured binding, but clang
        // before 16 (Debian's clang 14) rejects it.
        auto it = std::find_if(
            m_statuses.begin(), m_statuses.end(), [status = value](const auto& s) { return s.first == status; });
        if (it == m_statuses.end()) {
            return Error { where + "causes: " + quoteCell(value) + " is not one of the statuses in \"outcomes\"" };
        }
        it->second.cause = cause;
    }
    if (!m_status.name.empty() && m_statuses.empty()) {
        return Error { where + "status_column is set but \"outcomes\" is empty (say what each status value means)" };
    }
    auto attrs = stringMap(m_mapping, "attrs", "column -> attribute name");
    if (!attrs) {
        return attrs.error();
    }
    for (const auto& [column, attr] : *attrs) {
        if (attr.empty() || attr == "source") {
            return Error { where + "attrs: " + quoteCell(column)
                + ": expected an attribute name other than \"source\"" };
        }
        m_attrs.emplace_back(Column { "attrs", column }, attr);
    }
    return Status::success();
}

Status TableReader::bindColumns(const std::vector<std::string>& header, int64_t line)
{
    m_columns = header.size();
    std::string names;
    for (const auto& h : header) {
        names += (names.empty() ? "" : ", ") + std::string(trimBlanks(h));
    }
    const auto bind = [&](Column& c) -> Status {
        if (c.name.empty()) {
            return Status::success();
        }
        for (size_t i = 0; i < header.size(); ++i) {
            if (trimBlanks(header[i]) == c.name) {
                c.index = static_cast<int>(i);
                return Status::success();
            }
        }
        return Error { path() + ":" + std::to_string(line) + ": header: column '" + c.name + "' (setting '" + c.setting
            + "' of " + m_mapping.origin() + ") is missing; the header has: " + names };
    };
    for (Column* c : { &m_job, &m_attempt, &m_submit, &m_interval, &m_start, &m_end, &m_duration, &m_status, &m_detail,
             &m_gpus, &m_phase }) {
        if (auto st = bind(*c); !st) {
            return st;
        }
    }
    for (auto& [c, attr] : m_attrs) {
        if (auto st = bind(c); !st) {
            return st;
        }
    }
    return Status::success();
}

Result<int64_t> TableReader::timeCell(const std::vector<std::string>& row, const Column& c, int64_t line)
{
    const std::string_view s = cell(row, c);
    const std::string expected = "a time (RFC 3339, or a number of " + unitName() + " since "
        + (m_epochNs ? formatRfc3339(*m_epochNs) : std::string("the Unix epoch")) + ")";
    if (s.find('-', 1) != std::string_view::npos && s.find(':') != std::string_view::npos) {
        if (auto t = parseRfc3339(s)) {
            return *t;
        }
        return cellError(line, c, expected, s);
    }
    const auto v = decimalToNs(s, m_nsPerUnit);
    if (!v) {
        return cellError(line, c, expected, s);
    }
    m_numericTimes = true;
    const int64_t base = m_epochNs.value_or(0);
    if ((*v > 0 && base > std::numeric_limits<int64_t>::max() - *v)
        || (*v < 0 && base < std::numeric_limits<int64_t>::min() - *v)) {
        return cellError(line, c, expected + " in range", s);
    }
    return base + *v;
}

Result<int64_t> TableReader::durationCell(const std::vector<std::string>& row, const Column& c, int64_t line) const
{
    const std::string_view s = cell(row, c);
    const auto v = decimalToNs(s, m_nsPerUnit);
    if (!v || *v < 0) {
        return cellError(line, c, "a number of " + unitName() + " >= 0", s);
    }
    return *v;
}

// Submission (a time, or an interval after the previous row's), start (else the submission) and
// end (a time, or start + duration).
Result<TableReader::RowTimes> TableReader::rowTimes(const std::vector<std::string>& row, int64_t line)
{
    RowTimes r;
    if (m_submit.used()) {
        auto t = timeCell(row, m_submit, line);
        if (!t) {
            return t.error();
        }
        r.submitNs = *t;
    } else if (m_interval.used()) {
        auto d = durationCell(row, m_interval, line);
        if (!d) {
            return d.error();
        }
        const int64_t base = m_lastSubmitNs.value_or(m_epochNs.value_or(0));
        if (*d > std::numeric_limits<int64_t>::max() - base) {
            return cellError(line, m_interval, "an interval that keeps times in range", cell(row, m_interval));
        }
        r.submitNs = base + *d;
        m_lastSubmitNs = r.submitNs;
    }
    if (m_start.used()) {
        auto t = timeCell(row, m_start, line);
        if (!t) {
            return t.error();
        }
        r.startNs = *t;
    } else {
        r.startNs = *r.submitNs;
    }
    if (m_end.used()) {
        auto t = timeCell(row, m_end, line);
        if (!t) {
            return t.error();
        }
        r.endNs = *t;
    } else {
        auto d = durationCell(row, m_duration, line);
        if (!d) {
            return d.error();
        }
        if (*d > std::numeric_limits<int64_t>::max() - r.startNs) {
            return cellError(line, m_duration, "a duration that keeps times in range", cell(row, m_duration));
        }
        r.endNs = r.startNs + *d;
    }
    if (r.endNs < r.startNs) {
        const Column& c = m_end.used() ? m_end : m_duration;
        return cellError(line, c, "an end at or after the start " + formatRfc3339(r.startNs), cell(row, c));
    }
    return r;
}

// The outcome rule of the row's status (exact, else ignoring case); the default rule without a
// status column.
Result<TableReader::StatusRule> TableReader::statusRule(const std::vector<std::string>& row, int64_t line) const
{
    StatusRule rule;
    if (m_status.used()) {
        const std::string_view s = cell(row, m_status);
        auto it = std::find_if(m_statuses.begin(), m_statuses.end(), [&](const auto& r) { return r.first == s; });
        if (it == m_statuses.end()) {
            it = std::find_if(
                m_statuses.begin(), m_statuses.end(), [&](const auto& r) { return lower(r.first) == lower(s); });
        }
        if (it == m_statuses.end()) {
            std::string known;
            for (const auto& [v, r] : m_statuses) {
                known += (known.empty() ? "" : ", ") + v;
            }
            return cellError(line, m_status, "one of the statuses of setting 'outcomes' (" + known + ")", s);
        }
        rule = it->second;
    }

    return rule;
}

// The row's attempt: numbered by the attempt column or by order (`seen`: the job's rows so far),
// its outcome and cause by the status rule and the detail column. Returns its number.
Result<int32_t> TableReader::addAttempt(const std::vector<std::string>& row, int64_t line, const std::string& jobId,
    std::optional<int64_t> gpus, const RowTimes& t, const StatusRule& rule, int32_t& seen)
{
    AttemptRecord attempt;
    attempt.job = jobId;
    attempt.attempt = seen;
    if (m_attempt.used()) {
        const std::string_view s = cell(row, m_attempt);
        int32_t n = 0;
        const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
        if (ec != std::errc() || p != s.data() + s.size() || n < 0) {
            return cellError(line, m_attempt, "an attempt number (an integer >= 0)", s);
        }
        attempt.attempt = n;
    }
    if (m_options.attempt) {
        attempt.attempt = *m_options.attempt;
    }
    ++seen;
    attempt.startNs = t.startNs;
    attempt.endNs = t.endNs;
    attempt.gpus = seen > 1 ? gpus : std::nullopt; // later rows of a job may differ from the first
    attempt.outcome = rule.outcome;
    attempt.cause = isInterrupted(rule.outcome) ? rule.cause : std::string();
    if (m_status.used()) {
        attempt.detail = "status " + std::string(cell(row, m_status));
    }
    if (m_detail.used()) {
        const std::string_view d = cell(row, m_detail);
        if (!d.empty()) {
            attempt.detail += (attempt.detail.empty() ? "" : "; ") + std::string(d);
            if (isInterrupted(rule.outcome)) {
                if (auto f = m_mapping.fault(d)) {
                    attempt.cause = f->cause;
                    attempt.symptom = f->symptom;
                }
            }
        }
    }
    add(attempt, line);
    return attempt.attempt;
}

Status TableReader::readRow(const std::vector<std::string>& row, int64_t line)
{
    if (row.size() != m_columns) {
        return Error { path() + ":" + std::to_string(line) + ": row: expected " + std::to_string(m_columns)
            + " fields (as many as the header), found " + std::to_string(row.size()) };
    }
    ++m_rows;
    if (m_firstRowLine == 0) {
        m_firstRowLine = line;
    }

    // 1. Times: submission, start, end.
    auto times = rowTimes(row, line);
    if (!times) {
        return times.error();
    }
    const int64_t startNs = times->startNs;
    const int64_t endNs = times->endNs;

    // 2. GPUs (CPU-only rows are not training jobs of a GPU fleet).
    std::optional<int64_t> gpus;
    if (m_gpus.used() && !cell(row, m_gpus).empty()) {
        const std::string_view s = cell(row, m_gpus);
        int64_t n = 0;
        const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
        if (ec != std::errc() || p != s.data() + s.size() || n < 0) {
            return cellError(line, m_gpus, "an integer >= 0", s);
        }
        if (n == 0) {
            if (m_zeroGpuRows++ == 0) {
                m_firstZeroGpuLine = line;
            }
            return Status::success();
        }
        gpus = n;
    }

    // 3. Outcome.
    auto rule = statusRule(row, line);
    if (!rule) {
        return rule.error();
    }

    // 4. Job (declared at its first row) and attempt.
    const std::string_view id = cell(row, m_job);
    if (id.empty() && !m_options.job) {
        return cellError(line, m_job, "a job id", id);
    }
    const std::string jobId = m_options.job ? *m_options.job : m_jobPrefix + std::string(id);
    int32_t& seen = m_attemptsOfJob[jobId];
    if (seen == 0) {
        JobRecord job;
        job.job = jobId;
        job.gpus = gpus;
        job.submittedNs = times->submitNs;
        std::map<std::string, std::string> attrs;
        attrs["source"] = m_source;
        for (const auto& [c, attr] : m_attrs) {
            if (const auto v = cell(row, c); !v.empty()) {
                attrs[attr] = std::string(v);
            }
        }
        job.attrs.assign(attrs.begin(), attrs.end());
        add(job, line);
        ++m_jobs;
    }
    const auto attemptNo = addAttempt(row, line, jobId, gpus, *times, *rule, seen);
    if (!attemptNo) {
        return attemptNo.error();
    }

    // 5. The one phase: the whole attempt, as the rules map its name.
    const std::string name = m_phase.used() ? std::string(cell(row, m_phase)) : m_phaseName;
    addMapped(
        m_mapping.map(name), m_unmapped, name, jobId, *attemptNo, startNs, endNs, line, m_options.rank.value_or(-1));
    return Status::success();
}

Status TableReader::build()
{
    // The settings and the header; the rows follow in produce(), a batch at a time.
    if (auto st = configure(); !st) {
        return st;
    }
    m_in = std::make_unique<TextInput>(source(), "a CSV table");
    m_csv = std::make_unique<CsvCursor>(*m_in, m_delimiter);
    int64_t line = 0;
    auto more = m_csv->next(m_fields, line);
    if (!more) {
        return more.error();
    }
    if (!*more) {
        return Error { path() + ": the file is empty (expected a header row naming the columns)" };
    }
    return bindColumns(m_fields, line);
}

Result<bool> TableReader::produce(size_t wanted)
{
    if (!m_started) {
        m_started = true;
        if (auto st = build(); !st) {
            return st.error();
        }
    }
    for (const size_t target = buffered() + wanted; buffered() < target;) {
        int64_t line = 0;
        auto more = m_csv->next(m_fields, line);
        if (!more) {
            return more.error();
        }
        if (!*more) {
            if (auto st = finishTable(); !st) {
                return st.error();
            }
            return false;
        }
        if (auto st = readRow(m_fields, line); !st) {
            return st.error();
        }
    }
    return true;
}

Status TableReader::finishTable()
{
    if (m_rows == 0) {
        return Error { path() + ": the table has a header but no rows" };
    }

    // Issues that concern the whole table.
    if (m_zeroGpuRows > 0) {
        m_issues.add(IssueKind::ZeroGpus, "rows with 0 GPUs (CPU jobs) skipped", m_firstZeroGpuLine,
            std::to_string(m_zeroGpuRows) + " rows", m_zeroGpuRows);
    }
    if (m_interval.used()) {
        m_issues.add(IssueKind::RelativeTimes, "times are relative; dates are nominal", m_firstRowLine,
            "submissions are relative seconds (column '" + m_interval.name + "'), placed after "
                + (m_epochNs ? formatRfc3339(*m_epochNs) + " (setting 'epoch')"
                             : std::string("1970-01-01T00:00:00Z (no setting 'epoch')")));
    } else if (m_epochNs && m_numericTimes) {
        m_issues.add(IssueKind::RelativeTimes, "times are relative; dates are nominal", m_firstRowLine,
            "numeric times are counted from " + formatRfc3339(*m_epochNs) + " (setting 'epoch')");
    }
    if (!m_start.used()) {
        m_issues.add(IssueKind::QueueUnknown, "no start column: attempts start at submission", m_firstRowLine,
            "queue time unknown, taken as 0", m_rows - m_zeroGpuRows);
    }
    if (m_jobs > 0) {
        const Mapping::Match& m = m_mapping.map(m_phaseName);
        const std::string what = m.what == Mapping::Match::What::Phase
            ? std::string(categoryName(m.category)) + (m.subcategory.empty() ? "" : "." + m.subcategory)
            : std::string("unmapped");
        m_issues.add(IssueKind::Coarse,
            "job-level data: no phases; the whole run counted as " + what + ", so ETT% is an upper bound", 0,
            "stalls, init, checkpoints and lost progress inside each run are not visible", m_jobs);
    }
    m_unmapped.report(m_issues);
    return Status::success();
}

} // namespace

Result<std::unique_ptr<RecordSource>> openTableReader(const std::string& path, const ReaderOptions& options)
{
    auto in = openForeignInput(path, options, "table-philly", "table");
    if (!in) {
        return in.error();
    }
    return std::unique_ptr<RecordSource>(
        std::make_unique<TableReader>(std::move(in->source), std::move(in->mapping), options));
}

} // namespace ett::core
