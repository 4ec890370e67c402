// Trace records as the spec defines them (section 3), after per-record validation: times are
// nanoseconds, enums are parsed, defaults are not yet applied (optional fields stay optional so
// that the importer can tell "absent" from "given").
#pragma once

#include "core/model/types.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ett::core {

struct HeaderRecord
{
    int version = 1;
    int64_t nsPerUnit = 1'000; // time_unit, default "us"
    std::string source;
    std::string created;
};

struct JobRecord
{
    std::string job;
    std::string name;
    std::optional<int64_t> gpus;
    std::optional<int64_t> submittedNs;
    std::vector<std::pair<std::string, std::string>> attrs; // sorted by key, keys unique
};

struct AttemptRecord
{
    std::string job;
    int32_t attempt = 0;
    int64_t startNs = 0;
    int64_t endNs = 0;
    std::optional<int64_t> gpus;
    Outcome outcome = Outcome::Completed;
    std::optional<int64_t> interruptedAtNs;
    std::string cause;
    Symptom symptom = Symptom::None;
    std::string detail;
    // Not part of the native format. Readers of profiler traces (Chrome, Nsight) know only the span
    // of what one rank's file saw, not when the hardware was allocated and released: they set this,
    // and the importer widens such an attempt to the union of the spans when other files (ranks) of
    // the same attempt come in, instead of requiring the same window (spec 3, identity across files).
    bool windowFromTrace = false;
};

struct PhaseRecord
{
    std::string job;
    int32_t attempt = 0;
    Category category = Category::Train;
    std::string subcategory; // empty when the phase is a bare category
    int64_t startNs = 0;
    int64_t endNs = 0;
    int32_t rank = -1; // -1: the whole attempt
    std::string name;
};

struct CheckpointRecord
{
    std::string job;
    int32_t attempt = 0;
    std::optional<int64_t> step;
    int64_t startNs = 0;
    std::optional<int64_t> durableNs;
    bool failed = false;
};

// The host a rank of an attempt ran on (spec 7.3).
struct RankRecord
{
    std::string job;
    int32_t attempt = 0;
    int32_t rank = 0;
    std::string host; // non-empty
};

} // namespace ett::core
