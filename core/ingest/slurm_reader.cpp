// Reader of Slurm accounting: what `sacct` prints with --parsable2 (a header of field names, then
// one row per job and per job step, fields separated by '|'; --parsable also ends each line with a
// '|') and with --json (core/ingest/slurm_json.cpp). With --duplicates every run of a requeued job
// is a row of its own with the same JobID; without it only the latest run is.
//
// Mapping (spec 3): one job per Slurm job id (an array task "123_4" and a heterogeneous component
// "123+1" are jobs of their own, as they are allocations of their own); one attempt per run that
// started, numbered by start time; the job's submission is the earliest Submit of its runs (a
// requeue resets Submit, so the first run's is the original), which --count-queue counts as
// queue. Job steps ("123.batch", "123.0", "123.extern") give nothing: accounting has no phases
// inside a run, so each attempt gets one phase covering it, named by settings "phase_name"
// (default "run", which the preset maps to train), as the job-table reader does; every import
// says so with an issue of kind "coarse" (ETT% is an upper bound).
//
// State -> outcome and cause (settings "outcomes" and "causes" override single states):
//   COMPLETED completed | FAILED failed, unknown.exit_code (the exit code in the detail) |
//   NODE_FAIL failed, infra.node | BOOT_FAIL failed, infra.node.boot | OUT_OF_MEMORY failed,
//   user.oom | TIMEOUT failed, user.time_limit | DEADLINE failed, user.deadline | PREEMPTED
//   preempted, preemption | REQUEUED (and REQUEUE_HOLD, REQUEUE_FED) failed, manual.requeue |
//   SPECIAL_EXIT failed, unknown.special_exit | CANCELLED (by N) and REVOKED cancelled | RESIZING
//   completed | RUNNING, SUSPENDED, COMPLETING, CONFIGURING, STAGE_OUT, SIGNALING, STOPPED running.
// Setting "delimiter": the field separator of a capture made with sacct --delimiter (default '|').
// A run that never started (PENDING, or cancelled while pending: Start "None"/"Unknown") has no
// attempt; a job without any is skipped and counted (never_started). A running run ends at the
// latest time in the file (the capture), counted (running_at_capture).
//
// GPUs: AllocTRES gres/gpu=N (else the sum of gres/gpu:TYPE=N); a job whose runs all allocated no
// GPU is skipped (zero_gpus). JobName is the job's name; Partition, Account, User and Cluster are
// attributes ("source" is "slurm").
//
// Times: sacct writes local time without a zone (2026-12-03T15:37:01); they are read in
// ReaderOptions::timezone (default UTC, counted as assumed_timezone). JSON times are Unix seconds.
//
// The runs are held until the end of the file (the runs of one job need not be adjacent: a requeued
// run is listed after jobs submitted later); one run is a few hundred bytes.
#include "core/ingest/foreign_reader.h"
#include "core/ingest/readers.h"
#include "core/ingest/slurm_internal.h"
#include "core/ingest/text_input.h"
#include "core/model/names_text.h"
#include "core/model/timeutil.h"

#include <simdjson.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <limits>
#include <map>
#include <memory>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace ett::core {

