// The columnar copy of the fleet (core/store/column_store.h): built at import in the import's
// transaction, read back equal to the rows (every column, dictionaries and codes included) for the
// whole fleet, one label and with phases; kept current by label removal, cause rules and writes
// made outside the workbench; damage is an error naming the chunk and the column; a version-4
// database is upgraded and its copy built by the migration.
#include "core/store/cause_rules_store.h"
#include "core/store/column_codec.h"
#include "core/store/column_store.h"
#include "core/store/columns_loader.h"
#include "core/store/database.h"
#include "core/store/label_removal.h"
#include "core/store/phase_samples_store.h"
#include "core/store/schema.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "samples/synth/generator.h"
#include "tests/core/model/generator_fixtures.h"
#include "tests/core/test_store.h"

namespace ett::core {
namespace {

// Every member of two loads, compared one by one so that a failure names the column.
void expectSameFleet(const StoredFleet& rows, const StoredFleet& cols)
{
    const FleetColumns& a = rows.columns;
    const FleetColumns& b = cols.columns;
#define ETT_SAME(field) EXPECT_EQ(a.field, b.field) << #field
    ETT_SAME(labels);
    ETT_SAME(attrKeys);
    ETT_SAME(attrValues);
    ETT_SAME(kindCategory);
    ETT_SAME(kindSubcategory);
    ETT_SAME(causeClasses);
    ETT_SAME(jobKey);
    ETT_SAME(jobName);
    ETT_SAME(jobRowId);
    ETT_SAME(jobLabel);
    ETT_SAME(jobGpus);
    ETT_SAME(jobSubmittedNs);
    ETT_SAME(jobAttr);
    ETT_SAME(jobAttemptBegin);
    ETT_SAME(jobCheckpointBegin);
    ETT_SAME(attemptJob);
    ETT_SAME(attemptNumber);
    ETT_SAME(attemptStartNs);
    ETT_SAME(attemptEndNs);
    ETT_SAME(attemptGpus);
    ETT_SAME(attemptOutcome);
    ETT_SAME(attemptInterruption);
    ETT_SAME(attemptFaultNs);
    ETT_SAME(attemptCauseClass);
    ETT_SAME(attemptPhaseBegin);
    ETT_SAME(phaseStartNs);
    ETT_SAME(phaseEndNs);
    ETT_SAME(phaseKind);
    ETT_SAME(phaseRank);
    ETT_SAME(checkpointStartNs);
    ETT_SAME(checkpointDurableNs);
    ETT_SAME(checkpointFailed);
#undef ETT_SAME
    const Attribution& x = rows.attribution;
    const Attribution& y = cols.attribution;
#define ETT_SAME(field) EXPECT_EQ(x.field, y.field) << #field
    ETT_SAME(attemptBucketsNs);
    ETT_SAME(attemptTtsNs);
    ETT_SAME(attemptFirstTrainNs);
    ETT_SAME(attemptTtrNs);
    ETT_SAME(attemptGapAfterNs);
    ETT_SAME(attemptSegmentBegin);
    ETT_SAME(segmentStartNs);
    ETT_SAME(segmentEndNs);
    ETT_SAME(segmentBucket);
#undef ETT_SAME
    EXPECT_EQ(rows.attemptRowId, cols.attemptRowId);
    EXPECT_FALSE(rows.fromColumns);
    EXPECT_TRUE(cols.fromColumns);
}

// What a lean load leaves out, taken out of a full load: the segments and the checkpoints' columns.
void dropDetail(StoredFleet& f)
{
    f.columns.checkpointStartNs.clear();
    f.columns.checkpointDurableNs.clear();
    f.columns.checkpointFailed.clear();
    f.attribution.segmentStartNs.clear();
    f.attribution.segmentEndNs.clear();
    f.attribution.segmentBucket.clear();
    f.attribution.attemptSegmentBegin.assign(f.columns.attempts() + 1, 0);
}

StoredFleet load(Database& db, ColumnsQuery q, ColumnsQuery::Storage storage)
{
    q.storage = storage;
    auto r = loadStoredFleet(db, q);
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
    return r.ok() ? std::move(*r) : StoredFleet {};
}

// The rows and the copy agree for the whole fleet, each label, a label the fleet lacks, and with
// phases; returns the number of jobs of the whole fleet.
size_t expectCopyEqualsRows(Database& db, const std::vector<std::string>& labels)
{
    std::vector<ColumnsQuery> queries(1);
    for (const auto& l : labels) {
        ColumnsQuery q;
        q.label = l;
        queries.push_back(q);
    }
    ColumnsQuery none;
    none.label = "no such label";
    queries.push_back(none);
    ColumnsQuery phases;
    phases.withPhases = true;
    queries.push_back(phases);
    ColumnsQuery labelPhases;
    labelPhases.label = labels.back();
    labelPhases.withPhases = true;
    queries.push_back(labelPhases);
    for (const auto& q : queries) {
        SCOPED_TRACE("label " + q.label.value_or("(all)") + (q.withPhases ? ", with phases" : ""));
        expectSameFleet(load(db, q, ColumnsQuery::Storage::Rows), load(db, q, ColumnsQuery::Storage::Auto));
    }
    return load(db, {}, ColumnsQuery::Storage::Auto).columns.jobs();
}

std::string generated(test::Store& s, const std::string& name, int64_t jobs, uint64_t seed, int32_t ranks = 0)
{
    GeneratorOptions o;
    o.jobs = jobs;
    o.seed = seed;
    o.ranks = ranks;
    return s.write(name, test::fleetText(o));
}

// Two labels over two chunks of 4,096 job ids: team-a's jobs 1 to 3,000 and team-b's 3,001 to 4,095
// in chunk 0, the rest of team-b's in chunk 1.
class ColumnStore : public ::testing::Test
{
protected:
    void SetUp() override
    {
        s.import(generated(s, "a.jsonl", 3000, 7), "team-a");
        s.import(generated(s, "b.jsonl", 2000, 8, 4), "team-b");
    }
    int64_t dirty() { return s.count("SELECT count(*) FROM column_dirty"); }
    test::Store s;
};

TEST_F(ColumnStore, AnImportBuildsTheCopyAndItLoadsEqualToTheRows)
{
    EXPECT_EQ(s.count("SELECT count(*) FROM column_chunks"), 2);
    EXPECT_EQ(dirty(), 0);
    // Every chunk holds every column, compressed.
    EXPECT_EQ(s.count("SELECT count(DISTINCT name) FROM column_data"), 35);
    EXPECT_LT(s.count("SELECT sum(length(data)) FROM column_data"), s.count("SELECT sum(raw_bytes) FROM column_data"));
    // Each chunk lists the labels of its jobs.
    EXPECT_EQ(s.count("SELECT count(*) FROM column_chunks WHERE chunk = 0 AND labels = ' 1 2 '"), 1);
    EXPECT_EQ(s.count("SELECT count(*) FROM column_chunks WHERE chunk = 1 AND labels = ' 2 '"), 1);
    EXPECT_EQ(expectCopyEqualsRows(s.db(), { "team-a", "team-b" }), 5000u);
}

TEST_F(ColumnStore, AnAttributeKeyFirstSeenInALaterChunkWidensEveryJobsRow)
{
    // Two jobs in chunk 1 (ids 5,001 and 5,002, in 1970) bring a key no job of chunk 0 has, one of
    // them without the generated fleets' keys: every earlier job's row gets the new key as absent;
    // a window that leaves chunk 0 out takes its keys from its names first, then widens for chunk 1's.
    const std::string head = R"({"type":"header","format":"ett-trace","version":1,"time_unit":"s"})";
    s.import(s.write("c.jsonl",
                 head + "\n" + R"({"type":"job","job":"C1","gpus":8,"attrs":{"zone":"z1"}})" + "\n"
                     + R"({"type":"attempt","job":"C1","attempt":0,"start":0,"end":100,"outcome":"completed"})" + "\n"
                     + R"({"type":"job","job":"C2","gpus":8,"attrs":{"zone":"z2","team":"c"}})" + "\n"
                     + R"({"type":"attempt","job":"C2","attempt":0,"start":0,"end":100,"outcome":"completed"})" + "\n"),
        "team-c");
    EXPECT_EQ(expectCopyEqualsRows(s.db(), { "team-a", "team-b", "team-c" }), 5002u);
    const StoredFleet all = load(s.db(), {}, ColumnsQuery::Storage::Auto);
    const auto& keys = all.columns.attrKeys;
    const auto zone = static_cast<size_t>(std::find(keys.begin(), keys.end(), "zone") - keys.begin());
    ASSERT_LT(zone, keys.size());
    EXPECT_EQ(zone, keys.size() - 1) << "first seen last";
    EXPECT_EQ(all.columns.jobAttr.size(), all.columns.jobs() * keys.size());
    EXPECT_EQ(all.columns.attr(0, zone), -1);
    EXPECT_EQ(all.columns.attrValues[zone][static_cast<size_t>(all.columns.attr(5001, zone))], "z2");
    ColumnsQuery early;
    early.window = TimeWindow { 0, 200'000'000'000, false };
    const StoredFleet chunk1 = load(s.db(), early, ColumnsQuery::Storage::Auto);
    ASSERT_EQ(chunk1.columns.validate(), "");
    EXPECT_EQ(chunk1.columns.attrKeys, keys);
    EXPECT_EQ(chunk1.columns.attrValues, all.columns.attrValues);
    const auto& k = chunk1.columns.jobKey;
    const auto c2 = static_cast<size_t>(std::find(k.begin(), k.end(), "C2") - k.begin());
    ASSERT_LT(c2, k.size());
    ASSERT_EQ(chunk1.columns.jobAttr.size(), chunk1.columns.jobs() * keys.size());
    for (size_t key = 0; key < keys.size(); ++key) {
        EXPECT_EQ(chunk1.columns.attr(c2, key), all.columns.attr(5001, key)) << keys[key];
    }
    EXPECT_EQ(chunk1.columns.attr(c2 - 1, zone), all.columns.attr(5000, zone)) << "C1";
}

TEST_F(ColumnStore, ALeanLoadLeavesOnlyTheSegmentsAndTheCheckpointsColumnsOut)
{
    StoredFleet rows = load(s.db(), {}, ColumnsQuery::Storage::Rows);
    ColumnsQuery q;
    q.withDetail = false;
    q.withCheckpoints = false;
    StoredFleet lean = load(s.db(), q, ColumnsQuery::Storage::Auto);
    EXPECT_FALSE(lean.attribution.segmentsLoaded);
    EXPECT_EQ(lean.attribution.segments(), 0u);
    EXPECT_TRUE(lean.attribution.segmentStartNs.empty());
    EXPECT_TRUE(lean.attribution.segmentEndNs.empty());
    EXPECT_EQ(lean.attribution.attemptSegmentBegin, std::vector<int64_t>(rows.columns.attempts() + 1, 0));
    EXPECT_EQ(lean.attribution.segmentCount(), rows.attribution.segmentCount());
    // The checkpoints: counted per job, their columns left out.
    EXPECT_FALSE(lean.columns.checkpointsLoaded);
    EXPECT_EQ(lean.columns.checkpoints(), 0u);
    EXPECT_GT(rows.columns.checkpoints(), 0u);
    EXPECT_EQ(lean.columns.jobCheckpointBegin, rows.columns.jobCheckpointBegin);
    EXPECT_EQ(lean.columns.validate(), "");
    EXPECT_THROW((void)lean.columns.jobInput(0), std::logic_error);
    // Everything else is the full load's.
    dropDetail(rows);
    expectSameFleet(rows, lean);
    // The rows always give the segments.
    q.storage = ColumnsQuery::Storage::Rows;
    auto fromRows = loadStoredFleet(s.db(), q);
    ASSERT_TRUE(fromRows.ok());
    EXPECT_TRUE(fromRows->attribution.segmentsLoaded);
    EXPECT_TRUE(fromRows->columns.checkpointsLoaded);

    // One label, lean: through the chunk-by-chunk path, the same as the rows' less the same parts.
    ColumnsQuery one;
    one.label = "team-b";
    StoredFleet rowsB = load(s.db(), one, ColumnsQuery::Storage::Rows);
    one.withDetail = false;
    one.withCheckpoints = false;
    StoredFleet leanB = load(s.db(), one, ColumnsQuery::Storage::Auto);
    EXPECT_EQ(leanB.columns.jobCheckpointBegin, rowsB.columns.jobCheckpointBegin);
    EXPECT_EQ(leanB.attribution.segmentCount(), rowsB.attribution.segmentCount());
    dropDetail(rowsB);
    expectSameFleet(rowsB, leanB);
}

TEST_F(ColumnStore, SegmentsAndCheckpointsAreLeftOutEachOnItsOwn)
{
    const StoredFleet rows = load(s.db(), {}, ColumnsQuery::Storage::Rows);
    // The segments without the checkpoints (what the window reads first).
    ColumnsQuery q;
    q.withCheckpoints = false;
    StoredFleet noCheckpoints = load(s.db(), q, ColumnsQuery::Storage::Auto);
    EXPECT_TRUE(noCheckpoints.attribution.segmentsLoaded);
    EXPECT_FALSE(noCheckpoints.columns.checkpointsLoaded);
    EXPECT_EQ(noCheckpoints.columns.checkpoints(), 0u);
    EXPECT_EQ(noCheckpoints.columns.validate(), "");
    StoredFleet expected = rows;
    expected.columns.checkpointStartNs.clear();
    expected.columns.checkpointDurableNs.clear();
    expected.columns.checkpointFailed.clear();
    expectSameFleet(expected, noCheckpoints);
    // The checkpoints without the segments (what is read when they are first asked for).
    q.withCheckpoints = true;
    q.withDetail = false;
    StoredFleet noSegments = load(s.db(), q, ColumnsQuery::Storage::Auto);
    EXPECT_FALSE(noSegments.attribution.segmentsLoaded);
    EXPECT_TRUE(noSegments.columns.checkpointsLoaded);
    expected = rows;
    expected.attribution.segmentStartNs.clear();
    expected.attribution.segmentEndNs.clear();
    expected.attribution.segmentBucket.clear();
    expected.attribution.attemptSegmentBegin.assign(rows.columns.attempts() + 1, 0);
    expectSameFleet(expected, noSegments);
    // Through the chunk-by-chunk path of one label too.
    ColumnsQuery one;
    one.label = "team-b";
    one.withCheckpoints = false;
    ColumnsQuery allOfB;
    allOfB.label = "team-b";
    StoredFleet rowsB = load(s.db(), allOfB, ColumnsQuery::Storage::Rows);
    rowsB.columns.checkpointStartNs.clear();
    rowsB.columns.checkpointDurableNs.clear();
    rowsB.columns.checkpointFailed.clear();
    expectSameFleet(rowsB, load(s.db(), one, ColumnsQuery::Storage::Auto));

    // The checkpoints read alone (what is read when they are first asked for): the rows' columns, for
    // every job and for one label, with a chunk written outside the workbench read from the rows.
    auto expectCheckpointsOf = [&](const ColumnsQuery& query) {
        const StoredFleet r = load(s.db(), query, ColumnsQuery::Storage::Rows);
        auto alone = loadColumnStoreCheckpoints(s.db(), query);
        ASSERT_TRUE(alone.ok()) << alone.error().message;
        EXPECT_EQ(alone->jobRowId, r.columns.jobRowId);
        EXPECT_EQ(alone->jobCheckpointBegin, r.columns.jobCheckpointBegin);
        EXPECT_EQ(alone->startNs, r.columns.checkpointStartNs);
        EXPECT_EQ(alone->durableNs, r.columns.checkpointDurableNs);
        EXPECT_EQ(alone->failed, r.columns.checkpointFailed);
        EXPECT_GT(alone->startNs.size(), 0u);
    };
    expectCheckpointsOf({});
    expectCheckpointsOf(allOfB);
    ASSERT_TRUE(s.db().exec("DELETE FROM checkpoints WHERE job_id = 4500").ok());
    EXPECT_EQ(dirty(), 1);
    expectCheckpointsOf({});
    ASSERT_TRUE(
        s.db().exec("UPDATE column_data SET data = x'00112233' WHERE chunk = 0 AND name = 'checkpoint_failed'").ok());
    auto damaged = loadColumnStoreCheckpoints(s.db(), {});
    ASSERT_FALSE(damaged.ok());
    EXPECT_NE(damaged.error().message.find("chunk 0, column checkpoint_failed"), std::string::npos)
        << damaged.error().message;
}

TEST_F(ColumnStore, TheSegmentsReadAloneAreTheRowsAttribution)
{
    // What a lean load left out, read when a clipped or calendared query first needs it: the rows'
    // segments and offsets, for every job and for one label (chunk 0 holds jobs of both), with a
    // chunk written outside the workbench read from the rows.
    auto expectSegmentsOf = [&](const ColumnsQuery& query) {
        const StoredFleet r = load(s.db(), query, ColumnsQuery::Storage::Rows);
        auto alone = loadColumnStoreSegments(s.db(), query);
        ASSERT_TRUE(alone.ok()) << alone.error().message;
        EXPECT_EQ(alone->jobRowId, r.columns.jobRowId);
        EXPECT_EQ(alone->attemptSegmentBegin, r.attribution.attemptSegmentBegin);
        EXPECT_EQ(alone->startNs, r.attribution.segmentStartNs);
        EXPECT_EQ(alone->endNs, r.attribution.segmentEndNs);
        EXPECT_EQ(alone->bucket, r.attribution.segmentBucket);
        EXPECT_GT(alone->startNs.size(), 1000u);
    };
    ColumnsQuery onlyB;
    onlyB.label = "team-b";
    ColumnsQuery none;
    none.label = "no such label";
    expectSegmentsOf({});
    expectSegmentsOf(onlyB);
    auto nothing = loadColumnStoreSegments(s.db(), none);
    ASSERT_TRUE(nothing.ok());
    EXPECT_TRUE(nothing->jobRowId.empty());
    EXPECT_EQ(nothing->attemptSegmentBegin, std::vector<int64_t> { 0 });
    ASSERT_TRUE(s.db().exec("DELETE FROM checkpoints WHERE job_id = 4500").ok());
    EXPECT_EQ(dirty(), 1);
    expectSegmentsOf({});
    expectSegmentsOf(onlyB);
    // Damage names the chunk and the column; counts that disagree name the chunk.
    ASSERT_TRUE(
        s.db().exec("UPDATE column_data SET data = x'00112233' WHERE chunk = 0 AND name = 'segment_length_ns'").ok());
    auto damaged = loadColumnStoreSegments(s.db(), {});
    ASSERT_FALSE(damaged.ok());
    EXPECT_NE(damaged.error().message.find("chunk 0, column segment_length_ns"), std::string::npos)
        << damaged.error().message;
    ASSERT_TRUE(s.db().exec("DELETE FROM column_data WHERE chunk = 0 AND name = 'segment_length_ns'").ok());
    auto missing = loadColumnStoreSegments(s.db(), {});
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(missing.error().message.find("chunk 0: columns are missing"), std::string::npos)
        << missing.error().message;
}

// Each cohort's durations per kind, sorted, and whether any came as a chunk's packed runs.
struct CohortLists
{
    std::vector<std::vector<std::vector<int64_t>>> sorted; // cohort, kind
    bool fromChunks = false;
};
CohortLists listsOf(const Result<std::vector<KindDurationBlocks>>& r)
{
    CohortLists out;
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
    if (!r.ok()) {
        return out;
    }
    for (const auto& perKind : *r) {
        auto& cohort = out.sorted.emplace_back();
        for (const auto& list : perKind) {
            auto values = list.flat();
            std::sort(values.begin(), values.end());
            cohort.push_back(std::move(values));
            out.fromChunks = out.fromChunks || !list.packed().empty();
        }
    }
    return out;
}

TEST_F(ColumnStore, EachChunkKeepsItsPhaseDurationsSortedAndTheyEqualTheSamples)
{
    // Built with the chunks: one row each, every phase in one.
    EXPECT_EQ(s.count("SELECT count(*) FROM column_phase_durations"), 2);
    EXPECT_EQ(s.count("SELECT sum(phases) FROM column_phase_durations"), s.count("SELECT count(*) FROM phases"));
    auto raw = s.db().prepare("SELECT raw_bytes, data FROM column_phase_durations WHERE chunk = 1");
    ASSERT_TRUE(raw.ok());
    ASSERT_TRUE(raw->step().ok());
    std::string bytes;
    ASSERT_TRUE(columnar::decompress(raw->columnBlob(1), raw->columnInt64(0), bytes).ok());
    raw->reset();
    auto decoded = decodeChunkPhaseDurations(bytes);
    ASSERT_TRUE(decoded.ok()) << decoded.error().message;
    ASSERT_EQ(decoded->runs.size(), decoded->kindIds.size());
    EXPECT_TRUE(std::is_sorted(decoded->kindIds.begin(), decoded->kindIds.end()));
    size_t packedValues = 0;
    for (const PackedSortedRun& run : decoded->runs) {
        std::vector<int64_t> values;
        run.unpackInto(values);
        ASSERT_EQ(values.size(), run.count);
        packedValues += values.size();
        EXPECT_TRUE(std::is_sorted(values.begin(), values.end()));
        EXPECT_EQ(values.front(), run.first);
        EXPECT_EQ(values.back(), run.last);
        // Counted in place as in the unpacked values: below, at and between each of them.
        for (size_t i = 0; i < values.size(); i += 1 + values.size() / 97) {
            for (const int64_t v : { values[i] - 1, values[i], values[i] + 1 }) {
                EXPECT_EQ(run.atOrBelow(v), std::upper_bound(values.begin(), values.end(), v) - values.begin()) << v;
            }
        }
    }
    EXPECT_EQ(static_cast<int64_t>(packedValues), s.count("SELECT phases FROM column_phase_durations WHERE chunk = 1"));
    // Damage in the layout is named, never read past: each cut of it, a byte changed, bytes after it.
    for (size_t cut = 0; cut < bytes.size(); cut += 1 + bytes.size() / 40) {
        EXPECT_FALSE(decodeChunkPhaseDurations(bytes.substr(0, cut)).ok()) << cut;
    }
    EXPECT_FALSE(decodeChunkPhaseDurations(bytes + '\0').ok());
    for (size_t at = 0; at < bytes.size(); at += 1 + bytes.size() / 300) {
        std::string changed = bytes;
        changed[at] = static_cast<char>(changed[at] ^ 0x80); // a varint ends or goes on elsewhere
        auto r = decodeChunkPhaseDurations(changed);
        if (r.ok()) { // an anchor's value bit: its run says so or still reads within its bytes
            for (const PackedSortedRun& run : r->runs) {
                EXPECT_LE(run.atOrBelow(run.last), static_cast<int64_t>(run.count));
            }
        }
    }

    // The lists of cohorts over all time, read with the chunks' sorted durations where a chunk's jobs
    // are all in the same cohorts (chunk 1: team-b only), equal the samples' (kept, read apart).
    const FleetColumns columns = load(s.db(), {}, ColumnsQuery::Storage::Auto).columns;
    auto kept = StoredPhaseSamples::load(s.db(), columns);
    ASSERT_TRUE(kept.ok()) << kept.error().message;
    const int64_t labelA = 0; // the columns' label codes, in order of the labels' names
    auto cohortsOf = [&](auto bitsOf, int64_t fromNs = INT64_MIN) {
        PhaseCohorts of;
        for (size_t j = 0; j < columns.jobs(); ++j) {
            of.jobBits.push_back(bitsOf(columns.jobLabel[j] == labelA));
        }
        const size_t n = 1 + (bitsOf(true) | bitsOf(false)) / 2;
        of.fromNs.assign(n, fromNs);
        of.toNs.assign(n, INT64_MAX);
        return of;
    };
    auto expectAsSamples = [&](const PhaseCohorts& of, bool chunkRuns) {
        const CohortLists got = listsOf(StoredPhaseSamples::durationsPerKind(s.db(), columns, of));
        const CohortLists want = listsOf(kept->durationsPerKind(of));
        EXPECT_EQ(got.sorted, want.sorted);
        EXPECT_EQ(got.fromChunks, chunkRuns);
        EXPECT_FALSE(want.fromChunks);
    };
    const auto all = cohortsOf([](bool) { return uint8_t { 1 }; });
    const auto apart = cohortsOf([](bool a) { return static_cast<uint8_t>(a ? 1 : 2); });
    const auto overlapping = cohortsOf([](bool a) { return static_cast<uint8_t>(a ? 1 : 3); });
    const auto onlyA = cohortsOf([](bool a) { return static_cast<uint8_t>(a ? 1 : 0); });
    const auto ranged = cohortsOf([](bool) { return uint8_t { 1 }; }, INT64_MIN + 1);
    {
        SCOPED_TRACE("built");
        expectAsSamples(all, true);
        expectAsSamples(apart, true);
        expectAsSamples(overlapping, true);
        expectAsSamples(onlyA, false); // its jobs share chunk 0 with team-b's
        expectAsSamples(ranged, false); // a range: every phase's start is needed
    }
    {
        SCOPED_TRACE("a chunk written outside the workbench");
        ASSERT_TRUE(s.db().exec("DELETE FROM checkpoints WHERE job_id = 4500").ok());
        expectAsSamples(all, true); // chunk 0 still, chunk 1 from the samples
        expectAsSamples(apart, false);
        ASSERT_TRUE(inTransaction(s.db(), [] { return Status::success(); }).ok());
        expectAsSamples(all, true);
    }
    {
        SCOPED_TRACE("a database from before the table");
        ASSERT_TRUE(s.db().exec("DROP TABLE column_phase_durations").ok());
        expectAsSamples(all, false);
        expectAsSamples(overlapping, false);
        // Its next write transaction adds the table and every chunk's row.
        ASSERT_TRUE(inTransaction(s.db(), [] { return Status::success(); }).ok());
        EXPECT_EQ(s.count("SELECT count(*) FROM column_phase_durations"), 2);
        expectAsSamples(overlapping, true);
    }
    {
        SCOPED_TRACE("a chunk whose samples are incomplete has no row");
        ASSERT_TRUE(s.db()
                        .exec("DELETE FROM attempt_phases WHERE attempt_id = (SELECT min(id) FROM attempts WHERE "
                              "job_id = 4500); INSERT INTO column_dirty VALUES(1)")
                        .ok());
        ASSERT_TRUE(inTransaction(s.db(), [] { return Status::success(); }).ok());
        EXPECT_EQ(s.count("SELECT count(*) FROM column_phase_durations"), 1);
        auto missing = StoredPhaseSamples::durationsPerKind(s.db(), columns, all);
        ASSERT_FALSE(missing.ok()) << "the samples' reader names what is missing";
        EXPECT_NE(missing.error().message.find("ettw upgrade"), std::string::npos) << missing.error().message;
    }
    {
        SCOPED_TRACE("damage names the chunk");
        ASSERT_TRUE(s.db().exec("UPDATE column_phase_durations SET data = x'00112233' WHERE chunk = 0").ok());
        auto damaged = StoredPhaseSamples::durationsPerKind(s.db(), columns, all);
        ASSERT_FALSE(damaged.ok());
        EXPECT_NE(damaged.error().message.find("chunk 0, phase durations"), std::string::npos)
            << damaged.error().message;
    }
}

TEST_F(ColumnStore, ETTW_STORAGE_rowsReadsTheRows)
{
    ::setenv("ETTW_STORAGE", "rows", 1);
    auto r = loadStoredFleet(s.db(), {});
    ::unsetenv("ETTW_STORAGE");
    ASSERT_TRUE(r.ok());
    EXPECT_FALSE(r->fromColumns);
    auto c = loadStoredFleet(s.db(), {});
    ASSERT_TRUE(c.ok());
    EXPECT_TRUE(c->fromColumns);
}

TEST_F(ColumnStore, RemovingALabelAndSavingCauseRulesKeepTheCopyCurrent)
{
    // Cause rules move interrupted attempts to another cause: the classes and interruptions follow.
    auto rules = parseCauseRules(R"({"rules":[{"match":{"cause":"infra"},"set_cause":"user.oom"}]})", "test");
    ASSERT_TRUE(rules.ok()) << rules.error().message;
    auto saved = saveCauseRules(s.db(), *rules);
    ASSERT_TRUE(saved.ok()) << saved.error().message;
    EXPECT_GT(s.count("SELECT count(*) FROM cause_overrides"), 0);
    EXPECT_EQ(dirty(), 0);
    expectCopyEqualsRows(s.db(), { "team-a", "team-b" });

    auto removed = removeLabel(s.db(), "team-a");
    ASSERT_TRUE(removed.ok()) << removed.error().message;
    EXPECT_EQ(dirty(), 0);
    // Both chunks now hold team-b's jobs only.
    EXPECT_EQ(s.count("SELECT count(*) FROM column_chunks WHERE labels = ' 2 '"), 2);
    EXPECT_EQ(expectCopyEqualsRows(s.db(), { "team-b" }), 2000u);

    // Imported again under another label: new job ids, a third chunk.
    s.import(generated(s, "a2.jsonl", 3000, 7), "team-c");
    EXPECT_EQ(dirty(), 0);
    EXPECT_EQ(expectCopyEqualsRows(s.db(), { "team-b", "team-c" }), 5000u);
}

TEST_F(ColumnStore, AWriteOutsideTheWorkbenchIsReadFromTheRowsUntilTheNextTransaction)
{
    // As with the sqlite3 shell: no transaction of ours, so only the triggers know.
    ASSERT_TRUE(s.db().exec("UPDATE jobs SET gpus = gpus + 1 WHERE id = 5000").ok());
    EXPECT_EQ(dirty(), 1);
    auto fleet = load(s.db(), {}, ColumnsQuery::Storage::Auto);
    EXPECT_EQ(fleet.columns.jobGpus[4999], load(s.db(), {}, ColumnsQuery::Storage::Rows).columns.jobGpus[4999]);
    expectCopyEqualsRows(s.db(), { "team-a", "team-b" });
    // The next write transaction rebuilds it.
    ASSERT_TRUE(inTransaction(s.db(), [] { return Status::success(); }).ok());
    EXPECT_EQ(dirty(), 0);
    expectCopyEqualsRows(s.db(), { "team-a", "team-b" });
}

// A connection that defers the copy (a watcher) leaves the chunks its imports touch listed: they are
// read from the rows, the loads equal the rows' all the same, and refreshDeferredColumns() rebuilds
// them; another transaction of that connection does not.
TEST_F(ColumnStore, ADeferringConnectionLeavesItsChunksListedUntilItRefreshesThem)
{
    s.db().deferColumnRefresh(true);
    s.import(generated(s, "c.jsonl", 300, 9), "team-c"); // job ids 5,001 to 5,300: chunk 1
    EXPECT_EQ(dirty(), 1);
    EXPECT_EQ(s.count("SELECT count(*) FROM column_dirty WHERE chunk = 1"), 1);
    EXPECT_EQ(expectCopyEqualsRows(s.db(), { "team-a", "team-b", "team-c" }), 5300u);
    ASSERT_TRUE(inTransaction(s.db(), [] { return Status::success(); }).ok());
    EXPECT_EQ(dirty(), 1) << "deferred: still listed";
    ASSERT_TRUE(refreshDeferredColumns(s.db()).ok());
    EXPECT_EQ(dirty(), 0);
    EXPECT_TRUE(s.db().columnRefreshDeferred()) << "the connection still defers";
    EXPECT_EQ(s.count("SELECT count(*) FROM column_chunks WHERE chunk = 1 AND labels = ' 2 3 '"), 1);
    expectCopyEqualsRows(s.db(), { "team-a", "team-b", "team-c" });
}

// An import lists the chunks of the jobs it writes itself, without the triggers: jobs whose records
// go on in a second file (read back from the store and attributed again) are rebuilt in both chunks,
// and the connection's triggers run again afterwards.
TEST_F(ColumnStore, AFileThatGoesOnWithJobsOfAnEarlierOneRebuildsTheirChunks)
{
    GeneratorOptions o;
    o.jobs = 4500; // job ids 5,001 to 9,500 under team-c: chunks 1 and 2
    o.seed = 9;
    const std::string text = test::fleetText(o);
    const size_t header = text.find('\n') + 1;
    // Cut in the middle of a job's records (a phase line), so that its job goes on in the second file.
    size_t cut = text.find("\"type\":\"phase\"", text.size() / 2);
    ASSERT_NE(cut, std::string::npos);
    cut = text.rfind('\n', cut) + 1;
    s.import(s.write("c1.jsonl", text.substr(0, cut)), "team-c");
    const ImportSummary second = s.import(s.write("c2.jsonl", text.substr(0, header) + text.substr(cut)), "team-c");
    EXPECT_GE(second.jobsReadBack, 1);
    EXPECT_EQ(dirty(), 0);
    EXPECT_EQ(s.count("SELECT count(*) FROM column_chunks"), 3);
    EXPECT_EQ(expectCopyEqualsRows(s.db(), { "team-a", "team-b", "team-c" }), 9500u);
    // The triggers are on again for the next write of this connection.
    ASSERT_TRUE(s.db().exec("UPDATE jobs SET gpus = gpus + 1 WHERE id = 9000").ok());
    EXPECT_EQ(dirty(), 1);
}

// While a pause is active no trigger of the connection runs; afterwards they do again; a trigger that
// is not the copy's keeps the pause from starting at all.
TEST_F(ColumnStore, TheTriggersPauseOnlyWhenTheCopysAreTheOnlyOnes)
{
    {
        auto pause = ColumnTriggerPause::begin(s.db());
        ASSERT_TRUE(pause.ok()) << pause.error().message;
        EXPECT_TRUE((*pause)->active());
        ASSERT_TRUE(s.db().exec("UPDATE jobs SET gpus = gpus + 1 WHERE id = 10").ok());
        EXPECT_EQ(dirty(), 0);
        ASSERT_TRUE(markJobsDirty(s.db(), { 10, 11, 4096 }).ok());
        EXPECT_EQ(dirty(), 2);
        EXPECT_EQ(s.count("SELECT count(*) FROM column_dirty WHERE chunk IN (0, 1)"), 2);
    }
    ASSERT_TRUE(s.db().exec("DELETE FROM column_dirty").ok());
    ASSERT_TRUE(s.db().exec("UPDATE jobs SET gpus = gpus + 1 WHERE id = 10").ok());
    EXPECT_EQ(dirty(), 1);
    ASSERT_TRUE(s.db()
                    .exec("CREATE TABLE audit(job_id INTEGER); CREATE TRIGGER audit_jobs AFTER UPDATE ON jobs BEGIN "
                          "INSERT INTO audit VALUES(NEW.id); END;")
                    .ok());
    auto pause = ColumnTriggerPause::begin(s.db());
    ASSERT_TRUE(pause.ok()) << pause.error().message;
    EXPECT_FALSE((*pause)->active());
    ASSERT_TRUE(s.db().exec("UPDATE jobs SET gpus = gpus + 1 WHERE id = 20").ok());
    EXPECT_EQ(s.count("SELECT count(*) FROM audit"), 1);
}

// A trigger someone added to the database keeps running during an import (the copy's own are
// replaced by the import's list only when they are the only ones).
TEST_F(ColumnStore, ATriggerSomeoneAddedRunsDuringAnImport)
{
    ASSERT_TRUE(s.db()
                    .exec("CREATE TABLE audit(job_id INTEGER); CREATE TRIGGER audit_jobs AFTER INSERT ON jobs BEGIN "
                          "INSERT INTO audit VALUES(NEW.id); END;")
                    .ok());
    s.import(generated(s, "c.jsonl", 300, 10), "team-c");
    EXPECT_EQ(s.count("SELECT count(*) FROM audit"), 300);
    EXPECT_EQ(dirty(), 0);
    EXPECT_EQ(expectCopyEqualsRows(s.db(), { "team-a", "team-b", "team-c" }), 5300u);
}

TEST_F(ColumnStore, ADamagedChunkIsAnErrorNamingTheChunkAndTheColumn)
{
    // Bytes that are no zstd frame in a column the load's second thread decodes (the attempts' ends,
    // totals; checkpoints), in the first chunk or the last, the others intact: named as any other.
    for (const char* column : { "attempt_end_ns", "attempt_buckets_ns", "checkpoint_failed" }) {
        for (const int chunk : { 0, 1 }) {
            SCOPED_TRACE(std::string(column) + " of chunk " + std::to_string(chunk));
            const std::string where = " WHERE chunk = " + std::to_string(chunk) + " AND name = '" + column + "'";
            ASSERT_TRUE(s.db()
                            .exec("CREATE TEMP TABLE saved AS SELECT data FROM column_data" + where
                                + "; UPDATE column_data SET data = x'00112233'" + where)
                            .ok());
            auto w = loadStoredFleet(s.db(), {});
            ASSERT_FALSE(w.ok());
            EXPECT_NE(
                w.error().message.find("chunk " + std::to_string(chunk) + ", column " + column), std::string::npos)
                << w.error().message;
            ASSERT_TRUE(
                s.db()
                    .exec("UPDATE column_data SET data = (SELECT data FROM saved)" + where + "; DROP TABLE saved")
                    .ok());
        }
    }
    ASSERT_TRUE(loadStoredFleet(s.db(), {}).ok()) << "every column restored";

    // Bytes that are no zstd frame.
    ASSERT_TRUE(
        s.db().exec("UPDATE column_data SET data = x'00112233' WHERE chunk = 1 AND name = 'attempt_start_ns'").ok());
    auto r = loadStoredFleet(s.db(), {});
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("chunk 1, column attempt_start_ns"), std::string::npos) << r.error().message;
    // A well-formed frame whose content disagrees with the other columns: one value, 1,000 jobs.
    ASSERT_TRUE(s.db()
                    .exec("UPDATE column_data SET (raw_bytes, data) = (SELECT raw_bytes, data FROM column_data WHERE "
                          "chunk = 1 AND name = 'job_checkpoints') WHERE chunk = 1 AND name = 'attempt_start_ns'")
                    .ok());
    ASSERT_TRUE(s.db()
                    .exec("UPDATE column_data SET (raw_bytes, data) = (SELECT raw_bytes, data FROM column_data WHERE "
                          "chunk = 0 AND name = 'job_gpus') WHERE chunk = 1 AND name = 'job_gpus'")
                    .ok());
    r = loadStoredFleet(s.db(), {});
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("chunk 1"), std::string::npos) << r.error().message;

