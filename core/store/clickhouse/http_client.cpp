#include "core/store/clickhouse/http_client.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <curl/curl.h>
#include <mutex>

namespace ett::core::clickhouse {

namespace {

void initCurlOnce()
{
    static std::once_flag once;
    std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
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

std::string urlEscape(CURL* curl, const std::string& s)
{
    char* e = curl_easy_escape(curl, s.data(), static_cast<int>(s.size()));
    std::string out = e ? e : "";
    curl_free(e);
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
    initCurlOnce();
    m_curl = curl_easy_init();
}

HttpConnection::~HttpConnection()
{
    if (m_curl) {
        curl_easy_cleanup(static_cast<CURL*>(m_curl));
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
    auto* curl = static_cast<CURL*>(m_curl);
    if (!curl) {
        return fail(0, "cannot start an HTTP client (libcurl)");
    }
    curl_easy_reset(curl);
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
        url += "&query=" + urlEscape(curl, sqlInForm);
        mime = curl_mime_init(curl);
        for (const auto& t : external) {
            url += "&" + t.name + "_structure=" + urlEscape(curl, t.structure) + "&" + t.name + "_format=RowBinary";
            curl_mimepart* part = curl_mime_addpart(mime);
            curl_mime_name(part, t.name.c_str());
            curl_mime_filename(part, t.name.c_str());
            curl_mime_data(part, t.rowBinary.data(), t.rowBinary.size());
        }
        curl_easy_setopt(curl, CURLOPT_MIMEPOST, mime);
    } else {
        curl_easy_setopt(curl, CURLOPT_POST, 1L);
        curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(body.size()));
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body.empty() ? "" : body.data());
    }
    const std::string userHeader = "X-ClickHouse-User: " + m_credentials.user;
    const std::string keyHeader = "X-ClickHouse-Key: " + m_credentials.password;
    curl_slist* headers = nullptr;
    headers = curl_slist_append(headers, userHeader.c_str());
    headers = curl_slist_append(headers, keyHeader.c_str());
    headers = curl_slist_append(headers, "Expect:");
    if (!multipart) {
        // (libcurl sets the multipart content type itself.)
        headers = curl_slist_append(headers, "Content-Type: application/octet-stream");
    }
    Response response;
    curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, appendBody);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &response.body);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(m_timeouts.connect.count()));
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, static_cast<long>(m_timeouts.request.count()));
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_TCP_KEEPALIVE, 1L);
    if (m_interrupt) {
        curl_easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
        curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, pollInterrupt);
        curl_easy_setopt(curl, CURLOPT_XFERINFODATA, &m_interrupt);
    }
    const CURLcode rc = curl_easy_perform(curl);
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &response.status);
    curl_slist_free_all(headers);
    if (mime) {
        curl_mime_free(mime);
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
        return fail(0, "cannot connect (is the server running?): " + std::string(curl_easy_strerror(rc)));
    }
    if (rc != CURLE_OK) {
        return fail(0, "HTTP request failed: " + std::string(curl_easy_strerror(rc)));
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
    auto* curl = static_cast<CURL*>(m_curl);
    if (!curl) {
        return fail(0, "cannot start an HTTP client (libcurl)");
    }
    auto r = perform("query=" + urlEscape(curl, insertSql), rows, false, {}, {});
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
