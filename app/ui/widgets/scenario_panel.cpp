#include "app/ui/widgets/scenario_panel.h"

#include "app/ui/data/data_service.h"
#include "app/ui/models/whatif_results.h"
#include "app/ui/pages/page_widgets.h"
#include "core/ingest/scenario_file.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace ett::app {

ScenarioPanel::ScenarioPanel(DataService* service, Current current, Apply apply, QWidget* parent)
    : QWidget(parent)
    , m_service(service)
    , m_current(std::move(current))
    , m_apply(std::move(apply))
{
    buildUi();
    if (m_service) {
        connectService();
    }
}

// --- construction -----------------------------------------------------------------------------------

void ScenarioPanel::buildUi()
{
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(0, 2, 0, 0);
    v->setSpacing(3);
    auto* top = new QHBoxLayout;
    top->addWidget(makeCaption(tr("Saved scenarios"), this));
    m_scenarioNote = new QLabel(this);
    m_scenarioNote->setObjectName(QStringLiteral("scenarioNote"));
    m_scenarioNote->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    top->addWidget(m_scenarioNote, 1);
    m_undoButton = new QPushButton(tr("Undo"), this);
    m_undoButton->setObjectName(QStringLiteral("undoDelete"));
    m_undoButton->setToolTip(tr("Save the deleted scenario again (Ctrl+Z)"));
    m_undoButton->hide();
    connect(m_undoButton, &QPushButton::clicked, this, &ScenarioPanel::undoDelete);
    top->addWidget(m_undoButton);
    v->addLayout(top);

    auto* row = new QHBoxLayout;
    m_scenarioTable = makeTable(this, { tr("Name"), tr("Changes"), tr("Cohort"), tr("Saved (UTC)") });
    m_scenarioTable->setObjectName(QStringLiteral("scenarios"));
    m_scenarioTable->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_scenarioTable->setMinimumHeight(70);
    connect(m_scenarioTable, &QTableWidget::itemSelectionChanged, this, [this] {
        const bool selected = !m_scenarioTable->selectedItems().isEmpty();
        m_loadButton->setEnabled(selected);
        m_deleteButton->setEnabled(selected);
    });
    connect(m_scenarioTable, &QTableWidget::cellDoubleClicked, this,
        [this](int r, int) { loadScenario(m_scenarioTable->item(r, 0)->text()); });
    row->addWidget(m_scenarioTable, 1);
    auto* buttons = new QVBoxLayout;
    m_loadButton = new QPushButton(tr("Load"), this);
    m_loadButton->setObjectName(QStringLiteral("loadScenario"));
    m_loadButton->setToolTip(tr("Show the selected scenario in the rows (and its cohort)"));
    m_loadButton->setEnabled(false);
    auto* save = new QPushButton(tr("Save as…"), this);
    save->setObjectName(QStringLiteral("saveScenario"));
    save->setToolTip(tr("Save the rows and the cohort in the database under a name"));
    m_deleteButton = new QPushButton(tr("Delete"), this);
    m_deleteButton->setObjectName(QStringLiteral("deleteScenario"));
    m_deleteButton->setToolTip(tr("Delete the selected scenario from the database (Undo brings it back)"));
    m_deleteButton->setEnabled(false);
    connect(m_loadButton, &QPushButton::clicked, this, [this] { loadScenario(selectedName()); });
    connect(m_deleteButton, &QPushButton::clicked, this, [this] { deleteScenario(selectedName()); });
    connect(save, &QPushButton::clicked, this, &ScenarioPanel::askSaveAs);
    buttons->addWidget(m_loadButton);
    buttons->addWidget(save);
    buttons->addWidget(m_deleteButton);
    buttons->addStretch(1);
    row->addLayout(buttons);
    v->addLayout(row, 1);
}

