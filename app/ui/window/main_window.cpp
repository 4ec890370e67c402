#include "app/ui/window/main_window.h"

#include "app/ui/data/data_service.h"
#include "app/ui/dialogs/dialogs.h"
#include "app/ui/dialogs/issues_dialog.h"
#include "app/ui/dialogs/report_dialog.h"
#include "app/ui/dialogs/shortcuts_dialog.h"
#include "app/ui/export/exporters.h"
#include "app/ui/pages/advisor_page.h"
#include "app/ui/pages/causes_page.h"
#include "app/ui/pages/compare_page.h"
#include "app/ui/pages/drilldown_page.h"
#include "app/ui/pages/overview_page.h"
#include "app/ui/pages/ranks_page.h"
#include "app/ui/pages/whatif_page.h"
#include "app/ui/timeline/timeline_view.h"
#include "app/ui/widgets/details_panel.h"
#include "app/ui/widgets/filter_bar.h"
#include "app/ui/widgets/job_search.h"
#include "app/ui/widgets/scope_bar.h"
#include "app/ui/window/workbench_state.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QIcon>
#include <QKeySequence>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QSplitter>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QStatusBar>
#include <QStyle>
#include <QTabBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>
#include <memory>

namespace ett::app {

bool looksLikeDatabase(const QString& path)
{
    // A workbench database is a SQLite file with the application id 'ETTW' (header bytes 68-71);
    // other SQLite files, such as Nsight Systems exports, are traces to import. A path that does
    // not exist yet is a database to create when its name says so.
    const QString lower = path.toLower();
    const bool dbName = lower.endsWith(QLatin1String(".db")) || lower.endsWith(QLatin1String(".sqlite3"));
    QFile file(path);
    if (!file.exists()) {
        return dbName || lower.endsWith(QLatin1String(".sqlite"));
    }
    if (!file.open(QIODevice::ReadOnly)) {
        return dbName;
    }
    const QByteArray header = file.read(100);
    static const QByteArray kMagic("SQLite format 3\0", 16);
    if (!header.startsWith(kMagic) || header.size() < 72) {
        return false;
    }
    const QByteArray applicationId = header.mid(68, 4);
    return applicationId == QByteArray("ETTW") || (applicationId == QByteArray(4, '\0') && dbName);
}
MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_state(new WorkbenchState(this))
    , m_service(new DataService(this))
{
    setAcceptDrops(true);
    createActions();
    createMenus();
    createPages();
    createStatusBar();
    createWatchWidgets();
    connectService();
    updateUndoAction();
    updateTitle();
    updateEmptyState();
    // 1600 x 1000 where the screen has room; on a laptop screen the window opens at the screen's
    // size instead of reaching past its edges (never below the window's minimum).
    const QSize preferred(1600, 1000);
    resize(screen() ? preferred.boundedTo(screen()->availableGeometry().size()) : preferred);
}

MainWindow::~MainWindow()
{
    // The watch's thread ends first, while the pages its signals reach still exist; nothing is said.
    disconnect(m_live, nullptr, this, nullptr);
    m_live->stop();
}

QString MainWindow::defaultDatabasePath()
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    return dir + QStringLiteral("/workbench.db");
}

// --- construction --------------------------------------------------------------------------------

