// Tests of removing a dataset label in the window and undoing it: the data service end to end
// (contents, removal, reload, undo, a refused undo after a later import took the ids), and the
// window's File > Remove label and Edit > Undo, whose Ctrl+Z undoes a scenario delete on the
// What-if page and the label removal on the other pages. With ETT_UI_SCREENSHOTS set, the
// confirmation and the window after the removal are saved as PNGs.
#include "app/ui/data/data_service.h"
#include "app/ui/dialogs/dialogs.h"
#include "app/ui/dialogs/shortcuts_dialog.h"
#include "app/ui/pages/whatif_page.h"
#include "app/ui/window/main_window.h"
#include "app/ui/window/workbench_state.h"
#include "core/store/database.h"
#include "core/store/fleet.h"
#include "core/store/importer.h"

#include <QComboBox>
#include <QDir>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <optional>
#include <string>

#include "pages_fixtures.h"
#include "store_fixtures.h"

namespace ett::app {
namespace {

using fixtures::dumpStore;
using fixtures::importWithCore;
using fixtures::onNextModal;

constexpr int kWaitMs = 60'000;
const QString kWorkedExample = QStringLiteral(ETT_SAMPLES_DIR "/worked-example.ett.jsonl");

// The service's label signals, recorded.
struct LabelEvents
{
    std::optional<core::LabelContents> contents;
    std::optional<core::LabelContents> removed;
    std::optional<core::LabelContents> restored;
    QString removeFailure;
    QString restoreFailure;
    QStringList labels; // the vocabulary's, after the last databaseOpened
    QObject context; // the connections end with the recorder

    explicit LabelEvents(DataService& service)
    {
        QObject::connect(&service, &DataService::labelContentsReady, &context,
            [this](const QString&, const core::LabelContents& c) { contents = c; });
        QObject::connect(&service, &DataService::labelRemoved, &context,
            [this](const QString&, const core::LabelContents& c) { removed = c; });
        QObject::connect(&service, &DataService::labelRestored, &context,
            [this](const QString&, const core::LabelContents& c) { restored = c; });
        QObject::connect(
            &service, &DataService::labelRemoveFailed, &context, [this](const QString& m) { removeFailure = m; });
        QObject::connect(
            &service, &DataService::labelRestoreFailed, &context, [this](const QString& m) { restoreFailure = m; });
        QObject::connect(&service, &DataService::databaseOpened, &context,
            [this](const LoadStats&, const Vocabulary& v) { labels = v.labels; });
    }
};

// The worked example: job J1, attempts 0 and 1 with 6 + 4 phases, 3 checkpoints, one file.
const core::LabelContents kWorked { 1, 1, 2, 10, 3 };

class RemoveLabelService : public ::testing::Test
{
protected:
    void SetUp() override
    {
        fixtures::ensureApp();
        ASSERT_TRUE(m_dir.isValid());
        m_db = m_dir.filePath(QStringLiteral("store.db")).toStdString();
        importWithCore(m_db, kWorkedExample, "before");
        importWithCore(m_db, kWorkedExample, "after");
        m_service = std::make_unique<DataService>();
        m_events = std::make_unique<LabelEvents>(*m_service);
        m_service->openDatabase(QString::fromStdString(m_db));
        ASSERT_TRUE(QTest::qWaitFor([&] { return m_events->labels.size() == 2; }, kWaitMs));
    }

