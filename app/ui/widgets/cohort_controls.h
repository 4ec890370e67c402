// The controls that edit a core::CohortSpec, shared by the window's filter bar and the Compare
// page's cohort editors: the dataset labels as a checkable menu, the attribute terms (a checkable
// menu per key, or a key and then a value picked), the UTC time range (an "All time" check and
// from / to pickers, an empty range refused and marked) and the GPU range (0: any). The host places
// the parts in its rows, in its order, and adds its own controls around them.
//
// The controls show one cohort (setCohort) and edit a copy of it: labels, attribute terms and the
// "All time" check apply at once; typed times and GPU counts after Options::typedDelayMs (0: at
// once), so that typing "1024" makes one edit, not four. An edit that changes the cohort is emitted
// as edited(); the fields the controls have no part for pass through unchanged. GUI thread only.
#pragma once

#include "app/ui/data/types.h"

#include <QObject>

#include <cstdint>
#include <optional>

class QCheckBox;
class QComboBox;
class QDateTimeEdit;
class QHBoxLayout;
class QSpinBox;
class QTimer;
class QToolButton;
class QWidget;

namespace ett::app {

class CohortControls : public QObject
{
    Q_OBJECT
public:
    enum class Style {
        // The filter bar's: the host captions the parts; the labels button names at most two
        // labels; an attribute term is added by picking a key ("attrKey"), then one of its values
        // ("attrValue"), and removed by the host (removeAttributeTerm).
        Bar,
        // A cohort editor's, in one row: the buttons caption themselves ("Datasets: …",
        // "Attributes: …"); the attribute terms are a checkable submenu per key ("attributes"),
        // each with "(none)" (jobs without the key), and an entry that clears them all.
        Cohort,
    };
    struct Options
    {
        Style style = Style::Bar;
        QString labelsTip;
        QString attributesTip; // Style::Cohort: the menu button's
        QString allTimeTip;
        int typedDelayMs = 0;
    };

    // The widgets are children of `parent`, made as the parts are added.
    CohortControls(QWidget* parent, const Options& options);

    // Append a part to a row (each at most once): the labels button ("labels"); the attribute
    // menu or picker; the time and GPU ranges (addRangeControls: "allTime", "from", "to",
    // "minGpus", "maxGpus").
    void addLabelsTo(QHBoxLayout* row);
    void addAttributesTo(QHBoxLayout* row);
    void addRangesTo(QHBoxLayout* row);

    const core::CohortSpec& cohort() const { return m_cohort; }
    const Vocabulary& vocabulary() const { return m_vocabulary; }
    // Shows a cohort (no signal); typed changes not applied yet are dropped.
    void setCohort(const core::CohortSpec& cohort);
    // Refills the menus and the GPU ranges from a vocabulary, then shows the cohort again.
    void setVocabulary(const Vocabulary& vocabulary);

    // The cohort with the time and GPU ranges as typed, applied or not; nullopt when the typed
    // range is empty (its end is then marked, and its tooltip says why). Stops the typing delay.
    std::optional<core::CohortSpec> takeTyped();
    // Applies typed changes now (as when the delay ends); edited() when they change the cohort.
    void applyPending();

    // Adds or removes one value of an attribute's term; edited() when that changes the cohort.
    void addAttributeTerm(const QString& key, const QString& value);
    void removeAttributeTerm(const QString& key, const QString& value);

signals:
    void edited(const ett::core::CohortSpec& cohort);

private:
    // Replaces the cohort by an edit of it, shows it, and says so when it changed.
    void commit(const core::CohortSpec& cohort);
    void fillLabelsMenu();
    void fillAttributeMenu();
    void fillAttributePicker();
    void fillAttributeValues();
    void setGpuRanges();
    void showLabels();
    void showAttributes();
    void showRanges();
    void typed();

    QWidget* m_parent;
    Options m_options;
    core::CohortSpec m_cohort;
    Vocabulary m_vocabulary;
    QTimer* m_typedTimer = nullptr;
    QToolButton* m_labels = nullptr;
    QToolButton* m_attrs = nullptr; // Style::Cohort
    QComboBox* m_attrKey = nullptr; // Style::Bar
    QComboBox* m_attrValue = nullptr; // Style::Bar
    QCheckBox* m_allTime = nullptr;
    QDateTimeEdit* m_from = nullptr;
    QDateTimeEdit* m_to = nullptr;
    QSpinBox* m_minGpus = nullptr;
    QSpinBox* m_maxGpus = nullptr;
};

// A time rounded down (floorTo) or up (ceilTo) to a multiple of `unit` (> 0), for the range
// sliders of the filter bar and the cohort editor: whole days or hours around the data.
inline int64_t floorTo(int64_t v, int64_t unit)
{
    const int64_t r = v % unit;
    return r < 0 ? v - r - unit : v - r;
}

inline int64_t ceilTo(int64_t v, int64_t unit)
{
    const int64_t f = floorTo(v, unit);
    return f == v ? v : f + unit;
}

} // namespace ett::app
