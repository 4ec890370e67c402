#include "app/ui/charts/compare_charts.h"

#include "app/ui/charts/histogram.h"
#include "app/ui/charts/overview_charts.h"
#include "app/ui/format/figures_format.h"
#include "app/ui/format/palette.h"

#include <QAreaSeries>
#include <QCategoryAxis>
#include <QChart>
#include <QCoreApplication>
#include <QCursor>
#include <QFontMetrics>
#include <QGraphicsSimpleTextItem>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>

namespace ett::app {

namespace {

constexpr double kPicoPerPp = 1e12;
constexpr double kHalfBar = 0.36; // half a bar's width, in category units
// CDF points drawn per cohort at most (evenly ranked; the step shape needs no more).
constexpr size_t kMaxCdfPoints = 1500;

// A bar of the waterfall: the start, a non-zero step or the end, as [from, to] levels in 1e-12 pp.
struct Bar
{
    int64_t fromPico;
    int64_t toPico;
    const WaterfallStep* step; // none: the ends
    const WaterfallEnd* end;
};

// The value axis of a waterfall, in pp.
struct ValueRange
{
    double yMin;
    double yMax;
    double tick;
};

// A bar's value over it (under it when it goes down), placed as the plot area moves.
struct ValueLabel
{
    QGraphicsSimpleTextItem* item; // owned by the chart
    QPointF at; // the value it marks
    bool above;
    // Where it goes, over its bar, when under it would leave the plot (a bar going down to the
    // value axis's first level: its value ran into the bars' names).
    QPointF over;
    QAbstractSeries* series;
};

// A bar's name under it, on a lower line when the names are staggered.
struct AxisLabel
{
    QString name;
    QString shown; // the name after as many "<br>" as its line
    int index; // the bar's: neighbours go on different lines when the names are staggered
};

// What the bars' labels are placed by.
struct Labels
{
    std::vector<ValueLabel> values;
    std::vector<AxisLabel> names;
};

double ppOf(int64_t pico)
{
    return static_cast<double>(pico) / kPicoPerPp;
}

// 1. The start, every non-zero step, the end.
std::vector<Bar> barsOf(const Waterfall& waterfall)
{
    std::vector<Bar> bars;
    bars.push_back({ 0, waterfall.start.pico, nullptr, &waterfall.start });
    int64_t level = waterfall.start.pico;
    for (const auto& s : waterfall.steps) {
        if (s.pico == 0) {
            continue; // no change: no bar
        }
        bars.push_back({ level, level + s.pico, &s, nullptr });
        level += s.pico;
    }
    bars.push_back({ 0, waterfall.end.pico, nullptr, &waterfall.end });
    return bars;
}

// 2. The levels the steps walk through, with room above and below; ticks every 0.5, 1, 2, 5, 10
//    or 20 pp: the first step giving at most 8 intervals.
ValueRange valueRangeOf(const std::vector<Bar>& bars)
{
    double lo = 100;
    double hi = 0;
    for (const Bar& b : bars) {
        const double top = ppOf(b.toPico);
        if (b.step) {
            lo = std::min({ lo, top, ppOf(b.fromPico) });
            hi = std::max({ hi, top, ppOf(b.fromPico) });
        } else {
            lo = std::min(lo, top);
            hi = std::max(hi, top);
        }
    }
    const double pad = std::max(0.3, (hi - lo) * 0.15);
    double tick = 20;
    for (const double step : { 0.5, 1.0, 2.0, 5.0, 10.0, 20.0 }) {
        if ((hi - lo + 2 * pad) / step <= 8) {
            tick = step;
            break;
        }
    }
    return { std::max(0.0, std::floor((lo - pad) / tick) * tick), std::min(100.0, std::ceil((hi + pad) / tick) * tick),
        tick };
}

// 3. A dashed line walking from bar to bar (added first: the bars cover its steps).
QLineSeries* addWalk(QChart* chart, const std::vector<Bar>& bars, double yMin)
{
    const auto n = static_cast<int>(bars.size());
    auto* walk = new QLineSeries;
    walk->setName(QStringLiteral("walk"));
    QPen dashed(QColor(0x77, 0x77, 0x77));
    dashed.setStyle(Qt::DashLine);
    dashed.setWidthF(1.0);
    walk->setPen(dashed);
    for (int i = 0; i < n; ++i) {
        const Bar& b = bars[static_cast<size_t>(i)];
        const double from = b.step ? ppOf(b.fromPico) : yMin;
        const double to = ppOf(b.toPico);
        if (i > 0) {
            walk->append(i - kHalfBar, b.step ? from : to);
        }
        if (i + 1 < n) {
            walk->append(i + kHalfBar, to);
        }
    }
    chart->addSeries(walk);
    return walk;
}

// The category axis of `n` bars and the value axis, added to the chart.
std::pair<QCategoryAxis*, QValueAxis*> addWaterfallAxes(QChart* chart, int n, const ValueRange& range)
{
    auto* x = new QCategoryAxis;
    x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    x->setLabelsFont(chartAxisFont(chart));
    x->setGridLineVisible(false);
    x->setTruncateLabels(false);
    x->setRange(-0.6, n - 0.4);
    auto* y = new QValueAxis;
    y->setRange(range.yMin, range.yMax);
    y->setLabelFormat(percentLabelFormat(chart, range.tick < 1 ? 1 : 0));
    y->setLabelsFont(chartAxisFont(chart));
    // The lowest level, labelled, says where the axis starts: a title saying it too was cut on
    // a low page.
    y->setTitleText(QObject::tr("ETT%"));
    y->setTitleFont(chartAxisFont(chart));
    // Short as they are, Qt Charts cuts the levels and the title to "..." when the page is low
    // (1280x800); they fit uncut.
    y->setTruncateLabels(false);
    y->setTickCount(static_cast<int>(std::lround((range.yMax - range.yMin) / range.tick)) + 1);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    return { x, y };
}

// 4. Bar i: an area between its levels in its colour, outlined green (ETT% up) or red for a step;
//    its name under it and its value over it (into `labels`).
BridgeBar addBar(
    QChart* chart, const Bar& b, int i, std::pair<QCategoryAxis*, QValueAxis*> axes, double yMin, Labels& labels)
{
    const double from = ppOf(b.fromPico);
    const double to = ppOf(b.toPico);
    const double bottom = b.step ? std::min(from, to) : std::max(0.0, yMin);
    const double top = b.step ? std::max(from, to) : to;
    auto* upper = new QLineSeries;
    upper->append(i - kHalfBar, top);
    upper->append(i + kHalfBar, top);
    auto* lower = new QLineSeries;
    lower->append(i - kHalfBar, bottom);
    lower->append(i + kHalfBar, bottom);
    auto* area = new QAreaSeries(upper, lower);
    upper->setParent(area);
    lower->setParent(area);
    const int64_t step = b.toPico - b.fromPico;
    const QColor fill = b.step ? b.step->color : b.end->color;
    const QPen outline = b.step ? QPen(step > 0 ? betterColor() : worseColor(), 2.2) : QPen(fill.darker(130), 1.0);
    // A step's name is staggered below when the names do not fit their categories.
    const QString label = b.step ? b.step->label : b.end->label;
    const QString value = b.step ? QStringLiteral("%1%2")
                                       .arg(step > 0 ? QStringLiteral("+") : QStringLiteral("−"))
                                       .arg(formatDecimal(std::abs(ppOf(step)), 2))
                                 : formatPercent(to, 2);
    area->setName(b.step ? b.step->label : b.end->seriesName);
    area->setColor(fill);
    area->setPen(outline);
    area->setProperty("fromPico", QVariant::fromValue<qlonglong>(b.fromPico));
    area->setProperty("toPico", QVariant::fromValue<qlonglong>(b.toPico));
    chart->addSeries(area);
    area->attachAxis(axes.first);
    area->attachAxis(axes.second);
    axes.first->append(label, i);
    labels.names.push_back({ label, label, i });
    auto* text = new QGraphicsSimpleTextItem(value, chart);
    // Over the plot's grid and bands, which the chart stacks above its own child items: a value
    // that crosses a grid line is otherwise cut by it (seen in the PDF report).
    text->setZValue(1000);
    QFont f = chartAxisFont(chart);
    f.setBold(!b.step);
    text->setFont(f);
    text->setBrush(b.step ? outline.color() : QColor(0x33, 0x33, 0x33));
    const bool down = b.step && b.toPico < b.fromPico;
    labels.values.push_back({ text, QPointF(i, down ? bottom : top), !down, QPointF(i, top), area });
    return BridgeBar { area, b.step ? b.step->tip : b.end->tip };
}

// 5. The values over the bars follow the plot area (resizes, first layout; a value under a bar that
//    would leave the plot goes over it), and the names under
//    them go over two or three staggered lines when one is wider than its category (three when
//    one is wider than two: neighbours on one line are then three categories apart).
void placeLabels(QChart* chart, QCategoryAxis* x, int n, std::shared_ptr<Labels> labels)
{
    auto place = [chart, labels, x, n] {
        const QFontMetrics metrics(x->labelsFont());
        const double category = chart->plotArea().width() / (n + 0.2);
        int widest = 0;
        for (const AxisLabel& l : labels->names) {
            widest = std::max(widest, metrics.horizontalAdvance(l.name));
        }
        const int lines = widest <= category - 6 ? 1 : widest <= 2 * category - 6 ? 2 : 3;
        for (AxisLabel& l : labels->names) {
            const int line = l.index % lines;
            const QString shown = QStringLiteral("<br>").repeated(line) + l.name;
            if (shown != l.shown) {
                x->replaceLabel(l.shown, shown);
                l.shown = shown;
            }
        }
        // A value that would run into one placed before it (neighbours at about the same level in a
        // narrow chart: "+0,0075,94%") moves a line further from its bar, up or down as it points.
        std::vector<QRectF> placed;
        for (const ValueLabel& l : labels->values) {
            const QRectF r = l.item->boundingRect();
            QPointF p = chart->mapToPosition(l.at, l.series);
            bool above = l.above;
            if (!above && p.y() + 1.0 + r.height() > chart->plotArea().bottom()) {
                p = chart->mapToPosition(l.over, l.series);
                above = true;
            }
            QRectF at(QPointF(p.x() - r.width() / 2.0, above ? p.y() - r.height() - 1.0 : p.y() + 1.0), r.size());
            constexpr double kGap = 2.0;
            for (int moves = 0; moves < 4; ++moves) {
                const auto hit = std::find_if(placed.begin(), placed.end(),
                    [&](const QRectF& other) { return other.adjusted(-kGap, 0, kGap, 0).intersects(at); });
                if (hit == placed.end()) {
                    break;
                }
                at.moveTop(above ? hit->top() - r.height() : hit->bottom());
            }
            l.item->setPos(at.topLeft());
            placed.push_back(at);
        }
    };
    QObject::connect(chart, &QChart::plotAreaChanged, chart, place);
    place();
}

// The duration axis (linear or log) and the share axis of a distribution chart, added to it.
std::pair<QAbstractAxis*, QValueAxis*> addDistributionAxes(
    QChart* chart, const DistributionAxis& axis, const Histogram* bins)
{
    const double maxX = static_cast<double>(axis.maxNs) / axis.unit;
    // QtCharts cannot localize "%g" (the labels vanish): with localized numbers, fixed decimals.
    const QString durationFormat = !chart->localizeNumbers() ? QStringLiteral("%g")
        : maxX >= 10.0                                       ? QStringLiteral("%.0f")
                                                             : QStringLiteral("%.1f");
    QAbstractAxis* x = nullptr;
    if (axis.log) {
        auto* logAxis = new QLogValueAxis;
        logAxis->setBase(10);
        logAxis->setLabelFormat(durationFormat);
        logAxis->setMinorTickCount(8);
        // From decade to decade: Qt labels the powers of ten alone, and durations of 2 to 60
        // minutes showed "10" as the axis's one number.
        const double low = std::max(axis.floorX, 1e-12);
        logAxis->setRange(std::pow(10.0, std::floor(std::log10(low))),
            std::pow(10.0, std::ceil(std::log10(std::max(maxX * 1.05, low * 1.05)))));
        x = logAxis;
    } else {
        auto* linear = new QValueAxis;
        linear->setRange(bins ? bins->edges.front() : std::min(0.0, static_cast<double>(axis.minNs) / axis.unit),
            std::max(maxX, 1e-9));
        linear->setLabelFormat(durationFormat);
        linear->applyNiceNumbers();
        x = linear;
    }
    x->setTitleText(
        QObject::tr("duration (%1)%2").arg(axis.unitName, axis.log ? QObject::tr(", log scale") : QString()));
    x->setLabelsFont(chartAxisFont(chart));
    x->setTitleFont(chartAxisFont(chart));
    auto* y = new QValueAxis;
    y->setLabelFormat(percentLabelFormat(chart, 0));
    y->setLabelsFont(chartAxisFont(chart));
    y->setTitleFont(chartAxisFont(chart));
    // One word: the chart's title says which share, and a longer one was cut on a low page.
    y->setTitleText(QObject::tr("share"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    return { x, y };
}

// A cohort's CDF: steps at evenly spaced ranks (every sample when there are few).
QAbstractSeries* cdfSeries(const DistributionAxis& axis, const std::vector<int64_t>& samples, const QColor& color)
{
    auto* line = new QLineSeries;
    QPen pen(color);
    pen.setWidthF(2.0);
    line->setPen(pen);
    for (const auto& [x, share] : cdfSteps(axis, samples, kMaxCdfPoints)) {
        line->append(x, share);
    }
    return line;
}

// A cohort's shares of the common bins as a filled outline, from 0 back to 0.
QAbstractSeries* histogramSeries(const Histogram& bins, int cohort, const QColor& color)
{
    auto* upper = new QLineSeries;
    upper->append(bins.edges.front(), 0);
    for (size_t i = 0; i < bins.bins(); ++i) {
        const double share = bins.share(cohort, i);
        upper->append(bins.edges[i], share);
        upper->append(bins.edges[i + 1], share);
    }
    upper->append(bins.edges.back(), 0);
    auto* area = new QAreaSeries(upper);
    upper->setParent(area);
    QColor fill = color;
    fill.setAlpha(90);
    area->setColor(fill);
    QPen pen(color);
    pen.setWidthF(1.8);
    area->setPen(pen);
    return area;
}

} // namespace

QString distributionLabel(const std::string& name)
{
    static constexpr std::array<const char*, 5> kNames = {
        QT_TRANSLATE_NOOP("Distribution", "time to start"),
        QT_TRANSLATE_NOOP("Distribution", "time to recover"),
        QT_TRANSLATE_NOOP("Distribution", "time to recover: detect"),
        QT_TRANSLATE_NOOP("Distribution", "time to recover: restart"),
        QT_TRANSLATE_NOOP("Distribution", "time to recover: start-up"),
    };
    return translateKnown("Distribution", kNames, name);
}

QString cohortLabel(const std::string& text)
{
    if (text.empty() || text == core::CohortSpec {}.text()) {
        return QObject::tr("all jobs");
    }
    return QString::fromStdString(text);
}

QColor cohortColor(bool b)
{
    return b ? QColor(0x00, 0x72, 0xB2) : QColor(0xE6, 0x9F, 0x00);
}

QColor betterColor()
{
    return { 0x00, 0x7A, 0x57 };
}

QColor worseColor()
{
    return { 0xC0, 0x39, 0x00 };
}

void showTipsOnHover(const std::vector<BridgeBar>& bars, QObject* context)
{
    for (const BridgeBar& bar : bars) {
        const QString tip = bar.tip;
        QObject::connect(bar.area, &QAreaSeries::hovered, context, [tip](const QPointF&, bool on) {
            if (on) {
                QToolTip::showText(QCursor::pos(), tip);
            } else {
                QToolTip::hideText();
            }
        });
    }
}

std::vector<BridgeBar> fillBridgeChart(QChart* chart, const std::optional<core::Bridge>& bridge,
    const core::Figures& totalA, const core::Figures& totalB, Weighting w, const QColor& colorA, const QColor& colorB)
{
    const QString title = QObject::tr("Bridge from ETT% of A to B by bucket (%1)").arg(weightingName(w));
    if (!bridge) {
        chart->setTitle(title + QObject::tr(": a cohort has no E2E"));
        return {};
    }
    auto end = [](const QString& name, int64_t pico, const QColor& color) {
        const double percent = static_cast<double>(pico) / kPicoPerPp;
        return WaterfallEnd { QStringLiteral("<b>%1</b>").arg(name), QObject::tr("ETT% of %1").arg(name), pico, color,
            QObject::tr("ETT% of %1: %2% (exactly %3%)")
                .arg(name, formatDecimal(percent, 4), QString::fromStdString(core::formatPico(pico))) };
    };
    Waterfall waterfall;
    waterfall.title = title;
    waterfall.start = end(QStringLiteral("A"), bridge->ettAPico, colorA);
    waterfall.end = end(QStringLiteral("B"), bridge->ettBPico, colorB);
    for (const auto& s : bridge->steps) {
        const QString name = bucketLabel(s.bucket);
        waterfall.steps.push_back({ name, s.pico, bucketColor(s.bucket),
            QObject::tr("%1: %2 pp of ETT% (exactly %3 pp)\nshare of E2E: %4 in A, %5 in B\n%6")
                .arg(name, formatDecimal(static_cast<double>(s.pico) / kPicoPerPp, 4),
                    QString::fromStdString(core::formatPico(s.pico, true)),
                    formatPercent(bucketShareOf(totalA, s.bucket, w), 3),
                    formatPercent(bucketShareOf(totalB, s.bucket, w), 3),
                    s.pico > 0 ? QObject::tr("B spends less of its E2E here: ETT% goes up")
                               : QObject::tr("B spends more of its E2E here: ETT% goes down")) });
    }
    return fillWaterfallChart(chart, waterfall);
}

std::vector<BridgeBar> fillWaterfallChart(QChart* chart, const Waterfall& waterfall)
{
    chart->setTitle(waterfall.title);
    const std::vector<Bar> bars = barsOf(waterfall);
    const ValueRange range = valueRangeOf(bars);
    QLineSeries* walk = addWalk(chart, bars, range.yMin);
    const auto n = static_cast<int>(bars.size());
    const auto axes = addWaterfallAxes(chart, n, range);
    walk->attachAxis(axes.first);
    walk->attachAxis(axes.second);
    auto labels = std::make_shared<Labels>();
    std::vector<BridgeBar> out;
    for (int i = 0; i < n; ++i) {
        out.push_back(addBar(chart, bars[static_cast<size_t>(i)], i, axes, range.yMin, *labels));
    }
    placeLabels(chart, axes.first, n, labels);
    return out;
}

void fillDistributionChart(
    QChart* chart, const DistributionSamples& samples, bool cdf, bool log, const QColor& colorA, const QColor& colorB)
{
    const DistributionSamples& s = samples;
    chart->setTitle(cdf ? QObject::tr("%1: cumulative share of each cohort").arg(distributionLabel(s.name))
                        : QObject::tr("%1: share of each cohort per bin").arg(distributionLabel(s.name)));
    if (s.a.empty() && s.b.empty()) {
        // Counted but not sent: a fleet store ranks time to start and recover where they live.
        if (s.countA + s.countB > 0) {
            chart->setTitle(
                QObject::tr("%1: ranked on the store; see Table of changes").arg(distributionLabel(s.name)));
        } else {
            chart->setTitle(chart->title() + QObject::tr(" (no samples)"));
        }
        return;
    }
    // 1. The axes: a unit for the largest sample, common bins for the histogram.
    const DistributionAxis axis = distributionAxis(s.a, s.b, log);
    const Histogram bins = cdf ? Histogram {} : histogramOf(axis, s.a, s.b);
    const auto [x, y] = addDistributionAxes(chart, axis, cdf ? nullptr : &bins);
    // 2. A series per cohort, in fractions of its own samples.
    for (const bool isB : { false, true }) {
        const std::vector<int64_t>& v = isB ? s.b : s.a;
        if (v.empty()) {
            continue;
        }
        const QColor& color = isB ? colorB : colorA;
        QAbstractSeries* series = cdf ? cdfSeries(axis, v, color) : histogramSeries(bins, isB ? 1 : 0, color);
        series->setName(
            QObject::tr("%1 (n = %2)")
                .arg(isB ? QStringLiteral("B") : QStringLiteral("A"), formatCount(isB ? s.countB : s.countA)));
        chart->addSeries(series);
        series->attachAxis(x);
        series->attachAxis(y);
    }
    // 3. The share axis: the whole cohort for a CDF, round ticks over the highest bin else.
    if (cdf) {
        y->setRange(0, 100);
        // Every 20% where the levels have room, else 0, 50 and 100%: crowded, Qt Charts drops
        // every other label, and a low page (1280x800) showed 0, 40 and 80% without the top.
        const auto levels = [chart, y] {
            const int line = QFontMetrics(y->labelsFont()).height();
            y->setTickCount(chart->plotArea().height() >= 10 * line ? 6 : 3);
        };
        levels();
        QObject::connect(chart, &QChart::plotAreaChanged, y, levels);
    } else {
        const ShareTicks ticks = shareTicks(bins.maxShare());
        y->setRange(0, ticks.top);
        y->setTickCount(ticks.ticks);
    }
    chart->legend()->show();
    chart->legend()->setAlignment(Qt::AlignTop);
    chart->legend()->setFont(chartAxisFont(chart));
}

QString matchedPairText(const core::MatchedJob& m)
{
    if (m.runsA == 1 && m.runsB == 1) {
        return qs(m.match);
    }
    return QObject::tr("%1 · run %2 of %3 in A, %4 in B")
        .arg(qs(m.match), formatCount(m.run), formatCount(m.runsA), formatCount(m.runsB));
}

QString matchingSummaryText(const core::MatchSummary& m, const QString& matchBy)
{
    QString text
        = QObject::tr("Paired one to one: %1 of A with %2 of B, the n-th job of a %3 by start time with the n-th.")
              .arg(QObject::tr("%Ln job(s)", "", static_cast<int>(m.pairedA())),
                  QObject::tr("%Ln job(s)", "", static_cast<int>(m.pairedB())), matchBy);
    if (m.sharedValues > 0) {
        text += QLatin1Char(' ')
            + QObject::tr("%Ln value(s) of the %1 hold several jobs on a side.", "", static_cast<int>(m.sharedValues))
                  .arg(matchBy);
    }
    text += QLatin1Char(' ')
        + QObject::tr(
            "Not paired: A %1 (%2 without a counterpart, %3 beyond B's runs), B %4 (%5 without a counterpart, %6 "
            "beyond A's runs).")
              .arg(formatCount(m.unpairedA()), formatCount(m.onlyA), formatCount(m.extraA), formatCount(m.unpairedB()),
                  formatCount(m.onlyB), formatCount(m.extraB));
    if (m.pairsWithoutTime > 0) {
        text += QLatin1Char(' ')
            + QObject::tr("%Ln pair(s) without time in a cohort's range are not ranked.", "",
                static_cast<int>(m.pairsWithoutTime));
    }
    return text;
}

} // namespace ett::app