void ScenarioPanel::connectService()
{
    connect(m_service, &DataService::queryFailed, this, &ScenarioPanel::onQueryFailed);
    connect(m_service, &DataService::scenariosReady, this, [this](quint64 id, const ScenarioList& list) {
        if (id == m_scenariosPending) {
            m_scenariosPending = 0;
            onScenarios(list, m_scenarioMessage);
        }
    });
    connect(m_service, &DataService::scenarioSaved, this,
        [this](quint64 id, const QString& name, const ScenarioList& list) {
            if (id != m_savePending) {
                return;
            }
            m_savePending = 0;
            const QString message
                = m_restoring ? tr("Restored scenario '%1'.").arg(name) : tr("Saved scenario '%1'.").arg(name);
            if (m_restoring) {
                m_undo.reset();
            }
            m_restoring = false;
            onScenarios(list, message);
            for (int r = 0; r < m_scenarioTable->rowCount(); ++r) {
                if (m_scenarioTable->item(r, 0)->text() == name) {
                    m_scenarioTable->selectRow(r);
                }
            }
        });
    connect(m_service, &DataService::scenarioDeleted, this,
        [this](quint64 id, const core::SavedScenario& deleted, const ScenarioList& list) {
            if (id != m_deletePending) {
                return;
            }
            m_deletePending = 0;
            m_undo = deleted.scenario;
            onScenarios(list, tr("Deleted scenario '%1'.").arg(qs(deleted.scenario.name)));
        });
}

// Save as…: a name (the selected scenario's, or a new one), and a question before replacing one.
void ScenarioPanel::askSaveAs()
{
    bool ok = false;
    const QString proposed
        = selectedName().isEmpty() ? tr("scenario %1").arg(m_scenarios.scenarios.size() + 1) : selectedName();
    const QString name = QInputDialog::getText(
        this, tr("Save scenario"), tr("Name of the scenario:"), QLineEdit::Normal, proposed, &ok)
                             .trimmed();
    if (!ok || name.isEmpty()) {
        return;
    }
    const bool exists = std::any_of(m_scenarios.scenarios.begin(), m_scenarios.scenarios.end(),
        [&](const core::SavedScenario& s) { return qs(s.scenario.name) == name; });
    if (exists
        && QMessageBox::question(this, tr("Save scenario"),
               tr("A scenario named '%1' is saved already. Replace it?").arg(name), QMessageBox::Yes | QMessageBox::No,
               QMessageBox::No)
            != QMessageBox::Yes) {
        return;
    }
    saveScenarioAs(name);
}

QString ScenarioPanel::selectedName() const
{
    const auto items = m_scenarioTable->selectedItems();
    return items.isEmpty() ? QString() : m_scenarioTable->item(items.first()->row(), 0)->text();
}

// --- requests ----------------------------------------------------------------------------------------

void ScenarioPanel::reload()
{
    m_scenarios = ScenarioList {};
    m_undo.reset();
    m_scenarioMessage.clear();
    renderScenarios();
    requestScenarios();
}

void ScenarioPanel::requestScenarios()
{
    if (m_service && m_service->hasDatabase()) {
        m_scenariosPending = m_service->requestScenarios(this);
    }
}

void ScenarioPanel::onQueryFailed(quint64 id, const QString& message)
{
    if (id == 0) {
        return;
    }
    if (id == m_scenariosPending || id == m_savePending || id == m_deletePending) {
        const bool saving = id == m_savePending;
        m_scenariosPending = id == m_scenariosPending ? 0 : m_scenariosPending;
        m_savePending = saving ? 0 : m_savePending;
        m_deletePending = id == m_deletePending ? 0 : m_deletePending;
        m_restoring = saving ? false : m_restoring;
        m_scenarioMessage = tr("Nothing was changed: %1").arg(message);
        renderScenarios();
        emit scenariosShown();
    }
}

// --- scenarios ---------------------------------------------------------------------------------------

void ScenarioPanel::onScenarios(const ScenarioList& list, const QString& message)
{
    m_scenarios = list;
    m_scenarioMessage = message;
    renderScenarios();
    emit scenariosShown();
}

