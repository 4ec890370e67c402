// What the fleet store source's files share: reading rows back and timing queries.
#pragma once

#include "core/model/result.h"

#include <chrono>

namespace ett::app::store_rows {

using Clock = std::chrono::steady_clock;

inline double secondsSince(Clock::time_point t)
{
    return std::chrono::duration<double>(Clock::now() - t).count();
}

inline core::Error shortRow()
{
    return core::Error { "a short row in the fleet store's answer" };
}

} // namespace ett::app::store_rows
