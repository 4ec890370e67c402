// A console log's phases: the timed lines a phase rule maps are markers, each opening its phase
// until the next marker of the same rank with another phase; checkpoint saves between a save
// marker and its done line become checkpoint records. See log_reader.cpp for the rules.
#include "core/ingest/log_internal.h"

#include <algorithm>
#include <limits>

namespace ett::core::logs {

namespace {

// The name of a phase of one run: "step N" / "steps A-B" after the step numbers of its markers,
// else its first marker's message.
std::string phaseName(const MarkerRun& run)
{
    if (!run.hasStep) {
        return cleanText(run.text, kMaxNameChars);
    }
    return run.firstStep == run.lastStep
        ? "step " + std::to_string(run.firstStep)
        : "steps " + std::to_string(run.firstStep) + "-" + std::to_string(run.lastStep);
}

// The lowest rank that has a checkpoint_save run (every marker folded).
std::optional<int32_t> checkpointRankOf(const MarkerScan& scan)
{
    for (const auto& [rank, markers] : scan.markers) {
        if (std::any_of(markers.runs.begin(), markers.runs.end(),
                [&](const MarkerRun& run) { return scan.matchOf(run.match).category == Category::CheckpointSave; })) {
            return rank;
        }
    }
    return std::nullopt;
}

} // namespace

uint32_t MarkerScan::keepText(std::string_view text)
{
    if (freeTexts.empty()) {
        texts.emplace_back(text);
        return static_cast<uint32_t>(texts.size());
    }
    const uint32_t slot = freeTexts.back();
    freeTexts.pop_back();
    texts[slot].assign(text);
    return slot + 1;
}

size_t MarkerScan::fold(RankMarkers& rank, size_t n)
{
    auto& tail = rank.tail;
    const auto byTime = [](const Marker& a, const Marker& b) { return a.ns < b.ns; };
    if (!std::is_sorted(tail.begin(), tail.end(), byTime)) {
        std::stable_sort(tail.begin(), tail.end(), byTime);
    }
    n = std::min(n, tail.size());
    size_t added = 0;
    for (size_t k = 0; k < n; ++k) {
        const Marker& mk = tail[k];
        if (rank.runs.empty() || rank.runs.back().match != mk.match) {
            MarkerRun run;
            run.ns = mk.ns;
            run.no = mk.no;
            run.match = mk.match;
            run.done = mk.done;
            run.text = textOf(mk);
            rank.runs.push_back(std::move(run));
            ++added;
        }
        MarkerRun& run = rank.runs.back();
        if (mk.hasStep) {
            if (!run.hasStep) {
                run.hasStep = true;
                run.firstStep = mk.step;
                run.firstStepNs = mk.ns;
            }
            run.lastStep = mk.step;
            run.lastStepNs = mk.ns;
        }
        if (mk.text) {
            std::string().swap(texts[mk.text - 1]);
            freeTexts.push_back(mk.text - 1);
        }
        rank.foldedUpToNs = mk.ns;
    }
    tail.erase(tail.begin(), tail.begin() + static_cast<std::ptrdiff_t>(n));
    return added;
}

bool MarkerScan::lastStepAtOrBefore(int64_t ns, std::optional<int64_t>& found) const
{
    found.reset();
    const auto later = [&](int64_t t) {
        if (!found || t > *found) {
            found = t;
        }
    };
    for (const auto& [rank, held] : markers) {
        for (const MarkerRun& run : held.runs) {
            if (!run.hasStep || run.firstStepNs > ns) {
                continue;
            }
            if (run.lastStepNs > ns) {
                return false; // the step lines between were folded away
            }
            later(run.lastStepNs);
        }
        for (const Marker& mk : held.tail) {
            if (mk.hasStep && mk.ns <= ns) {
                later(mk.ns);
            }
        }
    }
    return true;
}

// A marker's text is kept as far as names and issue examples read it (cleanText reads at most its
// limit plus one character of up to 4 bytes).
constexpr size_t kMarkerTextBytes = kMaxDetailChars + 4;

MarkerScanner::MarkerScanner(const LogRules& rules, const Mapping& mapping, IssueCounter& issues, bool fold)
    : m_rules(rules)
    , m_mapping(mapping)
    , m_issues(issues)
    , m_fold(fold)
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
        mk.text = m_scan.keepText(l.message.substr(0, kMarkerTextBytes));
    }
    RankMarkers& rank = m_scan.markers[l.rank];
    if (rank.foldedUpToNs && mk.ns < *rank.foldedUpToNs) {
        m_scan.foldedTooSoon = true;
    }
    rank.tail.push_back(mk);
    ++m_count;
    if (m_fold && rank.tail.size() >= 2 * kFoldMarkers) {
        m_count += m_scan.fold(rank, kFoldMarkers);
        m_count -= kFoldMarkers;
    }
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
    // 1. Markers of each rank in time order, folded into runs of one phase; the initial phase up to
    //    the first of any rank.
    int64_t firstMarkerNs = frame.endNs;
    for (auto& [rank, list] : markers) {
        scan.fold(list, list.tail.size());
        firstMarkerNs = std::min(firstMarkerNs, list.runs.front().ns);
    }
    if (rules.initialPhase && !markers.empty()) {
        phase(*rules.initialPhase, frame.startNs, firstMarkerNs, options.rank.value_or(-1), "", frame.firstTimedNo);
    }
    // 2. Each run makes one phase record, up to the next run (or the end).
    const std::optional<int32_t> checkpointRank = checkpointRankOf(scan);
    for (const auto& [rank, list] : markers) {
        const auto& runs = list.runs;
        std::optional<int64_t> lastStep;
        for (size_t a = 0; a < runs.size(); ++a) {
            const MarkerRun& run = runs[a];
            const std::optional<int64_t> stepBefore = lastStep;
            lastStep = run.hasStep ? std::optional<int64_t>(run.lastStep) : lastStep;
            const MarkerRun* next = a + 1 < runs.size() ? &runs[a + 1] : nullptr;
            const int64_t to = next ? next->ns : frame.endNs;
            const Mapping::Match& match = scan.matchOf(run.match);
            phase(match, run.ns, to, rank, phaseName(run), run.no);

            // 3. A save of the checkpointing rank: durable at its done line, failed when the fault
            // cut it, else no record.
            if (match.category == Category::CheckpointSave && checkpointRank && rank == *checkpointRank) {
                CheckpointRecord c;
                c.job = frame.job;
                c.attempt = frame.attempt;
                c.step = stepBefore;
                c.startNs = run.ns;
                if (next && next->done) {
                    c.durableNs = next->ns;
                    checkpoints.emplace_back(c, run.no);
                } else if (!next && frame.outcome == Outcome::Failed) {
                    c.failed = true;
                    checkpoints.emplace_back(c, run.no);
                } else {
                    issues.add(IssueKind::CheckpointWithoutEnd,
                        "a checkpoint save without its completion line: no checkpoint record", run.no,
                        cleanText(run.text, kMaxDetailChars));
                }
            }
        }
    }
}

} // namespace ett::core::logs
