// The job view's rolling ETT% (spec 7.2): a strip above the timeline drawing the ETT% of the window
// before each sample (an hour by default) as a line over the same time axis as the Gantt below it,
// the worst window shaded. The timeline page fills it from the job's timeline (jobRollingSeries) and
// keeps it in step with the Gantt's zoom and pan. A tooltip gives the window under the pointer.
#pragma once

#include "app/service/rolling.h"

#include <QWidget>

#include <optional>

namespace ett::app {

class GanttWidget;

class RollingStrip : public QWidget
{
    Q_OBJECT
public:
    static constexpr int kHeight = 54;

    // `gantt` gives the time axis and the labels column (it must outlive the strip and share its
    // left edge: the two sit in one layout).
    explicit RollingStrip(GanttWidget* gantt, QWidget* parent = nullptr);

    // Shows a series and its worst window (none: an empty strip).
    void setSeries(RollingSeries series, std::optional<RollingPoint> worst);
    void clear();
    const RollingSeries& series() const { return m_series; }
    const std::optional<RollingPoint>& worst() const { return m_worst; }

    // The sample nearest to widget x in the time area (nullptr: none, or outside the time area).
    const RollingPoint* pointAtX(double x) const;
    // The tooltip at widget x (empty where there is nothing).
    QString toolTipAtX(double x) const;
    // The x of an instant (widget coordinates), as the Gantt below draws it.
    double xOf(int64_t ns) const;
    // The labels column's text ("ETT%, rolling 1h" over "worst 36.7%") and how many lines it takes
    // there, wrapped as it is drawn.
    QString labelsText() const;
    int labelsLines() const;

    QSize sizeHint() const override { return { 600, kHeight }; }
    QSize minimumSizeHint() const override { return { 100, kHeight }; }

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;

private:
    double timeAreaLeft() const;
    QFont labelsFont() const;
    QRectF labelsRect() const;
    double yOf(double percent) const;

    GanttWidget* m_gantt;
    RollingSeries m_series;
    std::optional<RollingPoint> m_worst;
};

} // namespace ett::app
