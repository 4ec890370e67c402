// The drill-down table as a Qt model: one row per group, job or attempt of a
// TableData, with the headline figures, the interruption counts, Time to Start and Time to
// Recover medians (Time to Recover also split into detect, restart and start-up, spec 7.1) and one column per
// accounting bucket ("12.3 GPU-h (4.5%)": hours and share of E2E in one cell, the unit in the header). Hour and percent
// columns follow the weighting (GPU-weighted or time-weighted, spec 5.5) and their headers say which.
//
// Display text is for people; SortRole (Qt::UserRole) holds the number behind it, so that a
// QSortFilterProxyModel with setSortRole(SortRole) sorts numerically; absent values (no ETT%
// without E2E, no TTR without interruptions) sort as -1, below every real value. Tooltips give
// exact values. GUI thread only.
#pragma once

#include "app/ui/data/types.h"

#include <QAbstractTableModel>

#include <optional>
#include <vector>

namespace ett::app {

class FiguresTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column : int {
        NameColumn = 0,
        DetailColumn, // the job's name, or an attempt's outcome and cause
        CountColumn, // jobs (group rows) or attempts (job and attempt rows)
        E2eHoursColumn, // GPU-hours (or hours) of E2E
        EttColumn,
        LostHoursColumn,
        FailuresColumn,
        PreemptionsColumn,
        OtherInterruptionsColumn,
        TtsColumn, // p50
        TtrColumn, // p50
        TtrDetectColumn, // p50 of Time to Recover's detect part (spec 7.1)
        TtrRestartColumn, // p50 of its restart part
        TtrStartupColumn, // p50 of its start-up part
        FirstBucketColumn, // then one per core::Bucket, in enum order
        ColumnCount = FirstBucketColumn + core::kBucketCount,
    };

    enum Role : int {
        SortRole = Qt::UserRole, // number (double) or, in text columns, the text
        JobRole, // the row's engine job index (int, -1 when none)
        AttemptRole, // the row's attempt number (int, -1 when none)
        ColorRole, // headers of bucket columns: the bucket's colour (QColor)
    };

    explicit FiguresTableModel(QObject* parent = nullptr);

    // Replaces the rows (a model reset). The location tells what the rows are, for headers.
    void setTableData(const TableData& data);
    void clear();
    const TableData& tableData() const { return m_data; }

    // Switches hour and percent columns between GPU-weighted and time-weighted; headers and
    // data of those columns change (no reset).
    void setWeighting(Weighting weighting);
    Weighting weighting() const { return m_weighting; }

    // The row behind a model row; nullptr when out of range.
    const TableRow* rowAt(int row) const;

    // The column of a bucket, and the bucket of a column (nullopt for other columns).
    static int bucketColumn(core::Bucket bucket) { return FirstBucketColumn + static_cast<int>(bucket); }
    static std::optional<core::Bucket> bucketOfColumn(int column);

    // True when no row has anything in this column (a bucket nobody spent time in); the page
    // hides such bucket columns.
    bool isColumnEmpty(int column) const;

    // True when the rows are groups (fleet level with a group-by other than "job").
    bool rowsAreGroups() const;
    // True when the rows are attempts (job level and below).
    bool rowsAreAttempts() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    // Per row: the medians, computed once per reset (they sort sample vectors).
    struct Derived
    {
        std::optional<int64_t> ttsP50;
        std::optional<int64_t> ttrP50;
        std::optional<int64_t> ttrDetectP50;
        std::optional<int64_t> ttrRestartP50;
        std::optional<int64_t> ttrStartupP50;
    };

    QVariant displayData(const TableRow& row, const Derived& derived, int column) const;
    QVariant sortData(const TableRow& row, const Derived& derived, int column) const;
    QVariant toolTipData(const TableRow& row, const Derived& derived, int column) const;

    TableData m_data;
    std::vector<Derived> m_derived;
    Weighting m_weighting = Weighting::Gpu;
};

} // namespace ett::app
