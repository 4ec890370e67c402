// The Ranks page (spec 7.3): stragglers among the ranks of one job, and the hosts most often
// slowest across the filter's jobs.
//
//   controls   the job (its key; set by drilling into a job elsewhere, or typed), the dataset label
//              when the key is under several, the attempt (those with per-rank phases), and what
//              the colour shows (time, or excess over the stage's median)
//   heat map   rank x stage of the attempt (RankHeatMap): the slowest of each stage outlined,
//              tooltips with rank, host, time and excess
//   hosts      a sortable table of the filter's hosts: times slowest, excess GPU-hours
//
// A page of its own rather than a mode of the drill-down: it needs a job and an attempt and also
// the whole filter (the hosts), and its heat map wants the page's width, not the timeline's rows.
// Data comes from DataService::requestJobRanks and requestHosts (off the GUI thread; only the
// newest answers count; a hidden page asks when shown). GUI thread only.
#pragma once

#include "app/service/ranks.h"
#include "app/ui/charts/rank_heatmap.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QScrollArea;
class QSortFilterProxyModel;
class QSplitter;
class QStandardItemModel;
class QTableView;

namespace ett::app {

class ElidedLabel;

class DataService;
class PageRequest;
class WorkbenchState;

class RanksPage : public QWidget
{
    Q_OBJECT
public:
    // `state` must outlive the page; `service` may be null (data then comes from the setters).
    RanksPage(WorkbenchState* state, DataService* service, QWidget* parent = nullptr);

    // Shows the ranks of this job (asks the service); `label` empty: any label.
    void setJob(const QString& key, const QString& label = {});
    QString jobKey() const;
    // Shows these results as if the requests had returned them (tests).
    void setJobRanks(const JobRanks& ranks);
    void setHosts(const HostsRanking& hosts);
    // The attempt shown, as an index into the job's attempts with ranks; -1 when none.
    int attemptIndex() const { return m_attemptIndex; }
    void setAttemptIndex(int index);
    void setColour(RankHeatMap::Colour colour);

    RankHeatMap* heatMap() const { return m_heatMap; }
    QTableView* hostsView() const { return m_hostsView; }
    QStandardItemModel* hostsModel() const { return m_hostsModel; }
    // What the page says above the heat map ("Open a job ...", the attempt shown) and, when the
    // filter's jobs have no host to rank, in place of the hosts table.
    QString stagesNote() const;
    QString hostsNote() const;
    bool isBusy() const;

signals:
    // Both the job's ranks and the hosts are shown (or failed) for the current inputs.
    void dataShown();

private:
    void buildUi();
    void onLocationChanged();
    void onVocabularyChanged();
    void onJobRanksReady(quint64 id, const JobRanks& ranks);
    void onHostsReady(quint64 id, const HostsRanking& hosts);
    void onQueryFailed(quint64 id, const QString& message);
    void showAttempt();
    // No job chosen: nothing of the last one stays.
    void clearRanks();
    void updateStatus();

    WorkbenchState* m_state;
    DataService* m_data;
    PageRequest* m_ranksRequest = nullptr;
    PageRequest* m_hostsRequest = nullptr;
    JobRanks m_ranks;
    bool m_hasRanks = false;
    int m_attemptIndex = -1;
    QString m_error;

    ElidedLabel* m_status = nullptr;
    QProgressBar* m_busy = nullptr;
    QLineEdit* m_jobEdit = nullptr;
    QComboBox* m_labelBox = nullptr;
    QComboBox* m_attemptBox = nullptr;
    QComboBox* m_colourBox = nullptr;
    QLabel* m_stagesNote = nullptr;
    QSplitter* m_split = nullptr;
    RankHeatMap* m_heatMap = nullptr;
    QScrollArea* m_heatScroll = nullptr; // hidden while no attempt is shown
    QLabel* m_hostsCaption = nullptr;
    QLabel* m_hostsEmpty = nullptr; // in place of the table when there is no host to rank
    QStandardItemModel* m_hostsModel = nullptr;
    QSortFilterProxyModel* m_hostsProxy = nullptr;
    QTableView* m_hostsView = nullptr;
    QLabel* m_errorLabel = nullptr;
};

} // namespace ett::app
