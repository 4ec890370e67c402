#include "core/model/columns.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace ett::core {

JobInput FleetColumns::jobInput(size_t job) const
{
    if (!checkpointsLoaded) {
        throw std::logic_error("a job's accounting input needs its checkpoints, which a lean load leaves out");
    }
    JobInput in;
    in.gpus = jobGpus[job];
    if (jobSubmittedNs[job] != kNoTime) {
        in.submittedNs = jobSubmittedNs[job];
    }
    for (auto a = static_cast<size_t>(jobAttemptBegin[job]); a < static_cast<size_t>(jobAttemptBegin[job + 1]); ++a) {
        AttemptInput at;
        at.number = attemptNumber[a];
        at.startNs = attemptStartNs[a];
        at.endNs = attemptEndNs[a];
        at.gpus = attemptGpus[a];
        at.outcome = static_cast<Outcome>(attemptOutcome[a]);
        at.interruption = static_cast<Interruption>(attemptInterruption[a]);
        at.interruptedAtNs = attemptFaultNs[a];
        for (auto p = static_cast<size_t>(attemptPhaseBegin[a]); p < static_cast<size_t>(attemptPhaseBegin[a + 1]);
             ++p) {
            at.phases.push_back(
                { phaseStartNs[p], phaseEndNs[p], static_cast<Category>(kindCategory[phaseKind[p]]), phaseRank[p] });
        }
        in.attempts.push_back(std::move(at));
    }
    for (auto c = static_cast<size_t>(jobCheckpointBegin[job]); c < static_cast<size_t>(jobCheckpointBegin[job + 1]);
         ++c) {
        in.checkpoints.push_back({ checkpointStartNs[c], checkpointDurableNs[c], checkpointFailed[c] != 0 });
    }
    return in;
}

std::string FleetColumns::validate() const
{
    const size_t nj = jobs();
    const size_t na = attempts();
    const size_t np = phases();
    // A lean load keeps the checkpoints' offsets without their columns.
    const size_t nc = checkpointsLoaded || jobCheckpointBegin.empty() ? checkpoints()
                                                                      : static_cast<size_t>(jobCheckpointBegin.back());
    if (jobKey.size() != nj || (!jobName.empty() && jobName.size() != nj)
        || (!jobRowId.empty() && jobRowId.size() != nj) || jobLabel.size() != nj || jobSubmittedNs.size() != nj
        || jobAttr.size() != nj * attrKeys.size() || jobAttemptBegin.size() != nj + 1
        || jobCheckpointBegin.size() != nj + 1) {
        return "job columns differ in length";
    }
    if (attemptNumber.size() != na || attemptStartNs.size() != na || attemptEndNs.size() != na
        || attemptGpus.size() != na || attemptOutcome.size() != na || attemptInterruption.size() != na
        || attemptFaultNs.size() != na || attemptCauseClass.size() != na || attemptPhaseBegin.size() != na + 1) {
        return "attempt columns differ in length";
    }
    if (phaseEndNs.size() != np || phaseKind.size() != np || phaseRank.size() != np) {
        return "phase columns differ in length";
    }
    if (!checkpointsLoaded && checkpoints() != 0) {
        return "a lean load holds checkpoint columns";
    }
    if (checkpointsLoaded && (checkpointDurableNs.size() != nc || checkpointFailed.size() != nc)) {
        return "checkpoint columns differ in length";
    }
    if (jobAttemptBegin.front() != 0 || static_cast<size_t>(jobAttemptBegin.back()) != na
        || attemptPhaseBegin.front() != 0 || static_cast<size_t>(attemptPhaseBegin.back()) != np
        || jobCheckpointBegin.front() != 0 || static_cast<size_t>(jobCheckpointBegin.back()) != nc) {
        return "offsets do not span their rows";
    }
    for (size_t j = 0; j < nj; ++j) {
        if (jobAttemptBegin[j] > jobAttemptBegin[j + 1] || jobCheckpointBegin[j] > jobCheckpointBegin[j + 1]) {
            return "job offsets decrease at job " + std::to_string(j);
        }
        for (auto a = jobAttemptBegin[j]; a < jobAttemptBegin[j + 1]; ++a) {
            const auto i = static_cast<size_t>(a);
            if (attemptJob[i] != static_cast<int32_t>(j)) {
                return "attempt " + std::to_string(a) + " is not in job " + std::to_string(j);
            }
            if (attemptEndNs[i] < attemptStartNs[i]) {
                return "attempt " + std::to_string(a) + " ends before it starts";
            }
            if (a > jobAttemptBegin[j] && attemptStartNs[i] < attemptEndNs[i - 1]) {
                return "attempts of job " + std::to_string(j) + " overlap or are not sorted";
            }
        }
    }
    for (size_t a = 0; a < na; ++a) {
        if (attemptPhaseBegin[a] > attemptPhaseBegin[a + 1]) {
            return "phase offsets decrease at attempt " + std::to_string(a);
        }
        for (auto p = attemptPhaseBegin[a]; p < attemptPhaseBegin[a + 1]; ++p) {
            const auto i = static_cast<size_t>(p);
            if (phaseKind[i] < 0 || static_cast<size_t>(phaseKind[i]) >= kindCategory.size()) {
                return "phase " + std::to_string(p) + " has an unknown kind";
            }
            if (phaseStartNs[i] < attemptStartNs[a] || phaseEndNs[i] > attemptEndNs[a]
                || phaseEndNs[i] < phaseStartNs[i]) {
                return "phase " + std::to_string(p) + " is not inside its attempt";
            }
        }
    }
    return {};
}

