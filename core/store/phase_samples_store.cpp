#include "core/store/phase_samples_store.h"

#include "core/model/int_sort.h"
#include "core/model/phase_samples.h"
#include "core/model/varint.h"
#include "core/store/column_codec.h"
#include "core/store/column_store.h"
#include "core/store/database.h"

#include <algorithm>
#include <bit>
#include <map>
#include <optional>
#include <set>
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
// With `inChunks`, only the attempts of the jobs of those chunks of the columnar copy (ascending)
// are gone through, each chunk's through the attempts' index: for a few chunks' jobs among many.
template <typename OnAttempt>
Status forEachStoredAttempt(Database& db, const FleetColumns& columns, const std::vector<uint8_t>& wanted,
    OnAttempt&& onAttempt, const std::vector<int64_t>* inChunks = nullptr)
{
    const auto jobOf = jobIndexOfRow(columns);
    std::vector<uint8_t> seen(columns.jobs(), 0);
    const OnePassCache onePass(db);
    auto st = db.prepare(std::string(kSamplesSql) + (inChunks ? " WHERE a.job_id BETWEEN ?1 AND ?2" : ""));
    if (!st) {
        return st.error();
    }
    auto each = [&]() -> Status {
        const auto it = jobOf.find(st->columnInt64(0));
        if (it == jobOf.end() || !wanted[static_cast<size_t>(it->second)]) {
            return Status::success();
        }
        seen[static_cast<size_t>(it->second)] = 1;
        const int64_t startNs = st->columnInt64(1);
        return onAttempt(it->second, startNs, st->columnBlob(2));
    };
    if (!inChunks) {
        if (auto rows = st->forEachRow(each); !rows) {
            return rows.error();
        }
    }
    for (size_t i = 0; inChunks && i < inChunks->size(); ++i) {
        const int64_t chunk = (*inChunks)[i];
        st->reset();
        st->bind(1, chunk << kChunkJobBits);
        st->bind(2, ((chunk + 1) << kChunkJobBits) - 1);
        if (auto rows = st->forEachRow(each); !rows) {
            return rows.error();
        }
    }
    return checkEveryJobHasSamples(db, columns, seen, wanted);
}

// The chunks of the columnar copy whose jobs all lie in the fleet loaded, with the same cohort bits
// (not none), and whose sorted durations are built and current (the chunk of this format, not
// listed dirty): their durations go to each of those cohorts' lists as packed sorted runs (the
// decompressed bytes shared), and their jobs leave `wanted` (they need no samples read). Nothing (success) on a
// database without the table.
Status addWholeChunks(Database& db, const FleetColumns& columns, const PhaseCohorts& cohorts, const KindCodes& code,
    std::vector<uint8_t>& wanted, std::vector<KindDurationBlocks>& perCohort)
{
    auto copy = hasColumnStore(db);
    auto durations = copy && *copy ? hasPhaseDurations(db) : copy;
    if (!durations) {
        return durations.error();
    }
    if (!*durations) {
        return Status::success();
    }
    // The fleet's jobs per chunk, and whether they share their bits.
    struct Held
    {
        int64_t jobs = 0;
        uint8_t bits = 0;
        bool same = true;
    };
    std::map<int64_t, Held> held;
    for (size_t j = 0; j < columns.jobs(); ++j) {
        Held& h = held[columns.jobRowId[j] >> kChunkJobBits];
        h.same = h.same && (h.jobs == 0 || h.bits == cohorts.jobBits[j]);
        h.bits = cohorts.jobBits[j];
        ++h.jobs;
    }
    auto built = db.prepare("SELECT c.chunk, c.jobs, d.raw_bytes, d.data FROM column_chunks c JOIN "
                            "column_phase_durations d ON d.chunk = c.chunk WHERE c.format = "
        + std::to_string(kColumnFormat) + " AND c.chunk NOT IN (SELECT chunk FROM column_dirty) ORDER BY c.chunk");
    if (!built) {
        return built.error();
    }
    std::set<int64_t> taken;
    auto rows = built->forEachRow([&]() -> Status {
        const int64_t chunk = built->columnInt64(0);
        const auto it = held.find(chunk);
        if (it == held.end() || !it->second.same || it->second.bits == 0 || it->second.jobs != built->columnInt64(1)) {
            return Status::success();
        }
        const std::string where = "the columnar copy, chunk " + std::to_string(chunk) + ", phase durations: ";
        std::string raw; // kept by the runs that point into it
        if (auto st = columnar::decompress(built->columnBlob(3), built->columnInt64(2), raw); !st) {
            return Error { where + st.error().message };
        }
        auto decoded = decodeChunkPhaseDurations(std::move(raw));
        if (!decoded) {
            return Error { where + decoded.error().message };
        }
        for (size_t i = 0; i < decoded->kindIds.size(); ++i) {
            const int32_t k = code(decoded->kindIds[i]);
            if (k < 0) {
                continue; // a kind added since the columns were loaded, as in addDurations()
            }
            const uint8_t bits = it->second.bits;
            for (size_t c = 0; c < perCohort.size(); ++c) {
                if ((bits >> c) & 1U) {
                    perCohort[c][static_cast<size_t>(k)].addPacked(decoded->bytes, decoded->runs[i]);
                }
            }
        }
        taken.insert(chunk);
        return Status::success();
    });
    if (!rows) {
        return rows.error();
    }
    for (size_t j = 0; j < columns.jobs(); ++j) {
        if (taken.count(columns.jobRowId[j] >> kChunkJobBits) != 0) {
            wanted[j] = 0;
        }
    }
    return Status::success();
}

} // namespace

