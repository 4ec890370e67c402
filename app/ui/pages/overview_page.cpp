#include "app/ui/pages/overview_page.h"

#include "app/ui/charts/overview_charts.h"
#include "app/ui/data/data_service.h"
#include "app/ui/export/exporters.h"
#include "app/ui/format/figures_format.h"
#include "app/ui/format/palette.h"
#include "app/ui/models/figures_table_model.h"
#include "app/ui/pages/page_request.h"
#include "app/ui/window/workbench_state.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QButtonGroup>
#include <QChart>
#include <QChartView>
#include <QCursor>
#include <QDateTime>
#include <QFrame>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHorizontalStackedBarSeries>
#include <QLabel>
#include <QLegendMarker>
#include <QLineSeries>
#include <QProgressBar>
#include <QScatterSeries>
#include <QScrollArea>
#include <QSet>
#include <QStackedBarSeries>
#include <QTimeZone>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <utility>

namespace ett::app {

namespace {
// The rolling trend's window (and a sample every hour).
constexpr int64_t kRollingWindowNs = 24 * 3'600'000'000'000LL;
} // namespace

OverviewPage::OverviewPage(WorkbenchState* state, DataService* service, QWidget* parent)
    : QWidget(parent)
    , m_state(state)
    , m_data(service)
{
    m_request = new PageRequest(this, service, [this] {
        const bool rolling = m_rollingButton && m_rollingButton->isChecked();
        return m_data->requestOverview(m_state->filter(), m_calendar, this, rolling ? kRollingWindowNs : 0);
    });
    buildUi();
    connect(m_request, &PageRequest::asked, this, &OverviewPage::updateHeader);
    connect(m_state, &WorkbenchState::filterChanged, m_request, &PageRequest::invalidate);
    connect(m_state, &WorkbenchState::vocabularyChanged, m_request, &PageRequest::invalidate);
    connect(m_state, &WorkbenchState::dataRefreshed, m_request, &PageRequest::invalidate);
    connect(m_state, &WorkbenchState::weightingChanged, this, &OverviewPage::render);
    if (m_data) {
        connect(m_data, &DataService::overviewReady, this, &OverviewPage::onOverviewReady);
        connect(m_data, &DataService::queryFailed, this, &OverviewPage::onQueryFailed);
    }
    render();
}

void OverviewPage::buildUi()
{
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    outer->addWidget(scroll);
    auto* content = new QWidget(scroll);
    m_content = content;
    content->setObjectName(QStringLiteral("overviewContent"));
    scroll->setWidget(content);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(10, 8, 10, 10);
    layout->setSpacing(8);

    // 1. Header: what is shown, under which weighting; a busy bar while a request is out.
    auto* header = new QHBoxLayout;
    auto* title = new QLabel(tr("Fleet overview"), content);
    QFont tf = title->font();
    tf.setPointSizeF(tf.pointSizeF() * 1.35);
    tf.setBold(true);
    title->setFont(tf);
    header->addWidget(title);
    header->addSpacing(12);
    m_subtitle = new ElidedLabel(content);
    m_subtitle->setElideMode(Qt::ElideRight);
    m_subtitle->setStyleSheet(QStringLiteral("color: palette(mid);"));
    header->addWidget(m_subtitle, 1);
    // The trend's day / week switch.
    header->addWidget(new QLabel(tr("Trend per"), content));
    m_calendarButtons = new QButtonGroup(content);
    for (const auto& [every, text] :
        { std::pair { gpu::Calendar::Day, tr("day") }, { gpu::Calendar::Week, tr("week") } }) {
        auto* b = new QToolButton(content);
        b->setText(text);
        b->setCheckable(true);
        b->setChecked(every == m_calendar);
        b->setObjectName(every == gpu::Calendar::Day ? QStringLiteral("perDay") : QStringLiteral("perWeek"));
        m_calendarButtons->addButton(b, static_cast<int>(every));
        header->addWidget(b);
    }
    connect(m_calendarButtons, &QButtonGroup::idClicked, this,
        [this](int id) { setCalendar(static_cast<gpu::Calendar>(id)); });
    // Rolling ETT% over the last 24 hours, every hour, over the trend (spec 7.2).
    m_rollingButton = new QToolButton(content);
    m_rollingButton->setText(tr("rolling 24 h"));
    m_rollingButton->setCheckable(true);
    m_rollingButton->setObjectName(QStringLiteral("rolling24h"));
    m_rollingButton->setToolTip(tr("Draw the ETT% of the 24 hours before each hour over the trend: the worst day "
                                   "of the fleet, whenever it began"));
    header->addWidget(m_rollingButton);
    connect(m_rollingButton, &QToolButton::toggled, this, [this] { m_request->invalidate(); });
    header->addSpacing(12);
    m_busy = new QProgressBar(content);
    m_busy->setRange(0, 0);
    m_busy->setTextVisible(false);
    m_busy->setFixedWidth(120);
    m_busy->setMaximumHeight(12);
    m_busy->setToolTip(tr("Computing…"));
    m_busy->hide();
    header->addWidget(m_busy);
    layout->addLayout(header);

    // 2. Cards: six columns, two rows.
    content->setStyleSheet(QStringLiteral(
        "QFrame#card { background: palette(base); border: 1px solid palette(midlight); border-radius: 6px; }"
        "QLabel#cardTitle { color: palette(mid); font-weight: 600; }"
        "QLabel#cardDetail { color: palette(mid); }"));
    auto* cards = new QGridLayout;
    cards->setSpacing(8);
    addCard(cards, QStringLiteral("ett"), 0, 0);
    addCard(cards, QStringLiteral("e2e"), 0, 1);
    addCard(cards, QStringLiteral("lost"), 0, 2);
    addCard(cards, QStringLiteral("failures"), 0, 3);
    addCard(cards, QStringLiteral("preemptions"), 0, 4);
    addCard(cards, QStringLiteral("other"), 0, 5);
    addCard(cards, QStringLiteral("tts"), 1, 0);
    addCard(cards, QStringLiteral("ttr"), 1, 1);
    addCard(cards, QStringLiteral("noCheckpoint"), 1, 2);
    addCard(cards, QStringLiteral("lostByBucket"), 1, 3, 3);
    for (int c = 0; c < 6; ++c) {
        cards->setColumnStretch(c, 1);
    }
    layout->addLayout(cards);

    // 3. Charts: four in a row on a wide page, else two by two (placeCharts).
    auto* charts = m_charts = new QGridLayout;
    charts->setSpacing(8);
    m_bucketsView = makeChartView(content, 250);
    m_trendView = makeChartView(content, 250);
    m_causesView = makeChartView(content, 250);
    m_topJobsView = makeChartView(content, 250);
    m_trendView->installEventFilter(this); // its dates follow its width
    m_topJobsView->installEventFilter(this); // its jobs' names follow its width

    // Each chart exports itself as PNG or SVG (context menu, Ctrl+Shift+E).
    for (QChartView* view : { m_bucketsView, m_trendView, m_causesView, m_topJobsView }) {
        installChartExport(view, tr("Overview"), [this] { return exportScopeText(*m_state); });
    }

    placeCharts();
    layout->addLayout(charts, 1);
}

void OverviewPage::placeCharts()
{
    // 4 x 280 pixels and the gaps: below that a chart's labels crowd its bars.
    constexpr int kFourInARowWidth = 1180;
    const int columns = width() >= kFourInARowWidth ? 4 : 2;
    if (columns == m_chartColumns) {
        return;
    }
    m_chartColumns = columns;
    QChartView* views[] = { m_bucketsView, m_trendView, m_causesView, m_topJobsView };
    for (QChartView* v : views) {
        m_charts->removeWidget(v);
    }
    for (int i = 0; i < 4; ++i) {
        m_charts->addWidget(views[i], i / columns, i % columns);
    }
    // Four in a row: the charts with names beside their bars get more of the width.
    const int fourStretch[] = { 6, 5, 5, 6 };
    for (int c = 0; c < 4; ++c) {
        m_charts->setColumnStretch(c, c < columns ? (columns == 4 ? fourStretch[c] : 1) : 0);
    }
    if (m_hasData) {
        render(); // the titles and legends follow the room
    }
}

void OverviewPage::fitChart(QChartView* view, const QString& shortTitle)
{
    QChart* chart = view->chart();
    const QString title = chart->title();
    view->setToolTip(QString());
    if (m_chartColumns < 4) {
        return;
    }
    // Four in a row: the short title, the whole one in the tooltip (a chart without data keeps
    // saying so); legends under the plot.
    if (!shortTitle.isEmpty() && title.startsWith(shortTitle) && title != shortTitle
        && !title.endsWith(tr(": no data"))) {
        chart->setTitle(shortTitle);
        view->setToolTip(title);
    }
    if (view == m_topJobsView) {
        // Its buckets' colours are those of "Where the time went" beside it; a legend under a
        // narrow plot showed only the swatches.
        chart->legend()->hide();
    } else if (chart->legend()->isVisible()) {
        chart->legend()->setAlignment(Qt::AlignBottom);
    }
    // Category names upright, so that they do not run into each other ("preemption (92)dependency")
    // and the last one stays inside the chart (slanted, it reached past the edge and was dropped).
    for (QAbstractAxis* axis : chart->axes(Qt::Horizontal)) {
        if (qobject_cast<QBarCategoryAxis*>(axis)) {
            axis->setLabelsAngle(-90);
        }
    }
}

void OverviewPage::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    // In a window lower than this the whole page (header, two rows of full cards, the bucket
    // chart's 13 bars) does not fit above the timeline's legend and first rows: at 1280x800 the
    // charts' axes were below the fold. The window's height, not the page's, decides: the page's
    // share of the window follows what it needs (MainWindow::applyPageShare).
    constexpr int kCompactBelow = 900;
    if (const bool compact = window()->height() < kCompactBelow; compact != m_compact) {
        m_compact = compact;
        applyCompact();
        if (m_hasData) {
            render();
        }
    }
    const int columns = m_chartColumns;
    placeCharts();
    // The bucket chart's labels follow its room (with or without their shares).
    if (m_hasData && columns == m_chartColumns && event->oldSize().width() != width()) {
        renderBuckets();
    }
}

