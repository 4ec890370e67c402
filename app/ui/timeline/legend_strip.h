// The legend of a timeline: an icon and a label per entry, wrapped over as many lines as the
// width needs. The timeline page shows its scene's legend under the toolbar; the Compare page
// shows the legend of both its timelines above them.
#pragma once

#include "app/ui/timeline/gantt_scene.h"

#include <QWidget>

#include <vector>

class QPainter;

namespace ett::app {

class LegendStrip : public QWidget
{
public:
    explicit LegendStrip(QWidget* parent = nullptr);

    void setEntries(std::vector<LegendEntry> entries);
    const std::vector<LegendEntry>& entries() const { return m_entries; }

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int w) const override { return layoutEntries(w, nullptr); }
    QSize sizeHint() const override { return { 600, heightForWidth(600) }; }
    QSize minimumSizeHint() const override { return { 100, lineHeight() + 4 }; }

protected:
    void paintEvent(QPaintEvent*) override;

private:
    int lineHeight() const;
    // Lays the entries out in lines of width w; paints them when p is given. Returns the height.
    int layoutEntries(int w, QPainter* p) const;

    std::vector<LegendEntry> m_entries;
};

// The entries of several legends, each label once, in the order first met.
std::vector<LegendEntry> mergedLegend(const std::vector<const std::vector<LegendEntry>*>& legends);

} // namespace ett::app
