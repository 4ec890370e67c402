#include "app/service/store_connect.h"

#include <chrono>

namespace ett::app {

namespace ch = core::clickhouse;

core::Result<std::unique_ptr<ch::FleetStore>> connectFleetStore(const std::string& url, double timeoutS)
{
    auto parsed = ch::parseStoreUrl(url);
    if (!parsed) {
        return parsed.error();
    }
    ch::Timeouts timeouts;
    timeouts.request = std::chrono::milliseconds(static_cast<int64_t>(timeoutS * 1000));
    return ch::FleetStore::open(*parsed, timeouts);
}

} // namespace ett::app
