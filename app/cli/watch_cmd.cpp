#include "app/cli/watch_cmd.h"

#include "app/cli/command_options.h"
#include "app/cli/commands.h"
#include "app/cli/json_writer.h"
#include "app/cli/text_table.h"
#include "app/service/watch_session.h"
#include "app/service/workspace.h"
#include "core/ingest/formats.h"
#include "core/model/timeutil.h"

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <unistd.h>

namespace ett::app {

namespace {

using namespace ett::core;

// Ctrl+C and SIGTERM: the watcher finishes (or rolls back) the file it is on and stops.
std::atomic<bool> g_stop { false };

void onStopSignal(int)
{
    g_stop.store(true);
}

void installStopHandlers()
{
    struct sigaction sa
    {
    };
    sa.sa_handler = onStopSignal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0; // no SA_RESTART: a wait returns at once
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);
}

std::string clockText(int64_t ns)
{
    const std::string t = formatRfc3339(ns);
    const auto at = t.find('T');
    return at == std::string::npos ? t : t.substr(at + 1, 8);
}

struct WatchCmd
{
    std::string label = "default";
    std::vector<std::string> paths;
    std::string format = "auto";
    std::string mapping;
    std::optional<std::string> job;
    std::optional<int32_t> gpusPerNode;
    std::string poll = "2s";
    bool polling = false;
    std::string fleetEvery = "5m";
    bool once = false;
    bool quiet = false;
    AlertOutputOptions outputs;
    DetectorArgs detectors;
};

// The terminal's lines: on standard output, or on standard error when the alerts' JSON Lines go to
// standard output.
struct Terminal
{
    std::FILE* out = stdout;
    bool quiet = false;