namespace slurm {

namespace {

bool digits(std::string_view s)
{
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

template <typename T> bool parseInt(std::string_view s, T& out)
{
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && p == s.data() + s.size();
}

} // namespace

TimeValue parseTime(std::string_view text, int64_t offsetNs, int64_t& ns)
{
    const std::string_view s = trimBlanks(text);
    if (s.empty() || s == "Unknown" || s == "None") {
        return TimeValue::None;
    }
    if (digits(s)) { // SLURM_TIME_FORMAT=%s
        int64_t seconds = 0;
        if (!parseInt(s, seconds) || seconds > kMaxSeconds) {
            return TimeValue::Bad;
        }
        if (seconds == 0) {
            return TimeValue::None;
        }
        ns = seconds * kNsPerSecond;
        return TimeValue::Time;
    }
    // YYYY-MM-DDTHH:MM:SS, local.
    if (s.size() == 19 && s[4] == '-' && s[7] == '-' && (s[10] == 'T' || s[10] == ' ') && s[13] == ':'
        && s[16] == ':') {
        int64_t year = 0;
        unsigned month = 0;
        unsigned day = 0;
        int64_t hour = 0;
        int64_t minute = 0;
        int64_t second = 0;
        if (!digits(s.substr(0, 4)) || !digits(s.substr(5, 2)) || !digits(s.substr(8, 2)) || !digits(s.substr(11, 2))
            || !digits(s.substr(14, 2)) || !digits(s.substr(17, 2)) || !parseInt(s.substr(0, 4), year)
            || !parseInt(s.substr(5, 2), month) || !parseInt(s.substr(8, 2), day) || !parseInt(s.substr(11, 2), hour)
            || !parseInt(s.substr(14, 2), minute) || !parseInt(s.substr(17, 2), second)) {
            return TimeValue::Bad;
        }
        if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) {
            return TimeValue::Bad;
        }
        const int64_t seconds = daysFromCivil(year, month, day) * 86400 + hour * 3600 + minute * 60 + second;
        // int64 nanoseconds reach from 1677 to 2262.
        if (seconds > kMaxSeconds - 86400 || seconds < -kMaxSeconds + 86400) {
            return TimeValue::Bad;
        }
        ns = seconds * kNsPerSecond - offsetNs;
        return TimeValue::Time;
    }
    if (auto t = parseRfc3339(s)) { // a time with its zone
        ns = *t;
        return TimeValue::Time;
    }
    return TimeValue::Bad;
}

std::optional<int64_t> gpusFromTres(std::string_view tres)
{
    std::optional<int64_t> plain;
    int64_t typed = 0;
    while (!tres.empty()) {
        const auto comma = tres.find(',');
        const std::string_view item = trimBlanks(tres.substr(0, comma));
        tres = comma == std::string_view::npos ? std::string_view {} : tres.substr(comma + 1);
        const auto eq = item.find('=');
        if (eq == std::string_view::npos) {
            continue;
        }
        const std::string_view name = item.substr(0, eq);
        if (name != "gres/gpu" && !name.starts_with("gres/gpu:")) {
            continue;
        }
        int64_t n = 0;
        if (!parseInt(item.substr(eq + 1), n) || n < 0 || n > 1'000'000'000) {
            return std::nullopt;
        }
        if (name == "gres/gpu") {
            plain = n;
        } else {
            typed += n;
        }
    }
    return plain.value_or(typed);
}

std::optional<std::string_view> stepJob(std::string_view jobId)
{
    const auto dot = jobId.find('.');
    if (dot == std::string_view::npos) {
        return std::nullopt;
    }
    return jobId.substr(0, dot);
}

} // namespace slurm

