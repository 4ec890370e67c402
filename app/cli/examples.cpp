#include "app/cli/examples.h"

#include <utility>

namespace ett::app {

namespace {

// Command path, then its examples. Files and labels are those of the README's walk-through.
const std::vector<std::pair<std::string_view, std::vector<Example>>>& table()
{
    static const std::vector<std::pair<std::string_view, std::vector<Example>>> kTable = {
        { "import",
            {
                { "Import two runs' traces under the labels before and after",
                    "ettw import --db fleet.db --label before runs/before/*.ett.jsonl.gz" },
                { "Import a PyTorch profiler trace of one rank (the format says no job nor rank)",
                    "ettw import --db fleet.db --label after --job train-42 --rank 0 rank0.pt.trace.json" },
                { "Import a folder again, every hour from cron: new files are added, changed ones replace their "
                  "earlier records",
                    "ettw import --db fleet.db --update runs/" },
                { "Read a log imported with the wrong timezone again, in place of its earlier records",
                    "ettw import --db fleet.db --read-again --timezone +02:00 runs/run7/run.log" },
            } },
        { "summary",
            {
                { "Fleet ETT% and the buckets", "ettw summary --db fleet.db" },
                { "Per team, over one week, as JSON",
                    "ettw summary --db fleet.db --by team --from 2025-06-03 --to 2025-06-10 --format json" },
            } },
        { "series",
            {
                { "ETT% per day of the jobs labelled after", "ettw series --db fleet.db --label after --every day" },
                { "Rolling ETT% of a 6-hour window, every hour",
                    "ettw series --db fleet.db --rolling 6h --step 1h --format csv" },
            } },
        { "job", { { "One job's attempts and buckets", "ettw job --db fleet.db job-0042" } } },
        { "restarts",
            {
                { "What each restart of a job cost", "ettw restarts --db fleet.db --job job-0042" },
                { "Compile time per tag over the fleet", "ettw restarts --db fleet.db --compile-tags" },
            } },
        { "causes",
            {
                { "Interruptions by cause", "ettw causes --db fleet.db" },
                { "Preview re-classification rules, then keep them", "ettw causes --db fleet.db --rules rules.json" },
            } },
        { "compare",
            {
                { "Before against after", "ettw compare --db fleet.db --a label=before --b label=after" },
                { "Fail a CI pipeline (exit status 3) when ETT% drops by more than one point",
                    "ettw compare --db fleet.db --a label=before --b label=after --fail-if-drop 1 --gate interval" },
            } },
        { "advise",
            {
                { "Checkpoint intervals from the measurements, per team", "ettw advise --db fleet.db --by team" },
                { "The optimum interval from a 30 s blocking save and an interruption every 8 hours",
                    "ettw advise --blocking-s 30 --mtbi-s 28800" },
            } },
        { "whatif",
            {
                { "Project a scenario and save it", "ettw whatif --db fleet.db --scenario faster-init.json --save" },
                { "List the saved scenarios", "ettw whatif --db fleet.db --list" },
            } },
        { "report",
            {
                { "A PDF report of the fleet with a before/after comparison",
                    "ettw report --db fleet.db --out report.pdf --a label=before --b label=after" },
            } },
        { "jobs", { { "The ten jobs that lost the most GPU-hours", "ettw jobs --db fleet.db --limit 10" } } },
        { "intervals",
            {
                { "Where the lost progress of the fleet was, longest first",
                    "ettw intervals --db fleet.db --bucket lost_progress --sort duration --limit 20" },
            } },
        { "ranks", { { "The slowest rank of each stage of a job", "ettw ranks --db fleet.db --job job-0042" } } },
        { "hosts", { { "The ten hosts most often slowest", "ettw hosts --db fleet.db --top 10" } } },
        { "issues", { { "Data problems met during import", "ettw issues --db fleet.db" } } },
        { "datasets",
            {
                { "What the database holds", "ettw datasets --db fleet.db" },
                { "Rename a label", "ettw datasets --db fleet.db --rename-label after after-fix" },
                { "Remove one imported file (and read its other runs again where their attempt changes)",
                    "ettw datasets --db fleet.db --remove-file runs/run28/run.log" },
            } },
        { "upgrade", { { "Bring an older database up to date", "ettw upgrade --db fleet.db" } } },
        { "push",
            {
                { "Send the label after to a fleet store (the password from ETTW_STORE_PASSWORD)",
                    "ettw push --db fleet.db --label after --store clickhouse://ettw@ch1:8123/ett?cluster=fleet" },
            } },
        { "store init",
            {
                { "Create the tables of a store on its cluster",
                    "ettw store init --store clickhouse://ettw@ch1:8123/ett?cluster=fleet" },
            } },
        { "store status",
            {
                { "What a store holds", "ettw store status --store clickhouse://ettw@ch1:8123/ett?cluster=fleet" },
            } },
        { "bench store",
            {
                { "Time the store against the local engine on about 10 million segments",
                    "ettw bench store --store clickhouse://ettw@ch1:8123/bench?cluster=fleet --segments 10000000" },
            } },
        { "bench open",
            {
                { "Time the load, the queries and the first overview of a database, five runs each",
                    "ettw bench open --db fleet.db --repeats 5" },
            } },
        { "mappings",
            {
                { "List the presets", "ettw mappings" },
                { "Print the PyTorch profiler preset, to start a rules file of one's own",
                    "ettw mappings chrome-pytorch > my-mapping.json" },
            } },
        { "watch",
            {
                { "Follow a folder of running jobs' traces, alerts as JSON lines",
                    "ettw watch --db fleet.db --label live --alerts alerts.jsonl runs/" },
                { "Post each alert to a webhook; a hang after 20 minutes",
                    "ettw watch --db fleet.db --webhook http://alerts.example:8080/ett --hang-after 20m runs/" },
            } },
        { "alerts",
            {
                { "The detectors once, for cron (exit status 4 when one fired)", "ettw alerts --db fleet.db" },
                { "Judged at the latest time recorded, against a baseline label, as JSON",
                    "ettw alerts --db fleet.db --now latest --baseline-label before --format json" },
            } },
        { "generate",
            {
                { "A synthetic fleet of 500 jobs with ranks",
                    "ettw generate --jobs 500 --ranks 8 --seed 7 --out synth.ett.jsonl.gz" },
            } },
    };
    return kTable;
}

} // namespace

const std::vector<Example>& examplesOf(std::string_view commandPath)
{
    static const std::vector<Example> kNone;
    for (const auto& [path, examples] : table()) {
        if (path == commandPath) {
            return examples;
        }
    }
    return kNone;
}

std::vector<std::string> commandsWithExamples()
{
    std::vector<std::string> out;
    for (const auto& entry : table()) {
        out.emplace_back(entry.first);
    }
    return out;
}

std::string examplesText(std::string_view commandPath)
{
    const std::vector<Example>& examples = examplesOf(commandPath);
    if (examples.empty()) {
        return {};
    }
    std::string out = "Examples:\n";
    for (const Example& e : examples) {
        out += "  " + std::string(e.what) + ":\n    " + e.commandLine + "\n";
    }
    return out;
}

} // namespace ett::app
