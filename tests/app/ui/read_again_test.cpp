// Tests of File > Read file again: a console log imported with the wrong timezone is chosen from the
// database's files, the import dialog opens on its label (fixed), its format and the options it
// was read with, "Read unchanged files again" ticked; with the timezone put right it is read again
// in place of its earlier records, and the import says that the options differ.
#include "app/ui/data/data_service.h"
#include "app/ui/dialogs/dialogs.h"
#include "app/ui/dialogs/remove_file_dialog.h"
#include "app/ui/window/main_window.h"
#include "core/store/database.h"
#include "core/store/fleet.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QPushButton>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "pages_fixtures.h"
#include "store_fixtures.h"
#include "tests/app/titan_logs.h"

namespace ett::app {
namespace {

using fixtures::onNextModal;

constexpr int kWaitMs = 60'000;
constexpr int64_t kS = 1'000'000'000;
// 2025-03-01T00:00:00Z, the day of tests/app/titan_logs.h.
constexpr int64_t kDay = 1'740'787'200 * kS;

// The start of the database's one attempt, in seconds after midnight UTC.
int64_t attemptStart(const QString& db)
{
    auto opened = core::Database::open(db.toStdString(), core::Database::OpenMode::MustExist);
    EXPECT_TRUE(opened.ok());
    if (!opened.ok()) {
        return -1;
    }
    auto jobs = core::loadFleet(**opened, core::FleetQuery {});
    EXPECT_TRUE(jobs.ok() && jobs->size() == 1u && jobs->front().result.attempts.size() == 1u);
    return jobs.ok() && jobs->size() == 1u ? (jobs->front().result.attempts.at(0).startNs - kDay) / kS : -1;
}

// The window on a new database, and a console log (run1-cfg-a/run.log, an OOM run at 10:00 of the
// day) imported under "logs": the imports finished are counted, the last one's summary and errors
// kept.
class ReadAgainTest : public ::testing::Test
{
protected:
    static void SetUpTestSuite()
    {
        fixtures::ensureApp();
        QStandardPaths::setTestModeEnabled(true);
    }

    // Opens the database and imports the log with `options`.
    void importLog(const core::ReaderOptions& options)
    {
        ASSERT_TRUE(dir.isValid());
        db = dir.filePath(QStringLiteral("store.db"));
        QDir(dir.path()).mkpath(QStringLiteral("run1-cfg-a"));
        log = dir.filePath(QStringLiteral("run1-cfg-a/run.log"));
        {
            QFile f(log);
            ASSERT_TRUE(f.open(QIODevice::WriteOnly));
            f.write(QByteArray::fromStdString(test::oomRun("10:00")));
        }
        window.show();
        QApplication::setActiveWindow(&window);
        ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
        DataService* service = window.dataService();
        QObject::connect(
            service, &DataService::importFinished, &context, [this](const QString& s, const QStringList& e) {
                summary = s;
                errors = e;
                ++finished;
            });
        bool loaded = false;
        QObject::connect(&window, &MainWindow::overviewLoaded, &context, [&loaded] { loaded = true; });
        window.openDatabase(db);
        ASSERT_TRUE(QTest::qWaitFor([&] { return loaded; }, kWaitMs));
        QObject::disconnect(&window, &MainWindow::overviewLoaded, &context, nullptr);
        service->importFiles({ log }, QStringLiteral("logs"), options);
        ASSERT_TRUE(QTest::qWaitFor([&] { return finished == 1; }, kWaitMs));
        ASSERT_TRUE(errors.isEmpty()) << errors.join('\n').toStdString();
    }

