#include "core/model/restarts.h"

#include <algorithm>
#include <map>
#include <set>
#include <utility>

namespace ett::core {

namespace {

using Interval = std::pair<int64_t, int64_t>; // [first, second)

// The categories whose buckets are start-up stages, in bucket order.
constexpr std::array<Category, 5> kStageCategories
    = { Category::Queue, Category::Setup, Category::Init, Category::CheckpointLoad, Category::Compile };
// Shown even when no attempt spends time in them: what the table is about.
bool alwaysShown(Category c)
{
    return c != Category::Queue;
}

// Sorted, disjoint intervals covering the same instants as `in` (empty ones dropped).
std::vector<Interval> unionOf(std::vector<Interval> in)
{
    std::sort(in.begin(), in.end());
    std::vector<Interval> out;
    for (const auto& iv : in) {
        if (iv.second <= iv.first) {
            continue;
        }
        if (!out.empty() && iv.first <= out.back().second) {
            out.back().second = std::max(out.back().second, iv.second);
        } else {
            out.push_back(iv);
        }
    }
    return out;
}

// The length of the instants both sorted, disjoint lists hold.
int64_t overlapNs(const std::vector<Interval>& a, const std::vector<Interval>& b)
{
    int64_t total = 0;
    size_t i = 0;
    size_t j = 0;
    while (i < a.size() && j < b.size()) {
        const int64_t lo = std::max(a[i].first, b[j].first);
        const int64_t hi = std::min(a[i].second, b[j].second);
        if (hi > lo) {
            total += hi - lo;
        }
        (a[i].second < b[j].second) ? ++i : ++j;
    }
    return total;
}

int64_t lengthOf(const std::vector<Interval>& a)
{
    int64_t total = 0;
    for (const auto& iv : a) {
        total += iv.second - iv.first;
    }
    return total;
}

// 1. The attempt's segments inside [from, to), per bucket (sorted and disjoint, as segments are).
// Error when the segments do not tile the attempt's window.
Result<std::array<std::vector<Interval>, kBucketCount>> bucketIntervals(
    const JobTimeline& t, const AttemptResult& a, int64_t fromNs, int64_t toNs)
{
    std::array<std::vector<Interval>, kBucketCount> out;
    int64_t at = a.startNs;
    for (const auto& s : a.segments) {
        if (s.startNs != at || s.endNs < s.startNs) {
            break;
        }
        at = s.endNs;
        const int64_t lo = std::max(s.startNs, fromNs);
        const int64_t hi = std::min(s.endNs, toNs);
        if (hi > lo) {
            out[static_cast<size_t>(s.bucket)].push_back({ lo, hi });
        }
    }
    if (at != a.endNs) {
        return Error { "job '" + t.key + "' (label '" + t.label + "'), attempt " + std::to_string(a.number)
            + ": its attributed segments do not cover its window (timeline read without segments?)" };
    }
    return out;
}

// The union over ranks of the phases of `category` that `keep` accepts, inside [from, to).
template <typename Keep>
std::vector<Interval> phaseUnion(const TimelineAttempt& a, Category category, int64_t fromNs, int64_t toNs, Keep&& keep)
{
    std::vector<Interval> spans;
    for (const auto& p : a.phases) {
        if (p.category == category && keep(p)) {
            spans.push_back({ std::max(p.startNs, fromNs), std::min(p.endNs, toNs) });
        }
    }
    return unionOf(std::move(spans));
}

// 2. The stages of the job: the stage categories (queue only when some attempt queues), each with
// the subcategories its phases record, then idle and other when some attempt has them.
std::vector<RestartStage> stagesOf(const JobTimeline& t)
{
    std::map<Category, std::set<std::string>> subs;
    for (const auto& a : t.attempts) {
        for (const auto& p : a.phases) {
            if (!p.subcategory.empty()) {
                subs[p.category].insert(p.subcategory);
            }
        }
    }
    std::vector<RestartStage> out;
    for (Category c : kStageCategories) {
        const std::string name(categoryName(c));
        out.push_back({ name, c, false });
        for (const auto& s : subs[c]) {
            out.push_back({ name + "." + s, c, true });
        }
    }
    out.push_back({ "idle", std::nullopt, false });
    out.push_back({ "other", std::nullopt, false });
    return out;
}

// 3. One attempt's start-up by stage, and its compile time per tag.
Result<RestartRow> startupOf(const JobTimeline& t, const TimelineAttempt& ta, const std::vector<RestartStage>& stages)
{
    const AttemptResult& a = ta.result;
    RestartRow row;
    row.attempt = a.number;
    row.startNs = a.startNs;
    row.endNs = a.endNs;
    row.outcome = a.outcome;
    row.cause = ta.cause;
    row.trained = a.firstTrainNs.has_value();
    const int64_t toNs = a.firstTrainNs.value_or(a.endNs);
    row.startupNs = toNs - a.startNs;
    auto buckets = bucketIntervals(t, a, a.startNs, toNs);
    if (!buckets) {
        return buckets.error();
    }
    auto bucketOf = [&](Category c) -> const std::vector<Interval>& {
        return (*buckets)[static_cast<size_t>(*bucketOfCategory(c))];
    };
    int64_t counted = 0;
    for (const auto& st : stages) {
        int64_t ns = 0;
        if (st.category && !st.substage) {
            ns = lengthOf(bucketOf(*st.category));
            counted += ns;
        } else if (st.category) {
            const std::string sub = st.name.substr(categoryName(*st.category).size() + 1);
            ns = overlapNs(bucketOf(*st.category),
                phaseUnion(
                    ta, *st.category, a.startNs, toNs, [&](const TimelinePhase& p) { return p.subcategory == sub; }));
        } else if (st.name == "idle") {
            ns = lengthOf((*buckets)[static_cast<size_t>(Bucket::Idle)]);
            counted += ns;
        } else {
            ns = row.startupNs - counted; // "other": the rest of the window (stages end with it)
        }
        row.stageNs.push_back(ns);
    }
    const auto& compile = bucketOf(Category::Compile);
    auto taggedUnion = [&](auto&& keep) { return phaseUnion(ta, Category::Compile, a.startNs, toNs, keep); };
    for (CompileTag tag : { CompileTag::Cold, CompileTag::Warm, CompileTag::CacheHit }) {
        row.compileTagNs[static_cast<size_t>(tag)] = overlapNs(
            compile, taggedUnion([&](const TimelinePhase& p) { return compileTagOf(p.subcategory) == tag; }));
    }
    row.compileTagNs[static_cast<size_t>(CompileTag::Untagged)] = lengthOf(compile)
        - overlapNs(compile,
            taggedUnion([](const TimelinePhase& p) { return compileTagOf(p.subcategory) != CompileTag::Untagged; }));
    return row;
}

} // namespace

bool stageGrew(int64_t baseNs, int64_t valueNs)
{
    const Wide change = static_cast<Wide>(valueNs) - baseNs;
    return change >= kGrowthMinNs && change * 100 >= static_cast<Wide>(baseNs) * kGrowthMinPercent;
}

std::string RestartRow::compileTagText() const
{
    std::string out;
    for (int tag = 0; tag < kCompileTagCount; ++tag) {
        if (compileTagNs[static_cast<size_t>(tag)] > 0) {
            out += (out.empty() ? "" : "+") + std::string(compileTagName(static_cast<CompileTag>(tag)));
        }
    }
    return out;
}

Result<JobRestarts> restartsOf(const JobTimeline& t)
{
    JobRestarts out;
    out.label = t.label;
    out.key = t.key;
    out.name = t.name;
    out.noCheckpointData = t.noCheckpointData;
    out.stages = stagesOf(t);
    // 1. A row per attempt: its start-up, and what the previous attempt's end cost.
    for (size_t i = 0; i < t.attempts.size(); ++i) {
        auto row = startupOf(t, t.attempts[i], out.stages);
        if (!row) {
            return row.error();
        }
        if (i > 0) {
            const TimelineAttempt& prev = t.attempts[i - 1];
            row->previousAttempt = prev.result.number;
            row->previousOutcome = prev.result.outcome;
            row->previousInterruption = prev.result.interruption;
            row->previousCause = prev.cause;
            row->recovery = ttrSplitOf(t, i - 1);
            row->recoveryNs = prev.result.ttrNs;
            row->gapBeforeNs = row->startNs - prev.result.endNs;
            row->lostProgressNs = prev.result.bucketsNs[static_cast<size_t>(Bucket::LostProgress)];
        }
        out.rows.push_back(std::move(*row));
    }
    // 2. Drop stages no attempt has, except those the table is about (setup, init, checkpoint load,
    // compile) and sub-stages the phases record.
    std::vector<size_t> keep;
    for (size_t s = 0; s < out.stages.size(); ++s) {
        const auto& st = out.stages[s];
        const bool any
            = std::any_of(out.rows.begin(), out.rows.end(), [&](const RestartRow& r) { return r.stageNs[s] != 0; });
        if (any || st.substage || (st.category && alwaysShown(*st.category))) {
            keep.push_back(s);
        }
    }
    std::vector<RestartStage> stages;
    for (size_t s : keep) {
        stages.push_back(out.stages[s]);
    }
    out.stages = std::move(stages);
    for (auto& r : out.rows) {
        std::vector<int64_t> ns;
        for (size_t s : keep) {
            ns.push_back(r.stageNs[s]);
        }
        r.stageNs = std::move(ns);
    }
    // 3. The comparison with the first attempt, per stage.
    out.trends.resize(out.stages.size());
    for (size_t s = 0; s < out.stages.size() && !out.rows.empty(); ++s) {
        const int64_t first = out.rows.front().stageNs[s];
        const RestartStage& stage = out.stages[s];
        const bool tagged = stage.substage && stage.category == Category::Compile
            && compileTagOf(stage.name.substr(stage.name.find('.') + 1)) != CompileTag::Untagged;
        StageTrend& tr = out.trends[s];
        tr.firstNs = first;
        tr.lastNs = out.rows.back().stageNs[s];
        bool neverShrinks = true;
        for (size_t i = 0; i < out.rows.size(); ++i) {
            RestartRow& r = out.rows[i];
            r.changeNs.push_back(r.stageNs[s] - first);
            const bool grew = i > 0 && !tagged && stageGrew(first, r.stageNs[s]);
            r.grew.push_back(grew ? 1 : 0);
            tr.grownAttempts += grew ? 1 : 0;
            tr.maxNs = std::max(tr.maxNs, r.stageNs[s]);
            neverShrinks = neverShrinks && (i == 0 || r.stageNs[s] >= out.rows[i - 1].stageNs[s]);
        }
        tr.growing = out.rows.size() > 1 && !tagged && neverShrinks && stageGrew(first, tr.lastNs);
    }
    return out;
}

} // namespace ett::core
