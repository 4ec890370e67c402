// The fleet overview: headline figures as a grid of cards (ETT% with its
// weighting named, E2E and lost hours, lost hours by bucket, TTS and TTR p50/p90, failures,
// preemptions, other interruptions, jobs without checkpoint data) and four charts: where the
// time went (bucket shares), ETT% per day or week, interruptions by cause class and the jobs that
// lost the most. Clicking a chart element drills in (see the activate*() functions).
//
// Data comes from DataService::requestOverview for the state's filter; only the newest request's
// result is shown, a busy bar shows while one is out, and a page behind another tab asks only when shown.
// The weighting needs no request: OverviewData holds both. setOverviewData() shows data
// directly (tests, other callers). GUI thread only.
#pragma once

#include "app/ui/data/types.h"
#include "app/ui/pages/page_widgets.h"
#include "app/ui/widgets/elided_label.h"

#include <QMap>
#include <QWidget>

class QButtonGroup;
class QChart;
class QChartView;
class QFrame;
class QGridLayout;
class QToolButton;
class QLabel;
class QProgressBar;

namespace ett::app {

class DataService;
class PageRequest;
class WorkbenchState;

class OverviewPage : public QWidget
{
    Q_OBJECT
public:
    // `state` must outlive the page; `service` may be null (data then comes from setOverviewData()).
    OverviewPage(WorkbenchState* state, DataService* service, QWidget* parent = nullptr);

    // Shows this data as if the current request had returned it (ends the busy state).
    void setOverviewData(const OverviewData& overview);
    const OverviewData& overviewData() const { return m_overview; }
    bool hasData() const { return m_hasData; }
    bool isBusy() const;

    // Day or week for the ETT% trend; changing it asks for new data.
    gpu::Calendar calendar() const { return m_calendar; }
    void setCalendar(gpu::Calendar every);

    // The cards by id ("ett", "e2e", "lost", "lostByBucket", "tts", "ttr", "failures",
    // "preemptions", "other", "noCheckpoint"): their title, big value and small print.
    QString cardTitle(const QString& id) const;
    QString cardValue(const QString& id) const;
    QString cardDetail(const QString& id) const;

    enum class Chart { Buckets, Trend, Causes, TopJobs };
    QChart* chart(Chart which) const;

    // What clicking a chart element does, callable directly:
    // a bucket (a double-click; a click lists its intervals, intervalsRequested): go to the fleet
    // level (keeping the group-by) and ask for the drill-down sorted by that bucket, largest first
    // (drillDownRequested, bucketActivated).
    void activateBucket(core::Bucket bucket);
    // a day or week of the trend (index into the series): the filter's time range becomes it.
    void activateSeriesPoint(int index);
    // a cause class (index into byCauseClass) and the kind of interruption clicked (Failure,
    // Preemption or Other): cause class is no job attribute, so this lists the fleet's jobs
    // (no group-by) sorted by that kind of interruption, most first, and says which class was
    // clicked (causeClassActivated).
    void activateCauseClass(int index, core::Interruption kind);
    // a top job (index into topJobs): opens it (state->openJob).
    void activateTopJob(int index);
    // The height the page needs to show its cards and charts whole, without scrolling.
    int wholeHeight() const;

signals:
    // The drill-down table should show, sorted by this FiguresTableModel column and order (the
    // window connects it to DrillDownPage::sortBy and shows that page).
    void drillDownRequested(int column, Qt::SortOrder order);
    // The intervals behind a bucket of the filter's fleet should be listed (clicking a bar of "where
    // the time went"; the window opens them in its intervals dialog).
    void intervalsRequested(ett::core::Bucket bucket);
    void bucketActivated(ett::core::Bucket bucket);
    void causeClassActivated(const QString& causeClass);
    // The cards and charts were drawn anew: wholeHeight() may have changed.
    void rendered();

public slots:
    // Asks the data service for the overview of the state's filter.
    void refresh();

private:
    void buildUi();
    Card addCard(QGridLayout* grid, const QString& id, int row, int column, int columnSpan = 1);
    void onOverviewReady(quint64 id, const OverviewData& overview);
    void onQueryFailed(quint64 id, const QString& message);
    void render(); // cards and charts from m_overview under the state's weighting
    void renderCards();
    void renderBuckets();
    void renderTrend();
    void renderCauses();
    void renderTopJobs();
    void updateHeader();
    // Four charts in a row when the page is wide enough for them, else two by two (so that a
    // 1600 x 1000 window shows all four without scrolling, and a laptop's stays readable).
    void placeCharts();
    // A chart's title (`shortTitle` in a row of four, the whole title in the tooltip) and legend
    // for the room it has (placeCharts).
    void fitChart(QChartView* view, const QString& shortTitle);

protected:
    void resizeEvent(QResizeEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    static int widthToFit(const QChartView* view);
    WorkbenchState* m_state;
    DataService* m_data;
    OverviewData m_overview;
    bool m_hasData = false;
    PageRequest* m_request = nullptr; // asks for the overview when the page can be seen
    gpu::Calendar m_calendar = gpu::Calendar::Day;
    QToolButton* m_rollingButton = nullptr; // the trend's rolling 24 h line (spec 7.2)
    QString m_error;

    ElidedLabel* m_subtitle = nullptr; // cut at the right before the trend switch is
    QProgressBar* m_busy = nullptr;
    QButtonGroup* m_calendarButtons = nullptr;
    CardSet m_cards;
    QChartView* m_bucketsView = nullptr;
    QWidget* m_content = nullptr; // the scroll area's widget
    QChartView* m_trendView = nullptr;
    QChartView* m_causesView = nullptr;
    QChartView* m_topJobsView = nullptr;
    // The widths the trend's dates and the top jobs' names were fitted to (0: not shown then);
    // a chart whose view's width changes is drawn again (eventFilter).
    int m_trendWidth = 0;
    int m_topJobsWidth = 0;
    QGridLayout* m_charts = nullptr;
    int m_chartColumns = 0; // 4 in a row on a wide page, else two by two
    // A low window (a 1280x800 screen): the cards without their detail lines (in their tooltips),
    // four lost buckets instead of six, the bucket bars closer, so that the charts' axes fit.
    bool m_compact = false;
    QStringList m_cardIds;
    void applyCompact();
    // A card's whole title and the short one a low window shows when the whole one would take a
    // second line ("ETT% (ponderado por GPU)" -> "ETT%"; empty: none), the whole one in its tooltip.
    struct CardTitles
    {
        QString whole;
        QString shortTitle;
    };
    QMap<QString, CardTitles> m_cardTitles;
    void fitCardTitle(const QString& id);
};

} // namespace ett::app
