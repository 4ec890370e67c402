// Reader of what the NVIDIA Resiliency Extension (NVRx) fault-tolerance launcher writes. Two kinds
// of file, told apart by content, each read on its own:
//
// 1. A cycle info file, cycle_info.<job_id>.<attempt_index>.<cycle_number>: one JSON object of the
//    NVRxCycleInfo fields (job_id, attempt_index, cycle_number, cycle_start_time, cycle_end_time,
//    cycle_log_file, active_nodes, standby_nodes, generation, active_ranks). One cycle is one
//    attempt of job `job_id`, numbered attempt_index x 10000 + cycle_number (in-job restarts are
//    cycles of one Slurm attempt). Its window is [cycle_start_time, cycle_end_time); an empty end
//    means the cycle is open: the attempt is running and ends at the time of the import. An ended
//    cycle failed when the next cycle's file (cycle + 1, or cycle 0 of attempt_index + 1) lies in
//    the same folder (NVRx starts a cycle only after a fault), with the fault at its end (counted:
//    fault_time_unknown); otherwise it is taken as completed (counted: outcome_assumed). The
//    cycle is one phase named "cycle" (preset: train; counted: coarse).
//
// 2. A launcher log with restart-timing lines, possibly mixed with any other output:
//      "... Cycle: N Event: <event> Node: <node> Rank: <rank> Time: YYYY-MM-DD HH:MM:SS.mmm UTC"
//    The profiler counts cycles up at failure_detected, so the events of cycle N >= 1 are the
//    recovery into cycle N: failure_detected (the fault of cycle N - 1), worker_terminated (its
//    workers torn down), then rendezvous_started .. rendezvous_completed and worker_start_started ..
//    worker_start_completed of cycle N. A worker_terminated after cycle N's workers started ends
//    cycle N itself (the launcher's shutdown). Every node logs its own events: the earliest start
//    and detection, the latest completion and termination are kept (the slowest node gates, spec 4).
//    Cycle N is attempt A x 10000 + N (A from --attempt, default 0): it starts at its
//    rendezvous_started (cycle 0: its first event) and ends at the next cycle's termination (at
//    the latest at the next cycle's start), failed at the next cycle's failure_detected; or at
//    its own termination, completed; or it is running until the last event (counted). Phases:
//    "rendezvous", "worker_start", and "running" from worker_start_completed to the end (preset:
//    setup.rendezvous, setup.worker_start, train). A failed cycle's cause is that of the first fault
//    rule matching other output after its workers started (its detail quotes the line). So Time to
//    Recover splits into detect
//    (failure_detected -> worker_terminated), restart (-> rendezvous_started) and start-up
//    (-> worker_start_completed). The job is --job, else the file name.
//
// A log and cycle files of one job give different windows for the same attempt numbers: imported
// under one label with the same job key, the importer refuses the second file (an attempt seen
// again must be the same attempt). Import them under different labels to compare.
//
// GPUs: nodes x --gpus-per-node, the nodes being active_nodes (a Slurm range, else active_ranks) of
// a cycle file, or the distinct nodes of a cycle's events in a log. Without --gpus-per-node the job
// has no GPU count (counted: job_gpus_missing; 1 assumed).
#include "core/ingest/foreign_reader.h"
#include "core/ingest/nvrx_internal.h"
#include "core/ingest/reader_text.h"
#include "core/ingest/readers.h"
#include "core/ingest/text_input.h"
#include "core/model/timeutil.h"

#include <simdjson.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <limits>
#include <map>
#include <set>

namespace ett::core {

namespace {

namespace dom = simdjson::dom;
namespace fs = std::filesystem;

constexpr size_t kMaxCycleFileBytes = 1 << 20; // a cycle file is a few hundred bytes
constexpr int64_t kMaxCycle = nvrx::kCyclesPerAttempt - 1;
constexpr int64_t kMaxNodesPerCycle = 1'000'000;
constexpr size_t kMaxTerminationsPerCycle = 1 << 20; // a few per node; more is not a launcher's log

std::string shorten(std::string_view s, size_t max = 160)
{
    return shortenText(s, max);
}

class NvrxReader final : public ForeignReader
{
public:
    NvrxReader(std::unique_ptr<ByteSource> source, Mapping mapping, ReaderOptions options)
        : ForeignReader(std::move(source), "nvrx")
        , m_mapping(std::move(mapping))
        , m_options(std::move(options))
    {
    }

private:
    // What the events of one cycle say (times in ns; nullopt: no such event).
    struct Cycle
    {
        std::optional<int64_t> detected; // failure_detected: earliest
        std::vector<std::pair<int64_t, int64_t>> terminated; // worker_terminated: (time, line)
        std::optional<int64_t> rdzvStart; // earliest
        std::optional<int64_t> rdzvEnd; // latest (rendezvous_completed, health_check_completed)
        std::optional<int64_t> startBegin; // worker_start_started: earliest
        std::optional<int64_t> startEnd; // worker_start_completed: latest
        std::optional<int64_t> first; // first event of any kind
        std::optional<int64_t> last;
        std::string detectedNode;
        std::set<std::string> nodes;
        std::optional<Mapping::Fault> fault; // the first fault rule matching other output while it ran
        std::string faultText;
        int64_t faultLine = 0;
        int64_t line = 0; // of its first event
    };

