#include "app/ui/pages/ranks_page.h"

#include "app/ui/data/data_service.h"
#include "app/ui/export/exporters.h"
#include "app/ui/format/figures_format.h"
#include "app/ui/models/table_views.h"
#include "app/ui/pages/page_request.h"
#include "app/ui/pages/page_widgets.h"
#include "app/ui/widgets/elided_label.h"
#include "app/ui/window/workbench_state.h"
#include "core/model/timeutil.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>

namespace ett::app {

namespace {

constexpr int kRanksSortRole = Qt::UserRole + 1;

QStandardItem* cell(const QString& text, const QVariant& sortKey, bool number)
{
    auto* item = new QStandardItem(text);
    item->setData(sortKey, kRanksSortRole);
    item->setTextAlignment((number ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
    item->setEditable(false);
    return item;
}

} // namespace

RanksPage::RanksPage(WorkbenchState* state, DataService* service, QWidget* parent)
    : QWidget(parent)
    , m_state(state)
    , m_data(service)
{
    m_ranksRequest = new PageRequest(this, service, [this]() -> quint64 {
        if (jobKey().isEmpty()) {
            clearRanks();
            return quint64 { 0 };
        }
        return m_data->requestJobRanks(jobKey(), m_labelBox->currentData().toString(), this);
    });
    m_hostsRequest = new PageRequest(this, service, [this] { return m_data->requestHosts(m_state->filter(), this); });
    buildUi();
    connect(m_ranksRequest, &PageRequest::asked, this, &RanksPage::updateStatus);
    connect(m_hostsRequest, &PageRequest::asked, this, &RanksPage::updateStatus);
    connect(m_state, &WorkbenchState::filterChanged, m_hostsRequest, &PageRequest::invalidate);
    connect(m_state, &WorkbenchState::locationChanged, this, &RanksPage::onLocationChanged);
    connect(m_state, &WorkbenchState::vocabularyChanged, this, &RanksPage::onVocabularyChanged);
    if (m_data) {
        connect(m_data, &DataService::jobRanksReady, this, &RanksPage::onJobRanksReady);
        connect(m_data, &DataService::hostsReady, this, &RanksPage::onHostsReady);
        connect(m_data, &DataService::queryFailed, this, &RanksPage::onQueryFailed);
    }
    onVocabularyChanged();
    showAttempt();
}

void RanksPage::buildUi()
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 8, 10, 6);
    layout->setSpacing(6);

    // 1. Title, what is shown, busy bar.
    auto* header = new QHBoxLayout;
    header->setSpacing(8);
    header->addWidget(makePageTitle(tr("Ranks and stragglers"), this));
    m_status = makeStatusLabel(this);
    header->addWidget(m_status, 1);
    m_busy = makeBusyBar(this, 110);
    header->addWidget(m_busy);
    layout->addLayout(header);

    // 2. Which job, label, attempt; what the colour shows.
    auto* controls = new QHBoxLayout;
    controls->setSpacing(6);
    controls->addWidget(makeCaption(tr("Job"), this));
    m_jobEdit = new QLineEdit(this);
    m_jobEdit->setObjectName(QStringLiteral("ranksJob"));
    m_jobEdit->setPlaceholderText(tr("job key (or open a job)"));
    m_jobEdit->setMinimumWidth(160);
    m_jobEdit->setToolTip(tr("The job whose ranks to show: its key. Opening a job on another page sets it."));
    connect(m_jobEdit, &QLineEdit::editingFinished, this, [this] {
        if (m_jobEdit->isModified()) {
            m_jobEdit->setModified(false);
            m_ranksRequest->invalidate();
        }
    });
    controls->addWidget(m_jobEdit);
    controls->addWidget(makeCaption(tr("Label"), this));
    m_labelBox = new QComboBox(this);
    m_labelBox->setObjectName(QStringLiteral("ranksLabel"));
    m_labelBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_labelBox->setToolTip(tr("The dataset label of the job, when its key is under several"));
    connect(m_labelBox, &QComboBox::activated, m_ranksRequest, &PageRequest::invalidate);
    controls->addWidget(m_labelBox);
    controls->addWidget(makeSeparator(this));
    controls->addWidget(makeCaption(tr("Attempt"), this));
    m_attemptBox = new QComboBox(this);
    m_attemptBox->setObjectName(QStringLiteral("ranksAttempt"));
    m_attemptBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_attemptBox->setToolTip(tr("The attempts of the job that have per-rank phases"));
    connect(m_attemptBox, &QComboBox::activated, this, [this](int index) { setAttemptIndex(index); });
    controls->addWidget(m_attemptBox);
    controls->addWidget(makeCaption(tr("Colour"), this));
    m_colourBox = new QComboBox(this);
    m_colourBox->setObjectName(QStringLiteral("ranksColour"));
    m_colourBox->addItem(tr("time (fastest to slowest rank)"));
    m_colourBox->addItem(tr("excess over the stage's median"));
    m_colourBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(m_colourBox, &QComboBox::activated, this,
        [this](int index) { setColour(index == 0 ? RankHeatMap::Colour::Time : RankHeatMap::Colour::Excess); });
    controls->addWidget(m_colourBox);
    controls->addStretch(1);
    layout->addLayout(controls);

