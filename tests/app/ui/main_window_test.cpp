// The main window on a laptop screen: with the sample fleet loaded, every page fits a
// 1280 x 800 screen (the window's minimum size, which a window manager will not go below, leaves
// room for a panel and the title bar), and the window opens no larger than the screen it is on.
#include "app/ui/data/data_service.h"
#include "app/ui/dialogs/dialogs.h"
#include "app/ui/pages/overview_page.h"
#include "app/ui/pages/whatif_page.h"
#include "app/ui/timeline/timeline_view.h"
#include "app/ui/widgets/details_panel.h"
#include "app/ui/widgets/job_search.h"
#include "app/ui/widgets/whatif_rows_editor.h"
#include "app/ui/window/main_window.h"
#include "app/ui/window/translations.h"
#include "app/ui/window/workbench_state.h"

#include <QAction>
#include <QChartView>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QSplitter>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>
#include <gtest/gtest.h>

#include <map>

#include "pages_fixtures.h"
#include "store_fixtures.h"
#include "tests/app/titan_logs.h"
#include "window_fixtures.h"

namespace ett::app {
namespace {

using fixtures::openAndWait;

constexpr int kWaitMs = 60'000;
// 1280 x 800 less a 32-pixel panel and a 30-pixel title bar.
constexpr QSize kLaptop(1280, 800 - 32 - 30);

// What is wider or taller than the laptop screen, for the failure message.
QString culprits(const MainWindow& window)
{
    QString out;
    const auto add = [&out](const QString& name, const QWidget* w) {
        if (w && w->isVisible()) {
            const QSize s = w->minimumSizeHint().expandedTo(w->minimumSize());
            out += QStringLiteral("%1 %2x%3; ").arg(name).arg(s.width()).arg(s.height());
        }
    };
    for (const QToolBar* bar : window.findChildren<QToolBar*>()) {
        add(bar->objectName(), bar);
    }
    for (const QDockWidget* dock : window.findChildren<QDockWidget*>()) {
        add(dock->objectName(), dock);
    }
    if (const auto* tabs = window.findChild<QTabWidget*>()) {
        add(QStringLiteral("page"), tabs->currentWidget());
        add(QStringLiteral("tabs"), tabs);
    }
    add(QStringLiteral("timeline"), window.findChild<TimelineView*>());
    return out;
}

// Every page of the window with the sample fleet fits the laptop screen, in the language set.
void expectEveryPageFitsALaptopScreen()
{
    QStandardPaths::setTestModeEnabled(true); // recent files go to a test location
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString db = dir.filePath(QStringLiteral("store.db"));
    fixtures::importWithCore(db.toStdString(), QStringLiteral(ETT_SAMPLES_DIR "/fleet-200.ett.jsonl.gz"), "fleet");
    MainWindow window;
    window.show();
    ASSERT_TRUE(openAndWait(window, db, kWaitMs));
    const char* const pages[] = { "Overview", "Drill-down", "Compare A/B", "Advisor", "What-if" };
    for (int page = 0; page < 5; ++page) {
        window.showPage(page);
        const auto minimum = [&window] { return window.minimumSizeHint().expandedTo(window.minimumSize()); };
        // The page's own results arrive and the layouts settle (the previous page's minimum
        // lingers for a few event-loop turns).
        (void)QTest::qWaitFor( // the checks below say what is left
            [&] {
                QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
                return minimum().width() <= kLaptop.width() && minimum().height() <= kLaptop.height();
            },
            2000);
        const QSize min = minimum();
        EXPECT_LE(min.width(), kLaptop.width()) << pages[page] << ": " << culprits(window).toStdString();
        EXPECT_LE(min.height(), kLaptop.height()) << pages[page] << ": " << culprits(window).toStdString();
    }
}

TEST(MainWindowSize, EveryPageFitsALaptopScreenWithTheSampleFleet)
{
    fixtures::ensureApp();
    expectEveryPageFitsALaptopScreen();
}

// Portuguese is longer than English: the labels that would widen the window are elided or short.
TEST(MainWindowSize, EveryPageFitsALaptopScreenInPortuguese)
{
    fixtures::ensureApp();
    ASSERT_EQ(setUpLanguage(*QCoreApplication::instance(), QStringLiteral("pt_BR"),
                  QLocale(QLocale::Portuguese, QLocale::Brazil)),
        QStringLiteral("pt_BR"));
    expectEveryPageFitsALaptopScreen();
    setUpLanguage(*QCoreApplication::instance(), QStringLiteral("en"), QLocale::c());
}

// The window in English and in Portuguese, for a test's body; the language is English again after.
class MainWindowLanguage : public ::testing::TestWithParam<std::string>
{
protected:
    void SetUp() override
    {
        fixtures::ensureApp();
        QStandardPaths::setTestModeEnabled(true);
        ASSERT_TRUE(dir.isValid());
        // No share or layout saved by an earlier session (a saved one is the user's and is kept).
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir.filePath(QStringLiteral("settings")));
        if (GetParam() == "pt_BR") {
            ASSERT_EQ(setUpLanguage(*QCoreApplication::instance(), QStringLiteral("pt_BR"),
                          QLocale(QLocale::Portuguese, QLocale::Brazil)),
                QStringLiteral("pt_BR"));
        }
    }
    void TearDown() override { setUpLanguage(*QCoreApplication::instance(), QStringLiteral("en"), QLocale::c()); }
    // The sample fleet open in `window` at the laptop's size, on the overview.
    void openTheSampleFleet(MainWindow& window)
    {
        const QString db = dir.filePath(QStringLiteral("store.db"));
        fixtures::importWithCore(db.toStdString(), QStringLiteral(ETT_SAMPLES_DIR "/fleet-200.ett.jsonl.gz"), "fleet");
        window.resize(kLaptop);
        window.show();
        ASSERT_TRUE(openAndWait(window, db, kWaitMs));
        window.showPage(0);
    }
    QTemporaryDir dir;
};

// At 1280 x 800 the overview's cards and charts took 68% of the height and their axes were below
// the fold: the overview now takes what it needs, leaving the timeline its legend and a few rows (its
// minimum size).
TEST_P(MainWindowLanguage, TheOverviewTakesTheHeightOfItsChartsAboveTheTimeline)
{
    MainWindow window;
    openTheSampleFleet(window);
    if (HasFatalFailure()) {
        return;
    }
    auto* splitter = window.findChild<QSplitter*>(QStringLiteral("pageAndTimeline"));
    auto* overview = window.findChild<OverviewPage*>();
    ASSERT_NE(splitter, nullptr);
    ASSERT_NE(overview, nullptr);
    const auto settled = [&] {
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        const int top = splitter->sizes().value(0);
        const QWidget* timeline = splitter->widget(1);
        const int timelineFloor
            = std::max(110, timeline->minimumSizeHint().expandedTo(timeline->minimumSize()).height());
        return top >= overview->wholeHeight() || splitter->sizes().value(1) <= timelineFloor + 2;
    };
    EXPECT_TRUE(QTest::qWaitFor(settled, 3000))
        << "page " << splitter->sizes().value(0) << " px of " << splitter->height() << ", the overview needs "
        << overview->wholeHeight() << ", the timeline has " << splitter->sizes().value(1) << " px, at least "
        << splitter->widget(1)->minimumSizeHint().height();
    // More than the 68% it had before.
    EXPECT_GT(splitter->sizes().value(0), splitter->height() * 68 / 100 + 20);
}

// At 1280 x 800 the overview's cards keep to one line of title each and its four charts, with their
// axes and legends, end inside the page's viewport: nothing to scroll to. In Portuguese the longer
// card titles took a second line and pushed the charts' lowest labels below the fold.
TEST_P(MainWindowLanguage, TheOverviewShowsItsChartsWholeAtLaptopSize)
{
    MainWindow window;
    openTheSampleFleet(window);
    if (HasFatalFailure()) {
        return;
    }
    auto* overview = window.findChild<OverviewPage*>();
    ASSERT_NE(overview, nullptr);
    auto* scroll = overview->findChild<QScrollArea*>();
    ASSERT_NE(scroll, nullptr);
    const auto views = overview->findChildren<QChartView*>();
    ASSERT_EQ(views.size(), 4);
    const auto lowestChartBottom = [&] {
        int bottom = 0;
        for (const QChartView* v : views) {
            bottom = std::max(bottom, v->mapTo(scroll->viewport(), QPoint(0, v->height())).y());
        }
        return bottom;
    };
    // The page's share of the window follows its render (MainWindow::applyPageShare).
    const bool inside = QTest::qWaitFor(
        [&] {
            QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
            return lowestChartBottom() <= scroll->viewport()->height();
        },
        3000);
    EXPECT_TRUE(inside) << "the charts end " << lowestChartBottom() << " px down a viewport "
                        << scroll->viewport()->height() << " px high";
    for (const QLabel* title : overview->findChildren<QLabel*>(QStringLiteral("cardTitle"))) {
        EXPECT_LE(title->fontMetrics().horizontalAdvance(title->text()), title->contentsRect().width())
            << "a second line: " << title->text().toStdString();
        EXPECT_FALSE(title->toolTip().isEmpty()) << "the whole title";
    }
}

// At 1280 x 800 the What-if page's table of steps shows its seven columns without scrolling
// sideways: in Portuguese the one-line headers ("pp (ponderado por tempo)") pushed the last two,
// the attempts changed and the jobs not applicable, out of sight.
TEST_P(MainWindowLanguage, TheWhatIfStepsShowEveryColumnAtLaptopSize)
{
    MainWindow window;
    openTheSampleFleet(window);
    if (HasFatalFailure()) {
        return;
    }
    window.showPage(MainWindow::kWhatIfPage);
    auto* page = window.findChild<WhatIfPage*>();
    ASSERT_NE(page, nullptr);
    QSignalSpy shown(page, &WhatIfPage::projectionShown);
    page->slider(WhatIfPage::Row::Compile)->setValue(60);
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return shown.count() > 0 && !page->isBusy() && page->stepsTable()->rowCount() == 2; }, kWaitMs));
    QTableWidget* steps = page->stepsTable();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    QCoreApplication::processEvents();
    EXPECT_EQ(steps->horizontalScrollBar()->maximum(), 0)
        << "the steps need " << steps->horizontalHeader()->length() << " px of " << steps->viewport()->width();
}

