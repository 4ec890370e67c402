// Tests of removing one imported file in the window and undoing it: the data service end to end (the
// files listed, the removal with the other file read again to declare the job, the reload, the undo
// that imports the file again, a refused undo when the file is gone), and the window's File > Remove
// file and Edit > Undo, which undoes the newest removal first (a file's, then a label's). With
// ETT_UI_SCREENSHOTS set, the dialog and the confirmation are saved as PNGs.
#include "app/ui/data/data_service.h"
#include "app/ui/dialogs/remove_file_dialog.h"
#include "app/ui/window/main_window.h"
#include "app/ui/window/workbench_state.h"

#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QMessageBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <gtest/gtest.h>

#include <functional>
#include <optional>
#include <sstream>
#include <string>

#include "pages_fixtures.h"
#include "store_fixtures.h"

namespace ett::app {
namespace {

using fixtures::importWithCore;
using fixtures::onNextModal;

constexpr int kWaitMs = 60'000;
const QString kWorkedExample = QStringLiteral(ETT_SAMPLES_DIR "/worked-example.ett.jsonl");

// Job J1 declared by both files (8 GPUs, team ads): attempt 0 in a, attempt 1 in b.
const std::string kHeader = R"({"type":"header","format":"ett-trace","version":1,"time_unit":"s"})"
                            "\n"
                            R"({"type":"job","job":"J1","gpus":8,"attrs":{"team":"ads"}})"
                            "\n";
const std::string kFileA = kHeader + R"({"type":"attempt","job":"J1","attempt":0,"start":0,"end":100,"outcome":"failed"}
{"type":"phase","job":"J1","attempt":0,"phase":"train","start":10,"end":100}
)";
const std::string kFileB
    = kHeader + R"({"type":"attempt","job":"J1","attempt":1,"start":200,"end":300,"outcome":"completed"}
{"type":"phase","job":"J1","attempt":1,"phase":"train","start":210,"end":300}
)";

// The jobs of a database, as dumpStore writes them (not its datasets, whose ids an undo renumbers).
std::string jobsOf(const std::string& db)
{
    std::istringstream in(fixtures::dumpStore(db));
    std::string out;
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("job ", 0) == 0) {
            out += line + "\n";
        }
    }
    return out;
}

// The service's file signals, recorded.
struct FileEvents
{
    std::optional<DatasetList> listed;
    std::optional<FileRemovalInfo> removed;
    std::optional<FileRemovalInfo> restored;
    QString restoredSummary;
    QString removeFailure;
    QString restoreFailure;
    int opened = 0; // databaseOpened, after each load
    QObject context;

    explicit FileEvents(DataService& service)
    {
        QObject::connect(
            &service, &DataService::datasetsReady, &context, [this](quint64, const DatasetList& l) { listed = l; });
        QObject::connect(
            &service, &DataService::fileRemoved, &context, [this](const FileRemovalInfo& r) { removed = r; });
        QObject::connect(
            &service, &DataService::fileRestored, &context, [this](const FileRemovalInfo& r, const QString& summary) {
                restored = r;
                restoredSummary = summary;
            });
        QObject::connect(
            &service, &DataService::fileRemoveFailed, &context, [this](const QString& m) { removeFailure = m; });
        QObject::connect(
            &service, &DataService::fileRestoreFailed, &context, [this](const QString& m) { restoreFailure = m; });
        QObject::connect(&service, &DataService::databaseOpened, &context, [this] { ++opened; });
    }
};

void writeFile(const QString& path, const std::string& text)
{
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(text.data(), static_cast<qint64>(text.size()));
}

class RemoveFileService : public ::testing::Test
{
protected:
    void SetUp() override
    {
        fixtures::ensureApp();
        ASSERT_TRUE(m_dir.isValid());
        m_db = m_dir.filePath(QStringLiteral("store.db")).toStdString();
        m_a = m_dir.filePath(QStringLiteral("a.ett.jsonl"));
        m_b = m_dir.filePath(QStringLiteral("b.ett.jsonl"));
        writeFile(m_a, kFileA);
        writeFile(m_b, kFileB);
        importWithCore(m_db, m_a, "default");
        importWithCore(m_db, m_b, "default");
        m_service = std::make_unique<DataService>();
        m_events = std::make_unique<FileEvents>(*m_service);
        m_service->openDatabase(QString::fromStdString(m_db));
        ASSERT_TRUE(QTest::qWaitFor([&] { return m_events->opened == 1; }, kWaitMs));
    }
    void remove(const QString& path)
    {
        m_service->removeFile(QStringLiteral("default"), path);
        ASSERT_TRUE(QTest::qWaitFor([&] { return m_events->removed || !m_events->removeFailure.isEmpty(); }, kWaitMs));
        ASSERT_TRUE(m_events->removeFailure.isEmpty()) << m_events->removeFailure.toStdString();
    }

