// The What-if page's saved scenarios: a table of those saved in the open database (name, changes,
// cohort, when saved), Load (or a double click) to show one in the page's rows and cohort, Save as…
// to save the page's rows and cohort under a name (asking before it replaces one), Delete, and Undo
// of the last delete (saving it again; refused when one of its name has been saved since). A line
// says what happened last ("Saved scenario 'x'.", or "Nothing was changed: …" in red).
//
// The panel asks the DataService (the database's list, saves, deletes) and shows only the answers
// to its own latest requests. The page supplies what to save and does the loading. Named for tests:
// "scenarios", "scenarioNote", "loadScenario", "saveScenario", "deleteScenario", "undoDelete".
// GUI thread only.
#pragma once

#include "app/ui/data/types.h"

#include <QWidget>

#include <functional>
#include <optional>

QT_BEGIN_NAMESPACE
class QLabel;
class QPushButton;
class QTableWidget;
QT_END_NAMESPACE

namespace ett::app {

class DataService;

class ScenarioPanel : public QWidget
{
    Q_OBJECT
public:
    // The page's rows and cohort as a scenario to save (its name is set by the panel).
    using Current = std::function<core::Scenario()>;
    // Shows a saved scenario in the page (called by Load, at once; it may showMessage()).
    using Apply = std::function<void(const core::Scenario& scenario)>;

    // `service` may be null (nothing is then asked); `current` and `apply` must be set.
    ScenarioPanel(DataService* service, Current current, Apply apply, QWidget* parent = nullptr);

    const ScenarioList& scenarios() const { return m_scenarios; }
    QTableWidget* scenariosTable() const { return m_scenarioTable; }
    // Saves current() under `name` (replacing one of the same name); without a database, says so.
    void saveScenarioAs(const QString& name);
    // Applies the saved scenario of that name; false (and a message) when none has the name.
    bool loadScenario(const QString& name);
    void deleteScenario(const QString& name);
    // Saves the last deleted scenario again; refused (with a message) when one of its name exists.
    void undoDelete();
    bool canUndoDelete() const { return m_undo.has_value(); }
    // The last message about scenarios ("Saved 'x'.", an error).
    QString scenarioMessage() const { return m_scenarioMessage; }
    // Shows a message of the page's ("Loaded scenario 'x'.").
    void showMessage(const QString& message);
    // Forgets the list, the undo and the message, and asks for the open database's list.
    void reload();

signals:
    // The list of saved scenarios has been shown (after a load, save, delete or undo, or a failure).
    void scenariosShown();
    // Whether a delete can be undone may have changed (canUndoDelete()).
    void undoDeleteChanged();

private:
    void buildUi();
    void connectService();
    void askSaveAs();
    QString selectedName() const;
    void onScenarios(const ScenarioList& list, const QString& message);
    void onQueryFailed(quint64 id, const QString& message);
    void requestScenarios();
    void renderScenarios();

    DataService* m_service;
    Current m_current;
    Apply m_apply;

    ScenarioList m_scenarios;
    quint64 m_scenariosPending = 0;
    quint64 m_savePending = 0;
    quint64 m_deletePending = 0;
    bool m_restoring = false; // the pending save is an undo
    std::optional<core::Scenario> m_undo;
    QString m_scenarioMessage;

    QTableWidget* m_scenarioTable = nullptr;
    QPushButton* m_loadButton = nullptr;
    QPushButton* m_deleteButton = nullptr;
    QLabel* m_scenarioNote = nullptr;
    QPushButton* m_undoButton = nullptr;
};

} // namespace ett::app
