// The Compare page's tables as models over the comparison's results, each cell's text as the page
// shows it, with its alignment (numbers right, names left), tooltip, colour (green or red for a
// change that is better or worse for ETT%) and the exact value the JSON export writes
// (ExportValueRole of exporters.h; ExportKeyRole names the columns whose exact values are in
// another unit than the header says). Read only; rows in the results' order. GUI thread only.
#pragma once

#include "core/model/compare.h"

#include <QAbstractTableModel>
#include <QString>

#include <optional>
#include <vector>

namespace ett::app {

// Time to Recover's bridge as one line of rich text for the page: "Time to Recover, mean per
// recovery: A 20 min 00 s → detect +30 s, restart −1 min 30 s, start-up −7 min 30 s → B 11 min 30 s",
// each step green when B is faster in that part, red when slower; without a bridge, why.
QString ttrBridgeText(const std::optional<core::TtrBridge>& bridge);

// A row per distribution (TTS, TTR, phase categories and subcategories, subcategories indented):
// the sample counts of A and B, and p50 / p90 / p99 of A, of B and the change (with its percent of
// A). Exact values in seconds.
class DistributionChangesModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    using QAbstractTableModel::QAbstractTableModel;

    // Shows these distributions (none: an empty table).
    void setChanges(std::vector<core::DistributionChange> changes);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

private:
    QVariant percentileData(const core::DistributionChange& d, int column, int role) const;

    std::vector<core::DistributionChange> m_changes;
};

// A row per cause class: failures and preemptions per 1,000 GPU-days of E2E, "A → B", coloured by
// the change (up is worse); the exact rates and counts of both in the export.
class CauseRatesModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    using QAbstractTableModel::QAbstractTableModel;

    void setRates(std::vector<core::CauseRate> rates);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

private:
    std::vector<core::CauseRate> m_rates;
};

// The matched jobs that moved most: the regressions (largest drop of ETT% first, "▼" in red), then
// the improvements (largest gain first, "▲" in green); ETT% of the job in A and B, the change in
// pp, the GPU-hours each lost, and whether the two jobs differ in name or GPU count. MatchRole of the first column is
// the match value.
class MatchedJobsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    static constexpr int MatchRole = Qt::UserRole;
    static constexpr int kNotAlikeColumn = 6; // "⚠ names differ, 64 → 128 GPUs"

    using QAbstractTableModel::QAbstractTableModel;

    void setJobs(std::vector<core::MatchedJob> regressions, std::vector<core::MatchedJob> improvements);
    // Which pair a row shows (pairId; "" when there is no such row).
    QString matchAt(int row) const;
    // One pair of a comparison: its match value and run, as matchAt() returns it.
    static QString pairId(const std::string& match, int32_t run);
    // Rows whose two jobs differ in name or GPU count.
    int notAlikeCount() const;
    static QString notAlikeText(const core::MatchedJob& m);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

private:
    QVariant notAlikeData(const core::MatchedJob& m, int role) const;

    std::vector<core::MatchedJob> m_jobs;
    size_t m_regressions = 0; // the first rows
};

} // namespace ett::app
