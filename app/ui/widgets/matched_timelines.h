// The timelines of one matched job of the Compare page, side by side: its job in cohort A and its
// match in B, each under a header (key, label, GPUs, attempts; "Open" to see it in the
// drill-down), zoomed and panned together, under one legend of both scenes. B is shifted by an
// alignment (the jobs' starts inside their cohorts' ranges, their first training, or the wall
// clock) plus an offset the user sets (minutes, a spin box and a slider); both show the job view (a
// row per attempt, by bucket) or both the rank view (a row per rank, phases by category).
//
// showPair() asks the data service for both jobs' timelines, each on its own channel so that A's
// request does not make B's stale, and shows each as it arrives; setTimeline() shows one directly
// (tests). GUI thread only.
#pragma once

#include "app/ui/data/types.h"

#include <QWidget>

#include <array>
#include <memory>
#include <optional>
#include <utility>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSlider;

namespace ett::app {

class DataService;
class ElidedLabel;
class GanttScene;
class GanttWidget;
class LegendStrip;

class MatchedTimelines : public QWidget
{
    Q_OBJECT
public:
    // What B's timeline is aligned by; B's view starts at A's view start + offsetNs().
    enum class Align { Starts, FirstTraining, WallClock };

    // `service` may be null (the timelines then come from setTimeline()).
    explicit MatchedTimelines(DataService* service, QWidget* parent = nullptr);

    // Shows a pair: its headers over empty timelines, then each job's timeline as it arrives. The
    // time ranges of cohorts `a` and `b` bound the jobs' windows (alignment, fit); `matchBy` names
    // what paired the jobs, for the headers.
    void showPair(
        const MatchedPair& pair, const core::CohortSpec& a, const core::CohortSpec& b, const QString& matchBy);
    // Shows no pair; a non-empty `why` replaces the note under the timelines.
    void clear(const QString& why);
    // Shows a timeline as if its request had returned it (b: the B side).
    void setTimeline(bool b, const core::JobTimeline& timeline);
    GanttWidget* gantt(bool b) const { return b ? m_ganttB : m_ganttA; }

    bool rankView() const { return m_rankView; }
    void setRankView(bool ranks);
    Align alignment() const { return m_align; }
    void setAlignment(Align align);
    // An extra shift of B's content to the right (later on screen), in nanoseconds.
    int64_t shiftNs() const { return m_shiftNs; }
    void setShiftNs(int64_t shiftNs);
    // B's instant at A's instant t is t + offsetNs(): the alignment's offset minus the shift.
    int64_t offsetNs() const;

signals:
    // Both timelines of the pair are shown.
    void timelinesShown();
    // The user asked to open a job (its index and key) in the drill-down.
    void openJobRequested(int32_t job, const QString& key);

private:
    QLayout* buildControls();
    QWidget* buildPane(bool b);
    void onTimelineReady(quint64 id, const core::JobTimeline& timeline);
    void onQueryFailed(quint64 id, const QString& message);
    // A side's timeline as a scene of the current view (job or rank).
    std::shared_ptr<GanttScene> sceneOf(bool b) const;

    // The anchors of the alignment, the shared bounds, and keeping B in step with A.
    void timelinesChanged(bool fit);
    void syncFrom(bool fromB);
    // The part of a side's job inside its cohort's time range: [start, end).
    std::pair<int64_t, int64_t> cohortWindow(bool b) const;
    int64_t anchorOf(bool b) const;
    void updateShiftRange();
    void updateHeaders();
    void updateLegend();

    DataService* m_service;
    std::optional<MatchedPair> m_pair;
    std::array<core::CohortSpec, 2> m_cohorts;
    QString m_matchBy;
    std::array<std::shared_ptr<const core::JobTimeline>, 2> m_timelines;
    std::array<int32_t, 2> m_jobs { -1, -1 };
    std::array<quint64, 2> m_requests { 0, 0 };
    std::array<QObject*, 2> m_channels { nullptr, nullptr };
    Align m_align = Align::Starts;
    bool m_rankView = false;
    int64_t m_shiftNs = 0;
    bool m_syncing = false;

    GanttWidget* m_ganttA = nullptr;
    GanttWidget* m_ganttB = nullptr;
    // Each pane's header: the cohort's badge, the job's key (bold) and what follows (elided at the
    // right, whole in its tooltip), so that a narrow pane cuts the header with an ellipsis.
    struct Header
    {
        QLabel* badge = nullptr;
        ElidedLabel* key = nullptr;
        ElidedLabel* rest = nullptr;
    };
    std::array<Header, 2> m_headers;
    QLabel* m_note = nullptr;
    LegendStrip* m_legend = nullptr;
    QComboBox* m_alignChoice = nullptr;
    QDoubleSpinBox* m_shiftBox = nullptr;
    QSlider* m_shiftSlider = nullptr;
};

} // namespace ett::app