void MainWindow::createActions()
{
    m_connectStoreAction = new QAction(tr("&Connect to fleet store..."), this);
    m_connectStoreAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    m_connectStoreAction->setStatusTip(
        tr("Compute on a fleet store (a ClickHouse cluster) instead of a database: every figure in SQL on its shards"));
    connect(m_connectStoreAction, &QAction::triggered, this, &MainWindow::connectStoreDialog);
    m_stopQueryAction = new QAction(tr("&Stop cluster query"), this);
    m_stopQueryAction->setShortcut(QKeySequence(Qt::Key_Escape));
    m_stopQueryAction->setStatusTip(
        tr("Abandon the query running on the fleet store (the server is asked to kill it)"));
    m_stopQueryAction->setEnabled(false); // only while a cluster query runs: Esc is free otherwise
    connect(m_stopQueryAction, &QAction::triggered, this, &MainWindow::stopStoreQuery);

    m_newDbAction = new QAction(tr("&New database..."), this);
    m_newDbAction->setStatusTip(tr("Create an empty workbench database"));
    connect(m_newDbAction, &QAction::triggered, this, &MainWindow::newDatabase);

    m_openDbAction = new QAction(tr("Open &database..."), this);
    m_openDbAction->setStatusTip(tr("Open a workbench database (.db)"));
    connect(m_openDbAction, &QAction::triggered, this, &MainWindow::openDatabaseDialog);

    m_importAction = new QAction(tr("&Import traces..."), this);
    m_importAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
    m_importAction->setStatusTip(tr("Import ETT trace files into the open database"));
    connect(m_importAction, &QAction::triggered, this, &MainWindow::importDialog);
    m_importFolderAction = new QAction(tr("Import &folder..."), this);
    m_importFolderAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I));
    m_importFolderAction->setStatusTip(
        tr("Import every trace in a folder and its subfolders: a folder per job, a file per rank or cycle"));
    connect(m_importFolderAction, &QAction::triggered, this, &MainWindow::importFolderDialog);

    m_openAction = new QAction(style()->standardIcon(QStyle::SP_DialogOpenButton), tr("&Open..."), this);
    m_openAction->setShortcut(QKeySequence::Open);
    m_openAction->setStatusTip(tr("Open a database or import traces (chosen by what the files are)"));
    connect(m_openAction, &QAction::triggered, this, &MainWindow::openDialog);

    m_renameAction = new QAction(tr("&Rename label..."), this);
    m_renameAction->setEnabled(false);
    connect(m_renameAction, &QAction::triggered, this, &MainWindow::renameLabelDialog);

    m_removeAction = new QAction(tr("Re&move label..."), this);
    m_removeAction->setStatusTip(tr("Remove a dataset label: every file imported under it and its jobs (undoable)"));
    m_removeAction->setEnabled(false);
    connect(m_removeAction, &QAction::triggered, this, &MainWindow::removeLabelDialog);

    m_removeFileAction = new QAction(tr("Remo&ve file..."), this);
    m_removeFileAction->setStatusTip(
        tr("Remove one imported file as if it had never been imported; the other files stay (undoable)"));
    m_removeFileAction->setEnabled(false);
    connect(m_removeFileAction, &QAction::triggered, this, &MainWindow::removeFileDialog);
    m_readFileAgainAction = new QAction(tr("Read file a&gain..."), this);
    m_readFileAgainAction->setStatusTip(
        tr("Read one imported file again with other options (a timezone, a mapping), in place of its records"));
    m_readFileAgainAction->setEnabled(false);
    connect(m_readFileAgainAction, &QAction::triggered, this, &MainWindow::readFileAgainDialog);

    // Window-wide, so that it works from every page; it dispatches to the What-if page's undo
    // there (see updateUndoAction), which therefore gives up its own Ctrl+Z (createPages).
    m_findAction = new QAction(tr("&Find job..."), this);
    m_findAction->setShortcut(QKeySequence::Find);
    m_findAction->setStatusTip(tr("Find jobs by key, name or attribute value in every label, and open one"));
    connect(m_findAction, &QAction::triggered, this, [this] { m_search->activate(); });
    m_undoAction = new QAction(tr("&Undo"), this);
    m_undoAction->setShortcut(QKeySequence::Undo);
    m_undoAction->setShortcutContext(Qt::WindowShortcut);
    connect(m_undoAction, &QAction::triggered, this, &MainWindow::undo);

    m_reportAction = new QAction(tr("&Export report..."), this);
    m_reportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_P));
    m_reportAction->setStatusTip(tr("A PDF report of the filter's jobs (and of the comparison), previewed first"));
    m_reportAction->setEnabled(false);
    connect(m_reportAction, &QAction::triggered, this, &MainWindow::exportReport);

    // The chart, table or timeline with the focus (each also has the export in its context menu
    // and on Ctrl+Shift+E, which the views own: the menu only shows the key).
    m_exportViewAction = new QAction(tr("Export chart or &table...\tCtrl+Shift+E"), this);
    m_exportViewAction->setStatusTip(tr("Export the focused chart or timeline as PNG or SVG, or table as CSV or JSON"));
    connect(m_exportViewAction, &QAction::triggered, this, [this] {
        QWidget* target = exportTargetFor(QApplication::focusWidget());
        if (!target) {
            QMessageBox::information(this, tr("Export"),
                tr("Click the chart, table or timeline to export first, then choose Export again (or right-click "
                   "it)."));
            return;
        }
        openExportDialog(target);
    });

    m_quitAction = new QAction(tr("&Quit"), this);
    m_quitAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Q));
    m_quitAction->setMenuRole(QAction::QuitRole);
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);

    m_overviewAction = new QAction(tr("&Overview"), this);
    m_overviewAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_1));
    connect(m_overviewAction, &QAction::triggered, this, [this] { showPage(0); });

    m_drillAction = new QAction(tr("&Drill-down"), this);
    m_drillAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_2));
    connect(m_drillAction, &QAction::triggered, this, [this] { showPage(1); });

    m_compareAction = new QAction(tr("&Compare A/B"), this);
    m_compareAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_3));
    m_compareAction->setStatusTip(tr("Compare two cohorts: ETT% with its interval, the bridge by bucket, "
                                     "distributions and matched jobs"));
    connect(m_compareAction, &QAction::triggered, this, [this] { showPage(kComparePage); });

    m_advisorAction = new QAction(tr("Checkpoint &advisor"), this);
    m_advisorAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_4));
    m_advisorAction->setStatusTip(tr("Checkpoint intervals: the current one, the optimum, the waste of both and the "
                                     "ETT% gain, per job or group of the filter"));
    connect(m_advisorAction, &QAction::triggered, this, [this] { showPage(kAdvisorPage); });

    m_whatIfAction = new QAction(tr("&What-if"), this);
    m_whatIfAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_5));
    m_whatIfAction->setStatusTip(tr("Scale buckets, a phase subcategory, interruptions or the checkpoint interval of "
                                    "the filter's jobs and see the projected ETT% with the bridge from today"));
    connect(m_whatIfAction, &QAction::triggered, this, [this] { showPage(kWhatIfPage); });

    m_ranksAction = new QAction(tr("&Ranks and stragglers"), this);
    m_ranksAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_6));
    m_ranksAction->setStatusTip(tr("The slowest rank of each stage of a job's multi-rank attempts, and the hosts of "
                                   "the filter's jobs most often slowest"));
    connect(m_ranksAction, &QAction::triggered, this, [this] { showPage(kRanksPage); });

    m_causesAction = new QAction(tr("Ca&uses"), this);
    m_causesAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_7));
    m_causesAction->setStatusTip(tr("Interruptions by cause and symptom; rules that re-classify causes"));
    connect(m_causesAction, &QAction::triggered, this, [this] { showPage(kCausesPage); });

    m_backAction = new QAction(style()->standardIcon(QStyle::SP_ArrowBack), tr("&Back"), this);
    m_backAction->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Left));
    m_backAction->setEnabled(false);
    connect(m_backAction, &QAction::triggered, m_state, &WorkbenchState::goBack);

    m_forwardAction = new QAction(style()->standardIcon(QStyle::SP_ArrowForward), tr("&Forward"), this);
    m_forwardAction->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Right));
    m_forwardAction->setEnabled(false);
    connect(m_forwardAction, &QAction::triggered, m_state, &WorkbenchState::goForward);
    // Excluded windows are a scope setting saved with the database (not with a fleet store).
    connect(m_state, &WorkbenchState::filterChanged, this, [this](const core::CohortSpec& filter) {
        if (m_service->hasDatabase() && !m_service->isStore() && filter.excluded != m_savedExcluded) {
            m_savedExcluded = filter.excluded;
            m_service->saveExcludedWindows(m_savedExcluded);
        }
    });
    connect(m_state, &WorkbenchState::historyChanged, this, [this](bool back, bool forward) {
        m_backAction->setEnabled(back);
        m_forwardAction->setEnabled(forward);
    });

    m_issuesAction = new QAction(tr("Import &issues…"), this);
    m_issuesAction->setObjectName(QStringLiteral("importIssues"));
    m_issuesAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
    m_issuesAction->setStatusTip(tr("The non-fatal data problems counted when each file was imported"));
    connect(m_issuesAction, &QAction::triggered, this, &MainWindow::showImportIssues);

    m_aboutAction = new QAction(tr("&About ETT Workbench"), this);
    m_aboutAction->setMenuRole(QAction::AboutRole);
    connect(m_aboutAction, &QAction::triggered, this, &MainWindow::about);
    m_shortcutsAction = new QAction(tr("&Keyboard shortcuts"), this);
    m_shortcutsAction->setObjectName(QStringLiteral("keyboardShortcuts"));
    m_shortcutsAction->setShortcut(QKeySequence::HelpContents);
    m_shortcutsAction->setStatusTip(tr("Every key the window answers to, searchable"));
    connect(m_shortcutsAction, &QAction::triggered, this, [this] {
        ShortcutsDialog dialog(menuBar(), this);
        dialog.exec();
    });
    createWatchActions();
}

