#include "app/ui/timeline/time_axis.h"

#include "app/ui/format/figures_format.h"
#include "core/model/timeutil.h"

#include <QCoreApplication>
#include <QDate>
#include <QLocale>

#include <algorithm>
#include <cmath>
#include <limits>

namespace ett::app {

namespace {

constexpr int64_t kUs = 1'000;
constexpr int64_t kMs = 1'000'000;
constexpr int64_t kS = core::kNsPerSecond;
constexpr int64_t kMin = 60 * kS;
constexpr int64_t kHour = 60 * kMin;
constexpr int64_t kDay = 24 * kHour;
constexpr int64_t kWeek = 7 * kDay;
constexpr int64_t kMonthApprox = 30 * kDay;
constexpr int64_t kYearApprox = 365 * kDay;

// One candidate major step. For months and years `count` is the number of months / years and
// stepNs an approximation used only to pick the step.
struct Step
{
    int64_t stepNs;
    TimeUnit unit;
    int64_t count; // the step in its unit
    int minorDivisions; // minor ticks split the step into this many parts (1: none)
};

// The "nice" steps, finest first.
constexpr Step kSteps[] = {
    { 1, TimeUnit::Nanosecond, 1, 1 },
    { 2, TimeUnit::Nanosecond, 2, 2 },
    { 5, TimeUnit::Nanosecond, 5, 5 },
    { 10, TimeUnit::Nanosecond, 10, 5 },
    { 20, TimeUnit::Nanosecond, 20, 4 },
    { 50, TimeUnit::Nanosecond, 50, 5 },
    { 100, TimeUnit::Nanosecond, 100, 5 },
    { 200, TimeUnit::Nanosecond, 200, 4 },
    { 500, TimeUnit::Nanosecond, 500, 5 },
    { kUs, TimeUnit::Microsecond, 1, 5 },
    { 2 * kUs, TimeUnit::Microsecond, 2, 4 },
    { 5 * kUs, TimeUnit::Microsecond, 5, 5 },
    { 10 * kUs, TimeUnit::Microsecond, 10, 5 },
    { 20 * kUs, TimeUnit::Microsecond, 20, 4 },
    { 50 * kUs, TimeUnit::Microsecond, 50, 5 },
    { 100 * kUs, TimeUnit::Microsecond, 100, 5 },
    { 200 * kUs, TimeUnit::Microsecond, 200, 4 },
    { 500 * kUs, TimeUnit::Microsecond, 500, 5 },
    { kMs, TimeUnit::Millisecond, 1, 5 },
    { 2 * kMs, TimeUnit::Millisecond, 2, 4 },
    { 5 * kMs, TimeUnit::Millisecond, 5, 5 },
    { 10 * kMs, TimeUnit::Millisecond, 10, 5 },
    { 20 * kMs, TimeUnit::Millisecond, 20, 4 },
    { 50 * kMs, TimeUnit::Millisecond, 50, 5 },
    { 100 * kMs, TimeUnit::Millisecond, 100, 5 },
    { 200 * kMs, TimeUnit::Millisecond, 200, 4 },
    { 500 * kMs, TimeUnit::Millisecond, 500, 5 },
    { kS, TimeUnit::Second, 1, 5 },
    { 2 * kS, TimeUnit::Second, 2, 4 },
    { 5 * kS, TimeUnit::Second, 5, 5 },
    { 10 * kS, TimeUnit::Second, 10, 5 },
    { 15 * kS, TimeUnit::Second, 15, 3 },
    { 30 * kS, TimeUnit::Second, 30, 3 },
    { kMin, TimeUnit::Minute, 1, 4 },
    { 2 * kMin, TimeUnit::Minute, 2, 4 },
    { 5 * kMin, TimeUnit::Minute, 5, 5 },
    { 10 * kMin, TimeUnit::Minute, 10, 5 },
    { 15 * kMin, TimeUnit::Minute, 15, 3 },
    { 30 * kMin, TimeUnit::Minute, 30, 3 },
    { kHour, TimeUnit::Hour, 1, 4 },
    { 2 * kHour, TimeUnit::Hour, 2, 4 },
    { 3 * kHour, TimeUnit::Hour, 3, 3 },
    { 6 * kHour, TimeUnit::Hour, 6, 6 },
    { 12 * kHour, TimeUnit::Hour, 12, 4 },
    { kDay, TimeUnit::Day, 1, 4 },
    { 2 * kDay, TimeUnit::Day, 2, 2 },
    { kWeek, TimeUnit::Week, 1, 7 },
    { 2 * kWeek, TimeUnit::Week, 2, 2 },
    { kMonthApprox, TimeUnit::Month, 1, 1 },
    { 2 * kMonthApprox, TimeUnit::Month, 2, 2 },
    { 3 * kMonthApprox, TimeUnit::Month, 3, 3 },
    { 6 * kMonthApprox, TimeUnit::Month, 6, 2 },
    { kYearApprox, TimeUnit::Year, 1, 4 },
    { 2 * kYearApprox, TimeUnit::Year, 2, 2 },
    { 5 * kYearApprox, TimeUnit::Year, 5, 5 },
    { 10 * kYearApprox, TimeUnit::Year, 10, 5 },
    { 20 * kYearApprox, TimeUnit::Year, 20, 4 },
    { 50 * kYearApprox, TimeUnit::Year, 50, 5 },
    { 100 * kYearApprox, TimeUnit::Year, 100, 5 },
};

const char* const kMonthNames[]
    = { "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };

int64_t floorDiv(int64_t a, int64_t b)
{
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) {
        --q;
    }
    return q;
}

int64_t floorTo(int64_t ns, int64_t step)
{
    return floorDiv(ns, step) * step;
}

using Civil = core::CivilDate;
using core::civilFromDays;

QString twoDigits(int64_t v)
{
    return QString::number(v).rightJustified(2, QLatin1Char('0'));
}

QString clockLabel(int64_t ns, bool withSeconds)
{
    const int64_t secOfDay = floorDiv(ns, kS) - floorDiv(ns, kDay) * 86400;
    QString s = twoDigits(secOfDay / 3600) + QLatin1Char(':') + twoDigits(secOfDay / 60 % 60);
    if (withSeconds) {
        s += QLatin1Char(':') + twoDigits(secOfDay % 60);
    }
    return s;
}

// Outside English, dates are the locale's: its month names, in the order the DateFormat messages
// give ("8 jun." for "Jun 8", "08/06/2025" for "2025-06-08").
bool localDates()
{
    return figuresLocale().language() != QLocale::English;
}

QString localDate(const Civil& c, const char* format)
{
    const QDate date(static_cast<int>(c.year), static_cast<int>(c.month), static_cast<int>(c.day));
    return figuresLocale().toString(date, QCoreApplication::translate("DateFormat", format));
}

QString dayLabel(int64_t ns)
{
    const Civil c = civilFromDays(floorDiv(ns, kDay));
    if (localDates()) {
        return localDate(c, QT_TRANSLATE_NOOP("DateFormat", "MMM d"));
    }
    return QString::fromLatin1(kMonthNames[c.month - 1]) + QLatin1Char(' ') + QString::number(c.day);
}

QString monthLabel(const Civil& c)
{
    if (localDates()) {
        return localDate(c, QT_TRANSLATE_NOOP("DateFormat", "MMM"));
    }
    return QString::fromLatin1(kMonthNames[c.month - 1]);
}

QString dateLabel(int64_t ns)
{
    const Civil c = civilFromDays(floorDiv(ns, kDay));
    if (localDates()) {
        return localDate(c, QT_TRANSLATE_NOOP("DateFormat", "yyyy-MM-dd"));
    }
    return QString::number(c.year) + QLatin1Char('-') + twoDigits(c.month) + QLatin1Char('-') + twoDigits(c.day);
}

int64_t unitNs(TimeUnit unit)
{
    switch (unit) {
    case TimeUnit::Nanosecond:
        return 1;
    case TimeUnit::Microsecond:
        return kUs;
    case TimeUnit::Millisecond:
        return kMs;
    default:
        return kS;
    }
}

int64_t saturate(double v)
{
    constexpr double kLimit = 9.2e18; // just inside the int64 range
    if (!(v > -kLimit)) {
        return std::numeric_limits<int64_t>::min();
    }
    if (!(v < kLimit)) {
        return std::numeric_limits<int64_t>::max();
    }
    return std::llround(v);
}

// Adds with saturation (the view may be placed near the ends of the int64 range).
int64_t addSat(int64_t a, int64_t b)
{
    int64_t r = 0;
    if (__builtin_add_overflow(a, b, &r)) {
        return b > 0 ? std::numeric_limits<int64_t>::max() : std::numeric_limits<int64_t>::min();
    }
    return r;
}

} // namespace

QString timeUnitName(TimeUnit unit)
{
    switch (unit) {
    case TimeUnit::Nanosecond:
        return QStringLiteral("ns");
    case TimeUnit::Microsecond:
        return QStringLiteral("us");
    case TimeUnit::Millisecond:
        return QStringLiteral("ms");
    case TimeUnit::Second:
        return QStringLiteral("s");
    case TimeUnit::Minute:
        return QStringLiteral("min");
    case TimeUnit::Hour:
        return QStringLiteral("h");
    case TimeUnit::Day:
        return QStringLiteral("d");
    case TimeUnit::Week:
        return QStringLiteral("wk");
    case TimeUnit::Month:
        return QStringLiteral("mo");
    case TimeUnit::Year:
        return QStringLiteral("y");
    }
    return {};
}

TimeAxis::TimeAxis(int64_t startNs, double nsPerPx, double widthPx)
    : m_startNs(startNs)
    , m_nsPerPx(nsPerPx)
    , m_widthPx(std::max(1.0, widthPx))
{
    clamp();
}

void TimeAxis::setWidthPx(double widthPx)
{
    m_widthPx = std::max(1.0, widthPx);
    clamp();
}

void TimeAxis::setBounds(int64_t minNs, int64_t maxNs)
{
    if (minNs >= maxNs) {
        clearBounds();
        return;
    }
    m_hasBounds = true;
    m_boundsMinNs = minNs;
    m_boundsMaxNs = maxNs;
    clamp();
}

void TimeAxis::clearBounds()
{
    m_hasBounds = false;
    m_boundsMinNs = 0;
    m_boundsMaxNs = 0;
}

double TimeAxis::toPx(int64_t ns) const
{
    // Subtract as integers (exact unless the difference overflows, far outside any view).
    int64_t d = 0;
    if (__builtin_sub_overflow(ns, m_startNs, &d)) {
        return ns > m_startNs ? 1e300 : -1e300;
    }
    return static_cast<double>(d) / m_nsPerPx;
}

int64_t TimeAxis::toNs(double px) const
{
    return addSat(m_startNs, saturate(px * m_nsPerPx));
}

void TimeAxis::setView(int64_t startNs, double nsPerPx)
{
    m_startNs = startNs;
    m_nsPerPx = nsPerPx;
    clamp();
}

void TimeAxis::fit(int64_t startNs, int64_t endNs, double marginFraction)
{
    if (endNs <= startNs) {
        startNs -= kUs / 2;
        endNs = startNs + kUs;
    }
    // Subtract as integers: instants near 1.7e18 ns are 256 ns apart as doubles.
    const double len = static_cast<double>(addSat(endNs, -startNs));
    const double margin = len * std::max(0.0, marginFraction);
    m_nsPerPx = (len + 2 * margin) / m_widthPx;
    m_startNs = addSat(startNs, -saturate(margin));
    clamp();
}

void TimeAxis::zoomAt(double px, double factor)
{
    if (!(factor > 0)) {
        return;
    }
    // 1. The instant under the cursor, kept as an exact integer.
    const int64_t anchor = toNs(px);
    // 2. The new scale, and the start that puts the anchor back under px.
    m_nsPerPx /= factor;
    clamp(); // the scale first, so that the start is computed with the scale that will be used
    m_startNs = addSat(anchor, -saturate(px * m_nsPerPx));
    clamp();
}

void TimeAxis::panPx(double dxPx)
{
    m_startNs = addSat(m_startNs, saturate(dxPx * m_nsPerPx));
    clamp();
}

void TimeAxis::clamp()
{
    double maxNsPerPx = kMaxNsPerPxUnbounded;
    if (m_hasBounds) {
        const double extent = static_cast<double>(addSat(m_boundsMaxNs, -m_boundsMinNs));
        maxNsPerPx = std::max(kMinNsPerPx, extent / (kMinBoundsShare * m_widthPx));
    }
    if (!(m_nsPerPx >= kMinNsPerPx)) { // also catches NaN
        m_nsPerPx = kMinNsPerPx;
    }
    m_nsPerPx = std::min(m_nsPerPx, maxNsPerPx);
    if (!m_hasBounds) {
        return;
    }
    const int64_t visible = saturate(m_widthPx * m_nsPerPx);
    const int64_t extent = m_boundsMaxNs - m_boundsMinNs;
    if (visible >= extent) {
        // Zoomed out past the data: keep all of it in view.
        m_startNs = std::clamp(m_startNs, m_boundsMaxNs - visible, m_boundsMinNs);
    } else {
        // Zoomed in: at most 5% of the width may lie beyond either end of the data.
        const int64_t margin = visible / 20;
        m_startNs = std::clamp(m_startNs, m_boundsMinNs - margin, m_boundsMaxNs + margin - visible);
    }
}

AxisTicks TimeAxis::ticks(double minMajorSpacingPx) const
{
    AxisTicks out;
    const double minSpacingNs = std::max(1.0, minMajorSpacingPx) * m_nsPerPx;
    const Step* step = &kSteps[std::size(kSteps) - 1];
    for (const Step& s : kSteps) {
        if (static_cast<double>(s.stepNs) >= minSpacingNs) {
            step = &s;
            break;
        }
    }
    out.unit = step->unit;
    out.stepNs = step->stepNs;
    const int64_t t0 = m_startNs;
    const int64_t t1 = endNs();

    // 1. The context shown once beside the labels, and the base of sub-second offsets.
    int64_t base = 0;
    const bool subSecond = step->stepNs < kS;
    if (subSecond) {
        // Offsets count from the visible start floored to 1000 units (1 s for millisecond steps).
        const int64_t u = unitNs(step->unit);
        base = floorTo(t0, std::min<int64_t>(1000 * u, kS));
        out.context = QString::fromStdString(core::formatRfc3339(base)) + QStringLiteral(" +");
    } else if (step->unit <= TimeUnit::Hour) {
        out.context = dateLabel(t0) + QStringLiteral(" UTC");
    } else if (step->unit <= TimeUnit::Week) {
        out.context = QString::number(civilFromDays(floorDiv(t0, kDay)).year) + QStringLiteral(" UTC");
    } else {
        out.context = QStringLiteral("UTC");
    }

    auto label = [&](int64_t ns) -> QString {
        switch (step->unit) {
        case TimeUnit::Nanosecond:
        case TimeUnit::Microsecond:
        case TimeUnit::Millisecond: {
            const int64_t u = unitNs(step->unit);
            return QLatin1Char('+') + QString::number((ns - base) / u) + QLatin1Char(' ') + timeUnitName(step->unit);
        }
        case TimeUnit::Second:
            return clockLabel(ns, true);
        case TimeUnit::Minute:
        case TimeUnit::Hour:
            // A tick at midnight names the new day instead of "00:00".
            return floorTo(ns, kDay) == ns ? dayLabel(ns) : clockLabel(ns, false);
        case TimeUnit::Day:
        case TimeUnit::Week:
            return dayLabel(ns);
        case TimeUnit::Month: {
            const Civil c = civilFromDays(floorDiv(ns, kDay));
            return c.month == 1 ? QString::number(c.year) : monthLabel(c);
        }
        case TimeUnit::Year:
            return QString::number(civilFromDays(floorDiv(ns, kDay)).year);
        }
        return {};
    };
    auto push = [&](int64_t ns, bool major) {
        if (ns < t0 || ns > t1) {
            return;
        }
        out.ticks.push_back({ ns, toPx(ns), major, major ? label(ns) : QString() });
    };

    // 2. Fixed-length steps (up to weeks): multiples of the step since the epoch (weeks since
    //    Monday 1970-01-05), with evenly spaced minor ticks.
    if (step->unit <= TimeUnit::Week) {
        const int64_t origin = step->unit == TimeUnit::Week ? 4 * kDay : 0;
        const int64_t minor = step->stepNs / step->minorDivisions;
        const int64_t first = floorTo(t0 - origin, step->stepNs) + origin;
        for (int64_t t = first; t <= t1; t = addSat(t, step->stepNs)) {
            push(t, true);
            for (int i = 1; i < step->minorDivisions; ++i) {
                push(t + i * minor, false);
            }
            if (t == std::numeric_limits<int64_t>::max()) {
                break;
            }
        }
        return out;
    }

    // 3. Calendar steps: the first day of every count-th month or year, minor ticks at months.
    const Civil c0 = civilFromDays(floorDiv(t0, kDay));
    const int64_t lastYear = civilFromDays(floorDiv(t1, kDay)).year; // past it, ns would overflow
    const int64_t monthsPerMajor = step->unit == TimeUnit::Year ? 12 * step->count : step->count;
    const int64_t monthsPerMinor = std::max<int64_t>(1, monthsPerMajor / step->minorDivisions);
    int64_t month = c0.year * 12 + (c0.month - 1); // months since year 0
    month = floorDiv(month, monthsPerMinor) * monthsPerMinor;
    for (;; month += monthsPerMinor) {
        const int64_t y = floorDiv(month, 12);
        if (y > lastYear) {
            break;
        }
        const auto m = static_cast<unsigned>(month - y * 12 + 1);
        const int64_t ns = core::daysFromCivil(y, m, 1) * kDay;
        if (ns > t1) {
            break;
        }
        push(ns, month % monthsPerMajor == 0);
    }
    return out;
}

} // namespace ett::app