int32_t FleetColumnsBuilder::code(std::vector<std::string>& dict, const std::string& text)
{
    auto it = std::find(dict.begin(), dict.end(), text);
    if (it != dict.end()) {
        return static_cast<int32_t>(it - dict.begin());
    }
    dict.push_back(text);
    return static_cast<int32_t>(dict.size() - 1);
}

int32_t FleetColumnsBuilder::kindCode(Category c, const std::string& sub)
{
    for (size_t k = 0; k < m_cols.kindCategory.size(); ++k) {
        if (m_cols.kindCategory[k] == static_cast<uint8_t>(c) && m_cols.kindSubcategory[k] == sub) {
            return static_cast<int32_t>(k);
        }
    }
    m_cols.kindCategory.push_back(static_cast<uint8_t>(c));
    m_cols.kindSubcategory.push_back(sub);
    return static_cast<int32_t>(m_cols.kindCategory.size() - 1);
}

void FleetColumnsBuilder::addJob(const std::string& key, const std::string& label, const JobInput& job)
{
    addJob(key, label, job, {}, {}, {});
}

void FleetColumnsBuilder::addJob(const std::string& key, const std::string& label, const JobInput& job,
    const std::vector<std::pair<std::string, std::string>>& attrs, const std::vector<std::string>& attemptCauses,
    const std::vector<std::vector<std::string>>& phaseSubcategories, const std::string& name)
{
    auto& c = m_cols;
    if (c.jobAttemptBegin.empty()) {
        c.jobAttemptBegin.push_back(0);
        c.jobCheckpointBegin.push_back(0);
        c.attemptPhaseBegin.push_back(0);
    }
    const auto jobIndex = static_cast<int32_t>(c.jobKey.size());
    c.jobKey.push_back(key);
    c.jobName.push_back(name);
    c.jobLabel.push_back(code(c.labels, label));
    c.jobGpus.push_back(job.gpus);
    c.jobSubmittedNs.push_back(job.submittedNs.value_or(kNoTime));
    std::vector<std::pair<int32_t, int32_t>> codes;
    for (const auto& [k, v] : attrs) {
        const int32_t kc = code(c.attrKeys, k);
        if (c.attrValues.size() < c.attrKeys.size()) {
            c.attrValues.resize(c.attrKeys.size());
        }
        codes.emplace_back(kc, code(c.attrValues[static_cast<size_t>(kc)], v));
    }
    m_attrs.push_back(std::move(codes));

    std::vector<size_t> order(job.attempts.size());
    std::iota(order.begin(), order.end(), size_t { 0 });
    std::sort(order.begin(), order.end(), [&](size_t x, size_t y) {
        const auto& ax = job.attempts[x];
        const auto& ay = job.attempts[y];
        return ax.startNs != ay.startNs ? ax.startNs < ay.startNs : ax.number < ay.number;
    });
    for (size_t i : order) {
        const AttemptInput& a = job.attempts[i];
        c.attemptJob.push_back(jobIndex);
        c.attemptNumber.push_back(a.number);
        c.attemptStartNs.push_back(a.startNs);
        c.attemptEndNs.push_back(a.endNs);
        c.attemptGpus.push_back(a.gpus);
        c.attemptOutcome.push_back(static_cast<uint8_t>(a.outcome));
        c.attemptInterruption.push_back(static_cast<uint8_t>(a.interruption));
        c.attemptFaultNs.push_back(a.interruptedAtNs);
        c.attemptCauseClass.push_back(
            code(c.causeClasses, i < attemptCauses.size() ? std::string(causeClass(attemptCauses[i])) : ""));
        for (size_t p = 0; p < a.phases.size(); ++p) {
            const PhaseSpan& ph = a.phases[p];
            const std::string sub
                = i < phaseSubcategories.size() && p < phaseSubcategories[i].size() ? phaseSubcategories[i][p] : "";
            c.phaseStartNs.push_back(ph.startNs);
            c.phaseEndNs.push_back(ph.endNs);
            c.phaseKind.push_back(kindCode(ph.category, sub));
            c.phaseRank.push_back(ph.rank);
        }
        c.attemptPhaseBegin.push_back(static_cast<int64_t>(c.phaseStartNs.size()));
    }
    c.jobAttemptBegin.push_back(static_cast<int64_t>(c.attemptJob.size()));
    for (const auto& ck : job.checkpoints) {
        c.checkpointStartNs.push_back(ck.startNs);
        c.checkpointDurableNs.push_back(ck.durableNs);
        c.checkpointFailed.push_back(ck.failed ? 1 : 0);
    }
    c.jobCheckpointBegin.push_back(static_cast<int64_t>(c.checkpointStartNs.size()));
}

FleetColumns FleetColumnsBuilder::finish()
{
    auto& c = m_cols;
    if (c.jobAttemptBegin.empty()) {
        c.jobAttemptBegin.push_back(0);
        c.jobCheckpointBegin.push_back(0);
        c.attemptPhaseBegin.push_back(0);
    }
    c.attrValues.resize(c.attrKeys.size());
    c.jobAttr.assign(c.jobKey.size() * c.attrKeys.size(), -1);
    for (size_t j = 0; j < m_attrs.size(); ++j) {
        for (const auto& [k, v] : m_attrs[j]) {
            c.jobAttr[j * c.attrKeys.size() + static_cast<size_t>(k)] = v;
        }
    }
    m_attrs.clear();
    FleetColumns out = std::move(m_cols);
    m_cols = FleetColumns {};
    return out;
}

} // namespace ett::core