    void line(const std::string& text) const
    {
        std::fprintf(out, "%s\n", text.c_str());
        std::fflush(out);
    }
};

void printEvent(const Terminal& term, const WatchEvent& e, int64_t nowNs)
{
    if (e.kind == WatchEvent::Kind::Failed || e.kind == WatchEvent::Kind::NotATrace) {
        std::fprintf(stderr, "ettw: watch: %s%s\n", e.error.message.c_str(),
            e.kind == WatchEvent::Kind::Failed ? " (its earlier records are kept; read again when it changes)" : "");
        return;
    }
    if (term.quiet || e.kind == WatchEvent::Kind::Unchanged) {
        return;
    }
    std::string text = clockText(nowNs) + "  " + watchEventName(e.kind) + "  " + e.path;
    if (e.kind == WatchEvent::Kind::Imported || e.kind == WatchEvent::Kind::Replaced) {
        text += "  (" + countOf(static_cast<int64_t>(e.jobRowIds.size()), "job", "jobs") + ", "
            + countOf(e.summary.attempts, "attempt", "attempts") + ", " + countOf(e.summary.phases, "phase", "phases")
            + ")";
    } else if (e.kind == WatchEvent::Kind::Removed) {
        text += "  (its records are kept)";
    }
    if (!e.note.empty()) {
        text += ": " + e.note;
    }
    term.line(text);
}

void printAlert(const Terminal& term, const Alert& a, bool fired)
{
    term.line(clockText(a.atNs) + (fired ? "  ALERT    " : "  cleared  ") + a.detector + "  " + a.message
        + (fired ? "\n          evidence: " + a.evidence : std::string()));
}

int runWatch(const CommonOptions& common, const WatchCmd& cmd)
{
    // 1. Options, before anything is opened.
    WatchOptions watchOptions;
    watchOptions.paths = cmd.paths;
    watchOptions.label = cmd.label;
    watchOptions.polling = cmd.polling;
    watchOptions.reader.format = parseTraceFormat(cmd.format).value_or(TraceFormat::Auto);
    watchOptions.reader.mappingPath = cmd.mapping;
    watchOptions.reader.job = cmd.job;
    watchOptions.reader.gpusPerNode = cmd.gpusPerNode;
    if (auto st = checkReaderOptions(watchOptions.reader); !st) {
        std::string flag = st.error().option;
        std::replace(flag.begin(), flag.end(), '_', '-');
        return fail("watch: option --" + flag + ": " + st.error().message);
    }
    auto detectors = detectorOptions(cmd.detectors);
    if (!detectors) {
        return fail("watch: " + detectors.error().message);
    }
    auto pollNs = durationOption("--poll", cmd.poll);
    if (!pollNs) {
        return fail("watch: " + pollNs.error().message);
    }
    std::optional<int64_t> fleetEveryNs;
    if (cmd.fleetEvery != "0") {
        auto every = durationOption("--fleet-every", cmd.fleetEvery);
        if (!every) {
            return fail("watch: " + every.error().message);
        }
        fleetEveryNs = *every;
    }
    auto outputs = AlertOutputs::open(cmd.outputs);
    if (!outputs) {
        return fail("watch: " + outputs.error().message);
    }
    auto workspace = Workspace::openStore(common.db, Workspace::Mode::CreateIfMissing);
    if (!workspace) {
        return fail(workspace.error().message);
    }
    WatchSessionOptions sessionOptions;
    sessionOptions.watch = watchOptions;
    sessionOptions.detectors = *detectors;
    sessionOptions.evidence = EvidenceSource { "--db", common.db };
    sessionOptions.fleetEveryNs = fleetEveryNs;
    auto watch = WatchSession::create(**workspace, sessionOptions);
    if (!watch) {
        return fail("watch: " + watch.error().message);
    }
    Terminal term;
    term.quiet = cmd.quiet;
    if (cmd.outputs.jsonLines == "-") {
        term.out = stderr;
    }
    installStopHandlers();
    if (!cmd.quiet) {
        term.line(clockText(wallClockNs()) + "  watching " + std::to_string(cmd.paths.size())
            + (cmd.paths.size() == 1 ? " path" : " paths") + " into " + common.db + " (label " + cmd.label + ", "
            + ((*watch)->notifying() ? "inotify and a look every " : "a look every ") + cmd.poll
            + "); Ctrl+C stops, keeping everything stored");
    }

    // 2. Passes: import what changed, judge the jobs it touched and the running ones, say what fired.
    std::string lastChange = "none";
    // A file found not a trace is said once: a checkpoint shard being written changes at every pass.
    std::set<std::string> toldNotATrace;
    while (!g_stop.load()) {
        const int64_t nowNs = wallClockNs();
        const WatchPass pass = (*watch)->pass(nowNs, &g_stop);
        for (const WatchEvent& e : pass.events) {
            if (e.kind == WatchEvent::Kind::NotATrace && !toldNotATrace.insert(e.path).second) {
                continue;
            }
            printEvent(term, e, nowNs);
        }
        if (pass.changed) {
            lastChange = clockText(nowNs) + " " + std::filesystem::path(pass.lastChangedPath).filename().string();
        }
        for (const std::string& problem : pass.problems) {
            std::fprintf(stderr, "ettw: watch: %s\n", problem.c_str());
        }
        const AlertTracker::Change& change = pass.alerts;
        for (const auto& [list, event] :
            { std::pair { &change.fired, "fired" }, std::pair { &change.cleared, "cleared" } }) {
            for (const Alert& a : *list) {
                printAlert(term, a, std::string(event) == "fired");
                for (const std::string& problem : (*outputs)->deliver(a, event)) {
                    std::fprintf(stderr, "ettw: watch: %s\n", problem.c_str());
                }
            }
        }
        if (!cmd.quiet && (pass.changed || !change.fired.empty() || !change.cleared.empty())) {
            term.line(clockText(nowNs)
                + "  status: " + countOf(static_cast<int64_t>((*watch)->fileCount()), "file", "files") + ", "
                + countOf(static_cast<int64_t>((*watch)->runningJobs()), "running job", "running jobs")
                + ", last change " + lastChange + ", "
                + countOf(static_cast<int64_t>((*watch)->openAlerts().size()), "open alert", "open alerts"));
        }
        if (cmd.once) {
            break;
        }
        (*watch)->waitForChange(static_cast<int>(std::min<int64_t>(*pollNs / 1'000'000, 3'600'000)));
    }
    if (!cmd.quiet) {
        term.line(clockText(wallClockNs()) + "  stopped; everything stored is kept");
    }
    return kExitOk;
}

struct AlertsCmd
{
    std::optional<std::string> label;
    std::string now;
    DetectorArgs detectors;
};

void writeAlertObject(JsonWriter& j, const Alert& a)
{
    j.beginObject();
    j.key("detector").string(a.detector);
    j.key("id").string(a.id);
    j.key("label").string(a.label);
    j.key("job");
    a.job.empty() ? j.null() : j.string(a.job);
    j.key("attempt");
    a.attempt ? j.number(static_cast<int64_t>(*a.attempt)) : j.null();
    j.key("scope").string(a.scope);
    j.key("value").number(a.value, 3);
    j.key("threshold").number(a.threshold, 3);
    j.key("unit").string(a.unit);
    j.key("message").string(a.message);
    j.key("evidence").string(a.evidence);
    j.endObject();
}

int runAlerts(const CommonOptions& common, const AlertsCmd& cmd)
{
    auto detectors = detectorOptions(cmd.detectors);
    if (!detectors) {
        return fail("alerts: " + detectors.error().message);
    }
    auto session = openAndLoad(common, cmd.label);
    if (!session) {
        return fail(session.error().message);
    }
    FleetSource& fleet = *session->fleet;
    // 1. The time the fleet is judged at: now, a given time, or the latest the fleet records.
    int64_t nowNs = wallClockNs();
    if (cmd.now == "latest") {
        nowNs = fleet.vocabulary().lastNs;
    } else if (!cmd.now.empty()) {
        auto t = parseUserTime(cmd.now);
        if (!t) {
            return fail(
                "alerts: option --now: expected now, latest, RFC 3339 or epoch seconds, found \"" + cmd.now + "\"");
        }
        nowNs = *t;
    }
    EvidenceSource source;
    if (session->store) {
        source = { "--store", session->where };
    } else {
        source = { "--db", common.db };
    }
    std::vector<std::string> labels;
    if (cmd.label) {
        labels.push_back(*cmd.label);
    }
    auto alerts = detectFleet(fleet, labels, nowNs, *detectors, source);
    if (!alerts) {
        return fail("alerts: " + alerts.error().message);
    }
    // 2. Out: a table or JSON; the exit status says whether any fired.
    if (common.format == "json") {
        JsonWriter j;
        j.beginObject();
        j.key("source").string(session->where);
        j.key("at").string(formatRfc3339(nowNs));
        j.key("alerts").beginArray();
        for (const Alert& a : *alerts) {
            writeAlertObject(j, a);
        }
        j.endArray();
        j.endObject();
        print(j.str() + "\n");
    } else if (alerts->empty()) {
        print("No alert at " + formatRfc3339(nowNs) + " (" + session->where + ").\n");
    } else {
        std::string out = countOf(static_cast<int64_t>(alerts->size()), "alert", "alerts") + " at "
            + formatRfc3339(nowNs) + " (" + session->where + "):\n";
        for (const Alert& a : *alerts) {
            out += "  " + a.detector + ": " + a.message + "\n      evidence: " + a.evidence + "\n";
        }
        print(out);
    }
    return alerts->empty() ? kExitOk : kExitAlerts;
}

} // namespace

