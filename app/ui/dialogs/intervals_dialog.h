// From a bucket to its intervals (issue 17, item 6): a window listing the segments behind a bucket
// of a scope (a bar of "where the time went", a bridge step, a drill-down cell): job, attempt, start,
// duration and GPU-hours, the first kMaxRows by the chosen order with the count and total of all
// (which equal the bucket's time where the user clicked). Sortable by any column, exportable (CSV
// or JSON from the context menu, Ctrl+Shift+E), and a double-click (or Enter) opens the interval's
// job at its attempt in the drill-down and timeline. Several scopes (cohorts A and B of the Compare
// page) are picked from a list. GUI thread only; the list is computed on the data service's worker.
#pragma once

#include "app/service/bucket_intervals.h"

#include <QAbstractTableModel>
#include <QDialog>

#include <vector>

class QComboBox;
class QLabel;
class QProgressBar;
class QSortFilterProxyModel;
class QTableView;

namespace ett::app {

class ElidedLabel;

class DataService;
class WorkbenchState;

// The rows of a BucketIntervals as a table: label, job, attempt, start (UTC), duration, GPUs,
// GPU-hours; SortRole (Qt::UserRole) holds numbers for numeric columns.
class IntervalsTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { LabelColumn, JobColumn, AttemptColumn, StartColumn, DurationColumn, GpusColumn, GpuHoursColumn };
    static constexpr int kColumns = 7;
    static constexpr int SortRole = Qt::UserRole;

    using QAbstractTableModel::QAbstractTableModel;
    void setIntervals(BucketIntervals intervals);
    const BucketIntervals& intervals() const { return m_data; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    BucketIntervals m_data;
};

// A scope to list: its name in the dialog's list ("A", "B"; "" when alone), the request, and a line
// saying what it is ("team = ads · 2025-06-01 to 2025-06-08").
struct IntervalScope
{
    QString name;
    IntervalRequest request;
    QString description;
};

class IntervalsDialog : public QDialog
{
    Q_OBJECT
public:
    // The most intervals listed at once (the count and total are of all).
    static constexpr int64_t kMaxRows = 2000;

    // state and service must outlive the dialog; service may be null (tests feed results).
    IntervalsDialog(WorkbenchState* state, DataService* service, QWidget* parent = nullptr);

    // Lists the intervals of the scopes' bucket (the first scope's at once; the others from the list).
    void showScopes(std::vector<IntervalScope> scopes, int current = 0);
    // The data service's answers: shown when id is the latest request, else dropped.
    void handleIntervals(quint64 id, const BucketIntervals& intervals);
    void handleFailed(quint64 id, const QString& message);

    QTableView* table() const { return m_table; }
    const IntervalsTableModel* model() const { return m_model; }
    QString summaryText() const;
    bool isBusy() const { return m_pending != 0; }
    quint64 pendingRequest() const { return m_pending; }
    int currentScope() const { return m_current; }
    void setCurrentScope(int index);
    void setSort(IntervalSort sort);

    // Opens the interval of a row of the (sorted) view: its job, at its attempt.
    void openRow(int viewRow);

private:
    void request();
    void updateTitle();

    WorkbenchState* m_state;
    DataService* m_service;
    std::vector<IntervalScope> m_scopes;
    int m_current = 0;
    IntervalSort m_sort = IntervalSort::GpuTime;
    quint64 m_pending = 0;
    QLabel* m_scopeLabel = nullptr;
    QComboBox* m_scopeBox = nullptr;
    QComboBox* m_sortBox = nullptr;
    QProgressBar* m_busy = nullptr;
    ElidedLabel* m_summary = nullptr;
    IntervalsTableModel* m_model = nullptr;
    QSortFilterProxyModel* m_proxy = nullptr;
    QTableView* m_table = nullptr;
};

} // namespace ett::app