void OverviewPage::applyCompact()
{
    for (const QString& id : std::as_const(m_cardIds)) {
        const Card& c = m_cards[id];
        c.detail->setVisible(!m_compact);
        c.frame->setToolTip(m_compact ? c.detail->text() : QString());
        c.frame->layout()->setContentsMargins(10, m_compact ? 4 : 7, 10, m_compact ? 4 : 7); // addCard's 7
        fitCardTitle(id);
    }
}

void OverviewPage::fitCardTitle(const QString& id)
{
    const Card& c = m_cards[id];
    const CardTitles& t = m_cardTitles.value(id);
    // A second line in every card of the row pushed the charts' axes below a laptop's fold (the
    // Portuguese titles are longer): a low window shows the short title when the whole one does
    // not fit on one line.
    const bool tooLong = c.title->fontMetrics().horizontalAdvance(t.whole) > c.title->contentsRect().width();
    const QString shown = m_compact && tooLong && !t.shortTitle.isEmpty() ? t.shortTitle : t.whole;
    if (c.title->text() != shown) {
        c.title->setText(shown);
    }
}

// The width a chart's labels are fitted to: its view's, once shown (before, a view's width is not
// the one the layout gives it: 0, labels of the chart's default room).
int OverviewPage::widthToFit(const QChartView* view)
{
    return view->isVisible() ? view->width() : 0;
}

