#include "app/python/restarts_binding.h"

#include "app/python/frame_columns.h"
#include "app/python/interruptible.h"
#include "app/service/restarts.h"
#include "core/model/compile_tags.h"
#include "core/model/types.h"

namespace ett::app::python {

py::dict restartsPy(Handle ws, const std::string& key, const std::optional<std::string>& label)
{
    const core::JobRestarts r = interruptible(*ws, [&] {
        check(ws->checkLabel(label));
        return ws->local() ? take(jobRestarts(*ws->local(), key, label))
                           : take(jobRestarts(*take(ws->fleet(Needs::Full)), key, label));
    });
    const size_t n = r.rows.size();
    std::vector<int64_t> attempt(n), start(n), end(n), previous(n), detect(n), restart(n), startup(n), ttr(n), gap(n),
        lost(n), startupNs(n);
    std::vector<std::string> outcome(n), cause(n), prevOutcome(n), prevInterruption(n), prevCause(n), tag(n);
    std::vector<bool> trained(n);
    for (size_t i = 0; i < n; ++i) {
        const core::RestartRow& row = r.rows[i];
        attempt[i] = row.attempt;
        start[i] = row.startNs;
        end[i] = row.endNs;
        outcome[i] = std::string(core::outcomeName(row.outcome));
        cause[i] = row.cause;
        previous[i] = row.previousAttempt ? *row.previousAttempt : kNone;
        prevOutcome[i] = row.previousAttempt ? std::string(core::outcomeName(row.previousOutcome)) : "";
        prevInterruption[i] = row.previousAttempt ? std::string(core::interruptionName(row.previousInterruption)) : "";
        prevCause[i] = row.previousAttempt ? row.previousCause : "";
        detect[i] = row.recovery ? row.recovery->detectNs : kNone;
        restart[i] = row.recovery ? row.recovery->restartNs : kNone;
        startup[i] = row.recovery ? row.recovery->startupNs : kNone;
        ttr[i] = orNone(row.recoveryNs);
        gap[i] = orNone(row.gapBeforeNs);
        lost[i] = orNone(row.lostProgressNs);
        startupNs[i] = row.startupNs;
        trained[i] = row.trained;
        tag[i] = row.compileTagText();
    }
    Columns c;
    c.ints("attempt", attempt);
    c.ints("start", start, "dt");
    c.ints("end", end, "dt");
    c.strings("outcome", outcome, "cat");
    c.strings("cause", cause);
    c.ints("previous_attempt", previous, "int_na");
    c.strings("previous_outcome", prevOutcome);
    c.strings("previous_interruption", prevInterruption);
    c.strings("previous_cause", prevCause);
    c.ints("detect_s", detect, "td");
    c.ints("restart_s", restart, "td");
    c.ints("recovery_startup_s", startup, "td");
    c.ints("ttr_s", ttr, "td");
    c.ints("gap_before_s", gap, "td");
    c.ints("lost_progress_s", lost, "td");
    c.ints("startup_s", startupNs, "td");
    c.bools("trained", trained);
    for (size_t s = 0; s < r.stages.size(); ++s) {
        std::vector<int64_t> stage(n), change(n);
        std::vector<bool> grew(n);
        for (size_t i = 0; i < n; ++i) {
            stage[i] = r.rows[i].stageNs[s];
            change[i] = r.rows[i].changeNs[s];
            grew[i] = r.rows[i].grew[s] != 0;
        }
        const std::string prefix = "stages." + r.stages[s].name;
        c.ints(prefix + ".s", stage, "td");
        c.ints(prefix + ".change_s", change, "td");
        c.bools(prefix + ".grew", grew);
    }
    c.strings("compile_tag", tag);
    for (int t = 0; t < core::kCompileTagCount; ++t) {
        std::vector<int64_t> v(n);
        for (size_t i = 0; i < n; ++i) {
            v[i] = r.rows[i].compileTagNs[static_cast<size_t>(t)];
        }
        c.ints("compile_tags_s." + std::string(core::compileTagName(static_cast<core::CompileTag>(t))), v, "td");
    }
    Columns trends;
    std::vector<std::string> name;
    std::vector<int64_t> first, last, max, grown;
    std::vector<bool> growing;
    for (size_t s = 0; s < r.stages.size(); ++s) {
        const core::StageTrend& t = r.trends[s];
        name.push_back(r.stages[s].name);
        first.push_back(t.firstNs);
        last.push_back(t.lastNs);
        max.push_back(t.maxNs);
        grown.push_back(t.grownAttempts);
        growing.push_back(t.growing);
    }
    trends.strings("stage", name);
    trends.ints("first_s", first, "td");
    trends.ints("last_s", last, "td");
    trends.ints("max_s", max, "td");
    trends.ints("grown_attempts", grown);
    trends.bools("growing", growing);
    py::dict out;
    out["job"] = r.key;
    out["label"] = r.label;
    out["name"] = r.name;
    out["no_checkpoint_data"] = r.noCheckpointData;
    out["restarts"] = c.toPython();
    out["trends"] = trends.toPython();
    return out;
}

} // namespace ett::app::python
