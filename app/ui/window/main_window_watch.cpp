// What the window does while it watches files and folders (File > Watch folder, --watch): the watch
// itself runs on a thread of its own (LiveWatch); here its passes become coalesced page refreshes
// that keep the user's place, the status bar's watch text, the alerts panel and its badge, and the
// clock that moves running attempts' open ends on the timeline.
#include "app/ui/data/data_service.h"
#include "app/ui/dialogs/dialogs.h"
#include "app/ui/format/figures_format.h"
#include "app/ui/timeline/timeline_view.h"
#include "app/ui/widgets/alerts_panel.h"
#include "app/ui/window/main_window.h"
#include "app/ui/window/workbench_state.h"
#include "core/model/timeutil.h"

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLabel>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>

#include <algorithm>

namespace ett::app {

namespace {

constexpr int kClockMs = 1000; // the open ends of running attempts move once a second

// "14:02:03": the time of day (UTC) of a change.
QString clockText(int64_t ns)
{
    const QString t = qs(core::formatRfc3339(ns));
    const auto at = t.indexOf(QLatin1Char('T'));
    return at < 0 ? t : t.mid(at + 1, 8);
}

} // namespace

void MainWindow::createWatchActions()
{
    m_watchAction = new QAction(tr("&Watch folder..."), this);
    m_watchAction->setObjectName(QStringLiteral("watchFolder"));
    m_watchAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_W));
    m_watchAction->setStatusTip(tr("Follow a folder of running jobs as ettw watch does: new and changed traces are "
                                   "imported, the pages refresh, alerts are listed"));
    connect(m_watchAction, &QAction::triggered, this, &MainWindow::watchFolderDialog);
    m_stopWatchAction = new QAction(tr("Stop watc&hing"), this);
    m_stopWatchAction->setObjectName(QStringLiteral("stopWatching"));
    m_stopWatchAction->setStatusTip(tr("Stop following the watched folders (everything imported stays)"));
    m_stopWatchAction->setEnabled(false);
    connect(m_stopWatchAction, &QAction::triggered, this, &MainWindow::stopWatching);
    m_alertsAction = new QAction(tr("A&lerts"), this);
    m_alertsAction->setObjectName(QStringLiteral("showAlerts"));
    m_alertsAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
    m_alertsAction->setStatusTip(tr("The open and recent alerts of the watched folders (restart storms, hangs, ...)"));
    m_alertsAction->setCheckable(true);
}

