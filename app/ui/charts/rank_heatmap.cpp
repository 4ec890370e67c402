#include "app/ui/charts/rank_heatmap.h"

#include "app/ui/format/figures_format.h"
#include "app/ui/format/palette.h"
#include "app/ui/pages/page_widgets.h"
#include "core/model/timeutil.h"

#include <QFontMetrics>
#include <QPainter>

#include <algorithm>

namespace ett::app {

namespace {

constexpr int kCellHeight = 20;
constexpr int kMinCellWidth = 56;
constexpr int kMaxCellWidth = 116; // longer stage names are elided (the tooltip names the stage)
constexpr int kPad = 6;

QString seconds(int64_t ns)
{
    return formatDuration(ns);
}

// A cell's time, short: "52.4s", "16m40s", "1h05m".
QString shortTime(int64_t ns)
{
    const int64_t ms = ns / 1'000'000;
    if (ms < 60'000) {
        return QStringLiteral("%1s").arg(formatDecimal(static_cast<double>(ms) / 1000.0, 1));
    }
    const int64_t s = ms / 1000;
    if (s < 3600) {
        return QStringLiteral("%1m%2s").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
    }
    return QStringLiteral("%1h%2m").arg(s / 3600).arg((s % 3600) / 60, 2, 10, QLatin1Char('0'));
}

// "init.process_group_init" -> ("init", "process_group_init"); a bare category has no second line.
std::pair<QString, QString> stageLines(const std::string& stage)
{
    const QString s = QString::fromStdString(stage);
    const qsizetype dot = s.indexOf(QLatin1Char('.'));
    if (dot < 0) {
        return { s, QString() };
    }
    return { s.left(dot), s.mid(dot + 1) };
}

} // namespace

RankHeatMap::RankHeatMap(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("rankHeatMap"));
    setMouseTracking(true);
    relayout();
}

void RankHeatMap::setAttempt(const AttemptRanks& attempt)
{
    m_attempt = attempt;
    relayout();
    updateGeometry();
    resize(sizeHint()); // inside a scroll area that does not resize it
    update();
}

void RankHeatMap::setColour(Colour colour)
{
    m_colour = colour;
    update();
}

QString RankHeatMap::hostOf(int32_t rank) const
{
    for (const auto& [r, host] : m_attempt.hosts) {
        if (r == rank) {
            return QString::fromStdString(host);
        }
    }
    return {};
}

void RankHeatMap::relayout()
{
    const QFontMetrics fm(font());
    m_labelWidth = fm.horizontalAdvance(tr("rank")) + kPad * 2;
    for (int32_t rank : m_attempt.ranks) {
        const QString host = hostOf(rank);
        const QString text = QStringLiteral("%1  %2").arg(rank).arg(host.isEmpty() ? tr("(no host)") : host);
        m_labelWidth = std::max(m_labelWidth, fm.horizontalAdvance(text) + kPad * 2);
    }
    m_headerHeight = fm.height() * 2 + kPad;
    m_columnLeft.clear();
    m_columnWidth.clear();
    int x = m_labelWidth;
    for (const auto& s : m_attempt.stages) {
        const auto [first, second] = stageLines(s.stage);
        const int w = std::min(kMaxCellWidth,
            std::max({ kMinCellWidth, fm.horizontalAdvance(first) + kPad * 2, fm.horizontalAdvance(second) + kPad * 2,
                fm.horizontalAdvance(QStringLiteral("00m00s")) + kPad * 2 }));
        m_columnLeft.push_back(x);
        m_columnWidth.push_back(w);
        x += w;
    }
}

QSize RankHeatMap::sizeHint() const
{
    const int width = m_columnLeft.empty() ? m_labelWidth : m_columnLeft.back() + m_columnWidth.back();
    return { width + kPad, m_headerHeight + rows() * kCellHeight + kPad };
}

QRect RankHeatMap::cellRect(int row, int column) const
{
    if (row < 0 || row >= rows() || column < 0 || column >= columns()) {
        return {};
    }
    return QRect(m_columnLeft[static_cast<size_t>(column)], m_headerHeight + row * kCellHeight,
        m_columnWidth[static_cast<size_t>(column)], kCellHeight);
}

int64_t RankHeatMap::timeOf(int row, int column) const
{
    const int32_t rank = m_attempt.ranks[static_cast<size_t>(row)];
    for (const auto& t : m_attempt.stages[static_cast<size_t>(column)].ranks) {
        if (t.rank == rank) {
            return t.timeNs;
        }
    }
    return -1;
}

double RankHeatMap::intensity(int row, int column) const
{
    if (row < 0 || row >= rows() || column < 0 || column >= columns()) {
        return -1;
    }
    const int64_t t = timeOf(row, column);
    if (t < 0) {
        return -1;
    }
    const core::StageStraggler& s = m_attempt.stages[static_cast<size_t>(column)];
    if (m_colour == Colour::Time) {
        // Between the stage's fastest (0) and slowest (1) rank.
        int64_t fastest = s.slowestNs;
        for (const auto& r : s.ranks) {
            fastest = std::min(fastest, r.timeNs);
        }
        return s.slowestNs > fastest ? static_cast<double>(t - fastest) / static_cast<double>(s.slowestNs - fastest)
                                     : 0.0;
    }
    if (s.excessNs <= 0 || t <= s.medianNs) {
        return 0.0;
    }
    return static_cast<double>(t - s.medianNs) / static_cast<double>(s.excessNs);
}