// Two actions of the window on one key are ambiguous: Qt then triggers neither (Import folder and
// Import issues both had Ctrl+Shift+I, and the key did nothing). Every key of the window's actions
// (those not limited to a page's widgets) is one action's.
TEST(MainWindowShortcuts, EveryKeyOfTheWindowIsOneActions)
{
    fixtures::ensureApp();
    MainWindow window;
    std::map<QString, QStringList> byKey;
    for (QAction* a : window.findChildren<QAction*>()) {
        if (a->shortcutContext() == Qt::WidgetShortcut || a->shortcutContext() == Qt::WidgetWithChildrenShortcut) {
            continue;
        }
        for (const QKeySequence& key : a->shortcuts()) {
            byKey[key.toString(QKeySequence::PortableText)] << a->text();
        }
    }
    EXPECT_GE(byKey.size(), 20u);
    for (const auto& [key, actions] : byKey) {
        EXPECT_EQ(actions.size(), 1) << key.toStdString() << ": " << actions.join(QStringLiteral(", ")).toStdString();
    }
}

// In a menu, Alt and a letter goes to the item underlined with it: two items of a menu with one
// letter only cycle between them. Every menu of the menu bar underlines a letter once, in both
// languages.
TEST_P(MainWindowLanguage, EveryMenuUnderlinesALetterOnce)
{
    MainWindow window;
    for (QMenu* menu : window.menuBar()->findChildren<QMenu*>()) {
        std::map<QChar, QStringList> byLetter;
        for (QAction* a : menu->actions()) {
            const QString text = a->text();
            for (qsizetype i = 0; i + 1 < text.size(); ++i) {
                if (text[i] == QLatin1Char('&')) {
                    if (text[i + 1] != QLatin1Char('&')) {
                        byLetter[text[i + 1].toLower()] << text;
                    }
                    ++i;
                }
            }
        }
        for (const auto& [letter, items] : byLetter) {
            EXPECT_EQ(items.size(), 1) << menu->title().toStdString() << ": "
                                       << items.join(QStringLiteral(", ")).toStdString();
        }
    }
}

