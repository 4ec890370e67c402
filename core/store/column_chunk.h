// One chunk of the columnar copy (core/store/column_store.h) in memory: its columns with chunk-local
// dictionaries, the names and encodings they are stored under, and how a chunk is read from the rows.
#pragma once

#include "core/model/result.h"
#include "core/store/column_codec.h"
#include "core/store/column_store.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace ett::core {
class Database;
}

namespace ett::core::columnar {

inline constexpr int64_t kChunkJobs = int64_t { 1 } << kChunkJobBits;

// One chunk's fleet with chunk-local dictionaries; every integer column as int64. What is encoded,
// and what a chunk decodes to before it is appended to the fleet.
struct Chunk
{
    // Jobs.
    std::vector<int64_t> jobRowId, jobLabelId, jobGpus, jobSubmittedNs, jobAttempts, jobCheckpoints;
    std::vector<std::string> jobKey, jobName;
    // Attributes: triples in (job, key name) order, into the dictionaries below; attrValues holds
    // each key's values in turn, attrValueCounts[k] of them for key k.
    std::vector<std::string> attrKeys, attrValues;
    std::vector<int64_t> attrValueCounts, attrJob, attrKey, attrValue;
    // Attempts.
    std::vector<std::string> causeClasses;
    std::vector<int64_t> attemptRowId, attemptNumber, attemptStartNs, attemptEndNs, attemptGpus, attemptOutcome,
        attemptInterruption, attemptFaultNs, attemptCause, attemptSegments, attemptBucketsNs, attemptTtsNs,
        attemptFirstTrainNs, attemptTtrNs, attemptGapAfterNs;
    // Segments, contiguous from their attempt's start: only the lengths are kept.
    std::vector<int64_t> segmentBucket, segmentLengthNs;
    // Checkpoints.
    std::vector<int64_t> checkpointStartNs, checkpointDurableNs, checkpointFailed;
};

struct IntColumn
{
    const char* name;
    std::vector<int64_t> Chunk::*values;
    Encoding encoding;
};

struct StringColumn
{
    const char* name;
    std::vector<std::string> Chunk::*values;
};

inline constexpr IntColumn kIntColumns[] = {
    { "job_row_id", &Chunk::jobRowId, Encoding::DeltaInts },
    { "job_label_id", &Chunk::jobLabelId, Encoding::Ints },
    { "job_gpus", &Chunk::jobGpus, Encoding::Ints },
    { "job_submitted_ns", &Chunk::jobSubmittedNs, Encoding::DeltaInts },
    { "job_attempts", &Chunk::jobAttempts, Encoding::Ints },
    { "job_checkpoints", &Chunk::jobCheckpoints, Encoding::Ints },
    { "attr_value_counts", &Chunk::attrValueCounts, Encoding::Ints },
    { "attr_job", &Chunk::attrJob, Encoding::DeltaInts },
    { "attr_key", &Chunk::attrKey, Encoding::Ints },
    { "attr_value", &Chunk::attrValue, Encoding::Ints },
    { "attempt_row_id", &Chunk::attemptRowId, Encoding::DeltaInts },
    { "attempt_number", &Chunk::attemptNumber, Encoding::Ints },
    { "attempt_start_ns", &Chunk::attemptStartNs, Encoding::DeltaInts },
    { "attempt_end_ns", &Chunk::attemptEndNs, Encoding::DeltaInts },
    { "attempt_gpus", &Chunk::attemptGpus, Encoding::Ints },
    { "attempt_outcome", &Chunk::attemptOutcome, Encoding::Ints },
    { "attempt_interruption", &Chunk::attemptInterruption, Encoding::Ints },
    { "attempt_fault_ns", &Chunk::attemptFaultNs, Encoding::DeltaInts },
    { "attempt_cause", &Chunk::attemptCause, Encoding::Ints },
    { "attempt_segments", &Chunk::attemptSegments, Encoding::Ints },
    { "attempt_buckets_ns", &Chunk::attemptBucketsNs, Encoding::Ints },
    { "attempt_tts_ns", &Chunk::attemptTtsNs, Encoding::Ints },
    { "attempt_first_train_ns", &Chunk::attemptFirstTrainNs, Encoding::DeltaInts },
    { "attempt_ttr_ns", &Chunk::attemptTtrNs, Encoding::Ints },
    { "attempt_gap_after_ns", &Chunk::attemptGapAfterNs, Encoding::Ints },
    { "segment_bucket", &Chunk::segmentBucket, Encoding::Ints },
    { "segment_length_ns", &Chunk::segmentLengthNs, Encoding::Ints },
    { "checkpoint_start_ns", &Chunk::checkpointStartNs, Encoding::DeltaInts },
    { "checkpoint_durable_ns", &Chunk::checkpointDurableNs, Encoding::DeltaInts },
    { "checkpoint_failed", &Chunk::checkpointFailed, Encoding::Ints },
};

inline constexpr StringColumn kStringColumns[] = {
    { "job_key", &Chunk::jobKey },
    { "job_name", &Chunk::jobName },
    { "attr_keys", &Chunk::attrKeys },
    { "attr_values", &Chunk::attrValues },
    { "cause_classes", &Chunk::causeClasses },
};

// The columns that code a chunk's names (labels, attributes, cause classes): what a load reads of a
// chunk it leaves out (FleetAssembler::appendVocabulary).
inline constexpr const char* kVocabularyColumns[] = { "job_label_id", "job_attempts", "attr_value_counts", "attr_job",
    "attr_key", "attr_value", "attempt_cause", "attr_keys", "attr_values", "cause_classes" };

// The columns a load of every label decodes straight into the fleet's arrays, without the chunk's copy
// in between: the largest (the attempts' totals, the segments, the checkpoints), then the jobs' and
// the attempts' own values, which need no code of the fleet's. The columns that code names or shape
// the chunk (labels, counts, attributes, causes) are decoded into the chunk first.
enum BulkColumn {
    kBulkBuckets,
    kBulkSegmentBucket,
    kBulkSegmentLength,
    kBulkCheckpointStart,
    kBulkCheckpointDurable,
    kBulkCheckpointFailed,
    kBulkJobRowId,
    kBulkJobGpus,
    kBulkJobSubmitted,
    kBulkJobKey,
    kBulkJobName,
    kBulkAttemptRowId,
    kBulkAttemptNumber,
    kBulkAttemptStart,
    kBulkAttemptEnd,
    kBulkAttemptGpus,
    kBulkAttemptOutcome,
    kBulkAttemptInterruption,
    kBulkAttemptFault,
    kBulkAttemptTts,
    kBulkAttemptFirstTrain,
    kBulkAttemptTtr,
    kBulkAttemptGapAfter,
    kBulkCount
};
inline constexpr const char* kBulkNames[kBulkCount] = { "attempt_buckets_ns", "segment_bucket", "segment_length_ns",
    "checkpoint_start_ns", "checkpoint_durable_ns", "checkpoint_failed", "job_row_id", "job_gpus", "job_submitted_ns",
    "job_key", "job_name", "attempt_row_id", "attempt_number", "attempt_start_ns", "attempt_end_ns", "attempt_gpus",
    "attempt_outcome", "attempt_interruption", "attempt_fault_ns", "attempt_tts_ns", "attempt_first_train_ns",
    "attempt_ttr_ns", "attempt_gap_after_ns" };

// Those columns of one chunk as stored (compressed), with their sizes before compression.
struct Bulk
{
    std::array<std::string, kBulkCount> packed;
    std::array<int64_t, kBulkCount> rawBytes {};
    std::array<bool, kBulkCount> present {};
};

// A chunk of a fleet the row loader read; labelIdOf maps its label codes to the labels' row ids.
Chunk chunkOf(const StoredFleet& stored, const std::vector<int64_t>& labelIdOf);
// The labels in the order of the row loader's label codes (by name): their row ids and names.
struct LabelsByName
{
    std::vector<int64_t> ids;
    std::vector<std::string> names;
};
Result<LabelsByName> labelsByName(Database& db);
// The label ids a `column_chunks.labels` list names (" 1 4 ").
std::vector<int64_t> parseLabelList(const std::string& text);

// The chunk's fleet read from the rows (the row loader over its job-id range).
Result<StoredFleet> chunkFleetFromRows(Database& db, int64_t chunk);
// The chunk's jobs read from the rows: chunkOf(chunkFleetFromRows()).
Result<Chunk> chunkFromRows(Database& db, int64_t chunk, const std::vector<int64_t>& labelIdOf);

} // namespace ett::core::columnar
