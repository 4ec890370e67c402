// A console log's phases: the timed lines a phase rule maps are markers, each opening its phase
// until the next marker of the same rank with another phase; checkpoint saves between a save
// marker and its done line become checkpoint records. See log_reader.cpp for the rules.
#include "core/ingest/log_internal.h"

#include <algorithm>
#include <limits>

namespace ett::core::logs {

namespace {

// The name of a phase that starts at marker a and runs to b: "step N" / "steps A-B" after the step
// numbers of its markers, else the first marker's message.
std::string phaseName(const MarkerScan& scan, const MarkerList& list, size_t a, size_t b)
{
    std::optional<int64_t> firstStep;
    std::optional<int64_t> lastStep;
    for (size_t k = a; k < b; ++k) {
        if (list[k].hasStep) {
            firstStep = firstStep ? firstStep : list[k].step;
            lastStep = list[k].step;
        }
    }
    if (!firstStep) {
        return cleanText(scan.textOf(list[a]), kMaxNameChars);
    }
    return *firstStep == *lastStep ? "step " + std::to_string(*firstStep)
                                   : "steps " + std::to_string(*firstStep) + "-" + std::to_string(*lastStep);
}

// The lowest rank that has a checkpoint_save marker.
std::optional<int32_t> checkpointRankOf(const MarkerScan& scan)
{
    for (const auto& [rank, list] : scan.markers) {
        if (std::any_of(list.begin(), list.end(),
                [&](const Marker& mk) { return scan.matchOf(mk).category == Category::CheckpointSave; })) {
            return rank;
        }
    }
    return std::nullopt;
}

} // namespace

// A marker's text is kept as far as names and issue examples read it (cleanText reads at most its
// limit plus one character of up to 4 bytes).
constexpr size_t kMarkerTextBytes = kMaxDetailChars + 4;

MarkerScanner::MarkerScanner(const LogRules& rules, const Mapping& mapping, IssueCounter& issues)
    : m_rules(rules)
    , m_mapping(mapping)
    , m_issues(issues)
{
}

bool MarkerScanner::line(const LogLine& l)
{
    if (!l.timed) {
        return false;
    }
    // 1. Time order per rank: a line before an earlier one is counted, not reordered here.
    auto [latest, inserted] = m_latestNs.try_emplace(l.rank, l.ns);
    if (!inserted) {
        if (l.ns < latest->second) {
            m_issues.add(IssueKind::TimeOutOfOrder,
                l.rank >= 0 ? "a line's time is before an earlier line's (rank " + std::to_string(l.rank) + ")"
                            : std::string("a line's time is before an earlier line's"),
                l.no, formatRfc3339(l.ns) + " after " + formatRfc3339(latest->second));
        } else {
            latest->second = l.ns;
        }
    }
    // 2. The rank's unmapped line before this one lasted until now.
    if (auto p = m_pending.find(l.rank); p != m_pending.end()) {
        *p->second.totalNs += l.ns - p->second.ns;
        m_pending.erase(p);
    }
    // 3. Markers, unmapped messages.
    const Mapping::Match match = m_mapping.mapBounded(l.message, l.level);
    if (match.what == Mapping::Match::What::Unmapped) {
        m_pending[l.rank]
            = { &m_scan.unmapped.addPending(unmappedName(l.message.empty() ? l.body : l.message), l.no), l.ns };
        return false;
    }
    if (match.what != Mapping::Match::What::Phase) {
        return false;
    }
    Marker mk;
    mk.ns = l.ns;
    mk.no = l.no;
    auto& matches = m_scan.matches;
    const auto known = std::find_if(matches.begin(), matches.end(),
        [&](const Mapping::Match& m) { return m.category == match.category && m.subcategory == match.subcategory; });
    mk.match = static_cast<uint32_t>(known - matches.begin()) & ((1U << 30) - 1);
    if (known == matches.end()) {
        matches.push_back(match);
    }
    bool stepLine = false;
    if (m_rules.step) {
        RegexMatch sm;
        if (search(*m_rules.step, l.message, sm) && sm.size() > 1 && sm.matched(1)) {
            stepLine = true;
            const auto step = parseInt(sm.str(1));
            mk.hasStep = step.has_value();
            mk.step = step.value_or(0);
            m_scan.firstStepNo = m_scan.firstStepNo ? m_scan.firstStepNo : std::optional<int64_t>(l.no);
        }
    }
    mk.done = search(m_rules.checkpointDone, l.message);
    // A phase's name is its first marker's message unless it has step numbers; a save's message
    // is the example of checkpoint_without_end.
    if (!mk.hasStep || match.category == Category::CheckpointSave) {
        m_scan.texts.push_back(m_scan.textArena.keep(l.message.substr(0, kMarkerTextBytes)));
        mk.text = static_cast<uint32_t>(m_scan.texts.size());
    }
    m_scan.markers[l.rank].push_back(mk);
    ++m_count;
    return stepLine;
}

MarkerScan MarkerScanner::finish()
{
    m_pending.clear(); // the last unmapped line of a rank stands for no time
    return std::move(m_scan);
}

void buildPhases(MarkerScan& scan, const LogRules& rules, const ReaderOptions& options, const AttemptFrame& frame,
    IssueCounter& issues, Numbered<PhaseRecord>& phases, Numbered<CheckpointRecord>& checkpoints)
{
    auto& markers = scan.markers;
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
    const std::optional<int32_t> checkpointRank = checkpointRankOf(scan);
    for (const auto& [rank, list] : markers) {
        std::optional<int64_t> lastStep;
        for (size_t a = 0; a < list.size();) {
            const std::optional<int64_t> stepBefore = lastStep;
            size_t b = a + 1;
            while (b < list.size() && list[b].match == list[a].match) {
                ++b;
            }
            for (size_t k = a; k < b; ++k) {
                lastStep = list[k].hasStep ? std::optional<int64_t>(list[k].step) : lastStep;
            }
            const int64_t to = b < list.size() ? list[b].ns : frame.endNs;
            const int64_t no = list[a].no;
            const Mapping::Match& match = scan.matchOf(list[a]);
            phase(match, list[a].ns, to, rank, phaseName(scan, list, a, b), no);

            // 3. A save of the checkpointing rank: durable at its done line, failed when the fault
            // cut it, else no record.
            if (match.category == Category::CheckpointSave && checkpointRank && rank == *checkpointRank) {
                CheckpointRecord c;
                c.job = frame.job;
                c.attempt = frame.attempt;
                c.step = stepBefore;
                c.startNs = list[a].ns;
                if (b < list.size() && list[b].done) {
                    c.durableNs = list[b].ns;
                    checkpoints.emplace_back(c, no);
                } else if (b == list.size() && frame.outcome == Outcome::Failed) {
                    c.failed = true;
                    checkpoints.emplace_back(c, no);
                } else {
                    issues.add(IssueKind::CheckpointWithoutEnd,
                        "a checkpoint save without its completion line: no checkpoint record", no,
                        cleanText(scan.textOf(list[a]), kMaxDetailChars));
                }
            }
            a = b;
        }
    }
}

} // namespace ett::core::logs
