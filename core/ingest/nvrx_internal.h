// The parts of the NVRx reader that read one item (a cycle info object, a restart-timing line, a
// Slurm node list), shared with its tests. core/ingest/nvrx_parse.cpp.
#pragma once

#include "core/ingest/mapping.h"
#include "core/model/result.h"

#include <simdjson.h>

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace ett::core::nvrx {

// Attempt numbers: Slurm attempt index x kCyclesPerAttempt + cycle number.
constexpr int64_t kCyclesPerAttempt = 10'000;
// The most a cycle file is read of (one is a few hundred bytes).
constexpr size_t kMaxCycleFileBytes = 1 << 20;

// `s` without blanks (space, tab, CR) at both ends.
std::string_view trim(std::string_view s);

// The fields of an NVRxCycleInfo object that the reader uses.
struct CycleInfo
{
    std::string jobId;
    int64_t attemptIndex = 0;
    int64_t cycleNumber = 0;
    int64_t startNs = 0;
    std::optional<int64_t> endNs; // nullopt: the cycle is open (cycle_end_time "")
    std::string activeNodes;
    std::optional<int64_t> nodes; // from active_nodes, else active_ranks; nullopt when neither says
    std::vector<std::string> unknownFields;
};

// Reads a cycle info object (the writer's JSON: protobuf names; uint64 generation may be a string).
// Error (message "field 'X': expected ..., got ...") when job_id, cycle_number or cycle_start_time is
// missing, a field has the wrong type, a time is not ISO 8601 / RFC 3339, or the end is before the
// start.
Result<CycleInfo> readCycleInfo(simdjson::dom::object obj);

// One restart-timing line: "Cycle: N Event: E Node: X Rank: R Time: YYYY-MM-DD HH:MM:SS.mmm UTC".
struct EventLine
{
    int64_t cycle = 0;
    std::string event;
    std::string node;
    std::string rank; // as written ("None" when the launcher had none)
    int64_t timeNs = 0;
};

// What one node's events of a cycle say: its own setup, for its row on the Gantt (spec 7.3).
struct NodeTimes
{
    std::optional<int64_t> rdzvStart;
    std::optional<int64_t> rdzvEnd;
    std::optional<int64_t> startBegin;
    std::optional<int64_t> startEnd;
    std::optional<int32_t> rank; // the launcher's rank on that node, when its lines agree on one
    bool rankUnclear = false; // "None", not a number, or two different ranks
};
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
    std::map<std::string, NodeTimes> byNode; // the nodes of `nodes`
    bool unnamed = false; // an event of its setup named no node (or one past the limit)
    std::optional<Mapping::Fault> fault; // the first fault rule matching other output while it ran
    std::string faultText;
    int64_t faultLine = 0;
    int64_t line = 0; // of its first event
};

// Joins another node's log's events of the same cycle into `into`: earliest starts and
// detections, latest completions, every termination, each node's own times; as one log's lines of
// two nodes join.
void mergeCycle(Cycle& into, const Cycle& from);

// Parses the text from "Cycle: " on. nullopt when it is not such a line; `field` then names the part
// that is wrong ("cycle", "event", "time") and `why` says how.
std::optional<EventLine> parseEventLine(std::string_view text, std::string& field, std::string& why);

// The number of hosts of a Slurm node list ("node[001-004,007],gpu5", "r[1-2]n[1-3]": 6); nullopt when
// it is malformed or names more than `maxNodes`.
std::optional<int64_t> countSlurmNodes(std::string_view list, int64_t maxNodes = 1'000'000);

// The number of ranks of a range list ("0-3,6": 5); nullopt when malformed or over `maxRanks`.
std::optional<int64_t> countRanges(std::string_view list, int64_t maxRanks = 1'000'000);

} // namespace ett::core::nvrx