bool OverviewPage::eventFilter(QObject* watched, QEvent* event)
{
    // Shown too: a view resized before it is shown gets that resize while still hidden.
    if ((event->type() == QEvent::Resize || event->type() == QEvent::Show) && m_hasData) {
        if (watched == m_trendView && widthToFit(m_trendView) != m_trendWidth) {
            renderTrend();
        } else if (watched == m_topJobsView && widthToFit(m_topJobsView) != m_topJobsWidth) {
            renderTopJobs();
        }
    }
    if (event->type() == QEvent::Resize) {
        for (const QString& id : std::as_const(m_cardIds)) {
            if (m_cards[id].title == watched) {
                fitCardTitle(id);
            }
        }
    }
    return QWidget::eventFilter(watched, event);
}

Card OverviewPage::addCard(QGridLayout* grid, const QString& id, int row, int column, int columnSpan)
{
    m_cardIds << id;
    Card card = makeCard(grid->parentWidget(), 7, id != QLatin1String("lostByBucket"));
    qobject_cast<QVBoxLayout*>(card.frame->layout())->addStretch(1);
    grid->addWidget(card.frame, row, column, 1, columnSpan);
    card.title->installEventFilter(this); // fitCardTitle
    m_cards.insert(id, card);
    return card;
}

QString OverviewPage::cardTitle(const QString& id) const
{
    return m_cards.title(id);
}

