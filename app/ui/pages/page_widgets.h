// The pieces the pages build alike, in one house style: a page's title, its status line, busy bar
// and error line, grey captions over controls (also the filter bar's), and read-only tables of
// figures (Compare, What-if).
// GUI thread only; the parent owns what is made.
#pragma once

#include <QMap>
#include <QPoint>
#include <QString>
#include <QStringList>

#include <functional>

class QCheckBox;
class QDateTimeEdit;
class QEvent;
class QFrame;
class QHBoxLayout;
class QLabel;
class QProgressBar;
class QSpinBox;
class QTableView;
class QTableWidget;
class QTableWidgetItem;
class QVariant;
class QWidget;

namespace ett::app {

class ElidedLabel;

// The page's name at the top left: bold, a third larger than the text.
QLabel* makePageTitle(const QString& text, QWidget* parent);
// A grey, semi-bold caption over or beside controls ("Cohort", "Match jobs by").
QLabel* makeCaption(const QString& text, QWidget* parent);
// A grey line saying what is shown or being done ("status"); it gives up width before the controls do,
// cut at the right with an ellipsis (whole in its tooltip). Set its text with setFullText().
ElidedLabel* makeStatusLabel(QWidget* parent);
// An indeterminate busy bar ("busy"), hidden until a request is out.
QProgressBar* makeBusyBar(QWidget* parent, int width);
// A red, wrapped, selectable line for what went wrong ("error"), hidden while there is nothing.
QLabel* makeErrorLabel(QWidget* parent);

// For a custom widget's event(): on a tool tip event, shows textAt(the pointer's position) as the
// widget's tool tip, or hides any tip and lets the event go when it is empty. True when `event`
// was a tool tip event (handled); else the widget's base event() takes it.
bool handleToolTipEvent(QWidget* widget, QEvent* event, const std::function<QString(QPoint)>& textAt);

// A vertical line between groups of controls in a row.
QFrame* makeSeparator(QWidget* parent);
// A date-time editor in UTC, to the minute, with a calendar.
QDateTimeEdit* makeUtcEdit(QWidget* parent);

// The time and GPU-count range of a filter (the filter bar's and a cohort's), appended to a row:
// "All time" [from] – [to] UTC | GPUs [min] – [max]. Named for tests ("allTime", "from", "to",
// "minGpus", "maxGpus"); the spin boxes show "any" at their special value.
struct RangeControls
{
    QCheckBox* allTime = nullptr;
    QDateTimeEdit* from = nullptr;
    QDateTimeEdit* to = nullptr;
    QSpinBox* minGpus = nullptr;
    QSpinBox* maxGpus = nullptr;
};
RangeControls addRangeControls(QHBoxLayout* row, QWidget* parent, const QString& allTimeTip);

// A headline card ("card"): a title ("cardTitle", wrapped rather than widen the page), a value
// ("cardValue", selectable; a third larger and bold when `largeValue`) and a wrapped detail
// ("cardDetail"), stacked in the frame with `margin` pixels above and below.
struct Card
{
    QFrame* frame = nullptr;
    QLabel* title = nullptr;
    QLabel* value = nullptr;
    QLabel* detail = nullptr;
};
Card makeCard(QWidget* parent, int margin, bool largeValue = true);

// A page's cards by id, and their texts as shown (empty for an unknown id).
class CardSet
{
public:
    void insert(const QString& id, const Card& card) { m_cards.insert(id, card); }
    Card& operator[](const QString& id) { return m_cards[id]; }
    QString title(const QString& id) const;
    QString value(const QString& id) const;
    QString detail(const QString& id) const;

private:
    QMap<QString, Card> m_cards;
};

// The house style of read-only tables: whole-row, single selections, alternating rows, compact
// rows, no word wrap, no row numbers, headers not highlighted.
void styleTable(QTableView* table);
// A table in that style.
QTableWidget* makeTable(QWidget* parent, const QStringList& headers);
// A cell: numbers right-aligned, text left-aligned.
QTableWidgetItem* makeCell(const QString& text, bool number = true);
// A cell as makeCell's, with the exact value the JSON export writes for it (ExportValueRole of
// table_export.h); none when `exact` is invalid (the export then writes the text).
QTableWidgetItem* makeExactCell(const QString& text, const QVariant& exact, bool number = true);

} // namespace ett::app
