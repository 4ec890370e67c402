// The interactive Gantt timeline: a QWidget that paints a GanttScene with
// GanttPainter and lets the user move through it.
//
//   mouse wheel          zoom at the cursor (Shift+wheel or Alt+wheel: scroll rows;
//                        horizontal wheel: pan)
//   left drag            pan (and scroll rows)
//   right drag,
//   Shift+left drag      rubber-band zoom to the dragged time range
//   click                select a span (or a row, on its label); selectionChanged
//   double-click         fleet view: jobActivated; job view attempt row: attemptActivated;
//                        density view grid: jobActivated (the band's first job)
//   W S + -              zoom in / out at the centre
//   A D Left Right       pan by a tenth of the width
//   Up Down PgUp PgDn    scroll rows
//   F Home               fit the whole scene
//   right click,
//   Menu key             context menu: fit, zoom, then the widget's actions (e.g. exports)
//
// Hover shows a tooltip with exact times (RFC 3339) and durations. GUI thread only.
#pragma once

#include "app/ui/timeline/gantt_painter.h"
#include "app/ui/timeline/gantt_scene.h"
#include "app/ui/timeline/time_axis.h"

#include <QPoint>
#include <QWidget>

#include <memory>

class QMenu;
class QScrollBar;

namespace ett::app {

class GanttWidget : public QWidget
{
    Q_OBJECT
public:
    // Zoom per wheel notch (120 units of angle delta) and per key press.
    static constexpr double kWheelZoomPerNotch = 1.25;
    static constexpr double kKeyZoom = 1.5;

    explicit GanttWidget(QWidget* parent = nullptr);
    ~GanttWidget() override;

    // Shows a scene (shared, read only); with fit, the axis fits its extent, else the current
    // view is kept (clamped to the new extent). Clears the selection.
    void setScene(std::shared_ptr<const GanttScene> scene, bool fit = true);
    const GanttScene* scene() const { return m_scene.get(); }
    // The same data, newer (a watched folder changed): the view (zoom, time and row scroll) and the
    // selection are kept (the selection when its row and span still exist); the bounds grow to the
    // new extent.
    void replaceScene(std::shared_ptr<const GanttScene> scene);
    // The clock of live data (0: not live): running attempts are drawn up to it (GanttHighlight)
    // and the bounds reach it, so that the open end can be scrolled to. Repaints.
    void setLiveNow(int64_t nowNs);
    int64_t liveNowNs() const { return m_liveNowNs; }
    // Whether the scene has a running attempt's row (what a live clock moves).
    bool hasRunningRows() const;

    const TimeAxis& axis() const { return m_axis; }
    // Shows [startNs, endNs) with a small margin.
    void showRange(int64_t startNs, int64_t endNs);
    // Sets the view exactly: startNs at the left edge of the time area, nsPerPx (then clamped to
    // the bounds). Emits viewChanged.
    void setView(int64_t startNs, double nsPerPx);
    // Sets the bounds zoom and pan are clamped to (TimeAxis::setBounds), e.g. wider than the
    // scene to keep two timelines in step; setScene() resets them to the scene's extent.
    void setBounds(int64_t minNs, int64_t maxNs);
    double scrollY() const { return m_scrollY; }
    // Scrolls the rows (clamped to the content).
    void setScrollY(double y);
    // Scrolls so that a row is visible.
    void ensureRowVisible(int row);

    // The painter's geometry: the labels column and header, in widget coordinates.
    const GanttPainter& painter() const { return m_painter; }
    QRect paintRect() const;

    // Selects a span (outlined) or a row (tinted) without emitting selectionChanged.
    void setSelection(const SpanHit& span, int row);
    const SpanHit& selectedSpan() const { return m_selectedSpan; }
    int selectedRow() const { return m_selectedRow; }

    // The tooltip text at a widget position (empty when there is nothing there).
    QString toolTipAt(const QPoint& pos) const;

    // The context menu: fit, zoom in and out, then the actions added to the widget (addAction:
    // exporters.h adds its exports there). The caller owns it. A right click without dragging (a
    // right drag zooms to a range) and the Menu key pop it up.
    QMenu* createContextMenu(QWidget* parent = nullptr);

public slots:
    void fitAll();
    void zoomIn();
    void zoomOut();
    // Zooms by factor (> 1 in) keeping the instant under widget x in place.
    void zoomAtX(double x, double factor);
    // Pans by dx widget pixels (positive: later times come into view).
    void panBy(double dxPx);

signals:
    // A span or a row label was clicked (a click on empty space selects nothing: kind None).
    void selectionChanged(const ett::app::TimelineSelection& selection);
    // Fleet view: a job's row was double-clicked (engine job index).
    void jobActivated(int32_t job);
    // Job and rank views: an attempt's row was double-clicked (attempt number).
    void attemptActivated(int32_t attempt);
    // The visible time window changed (zoom, pan, fit, resize).
    void viewChanged(int64_t startNs, int64_t endNs);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void leaveEvent(QEvent* event) override;
    bool event(QEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;

private:
    enum class Drag { None, Pending, Pan, RubberBand };

    // Keeps the axis width and the scroll bar in step with the widget's size and the scene.
    void syncGeometry();
    void axisChanged();
    void clickAt(const QPoint& pos);
    void popUpContextMenu(const QPoint& pos);
    int64_t slackNs() const;
    // The density grid's band under pos; -1 elsewhere or in other views.
    int densityBandAt(const QPoint& pos) const;

    // The axis bounds: the scene's extent, up to the live clock when a row runs.
    void applyBounds();
    // After a new scene: the painter takes its row height, the geometry and the axis bounds follow.
    void adoptScene();

    std::shared_ptr<const GanttScene> m_scene;
    int64_t m_liveNowNs = 0;
    GanttPainter m_painter;
    TimeAxis m_axis;
    double m_scrollY = 0;
    QScrollBar* m_scrollBar = nullptr;
    SpanHit m_selectedSpan;
    int m_selectedRow = -1;
    int m_hoverRow = -1;
    Drag m_drag = Drag::None;
    bool m_dragRubberBand = false; // the pending drag becomes a rubber band
    QPoint m_pressPos;
    QPoint m_lastPos;
    bool m_syncing = false;
};

} // namespace ett::app
