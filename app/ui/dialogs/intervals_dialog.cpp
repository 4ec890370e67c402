#include "app/ui/dialogs/intervals_dialog.h"

#include "app/ui/data/data_service.h"
#include "app/ui/export/exporters.h"
#include "app/ui/format/figures_format.h"
#include "app/ui/format/palette.h"
#include "app/ui/pages/page_widgets.h"
#include "app/ui/widgets/elided_label.h"
#include "app/ui/window/workbench_state.h"
#include "core/model/timeutil.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace ett::app {

namespace {

QString attemptText(const BucketInterval& i)
{
    if (i.attempt < 0) {
        return QObject::tr("(queue)");
    }
    return i.gap ? QObject::tr("%1 (gap after)").arg(i.attempt) : QString::number(i.attempt);
}

} // namespace

// --- IntervalsTableModel --------------------------------------------------------------------------

void IntervalsTableModel::setIntervals(BucketIntervals intervals)
{
    beginResetModel();
    m_data = std::move(intervals);
    endResetModel();
}

int IntervalsTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_data.rows.size());
}

int IntervalsTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : kColumns;
}

QVariant IntervalsTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount()) {
        return {};
    }
    const BucketInterval& i = m_data.rows[static_cast<size_t>(index.row())];
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case LabelColumn:
            return qs(i.label);
        case JobColumn:
            return qs(i.key);
        case AttemptColumn:
            return attemptText(i);
        case StartColumn:
            return formatUtc(i.startNs);
        case DurationColumn:
            return formatDuration(i.durationNs());
        case GpusColumn:
            return formatCount(i.gpus);
        case GpuHoursColumn:
            return formatHours(nsToHours(i.gpuNs()), QString());
        default:
            return {};
        }
    }
    if (role == SortRole) {
        switch (index.column()) {
        case AttemptColumn:
            return i.attempt;
        case StartColumn:
            return QVariant::fromValue<qlonglong>(i.startNs);
        case DurationColumn:
            return QVariant::fromValue<qlonglong>(i.durationNs());
        case GpusColumn:
            return QVariant::fromValue<qlonglong>(i.gpus);
        case GpuHoursColumn:
            return nsToHours(i.gpuNs());
        default:
            return data(index, Qt::DisplayRole);
        }
    }
    if (role == Qt::ToolTipRole) {
        return tr("%1 / %2, attempt %3\n%4 to %5 UTC (exactly %6)\n%7 GPUs: %8 GPU-s\nDouble-click: open its timeline")
            .arg(qs(i.label), qs(i.key), attemptText(i), formatUtc(i.startNs), formatUtc(i.endNs),
                formatExactSeconds(i.durationNs()), formatCount(i.gpus), formatExactSeconds(i.gpuNs()));
    }
    if (role == Qt::TextAlignmentRole) {
        const bool number = index.column() >= DurationColumn;
        return QVariant::fromValue(Qt::Alignment((number ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter));
    }
    return {};
}

QVariant IntervalsTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    switch (section) {
    case LabelColumn:
        return tr("Label");
    case JobColumn:
        return tr("Job");
    case AttemptColumn:
        return tr("Attempt");
    case StartColumn:
        return tr("Start (UTC)");
    case DurationColumn:
        return tr("Duration");
    case GpusColumn:
        return tr("GPUs");
    case GpuHoursColumn:
        return tr("GPU-h");
    default:
        return {};
    }
}

// --- IntervalsDialog ------------------------------------------------------------------------------

