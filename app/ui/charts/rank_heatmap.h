// A heat map of one attempt's ranks x stages (spec 7.3): a row per rank (its host beside it), a
// column per stage with 2 ranks or more. A cell's colour says how slow the rank was in the stage:
// where its time lies between the stage's fastest and slowest rank (Colour::Time), or its excess
// over the stage's median against the slowest's excess (Colour::Excess). The slowest rank of each stage is outlined; a
// rank that did not record a stage shows an empty cell. Tooltips: rank, host, time, excess over
// the median. The maths of cells and colours is public for tests. GUI thread only.
#pragma once

#include "app/service/ranks.h"

#include <QWidget>

#include <vector>

namespace ett::app {

class RankHeatMap : public QWidget
{
    Q_OBJECT
public:
    enum class Colour { Time, Excess };

    explicit RankHeatMap(QWidget* parent = nullptr);

    // Shows an attempt (a copy is kept); an attempt with no ranks shows nothing.
    void setAttempt(const AttemptRanks& attempt);
    void setColour(Colour colour);
    Colour colour() const { return m_colour; }

    int rows() const { return static_cast<int>(m_attempt.ranks.size()); }
    int columns() const { return static_cast<int>(m_attempt.stages.size()); }
    // The cell of rank row `row` (by rank number) and stage column `column`, in widget pixels.
    QRect cellRect(int row, int column) const;
    // How slow the cell is in [0, 1] for the current colour; -1 when the rank did not record it.
    double intensity(int row, int column) const;
    // Whether the cell is its stage's slowest rank.
    bool isSlowest(int row, int column) const;
    // The tooltip of the cell under `pos` (widget pixels); empty outside the cells.
    QString toolTipAt(const QPoint& pos) const;
    // The fill of a cell of intensity v (white to red; grey for -1).
    static QColor fill(double v);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override { return sizeHint(); }

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;

private:
    void relayout();
    // The time of rank row `row` in stage `column`; -1 when it did not record the stage.
    int64_t timeOf(int row, int column) const;
    QString hostOf(int32_t rank) const;

    AttemptRanks m_attempt;
    Colour m_colour = Colour::Time;
    int m_labelWidth = 0; // the rank labels' column
    int m_headerHeight = 0; // the stage names' rows
    std::vector<int> m_columnLeft; // per stage, its cells' left edge
    std::vector<int> m_columnWidth;
};

} // namespace ett::app
