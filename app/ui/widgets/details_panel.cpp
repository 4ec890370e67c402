#include "app/ui/widgets/details_panel.h"

#include "app/ui/data/data_service.h"
#include "app/ui/export/exporters.h"
#include "app/ui/format/figures_format.h"
#include "app/ui/format/palette.h"
#include "app/ui/widgets/restarts_tab.h"
#include "app/ui/window/workbench_state.h"
#include "core/model/timeutil.h"

#include <QAbstractTableModel>
#include <QBoxLayout>
#include <QComboBox>
#include <QFormLayout>
#include <QFrame>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QResizeEvent>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <map>

namespace ett::app {

namespace {

constexpr int kDetailsSortRole = Qt::UserRole;
constexpr int kPlaceholderPage = 0;
constexpr int kDetailsPage = 1;

QString qs(std::string_view s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

QString phaseName(const core::TimelinePhase& p)
{
    QString text = qs(core::categoryName(p.category));
    if (!p.subcategory.empty()) {
        text += QLatin1Char('.') + qs(p.subcategory);
    }
    return text;
}

QString interruptionText(core::Interruption i)
{
    switch (i) {
    case core::Interruption::Failure:
        return QObject::tr("counted as a failure");
    case core::Interruption::Preemption:
        return QObject::tr("counted as a preemption");
    case core::Interruption::Other:
        return QObject::tr("counted as another interruption");
    case core::Interruption::None:
        break;
    }
    return {};
}

// exact: the value exports write (exporters.h); invalid: the text shown.
QStandardItem* numberItem(
    const QString& text, double sortValue, const QString& toolTip = {}, const QVariant& exact = {})
{
    auto* item = new QStandardItem(text);
    item->setData(sortValue, kDetailsSortRole);
    if (exact.isValid()) {
        item->setData(exact, ExportValueRole);
    }
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    if (!toolTip.isEmpty()) {
        item->setToolTip(toolTip);
    }
    item->setEditable(false);
    return item;
}

QStandardItem* textItem(const QString& text)
{
    auto* item = new QStandardItem(text);
    item->setData(text, kDetailsSortRole);
    item->setEditable(false);
    return item;
}

QTableView* makeTable(QWidget* parent)
{
    auto* view = new QTableView(parent);
    view->setSortingEnabled(true);
    view->setAlternatingRowColors(true);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->setWordWrap(false);
    view->verticalHeader()->hide();
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
    view->horizontalHeader()->setHighlightSections(false);
    view->horizontalHeader()->setStretchLastSection(true);
    view->horizontalHeader()->setResizeContentsPrecision(300);
    return view;
}

} // namespace

// A narrow dock (a laptop's is about 260 pixels): the leading column, a phase's or an init stage's
// name, gives up width (elided in the middle: "init.tr…creation", the whole name in the tooltip)
// until the column after it, the duration, is in view; a wide dock shows the name whole. Fitted
// again when the table's rows change and when it is resized.
class LeadingColumnFit : public QObject
{
public:
    explicit LeadingColumnFit(QTableView* view)
        : QObject(view)
        , m_view(view)
    {
        view->setTextElideMode(Qt::ElideMiddle);
        view->viewport()->installEventFilter(this);
    }

    void fit()
    {
        QHeaderView* header = m_view->horizontalHeader();
        const int first = header->logicalIndex(0);
        int next = -1;
        for (int visual = 1; visual < header->count() && next < 0; ++visual) {
            if (!header->isSectionHidden(header->logicalIndex(visual))) {
                next = header->logicalIndex(visual);
            }
        }
        if (first < 0 || next < 0) {
            return;
        }
        const QAbstractItemView* items = m_view; // QTableView makes the hint protected, its base does not
        const int natural = std::max(items->sizeHintForColumn(first), header->sectionSizeHint(first));
        const int least = m_view->fontMetrics().horizontalAdvance(QStringLiteral("init.tr…ion")) + 24;
        const int room = m_view->viewport()->width() - header->sectionSize(next);
        header->resizeSection(first, std::max(least, std::min(natural, room)));
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Resize && watched == m_view->viewport()) {
            fit();
        }
        return false;
    }

private:
    QTableView* m_view;
};

// The phases of the shown attempts, as imported (ranks, subcategories, names). Sorts through
// kDetailsSortRole (nanoseconds, ranks, text).
class PhaseTableModel : public QAbstractTableModel
{
public:
    enum Column { AttemptColumn, StartColumn, DurationColumn, PhaseColumn, RankColumn, NameColumn, ColumnCount };

    using QAbstractTableModel::QAbstractTableModel;

