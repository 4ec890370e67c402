// The Details dock's Restarts tab: what every restart of the shown job costs (core::restartsOf), one
// row per attempt and one column per start-up stage. A stage's cell is marked "▲" and tinted when it
// grew from the first attempt's (core::stageGrew: by at least 1 s and 10%); its tool tip gives the
// change. Sorts through Qt::UserRole (nanoseconds, numbers, text); exports exact seconds
// (ExportValueRole). GUI thread only.
#pragma once

#include "core/model/restarts.h"

#include <QAbstractTableModel>
#include <QString>

namespace ett::app {

class RestartsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    // The fixed columns before the stages; the compile tag column follows the stages.
    enum Column {
        AttemptColumn,
        AfterColumn,
        DetectColumn,
        RestartColumn,
        LostColumn,
        StartupColumn,
        FirstStageColumn
    };
    static constexpr int kSortRole = Qt::UserRole;

    using QAbstractTableModel::QAbstractTableModel;

    // Shows these restarts (an empty value: none).
    void setRestarts(core::JobRestarts restarts);
    const core::JobRestarts& restarts() const { return m_r; }
    // The column of stage `name` ("init.process_group_init"); -1 when not shown.
    int stageColumn(const QString& name) const;
    int compileTagColumn() const { return FirstStageColumn + static_cast<int>(m_r.stages.size()); }
    // One line on the stages growing over the restarts (core::StageTrend::growing: never shorter than
    // at the attempt before, the last grown from the first), with their first and last times, and the
    // rule of the mark.
    QString growthSummary() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QVariant durationCell(std::optional<int64_t> ns, int role) const;
    QVariant stageCell(const core::RestartRow& row, size_t stage, int role) const;

    core::JobRestarts m_r;
};

} // namespace ett::app