    QTemporaryDir m_dir;
    std::string m_db;
    QString m_a;
    QString m_b;
    std::unique_ptr<DataService> m_service;
    std::unique_ptr<FileEvents> m_events;
};

TEST_F(RemoveFileService, ListsRemovesAndUndoImportsTheFileAgain)
{
    const std::string before = jobsOf(m_db);
    m_service->requestDatasets();
    ASSERT_TRUE(QTest::qWaitFor([&] { return m_events->listed.has_value(); }, kWaitMs));
    ASSERT_EQ(m_events->listed->datasets.size(), 2u);
    EXPECT_EQ(QString::fromStdString(m_events->listed->datasets[0].sourcePath), m_a);
    EXPECT_EQ(m_events->listed->datasets[0].readerOptions, "{}");
    EXPECT_FALSE(m_service->removedFile().has_value());

    remove(m_a);
    EXPECT_EQ(m_events->removed->path, m_a);
    EXPECT_EQ(m_events->removed->label, QStringLiteral("default"));
    EXPECT_EQ(m_events->removed->format, QStringLiteral("ett"));
    EXPECT_EQ(m_events->removed->attempts, 1);
    EXPECT_EQ(m_events->removed->jobsRemoved, 0);
    EXPECT_EQ(m_events->removed->readAgain, 1) << "b declares J1 again";
    EXPECT_TRUE(m_events->removed->problems.isEmpty()) << m_events->removed->problems.join('\n').toStdString();
    EXPECT_TRUE(QTest::qWaitFor([&] { return m_events->opened == 2; }, kWaitMs)) << "the engine was reloaded";
    ASSERT_TRUE(m_service->removedFile().has_value());
    const std::string without = jobsOf(m_db);
    EXPECT_NE(without.find("job default/J1 gpus 8 [1 "), std::string::npos) << without;
    EXPECT_EQ(without.find("[0 "), std::string::npos) << without;

    m_service->restoreRemovedFile();
    ASSERT_TRUE(QTest::qWaitFor([&] { return m_events->restored || !m_events->restoreFailure.isEmpty(); }, kWaitMs));
    ASSERT_TRUE(m_events->restoreFailure.isEmpty()) << m_events->restoreFailure.toStdString();
    EXPECT_TRUE(m_events->restoredSummary.startsWith(QStringLiteral("a.ett.jsonl: 3 records under label 'default'")))
        << m_events->restoredSummary.toStdString();
    EXPECT_FALSE(m_service->removedFile().has_value());
    EXPECT_TRUE(QTest::qWaitFor([&] { return m_events->opened == 3; }, kWaitMs));
    EXPECT_EQ(jobsOf(m_db), before) << "the same jobs, attempts and figures";
}

TEST_F(RemoveFileService, AnUndoOfAFileThatIsGoneIsRefusedAndStaysPossible)
{
    remove(m_b);
    ASSERT_TRUE(QFile::rename(m_b, m_b + QStringLiteral(".moved")));
    const std::string without = jobsOf(m_db);
    m_service->restoreRemovedFile();
    ASSERT_TRUE(QTest::qWaitFor([&] { return !m_events->restoreFailure.isEmpty(); }, kWaitMs));
    EXPECT_TRUE(m_events->restoreFailure.contains(m_b + QStringLiteral(" is no longer there")))
        << m_events->restoreFailure.toStdString();
    EXPECT_EQ(jobsOf(m_db), without);
    EXPECT_TRUE(m_service->removedFile().has_value()) << "kept: the file may come back";

    // A path no label stores: nothing is removed, and the message says so.
    m_events->removeFailure.clear();
    m_service->removeFile(QStringLiteral("default"), m_dir.filePath(QStringLiteral("never.ett.jsonl")));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !m_events->removeFailure.isEmpty(); }, kWaitMs));
    EXPECT_TRUE(m_events->removeFailure.contains(QStringLiteral("nothing was removed")))
        << m_events->removeFailure.toStdString();
    EXPECT_EQ(jobsOf(m_db), without);
}

// --- the window ----------------------------------------------------------------------------------