    void setPhases(std::vector<std::pair<int32_t, core::TimelinePhase>> phases)
    {
        beginResetModel();
        m_phases = std::move(phases);
        endResetModel();
    }

    int rowCount(const QModelIndex& parent = {}) const override
    {
        return parent.isValid() ? 0 : static_cast<int>(m_phases.size());
    }
    int columnCount(const QModelIndex& parent = {}) const override { return parent.isValid() ? 0 : ColumnCount; }

    QVariant data(const QModelIndex& index, int role) const override
    {
        if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) {
            return {};
        }
        const auto& [attempt, p] = m_phases[static_cast<size_t>(index.row())];
        const int64_t dur = p.endNs - p.startNs;
        switch (role) {
        case Qt::DisplayRole:
            switch (index.column()) {
            case AttemptColumn:
                return attempt;
            case StartColumn:
                return formatUtc(p.startNs).chopped(4);
            case DurationColumn:
                return formatDuration(dur);
            case PhaseColumn:
                return phaseName(p);
            case RankColumn:
                return p.rank < 0 ? QStringLiteral("all") : QString::number(p.rank);
            case NameColumn:
                return qs(p.name);
            default:
                return {};
            }
        case kDetailsSortRole:
            switch (index.column()) {
            case AttemptColumn:
                return static_cast<double>(attempt);
            case StartColumn:
                return static_cast<double>(p.startNs);
            case DurationColumn:
                return static_cast<double>(dur);
            case PhaseColumn:
                return phaseName(p);
            case RankColumn:
                return static_cast<double>(p.rank);
            case NameColumn:
                return qs(p.name);
            default:
                return {};
            }
        case ExportValueRole:
            switch (index.column()) {
            case StartColumn:
                return qs(core::formatRfc3339(p.startNs));
            case DurationColumn:
                return exactSeconds(dur);
            case RankColumn:
                return p.rank < 0 ? QVariant::fromValue(nullptr) : QVariant(p.rank);
            default:
                return {};
            }
        case Qt::ToolTipRole:
            return QObject::tr("%1\n%2 to %3 UTC\nduration %4")
                .arg(phaseName(p), qs(core::formatRfc3339(p.startNs)), qs(core::formatRfc3339(p.endNs)),
                    formatExactSeconds(dur));
        case Qt::TextAlignmentRole:
            if (index.column() == DurationColumn || index.column() == RankColumn || index.column() == AttemptColumn) {
                return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
            }
            return QVariant::fromValue(Qt::Alignment(Qt::AlignLeft | Qt::AlignVCenter));
        case Qt::DecorationRole:
            if (index.column() == PhaseColumn) {
                return categoryColor(p.category);
            }
            return {};
        default:
            return {};
        }
    }

    QVariant headerData(int section, Qt::Orientation orientation, int role) const override
    {
        if (orientation == Qt::Horizontal && role == ExportKeyRole) {
            // Exports write exact values: RFC 3339 starts, seconds, ranks (null: the whole attempt).
            switch (section) {
            case StartColumn:
                return QObject::tr("Start (RFC 3339)");
            case DurationColumn:
                return QObject::tr("Duration s");
            default:
                return {};
            }
        }
        if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
            return QAbstractTableModel::headerData(section, orientation, role);
        }
        switch (section) {
        case AttemptColumn:
            return QObject::tr("Attempt");
        case StartColumn:
            return QObject::tr("Start (UTC)");
        case DurationColumn:
            return QObject::tr("Duration");
        case PhaseColumn:
            return QObject::tr("Phase");
        case RankColumn:
            return QObject::tr("Rank");
        case NameColumn:
            return QObject::tr("Name");
        default:
            return {};
        }
    }

private:
    std::vector<std::pair<int32_t, core::TimelinePhase>> m_phases;
};

DetailsPanel::DetailsPanel(WorkbenchState* state, DataService* service, QWidget* parent)
    : QWidget(parent)
    , m_state(state)
    , m_data(service)
{
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(6, 6, 6, 6);
    outer->setSpacing(4);
    m_stack = new QStackedWidget(this);
    outer->addWidget(m_stack, 1);

    m_placeholder = new QLabel(m_stack);
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setWordWrap(true);
    m_placeholder->setStyleSheet(QStringLiteral("color: palette(mid);"));
    m_stack->addWidget(m_placeholder);

    auto* page = new QWidget(m_stack);
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    m_stack->addWidget(page);

    // 1. Which job, and which of its attempts.
    buildTitle(page, layout);

    m_splitter = new QSplitter(Qt::Vertical, page);
    m_splitter->setChildrenCollapsible(false);
    auto* splitter = m_splitter;
    layout->addWidget(splitter, 1);
    // 2. Figures and buckets; 3. phases and init stages.
    splitter->addWidget(buildFigures(splitter));
    splitter->addWidget(buildTables(splitter));
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);

    // 4. What was clicked in the timeline.
    m_selection = new QLabel(this);
    m_selection->setWordWrap(true);
    m_selection->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_selection->setFrameShape(QFrame::StyledPanel);
    m_selection->setMargin(6);
    m_selection->hide();
    outer->addWidget(m_selection);

    connectSignals();
    onLocationChanged(m_state->location());
}

