#include "app/ui/widgets/job_search.h"

#include "app/ui/data/data_service.h"
#include "app/ui/data/types.h"
#include "app/ui/window/workbench_state.h"

#include <QAbstractItemView>
#include <QCompleter>
#include <QLocale>
#include <QStandardItemModel>
#include <QTimer>

#include <map>

namespace ett::app {

namespace {

constexpr int kDebounceMs = 150;
constexpr int kJobRole = Qt::UserRole + 1;
constexpr int kKeyRole = Qt::UserRole + 2;

} // namespace

JobSearch::JobSearch(WorkbenchState* state, DataService* service, QWidget* parent)
    : QLineEdit(parent)
    , m_state(state)
    , m_data(service)
    , m_debounce(new QTimer(this))
    , m_completer(new QCompleter(this))
    , m_model(new QStandardItemModel(this))
{
    setObjectName(QStringLiteral("jobSearch"));
    setPlaceholderText(tr("Find a job: key, name or attribute (Ctrl+F)"));
    setToolTip(tr("Find jobs by key, name or attribute value in every label; Enter opens the first match"));
    setClearButtonEnabled(true);
    setMinimumWidth(fontMetrics().averageCharWidth() * 36);
    setMaximumWidth(fontMetrics().averageCharWidth() * 48);
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(kDebounceMs);
    connect(m_debounce, &QTimer::timeout, this, &JobSearch::search);
    connect(this, &QLineEdit::textEdited, m_debounce, qOverload<>(&QTimer::start));
    // The matches come from the fleet, not from the text: the popup lists them all as they are.
    m_completer->setModel(m_model);
    m_completer->setCompletionMode(QCompleter::UnfilteredPopupCompletion);
    m_completer->setWidget(this);
    m_completer->popup()->setObjectName(QStringLiteral("jobSearchPopup"));
    m_completer->popup()->setMinimumWidth(fontMetrics().averageCharWidth() * 70);
    connect(m_completer, qOverload<const QModelIndex&>(&QCompleter::activated), this,
        [this](const QModelIndex& index) { openRow(index.row()); });
    connect(this, &QLineEdit::returnPressed, this, [this] {
        if (m_debounce->isActive()) {
            m_debounce->stop();
            search(); // opens nothing yet: the matches of what was typed are on their way
            return;
        }
        openRow(0);
    });
    connect(m_data, &DataService::jobsFound, this, &JobSearch::showMatches);
    connect(m_data, &DataService::queryFailed, this, [this](quint64 id, const QString& message) {
        if (id == m_request) {
            m_request = 0;
            m_model->clear();
            auto* item = new QStandardItem(tr("Search failed: %1").arg(message));
            item->setData(-1, kJobRole);
            item->setEnabled(false);
            m_model->appendRow(item);
            m_completer->complete();
        }
    });
}

void JobSearch::activate()
{
    setFocus(Qt::ShortcutFocusReason);
    selectAll();
}

void JobSearch::search()
{
    const QString query = text().trimmed();
    if (query.isEmpty() || !m_data->hasDatabase()) {
        m_request = 0;
        m_model->clear();
        m_completer->popup()->hide();
        return;
    }
    m_request = m_data->requestFindJobs(query, kListed, this);
}

void JobSearch::showMatches(quint64 id, const JobMatches& matches)
{
    if (id == 0 || id != m_request) {
        return; // stale: a newer search is on its way
    }
    m_request = 0;
    m_model->clear();
    // A key that several labels hold is ambiguous alone: those rows name their label.
    std::map<std::string, int> labelsOfKey;
    for (const JobMatch& m : matches.matches) {
        ++labelsOfKey[m.key];
    }
    const bool manyLabels = m_state->vocabulary().labels.size() > 1;
    for (const JobMatch& m : matches.matches) {
        QString text = qs(m.key);
        if (!m.name.empty()) {
            text += QStringLiteral("  —  ") + qs(m.name);
        }
        if (manyLabels || labelsOfKey[m.key] > 1) {
            text += QStringLiteral("  ·  ") + tr("label %1").arg(qs(m.label));
        }
        if (m.field != "key" && m.field != "name") {
            text += QStringLiteral("  ·  %1: %2").arg(qs(m.field), qs(m.value));
        }
        auto* item = new QStandardItem(text);
        item->setData(m.job, kJobRole);
        item->setData(qs(m.key), kKeyRole);
        item->setToolTip(text);
        m_model->appendRow(item);
    }
    const auto listed = static_cast<qint64>(matches.matches.size());
    const auto total = static_cast<qint64>(matches.total);
    QString note;
    if (total == 0) {
        note = tr("No job matches \"%1\" (keys, names and attribute values of every label)").arg(qs(matches.query));
    } else if (total > listed) {
        note = tr("%1 more: type more to narrow the search").arg(QLocale().toString(total - listed));
    }
    if (!note.isEmpty()) {
        auto* item = new QStandardItem(note);
        item->setData(-1, kJobRole);
        item->setFlags(Qt::NoItemFlags);
        m_model->appendRow(item);
    }
    m_completer->complete();
    emit matchesShown(static_cast<int>(listed), total);
}

void JobSearch::openRow(int row)
{
    if (row < 0 || row >= m_model->rowCount()) {
        return;
    }
    const QStandardItem* item = m_model->item(row);
    const int job = item->data(kJobRole).toInt();
    if (job < 0) {
        return;
    }
    m_completer->popup()->hide();
    m_state->openJob(job, item->data(kKeyRole).toString());
}

QStringList JobSearch::rowTexts() const
{
    QStringList out;
    for (int r = 0; r < m_model->rowCount(); ++r) {
        out << m_model->item(r)->text();
    }
    return out;
}

} // namespace ett::app
