// The parts of the TorchElastic reader that read one event or one log prefix, shared with its
// tests. core/ingest/elastic_parse.cpp.
#pragma once

#include "core/ingest/reader_text.h"
#include "core/model/result.h"

#include <simdjson.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ett::core::elastic {

// What the reader uses of one event.
struct Event
{
    // An Event from the agent or a worker, a rendezvous event, or another JSON object.
    enum class Kind { Agent, Worker, Rdzv, Other };
    Kind kind = Kind::Other;
    std::string name;
    std::string runId; // "" when absent or null
    std::string state; // metadata.state, or node_state of a rendezvous event
    int32_t agentRestarts = 0; // metadata.agent_restarts (0 when absent or null)
    std::optional<int64_t> timeNs; // timestamp (ms) when > 0
    std::optional<int64_t> durationNs; // metadata.duration_ms
    std::optional<int64_t> totalRunTimeS; // metadata.total_run_time
    std::string errorText; // raw_error's message (or raw_error), error_trace of a rendezvous event
    std::optional<int64_t> errorTimeNs; // raw_error's message.extraInfo.timestamp (seconds)
    std::optional<int64_t> worldSize; // role_world_size in metadata.metadata
    std::optional<int64_t> groupWorldSize; // group_world_size in metadata.metadata
    std::optional<int32_t> globalRank; // metadata.global_rank (a worker's)
    std::string hostname; // metadata.hostname
};

// Reads one JSON object. Kind::Other (no error) when it has neither "source" with "metadata" nor
// "node_state" with "run_id". Error ("field 'X': expected ..., got ...") when a recognised event's
// field has the wrong type or an impossible value (a negative or overlong time, an unknown source).
Result<Event> readEvent(simdjson::dom::object obj);

// A date in a log prefix ("2024-05-01 12:00:00,123", "[2024-05-01T12:00:00.5+02:00] ..."): the
// first one found; without a zone it is UTC (assumedUtc).
struct PrefixTime
{
    int64_t ns = 0;
    bool assumedUtc = false;
};
std::optional<PrefixTime> prefixTime(std::string_view prefix);

// `s` cut to `max` bytes with "..." after (never inside a UTF-8 sequence).
std::string shorten(std::string_view s, size_t max = 160);

} // namespace ett::core::elastic
