// The line that says when a view adds several datasets together, and picks one in one click.
#include "app/ui/widgets/scope_bar.h"
#include "app/ui/window/workbench_state.h"

#include <QLabel>
#include <QToolButton>
#include <gtest/gtest.h>

#include "pages_fixtures.h"

namespace ett::app {
namespace {

Vocabulary labels(const QStringList& names)
{
    Vocabulary v;
    v.labels = names;
    return v;
}

QToolButton* button(ScopeBar& bar, const QString& text)
{
    for (QToolButton* b : bar.findChildren<QToolButton*>()) {
        if (b->text() == text) {
            return b;
        }
    }
    return nullptr;
}

TEST(ScopeBar, SaysWhenTheViewMixesLabelsAndPicksOneInOneClick)
{
    fixtures::ensureApp();
    WorkbenchState state;
    ScopeBar bar(&state);
    bar.show();
    // One label: nothing to say.
    state.setVocabulary(labels({ "default" }));
    EXPECT_FALSE(bar.isVisible());
    // Two, and the filter takes both: said, with both named.
    state.setVocabulary(labels({ "after", "before" }));
    EXPECT_TRUE(bar.mixesLabels());
    ASSERT_TRUE(bar.isVisible());
    bar.resize(bar.sizeHint()); // room for the whole sentence
    QCoreApplication::processEvents();
    const QString text = bar.findChild<QLabel*>(QStringLiteral("scopeText"))->text();
    EXPECT_TRUE(text.contains("2 datasets (after, before)")) << text.toStdString();
    // One click on a label: the filter shows it alone, and the line goes.
    QToolButton* before = button(bar, "before");
    ASSERT_NE(before, nullptr);
    before->click();
    ASSERT_EQ(state.filter().labels.size(), 1u);
    EXPECT_EQ(state.filter().labels.front(), "before");
    EXPECT_FALSE(bar.isVisible());
    // Back to all: said again; kept together on purpose: hidden until the datasets change.
    state.setFilter(core::CohortSpec {});
    EXPECT_TRUE(bar.isVisible());
    bar.findChild<QToolButton*>(QStringLiteral("keepMixed"))->click();
    EXPECT_FALSE(bar.isVisible());
    state.setVocabulary(labels({ "after", "before", "tuned" }));
    EXPECT_TRUE(bar.isVisible());
    // The Compare page has cohorts of its own.
    bar.setWanted(false);
    EXPECT_FALSE(bar.isVisible());
}

// Six datasets with real names of 40 characters and more: the line stays narrower than the page beside
// the Details dock on a laptop's screen (about 1,000 pixels; the whole sentence and buttons took 2,000),
// the sentence cut at the right and whole in its tooltip, each name cut in the middle on its button.
TEST(ScopeBar, LongDatasetNamesDoNotWidenTheWindow)
{
    fixtures::ensureApp();
    WorkbenchState state;
    ScopeBar bar(&state);
    QStringList names;
    for (int i = 0; i < 6; ++i) {
        names << QStringLiteral("mlperf-training-v4.0-nvidia-eos-n64-gpt3-run-%1").arg(i);
    }
    state.setVocabulary(labels(names));
    bar.show();
    ASSERT_TRUE(bar.isVisible());
    EXPECT_LE(bar.minimumSizeHint().width(), 1000);
    bar.resize(1000, bar.sizeHint().height());
    QCoreApplication::processEvents();
    const auto* text = bar.findChild<QLabel*>(QStringLiteral("scopeText"));
    ASSERT_NE(text, nullptr);
    EXPECT_TRUE(text->toolTip().contains(names.join(QStringLiteral(", ")))) << text->toolTip().toStdString();
    for (const QToolButton* b : bar.findChildren<QToolButton*>(QStringLiteral("scopeLabel"))) {
        EXPECT_TRUE(b->text().contains(QStringLiteral("…"))) << b->text().toStdString();
    }
}

} // namespace
} // namespace ett::app