void DetailsPanel::buildTitle(QWidget* page, QVBoxLayout* layout)
{
    auto* titleRow = new QHBoxLayout;
    m_title = new ElidedLabel(page);
    QFont tf = m_title->font();
    tf.setBold(true);
    tf.setPointSizeF(tf.pointSizeF() * 1.2);
    m_title->setFont(tf);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    titleRow->addWidget(m_title, 1);
    m_busy = new QProgressBar(page);
    m_busy->setRange(0, 0);
    m_busy->setTextVisible(false);
    m_busy->setMaximumSize(70, 10);
    m_busy->hide();
    titleRow->addWidget(m_busy);
    layout->addLayout(titleRow);
    m_subtitle = new QLabel(page);
    m_subtitle->setWordWrap(true);
    m_subtitle->setStyleSheet(QStringLiteral("color: palette(mid);"));
    m_subtitle->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_subtitle);
    m_attemptMenu = new QComboBox(page);
    m_attemptMenu->setToolTip(tr("The whole job or one of its attempts"));
    layout->addWidget(m_attemptMenu);
}

// The figures and buckets (scrolls when the panel is short).
QWidget* DetailsPanel::buildFigures(QSplitter* splitter)
{
    auto* scroll = new QScrollArea(splitter);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff); // the figures wrap instead
    auto* top = new QWidget(scroll);
    m_figures = top;
    m_figuresLayout = new QBoxLayout(QBoxLayout::TopToBottom, top);
    auto* topLayout = m_figuresLayout;
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->setSpacing(8);
    m_formBox = new QWidget(top);
    m_form = new QFormLayout(m_formBox);
    m_form->setContentsMargins(2, 2, 2, 2);
    m_form->setHorizontalSpacing(12);
    m_form->setVerticalSpacing(3);
    m_form->setLabelAlignment(Qt::AlignRight);
    // A narrow dock puts a long value under its label instead of cutting it.
    m_form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    topLayout->addWidget(m_formBox);
    m_buckets = new QStandardItemModel(0, 4, this);
    m_buckets->setHorizontalHeaderLabels({ tr("Bucket"), tr("Time"), tr("GPU-h"), tr("% of E2E") });
    m_buckets->horizontalHeaderItem(1)->setData(tr("Time s"), ExportKeyRole);
    m_bucketView = makeTable(top);
    m_bucketView->horizontalHeader()->setStretchLastSection(false);
    m_bucketView->setModel(m_buckets);
    m_bucketView->setSortingEnabled(false);
    m_bucketView->setSelectionMode(QAbstractItemView::NoSelection);
    m_bucketView->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_bucketView->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    // As tall as its rows, never wider than the dock: a narrow dock scrolls the table sideways
    // instead of widening the figures past the dock's edge (which cut every value on the right).
    m_bucketView->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    m_bucketView->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    topLayout->addWidget(m_bucketView, 0, Qt::AlignTop | Qt::AlignLeft);
    topLayout->addStretch(1);
    scroll->setWidget(top);
    return scroll;
}

