#include "app/ui/widgets/compare_cards.h"

#include "app/ui/charts/compare_charts.h"
#include "app/ui/format/figures_format.h"
#include "app/ui/pages/page_widgets.h"

#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <cmath>

namespace ett::app {

QString CompareCards::styleSheet()
{
    return QStringLiteral(
        "QFrame#card { background: palette(base); border: 1px solid palette(midlight); border-radius: 6px; }"
        "QLabel#cardTitle { color: palette(mid); font-weight: 600; }"
        "QLabel#cardDetail { color: palette(mid); }");
}

CompareCards::CompareCards(QWidget* parent)
    : QWidget(parent)
{
    auto* h = new QHBoxLayout(this);
    h->setContentsMargins(0, 0, 0, 0);
    h->setSpacing(8);
    h->addWidget(addCard(QStringLiteral("a"), cohortColor(false)), 1);
    h->addWidget(addCard(QStringLiteral("b"), cohortColor(true)), 1);
    h->addWidget(addCard(QStringLiteral("change"), QColor()), 1);
    h->addWidget(addCard(QStringLiteral("matched"), QColor()), 1);
}

QFrame* CompareCards::addCard(const QString& id, const QColor& accent)
{
    Card card = makeCard(this, 6);
    if (accent.isValid()) {
        card.frame->setStyleSheet(QStringLiteral("QFrame#card { border-left: 5px solid %1; }").arg(accent.name()));
    }
    card.detail->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    card.detail->setMinimumHeight(2 * card.detail->fontMetrics().lineSpacing());
    card.detail->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_cards.insert(id, card);
    return card.frame;
}

QString CompareCards::title(const QString& id) const
{
    return m_cards.title(id);
}

QString CompareCards::value(const QString& id) const
{
    return m_cards.value(id);
}

QString CompareCards::detail(const QString& id) const
{
    return m_cards.detail(id);
}

void CompareCards::showComparison(const core::Comparison* c, Weighting w, const QString& matchBy)
{
    showCohort(false, c, w);
    showCohort(true, c, w);
    showChange(c, w);
    Card& matched = m_cards[QStringLiteral("matched")];
    matched.title->setText(tr("Matched jobs (by %1)").arg(matchBy));
    if (!c) {
        matched.value->setText(QStringLiteral("–"));
        matched.detail->setText(tr("jobs in both cohorts"));
        return;
    }
    matched.value->setText(formatCount(c->matchedJobs));
    matched.detail->setText(tr("pairs · not paired: %1 of A, %2 of B")
                                .arg(formatCount(c->matching.unpairedA()), formatCount(c->matching.unpairedB())));
    matched.detail->setToolTip(matchingSummaryText(c->matching, matchBy));
}

void CompareCards::showCohort(bool b, const core::Comparison* c, Weighting w)
{
    Card& card = m_cards[b ? QStringLiteral("b") : QStringLiteral("a")];
    const QString letter = b ? QStringLiteral("B") : QStringLiteral("A");
    card.title->setText(tr("%1 · ETT% (%2)").arg(letter, weightingName(w)));
    if (!c) {
        card.value->setText(QStringLiteral("–"));
        card.detail->setText(tr("cohort %1").arg(letter));
        return;
    }
    const bool gpu = w == Weighting::Gpu;
    const auto ett = b ? (gpu ? c->ettB : c->ettBTime) : (gpu ? c->ettA : c->ettATime);
    const int64_t jobs = b ? c->jobsB : c->jobsA;
    const double gpuDays = b ? c->gpuDaysB : c->gpuDaysA;
    card.value->setText(formatPercent(ett, 2));
    const std::string& spec = b ? c->specB : c->specA;
    // Terms joined by ", ": a spec without blanks ("from=...,to=...") would be cut at the card's edge.
    card.detail->setText(tr("%1 · %2 GPU-days · %3")
                             .arg(tr("%Ln job(s)", "", static_cast<int>(jobs)), formatHours(gpuDays, QString()),
                                 qs(core::spacedCohortText(spec))));
    card.detail->setToolTip(qs(spec));
}

void CompareCards::showChange(const core::Comparison* c, Weighting w)
{
    Card& change = m_cards[QStringLiteral("change")];
    change.title->setText(tr("Change B − A (%1)").arg(weightingName(w)));
    if (!c) {
        change.value->setText(QStringLiteral("–"));
        change.value->setStyleSheet(QString());
        change.detail->setText(tr("with its %1% interval").arg(95));
        return;
    }
    const bool gpu = w == Weighting::Gpu;
    const auto delta = gpu ? c->deltaPp : c->deltaPpTime;
    const auto ci = gpu ? c->ci : c->ciTime;
    change.value->setText(formatPp(delta));
    const int level = static_cast<int>(std::lround(c->confidence * 100));
    QString verdict;
    QColor color;
    if (c->tooFewJobs) {
        change.detail->setText(
            tr("no interval or verdict: too few jobs (A %1, B %2; at least %3 each)")
                .arg(formatCount(c->jobsA), formatCount(c->jobsB), formatCount(core::kMinJobsForInterval)));
    } else if (ci && delta) {
        if (ci->low > 0) {
            verdict = tr("B is better: the interval is above 0");
            color = betterColor();
        } else if (ci->high < 0) {
            verdict = tr("B is worse: the interval is below 0");
            color = worseColor();
        } else {
            verdict = tr("no clear change: the interval spans 0");
        }
        change.detail->setText(
            tr("%1% interval %2 to %3 · %4").arg(level).arg(formatPp(ci->low), formatPp(ci->high), verdict));
    } else {
        change.detail->setText(tr("no interval: a cohort has no E2E"));
    }
    change.value->setStyleSheet(color.isValid() ? QStringLiteral("color: %1;").arg(color.name()) : QString());
    change.detail->setToolTip(tr("Percentile bootstrap over jobs (each cohort resampled), %1 replicates, seed %2")
                                  .arg(formatCount(c->replicates))
                                  .arg(c->seed));
}

} // namespace ett::app
