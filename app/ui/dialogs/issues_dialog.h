// View > Import issues (Ctrl+Shift+D): the non-fatal data problems counted when each file was
// imported (the import_issues of the open database), one row per file and kind with its severity,
// what it means, how often it happened, the first line and an example; searchable and sortable.
// The rows come from the data service (requestIssues); nothing here reads the database.
#pragma once

#include "app/ui/data/types.h"

#include <QAbstractTableModel>
#include <QDialog>

class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTableView;

namespace ett::app {

class DataService;

// One row per stored issue; severity and description from the registry of issue kinds (empty for
// a kind an older version wrote). Sorts by the number under UserRole.
class IssuesTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        LabelColumn,
        FileColumn,
        SeverityColumn,
        KindColumn,
        CountColumn,
        LineColumn,
        ExampleColumn,
        ColumnCount
    };
    explicit IssuesTableModel(QObject* parent = nullptr);

    void setIssues(std::vector<core::IssueInfo> issues);
    const std::vector<core::IssueInfo>& issues() const { return m_issues; }
    int64_t totalCount() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<core::IssueInfo> m_issues;
};

class IssuesDialog : public QDialog
{
    Q_OBJECT
public:
    // Asks the service for the issues of its open database at once.
    IssuesDialog(DataService* service, QWidget* parent = nullptr);

    IssuesTableModel* model() const { return m_model; }
    QSortFilterProxyModel* proxy() const { return m_proxy; }
    QLineEdit* search() const { return m_search; }
    QLabel* status() const { return m_status; }

signals:
    void issuesShown();

private:
    void onIssues(quint64 id, const IssueList& list);
    void onFailed(quint64 id, const QString& message);
    void updateStatus();

    DataService* m_service;
    quint64 m_pending = 0;
    IssuesTableModel* m_model = nullptr;
    QSortFilterProxyModel* m_proxy = nullptr;
    QTableView* m_view = nullptr;
    QLineEdit* m_search = nullptr;
    QLabel* m_status = nullptr;
};

} // namespace ett::app