// The phases and init stages, each table exporting itself.
QWidget* DetailsPanel::buildTables(QSplitter* splitter)
{
    m_tabs = new QTabWidget(splitter);
    m_tabs->setDocumentMode(true);
    m_phases = new PhaseTableModel(this);
    m_phaseProxy = new QSortFilterProxyModel(this);
    m_phaseProxy->setSourceModel(m_phases);
    m_phaseProxy->setSortRole(kDetailsSortRole);
    m_phaseView = makeTable(m_tabs);
    m_phaseView->setModel(m_phaseProxy);
    m_phaseView->sortByColumn(PhaseTableModel::StartColumn, Qt::AscendingOrder);
    // What a phase is and how long it took first: a laptop's dock (about 260 pixels) showed the
    // start and the duration and cut the phase's name. The rows stay sorted by start.
    m_phaseView->horizontalHeader()->moveSection(PhaseTableModel::PhaseColumn, 0);
    m_phaseView->horizontalHeader()->moveSection(
        m_phaseView->horizontalHeader()->visualIndex(PhaseTableModel::DurationColumn), 1);
    m_phaseFit = new LeadingColumnFit(m_phaseView);
    m_tabs->addTab(m_phaseView, tr("Phases"));
    m_init = new QStandardItemModel(0, 5, this);
    m_init->setHorizontalHeaderLabels(
        { tr("Init stage"), tr("Total"), tr("Max over ranks"), tr("Ranks"), tr("Phases") });
    m_init->setSortRole(kDetailsSortRole);
    m_init->horizontalHeaderItem(1)->setData(tr("Total s"), ExportKeyRole);
    m_init->horizontalHeaderItem(2)->setData(tr("Max over ranks s"), ExportKeyRole);
    m_initView = makeTable(m_tabs);
    m_initView->setModel(m_init);
    m_initFit = new LeadingColumnFit(m_initView);
    m_tabs->addTab(m_initView, tr("Init stages"));
    // What every restart of the job costs (the whole job, whichever attempt is shown).
    m_restartsTab = new RestartsTab(m_tabs);
    m_tabs->addTab(m_restartsTab, tr("Restarts"));
    // Each table exports itself (context menu, Ctrl+Shift+E), named after the job or attempt shown.
    for (const auto& [view, what] : { std::pair { m_bucketView, tr("buckets") }, { m_phaseView, tr("phases") },
             { m_initView, tr("init stages") }, { m_restartsTab->view(), tr("restarts") } }) {
        const QString noun = what;
        installTableExport(view, tr("Details"), [this, noun] {
            return TableExport { tr("Details: %1 of %2").arg(noun, m_title->fullText()), exportScopeText(*m_state), {},
                {} };
        });
    }
    return m_tabs;
}

void DetailsPanel::connectSignals()
{
    connect(m_attemptMenu, &QComboBox::activated, this, [this](int index) {
        const int attempt = m_attemptMenu->itemData(index).toInt();
        Location l = m_state->location();
        if (l.job != m_job) {
            return;
        }
        if (attempt < 0) {
            l.level = Level::Job;
            l.attempt = -1;
        } else {
            l.level = Level::Attempt;
            l.attempt = attempt;
        }
        m_state->navigate(l);
    });
    connect(m_state, &WorkbenchState::locationChanged, this, &DetailsPanel::onLocationChanged);
    // The job shown changed on disk (a watched folder): read it again, keeping what is selected.
    connect(m_state, &WorkbenchState::dataRefreshed, this, [this] {
        const Location& l = m_state->location();
        if (l.job >= 0 && (l.level == Level::Job || l.level == Level::Attempt)) {
            request(l.job);
        }
    });
    connect(m_state, &WorkbenchState::vocabularyChanged, this, [this] {
        // A new database: engine job indexes mean other jobs now.
        m_job = -1;
        m_pending = 0;
        m_timeline = {};
    });
    if (m_data) {
        connect(m_data, &DataService::jobTimelineReady, this, &DetailsPanel::onJobTimelineReady);
        connect(m_data, &DataService::queryFailed, this, &DetailsPanel::onQueryFailed);
    }
}

DetailsPanel::~DetailsPanel() = default;

QAbstractItemModel* DetailsPanel::bucketModel() const
{
    return m_buckets;
}

QAbstractItemModel* DetailsPanel::phaseModel() const
{
    return m_phaseProxy;
}

RestartsTab* DetailsPanel::restartsTab() const
{
    return m_restartsTab;
}

void DetailsPanel::showRestartsTab()
{
    m_tabs->setCurrentWidget(m_restartsTab);
}

QAbstractItemModel* DetailsPanel::initModel() const
{
    return m_init;
}

QString DetailsPanel::timelineSelection() const
{
    return m_selection->isHidden() ? QString() : m_selection->text();
}

void DetailsPanel::showTimelineSelection(const QString& text)
{
    m_selection->setText(text);
    m_selection->setVisible(!text.isEmpty());
}

void DetailsPanel::showPlaceholder(const QString& text)
{
    m_placeholder->setText(text);
    m_stack->setCurrentIndex(kPlaceholderPage);
}

void DetailsPanel::onLocationChanged(const Location& location)
{
    if (location.level == Level::Fleet || location.level == Level::Group || location.job < 0) {
        showPlaceholder(tr("Open a job (double-click it in the drill-down or the overview's top jobs) to see "
                           "its attempts, phases and init stages here."));
        return;
    }
    if (location.job != m_job) {
        request(location.job);
        return;
    }
    showSelection();
}

