#include "app/ui/timeline/legend_strip.h"

#include "app/ui/timeline/gantt_painter.h"

#include <QFontMetrics>
#include <QPainter>

#include <algorithm>

namespace ett::app {

namespace {

constexpr int kIconW = 18;
constexpr int kIconH = 11;
constexpr int kGap = 14;

} // namespace

LegendStrip::LegendStrip(QWidget* parent)
    : QWidget(parent)
{
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

void LegendStrip::setEntries(std::vector<LegendEntry> entries)
{
    m_entries = std::move(entries);
    updateGeometry();
    update();
}

void LegendStrip::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    layoutEntries(width(), &p);
}

int LegendStrip::lineHeight() const
{
    return std::max(kIconH, fontMetrics().height()) + 4;
}

int LegendStrip::layoutEntries(int w, QPainter* p) const
{
    const QFontMetrics fm = fontMetrics();
    const int lh = lineHeight();
    int x = 4;
    int y = 2;
    for (const LegendEntry& e : m_entries) {
        const int itemW = kIconW + 5 + fm.horizontalAdvance(e.label);
        if (x > 4 && x + itemW > w - 4) {
            x = 4;
            y += lh;
        }
        if (p) {
            const QRectF icon(x, y + (lh - kIconH) / 2.0, kIconW, kIconH);
            GanttPainter::paintLegendIcon(*p, icon, e);
            p->setPen(palette().color(QPalette::WindowText));
            p->drawText(QRect(x + kIconW + 5, y, itemW - kIconW - 5, lh), Qt::AlignLeft | Qt::AlignVCenter, e.label);
        }
        x += itemW + kGap;
    }
    return m_entries.empty() ? 0 : y + lh + 2;
}

std::vector<LegendEntry> mergedLegend(const std::vector<const std::vector<LegendEntry>*>& legends)
{
    std::vector<LegendEntry> out;
    for (const auto* legend : legends) {
        for (const LegendEntry& e : *legend) {
            const bool seen
                = std::any_of(out.begin(), out.end(), [&](const LegendEntry& o) { return o.label == e.label; });
            if (!seen) {
                out.push_back(e);
            }
        }
    }
    return out;
}

} // namespace ett::app