void MainWindow::createWatchWidgets()
{
    m_live = new LiveWatch(this);
    // 1. The alerts panel: a dock, hidden until asked for or an alert fires.
    m_alertsDock = new QDockWidget(tr("Alerts"), this);
    m_alertsDock->setObjectName(QStringLiteral("alerts"));
    m_alerts = new AlertsPanel(m_alertsDock);
    m_alertsDock->setWidget(m_alerts);
    // Added to the window when first shown (a dock area holding only a hidden dock still takes the
    // height of its separator, which a laptop screen does not have to spare).
    m_alertsDock->hide();
    connect(m_alertsAction, &QAction::toggled, m_alertsDock, [this](bool on) {
        if (on && !m_alertsSized) {
            // The first time: under the pages, the whole width (its columns need the room), a few
            // lines high, so that the pages and the timeline keep theirs.
            m_alertsSized = true;
            addDockWidget(Qt::BottomDockWidgetArea, m_alertsDock);
            m_alertsDock->show();
            resizeDocks({ m_alertsDock }, { std::clamp(height() / 9, 100, 130) }, Qt::Vertical);
        }
        m_alertsDock->setVisible(on);
        if (on) {
            m_alertsDock->raise();
        }
    });
    connect(m_alertsDock, &QDockWidget::visibilityChanged, this, [this] {
        const QSignalBlocker block(m_alertsAction);
        m_alertsAction->setChecked(m_alertsDock->isVisible());
        updateAlertsBadge(m_alerts->openCount());
    });
    connect(m_alerts, &AlertsPanel::evidenceRequested, this, &MainWindow::openEvidence);
    connect(m_alerts, &AlertsPanel::openCountChanged, this, &MainWindow::updateAlertsBadge);
    connect(m_service, &DataService::jobsFound, this, [this](quint64 id, const JobMatches& found) {
        if (id == 0 || id != m_evidenceRequest) {
            return;
        }
        m_evidenceRequest = 0;
        const Alert& a = m_evidenceAlert;
        for (const JobMatch& m : found.matches) {
            if (m.key == a.job && m.label == a.label) {
                m_state->openJob(m.job, qs(m.key));
                if (a.attempt) {
                    m_state->openAttempt(*a.attempt);
                }
                showPage(1);
                return;
            }
        }
        statusBar()->showMessage(tr("Job %1 (%2) is not in the loaded data yet; it is shown once the pages refresh.")
                                     .arg(qs(a.job), qs(a.label)),
            kMessageMs);
    });

    // 2. The status bar: what is watched, and a badge of open alerts that opens the panel.
    m_watchLabel = new QLabel(this);
    m_watchLabel->setObjectName(QStringLiteral("watchStatus"));
    m_watchLabel->setContentsMargins(6, 0, 6, 0);
    m_watchLabel->hide();
    statusBar()->insertPermanentWidget(0, m_watchLabel);
    // A link, not a button: the status bar is as tall as its tallest widget, shown or not.
    m_alertsBadge = new QLabel(this);
    m_alertsBadge->setObjectName(QStringLiteral("alertsBadge"));
    m_alertsBadge->setContentsMargins(6, 0, 6, 0);
    m_alertsBadge->setTextFormat(Qt::RichText);
    m_alertsBadge->hide();
    connect(m_alertsBadge, &QLabel::linkActivated, this, [this] { m_alertsAction->setChecked(true); });
    statusBar()->insertPermanentWidget(1, m_alertsBadge);

    // 3. The watch's passes, and the refreshes they ask for.
    m_refreshTimer = new QTimer(this);
    m_refreshTimer->setSingleShot(true);
    connect(m_refreshTimer, &QTimer::timeout, this, [this] {
        if (m_service->refreshRunning() || !m_service->hasDatabase() || m_service->isStore()) {
            return; // the running refresh's answer schedules the next
        }
        m_refreshWanted = false;
        m_sinceRefresh.restart();
        ++m_refreshCount;
        m_service->refreshDatabase(m_state->location().job);
    });
    m_clockTimer = new QTimer(this);
    m_clockTimer->setInterval(kClockMs);
    connect(m_clockTimer, &QTimer::timeout, this, [this] { m_timeline->setLiveNow(core::wallClockNs()); });
    connect(m_live, &LiveWatch::watchStarted, this, [this](bool notifying) {
        m_watchNotifying = notifying;
        m_stopWatchAction->setEnabled(true);
        m_clockTimer->start();
        m_timeline->setLiveNow(core::wallClockNs());
        updateWatchStatus();
    });
    connect(m_live, &LiveWatch::watchFailed, this, [this](const QString& message) {
        m_stopWatchAction->setEnabled(false);
        m_clockTimer->stop();
        updateWatchStatus();
        ErrorDialog::showError(this, tr("Watch folder"), tr("The folder is not watched."), message);
    });
    connect(m_live, &LiveWatch::watchStopped, this, [this] {
        m_stopWatchAction->setEnabled(false);
        m_clockTimer->stop();
        m_timeline->setLiveNow(0);
        updateWatchStatus();
        statusBar()->showMessage(tr("Stopped watching; everything imported stays."), kMessageMs);
    });
    connect(m_live, &LiveWatch::passDone, this, &MainWindow::onPassDone);
    connect(m_service, &DataService::databaseRefreshed, this, &MainWindow::onDatabaseRefreshed);
    connect(m_service, &DataService::refreshFailed, this, [this](const QString& message) {
        statusBar()->showMessage(tr("The pages could not be refreshed: %1").arg(message), kMessageMs);
        if (m_refreshWanted) {
            scheduleRefresh();
        }
    });
}