void DetailsPanel::request(int32_t job)
{
    if (!m_data) {
        showPlaceholder(tr("Loading the job…"));
        return;
    }
    if (job == m_pendingJob && m_pending != 0) {
        return;
    }
    if (job != m_pendingJob) {
        m_retries = 0;
    }
    m_pendingJob = job;
    m_pending = m_data->requestJobTimeline(job, this);
    m_busy->show();
    if (m_job < 0) {
        showPlaceholder(tr("Loading the job…"));
    }
}

void DetailsPanel::onJobTimelineReady(quint64 id, const core::JobTimeline& timeline)
{
    if (m_pending == 0) {
        return;
    }
    if (id == m_pending) {
        setJobTimeline(m_pendingJob, timeline);
        return;
    }
    // Another view (the timeline) asked for a job after us: the service delivers only the newest
    // request of a kind, so ours will not come. Both follow the location, so theirs is most
    // likely our job: take it when its key is the one the state knows, else ask once more.
    const int32_t job = m_pendingJob;
    QString key;
    for (const auto& [text, location] : m_state->breadcrumb()) {
        if (location.level == Level::Job && location.job == job) {
            key = text;
        }
    }
    if (!key.isEmpty() && key == qs(timeline.key)) {
        setJobTimeline(job, timeline);
    } else if (m_retries++ < 1) {
        m_pending = 0;
        request(job);
    }
}

void DetailsPanel::onQueryFailed(quint64 id, const QString& message)
{
    if (id != m_pending) {
        return;
    }
    m_pending = 0;
    m_busy->hide();
    showPlaceholder(tr("The job could not be loaded: %1").arg(message));
}

void DetailsPanel::setJobTimeline(int32_t job, const core::JobTimeline& timeline)
{
    m_pending = 0;
    m_retries = 0;
    m_pendingJob = -1;
    m_busy->hide();
    m_job = job;
    m_timeline = timeline;
    m_title->setFullText(qs(timeline.key));
    QStringList sub;
    if (!timeline.name.empty()) {
        sub << qs(timeline.name);
    }
    sub << tr("dataset %1").arg(qs(timeline.label));
    sub << tr("%Ln GPU(s)", "", static_cast<int>(timeline.gpus));
    QStringList attrs;
    for (const auto& [k, v] : timeline.attrs) {
        attrs << QStringLiteral("%1=%2").arg(qs(k), qs(v));
    }
    if (!attrs.isEmpty()) {
        sub << attrs.join(QStringLiteral(", "));
    }
    m_subtitle->setText(sub.join(QStringLiteral("  ·  ")));
    m_restartsTab->setTimeline(timeline);
    m_tabs->setTabText(m_tabs->indexOf(m_restartsTab), m_restartsTab->tabText());
    fillAttemptMenu();
    showSelection();
}

void DetailsPanel::fillAttemptMenu()
{
    const QSignalBlocker block(m_attemptMenu);
    m_attemptMenu->clear();
    // Spelled out: %n with "(s)" relies on a translation file to pick the plural, and there is none.
    const auto attempts = static_cast<int>(m_timeline.attempts.size());
    m_attemptMenu->addItem(
        attempts == 1 ? tr("Whole job (1 attempt)") : tr("Whole job (%1 attempts)").arg(attempts), -1);
    for (const auto& a : m_timeline.attempts) {
        QString text = tr("attempt %1 · %2").arg(a.result.number).arg(outcomeLabel(a.result.outcome));
        if (!a.cause.empty()) {
            text += QStringLiteral(" · ") + qs(a.cause);
        }
        m_attemptMenu->addItem(text, a.result.number);
    }
}

void DetailsPanel::showSelection()
{
    const Location& l = m_state->location();
    if (m_job < 0 || l.job != m_job) {
        return;
    }
    // 1. Which attempts: one, or all of the job.
    std::vector<const core::TimelineAttempt*> attempts;
    m_attempt.reset();
    if (l.level == Level::Attempt) {
        for (const auto& a : m_timeline.attempts) {
            if (a.result.number == l.attempt) {
                attempts.push_back(&a);
                m_attempt = l.attempt;
            }
        }
        if (attempts.empty()) {
            showPlaceholder(tr("This job has no attempt %1.").arg(l.attempt));
            return;
        }
    } else {
        for (const auto& a : m_timeline.attempts) {
            attempts.push_back(&a);
        }
    }
    {
        const QSignalBlocker block(m_attemptMenu);
        const int index = m_attemptMenu->findData(m_attempt ? *m_attempt : -1);
        m_attemptMenu->setCurrentIndex(std::max(index, 0));
    }
    m_stack->setCurrentIndex(kDetailsPage);

    // 2. Figures, buckets, phases and init stages of those attempts.
    fillFigures(attempts);
    std::vector<std::pair<int32_t, core::TimelinePhase>> phases;
    for (const auto* a : attempts) {
        for (const auto& p : a->phases) {
            phases.emplace_back(a->result.number, p);
        }
    }
    const auto phaseCount = static_cast<int>(phases.size());
    m_phases->setPhases(std::move(phases));
    m_phaseView->setColumnHidden(PhaseTableModel::AttemptColumn, m_attempt.has_value());
    m_phaseView->resizeColumnsToContents();
    m_phaseFit->fit();
    m_tabs->setTabText(0, tr("Phases (%1)").arg(formatCount(phaseCount)));
    fillInitStages(attempts);
    fitSplitter();
    // The new rows' wrapped values are laid out at the width the form had before them: once the
    // labels' column has its new width, lay them out again (a long Portuguese label narrowed the
    // values and cut their third line until the dock was resized).
    QTimer::singleShot(0, m_formBox, [this] { m_form->invalidate(); });
}