    Status build() override;
    Status readCycleFile(std::string text, int64_t firstLine);
    Status readLog(TextInput& in, std::string_view firstLine);
    Status emitLog();
    void addGpus(JobRecord& job, std::optional<int64_t> nodes);
    Status addPhase(const std::string& name, const AttemptRecord& a, int64_t startNs, int64_t endNs, int64_t line);

    Mapping m_mapping;
    ReaderOptions m_options;
    std::map<int64_t, Cycle> m_cycles;
    int64_t m_firstEventLine = 0;
    int64_t m_lastEventNs = std::numeric_limits<int64_t>::min();
    std::optional<int64_t> m_running; // the latest cycle whose workers started: output is theirs
    UnmappedNames m_unmapped;
};

Status NvrxReader::build()
{
    TextInput in(source(), "an NVRx file");
    // 1. The first non-blank line tells the kind: the start of a cycle info object, or a log line.
    for (;;) {
        auto next = in.nextLine();
        if (!next) {
            return next.error();
        }
        if (!*next) {
            return Error { path() + ": no NVRx cycle info and no restart-timing line (\"Cycle: N Event: ...\")" };
        }
        const std::string_view line = nvrx::trim(**next);
        if (line.empty()) {
            continue;
        }
        // The writer indents its object ("{" alone on the first line); json.dump writes one line.
        const bool cycleFile = line == "{"
            || (line.front() == '{'
                && (line.find("\"cycle_number\"") != std::string_view::npos
                    || line.find("\"job_id\"") != std::string_view::npos));
        if (!cycleFile) {
            return readLog(in, **next);
        }
        // 2. A cycle file: the whole (small) object.
        const int64_t firstLine = in.line();
        std::string text(**next);
        for (;;) {
            auto more = in.nextLine();
            if (!more) {
                return more.error();
            }
            if (!*more) {
                break;
            }
            text += '\n';
            text.append(**more);
            if (text.size() > kMaxCycleFileBytes) {
                return Error { path() + ":" + std::to_string(in.line())
                    + ": an NVRx cycle info file is one small JSON object; this one is over 1 MiB" };
            }
        }
        return readCycleFile(std::move(text), firstLine);
    }
}

void NvrxReader::addGpus(JobRecord& job, std::optional<int64_t> nodes)
{
    if (m_options.gpusPerNode && nodes && *nodes >= 1) {
        job.gpus = *nodes * *m_options.gpusPerNode;
        return;
    }
    m_issues.add(IssueKind::JobGpusMissing, "", 1,
        "job " + shorten(job.job)
            + (m_options.gpusPerNode ? std::string(": the file names no nodes") : std::string(": no --gpus-per-node"))
            + "; 1 GPU assumed");
}

Status NvrxReader::addPhase(
    const std::string& name, const AttemptRecord& a, int64_t startNs, int64_t endNs, int64_t line)
{
    startNs = std::max(startNs, a.startNs);
    endNs = std::min(endNs, a.endNs);
    if (endNs < startNs) {
        return Status::success(); // outside the attempt (clock skew between nodes): nothing of it is inside
    }
    addMapped(m_mapping.map(name), m_unmapped, name, a.job, a.attempt, startNs, endNs, line);
    return Status::success();
}

Status NvrxReader::readCycleFile(std::string text, int64_t firstLine)
{
    const std::string where = path() + ":" + std::to_string(firstLine) + ": NVRx cycle info: ";
    dom::parser parser;
    dom::element root;
    if (auto err = parser.parse(text).get(root)) {
        return Error { where + "not valid JSON (" + simdjson::error_message(err) + ")" };
    }
    dom::object obj;
    if (root.get_object().get(obj)) {
        return Error { where + "expected one JSON object" };
    }
    auto cycle = nvrx::readCycleInfo(obj);
    if (!cycle) {
        return Error { where + cycle.error().message, cycle.error().option };
    }
    for (const auto& field : cycle->unknownFields) {
        m_issues.add(IssueKind::UnknownField, "cycle_info." + field, firstLine);
    }
    const int64_t attemptIndex = m_options.attempt ? *m_options.attempt : cycle->attemptIndex;
    if (cycle->cycleNumber > kMaxCycle) {
        return Error { where + "field 'cycle_number': expected at most " + std::to_string(kMaxCycle) + ", got "
                + std::to_string(cycle->cycleNumber),
            "cycle_number" };
    }
    const int64_t number = attemptIndex * nvrx::kCyclesPerAttempt + cycle->cycleNumber;
    if (number > std::numeric_limits<int32_t>::max()) {
        return Error { where + "field 'attempt_index': " + std::to_string(attemptIndex) + " is too large",
            "attempt_index" };
    }

    JobRecord job;
    job.job = m_options.job ? *m_options.job : cycle->jobId;
    job.name = job.job;
    job.attrs = { { "source", "nvrx" } };
    addGpus(job, cycle->nodes);
    add(job, firstLine);

    AttemptRecord a;
    a.job = job.job;
    a.attempt = static_cast<int32_t>(number);
    a.startNs = cycle->startNs;
    a.gpus = job.gpus;
    if (!cycle->endNs) {
        const int64_t now
            = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch())
                  .count();
        a.endNs = std::max(now, a.startNs);
        a.outcome = Outcome::Running;
        // Read again (the .current link to the same file, a later import), the cycle ends at
        // another "now": the importer then keeps one window instead of refusing the second.
        a.windowFromTrace = true;
        m_issues.add(IssueKind::RunningAttempt, "", firstLine,
            "cycle " + std::to_string(cycle->cycleNumber) + " has no cycle_end_time: running until the import, "
                + formatRfc3339(a.endNs));
    } else {
        a.endNs = *cycle->endNs;
        // The next cycle's file beside this one says this cycle was interrupted.
        bool next = false;
        if (path() != "-") {
            const fs::path dir = fs::path(path()).parent_path();
            const std::string stem = "cycle_info." + cycle->jobId + ".";
            std::error_code ec;
            for (const std::string& name :
                { stem + std::to_string(cycle->attemptIndex) + "." + std::to_string(cycle->cycleNumber + 1),
                    stem + std::to_string(cycle->attemptIndex + 1) + ".0" }) {
                for (const char* gz : { "", ".gz" }) {
                    next = next || fs::exists(dir / (name + gz), ec);
                }
            }
        }
        if (next) {
            a.outcome = Outcome::Failed;
            a.detail = "NVRx started a later cycle after cycle " + std::to_string(cycle->cycleNumber);
            m_issues.add(IssueKind::FaultTimeUnknown, "", firstLine,
                "cycle " + std::to_string(cycle->cycleNumber)
                    + " was followed by another: failed, fault taken at its end " + formatRfc3339(a.endNs));
        } else {
            m_issues.add(IssueKind::OutcomeAssumed, "completed", firstLine,
                "cycle " + std::to_string(cycle->cycleNumber)
                    + " ended and no later cycle's file is beside it: taken as completed");
        }
    }
    add(a, firstLine);
    if (auto st = addPhase("cycle", a, a.startNs, a.endNs, firstLine); !st) {
        return st;
    }
    m_issues.add(
        IssueKind::Coarse, "", firstLine, "a cycle file gives the cycle's window only: the whole cycle is one phase");
    m_unmapped.report(m_issues);
    return Status::success();
}

Status NvrxReader::readLog(TextInput& in, std::string_view firstLine)
{
    std::optional<std::string_view> line = firstLine;
    for (;;) {
        if (!line) {
            auto next = in.nextLine();
            if (!next) {
                return next.error();
            }
            if (!*next) {
                break;
            }
            line = **next;
        }
        const std::string_view raw = *line;
        line.reset();
        const int64_t lineNo = in.line();
        const auto at = raw.find("Cycle: ");
        const auto ev = at == std::string_view::npos ? at : raw.find(" Event: ", at);
        if (ev == std::string_view::npos) {
            const std::string_view body = nvrx::trim(raw);
            if (body.empty()) {
                continue;
            }
            m_issues.add(IssueKind::UnusedLine, "", lineNo, shorten(body));
            // The workers' error, printed while they ran or once the failure is noticed.
            if (m_running) {
                Cycle& c = m_cycles[*m_running];
                if (!c.fault) {
                    if (auto f = m_mapping.fault(body)) {
                        c.fault = std::move(f);
                        c.faultText = shorten(body, 200);
                        c.faultLine = lineNo;
                    }
                }
            }
            continue;
        }
        std::string field;
        std::string why;
        auto e = nvrx::parseEventLine(raw.substr(at), field, why);
        if (!e) {
            m_issues.add(IssueKind::MalformedEvent, field, lineNo, shorten(nvrx::trim(raw)) + ": " + why);
            continue;
        }
        if (e->cycle > kMaxCycle) {
            m_issues.add(IssueKind::MalformedEvent, "cycle", lineNo,
                shorten(nvrx::trim(raw)) + ": cycle over " + std::to_string(kMaxCycle));
            continue;
        }
        Cycle& c = m_cycles[e->cycle];
        auto earliest = [&](std::optional<int64_t>& v) { v = v ? std::min(*v, e->timeNs) : e->timeNs; };
        auto latest = [&](std::optional<int64_t>& v) { v = v ? std::max(*v, e->timeNs) : e->timeNs; };
        if (!c.first) {
            c.line = lineNo;
        }
        if (m_firstEventLine == 0) {
            m_firstEventLine = lineNo;
        }
        const std::string& name = e->event;
        if (name == "failure_detected") {
            if (!c.detected || e->timeNs < *c.detected) {
                c.detectedNode = e->node;
            }
            earliest(c.detected);
        } else if (name == "worker_terminated") {
            if (c.terminated.size() >= kMaxTerminationsPerCycle) {
                m_issues.add(
                    IssueKind::MalformedEvent, "event", lineNo, "too many worker_terminated events in one cycle");
                continue;
            }
            c.terminated.emplace_back(e->timeNs, lineNo);
        } else if (name == "rendezvous_started") {
            earliest(c.rdzvStart);
        } else if (name == "rendezvous_completed" || name == "health_check_completed") {
            latest(c.rdzvEnd);
        } else if (name == "worker_start_started") {
            earliest(c.startBegin);
        } else if (name == "worker_start_completed") {
            latest(c.startEnd);
            m_running = std::max(m_running.value_or(e->cycle), e->cycle);
        } else if (name != "attribution_get_started" && name != "attribution_get_completed") {
            m_issues.add(IssueKind::UnknownEvent, name, lineNo, shorten(nvrx::trim(raw)));
            continue;
        }
        earliest(c.first);
        latest(c.last);
        if (name != "failure_detected" && name != "worker_terminated" && !e->node.empty() && e->node != "unknown"
            && c.nodes.size() < kMaxNodesPerCycle) {
            c.nodes.insert(e->node);
        }
        m_lastEventNs = std::max(m_lastEventNs, e->timeNs);
    }
    if (m_cycles.empty()) {
        return Error { path()
            + ": no restart-timing line (\"Cycle: N Event: <event> ... Time: ... UTC\"); is it an "
              "NVRx launcher log?" };
    }
    return emitLog();
}

Status NvrxReader::emitLog()
{
    const int64_t base = int64_t { m_options.attempt.value_or(0) } * nvrx::kCyclesPerAttempt;
    if (base + m_cycles.rbegin()->first > std::numeric_limits<int32_t>::max()) {
        return Error { path() + ": --attempt " + std::to_string(*m_options.attempt) + " is too large for its cycles",
            "attempt" };
    }
    // 1. Where each cycle starts (nullopt: the cycle never started, only its predecessor's teardown).
    auto startOf = [&](int64_t n, const Cycle& c) -> std::optional<int64_t> {
        if (n == m_cycles.begin()->first && !c.detected && c.terminated.empty()) {
            return c.first;
        }
        if (c.rdzvStart) {
            return c.rdzvStart;
        }
        std::optional<int64_t> s;
        for (const auto& v : { c.rdzvEnd, c.startBegin, c.startEnd }) {
            if (v && (!s || *v < *s)) {
                s = v;
            }
        }
        return s;
    };
    JobRecord job;
    job.job = m_options.job ? *m_options.job : jobIdFromPath(path());
    job.name = job.job;
    job.attrs = { { "source", "nvrx" } };
    int64_t maxNodes = 0;
    for (const auto& [n, c] : m_cycles) {
        maxNodes = std::max<int64_t>(maxNodes, static_cast<int64_t>(c.nodes.size()));
    }
    addGpus(job, maxNodes > 0 ? std::optional<int64_t>(maxNodes) : std::nullopt);
    add(job, m_firstEventLine);

    bool coarse = false;
    std::optional<int64_t> previousEnd;
    for (auto it = m_cycles.begin(); it != m_cycles.end(); ++it) {
        const auto& [n, c] = *it;
        const std::optional<int64_t> start = startOf(n, c);
        if (!start) {
            continue; // a teardown whose cycle never started: it ends the cycle before
        }
        AttemptRecord a;
        a.job = job.job;
        a.attempt = static_cast<int32_t>(base + n);
        a.startNs = previousEnd ? std::max(*start, *previousEnd) : *start;
        if (m_options.gpusPerNode && !c.nodes.empty()) {
            a.gpus = static_cast<int64_t>(c.nodes.size()) * *m_options.gpusPerNode;
        }
        // 2. How it ends: the next cycle's detection and teardown, its own termination, or not yet.
        const auto nextIt = std::next(it);
        // The next cycle the log has (normally n + 1; a log with cycles missing restarts later).
        const Cycle* next = nextIt != m_cycles.end() ? &nextIt->second : nullptr;
        const int64_t nextNo = next ? nextIt->first : n + 1;
        const std::optional<int64_t> nextStart = next ? startOf(nextNo, *next) : std::nullopt;
        const int64_t started = c.startEnd.value_or(c.last.value_or(a.startNs));
        std::optional<int64_t> ownEnd;
        for (const auto& [t, line] : c.terminated) {
            if (t >= started && (!ownEnd || t > *ownEnd)) {
                ownEnd = t;
            }
        }
        if (next && (next->detected || !next->terminated.empty() || nextStart)) {
            std::optional<int64_t> teardown;
            for (const auto& [t, line] : next->terminated) {
                if ((!nextStart || t <= *nextStart) && (!teardown || t > *teardown)) {
                    teardown = t;
                }
            }
            int64_t end = teardown ? *teardown : next->detected ? *next->detected : nextStart.value_or(a.startNs);
            if (nextStart) {
                end = std::min(end, *nextStart);
            }
            a.endNs = std::max(end, a.startNs);
            a.outcome = Outcome::Failed;
            if (next->detected) {
                a.interruptedAtNs = std::clamp(*next->detected, a.startNs, a.endNs);
                a.detail = "NVRx failure_detected (cycle " + std::to_string(nextNo) + ")"
                    + (next->detectedNode.empty() ? std::string() : " by node " + next->detectedNode);
            } else {
                a.detail = "NVRx restarted into cycle " + std::to_string(nextNo);
                m_issues.add(IssueKind::FaultTimeUnknown, "", next->line,
                    "cycle " + std::to_string(nextNo) + " has no failure_detected event: cycle " + std::to_string(n)
                        + " is taken as failing at its end");
            }
            if (c.fault) {
                a.cause = c.fault->cause;
                a.symptom = c.fault->symptom;
                a.detail += "; line " + std::to_string(c.faultLine) + ": " + c.faultText;
            }
        } else if (ownEnd) {
            a.endNs = std::max(*ownEnd, a.startNs);
            m_issues.add(IssueKind::OutcomeAssumed, "completed", c.line,
                "cycle " + std::to_string(n) + " ended with worker_terminated and no failure_detected: completed");
        } else {
            a.endNs = std::max(m_lastEventNs, a.startNs);
            a.outcome = Outcome::Running;
            m_issues.add(IssueKind::RunningAttempt, "", c.line,
                "cycle " + std::to_string(n) + " has not ended at the log's last event, " + formatRfc3339(a.endNs));
        }
        add(a, c.line);
        previousEnd = a.endNs;
        // 3. Its phases.
        if (c.rdzvStart && c.rdzvEnd && *c.rdzvEnd >= *c.rdzvStart) {
            if (auto st = addPhase("rendezvous", a, *c.rdzvStart, *c.rdzvEnd, c.line); !st) {
                return st;
            }
        }
        if (c.startBegin && c.startEnd && *c.startEnd >= *c.startBegin) {
            if (auto st = addPhase("worker_start", a, *c.startBegin, *c.startEnd, c.line); !st) {
                return st;
            }
        }
        if (c.startEnd) {
            if (auto st = addPhase("running", a, *c.startEnd, a.endNs, c.line); !st) {
                return st;
            }
            coarse = true;
        }
    }
    if (coarse) {
        m_issues.add(IssueKind::Coarse, "", m_firstEventLine,
            "the launcher sees workers start and stop, not training: 'running' counts as training");
    }
    m_unmapped.report(m_issues);
    return Status::success();
}

} // namespace

Result<std::unique_ptr<RecordSource>> openNvrxReader(const std::string& path, const ReaderOptions& options)
{
    return openForeignReader<NvrxReader>(path, options, "nvrx", "nvrx");
}

} // namespace ett::core