bool RankHeatMap::isSlowest(int row, int column) const
{
    if (row < 0 || row >= rows() || column < 0 || column >= columns()) {
        return false;
    }
    return m_attempt.stages[static_cast<size_t>(column)].slowestRank == m_attempt.ranks[static_cast<size_t>(row)];
}

QColor RankHeatMap::fill(double v)
{
    if (v < 0) {
        return QColor(0xee, 0xee, 0xee);
    }
    v = std::clamp(v, 0.0, 1.0);
    // From near white to the vermillion of lost progress.
    const QColor low(0xfb, 0xf3, 0xe8);
    const QColor high(0xd5, 0x3e, 0x00);
    const auto mix = [v](float a, float b) { return static_cast<float>(a + (b - a) * v); };
    return QColor::fromRgbF(
        mix(low.redF(), high.redF()), mix(low.greenF(), high.greenF()), mix(low.blueF(), high.blueF()));
}

QString RankHeatMap::toolTipAt(const QPoint& pos) const
{
    for (int c = 0; c < columns(); ++c) {
        for (int r = 0; r < rows(); ++r) {
            if (!cellRect(r, c).contains(pos)) {
                continue;
            }
            const core::StageStraggler& s = m_attempt.stages[static_cast<size_t>(c)];
            const int32_t rank = m_attempt.ranks[static_cast<size_t>(r)];
            const QString host = hostOf(rank);
            QString text = tr("<b>%1</b><br>rank %2 on %3")
                               .arg(QString::fromStdString(s.stage))
                               .arg(rank)
                               .arg(host.isEmpty() ? tr("an unknown host") : host.toHtmlEscaped());
            const int64_t t = timeOf(r, c);
            if (t < 0) {
                return text + tr("<br>did not record this stage");
            }
            text += tr("<br>time %1<br>excess over the median (%2): %3")
                        .arg(seconds(t), seconds(s.medianNs),
                            t >= s.medianNs ? seconds(t - s.medianNs) : QStringLiteral("-") + seconds(s.medianNs - t));
            if (isSlowest(r, c)) {
                text += tr("<br><b>the slowest rank of this stage</b>");
            }
            return text;
        }
    }
    return {};
}

bool RankHeatMap::event(QEvent* event)
{
    if (handleToolTipEvent(this, event, [this](QPoint p) { return toolTipAt(p); })) {
        return true;
    }
    return QWidget::event(event);
}

void RankHeatMap::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    const QFontMetrics fm(font());
    const QColor grey(0x66, 0x66, 0x66);
    // 1. Stage names over their columns: the category, then the subcategory.
    for (int c = 0; c < columns(); ++c) {
        const auto [first, second] = stageLines(m_attempt.stages[static_cast<size_t>(c)].stage);
        const QRect top(m_columnLeft[static_cast<size_t>(c)], 0, m_columnWidth[static_cast<size_t>(c)], fm.height());
        p.setPen(second.isEmpty() ? palette().text().color() : grey);
        p.drawText(top.adjusted(kPad / 2, 0, -kPad / 2, 0), Qt::AlignHCenter | Qt::AlignBottom,
            fm.elidedText(first, Qt::ElideRight, top.width() - kPad));
        if (!second.isEmpty()) {
            p.setPen(palette().text().color());
            p.drawText(top.translated(0, fm.height()).adjusted(kPad / 2, 0, -kPad / 2, 0),
                Qt::AlignHCenter | Qt::AlignBottom, fm.elidedText(second, Qt::ElideRight, top.width() - kPad));
        }
    }
    p.setPen(grey);
    p.drawText(QRect(kPad, 0, m_labelWidth - kPad, m_headerHeight - kPad / 2), Qt::AlignLeft | Qt::AlignBottom,
        tr("rank  host"));
    // 2. A row per rank: its label, then its cells; the slowest of each stage outlined.
    for (int r = 0; r < rows(); ++r) {
        const int32_t rank = m_attempt.ranks[static_cast<size_t>(r)];
        const QString host = hostOf(rank);
        const int y = m_headerHeight + r * kCellHeight;
        p.setPen(palette().text().color());
        p.drawText(QRect(kPad, y, m_labelWidth - kPad, kCellHeight), Qt::AlignLeft | Qt::AlignVCenter,
            QStringLiteral("%1  %2").arg(rank).arg(host.isEmpty() ? tr("(no host)") : host));
        for (int c = 0; c < columns(); ++c) {
            const QRect cell = cellRect(r, c).adjusted(1, 1, -1, -1);
            const double v = intensity(r, c);
            const QColor bg = fill(v);
            p.fillRect(cell, bg);
            const int64_t t = timeOf(r, c);
            p.setPen(textColorOn(bg));
            p.drawText(cell, Qt::AlignCenter, t < 0 ? QStringLiteral("–") : shortTime(t));
            if (isSlowest(r, c)) {
                p.setPen(QPen(palette().text().color(), 2));
                p.setBrush(Qt::NoBrush);
                p.drawRect(cell.adjusted(1, 1, -1, -1));
            }
        }
    }
}

} // namespace ett::app
