// The Compare page: two cohorts, A and B, picked from the open database's
// vocabulary (dataset labels, attribute values, a UTC time range, a GPU range, or typed as a cohort
// spec as `ettw compare --a` takes it), and what changed between them:
//
//   headline        ETT% of A and B, the change in pp with its bootstrap interval, under the
//                   window's weighting (GPU- or time-weighted, named)
//   bridge          a waterfall from ETT% of A to ETT% of B, one floating bar per bucket whose
//                   share of E2E changed (the bucket's colour; a green or red outline: better or
//                   worse for ETT%), exact to 1e-12 pp in the tooltips
//   distributions   TTS, TTR and every phase category / subcategory of A and B overlaid, as CDFs
//                   or histograms over common bins, in fractions of each cohort (unequal counts)
//   changes         p50 / p90 / p99 of every distribution, A, B and the change; interruption
//                   rates per 1,000 GPU-days by cause class
//   matched jobs    the largest regressions and improvements; selecting one shows its timeline in
//                   A and in B side by side, zoomed and panned together, B shifted by an alignment
//                   (starts, first training, or wall clock) plus an offset the user sets
//
// Data comes from DataService::requestComparison (off the GUI thread; a busy bar and the stage show
// while it runs; only the newest request's result is shown) and requestJobTimeline for the two
// timelines. Edits are applied after a short pause, and a page behind another tab asks only when
// shown. setComparisonData() / setTimeline() show data directly (tests). GUI thread only.
//
// The page holds the request and lays out its parts, each a widget of its own: the cohort editors
// (cohort_editor.h), the headline (compare_cards.h), the distributions (distribution_panel.h) and
// the matched job's timelines (matched_timelines.h); its tables show the models of
// compare_models.h, its charts are drawn by compare_charts.h.
#pragma once

#include "app/ui/charts/distribution_panel.h"
#include "app/ui/data/types.h"
#include "app/ui/dialogs/intervals_dialog.h"
#include "app/ui/widgets/cohort_editor.h"
#include "app/ui/widgets/matched_timelines.h"

#include <QColor>
#include <QWidget>

#include <utility>

class QChart;
class QChartView;
class QCheckBox;
class QComboBox;
class QLabel;
class QLayout;
class QProgressBar;
class QSplitter;
class QTabWidget;
class QTableView;
class QTimer;
class QToolButton;

namespace ett::app {

class ElidedLabel;

// The page's two cohorts as their editors hold them, and how they are compared.
struct CohortPair
{
    core::CohortSpec a;
    core::CohortSpec b;
    QString matchBy = QStringLiteral("auto");
    bool countQueue = false;

    bool operator==(const CohortPair&) const = default;
};

class CauseRatesModel;
class CompareCards;
class DataService;
class DistributionChangesModel;
class MatchedJobsModel;
class WorkbenchState;

class ComparePage : public QWidget
{
    Q_OBJECT
public:
    // The delay between the last edit and the request.
    static constexpr int kApplyDelayMs = 350;
    // The colours of the cohorts in every chart, badge and timeline header (Okabe-Ito orange and
    // blue: told apart with the common forms of colour blindness).
    static QColor colorA();
    static QColor colorB();

    // `state` must outlive the page; `service` may be null (data then comes from setComparisonData()).
    ComparePage(WorkbenchState* state, DataService* service, QWidget* parent = nullptr);
    ~ComparePage() override;

    // --- cohorts
    // The cohorts the page starts with for a vocabulary: suggestedCohorts() (cohort_editor.h).
    static std::pair<core::CohortSpec, core::CohortSpec> defaultCohorts(const Vocabulary& vocabulary);
    const core::CohortSpec& cohortA() const { return m_request.a; }
    const core::CohortSpec& cohortB() const { return m_request.b; }
    // Sets both cohorts and asks for the comparison.
    void setCohorts(const core::CohortSpec& a, const core::CohortSpec& b);
    // A becomes B and B becomes A; asks for the comparison.
    void swapCohorts();
    // What matched jobs are paired by ("job", "name", an attribute key); asks for the comparison.
    void setMatchBy(const QString& matchBy);
    // What the shown comparison's jobs were paired by (auto resolved), else what is asked for.
    QString matchedBy() const;
    void setCountQueue(bool countQueue);
    // The service's request for the page's cohorts.
    ComparisonRequest request() const;
    CohortEditor* editor(bool b) const { return b ? m_editorB : m_editorA; }

    // --- results
    // Shows this data as if the current request had returned it (ends the busy state).
    void setComparisonData(const ComparisonData& result);
    const ComparisonData& comparisonData() const { return m_data; }
    bool hasData() const { return m_hasData; }
    bool isBusy() const { return m_pending != 0; }
    QString errorText() const;

    // The headline cards by id ("a", "b", "change", "matched"): title, big value, small print.
    QString cardTitle(const QString& id) const;
    QString cardValue(const QString& id) const;
    QString cardDetail(const QString& id) const;

    enum class Chart { Bridge, Distribution };
    QChart* chart(Chart which) const;

    using DistributionView = DistributionPanel::View;
    DistributionView distributionView() const { return m_distribution->view(); }
    void setDistributionView(DistributionView view) { m_distribution->setView(view); }
    // The distribution shown: an index into comparison.distributions.
    int distributionIndex() const { return m_distribution->index(); }
    void setDistributionIndex(int index) { m_distribution->setIndex(index); }
    bool logScale() const { return m_distribution->logScale(); }
    void setLogScale(bool log) { m_distribution->setLogScale(log); }

