// The workbench window: menus, toolbar, drag and drop, recent files and the status bar around the
// pages (filter bar on top, overview and drill-down in tabs above the timeline, details in a dock
// on the right). The Compare page is a third tab with cohorts of its own: while it shows, the
// filter bar, the timeline and the details make room. The Advisor page is a fourth and the What-if
// page a fifth: they follow the filter bar; the timeline and the details make room for them. It
// owns the WorkbenchState and the DataService; the pages share both. Edit > Undo brings back the
// last removed label (or, on the What-if page, the last deleted scenario). Nothing here touches the
// store or the engine: opening and importing go through the data service, off the GUI thread.
#pragma once

#include "app/ui/data/types.h"
#include "app/ui/dialogs/intervals_dialog.h"
#include "app/ui/window/import_options.h"
#include "app/ui/window/live_watch.h"
#include "core/model/label_contents.h"

#include <QElapsedTimer>
#include <QMainWindow>
#include <QPointer>
#include <QString>
#include <QStringList>

#include <optional>

class QAction;
class QDockWidget;
class QLabel;
class QMenu;
class QSplitter;
class QStackedWidget;
class QTabWidget;
class QTimer;
class QToolBar;

namespace ett::app {

class AdvisorPage;
class AlertsPanel;
class CausesPage;
class ComparePage;
class DataService;
class ImportProgressDialog;
class JobSearch;
class RanksPage;
class ScopeBar;
class TimelineView;
class WhatIfPage;
class WorkbenchState;
struct LoadStats;

// True when the file is a workbench database: a ".db" / ".sqlite" name, or SQLite's magic bytes
// at its start. Everything else is taken for a trace. Reads at most 16 bytes.
bool looksLikeDatabase(const QString& path);

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    DataService* dataService() const { return m_service; }
    WorkbenchState* state() const { return m_state; }

    // The database used when traces are imported with none open:
    // QStandardPaths::AppDataLocation + "/workbench.db".
    static QString defaultDatabasePath();

    // Opens (or creates) a database, remembering it in the recent files.
    void openDatabase(const QString& path);
    // Connects to a fleet store (a ClickHouse cluster) instead of a database, remembering the URL
    // (never the password) in the recent stores; `password` empty: from the URL, the environment
    // or the password file (core/store/clickhouse/store_url.h).
    void connectStore(const QString& url, const QString& password = {});
    // The recent fleet stores, most recent first, without passwords (QSettings "recentStores").
    static QStringList recentStores();
    // Imports trace files into the open database (the default one when none is open). Without a
    // label, asks for it and the import options first (ImportDialog); with one, imports at once
    // with the defaults of `ettw import`. Refused with a message while another import runs.
    // `chosen`: the label and options already asked (File > Read file again), else the dialog asks.
    // Returns whether the import started (onImportFinished follows).
    bool importTraces(const QStringList& paths, std::optional<QString> label = std::nullopt,
        std::optional<ImportChoices> chosen = std::nullopt);
    // Opens what the paths are: the last database among them, then imports the traces into it
    // (under `label`, or asking for one when not given). What File > Open, drops and the command
    // line do.
    void openPaths(const QStringList& paths, std::optional<QString> label = std::nullopt);

    // The recent files, most recent first (QSettings "recentFiles", at most kMaxRecent).
    static QStringList recentFiles();
    static constexpr int kMaxRecent = 10;

