// Reader of the native ETT trace format (spec ett-trace-v1 sections 1-3): JSON Lines, plain or
// gzip, parsed with simdjson On Demand one line at a time.
//
// It checks every per-record rule (types, enums, end >= start, durable >= start, fault instant
// inside the attempt, header version) and reports the first violation with file, line, field and
// the expected value. Rules that need other records (phases inside their attempt, overlapping
// attempts, agreement across files) belong to the importer, which sees the store.
// Non-fatal oddities (unknown record types and fields, no header, job without gpus) are counted.
#pragma once

#include "core/ingest/byte_source.h"
#include "core/model/records.h"
#include "core/model/result.h"

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace ett::core {

// Non-fatal data problems, counted by (kind, detail). Kinds are stable identifiers shown by
// `ettw issues`: no_header, unknown_record_type, unknown_field, job_gpus_missing, implicit_job,
// phase_clipped, submitted_after_start, job_without_attempts.
class IssueCounter
{
public:
    struct Entry
    {
        int64_t count = 0;
        int64_t firstLine = 0;
        std::string example; // a readable instance, e.g. the record that was clipped
    };

    // Counts one occurrence. At most kMaxDetailsPerKind distinct details are kept per kind; the
    // rest are counted under detail "(other)".
    void add(const std::string& kind, const std::string& detail, int64_t line, const std::string& example = {});
    const std::map<std::pair<std::string, std::string>, Entry>& entries() const { return m_entries; }
    int64_t total() const;
    void merge(const IssueCounter& other);

    static constexpr size_t kMaxDetailsPerKind = 64;

private:
    std::map<std::pair<std::string, std::string>, Entry> m_entries;
    std::map<std::string, size_t> m_detailsPerKind;
};

enum class RecordKind : uint8_t { Job, Attempt, Phase, Checkpoint };

// Records of one batch in file order: `order` says which typed vector the i-th record is in.
// The typed vectors are reused from batch to batch (their strings keep their capacity), so only
// the entries named by `order` are meaningful.
struct RecordBatch
{
    struct Ref
    {
        RecordKind kind;
        uint32_t index; // into the vector of that kind
        int64_t line; // 1-based line in the file
    };
    std::vector<Ref> order;
    std::vector<JobRecord> jobs;
    std::vector<AttemptRecord> attempts;
    std::vector<PhaseRecord> phases;
    std::vector<CheckpointRecord> checkpoints;

    void clear();
    size_t size() const { return order.size(); }

    // A reset slot for the next record of a kind; it becomes part of the batch with commit().
    JobRecord& newJob();
    AttemptRecord& newAttempt();
    PhaseRecord& newPhase();
    CheckpointRecord& newCheckpoint();
    void commit(RecordKind kind, int64_t line);

private:
    std::array<size_t, 4> m_used {};
};

class NativeReader
{
public:
    // Opens the file; Error when it cannot be opened.
    static Result<std::unique_ptr<NativeReader>> open(const std::string& path);
    ~NativeReader();

    // Fills `batch` (cleared first) with up to maxRecords records. Returns false once the file is
    // exhausted (the batch may still hold the last records). Error at the first bad line: the
    // message names the file and line, the record type and the field, and what was expected.
    Result<bool> nextBatch(RecordBatch& batch, size_t maxRecords = 8192);

    const IssueCounter& issues() const { return m_issues; }
    const HeaderRecord& header() const { return m_header; }
    int64_t linesRead() const { return m_line; }
    int64_t recordsRead() const { return m_records; }
    ByteSource& source() { return *m_source; }

private:
    NativeReader() = default;
    Result<bool> fillBuffer();
    Status parseLine(const char* data, size_t length, RecordBatch& batch);

    std::unique_ptr<ByteSource> m_source;
    std::string m_path;
    std::vector<char> m_buffer; // content with simdjson padding at the end
    size_t m_begin = 0; // first unconsumed byte
    size_t m_end = 0; // one past the last valid byte
    bool m_eof = false;
    int64_t m_line = 0;
    int64_t m_records = 0;
    bool m_sawRecord = false;
    bool m_sawHeader = false;
    HeaderRecord m_header;
    IssueCounter m_issues;
    std::string m_type; // the current record's type, reused
    struct Parser;
    std::unique_ptr<Parser> m_parser;
};

} // namespace ett::core
