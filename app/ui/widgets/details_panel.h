// The details panel: everything about the job or attempt the user is at
// (it follows state->location()): the attempt's window, GPUs, outcome, cause, symptom and detail
// text, its buckets with hours and percent (with the recovery gap after it, as the drill-down
// table counts an attempt), Time to Start and Time to Recover; a table of its
// phases (start, duration, category.subcategory, rank, name); and the init sub-stage breakdown
// (per subcategory the total over all ranks and the largest per-rank sum); and the job's restarts
// (restarts_tab.h: start-up by stage per attempt). At the job level it
// shows the whole job (every attempt, the gaps as recovery) and a menu of its attempts.
//
// The job comes from DataService::requestJobTimeline (only the newest answer is shown; the last
// job stays cached while the user moves between its attempts). setJobTimeline() shows one
// directly (tests, other callers). showTimelineSelection() adds text about what the user clicked
// in the timeline. GUI thread only.
#pragma once

#include "app/ui/data/types.h"
#include "app/ui/widgets/elided_label.h"

#include <QWidget>

#include <optional>

class QAbstractItemModel;
class QBoxLayout;
class QSplitter;
class QComboBox;
class QFormLayout;
class QLabel;
class QProgressBar;
class QSortFilterProxyModel;
class QStackedWidget;
class QStandardItemModel;
class QTabWidget;
class QTableView;
class QVBoxLayout;

namespace ett::app {

class DataService;
class WorkbenchState;
class PhaseTableModel;
class LeadingColumnFit;
class RestartsTab;

class DetailsPanel : public QWidget
{
    Q_OBJECT
public:
    // `state` must outlive the panel; `service` may be null (timelines then come from setJobTimeline()).
    DetailsPanel(WorkbenchState* state, DataService* service, QWidget* parent = nullptr);
    ~DetailsPanel() override;

    // Shows the timeline of engine job `job` as if the current request had returned it.
    void setJobTimeline(int32_t job, const core::JobTimeline& timeline);

    // The engine job shown (-1: none) and the attempt shown (nullopt: the whole job).
    int32_t shownJob() const { return m_job; }
    std::optional<int32_t> shownAttempt() const { return m_attempt; }
    bool isBusy() const { return m_pending != 0; }

    // For tests and for copying: the figures as "label: value" lines, and the tables' models
    // (buckets: bucket, time, GPU-hours, % of E2E; phases: attempt, start, duration, phase, rank, name;
    // init stages: subcategory, total, max over ranks, ranks, phases).
    QString figuresText() const;
    QAbstractItemModel* bucketModel() const;
    QAbstractItemModel* phaseModel() const;
    QAbstractItemModel* initModel() const;
    // The Restarts tab (the whole job's restarts), and bringing it to the front.
    RestartsTab* restartsTab() const;
    void showRestartsTab();
    QString timelineSelection() const;

public slots:
    // Shows extra text about what the user clicked in the timeline (empty text hides it).
    void showTimelineSelection(const QString& text);

protected:
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    // Gives the figures their natural height (at most 60%), the phase tables the rest.
    void buildTitle(QWidget* page, QVBoxLayout* layout);
    QWidget* buildFigures(QSplitter* splitter);
    QWidget* buildTables(QSplitter* splitter);
    void connectSignals();
    void fitSplitter();
    void onLocationChanged(const Location& location);
    void onJobTimelineReady(quint64 id, const core::JobTimeline& timeline);
    void onQueryFailed(quint64 id, const QString& message);
    void request(int32_t job);
    // Shows the loaded job at the attempt of the state's location (or the whole job).
    void showSelection();
    void fillAttemptMenu();
    void fillFigures(const std::vector<const core::TimelineAttempt*>& attempts);
    void fillBuckets(const core::BucketArray& bucketsNs, int64_t e2eNs, int64_t gpus);
    void fillInitStages(const std::vector<const core::TimelineAttempt*>& attempts);
    void addFigure(const QString& label, const QString& value, const QString& toolTip = {});
    void showPlaceholder(const QString& text);

    WorkbenchState* m_state;
    DataService* m_data;
    quint64 m_pending = 0;
    int32_t m_pendingJob = -1;
    int m_retries = 0; // re-requests after another view's request made ours stale
    int32_t m_job = -1; // the loaded job (engine index)
    std::optional<int32_t> m_attempt;
    core::JobTimeline m_timeline;

    QStackedWidget* m_stack = nullptr;
    QLabel* m_placeholder = nullptr;
    ElidedLabel* m_title = nullptr; // the job's key, elided in the middle
    QLabel* m_subtitle = nullptr;
    QProgressBar* m_busy = nullptr;
    QComboBox* m_attemptMenu = nullptr;
    QSplitter* m_splitter = nullptr;
    QBoxLayout* m_figuresLayout = nullptr; // form beside the buckets when wide, above them when narrow
    QWidget* m_figures = nullptr;
    QFormLayout* m_form = nullptr;
    QWidget* m_formBox = nullptr;
    QTableView* m_bucketView = nullptr;
    QStandardItemModel* m_buckets = nullptr;
    QTabWidget* m_tabs = nullptr;
    QTableView* m_phaseView = nullptr;
    LeadingColumnFit* m_phaseFit = nullptr; // the name gives way to the duration in a narrow dock
    LeadingColumnFit* m_initFit = nullptr;
    PhaseTableModel* m_phases = nullptr;
    QSortFilterProxyModel* m_phaseProxy = nullptr;
    QTableView* m_initView = nullptr;
    QStandardItemModel* m_init = nullptr;
    RestartsTab* m_restartsTab = nullptr;
    QLabel* m_selection = nullptr;
};

} // namespace ett::app
