// The alerts panel (View > Alerts, a dock): the open and recent alerts of the watched folders, from
// the same detectors as `ettw watch` (app/service/detectors.h). One line per condition: whether it
// is open or cleared, when it fired, the detector, what it is about, the figure and its threshold;
// the message and the evidence command in its tooltip. Activating a line (click, Enter) asks for
// its evidence (evidenceRequested): the window opens the job, or the label's overview. GUI thread.
#pragma once

#include "app/service/detectors.h"

#include <QWidget>

#include <map>
#include <string>
#include <vector>

class QLabel;
class QTreeWidget;
class QTreeWidgetItem;

namespace ett::app {

class AlertsPanel : public QWidget
{
    Q_OBJECT
public:
    // Cleared alerts kept (the oldest go first); open ones are all kept.
    static constexpr int kRecentCleared = 50;
    enum Column { StateColumn, TimeColumn, DetectorColumn, FigureColumn, ThresholdColumn, SubjectColumn, ColumnCount };

    explicit AlertsPanel(QWidget* parent = nullptr);

    // Adds what a pass fired (open, newest first) and marks what it cleared.
    void addAlerts(const std::vector<Alert>& fired, const std::vector<Alert>& cleared);
    // Forgets every alert (a watch of another database starts).
    void clear();
    int openCount() const;
    int rowCount() const;
    // The alert of a line (nullptr past the end): lines are open alerts newest first, then cleared.
    const Alert* alertAt(int row) const;
    QTreeWidget* view() const { return m_view; }

    // "restart storm", "hang", ... (translated); the detector's own name when unknown.
    static QString detectorTitle(const std::string& detector);
    // The figure or threshold in its unit: "6 attempts", "1 h 40 min", "72.4%", "240 s per hour".
    static QString figureText(double value, const std::string& unit);

signals:
    void evidenceRequested(const ett::app::Alert& alert);
    // The number of open alerts changed.
    void openCountChanged(int open);

private:
    struct Entry
    {
        Alert alert;
        bool open = true;
        int64_t clearedNs = 0;
    };
    void rebuild();

    QLabel* m_summary = nullptr;
    QTreeWidget* m_view = nullptr;
    std::vector<Entry> m_entries; // in the order shown
};

} // namespace ett::app