void DetailsPanel::addFigure(const QString& label, const QString& value, const QString& toolTip)
{
    auto* v = new QLabel(value, m_formBox);
    v->setWordWrap(true);
    v->setTextInteractionFlags(Qt::TextSelectableByMouse);
    if (!toolTip.isEmpty()) {
        v->setToolTip(toolTip);
    }
    auto* l = new QLabel(label, m_formBox);
    l->setStyleSheet(QStringLiteral("color: palette(mid);"));
    m_form->addRow(l, v);
}

QString DetailsPanel::figuresText() const
{
    QStringList lines;
    for (int r = 0; r < m_form->rowCount(); ++r) {
        auto* label = m_form->itemAt(r, QFormLayout::LabelRole);
        auto* field = m_form->itemAt(r, QFormLayout::FieldRole);
        auto* l = label ? qobject_cast<QLabel*>(label->widget()) : nullptr;
        auto* f = field ? qobject_cast<QLabel*>(field->widget()) : nullptr;
        if (l && f) {
            lines << l->text() + QStringLiteral(" ") + f->text();
        }
    }
    return lines.join(QLatin1Char('\n'));
}

void DetailsPanel::fillFigures(const std::vector<const core::TimelineAttempt*>& attempts)
{
    while (m_form->rowCount() > 0) {
        m_form->removeRow(0);
    }
    const auto window = [](int64_t s, int64_t e) {
        return QStringLiteral("%1 → %2").arg(formatUtc(s).chopped(4), qs(core::formatTimeHuman(e)).mid(11));
    };
    if (m_attempt) {
        // One attempt.
        const core::TimelineAttempt& a = *attempts.front();
        const core::AttemptResult& r = a.result;
        addFigure(tr("Window (UTC):"), window(r.startNs, r.endNs),
            tr("%1 to %2").arg(qs(core::formatRfc3339(r.startNs)), qs(core::formatRfc3339(r.endNs))));
        addFigure(tr("Duration:"), formatDuration(r.endNs - r.startNs), formatExactSeconds(r.endNs - r.startNs));
        addFigure(tr("GPUs:"), formatCount(r.gpus));
        QString outcome = outcomeLabel(r.outcome);
        if (const QString counted = interruptionText(r.interruption); !counted.isEmpty()) {
            outcome += QStringLiteral(" (") + counted + QLatin1Char(')');
        }
        addFigure(tr("Outcome:"), outcome);
        if (!a.cause.empty() || !a.symptom.empty()) {
            QString cause = a.cause.empty() ? tr("(no cause)") : qs(a.cause);
            if (!a.symptom.empty() && a.symptom != "none") {
                cause += tr(", symptom %1").arg(symptomLabel(a.symptom));
            }
            addFigure(tr("Cause:"), cause);
        }
        if (!a.detail.empty()) {
            addFigure(tr("Detail:"), qs(a.detail));
        }
        if (r.faultNs) {
            addFigure(tr("Fault at:"), formatUtc(*r.faultNs), qs(core::formatRfc3339(*r.faultNs)));
        }
        addFigure(tr("ETT%:"),
            formatPercent(core::percentOf(
                r.bucketsNs[static_cast<size_t>(core::Bucket::Productive)], r.endNs - r.startNs + r.gapAfterNs)),
            tr("productive / (attempt window + gap after it)"));
        addFigure(tr("Time to Start:"), formatDuration(r.ttsNs), formatExactSeconds(r.ttsNs));
        if (core::isInterrupted(r.outcome)) {
            addFigure(tr("Time to Recover:"), r.ttrNs ? formatDuration(*r.ttrNs) : tr("never trained again"),
                r.ttrNs ? formatExactSeconds(*r.ttrNs) : QString());
            const auto index = static_cast<size_t>(attempts.front() - m_timeline.attempts.data());
            if (index < m_timeline.attempts.size()) {
                if (const auto split = core::ttrSplitOf(m_timeline, index)) {
                    addFigure(tr("  detect:"), formatDuration(split->detectNs),
                        tr("From the fault to the attempt's end (a hang's undetected time included)"));
                    addFigure(tr("  restart:"), formatDuration(split->restartNs),
                        tr("From the attempt's end to the next attempt's start"));
                    addFigure(tr("  start-up:"), formatDuration(split->startupNs),
                        tr("From the next attempt's start to training again, through as many attempts as it "
                           "takes"));
                }
            }
        }
        if (r.gapAfterNs > 0) {
            addFigure(tr("Gap after:"), formatDuration(r.gapAfterNs),
                tr("Recovery until the next attempt starts; counted with this attempt, as in the drill-down"));
        }
        // The attempt as the drill-down counts it: its window plus the gap after it (recovery).
        core::BucketArray buckets = r.bucketsNs;
        buckets[static_cast<size_t>(core::Bucket::Recovery)] += r.gapAfterNs;
        fillBuckets(buckets, r.endNs - r.startNs + r.gapAfterNs, r.gpus);
        return;
    }

    // The whole job: attempts plus the gaps between them (recovery), without the queue option.
    const core::JobTimeline& t = m_timeline;
    core::BucketArray buckets {};
    int failures = 0;
    int preemptions = 0;
    int others = 0;
    std::vector<int64_t> ttr;
    for (const auto* a : attempts) {
        for (size_t b = 0; b < buckets.size(); ++b) {
            buckets[b] += a->result.bucketsNs[b];
        }
        buckets[static_cast<size_t>(core::Bucket::Recovery)] += a->result.gapAfterNs;
        failures += a->result.interruption == core::Interruption::Failure ? 1 : 0;
        preemptions += a->result.interruption == core::Interruption::Preemption ? 1 : 0;
        others += a->result.interruption == core::Interruption::Other ? 1 : 0;
        if (a->result.ttrNs) {
            ttr.push_back(*a->result.ttrNs);
        }
    }
    const int64_t e2e = t.windowEndNs - t.windowStartNs;
    addFigure(tr("Window (UTC):"),
        QStringLiteral("%1 → %2").arg(formatUtc(t.windowStartNs).chopped(4), formatUtc(t.windowEndNs).chopped(4)),
        tr("%1 to %2").arg(qs(core::formatRfc3339(t.windowStartNs)), qs(core::formatRfc3339(t.windowEndNs))));
    addFigure(tr("E2E:"), formatDuration(e2e), formatExactSeconds(e2e));
    if (t.submittedNs) {
        addFigure(tr("Submitted:"), formatUtc(*t.submittedNs),
            tr("queued %1 before the first attempt").arg(formatDuration(t.windowStartNs - *t.submittedNs)));
    }
    addFigure(tr("GPUs:"), formatCount(t.gpus));
    addFigure(tr("Attempts:"), formatCount(static_cast<int64_t>(attempts.size())));
    addFigure(tr("Interruptions:"), interruptionSplitText(failures, preemptions, others, true));
    addFigure(tr("ETT%:"), formatPercent(core::percentOf(buckets[static_cast<size_t>(core::Bucket::Productive)], e2e)),
        tr("productive / E2E (queue not counted)"));
    if (!attempts.empty()) {
        addFigure(tr("Time to Start:"), formatDuration(attempts.front()->result.ttsNs), tr("of the first attempt"));
    }
    if (!ttr.empty()) {
        const auto p = core::percentilesOf(ttr);
        addFigure(tr("Time to Recover:"),
            tr("p50 %1, max %2").arg(formatDuration(p.p50), formatDuration(*std::max_element(ttr.begin(), ttr.end()))));
    }
    if (t.noCheckpointData) {
        addFigure(
            tr("Checkpoints:"), tr("<span style='color:#d55e00'>no checkpoint data: lost progress unknown</span>"));
    } else {
        addFigure(tr("Checkpoints:"), formatCount(static_cast<int64_t>(t.checkpoints.size())));
    }
    fillBuckets(buckets, e2e, t.gpus);
}

