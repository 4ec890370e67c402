// A console log's phases: the timed lines a phase rule maps are markers, each opening its phase
// until the next marker of the same rank with another phase; checkpoint saves between a save
// marker and its done line become checkpoint records. See log_reader.cpp for the rules.
#include "core/ingest/log_internal.h"

#include <algorithm>
#include <limits>

namespace ett::core::logs {

namespace {

// For each timed line, the time of the next timed line of the same rank (its own time for the
// last): how long an unmapped line stands for.
std::vector<int64_t> nextTimesOfRank(const LogLines& lines)
{
    std::vector<int64_t> nextNs(lines.size(), 0);
    std::map<int32_t, int64_t> after;
    for (size_t i = lines.size(); i-- > 0;) {
        if (!lines[i].timed) {
            continue;
        }
        auto it = after.find(lines[i].rank);
        nextNs[i] = it == after.end() ? lines[i].ns : it->second;
        after[lines[i].rank] = lines[i].ns;
    }
    return nextNs;
}

// The name of a phase that starts at marker a and runs to b: "step N" / "steps A-B" after the step
// numbers of its markers, else the first marker's message.
std::string phaseName(const MarkerList& list, size_t a, size_t b, const LogLines& lines)
{
    std::optional<int64_t> firstStep;
    std::optional<int64_t> lastStep;
    for (size_t k = a; k < b; ++k) {
        if (list[k].step) {
            firstStep = firstStep ? firstStep : list[k].step;
            lastStep = list[k].step;
        }
    }
    if (!firstStep) {
        return cleanText(lines[list[a].index].message, kMaxNameChars);
    }
    return *firstStep == *lastStep ? "step " + std::to_string(*firstStep)
                                   : "steps " + std::to_string(*firstStep) + "-" + std::to_string(*lastStep);
}

// The lowest rank that has a checkpoint_save marker.
std::optional<int32_t> checkpointRankOf(const std::map<int32_t, MarkerList>& markers)
{
    for (const auto& [rank, list] : markers) {
        if (std::any_of(list.begin(), list.end(),
                [](const Marker& mk) { return mk.match.category == Category::CheckpointSave; })) {
            return rank;
        }
    }
    return std::nullopt;
}

} // namespace

MarkerScan scanMarkers(const LogLines& lines, const LogRules& rules, const Mapping& mapping, IssueCounter& issues)
{
    MarkerScan scan;
    const std::vector<int64_t> nextNs = nextTimesOfRank(lines);
    std::map<int32_t, int64_t> latestNs;
    for (size_t i = 0; i < lines.size(); ++i) {
        const LogLine& l = lines[i];
        if (!l.timed) {
            continue;
        }
        // 1. Time order per rank: a line before an earlier one is counted, not reordered here.
        auto [latest, inserted] = latestNs.try_emplace(l.rank, l.ns);
        if (!inserted) {
            if (l.ns < latest->second) {
                issues.add(IssueKind::TimeOutOfOrder,
                    l.rank >= 0 ? "a line's time is before an earlier line's (rank " + std::to_string(l.rank) + ")"
                                : std::string("a line's time is before an earlier line's"),
                    l.no, formatRfc3339(l.ns) + " after " + formatRfc3339(latest->second));
            } else {
                latest->second = l.ns;
            }
        }
        // 2. The completion line, markers, unmapped messages.
        if (search(rules.completed, l.message)) {
            scan.completedAt = i;
        }
        const Mapping::Match match = mapping.mapBounded(l.message, l.level);
        if (match.what == Mapping::Match::What::Phase) {
            Marker mk;
            mk.ns = l.ns;
            mk.index = i;
            mk.match = match;
            if (rules.step) {
                RegexMatch sm;
                if (search(*rules.step, l.message, sm) && sm.size() > 1 && sm.matched(1)) {
                    mk.step = parseInt(sm.str(1));
                    scan.firstStepAt = scan.firstStepAt ? scan.firstStepAt : std::optional<size_t>(i);
                }
            }
            scan.markers[l.rank].push_back(std::move(mk));
        } else if (match.what == Mapping::Match::What::Unmapped) {
            scan.unmapped.add(unmappedName(l.message.empty() ? l.body : l.message), nextNs[i] - l.ns, l.no);
        }
    }
    return scan;
}

void buildPhases(std::map<int32_t, MarkerList>& markers, const LogLines& lines, const LogRules& rules,
    const ReaderOptions& options, const AttemptFrame& frame, IssueCounter& issues, Numbered<PhaseRecord>& phases,
    Numbered<CheckpointRecord>& checkpoints)
{
    if (markers.empty()) {
        issues.add(IssueKind::NoPhaseMarker, "no line matched a phase rule: the attempt has no phases (all idle)",
            frame.firstTimedNo);
    }
    auto phase = [&](const Mapping::Match& m, int64_t from, int64_t to, int32_t rank, std::string name, int64_t no) {
        if (to <= from) {
            return;
        }
        PhaseRecord p;
        p.job = frame.job;
        p.attempt = frame.attempt;
        p.category = m.category;
        p.subcategory = m.subcategory;
        p.startNs = from;
        p.endNs = to;
        p.rank = rank;
        p.name = std::move(name);
        phases.emplace_back(std::move(p), no);
    };
    // 1. Markers of each rank in time order; the initial phase up to the first of any rank.
    int64_t firstMarkerNs = frame.endNs;
    for (auto& [rank, list] : markers) {
        std::stable_sort(list.begin(), list.end(), [](const Marker& a, const Marker& b) { return a.ns < b.ns; });
        firstMarkerNs = std::min(firstMarkerNs, list.front().ns);
    }
    if (rules.initialPhase && !markers.empty()) {
        phase(*rules.initialPhase, frame.startNs, firstMarkerNs, options.rank.value_or(-1), "", frame.firstTimedNo);
    }
    // 2. Runs of markers with one phase make one phase record, up to the next run (or the end).
    const std::optional<int32_t> checkpointRank = checkpointRankOf(markers);
    for (const auto& [rank, list] : markers) {
        std::optional<int64_t> lastStep;
        for (size_t a = 0; a < list.size();) {
            const std::optional<int64_t> stepBefore = lastStep;
            size_t b = a + 1;
            while (b < list.size() && list[b].match.category == list[a].match.category
                && list[b].match.subcategory == list[a].match.subcategory) {
                ++b;
            }
            for (size_t k = a; k < b; ++k) {
                lastStep = list[k].step ? list[k].step : lastStep;
            }
            const int64_t to = b < list.size() ? list[b].ns : frame.endNs;
            const int64_t no = lines[list[a].index].no;
            phase(list[a].match, list[a].ns, to, rank, phaseName(list, a, b, lines), no);

            // 3. A save of the checkpointing rank: durable at its done line, failed when the fault
            // cut it, else no record.
            if (list[a].match.category == Category::CheckpointSave && checkpointRank && rank == *checkpointRank) {
                CheckpointRecord c;
                c.job = frame.job;
                c.attempt = frame.attempt;
                c.step = stepBefore;
                c.startNs = list[a].ns;
                if (b < list.size() && search(rules.checkpointDone, lines[list[b].index].message)) {
                    c.durableNs = list[b].ns;
                    checkpoints.emplace_back(c, no);
                } else if (b == list.size() && frame.outcome == Outcome::Failed) {
                    c.failed = true;
                    checkpoints.emplace_back(c, no);
                } else {
                    issues.add(IssueKind::CheckpointWithoutEnd,
                        "a checkpoint save without its completion line: no checkpoint record", no,
                        cleanText(lines[list[a].index].message, kMaxDetailChars));
                }
            }
            a = b;
        }
    }
}

} // namespace ett::core::logs
