// The catalogue a synthetic fleet is drawn from: failure rates and causes (Llama 3 report), GPU
// counts, teams and their models, run kinds, clusters; and the whole-millisecond time helpers the
// generator keeps every duration on. Internal to samples/synth.
#pragma once

#include "core/model/timeutil.h"
#include "core/model/types.h"

#include <cmath>
#include <cstdint>
#include <iterator>
#include <limits>
#include <string_view>

namespace ett::core::synth {

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
// percent, so that the fleet shows the report's proportions: GPU 58.7%, dependency (software bug)
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
    // Its training code logs how compile went (compile.pt2.cold, .warm, .cache_hit); the others
    // log compile.pt2 only.
    bool tagsCompile;
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
    { "ads", 20, 0, 3, 0, 4, true },
    { "ranking", 18, 3, 3, 0, 3, true },
    { "llm", 18, 6, 4, 4, 4, true },
    { "vision", 15, 10, 4, 8, 2, false },
    { "speech", 11, 14, 3, 8, 2, true },
    { "research", 18, 17, 4, 10, 3, false },
};

constexpr std::string_view kClusters[] = { "east", "west", "central" };
constexpr double kClusterWeights[] = { 40, 35, 25 };

inline bool startsFromCheckpoint(std::string_view kind)
{
    return kind == "retrain" || kind == "finetune" || kind == "continued-pretrain" || kind == "sft";
}

// Seconds to nanoseconds, rounded to a whole millisecond.
inline int64_t msFromSeconds(double seconds)
{
    return static_cast<int64_t>(std::llround(seconds * 1000.0)) * kNsPerMs;
}

inline int64_t floorToMs(int64_t ns)
{
    int64_t r = ns % kNsPerMs;
    if (r < 0) {
        r += kNsPerMs;
    }
    return ns - r;
}

} // namespace ett::core::synth
