// The filter bar above the pages: which jobs every view shows (dataset labels,
// attribute terms as removable chips, a UTC time range, a GPU count range, the count-queue
// option, the excluded windows of spec 7.4), the weighting and the group-by attribute. It edits the one WorkbenchState
// and follows it: changes made elsewhere (a day clicked in the overview, back and forward) show up here.
//
// The labels, the attribute picker and the ranges are the CohortControls a cohort editor has too;
// the bar adds the chips, count queue, group-by, weighting and clear. Label and attribute changes
// apply at once; typed ones (times, GPU counts) after a short pause, so that typing "1024" asks for
// one result, not four. Group-by lives in Location::groupBy: changing it goes to the fleet level
// grouped that way (state->navigate). GUI thread only.
#pragma once

#include "app/ui/data/types.h"

#include <QWidget>

class QButtonGroup;
class QCheckBox;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QPushButton;
class QToolButton;

namespace ett::app {

class CohortControls;
class DataService;
class WorkbenchState;

class FilterBar : public QWidget
{
    Q_OBJECT
public:
    // `state` must outlive the bar; `service` may be null (the bar only edits the state).
    FilterBar(WorkbenchState* state, DataService* service, QWidget* parent = nullptr);

    // The delay between the last typed change of a time or GPU count and the filter update.
    static constexpr int kApplyDelayMs = 400;

    // Applies pending typed changes now (as when the delay ends). For tests and for Enter.
    void applyPending();

    // Adds "key = value" to the filter (a chip); no-op when already there.
    void addAttributeTerm(const QString& key, const QString& value);
    // Removes "key = value" from the filter.
    void removeAttributeTerm(const QString& key, const QString& value);
    // Accepts exactly these dataset labels (empty: all).
    void setLabels(const QStringList& labels);

private:
    void buildUi();
    // Refills the menus and ranges from the vocabulary, then shows the state.
    void updateVocabulary();
    // Shows the state's filter, weighting and group-by in the controls (no signals).
    void updateFromState();
    void rebuildChips();
    // Sets the state's filter to an edit of it, with the count-queue option as checked and the
    // excluded windows it had.
    void applyFilter(core::CohortSpec filter);
    // Edits the excluded windows in their dialog (typed, or read from a file) and sets them in the
    // filter (Cancel changes nothing); shows them on the button (its tooltip lists them).
    void chooseExcludedWindows();
    void setExcludedWindows(const std::vector<core::TimeSpan>& windows);
    void showExcludedWindows(const std::vector<core::TimeSpan>& windows);

    WorkbenchState* m_state;
    DataService* m_data;

    CohortControls* m_controls = nullptr;
    QWidget* m_chips = nullptr;
    QHBoxLayout* m_chipsLayout = nullptr;
    QLabel* m_noChips = nullptr;
    QCheckBox* m_countQueue = nullptr;
    QToolButton* m_exclude = nullptr; // "Exclude…", or how many windows are excluded
    QToolButton* m_clearExcluded = nullptr;
    QComboBox* m_groupBy = nullptr;
    QButtonGroup* m_weighting = nullptr;
    QToolButton* m_gpuWeighted = nullptr;
    QToolButton* m_timeWeighted = nullptr;
    QPushButton* m_clear = nullptr;
};

} // namespace ett::app