// At 1280 x 800 the What-if rows ended behind a scroll (their last line, the note that changes apply
// from top to bottom, and Reset half visible) while the empty table of saved scenarios below kept
// 170 px: the rows now take the height they need first.
TEST_P(MainWindowLanguage, TheWhatIfRowsShowWholeAtLaptopSize)
{
    MainWindow window;
    openTheSampleFleet(window);
    if (HasFatalFailure()) {
        return;
    }
    window.showPage(MainWindow::kWhatIfPage);
    auto* editor = window.findChild<WhatIfRowsEditor*>();
    ASSERT_NE(editor, nullptr);
    QScrollArea* scroll = nullptr;
    for (QWidget* w = editor->parentWidget(); w != nullptr && scroll == nullptr; w = w->parentWidget()) {
        scroll = qobject_cast<QScrollArea*>(w);
    }
    ASSERT_NE(scroll, nullptr);
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    QCoreApplication::processEvents();
    EXPECT_EQ(scroll->verticalScrollBar()->maximum(), 0)
        << "the rows need " << editor->sizeHint().height() << " px of " << scroll->viewport()->height();
    auto* scenarios = window.findChild<QTableWidget*>(QStringLiteral("scenarios"));
    ASSERT_NE(scenarios, nullptr);
    EXPECT_TRUE(scenarios->isVisible());
    EXPECT_GE(scenarios->height(), 70) << "the saved scenarios keep room for a few rows";
}

