// Placeholder until the log reader is written (this session).
#include "core/ingest/readers.h"

namespace ett::core {

Result<std::unique_ptr<RecordSource>> openLogReader(const std::string& path, const ReaderOptions&)
{
    return Error { path + ": the log reader is not written yet" };
}

} // namespace ett::core
