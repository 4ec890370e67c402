// Placeholder until the mlperf reader is written (this session).
#include "core/ingest/readers.h"

namespace ett::core {

Result<std::unique_ptr<RecordSource>> openMlperfReader(const std::string& path, const ReaderOptions&)
{
    return Error { path + ": the mlperf reader is not written yet" };
}

} // namespace ett::core
