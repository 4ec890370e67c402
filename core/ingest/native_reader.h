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
#include "core/ingest/record_source.h"
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

class NativeReader final : public RecordSource
{
public:
    // Opens the file; Error when it cannot be opened.
    static Result<std::unique_ptr<NativeReader>> open(const std::string& path);
    ~NativeReader();

    // Fills `batch` (cleared first) with up to maxRecords records. Returns false once the file is
    // exhausted (the batch may still hold the last records). Error at the first bad line: the
    // message names the file and line, the record type and the field, and what was expected.
    Result<bool> nextBatch(RecordBatch& batch, size_t maxRecords = 8192) override;

    const IssueCounter& issues() const override { return m_issues; }
    // The file's header (defaults when it has none), valid once the first batch was read.
    const HeaderRecord& header() const { return m_header; }
    // Lines read so far, blank ones included.
    int64_t linesRead() const { return m_line; }
    int64_t recordsRead() const override { return m_records; }
    ByteSource& source() override { return *m_source; }
    std::string formatName() const override { return "ett"; }

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
