// The pages' tables in one house style (drill-down, advisor): a sortable, read-only view of a
// model behind a proxy that sorts by the model's sort role (numbers behind the text), whole rows
// selected one at a time, compact rows, no word wrap; and the message a page shows instead of a
// table when there is nothing to list. GUI thread only.
#pragma once

class QLabel;
class QSortFilterProxyModel;
class QTableView;
class QAbstractItemModel;
class QWidget;

namespace ett::app {

// Sets a proxy over `source` sorting by `sortRole`, case-insensitive, re-sorting as data changes.
void setUpSortProxy(QSortFilterProxyModel* proxy, QAbstractItemModel* source, int sortRole);

// Gives a table view the house style over `proxy`: sorting on, alternating rows, single whole-row
// selection, no editing, no word wrap (long text elided in the middle), no row numbers, rows a line
// and a little tall, header cells right-aligned and not highlighted, resized to contents by their
// first 200 rows.
void setUpTableView(QTableView* view, QSortFilterProxyModel* proxy);

// A centred, word-wrapped, slightly larger grey label for "nothing to show" messages.
QLabel* makeMessageLabel(QWidget* parent);

} // namespace ett::app