void MainWindow::watchFolderDialog()
{
    if (m_service->isStore()) {
        watchPaths({}); // says why not
        return;
    }
    QSettings settings;
    const QString dir = QFileDialog::getExistingDirectory(
        this, tr("Watch folder"), settings.value(QStringLiteral("lastWatchDir"), QDir::homePath()).toString());
    if (dir.isEmpty()) {
        return;
    }
    settings.setValue(QStringLiteral("lastWatchDir"), dir);
    QStringList labels = m_state->vocabulary().labels;
    labels.removeAll(QStringLiteral("default"));
    labels.prepend(QStringLiteral("default"));
    bool ok = false;
    const QString label = QInputDialog::getItem(this, tr("Watch folder"),
        tr("Dataset label for the traces of %1:").arg(QDir::toNativeSeparators(dir)), labels, 0, true, &ok)
                              .trimmed();
    if (!ok || label.isEmpty()) {
        return;
    }
    watchPaths({ dir }, label);
}

void MainWindow::watchPaths(const QStringList& paths, const QString& label)
{
    if (m_service->isStore()) {
        QMessageBox::information(this, tr("Watch folder"),
            tr("A fleet store is open: the window only reads it. Watch into a database (File > Open database), or "
               "push what ettw watch imports with  ettw push."));
        return;
    }
    if (paths.isEmpty()) {
        return;
    }
    LiveWatch::Settings s;
    for (const QString& p : paths) {
        s.paths << QFileInfo(p).absoluteFilePath();
    }
    s.label = label.isEmpty() ? QStringLiteral("default") : label;
    m_pendingWatch = s;
    if (!m_service->hasDatabase()) {
        if (m_pendingDatabase.isEmpty()) {
            openDatabase(defaultDatabasePath()); // the watch starts once it is open
        }
        return;
    }
    if (m_pendingDatabase.isEmpty()) {
        startPendingWatch();
    }
}

void MainWindow::startPendingWatch()
{
    if (!m_pendingWatch || !m_service->hasDatabase() || m_service->isStore()) {
        return;
    }
    LiveWatch::Settings s = *m_pendingWatch;
    m_pendingWatch.reset();
    s.database = m_service->databasePath();
    m_alerts->clear();
    m_lastChange.clear();
    m_lastChangeNs = 0;
    m_watchFiles = 0;
    m_watchRunning = 0;
    m_live->start(s);
    statusBar()->showMessage(tr("Watching %1 under label '%2'...")
                                 .arg(QDir::toNativeSeparators(s.paths.join(QStringLiteral(", "))), s.label),
        kMessageMs);
    updateWatchStatus();
}

void MainWindow::stopWatching()
{
    m_pendingWatch.reset();
    m_live->stop();
}

void MainWindow::onPassDone(const LivePass& pass)
{
    m_watchFiles = pass.files;
    m_watchRunning = pass.runningJobs;
    if (pass.changed) {
        m_lastChangeNs = pass.atNs;
        m_lastChange = QFileInfo(pass.lastChanged).fileName();
        scheduleRefresh();
    }
    for (const QString& failure : pass.failures) {
        statusBar()->showMessage(
            tr("Watch: %1 (its earlier records are kept; read again when it changes)").arg(failure), kMessageMs);
    }
    for (const QString& problem : pass.problems) {
        statusBar()->showMessage(tr("Watch: %1").arg(problem), kMessageMs);
    }
    m_alerts->addAlerts(pass.fired, pass.cleared);
    if (!pass.fired.empty()) {
        // An alert fired: the panel opens (the badge counts what is open).
        m_alertsAction->setChecked(true);
    }
    updateWatchStatus();
}

