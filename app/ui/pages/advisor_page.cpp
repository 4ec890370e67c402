#include "app/ui/pages/advisor_page.h"

#include "app/ui/charts/overview_charts.h"
#include "app/ui/data/data_service.h"
#include "app/ui/export/exporters.h"
#include "app/ui/format/figures_format.h"
#include "app/ui/models/advice_table_model.h"
#include "app/ui/models/table_views.h"
#include "app/ui/pages/page_request.h"
#include "app/ui/widgets/elided_label.h"
#include "app/ui/window/workbench_state.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QCursor>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineSeries>
#include <QProgressBar>
#include <QScatterSeries>
#include <QSignalBlocker>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <iterator>

namespace ett::app {

namespace {

constexpr int kContentPage = 0;
constexpr int kMessagePage = 1;
constexpr int kChartPage = 0;
constexpr int kExplanationPage = 1;

// Sorts by AdviceTableModel::SortRole, the fleet row first in either order.
class FleetFirstProxy : public QSortFilterProxyModel
{
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;

protected:
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override
    {
        // Descending sorts ask lessThan(right, left): the fleet must win both ways.
        const bool ascending = sortOrder() == Qt::AscendingOrder;
        if (left.data(AdviceTableModel::FleetRole).toBool()) {
            return ascending;
        }
        if (right.data(AdviceTableModel::FleetRole).toBool()) {
            return !ascending;
        }
        return QSortFilterProxyModel::lessThan(left, right);
    }
};

// What a grouping is called in the combo box and in titles.
QString adviceGroupingName(const QString& groupBy)
{
    if (groupBy.isEmpty()) {
        return QObject::tr("fleet only");
    }
    return groupBy == QLatin1String("label") ? QObject::tr("dataset label") : groupingName(groupBy.toStdString());
}

// One line of the summary's table: a name and its value.
QString summaryRow(const QString& name, const QString& value)
{
    return QStringLiteral("<tr><td style=\"color:#666; padding-right:10px;\">%1</td><td>%2</td></tr>")
        .arg(name.toHtmlEscaped(), value);
}

} // namespace

AdvisorPage::AdvisorPage(WorkbenchState* state, DataService* service, QWidget* parent)
    : QWidget(parent)
    , m_state(state)
    , m_data(service)
{
    m_request = new PageRequest(this, service, [this] {
        m_pendingGroupBy = m_groupBy;
        return m_data->requestAdvice(AdviceRequest { m_state->filter(), m_groupBy.toStdString() }, this);
    });
    connect(m_request, &PageRequest::asked, this, &AdvisorPage::updateHeader);
    buildUi();
    connect(m_state, &WorkbenchState::filterChanged, m_request, &PageRequest::invalidate);
    connect(m_state, &WorkbenchState::dataRefreshed, m_request, &PageRequest::invalidate);
    connect(m_state, &WorkbenchState::vocabularyChanged, this, &AdvisorPage::onVocabularyChanged);
    connect(m_state, &WorkbenchState::weightingChanged, this, [this](Weighting w) {
        m_model->setWeighting(w);
        updateHeader();
        renderSelection();
    });
    if (m_data) {
        connect(m_data, &DataService::adviceReady, this, &AdvisorPage::onAdviceReady);
        connect(m_data, &DataService::queryFailed, this, &AdvisorPage::onQueryFailed);
    }
    onVocabularyChanged();
    updateHeader();
    showMessage(m_data && m_data->hasDatabase() ? QString() : tr("No data yet: open a database or import traces."));
}

// --- construction -----------------------------------------------------------------------------------

void AdvisorPage::buildUi()
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 8, 10, 6);
    layout->setSpacing(6);

    // 1. Header: title, what is shown, the grouping and a busy bar.
    auto* header = new QHBoxLayout;
    header->setSpacing(8);
    auto* title = new QLabel(tr("Checkpoint advisor"), this);
    QFont tf = title->font();
    tf.setPointSizeF(tf.pointSizeF() * 1.35);
    tf.setBold(true);
    title->setFont(tf);
    header->addWidget(title);
    header->addSpacing(8);
    m_subtitle = new ElidedLabel(this);
    m_subtitle->setElideMode(Qt::ElideRight);
    m_subtitle->setObjectName(QStringLiteral("subtitle"));
    m_subtitle->setStyleSheet(QStringLiteral("color: palette(mid);"));
    header->addWidget(m_subtitle, 1);
    header->addWidget(new QLabel(tr("Advice per"), this));
    m_groupByBox = new QComboBox(this);
    m_groupByBox->setObjectName(QStringLiteral("advisorGroupBy"));
    m_groupByBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_groupByBox->setToolTip(tr("Rows of the advice: each job, each dataset label, each value of an attribute (the "
                                "measured inputs of a group's jobs pooled), or the fleet alone"));
    connect(m_groupByBox, &QComboBox::activated, this,
        [this](int index) { setGroupBy(m_groupByBox->itemData(index).toString()); });
    header->addWidget(m_groupByBox);
    m_busy = new QProgressBar(this);
    m_busy->setRange(0, 0);
    m_busy->setTextVisible(false);
    m_busy->setFixedWidth(110);
    m_busy->setMaximumHeight(12);
    m_busy->setToolTip(tr("Computing…"));
    m_busy->hide();
    header->addWidget(m_busy);
    layout->addLayout(header);

    // 2. The table above, the selected row's curve and summary below; or a message.
    m_stack = new QStackedWidget(this);
    auto* split = new QSplitter(Qt::Vertical, m_stack);
    split->setChildrenCollapsible(false);

    m_model = new AdviceTableModel(this);
    m_model->setWeighting(m_state->weighting());
    m_proxy = new FleetFirstProxy(this);
    setUpSortProxy(m_proxy, m_model, AdviceTableModel::SortRole);
    m_view = new QTableView(split);
    m_view->setObjectName(QStringLiteral("adviceTable"));
    setUpTableView(m_view, m_proxy);
    m_view->sortByColumn(AdviceTableModel::GainHoursColumn, Qt::DescendingOrder); // where moving pays most
    m_view->horizontalHeader()->setStretchLastSection(true);
    // The answer first (flagged or not, what moving the interval gains, to what interval, the waste
    // either way), then its evidence (loop time, interruptions, save times, lost progress): at a
    // laptop's width the columns beyond the edge are measurements the summary beside the chart also
    // gives (in the model's order the flags and the gain lay there). A copy follows this order; an
    // exported file keeps the model's, which scripts read.
    using A = AdviceTableModel;
    static constexpr A::Column kShown[]
        = { A::NameColumn, A::FlagsColumn, A::GainHoursColumn, A::GainColumn, A::CurrentIntervalColumn, A::YoungColumn,
              A::DalyColumn, A::WasteCurrentColumn, A::WasteOptimumColumn, A::LoopHoursColumn, A::JobsColumn,
              A::InterruptionsColumn, A::MtbiColumn, A::BlockingP50Column, A::BlockingP90Column, A::LostColumn };
    static_assert(std::size(kShown) == A::ColumnCount);
    for (int v = 0; v < static_cast<int>(std::size(kShown)); ++v) {
        m_view->horizontalHeader()->moveSection(m_view->horizontalHeader()->visualIndex(kShown[v]), v);
    }
    installTableExport(m_view, tr("Advisor"), [this] {
        return TableExport { tr("Advisor: checkpoint advice by %1").arg(adviceGroupingName(m_model->groupBy())),
            exportScopeText(*m_state), {}, {} };
    });
    connect(
        m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
            if (current.isValid()) {
                m_selected = m_proxy->mapToSource(current).row();
                renderSelection();
            }
        });
    split->addWidget(m_view);

    auto* bottom = new QSplitter(Qt::Horizontal, split);
    bottom->setChildrenCollapsible(false);
    m_chartStack = new QStackedWidget(bottom);
    m_chartView = makeChartView(m_chartStack, 260);
    m_chartView->setObjectName(QStringLiteral("wasteChart"));
    installChartExport(m_chartView, tr("Advisor"), [this] { return exportScopeText(*m_state); });
    m_chartStack->addWidget(m_chartView);
    m_explanation = new QLabel(m_chartStack);
    m_explanation->setObjectName(QStringLiteral("explanation"));
    m_explanation->setTextFormat(Qt::RichText);
    m_explanation->setAlignment(Qt::AlignCenter);
    m_explanation->setWordWrap(true);
    m_explanation->setMargin(24);
    m_explanation->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_chartStack->addWidget(m_explanation);
    bottom->addWidget(m_chartStack);
    m_summary = new QLabel(bottom);
    m_summary->setObjectName(QStringLiteral("summary"));
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setWordWrap(true);
    m_summary->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_summary->setMargin(8);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setMinimumWidth(300);
    bottom->addWidget(m_summary);
    // The chart gets most of the width and the larger share of the height; the summary is a column.
    bottom->setStretchFactor(0, 3);
    bottom->setStretchFactor(1, 1);
    bottom->setSizes({ 1050, 420 });
    split->addWidget(bottom);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    split->setSizes({ 400, 460 });
    m_stack->addWidget(split);

    m_message = makeMessageLabel(m_stack);
    m_message->setObjectName(QStringLiteral("message"));
    m_stack->addWidget(m_message);
    layout->addWidget(m_stack, 1);
}

