// What the two readings of Slurm accounting share (core/ingest/slurm_reader.cpp reads
// `sacct --parsable2` and drives the import, core/ingest/slurm_json.cpp reads `sacct --json`):
// one run of a job as accounting records it, and the conversions of its fields. Internal to the
// reader; not a public interface.
#pragma once

#include "core/ingest/byte_source.h"
#include "core/ingest/record_source.h"
#include "core/model/result.h"

#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace ett::core::slurm {

// The largest count of seconds that still fits in int64 nanoseconds.
inline constexpr int64_t kMaxSeconds = std::numeric_limits<int64_t>::max() / 1'000'000'000;

// One allocation of a job: a row of `sacct --parsable2` without a step suffix, or one element of
// `sacct --json`'s "jobs". With --duplicates a requeued job has one run per requeue, all with the
// same job id.
struct Run
{
    std::string jobId; // "123", "123_4" (array task), "123+1" (heterogeneous component)
    std::string name;
    std::string partition;
    std::string account;
    std::string user;
    std::string cluster;
    std::string nodes;
    std::string state; // one word: "COMPLETED", "CANCELLED", "REQUEUED", ...
    std::string stateDetail; // what follows the word ("by 1001"), or who cancelled
    std::string exitCode; // "return code:signal", as sacct writes it ("3:0"); "" unknown
    std::optional<int64_t> submitNs;
    std::optional<int64_t> startNs;
    std::optional<int64_t> endNs;
    std::optional<int64_t> gpus; // nullopt: the input gives no allocation; 0: no GPU allocated
    std::optional<int64_t> restarts; // Restarts / restart_cnt when given
    int64_t line = 0; // of the row (parsable) or of the job's opening brace (JSON)
};

// The fields of a time: a time, none ("Unknown", "None", empty, 0), or text that is not a time.
enum class TimeValue { Time, None, Bad };

// A sacct time: "YYYY-MM-DDTHH:MM:SS" in local time, `offsetNs` east of UTC (sacct writes no zone),
// an RFC 3339 time with a zone, or a number of Unix seconds (SLURM_TIME_FORMAT=%s). "Unknown",
// "None" and "" are None. Pure.
TimeValue parseTime(std::string_view text, int64_t offsetNs, int64_t& ns);

// The GPUs in an AllocTRES text ("cpu=8,gres/gpu=4,gres/gpu:h100=4,node=1"): the gres/gpu count,
// else the sum of the typed gres/gpu:TYPE counts, else 0; nullopt when a GPU count is not an
// integer in [0, 10^9]. Pure.
std::optional<int64_t> gpusFromTres(std::string_view tres);

// The job of a step's id ("123.batch" -> "123", "123_4.0" -> "123_4"); nullopt for a job's id.
std::optional<std::string_view> stepJob(std::string_view jobId);

// Reads `sacct --json` from `source` and hands each job element (a run) to `sink`, in file order,
// one element in memory at a time. Errors name the file, the line and the field.
Status readJson(ByteSource& source, const std::function<Status(Run&&)>& sink);

} // namespace ett::core::slurm
