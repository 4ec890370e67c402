#include "core/store/clickhouse/http_client.h"

#include "core/store/curl_library.h"

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace ett::core::clickhouse {

namespace {

// libcurl, once a connection holds a handle (then it is loaded).
const CurlLibrary& curl()
{
    return *curlLibrary();
}

// Why a connection holds no handle.
std::string noClient()
{
    return "cannot start an HTTP client: "
        + (curlLibrary() ? std::string("libcurl could not make a handle") : curlLoadError());
}

size_t appendBody(char* data, size_t size, size_t count, void* user)
{
    static_cast<std::string*>(user)->append(data, size * count);
    return size * count;
}

// libcurl's progress callback: a nonzero return abandons the transfer.
int pollInterrupt(void* user, curl_off_t, curl_off_t, curl_off_t, curl_off_t)
{
    const auto* stop = static_cast<const std::function<bool()>*>(user);
    return (*stop)() ? 1 : 0;
}

// A query id unique to this process, connection and call.
std::string newQueryId(const void* connection, uint64_t n)
{
    static const auto started = std::chrono::steady_clock::now().time_since_epoch().count();
    char id[96];
    std::snprintf(id, sizeof id, "ettw-%lld-%p-%llu", static_cast<long long>(started), connection,
        static_cast<unsigned long long>(n));
    return id;
}

std::string urlEscape(CURL* handle, const std::string& s)
{
    char* e = curl().easy_escape(handle, s.data(), static_cast<int>(s.size()));
    std::string out = e ? e : "";
    curl().free(e);
    return out;
}

// "Code: 60, e.displayText() = DB::Exception: Table x doesn't exist., e.what() = DB::Exception"
// -> code 60, "DB::Exception: Table x doesn't exist."
std::optional<ServerError> parseException(std::string_view text)
{
    if (!text.starts_with("Code: ")) {
        return std::nullopt;
    }
    size_t i = 6;
    int code = 0;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
        code = code * 10 + (text[i] - '0');
        ++i;
    }
    if (i == 6 || code == 0) {
        return std::nullopt;
    }
    std::string message(text.substr(i));
    constexpr std::string_view kDisplay = ", e.displayText() = ";
    if (message.starts_with(kDisplay)) {
        message.erase(0, kDisplay.size());
    }
    if (const size_t what = message.rfind(", e.what() = "); what != std::string::npos) {
        message.resize(what);
    }
    while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) {
        message.pop_back();
    }
    return ServerError { code, message };
}

} // namespace

std::string ServerAddress::describe() const
{
    return role + " (" + host + ":" + std::to_string(port) + ")";
}

std::optional<ServerError> trailingException(std::string_view body)
{
    // The exception is the last line; the data before it ended with a newline (TSV) or not at
    // all (RowBinary), so look at the text after the last newline that precedes "Code: ".
    if (body.empty()) {
        return std::nullopt;
    }
    std::string_view tail = body;
    if (tail.back() == '\n') {
        tail.remove_suffix(1);
    }
    const size_t code = tail.rfind("Code: ");
    if (code == std::string_view::npos || tail.find('\n', code) != std::string_view::npos) {
        return std::nullopt;
    }
    if (tail.find("DB::Exception", code) == std::string_view::npos) {
        return std::nullopt;
    }
    return parseException(tail.substr(code));
}

HttpConnection::HttpConnection(ServerAddress server, Credentials credentials, Timeouts timeouts)
    : m_server(std::move(server))
    , m_credentials(std::move(credentials))
    , m_timeouts(timeouts)
{
    if (const CurlLibrary* library = curlLibrary()) {
        m_curl = library->easy_init();
    }
}

HttpConnection::~HttpConnection()
{
    if (m_curl) {
        curl().easy_cleanup(static_cast<CURL*>(m_curl));
    }
}

Error HttpConnection::fail(int code, const std::string& message)
{
    m_lastError = { code, message };
    return Error { m_server.describe() + ": " + message };
}

