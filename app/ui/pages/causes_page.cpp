#include "app/ui/pages/causes_page.h"

#include "app/ui/data/data_service.h"
#include "app/ui/dialogs/cause_rule_dialog.h"
#include "app/ui/format/figures_format.h"
#include "app/ui/format/palette.h"
#include "app/ui/pages/page_request.h"
#include "app/ui/widgets/elided_label.h"
#include "app/ui/window/workbench_state.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableWidget>
#include <QTreeView>
#include <QVBoxLayout>

namespace ett::app {

namespace {

constexpr int kCausesSortRole = Qt::UserRole + 1;

const std::array<core::Symptom, core::kSymptomCount> kSymptomColumns = { core::Symptom::Explicit, core::Symptom::Hang,
    core::Symptom::Degradation, core::Symptom::Numeric, core::Symptom::None };

QStandardItem* cell(const QString& text, const QVariant& sortValue, Qt::Alignment align = Qt::AlignRight)
{
    auto* item = new QStandardItem(text);
    item->setData(sortValue, kCausesSortRole);
    item->setData(QVariant::fromValue(int(align | Qt::AlignVCenter)), Qt::TextAlignmentRole);
    item->setEditable(false);
    return item;
}

QList<QStandardItem*> rowOf(const QString& name, const core::CauseFigures& f, int64_t total, bool bold)
{
    const auto share = f.shareOf(total);
    const double lostH = nsToHours(f.lostGpuNs);
    const auto mean = f.meanTtrNs();
    QList<QStandardItem*> row {
        cell(name, name, Qt::AlignLeft),
        cell(formatCount(f.count), qlonglong(f.count)),
        cell(formatPercent(share ? std::optional<double>(*share * 100.0) : std::nullopt), share.value_or(-1.0)),
        cell(formatCount(f.failures), qlonglong(f.failures)),
        cell(formatCount(f.preemptions), qlonglong(f.preemptions)),
        cell(formatCount(f.otherInterruptions), qlonglong(f.otherInterruptions)),
        cell(formatHours(lostH, QString()), lostH),
        cell(formatDuration(mean), mean ? QVariant(qlonglong(*mean)) : QVariant(qlonglong(-1))),
    };
    for (core::Symptom s : kSymptomColumns) {
        const int64_t n = f.bySymptom[static_cast<size_t>(s)];
        row.append(cell(formatCount(n), qlonglong(n)));
    }
    row[CausesPage::MeanTtrColumn]->setToolTip(QObject::tr(
        "Mean over %1 of %Ln interruption(s): the others never trained again", "", static_cast<int>(f.count))
                                                   .arg(formatCount(f.ttrCount)));
    if (bold) {
        for (auto* item : row) {
            QFont font = item->font();
            font.setBold(true);
            item->setFont(font);
        }
    }
    return row;
}

QString ruleMatchText(const core::CauseRule& r)
{
    QStringList parts;
    if (r.cause) {
        parts
            << QObject::tr("cause %1").arg(r.cause->empty() ? QObject::tr("(none)") : QString::fromStdString(*r.cause));
    }
    if (r.symptom) {
        parts << QObject::tr("symptom %1").arg(symptomLabel(*r.symptom));
    }
    if (r.detail) {
        parts << QObject::tr("detail /%1/").arg(QString::fromStdString(*r.detail));
    }
    return parts.join(QStringLiteral(", "));
}

} // namespace

CausesPage::CausesPage(WorkbenchState* state, DataService* service, QWidget* parent)
    : QWidget(parent)
    , m_state(state)
    , m_data(service)
{
    m_request = new PageRequest(this, service, [this] { return m_data->requestCauses(m_state->filter(), this); });
    buildUi();
    connect(m_request, &PageRequest::asked, this, [this] { m_busy->setVisible(true); });
    connect(m_state, &WorkbenchState::filterChanged, m_request, &PageRequest::invalidate);
    connect(m_state, &WorkbenchState::vocabularyChanged, m_request, &PageRequest::invalidate);
    connect(m_state, &WorkbenchState::dataRefreshed, m_request, &PageRequest::invalidate);
    if (m_data) {
        connect(m_data, &DataService::causesReady, this, [this](quint64 id, const CausesData& data) {
            if (m_request->isNewest(id)) {
                setData(data);
            }
        });
        connect(m_data, &DataService::causeRulesChanged, this, [this](quint64 id, const RulesChanged& change) {
            if (id != m_change) {
                return;
            }
            m_change = 0;
            emit statusMessage(tr("Cause rules changed: %1 changed cause, %2 derived again")
                                   .arg(tr("%Ln interruption(s)", "", static_cast<int>(change.attemptsChanged)),
                                       tr("%Ln job(s)", "", static_cast<int>(change.jobsRederived))));
            m_shown.savedSets = change.savedSets;
            updateButtons();
            emit undoChanged();
            m_request->invalidate();
        });
        connect(m_data, &DataService::queryFailed, this, [this](quint64 id, const QString& message) {
            if (id == m_change) {
                m_change = 0;
                updateButtons();
                emit statusMessage(tr("The cause rules were not changed: %1").arg(message));
                showMessage(tr("The cause rules were not changed:\n%1").arg(message));
                return;
            }
            if (m_request->isNewest(id)) {
                m_request->answered();
                m_busy->setVisible(false);
                showMessage(tr("The causes could not be computed:\n%1").arg(message));
            }
        });
    }
    showMessage(m_data && m_data->hasDatabase() ? QString() : tr("No data yet: open a database or import traces."));
}

void CausesPage::buildUi()
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 8, 10, 6);
    layout->setSpacing(6);

    // 1. Header: title, what is shown, a busy bar.
    auto* header = new QHBoxLayout;
    auto* title = new QLabel(tr("Interruptions by cause"), this);
    QFont tf = title->font();
    tf.setPointSizeF(tf.pointSizeF() * 1.35);
    tf.setBold(true);
    title->setFont(tf);
    header->addWidget(title);
    header->addSpacing(8);
    m_subtitle = new ElidedLabel(this);
    m_subtitle->setObjectName(QStringLiteral("causesSubtitle"));
    m_subtitle->setElideMode(Qt::ElideRight);
    m_subtitle->setStyleSheet(QStringLiteral("color: palette(mid);"));
    header->addWidget(m_subtitle, 1);
    m_busy = new QProgressBar(this);
    m_busy->setRange(0, 0);
    m_busy->setMaximumWidth(120);
    m_busy->setVisible(false);
    header->addWidget(m_busy);
    layout->addLayout(header);

    auto* split = new QSplitter(Qt::Vertical, this);
    split->setChildrenCollapsible(false);

    // 2. The tree of classes and causes, sortable.
    auto* top = new QWidget(split);
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    m_message = new QLabel(top);
    m_message->setAlignment(Qt::AlignCenter);
    m_message->setWordWrap(true);
    topLayout->addWidget(m_message);
    m_model = new QStandardItemModel(this);
    m_model->setHorizontalHeaderLabels(
        { tr("Cause"), tr("Interruptions"), tr("Share"), tr("Failures"), tr("Preempt."), tr("Other"), tr("Lost GPU-h"),
            tr("Mean TTR"), tr("Explicit"), tr("Hang"), tr("Degrad."), tr("Numeric"), tr("No symptom") });
    m_model->horizontalHeaderItem(LostColumn)
        ->setToolTip(tr("(Lost progress + Time to Recover where defined) x the attempt's GPUs"));
    m_model->horizontalHeaderItem(MeanTtrColumn)
        ->setToolTip(tr("Mean Time to Recover, over the interruptions after which the job trained again"));
    m_model->horizontalHeaderItem(FailuresColumn)->setToolTip(tr("Counted in Number of Failures (spec 5.4)"));
    for (int c = ExplicitColumn; c <= NoSymptomColumn; ++c) {
        m_model->horizontalHeaderItem(c)->setToolTip(tr("Interruptions with this symptom: how the cause showed"));
    }
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(kCausesSortRole);
    m_tree = new QTreeView(top);
    m_tree->setObjectName(QStringLiteral("causesTree"));
    m_tree->setModel(m_proxy);
    m_tree->setSortingEnabled(true);
    m_tree->sortByColumn(CountColumn, Qt::DescendingOrder);
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->header()->setStretchLastSection(false);
    topLayout->addWidget(m_tree, 1);
    split->addWidget(top);

    // 3. The rules in force, with their buttons.
    auto* bottom = new QWidget(split);
    auto* bottomLayout = new QVBoxLayout(bottom);
    bottomLayout->setContentsMargins(0, 4, 0, 0);
    m_rulesTitle = new QLabel(bottom);
    m_rulesTitle->setWordWrap(true);
    bottomLayout->addWidget(m_rulesTitle);
    auto* row = new QHBoxLayout;
    m_rules = new QTableWidget(0, 6, bottom);
    m_rules->setObjectName(QStringLiteral("rulesTable"));
    m_rules->setHorizontalHeaderLabels(
        { tr("#"), tr("Matches (imported values)"), tr("Sets cause"), tr("Moved here"), tr("In database"), tr("") });
    m_rules->setColumnHidden(5, true);
    m_rules->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_rules->setSelectionMode(QAbstractItemView::SingleSelection);
    m_rules->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_rules->verticalHeader()->setVisible(false);
    m_rules->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_rules->horizontalHeader()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    connect(m_rules, &QTableWidget::itemSelectionChanged, this, &CausesPage::updateButtons);
    connect(m_rules, &QTableWidget::cellDoubleClicked, this, [this](int r, int) { editRule(r); });
    row->addWidget(m_rules, 1);
    auto* buttons = new QVBoxLayout;
    m_add = new QPushButton(tr("Add..."), bottom);
    m_edit = new QPushButton(tr("Edit..."), bottom);
    m_remove = new QPushButton(tr("Remove"), bottom);
    m_up = new QPushButton(tr("Up"), bottom);
    m_down = new QPushButton(tr("Down"), bottom);
    m_add->setToolTip(tr("Add a rule at the end and save the set (Edit > Undo restores the one before)"));
    m_up->setToolTip(tr("Try this rule earlier: the first rule that matches sets the cause"));
    for (auto* b : { m_add, m_edit, m_remove, m_up, m_down }) {
        buttons->addWidget(b);
    }
    buttons->addStretch(1);
    row->addLayout(buttons);
    bottomLayout->addLayout(row, 1);
    split->addWidget(bottom);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    split->setSizes({ 3000, 1000 }); // the tree the larger part; the user moves it from there
    m_rules->setMinimumHeight(110);
    layout->addWidget(split, 1);

    connect(m_add, &QPushButton::clicked, this, [this] { editRule(-1); });
    connect(m_edit, &QPushButton::clicked, this, [this] { editRule(selectedRule()); });
    connect(m_remove, &QPushButton::clicked, this, &CausesPage::removeRule);
    connect(m_up, &QPushButton::clicked, this, [this] { moveRule(-1); });
    connect(m_down, &QPushButton::clicked, this, [this] { moveRule(1); });
    fillRules();
    updateButtons();
}

