// How the pages (overview, drill-down, details) read and print core::Figures: the weighted
// quantities (GPU-weighted or time-weighted, spec 5.5) and the text people see (hours with
// units, percentages, durations, UTC times). One place, so that every view says the same thing
// the same way. Pure functions; safe from any thread.
#pragma once

#include "app/ui/data/types.h"
#include "core/model/rollup.h"

#include <QLocale>
#include <QString>

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace ett::app {

inline constexpr double kNsPerHour = 3.6e12;

// A wide integer as a double (through long double: exact up to 64 significant bits).
inline double wideToDouble(core::Wide x)
{
    return static_cast<double>(static_cast<long double>(x));
}

// The figures under a weighting: GPU-nanoseconds when GPU-weighted, nanoseconds when
// time-weighted.
core::Wide e2eOf(const core::Figures& f, Weighting w);
core::Wide bucketOf(const core::Figures& f, core::Bucket b, Weighting w);
// Everything but productive (spec 5.5 "lost").
core::Wide lostOf(const core::Figures& f, Weighting w);
// ETT% under the weighting; nullopt when E2E is zero.
std::optional<double> ettOf(const core::Figures& f, Weighting w);
// A bucket's share of E2E in percent under the weighting; nullopt when E2E is zero.
std::optional<double> bucketShareOf(const core::Figures& f, core::Bucket b, Weighting w);

// "GPU-weighted" / "time-weighted".
QString weightingName(Weighting w);
// "3 failures, 1 preemption, 2 other", each count with its plural; the other interruptions only
// when there are some, unless `zeroOther` ("…, 0 other").
QString interruptionSplitText(int64_t failures, int64_t preemptions, int64_t other, bool zeroOther = false);
// What a grouping of rows is called in titles and headers: "label" (the built-in grouping by dataset
// label) as "label" in the window's language, "job" likewise, an attribute by its own name (trace data).
QString groupingName(const std::string& groupBy);
// The unit of weighted hours: "GPU-h" / "h".
QString hoursUnit(Weighting w);

// Hours from (GPU-)nanoseconds.
inline double nsToHours(core::Wide ns)
{
    return wideToDouble(ns) / kNsPerHour;
}

// Figures are written in the application's locale (QLocale(), set by setUpLanguage), en_US when
// that is C/POSIX or English: "1,234 h" / "84.2%" in English, "1.234 h" / "84,2%" in pt_BR.
// Counts of things are tr("%Ln job(s)", "", n) messages (app/ui/window/translations.h), not built here.

// While one lives, this thread's figures are written as in English ("84.2%", "1,234 h") whatever
// the locale: exports (CSV, JSON, the clipboard) stay locale-free. Nests; not copyable.
class LocaleFreeFigures
{
public:
    LocaleFreeFigures();
    ~LocaleFreeFigures();
    LocaleFreeFigures(const LocaleFreeFigures&) = delete;
    LocaleFreeFigures& operator=(const LocaleFreeFigures&) = delete;
};

// The locale figures are written in for `locale`: itself, but en_US for C/POSIX and English.
QLocale figuresLocaleOf(const QLocale& locale);
// The locale figures are written in now: figuresLocaleOf(QLocale()), en_US inside a
// LocaleFreeFigures.
QLocale figuresLocale();

// "1,234 h", "12.3 h", "0.05 h", "<0.01 h", "0 h" (the number only when unit is empty).
QString formatHours(double hours, const QString& unit);
// The wall time excluded windows (spec 7.4, in normal form: no overlap) take, in hours as
// formatHours writes them, without the unit.
QString formatWindowsHours(const std::vector<core::TimeSpan>& windows);
// "84.2%" with the given decimals; "–" when absent.
QString formatPercent(std::optional<double> percent, int decimals = 1);
// "1,234".
QString formatCount(int64_t n);
// A plain decimal without group separators: "1234.5" in English (as QString::number), "1234,5"
// in pt_BR. For figures inside sentences (jobs on average, ratios).
QString formatDecimal(double value, int decimals);
// A measured wall time for a message: "3.2 ms" under a second, "1.24 s" from one (formatDecimal's
// separators), so that a fast load does not read "0.00 s".
QString formatElapsed(double seconds);
// A decimal with the group separators of formatCount: "88,284.6" / "88.284,6".
QString formatNumber(double value, int decimals);
// "4 min 10 s", "3 h 05 min" (core::formatDurationHuman); "–" when absent.
QString formatDuration(std::optional<int64_t> ns);
// A model's duration in seconds (a double, as core/model/checkpoint_model.h gives them) as
// formatDuration does, rounded to the nanosecond; "–" when absent or not finite.
QString formatSeconds(std::optional<double> seconds);
// A percentage-point figure: "+1.23 pp", "−0.40 pp" (no sign when it rounds to zero); "–" when absent.
QString formatPp(std::optional<double> pp, int decimals = 2);
// The unit a set of durations up to maxNs reads best in on an axis: its size in nanoseconds and
// its name ("ms" below 2 s, "s" below 3 min, "min" below 3 h, else "h").
std::pair<double, QString> durationUnit(int64_t maxNs);
// "2025-06-01 12:00:00 UTC" in English; the locale's short date with seconds elsewhere
// ("01/06/2025 12:00:00 UTC" in pt_BR).
QString formatUtc(int64_t ns);
// "2026-11-29 22:00 UTC" in English; the locale's short date with minutes elsewhere.
QString formatUtcMinutes(int64_t ns);
// Exact seconds of a wide count, for tooltips ("58545 s").
QString formatExactSeconds(core::Wide ns);

} // namespace ett::app