namespace {

using slurm::Run;

struct StateRule
{
    std::optional<Outcome> outcome; // nullopt: the run gives no attempt (PENDING)
    std::string cause;
};

// The built-in meaning of each state (see the file's comment).
std::map<std::string, StateRule, std::less<>> defaultStates()
{
    std::map<std::string, StateRule, std::less<>> m;
    m["COMPLETED"] = { Outcome::Completed, "" };
    m["RESIZING"] = { Outcome::Completed, "" };
    m["FAILED"] = { Outcome::Failed, "unknown.exit_code" };
    m["NODE_FAIL"] = { Outcome::Failed, "infra.node" };
    m["BOOT_FAIL"] = { Outcome::Failed, "infra.node.boot" };
    m["OUT_OF_MEMORY"] = { Outcome::Failed, "user.oom" };
    m["TIMEOUT"] = { Outcome::Failed, "user.time_limit" };
    m["DEADLINE"] = { Outcome::Failed, "user.deadline" };
    m["REQUEUED"] = { Outcome::Failed, "manual.requeue" };
    m["REQUEUE_HOLD"] = { Outcome::Failed, "manual.requeue" };
    m["REQUEUE_FED"] = { Outcome::Failed, "manual.requeue" };
    m["SPECIAL_EXIT"] = { Outcome::Failed, "unknown.special_exit" };
    m["PREEMPTED"] = { Outcome::Preempted, "preemption" };
    m["CANCELLED"] = { Outcome::Cancelled, "" };
    m["REVOKED"] = { Outcome::Cancelled, "" };
    for (const char* s : { "RUNNING", "SUSPENDED", "COMPLETING", "CONFIGURING", "STAGE_OUT", "SIGNALING", "STOPPED" }) {
        m[s] = { Outcome::Running, "" };
    }
    m["PENDING"] = { std::nullopt, "" };
    return m;
}

// A settings object of string -> string; Error naming the setting.
Result<std::vector<std::pair<std::string, std::string>>> stringMap(const Mapping& mapping, const std::string& key)
{
    namespace dom = simdjson::dom;
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
        return Error { where + "expected an object of state -> " + (key == "outcomes" ? "outcome" : "cause") };
    }
    for (auto [k, v] : obj) {
        std::string_view s;
        if (v.get_string().get(s)) {
            return Error { where + quoteCell(k) + ": expected a string" };
        }
        out.emplace_back(std::string(k), std::string(s));
    }
    return out;
}

class SlurmReader final : public ForeignReader
{
public:
    SlurmReader(std::unique_ptr<ByteSource> source, Mapping mapping, ReaderOptions options)
        : ForeignReader(std::move(source), "slurm")
        , m_mapping(std::move(mapping))
        , m_options(std::move(options))
    {
    }

private:
    // A column of the parsable header: its index, or -1 when the header lacks it.
    struct Columns
    {
        int jobId = -1, state = -1, submit = -1, start = -1, end = -1, name = -1, partition = -1, account = -1,
            user = -1, cluster = -1, nodes = -1, exitCode = -1, tres = -1, restarts = -1;
    };

    Status build() override;
    Status configure();
    Status readParsable();
    Status bindHeader(const std::vector<std::string_view>& header, int64_t line);
    Status readRow(const std::vector<std::string_view>& row, int64_t line);
    Status addRun(Run&& run);
    Status emit();
    Status emitJob(const std::vector<size_t>& runs, int64_t captureNs);
    Error cellError(int64_t line, std::string_view column, const std::string& expected, std::string_view found) const
    {
        return Error { path() + ":" + std::to_string(line) + ": sacct row: field '" + std::string(column)
            + "': expected " + expected + ", found "
            + (found.empty() ? std::string("an empty field") : quoteCell(found)) };
    }

    Mapping m_mapping;
    ReaderOptions m_options;
    std::map<std::string, StateRule, std::less<>> m_states = defaultStates();
    std::string m_phaseName = "run";
    char m_delimiter = '|';
    int64_t m_offsetNs = 0;

    // Parsable input.
    Columns m_col;
    std::vector<std::string> m_header;
    size_t m_fields = 0;
    bool m_trailingBar = false; // --parsable: every line ends with '|'
    bool m_localTimes = false; // a time without a zone was read
    int64_t m_firstLocalLine = 0;

    // What was read.
    std::vector<Run> m_runs;
    std::unordered_map<std::string, std::vector<size_t>> m_runsOfJob;
    std::vector<std::string> m_jobOrder;
    std::unordered_map<std::string, int64_t> m_stepJobs; // job of a step -> line of its first step
    int64_t m_emptyGpuJobs = 0;
    int64_t m_firstEmptyGpuLine = 0;
    int64_t m_jobs = 0;
    UnmappedNames m_unmapped;
};

