#include "app/ui/window/workbench_state.h"

#include "app/ui/format/figures_format.h"

namespace ett::app {

WorkbenchState::WorkbenchState(QObject* parent)
    : QObject(parent)
{
}

std::vector<std::pair<QString, Location>> WorkbenchState::breadcrumb() const
{
    std::vector<std::pair<QString, Location>> out;
    Location l;
    l.groupBy = m_location.groupBy;
    out.emplace_back(tr("Fleet"), l);
    if (m_location.level == Level::Fleet) {
        return out;
    }
    if (!m_location.group.empty()) {
        l.level = Level::Group;
        l.group = m_location.group;
        out.emplace_back(groupingName(m_location.groupBy) + QStringLiteral(" = ") + qs(m_location.group), l);
    }
    if (m_location.level == Level::Group) {
        return out;
    }
    l.level = Level::Job;
    l.job = m_location.job;
    out.emplace_back(m_jobKeys.value(m_location.job, tr("job %1").arg(m_location.job)), l);
    if (m_location.level == Level::Job) {
        return out;
    }
    l.level = Level::Attempt;
    l.attempt = m_location.attempt;
    out.emplace_back(tr("attempt %1").arg(m_location.attempt), l);
    return out;
}

void WorkbenchState::setFilter(const core::CohortSpec& filter)
{
    if (filter == m_filter) {
        return;
    }
    m_filter = filter;
    emit filterChanged(m_filter);
}

void WorkbenchState::setWeighting(Weighting weighting)
{
    if (weighting == m_weighting) {
        return;
    }
    m_weighting = weighting;
    emit weightingChanged(m_weighting);
}

void WorkbenchState::navigate(const Location& location)
{
    if (location == m_location) {
        return;
    }
    m_back.push_back(m_location);
    m_forward.clear();
    m_location = location;
    emit locationChanged(m_location);
    emit historyChanged(canGoBack(), canGoForward());
}

void WorkbenchState::goBack()
{
    if (m_back.empty()) {
        return;
    }
    m_forward.push_back(m_location);
    m_location = m_back.back();
    m_back.pop_back();
    emit locationChanged(m_location);
    emit historyChanged(canGoBack(), canGoForward());
}

void WorkbenchState::goForward()
{
    if (m_forward.empty()) {
        return;
    }
    m_back.push_back(m_location);
    m_location = m_forward.back();
    m_forward.pop_back();
    emit locationChanged(m_location);
    emit historyChanged(canGoBack(), canGoForward());
}

void WorkbenchState::openGroup(const QString& groupBy, const QString& value)
{
    Location l;
    l.level = Level::Group;
    l.groupBy = groupBy.toStdString();
    l.group = value.toStdString();
    navigate(l);
}

void WorkbenchState::openJob(int32_t job, const QString& key)
{
    setJobKey(job, key);
    Location l = m_location;
    l.level = Level::Job;
    l.job = job;
    l.attempt = -1;
    navigate(l);
}

void WorkbenchState::openAttempt(int32_t attempt)
{
    if (m_location.job < 0) {
        return;
    }
    Location l = m_location;
    l.level = Level::Attempt;
    l.attempt = attempt;
    navigate(l);
}

void WorkbenchState::setVocabulary(const Vocabulary& vocabulary)
{
    m_vocabulary = vocabulary;
    m_jobKeys.clear();
    m_back.clear();
    m_forward.clear();
    // Names the new data lacks (a removed or renamed label, another database's attributes) leave
    // the filter and the grouping: the service refuses unknown names rather than show nothing.
    core::CohortSpec pruned = m_filter;
    std::erase_if(pruned.labels, [&](const std::string& l) { return !vocabulary.labels.contains(qs(l)); });
    std::erase_if(pruned.attrs, [&](const auto& term) { return !vocabulary.attrKeys.contains(qs(term.first)); });
    const bool filterPruned = !(pruned == m_filter);
    m_filter = pruned;
    Location fleet;
    const QString groupBy = qs(m_location.groupBy);
    if (groupBy == QLatin1String("label") || groupBy == QLatin1String("job") || vocabulary.attrKeys.contains(groupBy)) {
        fleet.groupBy = m_location.groupBy;
    }
    m_location = fleet;
    if (filterPruned) {
        emit filterChanged(m_filter);
    }
    emit vocabularyChanged(m_vocabulary);
    emit locationChanged(m_location);
    emit historyChanged(false, false);
}

void WorkbenchState::refreshData(const Vocabulary& vocabulary, int32_t job, int32_t newJob)
{
    m_vocabulary = vocabulary;
    bool moved = false;
    if (job >= 0 && newJob != job) {
        // 1. The job has another index in the new load, or is gone: the places naming it follow.
        const QString key = m_jobKeys.take(job);
        if (newJob >= 0 && !key.isEmpty()) {
            m_jobKeys.insert(newJob, key);
        }
        auto follow = [&](Location& l) {
            if (l.job != job) {
                return true;
            }
            if (newJob < 0) {
                return false;
            }
            l.job = newJob;
            return true;
        };
        std::erase_if(m_back, [&](Location& l) { return !follow(l); });
        std::erase_if(m_forward, [&](Location& l) { return !follow(l); });
        if (m_location.job == job) {
            moved = true;
            if (newJob >= 0) {
                m_location.job = newJob;
            } else {
                Location fleet;
                fleet.groupBy = m_location.groupBy;
                m_location = fleet;
            }
        }
    }
    // 2. Views ask again, at the place (possibly moved) the user is.
    if (moved) {
        emit locationChanged(m_location);
        emit historyChanged(canGoBack(), canGoForward());
    }
    emit dataRefreshed();
}

void WorkbenchState::setJobKey(int32_t job, const QString& key)
{
    m_jobKeys.insert(job, key);
}

} // namespace ett::app
