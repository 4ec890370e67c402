#include "core/ingest/foreign_reader.h"

#include <algorithm>
#include <array>

namespace ett::core {

ForeignReader::ForeignReader(std::unique_ptr<ByteSource> source, std::string formatName)
    : m_source(std::move(source))
    , m_format(std::move(formatName))
{
}

Result<bool> ForeignReader::produce(size_t /*wanted*/)
{
    if (!m_built) {
        m_built = true;
        if (auto st = build(); !st) {
            return st.error();
        }
    }
    return false;
}

namespace {

// Copies record `i` (in file order) of `from` to the end of `to`.
void copyRecord(const RecordBatch& from, size_t i, RecordBatch& to)
{
    const auto& ref = from.order[i];
    switch (ref.kind) {
    case RecordKind::Job:
        to.add(from.jobs[ref.index], ref.line);
        break;
    case RecordKind::Attempt:
        to.add(from.attempts[ref.index], ref.line);
        break;
    case RecordKind::Phase:
        to.add(from.phases[ref.index], ref.line);
        break;
    case RecordKind::Checkpoint:
        to.add(from.checkpoints[ref.index], ref.line);
        break;
    case RecordKind::Rank:
        to.add(from.ranks[ref.index], ref.line);
        break;
    }
}

} // namespace

Result<bool> ForeignReader::nextBatch(RecordBatch& batch, size_t maxRecords)
{
    batch.clear();
    maxRecords = std::max<size_t>(maxRecords, 1);
    if (m_more && m_next > 0) {
        // Records handed out go: the few left over move to the front, so that the buffer holds
        // about one batch however long the file.
        m_spare.clear();
        for (size_t i = m_next; i < m_records.order.size(); ++i) {
            copyRecord(m_records, i, m_spare);
        }
        std::swap(m_records, m_spare);
        m_next = 0;
    }
    while (m_more && buffered() < maxRecords) {
        auto more = produce(maxRecords - buffered());
        if (!more) {
            return more.error();
        }
        m_more = *more;
    }
    const size_t end = std::min(m_records.order.size(), m_next + maxRecords);
    for (; m_next < end; ++m_next) {
        copyRecord(m_records, m_next, batch);
        ++m_served;
    }
    return m_more || buffered() > 0;
}

Result<Mapping> readerMapping(const ReaderOptions& options, std::string_view preset, std::string_view format)
{
    const bool usersFile = !options.mappingPath.empty();
    auto mapping = usersFile ? Mapping::load(options.mappingPath) : Mapping::preset(preset);
    if (!mapping) {
        // A bad preset is this build's fault, a bad rules file the option's.
        return Error { mapping.error().message, usersFile ? "mapping" : "" };
    }
    if (!format.empty() && !mapping->format().empty() && mapping->format() != format) {
        return Error { mapping->origin() + ": these rules are for format \"" + mapping->format() + "\", not for \""
                + std::string(format) + "\"",
            "mapping" };
    }
    return mapping;
}

Result<ForeignInput> openForeignInput(
    const std::string& path, const ReaderOptions& options, std::string_view preset, std::string_view format)
{
    auto mapping = readerMapping(options, preset, format);
    if (!mapping) {
        return mapping.error();
    }
    auto source = ByteSource::open(path);
    if (!source) {
        return source.error();
    }
    return ForeignInput { std::move(*source), std::move(*mapping) };
}

std::string jobIdFromPath(const std::string& path)
{
    if (path == "-") {
        return "stdin";
    }
    std::string name = path;
    if (const auto slash = name.find_last_of("/\\"); slash != std::string::npos) {
        name.erase(0, slash + 1);
    }
    static constexpr std::array<std::string_view, 9> kSuffixes
        = { ".gz", ".zst", ".json", ".trace", ".pt", ".sqlite", ".log", ".txt", ".csv" };
    for (bool stripped = true; stripped;) {
        stripped = false;
        for (const auto suffix : kSuffixes) {
            if (name.size() > suffix.size() && name.ends_with(suffix)) {
                name.resize(name.size() - suffix.size());
                stripped = true;
            }
        }
    }
    return name.empty() ? std::string("job") : name;
}

void ForeignReader::addMapped(const Mapping::Match& m, UnmappedNames& unmapped, const std::string& name,
    const std::string& job, int32_t attempt, int64_t startNs, int64_t endNs, int64_t line, int32_t rank)
{
    switch (m.what) {
    case Mapping::Match::What::Unmapped:
        unmapped.add(name, endNs - startNs, line);
        return;
    case Mapping::Match::What::Ignore:
        return;
    case Mapping::Match::What::Phase:
        break;
    }
    PhaseRecord p;
    p.job = job;
    p.attempt = attempt;
    p.category = m.category;
    p.subcategory = m.subcategory;
    p.startNs = startNs;
    p.endNs = endNs;
    p.rank = rank;
    p.name = name;
    add(p, line);
}

} // namespace ett::core