void AdvisorPage::onVocabularyChanged()
{
    const Vocabulary& v = m_state->vocabulary();
    {
        const QSignalBlocker block(m_groupByBox);
        m_groupByBox->clear();
        for (const QString& g : { QStringLiteral("job"), QString(), QStringLiteral("label") }) {
            m_groupByBox->addItem(adviceGroupingName(g), g);
        }
        if (!v.attrKeys.isEmpty()) {
            m_groupByBox->insertSeparator(m_groupByBox->count());
        }
        for (const QString& key : v.attrKeys) {
            m_groupByBox->addItem(key, key);
        }
        // A grouping the new database lacks falls back to jobs.
        int index = m_groupByBox->findData(m_groupBy);
        if (index < 0) {
            m_groupBy = QStringLiteral("job");
            index = 0;
        }
        m_groupByBox->setCurrentIndex(index);
    }
    m_request->invalidate();
}

// --- requests ------------------------------------------------------------------------------------------

void AdvisorPage::setGroupBy(const QString& groupBy)
{
    {
        const QSignalBlocker block(m_groupByBox);
        const int index = m_groupByBox->findData(groupBy);
        if (index >= 0) {
            m_groupByBox->setCurrentIndex(index);
        }
    }
    if (groupBy == m_groupBy) {
        return;
    }
    m_groupBy = groupBy;
    m_request->invalidate();
}

