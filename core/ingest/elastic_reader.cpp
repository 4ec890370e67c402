// Reader of TorchElastic events (torch.distributed.elastic.events): the JSON that an events
// handler writes, one object a line, plain or after a log prefix (a timestamp, "[default0]:",
// srun's "0: "); other lines are counted and skipped.
//
//   Event     {"name", "source": AGENT|WORKER, "timestamp": ms, "metadata": {run_id, global_rank,
//              group_rank, worker_id, role, hostname, state, total_run_time, rdzv_backend,
//              raw_error, metadata (a JSON string), agent_restarts, duration_ms}}
//   RdzvEvent {"name", "run_id", "message", "hostname", "pid", "node_state", "master_endpoint",
//              "rank", "local_id", "error_trace"}
//
// Design note. The agent builds its events without a timestamp (0) unless the handler adds one, and
// writes the workers' events once, at the end of its run. So:
//  - An event's time is its timestamp when > 0, else a date in its line's prefix (no zone: UTC,
//    counted), else it has none (counted: untimed_event) and says only how things ended.
//  - The job is --job, else the first run_id; events of other runs are counted and skipped.
//  - Each value of metadata.agent_restarts is an attempt (that number). An attempt starts at its
//    first timed event (an AGENT event with duration_ms covers [time - duration, time): the
//    rendezvous of the restart, named by its state in lower case); the first attempt starts at the
//    agent's start when a timed event gives total_run_time (seconds since then). An attempt ends
//    where the next one starts, the last at its last event.
//  - Every attempt but the last failed (the agent restarts only after a failure). The last failed
//    when a WORKER event says FAILED or TERMINATED or the AGENT says FAILED, completed when a
//    WORKER event says SUCCEEDED (or only the AGENT does: counted, as the launcher records that
//    when the agent's run returns, whatever the workers did), and is running otherwise (counted).
//    The fault time is a failed worker's error file timestamp (raw_error's
//    message.extraInfo.timestamp, seconds), else that event's time,
//    else the attempt's end (counted: fault_time_unknown). The fault text (raw_error's message,
//    the agent's traceback, a failed rendezvous's error trace) is the attempt's detail; the
//    mapping's fault rules give the cause from it, and cause rules can match it later.
//  - Phases: the duration intervals, and "workers_running" from the attempt's last rendezvous
//    (else its start) to its end (preset: train; counted: coarse).
//  - GPUs: role_world_size of a WORKER event's metadata string, else group_world_size x
//    --gpus-per-node, else none (counted: job_gpus_missing).
//  - Ranks: a WORKER event's global_rank ran on its hostname (rank records, spec 7.3; the first
//    host named wins).
//  - RdzvEvents carry no attempt number and no time: counted (rdzv_event_unplaced).
#include "core/ingest/elastic_internal.h"
#include "core/ingest/foreign_reader.h"
#include "core/ingest/readers.h"
#include "core/ingest/text_input.h"
#include "core/model/timeutil.h"

#include <algorithm>
#include <limits>
#include <map>

namespace ett::core {

namespace {

namespace dom = simdjson::dom;
using elastic::shorten;

constexpr int64_t kNsPerS = 1'000'000'000;
constexpr size_t kMaxRanksPerAttempt = 1 << 20;

class ElasticReader final : public ForeignReader
{
public:
    ElasticReader(std::unique_ptr<ByteSource> source, Mapping mapping, ReaderOptions options)
        : ForeignReader(std::move(source), "elastic")
        , m_mapping(std::move(mapping))
        , m_options(std::move(options))
    {
    }

private:
    struct Interval
    {
        std::string name;
        int64_t startNs = 0;
        int64_t endNs = 0;
        int64_t line = 0;
    };
    // What the events of one attempt (one agent_restarts value) say.
    struct Attempt
    {
        std::optional<int64_t> first;
        std::optional<int64_t> last;
        std::optional<int64_t> rdzvEnd; // end of the last rendezvous
        std::vector<Interval> intervals;
        bool workerFailed = false;
        bool workerSucceeded = false;
        bool agentFailed = false;
        bool agentSucceeded = false;
        std::optional<int64_t> faultNs;
        std::string faultText;
        int64_t line = 0;
        std::map<int32_t, std::string> hosts; // worker rank -> host (the first named)
    };

