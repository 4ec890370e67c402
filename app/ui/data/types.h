// Plain data exchanged between the workbench's views and its data service. The results are the
// service's own values (app/service/results.h), computed off the GUI thread, and the filter every
// view shows is the service's cohort (core::CohortSpec, names that the service resolves); this file
// adds what only the window has: the vocabulary in Qt's containers and the meta types of queued
// signals.
#pragma once

#include "app/service/report_content.h"
#include "app/service/results.h"
#include "core/model/datasets.h"

#include <QMap>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

namespace ett::app {

// The vocabulary of the open database as the filter bars and group-by menus use it: the service's
// FleetVocabulary in Qt's containers.
struct Vocabulary
{
    QStringList labels;
    QStringList attrKeys;
    QMap<QString, QStringList> attrValues; // key -> values, sorted
    int64_t minGpus = 0;
    int64_t maxGpus = 0;
    int64_t firstNs = 0; // earliest attempt start
    int64_t lastNs = 0; // latest attempt end
    QMap<QString, int64_t> labelFirstNs; // label -> earliest attempt start of its jobs (labels with attempts)
    int64_t medianStartNs = 0; // the median attempt start (FleetVocabulary's); 0 without attempts
    int64_t jobs = 0;
    int64_t attempts = 0;
    int64_t segments = 0;

    static Vocabulary of(const FleetVocabulary& v);
};

// The import issues stored in the open database, per imported file and kind.
struct IssueList
{
    std::vector<core::IssueInfo> issues;
};

// The files the open database stores (File > Remove file lists them).
struct DatasetList
{
    std::vector<core::DatasetInfo> datasets;
};

// One imported file removed (DataService::removeFile), for the window's message and its undo (the
// file imported again from its path, with the options it was imported with).
struct FileRemovalInfo
{
    QString label;
    QString path; // as stored
    QString format; // the reader that read it (traceFormatName)
    QString readerOptions; // the JSON kept with it (core/ingest/reader_options_text.h); "" not known
    int64_t attempts = 0;
    int64_t phases = 0;
    int64_t checkpoints = 0;
    int64_t jobsRemoved = 0; // nothing of them was left
    int readAgain = 0; // other files read again and stored (a console log's configuration chained anew)
    // What could not be made as an import without the file would make it: a file read again that
    // failed, a log no longer there to chain again, a job left undeclared; one line each.
    QStringList problems;
};

inline QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

inline QStringList qsList(const std::vector<std::string>& v)
{
    QStringList out;
    out.reserve(static_cast<qsizetype>(v.size()));
    for (const auto& s : v) {
        out << QString::fromStdString(s);
    }
    return out;
}

inline std::vector<std::string> stdList(const QStringList& list)
{
    std::vector<std::string> out;
    out.reserve(static_cast<size_t>(list.size()));
    for (const QString& s : list) {
        out.push_back(s.toStdString());
    }
    return out;
}

inline Vocabulary Vocabulary::of(const FleetVocabulary& v)
{
    Vocabulary out;
    out.labels = qsList(v.labels);
    out.attrKeys = qsList(v.attrKeys);
    for (const auto& [key, values] : v.attrValues) {
        out.attrValues.insert(qs(key), qsList(values));
    }
    for (const auto& [label, first] : v.labelFirstNs) {
        out.labelFirstNs.insert(qs(label), first);
    }
    out.minGpus = v.minGpus;
    out.maxGpus = v.maxGpus;
    out.firstNs = v.firstNs;
    out.lastNs = v.lastNs;
    out.medianStartNs = v.medianStartNs;
    out.jobs = v.jobs;
    out.attempts = v.attempts;
    out.segments = v.segments;
    return out;
}

} // namespace ett::app

Q_DECLARE_METATYPE(ett::core::CohortSpec)
Q_DECLARE_METATYPE(ett::app::Location)
Q_DECLARE_METATYPE(ett::app::Vocabulary)
Q_DECLARE_METATYPE(ett::app::OverviewData)
Q_DECLARE_METATYPE(ett::app::TableData)
Q_DECLARE_METATYPE(ett::app::FleetTimelineData)
Q_DECLARE_METATYPE(ett::app::ImportProgressInfo)
Q_DECLARE_METATYPE(ett::app::ComparisonRequest)
Q_DECLARE_METATYPE(ett::app::ComparisonData)
Q_DECLARE_METATYPE(ett::app::AdviceRequest)
Q_DECLARE_METATYPE(ett::gpu::AdviceTable)
Q_DECLARE_METATYPE(ett::app::WhatIfRequest)
Q_DECLARE_METATYPE(ett::app::WhatIfData)
Q_DECLARE_METATYPE(ett::app::ScenarioList)
Q_DECLARE_METATYPE(ett::app::IssueList)
Q_DECLARE_METATYPE(ett::app::DatasetList)
Q_DECLARE_METATYPE(ett::app::FileRemovalInfo)
Q_DECLARE_METATYPE(ett::app::JobMatches)
Q_DECLARE_METATYPE(ett::core::SavedScenario)
Q_DECLARE_METATYPE(ett::core::JobTimeline)
Q_DECLARE_METATYPE(ett::gpu::BackendInfo)
Q_DECLARE_METATYPE(ett::app::ReportRequest)
Q_DECLARE_METATYPE(ett::app::ReportContent)
