// A line above the pages that says when the view mixes several datasets: with two labels loaded
// and the filter taking all of them, the overview, drill-down, advisor and what-if count both
// cohorts (a "before" and an "after" added together). It names them and offers each one in one
// click (the filter's label becomes it), or keeping them all, which hides the line until the
// datasets change. GUI thread only.
#pragma once

#include "app/ui/widgets/elided_label.h"

#include <QStringList>
#include <QWidget>

class QHBoxLayout;

namespace ett::app {

class WorkbenchState;

class ScopeBar : public QWidget
{
    Q_OBJECT
public:
    explicit ScopeBar(WorkbenchState* state, QWidget* parent = nullptr);

    // Whether the current filter spans several labels of the loaded database.
    bool mixesLabels() const;
    // The labels the view spans (all of them when the filter names none).
    QStringList spannedLabels() const;
    // The page shown wants the line (the Compare page has cohorts of its own).
    void setWanted(bool wanted);

private:
    void update();
    void rebuildButtons();

    WorkbenchState* m_state;
    ElidedLabel* m_text = nullptr; // cut at the right rather than widen the window
    QHBoxLayout* m_buttons = nullptr;
    QStringList m_dismissedFor; // the labels the user chose to keep mixed
    QStringList m_buttonsFor;
    bool m_wanted = true;
};

} // namespace ett::app