    // 3. The heat map above, the hosts below.
    auto* split = m_split = new QSplitter(Qt::Vertical, this);
    split->setChildrenCollapsible(false);
    auto* top = new QWidget(split);
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->setSpacing(4);
    m_stagesNote = new QLabel(top);
    m_stagesNote->setObjectName(QStringLiteral("stagesNote"));
    m_stagesNote->setWordWrap(true);
    m_stagesNote->setStyleSheet(QStringLiteral("color: palette(mid);"));
    topLayout->addWidget(m_stagesNote);
    auto* scroll = m_heatScroll = new QScrollArea(top);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidgetResizable(false);
    m_heatMap = new RankHeatMap(scroll);
    scroll->setWidget(m_heatMap);
    topLayout->addWidget(scroll, 1);
    topLayout->addStretch(0); // takes the height while the heat map is hidden
    split->addWidget(top);

    auto* bottom = new QWidget(split);
    auto* bottomLayout = new QVBoxLayout(bottom);
    bottomLayout->setContentsMargins(0, 0, 0, 0);
    bottomLayout->setSpacing(4);
    m_hostsCaption = makeCaption(tr("Hosts of the filter's jobs: how often a rank on them was a stage's slowest, and "
                                    "the GPU time that cost (excess over the median x the attempt's GPUs)"),
        bottom);
    m_hostsCaption->setWordWrap(true);
    bottomLayout->addWidget(m_hostsCaption);
    m_hostsModel = new QStandardItemModel(0, 3, this);
    m_hostsModel->setHorizontalHeaderLabels({ tr("Host"), tr("Times slowest"), tr("Excess GPU-hours") });
    m_hostsProxy = new QSortFilterProxyModel(this);
    setUpSortProxy(m_hostsProxy, m_hostsModel, kRanksSortRole);
    m_hostsView = new QTableView(bottom);
    m_hostsView->setObjectName(QStringLiteral("hostsTable"));
    setUpTableView(m_hostsView, m_hostsProxy);
    m_hostsView->horizontalHeader()->setStretchLastSection(false);
    m_hostsView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_hostsView->sortByColumn(2, Qt::DescendingOrder);
    installTableExport(m_hostsView, tr("Ranks"), [this] {
        return TableExport { tr("Hosts by the GPU time their slowest ranks cost"), exportScopeText(*m_state), {}, {} };
    });
    bottomLayout->addWidget(m_hostsView, 1);
    m_hostsEmpty = makeMessageLabel(bottom);
    m_hostsEmpty->setObjectName(QStringLiteral("hostsEmpty"));
    m_hostsEmpty->setText(
        tr("No host to rank: no stage of the filter's jobs was recorded by 2 ranks or more on known hosts."));
    m_hostsEmpty->hide(); // until the hosts are known
    bottomLayout->addWidget(m_hostsEmpty, 1);
    split->addWidget(bottom);
    // The heat map gets most of the height (a row per rank); the hosts a table below.
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    split->setSizes({ 600, 240 });
    layout->addWidget(split, 1);

