// Cause rules in the document: saving re-classifies interrupted attempts without re-import (their
// imported cause kept), re-derives exactly the jobs whose failure counts change, applies to later
// imports, survives a label's removal and restore, and an undo restores the figures byte for byte.
// Also the migration of a version-3 document.
#include "core/store/cause_rules_store.h"
#include "core/store/database.h"
#include "core/store/label_removal.h"
#include "core/store/schema.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <string>

#include "tests/core/test_store.h"

namespace ett::core {
namespace {

constexpr int64_t kS = 1'000'000'000;

// J1 (8 GPUs): attempt 0 fails at 1000 s (unknown.nccl, hang, "NCCL watchdog timeout"), saved at
//   500 s: lost progress 500 s; trains again at 1100 s: TTR 100 s.
// J2 (4 GPUs): attempt 0 fails at 500 s (infra.gpu, explicit, XID 48), no checkpoints: lost 0;
//   trains again at 650 s: TTR 150 s.
// J3 (2 GPUs): preempted at 300 s (unknown, "NCCL timeout"), never trains again: TTR undefined.
const char* kTrace = R"({"type":"header","format":"ett-trace","version":1,"time_unit":"s"}
{"type":"job","job":"J1","gpus":8}
{"type":"attempt","job":"J1","attempt":0,"start":0,"end":1000,"outcome":"failed","cause":"unknown.nccl","symptom":"hang","detail":"NCCL watchdog timeout"}
{"type":"phase","job":"J1","attempt":0,"phase":"train","start":0,"end":1000}
{"type":"checkpoint","job":"J1","attempt":0,"start":500,"durable":500}
{"type":"attempt","job":"J1","attempt":1,"start":1100,"end":2000,"outcome":"completed"}
{"type":"phase","job":"J1","attempt":1,"phase":"train","start":1100,"end":2000}
{"type":"job","job":"J2","gpus":4}
{"type":"attempt","job":"J2","attempt":0,"start":0,"end":500,"outcome":"failed","cause":"infra.gpu","symptom":"explicit","detail":"XID 48"}
{"type":"phase","job":"J2","attempt":0,"phase":"train","start":0,"end":500}
{"type":"attempt","job":"J2","attempt":1,"start":600,"end":900,"outcome":"completed"}
{"type":"phase","job":"J2","attempt":1,"phase":"train","start":650,"end":900}
{"type":"job","job":"J3","gpus":2}
{"type":"attempt","job":"J3","attempt":0,"start":0,"end":300,"outcome":"preempted","cause":"unknown","detail":"NCCL timeout"}
{"type":"phase","job":"J3","attempt":0,"phase":"train","start":0,"end":300}
)";

const char* kRulesJson
    = R"({"rules":[{"match":{"cause":"unknown","detail":"NCCL.*timeout"},"set_cause":"user.bad_config"}]})";

CauseRules rulesOf(const std::string& json)
{
    auto r = parseCauseRules(json, "test");
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
    return r.ok() ? *r : CauseRules {};
}

// Every derived row as text, in a fixed order: equal dumps are equal figures.
std::string derivedDump(Database& db)
{
    std::string out;
    for (const char* sql :
        { "SELECT * FROM job_derived ORDER BY job_id", "SELECT * FROM attempt_derived ORDER BY attempt_id" }) {
        auto st = db.prepare(sql);
        EXPECT_TRUE(st.ok());
        if (!st.ok()) {
            return out;
        }
        const int n = sqlite3_column_count(st->handle());
        (void)st->forEachRow([&] {
            for (int c = 0; c < n; ++c) {
                out += st->columnIsNull(c) ? std::string("NULL") : st->columnText(c);
                out += c + 1 < n ? "|" : "\n";
            }
        });
    }
    return out;
}

int64_t jobFigure(test::Store& s, const std::string& job, const std::string& column)
{
    return s.count(
        "SELECT d." + column + " FROM job_derived d JOIN jobs j ON j.id = d.job_id WHERE j.job_key = '" + job + "'");
}

TEST(CauseRulesStore, SavingReclassifiesAndRederivesOnlyJobsWhoseCountsMove)
{
    test::Store s;
    s.import(s.write("t.ett.jsonl", kTrace));
    EXPECT_EQ(jobFigure(s, "J1", "failures"), 1);
    EXPECT_EQ(jobFigure(s, "J3", "preemptions"), 1);

    auto saved = saveCauseRules(s.db(), rulesOf(kRulesJson));
    ASSERT_TRUE(saved.ok()) << saved.error().message;
    // J1's attempt becomes user (other interruption): J1 is derived again. J3 was preempted: a
    // preemption whatever its cause, so its figures stay.
    EXPECT_EQ(saved->attemptsChanged, 2);
    EXPECT_EQ(saved->jobsRederived, 1);
    EXPECT_EQ(jobFigure(s, "J1", "failures"), 0);
    EXPECT_EQ(jobFigure(s, "J1", "other_interruptions"), 1);
    EXPECT_EQ(jobFigure(s, "J3", "preemptions"), 1);
    EXPECT_EQ(s.count("SELECT count(*) FROM attempt_derived WHERE interruption = 'other'"), 1);
    // The imported causes are kept; the effective ones are what readers see.
    EXPECT_EQ(s.count("SELECT count(*) FROM attempts WHERE cause = 'user.bad_config'"), 0);
    auto fleet = s.fleet();
    ASSERT_EQ(fleet.size(), 3u);
    EXPECT_EQ(fleet[0].attemptInfo[0].cause, "user.bad_config");
    EXPECT_EQ(fleet[0].result.failures, 0);
    EXPECT_EQ(fleet[1].attemptInfo[0].cause, "infra.gpu");
    auto moved = movedPerRule(s.db(), 1);
    ASSERT_TRUE(moved.ok());
    EXPECT_EQ(*moved, std::vector<int64_t> { 2 });
    auto active = activeCauseRules(s.db());
    ASSERT_TRUE(active.ok() && *active);
    EXPECT_EQ(causeRulesJson((*active)->rules), kRulesJson);
}

TEST(CauseRulesStore, InterruptionsCarryWhatTheTableSums)
{
    test::Store s;
    s.import(s.write("t.ett.jsonl", kTrace));
    ASSERT_TRUE(saveCauseRules(s.db(), rulesOf(kRulesJson)).ok());
    auto rows = loadInterruptions(s.db());
    ASSERT_TRUE(rows.ok()) << rows.error().message;
    ASSERT_EQ(rows->size(), 3u);
    const StoredInterruption& j1 = (*rows)[0];
    EXPECT_EQ(j1.importedCause, "unknown.nccl");
    EXPECT_EQ(j1.effectiveCause, "user.bad_config");
    EXPECT_EQ(j1.rule, 0);
    EXPECT_EQ(j1.symptom, "hang");
    EXPECT_EQ(j1.gpus, 8);
    EXPECT_EQ(j1.faultNs, 1000 * kS);
    EXPECT_EQ(j1.lostProgressNs, 500 * kS);
    EXPECT_EQ(j1.ttrNs, 100 * kS);
    const StoredInterruption& j2 = (*rows)[1];
    EXPECT_EQ(j2.effectiveCause, "infra.gpu");
    EXPECT_EQ(j2.rule, -1);
    EXPECT_EQ(j2.lostProgressNs, 0);
    EXPECT_EQ(j2.ttrNs, 150 * kS);
    const StoredInterruption& j3 = (*rows)[2];
    EXPECT_EQ(j3.outcome, Outcome::Preempted);
    EXPECT_EQ(j3.effectiveCause, "user.bad_config");
    EXPECT_EQ(j3.ttrNs, std::nullopt);
}

TEST(CauseRulesStore, UndoRestoresThePreviousSetAndTheFiguresByteForByte)
{
    test::Store s;
    s.import(s.write("t.ett.jsonl", kTrace));
    const std::string before = derivedDump(s.db());
    ASSERT_TRUE(saveCauseRules(s.db(), rulesOf(kRulesJson)).ok());
    const std::string withFirst = derivedDump(s.db());
    EXPECT_NE(withFirst, before);
    // A second set moves J2 to maintenance (other) instead.
    ASSERT_TRUE(
        saveCauseRules(s.db(), rulesOf(R"({"rules":[{"match":{"symptom":"explicit"},"set_cause":"maintenance.x"}]})"))
            .ok());
    EXPECT_EQ(jobFigure(s, "J1", "failures"), 1);
    EXPECT_EQ(jobFigure(s, "J2", "failures"), 0);
    EXPECT_EQ(s.count("SELECT count(*) FROM cause_rule_sets"), 2);

    auto undone = undoCauseRules(s.db());
    ASSERT_TRUE(undone.ok()) << undone.error().message;
    EXPECT_EQ(undone->jobsRederived, 2); // J1 back to other, J2 back to failure
    EXPECT_EQ(derivedDump(s.db()), withFirst);
    ASSERT_TRUE(undoCauseRules(s.db()).ok());
    EXPECT_EQ(derivedDump(s.db()), before);
    EXPECT_EQ(s.count("SELECT count(*) FROM cause_overrides"), 0);
    auto none = undoCauseRules(s.db());
    ASSERT_FALSE(none.ok());
    EXPECT_NE(none.error().message.find("no saved cause rules to undo"), std::string::npos);
}

TEST(CauseRulesStore, SavingAnEmptySetClearsAndARuleThatKeepsTheClassDerivesNothing)
{
    test::Store s;
    s.import(s.write("t.ett.jsonl", kTrace));
    const std::string before = derivedDump(s.db());
    // unknown -> infra: both failures; J3 stays a preemption. Causes change, figures do not.
    auto same = saveCauseRules(
        s.db(), rulesOf(R"({"rules":[{"match":{"cause":"unknown"},"set_cause":"infra.network.nccl_timeout"}]})"));
    ASSERT_TRUE(same.ok());
    EXPECT_EQ(same->attemptsChanged, 2);
    EXPECT_EQ(same->jobsRederived, 0);
    EXPECT_EQ(derivedDump(s.db()), before);
    auto cleared = saveCauseRules(s.db(), rulesOf(R"({"rules":[]})"));
    ASSERT_TRUE(cleared.ok());
    EXPECT_EQ(cleared->attemptsChanged, 2);
    EXPECT_EQ(s.count("SELECT count(*) FROM cause_overrides"), 0);
}

TEST(CauseRulesStore, ALaterImportFollowsTheRulesInForce)
{
    test::Store s;
    s.import(s.write("t.ett.jsonl", kTrace));
    ASSERT_TRUE(saveCauseRules(s.db(), rulesOf(kRulesJson)).ok());
    s.import(s.write("j4.ett.jsonl", R"({"type":"header","format":"ett-trace","version":1,"time_unit":"s"}
{"type":"job","job":"J4","gpus":1}
{"type":"attempt","job":"J4","attempt":0,"start":0,"end":100,"outcome":"failed","cause":"unknown","detail":"NCCL op timeout"}
{"type":"attempt","job":"J1","attempt":2,"start":3000,"end":3100,"outcome":"failed","cause":"unknown.x","detail":"NCCL timeout"}
)"));
    EXPECT_EQ(jobFigure(s, "J4", "failures"), 0);
    EXPECT_EQ(jobFigure(s, "J4", "other_interruptions"), 1);
    // J1 was read back with its earlier attempt's override, and its new attempt is moved too.
    EXPECT_EQ(jobFigure(s, "J1", "failures"), 0);
    EXPECT_EQ(jobFigure(s, "J1", "other_interruptions"), 2);
    auto moved = movedPerRule(s.db(), 1);
    ASSERT_TRUE(moved.ok());
    EXPECT_EQ(*moved, std::vector<int64_t> { 4 });
}

TEST(CauseRulesStore, RemovingALabelTakesItsOverridesAndARestoreFollowsTheRulesInForce)
{
    test::Store s;
    s.import(s.write("t.ett.jsonl", kTrace), "a");
    ASSERT_TRUE(saveCauseRules(s.db(), rulesOf(kRulesJson)).ok());
    ASSERT_EQ(s.count("SELECT count(*) FROM cause_overrides"), 2);
    ASSERT_TRUE(removeLabel(s.db(), "a", KeepForUndo::Yes).ok());
    EXPECT_EQ(s.count("SELECT count(*) FROM cause_overrides"), 0);
    ASSERT_TRUE(saveCauseRules(s.db(), rulesOf(R"({"rules":[]})")).ok());
    auto restored = restoreRemovedLabel(s.db());
    ASSERT_TRUE(restored.ok()) << restored.error().message;
    // Restored under the empty set now in force: imported causes, J1 a failure again.
    EXPECT_EQ(s.count("SELECT count(*) FROM cause_overrides"), 0);
    EXPECT_EQ(jobFigure(s, "J1", "failures"), 1);
}

TEST(CauseRulesStore, SavingARuleWithAnInvalidCauseWritesNothing)
{
    test::Store s;
    s.import(s.write("t.ett.jsonl", kTrace));
    CauseRules bad = rulesOf(kRulesJson);
    bad.rules[0].setCause = "oops.x";
    auto r = saveCauseRules(s.db(), bad);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("nothing was saved"), std::string::npos) << r.error().message;
    EXPECT_EQ(s.count("SELECT count(*) FROM cause_rule_sets"), 0);
}

TEST(CauseRulesStore, AVersionThreeDocumentMigratesWithItsFigures)
{
    test::TempDir dir;
    const std::string path = dir.path("v3.db");
    std::string before;
    {
        auto db = Database::open(path, Database::OpenMode::CreateIfMissing);
        ASSERT_TRUE(db.ok());
        ASSERT_TRUE(importTraceFile(**db, dir.write("t.ett.jsonl", kTrace), ImportOptions {}).ok());
        before = derivedDump(**db);
        ASSERT_TRUE((*db)->exec("DROP TABLE cause_rule_sets; DROP TABLE cause_overrides; PRAGMA user_version=3;").ok());
    }
    {
        auto ro = Database::open(path, Database::OpenMode::ReadOnly);
        ASSERT_FALSE(ro.ok());
        EXPECT_NE(ro.error().message.find("ettw upgrade"), std::string::npos) << ro.error().message;
    }
    auto db = Database::open(path, Database::OpenMode::MustExist);
    ASSERT_TRUE(db.ok()) << db.error().message;
    auto version = (*db)->queryInt("PRAGMA user_version");
    ASSERT_TRUE(version.ok());
    EXPECT_EQ(version->value_or(-1), kSchemaVersion);
    EXPECT_EQ(derivedDump(**db), before);
    auto saved = saveCauseRules(**db, rulesOf(kRulesJson));
    ASSERT_TRUE(saved.ok()) << saved.error().message;
    EXPECT_EQ(saved->jobsRederived, 1);
}

} // namespace
} // namespace ett::core