Result<HttpConnection::Response> HttpConnection::perform(const std::string& urlQuery, std::string_view body,
    bool multipart, const std::vector<ExternalTable>& external, const std::string& sqlInForm)
{
    auto* handle = static_cast<CURL*>(m_curl);
    if (!handle) {
        return fail(0, noClient());
    }
    curl().easy_reset(handle);
    m_cancelled = false;
    const std::string queryId = newQueryId(this, ++m_queries);
    std::string url
        = "http://" + m_server.host + ":" + std::to_string(m_server.port) + "/?wait_end_of_query=1&query_id=" + queryId;
    if (!urlQuery.empty()) {
        url += "&" + urlQuery;
    }
    curl_mime* mime = nullptr;
    if (multipart) {
        // The query and every external table as form fields: name_structure and name_format go in
        // the URL, the rows in the field called `name`.
        url += "&query=" + urlEscape(handle, sqlInForm);
        mime = curl().mime_init(handle);
        for (const auto& t : external) {
            url += "&" + t.name + "_structure=" + urlEscape(handle, t.structure) + "&" + t.name + "_format=RowBinary";
            curl_mimepart* part = curl().mime_addpart(mime);
            curl().mime_name(part, t.name.c_str());
            curl().mime_filename(part, t.name.c_str());
            curl().mime_data(part, t.rowBinary.data(), t.rowBinary.size());
        }
        curl().easy_setopt(handle, CURLOPT_MIMEPOST, mime);
    } else {
        curl().easy_setopt(handle, CURLOPT_POST, 1L);
        curl().easy_setopt(handle, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(body.size()));
        curl().easy_setopt(handle, CURLOPT_POSTFIELDS, body.empty() ? "" : body.data());
    }
    const std::string userHeader = "X-ClickHouse-User: " + m_credentials.user;
    const std::string keyHeader = "X-ClickHouse-Key: " + m_credentials.password;
    curl_slist* headers = nullptr;
    headers = curl().slist_append(headers, userHeader.c_str());
    headers = curl().slist_append(headers, keyHeader.c_str());
    headers = curl().slist_append(headers, "Expect:");
    if (!multipart) {
        // (libcurl sets the multipart content type itself.)
        headers = curl().slist_append(headers, "Content-Type: application/octet-stream");
    }
    Response response;
    curl().easy_setopt(handle, CURLOPT_URL, url.c_str());
    curl().easy_setopt(handle, CURLOPT_HTTPHEADER, headers);
    curl().easy_setopt(handle, CURLOPT_WRITEFUNCTION, appendBody);
    curl().easy_setopt(handle, CURLOPT_WRITEDATA, &response.body);
    curl().easy_setopt(handle, CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(m_timeouts.connect.count()));
    curl().easy_setopt(handle, CURLOPT_TIMEOUT_MS, static_cast<long>(m_timeouts.request.count()));
    curl().easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);
    curl().easy_setopt(handle, CURLOPT_TCP_KEEPALIVE, 1L);
    if (m_interrupt) {
        curl().easy_setopt(handle, CURLOPT_NOPROGRESS, 0L);
        curl().easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, pollInterrupt);
        curl().easy_setopt(handle, CURLOPT_XFERINFODATA, &m_interrupt);
    }
    const CURLcode rc = curl().easy_perform(handle);
    curl().easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &response.status);
    curl().slist_free_all(headers);
    if (mime) {
        curl().mime_free(mime);
    }
    if (rc == CURLE_ABORTED_BY_CALLBACK) {
        // Ask the server to stop the query too (best effort: it may have ended, or the user may
        // not be allowed to kill), on a connection of its own with short timeouts.
        HttpConnection killer(
            m_server, m_credentials, { std::chrono::milliseconds(1'000), std::chrono::milliseconds(2'000) });
        (void)killer.query("KILL QUERY WHERE query_id = '" + queryId + "' ASYNC");
        m_cancelled = true;
        return fail(0, kCancelled);
    }
    if (rc == CURLE_OPERATION_TIMEDOUT) {
        char seconds[32];
        std::snprintf(seconds, sizeof seconds, "%.3g", static_cast<double>(m_timeouts.request.count()) / 1000.0);
        return fail(0, "no answer within " + std::string(seconds) + " s (the server or a shard behind it may be hung)");
    }
    if (rc == CURLE_COULDNT_CONNECT) {
        return fail(0, "cannot connect (is the server running?): " + std::string(curl().easy_strerror(rc)));
    }
    if (rc != CURLE_OK) {
        return fail(0, "HTTP request failed: " + std::string(curl().easy_strerror(rc)));
    }
    return response;
}

Status HttpConnection::checkStatus(const Response& r)
{
    if (r.status == 200) {
        return Status::success();
    }
    if (auto e = parseException(r.body)) {
        return fail(e->code, "ClickHouse error " + std::to_string(e->code) + ": " + e->message);
    }
    return fail(0, "HTTP status " + std::to_string(r.status) + ": " + r.body.substr(0, 300));
}

Result<std::string> HttpConnection::query(const std::string& sql, const std::vector<ExternalTable>& external)
{
    auto r = external.empty() ? perform({}, sql, false, {}, {}) : perform({}, {}, true, external, sql);
    if (!r) {
        return r.error();
    }
    if (auto st = checkStatus(*r); !st) {
        return st.error();
    }
    if (auto e = trailingException(r->body)) {
        return fail(e->code, "ClickHouse error " + std::to_string(e->code) + " after the result began: " + e->message);
    }
    return std::move(r->body);
}

Status HttpConnection::insert(const std::string& insertSql, std::string_view rows)
{
    auto* handle = static_cast<CURL*>(m_curl);
    if (!handle) {
        return fail(0, noClient());
    }
    auto r = perform("query=" + urlEscape(handle, insertSql), rows, false, {}, {});
    if (!r) {
        return r.error();
    }
    if (auto st = checkStatus(*r); !st) {
        return st.error();
    }
    return Status::success();
}

Status HttpConnection::ping()
{
    auto r = query("SELECT 1");
    if (!r) {
        return r.error();
    }
    return Status::success();
}

} // namespace ett::core::clickhouse