void MainWindow::createMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_newDbAction);
    file->addAction(m_openDbAction);
    file->addAction(m_connectStoreAction);
    file->addAction(m_stopQueryAction);
    file->addSeparator();
    file->addAction(m_openAction);
    file->addAction(m_importAction);
    file->addAction(m_importFolderAction);
    file->addAction(m_watchAction);
    file->addAction(m_stopWatchAction);
    m_recentMenu = file->addMenu(tr("Recent fi&les"));
    file->addSeparator();
    file->addAction(m_renameAction);
    file->addAction(m_removeAction);
    file->addAction(m_removeFileAction);
    file->addAction(m_readFileAgainAction);
    file->addAction(m_reportAction);
    file->addAction(m_exportViewAction);
    file->addSeparator();
    file->addAction(m_quitAction);
    updateRecentMenu();

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    edit->setToolTipsVisible(true); // why Undo is disabled, or what it undoes
    edit->addAction(m_undoAction);
    edit->addSeparator();
    edit->addAction(m_findAction);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addAction(m_overviewAction);
    view->addAction(m_drillAction);
    view->addAction(m_compareAction);
    view->addAction(m_advisorAction);
    view->addAction(m_whatIfAction);
    view->addAction(m_ranksAction);
    view->addAction(m_causesAction);
    view->addSeparator();
    view->addAction(m_issuesAction);
    view->addAction(m_alertsAction);
    view->addSeparator();
    view->addAction(m_backAction);
    view->addAction(m_forwardAction);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(m_shortcutsAction);
    help->addAction(m_aboutAction);

    QToolBar* bar = addToolBar(tr("Navigation"));
    bar->setObjectName(QStringLiteral("navigation"));
    bar->setMovable(false);
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->addAction(m_backAction);
    bar->addAction(m_forwardAction);
    bar->addSeparator();
    bar->addAction(m_openAction);
    bar->addSeparator();
    bar->addAction(m_compareAction);
    // The search at the right end of the toolbar.
    auto* spacer = new QWidget(bar);
    spacer->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    bar->addWidget(spacer);
    m_search = new JobSearch(m_state, m_service, bar);
    bar->addWidget(m_search);
}

