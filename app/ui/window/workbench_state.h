// The one state every view follows (after hotspot's filter-and-zoom stack):
// the filter, the weighting, and where the user is (fleet > group > job > attempt), with back
// and forward. Views change it through its setters and redraw on its signals. GUI thread only.
#pragma once

#include "app/ui/data/types.h"

#include <QObject>

#include <vector>

namespace ett::app {

class WorkbenchState : public QObject
{
    Q_OBJECT
public:
    explicit WorkbenchState(QObject* parent = nullptr);

    const core::CohortSpec& filter() const { return m_filter; }
    Weighting weighting() const { return m_weighting; }
    const Location& location() const { return m_location; }
    const Vocabulary& vocabulary() const { return m_vocabulary; }
    // The key of an engine job index as remembered by openJob() / setJobKey(); empty when unknown.
    QString jobKey(int32_t job) const { return m_jobKeys.value(job); }

    bool canGoBack() const { return !m_back.empty(); }
    bool canGoForward() const { return !m_forward.empty(); }

    // The breadcrumb of the current location: (text, location) from the fleet down.
    std::vector<std::pair<QString, Location>> breadcrumb() const;

public slots:
    void setFilter(const core::CohortSpec& filter);
    void setWeighting(Weighting weighting);
    // Goes to a location, pushing the current one on the back stack (and clearing forward).
    void navigate(const Location& location);
    void goBack();
    void goForward();
    // Convenience: drill into a group value / job / attempt below the current location.
    void openGroup(const QString& groupBy, const QString& value);
    void openJob(int32_t job, const QString& key);
    void openAttempt(int32_t attempt);
    // A new database: the vocabulary changes and the location resets to the fleet.
    void setVocabulary(const Vocabulary& vocabulary);
    // The same database loaded again (a watched folder changed it): the vocabulary is replaced and
    // the place stays (filter, location, history); engine job index `job` is `newJob` from now on
    // (-1: the job is gone: a location at it goes up to the fleet). Emits dataRefreshed (and
    // locationChanged when the location changed).
    void refreshData(const ett::app::Vocabulary& vocabulary, int32_t job, int32_t newJob);
    // Remembers the job key of an engine job index (for breadcrumbs).
    void setJobKey(int32_t job, const QString& key);

signals:
    void filterChanged(const ett::core::CohortSpec& filter);
    void weightingChanged(ett::app::Weighting weighting);
    void locationChanged(const ett::app::Location& location);
    void vocabularyChanged(const ett::app::Vocabulary& vocabulary);
    void historyChanged(bool canGoBack, bool canGoForward);
    // The data changed under the same place (refreshData): views ask again for what they show and
    // keep their scroll, sort and selection.
    void dataRefreshed();

private:
    core::CohortSpec m_filter;
    Weighting m_weighting = Weighting::Gpu;
    Location m_location;
    Vocabulary m_vocabulary;
    std::vector<Location> m_back;
    std::vector<Location> m_forward;
    QMap<int32_t, QString> m_jobKeys;
};

} // namespace ett::app
