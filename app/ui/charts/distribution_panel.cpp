#include "app/ui/charts/distribution_panel.h"

#include "app/ui/charts/compare_charts.h"
#include "app/ui/charts/overview_charts.h"
#include "app/ui/export/exporters.h"
#include "app/ui/format/figures_format.h"
#include "app/ui/pages/page_widgets.h"

#include <QButtonGroup>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QToolButton>
#include <QVBoxLayout>

#include <tuple>

namespace ett::app {

namespace {

// The chart's least height: with it the page fits a 1280 x 800 screen (the user's splitters give
// it more).
constexpr int kChartMinHeight = 180;

} // namespace

DistributionPanel::DistributionPanel(std::function<QString()> exportScope, QWidget* parent)
    : QWidget(parent)
{
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(2);
    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(6, 0, 6, 0);
    bar->addWidget(makeCaption(tr("Distribution"), this));
    m_choice = new QComboBox(this);
    m_choice->setObjectName(QStringLiteral("distribution"));
    m_choice->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_choice->setMinimumContentsLength(22);
    m_choice->setToolTip(tr("Which durations to overlay: time to start, time to recover, or a phase "
                            "category or subcategory"));
    connect(m_choice, &QComboBox::activated, this, [this](int index) { setIndex(m_choice->itemData(index).toInt()); });
    bar->addWidget(m_choice);
    bar->addStretch(1);
    m_viewButtons = new QButtonGroup(this);
    for (const auto& [view, text, tip] :
        { std::tuple { View::Cdf, tr("CDF"), tr("Cumulative share of each cohort at or below a duration") },
            std::tuple {
                View::Histogram, tr("Histogram"), tr("Share of each cohort per bin (common bins for A and B)") } }) {
        auto* b = new QToolButton(this);
        b->setText(text);
        b->setToolTip(tip);
        b->setCheckable(true);
        b->setChecked(view == m_view);
        b->setObjectName(view == View::Cdf ? QStringLiteral("cdf") : QStringLiteral("histogram"));
        m_viewButtons->addButton(b, static_cast<int>(view));
        bar->addWidget(b);
    }
    connect(m_viewButtons, &QButtonGroup::idClicked, this, [this](int id) { setView(static_cast<View>(id)); });
    m_logBox = new QCheckBox(tr("Log scale"), this);
    m_logBox->setObjectName(QStringLiteral("logScale"));
    m_logBox->setToolTip(tr("A logarithmic duration axis (long tails)"));
    connect(m_logBox, &QCheckBox::toggled, this, &DistributionPanel::setLogScale);
    bar->addWidget(m_logBox);
    v->addLayout(bar);
    m_chartView = makeChartView(this, kChartMinHeight);
    m_chartView->setObjectName(QStringLiteral("distributionChart"));
    installChartExport(m_chartView, tr("Compare"), std::move(exportScope));
    v->addWidget(m_chartView, 1);
}

QChart* DistributionPanel::chart() const
{
    return m_chartView->chart();
}

void DistributionPanel::setSamples(const std::vector<DistributionSamples>* samples)
{
    if (samples && m_index >= static_cast<int>(samples->size())) {
        m_index = 0;
    }
    m_samples = samples && !samples->empty() ? samples : nullptr;
    fillChoices();
    render();
}

void DistributionPanel::fillChoices()
{
    const QSignalBlocker block(m_choice);
    m_choice->clear();
    const size_t count = m_samples ? m_samples->size() : 0;
    for (size_t i = 0; i < count; ++i) {
        const DistributionSamples& s = (*m_samples)[i];
        // Subcategories indented under their category.
        const bool sub = s.name.find('.') != std::string::npos;
        m_choice->addItem((sub ? QStringLiteral("    ") : QString())
                + tr("%1  (%2 / %3)").arg(distributionLabel(s.name), formatCount(s.countA), formatCount(s.countB)),
            static_cast<int>(i));
    }
    m_choice->setEnabled(count > 0);
    m_choice->setCurrentIndex(m_index);
}

void DistributionPanel::setView(View view)
{
    m_view = view;
    if (QAbstractButton* b = m_viewButtons->button(static_cast<int>(view))) {
        const QSignalBlocker block(b);
        b->setChecked(true);
    }
    render();
}

void DistributionPanel::setIndex(int index)
{
    if (!m_samples || index < 0 || static_cast<size_t>(index) >= m_samples->size()) {
        return;
    }
    m_index = index;
    {
        const QSignalBlocker block(m_choice);
        m_choice->setCurrentIndex(index);
    }
    render();
}

void DistributionPanel::setLogScale(bool log)
{
    m_log = log;
    {
        const QSignalBlocker block(m_logBox);
        m_logBox->setChecked(log);
    }
    render();
}

void DistributionPanel::render()
{
    QChart* chart = resetChart(m_chartView);
    if (!m_samples) {
        chart->setTitle(tr("Distributions of A and B: no data"));
        return;
    }
    fillDistributionChart(chart, (*m_samples)[static_cast<size_t>(m_index)], m_view == View::Cdf, m_log,
        cohortColor(false), cohortColor(true));
}

} // namespace ett::app
