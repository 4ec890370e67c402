// A console log's outcome and fault cause: Python tracebacks and torchelastic's failure summary
// found in the untimed lines, the outcome they and the completion line give, the root exception,
// the fault rule that names its cause, and when the fault struck. See log_reader.cpp.
#include "core/ingest/log_internal.h"

#include <algorithm>
#include <limits>

namespace ett::core::logs {

namespace {

constexpr std::string_view kTracebackHeader = "Traceback (most recent call last):";
constexpr int64_t kNsPerMs = kNsPerSecond / 1000;

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

} // namespace

// ---- The scan -------------------------------------------------------------------------------

struct OutcomeScanner::State
{
    State(const LogRules& r, const Mapping& m, int64_t z, IssueCounter& i)
        : rules(r)
        , mapping(m)
        , zoneNs(z)
        , issues(i)
    {
    }

    struct Traceback
    {
        bool open = false;
        size_t indent = 0;
        bool inRootCause = false;
        int64_t headerNo = 0;
    };
    // A time of the failure summary as written: placed once the attempt's end is known.
    struct SummaryTime
    {
        int64_t no = 0;
        std::string text;
        bool valid = false;
        RawTime raw;
    };
    static constexpr size_t kMaxSummaryTimes = 64;

    void timedLine(const LogLine& l);
    void untimedLine(const LogLine& l);
    void anyLine(const LogLine& l, std::string_view text, std::string_view hangText);
    void close(Traceback& tb);
    void summary(const LogLine& l, std::string_view body);