// A job with a real key of 110 characters, held by three labels, open with the Details dock: the
// window still fits a laptop's screen (the line saying that the view adds three datasets up widened it
// past the screen in Portuguese).
TEST_P(MainWindowLanguage, AJobWithALongKeyFitsALaptopScreen)
{
    const QString key
        = QStringLiteral("run139-rerun-sdpa-prefetch-seq128-lbs160-compile-bf16-nccl-zero-cta-nvls-enable-"
                         "no-flight-recorder-attempt-2");
    QFile in(QStringLiteral(ETT_SAMPLES_DIR "/worked-example.ett.jsonl"));
    ASSERT_TRUE(in.open(QIODevice::ReadOnly));
    QString trace = QString::fromUtf8(in.readAll());
    trace.replace(QStringLiteral("\"job\":\"J1\""), QStringLiteral("\"job\":\"%1\"").arg(key));
    const QString file = dir.filePath(QStringLiteral("long.ett.jsonl"));
    QFile out(file);
    ASSERT_TRUE(out.open(QIODevice::WriteOnly));
    out.write(trace.toUtf8());
    out.close();
    const QString db = dir.filePath(QStringLiteral("long.db"));
    fixtures::importWithCore(db.toStdString(), file, "before");
    fixtures::importWithCore(db.toStdString(), file, "after");
    fixtures::importWithCore(db.toStdString(), file, "torchtitan");
    MainWindow window;
    window.resize(kLaptop);
    window.show();
    ASSERT_TRUE(openAndWait(window, db, kWaitMs));
    window.state()->openJob(0, key);
    auto* details = window.findChild<DetailsPanel*>();
    ASSERT_NE(details, nullptr);
    ASSERT_TRUE(QTest::qWaitFor([&] { return details->shownJob() == 0 && !details->isBusy(); }, kWaitMs));
    const auto minimum = [&window] { return window.minimumSizeHint().expandedTo(window.minimumSize()); };
    (void)QTest::qWaitFor( // the check below says what is left
        [&] {
            QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
            return minimum().width() <= kLaptop.width();
        },
        2000);
    EXPECT_LE(minimum().width(), kLaptop.width()) << culprits(window).toStdString();
    EXPECT_LE(window.width(), kLaptop.width()) << culprits(window).toStdString();
}