    QTemporaryDir m_dir;
    std::string m_db;
    std::unique_ptr<DataService> m_service;
    std::unique_ptr<LabelEvents> m_events;
};

TEST_F(RemoveLabelService, RemovesReloadsAndUndoPutsEverythingBack)
{
    const std::string before = dumpStore(m_db);
    m_service->requestLabelContents(QStringLiteral("before"));
    ASSERT_TRUE(QTest::qWaitFor([&] { return m_events->contents.has_value(); }, kWaitMs));
    EXPECT_EQ(*m_events->contents, kWorked);
    EXPECT_TRUE(m_service->removedLabel().isEmpty());

    m_service->removeLabel(QStringLiteral("before"));
    ASSERT_TRUE(QTest::qWaitFor([&] { return m_events->removed || !m_events->removeFailure.isEmpty(); }, kWaitMs));
    ASSERT_TRUE(m_events->removeFailure.isEmpty()) << m_events->removeFailure.toStdString();
    EXPECT_EQ(*m_events->removed, kWorked);
    EXPECT_EQ(m_events->labels, QStringList { QStringLiteral("after") }) << "the engine was reloaded";
    EXPECT_EQ(m_service->removedLabel(), QStringLiteral("before"));
    const std::string without = dumpStore(m_db);
    EXPECT_EQ(without.find("before"), std::string::npos) << without;

    m_service->restoreRemovedLabel();
    ASSERT_TRUE(QTest::qWaitFor([&] { return m_events->restored || !m_events->restoreFailure.isEmpty(); }, kWaitMs));
    ASSERT_TRUE(m_events->restoreFailure.isEmpty()) << m_events->restoreFailure.toStdString();
    EXPECT_EQ(*m_events->restored, kWorked);
    EXPECT_EQ(m_events->labels, (QStringList { QStringLiteral("after"), QStringLiteral("before") }));
    EXPECT_TRUE(m_service->removedLabel().isEmpty());
    EXPECT_EQ(dumpStore(m_db), before) << "the same labels, datasets (with their ids), jobs and figures";
}

TEST_F(RemoveLabelService, UndoAfterAnImportThatTookTheIdsIsRefusedAndChangesNothing)
{
    // "after" holds the largest ids, so the next import is numbered where it was.
    m_service->removeLabel(QStringLiteral("after"));
    ASSERT_TRUE(QTest::qWaitFor([&] { return m_events->removed.has_value(); }, kWaitMs));
    bool imported = false;
    QObject context;
    QObject::connect(m_service.get(), &DataService::importFinished, &context, [&] { imported = true; });
    m_service->importFiles({ kWorkedExample }, QStringLiteral("other"));
    ASSERT_TRUE(QTest::qWaitFor([&] { return imported; }, kWaitMs));
    const std::string afterImport = dumpStore(m_db);

    m_service->restoreRemovedLabel();
    ASSERT_TRUE(QTest::qWaitFor([&] { return m_events->restored || !m_events->restoreFailure.isEmpty(); }, kWaitMs));
    EXPECT_FALSE(m_events->restored.has_value());
    EXPECT_TRUE(m_events->restoreFailure.contains(QStringLiteral("taken by a later import")))
        << m_events->restoreFailure.toStdString();
    EXPECT_EQ(dumpStore(m_db), afterImport);
    EXPECT_EQ(m_service->removedLabel(), QStringLiteral("after")) << "kept: removing 'other' would free the ids";
}

TEST_F(RemoveLabelService, AMissingLabelFailsAndOpeningADatabaseDropsTheUndo)
{
    m_service->removeLabel(QStringLiteral("nope"));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !m_events->removeFailure.isEmpty(); }, kWaitMs));
    EXPECT_TRUE(m_events->removeFailure.contains(QStringLiteral("'nope'"))) << m_events->removeFailure.toStdString();
    EXPECT_TRUE(m_service->removedLabel().isEmpty());

    m_service->removeLabel(QStringLiteral("before"));
    ASSERT_TRUE(QTest::qWaitFor([&] { return m_events->removed.has_value(); }, kWaitMs));
    EXPECT_EQ(m_service->removedLabel(), QStringLiteral("before"));
    // The copy lived on the old connection: after (re)opening there is nothing to undo.
    m_events->labels.clear();
    m_service->openDatabase(QString::fromStdString(m_db));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !m_events->labels.isEmpty(); }, kWaitMs));
    EXPECT_TRUE(m_service->removedLabel().isEmpty());
    m_service->restoreRemovedLabel();
    ASSERT_TRUE(QTest::qWaitFor([&] { return !m_events->restoreFailure.isEmpty(); }, kWaitMs));
    EXPECT_TRUE(m_events->restoreFailure.contains(QStringLiteral("nothing to restore")))
        << m_events->restoreFailure.toStdString();
}

// --- the window ----------------------------------------------------------------------------------