QString OverviewPage::cardValue(const QString& id) const
{
    return m_cards.value(id);
}

QString OverviewPage::cardDetail(const QString& id) const
{
    return m_cards.detail(id);
}

QChart* OverviewPage::chart(Chart which) const
{
    switch (which) {
    case Chart::Buckets:
        return m_bucketsView->chart();
    case Chart::Trend:
        return m_trendView->chart();
    case Chart::Causes:
        return m_causesView->chart();
    case Chart::TopJobs:
        return m_topJobsView->chart();
    }
    return nullptr;
}

void OverviewPage::setOverviewData(const OverviewData& overview)
{
    m_overview = overview;
    m_hasData = true;
    if (!overview.seriesPending) {
        m_request->answered(); // else busy still: the series follow
    }
    m_error.clear();
    m_calendar = overview.every;
    if (QAbstractButton* b = m_calendarButtons->button(static_cast<int>(m_calendar))) {
        b->setChecked(true);
    }
    render();
}

void OverviewPage::setCalendar(gpu::Calendar every)
{
    if (QAbstractButton* b = m_calendarButtons->button(static_cast<int>(every))) {
        b->setChecked(true);
    }
    if (every == m_calendar) {
        return;
    }
    m_calendar = every;
    m_request->invalidate();
}

void OverviewPage::refresh()
{
    m_request->ask();
}

bool OverviewPage::isBusy() const
{
    return m_request->isBusy();
}

void OverviewPage::onOverviewReady(quint64 id, const OverviewData& overview)
{
    if (!m_request->isNewest(id)) {
        return; // stale: a newer request is on its way
    }
    setOverviewData(overview);
}

void OverviewPage::onQueryFailed(quint64 id, const QString& message)
{
    if (!m_request->isNewest(id)) {
        return;
    }
    m_request->answered();
    m_error = message;
    updateHeader();
}

void OverviewPage::render()
{
    updateHeader();
    renderCards();
    renderBuckets();
    renderTrend();
    renderCauses();
    renderTopJobs();
    emit rendered();
}

int OverviewPage::wholeHeight() const
{
    return std::max(m_content->sizeHint().height(), m_content->minimumSizeHint().height());
}

void OverviewPage::updateHeader()
{
    m_busy->setVisible(m_request->isBusy());
    const core::CohortSpec& filter = m_state->filter();
    QStringList parts;
    parts << weightingName(m_state->weighting());
    if (m_hasData) {
        parts << tr("%Ln job(s)", "", static_cast<int>(m_overview.fleet.jobs)) + QStringLiteral(", ")
                + tr("%Ln attempt(s)", "", static_cast<int>(m_overview.fleet.attempts));
    }
    if (filter.fromNs || filter.toNs) {
        parts << tr("%1 to %2 UTC")
                     .arg(filter.fromNs ? utcDate(*filter.fromNs, QT_TRANSLATE_NOOP("DateFormat", "yyyy-MM-dd HH:mm"))
                                        : tr("the start"),
                         filter.toNs ? utcDate(*filter.toNs, QT_TRANSLATE_NOOP("DateFormat", "yyyy-MM-dd HH:mm"))
                                     : tr("the end"));
    } else {
        parts << tr("all time");
    }
    if (!(filter == core::CohortSpec {})) {
        parts << tr("filtered");
    }
    if (m_request->isBusy()) {
        parts << tr("computing…");
    } else if (!m_error.isEmpty()) {
        parts << tr("failed: %1").arg(m_error);
    } else if (!m_hasData) {
        parts << tr("no data yet: open a database or import traces");
    }
    m_subtitle->setFullText(parts.join(QStringLiteral("  ·  ")));
}

