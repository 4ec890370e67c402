#include "app/ui/timeline/gantt_widget.h"

#include "app/ui/format/figures_format.h"
#include "app/ui/pages/page_widgets.h"
#include "core/model/timeutil.h"

#include <QApplication>
#include <QContextMenuEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace ett::app {

namespace {

const GanttScene& emptyScene()
{
    static const GanttScene scene = [] {
        GanttScene s;
        s.finalize();
        return s;
    }();
    return scene;
}

} // namespace

GanttWidget::GanttWidget(QWidget* parent)
    : QWidget(parent)
    , m_scrollBar(new QScrollBar(Qt::Vertical, this))
{
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    // Its time axis and two or three rows: the overview above it takes the rest at 1280x800.
    setMinimumSize(320, 72);
    m_scrollBar->hide();
    connect(m_scrollBar, &QScrollBar::valueChanged, this, [this](int v) {
        if (!m_syncing) {
            setScrollY(v);
        }
    });
}

GanttWidget::~GanttWidget() = default;

QRect GanttWidget::paintRect() const
{
    const int sb = m_scrollBar->isHidden() ? 0 : m_scrollBar->sizeHint().width();
    return QRect(0, 0, std::max(1, width() - sb), height());
}

void GanttWidget::syncGeometry()
{
    const GanttScene& scene = m_scene ? *m_scene : emptyScene();
    m_syncing = true;
    // 1. The scroll bar shows only when the rows do not fit.
    const QRect full(0, 0, width(), height());
    const bool needBar = m_painter.maxScrollY(full, scene) > 0;
    m_scrollBar->setHidden(!needBar);
    const QRect r = paintRect();
    if (needBar) {
        const int sb = m_scrollBar->sizeHint().width();
        const int top = m_painter.layout().headerHeight;
        m_scrollBar->setGeometry(width() - sb, top, sb, std::max(1, height() - top));
        const double maxY = m_painter.maxScrollY(r, scene);
        m_scrollBar->setRange(0, static_cast<int>(std::ceil(maxY)));
        m_scrollBar->setPageStep(static_cast<int>(m_painter.rowsHeight(r)));
        m_scrollBar->setSingleStep(m_painter.layout().rowHeight);
    }
    m_scrollY = std::clamp(m_scrollY, 0.0, m_painter.maxScrollY(r, scene));
    m_scrollBar->setValue(static_cast<int>(std::lround(m_scrollY)));
    // 2. The axis spans the time area; a new width keeps the visible time range (the picture
    //    stretches instead of showing more or less time).
    const double newWidth = m_painter.timeAreaWidth(r);
    if (newWidth != m_axis.widthPx()) {
        const int64_t start = m_axis.startNs();
        const auto duration = static_cast<double>(m_axis.visibleDurationNs());
        m_axis.setWidthPx(newWidth);
        m_axis.setView(start, duration / newWidth);
    }
    m_syncing = false;
}

void GanttWidget::setScene(std::shared_ptr<const GanttScene> scene, bool fit)
{
    m_scene = std::move(scene);
    m_selectedSpan = {};
    m_selectedRow = -1;
    m_hoverRow = -1;
    adoptScene();
    if (fit) {
        m_scrollY = 0;
        fitAll();
    } else {
        axisChanged();
    }
    syncGeometry();
}

void GanttWidget::adoptScene()
{
    GanttLayout layout = m_painter.layout();
    if (m_scene) {
        layout.rowHeight = m_scene->preferredRowHeight();
    }
    m_painter.setLayout(layout);
    syncGeometry();
    applyBounds();
}

void GanttWidget::applyBounds()
{
    if (m_scene && m_scene->endNs() > m_scene->startNs()) {
        const int64_t end = hasRunningRows() ? std::max(m_scene->endNs(), m_liveNowNs) : m_scene->endNs();
        m_axis.setBounds(m_scene->startNs(), end);
    } else {
        m_axis.clearBounds();
    }
}

bool GanttWidget::hasRunningRows() const
{
    if (!m_scene) {
        return false;
    }
    return std::any_of(
        m_scene->rows().begin(), m_scene->rows().end(), [](const GanttRow& r) { return r.runningEndNs.has_value(); });
}

