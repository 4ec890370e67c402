// Placeholder until the nsys reader is written (this session).
#include "core/ingest/readers.h"

namespace ett::core {

Result<std::unique_ptr<RecordSource>> openNsysReader(const std::string& path, const ReaderOptions&)
{
    return Error { path + ": the nsys reader is not written yet" };
}

} // namespace ett::core
