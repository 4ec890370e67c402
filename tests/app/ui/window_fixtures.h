// Fixtures of the tests that drive the whole main window. Header-only; test code.
#pragma once

#include "app/ui/window/main_window.h"

#include <QObject>
#include <QString>
#include <QTest>
#include <gtest/gtest.h>

namespace ett::app::fixtures {

// Opens the database in the window and waits up to waitMs for its first overview; a failure
// names the database.
inline ::testing::AssertionResult openAndWait(MainWindow& window, const QString& db, int waitMs)
{
    bool loaded = false;
    const auto c = QObject::connect(&window, &MainWindow::overviewLoaded, &window, [&loaded] { loaded = true; });
    window.openDatabase(db);
    const bool arrived = QTest::qWaitFor([&] { return loaded; }, waitMs);
    QObject::disconnect(c);
    return arrived ? ::testing::AssertionSuccess()
                   : ::testing::AssertionFailure() << "no overview of " << db.toStdString();
}

} // namespace ett::app::fixtures