    // Shows a page of the tab widget: 0 overview, 1 drill-down, 2 compare, 3 advisor, 4 what-if,
    // 5 ranks.
    void showPage(int index);
    static constexpr int kComparePage = 2;
    static constexpr int kAdvisorPage = 3;
    static constexpr int kWhatIfPage = 4;
    static constexpr int kRanksPage = 5;
    RanksPage* ranksPage() const { return m_ranks; }
    static constexpr int kCausesPage = 6;
    CausesPage* causesPage() const { return m_causes; }
    ComparePage* comparePage() const { return m_compare; }
    AdvisorPage* advisorPage() const { return m_advisor; }
    WhatIfPage* whatIfPage() const { return m_whatIf; }
    // The intervals dialog (nullptr until a bucket's intervals were first asked for).
    IntervalsDialog* intervalsDialog() const { return m_intervals; }
    // Lists the intervals of these scopes in the intervals dialog (shown and raised).
    void showIntervals(const std::vector<ett::app::IntervalScope>& scopes, int current);
    JobSearch* jobSearch() const { return m_search; }
    // Edit > Undo (Ctrl+Z, window-wide): on the What-if page with a scenario delete to undo, that;
    // otherwise the last label removal. Disabled, with a tooltip saying so, when neither is there.
    QAction* undoAction() const { return m_undoAction; }

    // --- watching (main_window_watch.cpp) ---
    // Follows files and folders as `ettw watch` does, importing what changes into the open database
    // (the default one when none is open) under `label`, off the GUI thread; the pages refresh at
    // most about once a second, keeping the user's place; alerts go to the alerts panel. A watch
    // running is replaced. Refused with a message on a fleet store.
    void watchPaths(const QStringList& paths, const QString& label = QStringLiteral("default"));
    // File > Stop watching: stops between two files (everything committed stays).
    void stopWatching();
    LiveWatch* liveWatch() const { return m_live; }
    AlertsPanel* alertsPanel() const { return m_alerts; }
    QDockWidget* alertsDock() const { return m_alertsDock; }
    // The status bar's watch text ("Watching 2 folders · 14 files · last change ..."); hidden when
    // not watching.
    QLabel* watchStatusLabel() const { return m_watchLabel; }
    QAction* watchAction() const { return m_watchAction; }
    QAction* stopWatchAction() const { return m_stopWatchAction; }
    // The page refreshes asked of the data service since the window opened (coalesced changes).
    int refreshCount() const { return m_refreshCount; }
    // Refreshes are at least this far apart (changes in between are taken together).
    static constexpr int kRefreshIntervalMs = 1000;
    // How long the status bar's transient messages stay.
    static constexpr int kMessageMs = 8000;

signals:
    // The first overview after a database was loaded has been delivered (for --screenshot).
    void overviewLoaded();

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

private:
    // Gives the current page its share of the splitter (when the timeline shows under it).
    void applyPageShare();
    // The splitter of page and timeline resized: the overview's share is fitted again.
    bool eventFilter(QObject* watched, QEvent* event) override;
    void createActions();
    void createMenus();
    void createPages();
    void createStatusBar();
    // The page shown instead of the others while no database is open or it has no jobs: what to
    // do, with the Import and Open actions.
    QWidget* createEmptyState();
    void updateEmptyState();
    // The filter bar, timeline and details dock shown for the page (and the empty state).
    void updateChrome();
    void connectService();

    void newDatabase();
    // File > Connect to fleet store: the URL (recent ones offered), the password, a read-only user.
    void connectStoreDialog();
    // A cluster query started or ended (Stop is enabled while one runs, and said after a moment).
    void storeQueryRunning(bool running);
    void stopStoreQuery();
    void openDatabaseDialog();
    void importDialog();
    // File > Import folder...: a folder of runs (one folder per job, a file per rank or cycle),
    // walked recursively, each file's format detected.
    void importFolderDialog();
    void openDialog();
    void renameLabelDialog();
    // File > Remove label: pick a label, ask the service what it holds, confirm, remove.
    void removeLabelDialog();
    void confirmRemoveLabel(const QString& label, const ett::core::LabelContents& contents);
    // File > Remove file: ask the service for the database's files, then pick one, confirm, remove.
    void removeFileDialog();
    void chooseFileToRemove(const ett::app::DatasetList& list);
    // File > Read file again: the files listed, one chosen, the import dialog on its options.
    void readFileAgainDialog();
    void chooseFileToReadAgain(const ett::app::DatasetList& list);
    // The service's answer to a file's removal: the status bar, and the lines of what could not be
    // done (a file read again that failed, a log gone, a job left undeclared) in a dialog.
    void onFileRemoved(const ett::app::FileRemovalInfo& removed);
    void undo();
    void updateUndoAction();
    // File > Export report: the report dialog with its preview.
    void exportReport();
    void about();

