#include "core/store/phase_samples_store.h"

#include "core/model/phase_samples.h"
#include "core/store/database.h"

#include <algorithm>
#include <bit>
#include <optional>
#include <unordered_map>

namespace ett::core {

namespace {

// Every attempt's samples with its job's row id and its start.
constexpr const char* kSamplesSql
    = "SELECT a.job_id, a.start_ns, s.samples FROM attempt_phases s JOIN attempts a ON a.id = s.attempt_id";

// phase_kinds.id of each kind code of `columns`, in code order: the loader numbers kinds by
// ascending id (columns_loader.cpp).
Result<std::vector<int64_t>> kindIdsOf(Database& db, const FleetColumns& columns)
{
    std::vector<int64_t> ids;
    auto st = db.prepare("SELECT id FROM phase_kinds ORDER BY id");
    if (!st) {
        return st.error();
    }
    if (auto rows = st->forEachRow([&] { ids.push_back(st->columnInt64(0)); }); !rows) {
        return rows.error();
    }
    // Kinds added by an import since the columns were loaded have larger ids: only their codes
    // are unknown to the columns, and their phases are skipped with their jobs.
    ids.resize(std::min(ids.size(), columns.kindCategory.size()));
    return ids;
}

// The job index in `columns` of each job row id.
std::unordered_map<int64_t, int32_t> jobIndexOfRow(const FleetColumns& columns)
{
    std::unordered_map<int64_t, int32_t> jobOf;
    jobOf.reserve(columns.jobRowId.size());
    for (size_t j = 0; j < columns.jobRowId.size(); ++j) {
        jobOf.emplace(columns.jobRowId[j], static_cast<int32_t>(j));
    }
    return jobOf;
}

// Every job of `columns` with wanted[j] set that has attempts has samples (an attempt without
// phases has an empty blob).
Status checkEveryJobHasSamples(const Database& db, const FleetColumns& columns, const std::vector<uint8_t>& has,
    const std::vector<uint8_t>& wanted)
{
    for (size_t j = 0; j < columns.jobs(); ++j) {
        if (!has[j] && wanted[j] && columns.jobAttemptBegin[j + 1] > columns.jobAttemptBegin[j]) {
            return Error { db.path() + ": job '" + columns.jobKey[j]
                + "' has no phase samples (figures derived by older rules): recompute them once with `ettw "
                  "upgrade --db "
                + db.path() + "`" };
        }
    }
    return Status::success();
}

// The kind code of each phase_kinds.id: a direct table when the ids are small and dense (in
// practice they are), a search otherwise.
class KindCodes
{
public:
    explicit KindCodes(const std::vector<int64_t>& ids)
        : m_ids(ids)
        , m_maxId(ids.empty() ? -1 : ids.back())
    {
        if (m_maxId >= 0 && m_maxId < (int64_t { 1 } << 20)) {
            m_codeOf.assign(static_cast<size_t>(m_maxId) + 1, -1);
            for (size_t k = 0; k < ids.size(); ++k) {
                if (ids[k] >= 0) {
                    m_codeOf[static_cast<size_t>(ids[k])] = static_cast<int32_t>(k);
                }
            }
        }
    }
    int32_t operator()(int64_t id) const
    {
        if (!m_codeOf.empty()) {
            return id >= 0 && id <= m_maxId ? m_codeOf[static_cast<size_t>(id)] : -1;
        }
        const auto it = std::lower_bound(m_ids.begin(), m_ids.end(), id);
        return it != m_ids.end() && *it == id ? static_cast<int32_t>(it - m_ids.begin()) : -1;
    }

private:
    const std::vector<int64_t>& m_ids;
    int64_t m_maxId;
    std::vector<int32_t> m_codeOf;
};

// Adds the durations of one attempt's phases to the lists of each cohort whose bit `cohorts` holds
// (PhaseCohorts: the bits of the attempt's job), those that start in that cohort's range.
// List: std::vector<int64_t> or DurationBlocks.
template <typename List>
Status addDurations(std::string_view blob, int64_t attemptStartNs, uint8_t cohorts, const KindCodes& code,
    const PhaseCohorts& of, std::vector<std::vector<List>>& perCohort)
{
    cohorts &= static_cast<uint8_t>((1U << perCohort.size()) - 1U);
    if (cohorts == 0) {
        return Status::success();
    }
    PhaseSampleReader reader(blob, attemptStartNs);
    PhaseSample p;
    while (reader.next(p)) {
        const int32_t k = code(p.kind);
        if (k < 0) {
            continue;
        }
        for (uint8_t bits = cohorts; bits != 0; bits &= static_cast<uint8_t>(bits - 1U)) {
            const auto c = static_cast<size_t>(std::countr_zero(bits));
            if (p.startNs >= of.fromNs[c] && p.startNs < of.toNs[c]) {
                perCohort[c][static_cast<size_t>(k)].push_back(p.durNs);
            }
        }
    }
    if (!reader.error().empty()) {
        return Error { reader.error() };
    }
    return Status::success();
}

// 1 to 8 cohorts with a range each and, where the jobs are known, a mask per job.
Status checkCohorts(const PhaseCohorts& cohorts, std::optional<size_t> jobs)
{
    const size_t n = cohorts.fromNs.size();
    if (n == 0 || n > 8 || cohorts.toNs.size() != n || (jobs && cohorts.jobBits.size() != *jobs)) {
        return Error { "phase durations: expected 1 to 8 cohorts, a range each and a cohort mask per job" };
    }
    return Status::success();
}

// An empty list a kind for each cohort.
template <typename List> std::vector<std::vector<List>> emptyLists(const PhaseCohorts& cohorts, size_t kinds)
{
    std::vector<std::vector<List>> perCohort(cohorts.fromNs.size());
    for (auto& lists : perCohort) {
        lists.resize(kinds);
    }
    return perCohort;
}

PhaseCohorts oneCohort(const std::vector<uint8_t>& selectedJobs, int64_t fromNs, int64_t toNs)
{
    PhaseCohorts one;
    one.jobBits.reserve(selectedJobs.size());
    for (const uint8_t selected : selectedJobs) {
        one.jobBits.push_back(selected != 0 ? 1 : 0);
    }
    one.fromNs = { fromNs };
    one.toNs = { toNs };
    return one;
}

// One pass over the stored attempts of the jobs of `columns` flagged in `wanted` (another job's blob
// is not even read), with a small page cache: onAttempt(job, attempt start, blob) for each,
// stopping at its first Error. Then an Error unless each of those jobs that has attempts had
// samples (checkEveryJobHasSamples()).
template <typename OnAttempt>
Status forEachStoredAttempt(
    Database& db, const FleetColumns& columns, const std::vector<uint8_t>& wanted, OnAttempt&& onAttempt)
{
    const auto jobOf = jobIndexOfRow(columns);
    std::vector<uint8_t> seen(columns.jobs(), 0);
    const OnePassCache onePass(db);
    auto st = db.prepare(kSamplesSql);
    if (!st) {
        return st.error();
    }
    if (auto rows = st->forEachRow([&]() -> Status {
            const auto it = jobOf.find(st->columnInt64(0));
            if (it == jobOf.end() || !wanted[static_cast<size_t>(it->second)]) {
                return Status::success();
            }
            seen[static_cast<size_t>(it->second)] = 1;
            const int64_t startNs = st->columnInt64(1);
            return onAttempt(it->second, startNs, st->columnBlob(2));
        });
        !rows) {
        return rows.error();
    }
    return checkEveryJobHasSamples(db, columns, seen, wanted);
}

} // namespace

Result<StoredPhaseSamples> StoredPhaseSamples::load(Database& db, const FleetColumns& columns)
{
    StoredPhaseSamples s;
    auto ids = kindIdsOf(db, columns);
    if (!ids) {
        return ids.error();
    }
    s.m_kindIds = std::move(*ids);
    s.m_begin.push_back(0);
    const std::vector<uint8_t> every(columns.jobs(), 1);
    auto keep = [&s](int32_t job, int64_t startNs, std::string_view blob) {
        s.m_attemptJob.push_back(job);
        s.m_attemptStartNs.push_back(startNs);
        s.m_bytes.append(blob);
        s.m_begin.push_back(s.m_bytes.size());
        return Status::success();
    };
    if (auto st = forEachStoredAttempt(db, columns, every, keep); !st) {
        return st.error();
    }
    s.m_bytes.shrink_to_fit();
    return s;
}

template <typename List>
Result<std::vector<std::vector<List>>> StoredPhaseSamples::durationsIn(const PhaseCohorts& cohorts) const
{
    if (auto st = checkCohorts(cohorts, std::nullopt); !st) {
        return st.error();
    }
    auto perCohort = emptyLists<List>(cohorts, m_kindIds.size());
    const KindCodes code(m_kindIds);
    for (size_t a = 0; a < m_attemptJob.size(); ++a) {
        const auto job = static_cast<size_t>(m_attemptJob[a]);
        const uint8_t bits = job < cohorts.jobBits.size() ? cohorts.jobBits[job] : uint8_t { 0 };
        if (bits == 0) {
            continue;
        }
        const std::string_view blob(m_bytes.data() + m_begin[a], m_begin[a + 1] - m_begin[a]);
        if (auto st = addDurations(blob, m_attemptStartNs[a], bits, code, cohorts, perCohort); !st) {
            return st.error();
        }
    }
    return perCohort;
}

Result<KindDurations> StoredPhaseSamples::durationsPerKind(
    const std::vector<uint8_t>& selectedJobs, int64_t fromNs, int64_t toNs) const
{
    auto lists = durationsIn<std::vector<int64_t>>(oneCohort(selectedJobs, fromNs, toNs));
    if (!lists) {
        return lists.error();
    }
    return std::move(lists->front());
}

Result<std::vector<KindDurationBlocks>> StoredPhaseSamples::durationsPerKind(const PhaseCohorts& cohorts) const
{
    return durationsIn<DurationBlocks>(cohorts);
}

Result<std::vector<KindDurationBlocks>> StoredPhaseSamples::durationsPerKind(
    Database& db, const FleetColumns& columns, const PhaseCohorts& cohorts)
{
    if (auto st = checkCohorts(cohorts, columns.jobs()); !st) {
        return st.error();
    }
    auto ids = kindIdsOf(db, columns);
    if (!ids) {
        return ids.error();
    }
    auto perCohort = emptyLists<DurationBlocks>(cohorts, ids->size());
    const KindCodes code(*ids);
    auto add = [&](int32_t job, int64_t startNs, std::string_view blob) {
        return addDurations(blob, startNs, cohorts.jobBits[static_cast<size_t>(job)], code, cohorts, perCohort);
    };
    if (auto st = forEachStoredAttempt(db, columns, cohorts.jobBits, add); !st) {
        return st.error();
    }
    return perCohort;
}

} // namespace ett::core
