// Placeholder until the table reader is written (this session).
#include "core/ingest/readers.h"

namespace ett::core {

Result<std::unique_ptr<RecordSource>> openTableReader(const std::string& path, const ReaderOptions&)
{
    return Error { path + ": the table reader is not written yet" };
}

} // namespace ett::core