void addDetectorOptions(CLI::App* cmd, DetectorArgs& a)
{
    cmd->add_option("--storm-attempts", a.stormAttempts, "restart_storm: attempts within --storm-window that fire it")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    cmd->add_option("--storm-window", a.stormWindow, "restart_storm: the window, a duration")->capture_default_str();
    cmd->add_option("--stalled-attempts", a.stalledAttempts,
           "stalled_progress: consecutive interrupted attempts without a durable checkpoint that fire it")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    cmd->add_option("--hang-after", a.hangAfter, "hang: how long a running attempt may show nothing new, a duration")
        ->capture_default_str();
    cmd->add_option("--ett-window", a.ettWindow, "ett_drop: the rolling window (spec 7.2), a duration")
        ->capture_default_str();
    cmd->add_option("--ett-below", a.ettBelow, "ett_drop: fire below this GPU-weighted ETT% (0: no threshold)")
        ->check(CLI::Range(0.0, 100.0))
        ->capture_default_str();
    cmd->add_option("--ett-by", a.ettBy,
        "ett_drop: judge each value of this attribute (team, model, cluster, ...) in each label, not each label "
        "whole");
    cmd->add_option("--baseline-label", a.baselineLabel,
        "ett_drop: also fire when a label's ETT% is below this label's by more than --baseline-drop points");
    cmd->add_option("--baseline-drop", a.baselineDrop, "ett_drop: percentage points below the baseline that fire it")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    cmd->add_option("--slow-start-factor", a.slowStartFactor,
           "slow_start: fire when the latest attempt's Time to Start exceeds this times the job's (or team's) p90")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    cmd->add_option("--team-key", a.teamKey, "slow_start: the attribute that names a job's team")
        ->capture_default_str();
    cmd->add_option("--checkpoint-budget", a.checkpointBudget,
           "checkpoint_cost: blocking save time allowed per hour, a duration")
        ->capture_default_str();
    cmd->add_option("--disable", a.disabled, "Leave out a detector (repeatable)")
        ->check(CLI::IsMember(
            { "restart_storm", "stalled_progress", "hang", "ett_drop", "slow_start", "checkpoint_cost" }));
}

Result<DetectorOptions> detectorOptions(const DetectorArgs& a)
{
    DetectorOptions o;
    o.stormAttempts = a.stormAttempts;
    o.stalledAttempts = a.stalledAttempts;
    o.ettBelowPercent = a.ettBelow > 0 ? std::optional<double>(a.ettBelow) : std::nullopt;
    o.baselineLabel = a.baselineLabel;
    o.ettGroupBy = a.ettBy;
    o.baselineDropPoints = a.baselineDrop;
    o.slowStartFactor = a.slowStartFactor;
    o.teamKey = a.teamKey;
    o.disabled = { a.disabled.begin(), a.disabled.end() };
    const std::pair<const char*, std::pair<const std::string*, int64_t*>> durations[] = {
        { "--storm-window", { &a.stormWindow, &o.stormWindowNs } },
        { "--hang-after", { &a.hangAfter, &o.hangNs } },
        { "--ett-window", { &a.ettWindow, &o.ettWindowNs } },
        { "--checkpoint-budget", { &a.checkpointBudget, &o.checkpointBudgetNsPerHour } },
    };
    for (const auto& [name, field] : durations) {
        auto ns = durationOption(name, *field.first);
        if (!ns) {
            return ns.error();
        }
        *field.second = *ns;
    }
    return o;
}

