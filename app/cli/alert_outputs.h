// Where alerts go besides the terminal: JSON Lines (a file or standard output), a command run per
// alert with the alert in its environment, and an HTTP POST of the alert's JSON (libcurl, with a
// timeout and retries). The JSON of an alert is a public interface (README, "Watching a fleet").
#pragma once

#include "app/service/detectors.h"
#include "core/model/result.h"

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace ett::app {

// One alert event as one line of JSON (no newline): ettw_version, event ("fired" or "cleared"),
// detector, id, label, job (null for a scope's), attempt (null when none), scope, value, threshold,
// unit, at (RFC 3339), message, evidence.
std::string alertJson(const Alert& alert, const std::string& event);

struct AlertOutputOptions
{
    std::string jsonLines; // a file appended to, "-" standard output, "" none
    std::string exec; // a shell command run per alert event, "" none
    std::string webhook; // an http(s) URL the JSON is POSTed to, "" none
    double webhookTimeoutS = 5.0; // each request's limit, connection included
    int webhookAttempts = 3; // tries per alert event (a failure or a status other than 2xx tries again)
    int webhookBackoffMs = 500; // wait before the second try, doubled before each further one
};

class AlertOutputs
{
public:
    // Opens the JSON Lines file (appending; created when missing). Error naming the file.
    static core::Result<std::unique_ptr<AlertOutputs>> open(const AlertOutputOptions& options);
    ~AlertOutputs();
    AlertOutputs(const AlertOutputs&) = delete;
    AlertOutputs& operator=(const AlertOutputs&) = delete;

    // Sends one alert event to every output; returns one message per output that failed (the
    // others still got it). Blocks while the command runs and while the webhook retries.
    std::vector<std::string> deliver(const Alert& alert, const std::string& event);

private:
    AlertOutputs() = default;
    std::string runExec(const std::string& json, const Alert& alert, const std::string& event);
    std::string postWebhook(const std::string& json);

    AlertOutputOptions m_options;
    std::FILE* m_file = nullptr;
    bool m_ownsFile = false;
};

} // namespace ett::app