    void addRecent(const QString& path);
    void updateRecentMenu();
    void updateTitle();

    // --- watching (main_window_watch.cpp) ---
    void createWatchActions();
    void createWatchWidgets();
    // File > Watch folder...: a folder, then the label (existing ones offered; default "default").
    void watchFolderDialog();
    void startPendingWatch();
    void onPassDone(const ett::app::LivePass& pass);
    void updateWatchStatus();
    // Asks the data service to load the database again, at most once per kRefreshIntervalMs and one
    // at a time (changes meanwhile are taken by the next).
    void scheduleRefresh();
    void onDatabaseRefreshed(
        const ett::app::LoadStats& stats, const ett::app::Vocabulary& vocabulary, int32_t job, int32_t newJob);
    // The alerts panel's evidence: the job (by its label and key), or the label's overview.
    void openEvidence(const ett::app::Alert& alert);
    void updateAlertsBadge(int open);
    // The loaded figures in the status bar.
    void showLoadStats(const ett::app::LoadStats& stats);

    void onDatabaseOpened(const ett::app::LoadStats& stats, const ett::app::Vocabulary& vocabulary);
    void onDatabaseFailed(const QString& message);
    void onImportFinished(
        const QString& summary, const QStringList& errors, bool cancelled, int skipped, const QStringList& notes);
    // View > Import issues: the dialog of the open database's import issues.
    void showImportIssues();

    WorkbenchState* m_state = nullptr;
    DataService* m_service = nullptr;
    bool m_databaseRequested = false; // openDatabase() was called (it may still be loading)
    bool m_waitingOverview = false; // the first overview after a load has not arrived yet
    QString m_pendingDatabase; // the database being opened, for messages
    // The excluded windows (spec 7.4) the open database keeps: the filter's are saved when they differ.
    std::vector<core::TimeSpan> m_savedExcluded;

    QTabWidget* m_tabs = nullptr;
    QSplitter* m_splitter = nullptr;
    // The page's share of the splitter's height, per page that shows the timeline (the overview
    // needs room for its cards and charts; at job level the timeline is the main view). What the
    // user sets is remembered (QSettings "layout/pageShare/N").
    double m_pageShare[2] = { 0.68, 0.55 };
    // Whether the share was the user's (moved, or saved from an earlier session): then it is kept
    // as it is; else the overview takes what it needs to show its charts whole (applyPageShare).
    bool m_pageShareChosen[2] = { false, false };
    bool m_applyingShare = false;
    JobSearch* m_search = nullptr;
    QStackedWidget* m_content = nullptr; // 0: the splitter of pages and timeline; 1: the empty state
    QLabel* m_emptyTitle = nullptr;
    QLabel* m_emptyText = nullptr;
    QToolBar* m_filtersBar = nullptr;
    ScopeBar* m_scopeBar = nullptr;
    TimelineView* m_timeline = nullptr;
    QDockWidget* m_detailsDock = nullptr;
    bool m_timelineSelected = false; // the timeline describes a click in the details dock
    ComparePage* m_compare = nullptr;
    AdvisorPage* m_advisor = nullptr;
    WhatIfPage* m_whatIf = nullptr;
    IntervalsDialog* m_intervals = nullptr;
    RanksPage* m_ranks = nullptr;
    CausesPage* m_causes = nullptr;
    QPointer<ImportProgressDialog> m_progress;

