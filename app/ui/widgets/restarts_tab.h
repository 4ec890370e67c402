// The Restarts tab of the Details dock: a line on which stages grow over the restarts, then the table
// of the job's restarts (RestartsModel: one row per attempt, one column per start-up stage, growth
// marked). Always the whole job, whichever attempt the dock shows. GUI thread only.
#pragma once

#include <QWidget>

class QLabel;
class QSortFilterProxyModel;
class QTableView;

namespace ett::core {
struct JobTimeline;
}

namespace ett::app {

class RestartsModel;

class RestartsTab : public QWidget
{
    Q_OBJECT
public:
    explicit RestartsTab(QWidget* parent = nullptr);

    // Computes and shows the restarts of this job; a timeline that cannot give them (no segments)
    // empties the table and says why in the note.
    void setTimeline(const core::JobTimeline& timeline);

    RestartsModel* model() const { return m_model; }
    QTableView* view() const { return m_view; }
    QString note() const;
    // "Restarts (N)": N restarts, the attempts after the first.
    QString tabText() const;

private:
    QLabel* m_note = nullptr;
    QTableView* m_view = nullptr;
    RestartsModel* m_model = nullptr;
    QSortFilterProxyModel* m_proxy = nullptr;
};

} // namespace ett::app