TEST(RemoveFileWindow, FileRemoveFileFiltersConfirmsRemovesAndCtrlZUndoesTheNewestRemovalFirst)
{
    fixtures::ensureApp();
    QStandardPaths::setTestModeEnabled(true);
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString db = dir.filePath(QStringLiteral("store.db"));
    const QString a = dir.filePath(QStringLiteral("a.ett.jsonl"));
    writeFile(a, kFileA);
    writeFile(dir.filePath(QStringLiteral("b.ett.jsonl")), kFileB);
    importWithCore(db.toStdString(), a, "default");
    importWithCore(db.toStdString(), dir.filePath(QStringLiteral("b.ett.jsonl")), "default");
    importWithCore(db.toStdString(), kWorkedExample, "wrong-files");
    const std::string before = jobsOf(db.toStdString());

    MainWindow window;
    window.show();
    QApplication::setActiveWindow(&window);
    ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
    bool loaded = false;
    auto c = QObject::connect(&window, &MainWindow::overviewLoaded, [&] { loaded = true; });
    window.openDatabase(db);
    ASSERT_TRUE(QTest::qWaitFor([&] { return loaded; }, kWaitMs));
    QObject::disconnect(c);
    DataService* service = window.dataService();
    FileEvents events(*service);

    // First a label removed, then a file: Ctrl+Z undoes the file, then the label.
    bool labelRemoved = false;
    QObject::connect(service, &DataService::labelRemoved, &events.context, [&] { labelRemoved = true; });
    service->removeLabel(QStringLiteral("wrong-files"));
    ASSERT_TRUE(QTest::qWaitFor([&] { return labelRemoved; }, kWaitMs));

    int shownRows = -1;
    QString question;
    const QString shots = qEnvironmentVariable("ETT_UI_SCREENSHOTS");
    onNextModal<RemoveFileDialog>([&](RemoveFileDialog* dialog) {
        EXPECT_EQ(dialog->table()->rowCount(), 2);
        EXPECT_TRUE(dialog->path().isEmpty()) << "nothing chosen before the user chooses";
        QTest::keyClicks(dialog->filterEdit(), QStringLiteral("a.ett"));
        shownRows = 0;
        for (int row = 0; row < dialog->table()->rowCount(); ++row) {
            shownRows += dialog->table()->isRowHidden(row) ? 0 : 1;
        }
        EXPECT_TRUE(dialog->select(QStringLiteral("default"), a));
        if (!shots.isEmpty()) {
            QDir().mkpath(shots);
            dialog->grab().save(QDir(shots).filePath(QStringLiteral("remove-file-dialog.png")));
        }
        onNextModal<QMessageBox>([&](QMessageBox* box) {
            question = box->text() + QLatin1Char('\n') + box->informativeText();
            if (!shots.isEmpty()) {
                box->grab().save(QDir(shots).filePath(QStringLiteral("remove-file-confirmation.png")));
            }
            for (QAbstractButton* b : box->buttons()) {
                if (box->buttonRole(b) == QMessageBox::DestructiveRole) {
                    b->click();
                }
            }
        });
        dialog->accept();
    });
    QAction* removeFile = fixtures::actionNamed(window, QStringLiteral("Remo&ve file..."));
    ASSERT_NE(removeFile, nullptr);
    ASSERT_TRUE(removeFile->isEnabled());
    removeFile->trigger();
    ASSERT_TRUE(QTest::qWaitFor([&] { return events.removed.has_value(); }, kWaitMs))
        << events.removeFailure.toStdString();
    EXPECT_EQ(shownRows, 1);
    EXPECT_TRUE(question.contains(QStringLiteral("Remove a.ett.jsonl from label 'default'?")))
        << question.toStdString();
    EXPECT_TRUE(question.contains(a)) << question.toStdString();
    EXPECT_EQ(window.statusBar()->currentMessage(),
        QStringLiteral("Removed a.ett.jsonl from label 'default' (1 attempt, 0 jobs removed with it); 1 other file "
                       "read again — Undo (%1)")
            .arg(QKeySequence(QKeySequence::Undo).toString(QKeySequence::NativeText)));
    QAction* undo = window.undoAction();
    EXPECT_EQ(undo->text(), QStringLiteral("&Undo removal of file 'a.ett.jsonl'"));
    EXPECT_TRUE(undo->toolTip().contains(QStringLiteral("(defaults)"))) << undo->toolTip().toStdString();

    undo->trigger();
    ASSERT_TRUE(QTest::qWaitFor([&] { return events.restored || !events.restoreFailure.isEmpty(); }, kWaitMs));
    EXPECT_TRUE(events.restoreFailure.isEmpty()) << events.restoreFailure.toStdString();
    EXPECT_TRUE(window.statusBar()->currentMessage().startsWith(QStringLiteral("Undone: a.ett.jsonl: 3 records")))
        << window.statusBar()->currentMessage().toStdString();
    EXPECT_EQ(undo->text(), QStringLiteral("&Undo removal of label 'wrong-files'"));

    bool labelRestored = false;
    QObject::connect(service, &DataService::labelRestored, &events.context, [&] { labelRestored = true; });
    undo->trigger();
    ASSERT_TRUE(QTest::qWaitFor([&] { return labelRestored; }, kWaitMs));
    EXPECT_FALSE(undo->isEnabled());
    EXPECT_EQ(jobsOf(db.toStdString()), before);
}

} // namespace
} // namespace ett::app