void AdvisorPage::refresh()
{
    m_request->ask();
}

void AdvisorPage::onAdviceReady(quint64 id, const gpu::AdviceTable& table)
{
    if (!m_request->isNewest(id)) {
        return; // stale: a newer request is on its way
    }
    setAdvice(table, m_pendingGroupBy);
}

void AdvisorPage::onQueryFailed(quint64 id, const QString& message)
{
    if (!m_request->isNewest(id)) {
        return;
    }
    m_request->answered();
    m_error = message;
    updateHeader();
    showMessage(tr("The advice could not be computed:\n%1").arg(message));
}

// --- results -----------------------------------------------------------------------------------------------

void AdvisorPage::setAdvice(const gpu::AdviceTable& table, const QString& groupBy)
{
    // Keep the selected group across refreshes when it is still there.
    const core::CheckpointAdvice* before = selectedAdvice();
    const QString selectedName = before && m_selected > 0 ? QString::fromStdString(before->name) : QString();
    m_request->answered();
    m_hasData = true;
    m_error.clear();
    m_model->setAdvice(table, groupBy);
    // Per job every row but the fleet's counts 1 job (the header says how many): the column would
    // only push the last ones beyond a laptop's edge.
    m_view->setColumnHidden(AdviceTableModel::JobsColumn, groupBy == QLatin1String("job"));
    m_view->resizeColumnsToContents();
    updateHeader();
    if (table.total.measured.jobs == 0) {
        showMessage(m_state->vocabulary().jobs == 0 && m_state->filter() == core::CohortSpec {}
                ? tr("The database has no jobs yet: import traces (File > Import traces).")
                : tr("No jobs match the filter: widen it to get checkpoint advice."));
    } else {
        showMessage(QString());
    }
    const int row = selectedName.isEmpty() ? 0 : std::max(0, m_model->rowOfName(selectedName));
    m_selected = -1;
    selectRow(row);
    emit adviceShown();
}

