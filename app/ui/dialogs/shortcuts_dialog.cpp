#include "app/ui/dialogs/shortcuts_dialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QTableWidget>
#include <QVBoxLayout>

namespace ett::app {

namespace {

// "&Import traces..." -> "Import traces...": the menu's mnemonic marker is not part of the name.
QString plainText(QString text)
{
    text.replace(QLatin1String("&&"), QLatin1String("\x01"));
    text.remove(QLatin1Char('&'));
    text.replace(QLatin1Char('\x01'), QLatin1Char('&'));
    return text;
}

void addMenu(std::vector<ShortcutRow>& rows, const QMenu* menu, const QString& section)
{
    for (QAction* a : menu->actions()) {
        if (a->isSeparator()) {
            continue;
        }
        if (a->menu()) {
            addMenu(rows, a->menu(), section);
            continue;
        }
        QStringList keys;
        for (const QKeySequence& k : a->shortcuts()) {
            keys << k.toString(QKeySequence::NativeText);
        }
        if (!keys.isEmpty()) {
            rows.push_back({ section, plainText(a->text()), keys.join(QStringLiteral(", ")) });
        }
    }
}

} // namespace

std::vector<ShortcutRow> shortcutRows(const QMenuBar* menus)
{
    std::vector<ShortcutRow> rows;
    if (menus) {
        for (QAction* a : menus->actions()) {
            if (a->menu()) {
                addMenu(rows, a->menu(), plainText(a->text()));
            }
        }
    }
    auto key = [](const QKeySequence& k) { return k.toString(QKeySequence::NativeText); };
    const QString timeline = QObject::tr("Timeline");
    const QString tables = QObject::tr("Tables and charts");
    const QString whatIf = QObject::tr("What-if");
    rows.push_back({ timeline, QObject::tr("Zoom in / out at the centre"), QStringLiteral("W, S, +, -") });
    rows.push_back({ timeline, QObject::tr("Zoom at the cursor"), QObject::tr("mouse wheel") });
    rows.push_back({ timeline, QObject::tr("Pan by a tenth of the width"), QObject::tr("A, D, Left, Right") });
    rows.push_back({ timeline, QObject::tr("Pan"), QObject::tr("drag, horizontal wheel") });
    rows.push_back({ timeline, QObject::tr("Scroll the rows"), QObject::tr("Up, Down, PgUp, PgDown, Shift+wheel") });
    rows.push_back({ timeline, QObject::tr("Zoom to a time range"), QObject::tr("right drag, Shift+drag") });
    rows.push_back({ timeline, QObject::tr("Fit the whole timeline"), QStringLiteral("F, Home") });
    rows.push_back(
        { timeline, QObject::tr("Open a job (fleet view) or an attempt (job view)"), QObject::tr("double-click") });
    rows.push_back({ tables, QObject::tr("Export the focused chart, table or timeline"),
        key(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E)) });
    rows.push_back({ tables, QObject::tr("Copy the selected rows of a table (with its header)"),
        key(QKeySequence(QKeySequence::Copy)) });
    rows.push_back({ tables, QObject::tr("Open the row (drill-down)"), QObject::tr("double-click, Enter") });
    rows.push_back({ tables, QObject::tr("List the intervals behind a bucket's cell (drill-down)"),
        key(QKeySequence(Qt::CTRL | Qt::Key_L)) });
    rows.push_back(
        { whatIf, QObject::tr("Undo the deletion of a saved scenario"), key(QKeySequence(QKeySequence::Undo)) });
    return rows;
}

ShortcutsDialog::ShortcutsDialog(const QMenuBar* menus, QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Keyboard shortcuts"));
    auto* layout = new QVBoxLayout(this);
    m_search = new QLineEdit(this);
    m_search->setObjectName(QStringLiteral("shortcutSearch"));
    m_search->setPlaceholderText(tr("Search (an action or a key)"));
    m_search->setClearButtonEnabled(true);
    layout->addWidget(m_search);

    const std::vector<ShortcutRow> rows = shortcutRows(menus);
    m_table = new QTableWidget(static_cast<int>(rows.size()), 3, this);
    m_table->setHorizontalHeaderLabels({ tr("Where"), tr("What"), tr("Keys") });
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    for (size_t i = 0; i < rows.size(); ++i) {
        const int r = static_cast<int>(i);
        m_table->setItem(r, 0, new QTableWidgetItem(rows[i].section));
        m_table->setItem(r, 1, new QTableWidgetItem(rows[i].what));
        auto* keys = new QTableWidgetItem(rows[i].keys);
        QFont bold = keys->font();
        bold.setBold(true);
        keys->setFont(bold);
        m_table->setItem(r, 2, keys);
    }
    m_table->resizeColumnsToContents();
    m_table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    layout->addWidget(m_table, 1);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    connect(m_search, &QLineEdit::textChanged, this, &ShortcutsDialog::applySearch);
    resize(720, 560);
}

void ShortcutsDialog::applySearch(const QString& text)
{
    const QString needle = text.trimmed();
    for (int r = 0; r < m_table->rowCount(); ++r) {
        bool match = needle.isEmpty();
        for (int c = 0; c < m_table->columnCount() && !match; ++c) {
            match = m_table->item(r, c)->text().contains(needle, Qt::CaseInsensitive);
        }
        m_table->setRowHidden(r, !match);
    }
}

} // namespace ett::app