void MainWindow::createPages()
{
    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(4, 4, 4, 0);
    layout->setSpacing(4);

    // The filter bar spans the whole width (above the details dock too): it is the widest row.
    auto* filters = m_filtersBar = new QToolBar(tr("Filters"), this);
    filters->setObjectName(QStringLiteral("filters"));
    filters->setMovable(false);
    filters->setFloatable(false);
    filters->addWidget(new FilterBar(m_state, m_service, filters));
    addToolBarBreak(Qt::TopToolBarArea);
    addToolBar(Qt::TopToolBarArea, filters);

    // Said when the view adds several datasets together, with each one a click away.
    m_scopeBar = new ScopeBar(m_state, central);
    layout->addWidget(m_scopeBar);

    // The pages, or (no database, or one without jobs) a page that says how to start.
    m_content = new QStackedWidget(central);
    m_splitter = new QSplitter(Qt::Vertical, m_content);
    m_splitter->setObjectName(QStringLiteral("pageAndTimeline"));
    m_splitter->installEventFilter(this);
    m_splitter->setChildrenCollapsible(false);
    m_tabs = new QTabWidget(m_splitter);
    m_tabs->setDocumentMode(true);
    auto* overview = new OverviewPage(m_state, m_service, m_tabs);
    auto* drill = new DrillDownPage(m_state, m_service, m_tabs);
    m_compare = new ComparePage(m_state, m_service, m_tabs);
    m_tabs->addTab(overview, tr("Overview"));
    m_tabs->addTab(drill, tr("Drill-down"));
    m_tabs->addTab(m_compare, tr("Compare A/B"));
    m_tabs->setTabToolTip(kComparePage, m_compareAction->statusTip());
    m_advisor = new AdvisorPage(m_state, m_service, m_tabs);
    m_tabs->addTab(m_advisor, tr("Advisor"));
    m_tabs->setTabToolTip(kAdvisorPage, m_advisorAction->statusTip());
    m_whatIf = new WhatIfPage(m_state, m_service, m_tabs);
    m_tabs->addTab(m_whatIf, tr("What-if"));
    m_tabs->setTabToolTip(kWhatIfPage, m_whatIfAction->statusTip());
    m_ranks = new RanksPage(m_state, m_service, m_tabs);
    m_tabs->addTab(m_ranks, tr("Ranks"));
    m_tabs->setTabToolTip(kRanksPage, m_ranksAction->statusTip());
    // Edit > Undo owns Ctrl+Z in the window and dispatches to the page's undo.
    m_whatIf->undoDeleteAction()->setShortcut(QKeySequence());
    connect(m_whatIf, &WhatIfPage::undoDeleteChanged, this, &MainWindow::updateUndoAction);
    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::updateUndoAction);
    // Causes and their re-classification rules; Edit > Undo undoes a rule change there.
    m_causes = new CausesPage(m_state, m_service, m_tabs);
    m_tabs->addTab(m_causes, tr("Causes"));
    m_tabs->setTabToolTip(kCausesPage, m_causesAction->statusTip());
    connect(m_causes, &CausesPage::undoChanged, this, &MainWindow::updateUndoAction);
    connect(m_causes, &CausesPage::statusMessage, this,
        [this](const QString& text) { statusBar()->showMessage(text, 8000); });
    m_splitter->addWidget(m_tabs);
    auto* timeline = m_timeline = new TimelineView(m_state, m_service, m_splitter);
    m_splitter->addWidget(timeline);
    // A click on a bucket (a bar of the overview, a drill-down cell, a bridge step) lists its intervals.
    connect(overview, &OverviewPage::intervalsRequested, this, [this](core::Bucket bucket) {
        IntervalScope s;
        s.request.scope = m_state->filter();
        s.request.bucket = bucket;
        s.description = exportScopeText(*m_state);
        showIntervals({ s }, 0);
    });
    connect(drill, &DrillDownPage::intervalsRequested, this,
        [this](const std::vector<IntervalScope>& scopes) { showIntervals(scopes, 0); });
    connect(m_compare, &ComparePage::intervalsRequested, this, &MainWindow::showIntervals);
    // The overview's share follows what its cards and charts need (applyPageShare), once its layout
    // has taken what was rendered (a low window's compact cards change its height).
    connect(overview, &OverviewPage::rendered, this, [this] {
        QTimer::singleShot(0, this, [this] {
            if (m_tabs->currentIndex() == 0) {
                applyPageShare();
            }
        });
    });
    // A double-click on a bucket or a click on a cause class in the overview shows the drill-down
    // sorted by it.
    connect(overview, &OverviewPage::drillDownRequested, this, [this, drill](int column, Qt::SortOrder order) {
        drill->sortBy(column, order);
        m_tabs->setCurrentWidget(drill);
    });
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    {
        const QSettings settings;
        for (int page = 0; page < 2; ++page) {
            const double share = settings.value(QStringLiteral("layout/pageShare/%1").arg(page), -1.0).toDouble();
            if (share >= 0.2 && share <= 0.9) {
                m_pageShare[page] = share;
                m_pageShareChosen[page] = true;
            }
        }
    }
    // A splitter the user moves is the page's from then on.
    connect(m_splitter, &QSplitter::splitterMoved, this, [this] {
        const int page = m_tabs->currentIndex();
        const QList<int> sizes = m_splitter->sizes();
        const int total = sizes.value(0) + sizes.value(1);
        if (m_applyingShare || page < 0 || page >= 2 || total <= 0) {
            return;
        }
        m_pageShare[page] = static_cast<double>(sizes.value(0)) / total;
        m_pageShareChosen[page] = true;
        QSettings().setValue(QStringLiteral("layout/pageShare/%1").arg(page), m_pageShare[page]);
    });
    m_content->addWidget(m_splitter);
    m_content->addWidget(createEmptyState());
    layout->addWidget(m_content, 1);
    setCentralWidget(central);

    auto* dock = m_detailsDock = new QDockWidget(tr("Details"), this);
    dock->setObjectName(QStringLiteral("details"));
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    auto* details = new DetailsPanel(m_state, m_service, dock);
    dock->setWidget(details);
    // What the user clicks in the timeline is described in the details panel.
    connect(timeline, &TimelineView::selectionChanged, details, [this, details](const TimelineSelection& selection) {
        details->showTimelineSelection(selection.text);
        m_timelineSelected = !selection.text.isEmpty();
        updateChrome();
    });
    dock->setMinimumWidth(260);
    addDockWidget(Qt::RightDockWidgetArea, dock);
    // Once the window has its size (the layout ignores dock sizes set before it is shown).
    // The timeline gets a good share of the height: at job level it is the main view.
    // The dock takes a fifth of the window (260 to 340 pixels) unless the user gave it a width.
    QTimer::singleShot(0, this, [this, dock] {
        const int saved = QSettings().value(QStringLiteral("layout/detailsWidth"), 0).toInt();
        const int wanted = saved > 0 ? saved : width() / 5;
        resizeDocks({ dock }, { std::clamp(wanted, 260, std::max(260, width() / 3)) }, Qt::Horizontal);
        applyPageShare();
    });

    // The Compare page has its own cohorts and timelines: the window's filter bar, timeline and
    // details make room while it shows.
    // The Advisor and What-if pages follow the filter bar; the timeline and details make room for
    // them too. Only the page shown counts toward the window's minimum size (a tab widget's is
    // otherwise its largest page's: the Compare page's and the timeline's together are taller than
    // a 1000-pixel screen).
    auto fitPages = [this] {
        for (int i = 0; i < m_tabs->count(); ++i) {
            QWidget* page = m_tabs->widget(i);
            // Both ways: the Compare page alone is 1,250 pixels wide at least.
            const auto policy = i == m_tabs->currentIndex() ? QSizePolicy::Preferred : QSizePolicy::Ignored;
            page->setSizePolicy(policy, policy);
        }
    };
    fitPages();
    connect(m_tabs, &QTabWidget::currentChanged, this, [this, fitPages] {
        updateChrome();
        fitPages();
        applyPageShare();
    });

    // Going below the fleet shows the drill-down.
    connect(m_state, &WorkbenchState::locationChanged, this, [this](const Location& location) {
        if (location.level != Level::Fleet && m_tabs->count() > 1) {
            m_tabs->setCurrentIndex(1);
        }
        updateChrome();
    });
}