    m_errorLabel = makeErrorLabel(this);
    layout->addWidget(m_errorLabel);
}

QString RanksPage::jobKey() const
{
    return m_jobEdit->text().trimmed();
}

void RanksPage::setJob(const QString& key, const QString& label)
{
    m_jobEdit->setText(key);
    const int index = m_labelBox->findData(label);
    m_labelBox->setCurrentIndex(index < 0 ? 0 : index);
    m_ranksRequest->invalidate();
}

void RanksPage::onLocationChanged()
{
    const Location& l = m_state->location();
    if (l.job < 0) {
        return;
    }
    const QString key = m_state->jobKey(l.job);
    if (!key.isEmpty() && key != jobKey()) {
        setJob(key, m_labelBox->currentData().toString());
    }
}

void RanksPage::onVocabularyChanged()
{
    const QString current = m_labelBox->currentData().toString();
    const QSignalBlocker block(m_labelBox);
    m_labelBox->clear();
    m_labelBox->addItem(tr("any"), QString());
    for (const QString& label : m_state->vocabulary().labels) {
        m_labelBox->addItem(label, label);
    }
    const int index = m_labelBox->findData(current);
    m_labelBox->setCurrentIndex(index < 0 ? 0 : index);
    m_hostsRequest->invalidate();
    m_ranksRequest->invalidate();
}

void RanksPage::onJobRanksReady(quint64 id, const JobRanks& ranks)
{
    if (!m_ranksRequest->isNewest(id)) {
        return;
    }
    m_ranksRequest->answered();
    m_error.clear();
    setJobRanks(ranks);
}

void RanksPage::onHostsReady(quint64 id, const HostsRanking& hosts)
{
    if (!m_hostsRequest->isNewest(id)) {
        return;
    }
    m_hostsRequest->answered();
    setHosts(hosts);
}

void RanksPage::onQueryFailed(quint64 id, const QString& message)
{
    if (m_ranksRequest->isNewest(id)) {
        m_ranksRequest->answered();
        m_hasRanks = false;
        m_ranks = {};
        // The service words a key under several labels for the command line; here the Label box
        // chooses.
        m_error = message;
        m_error.replace(QStringLiteral("choose one with --label"), tr("choose one in the Label box"));
        showAttempt();
    } else if (m_hostsRequest->isNewest(id)) {
        m_hostsRequest->answered();
        m_error = message;
        updateStatus();
    }
}

void RanksPage::setJobRanks(const JobRanks& ranks)
{
    m_ranks = ranks;
    m_hasRanks = true;
    const QSignalBlocker block(m_attemptBox);
    m_attemptBox->clear();
    for (const AttemptRanks& a : m_ranks.attempts) {
        m_attemptBox->addItem(tr("%1 (%2, %3)")
                                  .arg(a.attempt)
                                  .arg(tr("%Ln rank(s)", "", static_cast<int>(a.ranks.size())),
                                      tr("%Ln GPU(s)", "", static_cast<int>(a.gpus))));
    }
    // The first attempt with a stage of stragglers, else the first.
    m_attemptIndex = m_ranks.attempts.empty() ? -1 : 0;
    for (size_t i = 0; i < m_ranks.attempts.size(); ++i) {
        if (!m_ranks.attempts[i].stages.empty()) {
            m_attemptIndex = static_cast<int>(i);
            break;
        }
    }
    m_attemptBox->setCurrentIndex(m_attemptIndex);
    showAttempt();
}

void RanksPage::setAttemptIndex(int index)
{
    if (index < 0 || index >= static_cast<int>(m_ranks.attempts.size())) {
        return;
    }
    m_attemptIndex = index;
    const QSignalBlocker block(m_attemptBox);
    m_attemptBox->setCurrentIndex(index);
    showAttempt();
}

void RanksPage::setColour(RankHeatMap::Colour colour)
{
    const QSignalBlocker block(m_colourBox);
    m_colourBox->setCurrentIndex(colour == RankHeatMap::Colour::Time ? 0 : 1);
    m_heatMap->setColour(colour);
}

QString RanksPage::stagesNote() const
{
    return m_stagesNote->text();
}

QString RanksPage::hostsNote() const
{
    return m_hostsEmpty->isHidden() ? QString() : m_hostsEmpty->text();
}

void RanksPage::clearRanks()
{
    if (!m_hasRanks && m_error.isEmpty()) {
        return;
    }
    m_hasRanks = false;
    m_ranks = {};
    m_error.clear();
    m_attemptIndex = -1;
    m_attemptBox->clear();
    showAttempt();
}

void RanksPage::showAttempt()
{
    if (m_attemptIndex >= 0 && m_attemptIndex < static_cast<int>(m_ranks.attempts.size())) {
        const AttemptRanks& a = m_ranks.attempts[static_cast<size_t>(m_attemptIndex)];
        m_heatMap->setAttempt(a);
        QString note
            = tr("Attempt %1 of %2 (label '%3'), %4 on %5. ")
                  .arg(a.attempt)
                  .arg(qs(m_ranks.key), qs(m_ranks.label), tr("%Ln rank(s)", "", static_cast<int>(a.ranks.size())),
                      tr("%Ln GPU(s)", "", static_cast<int>(a.gpus)));
        if (a.stages.empty()) {
            note += tr("No stage was recorded by 2 ranks or more.");
        } else {
            note += tr("A column per stage; the outlined cell is its slowest rank. Hover a cell for its time and "
                       "excess over the median.");
        }
        m_stagesNote->setText(note);
        // The heat map's height when it needs less than most of the page; the hosts get the rest.
        const int total = m_split->height();
        const int needed = m_stagesNote->sizeHint().height() + m_heatMap->sizeHint().height() + 28;
        if (total > 0 && needed < total * 2 / 3) {
            m_split->setSizes({ needed, total - needed });
        }
    } else {
        m_heatMap->setAttempt({});
        if (!m_error.isEmpty() && !m_hasRanks) {
            m_stagesNote->setText(tr("No ranks shown."));
        } else if (m_hasRanks) {
            m_stagesNote->setText(tr("No attempt of %1 has per-rank phases.").arg(qs(m_ranks.key)));
        } else {
            m_stagesNote->setText(tr("Open a job (or type its key above) to see its ranks."));
        }
    }
    m_heatScroll->setVisible(m_heatMap->rows() > 0);
    m_attemptBox->setEnabled(m_attemptBox->count() > 0);
    updateStatus();
}

void RanksPage::setHosts(const HostsRanking& hosts)
{
    m_hostsModel->removeRows(0, m_hostsModel->rowCount());
    for (const core::HostStragglers& h : hosts.hosts) {
        const double hours = static_cast<double>(static_cast<long double>(h.excessGpuNs) / (3600.0L * 1e9L));
        m_hostsModel->appendRow({ cell(qs(h.host), qs(h.host), false),
            cell(formatCount(h.timesSlowest), QVariant::fromValue(static_cast<qlonglong>(h.timesSlowest)), true),
            cell(formatNumber(hours, 2), hours, true) });
    }
    m_hostsProxy->sort(
        m_hostsView->horizontalHeader()->sortIndicatorSection(), m_hostsView->horizontalHeader()->sortIndicatorOrder());
    m_hostsCaption->setToolTip(tr("%Ln attempt(s) with stages of 2 ranks or more, %1 (attempt, stage) pairs, %2 of "
                                  "them with no known host",
        "", static_cast<int>(hosts.attempts))
                                   .arg(hosts.pairs)
                                   .arg(hosts.pairsWithoutHost));
    m_hostsView->setHidden(hosts.hosts.empty());
    m_hostsEmpty->setVisible(hosts.hosts.empty());
    updateStatus();
}

bool RanksPage::isBusy() const
{
    return m_ranksRequest->isBusy() || m_hostsRequest->isBusy();
}

void RanksPage::updateStatus()
{
    m_busy->setVisible(isBusy());
    m_errorLabel->setText(m_error);
    m_errorLabel->setVisible(!m_error.isEmpty());
    m_status->setFullText(jobKey().isEmpty() ? tr("no job chosen") : tr("job %1").arg(jobKey()));
    if (!isBusy()) {
        emit dataShown();
    }
}

} // namespace ett::app
