// The What-if page: scale a cohort's buckets, a phase subcategory, its
// interruptions or its checkpoint interval, and see the projected ETT% as the engine recomputes it.
//
//   left      a row per change: setup, init, checkpoint load, compile, recovery (the bucket's
//             time), a phase subcategory (its time), failures and preemptions (what each costs:
//             lost progress, recovery, the next start-up), each 0-200% with a slider and a spin
//             box showing the exact %; the checkpoint interval (as measured, each job's optimum,
//             or a scale of the measured one); Reset
//   right     ETT% today -> projected under the window's weighting (the other beside), jobs and
//             interruptions today and projected, the bridge from today to projected (a bar per
//             change, exact: today + the steps == projected in 1e-12 pp) and the table of steps
//   bottom    the scenarios saved in the database: load one into the rows, save the rows as a
//             named scenario, delete one (Undo, or Ctrl+Z, saves it again)
//
// The cohort is the filter bar's (followed as it changes) or a cohort spec typed on the page.
// Changes apply in the order of the rows, each to the result of those above (core/model/whatif.h),
// then the changes of a loaded scenario that no row can show. A row at 100% (the interval: "as
// measured") is no change. While a slider moves the page asks DataService::requestWhatIf at most
// every kThrottleMs (through a PageRequest: a page behind another tab asks when shown); the worker
// keeps the cohort's model, and only the newest request's result is shown. GUI thread only.
//
// The page composes and wires: the rows are a WhatIfRowsEditor (whatif_rows_editor.h), what a
// projection shows comes from whatif_results.h, the saved scenarios are a ScenarioPanel
// (scenario_panel.h).
#pragma once

#include "app/ui/data/types.h"
#include "app/ui/models/whatif_rows.h"

#include <QWidget>

#include <optional>
#include <vector>

class QAction;
class QChart;
class QChartView;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QSlider;
class QSplitter;
class QStackedWidget;
class QTableWidget;
class QTimer;

namespace ett::app {

class ElidedLabel;

class DataService;
class PageRequest;
class ScenarioPanel;
class WhatIfRowsEditor;
class WorkbenchState;

class WhatIfPage : public QWidget
{
    Q_OBJECT
public:
    // The most often a moving slider asks for a projection.
    static constexpr int kThrottleMs = 50;
    // The saved scenarios' height at most, unless the user moves the splitter above them.
    static constexpr int kScenariosHeight = 170;

    // The rows of percentages, in the order their changes apply (whatif_rows.h).
    using Row = WhatIfRows::Row;
    static constexpr int kRows = WhatIfRows::kRows;
    using Interval = WhatIfRows::Interval;
    // The row of a name: "setup", "init", "checkpoint_load", "compile", "recovery", "phase",
    // "failures", "preemptions" (the rows' object names start with it).
    static std::optional<Row> rowNamed(const QString& name);

    // `state` must outlive the page; `service` may be null (nothing is then asked).
    WhatIfPage(WorkbenchState* state, DataService* service, QWidget* parent = nullptr);
    ~WhatIfPage() override;

    // --- the changes
    // A row's percentage (100: no change). Setting it moves the slider and the spin box and asks for
    // a projection, as the user's edit would.
    double percent(Row row) const;
    void setPercent(Row row, double percent);
    QSlider* slider(Row row) const;
    QDoubleSpinBox* spinBox(Row row) const;
    // The phase subcategory of the Phase row ("init.process_group_init"); the fleet's are offered.
    QString phaseSubcategory() const;
    void setPhaseSubcategory(const QString& subcategory);
    Interval interval() const;
    double intervalPercent() const;
    void setInterval(Interval mode, double scalePercent = 100);
    // Every row back to no change; the changes of a loaded scenario no row shows are dropped too.
    void reset();
    // The changes the rows (and a loaded scenario) make, in the order they apply.
    std::vector<core::WhatIfChange> changes() const;

