// Placeholder until the chrome reader is written (this session).
#include "core/ingest/readers.h"

namespace ett::core {

Result<std::unique_ptr<RecordSource>> openChromeReader(const std::string& path, const ReaderOptions&)
{
    return Error { path + ": the chrome reader is not written yet" };
}

} // namespace ett::core