class RemoveLabelWindow : public ::testing::Test
{
protected:
    void SetUp() override
    {
        fixtures::ensureApp();
        QStandardPaths::setTestModeEnabled(true); // recent files go to a test location
        ASSERT_TRUE(m_dir.isValid());
        m_db = m_dir.filePath(QStringLiteral("store.db"));
        importWithCore(m_db.toStdString(), QStringLiteral(ETT_SAMPLES_DIR "/fleet-200.ett.jsonl.gz"), "fleet");
        importWithCore(m_db.toStdString(), kWorkedExample, "wrong-files");
        m_window = std::make_unique<MainWindow>();
        m_window->show();
        QApplication::setActiveWindow(m_window.get());
        ASSERT_TRUE(QTest::qWaitForWindowActive(m_window.get()));
        bool loaded = false;
        auto c = QObject::connect(m_window.get(), &MainWindow::overviewLoaded, [&] { loaded = true; });
        m_window->openDatabase(m_db);
        const bool ok = QTest::qWaitFor([&] { return loaded; }, kWaitMs);
        QObject::disconnect(c); // `loaded` lives on this stack frame only
        ASSERT_TRUE(ok);
        m_events = std::make_unique<LabelEvents>(*m_window->dataService());
    }

    // Ctrl+Z where the focus is (the window's focus widget, or the window), the window active.
    void pressUndo()
    {
        QApplication::setActiveWindow(m_window.get());
        ASSERT_TRUE(QTest::qWaitForWindowActive(m_window.get()));
        QWidget* target = QApplication::focusWidget() ? QApplication::focusWidget() : m_window.get();
        m_pressedOn = target->metaObject()->className();
        QTest::keyClick(target, Qt::Key_Z, Qt::ControlModifier);
    }
    QString m_pressedOn; // the class of the widget that got the last Ctrl+Z, for messages

    QTemporaryDir m_dir;
    QString m_db;
    std::unique_ptr<MainWindow> m_window;
    std::unique_ptr<LabelEvents> m_events;
};

TEST_F(RemoveLabelWindow, FileRemoveLabelConfirmsRemovesAndCtrlZUndoes)
{
    QAction* undo = m_window->undoAction();
    ASSERT_NE(undo, nullptr);
    EXPECT_EQ(undo->shortcut(), QKeySequence(QKeySequence::Undo));
    EXPECT_FALSE(undo->isEnabled());
    EXPECT_TRUE(undo->toolTip().contains(QStringLiteral("Nothing to undo"))) << undo->toolTip().toStdString();
    // Help > Keyboard shortcuts lists it under Edit.
    const auto rows = shortcutRows(m_window->menuBar());
    EXPECT_TRUE(std::any_of(rows.begin(), rows.end(), [](const ShortcutRow& r) {
        return r.section == QStringLiteral("Edit") && r.what == QStringLiteral("Undo")
            && r.keys == QKeySequence(QKeySequence::Undo).toString(QKeySequence::NativeText);
    }));

    // The current filter's single label is preselected.
    core::CohortSpec filter;
    filter.labels = { "wrong-files" };
    m_window->state()->setFilter(filter);
    QString preselected;
    QString question;
    const QString shots = qEnvironmentVariable("ETT_UI_SCREENSHOTS");
    onNextModal<RemoveLabelDialog>([&](RemoveLabelDialog* dialog) {
        preselected = dialog->label();
        onNextModal<QMessageBox>([&](QMessageBox* box) {
            question = box->text() + QLatin1Char('\n') + box->informativeText();
            if (!shots.isEmpty()) {
                QDir().mkpath(shots);
                box->grab().save(QDir(shots).filePath(QStringLiteral("remove-label-confirmation.png")));
            }
            for (QAbstractButton* b : box->buttons()) {
                if (box->buttonRole(b) == QMessageBox::DestructiveRole) {
                    b->click();
                }
            }
        });
        dialog->accept();
    });
    QAction* remove = fixtures::actionNamed(*m_window, QStringLiteral("Re&move label..."));
    ASSERT_NE(remove, nullptr);
    ASSERT_TRUE(remove->isEnabled());
    remove->trigger();
    ASSERT_TRUE(QTest::qWaitFor([&] { return m_events->removed.has_value(); }, kWaitMs))
        << m_events->removeFailure.toStdString();
    EXPECT_EQ(preselected, QStringLiteral("wrong-files"));
    EXPECT_TRUE(question.contains(QStringLiteral("Remove label 'wrong-files'?"))) << question.toStdString();
    EXPECT_TRUE(question.contains(QStringLiteral("1 file and 1 job (2 attempts, 10 phases, 3 checkpoints)")))
        << question.toStdString();
    EXPECT_EQ(*m_events->removed, kWorked);
    EXPECT_EQ(m_events->labels, QStringList { QStringLiteral("fleet") });
    EXPECT_TRUE(m_window->state()->filter().labels.empty()) << "the removed label left the filter";
    const QString message = m_window->statusBar()->currentMessage();
    EXPECT_EQ(message,
        QStringLiteral("Removed label 'wrong-files' (1 file, 1 job) — Undo (%1)")
            .arg(QKeySequence(QKeySequence::Undo).toString(QKeySequence::NativeText)));
    EXPECT_TRUE(undo->isEnabled());
    EXPECT_TRUE(undo->text().contains(QStringLiteral("wrong-files"))) << undo->text().toStdString();
    if (!shots.isEmpty()) {
        QTest::qWait(500); // the views refresh with the remaining label
        m_window->grab().save(QDir(shots).filePath(QStringLiteral("remove-label-window.png")));
    }

    // Ctrl+Z on the overview: the label comes back.
    m_window->showPage(0);
    m_window->findChild<QTabWidget*>()->tabBar()->setFocus();
    pressUndo();
    ASSERT_TRUE(QTest::qWaitFor([&] { return m_events->restored || !m_events->restoreFailure.isEmpty(); }, 5000))
        << "Ctrl+Z went to " << m_pressedOn.toStdString();
    EXPECT_TRUE(m_events->restoreFailure.isEmpty()) << m_events->restoreFailure.toStdString();
    EXPECT_EQ(m_events->labels, (QStringList { QStringLiteral("fleet"), QStringLiteral("wrong-files") }));
    EXPECT_FALSE(undo->isEnabled());
    EXPECT_TRUE(m_window->statusBar()->currentMessage().startsWith(QStringLiteral("Restored label 'wrong-files'")));
}

