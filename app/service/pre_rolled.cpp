#include "app/service/pre_rolled.h"

#include "core/store/chunk_rollups.h"
#include "core/store/columns_loader.h"
#include "core/store/fleet.h"
#include "gpu/engine.h"

#include <algorithm>
#include <set>
#include <stdexcept>

namespace ett::app {

namespace {

// Groups by a key worth keeping: at most this many, or a quarter of the jobs rolled up.
constexpr size_t kFewGroups = 64;

// The groups of one roll-up as the chunk keeps them, queue counted (`withQueue`) and not (`without`):
// the two differ only by the queue's time.
core::Result<std::vector<core::ChunkRollupGroup>> keptGroups(
    std::vector<gpu::GroupFigures>&& without, const std::vector<gpu::GroupFigures>& withQueue)
{
    if (without.size() != withQueue.size()) {
        return core::Error { "internal: the roll-ups with and without the queue have different groups" };
    }
    const auto queue = static_cast<size_t>(core::Bucket::Queue);
    std::vector<core::ChunkRollupGroup> out;
    out.reserve(without.size());
    for (size_t i = 0; i < without.size(); ++i) {
        const core::Figures& q = withQueue[i].figures;
        core::ChunkRollupGroup g;
        g.name = std::move(without[i].name);
        g.figures = std::move(without[i].figures);
        g.queueNs = q.e2eNs - g.figures.e2eNs;
        g.queueGpuNs = q.e2eGpuNs - g.figures.e2eGpuNs;
        core::Figures check = g.figures;
        check.e2eNs += g.queueNs;
        check.e2eGpuNs += g.queueGpuNs;
        check.bucketsNs[queue] += g.queueNs;
        check.bucketsGpuNs[queue] += g.queueGpuNs;
        if (withQueue[i].name != g.name || check.e2eNs != q.e2eNs || check.bucketsNs != q.bucketsNs
            || check.bucketsGpuNs != q.bucketsGpuNs || check.jobs != q.jobs || check.attempts != q.attempts
            || check.ttsNs != q.ttsNs || check.ttrNs != q.ttrNs) {
            return core::Error { "internal: counting the queue changed more than the queue's time in group '" + g.name
                + "'" };
        }
        out.push_back(std::move(g));
    }
    return out;
}

core::Result<std::vector<core::ChunkRollup>> buildChunkRollups(
    core::StoredFleet&& fleet, const std::vector<int64_t>& labelIdOf)
{
    try {
        auto engine = gpu::Engine::create(gpu::BackendKind::Cpu);
        engine->load(std::move(fleet.columns), std::move(fleet.attribution));
        const core::FleetColumns& c = engine->columns();
        std::vector<size_t> jobsOfLabel(c.labels.size());
        for (const int32_t l : c.jobLabel) {
            ++jobsOfLabel[static_cast<size_t>(l)];
        }
        std::vector<core::ChunkRollup> out;
        for (size_t l = 0; l < c.labels.size(); ++l) {
            if (jobsOfLabel[l] == 0) {
                continue;
            }
            if (l >= labelIdOf.size()) {
                return core::Error { "internal: label code " + std::to_string(l) + " has no row id" };
            }
            gpu::Filter filter;
            filter.labels = { static_cast<int32_t>(l) };
            for (int32_t k = -1; k < static_cast<int32_t>(c.attrKeys.size()); ++k) {
                const gpu::Grouping grouping
                    = k < 0 ? gpu::Grouping { gpu::GroupBy::None, -1 } : gpu::Grouping { gpu::GroupBy::Attribute, k };
                filter.countQueue = false;
                gpu::Rollup without = engine->rollup(filter, grouping);
                filter.countQueue = true;
                gpu::Rollup with = engine->rollup(filter, grouping);
                core::ChunkRollup r;
                r.labelId = labelIdOf[l];
                if (k < 0) {
                    // One group, none when nothing counts (jobs without attempts): a summary shows
                    // only groups with something counted, as the engine's roll-up does.
                    if (!without.total.empty() || !with.total.empty()) {
                        std::vector<gpu::GroupFigures> one(1), oneWith(1);
                        one[0].figures = std::move(without.total);
                        oneWith[0].figures = std::move(with.total);
                        auto groups = keptGroups(std::move(one), oneWith);
                        if (!groups) {
                            return groups.error();
                        }
                        r.groups = std::move(*groups);
                    }
                    out.push_back(std::move(r));
                    continue;
                }
                const auto none = static_cast<int32_t>(c.attrValues[static_cast<size_t>(k)].size());
                if (std::all_of(without.groups.begin(), without.groups.end(),
                        [&](const gpu::GroupFigures& g) { return g.code == none; })) {
                    continue; // none of the label's jobs here has the key
                }
                r.key = c.attrKeys[static_cast<size_t>(k)];
                if (without.groups.size() > std::max(kFewGroups, jobsOfLabel[l] / 4)) {
                    r.rolled = false;
                } else {
                    auto groups = keptGroups(std::move(without.groups), with.groups);
                    if (!groups) {
                        return groups.error();
                    }
                    r.groups = std::move(*groups);
                }
                out.push_back(std::move(r));
            }
        }
        return out;
    } catch (const std::bad_alloc&) {
        return core::Error { "out of memory while rolling a chunk up" };
    } catch (const std::exception& e) {
        return core::Error { std::string("rolling a chunk up: ") + e.what() };
    }
}

} // namespace

void installChunkRollupBuilder()
{
    core::setChunkRollupBuilder(buildChunkRollups);
}

bool preRolledGrouping(const std::optional<std::string>& groupBy)
{
    static const std::set<std::string> notAttributes { "job", "label", "attempt", "cause_class" };
    return !groupBy || (!groupBy->empty() && !notAttributes.contains(*groupBy));
}

core::Result<std::optional<PreRolled>> preRolledSummary(core::Database& db, const std::optional<std::string>& label,
    const std::optional<std::string>& groupBy, bool countQueue)
{
    using Answer = std::optional<PreRolled>;
    if (!preRolledGrouping(groupBy)) {
        return Answer {};
    }
    std::optional<int64_t> labelId;
    if (label) {
        auto id = core::findLabelId(db, *label);
        if (!id) {
            return id.error();
        }
        if (!*id) {
            return Answer {};
        }
        labelId = **id;
    }
    auto read = core::readPreRolledSummary(db, labelId, groupBy.value_or(""), countQueue);
    if (!read) {
        return read.error();
    }
    if (!*read) {
        return Answer {};
    }
    PreRolled out;
    out.summary.fleet = std::move((*read)->total);
    if (groupBy) {
        out.summary.groups = std::move((*read)->groups);
    }
    out.rows = (*read)->chunks;
    return Answer { std::move(out) };
}

} // namespace ett::app
