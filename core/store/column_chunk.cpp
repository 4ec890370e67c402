#include "core/store/column_chunk.h"

#include "core/store/columns_loader.h"
#include "core/store/database.h"

#include <algorithm>
#include <numeric>
#include <sstream>

namespace ett::core::columnar {

Chunk chunkOf(const StoredFleet& stored, const std::vector<int64_t>& labelIdOf)
{
    const FleetColumns& c = stored.columns;
    const Attribution& at = stored.attribution;
    Chunk k;
    k.jobRowId = c.jobRowId;
    for (const int32_t l : c.jobLabel) {
        k.jobLabelId.push_back(labelIdOf[static_cast<size_t>(l)]);
    }
    k.jobGpus = c.jobGpus;
    k.jobSubmittedNs = c.jobSubmittedNs;
    k.jobKey = c.jobKey;
    k.jobName = c.jobName;
    for (size_t j = 0; j < c.jobs(); ++j) {
        k.jobAttempts.push_back(c.jobAttemptBegin[j + 1] - c.jobAttemptBegin[j]);
        k.jobCheckpoints.push_back(c.jobCheckpointBegin[j + 1] - c.jobCheckpointBegin[j]);
    }

    // Attributes: the dictionaries as the loader coded them (first use in (job, key) order), the
    // triples in that order again, so that appending them codes them the same way.
    k.attrKeys = c.attrKeys;
    for (size_t key = 0; key < c.attrKeys.size(); ++key) {
        k.attrValueCounts.push_back(static_cast<int64_t>(c.attrValues[key].size()));
        k.attrValues.insert(k.attrValues.end(), c.attrValues[key].begin(), c.attrValues[key].end());
    }
    std::vector<size_t> keysByName(c.attrKeys.size());
    std::iota(keysByName.begin(), keysByName.end(), size_t { 0 });
    std::sort(keysByName.begin(), keysByName.end(), [&](size_t a, size_t b) { return c.attrKeys[a] < c.attrKeys[b]; });
    for (size_t j = 0; j < c.jobs(); ++j) {
        for (const size_t key : keysByName) {
            if (const int32_t v = c.attr(j, key); v >= 0) {
                k.attrJob.push_back(static_cast<int64_t>(j));
                k.attrKey.push_back(static_cast<int64_t>(key));
                k.attrValue.push_back(v);
            }
        }
    }

    k.causeClasses = c.causeClasses;
    k.attemptRowId = stored.attemptRowId;
    auto widen = [](auto const& from, std::vector<int64_t>& to) { to.assign(from.begin(), from.end()); };
    widen(c.attemptNumber, k.attemptNumber);
    k.attemptStartNs = c.attemptStartNs;
    k.attemptEndNs = c.attemptEndNs;
    k.attemptGpus = c.attemptGpus;
    widen(c.attemptOutcome, k.attemptOutcome);
    widen(c.attemptInterruption, k.attemptInterruption);
    k.attemptFaultNs = c.attemptFaultNs;
    widen(c.attemptCauseClass, k.attemptCause);
    for (size_t a = 0; a < c.attempts(); ++a) {
        k.attemptSegments.push_back(at.attemptSegmentBegin[a + 1] - at.attemptSegmentBegin[a]);
    }
    k.attemptBucketsNs = at.attemptBucketsNs;
    k.attemptTtsNs = at.attemptTtsNs;
    k.attemptFirstTrainNs = at.attemptFirstTrainNs;
    k.attemptTtrNs = at.attemptTtrNs;
    k.attemptGapAfterNs = at.attemptGapAfterNs;
    widen(at.segmentBucket, k.segmentBucket);
    for (size_t s = 0; s < at.segments(); ++s) {
        k.segmentLengthNs.push_back(at.segmentEndNs[s] - at.segmentStartNs[s]);
    }
    k.checkpointStartNs = c.checkpointStartNs;
    k.checkpointDurableNs = c.checkpointDurableNs;
    widen(c.checkpointFailed, k.checkpointFailed);
    return k;
}

Result<LabelsByName> labelsByName(Database& db)
{
    auto st = db.prepare("SELECT id, name FROM labels ORDER BY name");
    if (!st) {
        return st.error();
    }
    LabelsByName labels;
    if (auto rows = st->forEachRow([&] {
            labels.ids.push_back(st->columnInt64(0));
            labels.names.push_back(st->columnText(1));
        });
        !rows) {
        return rows.error();
    }
    return labels;
}

std::vector<int64_t> parseLabelList(const std::string& text)
{
    std::vector<int64_t> out;
    std::istringstream in(text);
    int64_t id = 0;
    while (in >> id) {
        out.push_back(id);
    }
    return out;
}

Result<StoredFleet> chunkFleetFromRows(Database& db, int64_t chunk)
{
    ColumnsQuery q;
    q.jobIds = std::make_pair(chunk * kChunkJobs, (chunk + 1) * kChunkJobs - 1);
    q.storage = ColumnsQuery::Storage::Rows;
    return loadStoredFleet(db, q);
}

Result<Chunk> chunkFromRows(Database& db, int64_t chunk, const std::vector<int64_t>& labelIdOf)
{
    auto stored = chunkFleetFromRows(db, chunk);
    if (!stored) {
        return stored.error();
    }
    return chunkOf(*stored, labelIdOf);
}

} // namespace ett::core::columnar
