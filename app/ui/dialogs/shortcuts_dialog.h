// Help > Keyboard shortcuts (F1): every key the window answers to, in one searchable table. The
// menu bar's actions are read from the menus themselves (so the list cannot go stale); the keys of
// the timeline, the tables, the charts and the What-if page, which are not menu actions, come
// from the fixed list below, kept beside the code that handles them (gantt_widget.h, exporters,
// whatif_page).
#pragma once

#include <QDialog>
#include <QString>

#include <vector>

class QLineEdit;
class QMenuBar;
class QTableWidget;

namespace ett::app {

struct ShortcutRow
{
    QString section; // "File", "View", "Timeline", ...
    QString what;
    QString keys; // in the platform's text ("Ctrl+I"), several separated by ", "
};

// The rows: each menu's actions with a shortcut (in menu order, submenus included), then the
// keys that are not menu actions.
std::vector<ShortcutRow> shortcutRows(const QMenuBar* menus);

class ShortcutsDialog : public QDialog
{
    Q_OBJECT
public:
    ShortcutsDialog(const QMenuBar* menus, QWidget* parent = nullptr);

    QTableWidget* table() const { return m_table; }
    QLineEdit* search() const { return m_search; }

private:
    void applySearch(const QString& text);

    QLineEdit* m_search = nullptr;
    QTableWidget* m_table = nullptr;
};

} // namespace ett::app
