#include "app/ui/pages/drilldown_page.h"

#include "app/ui/data/data_service.h"
#include "app/ui/export/exporters.h"
#include "app/ui/format/figures_format.h"
#include "app/ui/models/figures_table_model.h"
#include "app/ui/models/table_views.h"
#include "app/ui/pages/page_request.h"
#include "app/ui/window/workbench_state.h"

#include <QAction>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QStackedWidget>
#include <QStyle>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <optional>
#include <utility>

namespace ett::app {

namespace {

constexpr int kTablePage = 0;
constexpr int kMessagePage = 1;
// The widest a crumb may be; a longer name is cut in the middle (its tooltip has it whole).
constexpr int kMaxCrumbPixels = 360;

QString levelNoun(const Location& l)
{
    switch (l.level) {
    case Level::Fleet:
        if (l.groupBy.empty() || l.groupBy == "job") {
            return QObject::tr("Jobs of the fleet");
        }
        return QObject::tr("Fleet by %1").arg(groupingName(l.groupBy));
    case Level::Group:
        return QObject::tr("Jobs with %1 = %2").arg(groupingName(l.groupBy), qs(l.group));
    case Level::Job:
        return QObject::tr("Attempts of the job");
    case Level::Attempt:
        return QObject::tr("Attempt %1").arg(l.attempt);
    }
    return {};
}

// The table's header: a strip in the bucket's colour on top of each bucket column, so that the
// columns read like the charts' legends.
class FiguresHeader : public QHeaderView
{
public:
    explicit FiguresHeader(QWidget* parent)
        : QHeaderView(Qt::Horizontal, parent)
    {
    }

protected:
    void paintSection(QPainter* painter, const QRect& rect, int logicalIndex) const override
    {
        painter->save();
        QHeaderView::paintSection(painter, rect, logicalIndex);
        painter->restore();
        const QVariant color
            = model() ? model()->headerData(logicalIndex, Qt::Horizontal, FiguresTableModel::ColorRole) : QVariant();
        if (color.isValid()) {
            painter->fillRect(QRect(rect.left() + 1, rect.top(), rect.width() - 2, 4), color.value<QColor>());
        }
    }
};

} // namespace

DrillDownPage::DrillDownPage(WorkbenchState* state, DataService* service, QWidget* parent)
    : QWidget(parent)
    , m_state(state)
    , m_data(service)
{
    m_request = new PageRequest(
        this, service, [this] { return m_data->requestTable(m_state->filter(), m_state->location(), this); });
    connect(m_request, &PageRequest::asked, this, &DrillDownPage::updateBusy);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->setSpacing(4);

    // 1. Breadcrumb bar: back, forward, crumbs, and on the right what is shown and a busy bar.
    auto* bar = new QHBoxLayout;
    bar->setSpacing(2);
    m_back = new QToolButton(this);
    m_back->setObjectName(QStringLiteral("back"));
    m_back->setIcon(style()->standardIcon(QStyle::SP_ArrowBack));
    m_back->setToolTip(tr("Back"));
    m_back->setAutoRaise(true);
    m_forward = new QToolButton(this);
    m_forward->setObjectName(QStringLiteral("forward"));
    m_forward->setIcon(style()->standardIcon(QStyle::SP_ArrowForward));
    m_forward->setToolTip(tr("Forward"));
    m_forward->setAutoRaise(true);
    bar->addWidget(m_back);
    bar->addWidget(m_forward);
    bar->addSpacing(6);
    m_crumbs = new QWidget(this);
    m_crumbsLayout = new QHBoxLayout(m_crumbs);
    m_crumbsLayout->setContentsMargins(0, 0, 0, 0);
    m_crumbsLayout->setSpacing(0);
    bar->addWidget(m_crumbs);
    bar->addSpacing(12);
    m_info = new ElidedLabel(this);
    m_info->setElideMode(Qt::ElideRight);
    m_info->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_info->setStyleSheet(QStringLiteral("color: palette(mid);"));
    bar->addWidget(m_info, 1);
    m_busy = new QProgressBar(this);
    m_busy->setRange(0, 0);
    m_busy->setMaximumWidth(90);
    m_busy->setMaximumHeight(12);
    m_busy->setTextVisible(false);
    m_busy->setToolTip(tr("Computing…"));
    m_busy->hide();
    bar->addSpacing(8);
    bar->addWidget(m_busy);
    layout->addLayout(bar);

    // 2. The table, or a message when there is nothing to show.
    m_model = new FiguresTableModel(this);
    m_model->setWeighting(m_state->weighting());
    m_proxy = new QSortFilterProxyModel(this);
    setUpSortProxy(m_proxy, m_model, FiguresTableModel::SortRole);

    m_stack = new QStackedWidget(this);
    m_view = new QTableView(m_stack);
    m_view->setHorizontalHeader(new FiguresHeader(m_view));
    setUpTableView(m_view, m_proxy);
    m_view->horizontalHeader()->setSectionsMovable(true);
    m_stack->addWidget(m_view);
    // CSV of the cells as shown, JSON of the exact figures behind them (context menu, Ctrl+Shift+E).
    installTableExport(m_view, tr("Drill-down"), [this] {
        TableExport e;
        e.title = tr("Drill-down: %1").arg(levelNoun(m_model->tableData().location));
        e.scope = breadcrumbTexts().join(QStringLiteral(" › ")) + QStringLiteral(" · ") + exportScopeText(*m_state);
        e.value = figuresExportValue;
        e.key = [this](int column) { return figuresExportKey(*m_proxy, column); };
        return e;
    });

    auto* messagePage = new QWidget(m_stack);
    auto* messageLayout = new QVBoxLayout(messagePage);
    messageLayout->addStretch(1);
    m_message = makeMessageLabel(messagePage);
    messageLayout->addWidget(m_message);
    m_clearFilter = new QPushButton(tr("Clear the filter"), messagePage);
    auto* buttonRow = new QHBoxLayout;
    buttonRow->addStretch(1);
    buttonRow->addWidget(m_clearFilter);
    buttonRow->addStretch(1);
    messageLayout->addLayout(buttonRow);
    messageLayout->addStretch(2);
    m_stack->addWidget(messagePage);
    layout->addWidget(m_stack, 1);

    connect(m_back, &QToolButton::clicked, m_state, &WorkbenchState::goBack);
    connect(m_forward, &QToolButton::clicked, m_state, &WorkbenchState::goForward);
    connect(m_clearFilter, &QPushButton::clicked, this, [this] { m_state->setFilter(core::CohortSpec {}); });
    // activated: double-click, or Enter, as the platform's style says. A double-click on a bucket
    // cell lists the intervals behind it instead (eventFilter notes the double-click before the view
    // turns it into an activation).
    m_view->viewport()->installEventFilter(this);
    connect(m_view, &QTableView::activated, this, [this](const QModelIndex& index) {
        const bool byMouse = std::exchange(m_doubleClickedColumn, -1) == index.column();
        if (byMouse && showCellIntervals(index)) {
            return;
        }
        openRow(index.row());
    });
    auto* intervals = new QAction(tr("List the intervals behind this cell"), m_view);
    intervals->setObjectName(QStringLiteral("cellIntervals"));
    intervals->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    intervals->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    intervals->setToolTip(tr("The segments of the current cell's bucket in its row (double-click a bucket cell)"));
    connect(intervals, &QAction::triggered, this, [this] { showCellIntervals(m_view->currentIndex()); });
    m_view->addAction(intervals);

    connect(m_state, &WorkbenchState::filterChanged, m_request, &PageRequest::invalidate);
    connect(m_state, &WorkbenchState::dataRefreshed, m_request, &PageRequest::invalidate);
    connect(m_state, &WorkbenchState::locationChanged, this, &DrillDownPage::onLocationChanged);
    connect(m_state, &WorkbenchState::weightingChanged, this, [this](Weighting w) {
        m_model->setWeighting(w);
        updateInfo();
    });
    connect(m_state, &WorkbenchState::historyChanged, this, [this](bool back, bool forward) {
        m_back->setEnabled(back);
        m_forward->setEnabled(forward);
    });
    if (m_data) {
        connect(m_data, &DataService::tableReady, this, &DrillDownPage::onTableReady);
        connect(m_data, &DataService::queryFailed, this, &DrillDownPage::onQueryFailed);
    }

    m_back->setEnabled(m_state->canGoBack());
    m_forward->setEnabled(m_state->canGoForward());
    m_kind = kindOf(m_state->location());
    applyDefaultSort();
    rebuildBreadcrumb();
    updateColumns();
    updateInfo();
    showMessage(m_data && m_data->hasDatabase() ? QString() : noDataMessage(), false);
}

DrillDownPage::RowKind DrillDownPage::kindOf(const Location& l)
{
    switch (l.level) {
    case Level::Fleet:
        return l.groupBy.empty() || l.groupBy == "job" ? RowKind::Jobs : RowKind::Groups;
    case Level::Group:
        return RowKind::Jobs;
    case Level::Job:
    case Level::Attempt:
        return RowKind::Attempts;
    }
    return RowKind::Jobs;
}

void DrillDownPage::setTableData(const TableData& table)
{
    m_request->answered();
    // The same place again (the data changed under it: a watched folder): the current row, by what
    // it is, and the scroll stay; the proxy keeps the sort.
    const bool samePlace = m_hasData && m_model->tableData().location == table.location;
    std::optional<TableRow> current;
    if (const TableRow* row = m_model->rowAt(m_proxy->mapToSource(m_view->currentIndex()).row()); samePlace && row) {
        current = *row;
    }
    const int column = m_view->currentIndex().column();
    const int scrollY = m_view->verticalScrollBar()->value();
    const int scrollX = m_view->horizontalScrollBar()->value();
    m_hasData = true;
    m_error.clear();
    m_model->setTableData(table);
    if (current) {
        for (int r = 0; r < m_model->rowCount(); ++r) {
            const TableRow* row = m_model->rowAt(r);
            if (row->job == current->job && row->attempt == current->attempt && row->name == current->name) {
                const QModelIndex at = m_proxy->mapFromSource(m_model->index(r, std::max(0, column)));
                m_view->selectionModel()->setCurrentIndex(
                    at, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
                break;
            }
        }
    }
    if (samePlace) {
        m_view->verticalScrollBar()->setValue(scrollY);
        m_view->horizontalScrollBar()->setValue(scrollX);
    }
    updateColumns();
    updateInfo();
    updateBusy();
    if (!table.rows.empty()) {
        m_stack->setCurrentIndex(kTablePage);
        return;
    }
    const bool filtered = !(m_state->filter() == core::CohortSpec {});
    switch (table.location.level) {
    case Level::Fleet:
    case Level::Group:
        showMessage(filtered ? tr("No jobs match the current filter.") : tr("There are no jobs here."), filtered);
        break;
    case Level::Job:
        showMessage(tr("No attempt of this job lies in the current filter (time range, count queue…)."), filtered);
        break;
    case Level::Attempt:
        showMessage(tr("This attempt lies outside the current filter."), filtered);
        break;
    }
}

void DrillDownPage::showMessage(const QString& text, bool offerClear)
{
    m_message->setText(text);
    m_clearFilter->setVisible(offerClear);
    m_stack->setCurrentIndex(text.isEmpty() ? kTablePage : kMessagePage);
}

QString DrillDownPage::emptyMessage() const
{
    return m_stack->currentIndex() == kMessagePage ? m_message->text() : QString();
}

void DrillDownPage::sortBy(int column, Qt::SortOrder order)
{
    if (column < 0 || column >= FiguresTableModel::ColumnCount) {
        return;
    }
    m_view->setColumnHidden(column, false);
    m_view->sortByColumn(column, order);
    m_view->scrollTo(m_proxy->index(0, column));
}

void DrillDownPage::sortByBucket(core::Bucket bucket)
{
    sortBy(FiguresTableModel::bucketColumn(bucket), Qt::DescendingOrder);
}

void DrillDownPage::applyDefaultSort()
{
    // Worst first for groups and jobs; attempts in time order.
    if (m_kind == RowKind::Attempts) {
        m_view->sortByColumn(FiguresTableModel::NameColumn, Qt::AscendingOrder);
    } else {
        m_view->sortByColumn(FiguresTableModel::LostHoursColumn, Qt::DescendingOrder);
    }
}

bool DrillDownPage::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_view->viewport() && event->type() == QEvent::MouseButtonDblClick) {
        m_doubleClickedColumn = m_view->indexAt(static_cast<QMouseEvent*>(event)->position().toPoint()).column();
    }
    return QWidget::eventFilter(watched, event);
}