Result<std::optional<PackedPhaseDurations>> packChunkPhaseDurations(Database& db, int64_t chunk)
{
    auto st = db.prepare("SELECT a.start_ns, s.samples FROM attempts a LEFT JOIN attempt_phases s ON s.attempt_id = "
                         "a.id WHERE a.job_id BETWEEN ? AND ?");
    if (!st) {
        return st.error();
    }
    st->bind(1, chunk << kChunkJobBits);
    st->bind(2, ((chunk + 1) << kChunkJobBits) - 1);
    std::map<int64_t, std::vector<int64_t>> byKind;
    bool complete = true;
    auto rows = st->forEachRow([&] {
        if (!complete) {
            return;
        }
        if (st->columnIsNull(1)) {
            complete = false;
            return;
        }
        PhaseSampleReader reader(st->columnBlob(1), st->columnInt64(0));
        PhaseSample p;
        std::vector<int64_t>* last = nullptr; // the list of the last phase's kind: runs of a kind are usual
        int64_t lastKind = -1;
        while (reader.next(p)) {
            if (last == nullptr || p.kind != lastKind) {
                last = &byKind[p.kind];
                lastKind = p.kind;
            }
            last->push_back(p.durNs);
        }
        complete = reader.error().empty();
    });
    if (!rows) {
        return rows.error();
    }
    if (!complete) {
        return std::optional<PackedPhaseDurations> {};
    }
    PackedPhaseDurations out;
    std::string values;
    std::string anchors;
    std::vector<size_t> sizes;
    for (auto& [kind, durations] : byKind) {
        sortInt64(durations);
        const size_t before = values.size();
        packSorted(durations, values, anchors); // durations are never negative
        sizes.push_back(values.size() - before);
        out.phases += static_cast<int64_t>(durations.size());
    }
    putVarint(out.raw, byKind.size());
    size_t k = 0;
    for (const auto& [kind, durations] : byKind) {
        putVarint(out.raw, static_cast<uint64_t>(kind));
        putVarint(out.raw, durations.size());
        putVarint(out.raw, sizes[k++]);
    }
    out.raw += values;
    out.raw += anchors;
    return std::optional<PackedPhaseDurations> { std::move(out) };
}