IntervalsDialog::IntervalsDialog(WorkbenchState* state, DataService* service, QWidget* parent)
    : QDialog(parent)
    , m_state(state)
    , m_service(service)
{
    setObjectName(QStringLiteral("intervalsDialog"));
    setAttribute(Qt::WA_DeleteOnClose, false);
    resize(900, 560);
    auto* layout = new QVBoxLayout(this);

    auto* top = new QHBoxLayout;
    m_scopeLabel = new QLabel(this);
    m_scopeLabel->setWordWrap(true);
    m_scopeLabel->setTextFormat(Qt::PlainText);
    top->addWidget(m_scopeLabel, 1);
    m_scopeBox = new QComboBox(this);
    m_scopeBox->setObjectName(QStringLiteral("intervalScope"));
    m_scopeBox->setToolTip(tr("Which cohort's intervals"));
    connect(m_scopeBox, &QComboBox::activated, this, [this](int index) { setCurrentScope(index); });
    top->addWidget(m_scopeBox);
    top->addWidget(makeCaption(tr("List the first by"), this));
    m_sortBox = new QComboBox(this);
    m_sortBox->setObjectName(QStringLiteral("intervalSort"));
    m_sortBox->addItem(tr("GPU-hours"), static_cast<int>(IntervalSort::GpuTime));
    m_sortBox->addItem(tr("duration"), static_cast<int>(IntervalSort::Duration));
    m_sortBox->addItem(tr("start"), static_cast<int>(IntervalSort::Start));
    m_sortBox->setToolTip(tr("Which %1 intervals are listed when there are more (the table then sorts them by any "
                             "column)")
                              .arg(formatCount(kMaxRows)));
    connect(m_sortBox, &QComboBox::activated, this,
        [this](int index) { setSort(static_cast<IntervalSort>(m_sortBox->itemData(index).toInt())); });
    top->addWidget(m_sortBox);
    layout->addLayout(top);

    auto* status = new QHBoxLayout;
    m_busy = makeBusyBar(this, 110);
    status->addWidget(m_busy);
    m_summary = makeStatusLabel(this);
    m_summary->setObjectName(QStringLiteral("intervalSummary"));
    status->addWidget(m_summary, 1);
    layout->addLayout(status);

    m_model = new IntervalsTableModel(this);
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(IntervalsTableModel::SortRole);
    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("intervalsTable"));
    m_table->setModel(m_proxy);
    styleTable(m_table);
    m_table->setSortingEnabled(true);
    m_table->setTextElideMode(Qt::ElideMiddle); // long job keys keep their ends; the tool tip has all
    m_table->horizontalHeader()->setStretchLastSection(true);
    installTableExport(m_table, tr("Intervals"), [this] {
        const BucketIntervals& d = m_model->intervals();
        const QString scope
            = m_current < static_cast<int>(m_scopes.size()) ? m_scopes[m_current].description : QString();
        return TableExport { tr("Intervals in bucket %1").arg(bucketLabel(d.bucket)), scope, {}, {} };
    });
    connect(m_table, &QTableView::activated, this, [this](const QModelIndex& index) { openRow(index.row()); });
    layout->addWidget(m_table, 1);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    if (m_service) {
        connect(m_service, &DataService::intervalsReady, this, &IntervalsDialog::handleIntervals);
        connect(m_service, &DataService::queryFailed, this, &IntervalsDialog::handleFailed);
    }
    m_busy->setVisible(false);
}

void IntervalsDialog::showScopes(std::vector<IntervalScope> scopes, int current)
{
    m_scopes = std::move(scopes);
    m_scopeBox->clear();
    for (const IntervalScope& s : m_scopes) {
        m_scopeBox->addItem(s.name);
    }
    m_scopeBox->setVisible(m_scopes.size() > 1);
    m_current = std::clamp(current, 0, std::max(0, static_cast<int>(m_scopes.size()) - 1));
    m_scopeBox->setCurrentIndex(m_current);
    request();
}

void IntervalsDialog::setCurrentScope(int index)
{
    if (index < 0 || index >= static_cast<int>(m_scopes.size())) {
        return;
    }
    m_current = index;
    m_scopeBox->setCurrentIndex(index);
    request();
}

void IntervalsDialog::setSort(IntervalSort sort)
{
    m_sort = sort;
    m_sortBox->setCurrentIndex(m_sortBox->findData(static_cast<int>(sort)));
    request();
}