bool CausesPage::isBusy() const
{
    return m_request->isBusy();
}

void CausesPage::refresh()
{
    m_request->ask();
}

void CausesPage::showMessage(const QString& text)
{
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
    m_tree->setVisible(text.isEmpty());
}

void CausesPage::setData(const CausesData& data)
{
    m_request->answered();
    m_busy->setVisible(false);
    m_hasData = true;
    m_shown = data;
    fillTree();
    fillRules();
    updateButtons();
    emit undoChanged();
    emit causesShown();
}

void CausesPage::fillTree()
{
    const auto& t = m_shown.table;
    m_model->removeRows(0, m_model->rowCount());
    const int64_t total = t.total.count;
    for (const auto& c : t.classes) {
        const QString name = causeClassLabel(c.causeClass);
        QList<QStandardItem*> parent = rowOf(name, c.figures, total, true);
        const bool onlyItself = c.causes.size() == 1 && c.causes[0].cause == c.causeClass;
        if (!onlyItself) {
            for (const auto& r : c.causes) {
                parent[0]->appendRow(rowOf(QString::fromStdString(r.cause), r.figures, total, false));
            }
        }
        m_model->appendRow(parent);
    }
    m_tree->expandAll();
    for (int c = 0; c < ColumnCount; ++c) {
        m_tree->resizeColumnToContents(c);
    }
    m_tree->setColumnWidth(CauseColumn, std::max(m_tree->columnWidth(CauseColumn), 200));
    // Spec 7.4: excluded windows take time out of the overview's buckets, not out of this table; said
    // beside the lost GPU-hours, early enough in the line to survive its elision.
    const QString summary = m_state->filter().excluded.empty()
        ? tr("%1 (%2) · %3 lost · %4")
        : tr("%1 (%2) · %3 lost, excluded windows counted in full · %4");
    m_subtitle->setFullText(total == 0
            ? tr("no interruptions in the filter")
            : summary.arg(tr("%Ln interruption(s)", "", static_cast<int>(total)),
                interruptionSplitText(t.total.failures, t.total.preemptions, t.total.otherInterruptions, true),
                formatHours(nsToHours(t.total.lostGpuNs), QStringLiteral("GPU-h")),
                tr("%Ln re-classified by the rules below", "", static_cast<int>(m_shown.reclassified))));
    showMessage(total == 0 ? tr("No interruptions (failed or preempted attempts) in the filter.") : QString());
}