void GanttWidget::replaceScene(std::shared_ptr<const GanttScene> scene)
{
    const SpanHit span = m_selectedSpan;
    const int row = m_selectedRow;
    const double scrollY = m_scrollY;
    const int64_t start = m_axis.startNs();
    const double nsPerPx = m_axis.nsPerPx();
    m_scene = std::move(scene);
    m_hoverRow = -1;
    const int rows = m_scene ? static_cast<int>(m_scene->rows().size()) : 0;
    m_selectedRow = row < rows ? row : -1;
    m_selectedSpan = m_scene && m_scene->span(span) ? span : SpanHit {};
    adoptScene();
    m_axis.setView(start, nsPerPx);
    axisChanged();
    setScrollY(scrollY);
    syncGeometry();
}

void GanttWidget::setLiveNow(int64_t nowNs)
{
    if (nowNs == m_liveNowNs) {
        return;
    }
    m_liveNowNs = nowNs;
    if (hasRunningRows()) {
        // Widening the bounds keeps the view; it only lets the user scroll to the open end.
        const int64_t start = m_axis.startNs();
        const double nsPerPx = m_axis.nsPerPx();
        applyBounds();
        m_axis.setView(start, nsPerPx);
        update();
    }
}

void GanttWidget::showRange(int64_t startNs, int64_t endNs)
{
    syncGeometry();
    m_axis.fit(startNs, endNs, 0.02);
    axisChanged();
}

void GanttWidget::setView(int64_t startNs, double nsPerPx)
{
    syncGeometry();
    m_axis.setView(startNs, nsPerPx);
    axisChanged();
}

void GanttWidget::setBounds(int64_t minNs, int64_t maxNs)
{
    m_axis.setBounds(minNs, maxNs);
    axisChanged();
}

void GanttWidget::setScrollY(double y)
{
    const GanttScene& scene = m_scene ? *m_scene : emptyScene();
    const double clamped = std::clamp(y, 0.0, m_painter.maxScrollY(paintRect(), scene));
    if (clamped == m_scrollY) {
        return;
    }
    m_scrollY = clamped;
    m_syncing = true;
    m_scrollBar->setValue(static_cast<int>(std::lround(m_scrollY)));
    m_syncing = false;
    update();
}

void GanttWidget::ensureRowVisible(int row)
{
    syncGeometry();
    const double rh = m_painter.layout().rowHeight;
    const double top = row * rh;
    const double visible = m_painter.rowsHeight(paintRect());
    if (top < m_scrollY) {
        setScrollY(top);
    } else if (top + rh > m_scrollY + visible) {
        setScrollY(top + rh - visible);
    }
}

void GanttWidget::setSelection(const SpanHit& span, int row)
{
    m_selectedSpan = span;
    m_selectedRow = row;
    update();
}

void GanttWidget::fitAll()
{
    syncGeometry();
    if (m_scene && m_scene->endNs() > m_scene->startNs()) {
        // Live: up to now, so that running attempts' open ends show.
        const int64_t end = hasRunningRows() ? std::max(m_scene->endNs(), m_liveNowNs) : m_scene->endNs();
        m_axis.fit(m_scene->startNs(), end, 0.02);
    }
    axisChanged();
}

void GanttWidget::zoomIn()
{
    const QRect r = paintRect();
    zoomAtX(m_painter.timeAreaLeft(r) + m_painter.timeAreaWidth(r) / 2.0, kKeyZoom);
}

void GanttWidget::zoomOut()
{
    const QRect r = paintRect();
    zoomAtX(m_painter.timeAreaLeft(r) + m_painter.timeAreaWidth(r) / 2.0, 1.0 / kKeyZoom);
}

void GanttWidget::zoomAtX(double x, double factor)
{
    syncGeometry();
    m_axis.zoomAt(x - m_painter.timeAreaLeft(paintRect()), factor);
    axisChanged();
}

void GanttWidget::panBy(double dxPx)
{
    syncGeometry();
    m_axis.panPx(dxPx);
    axisChanged();
}

void GanttWidget::axisChanged()
{
    update();
    emit viewChanged(m_axis.startNs(), m_axis.endNs());
}

int GanttWidget::densityBandAt(const QPoint& pos) const
{
    const FleetDensity* d = m_scene ? m_scene->density() : nullptr;
    if (!d || d->rows <= 0) {
        return -1;
    }
    const QRectF grid = m_painter.densityGridRect(paintRect(), *m_scene, m_scrollY);
    if (grid.height() < 1.0 || pos.y() < grid.top() || pos.y() >= grid.bottom()) {
        return -1;
    }
    return std::clamp(static_cast<int>((pos.y() - grid.top()) / grid.height() * d->rows), 0, d->rows - 1);
}

