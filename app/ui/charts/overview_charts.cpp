#include "app/ui/charts/overview_charts.h"

#include "app/ui/format/figures_format.h"
#include "app/ui/format/palette.h"

#include <QAreaSeries>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QDateTime>
#include <QFontMetricsF>
#include <QFrame>
#include <QHash>
#include <QHorizontalStackedBarSeries>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QScatterSeries>
#include <QSet>
#include <QStackedBarSeries>
#include <QTimeZone>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace ett::app {

namespace {

constexpr int64_t kNsPerMs = 1'000'000;
constexpr int kValueAxisPx = 90; // a trend chart's percentage axis and margins, beside its dates

// Interruption kinds in the Okabe-Ito colours palette.cpp uses: failures vermillion (as lost
// progress), preemptions orange (as recovery), other interruptions grey.
const QColor kFailureColor(0xD5, 0x5E, 0x00);
const QColor kPreemptionColor(0xE6, 0x9F, 0x00);
const QColor kOtherColor(0x99, 0x99, 0x99);

} // namespace

QString utcDate(int64_t ns, const char* format)
{
    const QDateTime t = QDateTime::fromMSecsSinceEpoch(ns / kNsPerMs, QTimeZone::utc());
    const QLocale locale = figuresLocale();
    if (locale.language() == QLocale::English) {
        return t.toString(QString::fromLatin1(format));
    }
    // The language's order and month names ("8 jun." for "Jun 8"): the formats are messages of
    // context "DateFormat" (QDateTime formats for the translator).
    return locale.toString(t, QCoreApplication::translate("DateFormat", format));
}

QChart* newChart()
{
    auto* chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->hide();
    chart->setMargins(QMargins(6, 4, 6, 4));
    chart->setBackgroundRoundness(6);
    QFont title = chart->titleFont();
    title.setBold(true);
    title.setPointSizeF(10.5);
    chart->setTitleFont(title);
    // Axis numbers in the language's form ("1.200", "0,5"); English keeps Qt's plain printf form.
    if (const QLocale locale = figuresLocale(); locale.language() != QLocale::English) {
        chart->setLocale(locale);
        chart->setLocalizeNumbers(true);
    }
    return chart;
}

QString percentLabelFormat(const QChart* chart, int decimals)
{
    return QStringLiteral("%.%1f%2").arg(decimals).arg(
        chart->localizeNumbers() ? QStringLiteral("%") : QStringLiteral("%%"));
}

void setRoundSteps(QValueAxis* axis, double most, bool whole)
{
    constexpr int kMostSteps = 5;
    // Nothing (or under the six decimals the labels have room for): 0 to 1.
    const double top = most > 0 ? std::max(most, whole ? 1.0 : 1e-5) : 1.0;
    double step = std::pow(10.0, std::floor(std::log10(top / kMostSteps)));
    for (const double factor : { 1.0, 2.0, 5.0, 10.0 }) {
        if (top / (step * factor) <= kMostSteps) {
            step *= factor;
            break;
        }
    }
    step = whole ? std::max(step, 1.0) : step;
    const int steps = std::max(1, static_cast<int>(std::ceil(top / step - 1e-9)));
    const int decimals = std::clamp(static_cast<int>(std::ceil(-std::log10(step) - 1e-9)), 0, 6);
    axis->setRange(0, steps * step);
    axis->setTickCount(steps + 1);
    axis->setLabelFormat(QStringLiteral("%.%1f").arg(decimals));
}

QFont chartAxisFont(const QChart* chart)
{
    QFont f = chart->font();
    f.setPointSizeF(8.5);
    return f;
}

QChart* resetChart(QChartView* view)
{
    QChart* old = view->chart();
    view->setChart(newChart());
    delete old;
    return view->chart();
}

QChartView* makeChartView(QWidget* parent, int minimumHeight)
{
    auto* view = new QChartView(newChart(), parent);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumHeight(minimumHeight);
    view->setFrameShape(QFrame::NoFrame);
    return view;
}

QString interruptionNoun(core::Interruption kind)
{
    switch (kind) {
    case core::Interruption::Failure:
        return QObject::tr("failures");
    case core::Interruption::Preemption:
        return QObject::tr("preemptions");
    case core::Interruption::Other:
        return QObject::tr("other interruptions");
    case core::Interruption::None:
        break;
    }
    return {};
}