INSTANTIATE_TEST_SUITE_P(EnglishAndPortuguese, MainWindowLanguage,
    ::testing::Values(std::string("en"), std::string("pt_BR")),
    [](const ::testing::TestParamInfo<std::string>& param) { return param.param == "en" ? "English" : "Portuguese"; });

TEST(MainWindowSize, OpensNoLargerThanTheScreen)
{
    fixtures::ensureApp();
    QStandardPaths::setTestModeEnabled(true);
    MainWindow window;
    const QRect screen = window.screen()->availableGeometry();
    const QSize min = window.minimumSizeHint();
    // The offscreen screen is smaller than a laptop's: the window takes it all, or its minimum.
    EXPECT_LE(window.width(), std::max(screen.width(), min.width()));
    EXPECT_LE(window.height(), std::max(screen.height(), min.height()));
}

// Before a database is open the timeline says why it shows nothing: a message that long must
// not widen the window (it did, to 1,412 pixels, and the window never shrank back).
TEST(MainWindowSize, AWindowWithoutADatabaseFitsALaptopScreen)
{
    fixtures::ensureApp();
    QStandardPaths::setTestModeEnabled(true);
    MainWindow window;
    window.show();
    QTest::qWait(100); // the timeline's first request fails: no database
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    EXPECT_LE(window.minimumSizeHint().width(), kLaptop.width()) << culprits(window).toStdString();
}

// A fresh window with no database asks for nothing: the status bar keeps saying how to start
// rather than "Query failed: no database is open" (the fleet timeline used to ask at once).
TEST(MainWindowEmpty, KeepsTheHowToStartMessage)
{
    fixtures::ensureApp();
    QStandardPaths::setTestModeEnabled(true);
    MainWindow window;
    window.show();
    QTest::qWait(300); // long enough for a request to the worker to come back failed
    EXPECT_TRUE(window.statusBar()->currentMessage().startsWith(QStringLiteral("Open a database")))
        << window.statusBar()->currentMessage().toStdString();
}

// A database without jobs (new, mistyped, or whose first import failed) shows what to do instead
// of empty pages (the fleet timeline once asked for an axis from 1970 to the end of int64 and grew
// to 15 GB); importing into it brings the pages back.
TEST(MainWindowEmpty, ADatabaseWithoutJobsSaysHowToImport)
{
    fixtures::ensureApp();
    QStandardPaths::setTestModeEnabled(true);
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString db = dir.filePath(QStringLiteral("new.db"));
    MainWindow window;
    window.show();
    const auto* empty = window.findChild<QWidget*>(QStringLiteral("emptyState"));
    ASSERT_NE(empty, nullptr);
    EXPECT_TRUE(empty->isVisible()) << "no database open: the window says how to start";
    const auto* importButton = window.findChild<QPushButton*>(QStringLiteral("emptyImport"));
    ASSERT_NE(importButton, nullptr);
    EXPECT_TRUE(importButton->text().contains(QStringLiteral("Import traces")));
    EXPECT_TRUE(importButton->text().contains(QStringLiteral("Ctrl+I")));

    ASSERT_TRUE(openAndWait(window, db, kWaitMs));
    EXPECT_TRUE(empty->isVisible());
    QString texts;
    for (const QLabel* label : empty->findChildren<QLabel*>()) {
        texts += label->text() + QLatin1Char('\n');
    }
    EXPECT_TRUE(texts.contains(QStringLiteral("No jobs in this database yet"))) << texts.toStdString();
    EXPECT_TRUE(texts.contains(QStringLiteral("ettw import --db ") + QDir::toNativeSeparators(db)))
        << texts.toStdString();
    EXPECT_FALSE(window.findChild<QTabWidget*>()->isVisible());

    fixtures::importWithCore(db.toStdString(), QStringLiteral(ETT_SAMPLES_DIR "/worked-example.ett.jsonl"), "a");
    ASSERT_TRUE(openAndWait(window, db, kWaitMs));
    EXPECT_FALSE(empty->isVisible()) << "with jobs the pages show";
    EXPECT_TRUE(window.findChild<QTabWidget*>()->isVisible());
}

