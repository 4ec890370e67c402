#include "core/model/generator.h"

#include "core/model/timeutil.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <string_view>

// Design note: a job is simulated attempt by attempt on a cursor that walks forward in time
// (setup, init, checkpoint load, compile, train chunks with saves, shutdown). What ends an attempt
// is drawn when it starts: the first of a hardware/software fault (Poisson per GPU-hour), a
// preemption, the job's cancellation and the moment the trace is taken; a user error (OOM) is
// drawn when training starts. Every phase is clipped to that instant as it is written, so an
// interrupted attempt costs only what it wrote and a job streams in O(its own records).
//
// Times are whole milliseconds: every duration is rounded to ms before it is added to a cursor
// that starts on a whole ms, so that appendJobLines' integer-ms text round-trips exactly.

namespace ett::core {

namespace {

constexpr int64_t kNsPerMs = 1'000'000;
constexpr int64_t kNsPerMinute = 60 * kNsPerSecond;
constexpr int64_t kNsPerHour = 60 * kNsPerMinute;
constexpr int64_t kNsPerDay = 24 * kNsPerHour;
constexpr int64_t kNever = std::numeric_limits<int64_t>::max();

// Failures per GPU-hour. Llama 3 (Dubey et al. 2024, section 3.3.4): 419 unexpected
// interruptions in 54 days of pre-training on 16,384 H100s, about 1.97e-5 per GPU-hour. A fleet
// of 200 jobs holds far fewer GPU-hours than that run, so the rate is doubled to give such a fleet
// a useful number of failures (a few dozen). More would make the 8k-16k GPU jobs restart more
// than every two hours, far below the >90% ETT Meta reports for that run.
constexpr double kLlamaFailuresPerGpuHour = 419.0 / (54.0 * 24.0 * 16384.0);
constexpr double kFailureRateScale = 2.0;
// Train targets are capped so that a job expects at most this many faults: keeps the biggest jobs
// under kMaxAttempts and the fleet's time span reasonable.
constexpr double kMaxExpectedFaults = 12.0;
constexpr int kMaxAttempts = 30;
// The trace is taken this long after the last possible submission; attempts still going then are
// written as `running`, cut at that instant.
constexpr int64_t kTraceAfterSubmissionsNs = kNsPerDay;

// Unexpected interruptions of Llama 3 pre-training (Dubey et al. 2024, table 5), as weights in
// percent. The issue asks for the report's proportions: GPU 58.7%, dependency (software bug)
// 12.9%, network 8.4%, maintenance 7.6%, host, unknown. The table's percentage column is used
// (its count column does not match it: 148 faulty GPUs would be 35.3%, not 30.1%). NIC, SSD,
// power, chassis, IO board, CPU and memory make "host" (5.1%); the column sums to 94.9%, and
// the 5.1% it leaves unexplained is "unknown" beside the NCCL watchdog timeouts.
struct CauseSpec
{
    double weight;
    std::string_view cause;
    Symptom symptom;
    std::string_view detail;
};

constexpr CauseSpec kLlamaCauses[] = {
    { 30.1, "infra.gpu.faulty", Symptom::Explicit, "XID 79" },
    { 17.2, "infra.gpu.hbm", Symptom::Explicit, "XID 48" },
    { 4.5, "infra.gpu.sram", Symptom::Explicit, "XID 94" },
    { 4.1, "infra.gpu.gsp", Symptom::Explicit, "XID 119" },
    { 1.4, "infra.gpu.sdc", Symptom::Numeric, "silent data corruption: loss spike" },
    { 1.4, "infra.gpu.thermal", Symptom::Degradation, "GPU thermal interface or sensor" },
    { 12.9, "dependency.software", Symptom::Explicit, "software bug: segfault in trainer" },
    { 0.5, "dependency.other", Symptom::Explicit, "dependency failure" },
    { 8.4, "infra.network.switch", Symptom::Explicit, "switch or cable failure" },
    { 7.6, "maintenance.host", Symptom::Explicit, "host maintenance" },
    { 1.7, "infra.host.nic", Symptom::Explicit, "NIC link down" },
    { 0.7, "infra.host.ssd", Symptom::Explicit, "SSD failure" },
    { 0.7, "infra.host.psu", Symptom::Explicit, "power supply failure" },
    { 0.5, "infra.host.chassis", Symptom::Explicit, "server chassis" },
    { 0.5, "infra.host.io", Symptom::Explicit, "IO expansion board" },
    { 0.5, "infra.host.cpu", Symptom::Explicit, "CPU machine check" },
    { 0.5, "infra.host.memory", Symptom::Explicit, "DIMM ECC error" },
    { 1.7, "unknown.nccl_timeout", Symptom::Hang, "NCCL watchdog timeout" },
    { 5.1, "unknown.unattributed", Symptom::Explicit, "no root cause found" },
};
constexpr size_t kLlamaCauseCount = std::size(kLlamaCauses);

constexpr int64_t kGpuCounts[] = { 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384 };
constexpr int kGpuCountLast = static_cast<int>(std::size(kGpuCounts)) - 1;

// A model a team trains: its GPU range (indexes into kGpuCounts), its weight inside the team and
// the median length of its training runs.
struct ModelSpec
{
    std::string_view model;
    double weight;
    int minGpuIndex;
    int maxGpuIndex;
    double trainMedianHours;
};

struct TeamSpec
{
    std::string_view team;
    double weight;
    size_t firstModel;
    size_t modelCount;
    size_t firstKind;
    size_t kindCount;
};

constexpr ModelSpec kModels[] = {
    // ads
    { "dlrm", 5, 0, 5, 8 },
    { "ads-ctr-v4", 3, 0, 4, 5 },
    { "dhen", 2, 2, 6, 14 },
    // ranking
    { "ranker-v3", 5, 0, 4, 6 },
    { "two-tower", 3, 0, 3, 4 },
    { "dlrm-ranking", 2, 1, 5, 10 },
    // llm
    { "llama-8b", 45, 3, 7, 16 },
    { "mixtral-8x7b", 25, 5, 8, 24 },
    { "llama-70b", 22, 7, 10, 36 },
    { "llama-405b", 5, 10, 11, 48 },
    // vision
    { "vit-h", 4, 2, 6, 12 },
    { "resnet-152", 3, 0, 3, 4 },
    { "sam-l", 2, 1, 5, 10 },
    { "diffusion-xl", 3, 3, 7, 20 },
    // speech
    { "whisper-l", 4, 1, 5, 12 },
    { "conformer-xl", 3, 0, 4, 8 },
    { "wav2vec2", 2, 0, 3, 6 },
    // research
    { "moe-exp", 3, 0, 4, 3 },
    { "rl-agent", 2, 0, 2, 2 },
    { "llama-8b", 2, 0, 4, 3 },
    { "vit-h", 2, 0, 3, 3 },
};

// What a run is, the second word of a job name. Fine-tuning and continued runs start from a
// checkpoint (their first attempt loads one).
constexpr std::string_view kKinds[] = {
    "nightly", "retrain", "backfill", "exp", // ads, ranking (ranking uses the first three)
    "pretrain", "finetune", "continued-pretrain", "sft", // llm
    "pretrain", "finetune", // vision, speech
    "sweep", "ablation", "exp", // research
};

constexpr TeamSpec kTeams[] = {
    { "ads", 20, 0, 3, 0, 4 },
    { "ranking", 18, 3, 3, 0, 3 },
    { "llm", 18, 6, 4, 4, 4 },
    { "vision", 15, 10, 4, 8, 2 },
    { "speech", 11, 14, 3, 8, 2 },
    { "research", 18, 17, 4, 10, 3 },
};

constexpr std::string_view kClusters[] = { "east", "west", "central" };
constexpr double kClusterWeights[] = { 40, 35, 25 };

bool startsFromCheckpoint(std::string_view kind)
{
    return kind == "retrain" || kind == "finetune" || kind == "continued-pretrain" || kind == "sft";
}

// log and exp from +, -, *, / and the exact frexp / ldexp / floor only, so that a seed gives the
// same fleet with every math library (std::log and std::exp may differ in the last bit).
constexpr double kLn2 = 0.69314718055994530942;
constexpr double kLn2Hi = 6.93147180369123816490e-01;
constexpr double kLn2Lo = 1.90821492927058770002e-10;

double portableLog(double x) // x > 0 and finite
{
    int e = 0;
    double m = std::frexp(x, &e); // x = m * 2^e, m in [0.5, 1)
    if (m < 0.70710678118654752440) {
        m *= 2.0;
        --e;
    }
    // log(m) = 2 atanh(s) = 2 (s + s^3/3 + s^5/5 + ...), |s| <= 0.172: 12 terms reach 1e-18.
    const double s = (m - 1.0) / (m + 1.0);
    const double s2 = s * s;
    double term = s;
    double sum = 0.0;
    for (int k = 0; k < 12; ++k) {
        sum += term / static_cast<double>(2 * k + 1);
        term *= s2;
    }
    return 2.0 * sum + static_cast<double>(e) * kLn2;
}

double portableExp(double x)
{
    x = std::clamp(x, -700.0, 700.0);
    // x = n ln2 + r with |r| <= ln2/2; e^r by its Taylor series (22 terms reach 1e-20).
    const double n = std::floor(x / kLn2 + 0.5);
    const double r = (x - n * kLn2Hi) - n * kLn2Lo;
    double term = 1.0;
    double sum = 1.0;
    for (int k = 1; k < 22; ++k) {
        term *= r / static_cast<double>(k);
        sum += term;
    }
    return std::ldexp(sum, static_cast<int>(n));
}

uint64_t splitMix64(uint64_t& x)
{
    uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

// Seconds to nanoseconds, rounded to a whole millisecond.
int64_t msFromSeconds(double seconds)
{
    return static_cast<int64_t>(std::llround(seconds * 1000.0)) * kNsPerMs;
}

int64_t floorToMs(int64_t ns)
{
    int64_t r = ns % kNsPerMs;
    if (r < 0) {
        r += kNsPerMs;
    }
    return ns - r;
}

// The frame every job of a fleet shares.
struct FleetFrame
{
    int64_t baseNs = 0; // first possible submission, whole ms
    int64_t spanNs = 0; // submissions spread over [base, base + span)
    int64_t traceNs = 0; // the moment the trace is taken
};

FleetFrame fleetFrame(const GeneratorOptions& options)
{
    FleetFrame f;
    f.baseNs = floorToMs(options.startNs);
    f.spanNs = static_cast<int64_t>(std::max(options.days, 0)) * kNsPerDay;
    f.traceNs = f.baseNs + f.spanNs + kTraceAfterSubmissionsNs;
    return f;
}

// What ended an attempt.
enum class Ending : uint8_t { Completed, Fault, Preempted, UserError, Cancelled, TraceTaken };

// The job-wide choices that shape every attempt.
struct JobPlan
{
    int64_t gpus = 8;
    double sizeFactor = 0.0; // 0 for 8 GPUs, 1 for 16k: scales init, compile and checkpoint costs
    int32_t ranks = 0; // > 0: init sub-stages and checkpoint saves are written per rank
    bool checkpointing = true; // false: no checkpoint records at all (spec 5.3 no_checkpoint_data)
    bool resumes = false; // the first attempt loads a checkpoint (fine-tuning, continued runs)
    bool lowPriority = false; // preemptible
    bool compiles = true;
    bool launcher = false;
    bool asyncUpload = false; // saves block briefly, then upload in the background
    bool overlapSave = false; // the blocking save overlaps the end of a train chunk
    int evalEvery = 0; // an eval after every n-th chunk; 0: no eval
    int64_t targetNs = 0; // productive training the job needs
    int64_t intervalNs = 0; // checkpoint interval: wall time of one train chunk
    int64_t stepNs = 0; // wall time of one training step, for checkpoint step numbers
    int64_t cancelAtNs = kNever;
};

// Where a checkpoint of the current attempt stands, beside its record.
struct CheckpointState
{
    int64_t saveEndNs = 0; // the state is captured once every rank's blocking save is over
    int64_t progressNs = 0; // productive training it holds
};

// Builds one job into a GeneratedJob, reusing the storage of its records. Draw is the generator's
// random source (uniform, exponential, lognormal, pick).
template <typename Draw> class JobBuilder
{
public:
    JobBuilder(Draw& draw, const FleetFrame& frame, GeneratedJob& out)
        : m_draw(draw)
        , m_frame(frame)
        , m_out(out)
    {
    }

    void build(int64_t index)
    {
        m_attempts = 0;
        m_phases = 0;
        m_checkpoints = 0;
        const int64_t firstStartNs = describeJob(index);

        // 1. Attempts until the job completes, is cancelled, gives up or the trace is taken.
        int64_t startNs = firstStartNs;
        int64_t gpus = m_plan.gpus;
        bool explicitGpus = chance(0.15);
        for (int32_t number = 0; number < kMaxAttempts; ++number) {
            int64_t endNs = startNs;
            const Ending ending = runAttempt(number, startNs, gpus, explicitGpus, endNs);
            if (ending == Ending::Completed || ending == Ending::Cancelled || ending == Ending::TraceTaken) {
                break;
            }
            if (ending == Ending::UserError && chance(0.5)) {
                break; // the user gives up on this job and submits a fixed one
            }
            // 2. The next attempt after a reschedule gap (the gap is recovery, spec 5.1).
            startNs = endNs + rescheduleGap(ending);
            if (startNs >= m_frame.traceNs || startNs >= m_plan.cancelAtNs) {
                break; // still waiting for resources when the trace is taken, or cancelled while waiting
            }
            gpus = m_plan.gpus;
            explicitGpus = chance(0.15);
            if (ending == Ending::Fault && m_plan.gpus >= 16 && chance(0.1)) {
                gpus = m_plan.gpus - 8; // restarted without the bad node
                explicitGpus = true;
            }
        }

        m_out.attempts.resize(m_attempts);
        m_out.phases.resize(m_phases);
        m_out.checkpoints.resize(m_checkpoints);
    }

private:
    Draw& m_draw;
    const FleetFrame& m_frame;
    GeneratedJob& m_out;
    JobPlan m_plan;
    size_t m_attempts = 0; // records in use in m_out's vectors
    size_t m_phases = 0;
    size_t m_checkpoints = 0;

    // State of the attempt being written.
    int32_t m_attempt = 0;
    int64_t m_attemptStartNs = 0;
    int64_t m_clipNs = 0; // phases are clipped to [attempt start, clip]
    // Job progress: the training held by the latest checkpoint durable so far (the restart point).
    int64_t m_committedNs = 0;
    bool m_hasDurable = false;
    std::vector<CheckpointState> m_attemptCheckpoints; // of the current attempt, beside its records
    int64_t m_lastUploadEndNs = 0; // end of the current attempt's latest background upload

    // ---- random helpers
    double uniform() { return m_draw.uniform(); }
    bool chance(double p) { return uniform() < p; }
    size_t pick(const double* weights, size_t n) { return m_draw.pick(weights, n); }
    // A lognormal duration in whole ms, clamped to [minS, maxS] seconds.
    int64_t logn(double medianS, double sigma, double minS, double maxS)
    {
        return msFromSeconds(std::clamp(m_draw.lognormal(medianS, sigma), minS, maxS));
    }
    int64_t uniformMs(double minS, double maxS) { return msFromSeconds(minS + (maxS - minS) * uniform()); }
    // A short uninstrumented pause between steps (idle time), absent half of the time.
    int64_t smallGap() { return chance(0.5) ? uniformMs(0.0, 3.0) : 0; }

    // ---- record storage, reused from the previous job
    PhaseRecord& newPhase()
    {
        if (m_phases == m_out.phases.size()) {
            m_out.phases.emplace_back();
        }
        return m_out.phases[m_phases++];
    }

    AttemptRecord& newAttempt()
    {
        if (m_attempts == m_out.attempts.size()) {
            m_out.attempts.emplace_back();
        }
        AttemptRecord& a = m_out.attempts[m_attempts++];
        a.job.assign(m_out.job.job);
        a.gpus.reset();
        a.outcome = Outcome::Completed;
        a.interruptedAtNs.reset();
        a.cause.clear();
        a.symptom = Symptom::None;
        a.detail.clear();
        return a;
    }

    CheckpointRecord& newCheckpoint()
    {
        if (m_checkpoints == m_out.checkpoints.size()) {
            m_out.checkpoints.emplace_back();
        }
        return m_out.checkpoints[m_checkpoints++];
    }

    // Writes a phase of the current attempt clipped to [attempt start, clip]; nothing when the
    // clipped phase is empty (it starts after the attempt was cut).
    void phase(Category category, std::string_view sub, int64_t startNs, int64_t endNs, int32_t rank = -1,
        std::string_view name = {})
    {
        startNs = std::max(startNs, m_attemptStartNs);
        endNs = std::min(endNs, m_clipNs);
        if (endNs <= startNs) {
            return;
        }
        PhaseRecord& p = newPhase();
        p.job.assign(m_out.job.job);
        p.attempt = m_attempt;
        p.category = category;
        p.subcategory.assign(sub);
        p.startNs = startNs;
        p.endNs = endNs;
        p.rank = rank;
        p.name.assign(name);
    }

    // ---- the job

    // Fills the job record and m_plan; returns the first attempt's start.
    int64_t describeJob(int64_t index)
    {
        double teamWeights[std::size(kTeams)];
        for (size_t i = 0; i < std::size(kTeams); ++i) {
            teamWeights[i] = kTeams[i].weight;
        }
        const TeamSpec& team = kTeams[pick(teamWeights, std::size(kTeams))];
        double modelWeights[8];
        for (size_t i = 0; i < team.modelCount; ++i) {
            modelWeights[i] = kModels[team.firstModel + i].weight;
        }
        const ModelSpec& model = kModels[team.firstModel + pick(modelWeights, team.modelCount)];
        const std::string_view kind
            = kKinds[team.firstKind + static_cast<size_t>(uniform() * static_cast<double>(team.kindCount))];
        const std::string_view cluster = kClusters[pick(kClusterWeights, std::size(kClusters))];

        // GPU count: inside the model's range, smaller counts more likely (weights 1, 0.55, 0.3...).
        double gpuWeights[std::size(kGpuCounts)];
        const int gpuSpan = model.maxGpuIndex - model.minGpuIndex + 1;
        double w = 1.0;
        for (int i = 0; i < gpuSpan; ++i) {
            gpuWeights[i] = w;
            w *= 0.55;
        }
        const int gpuIndex = model.minGpuIndex + static_cast<int>(pick(gpuWeights, static_cast<size_t>(gpuSpan)));

        // Priority: most research jobs are preemptible; big jobs never are (nobody evicts 1k GPUs).
        std::string_view priority;
        const bool preemptible = gpuIndex <= 5;
        if (team.team == "research") {
            priority = chance(0.7) && preemptible ? "low" : "normal";
        } else if (chance(0.25)) {
            const double weights[] = { 40, 40, preemptible ? 20.0 : 0.0 };
            constexpr std::string_view kPriorities[] = { "high", "normal", "low" };
            priority = kPriorities[pick(weights, 3)];
        }

        // The job record. Attrs are sorted by key.
        JobRecord& job = m_out.job;
        char id[32] = "job-";
        auto idEnd = std::to_chars(id + 4, id + sizeof(id), index + 1).ptr;
        const auto digits = idEnd - (id + 4);
        job.job.assign("job-");
        job.job.append(static_cast<size_t>(std::max<std::ptrdiff_t>(0, 6 - digits)), '0');
        job.job.append(id + 4, idEnd);
        job.name.assign(model.model);
        job.name.push_back(' ');
        job.name.append(kind);
        m_plan = JobPlan {};
        m_plan.gpus = kGpuCounts[gpuIndex];
        job.gpus = m_plan.gpus;
        const int64_t submittedNs
            = m_frame.baseNs + msFromSeconds(uniform() * static_cast<double>(m_frame.spanNs / kNsPerSecond));
        job.submittedNs = submittedNs;
        size_t attrCount = priority.empty() ? 3 : 4;
        job.attrs.resize(attrCount);
        job.attrs[0].first.assign("cluster");
        job.attrs[0].second.assign(cluster);
        job.attrs[1].first.assign("model");
        job.attrs[1].second.assign(model.model);
        size_t at = 2;
        if (!priority.empty()) {
            job.attrs[at].first.assign("priority");
            job.attrs[at].second.assign(priority);
            ++at;
        }
        job.attrs[at].first.assign("team");
        job.attrs[at].second.assign(team.team);

        // The plan.
        JobPlan& p = m_plan;
        p.sizeFactor = static_cast<double>(gpuIndex) / static_cast<double>(kGpuCountLast);
        p.ranks = chance(0.1) ? static_cast<int32_t>(std::min<int64_t>(p.gpus, 8)) : 0;
        p.checkpointing = !chance(0.03);
        p.resumes = p.checkpointing && startsFromCheckpoint(kind);
        p.lowPriority = priority == "low";
        p.compiles = chance(0.8);
        p.launcher = chance(0.3);
        p.asyncUpload = chance(0.4 + 0.5 * p.sizeFactor); // big jobs cannot afford long blocking saves
        p.overlapSave = chance(0.5);
        p.evalEvery = chance(0.35) ? 2 + static_cast<int>(uniform() * 3.0) : 0;
        // Train target: lognormal around the model's median, capped so that the job expects at most
        // kMaxExpectedFaults faults; jobs without checkpoints are short runs (sweeps, smoke tests).
        const double faultsPerHour = kLlamaFailuresPerGpuHour * kFailureRateScale * static_cast<double>(p.gpus);
        double targetHours = m_draw.lognormal(model.trainMedianHours, 0.8);
        targetHours = std::min({ targetHours, 5.0 * 24.0, kMaxExpectedFaults / faultsPerHour });
        if (!p.checkpointing) {
            targetHours = std::min(targetHours, 0.5 + 3.5 * uniform());
        }
        targetHours = std::max(targetHours, 0.25);
        p.targetNs = msFromSeconds(targetHours * 3600.0);
        // Big jobs checkpoint more often (their failures are more frequent and a restart costs more).
        const double intervalsMin[3][3] = { { 30, 60, 120 }, { 20, 30, 45 }, { 10, 15, 20 } };
        const double intervalWeights[] = { 30, 50, 20 };
        const int sizeClass = gpuIndex >= 8 ? 2 : (gpuIndex >= 5 ? 1 : 0);
        p.intervalNs = msFromSeconds(60.0 * intervalsMin[sizeClass][pick(intervalWeights, 3)]);
        p.stepNs = logn(team.team == "llm" ? 6.0 : 0.8, 0.5, 0.05, 30.0);

        // 3. Queue delay before the first attempt: minutes, longer for bigger jobs.
        const int64_t queueNs = logn(240.0 * (1.0 + 4.0 * p.sizeFactor), 1.1, 5.0, 8.0 * 3600.0);
        const int64_t firstStartNs = submittedNs + queueNs;
        if (chance(0.025)) {
            // Cancelled by its owner somewhere in what would be its run.
            p.cancelAtNs = firstStartNs + msFromSeconds((0.05 + 0.9 * uniform()) * targetHours * 3600.0);
        }
        m_committedNs = 0;
        m_hasDurable = false;
        return firstStartNs;
    }

    int64_t rescheduleGap(Ending ending)
    {
        switch (ending) {
        case Ending::Preempted:
            return logn(2400.0, 1.0, 60.0, 8.0 * 3600.0); // waits for capacity
        case Ending::UserError:
            return logn(2700.0, 0.7, 300.0, 6.0 * 3600.0); // a person fixes the config
        default:
            return logn(180.0, 0.8, 5.0, 3600.0); // automatic restart
        }
    }

    // ---- one attempt

    Ending runAttempt(int32_t number, int64_t startNs, int64_t gpus, bool explicitGpus, int64_t& endNs)
    {
        const JobPlan& p = m_plan;
        const size_t attemptIndex = m_attempts;
        {
            AttemptRecord& a = newAttempt();
            a.attempt = number;
            a.startNs = startNs;
            if (explicitGpus) {
                a.gpus = gpus;
            }
        }
        m_attempt = number;
        m_attemptStartNs = startNs;
        const size_t firstCheckpoint = m_checkpoints;
        m_attemptCheckpoints.clear();
        m_lastUploadEndNs = startNs;

        // 1. What ends the attempt, unless it completes first: the first of a fault (Poisson per
        //    GPU-hour on this attempt's GPUs), a preemption, the cancellation, the end of the trace.
        const double faultsPerHour = kLlamaFailuresPerGpuHour * kFailureRateScale * static_cast<double>(gpus);
        const double faultHours = std::min(m_draw.exponential(1.0 / faultsPerHour), 24.0 * 365.0);
        const int64_t faultNs = startNs + msFromSeconds(faultHours * 3600.0);
        const int64_t preemptNs
            = p.lowPriority ? startNs + msFromSeconds(std::min(m_draw.exponential(6.0 * 3600.0), 1e8)) : kNever;
        int64_t cutNs = m_frame.traceNs;
        Ending ending = Ending::TraceTaken;
        if (p.cancelAtNs < cutNs) {
            cutNs = p.cancelAtNs;
            ending = Ending::Cancelled;
        }
        if (preemptNs < cutNs) {
            cutNs = preemptNs;
            ending = Ending::Preempted;
        }
        if (faultNs < cutNs) {
            cutNs = faultNs;
            ending = Ending::Fault;
        }
        m_clipNs = cutNs;

        // 2. Bring-up: sometimes a wait inside the allocation, the container, the launcher.
        int64_t t = startNs;
        if (chance(0.05)) {
            const int64_t d = logn(120.0, 0.8, 5.0, 1800.0);
            phase(Category::Queue, "", t, t + d, -1, "waiting for all nodes");
            t += d;
        }
        {
            const int64_t d = logn(45.0 + 60.0 * p.sizeFactor, 0.5, 5.0, 1200.0);
            phase(Category::Setup, "container", t, t + d);
            t += d;
        }
        if (p.launcher) {
            const int64_t d = logn(15.0, 0.5, 1.0, 300.0);
            phase(Category::Setup, "launcher", t, t + d);
            t += d;
        }
        t += smallGap();

        // 3. Trainer init, then the restore (restarts, and jobs that start from a checkpoint).
        t = initStages(t);
        t += smallGap();
        const bool loads = p.checkpointing && (m_hasDurable || p.resumes);
        if (loads) {
            const int64_t d = logn(30.0 + 150.0 * p.sizeFactor, 0.5, 3.0, 3600.0);
            phase(Category::CheckpointLoad, "", t, t + d);
            t += d + smallGap();
        }

        // 4. Compile: the cache is cold on most first attempts and warm on most restarts.
        int64_t progressNs = p.checkpointing ? m_committedNs : 0;
        if (p.compiles && progressNs < p.targetNs) {
            const bool hit = chance(number == 0 ? 0.3 : 0.9);
            if (hit) {
                const int64_t d = logn(90.0, 0.4, 30.0, 240.0);
                phase(Category::Compile, "pt2", t, t + d, -1, "cache hit");
                t += d;
            } else {
                const int64_t d = logn(60.0 * (8.0 + 15.0 * p.sizeFactor), 0.4, 300.0, 2700.0);
                phase(Category::Compile, "pt2", t, t + d, -1, "cache miss");
                t += d;
                if (chance(0.4)) {
                    const int64_t a = logn(240.0, 0.5, 30.0, 1800.0);
                    phase(Category::Compile, "autotune", t, t + a);
                    t += a;
                }
            }
            t += smallGap();
        }

        // 5. A user error (out of memory) strikes early in training, mostly on a first attempt.
        if (t < cutNs && progressNs < p.targetNs && chance(number == 0 ? 0.03 : 0.005)) {
            const int64_t oomNs = t + msFromSeconds(std::min(m_draw.exponential(900.0), 86400.0));
            if (oomNs < cutNs) {
                cutNs = oomNs;
                m_clipNs = cutNs;
                ending = Ending::UserError;
            }
        }

        // 6. The train loop: one train phase per checkpoint interval, each ending in a blocking
        //    save (overlapping the chunk's end, or after it), sometimes an eval between chunks.
        int chunk = 0;
        while (progressNs < p.targetNs && t < cutNs) {
            const int64_t remainingNs = p.targetNs - progressNs;
            // Saves come every so many steps: the wall time between them wobbles by about 1%.
            const double jitterS = static_cast<double>(p.intervalNs) / 1e9 * 0.02 * (uniform() - 0.5);
            const int64_t lenNs = std::clamp(remainingNs, kNsPerMinute, p.intervalNs + msFromSeconds(jitterS));
            const int64_t chunkEndNs = t + lenNs;
            const int64_t quarterNs = floorToMs(lenNs / 4); // caps what may block one chunk
            phase(Category::Train, "", t, chunkEndNs);
            int64_t blockedNs = 0;
            if (chance(0.12)) {
                const int64_t d = std::min(logn(45.0, 0.8, 2.0, 900.0), quarterNs);
                const int64_t at = t + floorToMs(static_cast<int64_t>(uniform() * static_cast<double>(lenNs / 2)));
                phase(Category::Stall, "data", at, at + d, -1, "dataloader starved");
                blockedNs += d;
            }
            if (chance(0.015)) {
                const int64_t d = std::min(logn(40.0, 0.5, 5.0, 600.0), quarterNs);
                const int64_t at = t + floorToMs(static_cast<int64_t>(uniform() * static_cast<double>(lenNs / 2)));
                phase(Category::Compile, "recompile", at, at + d, -1, "shape change");
                blockedNs += d;
            }
            int64_t nextNs = chunkEndNs;
            if (p.checkpointing) {
                const int64_t saveNs = p.asyncUpload ? logn(4.0 + 10.0 * p.sizeFactor, 0.5, 1.0, 120.0)
                                                     : logn(10.0 + 40.0 * p.sizeFactor, 0.5, 2.0, 600.0);
                const int64_t blockNs = std::min(saveNs, quarterNs);
                const int64_t saveStartNs = p.overlapSave ? chunkEndNs - blockNs : chunkEndNs;
                const int64_t saveEndNs = savePhases(saveStartNs, blockNs);
                progressNs += std::max<int64_t>(0, saveStartNs - t - blockedNs);
                writeCheckpoint(saveStartNs, saveEndNs, progressNs);
                nextNs = std::max(chunkEndNs, saveEndNs);
            } else {
                progressNs += lenNs - blockedNs;
            }
            t = nextNs;
            ++chunk;
            if (p.evalEvery > 0 && chunk % p.evalEvery == 0 && progressNs < p.targetNs) {
                const int64_t d = logn(300.0, 0.5, 20.0, 1800.0);
                phase(Category::Eval, "", t, t + d);
                t += d;
            }
            t += smallGap();
        }

        // 7. Shutdown after training: publish (waits for the last upload to be durable), teardown.
        if (progressNs >= p.targetNs && t < cutNs) {
            const int64_t publishNs = logn(90.0 + 180.0 * p.sizeFactor, 0.6, 5.0, 3600.0);
            const int64_t publishEndNs = std::max(t + publishNs, m_lastUploadEndNs);
            phase(Category::Shutdown, "publish", t, publishEndNs);
            t = publishEndNs;
            const int64_t teardownNs = logn(30.0, 0.5, 2.0, 600.0);
            phase(Category::Shutdown, "teardown", t, t + teardownNs);
            t += teardownNs;
            if (t <= cutNs) {
                ending = Ending::Completed;
            }
        }

        // 8. How the attempt ends.
        AttemptRecord& a = m_out.attempts[attemptIndex];
        switch (ending) {
        case Ending::Completed:
            endNs = t;
            break;
        case Ending::TraceTaken:
            endNs = cutNs;
            a.outcome = Outcome::Running;
            break;
        case Ending::Cancelled: {
            endNs = std::min(cutNs + logn(20.0, 0.6, 1.0, 600.0), m_frame.traceNs);
            a.outcome = Outcome::Cancelled;
            a.cause.assign("manual.cancel");
            m_clipNs = endNs;
            phase(Category::Shutdown, "teardown", cutNs, endNs, -1, "cancelled by owner");
            break;
        }
        case Ending::Fault:
        case Ending::Preempted:
        case Ending::UserError:
            endNs = interrupt(a, ending, cutNs);
            break;
        }
        a.endNs = endNs;

        // 9. Checkpoints this attempt could not finish: capture cut -> dropped; upload cut ->
        //    failed (never restorable); when the trace is taken mid-upload the record is not
        //    written yet. The restart point is the latest checkpoint durable by the cut.
        const bool finished = ending == Ending::Completed;
        size_t kept = firstCheckpoint;
        for (size_t i = firstCheckpoint; i < m_checkpoints; ++i) {
            CheckpointRecord& c = m_out.checkpoints[i];
            const CheckpointState& s = m_attemptCheckpoints[i - firstCheckpoint];
            bool keep = finished || s.saveEndNs <= cutNs;
            if (keep && !finished && c.durableNs && *c.durableNs > cutNs) {
                if (ending == Ending::TraceTaken) {
                    keep = false;
                } else {
                    c.durableNs.reset();
                    c.failed = true;
                }
            }
            if (!keep) {
                continue;
            }
            if (!c.failed) {
                m_hasDurable = true;
                m_committedNs = std::max(m_committedNs, s.progressNs);
            }
            if (kept != i) {
                std::swap(m_out.checkpoints[kept], c);
            }
            ++kept;
        }
        m_checkpoints = kept;
        return ending;
    }

    // Init sub-stages one after the other; per rank with jitter for multi-rank jobs (the attempt
    // moves on when the slowest rank is done). Returns the end.
    int64_t initStages(int64_t t)
    {
        const JobPlan& p = m_plan;
        struct Stage
        {
            std::string_view name;
            double medianS;
        };
        const Stage stages[] = {
            { "device_init", 12.0 },
            { "process_group_init", 3.0 * std::sqrt(static_cast<double>(p.gpus) / 8.0) },
            { "preproc_creation", 20.0 },
            { "train_module_creation", 25.0 + 60.0 * p.sizeFactor },
            { "init_plugins", 6.0 },
            { "pre_train", 10.0 },
            { "get_first_batch_data", 40.0 },
        };
        int64_t durations[std::size(stages)];
        for (size_t i = 0; i < std::size(stages); ++i) {
            durations[i] = logn(stages[i].medianS, 0.4, 0.2, 3600.0);
        }
        if (p.ranks == 0) {
            for (size_t i = 0; i < std::size(stages); ++i) {
                phase(Category::Init, stages[i].name, t, t + durations[i]);
                t += durations[i];
            }
            return t;
        }
        int64_t endNs = t;
        for (int32_t r = 0; r < p.ranks; ++r) {
            int64_t tr = t + uniformMs(0.0, 0.3);
            for (size_t i = 0; i < std::size(stages); ++i) {
                const int64_t d
                    = floorToMs(static_cast<int64_t>(static_cast<double>(durations[i]) * (0.9 + 0.25 * uniform())));
                phase(Category::Init, stages[i].name, tr, tr + d, r);
                tr += d;
            }
            endNs = std::max(endNs, tr);
        }
        return endNs;
    }

    // The blocking part of a save from startNs; per rank with jitter for multi-rank jobs.
    // Returns when the last rank is done.
    int64_t savePhases(int64_t startNs, int64_t blockNs)
    {
        if (m_plan.ranks == 0) {
            phase(Category::CheckpointSave, "", startNs, startNs + blockNs);
            return startNs + blockNs;
        }
        int64_t endNs = startNs;
        for (int32_t r = 0; r < m_plan.ranks; ++r) {
            const int64_t s = startNs + uniformMs(0.0, 0.2);
            const int64_t d = floorToMs(static_cast<int64_t>(static_cast<double>(blockNs) * (0.85 + 0.3 * uniform())));
            phase(Category::CheckpointSave, "", s, s + d, r);
            endNs = std::max(endNs, s + d);
        }
        return endNs;
    }

    // The checkpoint record of a save: captured at its start, durable after the blocking part
    // (synchronous writes) or after a background upload; about 1% never become durable.
    void writeCheckpoint(int64_t startNs, int64_t saveEndNs, int64_t progressNs)
    {
        const JobPlan& p = m_plan;
        int64_t durableNs = saveEndNs;
        const bool failed = chance(0.01);
        if (p.asyncUpload) {
            const int64_t uploadNs = logn(30.0 + 120.0 * p.sizeFactor, 0.5, 3.0, 3600.0);
            durableNs = saveEndNs + uploadNs;
            const int64_t uploadEndNs = failed ? saveEndNs + floorToMs(uploadNs / 3) : durableNs;
            phase(Category::Background, "checkpoint_upload", saveEndNs, uploadEndNs, -1, failed ? "upload failed" : "");
            m_lastUploadEndNs = std::max(m_lastUploadEndNs, uploadEndNs);
        }
        CheckpointRecord& c = newCheckpoint();
        c.job.assign(m_out.job.job);
        c.attempt = m_attempt;
        c.step = progressNs / p.stepNs;
        c.startNs = startNs;
        c.durableNs.reset();
        if (!failed) {
            c.durableNs = durableNs;
        }
        c.failed = failed;
        m_attemptCheckpoints.push_back({ saveEndNs, progressNs });
    }

    // Marks the attempt interrupted at faultNs (fault, preemption, user error), writes the detection
    // and teardown phases and returns the attempt's end.
    int64_t interrupt(AttemptRecord& a, Ending ending, int64_t faultNs)
    {
        a.interruptedAtNs = faultNs;
        int64_t detectNs = 0;
        std::string_view detectName;
        if (ending == Ending::Preempted) {
            a.outcome = Outcome::Preempted;
            a.cause.assign("preemption.scheduler");
            a.symptom = Symptom::Explicit;
            a.detail.assign("evicted for a higher-priority job");
            detectNs = logn(10.0, 0.5, 1.0, 120.0);
            detectName = "SIGTERM from scheduler";
        } else if (ending == Ending::UserError) {
            a.outcome = Outcome::Failed;
            a.cause.assign("user.oom");
            a.symptom = Symptom::Explicit;
            a.detail.assign("CUDA out of memory");
            detectNs = logn(10.0, 0.6, 1.0, 300.0);
        } else {
            double weights[kLlamaCauseCount];
            for (size_t i = 0; i < kLlamaCauseCount; ++i) {
                weights[i] = kLlamaCauses[i].weight;
            }
            const CauseSpec& cause = kLlamaCauses[pick(weights, kLlamaCauseCount)];
            a.outcome = Outcome::Failed;
            a.cause.assign(cause.cause);
            a.symptom = cause.symptom;
            a.detail.assign(cause.detail);
            // Detection: an error surfaces in seconds; a hang waits for the NCCL watchdog; silent
            // corruption and slowdowns are noticed late, by loss curves or throughput alerts.
            switch (cause.symptom) {
            case Symptom::Hang:
                detectNs = logn(900.0, 0.4, 300.0, 2400.0);
                detectName = "watchdog";
                break;
            case Symptom::Numeric:
                detectNs = logn(1200.0, 0.8, 60.0, 7200.0);
                detectName = "loss spike alert";
                break;
            case Symptom::Degradation:
                detectNs = logn(1800.0, 0.7, 60.0, 7200.0);
                detectName = "throughput alert";
                break;
            default:
                detectNs = logn(20.0, 0.8, 2.0, 600.0);
                break;
            }
        }
        const int64_t teardownNs = logn(45.0, 0.6, 2.0, 900.0);
        const int64_t endNs = std::min(faultNs + detectNs + teardownNs, m_frame.traceNs);
        m_clipNs = endNs;
        if (chance(0.7)) {
            phase(Category::Recovery, "detect", faultNs, faultNs + detectNs, -1, detectName);
        }
        if (chance(0.5)) {
            phase(Category::Recovery, "teardown", faultNs + detectNs, endNs);
        }
        return endNs;
    }
};

// ---- JSON text

void appendInt(std::string& out, int64_t v)
{
    char buf[24];
    const auto r = std::to_chars(buf, buf + sizeof(buf), v);
    out.append(buf, r.ptr);
}

// Nanoseconds as milliseconds: an integer when whole (always for generated jobs), else the exact
// decimal fraction.
void appendMs(std::string& out, int64_t ns)
{
    if (ns % kNsPerMs == 0) {
        appendInt(out, ns / kNsPerMs);
        return;
    }
    const uint64_t mag = ns < 0 ? 0 - static_cast<uint64_t>(ns) : static_cast<uint64_t>(ns);
    if (ns < 0) {
        out.push_back('-');
    }
    char buf[24];
    const auto r = std::to_chars(buf, buf + sizeof(buf), mag / static_cast<uint64_t>(kNsPerMs));
    out.append(buf, r.ptr);
    uint64_t frac = mag % static_cast<uint64_t>(kNsPerMs);
    char digits[6];
    for (int i = 5; i >= 0; --i) {
        digits[i] = static_cast<char>('0' + frac % 10);
        frac /= 10;
    }
    size_t n = 6;
    while (n > 0 && digits[n - 1] == '0') {
        --n;
    }
    out.push_back('.');
    out.append(digits, n);
}

// `{"type":"<type>","job":"<job>"`, the start of every record but the header.
void appendRecordStart(std::string& out, std::string_view type, std::string_view job)
{
    out.append(R"({"type":")");
    out.append(type);
    out.append(R"(","job":)");
    appendJsonString(out, job);
}

} // namespace

void appendJsonEscaped(std::string& out, std::string_view s)
{
    static constexpr char kHex[] = "0123456789abcdef";
    size_t runStart = 0;
    for (size_t i = 0; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0x20 && c != '"' && c != '\\') {
            continue;
        }
        out.append(s.data() + runStart, i - runStart);
        runStart = i + 1;
        switch (c) {
        case '"':
            out.append("\\\"");
            break;
        case '\\':
            out.append("\\\\");
            break;
        case '\n':
            out.append("\\n");
            break;
        case '\r':
            out.append("\\r");
            break;
        case '\t':
            out.append("\\t");
            break;
        case '\b':
            out.append("\\b");
            break;
        case '\f':
            out.append("\\f");
            break;
        default:
            out.append("\\u00");
            out.push_back(kHex[c >> 4]);
            out.push_back(kHex[c & 0xf]);
            break;
        }
    }
    out.append(s.data() + runStart, s.size() - runStart);
}

void appendJsonString(std::string& out, std::string_view s)
{
    out.push_back('"');
    appendJsonEscaped(out, s);
    out.push_back('"');
}

// ---- FleetGenerator

FleetGenerator::FleetGenerator(GeneratorOptions options)
    : m_options(options)
{
    uint64_t x = options.seed;
    for (auto& s : m_state) {
        s = splitMix64(x);
    }
}

uint64_t FleetGenerator::nextU64()
{
    // xoshiro256** (Blackman and Vigna).
    const uint64_t result = rotl(m_state[1] * 5, 7) * 9;
    const uint64_t t = m_state[1] << 17;
    m_state[2] ^= m_state[0];
    m_state[3] ^= m_state[1];
    m_state[1] ^= m_state[2];
    m_state[0] ^= m_state[3];
    m_state[2] ^= t;
    m_state[3] = rotl(m_state[3], 45);
    return result;
}

double FleetGenerator::uniform()
{
    return static_cast<double>(nextU64() >> 11) * 0x1.0p-53;
}

double FleetGenerator::exponential(double mean)
{
    return -mean * portableLog(1.0 - uniform());
}

double FleetGenerator::lognormal(double median, double sigma)
{
    // A standard normal by the polar form of Box-Muller (needs no sin / cos), the second value
    // dropped (the generator keeps no state beside the PRNG's).
    double x = 0.0;
    double s = 0.0;
    do {
        x = 2.0 * uniform() - 1.0;
        const double y = 2.0 * uniform() - 1.0;
        s = x * x + y * y;
    } while (s >= 1.0 || s == 0.0);
    const double z = x * std::sqrt(-2.0 * portableLog(s) / s);
    return median * portableExp(sigma * z);
}

size_t FleetGenerator::pickWeighted(const double* weights, size_t n)
{
    double total = 0.0;
    for (size_t i = 0; i < n; ++i) {
        total += weights[i];
    }
    double x = uniform() * total;
    for (size_t i = 0; i < n; ++i) {
        if (x < weights[i]) {
            return i;
        }
        x -= weights[i];
    }
    return n - 1;
}

bool FleetGenerator::next(GeneratedJob& out)
{
    const bool done
        = m_options.targetPhases > 0 ? m_phasesDone >= m_options.targetPhases : m_jobsDone >= m_options.jobs;
    if (done) {
        return false;
    }
    // The builder draws through this adapter (a local class may use the generator's private
    // members), so the job logic stays out of the public header.
    struct Draw
    {
        FleetGenerator& gen;
        double uniform() { return gen.uniform(); }
        double exponential(double mean) { return gen.exponential(mean); }
        double lognormal(double median, double sigma) { return gen.lognormal(median, sigma); }
        size_t pick(const double* weights, size_t n) { return gen.pickWeighted(weights, n); }
    };
    Draw draw { *this };
    const FleetFrame frame = fleetFrame(m_options);
    JobBuilder<Draw> builder(draw, frame, out);
    builder.build(m_jobsDone);
    ++m_jobsDone;
    m_phasesDone += static_cast<int64_t>(out.phases.size());
    return true;
}

// ---- text and accounting input

std::string generatorHeaderLine(const GeneratorOptions& options)
{
    // The source is the command that writes the same file again; --start only when not the default.
    std::string source = "ettw generate --seed " + std::to_string(options.seed);
    if (options.targetPhases > 0) {
        source += " --phases " + std::to_string(options.targetPhases);
    } else {
        source += " --jobs " + std::to_string(options.jobs);
    }
    source += " --days " + std::to_string(options.days);
    if (options.startNs != GeneratorOptions {}.startNs) {
        source += " --start " + formatRfc3339(options.startNs);
    }
    std::string line = R"({"type":"header","format":"ett-trace","version":1,"time_unit":"ms","source":)";
    appendJsonString(line, source);
    line += "}";
    return line;
}

void appendJobLines(const GeneratedJob& g, std::string& out)
{
    // 1. The job.
    const JobRecord& job = g.job;
    appendRecordStart(out, "job", job.job);
    if (!job.name.empty()) {
        out.append(R"(,"name":)");
        appendJsonString(out, job.name);
    }
    if (job.gpus) {
        out.append(R"(,"gpus":)");
        appendInt(out, *job.gpus);
    }
    if (job.submittedNs) {
        out.append(R"(,"submitted":)");
        appendMs(out, *job.submittedNs);
    }
    if (!job.attrs.empty()) {
        out.append(R"(,"attrs":{)");
        for (size_t i = 0; i < job.attrs.size(); ++i) {
            if (i > 0) {
                out.push_back(',');
            }
            appendJsonString(out, job.attrs[i].first);
            out.push_back(':');
            appendJsonString(out, job.attrs[i].second);
        }
        out.push_back('}');
    }
    out.append("}\n");

    // 2. Attempts.
    for (const AttemptRecord& a : g.attempts) {
        appendRecordStart(out, "attempt", a.job);
        out.append(R"(,"attempt":)");
        appendInt(out, a.attempt);
        out.append(R"(,"start":)");
        appendMs(out, a.startNs);
        out.append(R"(,"end":)");
        appendMs(out, a.endNs);
        if (a.gpus) {
            out.append(R"(,"gpus":)");
            appendInt(out, *a.gpus);
        }
        out.append(R"(,"outcome":")");
        out.append(outcomeName(a.outcome));
        out.push_back('"');
        if (a.interruptedAtNs) {
            out.append(R"(,"interrupted_at":)");
            appendMs(out, *a.interruptedAtNs);
        }
        if (!a.cause.empty()) {
            out.append(R"(,"cause":)");
            appendJsonString(out, a.cause);
        }
        if (a.symptom != Symptom::None) {
            out.append(R"(,"symptom":")");
            out.append(symptomName(a.symptom));
            out.push_back('"');
        }
        if (!a.detail.empty()) {
            out.append(R"(,"detail":)");
            appendJsonString(out, a.detail);
        }
        out.append("}\n");
    }

    // 3. Phases.
    for (const PhaseRecord& p : g.phases) {
        appendRecordStart(out, "phase", p.job);
        out.append(R"(,"attempt":)");
        appendInt(out, p.attempt);
        out.append(R"(,"phase":")");
        out.append(categoryName(p.category));
        if (!p.subcategory.empty()) {
            out.push_back('.');
            appendJsonEscaped(out, p.subcategory); // free text
        }
        out.push_back('"');
        out.append(R"(,"start":)");
        appendMs(out, p.startNs);
        out.append(R"(,"end":)");
        appendMs(out, p.endNs);
        if (p.rank >= 0) {
            out.append(R"(,"rank":)");
            appendInt(out, p.rank);
        }
        if (!p.name.empty()) {
            out.append(R"(,"name":)");
            appendJsonString(out, p.name);
        }
        out.append("}\n");
    }

    // 4. Checkpoints.
    for (const CheckpointRecord& c : g.checkpoints) {
        appendRecordStart(out, "checkpoint", c.job);
        out.append(R"(,"attempt":)");
        appendInt(out, c.attempt);
        if (c.step) {
            out.append(R"(,"step":)");
            appendInt(out, *c.step);
        }
        out.append(R"(,"start":)");
        appendMs(out, c.startNs);
        if (c.durableNs) {
            out.append(R"(,"durable":)");
            appendMs(out, *c.durableNs);
        }
        if (c.failed) {
            out.append(R"(,"failed":true)");
        }
        out.append("}\n");
    }
}

JobInput toJobInput(const GeneratedJob& g)
{
    JobInput in;
    in.gpus = g.job.gpus.value_or(1);
    in.submittedNs = g.job.submittedNs;
    in.attempts.reserve(g.attempts.size());
    for (const AttemptRecord& a : g.attempts) {
        AttemptInput ai;
        ai.number = a.attempt;
        ai.startNs = a.startNs;
        ai.endNs = a.endNs;
        ai.gpus = a.gpus.value_or(in.gpus);
        ai.outcome = a.outcome;
        ai.interruptedAtNs = a.interruptedAtNs.value_or(a.endNs);
        ai.interruption = classifyInterruption(a.outcome, a.cause);
        in.attempts.push_back(std::move(ai));
    }
    // Phases go to the attempt with their number (usually at that index), clipped to its window;
    // a phase of an unknown attempt or entirely outside its attempt has no place and is skipped.
    for (const PhaseRecord& p : g.phases) {
        AttemptInput* owner = nullptr;
        const auto index = static_cast<size_t>(p.attempt);
        if (p.attempt >= 0 && index < in.attempts.size() && in.attempts[index].number == p.attempt) {
            owner = &in.attempts[index];
        } else {
            for (auto& a : in.attempts) {
                if (a.number == p.attempt) {
                    owner = &a;
                    break;
                }
            }
        }
        if (!owner) {
            continue;
        }
        const int64_t s = std::max(p.startNs, owner->startNs);
        const int64_t e = std::min(p.endNs, owner->endNs);
        if (e < s) {
            continue;
        }
        owner->phases.push_back({ s, e, p.category, p.rank });
    }
    in.checkpoints.reserve(g.checkpoints.size());
    for (const CheckpointRecord& c : g.checkpoints) {
        in.checkpoints.push_back({ c.startNs, c.durableNs.value_or(c.startNs), c.failed });
    }
    return in;
}

void addGeneratedJob(FleetColumnsBuilder& builder, const GeneratedJob& g, const std::string& label)
{
    const JobInput in = toJobInput(g);
    std::vector<std::string> causes;
    causes.reserve(g.attempts.size());
    for (const AttemptRecord& a : g.attempts) {
        causes.push_back(a.cause);
    }
    // The same placement of phases as toJobInput(), recording each phase's subcategory.
    std::vector<std::vector<std::string>> subcategories(in.attempts.size());
    for (const PhaseRecord& p : g.phases) {
        size_t owner = in.attempts.size();
        const auto index = static_cast<size_t>(p.attempt);
        if (p.attempt >= 0 && index < in.attempts.size() && in.attempts[index].number == p.attempt) {
            owner = index;
        } else {
            for (size_t i = 0; i < in.attempts.size(); ++i) {
                if (in.attempts[i].number == p.attempt) {
                    owner = i;
                    break;
                }
            }
        }
        if (owner == in.attempts.size()) {
            continue;
        }
        if (std::min(p.endNs, in.attempts[owner].endNs) < std::max(p.startNs, in.attempts[owner].startNs)) {
            continue;
        }
        subcategories[owner].push_back(p.subcategory);
    }
    builder.addJob(g.job.job, label, in, g.job.attrs, causes, subcategories, g.job.name);
}

} // namespace ett::core
