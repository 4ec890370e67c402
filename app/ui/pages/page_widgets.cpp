#include "app/ui/pages/page_widgets.h"

#include "app/ui/export/table_export.h"
#include "app/ui/widgets/elided_label.h"

#include <QCheckBox>
#include <QDateTimeEdit>
#include <QFrame>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QHelpEvent>
#include <QLabel>
#include <QProgressBar>
#include <QSpinBox>
#include <QTableView>
#include <QTableWidget>
#include <QTimeZone>
#include <QToolTip>
#include <QVBoxLayout>

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

ElidedLabel* makeStatusLabel(QWidget* parent)
{
    auto* status = new ElidedLabel(parent);
    status->setElideMode(Qt::ElideRight);
    status->setObjectName(QStringLiteral("status"));
    status->setStyleSheet(QStringLiteral("color: palette(mid);"));
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

Card makeCard(QWidget* parent, int margin, bool largeValue)
{
    Card card;
    card.frame = new QFrame(parent);
    card.frame->setObjectName(QStringLiteral("card"));
    auto* l = new QVBoxLayout(card.frame);
    l->setContentsMargins(10, margin, 10, margin);
    l->setSpacing(1);
    card.title = new QLabel(card.frame);
    card.title->setObjectName(QStringLiteral("cardTitle"));
    // Titles wrap on a narrow window rather than widen the page beyond it or be cut.
    card.title->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    card.title->setWordWrap(true);
    card.value = new QLabel(card.frame);
    card.value->setObjectName(QStringLiteral("cardValue"));
    card.value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    if (largeValue) {
        QFont vf = card.value->font();
        vf.setPointSizeF(vf.pointSizeF() * 1.6);
        vf.setBold(true);
        card.value->setFont(vf);
    }
    card.detail = new QLabel(card.frame);
    card.detail->setObjectName(QStringLiteral("cardDetail"));
    card.detail->setWordWrap(true);
    l->addWidget(card.title);
    l->addWidget(card.value);
    l->addWidget(card.detail);
    return card;
}

QString CardSet::title(const QString& id) const
{
    const auto it = m_cards.find(id);
    return it == m_cards.end() ? QString() : it->title->text();
}

QString CardSet::value(const QString& id) const
{
    const auto it = m_cards.find(id);
    return it == m_cards.end() ? QString() : it->value->text();
}

QString CardSet::detail(const QString& id) const
{
    const auto it = m_cards.find(id);
    return it == m_cards.end() ? QString() : it->detail->text();
}

void styleTable(QTableView* t)
{
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setSelectionMode(QAbstractItemView::SingleSelection);
    t->setAlternatingRowColors(true);
    t->verticalHeader()->hide();
    t->verticalHeader()->setDefaultSectionSize(t->fontMetrics().height() + 6);
    t->horizontalHeader()->setHighlightSections(false);
    t->setWordWrap(false);
}

QTableWidget* makeTable(QWidget* parent, const QStringList& headers)
{
    auto* t = new QTableWidget(0, static_cast<int>(headers.size()), parent);
    t->setHorizontalHeaderLabels(headers);
    styleTable(t);
    return t;
}

QTableWidgetItem* makeCell(const QString& text, bool number)
{
    auto* item = new QTableWidgetItem(text);
    item->setTextAlignment(number ? (Qt::AlignRight | Qt::AlignVCenter) : (Qt::AlignLeft | Qt::AlignVCenter));
    return item;
}

QTableWidgetItem* makeExactCell(const QString& text, const QVariant& exact, bool number)
{
    QTableWidgetItem* item = makeCell(text, number);
    if (exact.isValid()) {
        item->setData(ExportValueRole, exact);
    }
    return item;
}

bool handleToolTipEvent(QWidget* widget, QEvent* event, const std::function<QString(QPoint)>& textAt)
{
    if (event->type() != QEvent::ToolTip) {
        return false;
    }
    auto* help = static_cast<QHelpEvent*>(event);
    const QString text = textAt(help->pos());
    if (text.isEmpty()) {
        QToolTip::hideText();
        event->ignore();
    } else {
        QToolTip::showText(help->globalPos(), text, widget);
    }
    return true;
}

QFrame* makeSeparator(QWidget* parent)
{
    auto* line = new QFrame(parent);
    line->setFrameShape(QFrame::VLine);
    line->setFrameShadow(QFrame::Sunken);
    return line;
}

QDateTimeEdit* makeUtcEdit(QWidget* parent)
{
    auto* e = new QDateTimeEdit(parent);
#if QT_VERSION >= QT_VERSION_CHECK(6, 7, 0)
    e->setTimeZone(QTimeZone::utc());
#else
    e->setTimeSpec(Qt::UTC);
#endif
    e->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm"));
    e->setCalendarPopup(true);
    return e;
}

RangeControls addRangeControls(QHBoxLayout* row, QWidget* parent, const QString& allTimeTip)
{
    RangeControls c;
    c.allTime = new QCheckBox(QObject::tr("All time"), parent);
    c.allTime->setObjectName(QStringLiteral("allTime"));
    c.allTime->setToolTip(allTimeTip);
    row->addWidget(c.allTime);
    c.from = makeUtcEdit(parent);
    c.from->setObjectName(QStringLiteral("from"));
    c.from->setToolTip(QObject::tr("From (inclusive, UTC)"));
    c.to = makeUtcEdit(parent);
    c.to->setObjectName(QStringLiteral("to"));
    c.to->setToolTip(QObject::tr("To (exclusive, UTC)"));
    row->addWidget(c.from);
    row->addWidget(new QLabel(QStringLiteral("–"), parent));
    row->addWidget(c.to);
    row->addWidget(new QLabel(QObject::tr("UTC"), parent));
    row->addWidget(makeSeparator(parent));

    row->addWidget(makeCaption(QObject::tr("GPUs"), parent));
    const auto gpuBox = [&](const char* name, const QString& tip) {
        auto* box = new QSpinBox(parent);
        box->setObjectName(QString::fromLatin1(name));
        box->setSpecialValueText(QObject::tr("any"));
        box->setKeyboardTracking(false);
        box->setToolTip(tip);
        return box;
    };
    c.minGpus = gpuBox("minGpus", QObject::tr("Fewest GPUs of a job (\"any\": no lower bound)"));
    c.maxGpus = gpuBox("maxGpus", QObject::tr("Most GPUs of a job (\"any\": no upper bound)"));
    row->addWidget(c.minGpus);
    row->addWidget(new QLabel(QStringLiteral("–"), parent));
    row->addWidget(c.maxGpus);
    return c;
}

} // namespace ett::app