QWidget* MainWindow::createEmptyState()
{
    auto* page = new QWidget(m_content);
    page->setObjectName(QStringLiteral("emptyState"));
    auto* layout = new QVBoxLayout(page);
    layout->addStretch(2);
    m_emptyTitle = new QLabel(page);
    QFont big = m_emptyTitle->font();
    big.setPointSizeF(big.pointSizeF() * 1.6);
    big.setBold(true);
    m_emptyTitle->setFont(big);
    m_emptyTitle->setAlignment(Qt::AlignCenter);
    layout->addWidget(m_emptyTitle);
    m_emptyText = new QLabel(page);
    m_emptyText->setWordWrap(true);
    m_emptyText->setAlignment(Qt::AlignCenter);
    m_emptyText->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_emptyText->setFixedWidth(640);
    layout->addWidget(m_emptyText, 0, Qt::AlignHCenter);
    auto* buttons = new QHBoxLayout();
    buttons->addStretch(1);
    auto* import = new QPushButton(
        tr("Import traces...  (%1)").arg(m_importAction->shortcut().toString(QKeySequence::NativeText)), page);
    import->setObjectName(QStringLiteral("emptyImport"));
    import->setDefault(true);
    connect(import, &QPushButton::clicked, m_importAction, &QAction::trigger);
    buttons->addWidget(import);
    auto* open = new QPushButton(
        tr("Open database...  (%1)").arg(m_openAction->shortcut().toString(QKeySequence::NativeText)), page);
    open->setObjectName(QStringLiteral("emptyOpen"));
    connect(open, &QPushButton::clicked, m_openAction, &QAction::trigger);
    buttons->addWidget(open);
    buttons->addStretch(1);
    layout->addSpacing(12);
    layout->addLayout(buttons);
    layout->addStretch(3);
    return page;
}

