#include "app/cli/alert_outputs.h"

#include "app/cli/json_writer.h"
#include "core/model/timeutil.h"
#include "core/store/curl_library.h"

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace ett::app {

std::string alertJson(const Alert& a, const std::string& event)
{
    JsonWriter j(0);
    j.beginObject();
    j.key("event").string(event);
    j.key("detector").string(a.detector);
    j.key("id").string(a.id);
    j.key("label").string(a.label);
    j.key("job");
    if (a.job.empty()) {
        j.null();
    } else {
        j.string(a.job);
    }
    j.key("attempt");
    if (a.attempt) {
        j.number(static_cast<int64_t>(*a.attempt));
    } else {
        j.null();
    }
    j.key("scope").string(a.scope);
    j.key("value").number(a.value, 3);
    j.key("threshold").number(a.threshold, 3);
    j.key("unit").string(a.unit);
    j.key("at").string(core::formatRfc3339(a.atNs));
    j.key("message").string(a.message);
    j.key("evidence").string(a.evidence);
    j.endObject();
    return j.str();
}

core::Result<std::unique_ptr<AlertOutputs>> AlertOutputs::open(const AlertOutputOptions& options)
{
    std::unique_ptr<AlertOutputs> out(new AlertOutputs());
    out->m_options = options;
    if (options.jsonLines == "-") {
        out->m_file = stdout;
    } else if (!options.jsonLines.empty()) {
        out->m_file = std::fopen(options.jsonLines.c_str(), "a");
        if (!out->m_file) {
            return core::Error { options.jsonLines + ": cannot open for the alerts: " + std::strerror(errno) };
        }
        out->m_ownsFile = true;
    }
    if (!options.webhook.empty() && core::curlLibrary() == nullptr) {
        return core::Error { "--webhook: " + core::curlLoadError() };
    }
    return out;
}

AlertOutputs::~AlertOutputs()
{
    if (m_ownsFile && m_file) {
        std::fclose(m_file);
    }
}

std::vector<std::string> AlertOutputs::deliver(const Alert& alert, const std::string& event)
{
    std::vector<std::string> problems;
    const std::string json = alertJson(alert, event);
    if (m_file) {
        // One write and a flush per line: a reader following the file never sees half an alert.
        const std::string line = json + "\n";
        if (std::fwrite(line.data(), 1, line.size(), m_file) != line.size() || std::fflush(m_file) != 0) {
            problems.push_back("--alerts: cannot write: " + std::string(std::strerror(errno)));
        }
    }
    if (!m_options.exec.empty()) {
        if (auto p = runExec(json, alert, event); !p.empty()) {
            problems.push_back(p);
        }
    }
    if (!m_options.webhook.empty()) {
        if (auto p = postWebhook(json); !p.empty()) {
            problems.push_back(p);
        }
    }
    return problems;
}

std::string AlertOutputs::runExec(const std::string& json, const Alert& alert, const std::string& event)
{
    std::fflush(nullptr); // the child must not repeat our buffered output
    const pid_t pid = ::fork();
    if (pid < 0) {
        return "--exec: cannot start the command: " + std::string(std::strerror(errno));
    }
    if (pid == 0) {
        ::setenv("ETTW_ALERT", json.c_str(), 1);
        ::setenv("ETTW_ALERT_EVENT", event.c_str(), 1);
        ::setenv("ETTW_ALERT_DETECTOR", alert.detector.c_str(), 1);
        ::setenv("ETTW_ALERT_ID", alert.id.c_str(), 1);
        ::setenv("ETTW_ALERT_LABEL", alert.label.c_str(), 1);
        ::setenv("ETTW_ALERT_JOB", alert.job.c_str(), 1);
        ::setenv("ETTW_ALERT_MESSAGE", alert.message.c_str(), 1);
        ::setenv("ETTW_ALERT_EVIDENCE", alert.evidence.c_str(), 1);
        ::execl("/bin/sh", "sh", "-c", m_options.exec.c_str(), static_cast<char*>(nullptr));
        ::_exit(127);
    }
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) { }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        return {};
    }
    return "--exec: the command failed (" + std::string(WIFEXITED(status) ? "exit status " : "signal ")
        + std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status)) + ") for alert " + alert.id;
}

namespace {

size_t discardBody(char*, size_t size, size_t n, void*)
{
    return size * n;
}

} // namespace

std::string AlertOutputs::postWebhook(const std::string& json)
{
    std::string last;
    int backoffMs = m_options.webhookBackoffMs;
    for (int attempt = 1; attempt <= m_options.webhookAttempts; ++attempt) {
        const core::CurlLibrary& lib = *core::curlLibrary(); // loaded by create()
        CURL* curl = lib.easy_init();
        if (!curl) {
            return "--webhook: libcurl could not start a request";
        }
        curl_slist* headers = lib.slist_append(nullptr, "Content-Type: application/json");
        lib.easy_setopt(curl, CURLOPT_URL, m_options.webhook.c_str());
        lib.easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
        lib.easy_setopt(curl, CURLOPT_POSTFIELDS, json.c_str());
        lib.easy_setopt(curl, CURLOPT_POSTFIELDSIZE, static_cast<long>(json.size()));
        lib.easy_setopt(curl, CURLOPT_TIMEOUT_MS, static_cast<long>(m_options.webhookTimeoutS * 1000.0));
        lib.easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
        lib.easy_setopt(curl, CURLOPT_WRITEFUNCTION, discardBody);
        const CURLcode rc = lib.easy_perform(curl);
        long status = 0;
        lib.easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
        lib.slist_free_all(headers);
        lib.easy_cleanup(curl);
        if (rc == CURLE_OK && status >= 200 && status < 300) {
            return {};
        }
        last = rc != CURLE_OK ? std::string(lib.easy_strerror(rc)) : "HTTP status " + std::to_string(status);
        if (attempt < m_options.webhookAttempts) {
            std::this_thread::sleep_for(std::chrono::milliseconds(backoffMs));
            backoffMs *= 2;
        }
    }
    return "--webhook: " + m_options.webhook + ": " + last + " (after " + std::to_string(m_options.webhookAttempts)
        + (m_options.webhookAttempts == 1 ? " try)" : " tries)");
}

} // namespace ett::app