    // A missing column.
    ASSERT_TRUE(s.db().exec("DELETE FROM column_data WHERE chunk = 1 AND name = 'job_gpus'").ok());
    r = loadStoredFleet(s.db(), {});
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("chunk 1: columns are missing"), std::string::npos) << r.error().message;

    // The rows are untouched: they still load, and a rebuild of the chunk mends the copy.
    EXPECT_EQ(load(s.db(), {}, ColumnsQuery::Storage::Rows).columns.jobs(), 5000u);
    ASSERT_TRUE(s.db().exec("INSERT INTO column_dirty VALUES(1)").ok());
    ASSERT_TRUE(refreshColumnStore(s.db()).ok());
    expectCopyEqualsRows(s.db(), { "team-a", "team-b" });
}

TEST_F(ColumnStore, CountsBeyondTheRowsReserveNothingAndTheLoadIsTheSame)
{
    // The chunk's counts only size the fleet's arrays before the load; counts no rows can justify
    // (more jobs, attempts or checkpoints than the tables' ids, more segments than the file's bytes)
    // are not reserved (2^40 of each would be terabytes) and the columns give the same fleet.
    const StoredFleet rows = load(s.db(), {}, ColumnsQuery::Storage::Rows);
    for (const char* column : { "jobs", "attempts", "segments", "checkpoints" }) {
        SCOPED_TRACE(column);
        ASSERT_TRUE(s.db().exec(std::string("UPDATE column_chunks SET ") + column + " = 1 << 40 WHERE chunk = 0").ok());
        expectSameFleet(rows, load(s.db(), {}, ColumnsQuery::Storage::Auto));
        ColumnsQuery lean;
        lean.withDetail = false;
        lean.withCheckpoints = false;
        EXPECT_EQ(load(s.db(), lean, ColumnsQuery::Storage::Auto).columns.jobs(), rows.columns.jobs());
    }
}

