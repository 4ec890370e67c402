// Connecting to a fleet store, once for every front end (ettw --store, the Python module): the URL
// parsed, the per-request timeout set, and the server asked whether it answers.
#pragma once

#include "core/model/result.h"
#include "core/store/clickhouse/fleet_store.h"

#include <memory>
#include <string>

namespace ett::app {

// Opens the store at `url` (clickhouse://USER:PASSWORD@HOST:PORT/DATABASE?cluster=NAME; the
// password from the URL, the environment or a file) with `timeoutS` seconds per request. Error:
// what is wrong (a URL that does not parse, a server that does not answer), the URL masked.
core::Result<std::unique_ptr<core::clickhouse::FleetStore>> connectFleetStore(const std::string& url, double timeoutS);

} // namespace ett::app
