// What the fleet store source reads for timelines, as plain values: one job's whole timeline
// (attempts with their segments and phases, checkpoints), and the rows of the fleet timeline's jobs
// inside a range (segments, attempts, queue). The SQL of these lives here only.
#pragma once

#include "core/model/job_timeline.h"
#include "core/model/result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ett::core::clickhouse {

class FleetStore;

// The timeline of a live job: the job's row, its attempts (with buckets, TTS, TTR, causes), their
// segments and phases (named by their kind: the store keeps no phase names), the ranks of each
// attempt's phases and the job's checkpoints; attrs sorted. jobId is left 0. nullopt: the job is
// not (or no longer) in the store. Error: the server's, or a row it cut short.
Result<std::optional<JobTimeline>> storeJobTimeline(FleetStore& store, uint64_t datasetId, uint32_t jobNo);

// A segment of a fleet timeline's job that reaches into its range (not clipped).
struct StoreTimelineSegment
{
    uint64_t datasetId = 0;
    uint32_t jobNo = 0;
    uint32_t attemptIdx = 0;
    int64_t startNs = 0;
    int64_t endNs = 0;
    uint8_t bucket = 0;
};

// An attempt of a fleet timeline's job: where it ends, the gap after it and its fault.
struct StoreTimelineAttempt
{
    uint64_t datasetId = 0;
    uint32_t jobNo = 0;
    uint32_t attemptIdx = 0;
    int64_t number = 0;
    int64_t startNs = 0;
    int64_t endNs = 0;
    int64_t gapAfterNs = 0;
    std::string outcome; // as core::outcomeName
    uint8_t interruption = 0;
    int64_t faultNs = 0;
};

// A fleet timeline's job with a submission time: its queue runs from then to its first start.
struct StoreTimelineQueue
{
    uint64_t datasetId = 0;
    uint32_t jobNo = 0;
    int64_t firstStartNs = 0;
    int64_t submittedNs = 0;
};

struct StoreTimelineRows
{
    std::vector<StoreTimelineSegment> segments; // by dataset, job, attempt, start, end
    std::vector<StoreTimelineAttempt> attempts; // by dataset, job, attempt
    std::vector<StoreTimelineQueue> queues; // in no particular order
};

// The rows of the live jobs `ids` (not empty) for a fleet timeline of [fromNs, toNs): the segments
// that reach into it, every attempt, and the submission of those that have one. Error: the
// server's, or a row it cut short.
Result<StoreTimelineRows> storeTimelineRows(
    FleetStore& store, const std::vector<std::pair<uint64_t, uint32_t>>& ids, int64_t fromNs, int64_t toNs);

} // namespace ett::core::clickhouse