Status SlurmReader::configure()
{
    const std::string where = m_mapping.origin() + ": settings: ";
    const auto offset = parseUtcOffset(m_options.timezone);
    if (!offset) {
        return Error { "expected \"UTC\" or an offset like \"+02:00\", got \"" + m_options.timezone + "\"",
            "timezone" };
    }
    m_offsetNs = *offset;
    if (const auto p = m_mapping.setting("phase_name"); !p.empty()) {
        m_phaseName = p;
    }
    if (const auto d = m_mapping.setting("delimiter"); !d.empty()) {
        if (d.size() != 1 || d[0] == '\n' || d[0] == '\r') {
            return Error { where + "delimiter: expected one character (sacct --delimiter), found " + quoteCell(d) };
        }
        m_delimiter = d[0];
    }
    auto outcomes = stringMap(m_mapping, "outcomes");
    if (!outcomes) {
        return outcomes.error();
    }
    for (const auto& [state, name] : *outcomes) {
        if (name == "none") {
            m_states[state] = StateRule { std::nullopt, "" };
            continue;
        }
        const auto o = parseOutcome(name);
        if (!o) {
            return Error { where + "outcomes: " + quoteCell(state)
                + ": expected completed, failed, preempted, cancelled, running or none, found " + quoteCell(name) };
        }
        m_states[state] = StateRule { *o, isInterrupted(*o) ? m_states[state].cause : std::string() };
    }
    auto causes = stringMap(m_mapping, "causes");
    if (!causes) {
        return causes.error();
    }
    for (const auto& [state, cause] : *causes) {
        if (!isValidCauseClass(causeClass(cause))) {
            return Error { where + "causes: " + quoteCell(state) + ": " + quoteCell(cause)
                + ": the first segment must be infra, preemption, maintenance, dependency, user, manual or unknown" };
        }
        auto it = m_states.find(state);
        if (it == m_states.end()) {
            m_states[state] = StateRule { Outcome::Failed, cause };
        } else {
            it->second.cause = cause;
        }
    }
    return Status::success();
}

Status SlurmReader::build()
{
    if (auto st = configure(); !st) {
        return st;
    }
    // JSON or a parsable table, by the first character that is not blank (read from a second open
    // of the file: the source itself is read once, by the reader that fits).
    char first = 0;
    {
        auto sniff = ByteSource::open(path());
        if (!sniff) {
            return sniff.error();
        }
        std::array<char, 4096> buffer {};
        while (first == 0) {
            auto n = (*sniff)->read(buffer.data(), buffer.size());
            if (!n) {
                return n.error();
            }
            if (*n == 0) {
                return Error { path() + ": the file is empty (expected sacct --parsable2 or --json output)" };
            }
            for (size_t i = 0; i < *n && first == 0; ++i) {
                const char c = buffer[i];
                if (c != ' ' && c != '\t' && c != '\r' && c != '\n') {
                    first = c;
                }
            }
        }
    }
    if (first == '{') {
        if (auto st = slurm::readJson(source(), [this](Run&& r) { return addRun(std::move(r)); }); !st) {
            return st;
        }
    } else if (auto st = readParsable(); !st) {
        return st;
    }
    return emit();
}