std::optional<IntervalScope> DrillDownPage::intervalScopeOf(const QModelIndex& proxyIndex) const
{
    const auto bucket = FiguresTableModel::bucketOfColumn(proxyIndex.column());
    const TableRow* row = bucket ? m_model->rowAt(m_proxy->mapToSource(proxyIndex).row()) : nullptr;
    if (!row) {
        return std::nullopt;
    }
    IntervalScope s;
    s.request.scope = m_state->filter();
    s.request.bucket = *bucket;
    QString where;
    if (row->attempt >= 0) {
        s.request.job = row->job;
        s.request.attempt = row->attempt;
        where = tr("attempt %1").arg(row->attempt);
    } else if (row->job >= 0) {
        s.request.job = row->job;
        where = tr("job %1").arg(qs(row->name));
    } else if (m_model->rowsAreGroups()) {
        const std::string& groupBy = m_model->tableData().location.groupBy;
        if (groupBy == "label") {
            s.request.scope.labels = { row->name };
        } else if (!groupBy.empty() && groupBy != "cause_class" && groupBy != "job" && groupBy != "attempt") {
            s.request.scope.setAttr(groupBy, { row->name });
        } else {
            return std::nullopt;
        }
        where = QStringLiteral("%1 = %2").arg(groupingName(groupBy), qs(row->name));
    } else {
        return std::nullopt;
    }
    s.description = breadcrumbTexts().join(QStringLiteral(" › ")) + QStringLiteral(" › ") + where
        + QStringLiteral(" · ") + exportScopeText(*m_state);
    return s;
}