// The error and report dialogs the window shows now.
QList<ErrorDialog*> visibleReports(QWidget& window)
{
    QList<ErrorDialog*> shown;
    for (ErrorDialog* d : window.findChildren<ErrorDialog*>()) {
        if (d->isVisible()) {
            shown << d;
        }
    }
    return shown;
}

// A folder's import: the status bar counts what became of its files, and files skipped as not
// traces are reported with why (a trace of a format this version misreads would otherwise go
// unnoticed); a folder of traces only reports nothing.
TEST(MainWindowImport, AFolderSaysWhatItSkippedAndWhy)
{
    fixtures::ensureApp();
    QStandardPaths::setTestModeEnabled(true);
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString runs = dir.filePath(QStringLiteral("runs"));
    ASSERT_TRUE(QDir().mkpath(runs));
    ASSERT_TRUE(QFile::copy(QStringLiteral(ETT_SAMPLES_DIR "/worked-example.ett.jsonl"), runs + "/run.ett.jsonl"));
    {
        QFile png(runs + QStringLiteral("/plot.png"));
        ASSERT_TRUE(png.open(QIODevice::WriteOnly));
        png.write(QByteArray("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16));
    }
    const QString db = dir.filePath(QStringLiteral("f.db"));
    MainWindow window;
    window.show();
    ASSERT_TRUE(openAndWait(window, db, kWaitMs));
    const auto reports = [&] { return visibleReports(window); };
    QSignalSpy finished(window.findChild<DataService*>(), &DataService::importFinished);
    window.importTraces({ runs }, QStringLiteral("default"));
    ASSERT_TRUE(finished.wait(kWaitMs));
    QApplication::processEvents();
    EXPECT_EQ(window.statusBar()->currentMessage(), QStringLiteral("2 files: 1 imported, 1 skipped (not traces)"));
    const QList<ErrorDialog*> shown = reports();
    ASSERT_EQ(shown.size(), 1);
    const QString text = shown.front()->text();
    EXPECT_TRUE(text.contains(QStringLiteral("Files skipped as not traces: 1."))) << text.toStdString();
    EXPECT_TRUE(text.contains(
        QStringLiteral("plot.png: skipped, not a trace this version reads: binary data (a NUL byte at column 1)")))
        << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("run.ett.jsonl: 16 records under label 'default'"))) << text.toStdString();
    shown.front()->close();
    QApplication::processEvents();

    // Traces only: counted in the status bar, nothing to report.
    QFile::remove(runs + QStringLiteral("/plot.png"));
    ASSERT_TRUE(QFile::copy(QStringLiteral(ETT_SAMPLES_DIR "/fleet-200.ett.jsonl.gz"), runs + "/fleet.ett.jsonl.gz"));
    window.importTraces({ runs }, QStringLiteral("default"));
    ASSERT_TRUE(finished.wait(kWaitMs));
    QApplication::processEvents();
    EXPECT_EQ(window.statusBar()->currentMessage(), QStringLiteral("2 files: 1 imported, 1 already imported"));
    EXPECT_TRUE(reports().isEmpty());
}

