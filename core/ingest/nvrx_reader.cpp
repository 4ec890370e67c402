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
//    setup.rendezvous, setup.worker_start, train). They are per node (spec 7.3: one rank row per
//    node, its rank the lines' Rank when each node has its own, else the nodes numbered by name,
//    counted: nodes_numbered) when every setup event names its node: each node's own rendezvous
//    and worker start, and its training from the cycle's last worker_start_completed, so their
//    union is the cycle's phases above; else once for the cycle. A failed cycle's cause is that
//    of the first fault rule matching other output after its workers started (its detail quotes the
//    line). So Time to Recover splits into detect
//    (failure_detected -> worker_terminated), restart (-> rendezvous_started) and start-up
//    (-> worker_start_completed). The job is --job, else the file name.
//
// 3. A launcher log read with its job's other files (ReaderOptions::companions, paired by
//    core/ingest/nvrx_runs.h: the cycle info files of one job in the log's folder, and other
//    launcher logs there): one account of the job. The job is the cycle files' job_id (--job
//    overrides); each log is matched by time to the Slurm attempt index whose cycle files its
//    cycles fall in (logs of one index, one per node, are merged as one log's lines are). A cycle
//    that a log has takes its window, outcome, fault and phases from the events, its nodes from its
//    cycle file when there is one; a cycle still running at the log's last event ends where its
//    cycle file says (ended: completed or, with a later cycle, failed) or runs until the import
//    (open). A cycle that only a cycle file has is read as alone (one phase). A log whose cycles
//    fall in no cycle of the files is an Error naming both.
//
// GPUs: nodes x --gpus-per-node, the nodes being active_nodes (a Slurm range, else active_ranks) of
// a cycle file, or the distinct nodes of a cycle's events in a log. Without --gpus-per-node the job
// has no GPU count (counted: job_gpus_missing; 1 assumed).
#include "core/ingest/byte_source.h"
#include "core/ingest/foreign_reader.h"
#include "core/ingest/nvrx_internal.h"
#include "core/ingest/reader_text.h"
#include "core/ingest/readers.h"
#include "core/ingest/text_input.h"
#include "core/model/timeutil.h"

#include <simdjson.h>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <limits>
#include <map>
#include <set>
#include <tuple>

