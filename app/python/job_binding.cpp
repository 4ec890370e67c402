#include "app/python/job_binding.h"

#include "app/python/frame_columns.h"
#include "app/python/interruptible.h"
#include "app/service/job_detail.h"
#include "core/model/names_text.h"
#include "core/model/types.h"

#include <utility>

namespace ett::app::python {

namespace {

// Every phase of a job's attempts: attempt, start, end, category, subcategory, rank, host ("" when
// no rank record names it), name.
py::dict phasesOf(const core::JobTimeline& timeline)
{
    std::vector<int64_t> pAttempt, pStart, pEnd, pRank;
    std::vector<std::string> pCategory, pSub, pHost, pName;
    for (const auto& a : timeline.attempts) {
        for (const auto& p : a.phases) {
            pAttempt.push_back(a.result.number);
            pStart.push_back(p.startNs);
            pEnd.push_back(p.endNs);
            pCategory.push_back(std::string(core::categoryName(p.category)));
            pSub.push_back(p.subcategory);
            pRank.push_back(p.rank);
            const std::string* host = p.rank >= 0 ? a.hostOf(p.rank) : nullptr;
            pHost.push_back(host ? *host : std::string());
            pName.push_back(p.name);
        }
    }
    Columns phases;
    phases.ints("attempt", pAttempt);
    phases.ints("start", pStart, "dt");
    phases.ints("end", pEnd, "dt");
    phases.strings("category", pCategory, "cat");
    phases.strings("subcategory", pSub);
    phases.ints("rank", pRank);
    phases.strings("host", pHost, "cat");
    phases.strings("name", pName);
    return phases.toPython();
}

// `ettw job KEY`: the job, its figures, its attempts (with the CLI's fields) and their phases.
} // namespace

py::dict job(Handle ws, const std::string& key, const std::optional<std::string>& label,
    const std::vector<core::TimeSpan>& excluded)
{
    // The job's detail and its timeline (what the Gantt chart draws), read once the fleet is
    // loaded (every label: the key may be under several).
    auto [detail, timeline] = interruptible(*ws, [&] {
        check(ws->checkLabel(label));
        FleetSource* fleet = take(ws->fleet(Needs::Lean));
        JobDetail d = ws->local() ? take(jobDetail(*ws->local(), key, label, excluded))
                                  : take(jobDetail(*fleet, key, label, excluded));
        return std::make_pair(std::move(d), take(jobByKey(*fleet, key, label)).timeline);
    });
    const core::FleetJob& j = detail.job;
    const core::JobResult& r = j.result;
    py::dict out;
    out["job"] = j.key;
    out["label"] = j.label;
    out["name"] = j.name;
    out["gpus"] = j.gpus;
    py::dict attrs;
    for (const auto& [k, v] : j.attrs) {
        attrs[py::str(k)] = v;
    }
    out["attrs"] = attrs;
    out["window_start"] = r.hasWindow() ? r.windowStartNs : kNone;
    out["window_end"] = r.hasWindow() ? r.windowEndNs : kNone;
    out["no_checkpoint_data"] = r.noCheckpointData;
    out["job_tts_s"] = r.hasWindow() ? r.ttsNs : kNone;
    Columns figures;
    addFigures(figures, { &detail.figures }, false, !detail.excluded.empty());
    out["figures"] = figures.toPython();

    const size_t n = r.attempts.size();
    std::vector<int64_t> number(n), start(n), end(n), gpus(n), fault(n), gap(n), tts(n), ttr(n), detect(n), restart(n),
        startup(n);
    std::vector<std::string> outcome(n), cause(n), symptom(n), text(n), interruption(n);
    std::vector<std::vector<int64_t>> buckets(core::kBucketCount, std::vector<int64_t>(n));
    for (size_t i = 0; i < n; ++i) {
        const auto& a = r.attempts[i];
        const auto& info = j.attemptInfo[i];
        number[i] = a.number;
        start[i] = a.startNs;
        end[i] = a.endNs;
        gpus[i] = a.gpus;
        outcome[i] = std::string(core::outcomeName(a.outcome));
        cause[i] = info.cause;
        symptom[i] = info.symptom;
        text[i] = info.detail;
        interruption[i] = std::string(core::interruptionName(a.interruption));
        fault[i] = orNone(a.faultNs);
        for (size_t b = 0; b < static_cast<size_t>(core::kBucketCount); ++b) {
            buckets[b][i] = a.bucketsNs[b];
        }
        gap[i] = a.gapAfterNs;
        tts[i] = a.ttsNs;
        ttr[i] = orNone(a.ttrNs);
        const auto split = core::ttrSplitOf(r.attempts, i);
        detect[i] = split ? split->detectNs : kNone;
        restart[i] = split ? split->restartNs : kNone;
        startup[i] = split ? split->startupNs : kNone;
    }
    Columns attempts;
    attempts.ints("attempt", number);
    attempts.ints("start", start, "dt");
    attempts.ints("end", end, "dt");
    attempts.ints("gpus", gpus);
    attempts.strings("outcome", outcome, "cat");
    attempts.strings("cause", cause);
    attempts.strings("symptom", symptom);
    attempts.strings("detail", text);
    attempts.strings("interruption", interruption, "cat");
    attempts.ints("fault", fault, "dt");
    for (int b = 0; b < core::kBucketCount; ++b) {
        attempts.ints("buckets_s." + std::string(core::bucketName(static_cast<core::Bucket>(b))),
            buckets[static_cast<size_t>(b)], "td");
    }
    attempts.ints("gap_after_s", gap, "td");
    attempts.ints("tts_s", tts, "td");
    attempts.ints("ttr_s", ttr, "td");
    attempts.ints("ttr_detect_s", detect, "td");
    attempts.ints("ttr_restart_s", restart, "td");
    attempts.ints("ttr_startup_s", startup, "td");
    out["attempts"] = attempts.toPython();

    out["phases"] = phasesOf(timeline);
    return out;
}

} // namespace ett::app::python