int64_t GanttWidget::slackNs() const
{
    return static_cast<int64_t>(std::ceil(4.0 * m_axis.nsPerPx()));
}

QString GanttWidget::toolTipAt(const QPoint& pos) const
{
    if (!m_scene) {
        return {};
    }
    const QRect r = paintRect();
    const double left = m_painter.timeAreaLeft(r);
    if (const int band = densityBandAt(pos); band >= 0) {
        return m_scene->describeBand(band, m_axis.toNs(std::max(0.0, pos.x() - left)));
    }
    const int row = m_painter.rowAt(r, pos.y(), m_scrollY, static_cast<int>(m_scene->rows().size()));
    if (row < 0) {
        return {};
    }
    const GanttRow& gr = m_scene->rows()[static_cast<size_t>(row)];
    if (pos.x() < left) {
        return gr.tooltip.isEmpty() ? gr.label : gr.tooltip;
    }
    const int64_t ns = m_axis.toNs(pos.x() - left);
    if (gr.strip >= 0) {
        return m_scene->describeStrip(row, ns);
    }
    // 1. A bracket, when the cursor is in its lane.
    const QRectF lane = m_painter.bracketLaneRect(r, gr, row, m_scrollY);
    if (!lane.isEmpty() && pos.y() >= lane.top()) {
        for (const GanttBracket& b : m_scene->brackets()) {
            if (b.row == row && ns >= b.startNs - slackNs() && ns <= b.endNs + slackNs()) {
                return m_scene->describe(b);
            }
        }
    }
    // 2. A marker within a few pixels, then the span under the cursor.
    if (const GanttMarker* m = m_scene->markerAt(row, ns, slackNs())) {
        return m->text;
    }
    const SpanHit hit = m_scene->spanAt(row, ns, static_cast<int64_t>(std::ceil(m_axis.nsPerPx())));
    if (!hit.valid()) {
        return {};
    }
    QString text = m_scene->describe(hit);
    if (const GanttSpan* s = m_scene->span(hit);
        s && m_axis.durationToPx(s->endNs - s->startNs) < GanttPainter::kMinVisiblePx) {
        text += tr("\n(narrower than %1 px here: zoom in to tell it from its neighbours)")
                    .arg(GanttPainter::kMinVisiblePx);
    }
    return text;
}

void GanttWidget::clickAt(const QPoint& pos)
{
    if (!m_scene) {
        return;
    }
    const QRect r = paintRect();
    const int row = m_painter.rowAt(r, pos.y(), m_scrollY, static_cast<int>(m_scene->rows().size()));
    if (row < 0) {
        setSelection({}, -1);
        emit selectionChanged(TimelineSelection {});
        return;
    }
    const double left = m_painter.timeAreaLeft(r);
    if (pos.x() >= left) {
        const int64_t ns = m_axis.toNs(pos.x() - left);
        const SpanHit hit = m_scene->spanAt(row, ns, slackNs());
        if (hit.valid()) {
            setSelection(hit, -1);
            emit selectionChanged(m_scene->selectionFor(hit));
            return;
        }
    }
    // The label, or empty space in a row: the row itself.
    setSelection({}, row);
    emit selectionChanged(m_scene->selectionForRow(row));
}

