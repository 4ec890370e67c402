#include "app/ui/main_window.h"

#include "app/ui/advisor_page.h"
#include "app/ui/compare_page.h"
#include "app/ui/data_service.h"
#include "app/ui/details_panel.h"
#include "app/ui/dialogs.h"
#include "app/ui/drilldown_page.h"
#include "app/ui/exporters.h"
#include "app/ui/filter_bar.h"
#include "app/ui/issues_dialog.h"
#include "app/ui/job_search.h"
#include "app/ui/overview_page.h"
#include "app/ui/report_dialog.h"
#include "app/ui/scope_bar.h"
#include "app/ui/shortcuts_dialog.h"
#include "app/ui/timeline/timeline_view.h"
#include "app/ui/whatif_page.h"
#include "app/ui/workbench_state.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
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
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>
#include <memory>

namespace ett::app {

namespace {

constexpr int kMessageMs = 8000; // how long transient status bar messages stay

const char* const kRecentKey = "recentFiles";

QString traceFilter()
{
    // Every format ettw imports; the format is recognised by content, so names only guide.
    return QObject::tr("Traces: ETT, PyTorch profiler / Chrome, Nsight SQLite, MLPerf, logs, job tables "
                       "(*.ett.jsonl *.ett.jsonl.gz *.jsonl *.jsonl.gz *.json *.json.gz *.gz *.sqlite *.txt *.log "
                       "*.csv)");
}

QString dbFilter()
{
    return QObject::tr("Workbench databases (*.db *.sqlite)");
}

QString allFilter()
{
    return QObject::tr("All files (*)");
}

QString countText(int64_t n)
{
    return QLocale().toString(static_cast<qlonglong>(n));
}

// "1 job", "2 jobs".
QString countOf(int64_t n, const QString& singular, const QString& plural)
{
    return countText(n) + QLatin1Char(' ') + (n == 1 ? singular : plural);
}

} // namespace

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
    connectService();
    updateUndoAction();
    updateTitle();
    updateEmptyState();
    // 1600 x 1000 where the screen has room; on a laptop screen the window opens at the screen's
    // size instead of reaching past its edges (never below the window's minimum).
    const QSize preferred(1600, 1000);
    resize(screen() ? preferred.boundedTo(screen()->availableGeometry().size()) : preferred);
}

MainWindow::~MainWindow() = default;

QString MainWindow::defaultDatabasePath()
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    return dir + QStringLiteral("/workbench.db");
}

// --- construction --------------------------------------------------------------------------------

void MainWindow::createActions()
{
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

    m_backAction = new QAction(style()->standardIcon(QStyle::SP_ArrowBack), tr("&Back"), this);
    m_backAction->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Left));
    m_backAction->setEnabled(false);
    connect(m_backAction, &QAction::triggered, m_state, &WorkbenchState::goBack);

    m_forwardAction = new QAction(style()->standardIcon(QStyle::SP_ArrowForward), tr("&Forward"), this);
    m_forwardAction->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Right));
    m_forwardAction->setEnabled(false);
    connect(m_forwardAction, &QAction::triggered, m_state, &WorkbenchState::goForward);
    connect(m_state, &WorkbenchState::historyChanged, this, [this](bool back, bool forward) {
        m_backAction->setEnabled(back);
        m_forwardAction->setEnabled(forward);
    });

    m_issuesAction = new QAction(tr("Import &issues…"), this);
    m_issuesAction->setObjectName(QStringLiteral("importIssues"));
    m_issuesAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I));
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
}