    QTableView* changesTable() const { return m_changes; }
    QString ttrBridgeLine() const; // the text under the distributions (rich text)
    // What clicking a bridge step does: asks for the intervals of its bucket in A and B.
    void activateBridgeStep(core::Bucket bucket);
    QTableView* causesTable() const { return m_causes; }
    // Regressions (largest drop first), then improvements (largest gain first).
    QTableView* matchedTable() const { return m_matched; }
    QTabWidget* tabs() const { return m_tabs; }

    // --- matched jobs on the timelines
    // Shows row `row` of the matched table on the timelines (asks for both jobs' timelines).
    void selectMatched(int row);
    int selectedMatched() const { return m_selectedRow; }
    // The pair of that row (nullptr when none).
    const MatchedPair* selectedPair() const;
    // Shows a timeline as if its request had returned it (B: the B side).
    void setTimeline(bool b, const core::JobTimeline& timeline) { m_timelines->setTimeline(b, timeline); }
    GanttWidget* gantt(bool b) const { return m_timelines->gantt(b); }

    // The job view (a row per attempt, by bucket; the default) or the rank view (a row per rank,
    // phases by category) on both timelines.
    bool rankView() const { return m_timelines->rankView(); }
    void setRankView(bool ranks) { m_timelines->setRankView(ranks); }

    // What B's timeline is aligned by; B's view starts at A's view start + offsetNs().
    using Align = MatchedTimelines::Align;
    Align alignment() const { return m_timelines->alignment(); }
    void setAlignment(Align align) { m_timelines->setAlignment(align); }
    // An extra shift of B's content to the right (later on screen), in nanoseconds.
    int64_t shiftNs() const { return m_timelines->shiftNs(); }
    void setShiftNs(int64_t shiftNs) { m_timelines->setShiftNs(shiftNs); }
    // B's instant at A's instant t is t + offsetNs(): the alignment's offset minus the shift.
    int64_t offsetNs() const { return m_timelines->offsetNs(); }

signals:
    // A comparison (the newest request's) has been shown.
    void comparisonShown();
    // Both timelines of the selected matched job are shown.
    void timelinesShown();
    // The intervals behind a bridge step should be listed: the bucket's in cohort A and in B (B
    // first shown; the window opens its intervals dialog).
    void intervalsRequested(const std::vector<ett::app::IntervalScope>& scopes, int current);

public slots:
    // Asks the data service for the comparison of the current cohorts.
    void refresh();

protected:
    void showEvent(QShowEvent* event) override;

private:
    void buildUi();
    QWidget* buildHeader();
    // The title, status, swap, matching, count-queue and weighting row.
    QLayout* buildOptions(QWidget* box);
    QWidget* buildChangesTab();
    QWidget* buildMatchedTab();

    void onVocabularyChanged();
    void onComparisonReady(quint64 id, const ComparisonData& result);
    void onComparisonProgress(quint64 id, const QString& stage);
    void onQueryFailed(quint64 id, const QString& message);
    void scheduleRequest();
    void requestOrDefer();

    void render(); // everything from m_data under the state's weighting
    void renderBridge();
    void renderTables();
    void renderMatched();
    void updateHeader();

    // No matched job on the timelines; a non-empty `why` says why under them.
    void clearTimelines(const QString& why);
    // The cohorts and the weighting, for what the page exports.
    QString exportScope() const;

    WorkbenchState* m_state;
    DataService* m_service;
    CohortPair m_request;
    bool m_cohortsSet = false; // the user (or the defaults) set the cohorts
    ComparisonData m_data;
    bool m_hasData = false;
    bool m_stale = true;
    quint64 m_pending = 0;
    QString m_stage;
    QString m_error;
    QTimer* m_applyTimer = nullptr;

    ElidedLabel* m_status = nullptr;
    QProgressBar* m_busy = nullptr;
    QLabel* m_errorLabel = nullptr;
    CohortEditor* m_editorA = nullptr;
    CohortEditor* m_editorB = nullptr;
    QComboBox* m_matchBy = nullptr;
    QCheckBox* m_countQueue = nullptr;
    QToolButton* m_gpuWeighted = nullptr;
    QToolButton* m_timeWeighted = nullptr;
    CompareCards* m_cards = nullptr;
    QChartView* m_bridgeView = nullptr;
    DistributionPanel* m_distribution = nullptr;
    QTabWidget* m_tabs = nullptr;
    QSplitter* m_changesSplit = nullptr;
    DistributionChangesModel* m_changesModel = nullptr;
    QLabel* m_ttrBridge = nullptr; // Time to Recover's bridge, under the distributions
    CauseRatesModel* m_causesModel = nullptr;
    MatchedJobsModel* m_matchedModel = nullptr;
    QTableView* m_changes = nullptr;
    QTableView* m_causes = nullptr;
    QTableView* m_matched = nullptr;
    QLabel* m_matchedNote = nullptr;

    // The selected matched job (a row of the matched table) and its timelines.
    int m_selectedRow = -1;
    MatchedTimelines* m_timelines = nullptr;
};

} // namespace ett::app
