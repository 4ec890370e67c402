// What the readers of foreign formats share: the file is turned into records first (a rank's
// profiler trace, a log or a job table yields few records next to a native fleet file), then
// served to the importer in batches like any RecordSource. The file itself is never held whole:
// readers of line formats read lines (TextInput), the Chrome reader one JSON value at a time
// (JsonStream). The importer then applies the same validation, the same all-or-nothing
// transaction and the same messages to every format.
#pragma once

#include "core/ingest/byte_source.h"
#include "core/ingest/formats.h"
#include "core/ingest/mapping.h"
#include "core/ingest/record_source.h"

#include <memory>
#include <string>
#include <string_view>

namespace ett::core {

class ForeignReader : public RecordSource
{
public:
    ForeignReader(std::unique_ptr<ByteSource> source, std::string formatName);

    // Records in file order, from produce() (by default: build() at the first call, all the
    // parsing, then its records in batches).
    Result<bool> nextBatch(RecordBatch& batch, size_t maxRecords) final;
    const IssueCounter& issues() const final { return m_issues; }
    int64_t recordsRead() const final { return m_served; }
    ByteSource& source() final { return *m_source; }
    std::string formatName() const final { return m_format; }

protected:
    // Parses the whole input and adds its records with add(). An Error names the file, the line
    // (or record) and the field; nothing of a failed file is imported.
    virtual Status build() = 0;
    // A reader that can hand out records before the end of its file (the rows of a table) overrides
    // this: it adds records until `wanted` more are buffered or the file ends, and returns whether
    // more may follow. Memory then holds one batch of records, not the file's. The default runs
    // build() once.
    virtual Result<bool> produce(size_t wanted);
    // Records added and not yet handed out.
    size_t buffered() const { return m_records.order.size() - m_next; }

    const std::string& path() const { return m_source->path(); }

    void add(const JobRecord& r, int64_t line) { m_records.add(r, line); }
    void add(const AttemptRecord& r, int64_t line) { m_records.add(r, line); }
    void add(const PhaseRecord& r, int64_t line) { m_records.add(r, line); }
    void add(const CheckpointRecord& r, int64_t line) { m_records.add(r, line); }
    void add(const RankRecord& r, int64_t line) { m_records.add(r, line); }
    // A span named `name` of (job, attempt) over [startNs, endNs) as the mapping matched it (`m`):
    // added as a phase (of `rank`; -1: the whole attempt), counted in `unmapped` with its length,
    // or ignored.
    void addMapped(const Mapping::Match& m, UnmappedNames& unmapped, const std::string& name, const std::string& job,
        int32_t attempt, int64_t startNs, int64_t endNs, int64_t line, int32_t rank = -1);

    IssueCounter m_issues;

private:
    std::unique_ptr<ByteSource> m_source;
    std::string m_format;
    RecordBatch m_records;
    RecordBatch m_spare; // for moving the records not yet handed out to the front
    bool m_built = false;
    bool m_more = true; // produce() may add more
    size_t m_next = 0;
    int64_t m_served = 0;
};

// The mapping a reader uses: the user's rules file (options.mappingPath) when given, else the
// built-in preset. Error when the rules file is bad or written for another format (an empty
// `format`: any); its `option` is "mapping" then.
Result<Mapping> readerMapping(const ReaderOptions& options, std::string_view preset, std::string_view format);

// What a reader of a foreign format opens first: its rules (readerMapping) and the file.
struct ForeignInput
{
    std::unique_ptr<ByteSource> source;
    Mapping mapping;
};
Result<ForeignInput> openForeignInput(
    const std::string& path, const ReaderOptions& options, std::string_view preset, std::string_view format);

// A reader R of a foreign format over openForeignInput(): R is built from the source, the mapping
// and the options. Error: openForeignInput()'s.
template <typename R>
Result<std::unique_ptr<RecordSource>> openForeignReader(
    const std::string& path, const ReaderOptions& options, std::string_view preset, std::string_view format)
{
    auto in = openForeignInput(path, options, preset, format);
    if (!in) {
        return in.error();
    }
    return std::unique_ptr<RecordSource>(std::make_unique<R>(std::move(in->source), std::move(in->mapping), options));
}

// A job id from a file name: the name without directories and without the extensions trace
// readers add (".gz", ".json", ".pt.trace", ".sqlite", ".log", ".txt", ".csv"); "stdin" for "-".
std::string jobIdFromPath(const std::string& path);

} // namespace ett::core