TEST_F(ColumnStore, AWindowNoJobReachesReadsTheNamesAloneOfEveryChunk)
{
    // Both chunks' jobs run in June 2025: a window in 2020 leaves both out, and its load holds no
    // job but every name a load of every job holds, with the same codes.
    ColumnsQuery q;
    q.window = TimeWindow { 1'577'836'800'000'000'000, 1'609'459'200'000'000'000, false }; // 2020
    for (const auto& label : { std::optional<std::string>(), std::optional<std::string>("team-b") }) {
        SCOPED_TRACE(label.value_or("(all)"));
        ColumnsQuery whole;
        whole.label = label;
        q.label = label;
        const StoredFleet all = load(s.db(), whole, ColumnsQuery::Storage::Auto);
        const StoredFleet none = load(s.db(), q, ColumnsQuery::Storage::Auto);
        EXPECT_TRUE(none.fromColumns);
        EXPECT_EQ(none.columns.jobs(), 0u);
        EXPECT_EQ(none.columns.attempts(), 0u);
        EXPECT_EQ(none.attribution.segments(), 0u);
        EXPECT_EQ(none.columns.validate(), "");
        EXPECT_EQ(none.columns.labels, all.columns.labels);
        EXPECT_EQ(none.columns.attrKeys, all.columns.attrKeys);
        EXPECT_EQ(none.columns.attrValues, all.columns.attrValues);
        EXPECT_EQ(none.columns.causeClasses, all.columns.causeClasses);
        EXPECT_FALSE(all.columns.attrKeys.empty());
        EXPECT_GT(all.columns.causeClasses.size(), 1u);
        // The rows leave out nothing.
        expectSameFleet(load(s.db(), whole, ColumnsQuery::Storage::Rows), [&] {
            StoredFleet f = load(s.db(), q, ColumnsQuery::Storage::Rows);
            f.fromColumns = true;
            return f;
        }());
    }
    // A window the jobs reach reads them whole: June 2025, with and without the queue.
    q.label.reset();
    q.window = TimeWindow { 1'748'736'000'000'000'000, 1'748'822'400'000'000'000, false };
    expectSameFleet(load(s.db(), {}, ColumnsQuery::Storage::Rows), load(s.db(), q, ColumnsQuery::Storage::Auto));
    q.window->countQueue = true;
    expectSameFleet(load(s.db(), {}, ColumnsQuery::Storage::Rows), load(s.db(), q, ColumnsQuery::Storage::Auto));

    // With the queue, a chunk whose attempts start after the window is read only when one of its jobs
    // was submitted before the window ends: none in 2020.
    q.window = TimeWindow { 1'577'836'800'000'000'000, 1'609'459'200'000'000'000, true };
    EXPECT_EQ(load(s.db(), q, ColumnsQuery::Storage::Auto).columns.jobs(), 0u);
    ASSERT_TRUE(
        s.db().exec("UPDATE column_data SET data = x'00112233' WHERE chunk = 1 AND name = 'job_submitted_ns'").ok());
    auto damaged = loadStoredFleet(s.db(), q);
    ASSERT_FALSE(damaged.ok());
    EXPECT_NE(damaged.error().message.find("chunk 1, column job_submitted_ns"), std::string::npos)
        << damaged.error().message;

    // A chunk read for its names alone checks them as a whole one is: missing, or a code out of range.
    q.window = TimeWindow { 1'577'836'800'000'000'000, 1'609'459'200'000'000'000, false };
    ASSERT_TRUE(s.db()
                    .exec("UPDATE column_data SET (raw_bytes, data) = (SELECT raw_bytes, data FROM column_data WHERE "
                          "chunk = 1 AND name = 'attempt_start_ns') WHERE chunk = 1 AND name = 'attempt_cause'")
                    .ok());
    auto r = loadStoredFleet(s.db(), q);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("chunk 1: attempt"), std::string::npos) << r.error().message;
    ASSERT_TRUE(s.db().exec("DELETE FROM column_data WHERE chunk = 0 AND name = 'attr_keys'").ok());
    r = loadStoredFleet(s.db(), q);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("chunk 0: columns are missing"), std::string::npos) << r.error().message;
}

