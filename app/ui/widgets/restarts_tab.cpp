#include "app/ui/widgets/restarts_tab.h"

#include "app/ui/models/restarts_model.h"
#include "core/model/job_timeline.h"

#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace ett::app {

RestartsTab::RestartsTab(QWidget* parent)
    : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->setSpacing(4);
    m_note = new QLabel(this);
    m_note->setWordWrap(true);
    m_note->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_note);
    m_model = new RestartsModel(this);
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(RestartsModel::kSortRole);
    m_view = new QTableView(this);
    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(RestartsModel::AttemptColumn, Qt::AscendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    m_view->horizontalHeader()->setHighlightSections(false);
    m_view->horizontalHeader()->setStretchLastSection(true);
    layout->addWidget(m_view, 1);
}

void RestartsTab::setTimeline(const core::JobTimeline& timeline)
{
    auto restarts = core::restartsOf(timeline);
    if (!restarts) {
        m_model->setRestarts({});
        m_note->setText(tr("The restarts cannot be shown: %1").arg(QString::fromStdString(restarts.error().message)));
        return;
    }
    m_model->setRestarts(std::move(*restarts));
    QString note = m_model->growthSummary();
    if (m_model->restarts().noCheckpointData) {
        note += tr(" No checkpoint records: lost progress is unknown (shown as 0).");
    }
    m_note->setText(note);
    m_view->resizeColumnsToContents();
}

QString RestartsTab::note() const
{
    return m_note->text();
}

QString RestartsTab::tabText() const
{
    const int rows = m_model->rowCount();
    return tr("Restarts (%1)").arg(rows > 0 ? rows - 1 : 0);
}

} // namespace ett::app
