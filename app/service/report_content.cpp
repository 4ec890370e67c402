#include "app/service/report_content.h"

#include "app/service/advice.h"
#include "app/service/comparison.h"
#include "app/service/overview.h"
#include "app/service/whatif_session.h"
#include "app/version/build_info.h"
#include "core/store/scenarios.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <map>

namespace ett::app {

namespace {

std::string utcNowText()
{
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm {};
    gmtime_r(&now, &tm);
    char buffer[32];
    std::strftime(buffer, sizeof buffer, "%Y-%m-%d %H:%M UTC", &tm);
    return buffer;
}

// Checkpoint advice per job: those with the most to gain, then flagged ones (the report says how
// many more there are; ettw advise --by job lists them all).
core::Status addAdvice(
    FleetSource& fleet, const core::CohortSpec& scope, const ReportRequest& request, ReportContent& out)
{
    auto advice = advise(fleet, AdviceRequest { scope, "job" }, true);
    if (!advice) {
        return advice.error();
    }
    out.advice = std::move(advice->total);
    int flaggedListed = 0;
    for (auto& a : advice->groups) {
        const bool advised = a.gainPp.has_value();
        const bool flagged = !a.flags.empty();
        out.advisedJobs += advised ? 1 : 0;
        out.flaggedJobs += flagged ? 1 : 0;
        if (advised && static_cast<int>(out.adviceJobs.size()) < request.adviceJobs) {
            flaggedListed += flagged ? 1 : 0;
            out.adviceJobs.push_back(std::move(a));
        } else if (flagged && flaggedListed < request.flaggedJobs) {
            ++flaggedListed;
            out.adviceJobs.push_back(std::move(a));
        }
    }
    return core::Status::success();
}

// The saved scenarios, projected now without the scope's excluded windows; one that cannot run
// says why (the report still goes out).
core::Status addScenarios(Workspace& workspace, const std::vector<core::TimeSpan>& excluded, ReportContent& out)
{
    auto saved = core::listScenarios(workspace.store());
    if (!saved) {
        return saved.error();
    }
    for (auto& s : *saved) {
        ReportScenario r;
        r.scenario = std::move(s.scenario);
        r.savedAt = std::move(s.savedAt);
        auto result = runScenario(workspace, r.scenario, excluded);
        if (result) {
            r.result = std::move(*result);
        } else {
            r.error = result.error().message;
        }
        out.scenarios.push_back(std::move(r));
    }
    return core::Status::success();
}

core::Status addComparison(FleetSource& fleet, const ReportRequest& request, ReportContent& out)
{
    ComparisonRequest c;
    c.a = *request.a;
    c.b = *request.b;
    c.matchBy = request.matchBy;
    c.countQueue = request.countQueue;
    c.excluded = request.scope.excluded;
    c.seed = request.seed;
    if (auto st = checkComparison(fleet, c, "--a", "--b"); !st) {
        return st;
    }
    ComparisonOptions options;
    options.withSamples = false;
    auto d = compare(fleet, c, options);
    if (!d) {
        return d.error();
    }
    if (d->comparison.jobsA == 0) {
        return core::Error { "--a '" + request.a->text() + "' matches no jobs" };
    }
    if (d->comparison.jobsB == 0) {
        return core::Error { "--b '" + request.b->text() + "' matches no jobs" };
    }
    out.comparisonTotalA = std::move(d->totalA);
    out.comparisonTotalB = std::move(d->totalB);
    out.comparison = std::move(d->comparison);
    out.comparisonMatchedBy = d->matchedBy;
    return core::Status::success();
}

// The overview, the timelines of the jobs that lost the most and the advice, into `out`.
core::Status addFigures(FleetSource& fleet, const ReportRequest& request, ReportContent& out)
{
    // 3. The overview, and the timelines of the jobs that lost the most.
    core::CohortSpec scope = request.scope;
    scope.countQueue = request.countQueue;
    auto ov = overview(fleet, scope, request.every, 10);
    if (!ov) {
        return core::Error { "scope: " + ov.error().message };
    }
    out.overview = std::move(*ov);
    for (const JobSummary& j : out.overview.topJobs) {
        if (static_cast<int>(out.worst.size()) >= request.worstJobs) {
            break;
        }
        auto timeline = fleet.jobTimeline(j.job);
        if (!timeline) {
            return timeline.error();
        }
        out.worst.push_back(ReportTimeline { j, std::make_shared<const core::JobTimeline>(std::move(*timeline)) });
    }
    // 4. Advice.
    return addAdvice(fleet, scope, request, out);
}

} // namespace

std::string workbenchVersion()
{
    const BuildInfo& b = buildInfo();
    return std::string(b.version) + ", commit " + b.commit;
}

core::Result<bool> reportNeedsPhases(core::Database& db, const ReportRequest&)
{
    // A comparison reads the stored phase samples; only a saved what-if change of a phase
    // subcategory needs the phases themselves.
    auto saved = core::listScenarios(db);
    if (!saved) {
        return saved.error();
    }
    return std::any_of(saved->begin(), saved->end(),
        [](const core::SavedScenario& s) { return core::needsPhases(s.scenario.changes); });
}

core::Result<ReportContent> gatherReport(Workspace& workspace, const ReportRequest& request)
{
    if (request.a.has_value() != request.b.has_value()) {
        return core::Error { "a comparison needs both cohorts, A and B" };
    }
    // 1. The phases when a section needs them.
    auto withPhases = reportNeedsPhases(workspace.store(), request);
    if (!withPhases) {
        return withPhases.error();
    }
    if (*withPhases) {
        if (auto st = workspace.ensurePhases(); !st) {
            return st.error();
        }
    }
    auto source = workspace.fleet();
    if (!source) {
        return source.error();
    }
    FleetSource& fleet = **source;
    ReportContent out;
    out.request = request;
    out.database = workspace.path();
    out.generatedUtc = utcNowText();
    out.version = workbenchVersion();
    out.backend = fleet.backend().name;
    // 2. Provenance and import issues.
    auto datasets = core::listDatasets(workspace.store());
    if (!datasets) {
        return datasets.error();
    }
    out.datasets = std::move(*datasets);
    auto issues = core::listIssues(workspace.store());
    if (!issues) {
        return issues.error();
    }
    out.issues = std::move(*issues);
    if (auto st = addFigures(fleet, request, out); !st) {
        return st.error();
    }
    if (auto st = addScenarios(workspace, request.scope.excluded, out); !st) {
        return st.error();
    }
    if (request.a) {
        if (auto st = addComparison(fleet, request, out); !st) {
            return st.error();
        }
    }
    return out;
}

core::Result<ReportContent> gatherStoreReport(StoreFleetSource& store, const ReportRequest& request)
{
    if (request.a.has_value() != request.b.has_value()) {
        return core::Error { "a comparison needs both cohorts, A and B" };
    }
    ReportContent out;
    out.request = request;
    out.database = store.location();
    out.fromStore = true;
    out.generatedUtc = utcNowText();
    out.version = workbenchVersion();
    out.backend = store.backend().name;
    auto live = store.store().liveDatasets();
    if (!live) {
        return live.error();
    }
    // Each live dataset as its push recorded it: where it came from and how many segments.
    auto pushedRows = store.store().pushedDatasets();
    if (!pushedRows) {
        return pushedRows.error();
    }
    std::map<uint64_t, std::pair<std::string, int64_t>> pushed;
    for (auto& p : *pushedRows) {
        pushed[p.id] = { std::move(p.source), p.segments };
    }
    for (const auto& d : *live) {
        core::DatasetInfo info;
        info.id = static_cast<int64_t>(d.id);
        info.label = d.label;
        info.sourcePath = pushed.count(d.id) ? pushed[d.id].first : "dataset " + std::to_string(d.id);
        info.records = pushed.count(d.id) ? pushed[d.id].second : 0;
        info.sha256 = d.contentHash;
        info.format = "pushed";
        out.datasets.push_back(std::move(info));
    }
    if (auto st = addFigures(store, request, out); !st) {
        return st.error();
    }
    if (request.a) {
        if (auto st = addComparison(store, request, out); !st) {
            return st.error();
        }
    }
    return out;
}

} // namespace ett::app
