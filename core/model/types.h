// The ETT data model (spec ett-trace-v1 sections 3 and 5): phase categories, accounting
// buckets, attempt outcomes and interruption classes, with their stable names.
//
// Everything here is plain data with no dependencies, so that the GPU engine can share it
// on a machine that has neither SQLite nor simdjson.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ett::core {

// A phase category as written in traces (spec 3, "phase"). The numeric values are stored in
// the database; append only.
enum class Category : uint8_t {
    Queue = 0,
    Setup,
    Init,
    CheckpointLoad,
    Compile,
    Train,
    CheckpointSave,
    Stall,
    Eval,
    Recovery,
    Shutdown,
    Background,
};
inline constexpr int kCategoryCount = 12;

// Accounting buckets (spec 5). Every nanosecond of a job window gets exactly one. The numeric
// values are stored in the database and used as array indexes; append only.
enum class Bucket : uint8_t {
    Productive = 0,
    Queue,
    Setup,
    Init,
    CheckpointLoad,
    Compile,
    CheckpointSave,
    LostProgress,
    Stall,
    Eval,
    Recovery,
    Shutdown,
    Idle,
};
inline constexpr int kBucketCount = 13;

// Bucket totals in nanoseconds (or GPU-nanoseconds), indexed by Bucket.
using BucketArray = std::array<int64_t, kBucketCount>;

enum class Outcome : uint8_t { Completed = 0, Failed, Preempted, Cancelled, Running };
inline constexpr int kOutcomeCount = 5;

enum class Symptom : uint8_t { None = 0, Explicit, Hang, Degradation, Numeric };

// How an attempt's end counts (spec 5.4). Only Failure is "Number of Failures".
enum class Interruption : uint8_t { None = 0, Failure, Preemption, Other };

// Stable lower-case names, as in the spec and in JSON output.
std::string_view categoryName(Category c);
std::string_view bucketName(Bucket b);
std::string_view outcomeName(Outcome o);
std::string_view symptomName(Symptom s);
std::string_view interruptionName(Interruption i);

// Inverse look-ups; nullopt when the name is not one of the spec's.
std::optional<Category> parseCategory(std::string_view name);
std::optional<Outcome> parseOutcome(std::string_view name);
std::optional<Symptom> parseSymptom(std::string_view name);

// Comma-separated list of every category name, for error messages.
std::string categoryList();

// The bucket a category's time goes to before lost progress is applied. Background has none.
std::optional<Bucket> bucketOfCategory(Category c);

// Priority of a category when several are active at one instant (spec 5.2); higher wins.
// Background returns -1 (it never takes time).
int categoryPriority(Category c);

// The first dotted segment of a cause ("infra.gpu.hbm" -> "infra"); empty cause -> "".
std::string_view causeClass(std::string_view cause);

// True when the first segment of a cause is one of the spec's classes.
bool isValidCauseClass(std::string_view causeClass);

// Spec 5.4: how an attempt with this outcome and cause counts.
Interruption classifyInterruption(Outcome outcome, std::string_view cause);

// An attempt is interrupted (has a fault instant and recovery) when it failed or was preempted.
inline bool isInterrupted(Outcome o)
{
    return o == Outcome::Failed || o == Outcome::Preempted;
}

} // namespace ett::core
