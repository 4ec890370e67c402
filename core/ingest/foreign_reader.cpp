#include "core/ingest/foreign_reader.h"

#include <algorithm>
#include <array>

namespace ett::core {

ForeignReader::ForeignReader(std::unique_ptr<ByteSource> source, std::string formatName)
    : m_source(std::move(source))
    , m_format(std::move(formatName))
{
}

Result<bool> ForeignReader::nextBatch(RecordBatch& batch, size_t maxRecords)
{
    batch.clear();
    if (!m_built) {
        m_built = true;
        if (auto st = build(); !st) {
            return st.error();
        }
    }
    const size_t end = std::min(m_records.order.size(), m_next + std::max<size_t>(maxRecords, 1));
    for (; m_next < end; ++m_next) {
        const auto& ref = m_records.order[m_next];
        switch (ref.kind) {
        case RecordKind::Job:
            batch.add(m_records.jobs[ref.index], ref.line);
            break;
        case RecordKind::Attempt:
            batch.add(m_records.attempts[ref.index], ref.line);
            break;
        case RecordKind::Phase:
            batch.add(m_records.phases[ref.index], ref.line);
            break;
        case RecordKind::Checkpoint:
            batch.add(m_records.checkpoints[ref.index], ref.line);
            break;
        }
        ++m_served;
    }
    return m_next < m_records.order.size();
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
    static constexpr std::array<std::string_view, 8> kSuffixes
        = { ".gz", ".json", ".trace", ".pt", ".sqlite", ".log", ".txt", ".csv" };
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

} // namespace ett::core
