// The options every command on a fleet store takes: its URL (the password never printed) and a
// per-request timeout; and opening the store they name.
#pragma once

#include "core/model/result.h"
#include "core/store/clickhouse/fleet_store.h"

#include <memory>
#include <string>

namespace ett::app {

struct StoreOptions
{
    std::string url; // clickhouse://USER:PASSWORD@HOST:PORT/DATABASE?cluster=NAME
    double timeoutS = 300; // per request
};

// Parses the URL (password from it, the environment or a file) and checks that the server
// answers. Error: what is wrong, with the URL masked.
core::Result<std::unique_ptr<core::clickhouse::FleetStore>> openFleetStore(const StoreOptions& options);

} // namespace ett::app