namespace ett::core {

namespace {

namespace dom = simdjson::dom;
namespace fs = std::filesystem;

using nvrx::kMaxCycleFileBytes;
constexpr int64_t kMaxCycle = nvrx::kCyclesPerAttempt - 1;
constexpr int64_t kMaxNodesPerCycle = 1'000'000;
constexpr size_t kMaxTerminationsPerCycle = 1 << 20; // a few per node; more is not a launcher's log

std::string nvrxShorten(std::string_view s, size_t max = 160)
{
    return shortenText(s, max);
}

std::string nvrxQuote(std::string_view s)
{
    return "'" + nvrxShorten(s, 80) + "'";
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
    using NodeTimes = nvrx::NodeTimes;
    using Cycle = nvrx::Cycle;

    // What one launcher log says, by cycle.
    struct LogCycles
    {
        std::string file;
        std::map<int64_t, Cycle> cycles;
        int64_t firstEventLine = 0;
        int64_t lastEventNs = std::numeric_limits<int64_t>::min();
        std::optional<int64_t> running; // the latest cycle whose workers started: output is theirs
    };
    // A cycle info file read with a log.
    struct CycleFile
    {
        nvrx::CycleInfo info;
        std::string file;
        int64_t line = 0;
        int64_t index = 0; // its Slurm attempt index (--attempt overrides)
    };
    // An attempt and its phases, before the attempts of a job are added in order.
    struct PlannedPhase
    {
        std::string name;
        int64_t startNs = 0;
        int64_t endNs = 0;
        int32_t rank = -1; // -1: the whole attempt
    };
    struct Planned
    {
        AttemptRecord attempt;
        int64_t line = 0;
        std::vector<PlannedPhase> phases;
        std::vector<std::pair<int32_t, std::string>> ranks; // rank, node
    };
    // The first non-blank line of `in` says the kind: a cycle info object (returned whole, with its
    // first line's number) or a log line (nullopt; `first` is that line).
    struct FirstLine
    {
        std::optional<std::string> cycleText;
        int64_t cycleLine = 0;
        std::string_view first;
    };
    Result<FirstLine> readFirst(TextInput& in, const std::string& file);

    Status build() override;
    Status buildCombined();
    Status readCycleFile(std::string text, int64_t firstLine);
    Result<nvrx::CycleInfo> parseCycleFile(const std::string& text, const std::string& where);
    Status readLog(TextInput& in, std::string_view firstLine, LogCycles& log);
    // Attempts of the log's cycles, numbered base + cycle; with the cycle files of that Slurm
    // attempt (by cycle number; may be null) for the nodes and for the cycles the log has not ended.
    Result<std::vector<Planned>> planLog(
        const LogCycles& log, int64_t base, const std::map<int64_t, const CycleFile*>* files, const std::string& job);
    Status addPlanned(std::vector<Planned> planned);
    void addGpus(JobRecord& job, std::optional<int64_t> nodes);
    Status addPhase(const std::string& name, const AttemptRecord& a, int64_t startNs, int64_t endNs, int64_t line,
        int32_t rank = -1);
    // One row per node of a cycle: its rank and its own rendezvous and worker start; its training
    // from the cycle's (the last node's) worker_start_completed to `endNs`.
    void planNodes(const Cycle& c, int64_t endNs, Planned& p);
    std::optional<int64_t> gpusOf(std::optional<int64_t> nodes) const;

    Mapping m_mapping;
    ReaderOptions m_options;
    UnmappedNames m_unmapped;
};

Result<NvrxReader::FirstLine> NvrxReader::readFirst(TextInput& in, const std::string& file)
{
    for (;;) {
        auto next = in.nextLine();
        if (!next) {
            return next.error();
        }
        if (!*next) {
            return Error { file + ": no NVRx cycle info and no restart-timing line (\"Cycle: N Event: ...\")" };
        }
        const std::string_view line = nvrx::trim(**next);
        if (line.empty()) {
            continue;
        }
        FirstLine out;
        // The writer indents its object ("{" alone on the first line); json.dump writes one line.
        const bool cycleFile = line == "{"
            || (line.front() == '{'
                && (line.find("\"cycle_number\"") != std::string_view::npos
                    || line.find("\"job_id\"") != std::string_view::npos));
        if (!cycleFile) {
            out.first = **next;
            return out;
        }
        // A cycle file: the whole (small) object.
        out.cycleLine = in.line();
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
                return Error { file + ":" + std::to_string(in.line())
                    + ": an NVRx cycle info file is one small JSON object; this one is over 1 MiB" };
            }
        }
        out.cycleText = std::move(text);
        return out;
    }
}

Status NvrxReader::build()
{
    if (!m_options.companions.empty()) {
        return buildCombined();
    }
    TextInput in(source(), "an NVRx file");
    auto first = readFirst(in, path());
    if (!first) {
        return first.error();
    }
    if (first->cycleText) {
        return readCycleFile(std::move(*first->cycleText), first->cycleLine);
    }
    LogCycles log;
    log.file = path();
    if (auto st = readLog(in, first->first, log); !st) {
        return st;
    }
    if (m_options.attempt
        && int64_t { *m_options.attempt } * nvrx::kCyclesPerAttempt + log.cycles.rbegin()->first
            > std::numeric_limits<int32_t>::max()) {
        return Error { path() + ": --attempt " + std::to_string(*m_options.attempt) + " is too large for its cycles",
            "attempt" };
    }
    JobRecord job;
    job.job = m_options.job ? *m_options.job : jobIdFromPath(path());
    job.name = job.job;
    job.attrs = { { "source", "nvrx" } };
    int64_t maxNodes = 0;
    for (const auto& [n, c] : log.cycles) {
        maxNodes = std::max<int64_t>(maxNodes, static_cast<int64_t>(c.nodes.size()));
    }
    addGpus(job, maxNodes > 0 ? std::optional<int64_t>(maxNodes) : std::nullopt);
    add(job, log.firstEventLine);
    auto planned = planLog(log, int64_t { m_options.attempt.value_or(0) } * nvrx::kCyclesPerAttempt, nullptr, job.job);
    if (!planned) {
        return planned.error();
    }
    return addPlanned(std::move(*planned));
}

