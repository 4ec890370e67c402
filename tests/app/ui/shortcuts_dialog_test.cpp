// Help > Keyboard shortcuts: the rows come from the menus themselves (a new action with a key is
// listed without touching the dialog), plus the keys that are no menu action; the search hides
// the rows that do not match.
#include "app/ui/dialogs/shortcuts_dialog.h"
#include "app/ui/window/main_window.h"

#include <QAction>
#include <QCoreApplication>
#include <QDir>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QTableWidget>
#include <gtest/gtest.h>

#include <algorithm>

#include "pages_fixtures.h"

namespace ett::app {
namespace {

const ShortcutRow* rowFor(const std::vector<ShortcutRow>& rows, const QString& what)
{
    for (const ShortcutRow& r : rows) {
        if (r.what == what) {
            return &r;
        }
    }
    return nullptr;
}

TEST(Shortcuts, ReadTheMenusWithTheirSubmenusAndSkipActionsWithoutKeys)
{
    fixtures::ensureApp();
    QMenuBar bar;
    QMenu* file = bar.addMenu(QStringLiteral("&File"));
    file->addAction(QStringLiteral("&Open..."))->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_O));
    file->addAction(QStringLiteral("No key"));
    file->addSeparator();
    QMenu* sub = file->addMenu(QStringLiteral("&More"));
    QAction* both = sub->addAction(QStringLiteral("Save && &close"));
    both->setShortcuts({ QKeySequence(Qt::CTRL | Qt::Key_W), QKeySequence(Qt::Key_F4) });

    const auto rows = shortcutRows(&bar);
    const ShortcutRow* open = rowFor(rows, "Open...");
    ASSERT_NE(open, nullptr) << "the mnemonic '&' is not part of the name";
    EXPECT_EQ(open->section, "File");
    EXPECT_EQ(open->keys, QKeySequence(Qt::CTRL | Qt::Key_O).toString(QKeySequence::NativeText));
    EXPECT_EQ(rowFor(rows, "No key"), nullptr);
    const ShortcutRow* close = rowFor(rows, "Save & close");
    ASSERT_NE(close, nullptr) << "a submenu's actions are listed under the top menu";
    EXPECT_EQ(close->section, "File");
    EXPECT_EQ(close->keys,
        QKeySequence(Qt::CTRL | Qt::Key_W).toString(QKeySequence::NativeText) + ", "
            + QKeySequence(Qt::Key_F4).toString(QKeySequence::NativeText));
    // The keys that are no menu action follow.
    ASSERT_NE(rowFor(rows, "Fit the whole timeline"), nullptr);
    EXPECT_EQ(rowFor(rows, "Fit the whole timeline")->section, "Timeline");
    EXPECT_NE(rowFor(rows, "Export the focused chart, table or timeline"), nullptr);
}

// The keys of the pages' own actions (a page's widgets have them, no menu shows them) are in the
// list too: Ctrl+L of the drill-down was missing.
TEST(Shortcuts, TheListHasTheKeysOfThePagesOwnActions)
{
    fixtures::ensureApp();
    MainWindow window;
    const auto rows = shortcutRows(window.menuBar());
    int pageKeys = 0;
    for (QAction* a : window.findChildren<QAction*>()) {
        if (a->shortcutContext() != Qt::WidgetWithChildrenShortcut && a->shortcutContext() != Qt::WidgetShortcut) {
            continue;
        }
        for (const QKeySequence& key : a->shortcuts()) {
            ++pageKeys;
            const QString text = key.toString(QKeySequence::NativeText);
            const bool listed = std::any_of(rows.begin(), rows.end(),
                [&](const ShortcutRow& r) { return r.keys.split(QStringLiteral(", ")).contains(text); });
            EXPECT_TRUE(listed) << a->text().toStdString() << " (" << text.toStdString() << ") is not in the list";
        }
    }
    EXPECT_GE(pageKeys, 2);
}

TEST(Shortcuts, TheWindowsHelpMenuOpensTheListOfItsOwnKeys)
{
    fixtures::ensureApp();
    MainWindow window;
    QAction* help = fixtures::actionNamed(window, "&Keyboard shortcuts");
    ASSERT_NE(help, nullptr);
    EXPECT_EQ(help->shortcut(), QKeySequence(QKeySequence::HelpContents));

    ShortcutsDialog dialog(window.menuBar());
    QTableWidget* table = dialog.table();
    auto rowWith = [&](const QString& what) {
        for (int r = 0; r < table->rowCount(); ++r) {
            if (table->item(r, 1)->text() == what) {
                return r;
            }
        }
        return -1;
    };
    const int import = rowWith("Import traces...");
    ASSERT_GE(import, 0);
    EXPECT_EQ(table->item(import, 0)->text(), "File");
    EXPECT_EQ(table->item(import, 2)->text(), QKeySequence(Qt::CTRL | Qt::Key_I).toString(QKeySequence::NativeText));
    const int compare = rowWith("Compare A/B");
    ASSERT_GE(compare, 0);
    EXPECT_EQ(table->item(compare, 0)->text(), "View");
    EXPECT_GE(rowWith("Keyboard shortcuts"), 0);

    // For people to look at (ETT_UI_SCREENSHOTS names a folder), as pages_screenshot_test does.
    if (const QString out = qEnvironmentVariable("ETT_UI_SCREENSHOTS"); !out.isEmpty()) {
        dialog.show();
        QCoreApplication::processEvents();
        EXPECT_TRUE(dialog.grab().save(QDir(out).filePath(QStringLiteral("shortcuts.png"))));
    }

    // Searching "ctrl+3" keeps Compare A/B and hides Import; clearing shows every row again.
    dialog.search()->setText(QStringLiteral("ctrl+3"));
    EXPECT_FALSE(table->isRowHidden(compare));
    EXPECT_TRUE(table->isRowHidden(import));
    dialog.search()->clear();
    for (int r = 0; r < table->rowCount(); ++r) {
        EXPECT_FALSE(table->isRowHidden(r)) << r;
    }
}

} // namespace
} // namespace ett::app