void OverviewPage::renderCards()
{
    const Weighting w = m_state->weighting();
    const Weighting other = w == Weighting::Gpu ? Weighting::Time : Weighting::Gpu;
    const core::Figures& f = m_overview.fleet;
    const QString unit = hoursUnit(w);
    const bool any = m_hasData && f.jobs > 0;
    auto set = [this](const QString& id, const QString& title, const QString& value, const QString& detail,
                   const QString& shortTitle = QString()) {
        const Card& c = m_cards[id];
        m_cardTitles[id] = { title, shortTitle };
        fitCardTitle(id);
        c.title->setToolTip(title); // a narrow window wraps the title, a low one may shorten it
        c.value->setText(value);
        c.detail->setText(detail);
        c.frame->setToolTip(m_compact ? detail : QString()); // the line a short page leaves out
    };
    const QString none = QStringLiteral("–");

    set(QStringLiteral("ett"), tr("ETT% (%1)").arg(weightingName(w)), any ? formatPercent(ettOf(f, w)) : none,
        any ? tr("%1: %2").arg(weightingName(other), formatPercent(ettOf(f, other))) : QString(),
        tr("ETT%")); // the weighting is named in the page's subtitle too
    set(QStringLiteral("e2e"), w == Weighting::Gpu ? tr("GPU-hours (E2E)") : tr("Hours (E2E)"),
        any ? formatHours(nsToHours(e2eOf(f, w)), QString()) : none, // the title has the unit
        any ? tr("%Ln job(s)", "", static_cast<int>(f.jobs)) + QStringLiteral(" · ")
                + tr("%Ln attempt(s)", "", static_cast<int>(f.attempts))
            : QString());
    set(QStringLiteral("lost"), w == Weighting::Gpu ? tr("Lost GPU-hours") : tr("Lost hours"),
        any ? formatHours(nsToHours(lostOf(f, w)), QString()) : none,
        any ? tr("%1 of E2E not productive").arg(formatPercent(core::percentOf(lostOf(f, w), e2eOf(f, w))))
            : QString());

    // Interruptions, with how often they come (GPU-hours between two, over the filter's E2E).
    const double gpuHours = nsToHours(f.e2eGpuNs);
    auto every = [&](int64_t n) {
        return n > 0 ? tr("one per %1 GPU-h").arg(formatHours(gpuHours / static_cast<double>(n), QString()))
                     : tr("none");
    };
    set(QStringLiteral("failures"), tr("Failures"), any ? formatCount(f.failures) : none,
        any ? every(f.failures) : QString());
    set(QStringLiteral("preemptions"), tr("Preemptions"), any ? formatCount(f.preemptions) : none,
        any ? every(f.preemptions) : QString());
    set(QStringLiteral("other"), tr("Other interruptions"), any ? formatCount(f.otherInterruptions) : none,
        tr("maintenance, user, manual"));

    set(QStringLiteral("tts"), tr("Time to Start, p50"), any ? formatDuration(m_overview.tts.p50) : none,
        any ? tr("p90 %1 · %2")
                  .arg(formatDuration(m_overview.tts.p90),
                      tr("%Ln job(s)", "", static_cast<int>(f.sampleCount(core::SampleList::Tts))))
            : QString(),
        tr("TTS, p50"));
    set(QStringLiteral("ttr"), tr("Time to Recover, p50"), any ? formatDuration(m_overview.ttr.p50) : none,
        any ? tr("p90 %1 · %2")
                  .arg(formatDuration(m_overview.ttr.p90),
                      tr("%Ln recoveries", "", static_cast<int>(f.sampleCount(core::SampleList::Ttr))))
            : QString(),
        tr("TTR, p50"));
    set(QStringLiteral("noCheckpoint"), tr("No checkpoint data"), any ? formatCount(f.noCheckpointDataJobs) : none,
        any ? tr("jobs of %1: their lost progress is unknown (spec 5.3)").arg(formatCount(f.jobs)) : QString(),
        tr("No checkpoints"));
    m_cards[QStringLiteral("noCheckpoint")].value->setStyleSheet(
        any && f.noCheckpointDataJobs > 0 ? QStringLiteral("color: #d55e00;") : QString());

    // Lost time by bucket: the six largest, in two columns, with their colours.
    std::vector<std::pair<core::Bucket, core::Wide>> lost;
    for (int b = 0; b < core::kBucketCount; ++b) {
        const auto bucket = static_cast<core::Bucket>(b);
        const core::Wide v = bucketOf(f, bucket, w);
        if (bucket != core::Bucket::Productive && v > 0) {
            lost.emplace_back(bucket, v);
        }
    }
    std::stable_sort(lost.begin(), lost.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    const size_t listed = m_compact ? 4 : 6; // the largest, by name; the rest behind the chart's bars
    QString html;
    if (!any || lost.empty()) {
        html = none;
    } else {
        // Two columns: three would widen the page past a laptop's screen.
        constexpr size_t kColumns = 2;
        const size_t shown = std::min(lost.size(), listed);
        const size_t rows = (shown + kColumns - 1) / kColumns;
        html = QStringLiteral("<table cellspacing='0' cellpadding='1' width='100%'>");
        for (size_t r = 0; r < rows; ++r) {
            html += QStringLiteral("<tr>");
            for (size_t c = 0; c < kColumns; ++c) {
                const size_t i = c * rows + r;
                if (i >= shown) {
                    html += QStringLiteral("<td></td><td></td><td></td>");
                    continue;
                }
                const auto [bucket, v] = lost[i];
                html += QStringLiteral("<td><span style='color:%1'>&#9632;</span> %2</td>"
                                       "<td align='right'><b>%3</b></td>"
                                       "<td align='right' style='color:#888'>&nbsp;%4&nbsp;&nbsp;&nbsp;</td>")
                            .arg(bucketColor(bucket).name(), bucketLabel(bucket).toHtmlEscaped(),
                                formatHours(nsToHours(v), QString()), formatPercent(core::percentOf(v, e2eOf(f, w))));
            }
            html += QStringLiteral("</tr>");
        }
        html += QStringLiteral("</table>");
    }
    set(QStringLiteral("lostByBucket"),
        w == Weighting::Gpu ? tr("Lost GPU-hours by bucket") : tr("Lost hours by bucket"), html,
        lost.size() > listed ? tr("and %1 more buckets; click a bar of \"Where the time went\" for its intervals")
                                   .arg(lost.size() - listed)
                             : tr("click a bar of \"Where the time went\" for its intervals"));
}

void OverviewPage::renderBuckets()
{
    const Weighting w = m_state->weighting();
    const core::Figures& f = m_overview.fleet;
    // Qt Charts gives an axis part of the chart's width (kAxisPortion) and cuts longer labels on the
    // left ("ão de ponto verif." in Portuguese): the chart asks for the width its labels need, up to
    // its share of the row (at most 420 pixels at four in a row: the other three keep 250 each);
    // labels that would need more lose their shares.
    constexpr int kMargins = 24;
    // Its share of the row: 6 of 22 at four in a row (placeCharts), half at two.
    const int row = std::max(0, width() - 40);
    const int mostWidth = m_chartColumns == 4 ? std::min(420, row * 6 / 22) : row / 2;
    auto widthFor = [](const QChart* c) {
        int longest = 0;
        const QFontMetrics metrics(chartAxisFont(c));
        for (QAbstractAxis* axis : c->axes(Qt::Vertical)) {
            if (auto* categories = qobject_cast<QBarCategoryAxis*>(axis)) {
                for (const QString& label : categories->categories()) {
                    longest = std::max(longest, metrics.horizontalAdvance(label));
                }
            }
        }
        return static_cast<int>(std::ceil(longest / kAxisPortion)) + kMargins;
    };
    QChart* chart = resetChart(m_bucketsView);
    BucketBars bars = fillBucketsChart(chart, f, w);
    int wanted = widthFor(chart);
    if (wanted > mostWidth) {
        chart = resetChart(m_bucketsView);
        bars = fillBucketsChart(chart, f, w, false);
        wanted = widthFor(chart);
    }
    m_bucketsView->setMinimumWidth(std::min(wanted, std::max(mostWidth, 420)));
    for (const auto& [set, bucket] : bars.sets) {
        const core::Bucket b = bucket;
        const QString tip
            = tr("%1: %2, %3 of E2E\nclick: the intervals behind it · double-click: drill-down sorted by %1")
                  .arg(bucketLabel(b), formatHours(nsToHours(bucketOf(f, b, w)), hoursUnit(w)),
                      formatPercent(bucketShareOf(f, b, w), 2));
        connect(set, &QBarSet::clicked, this, [this, b](int) { emit intervalsRequested(b); });
        connect(set, &QBarSet::doubleClicked, this, [this, b](int) { activateBucket(b); });
        connect(set, &QBarSet::hovered, this, [tip](bool on, int) {
            if (on) {
                QToolTip::showText(QCursor::pos(), tip);
            } else {
                QToolTip::hideText();
            }
        });
    }
    // Room for every bucket's label (the axis drops labels that do not fit; 15 pixels a bar dropped
    // every other one); a short page's bars are 16 pixels apart.
    m_bucketsView->setMinimumHeight(std::max(m_compact ? 230 : 250, (m_compact ? 16 : 18) * bars.bars + 70));
    fitChart(m_bucketsView, tr("Where the time went"));
}

void OverviewPage::renderTrend()
{
    QChart* chart = resetChart(m_trendView);
    const bool weekly = m_overview.every == gpu::Calendar::Week;
    ChartRoom room;
    room.narrow = m_chartColumns == 4;
    room.width = m_trendWidth = widthToFit(m_trendView);
    const TrendSeries series = fillTrendChart(chart, m_overview, m_state->weighting(), m_hasData, room);
    fitChart(m_trendView, tr("ETT% per %1").arg(m_overview.every == gpu::Calendar::Week ? tr("week") : tr("day")));
    if (!series.line) {
        return;
    }
    QLineSeries* line = series.line;
    QScatterSeries* dots = series.dots;
    auto click = [this](const QPointF& p) { activateSeriesPoint(static_cast<int>(std::lround(p.x()))); };
    connect(dots, &QScatterSeries::clicked, this, click);
    connect(line, &QLineSeries::clicked, this, click);
    connect(dots, &QScatterSeries::hovered, this, [this, weekly](const QPointF& p, bool on) {
        if (!on) {
            QToolTip::hideText();
            return;
        }
        const auto i = std::lround(p.x());
        const auto& s = m_overview.series;
        if (i < 0 || static_cast<size_t>(i) >= s.buckets.size()) {
            return;
        }
        const int64_t start = s.originNs + i * s.widthNs;
        const auto& f = s.buckets[static_cast<size_t>(i)];
        const Weighting wt = m_state->weighting();
        QToolTip::showText(QCursor::pos(),
            tr("%1 %2 UTC: ETT% %3 (%4)\n%5 E2E, %6\nclick: filter to this %1")
                .arg(weekly ? tr("week of") : tr("day"), utcDate(start, QT_TRANSLATE_NOOP("DateFormat", "yyyy-MM-dd")),
                    formatPercent(ettOf(f, wt), 2), weightingName(wt),
                    formatHours(nsToHours(e2eOf(f, wt)), hoursUnit(wt)),
                    tr("%Ln job(s)", "", static_cast<int>(f.jobs))));
    });
}

void OverviewPage::renderCauses()
{
    QChart* chart = resetChart(m_causesView);
    // Four in a row: the classes alone (their counts are the bars' heights and in the tooltips).
    ChartRoom room;
    room.narrow = m_chartColumns == 4;
    const auto causeSets = fillCausesChart(chart, m_overview, m_hasData, room);
    fitChart(m_causesView, QString()); // short already
    for (const auto& [set, kind] : causeSets) {
        const core::Interruption k = kind;
        connect(set, &QBarSet::clicked, this, [this, k](int index) { activateCauseClass(index, k); });
        connect(set, &QBarSet::hovered, this, [this, k](bool on, int index) {
            if (!on || index < 0 || static_cast<size_t>(index) >= m_overview.byCauseClass.size()) {
                QToolTip::hideText();
                return;
            }
            const auto& g = m_overview.byCauseClass[static_cast<size_t>(index)];
            QToolTip::showText(QCursor::pos(),
                tr("%1: %2 %3\nclick: the fleet's jobs sorted by %3")
                    .arg(causeClassLabel(g.name), formatCount(interruptionsOf(g.figures, k)), interruptionNoun(k)));
        });
    }
}

void OverviewPage::renderTopJobs()
{
    QChart* chart = resetChart(m_topJobsView);
    const auto n = static_cast<qsizetype>(m_overview.topJobs.size());
    ChartRoom room;
    room.width = m_topJobsWidth = widthToFit(m_topJobsView);
    const auto topSets = fillTopJobsChart(chart, m_overview, m_state->weighting(), m_hasData, room);
    fitChart(m_topJobsView, tr("Jobs that lost the most GPU-hours"));
    for (const auto& [set, b] : topSets) {
        const core::Bucket bucket = b;
        connect(
            set, &QBarSet::clicked, this, [this, n](int index) { activateTopJob(static_cast<int>(n) - 1 - index); });
        connect(set, &QBarSet::hovered, this, [this, bucket, n](bool on, int index) {
            const int i = static_cast<int>(n) - 1 - index;
            if (!on || i < 0 || static_cast<size_t>(i) >= m_overview.topJobs.size()) {
                QToolTip::hideText();
                return;
            }
            const JobSummary& j = m_overview.topJobs[static_cast<size_t>(i)];
            const Weighting wt = m_state->weighting();
            QToolTip::showText(QCursor::pos(),
                tr("%1 (label %2%3, %4 GPUs)\n%5: %6\nlost in all: %7 · ETT% %8\nclick: open the job")
                    .arg(qs(j.key), qs(j.label), j.name.empty() ? QString() : QStringLiteral(", ") + qs(j.name),
                        formatCount(j.gpus), bucketLabel(bucket),
                        formatHours(nsToHours(bucketOf(j.figures, bucket, wt)), hoursUnit(wt)),
                        formatHours(nsToHours(lostOf(j.figures, wt)), hoursUnit(wt)),
                        formatPercent(ettOf(j.figures, wt))));
        });
    }
}

void OverviewPage::activateBucket(core::Bucket bucket)
{
    Location fleet;
    fleet.groupBy = m_state->location().groupBy;
    m_state->navigate(fleet);
    emit bucketActivated(bucket);
    emit drillDownRequested(FiguresTableModel::bucketColumn(bucket), Qt::DescendingOrder);
}

void OverviewPage::activateSeriesPoint(int index)
{
    const auto& s = m_overview.series;
    if (index < 0 || static_cast<size_t>(index) >= s.buckets.size() || s.widthNs <= 0) {
        return;
    }
    core::CohortSpec f = m_state->filter();
    f.fromNs = s.originNs + static_cast<int64_t>(index) * s.widthNs;
    f.toNs = *f.fromNs + s.widthNs;
    m_state->setFilter(f);
}

void OverviewPage::activateCauseClass(int index, core::Interruption kind)
{
    if (index < 0 || static_cast<size_t>(index) >= m_overview.byCauseClass.size()) {
        return;
    }
    int column = FiguresTableModel::FailuresColumn;
    if (kind == core::Interruption::Preemption) {
        column = FiguresTableModel::PreemptionsColumn;
    } else if (kind == core::Interruption::Other) {
        column = FiguresTableModel::OtherInterruptionsColumn;
    }
    m_state->navigate(Location {}); // the fleet's jobs, no group-by
    emit causeClassActivated(causeClassName(m_overview.byCauseClass[static_cast<size_t>(index)].name));
    emit drillDownRequested(column, Qt::DescendingOrder);
}

void OverviewPage::activateTopJob(int index)
{
    if (index < 0 || static_cast<size_t>(index) >= m_overview.topJobs.size()) {
        return;
    }
    const JobSummary& j = m_overview.topJobs[static_cast<size_t>(index)];
    m_state->openJob(j.job, qs(j.key));
}

} // namespace ett::app
