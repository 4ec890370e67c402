#include "core/store/record_normalizer.h"

#include "core/model/timeutil.h"
#include "core/store/importer.h"

#include <algorithm>
#include <limits>
#include <tuple>

namespace ett::core {

namespace {

std::string quoted(const std::string& s)
{
    return "\"" + s + "\"";
}

std::string interval(int64_t s, int64_t e)
{
    return "[" + formatRfc3339(s) + ", " + formatRfc3339(e) + ")";
}

} // namespace

// ---- PhaseNumbering

void PhaseNumbering::start(int64_t firstId)
{
    m_firstId = firstId;
    m_nextId = firstId;
    m_runAttempt = -1;
}

int64_t PhaseNumbering::next(int64_t attemptId, std::optional<PhaseRun>& closed)
{
    const int64_t id = m_nextId++;
    if (attemptId != m_runAttempt) {
        closed = close();
        m_runAttempt = attemptId;
        m_runFirst = id;
    }
    m_runLast = id;
    return id;
}

std::optional<PhaseRun> PhaseNumbering::close()
{
    if (m_runAttempt < 0) {
        return std::nullopt;
    }
    const PhaseRun run { m_runAttempt, m_runFirst, m_runLast };
    m_runAttempt = -1;
    return run;
}

// ---- RecordNormalizer

RecordNormalizer::RecordNormalizer(std::string path, std::string label)
    : m_path(std::move(path))
    , m_label(std::move(label))
{
}

namespace {

// The longest texts a record may carry, in bytes. Far above what any trace writes (a C++ kernel
// name with its templates is a few KB, a traceback tens of KB), low enough that no record can make
// the store, a table or a report grow without bound.
constexpr size_t kMaxIdBytes = 1024; // job ids, causes, subcategories
constexpr size_t kMaxAttributeKeyBytes = 256;
constexpr size_t kMaxNameBytes = 64 * 1024; // names, attribute values
constexpr size_t kMaxDetailBytes = 256 * 1024;
constexpr size_t kMaxAttributes = 1024;

// The accepted instants: [1900-01-01, 2100-01-01) UTC. Their differences are below 6.4e18 ns.
const int64_t kEarliestNs = daysFromCivil(1900, 1, 1) * 86'400 * kNsPerSecond;
const int64_t kLatestNs = daysFromCivil(2100, 1, 1) * 86'400 * kNsPerSecond;

// Where a record is, for messages: "path:line: " is spelled out only when there is an error to say
// (the checks below run for every record, and almost every record passes them).
struct RecordAt
{
    const RecordNormalizer& normalizer;
    int64_t line;
    std::string text() const { return normalizer.at(line); }
};

// Ok when the named times are all in range; else the error for the first that is not.
Status timesInRange(
    const RecordAt& at, const char* record, std::initializer_list<std::pair<const char*, std::optional<int64_t>>> times)
{
    for (const auto& [field, ns] : times) {
        if (ns && (*ns < kEarliestNs || *ns >= kLatestNs)) {
            return Error { at.text() + record + " record: field '" + field + "': expected a time from 1900-01-01 to "
                + "2100-01-01 UTC, found " + std::to_string(*ns) + " ns since the epoch" };
        }
    }
    return Status::success();
}

// Ok when each named text is at most its limit in bytes; else the error for the first that is not.
Status textsWithin(const RecordAt& at, const char* record,
    std::initializer_list<std::tuple<const char*, const std::string*, size_t>> texts)
{
    for (const auto& [field, text, limit] : texts) {
        if (text->size() > limit) {
            return Error { at.text() + record + " record: field '" + field + "': " + std::to_string(text->size())
                + " bytes, more than the " + std::to_string(limit) + " a " + field + " may have" };
        }
    }
    return Status::success();
}

} // namespace

Status RecordNormalizer::checkLimits(const JobRecord& r, int64_t line) const
{
    if (auto st = textsWithin(
            RecordAt { *this, line }, "job", { { "job", &r.job, kMaxIdBytes }, { "name", &r.name, kMaxNameBytes } });
        !st) {
        return st;
    }
    if (r.attrs.size() > kMaxAttributes) {
        return Error { at(line) + "job record: field 'attrs': " + std::to_string(r.attrs.size())
            + " attributes, more than the " + std::to_string(kMaxAttributes) + " a job may have" };
    }
    for (const auto& [key, value] : r.attrs) {
        const std::string field = "attrs." + (key.size() > kMaxAttributeKeyBytes ? key.substr(0, 60) + "..." : key);
        if (auto st = textsWithin(RecordAt { *this, line }, "job",
                { { "attrs (a key)", &key, kMaxAttributeKeyBytes }, { field.c_str(), &value, kMaxNameBytes } });
            !st) {
            return st;
        }
    }
    return timesInRange(RecordAt { *this, line }, "job", { { "submitted", r.submittedNs } });
}

Status RecordNormalizer::checkLimits(const AttemptRecord& r, int64_t line) const
{
    if (auto st = textsWithin(RecordAt { *this, line }, "attempt",
            { { "job", &r.job, kMaxIdBytes }, { "cause", &r.cause, kMaxIdBytes },
                { "detail", &r.detail, kMaxDetailBytes } });
        !st) {
        return st;
    }
    return timesInRange(RecordAt { *this, line }, "attempt",
        { { "start", r.startNs }, { "end", r.endNs }, { "interrupted_at", r.interruptedAtNs } });
}

Status RecordNormalizer::checkLimits(const PhaseRecord& r, int64_t line) const
{
    if (auto st = textsWithin(RecordAt { *this, line }, "phase",
            { { "job", &r.job, kMaxIdBytes }, { "subcategory", &r.subcategory, kMaxIdBytes },
                { "name", &r.name, kMaxNameBytes } });
        !st) {
        return st;
    }
    return timesInRange(RecordAt { *this, line }, "phase", { { "start", r.startNs }, { "end", r.endNs } });
}

Status RecordNormalizer::checkLimits(const CheckpointRecord& r, int64_t line) const
{
    if (auto st = textsWithin(RecordAt { *this, line }, "checkpoint", { { "job", &r.job, kMaxIdBytes } }); !st) {
        return st;
    }
    return timesInRange(RecordAt { *this, line }, "checkpoint", { { "start", r.startNs }, { "durable", r.durableNs } });
}

Status RecordNormalizer::checkLimits(const RankRecord& r, int64_t line) const
{
    return textsWithin(
        RecordAt { *this, line }, "rank", { { "job", &r.job, kMaxIdBytes }, { "host", &r.host, kMaxIdBytes } });
}

Status RecordNormalizer::checkJobAgrees(const JobState& job, const JobRecord& r, int64_t line) const
{
    const JobRecord& effective = r;
    std::string diff;
    if (effective.name != job.record.name) {
        diff = "name " + quoted(effective.name) + " vs " + quoted(job.record.name);
    } else if (effective.gpus != job.record.gpus) {
        diff = "gpus " + (effective.gpus ? std::to_string(*effective.gpus) : "(absent)") + " vs "
            + (job.record.gpus ? std::to_string(*job.record.gpus) : "(absent)");
    } else if (effective.submittedNs != job.record.submittedNs) {
        diff = "submitted " + (effective.submittedNs ? formatRfc3339(*effective.submittedNs) : "(absent)") + " vs "
            + (job.record.submittedNs ? formatRfc3339(*job.record.submittedNs) : "(absent)");
    } else if (effective.attrs != job.record.attrs) {
        diff = "attrs differ";
    }
    if (!diff.empty()) {
        return Error { at(line) + "job record: job " + quoted(r.job) + " was already declared differently ("
            + job.origin + "): " + diff + "; a job seen again under label " + quoted(m_label)
            + " must agree with its first declaration" };
    }
    return Status::success();
}

Status RecordNormalizer::checkSameAttempt(const AttemptState& a, const AttemptRecord& r, int64_t line) const
{
    const AttemptRecord& first = a.record;
    // Outcomes of trace files of one attempt are merged (mergeTraceOutcome), not compared.
    const bool merged = first.windowFromTrace && r.windowFromTrace;
    std::string field;
    if (first.startNs != r.startNs && !r.windowFromTrace) {
        field = "start";
    } else if (first.endNs != r.endNs && !r.windowFromTrace) {
        field = "end";
    } else if (first.outcome != r.outcome && !merged) {
        field = "outcome";
    } else if (first.interruptedAtNs != r.interruptedAtNs && !merged) {
        field = "interrupted_at";
    } else if (first.gpus != r.gpus) {
        field = "gpus";
    } else if (first.cause != r.cause && !merged) {
        field = "cause";
    }
    if (!field.empty()) {
        return Error { at(line) + "attempt record: field '" + field + "': attempt " + std::to_string(r.attempt)
            + " of job " + quoted(r.job) + " was already declared as " + interval(first.startNs, first.endNs)
            + " outcome " + std::string(outcomeName(first.outcome)) + " (" + a.origin
            + "); an attempt number seen again must be the same attempt" };
    }
    return Status::success();
}

Status RecordNormalizer::checkNoOverlap(const JobState& job, const AttemptRecord& r, int64_t line) const
{
    // Non-empty windows are disjoint, so the only candidate is the last window starting before
    // this one ends.
    if (r.endNs <= r.startNs) {
        return Status::success();
    }
    auto it = job.busy.lower_bound({ r.endNs, std::numeric_limits<int64_t>::min() });
    if (it == job.busy.begin()) {
        return Status::success();
    }
    --it;
    if (it->second <= r.startNs) {
        return Status::success();
    }
    std::string other;
    for (const auto& [n, a] : job.attempts) {
        if (a.record.startNs == it->first && a.record.endNs == it->second) {
            other = "attempt " + std::to_string(n) + " " + interval(it->first, it->second) + " (" + a.origin + ")";
            break;
        }
    }
    return Error { at(line) + "attempt record: field 'start': attempt " + std::to_string(r.attempt) + " of job "
        + quoted(r.job) + " " + interval(r.startNs, r.endNs) + " overlaps " + other
        + "; attempts of one job must not overlap" };
}

Result<bool> RecordNormalizer::widenAttempt(JobState& job, AttemptState& a, const AttemptRecord& r, int64_t line) const
{
    AttemptRecord& first = a.record;
    const int64_t start = std::min(first.startNs, r.startNs);
    const int64_t end = std::max(first.endNs, r.endNs);
    if (start == first.startNs && end == first.endNs) {
        return false;
    }
    if (first.endNs > first.startNs) {
        job.busy.erase({ first.startNs, first.endNs });
    }
    AttemptRecord widened = first;
    widened.startNs = start;
    widened.endNs = end;
    if (auto st = checkNoOverlap(job, widened, line); !st) {
        occupy(job, first);
        return st.error();
    }
    first.startNs = start;
    first.endNs = end;
    occupy(job, first);
    return true;
}

Status RecordNormalizer::noteTraceFilesApart(const AttemptState& a, const AttemptRecord& r, int64_t line)
{
    constexpr int64_t kApartNs = int64_t { 24 } * 3600 * 1'000'000'000;
    const int64_t apart = std::max(r.startNs - a.record.endNs, a.record.startNs - r.endNs);
    if (apart <= kApartNs) {
        return Status::success();
    }
    const std::string what = "attempt " + std::to_string(r.attempt) + " of job " + r.job + ": this file lies "
        + formatDurationHuman(apart);
    if (m_refuseApart) {
        return Error { at(line) + what + " " + kAnotherRunApart + " (" + a.origin + "), so it is another run", "job" };
    }
    m_issues.add(IssueKind::TraceFilesApart, r.job, line, what + " from the attempt's other files (" + a.origin + ")");
    return Status::success();
}

bool RecordNormalizer::mergeTraceOutcome(AttemptRecord& first, const AttemptRecord& r)
{
    auto rankOf = [](const AttemptRecord& a) {
        switch (a.outcome) {
        case Outcome::Failed:
        case Outcome::Preempted:
            return a.symptom != Symptom::None ? 4 : 3;
        case Outcome::Running:
            return 2;
        case Outcome::Cancelled:
            return 1;
        case Outcome::Completed:
            break;
        }
        return 0;
    };
    const int a = rankOf(first);
    const int b = rankOf(r);
    const bool takeR = b > a
        || (a == b && a >= 3 && r.interruptedAtNs.value_or(r.endNs) < first.interruptedAtNs.value_or(first.endNs));
    if (!takeR) {
        return false;
    }
    first.outcome = r.outcome;
    first.interruptedAtNs = r.interruptedAtNs;
    first.cause = r.cause;
    first.symptom = r.symptom;
    first.detail = r.detail;
    return true;
}

void RecordNormalizer::occupy(JobState& job, const AttemptRecord& a)
{
    if (a.endNs > a.startNs) {
        job.busy.emplace(a.startNs, a.endNs);
    }
}

Result<ClippedPhase> RecordNormalizer::clipPhase(const PhaseRecord& r, const AttemptRecord& a, int64_t line)
{
    const int64_t cs = std::max(r.startNs, a.startNs);
    const int64_t ce = std::min(r.endNs, a.endNs);
    if (ce < cs || (ce == cs && r.endNs > r.startNs)) {
        return Error { at(line) + "phase record: field 'start': phase " + quoted(std::string(categoryName(r.category)))
            + " " + interval(r.startNs, r.endNs) + " lies entirely outside attempt " + std::to_string(r.attempt)
            + " of job " + quoted(r.job) + " " + interval(a.startNs, a.endNs) };
    }
    if (cs != r.startNs || ce != r.endNs) {
        m_issues.add(IssueKind::PhaseClipped, std::string(categoryName(r.category)), line,
            "job " + r.job + " attempt " + std::to_string(r.attempt) + ": " + interval(r.startNs, r.endNs)
                + " clipped to " + interval(cs, ce));
    }
    return ClippedPhase { cs, ce };
}

Error RecordNormalizer::undeclaredAttempt(
    const char* record, const std::string& job, int32_t attempt, int64_t line) const
{
    return Error { at(line) + record + " record: field 'attempt': attempt " + std::to_string(attempt) + " of job "
        + quoted(job) + " is declared neither in this file nor earlier under label " + quoted(m_label) };
}

std::optional<int64_t> RecordNormalizer::durableOf(const CheckpointRecord& r)
{
    return r.failed ? std::nullopt : std::optional<int64_t>(r.durableNs.value_or(r.startNs));
}

AttemptInput RecordNormalizer::attemptInput(const AttemptRecord& r)
{
    AttemptInput in;
    in.number = r.attempt;
    in.startNs = r.startNs;
    in.endNs = r.endNs;
    in.outcome = r.outcome;
    in.interruptedAtNs = r.interruptedAtNs.value_or(r.endNs);
    in.interruption = classifyInterruption(r.outcome, r.cause);
    return in;
}

void RecordNormalizer::finishBuffer(JobState& job)
{
    job.buffer.gpus = job.record.gpus.value_or(1);
    job.buffer.submittedNs = job.record.submittedNs;
    for (size_t i = 0; i < job.buffer.attempts.size(); ++i) {
        job.buffer.attempts[i].gpus = job.bufferAttemptGpus[i].value_or(job.buffer.gpus);
    }
}

void RecordNormalizer::noteDerived(bool submittedAfterStart, bool withoutAttempts, const std::string& jobKey)
{
    if (submittedAfterStart) {
        m_issues.add(
            IssueKind::SubmittedAfterStart, "", 0, "job " + jobKey + " was submitted after its first attempt started");
    }
    if (withoutAttempts) {
        m_issues.add(IssueKind::JobWithoutAttempts, "", 0, "job " + jobKey + " has no attempt records");
    }
}

void RecordNormalizer::noteImplicitJob(const std::string& key)
{
    m_issues.add(IssueKind::ImplicitJob, "", 0, "job " + key + " is referenced but never declared; gpus 1 assumed");
}

} // namespace ett::core
