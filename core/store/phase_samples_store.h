// The phase samples of a loaded fleet (attempt_phases, core/model/phase_samples.h), read once and
// kept as their compact blobs: what the phase-duration distributions need, at a few bytes a phase,
// without loading every phase row into the engine.
#pragma once

#include "core/model/columns.h"
#include "core/model/duration_blocks.h"
#include "core/model/result.h"

#include <cstdint>
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
    // phase). Error: as load() for a job of a cohort, a damaged blob, or not 1 to 8 cohorts with a
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
