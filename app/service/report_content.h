// What a PDF report says, gathered once from the workspace: the provenance (files, hashes,
// labels, scope, weighting, version, date), the overview's figures, the timelines of the jobs that
// lost the most, the comparison of two cohorts when asked, the checkpoint-interval advice, the
// saved what-if scenarios, and the import issues of every file. Plain data: the report writer lays
// it out on pages; gathering may run on any thread.
#pragma once

#include "app/service/results.h"
#include "app/service/store_fleet_source.h"
#include "app/service/workspace.h"
#include "core/store/fleet.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ett::app {

enum class Weighting { Gpu, Time };

struct ReportRequest
{
    std::string title = "Where the training time went";
    core::CohortSpec scope; // which jobs the report is about (all by default), with its excluded windows
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

struct ReportTimeline
{
    JobSummary job;
    std::shared_ptr<const core::JobTimeline> timeline;
};

// A saved what-if scenario and its projection now, or why it could not run.
struct ReportScenario
{
    core::Scenario scenario;
    std::string savedAt;
    std::optional<core::WhatIfResult> result;
    std::string error;
};

struct ReportContent
{
    ReportRequest request;
    std::string database; // or the fleet store's URL, masked
    bool fromStore = false; // a fleet store: datasets are its pushed labels, with no import issues
    std::string generatedUtc; // "2026-11-29 14:05 UTC"
    std::string version; // of ETT Workbench
    std::string backend; // what computed the figures
    std::vector<core::DatasetInfo> datasets;
    OverviewData overview;
    std::vector<ReportTimeline> worst;
    std::optional<core::Comparison> comparison;
    core::Figures comparisonTotalA; // the cohorts' totals (shares of E2E in the bridge)
    core::Figures comparisonTotalB;
    std::string comparisonMatchedBy; // what paired the matched jobs: the request's, "auto" resolved
    // Checkpoint advice of the scope: the fleet row and its jobs, the most to gain first (at most
    // request.adviceJobs, then at most request.flaggedJobs flagged ones), and how many jobs have
    // advice at all or are flagged.
    core::CheckpointAdvice advice;
    std::vector<core::CheckpointAdvice> adviceJobs;
    int64_t advisedJobs = 0;
    int64_t flaggedJobs = 0;
    // The scenarios saved in the database, each projected now.
    std::vector<ReportScenario> scenarios;
    // The non-fatal data problems counted when the files were imported, per file and kind.
    std::vector<core::IssueInfo> issues;
};

// Gathers the report's content, loading the phases first when the report needs them. Error when
// the database cannot be read, a cohort names a label or attribute the fleet lacks, or a cohort
// of the comparison has no jobs.
core::Result<ReportContent> gatherReport(Workspace& workspace, const ReportRequest& request);
// The same from a fleet store: its live datasets as the provenance, no import issues nor saved
// scenarios (a store holds none).
core::Result<ReportContent> gatherStoreReport(StoreFleetSource& store, const ReportRequest& request);

// Whether gathering the report needs the phases in memory: when a saved scenario changes a phase
// subcategory (the comparison's phase durations come from the stored phase samples).
core::Result<bool> reportNeedsPhases(core::Database& db, const ReportRequest& request);

// The version of ETT Workbench and the commit it was built from, as reports state it:
// "0.2.0, commit 1a2b3c4".
std::string workbenchVersion();

} // namespace ett::app