void MainWindow::updateEmptyState()
{
    const bool open = m_service->hasDatabase();
    const bool loading = !m_pendingDatabase.isEmpty(); // the pages say they are loading
    const bool empty = !loading && (!open || m_state->vocabulary().jobs == 0);
    if (open && m_service->isStore()) {
        m_emptyTitle->setText(tr("No jobs in this fleet store yet"));
        m_emptyText->setText(tr("%1 holds no pushed dataset. From a shell:  ettw push --db DATABASE --store URL, or "
                                "ettw import --store URL --label LABEL FILE...")
                                 .arg(m_service->databasePath()));
    } else if (!open) {
        m_emptyTitle->setText(tr("No database is open"));
        m_emptyText->setText(
            tr("Open a workbench database, or import trace files into a new one: native ETT traces "
               "(.ett.jsonl, .ett.jsonl.gz, .ett.jsonl.zst), PyTorch profiler (Chrome) traces, Nsight Systems "
               "exports, MLPerf logs, console logs and job tables. You can also drop files on this "
               "window."));
    } else {
        m_emptyTitle->setText(tr("No jobs in this database yet"));
        m_emptyText->setText(
            tr("%1 holds no traces. Import trace files to see where their training time went: native ETT traces "
               "(.ett.jsonl, .ett.jsonl.gz, .ett.jsonl.zst), PyTorch profiler (Chrome) traces, Nsight Systems exports, "
               "MLPerf logs, console logs and job tables. You can also drop files on this window.\n\nFrom a shell:  "
               "ettw import --db %1 FILE...")
                .arg(QDir::toNativeSeparators(m_service->databasePath())));
    }
    // A centred word-wrapped label is given its one-line height by the layout: set the wrapped one.
    m_emptyText->setFixedHeight(m_emptyText->heightForWidth(m_emptyText->width()));
    m_content->setCurrentIndex(empty ? 1 : 0);
    updateChrome();
}

