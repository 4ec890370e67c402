#include "app/cli/cli_common.h"

#include "app/cli/commands.h"
#include "core/ingest/excluded_file.h"
#include "core/model/names_text.h"
#include "core/model/timeutil.h"

#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <sys/stat.h>
#include <unistd.h>

namespace ett::app {

using namespace ett::core;

// --- formatting helpers -----------------------------------------------------------------------

std::string hoursText(Wide ns)
{
    return groupThousands(fmt::format("{:.1f}", static_cast<double>(static_cast<long double>(ns) / kNsPerHour)));
}

std::string percentText(std::optional<double> p, int decimals)
{
    return p ? fmt::format("{:.{}f}%", *p, decimals) : "n/a";
}

std::string durationText(std::optional<int64_t> ns)
{
    return ns ? formatDurationHuman(*ns) : "n/a";
}

std::string countText(int64_t n)
{
    return groupThousands(std::to_string(n));
}

// "1 job", "2 jobs".
std::string signedText(double v, int decimals)
{
    std::string magnitude = fmt::format("{:.{}f}", v < 0 ? -v : v, decimals);
    if (magnitude.find_first_not_of("0.") == std::string::npos) {
        return magnitude; // rounds to zero
    }
    return (v < 0 ? "-" : "+") + magnitude;
}

std::string countOf(int64_t n, const char* singular, const char* plural)
{
    return countText(n) + " " + (n == 1 ? singular : plural);
}

void writeSeconds(JsonWriter& j, Wide ns)
{
    j.rawNumber(formatWideSeconds(ns));
}

void writeOptionalSeconds(JsonWriter& j, std::optional<int64_t> ns)
{
    if (ns) {
        j.rawNumber(formatSeconds(*ns));
    } else {
        j.null();
    }
}

void writePercent(JsonWriter& j, std::optional<double> p)
{
    if (p) {
        j.number(*p, 6);
    } else {
        j.null();
    }
}

namespace {

void writeGivenPercentiles(JsonWriter& j, const Percentiles& p, int64_t count)
{
    j.beginObject();
    j.key("p50");
    writeOptionalSeconds(j, p.p50);
    j.key("p90");
    writeOptionalSeconds(j, p.p90);
    j.key("p99");
    writeOptionalSeconds(j, p.p99);
    j.key("count").number(count);
    j.endObject();
}

} // namespace

void writePercentiles(JsonWriter& j, const Figures& f, SampleList list)
{
    writeGivenPercentiles(j, f.samplePercentiles(list), f.sampleCount(list));
}

// The figures object shared by summary (fleet and groups) and job.
// In a job's JSON "attempts" is the array of attempts, so the count is written as attempt_count.
void writeFigures(JsonWriter& j, const Figures& f, bool attemptsAsCount, bool withExcluded)
{
    j.key("jobs").number(f.jobs);
    j.key(attemptsAsCount ? "attempts" : "attempt_count").number(f.attempts);
    j.key("e2e_s");
    writeSeconds(j, f.e2eNs);
    j.key("e2e_gpu_s");
    writeSeconds(j, f.e2eGpuNs);
    j.key("buckets_s");
    writeBuckets(j, f.bucketsNs);
    j.key("buckets_gpu_s");
    writeBuckets(j, f.bucketsGpuNs);
    j.key("ett_percent_gpu");
    writePercent(j, f.ettPercentGpu());
    j.key("ett_percent_time");
    writePercent(j, f.ettPercentTime());
    j.key("lost_gpu_hours").number(static_cast<double>(static_cast<long double>(f.lostGpuNs()) / kNsPerHour), 6);
    j.key("tts_s");
    writePercentiles(j, f, SampleList::Tts);
    j.key("ttr_s");
    writePercentiles(j, f, SampleList::Ttr);
    // Time to Recover split (spec 7.1): the percentiles of each part over the same recoveries.
    j.key("ttr_detect_s");
    writePercentiles(j, f, SampleList::TtrDetect);
    j.key("ttr_restart_s");
    writePercentiles(j, f, SampleList::TtrRestart);
    j.key("ttr_startup_s");
    writePercentiles(j, f, SampleList::TtrStartup);
    j.key("failures").number(f.failures);
    j.key("preemptions").number(f.preemptions);
    j.key("other_interruptions").number(f.otherInterruptions);
    j.key("no_checkpoint_data_jobs").number(f.noCheckpointDataJobs);
    if (withExcluded) {
        // Spec 7.4: the time excluded windows took out of E2E, and the buckets it came from.
        j.key("excluded_s");
        writeSeconds(j, f.excludedTotalNs());
        j.key("excluded_gpu_s");
        writeSeconds(j, f.excludedTotalGpuNs());
        j.key("excluded_buckets_s");
        writeBuckets(j, f.excludedNs.values());
        j.key("excluded_buckets_gpu_s");
        writeBuckets(j, f.excludedGpuNs.values());
    }
}

Result<int64_t> durationOption(const std::string& option, const std::string& text)
{
    if (auto ns = parseUserDuration(text)) {
        return *ns;
    }
    return Error { option + ": expected a positive duration such as 1h, 30m, 3600s or 1d (units ns, us, ms, s, m or "
        + "min, h, d, w), got '" + text + "'" };
}

Result<std::vector<TimeSpan>> excludedWindows(const CommonOptions& common)
{
    if (common.exclude.empty()) {
        return std::vector<TimeSpan> {};
    }
    auto windows = loadExcludedWindows(common.exclude);
    if (!windows) {
        return Error { "--exclude: " + windows.error().message };
    }
    return windows;
}

// --- common plumbing ------------------------------------------------------------------------

int fail(const std::string& message)
{
    std::fprintf(stderr, "ettw: %s\n", message.c_str());
    return kExitUserError;
}

void keepOutputInOrder()
{
    struct stat out
    {
    };
    struct stat err
    {
    };
    if (::fstat(STDOUT_FILENO, &out) == 0 && ::fstat(STDERR_FILENO, &err) == 0 && out.st_dev == err.st_dev
        && out.st_ino == err.st_ino && ::isatty(STDOUT_FILENO) == 0) {
        std::setvbuf(stdout, nullptr, _IOLBF, BUFSIZ);
    }
}

void print(const std::string& s)
{
    std::fwrite(s.data(), 1, s.size(), stdout);
}

void reportQuery(const CommonOptions& common, FleetSource& fleet, const char* what, std::optional<double> seconds)
{
    if (common.verbose) {
        std::fprintf(stderr, "ettw: %s on %s in %.3f ms\n", what, fleet.backend().name.c_str(),
            seconds.value_or(fleet.lastQuerySeconds()) * 1000.0);
    }
}

CommonOptions withSource(const CommonOptions& common, const QuerySession& session)
{
    CommonOptions shown = common;
    shown.db = session.where;
    return shown;
}

Result<QuerySession> openAndLoad(const CommonOptions& common, const std::optional<std::string>& label, bool withPhases,
    Needs needs, const std::optional<core::TimeWindow>& window)
{
    if (!common.store.url.empty()) {
        auto store = openFleetStore(common.store);
        if (!store) {
            return store.error();
        }
        auto source = StoreFleetSource::open(std::move(*store));
        if (!source) {
            return source.error();
        }
        const auto& labels = (*source)->vocabulary().labels;
        if (label && !std::binary_search(labels.begin(), labels.end(), *label)) {
            return unknownLabel(*label, (*source)->location(), labels);
        }
        (*source)->restrictToLabel(label);
        QuerySession s;
        s.where = (*source)->location();
        s.fleet = source->get();
        s.store = std::move(*source);
        if (common.verbose) {
            const FleetVocabulary v = s.fleet->vocabulary();
            std::fprintf(stderr, "ettw: fleet store %s: %lld jobs, %lld attempts, %lld segments\n", s.where.c_str(),
                static_cast<long long>(v.jobs), static_cast<long long>(v.attempts), static_cast<long long>(v.segments));
        }
        return s;
    }
    auto workspace = Workspace::openStore(common.db, Workspace::Mode::ReadOnly);
    if (!workspace) {
        return workspace.error();
    }
    if (auto known = (*workspace)->checkLabel(label); !known) {
        return known.error();
    }
    LocalFleetSource::LoadOptions load;
    load.label = label;
    load.withPhases = withPhases;
    load.withDetail = needs == Needs::Full;
    load.window = window;
    if (!common.backend.empty()) {
        load.backend = gpu::parseBackend(common.backend);
    }
    if (auto st = (*workspace)->load(load); !st) {
        return st.error();
    }
    LocalFleetSource* fleet = *(*workspace)->fleet();
    if (common.verbose) {
        const auto& c = fleet->columns();
        std::fprintf(stderr, "ettw: backend %s (%s); loaded %zu jobs, %zu attempts, %zu segments in %.3f s\n",
            fleet->backend().name.c_str(), fleet->backend().reason.c_str(), c.jobs(), c.attempts(),
            static_cast<size_t>(fleet->engine().attribution().segmentCount()), fleet->loadSeconds());
    }
    QuerySession s;
    s.workspace = std::move(*workspace);
    s.fleet = fleet;
    s.local = fleet;
    s.where = common.db;
    return s;
}

} // namespace ett::app
