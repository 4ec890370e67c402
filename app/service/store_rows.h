// What the fleet store source's files share: timing queries.
#pragma once

#include <chrono>

namespace ett::app::store_rows {

using Clock = std::chrono::steady_clock;

inline double secondsSince(Clock::time_point t)
{
    return std::chrono::duration<double>(Clock::now() - t).count();
}

} // namespace ett::app::store_rows
