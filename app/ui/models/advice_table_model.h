// The Advisor page's table as a Qt model: the fleet's checkpoint advice first,
// then one row per group (job, dataset label or attribute value) of a gpu::AdviceTable, with what
// was measured (jobs, loop hours, interruptions, MTBI, blocking time per save), the intervals
// (current, Young's and Daly's optima), the model's waste at the current interval and at the
// optimum, the projected ETT% gain and the lost progress per interruption against the model's I/2.
//
// Display text is for people (durations in s / min / h, percentages, pp); SortRole holds the
// number behind it (absent values sort as -1, below every real one); ExportValueRole gives the
// JSON export the exact values (seconds, percent, pp; null when absent) and the headers'
// ExportKeyRole name their units. Flagged rows (a job's flags; for a group, any of its jobs flagged)
// are tinted, their note in the tooltip; the fleet row
// is bold (FleetRole: a proxy keeps it first). The loop-hours column follows the weighting. GUI
// thread only.
#pragma once

#include "app/ui/data/types.h"

#include <QAbstractTableModel>

namespace ett::app {

class AdviceTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column : int {
        NameColumn = 0,
        JobsColumn,
        LoopHoursColumn, // GPU-hours (or hours) of train loop: productive + lost progress + saves
        InterruptionsColumn, // interruptions after training had started
        MtbiColumn, // loop time / interruptions
        BlockingP50Column, // blocking time of a save, nearest-rank p50 over every save
        BlockingP90Column,
        CurrentIntervalColumn, // median interval between durable checkpoints
        YoungColumn,
        DalyColumn,
        WasteCurrentColumn, // % of loop time
        WasteOptimumColumn,
        GainColumn, // projected ETT% gain, GPU-weighted pp
        GainHoursColumn, // the same gain in GPU-hours (or hours): the default order
        LostColumn, // lost progress per interruption vs I/2
        FlagsColumn,
        ColumnCount
    };

    enum Role : int {
        SortRole = Qt::UserRole, // a number (double), or the text in the name column
        FleetRole, // bool: the row of every filtered job together
    };

    explicit AdviceTableModel(QObject* parent = nullptr);

    // Replaces the rows (a model reset): the table's total first, then its groups. groupBy names
    // the grouping for the name column's header ("" fleet only, "job", "label", an attribute).
    void setAdvice(const gpu::AdviceTable& table, const QString& groupBy);
    void clear();
    const QString& groupBy() const { return m_groupBy; }

    // The loop-hours column in GPU-hours or hours (header and data change, no reset).
    void setWeighting(Weighting weighting);

    // The advice behind a model row (0: the fleet); nullptr when out of range.
    const core::CheckpointAdvice* adviceAt(int row) const;
    // The row of the group with this name, else 0 when the fleet row has it, else -1.
    int rowOfName(const QString& name) const;

    // What a flag means in a few words ("lost progress high"); the flag's code when unknown.
    static QString flagText(const std::string& flag);
    // The flags column of a row: a job's flags ("⚠ lost progress high"), a group's count of flagged
    // jobs ("⚠ 2 jobs flagged"), "no advice" when there is no optimum, else empty.
    static QString flagsText(const core::CheckpointAdvice& advice);
    // What core's note says (why a figure is missing, what a flag means, how many jobs a group has
    // flagged), in the window's language; core's English note stays the CLI's and the exports'.
    static QString noteText(const core::CheckpointAdvice& advice);
    // The name as the window says it: the whole fleet's row (`fleetRow`) is a word of the window.
    static QString nameText(const core::CheckpointAdvice& advice, bool fleetRow);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant displayData(const core::CheckpointAdvice& a, int column) const;
    QVariant sortData(const core::CheckpointAdvice& a, int column) const;
    QVariant exportData(const core::CheckpointAdvice& a, int column) const;
    QVariant toolTipData(const core::CheckpointAdvice& a, int column) const;

    std::vector<core::CheckpointAdvice> m_rows; // the fleet first
    QString m_groupBy;
    Weighting m_weighting = Weighting::Gpu;
};

} // namespace ett::app