int64_t interruptionsOf(const core::Figures& f, core::Interruption kind)
{
    switch (kind) {
    case core::Interruption::Failure:
        return f.failures;
    case core::Interruption::Preemption:
        return f.preemptions;
    case core::Interruption::Other:
        return f.otherInterruptions;
    case core::Interruption::None:
        break;
    }
    return 0;
}

QString causeClassName(const std::string& name)
{
    return name.empty() ? QString::fromLatin1(core::kNoGroupName) : QString::fromStdString(name);
}

BucketBars fillBucketsChart(QChart* chart, const core::Figures& figures, Weighting w, bool withShares)
{
    const core::Figures& f = figures;
    BucketBars out;
    chart->setTitle(QObject::tr("Where the time went (% of E2E, %1)").arg(weightingName(w)));

    // Buckets with time, smallest first: bar charts put the first category at the bottom.
    std::vector<std::pair<core::Bucket, double>> shares;
    for (int b = 0; b < core::kBucketCount; ++b) {
        const auto bucket = static_cast<core::Bucket>(b);
        const auto share = bucketShareOf(f, bucket, w);
        if (share && bucketOf(f, bucket, w) > 0) {
            shares.emplace_back(bucket, *share);
        }
    }
    std::stable_sort(shares.begin(), shares.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
    if (shares.empty()) {
        chart->setTitle(chart->title() + QObject::tr(": no data"));
        return out;
    }
    // One set per bucket with its value in its own category only: each bar gets its bucket's
    // colour and a click names the bucket.
    auto* series = new QHorizontalStackedBarSeries;
    QStringList categories;
    const auto n = static_cast<qsizetype>(shares.size());
    for (qsizetype i = 0; i < n; ++i) {
        const auto [bucket, share] = shares[static_cast<size_t>(i)];
        categories << (withShares ? QStringLiteral("%1  %2").arg(bucketLabel(bucket), formatPercent(share))
                                  : bucketLabel(bucket));
        auto* set = new QBarSet(bucketLabel(bucket));
        for (qsizetype j = 0; j < n; ++j) {
            *set << (j == i ? share : 0.0);
        }
        set->setColor(bucketColor(bucket));
        set->setBorderColor(bucketColor(bucket).darker(120));
        series->append(set);
        out.sets.emplace_back(set, bucket);
    }
    series->setBarWidth(0.75);
    chart->addSeries(series);
    out.bars = static_cast<int>(n);
    auto* y = new QBarCategoryAxis;
    y->append(categories);
    y->setLabelsFont(chartAxisFont(chart));
    y->setTruncateLabels(false);
    y->setGridLineVisible(false);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(y);
    auto* x = new QValueAxis;
    x->setRange(0, 100);
    x->setTickCount(6);
    x->setLabelFormat(percentLabelFormat(chart, 0));
    x->setLabelsFont(chartAxisFont(chart));
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    return out;
}

TrendSeries fillTrendChart(
    QChart* chart, const OverviewData& overview, Weighting w, bool hasData, const ChartRoom& room)
{
    TrendSeries out;
    const bool weekly = overview.every == gpu::Calendar::Week;
    chart->setTitle(
        QObject::tr("ETT% per %1 (%2)").arg(weekly ? QObject::tr("week") : QObject::tr("day"), weightingName(w)));
    const auto& buckets = overview.series.buckets;
    if (hasData && overview.seriesPending) {
        chart->setTitle(chart->title() + QObject::tr(": reading the segments…"));
        chart->legend()->hide();
        return out;
    }
    if (!hasData || buckets.empty()) {
        chart->setTitle(chart->title() + QObject::tr(": no data"));
        chart->legend()->hide();
        return out;
    }
    const QColor color = bucketColor(core::Bucket::Productive);
    auto* line = new QLineSeries;
    line->setName(room.narrow ? QObject::tr("per %1").arg(weekly ? QObject::tr("week") : QObject::tr("day"))
                              : QObject::tr("ETT%, click a point to select its %1")
                                    .arg(weekly ? QObject::tr("week") : QObject::tr("day")));
    QPen pen(color);
    pen.setWidthF(2.0);
    line->setPen(pen);
    auto* dots = new QScatterSeries;
    dots->setMarkerSize(8);
    dots->setColor(color);
    dots->setBorderColor(Qt::white);
    double lo = 100;
    const auto n = static_cast<qsizetype>(buckets.size());
    for (qsizetype i = 0; i < n; ++i) {
        if (const auto e = ettOf(buckets[static_cast<size_t>(i)], w)) {
            line->append(static_cast<double>(i), *e);
            dots->append(static_cast<double>(i), *e);
            lo = std::min(lo, *e);
        }
    }
    auto* overall = new QLineSeries;
    const auto fleetEtt = ettOf(overview.fleet, w);
    if (fleetEtt) {
        overall->setName(
            (room.narrow ? QObject::tr("all %1") : QObject::tr("whole selection %1")).arg(formatPercent(fleetEtt)));
        overall->append(-0.5, *fleetEtt);
        overall->append(static_cast<double>(n) - 0.5, *fleetEtt);
        QPen dashed(QColor(0x88, 0x88, 0x88));
        dashed.setStyle(Qt::DashLine);
        dashed.setWidthF(1.2);
        overall->setPen(dashed);
    }
    chart->addSeries(overall);
    // The rolling ETT% (spec 7.2) at its sample times, on the buckets' index scale: bucket i spans
    // [i - 0.5, i + 0.5).
    QLineSeries* rolling = nullptr;
    if (!overview.rolling.empty() && overview.series.widthNs > 0) {
        rolling = new QLineSeries;
        rolling->setName(QObject::tr("rolling %1").arg(formatDuration(overview.rollingWindowNs)));
        QPen thin(bucketColor(core::Bucket::LostProgress));
        thin.setWidthF(1.4);
        rolling->setPen(thin);
        const auto width = static_cast<double>(overview.series.widthNs);
        for (const auto& p : overview.rolling) {
            const auto e = w == Weighting::Gpu ? p.ettPercentGpu : p.ettPercentTime;
            if (e) {
                rolling->append(static_cast<double>(p.tNs - overview.series.originNs) / width - 0.5, *e);
                lo = std::min(lo, *e);
            }
        }
        chart->addSeries(rolling);
    }
    chart->addSeries(line);
    chart->addSeries(dots);

    // x: calendar buckets by index, labelled with their UTC dates (a QDateTimeAxis would print
    // local times), at most about ten labels (six with years).
    auto* x = new QCategoryAxis;
    x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    x->setLabelsFont(chartAxisFont(chart));
    x->setStartValue(-0.5);
    // With the year when the buckets span more than one: "Jun 8" alone is ambiguous then, and a
    // category axis drops a label it already has (Jan 1 of the next year).
    const int64_t lastStart = overview.series.originNs + static_cast<int64_t>(n - 1) * overview.series.widthNs;
    const bool years = utcDate(overview.series.originNs, "yyyy") != utcDate(lastStart, "yyyy");
    const char* format = weekly
        ? (years ? QT_TRANSLATE_NOOP("DateFormat", "'wk' MMM d yyyy") : QT_TRANSLATE_NOOP("DateFormat", "'wk' MMM d"))
        : (years ? QT_TRANSLATE_NOOP("DateFormat", "MMM d yyyy") : QT_TRANSLATE_NOOP("DateFormat", "MMM d"));
    // Longer labels, fewer of them: ten "Jun 8 2021" are cut short on a half-width chart, and six
    // were still cut to "Jan 1 1..." on a quarter-width one (1280 x 800).
    const int dateWidth = QFontMetrics(chartAxisFont(chart)).horizontalAdvance(utcDate(lastStart, format)) + 16;
    const int axisWidth = room.width - kValueAxisPx;
    const qsizetype maxLabels = room.width > 0 ? std::clamp(axisWidth / dateWidth, 2, 10) : years ? 6 : 10;
    const qsizetype step = std::max<qsizetype>(1, (n + maxLabels - 1) / maxLabels);
    for (qsizetype i = 0; i < n; i += step) {
        const int64_t start = overview.series.originNs + static_cast<int64_t>(i) * overview.series.widthNs;
        x->append(utcDate(start, format), static_cast<double>(i));
    }
    x->setRange(-0.5, static_cast<double>(n) - 0.5);
    x->setGridLineVisible(false);
    // As many as fit (maxLabels): Qt Charts cut "12 mar. 1998" to "12 mar. 19..." all the same.
    x->setTruncateLabels(false);
    chart->addAxis(x, Qt::AlignBottom);
    auto* y = new QValueAxis;
    // From a round number at least 5 points below the lowest day to 100%, ticks every 10 or 20.
    const double span = 100.0 - std::max(0.0, std::floor((lo - 5.0) / 10.0) * 10.0);
    const double tick = span > 50.0 ? 20.0 : 10.0;
    const double ticks = std::ceil(span / tick);
    y->setRange(100.0 - ticks * tick, 100.0);
    y->setTickCount(static_cast<int>(ticks) + 1);
    y->setLabelFormat(percentLabelFormat(chart, 0));
    y->setLabelsFont(chartAxisFont(chart));
    chart->addAxis(y, Qt::AlignLeft);
    if (rolling) {
        rolling->attachAxis(x);
        rolling->attachAxis(y);
    }
    for (QAbstractSeries* s : { static_cast<QAbstractSeries*>(overall), static_cast<QAbstractSeries*>(line),
             static_cast<QAbstractSeries*>(dots) }) {
        s->attachAxis(x);
        s->attachAxis(y);
    }
    chart->legend()->show();
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->legend()->setFont(chartAxisFont(chart));
    for (QLegendMarker* m : chart->legend()->markers(dots)) {
        m->setVisible(false);
    }
    if (!fleetEtt) {
        for (QLegendMarker* m : chart->legend()->markers(overall)) {
            m->setVisible(false);
        }
    }
    out.line = line;
    out.dots = dots;
    return out;
}

std::vector<std::pair<QBarSet*, core::Interruption>> fillCausesChart(
    QChart* chart, const OverviewData& overview, bool hasData, const ChartRoom& room)
{
    std::vector<std::pair<QBarSet*, core::Interruption>> out;
    chart->setTitle(QObject::tr("Interruptions by cause class"));
    const auto& classes = overview.byCauseClass;
    if (!hasData || classes.empty()) {
        // A narrow chart's title in full: "Interruptions by cause class: none" was cut to "...: ...".
        const QString title = room.narrow ? QObject::tr("Interruptions") : chart->title();
        chart->setTitle(title + (hasData ? QObject::tr(": none") : QObject::tr(": no data")));
        chart->legend()->hide();
        return out;
    }
    auto* series = new QStackedBarSeries;
    const std::pair<core::Interruption, QColor> kinds[] = {
        { core::Interruption::Failure, kFailureColor },
        { core::Interruption::Preemption, kPreemptionColor },
        { core::Interruption::Other, kOtherColor },
    };
    QStringList categories;
    int64_t most = 0;
    for (const auto& g : classes) {
        const int64_t total = g.figures.failures + g.figures.preemptions + g.figures.otherInterruptions;
        most = std::max(most, total);
        categories << (room.narrow ? causeClassLabel(g.name)
                                   : QStringLiteral("%1 (%2)").arg(causeClassLabel(g.name), formatCount(total)));
    }
    for (const auto& [kind, color] : kinds) {
        auto* set = new QBarSet(
            room.narrow && kind == core::Interruption::Other ? QObject::tr("other") : interruptionNoun(kind));
        for (const auto& g : classes) {
            *set << static_cast<double>(interruptionsOf(g.figures, kind));
        }
        set->setColor(color);
        set->setBorderColor(color.darker(120));
        series->append(set);
        out.emplace_back(set, kind);
    }
    series->setBarWidth(0.6);
    chart->addSeries(series);
    auto* x = new QBarCategoryAxis;
    x->append(categories);
    x->setLabelsFont(chartAxisFont(chart));
    x->setTruncateLabels(false);
    x->setGridLineVisible(false);
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    auto* y = new QValueAxis;
    setRoundSteps(y, static_cast<double>(most), true);
    y->setLabelsFont(chartAxisFont(chart));
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(y);
    chart->legend()->show();
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->legend()->setFont(chartAxisFont(chart));
    return out;
}

std::vector<std::pair<QBarSet*, core::Bucket>> fillTopJobsChart(
    QChart* chart, const OverviewData& overview, Weighting w, bool hasData, const ChartRoom& room)
{
    std::vector<std::pair<QBarSet*, core::Bucket>> out;
    const QString unit = hoursUnit(w);
    // The data service picks the jobs by lost GPU-hours; under time weighting the bars show hours.
    chart->setTitle(w == Weighting::Gpu ? QObject::tr("Jobs that lost the most GPU-hours, by bucket")
                                        : QObject::tr("Jobs that lost the most GPU-hours: lost hours by bucket"));
    const auto& jobs = overview.topJobs;
    if (!hasData || jobs.empty()) {
        chart->setTitle(chart->title() + QObject::tr(": no data"));
        chart->legend()->hide();
        return out;
    }
    // Most lost on top: bar charts put the first category at the bottom, so go backwards.
    const auto n = static_cast<qsizetype>(jobs.size());
    QStringList categories;
    QSet<QString> seen;
    // Bars of jobs under several labels name their label: a key that two labels hold, and every
    // bar when the jobs listed come from more than one label (a key alone would not say which).
    QHash<QString, int> keys;
    QSet<QString> labels;
    for (const JobSummary& j : jobs) {
        ++keys[qs(j.key)];
        labels.insert(qs(j.label));
    }
    // Long keys (an MLPerf key runs to 130 characters) are cut in the middle, keeping the submitter
    // and system at the front and the run at the end, to the axis's part of the chart.
    const QFontMetricsF keyMetrics(chartAxisFont(chart));
    const double keyLabelPx = room.width > 0 ? std::clamp(room.width * kAxisPortion - 12.0, 60.0, 260.0) : 260.0;
    for (qsizetype i = n - 1; i >= 0; --i) {
        const JobSummary& j = jobs[static_cast<size_t>(i)];
        QString name = keyMetrics.elidedText(qs(j.key), Qt::ElideMiddle, keyLabelPx);
        if (keys.value(name) > 1 || labels.size() > 1) {
            name += QStringLiteral(" (%1)").arg(qs(j.label));
        }
        while (seen.contains(name)) {
            name += QLatin1Char(' ');
        }
        seen.insert(name);
        categories << name;
    }
    auto* series = new QHorizontalStackedBarSeries;
    double most = 0;
    for (qsizetype i = 0; i < n; ++i) {
        most = std::max(most, nsToHours(lostOf(jobs[static_cast<size_t>(i)].figures, w)));
    }
    // Axis labels cannot group digits: large values are plotted in thousands or millions, and the
    // axis title says which.
    const double scale = most >= 10'000'000.0 ? 1'000'000.0 : most >= 10'000.0 ? 1000.0 : 1.0;
    for (int b = 0; b < core::kBucketCount; ++b) {
        const auto bucket = static_cast<core::Bucket>(b);
        if (bucket == core::Bucket::Productive) {
            continue;
        }
        bool any = false;
        for (const auto& j : jobs) {
            any = any || bucketOf(j.figures, bucket, w) > 0;
        }
        if (!any) {
            continue;
        }
        auto* set = new QBarSet(bucketLabel(bucket));
        for (qsizetype i = n - 1; i >= 0; --i) {
            *set << nsToHours(bucketOf(jobs[static_cast<size_t>(i)].figures, bucket, w)) / scale;
        }
        set->setColor(bucketColor(bucket));
        set->setBorderColor(bucketColor(bucket).darker(120));
        series->append(set);
        out.emplace_back(set, bucket);
    }
    series->setBarWidth(0.7);
    chart->addSeries(series);
    auto* y = new QBarCategoryAxis;
    y->append(categories);
    y->setLabelsFont(chartAxisFont(chart));
    y->setTruncateLabels(false);
    y->setGridLineVisible(false);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(y);
    auto* x = new QValueAxis;
    setRoundSteps(x, most / scale, false);
    x->setLabelsFont(chartAxisFont(chart));
    x->setTitleText(scale > 1000.0 ? QObject::tr("lost %1, millions").arg(unit)
            : scale > 1.0          ? QObject::tr("lost %1, thousands").arg(unit)
                                   : QObject::tr("lost %1").arg(unit));
    QFont tf = chartAxisFont(chart);
    x->setTitleFont(tf);
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    chart->legend()->show();
    chart->legend()->setAlignment(Qt::AlignRight);
    chart->legend()->setFont(chartAxisFont(chart));
    return out;
}

void fillDurationHistogramChart(
    QChart* chart, const std::vector<int64_t>& valuesNs, const QString& title, const QColor& color, int bins)
{
    chart->setTitle(title);
    if (valuesNs.empty() || bins < 1) {
        chart->setTitle(title + QObject::tr(": no data"));
        return;
    }
    const int64_t most = *std::max_element(valuesNs.begin(), valuesNs.end());
    // The unit that keeps the axis numbers small.
    double unitNs = 1e9;
    QString unit = QObject::tr("seconds");
    if (most >= 3 * 3600 * int64_t { 1'000'000'000 }) {
        unitNs = 3600e9;
        unit = QObject::tr("hours");
    } else if (most >= 120 * int64_t { 1'000'000'000 }) {
        unitNs = 60e9;
        unit = QObject::tr("minutes");
    }
    // The axis ends at a round value with at most 6 ticks at round steps (1, 2 and 5 x a power
    // of ten; 15 and 30 for minutes), so that ticks read "0 15 30 45 60 minutes", not "0 14 28".
    const double mostUnits = std::max(static_cast<double>(most) / unitNs, 1e-9);
    std::vector<double> candidates;
    const double decade = std::pow(10.0, std::floor(std::log10(mostUnits)) - 1);
    for (double d = decade; d <= decade * 1000; d *= 10) {
        candidates.insert(candidates.end(), { d, 2 * d, 5 * d });
    }
    if (unitNs == 60e9) {
        candidates.insert(candidates.end(), { 15.0, 30.0 });
    }
    std::sort(candidates.begin(), candidates.end());
    double step = candidates.back();
    for (const double c : candidates) {
        if (std::ceil(mostUnits / c - 1e-9) <= 5) {
            step = c;
            break;
        }
    }
    const int steps = std::max(1, static_cast<int>(std::ceil(mostUnits / step - 1e-9)));
    const double top = steps * step;
    const double width = top / bins;
    std::vector<int64_t> counts(static_cast<size_t>(bins), 0);
    for (const int64_t v : valuesNs) {
        const auto i = std::min<size_t>(
            static_cast<size_t>(static_cast<double>(v) / unitNs / width), static_cast<size_t>(bins - 1));
        ++counts[i];
    }
    auto* upper = new QLineSeries;
    int64_t highest = 0;
    for (int i = 0; i < bins; ++i) {
        const auto c = static_cast<double>(counts[static_cast<size_t>(i)]);
        upper->append(i * width, c);
        upper->append((i + 1) * width, c);
        highest = std::max(highest, counts[static_cast<size_t>(i)]);
    }
    auto* area = new QAreaSeries(upper);
    QColor fill = color;
    fill.setAlpha(170);
    area->setBrush(fill);
    area->setPen(QPen(color.darker(120), 1.0));
    chart->addSeries(area);
    auto* x = new QValueAxis;
    x->setRange(0, top);
    x->setTickCount(steps + 1);
    x->setLabelFormat(step >= 1 ? QStringLiteral("%.0f")
            : step >= 0.1       ? QStringLiteral("%.1f")
                                : QStringLiteral("%.2f"));
    x->setTitleText(unit);
    x->setLabelsFont(chartAxisFont(chart));
    x->setTitleFont(chartAxisFont(chart));
    chart->addAxis(x, Qt::AlignBottom);
    area->attachAxis(x);
    auto* y = new QValueAxis;
    y->setRange(0, static_cast<double>(std::max<int64_t>(highest, 1)));
    y->setLabelFormat(QStringLiteral("%.0f"));
    y->setTitleText(QObject::tr("count"));
    y->setLabelsFont(chartAxisFont(chart));
    y->setTitleFont(chartAxisFont(chart));
    if (highest <= 5) {
        // A tick per count: nice numbers put ticks at 0.2, 0.4, ... that "%.0f" printed "0 0 0 1 1 1".
        y->setTickCount(static_cast<int>(std::max<int64_t>(highest, 1)) + 1);
    } else {
        y->applyNiceNumbers();
    }
    chart->addAxis(y, Qt::AlignLeft);
    area->attachAxis(y);
}

} // namespace ett::app
