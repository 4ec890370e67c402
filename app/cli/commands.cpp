#include "app/cli/commands.h"

#include "app/cli/advise_cmd.h"
#include "app/cli/bench_open_cmd.h"
#include "app/cli/bench_store_cmd.h"
#include "app/cli/causes_cmd.h"
#include "app/cli/cli_common.h"
#include "app/cli/command_options.h"
#include "app/cli/compare_cmd.h"
#include "app/cli/ettw_app.h"
#include "app/cli/ettw_docs.h"
#include "app/cli/examples.h"
#include "app/cli/fleet_store_cmds.h"
#include "app/cli/generate_cmd.h"
#include "app/cli/import_cmd.h"
#include "app/cli/intervals_cmd.h"
#include "app/cli/job_cmd.h"
#include "app/cli/jobs_cmd.h"
#include "app/cli/mappings_cmd.h"
#include "app/cli/ranks_cmd.h"
#include "app/cli/restarts_cmd.h"
#include "app/cli/series_cmd.h"
#include "app/cli/store_cmds.h"
#include "app/cli/summary_cmd.h"
#include "app/cli/usage_errors.h"
#include "app/cli/watch_cmd.h"
#include "app/cli/whatif_cmd.h"
#ifdef ETT_WITH_REPORT
#include "app/cli/report_cmd.h"
#endif
#include "app/version/build_info.h"
#include "core/ingest/formats.h"
#include "core/store/clickhouse/store_url.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <functional>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "samples/synth/fleet_capacity.h"

