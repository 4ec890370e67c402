// A name of any length never widens what holds it: it is cut in the middle, whole in the tooltip.
#include "app/ui/widgets/elided_label.h"

#include <gtest/gtest.h>

#include "pages_fixtures.h"

namespace ett::app {
namespace {

TEST(ElidedLabel, ALongKeyIsCutInTheMiddleAndWholeInTheTooltip)
{
    fixtures::ensureApp();
    const QString key = QStringLiteral("ranking-llama-405b-pretrain-stage2-") + QString(60, QLatin1Char('x'))
        + QStringLiteral("-sdpa-fp8-rowwise-compile-bf16-v7");
    ElidedLabel label;
    label.show(); // resize events reach a shown widget
    label.setFullText(key);
    EXPECT_LT(label.minimumSizeHint().width(), 200); // asks for a dozen characters, not 130
    label.resize(240, label.sizeHint().height());
    const QString shown = label.text();
    EXPECT_LT(shown.size(), key.size());
    EXPECT_TRUE(shown.startsWith(QStringLiteral("ranking"))) << shown.toStdString();
    EXPECT_TRUE(shown.endsWith(QStringLiteral("bf16-v7"))) << shown.toStdString();
    EXPECT_EQ(label.toolTip(), key);
    EXPECT_EQ(label.fullText(), key);
    // Wide enough: shown whole, no tooltip needed.
    label.resize(label.sizeHint().width() + 10, label.height());
    EXPECT_EQ(label.text(), key);
    EXPECT_TRUE(label.toolTip().isEmpty());
    // A sentence is cut at its end.
    label.setElideMode(Qt::ElideRight);
    label.setFullText(QStringLiteral("Attempts of the job · 2 attempts · GPU-weighted · double-click a row"));
    label.resize(120, label.height());
    EXPECT_TRUE(label.text().startsWith(QStringLiteral("Attempts"))) << label.text().toStdString();
}

} // namespace
} // namespace ett::app
