// Tests of dataset labels in the store: renaming a label moves its datasets
// and jobs, and a clash or a missing label is an error that changes nothing.
#include "core/store/database.h"
#include "core/store/fleet.h"
#include "core/store/importer.h"

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

namespace ett::core {
namespace {

namespace fs = std::filesystem;

const std::string kWorkedExample = std::string(ETT_SAMPLES_DIR) + "/worked-example.ett.jsonl";

// A database in a fresh directory with the worked example imported under "before" and "after".
class LabelStore : public ::testing::Test
{
protected:
    void SetUp() override
    {
        static std::atomic<int> counter { 0 };
        std::random_device rd;
        m_dir = fs::temp_directory_path() / ("ett-labels-" + std::to_string(rd()) + "-" + std::to_string(counter++));
        fs::create_directories(m_dir);
        auto db = Database::open((m_dir / "store.db").string(), Database::OpenMode::CreateIfMissing);
        ASSERT_TRUE(db.ok()) << db.error().message;
        m_db = std::move(*db);
        for (const char* label : { "before", "after" }) {
            ImportOptions options;
            options.label = label;
            auto summary = importTraceFile(*m_db, kWorkedExample, options);
            ASSERT_TRUE(summary.ok()) << summary.error().message;
        }
    }
    void TearDown() override
    {
        m_db.reset();
        std::error_code ec;
        fs::remove_all(m_dir, ec);
    }

    std::vector<std::string> labels()
    {
        auto l = listLabels(*m_db);
        EXPECT_TRUE(l.ok());
        return l.ok() ? *l : std::vector<std::string> {};
    }

    std::vector<std::string> datasetLabels()
    {
        std::vector<std::string> out;
        auto d = listDatasets(*m_db);
        EXPECT_TRUE(d.ok());
        if (d.ok()) {
            for (const auto& ds : *d) {
                out.push_back(ds.label);
            }
        }
        return out;
    }

    fs::path m_dir;
    std::unique_ptr<Database> m_db;
};

TEST_F(LabelStore, RenameMovesDatasetsAndJobs)
{
    ASSERT_TRUE(renameLabel(*m_db, "before", "baseline").ok());
    EXPECT_EQ(labels(), (std::vector<std::string> { "after", "baseline" }));
    EXPECT_EQ(datasetLabels(), (std::vector<std::string> { "baseline", "after" }));
    FleetQuery q;
    q.label = "baseline";
    auto jobs = loadFleet(*m_db, q);
    ASSERT_TRUE(jobs.ok());
    ASSERT_EQ(jobs->size(), 1u);
    EXPECT_EQ((*jobs)[0].key, "J1");
    EXPECT_EQ((*jobs)[0].result.attempts.size(), 2u);
}

TEST_F(LabelStore, RenameOntoAnExistingLabelFailsAndChangesNothing)
{
    const Status st = renameLabel(*m_db, "before", "after");
    ASSERT_FALSE(st.ok());
    EXPECT_NE(st.error().message.find("already exists"), std::string::npos) << st.error().message;
    EXPECT_EQ(labels(), (std::vector<std::string> { "after", "before" }));
    EXPECT_EQ(datasetLabels(), (std::vector<std::string> { "before", "after" }));
}

TEST_F(LabelStore, RenameOfAMissingLabelFails)
{
    const Status st = renameLabel(*m_db, "nope", "other");
    ASSERT_FALSE(st.ok());
    EXPECT_NE(st.error().message.find("no such label"), std::string::npos) << st.error().message;
    EXPECT_EQ(labels(), (std::vector<std::string> { "after", "before" }));
}

TEST_F(LabelStore, RenameToAnEmptyNameFails)
{
    EXPECT_FALSE(renameLabel(*m_db, "before", "").ok());
    EXPECT_EQ(labels(), (std::vector<std::string> { "after", "before" }));
}

TEST_F(LabelStore, ReimportUnderTheNewNameIsRecognised)
{
    // The content hash is kept per dataset, so the renamed dataset is still the same file.
    ASSERT_TRUE(renameLabel(*m_db, "before", "baseline").ok());
    ImportOptions options;
    options.label = "baseline";
    auto again = importTraceFile(*m_db, kWorkedExample, options);
    ASSERT_TRUE(again.ok()) << again.error().message;
    EXPECT_TRUE(again->alreadyImported);
}

TEST_F(LabelStore, BlankOrControlCharacterLabelsAreRefusedAndNothingIsStored)
{
    for (const std::string& bad : { std::string(), std::string("   "), std::string("a\x1b[31mb") }) {
        ImportOptions options;
        options.label = bad;
        auto r = importTraceFile(*m_db, kWorkedExample, options);
        ASSERT_FALSE(r.ok()) << "label '" << bad << "'";
        EXPECT_NE(r.error().message.find(kWorkedExample + ": the label"), std::string::npos) << r.error().message;
        EXPECT_NE(r.error().message.find("nothing was stored"), std::string::npos);
        EXPECT_FALSE(renameLabel(*m_db, "before", bad).ok()) << "label '" << bad << "'";
    }
    EXPECT_EQ(labels(), (std::vector<std::string> { "after", "before" }));
    EXPECT_EQ(datasetLabels().size(), 2u);
}

} // namespace
} // namespace ett::core
