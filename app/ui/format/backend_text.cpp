#include "app/ui/format/backend_text.h"

#include <QCoreApplication>

#include <array>

namespace ett::app {

namespace {

// Text marked with QT_TRANSLATE_NOOP("BackendText", ...) (lupdate reads the literals at the marks).
QString translated(const char* text)
{
    return QCoreApplication::translate("BackendText", text);
}

// The reasons gpu/engine.cpp, the CUDA backend and the fleet-store source give, by their English
// beginning (what follows in parentheses is a detail).
struct KnownReason
{
    const char* english;
    const char* text;
};

constexpr std::array kReasons {
    KnownReason { "a CUDA device is present", QT_TRANSLATE_NOOP("BackendText", "a CUDA device is present") },
    KnownReason {
        "no usable CUDA driver or device", QT_TRANSLATE_NOOP("BackendText", "no usable CUDA driver or device") },
    KnownReason { "no CUDA device found", QT_TRANSLATE_NOOP("BackendText", "no CUDA device found") },
    KnownReason { "no CUDA device", QT_TRANSLATE_NOOP("BackendText", "no CUDA device") },
    KnownReason {
        "this build has no CUDA backend", QT_TRANSLATE_NOOP("BackendText", "this build has no CUDA backend") },
    KnownReason { "requested", QT_TRANSLATE_NOOP("BackendText", "requested") },
    KnownReason { "every figure computed in SQL on its shards",
        QT_TRANSLATE_NOOP("BackendText", "every figure computed in SQL on its shards") },
};

} // namespace

QString backendNameText(const gpu::BackendInfo& backend)
{
    const QString name = QString::fromStdString(backend.name);
    if (backend.kind == gpu::BackendKind::Cpu && backend.threads > 0) {
        return QCoreApplication::translate("BackendText", "CPU (%Ln thread(s))", "", backend.threads);
    }
    static const QLatin1String kCluster("ClickHouse cluster '");
    if (name.startsWith(kCluster) && name.endsWith(QLatin1Char('\''))) {
        return QCoreApplication::translate("BackendText", "ClickHouse cluster '%1'")
            .arg(name.mid(kCluster.size(), name.size() - kCluster.size() - 1));
    }
    return name;
}

QString backendReasonText(const gpu::BackendInfo& backend, bool details)
{
    const QString reason = QString::fromStdString(backend.reason);
    // "CUDA was requested but is unavailable (why); using the CPU"
    if (reason.startsWith(QLatin1String("CUDA was ")) && reason.contains(QLatin1String(" but is unavailable"))) {
        const qsizetype open = reason.indexOf(QLatin1String(" ("));
        const qsizetype close = reason.lastIndexOf(QLatin1Char(')'));
        const QString why = open > 0 && close > open ? reason.mid(open + 2, close - open - 2) : QString();
        QString text
            = QCoreApplication::translate("BackendText", "CUDA was asked for but is unavailable; using the CPU");
        if (details && !why.isEmpty()) {
            text += QStringLiteral(" (") + why + QLatin1Char(')');
        }
        return text;
    }
    for (const KnownReason& known : kReasons) {
        const QLatin1String english(known.english);
        if (reason == english || reason.startsWith(english + QLatin1String(" ("))) {
            QString text = translated(known.text);
            if (details && reason.size() > english.size()) {
                text += reason.mid(english.size());
            }
            return text;
        }
    }
    if (!details) {
        const qsizetype aside = reason.indexOf(QLatin1String(" ("));
        return aside > 0 ? reason.left(aside) : reason;
    }
    return reason;
}

} // namespace ett::app