void IntervalsDialog::updateTitle()
{
    if (m_scopes.empty()) {
        setWindowTitle(tr("Intervals"));
        m_scopeLabel->clear();
        return;
    }
    const IntervalScope& s = m_scopes[static_cast<size_t>(m_current)];
    const QString bucket = bucketLabel(s.request.bucket);
    setWindowTitle(
        s.name.isEmpty() ? tr("Intervals in %1").arg(bucket) : tr("Intervals in %1 · %2").arg(bucket, s.name));
    m_scopeLabel->setText(tr("Every interval attributed to %1 in: %2").arg(bucket, s.description));
}

void IntervalsDialog::request()
{
    updateTitle();
    m_model->setIntervals({});
    if (m_scopes.empty()) {
        return;
    }
    IntervalRequest r = m_scopes[static_cast<size_t>(m_current)].request;
    r.sort = m_sort;
    r.limit = kMaxRows;
    if (!m_service) {
        m_pending = 0;
        return;
    }
    m_pending = m_service->requestIntervals(r, this);
    m_busy->setVisible(true);
    m_summary->setFullText(tr("Listing the intervals…"));
}

void IntervalsDialog::handleIntervals(quint64 id, const BucketIntervals& intervals)
{
    if (m_service && (id == 0 || id != m_pending)) {
        return; // stale: a newer request is on its way
    }
    m_pending = 0;
    m_busy->setVisible(false);
    m_model->setIntervals(intervals);
    // Listed in the order asked for: the view shows that order until a header is clicked.
    m_table->sortByColumn(-1, Qt::AscendingOrder);
    m_table->resizeColumnsToContents();
    // The label and the job take at most a quarter and a third of the view, so that the figures
    // stay in sight beside keys of a hundred characters.
    const int width = m_table->viewport()->width();
    for (const auto& [column, share] :
        { std::pair { IntervalsTableModel::LabelColumn, 4 }, std::pair { IntervalsTableModel::JobColumn, 3 } }) {
        m_table->setColumnWidth(column, std::min(m_table->columnWidth(column), std::max(width / share, 80)));
    }
    QString text = tr("%1, %2 (%3)")
                       .arg(tr("%Ln interval(s)", "", static_cast<int>(intervals.count)),
                           formatDuration(static_cast<int64_t>(intervals.totalNs)),
                           formatHours(nsToHours(intervals.totalGpuNs), tr("GPU-h")));
    if (intervals.truncated()) {
        text += tr("; the first %1 by %2 listed")
                    .arg(formatCount(static_cast<int64_t>(intervals.rows.size())), m_sortBox->currentText());
    }
    if (intervals.count == 0 && !m_scopes.empty()) {
        // Nothing to double-click: say so, and what the bucket's time then is.
        text = tr("No interval is attributed to %1 in this scope: its time here is 0.")
                   .arg(bucketLabel(m_scopes[static_cast<size_t>(m_current)].request.bucket));
    } else {
        text += tr(" · double-click one to open its timeline");
    }
    m_summary->setFullText(text);
}

void IntervalsDialog::handleFailed(quint64 id, const QString& message)
{
    if (id == 0 || id != m_pending) {
        return;
    }
    m_pending = 0;
    m_busy->setVisible(false);
    m_summary->setFullText(tr("Could not list the intervals: %1").arg(message));
}

QString IntervalsDialog::summaryText() const
{
    return m_summary->fullText();
}

void IntervalsDialog::openRow(int viewRow)
{
    const QModelIndex source = m_proxy->mapToSource(m_proxy->index(viewRow, 0));
    if (!source.isValid() || !m_state) {
        return;
    }
    const BucketInterval& i = m_model->intervals().rows[static_cast<size_t>(source.row())];
    m_state->openJob(i.job, qs(i.key));
    if (i.attempt >= 0) {
        m_state->openAttempt(i.attempt);
    }
}

} // namespace ett::app