void AdvisorPage::selectRow(int modelRow)
{
    if (modelRow < 0 || modelRow >= m_model->rowCount()) {
        return;
    }
    const QModelIndex index = m_proxy->mapFromSource(m_model->index(modelRow, 0));
    m_view->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_view->scrollTo(index);
    if (m_selected != modelRow) { // setCurrentIndex on the current row emits nothing
        m_selected = modelRow;
        renderSelection();
    }
}

bool AdvisorPage::isBusy() const
{
    return m_request->isBusy();
}

const core::CheckpointAdvice* AdvisorPage::selectedAdvice() const
{
    return m_model->adviceAt(m_selected);
}

QChart* AdvisorPage::chart() const
{
    return m_chartView->chart();
}

QString AdvisorPage::emptyMessage() const
{
    return m_stack->currentIndex() == kMessagePage ? m_message->text() : QString();
}

QString AdvisorPage::explanation() const
{
    return m_chartStack->currentIndex() == kExplanationPage ? m_explanation->text() : QString();
}

QString AdvisorPage::summaryText() const
{
    return m_summary->text();
}

void AdvisorPage::showMessage(const QString& text)
{
    m_message->setText(text);
    m_stack->setCurrentIndex(text.isEmpty() ? kContentPage : kMessagePage);
}

void AdvisorPage::updateHeader()
{
    m_busy->setVisible(m_request->isBusy());
    QStringList parts;
    if (m_hasData && m_model->rowCount() > 0) {
        const core::CheckpointAdvice& fleet = *m_model->adviceAt(0);
        parts << tr("%Ln job(s)", "", static_cast<int>(fleet.measured.jobs));
        parts << tr("%Ln interruption(s) in the train loop", "", static_cast<int>(fleet.measured.interruptions));
    }
    parts << tr("rows by %1").arg(adviceGroupingName(m_hasData ? m_model->groupBy() : m_groupBy));
    parts << tr("loop hours %1, ETT% gain GPU-weighted").arg(weightingName(m_state->weighting()));
    if (!(m_state->filter() == core::CohortSpec {})) {
        parts << tr("filtered");
    }
    if (m_request->isBusy()) {
        parts << tr("computing…");
    }
    m_subtitle->setFullText(parts.join(QStringLiteral(" · "))); // whole in its tooltip where cut
}

// --- the selected row ------------------------------------------------------------------------------------

