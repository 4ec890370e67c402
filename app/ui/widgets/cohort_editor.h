// One cohort's editor on the Compare page, in one row: a coloured badge ("A"), the cohort's
// controls (dataset labels and attribute values as checkable menus, the time range, the GPU range:
// CohortControls), the cohort spec as text (editable: Enter applies it; a spec that does not parse,
// or names a label or attribute the database lacks, is marked and its error shown in the tooltip),
// and a button that asks for the window's filter as this cohort; and the cohorts the page starts
// with. GUI thread only.
#pragma once

#include "app/ui/data/types.h"

#include <QColor>
#include <QWidget>

#include <utility>

class QLabel;
class QLineEdit;
class QToolButton;

namespace ett::app {

class CohortControls;

// The cohorts a vocabulary suggests for A and B: with exactly two dataset labels, the baseline as A
// and the other as B (by name: "before" / "after", "baseline", "old" / "new"...; else the one whose
// jobs start first is A); else the data's time range split at its median attempt start (about half
// the attempts each side), rounded to whole days when that still splits it, else whole hours,
// minutes...; when that cannot split it, its first and second half at whole units; else two empty
// cohorts.
std::pair<core::CohortSpec, core::CohortSpec> suggestedCohorts(const Vocabulary& vocabulary);

class CohortEditor : public QWidget
{
    Q_OBJECT
public:
    CohortEditor(const QString& letter, const QColor& color, QWidget* parent = nullptr);

    const core::CohortSpec& cohort() const;
    // Shows a cohort (no signal).
    void setCohort(const core::CohortSpec& cohort);
    // The labels, attributes and ranges the menus offer.
    void setVocabulary(const Vocabulary& vocabulary);
    // The spec text as shown (canonical: CohortSpec::text()).
    QString specText() const;
    // Applies a typed spec; false (and the field marked) when it does not parse.
    bool applySpecText(const QString& text);

    // A parsed spec as the editor holds it: one term per attribute, sorted by key, without repeats.
    static core::CohortSpec fromSpec(const core::CohortSpec& spec);

signals:
    // The user changed the cohort.
    void edited(const ett::core::CohortSpec& cohort);
    // The user asked for the window's filter as this cohort.
    void takeWindowFilterRequested();

private:
    // The spec field and its tooltip from the cohort.
    void showSpec();

    CohortControls* m_controls = nullptr;
    QLabel* m_badge = nullptr;
    QLineEdit* m_spec = nullptr;
    QToolButton* m_fromWindow = nullptr;
};

} // namespace ett::app
