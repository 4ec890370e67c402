// What a PDF report says (issue #6, item 5), gathered once from the store and the engine: the
// provenance (files, hashes, labels, filters, weighting, version, date), the overview's figures,
// the timelines of the jobs that lost the most, the comparison of two cohorts when asked, and the
// checkpoint-interval advice and the saved what-if scenarios.
// Plain data: the writer (report_writer.h) lays it out on pages; gathering may run on any thread.
#pragma once

#include "app/ui/types.h"
#include "core/model/compare.h"
#include "core/model/whatif.h"
#include "core/store/timeline.h"
#include "gpu/advisor.h"

#include <QMetaType>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

namespace ett::core {
class Database;
}
namespace ett::gpu {
class Engine;
}

namespace ett::app {

struct ReportRequest
{
    QString title = QStringLiteral("Where the training time went");
    core::CohortSpec scope; // which jobs the report is about (all by default)
    bool countQueue = false;
    Weighting weighting = Weighting::Gpu;
    gpu::Calendar every = gpu::Calendar::Day;
    int worstJobs = 3; // jobs whose timelines are drawn
    int adviceJobs = 10; // jobs listed in the checkpoint advice, the most to gain first
    int flaggedJobs = 20; // flagged jobs listed besides those, the most to gain first
    std::optional<core::CohortSpec> a; // both or neither: the comparison section
    std::optional<core::CohortSpec> b;
    std::string matchBy = "job";
    uint64_t seed = core::CompareOptions {}.seed;
};

struct ReportDataset
{
    QString label;
    QString path;
    QString format;
    QString sha256;
    QString importedAt;
    int64_t records = 0;
};

struct ReportTimeline
{
    JobSummary job;
    std::shared_ptr<const core::JobTimeline> timeline;
};

// A saved what-if scenario (issue #7) and its projection now, or why it could not run.
struct ReportScenario
{
    core::Scenario scenario;
    std::string savedAt;
    std::optional<core::WhatIfResult> result;
    QString error;
};

struct ReportContent
{
    ReportRequest request;
    QString database;
    QString generatedUtc; // "2026-11-29 14:05 UTC"
    QString version; // of ETT Workbench
    QString backend; // the engine's backend
    std::vector<ReportDataset> datasets;
    OverviewData overview;
    std::vector<ReportTimeline> worst;
    std::optional<core::Comparison> comparison;
    core::Figures comparisonTotalA; // the cohorts' totals (shares of E2E in the bridge's tooltips)
    core::Figures comparisonTotalB;
    // Checkpoint advice of the scope (issue #7): the fleet row and its jobs, the most to gain first
    // (at most request.adviceJobs, then at most request.flaggedJobs flagged ones: a fleet of
    // 20,000 jobs had 387, eight pages), and how many jobs have advice at all or are flagged.
    core::CheckpointAdvice advice;
    std::vector<core::CheckpointAdvice> adviceJobs;
    int64_t advisedJobs = 0;
    int64_t flaggedJobs = 0;
    // The scenarios saved in the database, each projected on the engine.
    std::vector<ReportScenario> scenarios;
};

// Gathers the report's content. Error when the database cannot be read, a cohort names a label or
// attribute the database lacks, or a cohort of the comparison has no jobs.
core::Result<ReportContent> gatherReport(
    core::Database& db, gpu::Engine& engine, const QString& databasePath, const ReportRequest& request);

// Whether gathering the report needs the engine loaded with phases: for the comparison's phase
// durations, or a saved scenario that changes a phase subcategory.
core::Result<bool> reportNeedsPhases(core::Database& db, const ReportRequest& request);

// The version of ETT Workbench written into reports.
QString workbenchVersion();

} // namespace ett::app

Q_DECLARE_METATYPE(ett::app::ReportRequest)
Q_DECLARE_METATYPE(ett::app::ReportContent)
