#include "app/ui/format/figures_format.h"

#include "core/model/timeutil.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QLocale>
#include <QTimeZone>

#include <algorithm>
#include <cmath>

namespace ett::app {

namespace {

// How many LocaleFreeFigures live on this thread.
thread_local int t_localeFree = 0;

// The application's locale (setUpLanguage sets it from the system's), except en_US for C/POSIX
// and English and while a LocaleFreeFigures lives: English figures keep the group separators and
// decimal point they always had ("1,234 h", "84.2%"), whatever the default was left at.
QLocale numberLocale()
{
    return figuresLocaleOf(t_localeFree > 0 ? QLocale::c() : QLocale());
}

bool englishFigures()
{
    return numberLocale().language() == QLocale::English;
}

// The locale's short date and `time` (a QDateTime format) of a UTC instant, floored to the second
// as core::formatTimeHuman does: "01/06/2025 12:00:00 UTC" in pt_BR.
QString localUtc(int64_t ns, const QString& time)
{
    constexpr int64_t kNsPerS = 1'000'000'000;
    const int64_t seconds = ns / kNsPerS - (ns % kNsPerS < 0 ? 1 : 0);
    const QDateTime t = QDateTime::fromSecsSinceEpoch(seconds, QTimeZone::utc());
    const QLocale locale = numberLocale();
    return locale.toString(t, locale.dateFormat(QLocale::ShortFormat) + QLatin1Char(' ') + time)
        + QStringLiteral(" UTC");
}

constexpr size_t index(core::Bucket b)
{
    return static_cast<size_t>(b);
}

} // namespace

LocaleFreeFigures::LocaleFreeFigures()
{
    ++t_localeFree;
}

LocaleFreeFigures::~LocaleFreeFigures()
{
    --t_localeFree;
}

QLocale figuresLocaleOf(const QLocale& locale)
{
    if (locale.language() == QLocale::C || locale.language() == QLocale::English) {
        return QLocale(QLocale::English, QLocale::UnitedStates);
    }
    return locale;
}

QLocale figuresLocale()
{
    return numberLocale();
}

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
    return w == Weighting::Gpu ? QCoreApplication::translate("Figures", "GPU-weighted")
                               : QCoreApplication::translate("Figures", "time-weighted");
}

QString interruptionSplitText(int64_t failures, int64_t preemptions, int64_t other, bool zeroOther)
{
    // Plain ints: lupdate reads no cast inside a translate() call.
    const int f = static_cast<int>(failures);
    const int p = static_cast<int>(preemptions);
    const int o = static_cast<int>(other);
    QString text = QCoreApplication::translate("Figures", "%Ln failure(s)", "", f) + QStringLiteral(", ")
        + QCoreApplication::translate("Figures", "%Ln preemption(s)", "", p);
    if (other > 0 || zeroOther) {
        text += QStringLiteral(", ")
            + QCoreApplication::translate("Figures", "%Ln other", "interruptions: \"1 outra\", \"2 outras\"", o);
    }
    return text;
}

QString groupingName(const std::string& groupBy)
{
    if (groupBy == "label") {
        return QCoreApplication::translate("Figures", "label");
    }
    if (groupBy == "job") {
        return QCoreApplication::translate("Figures", "job");
    }
    return QString::fromStdString(groupBy);
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
        number = QLatin1Char('<') + numberLocale().toString(0.01, 'f', 2);
    } else if (hours >= 1000.0 || hours <= -1000.0) {
        number = numberLocale().toString(hours, 'f', 0);
    } else if (hours >= 0.1 || hours <= -0.1) {
        number = numberLocale().toString(hours, 'f', 1);
    } else {
        number = numberLocale().toString(hours, 'f', 2);
    }
    return unit.isEmpty() ? number : number + QChar(' ') + unit;
}

QString formatWindowsHours(const std::vector<core::TimeSpan>& windows)
{
    core::Wide wall = 0;
    for (const core::TimeSpan& w : windows) {
        wall += w.toNs - w.fromNs;
    }
    return formatHours(static_cast<double>(static_cast<long double>(wall) / 3.6e12L), QString());
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

QString formatDecimal(double value, int decimals)
{
    QLocale locale = numberLocale();
    locale.setNumberOptions(locale.numberOptions() | QLocale::OmitGroupSeparator);
    return locale.toString(value, 'f', decimals);
}

QString formatElapsed(double seconds)
{
    if (seconds < 0.9995) {
        const double ms = std::max(0.0, seconds) * 1000.0;
        return QCoreApplication::translate("Figures", "%1 ms").arg(formatDecimal(ms, ms < 9.95 ? 1 : 0));
    }
    return QCoreApplication::translate("Figures", "%1 s").arg(formatDecimal(seconds, 2));
}

QString formatNumber(double value, int decimals)
{
    return numberLocale().toString(value, 'f', decimals);
}

QString formatDuration(std::optional<int64_t> ns)
{
    if (!ns) {
        return QStringLiteral("–");
    }
    QString text = QString::fromStdString(core::formatDurationHuman(*ns));
    if (!englishFigures()) {
        text.replace(QLatin1Char('.'), numberLocale().decimalPoint()); // "12,3 s": the units are the same
    }
    return text;
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
    const bool zero = QString::number(std::abs(v), 'f', decimals).toDouble() == 0.0;
    const QString magnitude = numberLocale().toString(std::abs(v), 'f', decimals);
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
    if (englishFigures()) {
        return QString::fromStdString(core::formatTimeHuman(ns)) + QStringLiteral(" UTC");
    }
    return localUtc(ns, QStringLiteral("HH:mm:ss"));
}

QString formatUtcMinutes(int64_t ns)
{
    if (englishFigures()) {
        return QString::fromStdString(core::formatTimeHuman(ns)).left(16) + QStringLiteral(" UTC");
    }
    return localUtc(ns, QStringLiteral("HH:mm"));
}

QString formatExactSeconds(core::Wide ns)
{
    return QString::fromStdString(core::formatWideSeconds(ns)) + " s";
}

} // namespace ett::app
