// The drill-down page: a breadcrumb (fleet > group > job > attempt, every
// crumb clickable, with back and forward) over a sortable FiguresTableModel table of what is
// below the current location: the groups of the group-by (or the jobs, without one) at the fleet
// level, the jobs of a group, the attempts of a job, the one attempt. Double-click or Enter on a
// row goes one level down through the WorkbenchState, which every view follows.
//
// Rows come from DataService::requestTable for the state's filter and location; only the
// newest request's result is shown (older ids are dropped), and a page behind another tab asks
// only when it is shown again. setTableData() shows rows directly (tests, other callers).
// GUI thread only.
#pragma once

#include "app/ui/data/types.h"
#include "app/ui/dialogs/intervals_dialog.h"
#include "app/ui/widgets/elided_label.h"

#include <QWidget>

#include <optional>

class QHBoxLayout;
class QLabel;
class QModelIndex;
class QProgressBar;
class QPushButton;
class QSortFilterProxyModel;
class QStackedWidget;
class QTableView;
class QToolButton;

namespace ett::app {

class DataService;
class PageRequest;
class FiguresTableModel;
class WorkbenchState;

class DrillDownPage : public QWidget
{
    Q_OBJECT
public:
    // `state` must outlive the page; `service` may be null (rows then come from setTableData()).
    DrillDownPage(WorkbenchState* state, DataService* service, QWidget* parent = nullptr);

    // Shows these rows as if the current request had returned them (ends the busy state).
    void setTableData(const TableData& table);

    // Sorts the table by a FiguresTableModel column; kept until the kind of rows changes
    // (groups, jobs, attempts), which restores that kind's default sort.
    void sortBy(int column, Qt::SortOrder order);
    // Sorts by a bucket's hours, largest first (what clicking a bucket in the overview asks).
    void sortByBucket(core::Bucket bucket);

    // Goes one level below the row at `proxyRow` of the view (as double-click or Enter does):
    // a group, a job or an attempt. Returns false when the row leads nowhere.
    bool openRow(int proxyRow);

    // What a bucket cell stands for: the intervals of its bucket in its row's scope (a group of a
    // label or an attribute, a job, an attempt), under the state's filter; nullopt for other columns
    // and for groups no scope can name (cause class).
    std::optional<IntervalScope> intervalScopeOf(const QModelIndex& proxyIndex) const;
    // Asks for the intervals behind a cell (intervalsRequested), as a double-click on a bucket cell
    // or Ctrl+L does. Returns false when the cell has none to list.
    bool showCellIntervals(const QModelIndex& proxyIndex);

    // The breadcrumb as shown: one text per crumb, fleet first.
    QStringList breadcrumbTexts() const;
    // Clicks crumb `index` (0 = fleet): navigates there unless it is the current location.
    void clickCrumb(int index);

    // The text shown instead of the table when there are no rows; empty when the table shows.
    QString emptyMessage() const;
    bool isBusy() const;

    QTableView* view() const { return m_view; }
    FiguresTableModel* model() const { return m_model; }
    QSortFilterProxyModel* proxy() const { return m_proxy; }

public slots:
    // Asks the data service for the rows of the state's filter and location.
    void refresh();

signals:
    // The intervals behind a cell should be listed (the window opens its intervals dialog).
    void intervalsRequested(const std::vector<ett::app::IntervalScope>& scopes);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    enum class RowKind { Groups, Jobs, Attempts };
    static RowKind kindOf(const Location& location);

    void onLocationChanged(const Location& location);
    void onTableReady(quint64 id, const TableData& table);
    void onQueryFailed(quint64 id, const QString& message);
    void rebuildBreadcrumb();
    void updateColumns();
    void updateInfo();
    static QString noDataMessage();
    void updateBusy();
    void applyDefaultSort();
    void showMessage(const QString& text, bool offerClear);

    WorkbenchState* m_state;
    DataService* m_data;
    PageRequest* m_request = nullptr; // asks for the rows when the page can be seen
    bool m_hasData = false;
    RowKind m_kind = RowKind::Jobs;

    QToolButton* m_back = nullptr;
    QToolButton* m_forward = nullptr;
    QWidget* m_crumbs = nullptr;
    QHBoxLayout* m_crumbsLayout = nullptr;
    ElidedLabel* m_info = nullptr; // what is shown, cut at the right before the crumbs are
    QProgressBar* m_busy = nullptr;
    QStackedWidget* m_stack = nullptr;
    QTableView* m_view = nullptr;
    QLabel* m_message = nullptr;
    QPushButton* m_clearFilter = nullptr;
    FiguresTableModel* m_model = nullptr;
    QSortFilterProxyModel* m_proxy = nullptr;
    QString m_error;
    int m_doubleClickedColumn = -1; // set by a double-click, read by the activation that follows it
};

} // namespace ett::app