    QTemporaryDir dir;
    QString db;
    QString log;
    MainWindow window;
    QString summary;
    QStringList errors;
    int finished = 0;
    QObject context;
};

TEST_F(ReadAgainTest, TheImportDialogOpensOnTheFilesOptionsAndReadsItAgainWithOthers)
{
    core::ReaderOptions wrong;
    wrong.timezone = "+02:00";
    ASSERT_NO_FATAL_FAILURE(importLog(wrong));
    ASSERT_EQ(attemptStart(db), 8 * 3600);

    QAction* readAgain = fixtures::actionNamed(window, QStringLiteral("Read file a&gain..."));
    ASSERT_NE(readAgain, nullptr);
    ASSERT_TRUE(QTest::qWaitFor([&] { return readAgain->isEnabled(); }, kWaitMs));
    QString title;
    QString shownLabel;
    bool labelFixed = false;
    QString shownTimezone;
    QString shownFormat;
    bool readAgainTicked = false;
    onNextModal<RemoveFileDialog>([&](RemoveFileDialog* files) {
        title = files->windowTitle();
        EXPECT_TRUE(files->select(QStringLiteral("logs"), log));
        onNextModal<ImportDialog>([&](ImportDialog* ask) {
            shownLabel = ask->label();
            labelFixed = !ask->findChild<QComboBox*>(QStringLiteral("label"))->isEnabled();
            shownFormat = ask->findChild<QComboBox*>(QStringLiteral("format"))->currentText();
            auto* timezone = ask->findChild<QLineEdit*>(QStringLiteral("timezone"));
            shownTimezone = timezone->text();
            readAgainTicked = ask->findChild<QCheckBox*>(QStringLiteral("readAgain"))->isChecked();
            if (const QString shots = qEnvironmentVariable("ETT_UI_SCREENSHOTS"); !shots.isEmpty()) {
                QDir().mkpath(shots);
                ask->grab().save(QDir(shots).filePath(QStringLiteral("read-again-dialog.png")));
            }
            timezone->setText(QStringLiteral("UTC"));
            ask->accept();
        });
        files->accept();
    });
    readAgain->trigger();
    ASSERT_TRUE(QTest::qWaitFor([&] { return finished == 2; }, kWaitMs));
    EXPECT_TRUE(errors.isEmpty()) << errors.join('\n').toStdString();
    EXPECT_EQ(title, QStringLiteral("Read file again"));
    EXPECT_EQ(shownLabel, QStringLiteral("logs"));
    EXPECT_TRUE(labelFixed);
    EXPECT_EQ(shownTimezone, QStringLiteral("+02:00")) << "the options it was read with";
    EXPECT_TRUE(shownFormat.contains(QStringLiteral("log"), Qt::CaseInsensitive)) << shownFormat.toStdString();
    EXPECT_TRUE(readAgainTicked);
    EXPECT_TRUE(summary.contains(QStringLiteral("in place of its earlier import"))) << summary.toStdString();
    EXPECT_TRUE(summary.contains(QStringLiteral("; read before with --timezone +02:00, now with the defaults")))
        << summary.toStdString();
    EXPECT_EQ(attemptStart(db), 10 * 3600);

    // Edit > Undo reads it again with the options it was read with before: +02:00, 08:00Z.
    QAction* undo = fixtures::actionNamed(window, QStringLiteral("&Undo reading 'run.log' again"));
    ASSERT_NE(undo, nullptr) << "the undo action names the file read again";
    EXPECT_TRUE(undo->isEnabled());
    EXPECT_TRUE(undo->toolTip().contains(QStringLiteral("(--timezone +02:00)"))) << undo->toolTip().toStdString();
    undo->trigger();
    ASSERT_TRUE(QTest::qWaitFor([&] { return finished == 3; }, kWaitMs));
    EXPECT_TRUE(errors.isEmpty()) << errors.join('\n').toStdString();
    EXPECT_TRUE(summary.contains(QStringLiteral("; read before with the defaults, now with --timezone +02:00")))
        << summary.toStdString();
    EXPECT_EQ(attemptStart(db), 8 * 3600);
    EXPECT_FALSE(undo->isEnabled()) << "the undo's own reading is not undone again";
}

// Read again with the options it was read with (nothing changed): there is nothing to undo.
TEST_F(ReadAgainTest, ReadingAgainWithTheSameOptionsLeavesNothingToUndo)
{
    ASSERT_NO_FATAL_FAILURE(importLog(core::ReaderOptions {}));
    QAction* readAgain = fixtures::actionNamed(window, QStringLiteral("Read file a&gain..."));
    ASSERT_NE(readAgain, nullptr);
    ASSERT_TRUE(QTest::qWaitFor([&] { return readAgain->isEnabled(); }, kWaitMs));
    onNextModal<RemoveFileDialog>([&](RemoveFileDialog* files) {
        EXPECT_TRUE(files->select(QStringLiteral("logs"), log));
        onNextModal<ImportDialog>([&](ImportDialog* ask) { ask->accept(); });
        files->accept();
    });
    readAgain->trigger();
    ASSERT_TRUE(QTest::qWaitFor([&] { return finished == 2; }, kWaitMs));
    QAction* undo = fixtures::actionNamed(window, QStringLiteral("&Undo"));
    ASSERT_NE(undo, nullptr);
    EXPECT_FALSE(undo->isEnabled());
}

} // namespace
} // namespace ett::app