bool DrillDownPage::showCellIntervals(const QModelIndex& proxyIndex)
{
    auto scope = intervalScopeOf(proxyIndex);
    if (!scope) {
        return false;
    }
    emit intervalsRequested({ *scope });
    return true;
}

bool DrillDownPage::openRow(int proxyRow)
{
    const QModelIndex source = m_proxy->mapToSource(m_proxy->index(proxyRow, 0));
    const TableRow* row = m_model->rowAt(source.row());
    if (!row) {
        return false;
    }
    const Location& here = m_model->tableData().location;
    if (row->attempt >= 0) {
        Location l = m_state->location();
        if (l.level == Level::Attempt && l.job == row->job && l.attempt == row->attempt) {
            return false; // already there
        }
        l.level = Level::Attempt;
        l.job = row->job;
        l.attempt = row->attempt;
        m_state->navigate(l);
        return true;
    }
    if (row->job >= 0) {
        m_state->openJob(row->job, qs(row->name));
        return true;
    }
    if (m_model->rowsAreGroups()) {
        m_state->openGroup(qs(here.groupBy), qs(row->name));
        return true;
    }
    return false;
}

QStringList DrillDownPage::breadcrumbTexts() const
{
    QStringList out;
    for (const auto& crumb : m_state->breadcrumb()) {
        out << crumb.first;
    }
    return out;
}