void MainWindow::updateWatchStatus()
{
    // While watching, the watch's text takes the place of the last query's time (which the
    // refreshes change every second anyway): the bar has room for both on no laptop screen.
    m_queryLabel->setVisible(!m_live->running());
    if (!m_live->running()) {
        m_watchLabel->hide();
        return;
    }
    // Short (the status bar is shared): the files and the last change; the rest in the tooltip.
    const LiveWatch::Settings& s = m_live->settings();
    m_watchLabel->setText(tr("Watching %Ln file(s)", nullptr, m_watchFiles) + QStringLiteral(" · ")
        + (m_lastChangeNs > 0 ? tr("last change %1 UTC").arg(clockText(m_lastChangeNs)) : tr("no change yet")));
    QString tip
        = tr("Importing into %1 under label '%2' (%3):\n%4")
              .arg(QDir::toNativeSeparators(s.database), s.label,
                  m_watchNotifying ? tr("inotify, and a look every 2 s") : tr("a look every 2 s, without inotify"),
                  QDir::toNativeSeparators(s.paths.join(QLatin1Char('\n'))));
    tip += QLatin1Char('\n') + tr("%Ln running job(s)", nullptr, m_watchRunning);
    if (!m_lastChange.isEmpty()) {
        tip += QLatin1Char('\n') + tr("Last changed file: %1").arg(m_lastChange);
    }
    m_watchLabel->setToolTip(tip);
    m_watchLabel->show();
}

void MainWindow::scheduleRefresh()
{
    m_refreshWanted = true;
    if (m_service->refreshRunning() || m_refreshTimer->isActive()) {
        return; // taken by the refresh on its way, or by the next
    }
    const qint64 since = m_sinceRefresh.isValid() ? m_sinceRefresh.elapsed() : kRefreshIntervalMs;
    m_refreshTimer->start(static_cast<int>(std::max<qint64>(0, kRefreshIntervalMs - since)));
}

void MainWindow::onDatabaseRefreshed(const LoadStats& stats, const Vocabulary& vocabulary, int32_t job, int32_t newJob)
{
    const bool wasEmpty = m_state->vocabulary().jobs == 0;
    m_state->refreshData(vocabulary, job, newJob);
    showLoadStats(stats);
    m_renameAction->setEnabled(!vocabulary.labels.isEmpty());
    m_removeAction->setEnabled(!vocabulary.labels.isEmpty());
    m_removeFileAction->setEnabled(!vocabulary.labels.isEmpty());
    if (wasEmpty != (vocabulary.jobs == 0)) {
        updateEmptyState();
    }
    if (m_refreshWanted) {
        scheduleRefresh();
    }
}

void MainWindow::openEvidence(const Alert& alert)
{
    if (alert.job.empty()) {
        // A label's alert (ETT% drop): the label's figures on the overview.
        core::CohortSpec filter = m_state->filter();
        filter.labels = { alert.label };
        m_state->setFilter(filter);
        showPage(0);
        return;
    }
    m_evidenceAlert = alert;
    m_evidenceRequest = m_service->requestFindJobs(qs(alert.job), 200, m_alerts);
}

void MainWindow::updateAlertsBadge(int open)
{
    // While the panel shows, it says as much (and the status bar needs the room).
    m_alertsBadge->setVisible(open > 0 && !m_alertsDock->isVisible());
    m_alertsBadge->setText(
        QStringLiteral("<a href=\"alerts\" style=\"color:#B03000; font-weight:bold; text-decoration:none\">%1</a>")
            .arg(tr("%Ln open alert(s)", nullptr, open).toHtmlEscaped()));
    m_alertsBadge->setToolTip(
        tr("Show the alerts panel (%1)").arg(m_alertsAction->shortcut().toString(QKeySequence::NativeText)));
}

} // namespace ett::app