std::optional<int64_t> NvrxReader::gpusOf(std::optional<int64_t> nodes) const
{
    if (m_options.gpusPerNode && nodes && *nodes >= 1) {
        return *nodes * *m_options.gpusPerNode;
    }
    return std::nullopt;
}

void NvrxReader::addGpus(JobRecord& job, std::optional<int64_t> nodes)
{
    if (auto gpus = gpusOf(nodes)) {
        job.gpus = *gpus;
        return;
    }
    m_issues.add(IssueKind::JobGpusMissing, "", 1,
        "job " + nvrxShorten(job.job)
            + (m_options.gpusPerNode ? std::string(": the file names no nodes") : std::string(": no --gpus-per-node"))
            + "; 1 GPU assumed");
}

Status NvrxReader::addPhase(
    const std::string& name, const AttemptRecord& a, int64_t startNs, int64_t endNs, int64_t line, int32_t rank)
{
    startNs = std::max(startNs, a.startNs);
    endNs = std::min(endNs, a.endNs);
    if (endNs < startNs) {
        return Status::success(); // outside the attempt (clock skew between nodes): nothing of it is inside
    }
    addMapped(m_mapping.map(name), m_unmapped, name, a.job, a.attempt, startNs, endNs, line, rank);
    return Status::success();
}

Result<nvrx::CycleInfo> NvrxReader::parseCycleFile(const std::string& text, const std::string& where)
{
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
    if (cycle->cycleNumber > kMaxCycle) {
        return Error { where + "field 'cycle_number': expected at most " + std::to_string(kMaxCycle) + ", got "
                + std::to_string(cycle->cycleNumber),
            "cycle_number" };
    }
    const int64_t attemptIndex = m_options.attempt ? *m_options.attempt : cycle->attemptIndex;
    if (attemptIndex * nvrx::kCyclesPerAttempt + cycle->cycleNumber > std::numeric_limits<int32_t>::max()) {
        return Error { where + "field 'attempt_index': " + std::to_string(attemptIndex) + " is too large",
            "attempt_index" };
    }
    return std::move(*cycle);
}

