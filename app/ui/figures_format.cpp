#include "app/ui/figures_format.h"

#include "core/model/timeutil.h"

#include <QLocale>

#include <cmath>

namespace ett::app {

namespace {

// Group separators and a decimal point whatever the system locale: the figures must read the
// same on every machine (and in screenshots shared between teams).
const QLocale& numberLocale()
{
    static const QLocale locale(QLocale::English, QLocale::UnitedStates);
    return locale;
}

constexpr size_t index(core::Bucket b)
{
    return static_cast<size_t>(b);
}

} // namespace

core::Wide e2eOf(const core::Figures& f, Weighting w)
{
    return w == Weighting::Gpu ? f.e2eGpuNs : f.e2eNs;
}

core::Wide bucketOf(const core::Figures& f, core::Bucket b, Weighting w)
{
    return w == Weighting::Gpu ? f.bucketsGpuNs[index(b)] : f.bucketsNs[index(b)];
}

core::Wide lostOf(const core::Figures& f, Weighting w)
{
    return e2eOf(f, w) - bucketOf(f, core::Bucket::Productive, w);
}

std::optional<double> ettOf(const core::Figures& f, Weighting w)
{
    return w == Weighting::Gpu ? f.ettPercentGpu() : f.ettPercentTime();
}

std::optional<double> bucketShareOf(const core::Figures& f, core::Bucket b, Weighting w)
{
    return core::percentOf(bucketOf(f, b, w), e2eOf(f, w));
}

QString weightingName(Weighting w)
{
    return w == Weighting::Gpu ? QStringLiteral("GPU-weighted") : QStringLiteral("time-weighted");
}

QString hoursUnit(Weighting w)
{
    return w == Weighting::Gpu ? QStringLiteral("GPU-h") : QStringLiteral("h");
}

QString formatHours(double hours, const QString& unit)
{
    QString number;
    if (hours == 0.0) {
        number = QStringLiteral("0");
    } else if (hours > 0 && hours < 0.005) {
        number = QStringLiteral("<0.01");
    } else if (hours >= 1000.0 || hours <= -1000.0) {
        number = numberLocale().toString(hours, 'f', 0);
    } else if (hours >= 0.1 || hours <= -0.1) {
        number = numberLocale().toString(hours, 'f', 1);
    } else {
        number = numberLocale().toString(hours, 'f', 2);
    }
    return unit.isEmpty() ? number : number + QChar(' ') + unit;
}

QString formatPercent(std::optional<double> percent, int decimals)
{
    if (!percent) {
        return QStringLiteral("–");
    }
    return numberLocale().toString(*percent, 'f', decimals) + QChar('%');
}

QString formatCount(int64_t n)
{
    return numberLocale().toString(static_cast<qlonglong>(n));
}

QString formatCountOf(int64_t n, const QString& singular, const QString& plural)
{
    return formatCount(n) + QLatin1Char(' ') + (n == 1 ? singular : plural);
}

QString formatDuration(std::optional<int64_t> ns)
{
    if (!ns) {
        return QStringLiteral("–");
    }
    return QString::fromStdString(core::formatDurationHuman(*ns));
}

QString formatSeconds(std::optional<double> seconds)
{
    if (!seconds || !std::isfinite(*seconds)) {
        return QStringLiteral("–");
    }
    return formatDuration(std::llround(*seconds * 1e9));
}

QString formatPp(std::optional<double> pp, int decimals)
{
    if (!pp) {
        return QStringLiteral("–");
    }
    const double v = *pp;
    const QString magnitude = QString::number(std::abs(v), 'f', decimals);
    const bool zero = magnitude.toDouble() == 0.0;
    return (zero ? QString() : (v < 0 ? QStringLiteral("−") : QStringLiteral("+"))) + magnitude + QStringLiteral(" pp");
}

std::pair<double, QString> durationUnit(int64_t maxNs)
{
    constexpr int64_t kNsPerS = 1'000'000'000;
    if (maxNs < 2 * kNsPerS) {
        return { 1e6, QStringLiteral("ms") };
    }
    if (maxNs < 3 * 60 * kNsPerS) {
        return { 1e9, QStringLiteral("s") };
    }
    if (maxNs < 3 * 3600 * kNsPerS) {
        return { 60e9, QStringLiteral("min") };
    }
    return { 3600e9, QStringLiteral("h") };
}

QString formatUtc(int64_t ns)
{
    return QString::fromStdString(core::formatTimeHuman(ns)) + QStringLiteral(" UTC");
}

QString formatExactSeconds(core::Wide ns)
{
    return QString::fromStdString(core::formatWideSeconds(ns)) + " s";
}

} // namespace ett::app