void GanttWidget::paintEvent(QPaintEvent*)
{
    syncGeometry();
    QPainter p(this);
    const QRect r = paintRect();
    GanttHighlight hl;
    hl.selectedSpan = m_selectedSpan;
    hl.selectedRow = m_selectedRow;
    hl.hoverRow = m_hoverRow;
    hl.liveNowNs = m_liveNowNs;
    m_painter.paint(p, r, m_scene ? *m_scene : emptyScene(), m_axis, m_scrollY, hl);
    if (r.width() < width()) {
        // The corner above the scroll bar, in the header's colour.
        p.fillRect(QRect(r.right() + 1, 0, width() - r.width(), m_painter.layout().headerHeight),
            palette().color(QPalette::Window));
    }
    if (m_drag == Drag::RubberBand) {
        const double x0 = std::max<double>(std::min(m_pressPos.x(), m_lastPos.x()), m_painter.timeAreaLeft(r));
        const double x1 = std::max(m_pressPos.x(), m_lastPos.x());
        const QRectF band(x0, m_painter.rowsTop(r), std::max(0.0, x1 - x0), m_painter.rowsHeight(r));
        p.fillRect(band, QColor(0x00, 0x72, 0xB2, 40));
        p.setPen(QColor(0x00, 0x72, 0xB2));
        p.drawRect(band.adjusted(0, 0, -1, -1));
        // The range it will zoom to.
        const int64_t a = m_axis.toNs(x0 - m_painter.timeAreaLeft(r));
        const int64_t b = m_axis.toNs(x1 - m_painter.timeAreaLeft(r));
        p.drawText(band.adjusted(4, 4, -4, -4), Qt::AlignTop | Qt::AlignLeft, formatDuration(b - a));
    }
    if (!m_scene || m_scene->rows().empty()) {
        p.setPen(QColor(0x70, 0x70, 0x70));
        p.drawText(r.adjusted(m_painter.layout().labelWidth, m_painter.layout().headerHeight, 0, 0), Qt::AlignCenter,
            tr("Nothing to show"));
    }
}

void GanttWidget::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    syncGeometry();
    emit viewChanged(m_axis.startNs(), m_axis.endNs());
}

void GanttWidget::wheelEvent(QWheelEvent* event)
{
    syncGeometry();
    const QPoint d = event->angleDelta();
    if (event->modifiers() & (Qt::ShiftModifier | Qt::AltModifier)) {
        // Some platforms turn a vertical wheel with Alt into a horizontal one.
        const int dy = d.y() != 0 ? d.y() : d.x();
        setScrollY(m_scrollY - dy / 120.0 * 3.0 * m_painter.layout().rowHeight);
        event->accept();
        return;
    }
    if (d.y() != 0) {
        zoomAtX(event->position().x(), std::pow(kWheelZoomPerNotch, d.y() / 120.0));
    }
    if (d.x() != 0) {
        panBy(-d.x() / 120.0 * m_axis.widthPx() / 10.0);
    }
    event->accept();
}

void GanttWidget::mousePressEvent(QMouseEvent* event)
{
    syncGeometry();
    setFocus(Qt::MouseFocusReason);
    if (event->button() == Qt::LeftButton || event->button() == Qt::RightButton) {
        m_drag = Drag::Pending;
        m_dragRubberBand = event->button() == Qt::RightButton || (event->modifiers() & Qt::ShiftModifier);
        m_pressPos = m_lastPos = event->position().toPoint();
        event->accept();
        return;
    }
    QWidget::mousePressEvent(event);
}

void GanttWidget::mouseMoveEvent(QMouseEvent* event)
{
    const QPoint pos = event->position().toPoint();
    if (m_drag == Drag::Pending && (pos - m_pressPos).manhattanLength() >= QApplication::startDragDistance()) {
        m_drag = m_dragRubberBand ? Drag::RubberBand : Drag::Pan;
        if (m_drag == Drag::Pan) {
            setCursor(Qt::ClosedHandCursor);
        }
    }
    if (m_drag == Drag::Pan) {
        const QPoint d = pos - m_lastPos;
        m_lastPos = pos;
        m_axis.panPx(-d.x());
        setScrollY(m_scrollY - d.y());
        axisChanged();
        return;
    }
    if (m_drag == Drag::RubberBand) {
        m_lastPos = pos;
        update();
        return;
    }
    if (m_drag == Drag::None && m_scene) {
        const int row = m_painter.rowAt(paintRect(), pos.y(), m_scrollY, static_cast<int>(m_scene->rows().size()));
        if (row != m_hoverRow) {
            m_hoverRow = row;
            update();
        }
    }
}

void GanttWidget::mouseReleaseEvent(QMouseEvent* event)
{
    const QPoint pos = event->position().toPoint();
    const Drag drag = m_drag;
    m_drag = Drag::None;
    unsetCursor();
    if (drag == Drag::Pending && event->button() == Qt::LeftButton) {
        clickAt(pos);
    } else if (drag == Drag::Pending && event->button() == Qt::RightButton) {
        popUpContextMenu(pos); // a right click that did not become a rubber band
    } else if (drag == Drag::RubberBand) {
        const double left = m_painter.timeAreaLeft(paintRect());
        const double x0 = std::max<double>(std::min(m_pressPos.x(), pos.x()), left) - left;
        const double x1 = std::max(m_pressPos.x(), pos.x()) - left;
        if (x1 - x0 >= 4.0) {
            m_axis.fit(m_axis.toNs(x0), m_axis.toNs(x1));
            axisChanged();
        } else {
            update();
        }
    }
    event->accept();
}

