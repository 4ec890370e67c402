// Appending the chunks of the columnar copy (core/store/column_store.h) to one fleet, in job-id
// order, coded as the row loader codes: labels by name; attribute keys and values, and cause
// classes, by first use among the jobs kept.
#pragma once

#include "core/store/column_chunk.h"
#include "core/store/columns_loader.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ett::core::columnar {

class FleetAssembler
{
public:
    // labels by name and their row ids; `only`: keep this label id's jobs alone; withSegments,
    // withCheckpoints false: a fleet without the attribution's segments, or the checkpoints' columns.
    FleetAssembler(std::vector<std::string> labels, const std::vector<int64_t>& labelIds, std::optional<int64_t> only,
        bool withSegments, bool withCheckpoints);
    ~FleetAssembler();
    FleetAssembler(const FleetAssembler&) = delete;
    FleetAssembler& operator=(const FleetAssembler&) = delete;

    // Room for this many rows, so that the columns grow once (no doubling past the fleet's size).
    void reserve(size_t jobs, size_t attempts, size_t segments, size_t checkpoints);
    // Error: the chunk's columns disagree with each other (damage). `bulk` (only when every label is
    // kept): the columns it holds are decoded from it, not from k, some of them on a second thread
    // (taken from `bulk`) while the next chunk is read; their errors, naming `chunk`, come from a later
    // append or from finish().
    Status append(const Chunk& k, Bulk* bulk = nullptr, int64_t chunk = -1);
    // The names of a chunk left out (a time window that none of its jobs reaches), coded as if its
    // jobs were appended, so that the dictionaries and their codes stay those of a load of every job.
    // Reads only the columns in kVocabularyColumns. Error: they disagree with each other (damage).
    Status appendVocabulary(const Chunk& k);
    // The fleet, once the second thread is done. Error: what it found damaged.
    Result<StoredFleet> finish();

private:
    class Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace ett::core::columnar
