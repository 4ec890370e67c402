#include "app/ui/widgets/alerts_panel.h"

#include "app/ui/data/types.h"
#include "app/ui/format/figures_format.h"

#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace ett::app {

AlertsPanel::AlertsPanel(QWidget* parent)
    : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);
    m_view = new QTreeWidget(this);
    m_view->setObjectName(QStringLiteral("alertsView"));
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->setColumnCount(ColumnCount);
    // The figures next to what fired them; what it is about, of any length, last.
    m_view->setHeaderLabels(
        { tr("State"), tr("Fired (UTC)"), tr("Detector"), tr("Figure"), tr("Threshold"), tr("About") });
    m_view->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->header()->setStretchLastSection(true);
    layout->addWidget(m_view, 1);
    // A click or Enter opens the evidence.
    connect(m_view, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) {
        if (const Alert* a = alertAt(m_view->indexOfTopLevelItem(item))) {
            emit evidenceRequested(*a);
        }
    });
    connect(m_view, &QTreeWidget::itemClicked, this, [this](QTreeWidgetItem* item) {
        if (const Alert* a = alertAt(m_view->indexOfTopLevelItem(item))) {
            emit evidenceRequested(*a);
        }
    });
    rebuild();
}

QString AlertsPanel::detectorTitle(const std::string& detector)
{
    if (detector == "restart_storm") {
        return tr("restart storm");
    }
    if (detector == "stalled_progress") {
        return tr("stalled progress");
    }
    if (detector == "hang") {
        return tr("hang");
    }
    if (detector == "ett_drop") {
        return tr("ETT% drop");
    }
    if (detector == "slow_start") {
        return tr("slow start");
    }
    if (detector == "checkpoint_cost") {
        return tr("checkpoint cost");
    }
    return qs(detector);
}

QString AlertsPanel::figureText(double value, const std::string& unit)
{
    if (unit == "attempts") {
        const int n = static_cast<int>(std::lround(value));
        return tr("%Ln attempt(s)", nullptr, n);
    }
    if (unit == "seconds") {
        return formatDuration(static_cast<int64_t>(std::llround(value * 1e9)));
    }
    if (unit == "percent") {
        return formatPercent(value, 1);
    }
    if (unit == "seconds_per_hour") {
        return tr("%1 s per hour").arg(formatDecimal(value, 0));
    }
    return formatNumber(value, 2);
}

void AlertsPanel::addAlerts(const std::vector<Alert>& fired, const std::vector<Alert>& cleared)
{
    if (fired.empty() && cleared.empty()) {
        return;
    }
    const int before = openCount();
    for (const Alert& c : cleared) {
        for (Entry& e : m_entries) {
            if (e.open && e.alert.id == c.id) {
                e.open = false;
                e.clearedNs = c.atNs;
            }
        }
    }
    for (const Alert& f : fired) {
        m_entries.push_back(Entry { f, true, 0 });
    }
    // Open first, newest first; then cleared, most recently cleared first; only the recent ones.
    std::stable_sort(m_entries.begin(), m_entries.end(), [](const Entry& a, const Entry& b) {
        if (a.open != b.open) {
            return a.open;
        }
        return a.open ? a.alert.atNs > b.alert.atNs : a.clearedNs > b.clearedNs;
    });
    int kept = 0;
    std::erase_if(m_entries, [&kept](const Entry& e) { return !e.open && ++kept > kRecentCleared; });
    rebuild();
    if (openCount() != before) {
        emit openCountChanged(openCount());
    }
}

void AlertsPanel::clear()
{
    const bool hadOpen = openCount() > 0;
    m_entries.clear();
    rebuild();
    if (hadOpen) {
        emit openCountChanged(0);
    }
}

int AlertsPanel::openCount() const
{
    return static_cast<int>(std::count_if(m_entries.begin(), m_entries.end(), [](const Entry& e) { return e.open; }));
}

int AlertsPanel::rowCount() const
{
    return static_cast<int>(m_entries.size());
}

const Alert* AlertsPanel::alertAt(int row) const
{
    return row >= 0 && row < rowCount() ? &m_entries[static_cast<size_t>(row)].alert : nullptr;
}

void AlertsPanel::rebuild()
{
    m_view->clear();
    const QColor openColor(0xB0, 0x30, 0x00);
    for (const Entry& e : m_entries) {
        const Alert& a = e.alert;
        auto* item = new QTreeWidgetItem(m_view);
        item->setText(StateColumn, e.open ? tr("open") : tr("cleared"));
        item->setText(TimeColumn, formatUtc(a.atNs));
        item->setText(DetectorColumn, detectorTitle(a.detector));
        QString about;
        if (!a.job.empty()) {
            about = a.attempt ? tr("job %1 (%2), attempt %3").arg(qs(a.job), qs(a.label)).arg(*a.attempt)
                              : tr("job %1 (%2)").arg(qs(a.job), qs(a.label));
        } else {
            // A label's scope in the window's language; an attribute's value within a label ("label
            // live, team ads") with its attribute and value as given.
            const std::string labelScope = "label " + a.label;
            if (a.scope.empty() || a.scope == labelScope) {
                about = tr("label %1").arg(qs(a.label));
            } else if (a.scope.starts_with(labelScope + ", ")) {
                about = tr("label %1, %2").arg(qs(a.label), qs(a.scope.substr(labelScope.size() + 2)));
            } else {
                about = qs(a.scope);
            }
        }
        item->setText(SubjectColumn, about);
        item->setText(FigureColumn, figureText(a.value, a.unit));
        item->setText(ThresholdColumn, figureText(a.threshold, a.unit));
        item->setTextAlignment(FigureColumn, Qt::AlignRight | Qt::AlignVCenter);
        item->setTextAlignment(ThresholdColumn, Qt::AlignRight | Qt::AlignVCenter);
        QString tip = qs(a.message) + QLatin1Char('\n') + tr("Evidence: %1").arg(qs(a.evidence));
        if (!e.open) {
            tip += QLatin1Char('\n') + tr("Cleared at %1 UTC").arg(formatUtc(e.clearedNs));
        }
        tip += QLatin1Char('\n')
            + (a.job.empty() ? tr("Click to show the label's overview.") : tr("Click to open the job."));
        for (int c = 0; c < ColumnCount; ++c) {
            item->setToolTip(c, tip);
        }
        if (e.open) {
            item->setForeground(StateColumn, openColor);
            QFont bold = item->font(StateColumn);
            bold.setBold(true);
            item->setFont(StateColumn, bold);
        }
    }
    const int open = openCount();
    m_summary->setText(m_entries.empty()
            ? tr("No alert so far. Alerts of the watched folders appear here (File > Watch folder).")
            : tr("%Ln open alert(s)", nullptr, open) + QStringLiteral(" · ")
                + tr("%Ln cleared", nullptr, rowCount() - open));
}

} // namespace ett::app