void DrillDownPage::clickCrumb(int index)
{
    const auto crumbs = m_state->breadcrumb();
    if (index < 0 || static_cast<size_t>(index) >= crumbs.size()) {
        return;
    }
    m_state->navigate(crumbs[static_cast<size_t>(index)].second);
}

void DrillDownPage::rebuildBreadcrumb()
{
    while (QLayoutItem* item = m_crumbsLayout->takeAt(0)) {
        if (QWidget* w = item->widget()) {
            // Later: the crumb may be the sender of the click that rebuilds the bar.
            w->setObjectName(QString());
            w->hide();
            w->deleteLater();
        }
        delete item;
    }
    const auto crumbs = m_state->breadcrumb();
    for (size_t i = 0; i < crumbs.size(); ++i) {
        const bool last = i + 1 == crumbs.size();
        if (i > 0) {
            auto* sep = new QLabel(QStringLiteral("›"), m_crumbs);
            sep->setStyleSheet(QStringLiteral("color: palette(mid); padding: 0 4px;"));
            m_crumbsLayout->addWidget(sep);
        }
        auto* crumb = new QToolButton(m_crumbs);
        crumb->setObjectName(QStringLiteral("crumb"));
        // A long key (130 characters and more) is cut in the middle: the bar never widens the page.
        const QString& full = crumbs[i].first;
        crumb->setText(elideMiddle(crumb, full, kMaxCrumbPixels));
        crumb->setProperty("fullText", full);
        crumb->setAutoRaise(true);
        crumb->setProperty("crumbIndex", static_cast<int>(i));
        if (last) {
            QFont f = crumb->font();
            f.setBold(true);
            crumb->setFont(f);
            crumb->setToolTip(tr("You are here: %1").arg(full));
        } else {
            crumb->setCursor(Qt::PointingHandCursor);
            crumb->setToolTip(tr("Go up to %1").arg(full));
            const int index = static_cast<int>(i);
            connect(crumb, &QToolButton::clicked, this, [this, index] { clickCrumb(index); });
        }
        m_crumbsLayout->addWidget(crumb);
    }
}

