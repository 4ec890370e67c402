#include "app/ui/models/table_views.h"

#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QTableView>

namespace ett::app {

void setUpSortProxy(QSortFilterProxyModel* proxy, QAbstractItemModel* source, int sortRole)
{
    proxy->setSourceModel(source);
    proxy->setSortRole(sortRole);
    proxy->setSortCaseSensitivity(Qt::CaseInsensitive);
    proxy->setDynamicSortFilter(true);
}

void setUpTableView(QTableView* view, QSortFilterProxyModel* proxy)
{
    view->setModel(proxy);
    view->setSortingEnabled(true);
    view->setAlternatingRowColors(true);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->setWordWrap(false);
    view->setTextElideMode(Qt::ElideMiddle);
    view->verticalHeader()->hide();
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 8);
    view->horizontalHeader()->setHighlightSections(false);
    view->horizontalHeader()->setResizeContentsPrecision(200);
    view->horizontalHeader()->setDefaultAlignment(Qt::AlignRight | Qt::AlignVCenter);
}

QLabel* makeMessageLabel(QWidget* parent)
{
    auto* label = new QLabel(parent);
    label->setAlignment(Qt::AlignCenter);
    label->setWordWrap(true);
    QFont big = label->font();
    big.setPointSizeF(big.pointSizeF() * 1.15);
    label->setFont(big);
    label->setStyleSheet(QStringLiteral("color: palette(mid);"));
    return label;
}

} // namespace ett::app