    Status build() override;
    Status handleEvent(const elastic::Event& e, int64_t line);
    Status emit();
    Status addPhase(const std::string& name, const AttemptRecord& a, int64_t startNs, int64_t endNs, int64_t line);

    Mapping m_mapping;
    ReaderOptions m_options;
    dom::parser m_parser;
    std::optional<std::string> m_runId;
    std::map<int32_t, Attempt> m_attempts;
    std::optional<int64_t> m_agentStartNs; // from total_run_time
    std::optional<int64_t> m_worldSize;
    std::optional<int64_t> m_groupWorldSize;
    std::string m_rdzvFailText;
    int64_t m_firstLine = 0;
    bool m_assumedUtc = false;
    UnmappedNames m_unmapped;
};

Status ElasticReader::build()
{
    TextInput in(source(), "a TorchElastic event log");
    for (;;) {
        auto next = in.nextLine();
        if (!next) {
            return next.error();
        }
        if (!*next) {
            break;
        }
        const std::string_view raw = **next;
        const int64_t line = in.line();
        const std::string_view body = trimBlanks(raw);
        if (body.empty()) {
            continue;
        }
        const auto brace = body.find('{');
        if (brace == std::string_view::npos) {
            m_issues.add(IssueKind::UnusedLine, "", line, shorten(body));
            continue;
        }
        const std::string_view json = body.substr(brace);
        dom::element root;
        dom::object obj;
        if (m_parser.parse(json.data(), json.size(), true).get(root) || root.get_object().get(obj)) {
            const bool looksLikeEvent = json.starts_with("{\"name\"");
            m_issues.add(looksLikeEvent ? IssueKind::MalformedEvent : IssueKind::UnusedLine, "", line, shorten(body));
            continue;
        }
        auto e = elastic::readEvent(obj);
        if (!e) {
            return Error { path() + ":" + std::to_string(line) + ": TorchElastic event: " + e.error().message };
        }
        if (e->kind == elastic::Event::Kind::Other) {
            m_issues.add(IssueKind::UnusedLine, "", line, shorten(body));
            continue;
        }
        if (!e->timeNs) {
            if (auto t = elastic::prefixTime(body.substr(0, brace))) {
                e->timeNs = t->ns;
                m_assumedUtc = m_assumedUtc || t->assumedUtc;
            }
        }
        if (auto st = handleEvent(*e, line); !st) {
            return st;
        }
    }
    if (m_firstLine == 0) {
        return Error { path()
            + ": no TorchElastic event (a JSON object with \"name\", \"source\" and \"metadata\", "
              "or a rendezvous event with \"node_state\")" };
    }
    if (m_assumedUtc) {
        m_issues.add(IssueKind::AssumedTimezone, "", 0, "log prefix dates without a zone were read as UTC");
    }
    return emit();
}

Status ElasticReader::handleEvent(const elastic::Event& e, int64_t line)
{
    if (!e.runId.empty()) {
        if (!m_runId) {
            m_runId = e.runId;
        } else if (*m_runId != e.runId) {
            m_issues.add(IssueKind::OtherRun, shorten(e.runId, 64), line, "run " + shorten(e.runId, 64));
            return Status::success();
        }
    }
    if (m_firstLine == 0) {
        m_firstLine = line;
    }
    if (e.kind == elastic::Event::Kind::Rdzv) {
        m_issues.add(IssueKind::RdzvEventUnplaced, "", line, shorten(e.name));
        if (e.state == "FAILED" && m_rdzvFailText.empty() && !e.errorText.empty()) {
            m_rdzvFailText = e.errorText;
        }
        return Status::success();
    }
    if (e.worldSize && !m_worldSize) {
        m_worldSize = e.worldSize;
    }
    if (e.groupWorldSize && !m_groupWorldSize) {
        m_groupWorldSize = e.groupWorldSize;
    }
    Attempt& a = m_attempts[e.agentRestarts];
    if (a.line == 0) {
        a.line = line;
    }
    const bool worker = e.kind == elastic::Event::Kind::Worker;
    if (worker && e.globalRank && !e.hostname.empty() && a.hosts.size() < kMaxRanksPerAttempt) {
        a.hosts.emplace(*e.globalRank, e.hostname);
    }
    const bool failed = e.state == "FAILED" || (worker && e.state == "TERMINATED");
    if (worker) {
        a.workerFailed = a.workerFailed || failed;
        a.workerSucceeded = a.workerSucceeded || e.state == "SUCCEEDED";
    } else if (!e.durationNs) {
        a.agentFailed = a.agentFailed || e.state == "FAILED";
        a.agentSucceeded = a.agentSucceeded || e.state == "SUCCEEDED";
    }
    if (failed) {
        // The earliest fault of the attempt, with its text when it has one, else the first text.
        const std::optional<int64_t> at = e.errorTimeNs ? e.errorTimeNs : e.timeNs;
        if (at && (!a.faultNs || *at < *a.faultNs)) {
            a.faultNs = at;
            if (!e.errorText.empty()) {
                a.faultText = e.errorText;
            }
        }
        if (a.faultText.empty()) {
            a.faultText = e.errorText;
        }
    }
    if (!e.timeNs) {
        m_issues.add(IssueKind::UntimedEvent, shorten(e.name, 64), line, "timestamp 0 and no date before the event");
        return Status::success();
    }
    const int64_t t = *e.timeNs;
    int64_t from = t;
    if (e.durationNs && !worker) {
        from = t - std::min(*e.durationNs, t);
        std::string name = e.state.empty() ? e.name : e.state;
        std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
        if (name == "rendezvous") {
            a.rdzvEnd = std::max(a.rdzvEnd.value_or(t), t);
        }
        a.intervals.push_back({ name, from, t, line });
    }
    a.first = std::min(a.first.value_or(from), from);
    a.last = std::max(a.last.value_or(t), t);
    if (e.totalRunTimeS && *e.totalRunTimeS >= 0 && *e.totalRunTimeS < t / kNsPerS) {
        const int64_t start = t - *e.totalRunTimeS * kNsPerS;
        m_agentStartNs = std::min(m_agentStartNs.value_or(start), start);
    }
    return Status::success();
}

Status ElasticReader::addPhase(
    const std::string& name, const AttemptRecord& a, int64_t startNs, int64_t endNs, int64_t line)
{
    startNs = std::max(startNs, a.startNs);
    endNs = std::min(endNs, a.endNs);
    if (endNs < startNs) {
        return Status::success();
    }
    addMapped(m_mapping.map(name), m_unmapped, name, a.job, a.attempt, startNs, endNs, line);
    return Status::success();
}

Status ElasticReader::emit()
{
    // 1. The attempts that can be placed in time.
    std::vector<std::pair<int32_t, Attempt*>> placed;
    for (auto& [n, a] : m_attempts) {
        if (a.first) {
            placed.emplace_back(n, &a);
        } else {
            m_issues.add(IssueKind::UntimedEvent, "attempt " + std::to_string(n), a.line,
                "attempt " + std::to_string(n) + " has no timed event: not imported");
        }
    }
    if (placed.empty()) {
        return Error { path()
            + ": no TorchElastic event has a time (timestamp 0 and no date in the line's prefix); "
              "the events cannot be placed" };
    }
    if (m_agentStartNs && placed.front().first == 0) {
        Attempt& first = *placed.front().second;
        first.first = std::min(*first.first, *m_agentStartNs);
    }
    // 2. The job.
    JobRecord job;
    job.job = m_options.job ? *m_options.job : m_runId ? *m_runId : jobIdFromPath(path());
    job.name = job.job;
    job.attrs = { { "source", "elastic" } };
    if (m_worldSize) {
        job.gpus = m_worldSize;
    } else if (m_groupWorldSize && m_options.gpusPerNode) {
        job.gpus = *m_groupWorldSize * *m_options.gpusPerNode;
    } else {
        m_issues.add(IssueKind::JobGpusMissing, "", m_firstLine,
            "job " + shorten(job.job) + ": no worker event gives role_world_size"
                + (m_options.gpusPerNode ? "" : " and no --gpus-per-node") + "; 1 GPU assumed");
    }
    add(job, m_firstLine);
    // 3. Each attempt, ended by the next one's start.
    for (size_t i = 0; i < placed.size(); ++i) {
        const auto& [n, att] = placed[i];
        const Attempt& at = *att;
        const bool lastOne = i + 1 == placed.size();
        AttemptRecord a;
        a.job = job.job;
        a.attempt = n;
        a.startNs = *at.first;
        a.endNs = lastOne ? *at.last : std::max(*placed[i + 1].second->first, a.startNs);
        const bool failed = !lastOne || at.workerFailed || at.agentFailed;
        std::string text = at.faultText.empty() && lastOne ? m_rdzvFailText : at.faultText;
        if (failed) {
            a.outcome = Outcome::Failed;
            if (at.faultNs) {
                a.interruptedAtNs = std::clamp(*at.faultNs, a.startNs, a.endNs);
            } else {
                m_issues.add(IssueKind::FaultTimeUnknown, "", at.line,
                    "attempt " + std::to_string(n)
                        + ": no failed worker event gives a time; the fault is taken at its end");
            }
            a.detail = text.empty() ? (lastOne ? "TorchElastic: the workers failed"
                                               : "TorchElastic restarted the workers (agent_restarts "
                                   + std::to_string(placed[i + 1].first) + ")")
                                    : shorten(text, 2000);
            if (auto f = m_mapping.fault(text)) {
                a.cause = f->cause;
                a.symptom = f->symptom;
            }
        } else if (at.workerSucceeded) {
            a.outcome = Outcome::Completed;
        } else if (at.agentSucceeded) {
            // The launcher records SUCCEEDED when agent.run() returns, whatever the workers did.
            a.outcome = Outcome::Completed;
            m_issues.add(IssueKind::OutcomeAssumed, "completed", at.line,
                "attempt " + std::to_string(n)
                    + ": only the agent's SUCCEEDED event (its run returned; no worker event says how the "
                      "workers ended): taken as completed");
        } else {
            a.outcome = Outcome::Running;
            m_issues.add(IssueKind::RunningAttempt, "", at.line,
                "attempt " + std::to_string(n) + " has no final event: running until " + formatRfc3339(a.endNs));
        }
        add(a, at.line);
        for (const auto& [rank, host] : at.hosts) {
            add(RankRecord { a.job, a.attempt, rank, host }, at.line);
        }
        for (const Interval& iv : at.intervals) {
            if (auto st = addPhase(iv.name, a, iv.startNs, iv.endNs, iv.line); !st) {
                return st;
            }
        }
        if (auto st = addPhase("workers_running", a, at.rdzvEnd.value_or(a.startNs), a.endNs, at.line); !st) {
            return st;
        }
    }
    m_issues.add(IssueKind::Coarse, "", m_firstLine,
        "the agent sees workers start and stop, not training: 'workers_running' counts as training");
    m_unmapped.report(m_issues);
    return Status::success();
}

} // namespace

Result<std::unique_ptr<RecordSource>> openElasticReader(const std::string& path, const ReaderOptions& options)
{
    return openForeignReader<ElasticReader>(path, options, "elastic", "elastic");
}

} // namespace ett::core