// Console logs imported one at a time chain with the runs stored before them: a stored log read
// again is counted apart in the status bar, and a new run that could not be chained (its stored
// retry is gone from its path) is reported with why.
TEST(MainWindowImport, ConsoleLogsChainWithTheStoredRunsAndSayWhatCouldNot)
{
    fixtures::ensureApp();
    QStandardPaths::setTestModeEnabled(true);
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const auto writeRun = [&](const QString& run, const std::string& text) {
        EXPECT_TRUE(QDir().mkpath(dir.filePath(QStringLiteral("runs/") + run)));
        const QString path = dir.filePath(QStringLiteral("runs/%1/run.log").arg(run));
        QFile f(path);
        EXPECT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(text.data(), static_cast<qint64>(text.size()));
        return path;
    };
    MainWindow window;
    window.show();
    ASSERT_TRUE(openAndWait(window, dir.filePath(QStringLiteral("logs.db")), kWaitMs));
    const auto reports = [&] { return visibleReports(window); };
    QSignalSpy finished(window.findChild<DataService*>(), &DataService::importFinished);
    const auto import = [&](const QString& path) {
        window.importTraces({ path }, QStringLiteral("default"));
        EXPECT_TRUE(finished.wait(kWaitMs));
        QApplication::processEvents();
    };
    import(writeRun(QStringLiteral("run2-retry-cfg-a"), ett::test::completedRun("10:05")));
    import(writeRun(QStringLiteral("run1-cfg-a"), ett::test::oomRun("10:00")));
    EXPECT_EQ(window.statusBar()->currentMessage(), QStringLiteral("2 files: 1 imported, 1 read again"));
    EXPECT_TRUE(reports().isEmpty());

    const QString gone = writeRun(QStringLiteral("run8-retry-cfg-d"), ett::test::completedRun("12:05"));
    import(gone);
    ASSERT_TRUE(QFile::remove(gone));
    import(writeRun(QStringLiteral("run7-cfg-d"), ett::test::oomRun("12:00")));
    const QList<ErrorDialog*> shown = reports();
    ASSERT_EQ(shown.size(), 1);
    const QString text = shown.front()->text();
    EXPECT_TRUE(text.contains(QStringLiteral("the new runs of configuration cfg-d were not chained with its stored "
                                             "runs: ")
        + gone))
        << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("run.log: 5 records under label 'default'"))) << text.toStdString();
    shown.front()->close();
}

// Ctrl+F: jobs found by key, name or attribute value in every label, the label named where two
// labels hold the key, Enter opening the first.
TEST(MainWindowSearch, FindsJobsAcrossLabelsAndOpensOne)
{
    fixtures::ensureApp();
    QStandardPaths::setTestModeEnabled(true);
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString db = dir.filePath(QStringLiteral("two.db"));
    for (const char* label : { "before", "after" }) {
        fixtures::importWithCore(db.toStdString(), QStringLiteral(ETT_SAMPLES_DIR "/fleet-200.ett.jsonl.gz"), label);
    }
    MainWindow window;
    window.show();
    ASSERT_TRUE(openAndWait(window, db, kWaitMs));
    JobSearch* search = window.jobSearch();
    ASSERT_NE(search, nullptr);
    QAction* find = nullptr;
    for (QAction* a : window.findChildren<QAction*>()) {
        if (a->shortcut() == QKeySequence(QKeySequence::Find)) {
            find = a;
        }
    }
    ASSERT_NE(find, nullptr) << "Edit > Find job has Ctrl+F";

    QSignalSpy shown(search, &JobSearch::matchesShown);
    QTest::keyClicks(search, QStringLiteral("job-000168"));
    ASSERT_TRUE(shown.wait(kWaitMs));
    const QStringList rows = search->rowTexts();
    ASSERT_EQ(rows.size(), 2) << rows.join(QLatin1Char('\n')).toStdString();
    EXPECT_TRUE(rows[0].startsWith(QStringLiteral("job-000168  —  llama-405b"))) << rows[0].toStdString();
    EXPECT_TRUE(rows.join(QLatin1Char('\n')).contains(QStringLiteral("label after")));
    EXPECT_TRUE(rows.join(QLatin1Char('\n')).contains(QStringLiteral("label before")));

    QTest::keyClick(search, Qt::Key_Return);
    EXPECT_EQ(window.state()->location().level, Level::Job) << "Enter opens the first match";

    // An attribute value, more matches than listed, and none.
    search->clear();
    QTest::keyClicks(search, QStringLiteral("central"));
    ASSERT_TRUE(shown.wait(kWaitMs));
    const QStringList central = search->rowTexts();
    ASSERT_EQ(central.size(), JobSearch::kListed + 1);
    EXPECT_TRUE(central.front().contains(QStringLiteral("cluster: central"))) << central.front().toStdString();
    EXPECT_TRUE(central.back().startsWith(QStringLiteral("48 more"))) << central.back().toStdString();
    search->clear();
    QTest::keyClicks(search, QStringLiteral("no such job"));
    ASSERT_TRUE(shown.wait(kWaitMs));
    ASSERT_EQ(search->rowTexts().size(), 1);
    EXPECT_TRUE(search->rowTexts().front().startsWith(QStringLiteral("No job matches")));
}

} // namespace
} // namespace ett::app
