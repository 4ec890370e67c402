#include "core/store/scenarios.h"

#include "core/model/timeutil.h"
#include "core/store/database.h"

namespace ett::core {

Status saveScenario(Database& db, const Scenario& scenario)
{
    if (auto st = checkScenario(scenario, "scenario '" + scenario.name + "'"); !st) {
        return st;
    }
    const std::string spec = scenarioJson(scenario);
    const std::string savedAt = nowRfc3339();
    return inTransaction(db, [&]() -> Status {
        auto st = db.prepare("INSERT OR REPLACE INTO scenarios(name, spec, saved_at) VALUES(?, ?, ?)");
        if (!st) {
            return st.error();
        }
        st->bind(1, scenario.name);
        st->bind(2, spec);
        st->bind(3, savedAt);
        return st->run();
    });
}

Result<std::vector<SavedScenario>> listScenarios(Database& db)
{
    auto st = db.prepare("SELECT name, spec, saved_at FROM scenarios ORDER BY name");
    if (!st) {
        return st.error();
    }
    std::vector<SavedScenario> out;
    auto rows = st->forEachRow([&]() -> Status {
        const std::string name = st->columnText(0);
        auto s = parseScenario(st->columnText(1), db.path() + ": saved scenario '" + name + "'");
        if (!s) {
            return s.error();
        }
        out.push_back({ std::move(*s), st->columnText(2) });
        return Status::success();
    });
    if (!rows) {
        return rows.error();
    }
    return out;
}

Result<SavedScenario> loadScenario(Database& db, const std::string& name)
{
    auto st = db.prepare("SELECT spec, saved_at FROM scenarios WHERE name = ?");
    if (!st) {
        return st.error();
    }
    st->bind(1, name);
    auto row = st->step();
    if (!row) {
        return row.error();
    }
    if (*row) {
        auto s = parseScenario(st->columnText(0), db.path() + ": saved scenario '" + name + "'");
        if (!s) {
            return s.error();
        }
        return SavedScenario { std::move(*s), st->columnText(1) };
    }
    auto names = db.prepare("SELECT name FROM scenarios ORDER BY name");
    if (!names) {
        return names.error();
    }
    std::string known;
    auto listed = names->forEachRow([&]() { known += (known.empty() ? "" : ", ") + names->columnText(0); });
    if (!listed) {
        return listed.error();
    }
    return Error { db.path() + ": no saved scenario '" + name + "' (saved: " + (known.empty() ? "none" : known) + ")" };
}

Result<bool> deleteScenario(Database& db, const std::string& name)
{
    bool deleted = false;
    auto st = inTransaction(db, [&]() -> Status {
        auto del = db.prepare("DELETE FROM scenarios WHERE name = ?");
        if (!del) {
            return del.error();
        }
        del->bind(1, name);
        if (auto run = del->run(); !run) {
            return run;
        }
        auto changed = db.queryInt("SELECT changes()");
        if (!changed) {
            return changed.error();
        }
        deleted = changed->value_or(0) > 0;
        return Status::success();
    });
    if (!st) {
        return st.error();
    }
    return deleted;
}

} // namespace ett::core
