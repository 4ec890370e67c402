// A console log's outcome and fault cause: Python tracebacks and torchelastic's failure summary
// found in the untimed lines, the outcome they and the completion line give, the root exception,
// the fault rule that names its cause, and when the fault struck. See log_reader.cpp.
#include "core/ingest/log_internal.h"

#include <algorithm>
#include <limits>

namespace ett::core::logs {

namespace {

constexpr std::string_view kTracebackHeader = "Traceback (most recent call last):";

// A time of the failure summary (settings.root_cause_time): whether its numeric fields are in
// range. Fields other than year..second are not used.
bool readSummaryTime(const RegexMatch& m, const LineFormat& format, RawTime& t)
{
    bool valid = true;
    for (size_t g = 0; g < format.fields.size() && valid; ++g) {
        const auto& f = format.fields[g];
        if (!f || !m.matched(g + 1)) {
            continue;
        }
        const auto v = parseInt(m.str(g + 1));
        switch (*f) {
        case Field::Year:
            valid = v && *v >= 1 && *v <= 9999;
            t.year = valid ? std::optional<int16_t>(static_cast<int16_t>(*v)) : std::nullopt;
            break;
        case Field::Month:
            valid = v && *v >= 1 && *v <= 12;
            t.month = static_cast<uint8_t>(valid ? *v : 1);
            break;
        case Field::Day:
            valid = v && *v >= 1 && *v <= 31;
            t.day = static_cast<uint8_t>(valid ? *v : 1);
            break;
        case Field::Hour:
            valid = v && *v >= 0 && *v <= 23;
            t.hour = static_cast<uint8_t>(valid ? *v : 0);
            break;
        case Field::Minute:
            valid = v && *v >= 0 && *v <= 59;
            t.minute = static_cast<uint8_t>(valid ? *v : 0);
            break;
        case Field::Second:
            valid = v && *v >= 0 && *v <= 60;
            t.second = static_cast<uint8_t>(valid ? *v : 0);
            break;
        default:
            break;
        }
    }
    return valid;
}

// Walks the lines once, keeping per rank whether a traceback is open (ranks' lines interleave).
class TracebackScanner
{
public:
    TracebackScanner(const LogRules& rules, int64_t zoneNs, int64_t endNs, IssueCounter& issues)
        : m_rules(rules)
        , m_zoneNs(zoneNs)
        , m_endNs(endNs)
        , m_issues(issues)
    {
    }

    void line(size_t i, const LogLine& l)
    {
        Traceback& tb = m_tracebacks[l.rank];
        if (l.timed) {
            // A new log record ends torchelastic's failure summary. Not a traceback: Python writes
            // those to stderr while the logger's lines (stdout, other threads) go on between them.
            m_inRootCause = false;
            return;
        }
        ++m_untimed;
        if (!m_firstUntimedNo) {
            m_firstUntimedNo = l.no;
            m_firstUntimed = cleanText(l.body, kMaxUnmappedChars);
        }
        const std::string_view body = trim(l.body);
        summary(l, body);
        if (body.find(kTracebackHeader) != std::string_view::npos) {
            close(tb);
            tb.open = true;
            tb.indent = indentOf(l.body);
            tb.inRootCause = m_inRootCause;
            tb.headerNo = l.no;
            m_scan.headers.push_back(i);
        } else if (tb.open && !body.empty() && indentOf(l.body) <= tb.indent && !body.starts_with("File \"")) {
            tb.open = false;
            m_scan.exceptions.push_back({ i, tb.inRootCause, search(m_rules.wrapper, body) });
        }
    }

    TracebackScan finish()
    {
        for (auto& [rank, tb] : m_tracebacks) {
            close(tb);
        }
        if (m_untimed > 0) {
            m_issues.add(IssueKind::UntimedLine,
                "lines without a timestamp (shell trace, print output, tracebacks): not timed", m_firstUntimedNo,
                m_firstUntimed, m_untimed);
        }
        return std::move(m_scan);
    }

private:
    struct Traceback
    {
        bool open = false;
        size_t indent = 0;
        bool inRootCause = false;
        int64_t headerNo = 0;
    };

    void close(Traceback& tb)
    {
        if (tb.open) {
            m_issues.add(IssueKind::TracebackWithoutException, "a Python traceback without its exception line",
                tb.headerNo, std::string(kTracebackHeader));
            tb.open = false;
        }
    }