Command addWatchCommand(CLI::App& app, CommonOptions& common)
{
    auto cmd = std::make_shared<WatchCmd>();
    auto* sub = app.add_subcommand("watch",
        "Follow trace files and folders while they are written: new files are imported, a file that grows or "
        "changes is read again and replaces its earlier records in one transaction; running attempts end at the "
        "time of the read; detectors judge the jobs that changed and the running ones, and each alert fires once "
        "per condition (terminal, --alerts, --exec, --webhook)");
    addDbOption(sub, common);
    sub->add_option("--label", cmd->label, "Dataset label for the files")->capture_default_str();
    sub->add_option("--format", cmd->format, "The files' trace format: auto (by content) or a format of `ettw import`")
        ->check(CLI::IsMember({ "auto", "ett", "chrome", "nsys", "mlperf", "log", "table", "slurm", "nvrx", "elastic",
            "torchtitan", "onelogger", "goodput" }))
        ->capture_default_str();
    sub->add_option("--mapping", cmd->mapping, "Rules file mapping names to phases (default: the format's preset)")
        ->type_name("FILE");
    sub->add_option("--job", cmd->job, "Job of the files, for formats that cannot say");
    sub->add_option(
           "--gpus-per-node", cmd->gpusPerNode, "GPUs of one node, for formats that count nodes (nvrx, elastic)")
        ->check(CLI::PositiveNumber);
    sub->add_option("--poll", cmd->poll,
           "Look at every file at least this often, a duration (what inotify cannot see: network file systems)")
        ->capture_default_str();
    sub->add_flag("--no-inotify", cmd->polling, "Look every --poll only, without inotify");
    sub->add_option("--fleet-every", cmd->fleetEvery,
           "How often ett_drop loads the fleet to judge each label's ETT%, a duration (0: never)")
        ->capture_default_str();
    sub->add_option("--alerts", cmd->outputs.jsonLines,
           "Append each alert event as a JSON line to FILE (- for "
           "standard output; the terminal's lines then go to standard "
           "error)")
        ->type_name("FILE");
    sub->add_option("--exec", cmd->outputs.exec,
        "Run this shell command per alert event, with the alert in its environment (ETTW_ALERT: the JSON; "
        "ETTW_ALERT_EVENT, _DETECTOR, _ID, _LABEL, _JOB, _MESSAGE, _EVIDENCE)");
    sub->add_option("--webhook", cmd->outputs.webhook, "POST each alert event's JSON to this http(s) URL")
        ->type_name("URL");
    sub->add_option("--webhook-timeout", cmd->outputs.webhookTimeoutS, "Seconds each webhook request may take")
        ->check(CLI::Range(0.1, 600.0))
        ->capture_default_str();
    sub->add_option("--webhook-tries", cmd->outputs.webhookAttempts,
           "Tries per alert event (a failure or a status other than 2xx tries again, waiting 0.5 s, then twice as "
           "long each time)")
        ->check(CLI::Range(1, 20))
        ->capture_default_str();
    sub->add_flag("--once", cmd->once, "One pass (import what is new or changed, judge, say), then exit");
    sub->add_flag("-q,--quiet", cmd->quiet, "Print only alerts and errors");
    addDetectorOptions(sub, cmd->detectors);
    sub->add_option("paths", cmd->paths, "Trace files or folders to follow (folders recursively)")
        ->type_name("FILE|DIR")
        ->required();
    return { sub, [&common, cmd] { return runWatch(common, *cmd); } };
}

Command addAlertsCommand(CLI::App& app, CommonOptions& common)
{
    auto cmd = std::make_shared<AlertsCmd>();
    auto* sub = app.add_subcommand("alerts",
        "Run the detectors once over every job (for cron and CI): restart storms, stalled progress, hangs, ETT% "
        "drops, slow starts, checkpoint cost; exit status 4 when any alert fired");
    addDbOption(sub, common);
    sub->add_option("--label", cmd->label, "Only jobs of this dataset label");
    sub->add_option("--now", cmd->now,
        "The time to judge at: RFC 3339 or epoch seconds, or latest (the latest time the fleet records) (default: "
        "the clock)");
    addDetectorOptions(sub, cmd->detectors);
    addFormatOption(sub, common.format, false);
    addStoreOption(sub, common.store, kComputeOnStore);
    return { sub, [&common, cmd] { return runAlerts(common, *cmd); } };
}

} // namespace ett::app