Status SlurmReader::bindHeader(const std::vector<std::string_view>& header, int64_t line)
{
    const std::array<std::pair<std::string_view, int*>, 15> names
        = { { { "JobID", &m_col.jobId }, { "State", &m_col.state }, { "Submit", &m_col.submit },
            { "Start", &m_col.start }, { "End", &m_col.end }, { "JobName", &m_col.name },
            { "Partition", &m_col.partition }, { "Account", &m_col.account }, { "User", &m_col.user },
            { "Cluster", &m_col.cluster }, { "NodeList", &m_col.nodes }, { "ExitCode", &m_col.exitCode },
            { "AllocTRES", &m_col.tres }, { "Restarts", &m_col.restarts }, { "JobIDRaw", nullptr } } };
    int jobIdRaw = -1;
    for (size_t i = 0; i < header.size(); ++i) {
        const std::string_view h = trimBlanks(header[i]);
        m_header.emplace_back(h);
        for (const auto& [name, column] : names) {
            if (h == name) {
                (column ? *column : jobIdRaw) = static_cast<int>(i);
            }
        }
    }
    if (m_col.jobId < 0) {
        m_col.jobId = jobIdRaw; // JobIDRaw alone: array tasks are then their own numbers
    }
    std::string missing;
    for (const auto& [name, column] : { std::pair { "JobID", m_col.jobId }, std::pair { "State", m_col.state },
             std::pair { "Start", m_col.start }, std::pair { "End", m_col.end } }) {
        if (column < 0) {
            missing += (missing.empty() ? "" : ", ") + std::string(name);
        }
    }
    if (!missing.empty()) {
        std::string all;
        for (const auto& h : m_header) {
            all += (all.empty() ? "" : ", ") + h;
        }
        return Error { path() + ":" + std::to_string(line) + ": sacct header: missing " + missing
            + " (give sacct --format=JobID,JobName,Partition,Account,User,State,ExitCode,Submit,Start,End,AllocTRES,"
              "NodeList); the header has: "
            + printableText(all.size() > 300 ? all.substr(0, 300) + "..." : all) };
    }
    if (m_col.submit < 0) {
        m_issues.add(IssueKind::QueueUnknown, "no Submit column: queue time unknown", line,
            "--count-queue counts no queue for these jobs");
    }
    return Status::success();
}

Status SlurmReader::readRow(const std::vector<std::string_view>& row, int64_t line)
{
    const auto cell
        = [&](int column) { return column < 0 ? std::string_view {} : trimBlanks(row[static_cast<size_t>(column)]); };
    const std::string_view id = cell(m_col.jobId);
    if (id.empty()) {
        return cellError(line, m_header[static_cast<size_t>(m_col.jobId)], "a job id", id);
    }
    if (const auto job = slurm::stepJob(id)) {
        m_stepJobs.try_emplace(std::string(*job), line);
        return Status::success();
    }
    Run run;
    run.line = line;
    run.jobId = std::string(id);
    run.name = std::string(cell(m_col.name));
    run.partition = std::string(cell(m_col.partition));
    run.account = std::string(cell(m_col.account));
    run.user = std::string(cell(m_col.user));
    run.cluster = std::string(cell(m_col.cluster));
    run.nodes = std::string(cell(m_col.nodes));
    run.exitCode = std::string(cell(m_col.exitCode));
    // "CANCELLED by 1001"; a '+' marks a state cut to the column's width.
    std::string_view state = cell(m_col.state);
    const auto space = state.find(' ');
    run.state = std::string(state.substr(0, space));
    if (space != std::string_view::npos) {
        run.stateDetail = std::string(trimBlanks(state.substr(space + 1)));
    }
    while (!run.state.empty() && run.state.back() == '+') {
        run.state.pop_back();
    }
    if (run.state.empty()) {
        return cellError(line, "State", "a job state", state);
    }
    for (const auto& [column, target] : { std::pair { m_col.submit, &run.submitNs },
             std::pair { m_col.start, &run.startNs }, std::pair { m_col.end, &run.endNs } }) {
        if (column < 0) {
            continue;
        }
        int64_t ns = 0;
        const std::string_view text = cell(column);
        switch (slurm::parseTime(text, m_offsetNs, ns)) {
        case slurm::TimeValue::Time:
            *target = ns;
            if (text.size() == 19 && !m_localTimes) {
                m_localTimes = true;
                m_firstLocalLine = line;
            }
            break;
        case slurm::TimeValue::None:
            break;
        case slurm::TimeValue::Bad:
            return cellError(
                line, m_header[static_cast<size_t>(column)], "a time (YYYY-MM-DDTHH:MM:SS), Unknown or None", text);
        }
    }
    if (m_col.tres >= 0 && !cell(m_col.tres).empty()) {
        run.gpus = slurm::gpusFromTres(cell(m_col.tres));
        if (!run.gpus) {
            return cellError(line, "AllocTRES", "gres/gpu counts that are integers in [0, 10^9]", cell(m_col.tres));
        }
    }
    if (m_col.restarts >= 0 && !cell(m_col.restarts).empty()) {
        int64_t n = 0;
        const auto [p, ec] = std::from_chars(
            cell(m_col.restarts).data(), cell(m_col.restarts).data() + cell(m_col.restarts).size(), n);
        if (ec != std::errc() || p != cell(m_col.restarts).data() + cell(m_col.restarts).size() || n < 0) {
            return cellError(line, "Restarts", "an integer >= 0", cell(m_col.restarts));
        }
        run.restarts = n;
    }
    return addRun(std::move(run));
}

