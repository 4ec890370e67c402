#include "app/service/comparison.h"

#include "core/model/int_sort.h"
#include "core/model/names_text.h"

#include <algorithm>
#include <future>
#include <map>
#include <string_view>
#include <tuple>

namespace ett::app {

namespace {

core::Status checkCohort(const FleetVocabulary& v, const core::CohortSpec& spec, const std::string& what)
{
    return core::checkCohortNames(spec, v.labels, v.attrKeys, what);
}

std::vector<int64_t> sortedCopy(std::vector<int64_t> v)
{
    core::sortInt64(v);
    return v;
}

// The samples behind each distribution: TTS and TTR from the cohorts' figures, phase durations
// from the fleet (consumed).
void addSamples(const core::CohortInput& inA, const core::CohortInput& inB, PhaseDurations& phasesA,
    PhaseDurations& phasesB, ComparisonData& d)
{
    for (size_t i = 0; i < d.comparison.distributions.size(); ++i) {
        const auto& change = d.comparison.distributions[i];
        std::vector<int64_t> sa;
        std::vector<int64_t> sb;
        // compareCohorts's order: time to start, time to recover and its three parts, then phases.
        static_assert(core::kSampleLists == core::kFigureDistributions);
        DistributionSamples s;
        s.name = change.name;
        if (i < core::kSampleLists) {
            // Ranked where they live (a fleet store), the lists are counted without samples to chart.
            const auto list = static_cast<core::SampleList>(i);
            sa = sortedCopy(inA.total.samples(list));
            sb = sortedCopy(inB.total.samples(list));
            s.countA = inA.total.sampleCount(list);
            s.countB = inB.total.sampleCount(list);
        } else {
            // Thinned already (chartedPhaseDurations); counted in the cohorts' durations.
            sa = std::move(phasesA[change.name]);
            sb = std::move(phasesB[change.name]);
            s.countA = change.countA;
            s.countB = change.countB;
        }
        s.a = capSamples(std::move(sa));
        s.b = capSamples(std::move(sb));
        d.samples.push_back(std::move(s));
    }
    // The jobs behind each listed matched job, for the timelines: the pair itself.
    auto pairOf = [](const core::MatchedJob& m) {
        MatchedPair p;
        p.match = m.match;
        p.run = m.run;
        p.jobA = static_cast<JobIndex>(m.refA);
        p.jobB = static_cast<JobIndex>(m.refB);
        p.jobsA = m.runsA;
        p.jobsB = m.runsB;
        return p;
    };
    for (const auto& m : d.comparison.regressions) {
        d.regressions.push_back(pairOf(m));
    }
    for (const auto& m : d.comparison.improvements) {
        d.improvements.push_back(pairOf(m));
    }
}

} // namespace

core::Status checkComparison(
    FleetSource& fleet, const ComparisonRequest& request, const std::string& whatA, const std::string& whatB)
{
    const FleetVocabulary v = fleet.vocabulary();
    if (auto st = checkCohort(v, request.a, whatA); !st) {
        return st;
    }
    if (auto st = checkCohort(v, request.b, whatB); !st) {
        return st;
    }
    const std::string& by = request.matchBy;
    if (!by.empty() && by != "auto" && by != "job" && by != "name"
        && std::find(v.attrKeys.begin(), v.attrKeys.end(), by) == v.attrKeys.end()) {
        return core::Error { "--match-by: expected auto, job, name or an attribute (" + core::knownNames(v.attrKeys)
            + "), got '" + by + "'" };
    }
    return core::Status::success();
}

core::Result<ComparisonData> compare(FleetSource& fleet, const ComparisonRequest& request,
    const ComparisonOptions& options, const std::function<void(const std::string&)>& stage)
{
    if (auto st = checkComparison(fleet, request); !st) {
        return st.error();
    }
    if (stage) {
        stage("comparing");
    }
    ComparisonData d;
    d.request = request;
    // 1. Both cohorts count the queue alike (spec 5.6): the request says how.
    core::CohortSpec a = request.a;
    core::CohortSpec b = request.b;
    a.countQueue = request.countQueue;
    b.countQueue = request.countQueue;
    a.excluded = request.excluded;
    b.excluded = request.excluded;
    const bool automatic = request.matchBy.empty() || request.matchBy == "auto";
    d.matchedBy = automatic ? "job" : request.matchBy;
    auto inA = fleet.cohortInput(a, d.matchedBy);
    if (!inA) {
        return inA.error();
    }
    auto inB = fleet.cohortInput(b, d.matchedBy);
    if (!inB) {
        return inB.error();
    }
    // A key is the same job on both sides only when one scheduler numbered both cohorts. When
    // every job has a name and some key names different jobs in A and B (two fleets numbered
    // apart: a ranking job paired with a backfill job), pair by name instead.
    const auto named = [](const core::CohortInput& in) {
        return !in.jobs.empty()
            && std::all_of(in.jobs.begin(), in.jobs.end(), [](const core::CohortJob& j) { return !j.name.empty(); });
    };
    const auto keysNameOtherJobs = [&] {
        std::map<std::string, const std::string*> nameOfKey;
        for (const core::CohortJob& j : inA->jobs) {
            nameOfKey.emplace(j.key, &j.name);
        }
        return std::any_of(inB->jobs.begin(), inB->jobs.end(), [&](const core::CohortJob& j) {
            const auto it = nameOfKey.find(j.key);
            return it != nameOfKey.end() && *it->second != j.name;
        });
    };
    if (automatic && named(*inA) && named(*inB) && keysNameOtherJobs()) {
        d.matchedBy = "name";
        for (core::CohortInput* in : { &*inA, &*inB }) {
            for (core::CohortJob& j : in->jobs) {
                j.match = j.name;
            }
        }
    }
    // 2. The bootstrap (on its own threads: it reads the cohorts' jobs only) while the phase-duration
    // distributions are read, from whatever the fleet keeps of the phases: the lists when the
    // charts show them, else only their percentiles.
    core::CompareOptions compareOptions;
    compareOptions.seed = request.seed;
    compareOptions.replicates = options.replicates;
    compareOptions.topMatched = request.topMatched;
    auto intervals = std::async(std::launch::async, [&] { return core::bootstrapCohorts(*inA, *inB, compareOptions); });
    PhaseDurations phasesA;
    PhaseDurations phasesB;
    if (options.withSamples) {
        for (auto [cohort, in, phases] : { std::tuple { &a, &*inA, &phasesA }, std::tuple { &b, &*inB, &phasesB } }) {
            auto charted = fleet.chartedPhaseDurations(*cohort);
            if (!charted) {
                return charted.error();
            }
            *phases = std::move(charted->thinned);
            in->durations = std::move(charted->samples);
        }
    } else {
        // Both cohorts' in one pass where the source can.
        auto samples = fleet.durationPercentilesEach({ a, b });
        if (!samples) {
            return samples.error();
        }
        inA->durations = std::move((*samples)[0]);
        inB->durations = std::move((*samples)[1]);
    }
    const core::CohortIntervals ci = intervals.get();
    d.comparison = core::compareCohorts(*inA, *inB, compareOptions, &ci);
    d.totalA = inA->total;
    d.totalB = inB->total;
    for (core::Figures* f : { &d.totalA, &d.totalB }) {
        f->ttsNs.clear();
        f->ttrNs.clear();
        f->ttrDetectNs.clear();
        f->ttrRestartNs.clear();
        f->ttrStartupNs.clear();
        f->ranked.reset();
    }
    // 3. What the charts show beside the figures.
    if (options.withSamples) {
        addSamples(*inA, *inB, phasesA, phasesB, d);
    }
    return d;
}

} // namespace ett::app