Result<ChunkPhaseDurations> decodeChunkPhaseDurations(std::string raw)
{
    auto damaged = [](const std::string& what) { return Error { "damaged phase durations: " + what }; };
    auto bytes = std::make_shared<const std::string>(std::move(raw));
    const std::string_view in(*bytes);
    size_t pos = 0;
    const auto kinds = getVarint(in, pos);
    if (!kinds || *kinds > in.size()) {
        return damaged("the count of kinds is truncated or beyond the bytes");
    }
    ChunkPhaseDurations out;
    std::vector<uint64_t> sizes;
    uint64_t valueBytes = 0;
    uint64_t anchorBytes = 0;
    for (uint64_t k = 0; k < *kinds; ++k) {
        const auto id = getVarint(in, pos);
        const auto count = id ? getVarint(in, pos) : std::nullopt;
        const auto size = count ? getVarint(in, pos) : std::nullopt;
        if (!size || *id > static_cast<uint64_t>(INT64_MAX) || *count > in.size() || *size > in.size()) {
            return damaged("kind " + std::to_string(k) + " is truncated or beyond the bytes");
        }
        if (!out.kindIds.empty() && static_cast<int64_t>(*id) <= out.kindIds.back()) {
            return damaged("kind " + std::to_string(k) + " is out of order");
        }
        out.kindIds.push_back(static_cast<int64_t>(*id));
        PackedSortedRun run;
        run.count = static_cast<size_t>(*count);
        out.runs.push_back(run);
        sizes.push_back(*size);
        valueBytes += *size;
        anchorBytes += PackedSortedRun::anchorsFor(run.count) * kAnchorBytes;
    }
    if (valueBytes + anchorBytes != in.size() - pos) {
        return damaged("the kinds' sizes disagree with the bytes");
    }
    size_t values = pos;
    size_t anchors = pos + static_cast<size_t>(valueBytes);
    for (size_t k = 0; k < out.runs.size(); ++k) {
        PackedSortedRun& run = out.runs[k];
        const size_t anchorSize = PackedSortedRun::anchorsFor(run.count) * kAnchorBytes;
        run.values = in.substr(values, static_cast<size_t>(sizes[k]));
        run.anchors = in.substr(anchors, anchorSize);
        values += static_cast<size_t>(sizes[k]);
        anchors += anchorSize;
        if (const std::string wrong = checkPackedRun(run); !wrong.empty()) {
            return damaged("kind " + std::to_string(out.kindIds[k]) + ": " + wrong);
        }
    }
    out.bytes = std::move(bytes);
    return out;
}

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
    std::vector<uint8_t> wanted = cohorts.jobBits;
    const bool allTime = std::all_of(cohorts.fromNs.begin(), cohorts.fromNs.end(), [](int64_t t) {
        return t == INT64_MIN;
    }) && std::all_of(cohorts.toNs.begin(), cohorts.toNs.end(), [](int64_t t) { return t == INT64_MAX; });
    if (allTime) {
        if (auto st = addWholeChunks(db, columns, cohorts, code, wanted, perCohort); !st) {
            return st.error();
        }
    }
    // The jobs left: all of them (no chunk taken), or those of the chunks not taken, each read through
    // the index when they are a few chunks' among many.
    std::set<int64_t> leftChunks;
    size_t left = 0;
    for (size_t j = 0; j < wanted.size(); ++j) {
        if (wanted[j] != 0) {
            leftChunks.insert(columns.jobRowId[j] >> kChunkJobBits);
            ++left;
        }
    }
    if (left > 0) {
        auto add = [&](int32_t job, int64_t startNs, std::string_view blob) {
            return addDurations(blob, startNs, cohorts.jobBits[static_cast<size_t>(job)], code, cohorts, perCohort);
        };
        const std::vector<int64_t> chunks(leftChunks.begin(), leftChunks.end());
        const bool few = left < columns.jobs() / 2;
        if (auto st = forEachStoredAttempt(db, columns, wanted, add, few ? &chunks : nullptr); !st) {
            return st.error();
        }
    }
    // A list with packed runs from whole chunks: the durations read from samples (of chunks shared
    // with other cohorts, or not built) sorted too, so that the list is ranked by searching.
    for (auto& lists : perCohort) {
        for (auto& list : lists) {
            if (list.size() > list.pushed()) {
                list.sortPushed();
            }
        }
    }
    return perCohort;
}

} // namespace ett::core