    QAction* m_newDbAction = nullptr;
    QAction* m_openDbAction = nullptr;
    QAction* m_connectStoreAction = nullptr;
    QAction* m_stopQueryAction = nullptr;
    QTimer* m_storeBusyTimer = nullptr; // says a cluster query runs once it has run a moment
    QAction* m_importAction = nullptr;
    QAction* m_importFolderAction = nullptr;
    QAction* m_openAction = nullptr;
    QAction* m_renameAction = nullptr;
    QAction* m_removeAction = nullptr;
    QAction* m_undoAction = nullptr;
    QAction* m_findAction = nullptr;
    QString m_removeAsked; // the label whose contents the Remove label dialog waits for
    QAction* m_removeFileAction = nullptr;
    QAction* m_readFileAgainAction = nullptr;
    quint64 m_filesAsked = 0; // the request of the files the Remove file dialog waits for (0: none)
    bool m_filesToReadAgain = false; // m_filesAsked is for Read file again, not Remove file
    // The removals Edit > Undo undoes, the newest last: a label's (DataService::removedLabel), a
    // file's (DataService::removedFile) and a file read again (m_readAgainUndo); an entry whose undo
    // is no longer possible is skipped.
    enum class Removal { Label, File, ReadAgain };
    // A file read again with other options by File > Read file again, and the options it was read
    // with before (a file imported before its options were kept has none: no undo); undone by
    // reading it again with them. The import running (pending) and the one that can be undone.
    struct ReadAgainUndo
    {
        QString database;
        QString label;
        QString path;
        core::ReaderOptions before;
        QString beforeText; // "--timezone +02:00", "defaults"
    };
    std::optional<ReadAgainUndo> m_readAgainPending;
    std::optional<ReadAgainUndo> m_readAgainUndo;
    std::vector<Removal> m_removals;
    // The newest entry of m_removals whose undo is still possible; nullopt when none is.
    std::optional<Removal> nextRemovalToUndo() const;
    QAction* m_reportAction = nullptr;
    QAction* m_exportViewAction = nullptr;
    QAction* m_quitAction = nullptr;
    QAction* m_overviewAction = nullptr;
    QAction* m_drillAction = nullptr;
    QAction* m_compareAction = nullptr;
    QAction* m_advisorAction = nullptr;
    QAction* m_whatIfAction = nullptr;
    QAction* m_ranksAction = nullptr;
    QAction* m_causesAction = nullptr;
    QAction* m_backAction = nullptr;
    QAction* m_forwardAction = nullptr;
    QAction* m_issuesAction = nullptr;
    QAction* m_aboutAction = nullptr;
    QAction* m_shortcutsAction = nullptr;
    QMenu* m_recentMenu = nullptr;

    LiveWatch* m_live = nullptr;
    std::optional<LiveWatch::Settings> m_pendingWatch; // to start once the database is open
    AlertsPanel* m_alerts = nullptr;
    QDockWidget* m_alertsDock = nullptr;
    QAction* m_watchAction = nullptr;
    QAction* m_stopWatchAction = nullptr;
    QAction* m_alertsAction = nullptr;
    QLabel* m_watchLabel = nullptr;
    QLabel* m_alertsBadge = nullptr; // a link that opens the alerts panel
    QTimer* m_refreshTimer = nullptr; // the next coalesced refresh
    QTimer* m_clockTimer = nullptr; // moves running attempts' open ends while watching
    QElapsedTimer m_sinceRefresh; // since the last refresh was asked for
    bool m_refreshWanted = false; // a change came after the last refresh was asked for
    int m_refreshCount = 0;
    bool m_watchNotifying = false;
    bool m_alertsSized = false; // the alerts dock was added to the window, with its first height
    int m_watchFiles = 0;
    int m_watchRunning = 0;
    int64_t m_lastChangeNs = 0;
    QString m_lastChange; // the file
    quint64 m_evidenceRequest = 0; // the job search the evidence waits for
    Alert m_evidenceAlert;

    QLabel* m_backendLabel = nullptr;
    QLabel* m_rowsLabel = nullptr;
    QLabel* m_queryLabel = nullptr;
};

} // namespace ett::app
