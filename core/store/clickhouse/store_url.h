// The address of a fleet store: clickhouse://USER:PASSWORD@HOST:PORT/DATABASE?cluster=NAME, the
// HTTP interface of one server of a ClickHouse cluster. The password may instead come from the
// environment (ETTW_STORE_PASSWORD) or a file (ETTW_STORE_PASSWORD_FILE, else
// ~/.config/ettw/store-password): it is never printed; messages show masked().
#pragma once

#include "core/model/result.h"

#include <functional>
#include <optional>
#include <string>

namespace ett::core::clickhouse {

inline constexpr int kDefaultHttpPort = 8123;

struct StoreUrl
{
    std::string user = "default";
    std::string password;
    std::string host;
    int port = kDefaultHttpPort;
    std::string database = "ett";
    std::string cluster;

    // HOST:PORT.
    std::string address() const;
    // The URL with the password shown as *** (or without one when there is none): safe to print.
    std::string masked() const;
};

// Looks up an environment variable; nullopt when unset. Tests pass their own.
using EnvLookup = std::function<std::optional<std::string>(const char*)>;
std::optional<std::string> processEnv(const char* name);

// Parses a store URL. User and password may be percent-encoded; DATABASE and NAME must be plain
// identifiers (letters, digits, _). A URL without a password takes ETTW_STORE_PASSWORD, else the
// first line of the file ETTW_STORE_PASSWORD_FILE names, else of ~/.config/ettw/store-password
// when it exists, else none. Error: what is wrong, showing the URL masked.
Result<StoreUrl> parseStoreUrl(const std::string& url, const EnvLookup& env = processEnv);

// Masks the password of anything that looks like a URL with credentials inside `text` (for echoing a user's
// argument back in an error).
std::string maskStoreUrl(const std::string& text);

// Parses HOST:PORT (a shard's HTTP address). Error: what is wrong.
Result<std::pair<std::string, int>> parseHostPort(const std::string& text);

} // namespace ett::core::clickhouse
