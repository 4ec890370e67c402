// The timeline page: a toolbar (Job / Ranks / Fleet / Density, fit, zoom), the legend
// and the Gantt widget, following the WorkbenchState.
//
//   location job or attempt  ->  data->requestJobTimeline(job); job view or rank view
//                                (attempt level: zoomed to that attempt, its row selected)
//   location fleet or group  ->  data->requestFleetTimeline(filter [+ the group's term],
//                                from, to, kMaxFleetRows); fleet view (the first jobs by start,
//                                the axis over them)
//                            or  data->requestFleetDensity(the same, bins for the widget's size);
//                                density view (every job, binned on the worker)
//
// Results carry the id of their request; only the latest request of each kind is shown, older
// results are dropped (after hotspot's job tracker). GUI thread only.
#pragma once

#include "app/ui/data/types.h"
#include "app/ui/timeline/gantt_scene.h"

#include <QWidget>

#include <memory>

class QLabel;
class QToolButton;

namespace ett::app {

class DataService;
class ElidedLabel;
class GanttWidget;
class LegendStrip;
class RollingStrip;
class WorkbenchState;

class TimelineView : public QWidget
{
    Q_OBJECT
public:
    enum class Mode { Job, Ranks, Fleet, Density };
    // The most job rows a fleet view asks for.
    static constexpr int kMaxFleetRows = 2000;
    // Sources with fewer phases, segments or spans than this are turned into a scene on the GUI
    // thread; larger ones on the thread pool (the scene appears a moment later).
    static constexpr int64_t kSyncBuildLimit = 100'000;

    // state and dataService must outlive the view; dataService may be null (nothing is requested: tests feed
    // results through showJobTimeline() / showFleetTimeline()).
    TimelineView(WorkbenchState* state, DataService* dataService, QWidget* parent = nullptr);
    ~TimelineView() override;

    Mode mode() const { return m_mode; }
    GanttWidget* gantt() const { return m_gantt; }
    // The scene on screen (never null; empty while loading).
    const GanttScene& scene() const { return *m_scene; }
    // The filter a fleet request uses at the current location: the state's filter plus, at group
    // level, the group's term (labels for "label", else the attribute).
    core::CohortSpec fleetFilter() const;
    // The ids of the latest requests (0: none yet).
    quint64 pendingJobRequest() const { return m_jobRequest; }
    quint64 pendingFleetRequest() const { return m_fleetRequest; }
    quint64 pendingDensityRequest() const { return m_densityRequest; }
    // The grid size a density request asks for at the widget's current size: a bin per pixel of
    // the time area, a band per pixel line below the heat strips.
    std::pair<int, int> densityGrid() const;
    // The job views' rolling ETT% strip above the Gantt (spec 7.2).
    RollingStrip* rollingStrip() const { return m_rolling; }

public slots:
    // Switches between the job, rank and fleet views (Job and Ranks need a job location).
    void setMode(ett::app::TimelineView::Mode mode);
    // Re-reads the state: requests what is missing, rebuilds the scene otherwise. (While the view
    // is hidden, state changes only mark it for a refresh when it is shown.)
    void refresh();
    // Shows a job's timeline as if it were the latest result (the job of the current location).
    void showJobTimeline(const ett::core::JobTimeline& timeline);
    void showFleetTimeline(const ett::app::FleetTimelineData& fleetData);
    void showFleetDensity(const ett::app::FleetDensity& density);
    // The data service's results: shown when id is the latest request of its kind, else dropped.
    void handleJobTimeline(quint64 id, const ett::core::JobTimeline& timeline);
    void handleFleetTimeline(quint64 id, const ett::app::FleetTimelineData& fleetData);
    void handleFleetDensity(quint64 id, const ett::app::FleetDensity& density);
    void handleQueryFailed(quint64 id, const QString& message);
    // Job views: zooms the Gantt to the job's worst rolling hour and says so in the status.
    void showWorstWindow();
    // The data changed under the same place (a watched folder): asks again for what is shown and
    // shows the answer keeping the zoom, the scroll and the selection. Hidden: when next shown.
    void refreshData();
    // The clock of live data (0: not live): running attempts are drawn open-ended up to it.
    void setLiveNow(int64_t nowNs);

signals:
    // The user selected something on the timeline (for the details panel).
    void selectionChanged(const ett::app::TimelineSelection& selection);

protected:
    void showEvent(QShowEvent* event) override;

private:
    void onLocationChanged();
    void refreshWhenVisible();
    // keep: the data changed under the same place: the view and selection stay (replaceScene).
    void rebuildScene(bool fit, bool keep = false);
    void applyScene(std::shared_ptr<const GanttScene> scene, bool fit, bool keep = false);
    // At attempt level: zooms to the attempt and selects its row.
    void focusAttempt();
    void updateButtons();
    void setStatus(const QString& text);
    std::pair<int64_t, int64_t> fleetRange() const;
    // The fleet view's request, or the density view's (a new one only when its inputs changed).
    void refreshFleet();
    void refreshDensity();
    // Shows an empty scene while a request is on its way.
    void showLoading();
    // The rolling ETT% of the job shown (computed once per loaded timeline).
    void updateRolling();

    WorkbenchState* m_state;
    DataService* m_data;
    Mode m_mode = Mode::Fleet;
    QToolButton* m_jobButton = nullptr;
    QToolButton* m_ranksButton = nullptr;
    QToolButton* m_fleetButton = nullptr;
    QToolButton* m_densityButton = nullptr;
    ElidedLabel* m_status = nullptr;
    LegendStrip* m_legend = nullptr;
    RollingStrip* m_rolling = nullptr;
    QToolButton* m_worstButton = nullptr;
    std::shared_ptr<const core::JobTimeline> m_rollingFor; // the timeline the strip shows
    GanttWidget* m_gantt = nullptr;
    std::shared_ptr<const GanttScene> m_scene;
    quint64 m_buildGeneration = 0; // the latest scene build; older ones are dropped
    bool m_dirty = false; // the state changed while the view was hidden
    bool m_keepView = false; // the answers on their way refresh the data shown: keep the view

    // What is loaded, and what was asked for last.
    std::shared_ptr<const core::JobTimeline> m_timeline;
    int32_t m_timelineJob = -1;
    std::shared_ptr<const FleetTimelineData> m_fleet;
    core::CohortSpec m_fleetLoadedFilter;
    std::pair<int64_t, int64_t> m_fleetLoadedRange { 0, 0 };
    std::shared_ptr<const FleetDensity> m_density;
    core::CohortSpec m_densityLoadedFilter;
    std::pair<int64_t, int64_t> m_densityLoadedRange { 0, 0 };
    quint64 m_densityRequest = 0;
    core::CohortSpec m_requestedDensityFilter;
    std::pair<int64_t, int64_t> m_requestedDensityRange { 0, 0 };
    quint64 m_jobRequest = 0;
    int32_t m_requestedJob = -1;
    quint64 m_fleetRequest = 0;
    core::CohortSpec m_requestedFleetFilter;
    std::pair<int64_t, int64_t> m_requestedFleetRange { 0, 0 };
};

} // namespace ett::app
