#include "core/ingest/simdjson_implementation.h"

#include <simdjson.h>

namespace ett::core {

std::string simdjsonImplementation()
{
    // The first use settles simdjson's choice (the CPU's best, or SIMDJSON_FORCE_IMPLEMENTATION).
    return simdjson::get_active_implementation()->name();
}

std::vector<std::string> simdjsonImplementations()
{
    // simdjson lists what it was built with, best first; some of it this CPU may not run.
    std::vector<std::string> names;
    for (const simdjson::implementation* impl : simdjson::get_available_implementations()) {
        if (impl->supported_by_runtime_system()) {
            names.push_back(impl->name());
        }
    }
    return names;
}

Status useSimdjsonImplementation(const std::string& name)
{
    const simdjson::implementation* impl = simdjson::get_available_implementations()[name];
    if (!impl || !impl->supported_by_runtime_system()) {
        std::string known;
        for (const std::string& n : simdjsonImplementations()) {
            known += (known.empty() ? "" : ", ") + n;
        }
        return Error { "simdjson implementation '" + name + "': not one this CPU runs (" + known + ")" };
    }
    simdjson::get_active_implementation() = impl;
    return Status::success();
}

} // namespace ett::core