void MainWindow::updateChrome()
{
    // The Compare page has its own cohorts; the Advisor and What-if pages need the room of the
    // timeline and the details; the empty state needs none of them.
    const bool empty = m_content->currentIndex() == 1;
    const int index = m_tabs->currentIndex();
    const bool compare = index == kComparePage;
    const bool roomy
        = compare || index == kAdvisorPage || index == kWhatIfPage || index == kRanksPage || index == kCausesPage;
    m_filtersBar->setVisible(!empty && !compare);
    m_scopeBar->setWanted(!empty && !compare);
    m_timeline->setVisible(!roomy);
    // The details take no width while they have nothing to show: no job open, nothing clicked.
    const Location& at = m_state->location();
    const bool jobOpen = (at.level == Level::Job || at.level == Level::Attempt) && at.job >= 0;
    m_detailsDock->setVisible(!empty && !roomy && (jobOpen || m_timelineSelected));
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_splitter && event->type() == QEvent::Resize && m_tabs && m_tabs->currentIndex() == 0
        && !m_pageShareChosen[0]) {
        QTimer::singleShot(0, this, [this] {
            if (m_tabs->currentIndex() == 0) {
                applyPageShare();
            }
        });
    }
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::applyPageShare()
{
    const int page = m_tabs->currentIndex();
    const int h = m_splitter->height();
    if (page < 0 || page >= 2 || h <= 0) {
        return;
    }
    m_applyingShare = true;
    int top = static_cast<int>(h * m_pageShare[page]);
    const auto* overview = qobject_cast<const OverviewPage*>(m_tabs->widget(0));
    if (page == 0 && !m_pageShareChosen[0] && overview) {
        // The overview's cards and charts whole where the window allows it; the timeline keeps its
        // legend, axis and a few rows (at 1280x800 the charts' axes were below the fold).
        constexpr int kTimelineFloor = 110;
        const int need = overview->wholeHeight() + m_tabs->tabBar()->sizeHint().height() + 12;
        top = std::max(top, std::min(need, h - kTimelineFloor));
    }
    m_splitter->setSizes({ top, h - top });
    m_applyingShare = false;
}

