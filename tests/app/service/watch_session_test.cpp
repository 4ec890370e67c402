// A watch session's columnar copy (app/service/watch_session.h): the chunks its imports touch are
// rebuilt once the files have been quiet for columnQuietNs, at the latest columnEveryNs after the
// first change, and when the session ends; a reader sees every change meanwhile (from the rows).
#include "app/service/watch_session.h"
#include "app/service/workspace.h"
#include "core/store/database.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>

namespace ett::app {
namespace {

namespace fs = std::filesystem;

constexpr int64_t kS = 1'000'000'000;

class WatchSessionColumns : public ::testing::Test
{
protected:
    void SetUp() override
    {
        m_dir = fs::temp_directory_path() / ("ett-watch-session-" + std::to_string(std::random_device {}()));
        fs::create_directories(m_dir / "runs");
        auto ws = Workspace::openStore((m_dir / "ett.db").string(), Workspace::Mode::CreateIfMissing);
        ASSERT_TRUE(ws.ok()) << ws.error().message;
        m_ws = std::move(*ws);
        WatchSessionOptions o;
        o.watch.paths = { (m_dir / "runs").string() };
        o.watch.polling = true;
        o.fleetEveryNs.reset();
        o.columnQuietNs = 30 * kS;
        o.columnEveryNs = 600 * kS;
        auto session = WatchSession::create(*m_ws, o);
        ASSERT_TRUE(session.ok()) << session.error().message;
        m_session = std::move(*session);
        append(R"({"type":"header","format":"ett-trace","version":1,"time_unit":"s"})"
               "\n"
               R"({"type":"job","job":"J1","gpus":8})"
               "\n"
               R"({"type":"attempt","job":"J1","attempt":0,"start":0,"end":100000,"outcome":"running"})"
               "\n");
    }
    void TearDown() override
    {
        m_session.reset();
        m_ws.reset();
        std::error_code ec;
        fs::remove_all(m_dir, ec);
    }
    // A phase line more, with a new modification time (polling compares size and time).
    void append(const std::string& text)
    {
        const fs::path file = m_dir / "runs" / "j1.ett.jsonl";
        std::ofstream(file, std::ios::binary | std::ios::app) << text;
        m_tick += kS;
        fs::last_write_time(file, fs::file_time_type::clock::now() + std::chrono::nanoseconds(m_tick));
    }
    void appendPhase()
    {
        const int start = 10 * m_phases++;
        append(R"({"type":"phase","job":"J1","attempt":0,"phase":"train","start":)" + std::to_string(start)
            + R"(,"end":)" + std::to_string(start + 5) + "}\n");
    }
    int64_t listed() { return m_ws->store().queryInt("SELECT count(*) FROM column_dirty")->value_or(-1); }
    // The jobs another connection reads (through the copy where it is current, else the rows).
    int64_t jobsRead()
    {
        auto other = Workspace::open((m_dir / "ett.db").string(), Workspace::Mode::ReadOnly);
        EXPECT_TRUE(other.ok()) << other.error().message;
        if (!other.ok()) {
            return -1;
        }
        auto fleet = (*other)->fleet();
        EXPECT_TRUE(fleet.ok());
        return fleet.ok() ? static_cast<int64_t>((*fleet)->vocabulary().jobs) : -1;
    }

    fs::path m_dir;
    std::unique_ptr<Workspace> m_ws;
    std::unique_ptr<WatchSession> m_session;
    int64_t m_tick = 0;
    int m_phases = 0;
};

TEST_F(WatchSessionColumns, TheCopyWaitsForQuietFilesOrTheLatestTimeAndTheEnd)
{
    // 1. A change leaves its chunk listed; a reader sees the job all the same.
    appendPhase();
    WatchPass p = m_session->pass(1000 * kS);
    ASSERT_TRUE(p.changed);
    EXPECT_FALSE(p.columnsRefreshed);
    EXPECT_TRUE(m_session->columnsPending());
    EXPECT_EQ(listed(), 1);
    EXPECT_EQ(jobsRead(), 1);
    // 2. Quiet for less than 30 s: still listed; for 30 s: rebuilt.
    p = m_session->pass(1029 * kS);
    EXPECT_FALSE(p.changed);
    EXPECT_EQ(listed(), 1);
    p = m_session->pass(1030 * kS);
    EXPECT_TRUE(p.columnsRefreshed);
    EXPECT_FALSE(m_session->columnsPending());
    EXPECT_EQ(listed(), 0);
    EXPECT_EQ(jobsRead(), 1);
    // 3. Files that never stay quiet: rebuilt 600 s after the first change all the same.
    int64_t t = 1100;
    for (; t < 1100 + 600; t += 20) {
        appendPhase();
        p = m_session->pass(t * kS);
        ASSERT_TRUE(p.changed) << t;
        ASSERT_FALSE(p.columnsRefreshed) << t;
        ASSERT_EQ(listed(), 1) << t;
    }
    appendPhase();
    p = m_session->pass(t * kS);
    EXPECT_TRUE(p.changed);
    EXPECT_TRUE(p.columnsRefreshed);
    EXPECT_EQ(listed(), 0);
    // 4. The end of the session rebuilds what waits, and the connection writes as before.
    appendPhase();
    m_session->pass((t + 1) * kS);
    EXPECT_EQ(listed(), 1);
    m_session.reset();
    EXPECT_EQ(listed(), 0);
    EXPECT_FALSE(m_ws->store().columnRefreshDeferred());
}

// ett_drop loads the fleet to judge the labels' ETT%, and lets it go after: a watcher does not hold
// the fleet's memory between two judgements.
TEST_F(WatchSessionColumns, TheFleetLoadedForEttDropIsLetGo)
{
    m_session.reset();
    WatchSessionOptions o;
    o.watch.paths = { (m_dir / "runs").string() };
    o.watch.polling = true;
    o.fleetEveryNs = 60 * kS;
    o.detectors.ettBelowPercent = 99.0;
    auto session = WatchSession::create(*m_ws, o);
    ASSERT_TRUE(session.ok()) << session.error().message;
    appendPhase();
    const WatchPass p = (*session)->pass(1000 * kS);
    ASSERT_TRUE(p.changed);
    EXPECT_TRUE(p.problems.empty()) << p.problems.front();
    EXPECT_FALSE(p.alerts.fired.empty()) << "the label's ETT% is judged (5 s of training in 1000 s)";
    EXPECT_FALSE(m_ws->loaded());
}

} // namespace
} // namespace ett::app