void ScenarioPanel::saveScenarioAs(const QString& name)
{
    if (!m_service || !m_service->hasDatabase()) {
        m_scenarioMessage = tr("Open a database first: scenarios are saved in it.");
        renderScenarios();
        return;
    }
    core::Scenario s = m_current();
    s.name = name.trimmed().toStdString();
    m_restoring = false;
    m_savePending = m_service->saveScenario(s);
}

bool ScenarioPanel::loadScenario(const QString& name)
{
    for (const auto& saved : m_scenarios.scenarios) {
        if (qs(saved.scenario.name) == name) {
            m_apply(saved.scenario);
            return true;
        }
    }
    m_scenarioMessage = tr("No scenario named '%1' is saved.").arg(name);
    renderScenarios();
    return false;
}

void ScenarioPanel::deleteScenario(const QString& name)
{
    if (!m_service || name.isEmpty()) {
        return;
    }
    m_deletePending = m_service->deleteScenario(name);
}

void ScenarioPanel::undoDelete()
{
    if (!m_undo || !m_service) {
        return;
    }
    const QString name = qs(m_undo->name);
    const bool exists = std::any_of(m_scenarios.scenarios.begin(), m_scenarios.scenarios.end(),
        [&](const core::SavedScenario& s) { return s.scenario.name == m_undo->name; });
    if (exists) {
        // Saving it again would replace the scenario saved under its name since.
        m_scenarioMessage = tr("Not undone: a scenario named '%1' has been saved since.").arg(name);
        m_undo.reset();
        renderScenarios();
        return;
    }
    m_restoring = true;
    m_savePending = m_service->saveScenario(*m_undo);
}

void ScenarioPanel::showMessage(const QString& message)
{
    m_scenarioMessage = message;
    renderScenarios();
}

// --- rendering -----------------------------------------------------------------------------------------

void ScenarioPanel::renderScenarios()
{
    const QString selected = m_scenarioTable->selectedItems().isEmpty()
        ? QString()
        : m_scenarioTable->item(m_scenarioTable->selectedItems().first()->row(), 0)->text();
    m_scenarioTable->setRowCount(0);
    for (const auto& saved : m_scenarios.scenarios) {
        const int row = m_scenarioTable->rowCount();
        m_scenarioTable->insertRow(row);
        QStringList changes;
        for (const auto& c : saved.scenario.changes) {
            changes << changeText(c);
        }
        const QString name = qs(saved.scenario.name);
        const QString cohort = saved.scenario.cohort.empty() ? tr("all jobs") : qs(saved.scenario.cohort);
        m_scenarioTable->setItem(row, 0, makeExactCell(name, name, false));
        m_scenarioTable->setItem(row, 1,
            makeExactCell(changes.isEmpty() ? tr("no change") : changes.join(QStringLiteral(", ")), changes, false));
        m_scenarioTable->setItem(row, 2, makeExactCell(cohort, qs(saved.scenario.cohort), false));
        m_scenarioTable->setItem(row, 3, makeExactCell(qs(saved.savedAt), qs(saved.savedAt), false));
        m_scenarioTable->item(row, 1)->setToolTip(qs(core::scenarioJson(saved.scenario)));
        if (name == selected) {
            m_scenarioTable->selectRow(row);
        }
    }
    m_scenarioTable->resizeColumnToContents(0);
    m_scenarioTable->resizeColumnToContents(2);
    m_scenarioTable->resizeColumnToContents(3);
    const bool none = m_scenarios.scenarios.empty();
    QString note = m_scenarioMessage;
    if (note.isEmpty() && none) {
        note = tr("None yet: set the rows, then Save as… keeps them in the database.");
    }
    m_scenarioNote->setText(note);
    m_scenarioNote->setStyleSheet(note.startsWith(tr("Nothing was changed")) || note.startsWith(tr("Not undone"))
            ? QStringLiteral("color: #c03900;")
            : QStringLiteral("color: palette(mid);"));
    m_undoButton->setVisible(m_undo.has_value());
    if (m_undo) {
        m_undoButton->setText(tr("Undo delete of '%1'").arg(qs(m_undo->name)));
    }
    emit undoDeleteChanged();
}

} // namespace ett::app