void CausesPage::fillRules()
{
    const auto& rules = m_shown.rules.rules;
    m_rules->setRowCount(static_cast<int>(rules.size()));
    for (size_t i = 0; i < rules.size(); ++i) {
        const core::CauseRule& r = rules[i];
        const int row = static_cast<int>(i);
        auto set = [&](int col, const QString& text, Qt::Alignment align) {
            auto* item = new QTableWidgetItem(text);
            item->setTextAlignment(align | Qt::AlignVCenter);
            m_rules->setItem(row, col, item);
        };
        set(0, QString::number(row + 1), Qt::AlignRight);
        set(1, ruleMatchText(r), Qt::AlignLeft);
        set(2, QString::fromStdString(r.setCause), Qt::AlignLeft);
        set(3, formatCount(i < m_shown.movedInScope.size() ? m_shown.movedInScope[i] : 0), Qt::AlignRight);
        set(4, formatCount(i < m_shown.movedInDocument.size() ? m_shown.movedInDocument[i] : 0), Qt::AlignRight);
    }
    m_rules->resizeColumnToContents(0);
    m_rules->resizeColumnToContents(3);
    m_rules->resizeColumnToContents(4);
    m_rulesTitle->setText(m_shown.onStore
            ? tr("<b>Cause rules</b>: a fleet store keeps none; causes are as pushed (after the rules in force in "
                 "each database pushed). Open the database to re-classify them.")
            : rules.empty()
            ? tr("<b>Cause rules</b>: none in force, causes are as imported. Add a rule to re-classify "
                 "interruptions (an NCCL timeout logged as unknown, say): every view follows, no re-import.")
            : tr("<b>Cause rules</b> in force (saved %1; the first that matches sets the cause; Edit > Undo "
                 "restores the set before)")
                  .arg(QString::fromStdString(m_shown.savedAt.value_or(""))));
}