void AdvisorPage::renderSelection()
{
    QChart* chart = resetChart(m_chartView);
    m_curve = {};
    const core::CheckpointAdvice* a = selectedAdvice();
    if (!a) {
        m_summary->clear();
        m_chartStack->setCurrentIndex(kChartPage);
        return;
    }
    const QString name = AdviceTableModel::nameText(*a, m_selected == 0);
    const QString note = AdviceTableModel::noteText(*a);

    // 1. The chart, or why there is none.
    m_curve = fillWasteCurveChart(chart, *a, name);
    if (m_curve.curve) {
        m_chartStack->setCurrentIndex(kChartPage);
        connect(m_curve.curve, &QLineSeries::hovered, this, &AdvisorPage::onHovered);
    } else {
        m_explanation->setText(
            tr("<p style=\"font-size:large;\"><b>No advice for %1</b></p><p>%2</p><p style=\"color:#666;\">The optimum "
               "needs interruptions in the train loop (for the mean time between them, M) and saves that block "
               "training (for b). The current interval needs two durable checkpoints in one attempt.</p>")
                .arg(name.toHtmlEscaped(), note.isEmpty() ? tr("Not enough was measured.") : note.toHtmlEscaped()));
        m_chartStack->setCurrentIndex(kExplanationPage);
    }

    // 2. The summary.
    const core::CheckpointMeasure& m = a->measured;
    const Weighting w = m_state->weighting();
    QString html = QStringLiteral("<p><b>%1</b></p><table cellspacing=\"2\">").arg(name.toHtmlEscaped());
    html += summaryRow(tr("Jobs"), formatCount(m.jobs));
    html += summaryRow(
        tr("Train loop"), formatHours(nsToHours(w == Weighting::Gpu ? m.loopGpuNs : m.loopNs), hoursUnit(w)));
    // A duration and, when the model gives one, the waste at it.
    const auto withWaste = [](const QString& interval, std::optional<double> waste) {
        return waste ? tr("%1 → %2 waste").arg(interval, formatPercent(waste, 2)) : interval;
    };
    html += summaryRow(tr("Interruptions"),
        m.mtbiS ? tr("%1 (MTBI M = %2)").arg(formatCount(m.interruptions), formatSeconds(m.mtbiS))
                : formatCount(m.interruptions));
    html += summaryRow(tr("A save blocks"),
        m.blockingP50Ns ? tr("b = %1 (p90 %2, %3)")
                              .arg(formatDuration(m.blockingP50Ns), formatDuration(m.blockingP90Ns),
                                  tr("%Ln save(s)", "", static_cast<int>(m.saves)))
                        : tr("no save measured"));
    html += summaryRow(tr("Current interval"), withWaste(formatSeconds(a->currentIntervalS), a->wastedCurrentPercent));
    html += summaryRow(tr("Optimum √(2bM)"),
        withWaste(QStringLiteral("<b>%1</b>").arg(formatSeconds(a->youngIntervalS)), a->wastedOptimumPercent));
    html += summaryRow(tr("Daly's optimum"),
        a->dalyBoundary ? tr("%1 (b ≥ 2M: checkpointing cannot pay)").arg(formatSeconds(a->dalyIntervalS))
                        : formatSeconds(a->dalyIntervalS));
    html += summaryRow(tr("Projected gain"),
        a->gainPp ? tr("<b>%1</b> of ETT% (GPU-weighted)").arg(formatPp(a->gainPp)) : formatPp(std::nullopt));
    QString lost = formatSeconds(m.lostPerInterruptionS);
    if (a->lostRatio && a->currentIntervalS) {
        lost = tr("%1 vs I/2 = %2 (%3×)")
                   .arg(lost, formatSeconds(*a->currentIntervalS / 2.0))
                   .arg(formatDecimal(*a->lostRatio, 2));
    }
    html += summaryRow(tr("Lost per interruption"), lost);
    html += QStringLiteral("</table>");
    if (!a->flags.empty() || a->flaggedJobs > 0) {
        html += QStringLiteral("<p style=\"color:#c03900;\"><b>%1</b><br/>%2</p>")
                    .arg(AdviceTableModel::flagsText(*a).toHtmlEscaped(), note.toHtmlEscaped());
    } else if (!note.isEmpty()) {
        html += QStringLiteral("<p style=\"color:#666;\">%1</p>").arg(note.toHtmlEscaped());
    }
    m_summary->setText(html);
}

void AdvisorPage::onHovered(const QPointF& point, bool state)
{
    const core::CheckpointAdvice* a = selectedAdvice();
    if (!state || !a) {
        QToolTip::hideText();
        return;
    }
    const double interval = intervalAtX(point.x());
    QToolTip::showText(QCursor::pos(),
        tr("interval %1: waste %2 of train-loop time")
            .arg(formatSeconds(interval), formatPercent(wastePercentAt(*a, interval), 2)),
        m_chartView);
}

} // namespace ett::app