void MainWindow::createMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_newDbAction);
    file->addAction(m_openDbAction);
    file->addSeparator();
    file->addAction(m_openAction);
    file->addAction(m_importAction);
    m_recentMenu = file->addMenu(tr("Recent &files"));
    file->addSeparator();
    file->addAction(m_renameAction);
    file->addAction(m_removeAction);
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
    view->addSeparator();
    view->addAction(m_issuesAction);
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
    // Edit > Undo owns Ctrl+Z in the window and dispatches to the page's undo.
    m_whatIf->undoDeleteAction()->setShortcut(QKeySequence());
    connect(m_whatIf, &WhatIfPage::undoDeleteChanged, this, &MainWindow::updateUndoAction);
    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::updateUndoAction);
    m_splitter->addWidget(m_tabs);
    auto* timeline = m_timeline = new TimelineView(m_state, m_service, m_splitter);
    m_splitter->addWidget(timeline);
    // A click on a bucket or cause class in the overview shows the drill-down sorted by it.
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
    connect(timeline, &TimelineView::selectionChanged, details,
        [details](const TimelineSelection& selection) { details->showTimelineSelection(selection.text); });
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
    if (!open) {
        m_emptyTitle->setText(tr("No database is open"));
        m_emptyText->setText(tr("Open a workbench database, or import trace files into a new one: native ETT traces "
                                "(.ett.jsonl, .ett.jsonl.gz), PyTorch profiler (Chrome) traces, Nsight Systems "
                                "exports, MLPerf logs, console logs and job tables. You can also drop files on this "
                                "window."));
    } else {
        m_emptyTitle->setText(tr("No jobs in this database yet"));
        m_emptyText->setText(
            tr("%1 holds no traces. Import trace files to see where their training time went: native ETT traces "
               "(.ett.jsonl, .ett.jsonl.gz), PyTorch profiler (Chrome) traces, Nsight Systems exports, MLPerf logs, "
               "console logs and job tables. You can also drop files on this window.\n\nFrom a shell:  ettw import "
               "--db %1 FILE...")
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
    const bool roomy = compare || index == kAdvisorPage || index == kWhatIfPage;
    m_filtersBar->setVisible(!empty && !compare);
    m_scopeBar->setWanted(!empty && !compare);
    m_timeline->setVisible(!roomy);
    m_detailsDock->setVisible(!empty && !roomy);
}

void MainWindow::applyPageShare()
{
    const int page = m_tabs->currentIndex();
    const int h = m_splitter->height();
    if (page < 0 || page >= 2 || h <= 0) {
        return;
    }
    m_applyingShare = true;
    const int top = static_cast<int>(h * m_pageShare[page]);
    m_splitter->setSizes({ top, h - top });
    m_applyingShare = false;
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

void MainWindow::connectService()
{
    connect(m_service, &DataService::databaseOpened, this, &MainWindow::onDatabaseOpened);
    connect(m_service, &DataService::databaseFailed, this, &MainWindow::onDatabaseFailed);
    connect(m_service, &DataService::importFinished, this, &MainWindow::onImportFinished);
    connect(m_service, &DataService::queryTimed, this, [this](const QString& what, double ms) {
        m_queryLabel->setText(tr("last query: %1 ms").arg(ms, 0, 'f', ms < 10 ? 2 : 1));
        m_queryLabel->setToolTip(tr("%1 on %2").arg(what, QString::fromStdString(m_service->backend().name)));
    });
    connect(m_service, &DataService::overviewReady, this, [this] {
        if (m_waitingOverview) {
            m_waitingOverview = false;
            emit overviewLoaded();
        }
    });
    connect(m_service, &DataService::labelRenamed, this, [this](const QString& from, const QString& to) {
        statusBar()->showMessage(tr("Label \"%1\" renamed to \"%2\".").arg(from, to), kMessageMs);
    });
    connect(m_service, &DataService::labelRenameFailed, this, [this](const QString& message) {
        ErrorDialog::showError(this, tr("Rename label"), tr("The label was not renamed."), message);
    });
    connect(m_service, &DataService::labelContentsReady, this, &MainWindow::confirmRemoveLabel);
    connect(
        m_service, &DataService::labelRemoved, this, [this](const QString& label, const core::LabelContents& contents) {
            // A filter on the removed label would now match nothing: drop the label from it.
            core::CohortSpec filter = m_state->filter();
            if (filter.removeLabel(label.toStdString())) {
                m_state->setFilter(filter);
            }
            updateUndoAction();
            statusBar()->showMessage(tr("Removed label '%1' (%2, %3) — Undo (%4)")
                                         .arg(label, countOf(contents.files, tr("file"), tr("files")),
                                             countOf(contents.jobs, tr("job"), tr("jobs")),
                                             QKeySequence(QKeySequence::Undo).toString(QKeySequence::NativeText)));
        });
    connect(m_service, &DataService::labelRemoveFailed, this, [this](const QString& message) {
        m_removeAsked.clear();
        updateUndoAction();
        ErrorDialog::showError(this, tr("Remove label"), tr("Removing the label did not go through."), message);
    });
    connect(m_service, &DataService::labelRestored, this,
        [this](const QString& label, const core::LabelContents& contents) {
            updateUndoAction();
            statusBar()->showMessage(tr("Restored label '%1' (%2, %3).")
                                         .arg(label, countOf(contents.files, tr("file"), tr("files")),
                                             countOf(contents.jobs, tr("job"), tr("jobs"))),
                kMessageMs);
        });
    connect(m_service, &DataService::labelRestoreFailed, this, [this](const QString& message) {
        updateUndoAction();
        statusBar()->showMessage(tr("Not undone: %1").arg(message), kMessageMs);
        ErrorDialog::showError(this, tr("Undo"), tr("The label was not restored; nothing was changed."), message);
    });
    connect(m_service, &DataService::queryFailed, this, [this](quint64, const QString& message) {
        statusBar()->showMessage(tr("Query failed: %1").arg(message), kMessageMs);
    });
}

// --- opening and importing -----------------------------------------------------------------------

void MainWindow::openDatabase(const QString& path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QDir().mkpath(QFileInfo(absolute).absolutePath());
    m_databaseRequested = true;
    m_pendingDatabase = absolute;
    updateEmptyState();
    statusBar()->showMessage(tr("Opening %1...").arg(absolute));
    m_service->openDatabase(absolute);
    addRecent(absolute);
}

void MainWindow::importTraces(const QStringList& paths, std::optional<QString> label)
{
    if (paths.isEmpty()) {
        return;
    }
    if (m_service->importRunning()) {
        QMessageBox::information(
            this, tr("Import traces"), tr("An import is running; wait for it to finish or cancel it first."));
        return;
    }
    // A label given (command line, tests) imports at once with ettw's defaults; else the dialog
    // asks for the label and the options.
    ImportChoices choices;
    if (label) {
        choices.label = *label;
    } else {
        auto asked = ImportDialog::ask(this, paths, m_state->vocabulary().labels);
        if (!asked) {
            return;
        }
        choices = std::move(*asked);
    }
    if (!m_service->hasDatabase() && !m_databaseRequested) {
        const QString db = defaultDatabasePath();
        openDatabase(db);
        statusBar()->showMessage(tr("No database was open: importing into %1").arg(db), kMessageMs);
    }
    for (const QString& p : paths) {
        addRecent(QFileInfo(p).absoluteFilePath());
    }

    if (m_progress) {
        m_progress->deleteLater();
    }
    m_progress = new ImportProgressDialog(this);
    connect(m_service, &DataService::importProgress, m_progress, &ImportProgressDialog::setProgress);
    connect(m_progress, &ImportProgressDialog::cancelRequested, m_service, &DataService::cancelImport);
    m_progress->show();
    m_importAction->setEnabled(false);
    m_service->importFiles(paths, choices.label, choices.reader);
}

void MainWindow::openPaths(const QStringList& paths, std::optional<QString> label)
{
    QString database;
    QStringList traces;
    for (const QString& p : paths) {
        if (!QFileInfo::exists(p)) {
            ErrorDialog::showError(this, tr("Open"), tr("The file does not exist."), p);
            continue;
        }
        if (looksLikeDatabase(p)) {
            database = p;
        } else {
            traces << p;
        }
    }
    if (!database.isEmpty()) {
        openDatabase(database);
    }
    if (!traces.isEmpty()) {
        importTraces(traces, std::move(label));
    }
}

void MainWindow::onDatabaseOpened(const LoadStats& stats, const Vocabulary& vocabulary)
{
    m_pendingDatabase.clear();
    m_state->setVocabulary(vocabulary);
    m_waitingOverview = true;
    updateEmptyState();
    const gpu::BackendInfo& backend = m_service->backend();
    // The CPU says why it is not CUDA; a CUDA device's name says enough.
    QString backendText = QString::fromStdString(backend.name);
    if (backend.kind == gpu::BackendKind::Cpu && !backend.reason.empty()) {
        const QString reason = QString::fromStdString(backend.reason);
        const qsizetype aside = reason.indexOf(QLatin1String(" (")); // details go to the tooltip
        backendText += QStringLiteral(": ") + (aside > 0 ? reason.left(aside) : reason);
    }
    m_backendLabel->setText(backendText);
    m_backendLabel->setToolTip(tr("Aggregation backend: %1\n%2")
                                   .arg(QString::fromStdString(backend.name), QString::fromStdString(backend.reason)));
    m_rowsLabel->setText(
        tr("%1, %2, %3 loaded")
            .arg(countOf(stats.jobs, tr("job"), tr("jobs")), countOf(stats.attempts, tr("attempt"), tr("attempts")),
                countOf(stats.segments, tr("segment"), tr("segments"))));
    m_rowsLabel->setToolTip(tr("Loaded from %1 in %2 s").arg(stats.databasePath).arg(stats.loadSeconds, 0, 'f', 3));
    m_renameAction->setEnabled(!vocabulary.labels.isEmpty());
    m_removeAction->setEnabled(!vocabulary.labels.isEmpty());
    updateUndoAction();
    m_reportAction->setEnabled(true);
    updateTitle();
    if (m_service->importRunning()) {
        const bool isDefault = QFileInfo(stats.databasePath) == QFileInfo(defaultDatabasePath());
        statusBar()->showMessage(
            (isDefault ? tr("No database was open: importing into %1...") : tr("Importing into %1..."))
                .arg(stats.databasePath));
    } else {
        statusBar()->showMessage(
            tr("Loaded %1 in %2 s").arg(stats.databasePath).arg(stats.loadSeconds, 0, 'f', 2), kMessageMs);
    }
}

void MainWindow::onDatabaseFailed(const QString& message)
{
    const QString path = m_pendingDatabase;
    m_pendingDatabase.clear();
    m_databaseRequested = m_service->hasDatabase();
    updateEmptyState();
    statusBar()->showMessage(tr("Could not open the database."), kMessageMs);
    ErrorDialog::showError(this, tr("Open database"),
        path.isEmpty() ? tr("The database could not be opened.") : tr("Could not open %1.").arg(path), message);
}

void MainWindow::showImportIssues()
{
    if (!m_service->hasDatabase()) {
        statusBar()->showMessage(
            tr("Open or create a database first (File > New database, File > Open database)."), kMessageMs);
        return;
    }
    auto* dialog = new IssuesDialog(m_service, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

void MainWindow::onImportFinished(const QString& summary, const QStringList& errors, bool cancelled)
{
    if (m_progress) {
        m_progress->close();
        m_progress->deleteLater();
    }
    m_importAction->setEnabled(true);
    if (!errors.isEmpty()) {
        const QString what = errors.size() == 1
            ? tr("A file could not be imported; nothing of it was stored.")
            : tr("%1 files could not be imported; nothing of them was stored.").arg(errors.size());
        ErrorDialog::showError(this, tr("Import traces"), what,
            errors.join(QStringLiteral("\n\n")) + QStringLiteral("\n\n") + tr("Summary:") + QLatin1Char('\n')
                + summary);
    }
    if (cancelled) {
        statusBar()->showMessage(tr("Import cancelled: the file being imported was rolled back."), kMessageMs);
    } else if (!errors.isEmpty()) {
        statusBar()->showMessage(
            tr("Import finished; %1 could not be imported.").arg(countOf(errors.size(), tr("file"), tr("files"))),
            kMessageMs);
    } else {
        const QString first = summary.section(QLatin1Char('\n'), 0, 0);
        statusBar()->showMessage(
            summary.contains(QLatin1Char('\n')) ? tr("%1 (and more files)").arg(first) : first, kMessageMs);
    }
}

// --- menu actions ----------------------------------------------------------------------------------

void MainWindow::newDatabase()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("New database"), QDir::homePath() + QStringLiteral("/ett.db"), dbFilter());
    if (path.isEmpty()) {
        return;
    }
    if (QFileInfo::exists(path) && !QFile::remove(path)) {
        ErrorDialog::showError(this, tr("New database"), tr("Could not replace %1.").arg(path), QString());
        return;
    }
    openDatabase(path);
}

void MainWindow::openDatabaseDialog()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open database"), QString(), dbFilter() + QStringLiteral(";;") + allFilter());
    if (!path.isEmpty()) {
        openDatabase(path);
    }
}

void MainWindow::importDialog()
{
    const QStringList paths = QFileDialog::getOpenFileNames(
        this, tr("Import traces"), QString(), traceFilter() + QStringLiteral(";;") + allFilter());
    if (!paths.isEmpty()) {
        importTraces(paths);
    }
}

void MainWindow::openDialog()
{
    const QString filter
        = tr("Databases and traces (*.db *.sqlite *.ett.jsonl *.ett.jsonl.gz *.jsonl *.jsonl.gz *.json "
             "*.json.gz *.gz *.txt *.log *.csv)")
        + QStringLiteral(";;") + dbFilter() + QStringLiteral(";;") + traceFilter() + QStringLiteral(";;") + allFilter();
    const QStringList paths = QFileDialog::getOpenFileNames(this, tr("Open"), QString(), filter);
    if (!paths.isEmpty()) {
        openPaths(paths);
    }
}

void MainWindow::exportReport()
{
    std::optional<std::pair<core::CohortSpec, core::CohortSpec>> cohorts;
    if (!(m_compare->cohortA() == m_compare->cohortB())) { // the Compare page has two cohorts
        cohorts = std::make_pair(m_compare->cohortA(), m_compare->cohortB());
    }
    ReportDialog dialog(m_service, m_state, cohorts, m_tabs->currentIndex() == kComparePage, this);
    dialog.exec();
}

void MainWindow::renameLabelDialog()
{
    const QStringList labels = m_state->vocabulary().labels;
    const QString current = m_state->filter().labels.size() == 1 ? qs(m_state->filter().labels.front()) : QString();
    RenameLabelDialog dialog(labels, current, this);
    if (dialog.exec() == QDialog::Accepted) {
        m_service->renameLabel(dialog.from(), dialog.to());
    }
}

void MainWindow::removeLabelDialog()
{
    const QStringList labels = m_state->vocabulary().labels;
    const QString current = m_state->filter().labels.size() == 1 ? qs(m_state->filter().labels.front()) : QString();
    RemoveLabelDialog dialog(labels, current, this);
    if (dialog.exec() != QDialog::Accepted) {
        return;
    }
    // What it holds is counted on the worker; confirmRemoveLabel asks when the counts arrive.
    m_removeAsked = dialog.label();
    statusBar()->showMessage(tr("Counting what label '%1' holds...").arg(m_removeAsked));
    m_service->requestLabelContents(m_removeAsked);
}

void MainWindow::confirmRemoveLabel(const QString& label, const core::LabelContents& contents)
{
    if (label != m_removeAsked) {
        return; // not (or no longer) asked for
    }
    m_removeAsked.clear();
    statusBar()->clearMessage();
    std::unique_ptr<QMessageBox> box(RemoveLabelDialog::confirmation(label, contents, this));
    box->setObjectName(QStringLiteral("removeLabelConfirmation"));
    box->exec();
    if (box->clickedButton() != nullptr && box->buttonRole(box->clickedButton()) == QMessageBox::DestructiveRole) {
        statusBar()->showMessage(tr("Removing label '%1'...").arg(label));
        m_service->removeLabel(label);
    }
}

void MainWindow::undo()
{
    if (m_tabs->currentIndex() == kWhatIfPage && m_whatIf->canUndoDelete()) {
        m_whatIf->undoDelete();
        return;
    }
    if (!m_service->removedLabel().isEmpty()) {
        statusBar()->showMessage(tr("Restoring label '%1'...").arg(m_service->removedLabel()));
        m_service->restoreRemovedLabel();
    }
}

void MainWindow::updateUndoAction()
{
    QString text = tr("&Undo");
    QString tip;
    bool enabled = true;
    if (m_tabs && m_tabs->currentIndex() == kWhatIfPage && m_whatIf && m_whatIf->canUndoDelete()) {
        text = tr("&Undo scenario delete");
        tip = tr("Save the scenario deleted on the What-if page again");
    } else if (!m_service->removedLabel().isEmpty()) {
        text = tr("&Undo removal of label '%1'").arg(m_service->removedLabel());
        tip = tr("Put label '%1' back with everything it held (refused if a later import took its name or ids)")
                  .arg(m_service->removedLabel());
    } else {
        enabled = false;
        tip = tr("Nothing to undo: removing a label (File > Remove label) can be undone until the database is "
                 "closed");
    }
    m_undoAction->setText(text);
    m_undoAction->setToolTip(tip);
    m_undoAction->setStatusTip(tip);
    m_undoAction->setEnabled(enabled);
}

void MainWindow::about()
{
    const gpu::BackendInfo& backend = m_service->backend();
    QMessageBox::about(this, tr("About ETT Workbench"),
        tr("<h3>ETT Workbench %1</h3>"
           "<p>Where the wall-clock time of training jobs goes: Effective Training Time (ETT%), "
           "computed exactly by the ETT trace spec, from the fleet down to one attempt's phases.</p>"
           "<p>Aggregation backend: %2<br/>%3</p>")
            .arg(QApplication::applicationVersion(),
                m_service->hasDatabase() ? QString::fromStdString(backend.name).toHtmlEscaped() : tr("not loaded yet"),
                QString::fromStdString(backend.reason).toHtmlEscaped()));
}

// --- recent files ----------------------------------------------------------------------------------

QStringList MainWindow::recentFiles()
{
    return QSettings().value(QLatin1String(kRecentKey)).toStringList();
}

void MainWindow::addRecent(const QString& path)
{
    QSettings settings;
    QStringList list = settings.value(QLatin1String(kRecentKey)).toStringList();
    list.removeAll(path);
    list.prepend(path);
    while (list.size() > kMaxRecent) {
        list.removeLast();
    }
    settings.setValue(QLatin1String(kRecentKey), list);
    updateRecentMenu();
}

void MainWindow::updateRecentMenu()
{
    m_recentMenu->clear();
    const QStringList list = recentFiles();
    int n = 0;
    for (const QString& path : list) {
        ++n;
        const QString text = n < 10 ? tr("&%1 %2").arg(n).arg(QFileInfo(path).fileName())
                                    : tr("%1 %2").arg(n).arg(QFileInfo(path).fileName());
        QAction* a = m_recentMenu->addAction(text);
        a->setToolTip(path);
        a->setStatusTip(path);
        connect(a, &QAction::triggered, this, [this, path] { openPaths({ path }); });
    }
    if (list.isEmpty()) {
        m_recentMenu->addAction(tr("(none)"))->setEnabled(false);
    } else {
        m_recentMenu->addSeparator();
        connect(m_recentMenu->addAction(tr("&Clear")), &QAction::triggered, this, [this] {
            QSettings().remove(QLatin1String(kRecentKey));
            updateRecentMenu();
        });
    }
}

void MainWindow::updateTitle()
{
    const QString path = m_service->databasePath();
    setWindowTitle(path.isEmpty() ? tr("ETT Workbench") : tr("%1 - ETT Workbench").arg(QFileInfo(path).fileName()));
    setWindowFilePath(path);
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
    event->accept();
}

} // namespace ett::app
