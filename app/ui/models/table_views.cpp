#include "app/ui/models/table_views.h"

#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QStyle>
#include <QTableView>

namespace ett::app {

namespace {

// A sortable header sizes each section for its text plus room for the sort arrow, and QHeaderView
// makes that room as wide as the section is tall: a header of two-line titles ("Waste at\ncurrent")
// gave every column a second line's height of nothing. The style draws the arrow half as wide as
// the section is tall, beside the title, two margins apart (QCommonStyle's SE_HeaderLabel): that
// much is reserved here, whatever the number of lines.
class SortHeader final : public QHeaderView
{
public:
    explicit SortHeader(QWidget* parent)
        : QHeaderView(Qt::Horizontal, parent)
    {
    }

protected:
    QSize sectionSizeFromContents(int logicalIndex) const override
    {
        QSize size = QHeaderView::sectionSizeFromContents(logicalIndex);
        if (isSortIndicatorShown()) {
            const int margin = style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, this);
            size.rwidth() += -(size.height() + margin) + size.height() / 2 + 3 * margin;
        }
        return size;
    }
};

} // namespace

void setUpSortProxy(QSortFilterProxyModel* proxy, QAbstractItemModel* source, int sortRole)
{
    proxy->setSourceModel(source);
    proxy->setSortRole(sortRole);
    proxy->setSortCaseSensitivity(Qt::CaseInsensitive);
    proxy->setDynamicSortFilter(true);
}

void setUpTableView(QTableView* view, QSortFilterProxyModel* proxy)
{
    view->setHorizontalHeader(new SortHeader(view));
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
