#include "core/store/phase_samples_store.h"

#include "core/model/phase_samples.h"
#include "core/store/database.h"

#include <algorithm>
#include <unordered_map>

namespace ett::core {

Result<StoredPhaseSamples> StoredPhaseSamples::load(Database& db, const FleetColumns& columns)
{
    StoredPhaseSamples s;
    // 1. Kind ids in code order: the loader numbers kinds by ascending id (columns_loader.cpp).
    {
        auto st = db.prepare("SELECT id FROM phase_kinds ORDER BY id");
        if (!st) {
            return st.error();
        }
        if (auto rows = st->forEachRow([&] { s.m_kindIds.push_back(st->columnInt64(0)); }); !rows) {
            return rows.error();
        }
        // Kinds added by an import since the columns were loaded have larger ids: only their codes
        // are unknown to the columns, and their phases are skipped with their jobs.
        s.m_kindIds.resize(std::min(s.m_kindIds.size(), columns.kindCategory.size()));
    }
    // 2. The blobs, with each attempt's job and start.
    std::unordered_map<int64_t, int32_t> jobOf;
    jobOf.reserve(columns.jobRowId.size());
    for (size_t j = 0; j < columns.jobRowId.size(); ++j) {
        jobOf.emplace(columns.jobRowId[j], static_cast<int32_t>(j));
    }
    std::vector<uint8_t> jobHasSamples(columns.jobs(), 0);
    auto st = db.prepare(
        "SELECT a.job_id, a.start_ns, s.samples FROM attempt_phases s JOIN attempts a ON a.id = s.attempt_id");
    if (!st) {
        return st.error();
    }
    s.m_begin.push_back(0);
    if (auto rows = st->forEachRow([&] {
            const auto it = jobOf.find(st->columnInt64(0));
            if (it == jobOf.end()) {
                return;
            }
            const std::string_view blob = st->columnBlob(2);
            s.m_attemptJob.push_back(it->second);
            s.m_attemptStartNs.push_back(st->columnInt64(1));
            s.m_bytes.append(blob);
            s.m_begin.push_back(s.m_bytes.size());
            jobHasSamples[static_cast<size_t>(it->second)] = 1;
        });
        !rows) {
        return rows.error();
    }
    // 3. Every job with attempts has samples (an attempt without phases has an empty blob).
    for (size_t j = 0; j < columns.jobs(); ++j) {
        if (!jobHasSamples[j] && columns.jobAttemptBegin[j + 1] > columns.jobAttemptBegin[j]) {
            return Error { db.path() + ": job '" + columns.jobKey[j]
                + "' has no phase samples (figures derived by older rules): recompute them once with `ettw "
                  "upgrade --db "
                + db.path() + "`" };
        }
    }
    s.m_bytes.shrink_to_fit();
    return s;
}

Result<std::vector<std::vector<int64_t>>> StoredPhaseSamples::durationsPerKind(
    const std::vector<uint8_t>& selectedJobs, int64_t fromNs, int64_t toNs) const
{
    std::vector<std::vector<int64_t>> perKind(m_kindIds.size());
    // Kind ids are small and dense in practice: a direct table when they are, a search otherwise.
    const int64_t maxId = m_kindIds.empty() ? -1 : m_kindIds.back();
    std::vector<int32_t> codeOf;
    if (maxId >= 0 && maxId < (int64_t { 1 } << 20)) {
        codeOf.assign(static_cast<size_t>(maxId) + 1, -1);
        for (size_t k = 0; k < m_kindIds.size(); ++k) {
            if (m_kindIds[k] >= 0) {
                codeOf[static_cast<size_t>(m_kindIds[k])] = static_cast<int32_t>(k);
            }
        }
    }
    auto code = [&](int64_t id) -> int32_t {
        if (!codeOf.empty()) {
            return id >= 0 && id <= maxId ? codeOf[static_cast<size_t>(id)] : -1;
        }
        const auto it = std::lower_bound(m_kindIds.begin(), m_kindIds.end(), id);
        return it != m_kindIds.end() && *it == id ? static_cast<int32_t>(it - m_kindIds.begin()) : -1;
    };
    for (size_t a = 0; a < m_attemptJob.size(); ++a) {
        if (!selectedJobs[static_cast<size_t>(m_attemptJob[a])]) {
            continue;
        }
        const std::string_view blob(m_bytes.data() + m_begin[a], m_begin[a + 1] - m_begin[a]);
        PhaseSampleReader reader(blob, m_attemptStartNs[a]);
        PhaseSample p;
        while (reader.next(p)) {
            const int32_t k = code(p.kind);
            if (k >= 0 && p.startNs >= fromNs && p.startNs < toNs) {
                perKind[static_cast<size_t>(k)].push_back(p.durNs);
            }
        }
        if (!reader.error().empty()) {
            return Error { reader.error() };
        }
    }
    return perKind;
}

} // namespace ett::core