void DetailsPanel::fillBuckets(const core::BucketArray& bucketsNs, int64_t e2eNs, int64_t gpus)
{
    m_buckets->removeRows(0, m_buckets->rowCount());
    for (int b = 0; b < core::kBucketCount; ++b) {
        const auto bucket = static_cast<core::Bucket>(b);
        const int64_t ns = bucketsNs[static_cast<size_t>(b)];
        if (ns == 0) {
            continue;
        }
        auto* name = textItem(bucketLabel(bucket));
        name->setData(bucketColor(bucket), Qt::DecorationRole);
        const double gpuHours = nsToHours(static_cast<core::Wide>(ns) * gpus);
        const auto share = core::percentOf(ns, e2eNs);
        m_buckets->appendRow(
            { name, numberItem(formatDuration(ns), static_cast<double>(ns), formatExactSeconds(ns), exactSeconds(ns)),
                numberItem(formatHours(gpuHours, QString()), gpuHours, {}, gpuHours),
                numberItem(formatPercent(share), share.value_or(0), {},
                    share ? QVariant(*share) : QVariant::fromValue(nullptr)) });
    }
    m_bucketView->resizeColumnsToContents();
    // Show every row without a scroll bar: the table is short and sits in a scroll area.
    const int rows = m_buckets->rowCount();
    m_bucketView->setFixedHeight(m_bucketView->horizontalHeader()->sizeHint().height()
        + rows * m_bucketView->verticalHeader()->defaultSectionSize() + 2 * m_bucketView->frameWidth());
    int width = 2 * m_bucketView->frameWidth();
    for (int c = 0; c < m_buckets->columnCount(); ++c) {
        width += m_bucketView->columnWidth(c);
    }
    // At most as wide as its columns, never a minimum: a fixed width made the figures above as
    // wide and cut every value of a narrow dock on the right.
    m_bucketView->setMinimumWidth(0);
    m_bucketView->setMaximumWidth(width);
}