namespace ett::app {

using namespace ett::core;

void addDbOption(CLI::App* cmd, CommonOptions& common)
{
    cmd->add_option("--db", common.db, "Workbench database (a SQLite file)")->type_name("FILE")->capture_default_str();
}

void addFormatOption(CLI::App* cmd, std::string& format, bool csv)
{
    cmd->add_option("--format", format, csv ? "Output: table (for people), json or csv" : "Output: table or json")
        ->check(csv ? CLI::IsMember({ "table", "json", "csv" }) : CLI::IsMember({ "table", "json" }))
        ->capture_default_str();
}

void addEngineOptions(CLI::App* cmd, CommonOptions& common)
{
    cmd->add_option("--backend", common.backend,
           "Aggregation backend: cpu or cuda (default: CUDA when a GPU is present). Named, a summary over all time "
           "rolls the fleet up there instead of adding up the database's stored roll-ups")
        ->check(CLI::IsMember({ "cpu", "cuda" }));
    cmd->add_flag("-v,--verbose", common.verbose, "Print the backend chosen, and load and query times, on stderr");
}

// --exclude WINDOWS|FILE: excluded windows (spec 7.4) for the commands that compute figures.
void addExcludeOption(CLI::App* cmd, CommonOptions& common)
{
    cmd->add_option("--exclude", common.exclude,
           "Excluded windows (spec 7.4): START/END (several separated by commas), or a file: a JSON list of "
           "{\"start\", \"end\"} or a CSV with the header start,end; times in RFC 3339, dates or epoch seconds. "
           "Their time leaves end-to-end time and the buckets and is reported beside them")
        ->type_name("WINDOWS|FILE");
}

// --exclude on a command whose figures excluded windows do not change (spec 7.4: interruptions,
// Time to Start and Time to Recover are events and durations of attempts): not in its help, and
// refused with the reason rather than CLI11's "not expected".
void refuseExcludeOption(CLI::App* cmd, const std::string& what)
{
    cmd->add_option("--exclude")->group("")->each([what](const std::string&) {
        // A ParseError, not a ValidationError: CLI11 would prefix the latter with the option's name,
        // empty for an option without a group.
        throw CLI::ParseError("--exclude: excluded windows do not change " + what
                + " (spec 7.4: events and durations of attempts count in full); ettw summary --exclude gives the "
                  "figures without the windows' time",
            CLI::ExitCodes::ValidationError);
    });
}

const char* const kComputeOnStore
    = "Compute on this fleet store instead of --db, in SQL where the data is (the same figures as on a database "
      "holding the same files)";

// --store URL and --store-timeout. The URL's password is never shown: --help has no default.
void addStoreOption(CLI::App* cmd, StoreOptions& store, const std::string& what)
{
    cmd->add_option("--store", store.url,
        what
            + ". URL: clickhouse://USER:PASSWORD@HOST:PORT/DATABASE?cluster=NAME; without a password in it, "
              "ETTW_STORE_PASSWORD or the file ETTW_STORE_PASSWORD_FILE (else ~/.config/ettw/store-password)");
    cmd->add_option("--store-timeout", store.timeoutS, "Seconds each request to the store may take")
        ->check(CLI::Range(1.0, 86400.0))
        ->capture_default_str();
}

namespace {

Command addStoreCommand(CLI::App& app, CommonOptions& common)
{
    auto store = std::make_shared<StoreOptions>();
    auto init = std::make_shared<StoreInitCmd>();
    auto* sub
        = app.add_subcommand("store", "A fleet store (a ClickHouse cluster): create its tables, or list what it holds");
    sub->require_subcommand(1);
    auto* initCmd = sub->add_subcommand("init",
        "Create the store's tables on every shard of the cluster (local MergeTree tables and Distributed tables over "
        "them) and record the shards' HTTP addresses; safe to run again");
    addStoreOption(initCmd, *store, "The store (its database and cluster)");
    initCmd->add_option("--shard", init->shards,
        "HTTP address HOST:PORT of a shard, once per shard (default: the cluster's hosts on the URL's port)");
    auto* statusCmd = sub->add_subcommand("status", "The live datasets of the store and their rows");
    addStoreOption(statusCmd, *store, "The store");
    addFormatOption(statusCmd, common.format, false);
    return { sub, [&common, store, init, initCmd] {
                return initCmd->parsed() ? runStoreInit(*store, *init) : runStoreStatus(*store, common);
            } };
}

Command addBenchCommand(CLI::App& app, CommonOptions& common)
{
    auto cmd = std::make_shared<BenchStoreCmd>();
    auto* sub = app.add_subcommand("bench", "Measure the workbench on this machine and cluster");
    sub->require_subcommand(1);
    auto* storeCmd = sub->add_subcommand("store",
        "Push a generated fleet of about N segments into a database of its own on the store's shards (dropped "
        "after), and time the roll-up, series, percentiles, top jobs and the longest intervals on the cluster and on "
        "the local engine, and the roll-up in SQLite (JSON)");
    addStoreOption(
        storeCmd, common.store, "The fleet store whose shards to measure (a user that may create a database)");
    storeCmd->add_option("--segments", cmd->segments, "About how many segments to generate")
        ->check(CLI::Range(int64_t { 1000 }, int64_t { 2'000'000'000 }))
        ->capture_default_str();
    storeCmd->add_option("--repeats", cmd->repeats, "Runs of each query (the median is printed)")
        ->check(CLI::Range(1, 100))
        ->capture_default_str();
    storeCmd
        ->add_option(
            "--work-dir", cmd->workDir, "Where the trace and the local database go (default: a temporary folder)")
        ->type_name("DIR");
    storeCmd->add_flag("--cluster-only", cmd->clusterOnly,
        "Time the push and the cluster only (no local engine or SQLite stage, so no equality check): for fleets "
        "larger than this machine's memory");
    storeCmd->add_flag("--queries-only", cmd->queriesOnly,
        "Time the queries on the store's database as it is, pushed before (nothing generated, pushed or dropped): "
        "for fleets too large to push again for each run");
    auto open = std::make_shared<BenchOpenCmd>();
    auto* openCmd = sub->add_subcommand("open",
        "Time what opening a database costs: the engine's load and its queries, the window's first overview, and "
        "summary --by team and series --every day end to end, each with its peak memory (JSON)");
    addDbOption(openCmd, common);
    openCmd->add_option("--repeats", open->repeats, "Runs of each query and command (the median is printed)")
        ->check(CLI::Range(1, 100))
        ->capture_default_str();
    return { sub, [&common, cmd, open, openCmd] {
                return openCmd->parsed() ? runBenchOpen(common, *open) : runBenchStore(common, *cmd);
            } };
}

Command addPushCommand(CLI::App& app, CommonOptions& common)
{
    auto store = std::make_shared<StoreOptions>();
    auto cmd = std::make_shared<PushCmd>();
    auto* sub = app.add_subcommand("push",
        "Send what a database holds to a fleet store, one dataset per label: all or nothing as queries see it; "
        "the same content under the same label again is a no-op");
    addDbOption(sub, common);
    addStoreOption(sub, *store, "The fleet store to push to");
    sub->add_option("--label", cmd->label, "Only this label of the database (default: every label)");
    sub->add_flag("--replace", cmd->replace, "Replace what the store holds under a label that has other content");
    sub->add_option("--slice-jobs", cmd->sliceJobs,
           "Jobs read from the database and sent at a time: the push's memory grows with it (about 20 KB a job of "
           "a typical fleet)")
        ->check(CLI::Range(int64_t { 1 }, int64_t { 10'000'000 }))
        ->capture_default_str();
    return { sub, [&common, store, cmd] { return runPush(common, *store, *cmd); } };
}

Command addImportCommand(CLI::App& app, CommonOptions& common)
{
    auto cmd = std::make_shared<ImportCmd>();
    auto* sub = app.add_subcommand("import",
        "Import traces into a database: ETT traces, PyTorch profiler / Chrome traces, Nsight Systems SQLite exports, "
        "MLPerf logs, console logs, CSV job tables, Slurm accounting, NVRx cycle files and launcher logs, "
        "TorchElastic events, torchtitan structured logs, OneLogger exports, ml-goodput-measurement log entries (the "
        "format is recognised by content)");
    addDbOption(sub, common);
    sub->add_option("--label", cmd->label, "Dataset label for these files (e.g. before, after)")->capture_default_str();
    sub->add_flag("-q,--quiet", cmd->quiet, "Print only errors and duplicates");
    sub->add_flag("-v,--verbose", cmd->verbose,
        "Name every file of a folder skipped as not a trace (without it, the first " + std::to_string(kListedSkips)
            + " and a count)");
    sub->add_option("--format", cmd->format,
           "auto (by content), ett, chrome (PyTorch profiler / Chrome trace), nsys (Nsight Systems SQLite), "
           "mlperf (:::MLLOG), log (console logs by rules), table (CSV job table), slurm (sacct --parsable2 or "
           "--json), nvrx (NVRx cycle info or launcher log), elastic (TorchElastic events), torchtitan (structured "
           "logs), onelogger (OneLogger file export), goodput (ml-goodput-measurement log entries)")
        ->check(CLI::IsMember({ "auto", "ett", "chrome", "nsys", "mlperf", "log", "table", "slurm", "nvrx", "elastic",
            "torchtitan", "onelogger", "goodput" }))
        ->capture_default_str();
    sub->add_option("--mapping", cmd->mapping,
           "Rules file mapping names to phases (default: the format's preset; see `ettw mappings`)")
        ->type_name("FILE");
    sub->add_option("--job", cmd->job, "Job of the files, for formats that cannot say");
    sub->add_option("--attempt", cmd->attempt, "Attempt number of the files, for formats that cannot say")
        ->check(CLI::NonNegativeNumber);
    sub->add_option("--rank", cmd->rank, "Rank of the files, for formats that cannot say")
        ->check(CLI::NonNegativeNumber);
    sub->add_option("--timezone", cmd->timezone,
           "Zone of console-log and sacct times that have none: UTC or an offset such as +02:00")
        ->capture_default_str();
    sub->add_option("--year", cmd->year, "Year of console-log times that have none")
        ->check(CLI::Range(kMinYearOption, kMaxYearOption));
    sub->add_option(
           "--gpus-per-node", cmd->gpusPerNode, "GPUs of one node, for formats that count nodes (nvrx, elastic)")
        ->check(CLI::PositiveNumber);
    sub->add_option("files", cmd->files,
           "Trace files (plain, gzip or zstd; a pipe or FIFO works, - reads standard input) or folders: a folder is "
           "walked recursively in path order, each file's format detected; Chrome traces and Nsight exports take "
           "their job from their folder (one folder per job, a file per rank); console logs are chained with the "
           "runs of their configuration given or stored before (a run after an interrupted one is its next attempt; "
           "a stored log whose run changes is read again and said); a file no reader places is skipped and said")
        ->type_name("FILE|DIR")
        ->required();
    auto store = std::make_shared<StoreOptions>();
    auto replace = std::make_shared<bool>(false);
    addStoreOption(sub, *store,
        "Import straight into this fleet store instead of --db: the files are imported into a temporary database "
        "with the same readers, checks and attribution, then pushed as one dataset under --label");
    sub->add_flag("--replace", *replace, "With --store: replace what the store holds under --label");
    sub->add_flag("--update", cmd->update,
        "A file imported before under --label (from its path, or another path to it) whose content changed since is "
        "read again and replaces its earlier records, as `ettw watch` does; unchanged files stay as they are "
        "(without it, a changed file's records are added to the earlier ones)");
    sub->add_flag("--read-again", cmd->readAgain,
        "As --update, and a file imported before from its path is read again also when its content did not change, "
        "with the options given now (a log imported with the wrong --timezone, a table with another --mapping); the "
        "import says read_with_other_options when they differ from those it was read with (ettw datasets shows them)");
    return { sub, [&common, cmd, store, replace] {
                if (!store->url.empty() && (cmd->update || cmd->readAgain)) {
                    return fail(
                        "import: --update and --read-again replace files' earlier imports in --db; with --store, "
                        "--replace "
                        "replaces what the store holds under --label");
                }
                return store->url.empty() ? runImport(common, *cmd) : runImportToStore(common, *store, *cmd, *replace);
            } };
}

Command addSummaryCommand(CLI::App& app, CommonOptions& common)
{
    auto cmd = std::make_shared<SummaryCmd>();
    auto* sub = app.add_subcommand("summary", "Fleet ETT% and where the time went, optionally by an attribute");
    addDbOption(sub, common);
    sub->add_option("--label", cmd->label, "Only jobs of this dataset label");
    sub->add_option("--by", cmd->by, "Group by an attribute (team, model, cluster, ...), 'label' or 'job'");
    sub->add_option("--from", cmd->from, "Range start (RFC 3339 or epoch seconds), inclusive");
    sub->add_option("--to", cmd->to, "Range end (RFC 3339 or epoch seconds), exclusive");
    sub->add_flag("--count-queue", cmd->countQueue,
        "Start job windows at submission and count the wait before the first attempt as queue");
    addExcludeOption(sub, common);
    addFormatOption(sub, common.format);
    addEngineOptions(sub, common);
    addStoreOption(sub, common.store, kComputeOnStore);
    return { sub, [&common, cmd] { return runSummary(common, *cmd); } };
}

Command addSeriesCommand(CLI::App& app, CommonOptions& common)
{
    auto cmd = std::make_shared<SeriesCmd>();
    auto* sub = app.add_subcommand("series",
        "ETT% and the buckets per calendar hour, day or week (UTC); or, with --rolling, the ETT% of a sliding "
        "window sampled at every step");
    addDbOption(sub, common);
    auto* every = sub->add_option("--every", cmd->every, "hour, day or week (weeks start on Monday)")
                      ->check(CLI::IsMember({ "hour", "day", "week" }))
                      ->capture_default_str();
    auto* rolling = sub->add_option("--rolling", cmd->rolling,
        "Rolling ETT% instead (spec 7.2): the window's length, a duration such as 1h, 30m, 3600s or 1d; the ETT% "
        "of [t - window, t) at every t that is a multiple of --step since the Unix epoch");
    rolling->excludes(every);
    sub->add_option("--step", cmd->step, "With --rolling: the time between samples, a duration (default: the window)")
        ->needs(rolling);
    sub->add_option("--job", cmd->job, "Only this job (with --label when its key is under several labels)");
    sub->add_option("--label", cmd->label, "Only jobs of this dataset label");
    sub->add_option("--from", cmd->from, "Range start (RFC 3339 or epoch seconds), inclusive");
    sub->add_option("--to", cmd->to, "Range end (RFC 3339 or epoch seconds), exclusive");
    sub->add_flag("--count-queue", cmd->countQueue, "Count the wait before the first attempt as queue");
    addExcludeOption(sub, common);
    addFormatOption(sub, common.format);
    addEngineOptions(sub, common);
    addStoreOption(sub, common.store, kComputeOnStore);
    return { sub, [&common, cmd] { return runSeries(common, *cmd); } };
}

Command addCausesCommand(CLI::App& app, CommonOptions& common)
{
    auto cmd = std::make_shared<CausesCmd>();
    auto* sub = app.add_subcommand("causes",
        "Interruptions by cause class and finer cause (count, share, lost GPU-hours, mean time to recover, "
        "symptoms); re-classification rules: preview (--rules), save (--save), list (--list-rules), undo (--undo)");
    addDbOption(sub, common);
    sub->add_option("--label", cmd->label, "Only jobs of this dataset label");
    sub->add_option("--scope", cmd->scope, "Which jobs, as a cohort spec (label=..., team=ads|search, gpus>=8, ...)");
    sub->add_option("--from", cmd->from, "Range start (RFC 3339 or epoch seconds): interruptions at or after it");
    sub->add_option("--to", cmd->to, "Range end (RFC 3339 or epoch seconds), exclusive");
    auto* rules = sub->add_option("--rules", cmd->rulesFile,
                         "A rules file (JSON: {\"rules\": [{\"match\": {\"cause\", \"symptom\", \"detail\"}, "
                         "\"set_cause\": ...}]}): "
                         "the table with them applied, nothing written")
                      ->type_name("FILE");
    auto* save = sub->add_flag("--save", cmd->save,
        "Save the --rules as the set in force (replacing it; the one before is kept for --undo); every view follows");
    save->needs(rules);
    auto* list = sub->add_flag("--list-rules", cmd->listRules, "List the rules in force with how many each moved");
    auto* undo = sub->add_flag("--undo", cmd->undo, "Restore the rule set in force before the last --save");
    undo->excludes(rules)->excludes(list);
    save->excludes(list);
    addFormatOption(sub, common.format, false);
    addEngineOptions(sub, common);
    addStoreOption(sub, common.store,
        "Compute the table (and a --rules preview) on this fleet store instead of --db; it keeps no rules");
    refuseExcludeOption(sub, "interruptions or their lost time");
    return { sub, [&common, cmd] { return runCauses(common, *cmd); } };
}

Command addJobCommand(CLI::App& app, CommonOptions& common)
{
    auto cmd = std::make_shared<JobCmd>();
    auto* sub = app.add_subcommand("job", "One job: its attempts, buckets, Time to Start and Time to Recover");
    addDbOption(sub, common);
    sub->add_option("job", cmd->job, "Job identifier")->required();
    sub->add_option("--label", cmd->label, "Dataset label, when the job exists under several");
    addExcludeOption(sub, common);
    addFormatOption(sub, common.format, false);
    addStoreOption(sub, common.store, kComputeOnStore);
    return { sub, [&common, cmd] { return runJob(common, *cmd); } };
}

Command addRestartsCommand(CLI::App& app, CommonOptions& common)
{
    auto cmd = std::make_shared<RestartsCmd>();
    auto* sub = app.add_subcommand("restarts",
        "What every restart of a job costs: per attempt the previous one's end, detect, restart, lost progress and "
        "the start-up by stage (setup, init sub-stages, checkpoint load, compile) against the first attempt's; or, "
        "with --compile-tags, a scope's compile time per tag (cold, warm, cache_hit, untagged)");
    addDbOption(sub, common);
    auto* job = sub->add_option("--job", cmd->job, "The job (with --label when its key is under several labels)");
    sub->add_option("--label", cmd->label, "The job's dataset label; with --compile-tags, only jobs of this label");
    sub->add_flag("--compile-tags", cmd->compileTags,
           "Instead of a job: the compile phases of the scope per tag (count, total, p50, p90, p99)")
        ->excludes(job);
    sub->add_option("--from", cmd->from, "With --compile-tags: range start (RFC 3339 or epoch seconds), inclusive");
    sub->add_option("--to", cmd->to, "With --compile-tags: range end (RFC 3339 or epoch seconds), exclusive");
    addFormatOption(sub, common.format, false);
    addEngineOptions(sub, common);
    addStoreOption(sub, common.store, kComputeOnStore);
    refuseExcludeOption(sub, "what restarts cost");
    return { sub, [&common, cmd] { return runRestarts(common, *cmd); } };
}

Command addCompareCommand(CLI::App& app, CommonOptions& common)
{
    auto cmd = std::make_shared<CompareCmd>();
    auto* sub = app.add_subcommand("compare",
        "Compare two cohorts (before / after): ETT% with a bootstrap interval, the bridge by bucket, "
        "distributions, interruption rates, matched jobs; --fail-if-drop gates CI pipelines (exit code 3)");
    addDbOption(sub, common);
    sub->add_option("--a", cmd->a,
           "Cohort A: comma-separated key=value terms, ANDed: label=before, from=2025-06-01, to=..., gpus>=8, "
           "team=ads|search; a value holding ',' or '|' goes in double quotes: label=\"v2, fixed\"")
        ->required();
    sub->add_option("--b", cmd->b, "Cohort B, written like --a")->required();
    sub->add_option("--fail-if-drop", cmd->failIfDrop,
        "Exit with code 3 when ETT% of B is lower than A's by more than this many percentage points");
    sub->add_option("--gate", cmd->gate,
           "What --fail-if-drop compares: point (the change) or interval (the upper bound of its interval: only a "
           "drop the interval is sure of fails)")
        ->check(CLI::IsMember({ "point", "interval" }))
        ->capture_default_str();
    sub->add_option("--match-by", cmd->matchBy,
           "Pair jobs of A and B by: auto (name when the same key names different jobs in A and B, else job), job "
           "(key), name, or an attribute")
        ->capture_default_str();
    sub->add_flag("--count-queue", cmd->countQueue,
        "Start job windows at submission and count the wait before the first attempt as queue");
    sub->add_option("--seed", cmd->seed, "Seed of the bootstrap (same seed, same interval)")->capture_default_str();
    sub->add_option("--replicates", cmd->replicates, "Bootstrap replicates")
        ->check(CLI::Range(100, 1'000'000))
        ->capture_default_str();
    sub->add_option("--top", cmd->top, "Matched jobs listed as regressions and as improvements")->capture_default_str();
    addExcludeOption(sub, common);
    addFormatOption(sub, common.format, false);
    addEngineOptions(sub, common);
    addStoreOption(sub, common.store, kComputeOnStore);
    return { sub, [&common, cmd] { return runCompare(common, *cmd); } };
}

Command addAdviseCommand(CLI::App& app, CommonOptions& common)
{
    auto cmd = std::make_shared<AdviseCmd>();
    auto* sub = app.add_subcommand("advise",
        "Advise checkpoint intervals from a database: per job or group, the measured interval, blocking time of a "
        "save, time between interruptions and lost progress, the optimum and the ETT% to gain (--db, --job, --by); "
        "or, without a database, from given inputs: the interval from the blocking time and the mean time between "
        "interruptions (Young, Daly, the waste at given intervals), or a job's expected ETTR from its nodes, "
        "failure rate and restart time (an approximation)");
    sub->add_option("--blocking-s", cmd->blockingS, "Seconds of training blocked by each checkpoint write");
    sub->add_option("--mtbi-s", cmd->mtbiS, "Mean time between interruptions, in seconds of training loop");
    sub->add_option("--interval-s", cmd->intervalsS,
        "A checkpoint interval in seconds: the waste is reported at each one given (the option repeats); "
        "with --nodes, the interval of the ETTR estimate");
    sub->add_option("--nodes", cmd->nodes, "ETTR estimate: nodes of the job");
    sub->add_option("--failures-per-node-day", cmd->failuresPerNodeDay, "ETTR estimate: failures per node per day");
    sub->add_option("--restart-s", cmd->restartS,
        "ETTR estimate: seconds from a failure to training again (restart and checkpoint load)");
    addDbOption(sub, common);
    sub->add_option("--label", cmd->label, "Measured advice: only jobs of this dataset label");
    sub->add_option("--job", cmd->job, "Measured advice for one job");
    sub->add_option("--by", cmd->by,
        "Measured advice per group: an attribute (team, model, cluster, ...), 'label' or 'job' (default)");
    sub->add_option("--top", cmd->top, "Groups shown in the table, most to gain first")->capture_default_str();
    addExcludeOption(sub, common);
    addFormatOption(sub, common.format, false);
    addEngineOptions(sub, common);
    addStoreOption(sub, common.store, kComputeOnStore);
    return { sub, [&common, cmd] { return runAdvise(common, *cmd); } };
}

Command addWhatIfCommand(CLI::App& app, CommonOptions& common)
{
    auto cmd = std::make_shared<WhatIfCmd>();
    auto* sub = app.add_subcommand("whatif",
        "Project a what-if scenario on a cohort (scale or replace a bucket or a phase subcategory, the cost of "
        "failures or preemptions, the checkpoint interval): today's ETT%, the bridge step of each change, the "
        "projected ETT%; scenarios can be saved in the database and run again by name");
    addDbOption(sub, common);
    auto* scenarioOption = sub->add_option("--scenario", cmd->scenarioFile,
                                  "A scenario file (JSON: name, cohort, changes; see the README)")
                               ->type_name("FILE");
    sub->add_flag("--save", cmd->save, "Also save the scenario in the database under its name")->needs(scenarioOption);
    auto* nameOption = sub->add_option("--name", cmd->name, "Run the scenario saved under this name");
    auto* listFlag = sub->add_flag("--list", cmd->list, "List the saved scenarios");
    auto* deleteOption = sub->add_option("--delete", cmd->deleteName, "Delete the saved scenario of this name");
    scenarioOption->excludes(nameOption)->excludes(listFlag)->excludes(deleteOption);
    nameOption->excludes(listFlag)->excludes(deleteOption);
    listFlag->excludes(deleteOption);
    addExcludeOption(sub, common);
    addFormatOption(sub, common.format, false);
    addEngineOptions(sub, common);
    return { sub, [&common, cmd] { return runWhatIf(common, *cmd); } };
}

#ifdef ETT_WITH_REPORT
Command addReportCommand(CLI::App& app, CommonOptions& common)
{
    auto cmd = std::make_shared<ReportCmd>();
    auto* sub = app.add_subcommand("report",
        "Write a PDF report: provenance, headline figures, where the time went, interruptions, the jobs that lost "
        "the most with their timelines, and a comparison when --a and --b are given (no display needed)");
    addDbOption(sub, common);
    sub->add_option("--out", cmd->out, "The PDF file to write")->type_name("FILE")->required();
    sub->add_option("--title", cmd->title, "Title of the report")->capture_default_str();
    sub->add_option("--scope", cmd->scope, "Which jobs, as a cohort spec (label=..., team=..., from=...)");
    sub->add_option("--a", cmd->a, "Cohort A of the comparison section (a cohort spec, as for compare)");
    sub->add_option("--b", cmd->b, "Cohort B of the comparison section");
    sub->add_option("--page", cmd->page, "Page size: a4 or letter")
        ->check(CLI::IsMember({ "a4", "letter" }))
        ->capture_default_str();
    sub->add_option("--weighting", cmd->weighting, "gpu (GPU-weighted) or time")
        ->check(CLI::IsMember({ "gpu", "time" }))
        ->capture_default_str();
    sub->add_option("--every", cmd->every, "The ETT% series per day or week")
        ->check(CLI::IsMember({ "day", "week" }))
        ->capture_default_str();
    sub->add_option("--match-by", cmd->matchBy, "Pair jobs of A and B by: auto, job, name, or an attribute")
        ->capture_default_str();
    sub->add_flag("--count-queue", cmd->countQueue,
        "Start job windows at submission and count the wait before the first attempt as queue");
    addExcludeOption(sub, common);
    addEngineOptions(sub, common);
    addStoreOption(sub, common.store, kComputeOnStore);
    return { sub, [&common, cmd] { return runReport(common, *cmd); } };
}
#endif

Command addIntervalsCommand(CLI::App& app, CommonOptions& common)
{
    auto cmd = std::make_shared<IntervalsCmd>();
    auto* sub = app.add_subcommand("intervals",
        "The intervals behind a bucket: the segments of a scope in one bucket, with job, attempt, start, duration "
        "and GPU-hours; their total is the bucket's time in `ettw summary`");
    addDbOption(sub, common);
    sub->add_option("--bucket", cmd->bucket,
           "The bucket: productive, queue, setup, init, checkpoint_load, compile, checkpoint_save, lost_progress, "
           "stall, eval, recovery, shutdown or idle")
        ->required();
    sub->add_option("--label", cmd->label, "Only jobs of this dataset label");
    sub->add_option("--job", cmd->job, "Only this job (with --label when its key is under several labels)");
    sub->add_option("--attempt", cmd->attempt, "With --job: only this attempt (its segments and the gap after it)")
        ->check(CLI::NonNegativeNumber);
    sub->add_option("--scope", cmd->scope, "Which jobs, as a cohort spec (team=ads,model=dlrm,from=...,to=...)");
    sub->add_option("--from", cmd->from, "Range start (RFC 3339 or epoch seconds), inclusive: intervals are clipped");
    sub->add_option("--to", cmd->to, "Range end (RFC 3339 or epoch seconds), exclusive");
    sub->add_flag("--count-queue", cmd->countQueue, "Count the wait before the first attempt as queue");
    sub->add_option("--sort", cmd->sort, "gpu_hours (most first), duration (longest first) or start (earliest first)")
        ->check(CLI::IsMember({ "gpu_hours", "duration", "start" }))
        ->capture_default_str();
    sub->add_option("--limit", cmd->limit, "How many intervals to list (0: all; the count and total are of all)")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    addExcludeOption(sub, common);
    addFormatOption(sub, common.format);
    addEngineOptions(sub, common);
    addStoreOption(sub, common.store, kComputeOnStore);
    return { sub, [&common, cmd] { return runIntervals(common, *cmd); } };
}

Command addJobsCommand(CLI::App& app, CommonOptions& common)
{
    auto cmd = std::make_shared<JobsCmd>();
    auto* sub = app.add_subcommand("jobs", "Jobs ranked by lost GPU-hours or by ETT%");
    addDbOption(sub, common);
    sub->add_option("--sort", cmd->sort, "lost_gpu_hours (most first) or ett (lowest first)")
        ->check(CLI::IsMember({ "lost_gpu_hours", "ett" }))
        ->capture_default_str();
    sub->add_option("--limit", cmd->limit, "How many jobs (0: all)")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    sub->add_option("--label", cmd->label, "Only jobs of this dataset label");
    addExcludeOption(sub, common);
    addFormatOption(sub, common.format);
    addEngineOptions(sub, common);
    addStoreOption(sub, common.store, kComputeOnStore);
    return { sub, [&common, cmd] { return runJobs(common, *cmd); } };
}

Command addRanksCommand(CLI::App& app, CommonOptions& common)
{
    auto cmd = std::make_shared<RanksCmd>();
    auto* sub = app.add_subcommand("ranks",
        "Stragglers of one job (spec 7.3): for each stage of its multi-rank attempts (init and its sub-stages, "
        "checkpoint save and load, compile, ...) the slowest rank, its host, its time and its excess over the median");
    addDbOption(sub, common);
    sub->add_option("--job", cmd->job, "Job identifier")->required();
    sub->add_option("--label", cmd->label, "Dataset label, when the job exists under several");
    sub->add_option("--attempt", cmd->attempt, "Only this attempt")->check(CLI::NonNegativeNumber);
    addFormatOption(sub, common.format, false);
    addStoreOption(sub, common.store, kComputeOnStore);
    refuseExcludeOption(sub, "the stage times of ranks");
    return { sub, [&common, cmd] { return runRanks(common, *cmd); } };
}

Command addHostsCommand(CLI::App& app, CommonOptions& common)
{
    auto cmd = std::make_shared<HostsCmd>();
    auto* sub = app.add_subcommand("hosts",
        "Hosts most often slowest across multi-rank attempts (spec 7.3): times slowest, and the excess "
        "GPU-seconds their slowness cost (excess over the median x the attempt's GPUs)");
    addDbOption(sub, common);
    sub->add_option("--label", cmd->label, "Only jobs of this dataset label");
    sub->add_option("--from", cmd->from, "Only attempts starting at or after this time (RFC 3339 or epoch seconds)");
    sub->add_option("--to", cmd->to, "Only attempts starting before this time (RFC 3339 or epoch seconds)");
    sub->add_option("--scope", cmd->scope,
        "Which jobs, as a cohort spec (label=..., team=..., gpus>=8; from=... and to=... select attempts by start)");
    sub->add_option("--top", cmd->top, "How many hosts (0: all)")->check(CLI::NonNegativeNumber)->capture_default_str();
    addFormatOption(sub, common.format, false);
    addStoreOption(sub, common.store, kComputeOnStore);
    refuseExcludeOption(sub, "the stage times of ranks");
    return { sub, [&common, cmd] { return runHosts(common, *cmd); } };
}

Command addIssuesCommand(CLI::App& app, CommonOptions& common)
{
    auto* sub = app.add_subcommand("issues", "Non-fatal data problems counted during import, per file");
    addDbOption(sub, common);
    addFormatOption(sub, common.format);
    return { sub, [&common] { return runIssues(common); } };
}

Command addDatasetsCommand(CLI::App& app, CommonOptions& common)
{
    auto cmd = std::make_shared<DatasetsCmd>();
    auto* sub = app.add_subcommand("datasets",
        "Imported files: label, hash, records, issues, the options each was read with; or remove one file, or "
        "remove or rename a dataset label");
    addDbOption(sub, common);
    addFormatOption(sub, common.format);
    auto* removeOption = sub->add_option("--remove-label", cmd->removeLabel,
        "Remove this label: every file imported under it and everything derived from them (asks nothing; other "
        "labels are untouched)");
    auto* renameOption
        = sub->add_option("--rename-label", cmd->renameLabel, "Rename a label: FROM TO (an error when TO exists)")
              ->expected(2)
              ->type_name("FROM TO");
    auto* removeFileOption = sub->add_option("--remove-file", cmd->removeFile,
        "Remove one imported file: what it brought, as `ettw datasets` lists its path (or another path to it); the "
        "jobs it touched are attributed again; a console log's other runs whose attempt changes without it are read "
        "again from their files (asks nothing)");
    removeFileOption->type_name("PATH");
    auto* labelOption = sub->add_option("--label", cmd->label,
        "With --remove-file: the label to remove it from (needed when "
        "several store it)");
    labelOption->needs(removeFileOption);
    sub->add_option("--mapping", cmd->mapping,
           "With --remove-file: the rules file its console logs were imported with, to read its other runs again "
           "(files imported before the database kept their options: schema 6)")
        ->type_name("FILE")
        ->needs(removeFileOption);
    sub->add_option("--timezone", cmd->timezone,
           "With --remove-file: the zone its console logs were imported with (UTC or an offset such as +02:00; "
           "files imported before schema 6)")
        ->capture_default_str()
        ->needs(removeFileOption);
    sub->add_option("--year", cmd->year,
           "With --remove-file: the year its console logs were imported with (files imported before schema 6)")
        ->check(CLI::Range(kMinYearOption, kMaxYearOption))
        ->needs(removeFileOption);
    removeOption->excludes(renameOption);
    removeFileOption->excludes(removeOption);
    removeFileOption->excludes(renameOption);
    return { sub, [&common, cmd] { return runDatasets(common, *cmd); } };
}

Command addUpgradeCommand(CLI::App& app, CommonOptions& common)
{
    auto* sub = app.add_subcommand("upgrade",
        "Bring a database written by an older ettw up to date: migrate its schema and recompute its derived "
        "figures (queries never change a database; they ask for this)");
    addDbOption(sub, common);
    return { sub, [&common] { return runUpgrade(common); } };
}

Command addMappingsCommand(CLI::App& app, CommonOptions& /*common*/)
{
    auto cmd = std::make_shared<std::string>();
    auto* sub = app.add_subcommand("mappings",
        "List the built-in mapping presets of foreign formats, or print one (a starting point for --mapping)");
    sub->add_option("name", *cmd, "A preset to print");
    return { sub, [cmd] { return runMappings(*cmd); } };
}

Command addGenerateCommand(CLI::App& app, CommonOptions& /*common*/)
{
    auto cmd = std::make_shared<GenerateCmd>();
    auto* sub = app.add_subcommand("generate", "Write a synthetic fleet as an ETT trace (deterministic for a seed)");
    sub->add_option("--jobs", cmd->jobs, "Number of jobs")->check(CLI::PositiveNumber)->capture_default_str();
    sub->add_option("--seed", cmd->seed, "Random seed")->capture_default_str();
    sub->add_option("--days", cmd->days,
           "Days over which jobs are submitted (default: 14, or on a bounded fleet as many as keep its clusters "
           "about 70% busy)")
        ->check(CLI::Range(1, 3650));
    sub->add_option("--capacity", cmd->capacity,
           "The fleet's clusters and their GPUs, which the jobs running at once never exceed (a job waits for room): "
           "default ("
               + formatFleetCapacity(defaultFleetCapacity())
               + "), none (unbounded, the fleet of earlier versions) or CLUSTER=GPUS,...")
        ->capture_default_str();
    sub->add_option("--out", cmd->out, "Output file (.gz: gzip-compressed, .zst: zstd-compressed)")
        ->type_name("FILE")
        ->required();
    sub->add_option("--ranks", cmd->ranks,
           "Ranks per attempt (at most its GPUs): per-rank init sub-stages, checkpoint loads and saves and compiles, "
           "and rank records naming hosts, some of them slower (default 0: none, the same file as without it)")
        ->check(CLI::Range(0, 4096));
    return { sub, [cmd] { return runGenerate(*cmd); } };
}

} // namespace

EttwApp::EttwApp()
    : app { "ettw: Effective Training Time of ML training jobs, computed exactly from their traces.\n"
            "Import traces into a database, then ask where the wall-clock time went.",
        "ettw" }
{
}

std::string commandPath(const CLI::App* command)
{
    std::string path;
    for (const CLI::App* a = command; a != nullptr && a->get_parent() != nullptr; a = a->get_parent()) {
        path = a->get_name() + (path.empty() ? "" : " " + path);
    }
    return path;
}

std::vector<CLI::App*> subcommandsOf(CLI::App* command)
{
    return command->get_subcommands([](CLI::App*) { return true; });
}

namespace {

// Every command by the name it registers, in the order of `ettw --help`.
struct CommandEntry
{
    const char* name;
    Command (*add)(CLI::App&, CommonOptions&);
};
constexpr CommandEntry kCommands[] = {
    { "import", addImportCommand },
    { "summary", addSummaryCommand },
    { "series", addSeriesCommand },
    { "job", addJobCommand },
    { "restarts", addRestartsCommand },
    { "causes", addCausesCommand },
    { "compare", addCompareCommand },
    { "advise", addAdviseCommand },
    { "whatif", addWhatIfCommand },
#ifdef ETT_WITH_REPORT
    { "report", addReportCommand },
#endif
    { "jobs", addJobsCommand },
    { "intervals", addIntervalsCommand },
    { "ranks", addRanksCommand },
    { "hosts", addHostsCommand },
    { "issues", addIssuesCommand },
    { "datasets", addDatasetsCommand },
    { "upgrade", addUpgradeCommand },
    { "push", addPushCommand },
    { "store", addStoreCommand },
    { "bench", addBenchCommand },
    { "mappings", addMappingsCommand },
    { "generate", addGenerateCommand },
    { "watch", addWatchCommand },
    { "alerts", addAlertsCommand },
};

} // namespace

std::vector<std::string> ettwCommandNames()
{
    std::vector<std::string> names;
    for (const CommandEntry& entry : kCommands) {
        names.emplace_back(entry.name);
    }
    return names;
}

std::unique_ptr<EttwApp> buildEttwApp(std::string_view only)
{
    auto ettw = std::make_unique<EttwApp>();
    CLI::App& app = ettw->app;
    CommonOptions& common = ettw->common;
    std::vector<Command>& commands = ettw->commands;
    app.require_subcommand(1);
    app.set_help_all_flag("--help-all", "Show help for every command");
    app.set_version_flag("--version", versionLine("ettw"), "Print the version, commit, build type and backends");

    const bool one = std::any_of(
        std::begin(kCommands), std::end(kCommands), [&](const CommandEntry& entry) { return only == entry.name; });
    for (const CommandEntry& entry : kCommands) {
        if (!one || only == entry.name) {
            commands.push_back(entry.add(app, common));
        }
    }

    // Footers: the exit statuses under `ettw --help`, each command's examples under its --help.
    std::string statuses = "Exit status:\n";
    for (const ExitStatus& s : kExitStatuses) {
        statuses += "  " + std::to_string(s.code) + "  " + s.meaning + "\n";
    }
    app.footer(statuses + "\nRun `ettw COMMAND --help` for a command's options and examples; `man ettw` for all.");
    std::vector<CLI::App*> pending = subcommandsOf(&app);
    while (!pending.empty()) {
        CLI::App* command = pending.back();
        pending.pop_back();
        command->footer(examplesText(commandPath(command)));
        for (CLI::App* sub : subcommandsOf(command)) {
            pending.push_back(sub);
        }
    }
    return ettw;
}

int runEttw(int argc, char** argv)
{
    keepOutputInOrder();
    // A command named first is built alone: the others' options (about 250 of them) would cost every
    // run their construction. Not with --help-all, which shows every command.
    std::string_view only = argc >= 2 ? argv[1] : "";
    for (int i = 1; i < argc; ++i) {
        if (std::string_view(argv[i]) == "--help-all") {
            only = {};
        }
    }
    std::unique_ptr<EttwApp> ettw = buildEttwApp(only);
    CLI::App& app = ettw->app;
    const std::vector<Command>& commands = ettw->commands;

    // Hidden: what the build generates from this same tree (the man page, the bash completion).
    if (argc == 2 && std::string(argv[1]) == "--man") {
        std::fputs(ettwManPage(*ettw).c_str(), stdout);
        return kExitOk;
    }
    if (argc == 3 && std::string(argv[1]) == "--completion") {
        if (std::string(argv[2]) != "bash") {
            std::fprintf(stderr, "ettw: --completion: only bash is known\n");
            return kExitUsage;
        }
        std::fputs(ettwBashCompletion(*ettw).c_str(), stdout);
        return kExitOk;
    }

    if (auto unknown = unknownCommandError(app, argc, argv)) {
        std::fprintf(stderr, "ettw: %s\nRun with --help for more information.\n", unknown->c_str());
        return kExitUsage;
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ExtrasError& e) {
        // Every command, to say which has an option typed to another (built only for this message).
        const std::unique_ptr<EttwApp> everything = only.empty() ? nullptr : buildEttwApp({});
        std::string message = unexpectedArgumentsError(app, everything ? everything->app : app);
        message = message.empty() ? CLI::FailureMessage::simple(&app, e) : message;
        // A store URL echoed (an argument in the wrong place) shows no password.
        std::fputs(core::clickhouse::maskStoreUrl(message).c_str(), stderr);
        return kExitUsage;
    } catch (const CLI::ParseError& e) {
        // CLI11's message, as app.exit(e) prints it, but a store URL it echoes (an argument in
        // the wrong place) shows no password.
        std::fputs(core::clickhouse::maskStoreUrl(CLI::FailureMessage::simple(&app, e)).c_str(), stderr);
        return kExitUsage;
    }
    for (const Command& c : commands) {
        if (c.app->parsed()) {
            try {
                return c.run();
            } catch (const std::bad_alloc&) {
                // A query over a fleet larger than memory: say so rather than abort (rc 134).
                std::fprintf(
                    stderr, "ettw: out of memory (the database or the request is too large for this machine)\n");
                return kExitUserError;
            }
        }
    }
    return kExitUsage;
}

} // namespace ett::app
