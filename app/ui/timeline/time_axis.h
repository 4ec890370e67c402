// The horizontal axis of the Gantt timeline: maps wall-clock time (int64
// nanoseconds since the Unix epoch) to pixels (double) and back, zooms and pans, and generates
// "nice" ticks with labels. A plain value type without widgets, so that it is tested on its own
// (after hotspot's time-to-pixel maths) and shared by the widget, the painter and the PDF report.
//
// Design note: the view is kept as (start instant, nanoseconds per pixel). The start is an exact
// integer and every mapping subtracts integers first, so that an instant in 2025 (about 1.7e18 ns)
// keeps nanosecond precision at any zoom; only the offset from the start goes through a double.
#pragma once

#include <QString>

#include <cstdint>
#include <vector>

namespace ett::app {

// The unit a tick step is expressed in; calendar units (Day and coarser) align to UTC dates.
enum class TimeUnit : uint8_t { Nanosecond, Microsecond, Millisecond, Second, Minute, Hour, Day, Week, Month, Year };

struct AxisTick
{
    int64_t ns = 0; // the instant of the tick
    double px = 0; // its x in the time area (TimeAxis::toPx)
    bool major = false; // major ticks carry a label and a grid line
    QString label; // empty for minor ticks
};

struct AxisTicks
{
    std::vector<AxisTick> ticks; // in time order, majors and minors mixed
    TimeUnit unit = TimeUnit::Second; // the unit of the major step
    int64_t stepNs = 0; // the major step (approximate for months and years)
    // What the labels are relative to, shown once beside them: the date for clock-time labels
    // ("2025-06-01 UTC"), the base instant for sub-second offsets ("2025-06-01T12:00:05Z +").
    QString context;
};

class TimeAxis
{
public:
    // The deepest zoom: 100 pixels per nanosecond.
    static constexpr double kMinNsPerPx = 0.01;
    // The coarsest zoom without bounds: about 11.6 days per pixel.
    static constexpr double kMaxNsPerPxUnbounded = 1e15;
    // With bounds, the view can zoom out until the bounds fill this share of the width.
    static constexpr double kMinBoundsShare = 0.5;

    TimeAxis() = default;
    // A view starting at startNs with nsPerPx across widthPx pixels (values clamped as below).
    TimeAxis(int64_t startNs, double nsPerPx, double widthPx);

    // The width of the time area in pixels (at least 1). Keeps the start and the scale.
    void setWidthPx(double widthPx);
    double widthPx() const { return m_widthPx; }

    // The extent of the data, [minNs, maxNs]. Zoom and pan are then clamped so that the view
    // stays on the data: zoomed in, at most 5% of the width beyond either end; zoomed out (the
    // view longer than the extent), the whole extent stays visible. minNs >= maxNs clears them.
    void setBounds(int64_t minNs, int64_t maxNs);
    void clearBounds();
    bool hasBounds() const { return m_hasBounds; }
    int64_t boundsMinNs() const { return m_boundsMinNs; }
    int64_t boundsMaxNs() const { return m_boundsMaxNs; }

    // The visible window: [startNs(), endNs()) with nsPerPx() nanoseconds per pixel.
    int64_t startNs() const { return m_startNs; }
    int64_t endNs() const { return toNs(m_widthPx); }
    double nsPerPx() const { return m_nsPerPx; }
    int64_t visibleDurationNs() const { return endNs() - m_startNs; }

    // The x of an instant, relative to the left edge of the time area; outside [0, width] when
    // the instant is not visible. Exact integer subtraction before the division.
    double toPx(int64_t ns) const;
    // The instant at x, rounded to the nearest nanosecond, saturated to the int64 range.
    int64_t toNs(double px) const;
    // A duration in pixels at the current scale.
    double durationToPx(int64_t durNs) const { return static_cast<double>(durNs) / m_nsPerPx; }

    // Sets the view directly (then clamped).
    void setView(int64_t startNs, double nsPerPx);
    // Shows [startNs, endNs) across the width with marginFraction of its length added on each
    // side (then clamped). An empty range is widened to one microsecond around its start.
    void fit(int64_t startNs, int64_t endNs, double marginFraction = 0.0);
    // Zooms by factor (> 1 in, < 1 out) keeping the instant under x in place, to the nanosecond,
    // unless the clamps move the view. A factor <= 0 does nothing.
    void zoomAt(double px, double factor);
    // Moves the view by dxPx pixels (positive: later times come into view), clamped.
    void panPx(double dxPx);

    // Ticks over the visible window: the smallest "nice" step (1-2-5 within ns/us/ms, then
    // 1, 2, 5, 10, 15, 30 s and min, 1, 2, 3, 6, 12 h, days, weeks on Mondays, months, years)
    // whose major ticks are at least minMajorSpacingPx apart, and minor ticks between them.
    // Clock and calendar labels are UTC.
    AxisTicks ticks(double minMajorSpacingPx) const;

    bool operator==(const TimeAxis&) const = default;

private:
    void clamp();

    int64_t m_startNs = 0;
    double m_nsPerPx = 1e6;
    double m_widthPx = 1000;
    bool m_hasBounds = false;
    int64_t m_boundsMinNs = 0;
    int64_t m_boundsMaxNs = 0;
};

// A short name of a unit, as in tick labels ("ns", "us", "ms", "s", "min", "h", "d", "wk", "mo", "y").
QString timeUnitName(TimeUnit unit);

} // namespace ett::app
