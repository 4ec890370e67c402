// The data worker's removal of one imported file and its undo (DataService::removeFile,
// restoreRemovedFile): app/service/file_removal.h, then the file imported again.
#include "app/service/file_removal.h"
#include "app/service/import_files.h"
#include "app/ui/data/data_worker.h"
#include "app/ui/data/import_lines.h"
#include "core/ingest/reader_options_text.h"

#include <QFileInfo>
#include <QMetaObject>

#include <chrono>

namespace ett::app {

namespace {

using Clock = std::chrono::steady_clock;

double secondsAfter(Clock::time_point t)
{
    return std::chrono::duration<double>(Clock::now() - t).count();
}

// What went and what could not be done, for the window.
FileRemovalInfo removalInfo(const FileRemoval& r)
{
    FileRemovalInfo info;
    info.label = qs(r.removed.label);
    info.path = qs(r.removed.path);
    info.format = qs(r.removed.format);
    info.readerOptions = qs(r.removed.readerOptions);
    info.attempts = r.removed.attempts;
    info.phases = r.removed.phases;
    info.checkpoints = r.removed.checkpoints;
    info.jobsRemoved = r.removed.jobs;
    for (const ImportedFile& f : r.readAgain.files) {
        if (f.outcome == ImportedFile::Outcome::Failed) {
            info.problems << QObject::tr("%1: not read again; it keeps the records it had: %2")
                                 .arg(qs(f.path), qs(f.error.message));
        } else {
            ++info.readAgain;
        }
    }
    for (const std::string& log : r.unchained) {
        info.problems << QObject::tr("%1: would be read again to chain its configuration without the file, but it is "
                                     "no longer there as it was imported; its configuration's runs keep their attempts")
                             .arg(qs(log));
    }
    for (const std::string& job : r.undeclaredJobs) {
        info.problems << QObject::tr(
            "Job %1: the file declared it and no other file of its records could be read "
            "again to; it counts 1 GPU and no attributes until a file declaring it is imported")
                             .arg(qs(job));
    }
    return info;
}

} // namespace

void DataWorker::removeFile(const QString& label, const QString& path, const core::ReaderOptions& fallback)
{
    DataService* service = m_service;
    auto fail = [service](const QString& message) {
        QMetaObject::invokeMethod(
            service, [service, message] { emit service->fileRemoveFailed(message); }, Qt::QueuedConnection);
    };
    if (!m_workspace) {
        fail(QObject::tr("no database is open"));
        return;
    }
    const auto started = Clock::now();
    auto removed = app::removeFile(*m_workspace, label.toStdString(), path.toStdString(), fallback);
    if (!removed) {
        fail(qs(removed.error().message));
        return;
    }
    m_whatIf.reset();
    const FileRemovalInfo info = removalInfo(*removed);
    // Removed even if the reload fails: say so, and offer the undo still.
    const QString error = qs(removed->reloadError);
    if (error.isEmpty()) {
        postOpened(secondsAfter(started));
    }
    QMetaObject::invokeMethod(
        service,
        [service, info, error] {
            service->m_removedFile = info;
            if (!error.isEmpty()) {
                emit service->fileRemoveFailed(
                    QObject::tr("%1 was removed, but the data could not be loaded again: %2").arg(info.path, error));
                return;
            }
            emit service->fileRemoved(info);
        },
        Qt::QueuedConnection);
}

void DataWorker::restoreRemovedFile(const FileRemovalInfo& removed, const core::ReaderOptions& fallback)
{
    DataService* service = m_service;
    auto fail = [service](const QString& message) {
        QMetaObject::invokeMethod(
            service, [service, message] { emit service->fileRestoreFailed(message); }, Qt::QueuedConnection);
    };
    if (!m_workspace) {
        fail(QObject::tr("no database is open"));
        return;
    }
    if (!QFileInfo(removed.path).isFile()) {
        fail(QObject::tr("%1 is no longer there, so it cannot be imported again; nothing was changed")
                 .arg(removed.path));
        return;
    }
    const auto started = Clock::now();
    ImportRequest request;
    request.files = { removed.path.toStdString() };
    request.label = removed.label.toStdString();
    request.reader = core::storedOrGiven(removed.readerOptions.toStdString(), fallback);
    // The reader that read it, as detection may not find it again (a format given to its import).
    if (const auto format = core::parseTraceFormat(removed.format.toStdString())) {
        request.reader.format = *format;
    }
    const ImportReport report = app::importFiles(*m_workspace, request, {}, nullptr);
    QStringList lines;
    QString failure;
    for (const ImportedFile& f : report.files) {
        lines << importLine(f, removed.label);
        if (f.outcome == ImportedFile::Outcome::Failed && failure.isEmpty()) {
            failure = qs(f.error.message);
        }
    }
    if (report.changed) {
        m_whatIf.reset();
        if (report.reloadError.empty()) {
            postOpened(secondsAfter(started));
        } else if (failure.isEmpty()) {
            failure = QObject::tr("it was imported, but the data could not be loaded again: %1")
                          .arg(qs(report.reloadError));
        }
    }
    if (!failure.isEmpty() || report.files.empty()) {
        fail(failure.isEmpty() ? QObject::tr("nothing was imported") : failure);
        return;
    }
    const QString summary = lines.join(QLatin1Char('\n'));
    QMetaObject::invokeMethod(
        service,
        [service, removed, summary] {
            service->m_removedFile.reset();
            emit service->fileRestored(removed, summary);
        },
        Qt::QueuedConnection);
}

} // namespace ett::app
