// What the window does with databases and traces: opening, importing, the service's answers,
// the dialogs of the File and Edit menus, label renames and removals with undo, recent files and
// the title. The window's construction and layout are in main_window.cpp.
#include "app/ui/data/data_service.h"
#include "app/ui/dialogs/dialogs.h"
#include "app/ui/dialogs/issues_dialog.h"
#include "app/ui/dialogs/remove_file_dialog.h"
#include "app/ui/dialogs/report_dialog.h"
#include "app/ui/format/backend_text.h"
#include "app/ui/format/figures_format.h"
#include "app/ui/pages/causes_page.h"
#include "app/ui/pages/compare_page.h"
#include "app/ui/pages/whatif_page.h"
#include "app/ui/window/main_window.h"
#include "app/ui/window/workbench_state.h"
#include "app/version/build_info.h"
#include "core/ingest/formats.h"
#include "core/ingest/reader_options_text.h"
#include "core/store/clickhouse/store_url.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>

#include <utility>

namespace ett::app {

namespace {

const char* const kRecentKey = "recentFiles";

QString traceFilter()
{
    // Every format ettw imports; the format is recognised by content, so names only guide.
    return QObject::tr("Traces: ETT, PyTorch profiler / Chrome, Nsight SQLite, MLPerf, logs, job tables "
                       "(*.ett.jsonl *.ett.jsonl.gz *.ett.jsonl.zst *.jsonl *.jsonl.gz *.jsonl.zst *.json *.json.gz "
                       "*.gz *.zst *.sqlite *.txt *.log *.csv)");
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

void MainWindow::connectService()
{
    connect(m_service, &DataService::databaseOpened, this, &MainWindow::onDatabaseOpened);
    connect(m_service, &DataService::databaseFailed, this, &MainWindow::onDatabaseFailed);
    connect(m_service, &DataService::importFinished, this, &MainWindow::onImportFinished);
    connect(m_service, &DataService::storeQueryRunning, this, &MainWindow::storeQueryRunning);
    connect(m_service, &DataService::queryTimed, this, [this](const QString& what, double ms) {
        m_queryLabel->setText(tr("last query: %1 ms").arg(formatDecimal(ms, ms < 10 ? 2 : 1)));
        m_queryLabel->setToolTip(tr("%1 on %2").arg(what, backendNameText(m_service->backend())));
    });
    connect(m_service, &DataService::overviewReady, this, [this](quint64, const OverviewData& d) {
        if (m_waitingOverview && !d.seriesPending) {
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
            m_removals.push_back(Removal::Label);
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
    connect(m_service, &DataService::datasetsReady, this, [this](quint64 id, const DatasetList& list) {
        if (id == m_filesAsked) {
            if (m_filesToReadAgain) {
                chooseFileToReadAgain(list);
            } else {
                chooseFileToRemove(list);
            }
        }
    });
    connect(m_service, &DataService::fileRemoved, this, &MainWindow::onFileRemoved);
    connect(m_service, &DataService::fileRemoveFailed, this, [this](const QString& message) {
        updateUndoAction();
        statusBar()->clearMessage();
        ErrorDialog::showError(this, tr("Remove file"), tr("Removing the file did not go through."), message);
    });
    connect(
        m_service, &DataService::fileRestored, this, [this](const FileRemovalInfo& removed, const QString& summary) {
            Q_UNUSED(removed);
            updateUndoAction();
            statusBar()->showMessage(tr("Undone: %1").arg(summary), kMessageMs);
        });
    connect(m_service, &DataService::fileRestoreFailed, this, [this](const QString& message) {
        updateUndoAction();
        statusBar()->showMessage(tr("Not undone: %1").arg(message), kMessageMs);
        ErrorDialog::showError(this, tr("Undo"), tr("The file was not imported again."), message);
    });
    connect(m_service, &DataService::labelRestoreFailed, this, [this](const QString& message) {
        updateUndoAction();
        statusBar()->showMessage(tr("Not undone: %1").arg(message), kMessageMs);
        ErrorDialog::showError(this, tr("Undo"), tr("The label was not restored; nothing was changed."), message);
    });
    connect(m_service, &DataService::queryFailed, this, [this](quint64 id, const QString& message) {
        if (id != 0 && id == m_filesAsked) {
            m_filesAsked = 0;
            statusBar()->clearMessage();
            ErrorDialog::showError(this, m_filesToReadAgain ? tr("Read file again") : tr("Remove file"),
                tr("The imported files could not be listed."), message);
            return;
        }
        statusBar()->showMessage(tr("Query failed: %1").arg(message), kMessageMs);
    });
}

// --- opening and importing -----------------------------------------------------------------------

void MainWindow::openDatabase(const QString& path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QDir().mkpath(QFileInfo(absolute).absolutePath());
    if (m_live->running() && QFileInfo(m_live->settings().database) != QFileInfo(absolute)) {
        stopWatching(); // the watch imports into the database that was open
    }
    m_databaseRequested = true;
    m_pendingDatabase = absolute;
    updateEmptyState();
    statusBar()->showMessage(tr("Opening %1...").arg(absolute));
    m_service->openDatabase(absolute);
    addRecent(absolute);
}

bool MainWindow::importTraces(
    const QStringList& paths, std::optional<QString> label, std::optional<ImportChoices> chosen)
{
    if (paths.isEmpty()) {
        return false;
    }
    if (m_service->isStore()) {
        QMessageBox::information(this, tr("Import traces"),
            tr("A fleet store is open: the window only reads it. Import into a database (File > Open database), or "
               "into the store from a shell with  ettw import --store URL --label LABEL FILE..."));
        return false;
    }
    if (m_service->importRunning()) {
        QMessageBox::information(
            this, tr("Import traces"), tr("An import is running; wait for it to finish or cancel it first."));
        return false;
    }
    // A label given (command line, tests) imports at once with ettw's defaults; else the dialog
    // asks for the label and the options.
    ImportChoices choices;
    if (chosen) {
        choices = std::move(*chosen);
    } else if (label) {
        choices.label = *label;
    } else {
        auto asked = ImportDialog::ask(this, paths, m_state->vocabulary().labels);
        if (!asked) {
            return false;
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
    m_importFolderAction->setEnabled(false);
    m_service->importFiles(paths, choices.label, choices.reader, choices.update, choices.readAgain);
    return true;
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
    startPendingWatch();
    m_state->setVocabulary(vocabulary);
    // The database's excluded windows become the filter's (those of the database before go).
    m_savedExcluded = stats.excluded;
    if (m_state->filter().excluded != stats.excluded) {
        core::CohortSpec filter = m_state->filter();
        filter.excluded = stats.excluded;
        m_state->setFilter(filter);
    }
    m_waitingOverview = true;
    updateEmptyState();
    const gpu::BackendInfo& backend = m_service->backend();
    // The CPU says why it is not CUDA (details go to the tooltip); a CUDA device's name says enough.
    QString backendText = backendNameText(backend);
    if (backend.kind == gpu::BackendKind::Cpu && !backend.reason.empty()) {
        backendText += QStringLiteral(": ") + backendReasonText(backend, false);
    }
    m_backendLabel->setText(backendText);
    m_backendLabel->setToolTip(
        tr("Aggregation backend: %1\n%2").arg(backendNameText(backend), backendReasonText(backend, true)));
    showLoadStats(stats);
    // A fleet store is only read: labels change with ettw push.
    m_renameAction->setEnabled(!stats.store && !vocabulary.labels.isEmpty());
    m_removeAction->setEnabled(!stats.store && !vocabulary.labels.isEmpty());
    m_removeFileAction->setEnabled(!stats.store && !vocabulary.labels.isEmpty());
    m_readFileAgainAction->setEnabled(!stats.store && !vocabulary.labels.isEmpty());
    m_importAction->setEnabled(!stats.store);
    m_importFolderAction->setEnabled(!stats.store);
    updateUndoAction();
    m_reportAction->setEnabled(true);
    updateTitle();
    if (stats.store) {
        // The store by its database and server ("ett on ch1:8123"), the whole URL in the tooltip.
        auto url = core::clickhouse::parseStoreUrl(
            stats.databasePath.toStdString(), [](const char*) { return std::nullopt; });
        const QString where
            = url ? QString::fromStdString(url->database + " on " + url->address()) : stats.databasePath;
        m_rowsLabel->setText(
            tr("%1, %2, %3 in %4")
                .arg(countOf(stats.jobs, tr("job"), tr("jobs")), countOf(stats.attempts, tr("attempt"), tr("attempts")),
                    countOf(stats.segments, tr("segment"), tr("segments")), where));
        m_rowsLabel->setToolTip(
            tr("Fleet store %1, connected in %2 s").arg(stats.databasePath).arg(formatDecimal(stats.loadSeconds, 3)));
        statusBar()->showMessage(stats.warning.isEmpty()
                ? tr("Connected to %1 in %2").arg(stats.databasePath, formatElapsed(stats.loadSeconds))
                : stats.warning,
            kMessageMs);
    } else if (m_service->importRunning()) {
        const bool isDefault = QFileInfo(stats.databasePath) == QFileInfo(defaultDatabasePath());
        statusBar()->showMessage(
            (isDefault ? tr("No database was open: importing into %1...") : tr("Importing into %1..."))
                .arg(stats.databasePath));
    } else {
        statusBar()->showMessage(
            tr("Loaded %1 in %2").arg(stats.databasePath, formatElapsed(stats.loadSeconds)), kMessageMs);
    }
}

void MainWindow::showLoadStats(const LoadStats& stats)
{
    m_rowsLabel->setText(
        tr("%1, %2, %3 loaded")
            .arg(countOf(stats.jobs, tr("job"), tr("jobs")), countOf(stats.attempts, tr("attempt"), tr("attempts")),
                countOf(stats.segments, tr("segment"), tr("segments"))));
    m_rowsLabel->setToolTip(
        tr("Loaded from %1 in %2 s").arg(stats.databasePath).arg(formatDecimal(stats.loadSeconds, 3)));
}

void MainWindow::onDatabaseFailed(const QString& message)
{
    const QString path = m_pendingDatabase;
    m_pendingDatabase.clear();
    m_pendingWatch.reset(); // it was to import into the database that did not open
    m_databaseRequested = m_service->hasDatabase();
    updateEmptyState();
    const bool store = path.startsWith(QLatin1String("clickhouse://"));
    statusBar()->showMessage(
        store ? tr("Could not connect to the fleet store.") : tr("Could not open the database."), kMessageMs);
    ErrorDialog::showError(this, store ? tr("Connect to fleet store") : tr("Open database"),
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

void MainWindow::onImportFinished(
    const QString& summary, const QStringList& errors, bool cancelled, int skipped, const QStringList& notes)
{
    if (m_progress) {
        m_progress->close();
        m_progress->deleteLater();
    }
    m_importAction->setEnabled(true);
    m_importFolderAction->setEnabled(true);
    if (!errors.isEmpty()) {
        const QString what = errors.size() == 1
            ? tr("A file could not be imported; nothing of it was stored.")
            : tr("%1 files could not be imported; nothing of them was stored.").arg(errors.size());
        ErrorDialog::showError(this, tr("Import traces"), what,
            errors.join(QStringLiteral("\n\n")) + QStringLiteral("\n\n") + tr("Summary:") + QLatin1Char('\n') + summary
                + (notes.isEmpty() ? QString() : QStringLiteral("\n\n") + notes.join(QLatin1Char('\n'))));
    }
    // A file read again with other options (File > Read file again): Edit > Undo reads it with its
    // earlier ones.
    const bool readAgainUndoable = m_readAgainPending && !cancelled && errors.isEmpty();
    if (readAgainUndoable) {
        m_readAgainUndo = std::exchange(m_readAgainPending, std::nullopt);
        m_removals.push_back(Removal::ReadAgain);
    }
    m_readAgainPending.reset();
    updateUndoAction();
    if (cancelled) {
        statusBar()->showMessage(tr("Import cancelled: the file being imported was rolled back."), kMessageMs);
    } else if (!errors.isEmpty()) {
        statusBar()->showMessage(
            tr("Import finished; %1 could not be imported.").arg(countOf(errors.size(), tr("file"), tr("files"))),
            kMessageMs);
    } else {
        // One file: its line; several: their counts (the summary's first line).
        statusBar()->showMessage(summary.section(QLatin1Char('\n'), 0, 0)
                + (readAgainUndoable
                        ? tr(" — Undo (%1)").arg(QKeySequence(QKeySequence::Undo).toString(QKeySequence::NativeText))
                        : QString()),
            kMessageMs);
        if (skipped > 0 && !cancelled) {
            // Files of a folder that no reader places: said with why (a trace of a format this
            // version misreads would otherwise go unnoticed). Non-blocking, as the errors are.
            ErrorDialog::showReport(this, tr("Import traces"),
                tr("Import finished. Files skipped as not traces: %1. No reader of this version places them "
                   "(each line below says why), and nothing of them was imported.")
                    .arg(formatCount(skipped)),
                summary + (notes.isEmpty() ? QString() : QStringLiteral("\n\n") + notes.join(QLatin1Char('\n'))));
        } else if (!notes.isEmpty() && !cancelled) {
            // Console logs chained without the stored runs of their configuration: their jobs may
            // differ from an import of all the logs together. The notes are the service's, in English.
            ErrorDialog::showReport(this, tr("Import traces"),
                tr("Import finished. Some console logs were not chained with the runs stored before them; "
                   "each note below says which and why."),
                notes.join(QLatin1Char('\n')) + QStringLiteral("\n\n") + tr("Summary:") + QLatin1Char('\n') + summary);
        }
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

void MainWindow::importFolderDialog()
{
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Import a folder of traces"));
    if (!folder.isEmpty()) {
        importTraces({ folder });
    }
}

void MainWindow::openDialog()
{
    const QString filter
        = tr("Databases and traces (*.db *.sqlite *.ett.jsonl *.ett.jsonl.gz *.ett.jsonl.zst *.jsonl *.jsonl.gz "
             "*.jsonl.zst *.json *.json.gz *.gz *.zst *.txt *.log *.csv)")
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

void MainWindow::removeFileDialog()
{
    // The files are listed on the worker; chooseFileToRemove opens the dialog when they arrive.
    statusBar()->showMessage(tr("Listing the imported files..."));
    m_filesToReadAgain = false;
    m_filesAsked = m_service->requestDatasets(this);
}

void MainWindow::readFileAgainDialog()
{
    // As removeFileDialog; chooseFileToReadAgain opens the dialog when the files arrive.
    statusBar()->showMessage(tr("Listing the imported files..."));
    m_filesToReadAgain = true;
    m_filesAsked = m_service->requestDatasets(this);
}

void MainWindow::chooseFileToReadAgain(const DatasetList& list)
{
    m_filesAsked = 0;
    statusBar()->clearMessage();
    const QString current = m_state->filter().labels.size() == 1 ? qs(m_state->filter().labels.front()) : QString();
    RemoveFileDialog dialog(list.datasets, current, this, FileChoice::ReadAgain);
    dialog.setObjectName(QStringLiteral("readFileAgainDialog"));
    if (dialog.exec() != QDialog::Accepted || dialog.path().isEmpty()) {
        return;
    }
    const auto chosen = std::find_if(list.datasets.begin(), list.datasets.end(),
        [&](const core::DatasetInfo& d) { return qs(d.label) == dialog.label() && qs(d.sourcePath) == dialog.path(); });
    if (chosen == list.datasets.end()) {
        return;
    }
    // The import dialog, on the options the file was read with (the remembered ones when they are
    // not known), its format and label, reading it again.
    core::ReaderOptions options = core::storedOrGiven(chosen->readerOptions, rememberedImportOptions());
    options.format = core::parseTraceFormat(chosen->format).value_or(options.format);
    ImportDialog ask({ dialog.path() }, m_state->vocabulary().labels, this);
    ask.setObjectName(QStringLiteral("readAgainImportDialog"));
    ask.setReadAgain(dialog.label(), options);
    if (ask.exec() != QDialog::Accepted) {
        return;
    }
    const ImportChoices choices = ask.choices();
    // Read with other options than the kept ones, it can be undone (onImportFinished).
    const bool otherOptions = core::storedOptionsFlags(chosen->readerOptions)
        && core::readerOptionsJson(options) != core::readerOptionsJson(choices.reader);
    if (importTraces({ dialog.path() }, std::nullopt, choices) && otherOptions) {
        m_readAgainPending = ReadAgainUndo { m_service->databasePath(), dialog.label(), dialog.path(), options,
            readWithText(qs(chosen->readerOptions)) };
    }
}

void MainWindow::chooseFileToRemove(const DatasetList& list)
{
    m_filesAsked = 0;
    statusBar()->clearMessage();
    const QString current = m_state->filter().labels.size() == 1 ? qs(m_state->filter().labels.front()) : QString();
    RemoveFileDialog dialog(list.datasets, current, this);
    if (dialog.exec() != QDialog::Accepted || dialog.path().isEmpty()) {
        return;
    }
    const QString label = dialog.label();
    const QString path = dialog.path();
    std::unique_ptr<QMessageBox> box(RemoveFileDialog::confirmation(label, path, this));
    box->setObjectName(QStringLiteral("removeFileConfirmation"));
    box->exec();
    if (box->clickedButton() != nullptr && box->buttonRole(box->clickedButton()) == QMessageBox::DestructiveRole) {
        statusBar()->showMessage(tr("Removing %1 from label '%2'...").arg(QFileInfo(path).fileName(), label));
        m_service->removeFile(label, path);
    }
}

void MainWindow::onFileRemoved(const FileRemovalInfo& removed)
{
    m_removals.push_back(Removal::File);
    updateUndoAction();
    QString message = tr("Removed %1 from label '%2' (%3, %4 removed with it)")
                          .arg(QFileInfo(removed.path).fileName(), removed.label,
                              countOf(removed.attempts, tr("attempt"), tr("attempts")),
                              countOf(removed.jobsRemoved, tr("job"), tr("jobs")));
    if (removed.readAgain > 0) {
        message += tr("; %1 read again").arg(countOf(removed.readAgain, tr("other file"), tr("other files")));
    }
    statusBar()->showMessage(
        message + tr(" — Undo (%1)").arg(QKeySequence(QKeySequence::Undo).toString(QKeySequence::NativeText)));
    if (!removed.problems.isEmpty()) {
        ErrorDialog::showError(this, tr("Remove file"),
            tr("The file was removed, but not everything could be made as an import without it would be."),
            removed.problems.join(QStringLiteral("\n")));
    }
}

void MainWindow::undo()
{
    if (m_tabs->currentIndex() == kWhatIfPage && m_whatIf->canUndoDelete()) {
        m_whatIf->undoDelete();
        return;
    }
    if (m_tabs->currentIndex() == kCausesPage && m_causes->canUndoRuleChange()) {
        m_causes->undoRuleChange();
        return;
    }
    // The newest removal that can still be undone.
    const std::optional<Removal> next = nextRemovalToUndo();
    if (next == Removal::File) {
        statusBar()->showMessage(tr("Importing %1 again...").arg(QFileInfo(m_service->removedFile()->path).fileName()));
        m_service->restoreRemovedFile();
    } else if (next == Removal::Label) {
        statusBar()->showMessage(tr("Restoring label '%1'...").arg(m_service->removedLabel()));
        m_service->restoreRemovedLabel();
    } else if (next == Removal::ReadAgain) {
        if (m_service->importRunning()) {
            statusBar()->showMessage(tr("An import is running: undo when it has finished."), kMessageMs);
            return;
        }
        const ReadAgainUndo undo = *std::exchange(m_readAgainUndo, std::nullopt);
        updateUndoAction();
        ImportChoices earlier;
        earlier.label = undo.label;
        earlier.reader = undo.before;
        earlier.update = true;
        earlier.readAgain = true;
        importTraces({ undo.path }, std::nullopt, earlier);
    }
}

std::optional<MainWindow::Removal> MainWindow::nextRemovalToUndo() const
{
    for (auto it = m_removals.rbegin(); it != m_removals.rend(); ++it) {
        if ((*it == Removal::File && m_service->removedFile())
            || (*it == Removal::Label && !m_service->removedLabel().isEmpty())
            || (*it == Removal::ReadAgain && m_readAgainUndo
                && m_readAgainUndo->database == m_service->databasePath())) {
            return *it;
        }
    }
    return std::nullopt;
}

void MainWindow::updateUndoAction()
{
    QString text = tr("&Undo");
    QString tip;
    bool enabled = true;
    if (m_tabs && m_tabs->currentIndex() == kWhatIfPage && m_whatIf && m_whatIf->canUndoDelete()) {
        text = tr("&Undo scenario delete");
        tip = tr("Save the scenario deleted on the What-if page again");
    } else if (m_tabs && m_tabs->currentIndex() == kCausesPage && m_causes && m_causes->canUndoRuleChange()) {
        text = tr("&Undo cause rule change");
        tip = tr("Restore the cause rules in force before the last change, and the figures with them");
    } else if (const std::optional<Removal> next = nextRemovalToUndo(); next == Removal::File) {
        const FileRemovalInfo& removed = *m_service->removedFile();
        text = tr("&Undo removal of file '%1'").arg(QFileInfo(removed.path).fileName());
        tip = tr("Import %1 again under label '%2', with the options it was imported with (%3)")
                  .arg(removed.path, removed.label, readWithText(removed.readerOptions));
    } else if (next == Removal::ReadAgain) {
        text = tr("&Undo reading '%1' again").arg(QFileInfo(m_readAgainUndo->path).fileName());
        tip = tr("Read %1 again under label '%2' with the options it was read with before (%3)")
                  .arg(m_readAgainUndo->path, m_readAgainUndo->label, m_readAgainUndo->beforeText);
    } else if (next == Removal::Label) {
        text = tr("&Undo removal of label '%1'").arg(m_service->removedLabel());
        tip = tr("Put label '%1' back with everything it held (refused if a later import took its name or ids)")
                  .arg(m_service->removedLabel());
    } else {
        enabled = false;
        tip = tr("Nothing to undo: removing a label or a file (File > Remove label, Remove file) and reading a "
                 "file again with other options (File > Read file again) can be undone until the database is closed");
    }
    m_undoAction->setText(text);
    m_undoAction->setToolTip(tip);
    m_undoAction->setStatusTip(tip);
    m_undoAction->setEnabled(enabled);
}

void MainWindow::about()
{
    const gpu::BackendInfo& backend = m_service->backend();
    const BuildInfo& build = buildInfo();
    const QString built = tr("<p>Built from commit %1 (%2); backends compiled in: %3.</p>")
                              .arg(QString::fromLatin1(build.commit), QString::fromLatin1(build.buildType),
                                  QString::fromLatin1(build.backends));
    QMessageBox::about(this, tr("About ETT Workbench"),
        tr("<h3>ETT Workbench %1</h3>"
           "<p>Where the wall-clock time of training jobs goes: Effective Training Time (ETT%), "
           "computed exactly by the ETT trace spec, from the fleet down to one attempt's phases.</p>"
           "<p>Aggregation backend: %2<br/>%3</p>"
           "<p>Licensed under the Apache License, Version 2.0.</p>")
                .arg(QApplication::applicationVersion(),
                    m_service->hasDatabase() ? backendNameText(backend).toHtmlEscaped() : tr("not loaded yet"),
                    backendReasonText(backend, true).toHtmlEscaped())
            + built);
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
    if (m_service->isStore()) {
        setWindowTitle(tr("%1 - ETT Workbench").arg(path));
        setWindowFilePath(QString());
        return;
    }
    setWindowTitle(path.isEmpty() ? tr("ETT Workbench") : tr("%1 - ETT Workbench").arg(QFileInfo(path).fileName()));
    setWindowFilePath(path);
}

} // namespace ett::app
