// The Compare page's distribution chart with its controls: which duration to overlay (time to
// start, time to recover, a phase category or subcategory, each with both cohorts' counts), CDFs or
// histograms, and a linear or log duration axis (fillDistributionChart draws it). GUI thread only.
#pragma once

#include "app/ui/data/types.h"

#include <QWidget>

#include <functional>
#include <vector>

class QButtonGroup;
class QChart;
class QChartView;
class QCheckBox;
class QComboBox;

namespace ett::app {

class DistributionPanel : public QWidget
{
    Q_OBJECT
public:
    enum class View { Cdf, Histogram };

    // `exportScope` is asked for the description of the chart's exports when one is made.
    explicit DistributionPanel(std::function<QString()> exportScope, QWidget* parent = nullptr);

    // Shows a comparison's samples, one entry per distribution (nullptr or none: no data). They
    // must stay valid until the next call. The distribution shown stays when it is still listed,
    // else the first is.
    void setSamples(const std::vector<DistributionSamples>* samples);

    View view() const { return m_view; }
    void setView(View view);
    // The distribution shown: an index into the samples; out of range: ignored.
    int index() const { return m_index; }
    void setIndex(int index);
    bool logScale() const { return m_log; }
    void setLogScale(bool log);
    QChart* chart() const;

private:
    void fillChoices();
    void render();

    const std::vector<DistributionSamples>* m_samples = nullptr;
    View m_view = View::Cdf;
    int m_index = 0;
    bool m_log = false;
    QComboBox* m_choice = nullptr;
    QButtonGroup* m_viewButtons = nullptr;
    QCheckBox* m_logBox = nullptr;
    QChartView* m_chartView = nullptr;
};

} // namespace ett::app