void DetailsPanel::fitSplitter()
{
    const int total = m_splitter->height();
    if (total <= 0) {
        return;
    }
    const int top = std::min(m_figures->sizeHint().height() + 4, total * 3 / 5);
    m_splitter->setSizes({ top, total - top });
}

void DetailsPanel::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    // Wide (a floating or large dock): the buckets beside the figures.
    const auto direction = event->size().width() > 760 ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom;
    if (direction != m_figuresLayout->direction()) {
        m_figuresLayout->setDirection(direction);
        // Side by side the figures need room to stay on one line each.
        m_formBox->setMinimumWidth(direction == QBoxLayout::LeftToRight ? 420 : 0);
        fitSplitter();
    }
}

void DetailsPanel::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    fitSplitter();
}

void DetailsPanel::fillInitStages(const std::vector<const core::TimelineAttempt*>& attempts)
{
    // Per subcategory: the total over every rank, and per rank the sum, whose maximum is the
    // slowest rank's time in that stage (phases of the whole attempt, rank -1, are a rank).
    struct Stage
    {
        int64_t totalNs = 0;
        int64_t phases = 0;
        std::map<int32_t, int64_t> perRank;
    };
    std::map<std::string, Stage> stages;
    for (const auto* a : attempts) {
        for (const auto& p : a->phases) {
            if (p.category != core::Category::Init) {
                continue;
            }
            Stage& s = stages[p.subcategory];
            s.totalNs += p.endNs - p.startNs;
            s.phases += 1;
            s.perRank[p.rank] += p.endNs - p.startNs;
        }
    }
    m_init->removeRows(0, m_init->rowCount());
    for (const auto& [sub, s] : stages) {
        int64_t maxNs = 0;
        for (const auto& [rank, ns] : s.perRank) {
            maxNs = std::max(maxNs, ns);
        }
        const bool wholeAttempt = s.perRank.size() == 1 && s.perRank.begin()->first < 0;
        QStandardItem* stage = textItem(sub.empty() ? tr("(none)") : qs(sub));
        stage->setToolTip(stage->text());
        m_init->appendRow({ stage,
            numberItem(formatDuration(s.totalNs), static_cast<double>(s.totalNs), formatExactSeconds(s.totalNs),
                exactSeconds(s.totalNs)),
            numberItem(
                formatDuration(maxNs), static_cast<double>(maxNs), formatExactSeconds(maxNs), exactSeconds(maxNs)),
            numberItem(wholeAttempt ? tr("all") : formatCount(static_cast<int64_t>(s.perRank.size())),
                static_cast<double>(s.perRank.size()), {},
                wholeAttempt ? QVariant(tr("all"))
                             : QVariant::fromValue<qint64>(static_cast<qint64>(s.perRank.size()))),
            numberItem(
                formatCount(s.phases), static_cast<double>(s.phases), {}, QVariant::fromValue<qint64>(s.phases)) });
    }
    m_initView->sortByColumn(1, Qt::DescendingOrder);
    m_initView->resizeColumnsToContents();
    m_initFit->fit();
    m_tabs->setTabText(1, tr("Init stages (%1)").arg(stages.size()));
}

} // namespace ett::app