int CausesPage::selectedRule() const
{
    const auto rows = m_rules->selectionModel()->selectedRows();
    return rows.isEmpty() ? -1 : rows.first().row();
}

void CausesPage::updateButtons()
{
    const bool can = m_data && m_data->hasDatabase() && !m_data->isStore() && m_hasData && m_change == 0;
    const int sel = selectedRule();
    const int n = m_rules->rowCount();
    m_add->setEnabled(can);
    m_edit->setEnabled(can && sel >= 0);
    m_remove->setEnabled(can && sel >= 0);
    m_up->setEnabled(can && sel > 0);
    m_down->setEnabled(can && sel >= 0 && sel + 1 < n);
}

void CausesPage::editRule(int row)
{
    auto& rules = m_shown.rules.rules;
    const bool adding = row < 0 || row >= static_cast<int>(rules.size());
    CauseRuleDialog dialog(adding ? core::CauseRule {} : rules[static_cast<size_t>(row)], this);
    if (dialog.exec() != QDialog::Accepted) {
        return;
    }
    auto edited = dialog.rule();
    if (!edited) {
        return;
    }
    core::CauseRules next = m_shown.rules;
    if (adding) {
        next.rules.push_back(std::move(*edited));
    } else {
        next.rules[static_cast<size_t>(row)] = std::move(*edited);
    }
    saveRules(next);
}

void CausesPage::removeRule()
{
    const int row = selectedRule();
    if (row < 0) {
        return;
    }
    core::CauseRules next = m_shown.rules;
    next.rules.erase(next.rules.begin() + row);
    saveRules(next);
}

void CausesPage::moveRule(int by)
{
    const int row = selectedRule();
    const int to = row + by;
    if (row < 0 || to < 0 || to >= static_cast<int>(m_shown.rules.rules.size())) {
        return;
    }
    core::CauseRules next = m_shown.rules;
    std::swap(next.rules[static_cast<size_t>(row)], next.rules[static_cast<size_t>(to)]);
    saveRules(next);
}

void CausesPage::saveRules(const core::CauseRules& rules)
{
    if (!m_data || m_change != 0) {
        return;
    }
    m_change = m_data->changeCauseRules(rules);
    m_busy->setVisible(true);
    updateButtons();
    emit statusMessage(tr("Saving the cause rules and deriving the figures again..."));
}

bool CausesPage::canUndoRuleChange() const
{
    return m_data && m_hasData && m_change == 0 && m_shown.savedSets > 0;
}

void CausesPage::undoRuleChange()
{
    if (!canUndoRuleChange()) {
        return;
    }
    m_change = m_data->changeCauseRules(std::nullopt);
    m_busy->setVisible(true);
    updateButtons();
    emit undoChanged();
    emit statusMessage(tr("Restoring the cause rules saved before..."));
}

} // namespace ett::app