    const LogRules& rules;
    const Mapping& mapping;
    int64_t zoneNs;
    IssueCounter& issues;
    OutcomeScan scan;
    std::map<int32_t, Traceback> tracebacks;
    bool inRootCause = false;
    int64_t untimed = 0;
    int64_t firstUntimedNo = 0;
    std::string firstUntimed;
    std::vector<SummaryTime> summaryTimes;
    bool summaryTimeFound = false; // one with a year that is a valid date: later ones are not read
};

void OutcomeScanner::State::timedLine(const LogLine& l)
{
    // The kept lines that wait for the time of the first timed line after them.
    for (std::optional<CauseLine>* c :
        { &scan.fatalHeader, &scan.roots[0], &scan.roots[1], &scan.roots[2], &scan.faultLine }) {
        if (*c && !(*c)->nextTimedNs && (*c)->no < l.no) {
            (*c)->nextTimedNs = l.ns;
        }
    }
    if (search(rules.completed, l.message)) {
        // A completion line: the tracebacks before it were not fatal.
        scan.completedNo = l.no;
        scan.fatalHeader.reset();
        scan.roots = {};
    }
    // A new log record ends torchelastic's failure summary. Not a traceback: Python writes those to
    // stderr while the logger's lines (stdout, other threads) go on between them.
    inRootCause = false;
    anyLine(l, l.message, l.message);
}

void OutcomeScanner::State::untimedLine(const LogLine& l)
{
    ++untimed;
    if (!firstUntimedNo) {
        firstUntimedNo = l.no;
        firstUntimed = cleanText(l.body, kMaxUnmappedChars);
    }
    const std::string_view body = trim(l.body);
    summary(l, body);
    Traceback& tb = tracebacks[l.rank];
    if (body.find(kTracebackHeader) != std::string_view::npos) {
        close(tb);
        tb.open = true;
        tb.indent = indentOf(l.body);
        tb.inRootCause = inRootCause;
        tb.headerNo = l.no;
        ++scan.headers;
        scan.firstHeaderNo = scan.firstHeaderNo ? scan.firstHeaderNo : l.no;
        scan.lastHeaderNo = l.no;
        if (!scan.fatalHeader) {
            scan.fatalHeader = CauseLine { l.no, {}, false, 0, std::nullopt };
        }
    } else if (tb.open && !body.empty() && indentOf(l.body) <= tb.indent && !body.starts_with("File \"")) {
        tb.open = false;
        // An exception line after the fatal traceback: a candidate root exception.
        if (scan.fatalHeader) {
            const bool wrapper = search(rules.wrapper, body);
            const bool kinds[] = { tb.inRootCause && !wrapper, !wrapper, true };
            for (size_t k = 0; k < scan.roots.size(); ++k) {
                if (kinds[k] && !scan.roots[k]) {
                    scan.roots[k] = CauseLine { l.no, std::string(body), false, 0, std::nullopt };
                }
            }
        }
    }
    anyLine(l, body, l.body);
}

// What any line may say: the first line a fault rule recognizes (signals, watchdog errors, argument
// errors printed without a traceback), the first hang duration.
void OutcomeScanner::State::anyLine(const LogLine& l, std::string_view text, std::string_view hangText)
{
    if (!scan.faultLine) {
        if (auto fault = mapping.fault(text)) {
            scan.fault = std::move(fault);
            scan.faultLine = CauseLine { l.no, std::string(text), l.timed, l.ns, std::nullopt };
        }
    }
    if (!scan.hang && rules.hangDurationMs) {
        RegexMatch m;
        if (search(*rules.hangDurationMs, hangText, m) && m.size() > 1 && m.matched(1)) {
            const auto ms = parseInt(m.str(1));
            if (ms && *ms >= 0 && *ms <= std::numeric_limits<int64_t>::max() / kNsPerMs / 2) {
                scan.hang = OutcomeScan::HangLine { l.timed, l.ns, *ms };
            }
        }
    }
}

void OutcomeScanner::State::close(Traceback& tb)
{
    if (tb.open) {
        issues.add(IssueKind::TracebackWithoutException, "a Python traceback without its exception line", tb.headerNo,
            std::string(kTracebackHeader));
        tb.open = false;
    }
}

// torchelastic's failure summary: the Root Cause section and its time.
void OutcomeScanner::State::summary(const LogLine& l, std::string_view body)
{
    if (search(rules.rootCause, body)) {
        inRootCause = true;
        return;
    }
    if (inRootCause && search(rules.rootCauseEnd, body)) {
        inRootCause = false;
        return;
    }
    if (!inRootCause || !rules.rootCauseTime || summaryTimeFound || summaryTimes.size() >= kMaxSummaryTimes) {
        return;
    }
    RegexMatch m;
    const std::string b(body);
    if (!search(rules.rootCauseTime->re, b, m)) {
        return;
    }
    SummaryTime t;
    t.no = l.no;
    t.text = cleanText(body, kMaxDetailChars);
    t.valid = readSummaryTime(m, *rules.rootCauseTime, t.raw);
    summaryTimeFound = t.valid && t.raw.year && toNs(t.raw, *t.raw.year, zoneNs);
    summaryTimes.push_back(std::move(t));
}

OutcomeScanner::OutcomeScanner(const LogRules& rules, const Mapping& mapping, int64_t zoneNs, IssueCounter& issues)
    : m_state(std::make_unique<State>(rules, mapping, zoneNs, issues))
{
}

OutcomeScanner::~OutcomeScanner() = default;

void OutcomeScanner::line(const LogLine& l)
{
    m_state->scan.lastNo = l.no;
    if (l.timed) {
        m_state->timedLine(l);
    } else {
        m_state->untimedLine(l);
    }
}

OutcomeScan OutcomeScanner::finish(int64_t endNs)
{
    State& s = *m_state;
    for (auto& [rank, tb] : s.tracebacks) {
        s.close(tb);
    }
    if (s.untimed > 0) {
        s.issues.add(IssueKind::UntimedLine,
            "lines without a timestamp (shell trace, print output, tracebacks): not timed", s.firstUntimedNo,
            s.firstUntimed, s.untimed);
    }
    // The summary's time: the first that is a valid date (a yearless one placed near the end).
    for (const State::SummaryTime& t : s.summaryTimes) {
        if (t.valid) {
            s.scan.rootCauseNs = t.raw.year ? toNs(t.raw, *t.raw.year, s.zoneNs) : closestToNs(t.raw, endNs, s.zoneNs);
        }
        if (s.scan.rootCauseNs) {
            break;
        }
        s.issues.add(IssueKind::BadRootCauseTime, "a Root Cause time that is not a valid date", t.no, t.text);
    }
    return std::move(s.scan);
}

// ---- The outcome and the cause --------------------------------------------------------------

namespace {

// The outcome from the completion line and the tracebacks; for a failure, the fatal traceback
// (nullptr when the failure has none).
const CauseLine* decideOutcome(
    const OutcomeScan& scan, const LogRules& rules, AttemptRecord& attempt, IssueCounter& issues)
{
    if (scan.completedNo && (scan.headers == 0 || *scan.completedNo > scan.lastHeaderNo)) {
        attempt.outcome = Outcome::Completed;
        if (scan.headers > 0) {
            issues.add(IssueKind::NonfatalTraceback, "Python tracebacks before the completion line (training went on)",
                scan.firstHeaderNo, "", scan.headers);
        }
        return nullptr;
    }
    if (scan.headers > 0) {
        attempt.outcome = Outcome::Failed;
        return scan.fatalHeader ? &*scan.fatalHeader : nullptr;
    }
    attempt.outcome = rules.unfinished;
    issues.add(IssueKind::NoOutcomeLine,
        std::string("neither a completion line nor a traceback: the attempt is taken as ")
            + std::string(outcomeName(rules.unfinished)) + " (settings.unfinished_outcome)",
        scan.lastNo);
    return nullptr;
}

// When the fault struck: the summary's time or the cause line's, the earlier; else the first time
// after the cause line and the fatal traceback; else the attempt end. A hang started when the
// watchdog says the collective began ("ran for 300051 milliseconds before timing out"), else it
// stopped progressing at the last step marker before that. Clamped to the attempt window. nullopt
// when that step marker was folded away (MarkerScan::lastStepAtOrBefore).
std::optional<int64_t> faultTime(const OutcomeScan& scan, const MarkerScan& markers, const CauseLine* cause,
    const CauseLine* fatal, const AttemptRecord& attempt)
{
    std::optional<int64_t> faultNs = scan.rootCauseNs;
    if (cause && cause->timed) {
        faultNs = faultNs ? std::min(*faultNs, cause->ns) : cause->ns;
    }
    if (!faultNs && (cause || fatal)) {
        const CauseLine* after = !fatal || (cause && cause->no > fatal->no) ? cause : fatal;
        faultNs = after->nextTimedNs;
    }
    int64_t f = faultNs.value_or(attempt.endNs);
    if (attempt.symptom == Symptom::Hang) {
        if (scan.hang) {
            const int64_t start = (scan.hang->timed ? scan.hang->ns : f) - scan.hang->ms * kNsPerMs;
            return std::clamp(std::min(start, f), attempt.startNs, attempt.endNs);
        }
        std::optional<int64_t> lastStep;
        if (!markers.lastStepAtOrBefore(f, lastStep)) {
            return std::nullopt;
        }
        f = lastStep.value_or(f);
    }
    return std::clamp(f, attempt.startNs, attempt.endNs);
}

} // namespace

bool classifyOutcome(const OutcomeScan& scan, const MarkerScan& markers, const LogRules& rules, const Mapping& mapping,
    const std::string& run, AttemptRecord& attempt, IssueCounter& issues)
{
    const CauseLine* fatal = decideOutcome(scan, rules, attempt, issues);
    if (attempt.outcome != Outcome::Failed) {
        return true;
    }
    // 1. The root exception, and the fault rule that recognizes it.
    const CauseLine* root = nullptr;
    for (const auto& r : scan.roots) {
        root = root ? root : (r ? &*r : nullptr);
    }
    std::optional<Mapping::Fault> fault;
    const CauseLine* cause = nullptr;
    if (root) {
        fault = mapping.fault(root->text);
        cause = root;
    }
    // 2. Else the first line the fault rules recognize (signals, watchdog errors, argument errors).
    if (!fault && scan.faultLine) {
        fault = scan.fault;
        cause = &*scan.faultLine;
    }
    if (fault) {
        attempt.cause = fault->cause;
        attempt.symptom = fault->symptom;
    } else {
        attempt.cause = "unknown";
        attempt.symptom = Symptom::Explicit;
        const std::string text = root ? root->text : std::string("(no exception line)");
        const auto colon = text.find(':');
        if (fatal) {
            issues.add(IssueKind::UnmappedFault, cleanText(text.substr(0, std::min<size_t>(colon, 60)), 60),
                root ? root->no : fatal->no, cleanText(text, kMaxDetailChars));
        }
    }
    if (cause) {
        attempt.detail = cleanText(run + ": " + cause->text, kMaxDetailChars);
    }
    // 3. When it happened.
    const auto at = faultTime(scan, markers, cause, fatal, attempt);
    attempt.interruptedAtNs = at.value_or(attempt.endNs);
    return at.has_value();
}

} // namespace ett::core::logs