    // --- the cohort
    // A typed cohort spec; nullopt: the filter bar's jobs (followed as the filter changes).
    void setCohortSpec(const std::optional<QString>& spec);
    bool followsFilter() const;
    // The spec asked for ("" every job).
    QString cohortSpec() const;

    // --- results
    const WhatIfData& data() const { return m_data; }
    bool hasData() const { return m_hasData; }
    bool isBusy() const;
    QString errorText() const { return m_error; }
    // The headline as shown: "74.21% → 78.90%" and its change "+4.69 pp".
    QString headlineText() const;
    QString headlineChangeText() const;
    QChart* bridgeChart() const;
    QTableWidget* stepsTable() const { return m_steps; }
    // The empty state shows (no database, or no jobs in it).
    bool showsEmptyState() const;

    // --- scenarios saved in the database
    const ScenarioList& scenarios() const;
    QTableWidget* scenariosTable() const;
    // Saves the rows and the cohort under `name` (replacing one of the same name).
    void saveScenarioAs(const QString& name);
    // Shows a saved scenario in the rows and its cohort; false when none has the name.
    bool loadScenario(const QString& name);
    void deleteScenario(const QString& name);
    // Saves the last deleted scenario again; refused (with a message) when one of its name exists.
    void undoDelete();
    bool canUndoDelete() const;
    // The page's own Ctrl+Z (while it has the focus). A main window with an Edit > Undo of its own
    // takes the key away from it and dispatches to undoDelete() instead: two actions on one key
    // would be ambiguous, and Qt then triggers neither.
    QAction* undoDeleteAction() const { return m_undoAction; }
    // The last message about scenarios ("Saved 'x'.", an error).
    QString scenarioMessage() const;

signals:
    // A projection (the newest request's) has been shown.
    void projectionShown();
    // The list of saved scenarios has been shown (after a load, save, delete or undo).
    void scenariosShown();
    // Whether a delete can be undone may have changed (canUndoDelete()).
    void undoDeleteChanged();

public slots:
    // Asks for the projection of the current rows and cohort.
    void refresh();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void buildUi();
    // Gives the rows the height they need above the saved scenarios, until the user moves the
    // splitter between them.
    void fitBody();
    QWidget* buildHeader();
    QWidget* buildChanges();
    QWidget* buildResults();
    QWidget* buildHeadline(QWidget* parent);
    QWidget* buildScenarios();

    void onVocabularyChanged();
    void onWhatIfReady(quint64 id, const WhatIfData& data);
    void onQueryFailed(quint64 id, const QString& message);
    void schedule();
    void applyScenario(const core::Scenario& scenario);

    void render();
    void renderHeadline();
    void renderBridge();
    void renderSteps();
    void updateStatus();
    QString exportScope() const;

    WorkbenchState* m_state;
    DataService* m_service;
    WhatIfData m_data;
    bool m_hasData = false;
    PageRequest* m_request = nullptr;
    QString m_error;
    QTimer* m_throttle = nullptr;
    std::optional<QString> m_typedSpec;

    ElidedLabel* m_status = nullptr;
    QProgressBar* m_busy = nullptr;
    QLabel* m_errorLabel = nullptr;
    QComboBox* m_cohortSource = nullptr;
    QLineEdit* m_cohortEdit = nullptr;
    QStackedWidget* m_stack = nullptr;
    QSplitter* m_body = nullptr; // the rows and results above, the saved scenarios below
    bool m_bodyMoved = false; // by the user
    QLabel* m_empty = nullptr;
    WhatIfRowsEditor* m_rowsEditor = nullptr; // the changes
    QLabel* m_headlineTitle = nullptr;
    QLabel* m_headline = nullptr;
    QLabel* m_headlineChange = nullptr;
    QLabel* m_headlineOther = nullptr;
    QLabel* m_facts = nullptr;
    QChartView* m_bridgeView = nullptr;
    QTableWidget* m_steps = nullptr;
    ScenarioPanel* m_scenarioPanel = nullptr; // saved in the database
    QAction* m_undoAction = nullptr;
};

} // namespace ett::app