Status NvrxReader::readCycleFile(std::string text, int64_t firstLine)
{
    const std::string where = path() + ":" + std::to_string(firstLine) + ": NVRx cycle info: ";
    auto cycle = parseCycleFile(text, where);
    if (!cycle) {
        return cycle.error();
    }
    for (const auto& field : cycle->unknownFields) {
        m_issues.add(IssueKind::UnknownField, "cycle_info." + field, firstLine);
    }
    const int64_t attemptIndex = m_options.attempt ? *m_options.attempt : cycle->attemptIndex;
    const int64_t number = attemptIndex * nvrx::kCyclesPerAttempt + cycle->cycleNumber;

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
        a.endNs = std::max(wallClockNs(), a.startNs);
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
                for (const char* compressed : { "", ".gz", ".zst" }) {
                    next = next || fs::exists(dir / (name + compressed), ec);
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

Status NvrxReader::readLog(TextInput& in, std::string_view firstLine, LogCycles& log)
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
            m_issues.add(IssueKind::UnusedLine, "", lineNo, nvrxShorten(body));
            // The workers' error, printed while they ran or once the failure is noticed.
            if (log.running) {
                Cycle& c = log.cycles[*log.running];
                if (!c.fault) {
                    if (auto f = m_mapping.fault(body)) {
                        c.fault = std::move(f);
                        c.faultText = nvrxShorten(body, 200);
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
            m_issues.add(IssueKind::MalformedEvent, field, lineNo, nvrxShorten(nvrx::trim(raw)) + ": " + why);
            continue;
        }
        if (e->cycle > kMaxCycle) {
            m_issues.add(IssueKind::MalformedEvent, "cycle", lineNo,
                nvrxShorten(nvrx::trim(raw)) + ": cycle over " + std::to_string(kMaxCycle));
            continue;
        }
        Cycle& c = log.cycles[e->cycle];
        auto earliest = [&](std::optional<int64_t>& v) { v = v ? std::min(*v, e->timeNs) : e->timeNs; };
        auto latest = [&](std::optional<int64_t>& v) { v = v ? std::max(*v, e->timeNs) : e->timeNs; };
        if (!c.first) {
            c.line = lineNo;
        }
        if (log.firstEventLine == 0) {
            log.firstEventLine = lineNo;
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
            log.running = std::max(log.running.value_or(e->cycle), e->cycle);
        } else if (name != "attribution_get_started" && name != "attribution_get_completed") {
            m_issues.add(IssueKind::UnknownEvent, name, lineNo, nvrxShorten(nvrx::trim(raw)));
            continue;
        }
        earliest(c.first);
        latest(c.last);
        const bool setup = name != "failure_detected" && name != "worker_terminated";
        if (setup && (e->node.empty() || e->node == "unknown" || c.nodes.size() >= kMaxNodesPerCycle)) {
            c.unnamed = true;
        } else if (setup) {
            c.nodes.insert(e->node);
            NodeTimes& t = c.byNode[e->node];
            auto early = [&](std::optional<int64_t>& v) { v = v ? std::min(*v, e->timeNs) : e->timeNs; };
            auto late = [&](std::optional<int64_t>& v) { v = v ? std::max(*v, e->timeNs) : e->timeNs; };
            if (name == "rendezvous_started") {
                early(t.rdzvStart);
            } else if (name == "rendezvous_completed" || name == "health_check_completed") {
                late(t.rdzvEnd);
            } else if (name == "worker_start_started") {
                early(t.startBegin);
            } else if (name == "worker_start_completed") {
                late(t.startEnd);
            }
            int32_t rank = 0;
            const auto [end, ec] = std::from_chars(e->rank.data(), e->rank.data() + e->rank.size(), rank);
            if (ec != std::errc() || end != e->rank.data() + e->rank.size() || rank < 0
                || (t.rank && *t.rank != rank)) {
                t.rankUnclear = true;
            } else {
                t.rank = rank;
            }
        }
        log.lastEventNs = std::max(log.lastEventNs, e->timeNs);
    }
    if (log.cycles.empty()) {
        return Error { log.file
            + ": no restart-timing line (\"Cycle: N Event: <event> ... Time: ... UTC\"); is it an "
              "NVRx launcher log?" };
    }
    return Status::success();
}

Result<std::vector<NvrxReader::Planned>> NvrxReader::planLog(
    const LogCycles& log, int64_t base, const std::map<int64_t, const CycleFile*>* files, const std::string& job)
{
    std::vector<Planned> out;
    const auto& cycles = log.cycles;
    auto fileOf = [&](int64_t n) -> const CycleFile* {
        if (!files) {
            return nullptr;
        }
        auto it = files->find(n);
        return it == files->end() ? nullptr : it->second;
    };
    // 1. Where each cycle starts (nullopt: the cycle never started, only its predecessor's teardown).
    auto startOf = [&](int64_t n, const Cycle& c) -> std::optional<int64_t> {
        if (n == cycles.begin()->first && !c.detected && c.terminated.empty()) {
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
    for (auto it = cycles.begin(); it != cycles.end(); ++it) {
        const auto& [n, c] = *it;
        const std::optional<int64_t> start = startOf(n, c);
        if (!start) {
            continue; // a teardown whose cycle never started: it ends the cycle before
        }
        const CycleFile* file = fileOf(n);
        Planned p;
        p.line = c.line;
        AttemptRecord& a = p.attempt;
        a.job = job;
        a.attempt = static_cast<int32_t>(base + n);
        a.startNs = *start;
        if (file && file->info.nodes) {
            a.gpus = gpusOf(file->info.nodes);
        } else if (m_options.gpusPerNode && !c.nodes.empty()) {
            a.gpus = static_cast<int64_t>(c.nodes.size()) * *m_options.gpusPerNode;
        }
        // 2. How it ends: the next cycle's detection and teardown, its own termination, its cycle
        //    file's end, or not yet.
        const auto nextIt = std::next(it);
        // The next cycle the log has (normally n + 1; a log with cycles missing restarts later).
        const Cycle* next = nextIt != cycles.end() ? &nextIt->second : nullptr;
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
        } else if (file && file->info.endNs) {
            // The log stops before the cycle's end; its cycle file says when it ended.
            a.endNs = std::max(*file->info.endNs, a.startNs);
            if (fileOf(n + 1) != nullptr) {
                a.outcome = Outcome::Failed;
                a.detail = "NVRx started a later cycle after cycle " + std::to_string(n);
                m_issues.add(IssueKind::FaultTimeUnknown, "", c.line,
                    "cycle " + std::to_string(n) + " (" + fs::path(file->file).filename().string()
                        + ") was followed by another: failed, fault taken at its end " + formatRfc3339(a.endNs));
            } else {
                m_issues.add(IssueKind::OutcomeAssumed, "completed", c.line,
                    "cycle " + std::to_string(n) + " ended at its cycle file's end ("
                        + fs::path(file->file).filename().string() + ") with no later cycle: taken as completed");
            }
        } else if (file) {
            // Its cycle file is open: the cycle is running now.
            a.endNs = std::max(wallClockNs(), a.startNs);
            a.outcome = Outcome::Running;
            a.windowFromTrace = true;
            m_issues.add(IssueKind::RunningAttempt, "", c.line,
                "cycle " + std::to_string(n) + " has no cycle_end_time (" + fs::path(file->file).filename().string()
                    + "): running until the import, " + formatRfc3339(a.endNs));
        } else {
            a.endNs = std::max(log.lastEventNs, a.startNs);
            a.outcome = Outcome::Running;
            m_issues.add(IssueKind::RunningAttempt, "", c.line,
                "cycle " + std::to_string(n) + " has not ended at the log's last event, " + formatRfc3339(a.endNs));
        }
        // 3. Its phases.
        //    Per node when every event of its setup names its node (their union is the cycle's:
        //    the slowest node gates), else the cycle's.
        if (!c.byNode.empty() && !c.unnamed) {
            planNodes(c, a.endNs, p);
        } else {
            if (c.rdzvStart && c.rdzvEnd && *c.rdzvEnd >= *c.rdzvStart) {
                p.phases.push_back({ "rendezvous", *c.rdzvStart, *c.rdzvEnd });
            }
            if (c.startBegin && c.startEnd && *c.startEnd >= *c.startBegin) {
                p.phases.push_back({ "worker_start", *c.startBegin, *c.startEnd });
            }
            if (c.startEnd) {
                p.phases.push_back({ "running", *c.startEnd, a.endNs });
            }
        }
        out.push_back(std::move(p));
    }
    return out;
}

void NvrxReader::planNodes(const Cycle& c, int64_t endNs, Planned& p)
{
    if (c.byNode.empty()) {
        return;
    }
    // The launcher's ranks when every node has its own, else the nodes numbered in name order.
    std::set<int32_t> taken;
    bool own = true;
    for (const auto& [node, t] : c.byNode) {
        own = own && t.rank && !t.rankUnclear && taken.insert(*t.rank).second;
    }
    if (!own) {
        m_issues.add(IssueKind::NodesNumbered, "", p.line,
            "cycle " + std::to_string(p.attempt.attempt % nvrx::kCyclesPerAttempt)
                + ": the nodes' Rank fields do not give each node a rank of its own; nodes numbered by name from 0");
    }
    int32_t index = 0;
    for (const auto& [node, t] : c.byNode) {
        const int32_t rank = own ? *t.rank : index++;
        p.ranks.emplace_back(rank, nvrxShorten(node, 256));
        if (t.rdzvStart && t.rdzvEnd && *t.rdzvEnd >= *t.rdzvStart) {
            p.phases.push_back({ "rendezvous", *t.rdzvStart, *t.rdzvEnd, rank });
        }
        if (t.startBegin && t.startEnd && *t.startEnd >= *t.startBegin) {
            p.phases.push_back({ "worker_start", *t.startBegin, *t.startEnd, rank });
        }
        if (c.startEnd && t.startEnd) {
            p.phases.push_back({ "running", *c.startEnd, endNs, rank });
        }
    }
}

Status NvrxReader::addPlanned(std::vector<Planned> planned)
{
    // In attempt order, each starting at the earliest when the one before ended (nodes' clocks and
    // a cycle file's coarser window may disagree by moments).
    std::sort(planned.begin(), planned.end(),
        [](const Planned& x, const Planned& y) { return x.attempt.attempt < y.attempt.attempt; });
    std::optional<int64_t> previousEnd;
    bool coarse = false;
    int64_t coarseLine = 0;
    for (Planned& p : planned) {
        AttemptRecord& a = p.attempt;
        if (previousEnd && a.startNs < *previousEnd) {
            a.startNs = *previousEnd;
            a.endNs = std::max(a.endNs, a.startNs);
            if (a.interruptedAtNs) {
                a.interruptedAtNs = std::clamp(*a.interruptedAtNs, a.startNs, a.endNs);
            }
        }
        add(a, p.line);
        previousEnd = a.endNs;
        for (const auto& [rank, node] : p.ranks) {
            add(RankRecord { a.job, a.attempt, rank, node }, p.line);
        }
        for (const PlannedPhase& ph : p.phases) {
            if (auto st = addPhase(ph.name, a, ph.startNs, std::min(ph.endNs, a.endNs), p.line, ph.rank); !st) {
                return st;
            }
            if (ph.name == "running" || ph.name == "cycle") {
                coarse = true;
                coarseLine = coarseLine == 0 ? p.line : coarseLine;
            }
        }
    }
    if (coarse) {
        m_issues.add(IssueKind::Coarse, "", coarseLine,
            "the launcher sees workers start and stop, not training: 'running' counts as training");
    }
    m_unmapped.report(m_issues);
    return Status::success();
}

Status NvrxReader::buildCombined()
{
    // 1. Every file of the job: this log first, then its companions in the order given.
    std::vector<LogCycles> logs;
    std::vector<CycleFile> files;
    std::vector<std::string> paths { path() };
    paths.insert(paths.end(), m_options.companions.begin(), m_options.companions.end());
    for (size_t i = 0; i < paths.size(); ++i) {
        std::unique_ptr<ByteSource> own;
        if (i > 0) {
            auto opened = ByteSource::open(paths[i]);
            if (!opened) {
                return opened.error();
            }
            own = std::move(*opened);
        }
        TextInput in(i == 0 ? source() : *own, "an NVRx file");
        auto first = readFirst(in, paths[i]);
        if (!first) {
            return first.error();
        }
        if (first->cycleText) {
            const std::string where = paths[i] + ":" + std::to_string(first->cycleLine) + ": NVRx cycle info: ";
            auto info = parseCycleFile(*first->cycleText, where);
            if (!info) {
                return info.error();
            }
            for (const auto& field : info->unknownFields) {
                m_issues.add(IssueKind::UnknownField, "cycle_info." + field, first->cycleLine);
            }
            CycleFile f;
            f.file = paths[i];
            f.line = first->cycleLine;
            f.index = m_options.attempt ? *m_options.attempt : info->attemptIndex;
            f.info = std::move(*info);
            files.push_back(std::move(f));
            continue;
        }
        LogCycles log;
        log.file = paths[i];
        if (auto st = readLog(in, first->first, log); !st) {
            return st;
        }
        logs.push_back(std::move(log));
    }
    // 2. The job: the cycle files' job_id, one for all.
    JobRecord job;
    if (m_options.job) {
        job.job = *m_options.job;
    } else if (!files.empty()) {
        job.job = files.front().info.jobId;
        for (const CycleFile& f : files) {
            if (f.info.jobId != job.job) {
                return Error { f.file + ":" + std::to_string(f.line) + ": NVRx cycle info: field 'job_id': "
                        + nvrxQuote(f.info.jobId) + ", but " + fs::path(files.front().file).filename().string()
                        + " (read with it) names job " + nvrxQuote(job.job) + "; one job's files name one job",
                    "job_id" };
            }
        }
    } else {
        job.job = jobIdFromPath(path());
    }
    job.name = job.job;
    job.attrs = { { "source", "nvrx" } };
    // Cycle files by Slurm attempt index and cycle number; the same cycle twice (the .current link
    // beside its target) is one.
    std::map<int64_t, std::map<int64_t, const CycleFile*>> byIndex;
    for (const CycleFile& f : files) {
        byIndex[f.index].emplace(f.info.cycleNumber, &f);
    }
    // 3. Each log's Slurm attempt: the index whose cycle files its cycles fall in (most cycles;
    //    a cycle falls in when its events and its file's window meet, give or take 5 minutes).
    constexpr int64_t kSlackNs = 300'000'000'000;
    std::map<int64_t, LogCycles> logOf;
    for (LogCycles& log : logs) {
        std::optional<int64_t> index;
        if (m_options.attempt) {
            index = *m_options.attempt;
        } else if (byIndex.empty()) {
            index = 0;
        } else {
            int best = 0;
            for (const auto& [i, cycles] : byIndex) {
                int matched = 0;
                for (const auto& [n, c] : log.cycles) {
                    auto f = cycles.find(n);
                    if (f == cycles.end() || !c.first) {
                        continue;
                    }
                    const int64_t fileEnd = f->second->info.endNs.value_or(std::numeric_limits<int64_t>::max());
                    if (f->second->info.startNs <= *c.last + kSlackNs && *c.first - kSlackNs <= fileEnd) {
                        ++matched;
                    }
                }
                if (matched > best) {
                    best = matched;
                    index = i;
                }
            }
        }
        if (!index) {
            const auto& cycles = log.cycles;
            std::string spans;
            for (const auto& [i, c] : byIndex) {
                spans += (spans.empty() ? "" : ", ") + std::string("attempt index ") + std::to_string(i) + " from "
                    + formatRfc3339(c.begin()->second->info.startNs);
            }
            return Error { log.file + ": its restart-timing events (cycles " + std::to_string(cycles.begin()->first)
                    + " to " + std::to_string(cycles.rbegin()->first)
                    + ") fall in no cycle of the cycle info files of job " + nvrxQuote(job.job) + " read with it ("
                    + spans + "); import the log under another label or with --job",
                "format" };
        }
        auto [it, fresh] = logOf.try_emplace(*index, std::move(log));
        if (fresh) {
            continue;
        }
        // Another node's log of the same launcher run: its events join (earliest starts and
        // detections, latest completions, every termination), as one log's lines of two nodes do.
        LogCycles& into = it->second;
        for (auto& [n, c] : log.cycles) {
            auto [at, added] = into.cycles.try_emplace(n, c);
            if (added) {
                continue;
            }
            nvrx::mergeCycle(at->second, c);
        }
        into.lastEventNs = std::max(into.lastEventNs, log.lastEventNs);
    }
    // 4. The job's GPUs: the most nodes of any cycle (its file's, else its events').
    int64_t maxNodes = 0;
    for (const CycleFile& f : files) {
        maxNodes = std::max(maxNodes, f.info.nodes.value_or(0));
    }
    for (const auto& [i, log] : logOf) {
        for (const auto& [n, c] : log.cycles) {
            const auto it = byIndex.find(i);
            const bool fileSays = it != byIndex.end() && it->second.count(n) && it->second.at(n)->info.nodes;
            if (!fileSays) {
                maxNodes = std::max<int64_t>(maxNodes, static_cast<int64_t>(c.nodes.size()));
            }
        }
    }
    addGpus(job, maxNodes > 0 ? std::optional<int64_t>(maxNodes) : std::nullopt);
    add(job, logOf.empty() ? 1 : logOf.begin()->second.firstEventLine);
    // 5. The attempts: the logs' cycles, then the cycles only a file has.
    std::vector<Planned> planned;
    std::set<int64_t> numbers;
    for (const auto& [i, log] : logOf) {
        const int64_t base = i * nvrx::kCyclesPerAttempt;
        if (base + log.cycles.rbegin()->first > std::numeric_limits<int32_t>::max()) {
            return Error { log.file + ": attempt index " + std::to_string(i) + " is too large for its cycles",
                "attempt" };
        }
        const auto it = byIndex.find(i);
        auto plan = planLog(log, base, it == byIndex.end() ? nullptr : &it->second, job.job);
        if (!plan) {
            return plan.error();
        }
        for (Planned& p : *plan) {
            numbers.insert(p.attempt.attempt);
            planned.push_back(std::move(p));
        }
    }
    for (const auto& [i, cycles] : byIndex) {
        for (const auto& [n, f] : cycles) {
            const int64_t number = i * nvrx::kCyclesPerAttempt + n;
            const auto log = logOf.find(i);
            if (numbers.count(number) || (log != logOf.end() && log->second.cycles.count(n))) {
                continue; // the log has it (or its teardown only: the cycle never started)
            }
            Planned p;
            p.line = f->line;
            AttemptRecord& a = p.attempt;
            a.job = job.job;
            a.attempt = static_cast<int32_t>(number);
            a.startNs = f->info.startNs;
            a.gpus = gpusOf(f->info.nodes);
            const std::string name = fs::path(f->file).filename().string();
            const bool later = cycles.count(n + 1) || byIndex.count(i + 1)
                || (log != logOf.end() && log->second.cycles.upper_bound(n) != log->second.cycles.end());
            if (!f->info.endNs) {
                a.endNs = std::max(wallClockNs(), a.startNs);
                a.outcome = Outcome::Running;
                a.windowFromTrace = true;
                m_issues.add(IssueKind::RunningAttempt, "", f->line,
                    "cycle " + std::to_string(n) + " has no cycle_end_time (" + name + "): running until the import, "
                        + formatRfc3339(a.endNs));
            } else if (later) {
                a.endNs = std::max(*f->info.endNs, a.startNs);
                a.outcome = Outcome::Failed;
                a.detail = "NVRx started a later cycle after cycle " + std::to_string(n);
                m_issues.add(IssueKind::FaultTimeUnknown, "", f->line,
                    "cycle " + std::to_string(n) + " (" + name + ", not in the launcher log) was followed by another: "
                        + "failed, fault taken at its end " + formatRfc3339(a.endNs));
            } else {
                a.endNs = std::max(*f->info.endNs, a.startNs);
                m_issues.add(IssueKind::OutcomeAssumed, "completed", f->line,
                    "cycle " + std::to_string(n) + " (" + name + ") ended with no later cycle: taken as completed");
            }
            p.phases.push_back({ "cycle", a.startNs, a.endNs });
            planned.push_back(std::move(p));
        }
    }
    return addPlanned(std::move(planned));
}

} // namespace

Result<std::unique_ptr<RecordSource>> openNvrxReader(const std::string& path, const ReaderOptions& options)
{
    return openForeignReader<NvrxReader>(path, options, "nvrx", "nvrx");
}

} // namespace ett::core