    // torchelastic's failure summary: the Root Cause section and its time.
    void summary(const LogLine& l, std::string_view body)
    {
        if (search(m_rules.rootCause, body)) {
            m_inRootCause = true;
            return;
        }
        if (m_inRootCause && search(m_rules.rootCauseEnd, body)) {
            m_inRootCause = false;
            return;
        }
        if (!m_inRootCause || !m_rules.rootCauseTime || m_scan.rootCauseNs) {
            return;
        }
        RegexMatch m;
        const std::string b(body);
        if (!search(m_rules.rootCauseTime->re, b, m)) {
            return;
        }
        RawTime t;
        const bool valid = readSummaryTime(m, *m_rules.rootCauseTime, t);
        if (valid) {
            m_scan.rootCauseNs = t.year ? toNs(t, *t.year, m_zoneNs) : closestToNs(t, m_endNs, m_zoneNs);
        }
        if (!valid || !m_scan.rootCauseNs) {
            m_issues.add(IssueKind::BadRootCauseTime, "a Root Cause time that is not a valid date", l.no,
                cleanText(body, kMaxDetailChars));
        }
    }

    const LogRules& m_rules;
    int64_t m_zoneNs;
    int64_t m_endNs;
    IssueCounter& m_issues;
    TracebackScan m_scan;
    std::map<int32_t, Traceback> m_tracebacks;
    bool m_inRootCause = false;
    int64_t m_untimed = 0;
    int64_t m_firstUntimedNo = 0;
    std::string m_firstUntimed;
};

// The outcome from the completion line and the tracebacks; for a failure, the first fatal
// traceback's header (nullopt when the failure has none).
std::optional<size_t> decideOutcome(const LogLines& lines, const MarkerScan& markers, const TracebackScan& tb,
    const LogRules& rules, AttemptRecord& attempt, IssueCounter& issues)
{
    const auto& headers = tb.headers;
    const auto& completedAt = markers.completedAt;
    if (completedAt && (headers.empty() || *completedAt > headers.back())) {
        attempt.outcome = Outcome::Completed;
        if (!headers.empty()) {
            issues.add(IssueKind::NonfatalTraceback, "Python tracebacks before the completion line (training went on)",
                lines[headers.front()].no, "", static_cast<int64_t>(headers.size()));
        }
        return std::nullopt;
    }
    if (!headers.empty()) {
        attempt.outcome = Outcome::Failed;
        for (const size_t h : headers) {
            if (!completedAt || h > *completedAt) {
                return h;
            }
        }
        return std::nullopt;
    }
    attempt.outcome = rules.unfinished;
    issues.add(IssueKind::NoOutcomeLine,
        std::string("neither a completion line nor a traceback: the attempt is taken as ")
            + std::string(outcomeName(rules.unfinished)) + " (settings.unfinished_outcome)",
        lines.back().no);
    return std::nullopt;
}

// The root exception among those after the fatal traceback: the first non-wrapper one inside
// the Root Cause section, else the first non-wrapper one, else the first one; nullptr when none.
const ExceptionLine* rootException(const std::vector<ExceptionLine>& exceptions, std::optional<size_t> fatalFrom)
{
    auto fatal = [&](const ExceptionLine& e) { return !fatalFrom || e.index > *fatalFrom; };
    for (const auto& e : exceptions) {
        if (e.inRootCause && !e.wrapper && fatal(e)) {
            return &e;
        }
    }
    for (const auto& e : exceptions) {
        if (!e.wrapper && fatal(e)) {
            return &e;
        }
    }
    for (const auto& e : exceptions) {
        if (fatal(e)) {
            return &e;
        }
    }
    return nullptr;
}

// The start of a hang a watchdog reported with its duration: the first line that
// settings.hang_duration_ms_regex matches, its time (or `fallbackNs` for an untimed line) minus
// the milliseconds of group 1; nullopt when no line says.
constexpr int64_t kNsPerMs = kNsPerSecond / 1000;

std::optional<int64_t> hangStart(const LogLines& lines, const LogRules& rules, int64_t fallbackNs)
{
    if (!rules.hangDurationMs) {
        return std::nullopt;
    }
    for (const LogLine& l : lines) {
        RegexMatch m;
        if (!search(*rules.hangDurationMs, l.timed ? l.message : l.body, m) || m.size() < 2 || !m.matched(1)) {
            continue;
        }
        const auto ms = parseInt(m.str(1));
        if (ms && *ms >= 0 && *ms <= std::numeric_limits<int64_t>::max() / kNsPerMs / 2) {
            return (l.timed ? l.ns : fallbackNs) - *ms * kNsPerMs;
        }
    }
    return std::nullopt;
}

// When the fault struck: the summary's time or the cause line's, the earlier; else the first time
// after the cause line and the fatal traceback; else the attempt end. A hang started when the
// watchdog says the collective began ("ran for 300051 milliseconds before timing out"), else it
// stopped progressing at the last step marker before that. Clamped to the attempt window.
int64_t faultTime(const LogLines& lines, const LogRules& rules, const MarkerScan& markers,
    std::optional<int64_t> rootCauseNs, std::optional<size_t> causeLine, std::optional<size_t> fatalFrom,
    const AttemptRecord& attempt)
{
    std::optional<int64_t> faultNs = rootCauseNs;
    if (causeLine && lines[*causeLine].timed) {
        faultNs = faultNs ? std::min(*faultNs, lines[*causeLine].ns) : lines[*causeLine].ns;
    }
    if (!faultNs && (causeLine || fatalFrom)) {
        const size_t after = std::max(causeLine.value_or(0), fatalFrom.value_or(0));
        for (size_t i = after + 1; i < lines.size(); ++i) {
            if (lines[i].timed) {
                faultNs = lines[i].ns;
                break;
            }
        }
    }
    int64_t f = faultNs.value_or(attempt.endNs);
    if (attempt.symptom == Symptom::Hang) {
        if (const auto start = hangStart(lines, rules, f)) {
            return std::clamp(std::min(*start, f), attempt.startNs, attempt.endNs);
        }
        std::optional<int64_t> lastStep;
        for (const auto& [rank, list] : markers.markers) {
            for (const Marker& mk : list) {
                if (mk.step && mk.ns <= f && (!lastStep || mk.ns > *lastStep)) {
                    lastStep = mk.ns;
                }
            }
        }
        f = lastStep.value_or(f);
    }
    return std::clamp(f, attempt.startNs, attempt.endNs);
}

} // namespace

TracebackScan scanTracebacks(
    const LogLines& lines, const LogRules& rules, int64_t zoneNs, int64_t endNs, IssueCounter& issues)
{
    TracebackScanner scanner(rules, zoneNs, endNs, issues);
    for (size_t i = 0; i < lines.size(); ++i) {
        scanner.line(i, lines[i]);
    }
    return scanner.finish();
}

void classifyOutcome(const LogLines& lines, const MarkerScan& markers, const TracebackScan& tracebacks,
    const LogRules& rules, const Mapping& mapping, const std::string& run, AttemptRecord& attempt, IssueCounter& issues)
{
    const std::optional<size_t> fatalFrom = decideOutcome(lines, markers, tracebacks, rules, attempt, issues);
    if (attempt.outcome != Outcome::Failed) {
        return;
    }
    auto textOf = [&](size_t i) { return lines[i].timed ? std::string_view(lines[i].message) : trim(lines[i].body); };
    // 1. The root exception, and the fault rule that recognizes it.
    const ExceptionLine* root = rootException(tracebacks.exceptions, fatalFrom);
    std::optional<Mapping::Fault> fault;
    std::optional<size_t> causeLine;
    if (root) {
        fault = mapping.fault(textOf(root->index));
        causeLine = root->index;
    }
    // 2. Else any line the fault rules recognize (signals, watchdog errors, argument errors).
    for (size_t i = 0; !fault && i < lines.size(); ++i) {
        if ((fault = mapping.fault(textOf(i)))) {
            causeLine = i;
        }
    }
    if (fault) {
        attempt.cause = fault->cause;
        attempt.symptom = fault->symptom;
    } else {
        attempt.cause = "unknown";
        attempt.symptom = Symptom::Explicit;
        const std::string text = root ? std::string(textOf(root->index)) : std::string("(no exception line)");
        const auto colon = text.find(':');
        if (fatalFrom) {
            issues.add(IssueKind::UnmappedFault, cleanText(text.substr(0, std::min<size_t>(colon, 60)), 60),
                root ? lines[root->index].no : lines[*fatalFrom].no, cleanText(text, kMaxDetailChars));
        }
    }
    if (causeLine) {
        attempt.detail = cleanText(run + ": " + std::string(textOf(*causeLine)), kMaxDetailChars);
    }
    // 3. When it happened.
    attempt.interruptedAtNs = faultTime(lines, rules, markers, tracebacks.rootCauseNs, causeLine, fatalFrom, attempt);
}

} // namespace ett::core::logs