Status SlurmReader::readParsable()
{
    TextInput in(source(), "sacct output");
    std::vector<std::string_view> fields;
    bool haveHeader = false;
    for (;;) {
        auto next = in.nextLine();
        if (!next) {
            return next.error();
        }
        if (!*next) {
            break;
        }
        std::string_view line = **next;
        if (in.line() == 1 && line.starts_with("\xEF\xBB\xBF")) {
            line.remove_prefix(3);
        }
        if (!line.empty() && line.back() == '\r') {
            line.remove_suffix(1);
        }
        if (trimBlanks(line).empty()) {
            continue;
        }
        fields.clear();
        for (size_t from = 0;;) {
            const auto bar = line.find(m_delimiter, from);
            fields.push_back(line.substr(from, bar == std::string_view::npos ? std::string_view::npos : bar - from));
            if (bar == std::string_view::npos) {
                break;
            }
            from = bar + 1;
        }
        if (!haveHeader) {
            m_trailingBar = fields.size() > 1 && fields.back().empty();
            if (m_trailingBar) {
                fields.pop_back();
            }
            if (auto st = bindHeader(fields, in.line()); !st) {
                return st;
            }
            m_fields = fields.size();
            haveHeader = true;
            continue;
        }
        if (m_trailingBar && fields.size() == m_fields + 1 && fields.back().empty()) {
            fields.pop_back();
        }
        if (fields.size() != m_fields) {
            return Error { path() + ":" + std::to_string(in.line()) + ": sacct row: expected "
                + std::to_string(m_fields) + " fields (as many as the header), found " + std::to_string(fields.size())
                + (fields.size() > m_fields
                        ? " (a field with the delimiter in it, such as a job name? capture with sacct --delimiter and "
                          "name it in the mapping's setting \"delimiter\")"
                        : "") };
        }
        if (auto st = readRow(fields, in.line()); !st) {
            return st;
        }
    }
    if (!haveHeader) {
        return Error { path() + ": the file is blank (expected a sacct header line naming the fields)" };
    }
    return Status::success();
}

Status SlurmReader::addRun(Run&& run)
{
    auto [it, added] = m_runsOfJob.try_emplace(run.jobId);
    if (added) {
        m_jobOrder.push_back(run.jobId);
    }
    it->second.push_back(m_runs.size());
    m_runs.push_back(std::move(run));
    return Status::success();
}