void GanttWidget::mouseDoubleClickEvent(QMouseEvent* event)
{
    if (!m_scene || event->button() != Qt::LeftButton) {
        QWidget::mouseDoubleClickEvent(event);
        return;
    }
    if (const int band = densityBandAt(event->position().toPoint()); band >= 0) {
        if (const JobIndex job = m_scene->density()->rowJobs[static_cast<size_t>(band)]; job >= 0) {
            emit jobActivated(job);
        }
        event->accept();
        return;
    }
    const int row
        = m_painter.rowAt(paintRect(), event->position().y(), m_scrollY, static_cast<int>(m_scene->rows().size()));
    if (row < 0) {
        return;
    }
    const GanttRow& gr = m_scene->rows()[static_cast<size_t>(row)];
    if (m_scene->mode() == GanttScene::Mode::Fleet) {
        if (gr.job >= 0) {
            emit jobActivated(gr.job);
        }
    } else if (const core::JobTimeline* t = m_scene->timeline();
               t && gr.attempt >= 0 && gr.attempt < static_cast<int32_t>(t->attempts.size())) {
        emit attemptActivated(t->attempts[static_cast<size_t>(gr.attempt)].result.number);
    }
    event->accept();
}

void GanttWidget::keyPressEvent(QKeyEvent* event)
{
    syncGeometry();
    const double panStep = m_axis.widthPx() / 10.0;
    const double rh = m_painter.layout().rowHeight;
    switch (event->key()) {
    case Qt::Key_W:
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomIn();
        break;
    case Qt::Key_S:
    case Qt::Key_Minus:
        zoomOut();
        break;
    case Qt::Key_A:
    case Qt::Key_Left:
        panBy(-panStep);
        break;
    case Qt::Key_D:
    case Qt::Key_Right:
        panBy(panStep);
        break;
    case Qt::Key_Up:
        setScrollY(m_scrollY - rh);
        break;
    case Qt::Key_Down:
        setScrollY(m_scrollY + rh);
        break;
    case Qt::Key_PageUp:
        setScrollY(m_scrollY - m_painter.rowsHeight(paintRect()));
        break;
    case Qt::Key_PageDown:
        setScrollY(m_scrollY + m_painter.rowsHeight(paintRect()));
        break;
    case Qt::Key_F:
    case Qt::Key_Home:
        fitAll();
        break;
    default:
        QWidget::keyPressEvent(event);
        return;
    }
    event->accept();
}

void GanttWidget::leaveEvent(QEvent* event)
{
    m_hoverRow = -1;
    update();
    QWidget::leaveEvent(event);
}

QMenu* GanttWidget::createContextMenu(QWidget* parent)
{
    auto* menu = new QMenu(parent);
    menu->addAction(tr("Fit all"), this, &GanttWidget::fitAll)->setShortcut(QKeySequence(Qt::Key_F));
    menu->addAction(tr("Zoom in"), this, &GanttWidget::zoomIn)->setShortcut(QKeySequence(Qt::Key_W));
    menu->addAction(tr("Zoom out"), this, &GanttWidget::zoomOut)->setShortcut(QKeySequence(Qt::Key_S));
    if (!actions().isEmpty()) {
        menu->addSeparator();
        menu->addActions(actions());
    }
    return menu;
}

void GanttWidget::popUpContextMenu(const QPoint& pos)
{
    // popup, not exec: no nested event loop under the mouse handlers.
    QMenu* menu = createContextMenu(this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->popup(mapToGlobal(pos));
}

void GanttWidget::contextMenuEvent(QContextMenuEvent* event)
{
    // A mouse's context menu event comes with the press on some platforms, before it is known
    // whether the press starts a rubber band: the release decides (mouseReleaseEvent).
    if (event->reason() != QContextMenuEvent::Mouse) {
        popUpContextMenu(event->pos());
    }
    event->accept();
}

bool GanttWidget::event(QEvent* event)
{
    if (handleToolTipEvent(this, event, [this](QPoint p) { return toolTipAt(p); })) {
        return true;
    }
    return QWidget::event(event);
}

} // namespace ett::app
