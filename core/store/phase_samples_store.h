// The phase samples of a loaded fleet (attempt_phases, core/model/phase_samples.h), read once and
// kept as their compact blobs: what the phase-duration distributions need, at a few bytes a phase,
// without loading every phase row into the engine.
#pragma once

#include "core/model/columns.h"
#include "core/model/duration_blocks.h"
#include "core/model/packed_sorted.h"
#include "core/model/result.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ett::core {

class Database;

// Phase durations per phase kind code of a FleetColumns, each list in any order.
using KindDurations = std::vector<std::vector<int64_t>>;

// Several cohorts read in one pass: bit c of jobBits[j] says that job j of the columns belongs to
// cohort c (at most 8), whose phases count when they start in [fromNs[c], toNs[c]).
struct PhaseCohorts
{
    std::vector<uint8_t> jobBits;
    std::vector<int64_t> fromNs;
    std::vector<int64_t> toNs;
};

// The columnar copy's phase durations (table column_phase_durations, core/store/column_store.h):
// per chunk of the copy, its jobs' phase durations grouped by kind and sorted, so that a comparison
// over all time ranks a chunk whose jobs are all in one cohort where its durations lie, packed,
// instead of decoding every phase of it (core/model/packed_sorted.h). Layout before compression: a
// varint count of kinds; per kind its phase_kinds.id (ascending), its count of durations and the
// size of its packed values, varints; then each kind's packed values, in that order; then each
// kind's anchors, in that order.
struct PackedPhaseDurations
{
    int64_t phases = 0;
    std::string raw; // the layout above, before compression
};
// Built from the stored samples of the attempts of the chunk's jobs; nullopt when an attempt has
// none or damaged ones (figures derived by older rules: such a chunk is read from the samples,
// whose reader names what is wrong). Error: the store's.
Result<std::optional<PackedPhaseDurations>> packChunkPhaseDurations(Database& db, int64_t chunk);

// A chunk's durations, checked: kind `i` (phase_kinds.id kindIds[i]) is runs[i], whose bytes
// `bytes` holds.
struct ChunkPhaseDurations
{
    std::vector<int64_t> kindIds;
    std::vector<PackedSortedRun> runs;
    std::shared_ptr<const std::string> bytes;
};
// Error: damage (a count or a size beyond the bytes, kinds out of order, a run that is not what its
// header says, bytes left).
Result<ChunkPhaseDurations> decodeChunkPhaseDurations(std::string raw);

class StoredPhaseSamples
{
public:
    // Reads the samples of every attempt of the jobs in `columns` (matched by FleetColumns::
    // jobRowId); attempts of other jobs (another label, or imported since) are skipped. Error: the
    // store's, or samples missing for a job of `columns` (figures computed by older rules: the
    // database needs `ettw upgrade`).
    static Result<StoredPhaseSamples> load(Database& db, const FleetColumns& columns);

    // The durations per phase kind code of `columns` of the attempts of the jobs flagged in
    // `selectedJobs` (one flag per job of columns), phases starting in [fromNs, toNs); each list
    // in blob order, unsorted. Error: a damaged blob.
    Result<KindDurations> durationsPerKind(
        const std::vector<uint8_t>& selectedJobs, int64_t fromNs, int64_t toNs) const;
    // The lists of each of several cohorts (one KindDurationBlocks each, in their order), every
    // blob decoded once. Error: as above, or not 1 to 8 cohorts with a range each.
    Result<std::vector<KindDurationBlocks>> durationsPerKind(const PhaseCohorts& cohorts) const;
    // The lists of several cohorts read straight from the database in one pass, for a single use:
    // only their jobs' blobs are decoded, and none is kept (load() holds every job's, a few bytes a
    // phase). Over all time, a chunk of the columnar copy whose jobs are all loaded and in the same
    // cohorts gives its sorted durations instead (DurationBlocks::addSorted; the same values).
    // Error: as load() for a job of a cohort, a damaged blob or chunk, or not 1 to 8 cohorts with a
    // range each and a mask per job of `columns`.
    static Result<std::vector<KindDurationBlocks>> durationsPerKind(
        Database& db, const FleetColumns& columns, const PhaseCohorts& cohorts);

    size_t attempts() const { return m_attemptJob.size(); }
    size_t bytes() const { return m_bytes.size(); }

private:
    // The lists of each cohort, of durations in vectors or in blocks (List), from the kept blobs.
    template <typename List> Result<std::vector<std::vector<List>>> durationsIn(const PhaseCohorts& cohorts) const;

    std::vector<int32_t> m_attemptJob; // per stored attempt: the job index in the columns
    std::vector<int64_t> m_attemptStartNs;
    std::vector<uint64_t> m_begin; // attempts + 1 offsets into m_bytes
    std::string m_bytes;
    std::vector<int64_t> m_kindIds; // phase_kinds.id of each kind code, ascending (the columns' order)
};

} // namespace ett::core