TEST(ColumnStoreMigration, AVersion4DatabaseIsUpgradedWithItsCopyBuilt)
{
    test::Store s;
    s.import(generated(s, "a.jsonl", 300, 3), "old");
    const StoredFleet before = load(s.db(), {}, ColumnsQuery::Storage::Rows);
    // Back to version 4: no copy, no triggers.
    std::string drop;
    {
        auto st
            = s.db().prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'column_dirty_%'");
        ASSERT_TRUE(st.ok());
        ASSERT_TRUE(st->forEachRow([&] { drop += "DROP TRIGGER " + st->columnText(0) + ";"; }).ok());
    }
    EXPECT_FALSE(drop.empty());
    ASSERT_TRUE(s.db()
                    .exec(drop
                        + "DROP TABLE column_chunks; DROP TABLE column_data; DROP TABLE column_dirty; "
                          "PRAGMA user_version = 4;")
                    .ok());
    EXPECT_FALSE(*hasColumnStore(s.db()));
    // Without the copy, loads read the rows.
    auto rowsOnly = loadStoredFleet(s.db(), {});
    ASSERT_TRUE(rowsOnly.ok());
    EXPECT_FALSE(rowsOnly->fromColumns);

    ASSERT_TRUE(ensureSchema(s.db()).ok());
    EXPECT_EQ(s.count("PRAGMA user_version"), kSchemaVersion);
    EXPECT_EQ(s.count("SELECT count(*) FROM column_chunks"), 1);
    EXPECT_EQ(s.count("SELECT count(*) FROM column_dirty"), 0);
    expectSameFleet(before, load(s.db(), {}, ColumnsQuery::Storage::Auto));
}

} // namespace
} // namespace ett::core
