// The Causes page: the interruptions of the window's filter by cause class and finer cause, and
// the rules that re-classify causes after the fact.
//
//   tree   a class per row (infra, user, ...; "(none)" without a cause), its finer causes under
//          it: interruptions, share, failures / preemptions / other (spec 5.4), lost GPU-hours,
//          mean Time to Recover, and the symptom split (explicit, hang, degradation, numeric,
//          none), so that what was seen stays apart from why; sortable by any column
//   rules  the rule set in force, in order, with how many interruptions of the filter and of the
//          database each moved; Add, Edit, Remove, Up, Down save the changed set at once (every
//          view follows), and Edit > Undo (Ctrl+Z) restores the set before
//
// Data comes from DataService::requestCauses for the state's filter; changes go through
// DataService::changeCauseRules (off the GUI thread). setData() shows a table directly (tests).
// GUI thread only.
#pragma once

#include "app/service/causes.h"

#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;
class QSortFilterProxyModel;
class QStandardItemModel;
class QTableWidget;
class QTreeView;

namespace ett::app {

class ElidedLabel;

class DataService;
class PageRequest;
class WorkbenchState;

class CausesPage : public QWidget
{
    Q_OBJECT
public:
    // The tree's columns.
    enum Column {
        CauseColumn = 0,
        CountColumn,
        ShareColumn,
        FailuresColumn,
        PreemptionsColumn,
        OtherColumn,
        LostColumn,
        MeanTtrColumn,
        ExplicitColumn,
        HangColumn,
        DegradationColumn,
        NumericColumn,
        NoSymptomColumn,
        ColumnCount
    };

    // `state` must outlive the page; `service` may be null (data then comes from setData()).
    CausesPage(WorkbenchState* state, DataService* service, QWidget* parent = nullptr);

    // Shows this table as if the current request had returned it.
    void setData(const CausesData& data);
    bool hasData() const { return m_hasData; }
    const CausesData& data() const { return m_shown; }
    bool isBusy() const;

    QTreeView* tree() const { return m_tree; }
    QStandardItemModel* model() const { return m_model; }
    QSortFilterProxyModel* proxy() const { return m_proxy; }
    QTableWidget* rulesTable() const { return m_rules; }
    QPushButton* addButton() const { return m_add; }
    QPushButton* removeButton() const { return m_remove; }
    ElidedLabel* subtitle() const { return m_subtitle; }

    // Saves `rules` as the set in force (what Add, Edit, Remove, Up and Down do).
    void saveRules(const core::CauseRules& rules);
    // Edit > Undo: whether a saved set can be undone, and undoing it.
    bool canUndoRuleChange() const;
    void undoRuleChange();

signals:
    // A table (the newest request's) has been shown.
    void causesShown();
    // What canUndoRuleChange() says may have changed.
    void undoChanged();
    // A rule change was stored (or failed): a line for the status bar.
    void statusMessage(const QString& text);

public slots:
    void refresh();

private:
    void buildUi();
    void fillTree();
    void fillRules();
    void updateButtons();
    void showMessage(const QString& text);
    void editRule(int row); // -1: a new rule
    void removeRule();
    void moveRule(int by);
    int selectedRule() const;

    WorkbenchState* m_state;
    DataService* m_data;
    PageRequest* m_request = nullptr;
    quint64 m_change = 0; // the rule change awaited
    bool m_hasData = false;
    CausesData m_shown;

    ElidedLabel* m_subtitle = nullptr;
    QProgressBar* m_busy = nullptr;
    QLabel* m_message = nullptr;
    QTreeView* m_tree = nullptr;
    QStandardItemModel* m_model = nullptr;
    QSortFilterProxyModel* m_proxy = nullptr;
    QLabel* m_rulesTitle = nullptr;
    QTableWidget* m_rules = nullptr;
    QPushButton* m_add = nullptr;
    QPushButton* m_edit = nullptr;
    QPushButton* m_remove = nullptr;
    QPushButton* m_up = nullptr;
    QPushButton* m_down = nullptr;
};

} // namespace ett::app
