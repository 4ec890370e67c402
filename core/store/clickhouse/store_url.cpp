#include "core/store/clickhouse/store_url.h"

#include "core/store/clickhouse/sql_text.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>

namespace ett::core::clickhouse {

namespace {

constexpr std::string_view kScheme = "clickhouse://";

int hexValue(char c)
{
    if (c >= '0' && c <= '9') {
        return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
        return c - 'a' + 10;
    }
    if (c >= 'A' && c <= 'F') {
        return c - 'A' + 10;
    }
    return -1;
}

std::optional<std::string> percentDecode(std::string_view s)
{
    std::string out;
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '%') {
            out += s[i];
            continue;
        }
        if (i + 2 >= s.size()) {
            return std::nullopt;
        }
        const int hi = hexValue(s[i + 1]);
        const int lo = hexValue(s[i + 2]);
        if (hi < 0 || lo < 0) {
            return std::nullopt;
        }
        out += static_cast<char>(hi * 16 + lo);
        i += 2;
    }
    return out;
}

std::optional<std::string> firstLineOf(const std::string& path)
{
    std::ifstream in(path);
    if (!in) {
        return std::nullopt;
    }
    std::string line;
    std::getline(in, line);
    if (!line.empty() && line.back() == '\r') {
        line.pop_back();
    }
    return line;
}

} // namespace

std::optional<std::string> processEnv(const char* name)
{
    const char* v = std::getenv(name);
    return v ? std::optional<std::string>(v) : std::nullopt;
}

std::string StoreUrl::address() const
{
    return host + ":" + std::to_string(port);
}

std::string StoreUrl::masked() const
{
    return std::string(kScheme) + user + (password.empty() ? "" : ":***") + "@" + address() + "/" + database
        + (cluster.empty() ? "" : "?cluster=" + cluster);
}

std::string maskStoreUrl(const std::string& text)
{
    // SCHEME://USER:SECRET@ -> SCHEME://USER:***@, whatever the scheme (a mistyped one too).
    std::string out = text;
    size_t from = 0;
    while ((from = out.find("://", from)) != std::string::npos) {
        const size_t userStart = from + 3;
        const size_t at = out.find('@', userStart);
        const size_t slash = out.find('/', userStart);
        if (at == std::string::npos || (slash != std::string::npos && slash < at)) {
            from = userStart;
            continue;
        }
        const size_t colon = out.find(':', userStart);
        if (colon != std::string::npos && colon < at) {
            out.replace(colon + 1, at - colon - 1, "***");
        }
        from = userStart;
    }
    return out;
}

Result<std::pair<std::string, int>> parseHostPort(const std::string& text)
{
    const size_t colon = text.rfind(':');
    const std::string host = colon == std::string::npos ? text : text.substr(0, colon);
    if (host.empty() || host.find_first_of("/@?# ") != std::string::npos) {
        return Error { "'" + text + "' is not HOST:PORT" };
    }
    int port = kDefaultHttpPort;
    if (colon != std::string::npos) {
        const std::string p = text.substr(colon + 1);
        if (p.empty() || p.size() > 5 || p.find_first_not_of("0123456789") != std::string::npos) {
            return Error { "'" + text + "': the port must be a number from 1 to 65535" };
        }
        port = std::stoi(p);
        if (port < 1 || port > 65535) {
            return Error { "'" + text + "': the port must be a number from 1 to 65535" };
        }
    }
    return std::make_pair(host, port);
}

Result<StoreUrl> parseStoreUrl(const std::string& url, const EnvLookup& env)
{
    const std::string shown = maskStoreUrl(url);
    auto bad = [&](const std::string& why) {
        return Error { "store URL " + shown + ": " + why
            + " (expected clickhouse://USER:PASSWORD@HOST:PORT/DATABASE?cluster=NAME)" };
    };
    if (!url.starts_with(kScheme)) {
        return bad("it must start with clickhouse://");
    }
    std::string rest = url.substr(kScheme.size());
    StoreUrl out;
    // 1. Query: only cluster=NAME is known.
    if (const size_t q = rest.find('?'); q != std::string::npos) {
        const std::string query = rest.substr(q + 1);
        rest.resize(q);
        size_t start = 0;
        while (start <= query.size()) {
            const size_t amp = std::min(query.find('&', start), query.size());
            const std::string item = query.substr(start, amp - start);
            if (item.starts_with("cluster=")) {
                out.cluster = item.substr(8);
            } else if (!item.empty()) {
                return bad("unknown parameter '" + item.substr(0, item.find('=')) + "' (only cluster= is known)");
            }
            start = amp + 1;
        }
    }
    // 2. Path: the database.
    if (const size_t slash = rest.find('/'); slash != std::string::npos) {
        const std::string db = rest.substr(slash + 1);
        rest.resize(slash);
        if (!db.empty()) {
            out.database = db;
        }
    }
    // 3. Credentials, then HOST:PORT.
    bool passwordGiven = false;
    if (const size_t at = rest.rfind('@'); at != std::string::npos) {
        const std::string cred = rest.substr(0, at);
        rest = rest.substr(at + 1);
        const size_t colon = cred.find(':');
        auto user = percentDecode(cred.substr(0, colon));
        if (!user || user->empty()) {
            return bad("a bad user name");
        }
        out.user = *user;
        if (colon != std::string::npos) {
            auto password = percentDecode(cred.substr(colon + 1));
            if (!password) {
                return bad("a bad percent-escape in the password");
            }
            out.password = *password;
            passwordGiven = true;
        }
    }
    auto hostPort = parseHostPort(rest);
    if (!hostPort) {
        return bad(hostPort.error().message);
    }
    out.host = hostPort->first;
    out.port = hostPort->second;
    if (!isPlainIdentifier(out.database)) {
        return bad("the database must be a plain name (letters, digits, _)");
    }
    if (!out.cluster.empty() && !isPlainIdentifier(out.cluster)) {
        return bad("the cluster must be a plain name (letters, digits, _)");
    }
    // 4. A password from elsewhere when the URL has none.
    if (!passwordGiven) {
        if (auto p = env("ETTW_STORE_PASSWORD")) {
            out.password = *p;
        } else if (auto file = env("ETTW_STORE_PASSWORD_FILE")) {
            auto line = firstLineOf(*file);
            if (!line) {
                return Error { "cannot read the store password file " + *file + " (ETTW_STORE_PASSWORD_FILE)" };
            }
            out.password = *line;
        } else if (auto home = env("HOME")) {
            if (auto line = firstLineOf(*home + "/.config/ettw/store-password")) {
                out.password = *line;
            }
        }
    }
    return out;
}

} // namespace ett::core::clickhouse
