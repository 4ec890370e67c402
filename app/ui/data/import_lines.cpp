#include "app/ui/data/import_lines.h"

#include "app/ui/data/types.h"
#include "app/ui/format/figures_format.h"
#include "core/ingest/issue_kinds.h"

#include <QFileInfo>
#include <QLocale>
#include <QObject>
#include <QStringList>

#include <map>

namespace ett::app {

namespace {

QString plainCount(int64_t n)
{
    return QLocale::c().toString(static_cast<qlonglong>(n));
}

// "1 job", "2 jobs".
QString countOf(int64_t n, const char* singular, const char* plural)
{
    return plainCount(n) + QLatin1Char(' ') + QLatin1String(n == 1 ? singular : plural);
}

} // namespace

QString importCounts(const ImportReport& report)
{
    std::map<ImportedFile::Outcome, int> n;
    int readAgain = 0; // console logs stored before, read again (counted apart from the imported)
    for (const ImportedFile& f : report.files) {
        if (f.outcome == ImportedFile::Outcome::Stored && !f.readAgain.empty()) {
            ++readAgain;
        } else {
            ++n[f.outcome];
        }
    }
    QStringList parts;
    const auto add = [&](ImportedFile::Outcome outcome, const QString& text) {
        if (n[outcome] > 0) {
            parts << text.arg(formatCount(n[outcome]));
        }
    };
    add(ImportedFile::Outcome::Stored, QObject::tr("%1 imported"));
    if (readAgain > 0) {
        parts << QObject::tr("%1 read again").arg(formatCount(readAgain));
    }
    add(ImportedFile::Outcome::ReadWith, QObject::tr("%1 read with another file"));
    add(ImportedFile::Outcome::AlreadyImported, QObject::tr("%1 already imported"));
    add(ImportedFile::Outcome::NotATrace, QObject::tr("%1 skipped (not traces)"));
    add(ImportedFile::Outcome::Failed, QObject::tr("%1 failed"));
    add(ImportedFile::Outcome::Cancelled, QObject::tr("%1 cancelled"));
    add(ImportedFile::Outcome::Skipped, QObject::tr("%1 not read (import cancelled)"));
    return QObject::tr("%1 files: %2")
        .arg(formatCount(static_cast<int64_t>(report.files.size())), parts.join(QStringLiteral(", ")));
}

QString importLine(const ImportedFile& f, const QString& label)
{
    const QString name = QFileInfo(qs(f.path)).fileName();
    switch (f.outcome) {
    case ImportedFile::Outcome::Skipped:
        return QObject::tr("%1: skipped (import cancelled)").arg(name);
    case ImportedFile::Outcome::Cancelled:
        return QObject::tr("%1: cancelled; nothing of it was stored").arg(name);
    case ImportedFile::Outcome::Failed:
        return QObject::tr("%1: failed; nothing of it was stored").arg(name);
    case ImportedFile::Outcome::NotATrace:
        // The reason is core's, in English, as the errors of a failed file are.
        return QObject::tr("%1: skipped, not a trace this version reads: %2").arg(name, qs(skippedReason(f)));
    case ImportedFile::Outcome::AlreadyImported:
        return f.storedAs.empty()
            ? QObject::tr("%1: already imported under label '%2'; nothing changed").arg(name, label)
            : QObject::tr("%1: already imported under label '%2' as %3; its records are this path's now")
                  .arg(name, label, qs(f.storedAs));
    case ImportedFile::Outcome::ReadWith:
        return QObject::tr("%1: read with %2 (one NVRx job)").arg(name, QFileInfo(qs(f.readWith)).fileName());
    case ImportedFile::Outcome::Stored:
        break;
    }
    const core::ImportSummary& s = f.summary;
    QString line
        = QObject::tr("%1: %2 under label '%3' (%4, %5, %6) in %7 s")
              .arg(name, countOf(s.records, "record", "records"), label, countOf(s.jobsDeclared, "job", "jobs"),
                  countOf(s.attempts, "attempt", "attempts"), countOf(s.phases, "phase", "phases"))
              .arg(formatDecimal(s.seconds, 2));
    if (!f.readAgain.empty()) {
        // Why a log was read again is the service's, in English, as a skipped file's reason is.
        line += QObject::tr("; read again: %1").arg(qs(f.readAgain));
    } else if (s.datasetsReplaced > 0) {
        line += QObject::tr("; in place of its earlier import");
    }
    for (const auto& [key, entry] : s.issues.entries()) {
        if (key.first == core::issueKindName(core::IssueKind::ReadWithOtherOptions)) {
            // "read before with --timezone +02:00, now with the defaults": core's, in English.
            line += QStringLiteral("; ") + qs(key.second);
        }
    }
    if (!f.storedAs.empty()) {
        line += QObject::tr("; imported before as %1").arg(qs(f.storedAs));
    }
    if (const int64_t issues = s.issues.total(); issues > 0) {
        line += QObject::tr("; %1 (View > Import issues)").arg(countOf(issues, "import issue", "import issues"));
    }
    return line;
}

} // namespace ett::app
