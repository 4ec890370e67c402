// The Advisor page: checkpoint-interval advice for the jobs of the window's
// filter, per group (the fleet alone, each job, each dataset label, or each value of an attribute):
//
//   table   the fleet first (bold, kept on top whatever the sort), then a row per group: what was
//           measured (jobs, train-loop hours, interruptions, MTBI, blocking p50 / p90 of a save),
//           the current interval, Young's and Daly's optima, the model's waste at the current
//           interval and at the optimum, the projected ETT% gain, lost progress per interruption
//           against the model's I/2, and flags (tinted rows, the note in the tooltip)
//   chart   the waste curve w(I) = I/(2M) + b/I of the selected row on a log interval axis, the
//           current interval and the optimum marked with their waste; a row without advice shows
//           why instead (no interruptions, no saves, no interval)
//   summary the selected row's figures in sentences, its flags and notes
//
// Data comes from DataService::requestAdvice for the state's filter and the page's grouping (off
// the GUI thread; only the newest request's result is shown; a page behind another tab asks only
// when shown). setAdvice() shows a table directly (tests). Table and chart export like every other
// (context menu, Ctrl+Shift+E). GUI thread only.
#pragma once

#include "app/ui/charts/advisor_charts.h"
#include "app/ui/data/types.h"

#include <QWidget>

class QChart;
class QChartView;
class QComboBox;
class QLabel;
class QProgressBar;
class QSortFilterProxyModel;
class QStackedWidget;
class QTableView;

namespace ett::app {

class ElidedLabel;

class AdviceTableModel;
class DataService;
class PageRequest;
class WorkbenchState;

class AdvisorPage : public QWidget
{
    Q_OBJECT
public:
    // `state` must outlive the page; `service` may be null (data then comes from setAdvice()).
    AdvisorPage(WorkbenchState* state, DataService* service, QWidget* parent = nullptr);

    // What the rows are: "" (the fleet alone), "job", "label" or an attribute key; setting it asks
    // for new advice. The default is "job".
    const QString& groupBy() const { return m_groupBy; }
    void setGroupBy(const QString& groupBy);

    // Shows this advice as if the current request had returned it (ends the busy state).
    void setAdvice(const gpu::AdviceTable& table, const QString& groupBy);
    bool hasData() const { return m_hasData; }
    bool isBusy() const;

    // The row shown on the chart, as a row of model() (0: the fleet); selects it in the table.
    int selectedRow() const { return m_selected; }
    void selectRow(int modelRow);
    const core::CheckpointAdvice* selectedAdvice() const;

    QTableView* view() const { return m_view; }
    AdviceTableModel* model() const { return m_model; }
    QSortFilterProxyModel* proxy() const { return m_proxy; }
    QComboBox* groupByBox() const { return m_groupByBox; }
    QChart* chart() const;
    QChartView* chartView() const { return m_chartView; }
    // The series of the chart as it was last filled (null ones when the row has no advice).
    const WasteCurveSeries& curve() const { return m_curve; }

    // The text shown instead of the table (no database, no jobs, an error); empty when it shows.
    QString emptyMessage() const;
    // Why the selected row has no advice, shown instead of the chart; empty when the chart shows.
    QString explanation() const;
    // The selected row's figures and notes as shown beside the chart (rich text).
    QString summaryText() const;

signals:
    // Advice (the newest request's) has been shown.
    void adviceShown();

public slots:
    // Asks the data service for the advice of the state's filter and the page's grouping.
    void refresh();

private:
    void buildUi();
    void onVocabularyChanged();
    void onAdviceReady(quint64 id, const gpu::AdviceTable& table);
    void onQueryFailed(quint64 id, const QString& message);
    void updateHeader();
    void showMessage(const QString& text);
    void renderSelection(); // chart and summary of the selected row
    void onHovered(const QPointF& point, bool state);

    WorkbenchState* m_state;
    DataService* m_data;
    QString m_groupBy = QStringLiteral("job");
    QString m_pendingGroupBy; // the grouping of the request awaited
    PageRequest* m_request = nullptr;
    bool m_hasData = false;
    int m_selected = -1;
    QString m_error;
    WasteCurveSeries m_curve;

    ElidedLabel* m_subtitle = nullptr;
    QComboBox* m_groupByBox = nullptr;
    QProgressBar* m_busy = nullptr;
    QStackedWidget* m_stack = nullptr; // the content or a message
    QLabel* m_message = nullptr;
    QTableView* m_view = nullptr;
    AdviceTableModel* m_model = nullptr;
    QSortFilterProxyModel* m_proxy = nullptr;
    QStackedWidget* m_chartStack = nullptr; // the chart or why there is none
    QChartView* m_chartView = nullptr;
    QLabel* m_explanation = nullptr;
    QLabel* m_summary = nullptr;
};

} // namespace ett::app