// The records: for each job in order of first appearance, the job, its attempts and their phases;
// then the issues about the whole file.
Status SlurmReader::emit()
{
    // 1. The capture time: the latest time the file holds (running runs end there).
    int64_t captureNs = std::numeric_limits<int64_t>::min();
    for (const Run& r : m_runs) {
        for (const auto& t : { r.submitNs, r.startNs, r.endNs }) {
            if (t) {
                captureNs = std::max(captureNs, *t);
            }
        }
    }
    // 2. The jobs.
    for (const std::string& id : m_jobOrder) {
        if (auto st = emitJob(m_runsOfJob[id], captureNs); !st) {
            return st;
        }
    }
    // 3. Issues about the whole file.
    int64_t orphanSteps = 0;
    int64_t firstOrphanLine = 0;
    std::string firstOrphan;
    for (const auto& [job, line] : m_stepJobs) {
        if (!m_runsOfJob.contains(job)) {
            if (orphanSteps++ == 0 || line < firstOrphanLine) {
                firstOrphanLine = line;
                firstOrphan = job;
            }
        }
    }
    if (orphanSteps > 0) {
        m_issues.add(IssueKind::StepWithoutJob, "", firstOrphanLine,
            "steps of job " + printableText(firstOrphan) + " (no row for the job itself)", orphanSteps);
    }
    if (m_emptyGpuJobs > 0) {
        m_issues.add(IssueKind::ZeroGpus, "jobs without GPUs (AllocTRES has no gres/gpu) skipped", m_firstEmptyGpuLine,
            std::to_string(m_emptyGpuJobs) + " jobs", m_emptyGpuJobs);
    }
    if (m_localTimes && m_offsetNs == 0) {
        m_issues.add(IssueKind::AssumedTimezone,
            "sacct times have no zone and are read as UTC; give --timezone (e.g. +02:00) when the cluster's is "
            "another",
            m_firstLocalLine);
    }
    if (m_jobs > 0) {
        const Mapping::Match& m = m_mapping.map(m_phaseName);
        const std::string what = m.what == Mapping::Match::What::Phase
            ? std::string(categoryName(m.category)) + (m.subcategory.empty() ? "" : "." + m.subcategory)
            : std::string("unmapped");
        m_issues.add(IssueKind::Coarse,
            "job accounting: no phases; each run counted as " + what + ", so ETT% is an upper bound", 0,
            "init, stalls, checkpoints and lost progress inside each run are not visible", m_jobs);
    }
    m_unmapped.report(m_issues);
    if (m_jobs == 0 && m_runs.empty()) {
        return Error { path() + ": no job in the file (expected sacct rows after the header, or \"jobs\")" };
    }
    return Status::success();
}

