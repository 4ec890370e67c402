#include "app/ui/page_widgets.h"

#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QTableWidget>

namespace ett::app {

QLabel* makePageTitle(const QString& text, QWidget* parent)
{
    auto* title = new QLabel(text, parent);
    QFont f = title->font();
    f.setPointSizeF(f.pointSizeF() * 1.35);
    f.setBold(true);
    title->setFont(f);
    return title;
}

QLabel* makeCaption(const QString& text, QWidget* parent)
{
    auto* l = new QLabel(text, parent);
    l->setStyleSheet(QStringLiteral("color: palette(mid); font-weight: 600;"));
    return l;
}

QLabel* makeStatusLabel(QWidget* parent)
{
    auto* status = new QLabel(parent);
    status->setObjectName(QStringLiteral("status"));
    status->setStyleSheet(QStringLiteral("color: palette(mid);"));
    status->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    return status;
}

QProgressBar* makeBusyBar(QWidget* parent, int width)
{
    auto* busy = new QProgressBar(parent);
    busy->setObjectName(QStringLiteral("busy"));
    busy->setRange(0, 0);
    busy->setTextVisible(false);
    busy->setFixedWidth(width);
    busy->setMaximumHeight(12);
    busy->hide();
    return busy;
}

QLabel* makeErrorLabel(QWidget* parent)
{
    auto* error = new QLabel(parent);
    error->setObjectName(QStringLiteral("error"));
    error->setWordWrap(true);
    error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    error->setStyleSheet(QStringLiteral("color: #c03900;"));
    error->hide();
    return error;
}

QTableWidget* makeTable(QWidget* parent, const QStringList& headers)
{
    auto* t = new QTableWidget(0, static_cast<int>(headers.size()), parent);
    t->setHorizontalHeaderLabels(headers);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setSelectionMode(QAbstractItemView::SingleSelection);
    t->setAlternatingRowColors(true);
    t->verticalHeader()->hide();
    t->verticalHeader()->setDefaultSectionSize(t->fontMetrics().height() + 6);
    t->horizontalHeader()->setHighlightSections(false);
    t->setWordWrap(false);
    return t;
}

QTableWidgetItem* makeCell(const QString& text, bool number)
{
    auto* item = new QTableWidgetItem(text);
    item->setTextAlignment(number ? (Qt::AlignRight | Qt::AlignVCenter) : (Qt::AlignLeft | Qt::AlignVCenter));
    return item;
}

} // namespace ett::app