TEST_F(RemoveLabelWindow, CtrlZOnTheWhatIfPageUndoesTheScenarioDeleteAndElsewhereTheRemoval)
{
    DataService* service = m_window->dataService();
    service->removeLabel(QStringLiteral("wrong-files"));
    ASSERT_TRUE(QTest::qWaitFor([&] { return m_events->removed.has_value(); }, kWaitMs));

    // A scenario saved and deleted on the What-if page: both undos are pending.
    m_window->showPage(MainWindow::kWhatIfPage);
    WhatIfPage* page = m_window->whatIfPage();
    auto hasKept = [&] {
        const auto& list = page->scenarios().scenarios;
        return std::any_of(list.begin(), list.end(), [](const auto& s) { return s.scenario.name == "kept"; });
    };
    page->saveScenarioAs(QStringLiteral("kept"));
    ASSERT_TRUE(QTest::qWaitFor(hasKept, kWaitMs)) << page->scenarioMessage().toStdString();
    page->deleteScenario(QStringLiteral("kept"));
    ASSERT_TRUE(QTest::qWaitFor([&] { return page->canUndoDelete(); }, kWaitMs));
    EXPECT_FALSE(hasKept());
    EXPECT_TRUE(m_window->undoAction()->isEnabled());
    EXPECT_EQ(m_window->undoAction()->text(), QStringLiteral("&Undo scenario delete"));

    // With the focus inside the page (where its own Ctrl+Z used to live), Ctrl+Z is not ambiguous:
    // it undoes the scenario delete, and the label stays removed.
    page->scenariosTable()->setFocus();
    ASSERT_TRUE(page->isAncestorOf(QApplication::focusWidget()));
    pressUndo();
    ASSERT_TRUE(QTest::qWaitFor([&] { return !page->canUndoDelete() && hasKept(); }, kWaitMs))
        << page->scenarioMessage().toStdString();
    QTest::qWait(100);
    EXPECT_EQ(service->removedLabel(), QStringLiteral("wrong-files"));
    EXPECT_FALSE(m_events->restored.has_value());

    // Nothing left to undo on the page: Ctrl+Z there now restores the label.
    EXPECT_TRUE(m_window->undoAction()->text().contains(QStringLiteral("wrong-files")));
    pressUndo();
    ASSERT_TRUE(QTest::qWaitFor([&] { return m_events->restored || !m_events->restoreFailure.isEmpty(); }, 5000))
        << "Ctrl+Z went to " << m_pressedOn.toStdString();
    EXPECT_TRUE(m_events->restoreFailure.isEmpty()) << m_events->restoreFailure.toStdString();
    EXPECT_TRUE(service->removedLabel().isEmpty());
}

} // namespace
} // namespace ett::app
