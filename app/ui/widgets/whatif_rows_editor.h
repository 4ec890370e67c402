// The What-if page's left pane: the rows that edit a WhatIfRows (whatif_rows.h). A row per change
// in the order the changes apply, grouped: bucket time (setup, init, checkpoint load, compile,
// recovery), a phase subcategory (chosen from the fleet's), interruptions (failures, preemptions),
// each 0-200% with a slider (whole percent) and a spin box (the exact %); the checkpoint interval
// (as measured, each job's optimum, or a scale of 10-400% of the measured one) with a note on jobs
// it did not apply to; the changes of a loaded scenario that no row shows, with "Drop them"; Reset.
//
// The controls are named for tests: "<id>Slider" and "<id>Spin" (ids of WhatIfRows::Info),
// "phaseChoice", "intervalChoice", "intervalSlider", "intervalSpin", "intervalNote",
// "extraChanges", "reset". GUI thread only.
#pragma once

#include "app/ui/models/whatif_rows.h"

#include <QStringList>
#include <QWidget>

#include <array>
#include <vector>

QT_BEGIN_NAMESPACE
class QComboBox;
class QDoubleSpinBox;
class QGridLayout;
class QLabel;
class QPushButton;
class QSlider;
QT_END_NAMESPACE

namespace ett::app {

class WhatIfRowsEditor : public QWidget
{
    Q_OBJECT
public:
    using Row = WhatIfRows::Row;
    using Interval = WhatIfRows::Interval;

    // Every row at no change.
    explicit WhatIfRowsEditor(QWidget* parent = nullptr);

    // A row's percentage (100: no change). Setting it moves the slider and the spin box and emits
    // edited(), as the user's edit would (nothing when the value is the same).
    double percent(Row row) const;
    void setPercent(Row row, double percent);
    QSlider* slider(Row row) const;
    QDoubleSpinBox* spinBox(Row row) const;
    // The phase subcategory of the Phase row; one not offered is added. Emits edited().
    QString phaseSubcategory() const;
    void setPhaseSubcategory(const QString& subcategory);
    Interval interval() const;
    double intervalPercent() const;
    // Emits edited().
    void setInterval(Interval mode, double scalePercent);

    // What the rows hold, and the changes of a loaded scenario no row shows.
    WhatIfRows rows() const;
    // Shows rows in the controls without edited() for the percentages and the interval (one for
    // the phase subcategory when rows.phase is set); rows.extra replaces the extra changes.
    void setRows(const WhatIfRows& rows);
    // Every row back to no change and no extra changes, quietly (no edited()).
    void reset();

    // The fleet's phase subcategories to choose from, keeping the one chosen (added when the fleet
    // lacks it). Quiet.
    void setSubcategories(const QStringList& subcategories);
    // The note under the interval ("" none).
    void setIntervalNote(const QString& text);

signals:
    // A row's value changed (the user's edit, or a setter's that says so).
    void edited();
    // Reset was clicked (the page resets, re-renders and asks for a projection).
    void resetClicked();
    // "Drop them" was clicked: the extra changes are gone.
    void extraDropped();

private:
    struct RowWidgets
    {
        QSlider* slider = nullptr;
        QDoubleSpinBox* spin = nullptr;
    };

    RowWidgets addPercentRow(const QString& objectName, double max);
    void buildPercentRows(QGridLayout* grid, int& line);
    void buildInterval(QGridLayout* grid, int& line);
    void buildFooter(QGridLayout* grid, int& line);
    void updateIntervalControls();
    void showExtra();

    std::array<RowWidgets, WhatIfRows::kRows> m_rows {};
    QComboBox* m_phaseChoice = nullptr;
    QComboBox* m_intervalChoice = nullptr;
    RowWidgets m_intervalScale;
    QLabel* m_intervalNote = nullptr;
    QLabel* m_extraLabel = nullptr;
    QPushButton* m_extraClear = nullptr;
    // Changes of a loaded scenario that no row shows (applied after the rows').
    std::vector<core::WhatIfChange> m_extra;
};

} // namespace ett::app
