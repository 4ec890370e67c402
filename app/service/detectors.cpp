#include "app/service/detectors.h"

#include "core/model/names_text.h"
#include "core/model/rollup.h"
#include "core/model/timeutil.h"

#include <fmt/core.h>

#include <algorithm>
#include <iterator>
#include <tuple>

namespace ett::app {

namespace {

using core::shellWord;

constexpr int64_t kNsPerSecond = 1'000'000'000;

bool enabled(const DetectorOptions& o, const char* name)
{
    return o.disabled.count(name) == 0;
}

std::string command(const EvidenceSource& source, const std::string& what, const std::string& label)
{
    return "ettw " + what + " " + source.option + " " + shellWord(source.where) + " --label " + shellWord(label);
}

double seconds(int64_t ns)
{
    return static_cast<double>(ns) / static_cast<double>(kNsPerSecond);
}

Alert jobAlert(const core::JobTimeline& job, const char* detector, int64_t nowNs, std::optional<int32_t> attempt)
{
    Alert a;
    a.detector = detector;
    a.label = job.label;
    a.job = job.key;
    a.attempt = attempt;
    a.subject = jobSubject(job.label, job.key);
    a.id = std::string(detector) + " " + a.subject + (attempt ? " " + std::to_string(*attempt) : std::string());
    a.atNs = nowNs;
    return a;
}

void restartStorm(const core::JobTimeline& job, int64_t nowNs, const DetectorOptions& o, const EvidenceSource& source,
    std::vector<Alert>& out)
{
    // Attempts that started in (now - window, now].
    const int64_t from = nowNs - o.stormWindowNs;
    int count = 0;
    for (const auto& a : job.attempts) {
        if (a.result.startNs > from && a.result.startNs <= nowNs) {
            ++count;
        }
    }
    if (count < o.stormAttempts) {
        return;
    }
    Alert a = jobAlert(job, "restart_storm", nowNs, std::nullopt);
    a.value = count;
    a.threshold = o.stormAttempts;
    a.unit = "attempts";
    a.message = fmt::format("job {} ({}): {} attempts started in the last {} (threshold {})", job.key, job.label, count,
        core::formatDurationHuman(o.stormWindowNs), o.stormAttempts);
    a.evidence = command(source, "restarts", job.label) + " --job " + shellWord(job.key);
    out.push_back(std::move(a));
}

void stalledProgress(const core::JobTimeline& job, int64_t nowNs, const DetectorOptions& o,
    const EvidenceSource& source, std::vector<Alert>& out)
{
    // Ended attempts, latest first: each interrupted one without a durable checkpoint of its own
    // adds to the streak; anything else ends it. A running attempt may still save: not judged.
    int streak = 0;
    for (auto it = job.attempts.rbegin(); it != job.attempts.rend(); ++it) {
        const core::AttemptResult& r = it->result;
        if (r.outcome == core::Outcome::Running) {
            continue;
        }
        if (r.outcome != core::Outcome::Failed && r.outcome != core::Outcome::Preempted) {
            break;
        }
        const bool saved = std::any_of(job.checkpoints.begin(), job.checkpoints.end(),
            [&](const auto& c) { return c.attempt == r.number && !c.failed && c.durableNs <= r.endNs; });
        if (saved) {
            break;
        }
        ++streak;
    }
    if (streak < o.stalledAttempts) {
        return;
    }
    Alert a = jobAlert(job, "stalled_progress", nowNs, std::nullopt);
    a.value = streak;
    a.threshold = o.stalledAttempts;
    a.unit = "attempts";
    a.message = fmt::format("job {} ({}): the last {} attempts were interrupted without a durable checkpoint "
                            "(threshold {})",
        job.key, job.label, streak, o.stalledAttempts);
    a.evidence = command(source, "job", job.label) + " " + shellWord(job.key);
    out.push_back(std::move(a));
}

void hang(const core::JobTimeline& job, int64_t nowNs, const DetectorOptions& o, const EvidenceSource& source,
    std::vector<Alert>& out)
{
    if (job.attempts.empty() || job.attempts.back().result.outcome != core::Outcome::Running) {
        return;
    }
    const core::TimelineAttempt& at = job.attempts.back();
    // The latest sign of life: a phase's end, a checkpoint taken or made durable, else the start.
    int64_t last = at.result.startNs;
    for (const auto& p : at.phases) {
        last = std::max(last, p.endNs);
    }
    for (const auto& c : job.checkpoints) {
        if (c.attempt == at.result.number) {
            last = std::max({ last, c.startNs, c.durableNs });
        }
    }
    const int64_t quiet = nowNs - last;
    if (quiet < o.hangNs) {
        return;
    }
    Alert a = jobAlert(job, "hang", nowNs, at.result.number);
    a.value = seconds(quiet);
    a.threshold = seconds(o.hangNs);
    a.unit = "seconds";
    a.message = fmt::format("job {} ({}), attempt {}: running, nothing new for {} since {} (threshold {})", job.key,
        job.label, at.result.number, core::formatDurationHuman(quiet), core::formatRfc3339(last),
        core::formatDurationHuman(o.hangNs));
    a.evidence = command(source, "job", job.label) + " " + shellWord(job.key);
    out.push_back(std::move(a));
}

std::optional<std::string> teamOf(const core::JobTimeline& job, const std::string& key)
{
    for (const auto& [k, v] : job.attrs) {
        if (k == key) {
            return v;
        }
    }
    return std::nullopt;
}

void slowStart(const core::JobTimeline& job, int64_t nowNs, const DetectorOptions& o, const EvidenceSource& source,
    const TeamStarts* teams, std::vector<Alert>& out)
{
    if (job.attempts.empty()) {
        return;
    }
    const core::AttemptResult& latest = job.attempts.back().result;
    // Its Time to Start so far: a running attempt that has not trained yet has been starting since
    // its start.
    const int64_t tts = !latest.firstTrainNs && latest.outcome == core::Outcome::Running
        ? std::max<int64_t>(0, nowNs - latest.startNs)
        : latest.ttsNs;
    // 1. The job's own earlier starts, else its team's.
    std::vector<int64_t> samples;
    for (size_t i = 0; i + 1 < job.attempts.size(); ++i) {
        if (job.attempts[i].result.firstTrainNs) {
            samples.push_back(job.attempts[i].result.ttsNs);
        }
    }
    std::string basis = "its job's";
    if (static_cast<int>(samples.size()) < o.slowStartMinStarts) {
        samples.clear();
        const auto team = teamOf(job, o.teamKey);
        if (teams && team) {
            if (auto it = teams->find(*team); it != teams->end()) {
                samples = it->second;
                basis = o.teamKey + " " + *team + "'s";
            }
        }
    }
    if (static_cast<int>(samples.size()) < o.slowStartMinStarts) {
        return;
    }
    const auto p90 = core::nearestRank(samples, 90);
    if (!p90) {
        return;
    }
    const double threshold = o.slowStartFactor * seconds(*p90);
    if (seconds(tts) <= threshold) {
        return;
    }
    Alert a = jobAlert(job, "slow_start", nowNs, latest.number);
    a.value = seconds(tts);
    a.threshold = threshold;
    a.unit = "seconds";
    a.message = fmt::format("job {} ({}), attempt {}: Time to Start {} is over {} x {} p90 of {}", job.key, job.label,
        latest.number, core::formatDurationHuman(tts), o.slowStartFactor, basis, core::formatDurationHuman(*p90));
    a.evidence = command(source, "job", job.label) + " " + shellWord(job.key);
    out.push_back(std::move(a));
}

void checkpointCost(const core::JobTimeline& job, int64_t nowNs, const DetectorOptions& o, const EvidenceSource& source,
    std::vector<Alert>& out)
{
    // Attempts' time inside [now - window, now) and the blocking saves in it, from the segments.
    const int64_t from = nowNs - o.checkpointWindowNs;
    int64_t covered = 0;
    int64_t saving = 0;
    for (const auto& at : job.attempts) {
        const int64_t lo = std::max(from, at.result.startNs);
        const int64_t hi = std::min(nowNs, at.result.endNs);
        if (hi <= lo) {
            continue;
        }
        covered += hi - lo;
        for (const core::Segment& s : at.result.segments) {
            if (s.bucket == core::Bucket::CheckpointSave) {
                saving += std::max<int64_t>(0, std::min(hi, s.endNs) - std::max(lo, s.startNs));
            }
        }
    }
    // Less than a sixth of the window says too little about a rate per hour.
    if (covered <= 0 || covered * 6 < o.checkpointWindowNs) {
        return;
    }
    const double perHour = seconds(saving) * 3600.0 / seconds(covered);
    const double budget = seconds(o.checkpointBudgetNsPerHour);
    if (perHour <= budget) {
        return;
    }
    Alert a = jobAlert(job, "checkpoint_cost", nowNs, std::nullopt);
    a.value = perHour;
    a.threshold = budget;
    a.unit = "seconds_per_hour";
    a.message = fmt::format("job {} ({}): blocking checkpoint saves take {:.1f} s per hour over the last {} (budget "
                            "{:.0f} s)",
        job.key, job.label, perHour, core::formatDurationHuman(std::min(covered, o.checkpointWindowNs)), budget);
    a.evidence = command(source, "intervals", job.label) + " --job " + shellWord(job.key)
        + " --bucket checkpoint_save --from " + core::formatRfc3339(from) + " --to " + core::formatRfc3339(nowNs);
    out.push_back(std::move(a));
}

} // namespace

std::string jobSubject(const std::string& label, const std::string& key)
{
    return "job:" + label + "/" + key;
}

std::string labelSubject(const std::string& label)
{
    return "label:" + label;
}

std::vector<Alert> detectJob(const core::JobTimeline& job, int64_t nowNs, const DetectorOptions& options,
    const EvidenceSource& source, const TeamStarts* teams)
{
    std::vector<Alert> out;
    if (enabled(options, "restart_storm")) {
        restartStorm(job, nowNs, options, source, out);
    }
    if (enabled(options, "stalled_progress")) {
        stalledProgress(job, nowNs, options, source, out);
    }
    if (enabled(options, "hang")) {
        hang(job, nowNs, options, source, out);
    }
    if (enabled(options, "slow_start")) {
        slowStart(job, nowNs, options, source, teams, out);
    }
    if (enabled(options, "checkpoint_cost")) {
        checkpointCost(job, nowNs, options, source, out);
    }
    return out;
}

core::Result<std::vector<Alert>> detectEttDrop(FleetSource& fleet, const std::vector<std::string>& labels,
    int64_t nowNs, const DetectorOptions& o, const EvidenceSource& source)
{
    std::vector<Alert> out;
    if (!enabled(o, "ett_drop") || (!o.ettBelowPercent && !o.baselineLabel)) {
        return out;
    }
    const FleetVocabulary vocabulary = fleet.vocabulary();
    std::vector<std::string> judged = labels.empty() ? vocabulary.labels : labels;
    // The scopes of one roll-up: the whole (no grouping) or each group, by name.
    auto scopesOf = [&](const GroupedFigures& g) {
        std::vector<std::pair<std::string, const core::Figures*>> scopes;
        if (o.ettGroupBy.empty()) {
            scopes.emplace_back("", &g.total);
        } else {
            for (const auto& group : g.groups) {
                scopes.emplace_back(group.name, &group.figures);
            }
        }
        return scopes;
    };
    // 1. The baseline's ETT% over its whole window (per group when grouped).
    std::map<std::string, double> baseline;
    if (o.baselineLabel) {
        core::CohortSpec scope;
        scope.labels = { *o.baselineLabel };
        auto figures = fleet.rollup(scope, o.ettGroupBy);
        if (!figures) {
            return figures.error();
        }
        for (const auto& [name, f] : scopesOf(*figures)) {
            if (auto ett = f->ettPercentGpu()) {
                baseline[name] = *ett;
            }
        }
    }
    // 2. Each scope's rolling window [now - W, now) (spec 7.2: the buckets clipped to it, 5.5).
    const int64_t from = nowNs - o.ettWindowNs;
    const std::string window = core::formatDurationHuman(o.ettWindowNs);
    for (const std::string& label : judged) {
        if (o.baselineLabel && label == *o.baselineLabel) {
            continue;
        }
        core::CohortSpec scope;
        scope.labels = { label };
        scope.fromNs = from;
        scope.toNs = nowNs;
        auto figures = fleet.rollup(scope, o.ettGroupBy);
        if (!figures) {
            return figures.error();
        }
        for (const auto& [name, f] : scopesOf(*figures)) {
            const std::optional<double> ett = f->ettPercentGpu();
            if (!ett) {
                continue; // nothing ran in the window
            }
            const std::string what = "label " + label + (name.empty() ? "" : ", " + o.ettGroupBy + " " + name);
            auto make = [&](const char* which, double threshold, const std::string& text) {
                Alert a;
                a.detector = "ett_drop";
                a.label = label;
                a.scope = what;
                a.subject = labelSubject(label) + (name.empty() ? "" : "/" + o.ettGroupBy + "=" + name);
                a.id = std::string("ett_drop ") + a.subject + " " + which;
                a.value = *ett;
                a.threshold = threshold;
                a.unit = "percent";
                a.atNs = nowNs;
                a.message = text;
                a.evidence = command(source, "summary", label)
                    + (o.ettGroupBy.empty() ? "" : " --by " + shellWord(o.ettGroupBy)) + " --from "
                    + core::formatRfc3339(from) + " --to " + core::formatRfc3339(nowNs);
                out.push_back(std::move(a));
            };
            if (o.ettBelowPercent && *ett < *o.ettBelowPercent) {
                make("below", *o.ettBelowPercent,
                    fmt::format(
                        "{}: ETT% {:.2f} over the last {}, below {:.2f}", what, *ett, window, *o.ettBelowPercent));
            }
            if (auto base = baseline.find(name); base != baseline.end() && *ett < base->second - o.baselineDropPoints) {
                make("baseline", base->second - o.baselineDropPoints,
                    fmt::format("{}: ETT% {:.2f} over the last {}, more than {:.2f} points below {}'s {:.2f}", what,
                        *ett, window, o.baselineDropPoints, *o.baselineLabel, base->second));
            }
        }
    }
    return out;
}

core::Result<std::vector<Alert>> detectFleet(FleetSource& fleet, const std::vector<std::string>& labels, int64_t nowNs,
    const DetectorOptions& options, const EvidenceSource& source)
{
    core::CohortSpec scope;
    scope.labels = labels;
    auto jobs = fleet.jobs(scope);
    if (!jobs) {
        return jobs.error();
    }
    // 1. Every started attempt's Time to Start per team, for slow_start's fallback.
    TeamStarts teams;
    if (enabled(options, "slow_start")) {
        for (const JobSummary& j : *jobs) {
            auto t = fleet.jobTimeline(j.job);
            if (!t) {
                return t.error();
            }
            const auto team = teamOf(*t, options.teamKey);
            if (!team) {
                continue;
            }
            for (const auto& a : t->attempts) {
                if (a.result.firstTrainNs) {
                    teams[*team].push_back(a.result.ttsNs);
                }
            }
        }
    }
    // 2. The job detectors, job by job; then the labels' ETT%.
    std::vector<Alert> out;
    for (const JobSummary& j : *jobs) {
        auto t = fleet.jobTimeline(j.job);
        if (!t) {
            return t.error();
        }
        auto found = detectJob(*t, nowNs, options, source, &teams);
        out.insert(out.end(), std::make_move_iterator(found.begin()), std::make_move_iterator(found.end()));
    }
    auto drops = detectEttDrop(fleet, labels, nowNs, options, source);
    if (!drops) {
        return drops.error();
    }
    out.insert(out.end(), std::make_move_iterator(drops->begin()), std::make_move_iterator(drops->end()));
    std::stable_sort(out.begin(), out.end(), [](const Alert& a, const Alert& b) {
        return std::tie(a.detector, a.label, a.job) < std::tie(b.detector, b.label, b.job);
    });
    return out;
}

AlertTracker::Change AlertTracker::update(
    const std::vector<Alert>& current, const std::set<std::string>& judged, bool judgedAll)
{
    Change change;
    std::set<std::string> seen;
    for (const Alert& a : current) {
        seen.insert(a.id);
        auto it = m_open.find(a.id);
        if (it == m_open.end()) {
            change.fired.push_back(a);
            m_open.emplace(a.id, a);
        } else {
            it->second = a; // the latest figure, for the status line
        }
    }
    for (auto it = m_open.begin(); it != m_open.end();) {
        if (seen.count(it->first) == 0 && (judgedAll || judged.count(it->second.subject) > 0)) {
            change.cleared.push_back(it->second);
            it = m_open.erase(it);
        } else {
            ++it;
        }
    }
    return change;
}

} // namespace ett::app