void DrillDownPage::updateColumns()
{
    // Buckets nobody spent time in (queue without count-queue, idle...) and an empty detail
    // column only take room.
    for (int c = FiguresTableModel::FirstBucketColumn; c < FiguresTableModel::ColumnCount; ++c) {
        m_view->setColumnHidden(c, m_hasData && m_model->isColumnEmpty(c));
    }
    m_view->setColumnHidden(
        FiguresTableModel::DetailColumn, m_hasData && m_model->isColumnEmpty(FiguresTableModel::DetailColumn));
    // A row per attempt counts one attempt each: a column of ones.
    m_view->setColumnHidden(FiguresTableModel::CountColumn, m_hasData && m_model->rowsAreAttempts());
    m_view->resizeColumnsToContents();
    QHeaderView* header = m_view->horizontalHeader();
    header->resizeSection(
        FiguresTableModel::NameColumn, std::clamp(header->sectionSize(FiguresTableModel::NameColumn), 140, 320));
    header->resizeSection(
        FiguresTableModel::DetailColumn, std::clamp(header->sectionSize(FiguresTableModel::DetailColumn), 80, 280));
}

void DrillDownPage::updateInfo()
{
    const auto rows = m_model->rowCount();
    QString text = levelNoun(m_state->location());
    if (m_hasData) {
        const QString noun
            = m_model->rowsAreGroups() ? tr("groups") : (m_model->rowsAreAttempts() ? tr("attempts") : tr("jobs"));
        text += QStringLiteral("  ·  %1 %2").arg(formatCount(rows), rows == 1 ? noun.chopped(1) : noun);
    }
    text += QStringLiteral("  ·  ") + weightingName(m_state->weighting());
    if (m_state->location().level != Level::Attempt) {
        text += QStringLiteral("  ·  ") + tr("double-click a row to open it");
    }
    if (!m_error.isEmpty()) {
        text += QStringLiteral("  ·  ") + m_error;
    }
    m_info->setFullText(text);
}

void DrillDownPage::updateBusy()
{
    m_busy->setVisible(m_request->isBusy());
    // A first table still being computed (a fleet store can take seconds) is not "no data".
    if (m_request->isBusy() && emptyMessage() == noDataMessage()) {
        showMessage(tr("Computing the table…"), false);
    }
}

QString DrillDownPage::noDataMessage()
{
    return tr("No data yet: open a database or import traces.");
}

void DrillDownPage::onLocationChanged(const Location& location)
{
    const RowKind kind = kindOf(location);
    if (kind != m_kind) {
        m_kind = kind;
        applyDefaultSort();
    }
    rebuildBreadcrumb();
    updateInfo();
    m_request->invalidate();
}

void DrillDownPage::refresh()
{
    m_request->ask();
}

bool DrillDownPage::isBusy() const
{
    return m_request->isBusy();
}

void DrillDownPage::onTableReady(quint64 id, const TableData& table)
{
    if (!m_request->isNewest(id)) {
        return; // stale: a newer request is on its way
    }
    setTableData(table);
}

void DrillDownPage::onQueryFailed(quint64 id, const QString& message)
{
    if (!m_request->isNewest(id)) {
        return;
    }
    m_request->answered();
    m_error = message;
    updateBusy();
    updateInfo();
    if (!m_hasData) {
        showMessage(tr("The table could not be computed: %1").arg(message), false);
    }
}

} // namespace ett::app
