#include "core/store/cause_rules_store.h"

#include "core/model/timeutil.h"
#include "core/store/database.h"
#include "core/store/derived.h"

#include <algorithm>
#include <set>

namespace ett::core {

namespace {

constexpr const char* kInterrupted = "a.outcome IN ('failed', 'preempted')";

// What sync changes of one attempt.
struct OverrideChange
{
    int64_t attemptId = 0;
    std::optional<std::string> cause; // nullopt: no override (the imported cause)
    int32_t rule = -1;
};

} // namespace

Result<std::optional<SavedCauseRules>> activeCauseRules(Database& db)
{
    auto st = db.prepare("SELECT id, rules, saved_at FROM cause_rule_sets ORDER BY id DESC LIMIT 1");
    if (!st) {
        return st.error();
    }
    auto row = st->step();
    if (!row) {
        return row.error();
    }
    if (!*row) {
        return std::optional<SavedCauseRules> {};
    }
    SavedCauseRules saved;
    saved.id = st->columnInt64(0);
    saved.savedAt = st->columnText(2);
    auto rules = parseCauseRules(st->columnText(1), db.path() + ": saved cause rules #" + std::to_string(saved.id));
    st->reset();
    if (!rules) {
        return rules.error();
    }
    saved.rules = std::move(*rules);
    return std::optional<SavedCauseRules>(std::move(saved));
}

Result<int64_t> savedCauseRuleSets(Database& db)
{
    auto n = db.queryInt("SELECT count(*) FROM cause_rule_sets");
    if (!n) {
        return n.error();
    }
    return n->value_or(0);
}

Result<std::vector<int64_t>> movedPerRule(Database& db, size_t ruleCount)
{
    std::vector<int64_t> moved(ruleCount, 0);
    auto st = db.prepare("SELECT rule, count(*) FROM cause_overrides GROUP BY rule");
    if (!st) {
        return st.error();
    }
    if (auto rows = st->forEachRow([&] {
            const int64_t rule = st->columnInt64(0);
            if (rule >= 0 && static_cast<size_t>(rule) < ruleCount) {
                moved[static_cast<size_t>(rule)] = st->columnInt64(1);
            }
        });
        !rows) {
        return rows.error();
    }
    return moved;
}

Result<CauseRulesChange> syncCauseOverrides(Database& db, const std::vector<int64_t>* jobIds)
{
    auto active = activeCauseRules(db);
    if (!active) {
        return active.error();
    }
    if (!*active && jobIds) {
        // No set in force: the attempts of these jobs have no overrides (a sync without rules
        // left none, and new attempts start with none).
        return CauseRulesChange {};
    }
    const CauseRules none;
    const CauseRules& rules = *active ? (*active)->rules : none;

    // 1. Overrides of attempts that are gone (a label removed) go with them.
    if (!jobIds) {
        if (auto st = db.exec("DELETE FROM cause_overrides WHERE attempt_id NOT IN (SELECT id FROM attempts)"); !st) {
            return st.error();
        }
    }

    // 2. Each interrupted attempt's effective cause under the set in force, against the stored one.
    std::vector<OverrideChange> changes;
    std::set<int64_t> rederive;
    auto select = db.prepare(std::string("SELECT a.id, a.job_id, a.outcome, a.cause, a.symptom, a.detail, o.cause, "
                                         "o.rule FROM attempts a LEFT JOIN cause_overrides o ON o.attempt_id = a.id "
                                         "WHERE ")
        + kInterrupted + (jobIds ? " AND a.job_id = ?" : ""));
    if (!select) {
        return select.error();
    }
    auto visit = [&] {
        auto& s = *select;
        const Outcome outcome = parseOutcome(s.columnText(2)).value_or(Outcome::Failed);
        const std::string imported = s.columnText(3);
        const int idx = rules.firstMatch(imported, s.columnText(4), s.columnText(5));
        OverrideChange want;
        want.attemptId = s.columnInt64(0);
        if (idx >= 0 && rules.rules[static_cast<size_t>(idx)].setCause != imported) {
            want.cause = rules.rules[static_cast<size_t>(idx)].setCause;
            want.rule = idx;
        }
        const std::optional<std::string> had
            = s.columnIsNull(6) ? std::nullopt : std::optional<std::string>(s.columnText(6));
        const int32_t hadRule = had ? static_cast<int32_t>(s.columnInt64(7)) : -1;
        if (had == want.cause && hadRule == want.rule) {
            return;
        }
        if (classifyInterruption(outcome, had.value_or(imported))
            != classifyInterruption(outcome, want.cause.value_or(imported))) {
            rederive.insert(s.columnInt64(1));
        }
        changes.push_back(std::move(want));
    };
    if (jobIds) {
        for (int64_t job : *jobIds) {
            select->reset();
            select->bind(1, job);
            if (auto rows = select->forEachRow(visit); !rows) {
                return rows.error();
            }
        }
    } else if (auto rows = select->forEachRow(visit); !rows) {
        return rows.error();
    }

    // 3. Write the changes, then attribute again the jobs whose interruption counts moved.
    auto upsert = db.prepare("INSERT OR REPLACE INTO cause_overrides(attempt_id, cause, rule) VALUES(?, ?, ?)");
    auto erase = db.prepare("DELETE FROM cause_overrides WHERE attempt_id = ?");
    if (!upsert) {
        return upsert.error();
    }
    if (!erase) {
        return erase.error();
    }
    for (const auto& c : changes) {
        Statement& s = c.cause ? *upsert : *erase;
        s.bind(1, c.attemptId);
        if (c.cause) {
            s.bind(2, *c.cause);
            s.bind(3, int64_t { c.rule });
        }
        if (auto st = s.run(); !st) {
            return st.error();
        }
    }
    if (!rederive.empty()) {
        auto updater = DerivedUpdater::create(db);
        if (!updater) {
            return updater.error();
        }
        for (int64_t job : rederive) {
            if (auto n = (*updater)->update(job); !n) {
                return n.error();
            }
        }
    }
    return CauseRulesChange { static_cast<int64_t>(changes.size()), static_cast<int64_t>(rederive.size()) };
}

Result<CauseRulesChange> saveCauseRules(Database& db, const CauseRules& rules)
{
    for (size_t i = 0; i < rules.rules.size(); ++i) {
        if (auto why = invalidSetCause(rules.rules[i].setCause)) {
            return Error { "rule " + std::to_string(i + 1) + ": set_cause: " + *why + "; nothing was saved" };
        }
    }
    CauseRulesChange change;
    auto st = inTransaction(db, [&]() -> Status {
        auto insert = db.prepare("INSERT INTO cause_rule_sets(rules, saved_at) VALUES(?, ?)");
        if (!insert) {
            return insert.error();
        }
        insert->bind(1, causeRulesJson(rules));
        insert->bind(2, nowRfc3339());
        if (auto r = insert->run(); !r) {
            return r;
        }
        auto synced = syncCauseOverrides(db, nullptr);
        if (!synced) {
            return synced.error();
        }
        change = *synced;
        return Status::success();
    });
    if (!st) {
        return st.error();
    }
    return change;
}

Result<CauseRulesChange> undoCauseRules(Database& db)
{
    CauseRulesChange change;
    auto st = inTransaction(db, [&]() -> Status {
        auto newest = db.queryInt("SELECT max(id) FROM cause_rule_sets");
        if (!newest) {
            return newest.error();
        }
        if (!*newest) {
            return Error { db.path() + ": no saved cause rules to undo" };
        }
        if (auto r = db.exec("DELETE FROM cause_rule_sets WHERE id = " + std::to_string(**newest)); !r) {
            return r;
        }
        auto synced = syncCauseOverrides(db, nullptr);
        if (!synced) {
            return synced.error();
        }
        change = *synced;
        return Status::success();
    });
    if (!st) {
        return st.error();
    }
    return change;
}

Result<std::vector<StoredInterruption>> loadInterruptions(Database& db)
{
    std::vector<StoredInterruption> out;
    auto st = db.prepare(std::string("SELECT a.id, a.job_id, a.attempt_no, a.outcome, a.cause, o.cause, o.rule, "
                                     "a.symptom, a.detail, coalesce(a.gpus, j.gpus), "
                                     "coalesce(a.interrupted_at_ns, a.end_ns), d.b_lost_progress, d.ttr_ns "
                                     "FROM attempts a JOIN jobs j ON j.id = a.job_id "
                                     "JOIN attempt_derived d ON d.attempt_id = a.id "
                                     "LEFT JOIN cause_overrides o ON o.attempt_id = a.id WHERE ")
        + kInterrupted + " ORDER BY a.job_id, a.start_ns, a.attempt_no");
    if (!st) {
        return st.error();
    }
    if (auto rows = st->forEachRow([&] {
            StoredInterruption i;
            i.attemptId = st->columnInt64(0);
            i.jobId = st->columnInt64(1);
            i.attemptNo = static_cast<int32_t>(st->columnInt64(2));
            i.outcome = parseOutcome(st->columnText(3)).value_or(Outcome::Failed);
            i.importedCause = st->columnText(4);
            i.effectiveCause = st->columnIsNull(5) ? i.importedCause : st->columnText(5);
            i.rule = st->columnIsNull(6) ? -1 : static_cast<int32_t>(st->columnInt64(6));
            i.symptom = st->columnText(7);
            i.detail = st->columnText(8);
            i.gpus = st->columnInt64(9);
            i.faultNs = st->columnInt64(10);
            i.lostProgressNs = st->columnInt64(11);
            i.ttrNs = st->columnOptionalInt64(12);
            out.push_back(std::move(i));
        });
        !rows) {
        return rows.error();
    }
    return out;
}

} // namespace ett::core