void MainWindow::showIntervals(const std::vector<IntervalScope>& scopes, int current)
{
    if (!m_intervals) {
        m_intervals = new IntervalsDialog(m_state, m_service, this);
    }
    m_intervals->showScopes(scopes, current);
    m_intervals->show();
    m_intervals->raise();
    m_intervals->activateWindow();
}

void MainWindow::showPage(int index)
{
    if (index >= 0 && index < m_tabs->count()) {
        // A page asked for by name is shown even without data (it says what is missing itself).
        m_content->setCurrentIndex(0);
        m_tabs->setCurrentIndex(index);
        updateChrome();
    }
}

void MainWindow::createStatusBar()
{
    m_backendLabel = new QLabel(tr("no database"), this);
    m_rowsLabel = new QLabel(this);
    m_queryLabel = new QLabel(this);
    for (QLabel* l : { m_rowsLabel, m_queryLabel, m_backendLabel }) {
        l->setContentsMargins(6, 0, 6, 0);
        statusBar()->addPermanentWidget(l);
    }
    statusBar()->showMessage(tr("Open a database or import traces (File > Open, or drop files here)."));
}

// --- drag and drop, close ------------------------------------------------------------------------

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (!event->mimeData()->hasUrls()) {
        return;
    }
    for (const QUrl& url : event->mimeData()->urls()) {
        if (url.isLocalFile()) {
            event->acceptProposedAction();
            return;
        }
    }
}

void MainWindow::dropEvent(QDropEvent* event)
{
    QStringList paths;
    for (const QUrl& url : event->mimeData()->urls()) {
        if (url.isLocalFile()) {
            paths << url.toLocalFile();
        }
    }
    if (paths.isEmpty()) {
        return;
    }
    event->acceptProposedAction();
    // After the drop has returned: a dialog run inside the drop would hold the drag source.
    QMetaObject::invokeMethod(
        this, [this, paths] { openPaths(paths); }, Qt::QueuedConnection);
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (m_service->importRunning()) {
        const auto answer = QMessageBox::question(this, tr("Quit"),
            tr("An import is running. Cancel it (the file being imported is rolled back) and quit?"),
            QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
        if (answer != QMessageBox::Yes) {
            event->ignore();
            return;
        }
        m_service->cancelImport();
    }
    if (m_detailsDock->isVisible() && !m_detailsDock->isFloating()) {
        QSettings().setValue(QStringLiteral("layout/detailsWidth"), m_detailsDock->width());
    }
    stopWatching(); // between two files: everything committed stays
    event->accept();
}

} // namespace ett::app
