#include "app/report/report_layout.h"

#include "app/ui/charts/overview_charts.h"
#include "app/ui/format/advice_text.h"
#include "app/ui/format/figures_format.h"

#include <QAbstractAxis>
#include <QBarCategoryAxis>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QLocale>

#include <algorithm>
#include <cmath>

namespace ett::app::report {

namespace {

// `text` broken at spaces into lines of at most `width` pixels ("preemption<br>(13,887)"); a word
// wider than that keeps a line of its own.
QStringList wrappedLines(const QString& text, const QFontMetricsF& fm, double width)
{
    QStringList lines;
    for (const QString& word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (!lines.isEmpty() && fm.horizontalAdvance(lines.back() + QLatin1Char(' ') + word) <= width) {
            lines.back() += QLatin1Char(' ') + word;
        } else {
            lines << word;
        }
    }
    return lines;
}

// The category names under the bars of a chart laid out at its size: a name wider than its
// category is broken over lines, and the names are set smaller (down to 6.5 pt) while a word is
// still wider, so that no name runs into its neighbour ("preemption (13,887)dependency (3,639)").
// Returns whether a name changed (the chart must then be laid out again).
bool fitCategoryLabels(QChart* chart)
{
    bool changed = false;
    for (QAbstractAxis* axis : chart->axes(Qt::Horizontal)) {
        auto* bars = qobject_cast<QBarCategoryAxis*>(axis);
        if (!bars || bars->count() == 0) {
            continue;
        }
        const QStringList names = bars->categories();
        const double room = chart->plotArea().width() / static_cast<double>(names.size()) - 6;
        QFont f = bars->labelsFont();
        const auto widest = [&](const QFont& font, bool words) {
            const QFontMetricsF fm(font);
            double most = 0;
            for (const QString& name : names) {
                for (const QString& part : words ? name.split(QLatin1Char(' ')) : QStringList { name }) {
                    most = std::max(most, fm.horizontalAdvance(part));
                }
            }
            return most;
        };
        if (widest(f, false) <= room) {
            continue;
        }
        while (f.pointSizeF() > 6.5 && widest(f, true) > room) {
            f.setPointSizeF(f.pointSizeF() - 0.5);
        }
        bars->setLabelsFont(f);
        const QFontMetricsF fm(f);
        for (const QString& name : names) {
            bars->replace(name, wrappedLines(name, fm, room).join(QStringLiteral("<br>")));
        }
        changed = true;
    }
    return changed;
}

// An axis title longer than its axis is set smaller (down to 7 pt), then broken over lines: the
// chart cut it ("desperdício, % do te…" beside a low chart). Returns whether one changed.
bool fitAxisTitles(QChart* chart)
{
    bool changed = false;
    for (QAbstractAxis* axis : chart->axes()) {
        const double length
            = (axis->orientation() == Qt::Vertical ? chart->plotArea().height() : chart->plotArea().width()) - 4;
        const QString title = axis->titleText();
        QFont f = axis->titleFont();
        const auto wide = [&] { return QFontMetricsF(f).horizontalAdvance(title) > length; };
        if (title.isEmpty() || !wide()) {
            continue;
        }
        while (f.pointSizeF() > 7 && wide()) {
            f.setPointSizeF(f.pointSizeF() - 0.5);
        }
        axis->setTitleFont(f);
        if (wide()) {
            axis->setTitleText(wrappedLines(title, QFontMetricsF(f), length).join(QStringLiteral("<br>")));
        }
        changed = true;
    }
    return changed;
}

} // namespace

void renderChart(QPainter& p, const QRectF& r, const std::function<void(QChart*)>& build)
{
    QGraphicsScene scene;
    QChart* chart = newChart();
    // Axis numbers with the thousands separators of the report's text ("30,000", "30.000" in
    // pt_BR); the window keeps Qt's plain form in English.
    chart->setLocale(figuresLocale());
    chart->setLocalizeNumbers(true);
    chart->setBackgroundRoundness(0);
    chart->setDropShadowEnabled(false);
    chart->setBackgroundBrush(Qt::white);
    build(chart);
    scene.addItem(chart); // the scene owns the chart
    chart->resize(r.size());
    if (fitCategoryLabels(chart) | fitAxisTitles(chart)) {
        chart->layout()->activate();
    }
    scene.setSceneRect(QRectF(QPointF(0, 0), r.size()));
    scene.render(&p, r, QRectF(QPointF(0, 0), r.size()));
}

QString elidedPath(const QString& path, const QFontMetricsF& fm, double width)
{
    if (fm.horizontalAdvance(path) <= width) {
        return path;
    }
    const qsizetype slash = path.lastIndexOf(QLatin1Char('/'));
    const QString name = path.mid(slash + 1);
    const double room = width - fm.horizontalAdvance(name);
    if (slash < 0 || room < fm.horizontalAdvance(QStringLiteral("…/")) + fm.averageCharWidth() * 4) {
        return fm.elidedText(path, Qt::ElideMiddle, width);
    }
    return fm.elidedText(path.left(slash + 1), Qt::ElideMiddle, room) + name;
}

// KPI tiles: a row of (title, value, detail) boxes.
void paintTiles(QPainter& p, const QRectF& r, const std::vector<std::array<QString, 3>>& tiles)
{
    const double gap = 8;
    const double w = (r.width() - gap * static_cast<double>(tiles.size() - 1)) / static_cast<double>(tiles.size());
    const double inner = w - 18;
    const auto wrappedHeight = [&](const QFont& f, const QString& text) {
        return QFontMetricsF(f, p.device())
            .boundingRect(QRectF(0, 0, inner, 1e6), Qt::AlignLeft | Qt::TextWordWrap, text)
            .height();
    };
    // 1. The titles: at 8 pt, down to 6.5 pt when long ("Time to recover, p50"); longer still
    // ("Tempo para recuperar, p50", "ETT% (ponderado por GPU)") on two lines, elided only past
    // two. The values of the row start together below the tallest title.
    struct Title
    {
        QFont font;
        QString text;
        int flags = Qt::AlignLeft | Qt::AlignTop;
    };
    std::vector<Title> titles(tiles.size());
    double valueTop = 22;
    for (size_t i = 0; i < tiles.size(); ++i) {
        Title& t = titles[i];
        t.font = font(8);
        t.text = tiles[i][0];
        while (t.font.pointSizeF() > 6.5 && QFontMetricsF(t.font, p.device()).horizontalAdvance(t.text) > inner) {
            t.font.setPointSizeF(t.font.pointSizeF() - 0.5);
        }
        const QFontMetricsF metrics(t.font, p.device());
        double height = metrics.height();
        if (metrics.horizontalAdvance(t.text) > inner) {
            const double wrapped = wrappedHeight(t.font, t.text);
            if (wrapped < 2.5 * metrics.lineSpacing()) {
                t.flags |= Qt::TextWordWrap;
                height = wrapped;
            } else {
                t.text = metrics.elidedText(t.text, Qt::ElideRight, inner);
            }
        }
        valueTop = std::max(valueTop, 6 + height + 2);
    }
    for (size_t i = 0; i < tiles.size(); ++i) {
        const QRectF box(r.left() + static_cast<double>(i) * (w + gap), r.top(), w, r.height());
        p.setPen(Qt::NoPen);
        p.setBrush(kTint);
        p.drawRoundedRect(box, 5, 5);
        p.setPen(kMuted);
        p.setFont(titles[i].font);
        p.drawText(box.adjusted(9, 6, -9, 0), titles[i].flags, titles[i].text);
        p.setPen(i == 0 ? kAccent : kInk);
        // The value at the largest size (17 pt down to 6 pt) that fits the tile: a figure with its
        // unit is never cut ("341,844,856 GPU" at 9 pt was clipped at the tile's edge), and leaves
        // the detail its line at 6 pt under a two-line title. Narrower than that, its unit goes to
        // a second line rather than past the tile.
        const double detailAtLeast = wrappedHeight(font(6), tiles[i][2]);
        QFont value = font(17, true);
        while (value.pointSizeF() > 6
            && (QFontMetricsF(value, p.device()).horizontalAdvance(tiles[i][1]) > inner
                || valueTop + QFontMetricsF(value, p.device()).height() + detailAtLeast + 6 > box.height())) {
            value.setPointSizeF(std::max(6.0, value.pointSizeF() - 0.5));
        }
        p.setFont(value);
        p.drawText(box.adjusted(9, valueTop, -9, 0), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, tiles[i][1]);
        p.setPen(kMuted);
        // The detail under the value, wrapped, at 7.5 pt down to 6 pt so that it stays clear of
        // the value ("200 failures, 94 preemptions, 32 other" took three lines and ran into it).
        const double room = box.height() - valueTop - QFontMetricsF(value, p.device()).height() - 6;
        QFont detail = font(7.5);
        while (detail.pointSizeF() > 6 && wrappedHeight(detail, tiles[i][2]) > room) {
            detail.setPointSizeF(detail.pointSizeF() - 0.5);
        }
        p.setFont(detail);
        p.drawText(box.adjusted(9, 0, -9, -6), Qt::AlignLeft | Qt::AlignBottom | Qt::TextWordWrap, tiles[i][2]);
    }
}

// Percentage points as the window and the charts write them ("+1.23 pp", "−0.40 pp"), "n/a"
// when absent.
QString pp(std::optional<double> v, int decimals)
{
    return v ? formatPp(v, decimals) : QObject::tr("n/a");
}

// "88,284.6": a number with the thousands separators of formatCount ("88.284,6" in pt_BR).
QString decimal(double v, int decimals)
{
    return formatNumber(v, decimals);
}

// The advisor's note with its count of flagged jobs in the report's language and figures
// ("1,625 of 79,983 jobs flagged: ..."; the advisor writes "1625 of 79983" in English).
QString adviceNote(const core::CheckpointAdvice& a)
{
    // What the advice lacks and a job's flag, in the report's language, then the flagged jobs of a
    // group written here (core's note says them in English).
    QStringList parts = adviceReasons(a);
    if (a.flaggedHigh + a.flaggedLow > 0) {
        QStringList why;
        if (a.flaggedHigh > 0) {
            why << QObject::tr("%1 losing more than an interval per interruption").arg(formatCount(a.flaggedHigh));
        }
        if (a.flaggedLow > 0) {
            why << QObject::tr("%1 losing far less than half an interval").arg(formatCount(a.flaggedLow));
        }
        parts << QObject::tr("%1 of %2 jobs flagged: %3")
                     .arg(formatCount(a.flaggedJobs), formatCount(a.measured.jobs), why.join(QStringLiteral(", ")));
    }
    return parts.join(QStringLiteral("; "));
}

QString signedDuration(std::optional<int64_t> a, std::optional<int64_t> b)
{
    if (!a || !b) {
        return QObject::tr("n/a");
    }
    const int64_t d = *b - *a;
    return (d < 0 ? QStringLiteral("−") : QStringLiteral("+")) + formatDuration(d < 0 ? -d : d);
}

QString hoursText(core::Wide ns, Weighting w)
{
    return formatHours(nsToHours(ns), hoursUnit(w));
}

} // namespace ett::app::report
