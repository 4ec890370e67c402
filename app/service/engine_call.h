// Calling the aggregation engine from a fleet source: its exceptions (columns or a grouping it
// refuses, detail a load left out) become an Error.
#pragma once

#include "core/model/result.h"

#include <exception>

namespace ett::app {

// Runs an engine call, turning its exception into an Error.
template <typename F> auto guarded(F&& f) -> core::Result<decltype(f())>
{
    try {
        return f();
    } catch (const std::exception& e) {
        return core::Error { e.what() };
    }
}

} // namespace ett::app
