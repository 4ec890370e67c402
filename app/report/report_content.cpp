#include "app/report/report_content.h"

#include "app/ui/overview_data.h"
#include "core/store/database.h"
#include "core/store/fleet.h"
#include "core/store/scenarios.h"
#include "gpu/compare.h"
#include "gpu/whatif.h"

#include <QDateTime>
#include <QTimeZone>

#include <algorithm>

namespace ett::app {

QString workbenchVersion()
{
    return QStringLiteral(ETT_VERSION);
}

core::Result<bool> reportNeedsPhases(core::Database& db, const ReportRequest& request)
{
    if (request.a) {
        return true;
    }
    auto saved = core::listScenarios(db);
    if (!saved) {
        return saved.error();
    }
    return std::any_of(saved->begin(), saved->end(),
        [](const core::SavedScenario& s) { return core::needsPhases(s.scenario.changes); });
}

core::Result<ReportContent> gatherReport(
    core::Database& db, gpu::Engine& engine, const QString& databasePath, const ReportRequest& request)
{
    ReportContent out;
    out.request = request;
    out.database = databasePath;
    out.generatedUtc
        = QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyy-MM-dd HH:mm")) + QStringLiteral(" UTC");
    out.version = workbenchVersion();
    out.backend = QString::fromStdString(engine.backend().name);

    const auto& columns = engine.columns();
    if (auto st = gpu::checkCohortSpec(request.scope, columns, "scope"); !st) {
        return st.error();
    }
    auto datasets = core::listDatasets(db);
    if (!datasets) {
        return datasets.error();
    }
    for (const auto& d : *datasets) {
        out.datasets.push_back(ReportDataset { QString::fromStdString(d.label), QString::fromStdString(d.sourcePath),
            QString::fromStdString(d.format), QString::fromStdString(d.sha256), QString::fromStdString(d.importedAt),
            d.records });
    }

    const gpu::Filter filter = gpu::cohortFilter(request.scope, columns, request.countQueue);
    out.overview = computeOverview(engine, filter, request.every, 10);

    // The timelines of the jobs that lost the most.
    for (const JobSummary& j : out.overview.topJobs) {
        if (static_cast<int>(out.worst.size()) >= request.worstJobs) {
            break;
        }
        if (j.rowId <= 0) {
            continue;
        }
        auto timeline = core::loadJobTimeline(db, j.rowId);
        if (!timeline) {
            return timeline.error();
        }
        out.worst.push_back(ReportTimeline { j, std::make_shared<const core::JobTimeline>(std::move(*timeline)) });
    }

    // Checkpoint advice, per job; the table lists those with the most to gain, then flagged ones
    // (the report says how many more there are; ettw advise --by job lists them all).
    auto advice = gpu::adviseCheckpoints(engine, filter, gpu::Grouping { gpu::GroupBy::Job, -1 });
    out.advice = std::move(advice.total);
    std::stable_sort(advice.groups.begin(), advice.groups.end(),
        [](const auto& x, const auto& y) { return x.gainPp.value_or(-1e300) > y.gainPp.value_or(-1e300); });
    int flaggedListed = 0;
    for (auto& a : advice.groups) {
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

    // The saved scenarios, projected now; one that cannot run says why (the report still goes out).
    auto saved = core::listScenarios(db);
    if (!saved) {
        return saved.error();
    }
    for (auto& s : *saved) {
        ReportScenario r;
        r.scenario = std::move(s.scenario);
        r.savedAt = std::move(s.savedAt);
        auto result = gpu::runScenario(engine, r.scenario);
        if (result) {
            r.result = std::move(*result);
        } else {
            r.error = QString::fromStdString(result.error().message);
        }
        out.scenarios.push_back(std::move(r));
    }

    if (request.a.has_value() != request.b.has_value()) {
        return core::Error { "a comparison needs both cohorts, A and B" };
    }
    if (request.a) {
        if (auto st = gpu::checkCohortSpec(*request.a, columns, "--a"); !st) {
            return st.error();
        }
        if (auto st = gpu::checkCohortSpec(*request.b, columns, "--b"); !st) {
            return st.error();
        }
        gpu::CohortOptions cohort;
        cohort.matchBy = request.matchBy;
        cohort.countQueue = request.countQueue;
        core::CompareOptions options;
        options.seed = request.seed;
        const core::CohortInput ia = gpu::cohortInput(engine, *request.a, cohort);
        const core::CohortInput ib = gpu::cohortInput(engine, *request.b, cohort);
        core::Comparison c = core::compareCohorts(ia, ib, options);
        out.comparisonTotalA = ia.total;
        out.comparisonTotalB = ib.total;
        if (c.jobsA == 0) {
            return core::Error { "--a '" + request.a->text() + "' matches no jobs" };
        }
        if (c.jobsB == 0) {
            return core::Error { "--b '" + request.b->text() + "' matches no jobs" };
        }
        out.comparison = std::move(c);
    }
    return out;
}

} // namespace ett::app
