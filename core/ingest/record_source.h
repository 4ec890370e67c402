// What the importer reads from: a stream of validated trace records in batches, whatever the file
// format, so that every format gets the same validation, all-or-nothing import and error
// messages. The native reader is one; the readers of foreign formats (Chrome trace, Nsight
// SQLite, MLPerf logs, console logs, job tables, torchtitan structured logs, OneLogger exports)
// are others. Records come out already per-record valid (times, enums, end >= start); rules
// across records are the importer's.
#pragma once

#include "core/ingest/byte_source.h"
#include "core/ingest/issue_kinds.h"
#include "core/model/records.h"
#include "core/model/result.h"

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace ett::core {

// Non-fatal data problems, counted by (kind, detail). Kinds come from the registry in
// issue_kinds.h; entries are keyed by the kind's stable name (what import_issues stores and
// `ettw issues` prints). Not thread-safe.
class IssueCounter
{
public:
    struct Entry
    {
        int64_t count = 0;
        int64_t firstLine = 0;
        std::string example; // a readable instance, e.g. the record that was clipped
    };

    // Counts one occurrence of `kind` with a detail (e.g. the unmapped name; "" when the kind
    // needs none) at a 1-based line (0: the whole file). The first occurrence's line and example
    // are kept. At most kMaxDetailsPerKind distinct details are kept per kind; the rest are
    // counted under detail "(other)".
    void add(IssueKind kind, const std::string& detail, int64_t line, const std::string& example = {});
    // Counts n occurrences at once (e.g. the phases of an unmapped name).
    void add(IssueKind kind, const std::string& detail, int64_t line, const std::string& example, int64_t n);
    // Every (kind name, detail) counted so far, in name order.
    const std::map<std::pair<std::string, std::string>, Entry>& entries() const { return m_entries; }
    // The number of occurrences over all entries.
    int64_t total() const;
    // Adds another counter's entries: counts add up, the earlier first line wins.
    void merge(const IssueCounter& other);

    static constexpr size_t kMaxDetailsPerKind = 64;

private:
    std::map<std::pair<std::string, std::string>, Entry> m_entries;
    std::map<std::string, size_t> m_detailsPerKind;
};

enum class RecordKind : uint8_t { Job, Attempt, Phase, Checkpoint, Rank };

// Records of one batch in file order: `order` says which typed vector the i-th record is in.
// The typed vectors are reused from batch to batch (their strings keep their capacity), so only
// the entries named by `order` are meaningful.
struct RecordBatch
{
    struct Ref
    {
        RecordKind kind;
        uint32_t index; // into the vector of that kind
        int64_t line; // 1-based line (or record number) in the file, for messages
    };
    std::vector<Ref> order;
    std::vector<JobRecord> jobs;
    std::vector<AttemptRecord> attempts;
    std::vector<PhaseRecord> phases;
    std::vector<CheckpointRecord> checkpoints;
    std::vector<RankRecord> ranks;

    // Empties the batch; the typed vectors keep their slots for reuse.
    void clear();
    // The number of records in the batch.
    size_t size() const { return order.size(); }

    // A reset slot for the next record of a kind; it becomes part of the batch with commit().
    JobRecord& newJob();
    AttemptRecord& newAttempt();
    PhaseRecord& newPhase();
    CheckpointRecord& newCheckpoint();
    RankRecord& newRank();
    void commit(RecordKind kind, int64_t line);

    // Copies a whole record into the batch (for readers that build records themselves).
    void add(const JobRecord& r, int64_t line);
    void add(const AttemptRecord& r, int64_t line);
    void add(const PhaseRecord& r, int64_t line);
    void add(const CheckpointRecord& r, int64_t line);
    void add(const RankRecord& r, int64_t line);

private:
    std::array<size_t, 5> m_used {};
};

class RecordSource
{
public:
    virtual ~RecordSource() = default;

    // Fills `batch` (cleared first) with up to maxRecords records. Returns false once the input is
    // exhausted (the batch may still hold the last records). Error at the first bad input: the
    // message names the file and line (or record), the field, and what was expected.
    virtual Result<bool> nextBatch(RecordBatch& batch, size_t maxRecords) = 0;

    // The non-fatal problems counted so far; complete once nextBatch() returned false.
    virtual const IssueCounter& issues() const = 0;
    // The records handed out so far.
    virtual int64_t recordsRead() const = 0;
    // The file's bytes: size, progress and SHA-256 (of the raw file, whatever the format).
    virtual ByteSource& source() = 0;
    // The format's name as stored in datasets.format: "ett", "chrome", "nsys", "mlperf", "log",
    // "table", "slurm", "nvrx", "elastic", "torchtitan", "onelogger".
    virtual std::string formatName() const = 0;
};

} // namespace ett::core
