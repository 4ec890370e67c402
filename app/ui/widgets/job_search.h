// The window's search (Ctrl+F): a field in the toolbar that finds jobs by key, name or attribute
// value across every label as the user types, lists the best matches in a popup (a key held by
// several labels is shown with its label) and opens the one chosen (Enter opens the first).
#pragma once

#include <QLineEdit>

#include <cstdint>

class QCompleter;
class QStandardItemModel;
class QTimer;

namespace ett::app {

class DataService;
class WorkbenchState;
struct JobMatches;

class JobSearch : public QLineEdit
{
    Q_OBJECT

public:
    JobSearch(WorkbenchState* state, DataService* service, QWidget* parent = nullptr);

    // The most matches listed in the popup.
    static constexpr int kListed = 40;
    // Focuses the field with its text selected (Ctrl+F).
    void activate();
    // The popup's rows as shown (matches, then a note when there are more or none), for tests.
    QStringList rowTexts() const;

signals:
    // A search's matches are in the popup.
    void matchesShown(int listed, qint64 total);

private:
    void search();
    void showMatches(quint64 id, const JobMatches& matches);
    void openRow(int row);

    WorkbenchState* m_state;
    DataService* m_data;
    QTimer* m_debounce;
    QCompleter* m_completer;
    QStandardItemModel* m_model;
    quint64 m_request = 0;
};

} // namespace ett::app
