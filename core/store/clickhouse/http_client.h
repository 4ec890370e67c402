// One server of a ClickHouse cluster spoken to over its HTTP interface (libcurl). No Qt, no
// global state beyond libcurl's one-time init; one connection object per thread.
//
// Every request authenticates with the X-ClickHouse-User / X-ClickHouse-Key headers (never in
// the URL, which ends up in logs), sets wait_end_of_query=1 (so that an error after the first
// rows is an HTTP error, not a truncated 200) and still checks the end of each body for an
// exception ClickHouse appends mid-stream. Errors name the server ("shard 2 (127.0.0.1:18122)").
#pragma once

#include "core/model/result.h"

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ett::core::clickhouse {

struct ServerAddress
{
    std::string host;
    int port = 0;
    std::string role; // how messages name it: "shard 2", "the store"

    // "shard 2 (127.0.0.1:18122)".
    std::string describe() const;
};

struct Credentials
{
    std::string user;
    std::string password;
};

struct Timeouts
{
    std::chrono::milliseconds connect { 5'000 };
    std::chrono::milliseconds request { 300'000 }; // the whole request, body included
};

// A table sent along with a query (ClickHouse "external data"): usable in the query as `name`,
// for lists of user-given values that must never be SQL text.
struct ExternalTable
{
    std::string name; // a plain identifier
    std::string structure; // "s String, n UInt64"
    std::string rowBinary; // the rows, RowBinary-encoded
};

// A ClickHouse error: the server's code (0 when the failure was not the server's: connection,
// timeout) and the whole message.
struct ServerError
{
    int code = 0;
    std::string message;
};

class HttpConnection
{
public:
    HttpConnection(ServerAddress server, Credentials credentials, Timeouts timeouts = {});
    ~HttpConnection();
    HttpConnection(const HttpConnection&) = delete;
    HttpConnection& operator=(const HttpConnection&) = delete;

    // Runs `sql` (in the POST body) and returns the raw result body in the format the SQL names
    // (FORMAT RowBinary, TSV...). `external`: tables the query may read. Error: the server's or
    // the transport's message, naming the server; lastError() has its code.
    Result<std::string> query(const std::string& sql, const std::vector<ExternalTable>& external = {});

    // Runs `insertSql` ("INSERT INTO t FORMAT RowBinary") with `rows` as the data. Error as query().
    Status insert(const std::string& insertSql, std::string_view rows);

    // /ping: whether the server answers. Error naming it when not.
    Status ping();

    // A request in flight is abandoned, within about a second once `stop` returns true (it is
    // polled from the calling thread): the call returns the Error kCancelled names, and the
    // server is asked to kill the query (KILL QUERY by its query_id; a server that refuses goes on
    // to its end unread). Empty: never.
    void setInterrupt(std::function<bool()> stop) { m_interrupt = std::move(stop); }
    // Whether the last failed call was abandoned by the interrupt.
    bool cancelled() const { return m_cancelled; }

    const ServerAddress& server() const { return m_server; }
    // The code and message of the last failed call.
    const ServerError& lastError() const { return m_lastError; }

private:
    struct Response
    {
        long status = 0;
        std::string body;
    };
    Result<Response> perform(const std::string& urlQuery, std::string_view body, bool multipart,
        const std::vector<ExternalTable>& external, const std::string& sqlInForm);
    Error fail(int code, const std::string& message);
    // The server's error when the status is not 200 OK.
    Status checkStatus(const Response& r);

    ServerAddress m_server;
    Credentials m_credentials;
    Timeouts m_timeouts;
    void* m_curl = nullptr; // CURL*, reused: keeps the connection alive between requests
    ServerError m_lastError;
    std::function<bool()> m_interrupt;
    bool m_cancelled = false;
    uint64_t m_queries = 0; // numbers the query ids of this connection
};

// The message of a call abandoned by its interrupt (after the server's name).
inline constexpr const char* kCancelled = "the query was cancelled";

// The "Code: NNN, e.displayText() = ..." exception ClickHouse writes at the end of a body when a
// query fails after it began to stream, or nullopt when the body ends otherwise. Pure.
std::optional<ServerError> trailingException(std::string_view body);

} // namespace ett::core::clickhouse