Status SlurmReader::emitJob(const std::vector<size_t>& runIndexes, int64_t captureNs)
{
    // 1. The runs that started, in order of start: the attempts.
    std::vector<const Run*> started;
    std::optional<int64_t> submitNs;
    int64_t maxRestarts = -1;
    for (size_t i : runIndexes) {
        const Run& r = m_runs[i];
        if (r.submitNs) {
            submitNs = submitNs ? std::min(*submitNs, *r.submitNs) : *r.submitNs;
        }
        maxRestarts = std::max<int64_t>(maxRestarts, r.restarts.value_or(-1));
        const auto rule = m_states.find(r.state);
        if (r.startNs && (rule == m_states.end() || rule->second.outcome)) {
            started.push_back(&r);
        }
    }
    const Run& firstRun = m_runs[runIndexes.front()];
    if (started.empty()) {
        m_issues.add(IssueKind::NeverStarted, "", firstRun.line,
            "job " + printableText(firstRun.jobId) + " " + printableText(firstRun.state));
        return Status::success();
    }
    std::stable_sort(
        started.begin(), started.end(), [](const Run* a, const Run* b) { return *a->startNs < *b->startNs; });
    if (std::all_of(started.begin(), started.end(), [](const Run* r) { return r->gpus && *r->gpus == 0; })) {
        if (m_emptyGpuJobs++ == 0) {
            m_firstEmptyGpuLine = started.front()->line;
        }
        return Status::success();
    }
    if (maxRestarts + 1 > static_cast<int64_t>(runIndexes.size())) {
        m_issues.add(IssueKind::EarlierRunsMissing, "", started.front()->line,
            "job " + printableText(firstRun.jobId) + ": Restarts " + std::to_string(maxRestarts) + ", "
                + std::to_string(runIndexes.size()) + " runs in the file");
    }

    // 2. The job, from its first run.
    const Run& head = *started.front();
    JobRecord job;
    job.job = head.jobId;
    job.name = head.name;
    job.gpus = head.gpus && *head.gpus > 0 ? head.gpus : std::nullopt;
    job.submittedNs = submitNs;
    std::map<std::string, std::string> attrs;
    attrs["source"] = "slurm";
    for (const auto& [key, value] :
        { std::pair { "partition", &head.partition }, std::pair { "account", &head.account },
            std::pair { "user", &head.user }, std::pair { "cluster", &head.cluster } }) {
        if (!value->empty()) {
            attrs[key] = *value;
        }
    }
    job.attrs.assign(attrs.begin(), attrs.end());
    add(job, head.line);
    ++m_jobs;

    // 3. An attempt and its one phase per run.
    const Mapping::Match& match = m_mapping.map(m_phaseName);
    for (size_t n = 0; n < started.size(); ++n) {
        const Run& r = *started[n];
        AttemptRecord a;
        a.job = job.job;
        a.attempt = static_cast<int32_t>(n);
        a.startNs = *r.startNs;
        const auto rule = m_states.find(r.state);
        if (rule == m_states.end()) {
            m_issues.add(IssueKind::UnknownState, r.state, r.line, "job " + printableText(r.jobId));
            a.outcome = Outcome::Failed;
            a.cause = "unknown";
        } else {
            a.outcome = *rule->second.outcome;
            a.cause = isInterrupted(a.outcome) ? rule->second.cause : std::string();
        }
        if (r.endNs) {
            a.endNs = *r.endNs; // also for a running state: the end is what accounting knows
        } else {
            a.endNs = std::max(captureNs, a.startNs);
            a.outcome = Outcome::Running;
            a.cause.clear();
            m_issues.add(IssueKind::RunningAtCapture, "", r.line,
                "job " + printableText(r.jobId) + " " + printableText(r.state) + " since " + formatRfc3339(a.startNs)
                    + ": ends at " + formatRfc3339(a.endNs));
        }
        if (a.endNs < a.startNs) {
            return Error { path() + ":" + std::to_string(r.line) + ": job " + printableText(r.jobId)
                + ": field 'End': expected a time at or after Start " + formatRfc3339(a.startNs) + ", found "
                + formatRfc3339(a.endNs) };
        }
        if (n > 0 && r.gpus && *r.gpus > 0 && r.gpus != job.gpus) {
            a.gpus = r.gpus;
        }
        a.detail = "state " + r.state + (r.stateDetail.empty() ? "" : " " + r.stateDetail);
        if (!r.exitCode.empty()) {
            a.detail += "; exit code " + r.exitCode;
        }
        if (!r.nodes.empty() && r.nodes != "None assigned") {
            a.detail += "; nodes " + r.nodes;
        }
        a.detail = printableText(a.detail.size() > 400 ? a.detail.substr(0, 400) + "..." : a.detail);
        add(a, r.line);
        if (match.what == Mapping::Match::What::Unmapped) {
            m_unmapped.add(m_phaseName, a.endNs - a.startNs, r.line);
        } else if (match.what == Mapping::Match::What::Phase) {
            PhaseRecord p;
            p.job = job.job;
            p.attempt = a.attempt;
            p.category = match.category;
            p.subcategory = match.subcategory;
            p.startNs = a.startNs;
            p.endNs = a.endNs;
            p.name = m_phaseName;
            add(p, r.line);
        }
    }
    return Status::success();
}

} // namespace

Result<std::unique_ptr<RecordSource>> openSlurmReader(const std::string& path, const ReaderOptions& options)
{
    return openForeignReader<SlurmReader>(path, options, "slurm", "slurm");
}

} // namespace ett::core
